"""The history page in a real browser: three JSON tournaments, the table and the chart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import screenshot

pytestmark = pytest.mark.browser


def _season_files(tmp_path: Path) -> list[Path]:
    from test_web_history import season

    from wertung.formats import tournament_json

    paths = []
    for tournament in season():
        path = tmp_path / f"{tournament.name.replace(' ', '-')}.json"
        path.write_text(json.dumps(tournament_json.to_dict(tournament)), encoding="utf-8")
        paths.append(path)
    return paths


def test_history_page_with_chart(page, base_url, tmp_path: Path) -> None:
    september, january, march = _season_files(tmp_path)
    page.goto(f"{base_url}/de/history")
    page.set_input_files("#f-file-1", [str(september), str(january)])
    page.set_input_files("#f-file-2", [str(march)])
    page.click("#history-form button.primary")
    page.wait_for_url("**/de/history?t=*")
    assert page.url.count("t=") == 3
    page.select_option("#f-player", "Muster, Max")
    page.click(".history-pick button")
    page.wait_for_url("**player=Muster*")
    section = page.locator("[data-testid=history-player]")
    assert section.count() == 1
    rows = section.locator("[data-testid=history-table] tbody tr")
    assert rows.count() == 4
    assert rows.nth(2).get_attribute("data-testid") == "upgrade-row"
    assert "DWZ-Anhebung 2026" in rows.nth(2).inner_text()
    chart = section.locator("[data-testid=history-chart]")
    assert chart.is_visible()
    assert chart.locator("[data-testid=dwz-point]").count() == 3
    assert chart.locator("[data-testid=perf-point]").count() == 3
    assert chart.locator("[data-testid=upgrade-point]").count() == 1
    screenshot(page, "history-de")
    # the share link reproduces the page in a fresh context, in English too
    shared = page.locator("[data-testid=history-share]").input_value()
    other = page.context.browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        fresh = other.new_page()
        fresh.goto(shared.replace("/de/", "/en/"))
        assert "DWZ upgrade 2026" in fresh.locator("[data-testid=history-table]").inner_text()
        screenshot(fresh, "history-en")
    finally:
        other.close()

"""The Ilmenau example in a real browser with a loaded DSB list: marks, a correction, its link."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from web_helpers import ILMENAU_EXAMPLE, ilmenau_list

from .conftest import screenshot

pytestmark = pytest.mark.browser


def _row(page, pid: str):
    return page.locator(f"table[data-testid=players] tr[data-player='{pid}']")


def test_ilmenau_with_the_list_correct_an_index_and_share(page, browser, listed_url) -> None:
    page.goto(f"{listed_url}/de/tournament")
    page.set_input_files("#f-file", str(ILMENAU_EXAMPLE))
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/de/tournament/[0-9a-f]+$"), timeout=60000)
    assert "DSB-Wertungsliste" in page.locator("[data-testid=list-used]").inner_text()
    # indexes from the list, marked L; birth years from the file, marked Q
    first = _row(page, "1")
    assert first.locator("[data-testid=index]").inner_text() == "6"
    assert first.locator("td.before abbr[data-prov=list]").count() == 1
    assert first.locator("td.birth-year").inner_text().startswith("1999")
    assert first.locator("td.birth-year abbr").get_attribute("data-prov") == "source"
    # Skopp (38) is not in the list: no index, the range beside his new DWZ
    assert "je nach Index" in _row(page, "38").locator("td.after").inner_text()
    screenshot(page, "tournament-ilmenau-de")
    before = _row(page, "4").locator("td.after").inner_text()

    # correct Demchenko's index (6 from the list) to 2, without JavaScript needed
    page.click("details#corrections > summary")
    page.fill("input[name='index.4']", "2")
    page.click("form[data-testid=corrections] button.primary")
    page.wait_for_url(re.compile(r"\?index\.4=2$"))
    row = _row(page, "4")
    assert row.locator("[data-testid=index]").inner_text() == "2"
    assert row.locator("td.before abbr[data-prov=user]").count() == 1
    after = row.locator("td.after").inner_text()
    assert after != before
    share = page.input_value("[data-testid=share-url]")
    assert share.endswith("?index.4=2")

    # the share link, opened in a fresh context, reproduces the corrected result
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    try:
        other = context.new_page()
        other.goto(share if share.startswith("http") else listed_url + share)
        assert _row(other, "4").locator("td.after").inner_text() == after
        assert _row(other, "4").locator("[data-testid=index]").inner_text() == "2"
    finally:
        context.close()


def test_birth_years_from_the_list_when_the_source_has_none(page, listed_url, tmp_path: Path):
    """The example as chess-results shows it (clubs, no birth years): the list fills them."""
    data = json.loads(ILMENAU_EXAMPLE.read_text(encoding="utf-8"))
    clubs = {r["number"]: r["club"] for r in ilmenau_list().players()}
    for player in data["players"]:
        player.pop("birth_year", None)
        if player["id"] in clubs:
            player["club"] = clubs[player["id"]]
    upload = tmp_path / "ilmenau-open-2024-chess-results.json"
    upload.write_text(json.dumps(data), encoding="utf-8")
    page.goto(f"{listed_url}/en/tournament")
    page.set_input_files("#f-file", str(upload))
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/en/tournament/[0-9a-f]+$"), timeout=60000)
    cell = _row(page, "1").locator("td.birth-year")
    assert cell.inner_text().startswith("1999")
    assert cell.locator("abbr").get_attribute("data-prov") == "list"
    page.click(f"{'table[data-testid=players]'} tr[data-player='1'] th a")
    facts = page.locator("[data-testid=player-facts]").inner_text()
    assert "1999" in facts
    screenshot(page, "tournament-ilmenau-player-en")

"""The team view in a real browser: SwissTeam.SWT uploaded, the link followed, both languages."""

from __future__ import annotations

import re

import pytest
from web_helpers import ROOT

from .conftest import screenshot

pytestmark = pytest.mark.browser
TEAM_SWT = ROOT / "data" / "swt" / "SwissTeam.SWT"


@pytest.mark.parametrize(("lang", "heading"), [("de", "Tabelle"), ("en", "Standings")])
def test_team_view_from_the_result_page(page, base_url, lang, heading) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/{lang}/tournament")
    page.set_input_files("#f-file", str(TEAM_SWT))
    page.click("button.primary")
    page.wait_for_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+$"), timeout=60000)
    page.click("[data-testid=teams-link]")
    page.wait_for_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+/teams$"))
    assert page.locator("#standings-h").inner_text() == heading
    rows = page.locator("table[data-testid=standings] tbody tr")
    assert rows.count() > 1
    assert page.locator("[data-testid=team]").count() == rows.count()
    first_team = page.locator("[data-testid=team]").first
    assert first_team.locator("ul.board-games li").count() > 0
    screenshot(page, f"tournament-teams-{lang}")
    page.set_viewport_size({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert errors == []

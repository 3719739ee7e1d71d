"""The tournament result on any screen: cards at 360 px, the whole table at 1280 px.

At 360 px the first player's new DWZ, change and status are inside the viewport without
scrolling sideways; at 1280 px the table fits the page (nothing hidden behind a
horizontal scroll bar); empty Elo columns are left out; W is explained next to the
points. Screenshots in both languages go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_helpers import ILMENAU_EXAMPLE, ROOT

from .conftest import screenshot

pytestmark = pytest.mark.browser
LICHESS = ROOT / "data" / "trf" / "skl_2020_06_lichess_swiss.trf"


def _upload(page, base_url: str, lang: str, path: Path) -> None:
    page.goto(f"{base_url}/{lang}/tournament")
    page.set_input_files("#f-file", str(path))
    page.click("button.primary")
    page.wait_for_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+$"), timeout=60000)


def _inside(page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_result_fits_360_and_1280(page, base_url, lang) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    _upload(page, base_url, lang, ILMENAU_EXAMPLE)
    # 1280 px: the table ends inside the page; nothing to scroll sideways
    table_width = page.evaluate("document.querySelector('table.players').scrollWidth")
    box = page.locator("section.result-table .scroll").bounding_box()
    assert table_width <= box["width"] + 1, (table_width, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    screenshot(page, f"tournament-result-{lang}")
    # 360 px: the first player's card shows new DWZ, change and status in the viewport
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(100)
    first = "table.players tbody tr:first-child"
    for cell in ("td.after", "td.delta", "td.state-cell"):
        _inside(page, f"{first} {cell}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    label = page.locator(f"{first} td.after").get_attribute("data-label")
    assert label == ("DWZ neu" if lang == "de" else "DWZ new")
    assert errors == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_lichess_trf_hides_elo_and_explains_w(page, base_url, lang) -> None:
    _upload(page, base_url, lang, LICHESS)
    headers = page.locator("table.players thead th").all_inner_texts()
    assert not any("Elo" in h for h in headers), headers
    note = page.locator("[data-testid=w-note]").inner_text()
    expected = "gewertete Punkte" if lang == "de" else "rated points"
    assert expected in note and "W 0" in note
    screenshot(page, f"tournament-lichess-{lang}")

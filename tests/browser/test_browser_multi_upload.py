"""Several saved chess-results pages in one upload, in German at 1280 and 360 px: the Arad
crosstable and starting rank together give a complete evaluation and the page names both
views; the share link is absolute; nothing scrolls sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from web_helpers import ROOT

from .conftest import SCREENSHOTS, screenshot

pytestmark = pytest.mark.browser
CR = ROOT / "data" / "chess-results"
ARAD = [CR / "mjl_arad2026_a_crosstable.html", CR / "mjl_arad2026_a_startingrank.html"]


@pytest.mark.parametrize("width", [1280, 360])
def test_crosstable_and_starting_rank_in_one_upload(page, base_url, width) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": width, "height": 900 if width > 400 else 740})
    page.goto(f"{base_url}/de/tournament")
    page.set_input_files("#f-file", [str(path) for path in ARAD])
    page.click("button.primary")
    expect(page).to_have_url(re.compile(r"/de/tournament/[0-9a-f]+$"), timeout=60000)
    views = page.locator("[data-testid=pages]")
    expect(views).to_contain_text("Kreuztabelle nach Startnummern (art=5), Startrangliste (art=0)")
    expect(views).to_contain_text("Alle nötigen Seiten liegen vor.")
    expect(page.locator("[data-testid=incomplete]")).to_have_count(0)
    expect(page.locator("table.players tbody tr")).to_have_count(209)
    share = page.locator("[data-testid=share-url]").input_value()
    assert share.startswith("http://") and "/de/tournament/" in share
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    header = page.locator("header .bar").bounding_box()
    main = page.locator("main").bounding_box()
    assert header is not None and main is not None
    assert abs(header["width"] - main["width"]) <= 1  # one page width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)  # the top of the page, as first seen
    page.screenshot(path=str(SCREENSHOTS / f"tournament-multi-upload-de-top-{width}.png"))
    if width == 1280:
        screenshot(page, "tournament-multi-upload-de")
    assert errors == []

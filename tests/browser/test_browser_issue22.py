"""Issue 22 in the browser, at 1280 and 360 px, German and English: several saved
chess-results pages in one upload, and a chess-results link while chess-results.com cannot
be reached; no console errors, nothing wider than the window."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from web_helpers import ROOT

from .conftest import SCREENSHOTS, screenshot

pytestmark = pytest.mark.browser
CR = ROOT / "data" / "chess-results"
ARAD = [CR / "mjl_arad2026_a_crosstable.html", CR / "mjl_arad2026_a_startingrank.html"]
SIZES = [(1280, 900), (360, 740)]


def _console(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _fits(page, width: int) -> None:
    extra = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert extra <= 0, (width, extra)


def _shot(page, name: str, width: int) -> None:
    """The window as the user sees it at this width (the helper's full-page pair at 1280)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-view-{width}.png"))
    if width == 1280:
        screenshot(page, name)


@pytest.mark.parametrize(
    ("lang", "views", "complete"),
    [("de", "Kreuztabelle nach Startnummern (art=5), Startrangliste (art=0)",
      "Alle nötigen Seiten liegen vor."),
     ("en", "starting-rank crosstable (art=5), starting rank (art=0)",
      "Every page needed is there.")],
)  # fmt: skip
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_multi_file_upload(page, base_url, lang, views, complete, width, height) -> None:
    errors = _console(page)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base_url}/{lang}/tournament")
    page.set_input_files("#f-file", [str(path) for path in ARAD])
    page.click("#import button[type=submit]")
    expect(page).to_have_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+$"), timeout=60000)
    pages = page.locator("[data-testid=pages]")
    expect(pages).to_contain_text(views)
    expect(pages).to_contain_text(complete)
    expect(page.locator("[data-testid=incomplete]")).to_have_count(0)
    expect(page.locator("table.players tbody tr")).to_have_count(209)
    expect(page.locator("[data-testid=share-url]")).to_have_value(
        re.compile(rf"^http://127\.0\.0\.1:\d+/{lang}/tournament/[0-9a-f]+$")
    )
    _fits(page, width)
    _shot(page, f"issue22-multi-upload-{lang}", width)
    for row in page.locator("table.players tbody tr").all()[:12]:  # each badge in its card
        card, badge = row.bounding_box(), row.locator(".status").bounding_box()
        assert card is not None and badge is not None
        assert badge["x"] + badge["width"] <= card["x"] + card["width"] - 4, (card, badge)
    page.locator("table.players caption").scroll_into_view_if_needed()  # the first rows
    page.screenshot(path=str(SCREENSHOTS / f"issue22-multi-upload-{lang}-table-{width}.png"))
    assert errors == []


@pytest.mark.parametrize(
    ("lang", "text", "upload"),
    [("de", "chess-results.com ist gerade nicht erreichbar", "als Datei hoch"),
     ("en", "chess-results.com cannot be reached right now", "upload them below")],
)  # fmt: skip
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_offline_link(page, offline_url, lang, text, upload, width, height) -> None:
    """The link's job fails at once; the page says so beside the link, offers the upload,
    and the attempt is not counted (a limit of 1: the second try says the same)."""
    errors = _console(page)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{offline_url}/{lang}/tournament")
    for _ in range(2):
        page.fill("#f-link", "https://chess-results.com/tnr1342553.aspx?lan=1")
        page.evaluate("document.querySelector('#err-link').textContent = ''")  # the last answer
        page.click("#import button[type=submit]")
        message = page.locator("#err-link")
        expect(message).to_contain_text(text, timeout=30000)
        expect(message).to_contain_text(upload)
        form = page.locator("#import")
        expect(form).not_to_contain_text("ConnectError")
        expect(form).not_to_contain_text("art=0")
        expect(page.locator("#import-status .problem")).to_have_count(0)  # no "check the input"
        expect(page.locator("#import-status button.restart")).to_be_visible()
        expect(page.locator("#f-file")).to_be_visible()  # the saved-pages upload, offered
    expect(page).to_have_url(re.compile(rf"/{lang}/tournament$"))
    _fits(page, width)
    _shot(page, f"issue22-offline-link-{lang}", width)
    assert errors == []

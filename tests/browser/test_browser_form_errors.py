"""Issue 22 in the browser, at 1280 and 360 px, German and English: the planner headline,
the over-limit upload with JavaScript on, the first-DWZ carry-over rows; no console errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import SCREENSHOTS, _serve, screenshot

PLANNED = (
    "rating=1500&index=5&end_date=2026-09-01&target=1547"
    "&opp=1650&res=%C2%BD&opp=1400&res=1&opp=1550&res=0&opp=1480&res=1&opp=1600&res=%C2%BD"
    "&opp=1350&res=%3F&opp=1520&res=%3F"
)
CARRY = (
    "opp=1500&res=1&opp=1600&res=%C2%BD"
    "&c_opp=1550&c_res=1&c_date=2025-05-01&c_opp=1450&c_res=%C2%BD&c_date=2025-06-01"
)


@pytest.fixture(scope="module")
def small_limit_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that accepts at most 2000 bytes per request."""
    from wertung.web import Settings

    yield from _serve(Settings(data_dir=tmp_path_factory.mktemp("web-small"), max_upload=2000))


def _console(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _views(page, name: str, where: str) -> None:
    """The window as seen at 1280 and 360 px, ``where`` scrolled into view."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1280, 900), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.locator(where).scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"{name}-view-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


def _no_sideways_scroll(page) -> None:
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 740})
        page.wait_for_timeout(100)
        extra = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert extra <= 0, (width, extra)
    page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize(
    ("lang", "headline", "label"),
    [("de", "1½ aus 2 Partien für 1547", "Nach den 5 gespielten Partien"),
     ("en", "1½ from 2 games for 1547", "After the 5 games played")],
)  # fmt: skip
def test_planner_headline(page, base_url: str, lang: str, headline: str, label: str) -> None:
    errors = _console(page)
    page.goto(f"{base_url}/{lang}/dwz?{PLANNED}")
    expect(page.locator("[data-testid=plan-headline]")).to_have_text(headline)
    expect(page.locator("[data-testid=result-label]")).to_have_text(label)
    expect(page.locator("[data-testid=new-rating]")).to_have_text("1533")  # the 5 played
    page.fill("#f-target", "1550")  # typing keeps it the answer (htmx live update)
    expect(page.locator("[data-testid=plan-headline]")).to_have_text(
        re.compile(r"[\d½]+ (aus|from) 2 (Partien|games) (für|for) 1550")
    )
    expect(page.locator("[data-testid=result-label]")).to_have_text(label)
    page.fill("#f-target", "1547")  # back to the example for the screenshots
    expect(page.locator("[data-testid=plan-headline]")).to_have_text(headline)
    page.wait_for_load_state("networkidle")
    _no_sideways_scroll(page)
    screenshot(page, f"planner-headline-{lang}")
    _views(page, f"planner-headline-{lang}", "[data-testid=plan-headline]")
    assert errors == []


@pytest.mark.parametrize(
    ("lang", "text"), [("de", "Die Anfrage ist zu groß"), ("en", "The request is too large")]
)
def test_over_limit_upload_with_javascript(
    page, small_limit_url: str, tmp_path: Path, lang: str, text: str
) -> None:
    errors = _console(page)
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 x\n" + b"x" * 5000)
    page.goto(f"{small_limit_url}/{lang}/tournament")
    page.set_input_files("#f-file", str(big))
    page.click("#import button[type=submit]")
    message = page.locator("#err-file")
    expect(message).to_have_text(re.compile("^" + text))
    expect(page).to_have_url(re.compile(rf"/{lang}/tournament$"))  # nothing sent, it stays
    # a 413 the server sends anyway (the size check bypassed) shows the server's message
    page.evaluate("document.querySelector('#f-file').dataset.maxUpload = '100000000'")
    page.evaluate("document.querySelector('#err-file').textContent = ''")
    with page.expect_response(lambda r: r.status == 413):
        page.click("#import button[type=submit]")
    expect(message).to_have_text(re.compile("^" + text))
    expect(page).to_have_url(re.compile(rf"/{lang}/tournament$"))
    _no_sideways_scroll(page)
    screenshot(page, f"upload-over-limit-{lang}")
    _views(page, f"upload-over-limit-{lang}", "#err-file")
    # the browser logs a failed request's status itself; no script error and no htmx error
    assert [e for e in errors if "413" not in e and "Failed to load resource" not in e] == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_carry_over_rows_fit_360(page, base_url: str, lang: str) -> None:
    errors = _console(page)
    page.goto(f"{base_url}/{lang}/first-dwz?{CARRY}")
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(100)
    width = page.evaluate("window.innerWidth")
    for row in page.locator('table[data-rows="c_"] tbody tr[data-row]').all():
        select = row.locator("select").first
        box = select.bounding_box()
        assert box is not None
        # the select is wide enough for its chosen text ("1 (Sieg)", "½ (Remis)")
        fits = select.evaluate("s => s.scrollWidth <= s.clientWidth + 1")
        assert fits and box["width"] >= 80, box
        remove = row.locator("[data-remove-row]").bounding_box()
        assert remove is not None and remove["x"] + remove["width"] <= width, remove
    _no_sideways_scroll(page)
    screenshot(page, f"carry-over-rows-{lang}")
    assert errors == []

"""The planner in a real browser: games still to play, a target, the answer and its chart."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import screenshot
from .test_browser import SEED, fill_games

pytestmark = pytest.mark.browser


def test_dwz_planner_live(page, base_url) -> None:
    page.goto(f"{base_url}/de/dwz")
    page.fill("#f-rating", "1500")
    page.fill("#f-index", "5")
    page.fill("#f-end_date", "2026-09-01")
    fill_games(page, SEED)
    page.wait_for_function(
        "document.querySelector('[data-testid=new-rating]')?.textContent === '1547'"
    )
    # the last two games are still to play; the target is the seed's result
    page.select_option("#f-res-6", "?")
    page.select_option("#f-res-7", "?")
    page.fill("#f-target", "1547")
    answer = page.locator("[data-testid=plan-headline]")  # points needed: the headline says it
    expect(answer).to_have_text("1½ aus 2 Partien für 1547")
    assert page.locator("[data-testid=plan-text]").count() == 0  # and only the headline
    chart = page.locator("[data-testid=plan-chart]")
    assert chart.is_visible()
    assert chart.locator("circle").count() == 5 and chart.locator("circle.mark").count() == 1
    assert page.locator("[data-testid=plan-target]").count() == 1
    assert page.locator("[data-testid=plan-table] tr.answer-row th").inner_text() == "1½"
    page.wait_for_load_state("networkidle")  # a live swap may still replace the section
    page.locator("[data-testid=plan]").scroll_into_view_if_needed()
    screenshot(page, "planner-dwz-de")
    # a higher target: out of reach, said at the top
    page.fill("#f-target", "1600")
    page.wait_for_function(
        "document.querySelector('[data-testid=plan-answer]')?.dataset.state === 'out'"
    )
    assert "außer Reichweite" in page.locator("[data-testid=plan-text]").inner_text()


def test_dwz_planner_without_javascript(browser, base_url) -> None:
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1280, "height": 900}, locale="en-GB"
    )
    page = context.new_page()
    try:
        page.goto(f"{base_url}/en/dwz")
        page.fill("#f-rating", "1500")
        page.fill("#f-index", "5")
        page.fill("#f-end_date", "2026-09-01")
        rows = page.locator("table[data-rows=''] tbody tr")
        for count in (6, 7):  # each click submits the form: wait for the page that comes back
            page.click("[data-add-row='']")
            expect(rows).to_have_count(count)
        fill_games(page, [*SEED[:5], (1350, "?"), (1520, "?")])
        page.fill("#f-target", "1547")
        page.click("button.primary")
        expect(page.locator("[data-testid=plan-headline]")).to_have_text("1½ from 2 games for 1547")
        screenshot(page, "planner-dwz-en-nojs")
    finally:
        context.close()


def test_first_dwz_planner(page, base_url) -> None:
    page.goto(f"{base_url}/en/first-dwz?end_date=2026-09-01")
    fill_games(page, [(1500, "0"), (1600, "0"), (1500, "?"), (1550, "?"), (1450, "?")])
    page.wait_for_function(
        "document.querySelector('[data-testid=plan-headline]')?.textContent"
        " === '½ from 3 games for a first DWZ'"
    )
    assert page.locator("[data-testid=plan-chart]").is_visible()
    screenshot(page, "planner-first-en")

"""The pages in a real browser: live results, the no-JavaScript path, import, language switch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import screenshot

pytestmark = pytest.mark.browser

SEED = [(1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"), (1350, "1"), (1520, "½")]


def fill_games(page, games) -> None:
    rows = page.locator("table[data-rows=''] tbody tr")
    while rows.count() < len(games):
        page.click("[data-add-row='']")
    for number, (opponent, result) in enumerate(games, start=1):
        page.fill(f"#f-opp-{number}", str(opponent))
        page.select_option(f"#f-res-{number}", result)


def test_dwz_seed_example_live(page, base_url) -> None:
    page.goto(f"{base_url}/de/dwz")
    page.fill("#f-rating", "1500")
    page.fill("#f-index", "5")
    page.fill("#f-end_date", "2026-09-01")
    fill_games(page, SEED)
    new = page.locator("[data-testid=new-rating]")
    new.wait_for()
    page.wait_for_function(
        "document.querySelector('[data-testid=new-rating]').textContent === '1547'"
    )
    assert page.locator("[data-testid=change]").inner_text() == "+47"
    assert page.locator("#result td.mine").inner_text().startswith("40")
    assert "3,4298" in page.locator("#step-we").inner_text()  # German decimal comma
    assert "K = 44,0" in page.locator("#step-k").inner_text()
    screenshot(page, "dwz-de")


def test_dwz_without_javascript(browser, base_url) -> None:
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1280, "height": 900}
    )
    page = context.new_page()
    try:
        page.goto(f"{base_url}/en/dwz")
        page.fill("#f-rating", "1500")
        page.fill("#f-index", "5")
        page.fill("#f-end_date", "2026-09-01")
        rows = page.locator("table[data-rows=''] tbody tr")
        for count in (6, 7):  # the add-row button submits the form and comes back with a row more
            page.click("[data-add-row='']")
            expect(rows).to_have_count(count)  # waits for the submitted page, a click may not
        assert page.input_value("#f-rating") == "1500"  # kept across the round trip
        fill_games(page, SEED)
        page.click("button.primary")
        expect(page.locator("[data-testid=new-rating]")).to_have_text("1547")
        # remove row 7 (½ against 1520): still a valid forecast, other numbers
        page.click("button[value='remove-7']")
        expect(rows).to_have_count(6)
        expect(page.locator("#f-opp-7")).to_have_count(0)
    finally:
        context.close()


def test_inline_error_keeps_input(page, base_url) -> None:
    page.goto(f"{base_url}/en/dwz?rating=15x0&index=5&opp=1650&res=%C2%BD")
    assert page.locator("#err-rating").inner_text() == "Please enter a whole number."
    assert page.input_value("#f-rating") == "15x0"
    assert page.input_value("#f-opp-1") == "1650"
    assert page.locator("#f-rating").get_attribute("aria-invalid") == "true"


def test_remove_row_with_javascript_renumbers(page, base_url) -> None:
    page.goto(f"{base_url}/en/dwz")
    fill_games(page, [(1400, "1"), (1500, "0"), (1600, "½")])
    page.click("button[value='remove-2']")
    rows = page.locator("table[data-rows=''] tbody tr")
    assert rows.count() == 4
    assert page.input_value("#f-opp-2") == "1600"  # the third row moved up and was renumbered
    assert page.locator("label[for='f-opp-2']").inner_text() == "Opponent's rating in game 2"


def test_elo_single_game_preview(page, base_url) -> None:
    page.goto(f"{base_url}/en/elo")
    page.fill("#f-rating", "1800")
    page.fill("#f-games_played", "50")
    page.fill("#f-date", "2026-05-01")
    page.fill("#f-opp-1", "2000")
    page.select_option("#f-res-1", "½")
    page.locator("[data-testid=outcomes]").wait_for()
    assert page.locator("[data-testid=new-rating]").inner_text() == "1805"
    assert "+5.2" in page.locator("[data-testid=outcome-draw]").inner_text()
    assert "+15.2" in page.locator("[data-testid=outcome-win]").inner_text()
    assert "−4.8" in page.locator("[data-testid=outcome-loss]").inner_text()
    assert page.locator("figure.chart svg polyline").count() == 2
    screenshot(page, "elo-en")


def test_language_switch_keeps_values(page, base_url) -> None:
    query = "rating=1500&index=5&end_date=2026-09-01&" + "&".join(
        f"opp={o}&res={r}" for o, r in SEED
    )
    page.goto(f"{base_url}/de/dwz?{query}")
    assert page.locator("html").get_attribute("lang") == "de"
    page.click("a[data-lang-switch][hreflang=en]")
    page.wait_for_url(re.compile(r"/en/dwz\?"))
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.input_value("#f-rating") == "1500"
    assert page.locator("[data-testid=new-rating]").inner_text() == "1547"
    assert "New DWZ" in page.locator("#summary").inner_text()
    assert "3.4298" in page.locator("#step-we").inner_text()
    screenshot(page, "dwz-en")


def test_first_dwz_page(page, base_url) -> None:
    page.goto(f"{base_url}/de/first-dwz")
    page.fill("#f-end_date", "2026-09-01")
    fill_games(page, [(1500, "1"), (1600, "0"), (1400, "½"), (1550, "1"), (1450, "0")])
    page.wait_for_function(
        "document.querySelector('[data-testid=new-rating]')?.textContent === '1540'"
    )
    page.check("#f-unaffiliated")
    page.locator("[data-testid=conditional]").wait_for()
    screenshot(page, "first-dwz-de")


def test_upgrade_page(page, base_url) -> None:
    page.goto(f"{base_url}/en/upgrade")
    page.fill("#f-rating", "1366")
    page.fill("#f-index", "21")
    page.wait_for_function(
        "document.querySelector('[data-testid=new-rating]')?.textContent === '1634'"
    )
    screenshot(page, "upgrade-en")
    page.click("#f-rating")
    page.keyboard.press("End")
    page.keyboard.type("0")  # 13660: out of range, shown next to the field while typing
    page.wait_for_function("document.querySelector('#err-rating').textContent.length > 0")
    assert "out of range" in page.locator("#err-rating").inner_text()
    assert page.input_value("#f-rating") == "13660"
    assert "Please check the marked fields." in page.locator("#summary").inner_text()


def test_tournament_import_from_local_chess_results(page, base_url) -> None:
    page.goto(f"{base_url}/en/tournament")
    screenshot(page, "tournament-form-en")
    page.fill("#f-link", "https://chess-results.com/tnr1342553.aspx?lan=1&art=1")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/en/tournament/[0-9a-f]+$"), timeout=60000)
    rows = page.locator("[data-testid=players] tbody tr")
    assert rows.count() == 209
    share = page.input_value("#share-url")  # absolute: WERTUNG_PUBLIC_URL or the request's base
    assert share.startswith(base_url) and page.url == share
    screenshot(page, "tournament-result-en")
    rows.first.locator("a").click()
    page.locator("h1").wait_for()
    assert page.locator("section.working").count() >= 1
    screenshot(page, "tournament-player-en")
    # the shared link works in a fresh page and in the other language
    page.goto(share.replace("/en/", "/de/"))
    assert page.locator("[data-testid=players] tbody tr").count() == 209

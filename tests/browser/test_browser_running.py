"""A running event in a real browser: the next round's effects and the target field."""

from __future__ import annotations

import json
import re

import pytest
from web_helpers import ROOT

from .conftest import screenshot

pytestmark = pytest.mark.browser
DATA = ROOT / "data" / "chess-results"


@pytest.mark.parametrize(
    ("lang", "heading"), [("de", "nach Runde 1 von 7"), ("en", "after round 1 of 7")]
)
def test_running_event_pairings_and_target(page, base_url, tmp_path, lang, heading) -> None:
    from wertung.formats import tournament_json
    from wertung.sources.chessresults import parse_saved_pages

    # round 1 saved with the details saying the event is FIDE-rated (chessresults_derived)
    pages = [DATA / "derived_jeddah2026_r1_fide_details.html", DATA / "mjl_jeddah2026_r2_live.html"]
    tournament = parse_saved_pages([path.read_bytes() for path in pages])
    upload = tmp_path / "jeddah.json"
    upload.write_text(json.dumps(tournament_json.to_dict(tournament)), encoding="utf-8")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/{lang}/tournament")
    page.set_input_files("#f-file", str(upload))
    page.click("button.primary")
    page.wait_for_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+$"), timeout=60000)
    assert page.locator("#running-h").inner_text() == heading
    assert page.locator("table[data-testid=next-round] tbody tr").count() == 7
    screenshot(page, f"tournament-running-{lang}")
    page.locator("table[data-testid=next-round] tbody tr").first.locator("a").first.click()
    page.fill("#f-target", "2100")
    page.click("form.need-form button.primary")
    page.wait_for_url(re.compile(r"target=2100"))
    assert page.locator("[data-testid=need-answer]").inner_text().strip()
    screenshot(page, f"tournament-running-player-{lang}")
    assert errors == []

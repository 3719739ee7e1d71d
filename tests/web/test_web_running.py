"""A running event on the tournament pages (Jeddah 2026, round 2 in progress, real pages).

The two saved chess-results pages (round 1 crosstable, round 2 live) are read into the
JSON format, uploaded, and the result page shows "after round 1 of 7", what of round 2
is left out, and the round 2 pairings with each result's effect for both players; a
player's page answers "what do I need?" for a target DWZ.
"""

from __future__ import annotations

import json
import re

import pytest
from chessresults_derived import RUNNING_JEDDAH
from web_helpers import ROOT, client

from wertung.formats import tournament_json
from wertung.sources.chessresults import parse_saved_pages
from wertung.tournament._running import running_forecast

DATA = ROOT / "data" / "chess-results"
JEDDAH = RUNNING_JEDDAH  # round 1 with details saying the event is FIDE-rated (see the module)


@pytest.fixture(scope="module")
def jeddah():
    return parse_saved_pages([path.read_bytes() for path in JEDDAH])


@pytest.fixture(scope="module")
def stored(tmp_path_factory, jeddah):
    web = client(tmp_path_factory.mktemp("running"))
    body = json.dumps(tournament_json.to_dict(jeddah)).encode()
    answer = web.post("/en/tournament", files={"file": ("jeddah.json", body)})
    assert answer.status_code == 303, answer.text[:3000]
    return web, answer.headers["location"].rsplit("/", 1)[1]


@pytest.mark.parametrize(
    ("lang", "heading"), [("de", "nach Runde 1 von 7"), ("en", "after round 1 of 7")]
)
def test_result_page_shows_the_state_and_the_next_pairings(stored, jeddah, lang, heading) -> None:
    web, key = stored
    html = web.get(f"/{lang}/tournament/{key}").text
    expected = running_forecast(jeddah)
    assert heading in html
    section = html[html.index('data-testid="running"') :]
    assert 'data-testid="left-out"' in section
    rows = re.findall(r'<tr data-board="[^"]*">(.*?)</tr>', section, re.S)
    assert len(rows) == len(expected.pairings) == 7
    first = expected.pairings[0]
    assert first.white.name in rows[0] and first.black.name in rows[0]
    for side, cell in ((first.white, "white-effects"), (first.black, "black-effects")):
        shown = re.search(rf'data-testid="{cell}">(.*?)</td>', rows[0], re.S).group(1)
        for name in ("win", "draw", "loss"):
            effect = getattr(side, name)
            assert f"DWZ {effect.dwz_after if effect.dwz_after is not None else '–'}" in shown
    assert "Sieg" in section if lang == "de" else "win" in section


def test_player_page_answers_what_is_needed(stored, jeddah) -> None:
    web, key = stored
    expected = running_forecast(jeddah)
    side = next(s for g in expected.pairings for s in (g.white, g.black) if s.dwz_now is not None)
    target = side.dwz_now + 15
    need = expected.needed(side.player, target)
    page = web.get(f"/en/tournament/{key}/player/{side.player}?target={target}").text
    answer = re.search(r'data-testid="need-answer"[^>]*>(.*?)</p>', page, re.S).group(1)
    if need.points is None:
        assert "out of reach" in answer
    elif need.plan.reached_already:
        assert "reached already" in answer
    else:
        from wertung.web.i18n import translator

        points = translator("en").score(need.points)
        assert f"For DWZ {target}, " in answer and f"needs {points} from " in answer
    german = web.get(f"/de/tournament/{key}/player/{side.player}?target={target}").text
    assert "Was brauche ich noch?" in german and 'name="target"' in german
    bad = web.get(f"/en/tournament/{key}/player/{side.player}?target=abc").text
    assert "Not a valid rating" in bad and 'aria-invalid="true"' in bad


def test_a_finished_tournament_shows_no_running_view(tmp_path) -> None:
    from web_helpers import ILMENAU_EXAMPLE

    web = client(tmp_path)
    answer = web.post("/en/tournament", files={"file": ("i.json", ILMENAU_EXAMPLE.read_bytes())})
    key = answer.headers["location"].rsplit("/", 1)[1]
    assert 'data-testid="running"' not in web.get(f"/en/tournament/{key}").text
    assert 'data-testid="running-need"' not in web.get(f"/en/tournament/{key}/player/1").text

"""The planner on the DWZ, first-DWZ and Elo pages and its API routes."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlencode

import pytest
from web_helpers import SEED, client

from wertung import dwz, fide
from wertung.web.i18n import translator

STILL = "?"
PLANNED = [*SEED[:5], (1350, STILL), (1520, STILL)]  # the seed, its last two games to play


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _query(games, **fields) -> str:
    return urlencode(
        [(k, v) for k, v in fields.items()]
        + [p for o, r in games for p in (("opp", o), ("res", r))]
    )


def _answer(html: str) -> str | None:
    """The planner's answer: the headline when points are needed, else the sentence."""
    match = re.search(r'data-testid="plan-(?:headline|text)">(.*?)</strong>', html)
    return match.group(1) if match else None


def _table(html: str) -> list[tuple[str, str]]:
    body = re.search(r'data-testid="plan-table">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    return re.findall(r"<th scope=\"row\">(.*?)</th><td>(.*?)</td>", body)


SEED_FIELDS = {"rating": 1500, "index": 5, "end_date": "2026-09-01"}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("de", "1½ aus 2 Partien für 1547"),
        ("en", "1½ from 2 games for 1547"),
    ],
)
def test_dwz_seed_with_two_games_still_to_play(web, lang: str, text: str) -> None:
    query = _query(PLANNED, **SEED_FIELDS, target=1547)
    for path in (f"/{lang}/dwz?{query}", f"/{lang}/dwz/result?{query}"):
        html = web.get(path).text
        assert _answer(html) == text
    html = web.get(f"/{lang}/dwz?{query}").text
    need = dwz.needed(1500, 5, SEED[:5], [1350, 1520], 1547, end_date="2026-09-01")
    # the table is the engine's, every line; the answer row is marked
    assert [int(v) for _, v in _table(html)] == [row.new_rating for row in need.table]
    assert re.search(
        r'class="answer-row" aria-current="true"><th scope="row">1½</th><td>1547', html
    )
    # the chart: one marker per total, the answer filled, the target line drawn
    chart = re.search(r'<svg[^>]*data-testid="plan-chart".*?</svg>', html, re.S).group(0)
    assert chart.count("<circle") == 5 and chart.count('class="mark"') == 1
    assert 'data-testid="plan-target"' in chart
    assert ("Ziel 1547" if lang == "de" else "target 1547") in chart
    # the forecast below is of the games played so far, the option kept selected
    assert '<option value="?" selected>' in html
    played = dwz.forecast(1500, 5, SEED[:5], end_date="2026-09-01")
    assert f'data-testid="new-rating">{played.new_rating}<' in html
    if lang == "de":
        assert "You need" not in html and "still to play" not in html


@pytest.mark.parametrize(
    ("target", "state", "de", "en"),
    [
        (1400, "reached", "1400 bereits erreicht", "1400 reached already"),
        (1600, "out", "1600 ist außer Reichweite: auch 2 aus 2 Partien", "1600 is out of reach"),
        ("", "need", "½ aus 2 Partien, um 1500 zu halten", "½ from 2 games to keep 1500"),
    ],
)  # fmt: skip
def test_reached_out_of_reach_and_keep(web, target, state, de, en) -> None:
    query = _query(PLANNED, **SEED_FIELDS, target=target)
    for lang, text in (("de", de), ("en", en)):
        html = web.get(f"/{lang}/dwz?{query}").text
        assert f'data-state="{state}"' in html and text in _answer(html)
    need = dwz.needed(1500, 5, SEED[:5], [1350, 1520], 1500, end_date="2026-09-01")
    assert need.points == Fraction(
        1, 2
    )  # the "keep" line is the engine's answer for target = own DWZ
    if state == "out":
        best = max(r.new_rating for r in need.table)
        assert f"Höchstens {best}." in _answer(web.get(f"/de/dwz?{query}").text)


def test_only_games_still_to_play(web) -> None:
    query = _query([(1350, STILL), (1520, STILL)], **SEED_FIELDS, target=1510)
    html = web.get(f"/en/dwz?{query}").text
    need = dwz.needed(1500, 5, [], [1350, 1520], 1510, end_date="2026-09-01")
    points = translator("en").score(need.points)
    assert _answer(html) == f"{points} from 2 games for 1510"
    assert "Please enter at least one game" not in html and 'data-testid="plan-table"' in html


def test_input_errors_at_their_fields(web) -> None:
    # a target without games marked to play; a target that is no number; no opponent
    html = web.get(f"/en/dwz?{_query(SEED, **SEED_FIELDS, target=1600)}").text
    assert 'id="err-target" class="field-error" role="alert">Mark at least one game' in html
    html = web.get(f"/de/dwz?{_query(PLANNED, **SEED_FIELDS, target='zweitausend')}").text
    assert 'id="err-target" class="field-error" role="alert">' in html and _answer(html) is None
    games = [*SEED[:5], ("", STILL)]
    html = web.get(f"/en/dwz?{_query(games, **SEED_FIELDS, target=1550)}").text
    assert 'id="err-opp-6" class="field-error" role="alert">The opponent' in html
    html = web.get(f"/en/dwz?{_query([*SEED[:5], (9999, STILL)], **SEED_FIELDS, target=1550)}").text
    assert re.search(r'id="err-opp-6" class="field-error" role="alert">[^<]+', html)
    assert _answer(html) is None
    # while typing, a target with nothing marked yet is no error
    live = web.get(f"/en/dwz/result?{_query(SEED, **SEED_FIELDS, target=1600)}").text
    assert 'id="err-target" class="field-error" role="alert" hx-swap-oob="true"></span>' in live


def test_first_dwz_without_target_asks_for_a_first_dwz_at_all(web) -> None:
    games = [(1500, "0"), (1600, "0"), (1500, STILL), (1550, STILL), (1450, STILL)]
    query = _query(games, end_date="2026-09-01")
    need = dwz.needed_first([(1500, 0), (1600, 0)], [1500, 1550, 1450], end_date="2026-09-01")
    assert need.points == Fraction(1, 2)  # stage 1 needs ½ point among the rated games
    de = web.get(f"/de/first-dwz?{query}").text
    assert _answer(de) == "½ aus 3 Partien für eine Erst-DWZ"
    en = web.get(f"/en/first-dwz?{query}").text
    assert _answer(en) == "½ from 3 games for a first DWZ"
    assert _table(en)[0] == ("0", "none")  # no first DWZ with 0 points
    with_target = web.get(f"/en/first-dwz?{query}&target=1500").text
    need = dwz.needed_first([(1500, 0), (1600, 0)], [1500, 1550, 1450], 1500, end_date="2026-09-01")
    points = translator("en").score(need.points)
    assert _answer(with_target) == f"{points} from 3 games for 1500"
    assert f"New first DWZ then: {need.new_rating}" in with_target


def test_elo_page_plans_too(web) -> None:
    games = [(2000, "1"), (1900, STILL), (1900, STILL)]
    query = _query(games, rating=1800, games_played=50, date="2026-05-01", target=1820)
    need = fide.needed(1800, [(2000, 1)], [1900, 1900], 1820, games_played=50, date="2026-05-01")
    assert need.points == 1
    assert _answer(web.get(f"/de/elo?{query}").text) == "1 aus 2 Partien für 1820"
    en = web.get(f"/en/elo?{query}").text
    assert _answer(en) == "1 from 2 games for 1820"
    assert f"New rating then: {need.new_rating}" in en


def test_the_no_javascript_row_buttons_keep_the_rows_to_play(web) -> None:
    html = web.get(f"/en/dwz?{_query(PLANNED, **SEED_FIELDS, target=1547)}&action=add").text
    assert html.count('<tr data-row class="still">') == 2
    assert html.count("<tr data-row") == 8 + 1  # eight rows and the template of a new one


# -- the API ------------------------------------------------------------------------------


def test_api_dwz_needed_is_the_engine_and_the_cli_shape(web) -> None:
    body = {
        "rating": "1500-5",
        "games": [{"opponent_rating": o, "result": r} for o, r in SEED[:5]],
        "remaining": 2,
        "opponent": "1435-20",
        "target": 1547,
        "end_date": "2026-09-01",
    }
    response = web.post("/api/v1/dwz/needed", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    need = dwz.needed(1500, 5, SEED[:5], 2, 1547, opponent=1435, end_date="2026-09-01")
    assert data["remaining"] == [1435, 1435] and data["points"] == float(need.points)
    assert [row["new_rating"] for row in data["table"]] == [r.new_rating for r in need.table]
    assert set(data) >= {"target", "remaining", "points", "new_rating", "reached_already", "table"}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/dwz/needed", {"rating": 1500, "index": 5, "games": [], "remaining": [1500, 9999],
                                "target": 1600}, "remaining"),
        ("/api/v1/dwz/needed", {"rating": 1500, "index": 5, "games": [], "remaining": 3,
                                "target": 1600}, "opponent"),
        ("/api/v1/elo/needed", {"rating": 1800, "games": [], "remaining": [1900],
                                "target": 99999}, "target"),
    ],
)  # fmt: skip
def test_api_needed_errors_name_the_field(web, path, body, field) -> None:
    response = web.post(path, json=body)
    assert response.status_code == 422 and response.headers["content-type"].startswith(
        "application/problem+json"
    )
    assert response.json()["field"] == field


def test_api_out_of_reach_is_null_points(web) -> None:
    body = {"rating": 1800, "games": [], "remaining": [1900], "target": 2500}
    data = web.post("/api/v1/elo/needed", json=body).json()
    assert data["points"] is None and data["new_rating"] is None and len(data["table"]) == 3

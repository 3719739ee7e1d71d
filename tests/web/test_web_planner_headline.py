"""The planner's headline is its answer; the result so far is labelled as such; the unknown
index shows the rules' value with the range beside it, on the page and in the CSV; a new Elo
below the FIDE floor says what the rules then do (issue 22 items 2 and 4)."""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from pathlib import Path

import pytest
from web_helpers import SEED, client, games_query

import wertung
from wertung.formats import results_csv


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _testid(html: str, name: str) -> str | None:
    match = re.search(rf'data-testid="{name}">([^<]*)<', html)
    return match.group(1) if match else None


PLANNED = [*SEED[:5], (1350, "?"), (1520, "?")]


@pytest.mark.parametrize(
    ("lang", "headline", "label"),
    [("de", "1½ aus 2 Partien für 1547", "Nach den 5 gespielten Partien"),
     ("en", "1½ from 2 games for 1547", "After the 5 games played")],
)  # fmt: skip
def test_the_planner_headline_is_the_answer(web, lang: str, headline: str, label: str) -> None:
    query = games_query(PLANNED, rating=1500, index=5, end_date="2026-09-01", target=1547)
    for url in (f"/{lang}/dwz?{query}", f"/{lang}/dwz/result?{query}"):
        html = web.get(url).text
        assert _testid(html, "plan-headline") == headline
        assert _testid(html, "result-label") == label  # the 5 games played, not the answer
        summary = html[html.find('data-testid="plan-headline"') :]
        assert summary.find("plan-headline") < summary.find("result-label")
        assert 'class="big"><span class="label" data-testid="result-label"' not in html


def test_without_a_plan_the_result_is_the_new_dwz(web) -> None:
    html = web.get("/en/dwz?" + games_query(SEED, rating=1500, index=5)).text
    assert _testid(html, "result-label") == "New DWZ" and _testid(html, "plan-headline") is None


def test_the_elo_planner_labels_the_games_played(web) -> None:
    query = games_query([(1800, "1"), (1800, "?"), (1800, "?")], rating=1800, target=1820)
    html = web.get(f"/de/elo?{query}").text
    assert re.fullmatch(r"[\d½]+ aus 2 Partien für 1820", _testid(html, "plan-headline"))
    assert _testid(html, "result-label") == "Nach der 1 gespielten Partie"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_unknown_index_shows_the_rules_value_and_the_range_beside_it(web, lang: str) -> None:
    html = web.get(f"/{lang}/dwz?" + games_query(SEED, rating=1500, end_date="2026-09-01")).text
    headline = re.search(r'<div class="headline">.*?</div>', html, re.S).group(0)
    result = wertung.dwz.forecast(1500, None, SEED, end_date="2026-09-01")
    assert f'data-testid="new-rating">{result.new_rating}<' in headline
    assert 'class="index"' not in headline  # no made-up index "-1"
    assert re.search(r'data-testid="index-range">1534–1568', headline)


def test_the_csv_never_makes_up_an_index() -> None:
    from ilmenau import ilmenau_tournament

    known = ilmenau_tournament()
    players = [dataclasses.replace(p, index=None) for p in known.players]  # as on chess-results
    result = wertung.evaluate(dataclasses.replace(known, players=players))
    text = results_csv.to_csv(result, language="en").lstrip("\ufeff")
    rows = [r for r in csv.DictReader(io.StringIO(text)) if r.get("dwz_after_lowest")]
    assert rows  # players with a DWZ and an unknown index
    for row in rows:
        assert row["index_after"] == "", row  # never the made-up "1"
        assert row["dwz_after"] and row["dwz_after_highest"]
        low, high = int(row["dwz_after_lowest"]), int(row["dwz_after_highest"])
        assert low <= int(row["dwz_after"]) <= high


@pytest.mark.parametrize(
    ("lang", "unrated", "text"),
    [("de", "Ungewertet", "unter 1400 wird ein Spieler als ungewertet geführt"),
     ("en", "Unrated", "below 1400 a player is listed as unrated")],
)  # fmt: skip
def test_a_new_elo_below_the_floor_is_shown_as_unrated(
    web, lang: str, unrated: str, text: str
) -> None:
    html = web.get(f"/{lang}/elo?rating=900&opp=1500&res=1").text
    assert _testid(html, "below-floor") == unrated
    assert text in html and "918 (+18)" in html  # the calculation, said to be no rating
    assert _testid(html, "new-rating") is None  # no "New rating 918" beside the note
    assert _testid(web.get(f"/{lang}/elo?rating=1500&opp=1500&res=1").text, "new-rating") == "1510"


def _upload(web, lang: str, path: Path) -> str:
    answer = web.post(f"/{lang}/tournament", files=[("file", (path.name, path.read_bytes()))])
    assert answer.status_code == 303, answer.text[:2000]
    return answer.headers["location"].split("?")[0]


@pytest.mark.parametrize(
    ("lang", "depending", "unknown"),
    [("de", "je nach Index", "Neuer Index: unbekannt"), ("en", "depending on the index",
     "New index: unknown")],
)  # fmt: skip
def test_the_tournament_page_shows_the_rules_value_and_the_range_without_a_made_up_index(
    web, lang: str, depending: str, unknown: str
) -> None:
    """SwissIndividual.SWT: 24 DWZ without index (issue 22: "2041-1" shown before)."""
    from web_helpers import ROOT

    from wertung.web import tournaments

    path = ROOT / "data" / "swt" / "SwissIndividual.SWT"
    evaluation = wertung.evaluate(tournaments.from_upload(path.name, path.read_bytes()))
    url = _upload(web, lang, path)
    html = web.get(url).text
    cells = dict(re.findall(r'<tr data-player="([^"]+)">.*?data-testid="dwz-new">(.*?)</td>',
                            html, re.S))  # fmt: skip
    unknown_players = [p for p in evaluation.players if p.index_range is not None]
    assert len(unknown_players) == 24
    for p in unknown_players:
        span = p.index_range
        cell = cells[p.id]
        assert cell.startswith(f"{p.dwz_after}<br>"), cell  # the rules' value, no "‑1"
        assert f">{span.lowest}–{span.highest} {depending}<" in cell
        assert span.lowest <= p.dwz_after <= span.highest
    player = web.get(f"{url}/player/{unknown_players[0].id}").text
    headline = re.search(r'<div class="headline">.*?</div>', player, re.S).group(0)
    assert f'data-testid="new-rating">{unknown_players[0].dwz_after}<' in headline
    assert 'class="index"' not in headline and 'data-testid="index-range"' in headline
    assert unknown in player
    # the CSV the same: the rules' value, the range beside it, no index
    english = url.replace(f"/{lang}/", "/en/")
    rows = list(csv.DictReader(io.StringIO(web.get(f"{english}/export.csv").text.lstrip("\ufeff"))))
    by_id = {r["id"]: r for r in rows if r.get("id") in cells}
    for p in unknown_players:
        row = by_id[p.id]
        assert row["dwz_after"] == str(p.dwz_after) and row["index_after"] == ""
        assert (row["dwz_after_lowest"], row["dwz_after_highest"]) == (
            str(p.index_range.lowest), str(p.index_range.highest))  # fmt: skip

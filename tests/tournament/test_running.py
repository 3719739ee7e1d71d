"""Running tournaments (wertung.tournament._running): the forecast after the last complete round, the next
round's pairings with each result's effect, and the score needed in the remaining rounds.

On real pages of running events (Jeddah 2026 round 2 live; the British 2026 during rounds 6
and 7: the real mid-round pairings with the crosstable as it stood then, see
:mod:`chessresults_midround`), and a hypothesis property on random Swiss events cut at a
random round.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import doctest
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from chessresults_derived import RUNNING_JEDDAH
from chessresults_midround import MIDROUND, crosstable_during
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wertung.tournament._running
from wertung import (
    Bye,
    Game,
    GameResult,
    InvalidInput,
    InvalidRating,
    InvalidTournament,
    Player,
    Tournament,
    WertungError,
    dwz,
    evaluate,
    fide,
)
from wertung.sources.chessresults import parse_saved_pages
from wertung.tournament._running import RunningForecast, running_forecast

DATA = Path(__file__).parents[1] / "data" / "chess-results"
# the Jeddah pages with round 1's saved with the details saying the event is FIDE-rated (the
# real pages do not say which rating 'Rtg' is: see chessresults_derived)
JEDDAH = RUNNING_JEDDAH
FOREIGN_INDEX = 6  # WO 2026: a player without DWZ counts with his Elo, index 6
PLAIN = {"win": 1, "draw": 0.5, "loss": 0}


@pytest.fixture(scope="module")
def events() -> dict[str, Tournament]:
    return {
        "jeddah": parse_saved_pages(JEDDAH),
        "british6": parse_saved_pages([crosstable_during(6), MIDROUND[6]]),
        "british7": parse_saved_pages([crosstable_during(7), MIDROUND[7]]),
    }


@pytest.fixture(scope="module")
def forecasts(events: dict[str, Tournament]) -> dict[str, RunningForecast]:
    return {name: running_forecast(t) for name, t in events.items()}


def cut(tournament: Tournament, after: int) -> Tournament:
    """The tournament restricted to rounds 1..after, built here independently."""
    return dataclasses.replace(
        tournament,
        games=tuple(g for g in tournament.games if g.round <= after),
        byes=tuple(b for b in tournament.byes if b.round <= after),
        players=tuple(dataclasses.replace(p, points=None) for p in tournament.players),
        upcoming=(),
        played_rounds=after,
        # what the source lacks only after round ``after`` does not concern it
        incomplete=tuple(r for r in tournament.incomplete if r not in tournament.incomplete_later),
        incomplete_later=(),
    )


def counting_rating(tournament: Tournament, evaluation, pid: str) -> int | None:
    """The rating a player counts with for his opponents (DWZ, foreign Elo, first DWZ)."""
    p = tournament.player(pid)
    if p.dwz is not None:
        return p.dwz
    if p.fide_rating:
        return p.fide_rating
    result = evaluation.player(pid)
    return result.dwz_after if result.basis == "first" else None


def games_so_far(tournament: Tournament, evaluation, pid: str) -> list[tuple[int, float]]:
    """His games played over the board in ``tournament`` against opponents with a rating."""
    out = []
    for g in sorted(tournament.games, key=lambda g: g.round):
        if pid not in (g.white, g.black) or not g.result.played:
            continue
        opponent = g.black if g.white == pid else g.white
        score = g.result.white if g.white == pid else g.result.black
        rating = counting_rating(tournament, evaluation, opponent)
        if rating is not None:
            out.append((rating, float(score.points)))
    return out


def calculate(tournament: Tournament, p: Player, games: list[tuple[int, float]]) -> int | None:
    options = {"birth_year": p.birth_year, "end_date": tournament.end_date}
    if p.dwz is not None:
        return dwz.forecast(p.dwz, p.index, games, **options).new_rating
    if p.fide_rating:
        return dwz.forecast(
            p.fide_rating, FOREIGN_INDEX, games, foreign_rating=True, **options
        ).new_rating
    return dwz.first_dwz(games, carry_over=p.carry_over, **options).rating


# -- the real running events ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "after", "remaining", "count", "left_out"),
    [
        ("jeddah", 1, 6, 7, "round 2 (not complete): 9 games with a result left out"),
        ("british6", 5, 4, 6, "round 6 (not complete): 46 games and 4 byes with a result left out"),
        ("british7", 6, 3, 51, "round 7 (not complete): 6 byes with a result left out"),
    ],
)
def test_after_the_last_complete_round(
    forecasts: dict[str, RunningForecast],
    name: str,
    after: int,
    remaining: int,
    count: int,
    left_out: str,
) -> None:
    forecast = forecasts[name]
    assert forecast.after_round == after and forecast.next_round == after + 1
    assert forecast.remaining_rounds == remaining and forecast.rounds == after + remaining
    assert len(forecast.pairings) == count
    assert all(g.round == after + 1 for g in forecast.pairings)
    assert [s for s in forecast.left_out if s.startswith(left_out)]


@pytest.mark.parametrize("name", ["jeddah", "british6", "british7"])
def test_every_forecast_is_the_evaluation_of_the_complete_rounds(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast], name: str
) -> None:
    forecast = forecasts[name]
    expected = evaluate(cut(events[name], forecast.after_round))
    fields = ("status", "dwz_after", "index_after", "change", "points", "score", "counted_games",
              "expected_score", "elo_after", "elo_change")  # fmt: skip
    got = [{f: getattr(p, f) for f in fields} for p in forecast.players]
    assert got == [{f: getattr(p, f) for f in fields} for p in expected.players]
    assert expected.complete and forecast.evaluation.complete


@pytest.mark.parametrize("round_no", [6, 7])
def test_british_points_after_the_complete_rounds_are_the_pages_points_before_the_round(
    forecasts: dict[str, RunningForecast], round_no: int
) -> None:
    # the mid-round pairings page shows each player's points before the round ("Pts.")
    html = MIDROUND[round_no].read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>.*?</tr>", html[html.index('class="CRs1"') :], re.S)
    cell = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)
    header = [re.sub(r"<[^>]+>", "", c).strip() for c in cell.findall(rows[0])]
    result = header.index("Result")
    assert header[result - 1] == header[result + 1] == "Pts."
    before: dict[str, Fraction] = {}
    for row in rows[1:]:
        texts = [re.sub(r"<[^>]+>", "", c).replace("&frac12;", "½").strip()
                 for c in cell.findall(row)]  # fmt: skip
        numbers = re.findall(r"snr=(\d+)", row)
        if len(numbers) == 2 and len(texts) == len(header):
            before[numbers[0]] = _points(texts[result - 1])
            before[numbers[1]] = _points(texts[result + 1])
    assert before
    forecast = forecasts[f"british{round_no}"]
    for pid, points in before.items():
        assert forecast.player(pid).points == points, pid


def _points(text: str) -> Fraction:
    half = text.endswith("½")
    return Fraction(text.rstrip("½") or "0") + (Fraction(1, 2) if half else 0)


@pytest.mark.parametrize("name", ["jeddah", "british6", "british7"])
def test_each_result_is_the_forecast_of_his_games_plus_that_result(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast], name: str
) -> None:
    forecast = forecasts[name]
    done = cut(events[name], forecast.after_round)
    evaluation = forecast.evaluation
    sides = [side for g in forecast.pairings for side in (g.white, g.black)]
    for side in sides[:40]:
        p = done.player(side.player)
        games = games_so_far(done, evaluation, side.player)
        assert calculate(done, p, games) == side.dwz_now == evaluation.player(p.id).dwz_after
        opponent = counting_rating(done, evaluation, side.opponent)
        assert side.opponent_rating == opponent
        for result, number in PLAIN.items():
            effect = side.effect(result)
            with_game = games if opponent is None else [*games, (opponent, number)]
            assert effect.dwz_after == calculate(done, p, with_game), (side.player, result)
            if p.dwz is None and p.fide_rating:
                assert effect.change == effect.dwz_after - p.fide_rating
            if effect.dwz_after is None:
                assert effect.note == "no first DWZ yet"


@pytest.mark.parametrize("name", ["jeddah", "british7"])
def test_the_fide_effect_is_the_rating_change_with_that_game(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast], name: str
) -> None:
    forecast = forecasts[name]
    done = cut(events[name], forecast.after_round)
    checked = 0
    for game in forecast.pairings[:10]:
        for side in (game.white, game.black):
            p, opp = done.player(side.player), done.player(side.opponent)
            if not (p.fide_rating and opp.fide_rating):
                assert side.win.elo_change is None
                continue
            so_far = []
            for g in done.games:
                if side.player in (g.white, g.black):
                    other = done.player(g.black if g.white == side.player else g.white)
                    so_far.append((other.fide_rating or None,
                                   g.result.white if g.white == side.player else g.result.black))  # fmt: skip
            for result, number in PLAIN.items():
                change = fide.rating_change(
                    p.fide_rating, [*so_far, (opp.fide_rating, number)], k=p.fide_k,
                    birth_year=p.birth_year, date=done.end_date,
                )  # fmt: skip
                effect = side.effect(result)
                assert (effect.elo_after, effect.elo_change) == (
                    change.new_rating,
                    float(change.change),
                )
            checked += 1
    assert checked


def test_jeddah_players_without_rating_get_no_first_dwz_after_one_round(
    forecasts: dict[str, RunningForecast],
) -> None:
    sides = [s for g in forecasts["jeddah"].pairings for s in (g.white, g.black)]
    new = [s for s in sides if s.basis in ("carry-over", "not-rated")]
    assert new
    assert all(e.dwz_after is None and e.note == "no first DWZ yet"
               for s in new for e in (s.win, s.draw, s.loss))  # fmt: skip


# -- needed ---------------------------------------------------------------------------------


def _average(games: list[tuple[int, float]]) -> int:
    total = Fraction(sum(r for r, _ in games), len(games))
    return int(total + Fraction(1, 2))  # half up


@pytest.mark.parametrize("name", ["jeddah", "british6", "british7"])
def test_needed_agrees_with_the_planner(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast], name: str
) -> None:
    forecast = forecasts[name]
    done = cut(events[name], forecast.after_round)
    checked = 0
    for side in [s for g in forecast.pairings[:4] for s in (g.white, g.black)]:
        p = done.player(side.player)
        if not p.fide_rating:
            continue
        games = games_so_far(done, forecast.evaluation, p.id)
        if not games:
            continue
        checked += 1
        later = forecast.remaining_rounds - 1
        options = {"birth_year": p.birth_year, "end_date": done.end_date, "foreign_rating": True}
        for target, assumed in ((side.dwz_now + 15, None), (side.dwz_now - 5, 2400)):
            expected_opponent = assumed or _average(games)
            # an unrated next opponent: that game cannot count
            rated = [side.opponent_rating] if side.opponent_rating is not None else []
            opponents = [*rated, *[expected_opponent] * later]
            got = forecast.needed(p.id, target, remaining_opponent=assumed)
            want = dwz.needed(p.fide_rating, FOREIGN_INDEX, games, opponents, target, **options)
            assert got.plan.to_dict() == want.to_dict()
            assert got.opponents == tuple(opponents) and got.expected_opponent == expected_opponent
            assert got.points == want.points and got.new_rating == want.new_rating
    assert checked


def test_needed_for_a_player_whose_result_of_the_round_in_progress_is_in(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast]
) -> None:
    forecast = forecasts["british6"]
    tournament = events["british6"]
    game = next(g for g in tournament.games if g.round == 6)
    done = cut(tournament, 5)
    p = done.player(game.white)
    assert forecast.game_of(p.id) is None
    got = forecast.needed(p.id, 2300, remaining_opponent=2300)
    assert got.opponents == (done.player(game.black).fide_rating, 2300, 2300, 2300)
    assert "round 6: against" in got.notes[0]


def test_needed_for_a_player_with_a_bye_in_the_next_round(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast]
) -> None:
    forecast = forecasts["british7"]
    bye = next(b for b in events["british7"].byes if b.round == 7)
    got = forecast.needed(bye.player, 1500, remaining_opponent=2000)
    assert got.opponents == (2000, 2000) and "round 7: a bye (no game)" in got.notes


def test_needed_first_dwz_agrees_with_the_planner(
    events: dict[str, Tournament], forecasts: dict[str, RunningForecast]
) -> None:
    forecast = forecasts["jeddah"]
    done = cut(events["jeddah"], 1)
    side = next(s for g in forecast.pairings for s in (g.white, g.black) if not
                done.player(s.player).fide_rating and s.opponent_rating)  # fmt: skip
    p = done.player(side.player)
    games = games_so_far(done, forecast.evaluation, p.id)
    got = forecast.needed(p.id, None, remaining_opponent=1700)
    want = dwz.needed_first(games, [side.opponent_rating, *[1700] * 5], None,
                            birth_year=p.birth_year, end_date=done.end_date)  # fmt: skip
    assert got.plan.to_dict() == want.to_dict() and got.basis == side.basis


def test_needed_errors_say_what(forecasts: dict[str, RunningForecast]) -> None:
    forecast = forecasts["british6"]
    with pytest.raises(WertungError, match="no player 'nobody'"):
        forecast.needed("nobody", 2000)
    with pytest.raises(InvalidRating) as info:
        forecast.needed("1", 2600, remaining_opponent=9999)
    assert info.value.field == "remaining_opponent"
    with pytest.raises(InvalidRating, match="target"):
        forecast.needed("1", 99999)


def test_needed_without_counted_games_asks_for_the_opponent() -> None:
    upcoming = tuple(dataclasses.replace(g, round=1, result=GameResult.NOT_PLAYED)
                     for g in _small().games)  # fmt: skip
    forecast = running_forecast(_small(played_rounds=0, games=(), upcoming=upcoming))
    with pytest.raises(InvalidInput, match="no counted game yet") as info:
        forecast.needed("1", 1600)
    assert info.value.field == "remaining_opponent"
    assert forecast.needed("1", 1600, remaining_opponent=1600).opponents == (1600, 1600, 1600)


def test_needed_when_no_round_remains_or_rounds_unknown() -> None:
    finished = _small(played_rounds=None, rounds=1, upcoming=())
    with pytest.raises(InvalidInput, match="no rounds remain after round 1"):
        running_forecast(finished).needed("1", 1600)
    unknown = _small(rounds=None)
    with pytest.raises(InvalidInput, match="number of rounds is unknown"):
        running_forecast(unknown).needed("1", 1600)


def _small(**changes) -> Tournament:
    players = tuple(Player(str(n), f"P{n}", dwz=1500 + 50 * n, index=10) for n in range(1, 5))
    base = Tournament(
        end_date=dt.date(2026, 9, 1), players=players, rounds=3, played_rounds=1,
        games=(Game(1, "1", "2", GameResult.WHITE_WINS), Game(1, "3", "4", GameResult.DRAW)),
        upcoming=(Game(2, "1", "3", GameResult.NOT_PLAYED, board=1),
                  Game(2, "4", "2", GameResult.NOT_PLAYED, board=2)),
    )  # fmt: skip
    return dataclasses.replace(base, **changes)


# -- the derivation ---------------------------------------------------------------------------


def test_to_dict_is_plain_json(forecasts: dict[str, RunningForecast]) -> None:
    data = forecasts["british6"].to_dict()
    json.dumps(data)
    assert data["after_round"] == 5 and data["next_round"] == 6 and "_context" not in data
    first = data["pairings"][0]
    assert first["board"] == 2 and set(first["white"]["win"]) >= {"dwz_after", "change",
                                                                  "difference", "elo_change"}  # fmt: skip
    assert len(data["evaluation"]["players"]) == 108


def test_outcome_pairs_the_two_players(forecasts: dict[str, RunningForecast]) -> None:
    game = forecasts["british7"].pairings[0]
    assert game.outcome("1-0") == (game.white.win, game.black.loss)
    assert game.outcome("½-½") == (game.white.draw, game.black.draw)
    assert game.outcome("0 - 1") == (game.white.loss, game.black.win)
    with pytest.raises(InvalidInput, match="give 1-0"):
        game.outcome("2-0")
    with pytest.raises(InvalidInput, match="give win, draw or loss"):
        game.white.effect("forfeit")


def test_a_finished_tournament_has_no_next_round() -> None:
    t = _small(played_rounds=None, rounds=1, upcoming=())
    forecast = running_forecast(t)
    assert forecast.after_round == 1 and forecast.next_round is None
    assert forecast.pairings == () and forecast.left_out == ()
    assert forecast.players == evaluate(t).players


def test_a_rapid_event_shows_the_fide_effect_only() -> None:
    players = tuple(Player(str(n), f"P{n}", fide_rating=1800 + 50 * n) for n in range(1, 5))
    t = _small(players=players, time_control="rapid")
    forecast = running_forecast(t)
    side = forecast.pairings[0].white
    assert side.win.dwz_after is None and side.win.elo_change is not None
    assert side.win.elo_change > side.draw.elo_change > side.loss.elo_change
    assert "not DWZ-rated" in forecast.notes[0]
    with pytest.raises(InvalidInput, match="not DWZ-rated"):
        forecast.needed("1", 1900)


def test_an_unrated_opponent_does_not_count() -> None:
    players = (*_small().players[:2], Player("3", "P3"), _small().players[3])
    forecast = running_forecast(_small(players=players))
    side = forecast.pairings[0].white  # 1 against 3, who has no rating
    assert side.opponent_rating is None and "has no rating" in (side.note or "")
    assert side.win.dwz_after == side.draw.dwz_after == side.loss.dwz_after == side.dwz_now
    needed = forecast.needed("1", 1560, remaining_opponent=1600)
    assert needed.opponents == (1600,) and "the game cannot count" in needed.notes[-1]


@pytest.mark.parametrize(
    ("upcoming", "message"),
    [
        (Game(2, "1", "9", GameResult.NOT_PLAYED), "unknown player '9'"),
        (Game(2, "1", "1", GameResult.NOT_PLAYED), "against himself"),
        (Game(1, "1", "3", GameResult.NOT_PLAYED), "player '1' is paired twice"),
    ],
)
def test_bad_upcoming_pairings_are_named(upcoming: Game, message: str) -> None:
    with pytest.raises(InvalidTournament, match=message) as info:
        running_forecast(_small(upcoming=(upcoming,)))
    assert info.value.field == "upcoming" and info.value.where["round"] == upcoming.round


def test_the_module_examples() -> None:
    failures, _ = doctest.testmod(wertung.tournament._running, optionflags=doctest.ELLIPSIS)
    assert failures == 0


# -- property: random Swiss events cut at a random round ---------------------------------------

_RESULTS = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS,
            GameResult.WHITE_WINS_FORFEIT]  # fmt: skip


@st.composite
def running_events(draw: st.DrawFn) -> Tournament:
    count = draw(st.integers(4, 12))
    players = []
    for n in range(1, count + 1):
        kind = draw(st.sampled_from(["dwz", "dwz", "elo", "none"]))
        rating = draw(st.integers(900, 2500))
        players.append(Player(
            str(n), f"P{n}",
            dwz=rating if kind == "dwz" else None,
            index=draw(st.none() | st.integers(1, 40)) if kind == "dwz" else None,
            fide_rating=rating + draw(st.integers(-100, 100)) if kind != "none" else None,
            birth_year=draw(st.none() | st.integers(1950, 2015)),
        ))  # fmt: skip
    rounds = draw(st.integers(2, 7))
    games: list[Game] = []
    byes: list[Bye] = []
    ids = [p.id for p in players]
    for round_no in range(1, rounds + 1):
        order = draw(st.permutations(ids))
        if len(order) % 2:
            byes.append(Bye(round_no, order[-1], Fraction(1)))
            order = order[:-1]
        for board, i in enumerate(range(0, len(order), 2), start=1):
            result = draw(st.sampled_from(_RESULTS))
            games.append(Game(round_no, order[i], order[i + 1], result, board))
    after = draw(st.integers(0, rounds - 1))
    nxt = [g for g in games if g.round == after + 1]
    done = draw(st.lists(st.booleans(), min_size=len(nxt), max_size=len(nxt)))
    return Tournament(
        name="random Swiss",
        end_date=dt.date(2026, 9, 1),
        players=tuple(players),
        rounds=rounds,
        played_rounds=after,
        games=tuple(g for g in games if g.round <= after)
        + tuple(g for g, kept in zip(nxt, done, strict=True) if kept),
        byes=tuple(b for b in byes if b.round <= after + 1),
        upcoming=tuple(
            dataclasses.replace(g, result=GameResult.NOT_PLAYED)
            for g, kept in zip(nxt, done, strict=True)
            if not kept
        ),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(running_events())
def test_running_forecast_is_consistent(tournament: Tournament) -> None:
    forecast = running_forecast(tournament)
    after = tournament.played_rounds
    assert forecast.after_round == after and forecast.remaining_rounds == tournament.rounds - after
    assert len(forecast.pairings) == len(tournament.upcoming)
    expected = evaluate(cut(tournament, after))
    assert [p.dwz_after for p in forecast.players] == [p.dwz_after for p in expected.players]
    for game in forecast.pairings:
        for white, black in (game.outcome("1-0"), game.outcome("½-½"), game.outcome("0-1")):
            assert white.points + black.points == 1  # mirrored in score
        for side in (game.white, game.black):
            ratings = [e.dwz_after for e in (side.win, side.draw, side.loss)]
            if None not in ratings:
                assert ratings[0] >= ratings[1] >= ratings[2], ratings
            elos = [e.elo_change for e in (side.win, side.draw, side.loss)]
            if None not in elos:
                assert elos[0] > elos[1] > elos[2], elos
            if side.dwz_now is not None and side.opponent_rating is None:
                assert ratings == [side.dwz_now] * 3
        # one round left and a rated player against a rated opponent: the planner's table
        # is the three effects
        if forecast.remaining_rounds == 1:
            for side in (game.white, game.black):
                p = tournament.player(side.player)
                if side.opponent_rating is None or not (p.dwz or p.fide_rating):
                    continue
                needed = forecast.needed(side.player, side.loss.dwz_after)
                table = {row.points: row.new_rating for row in needed.plan.table}
                assert table == {Fraction(1): side.win.dwz_after,
                                 Fraction(1, 2): side.draw.dwz_after,
                                 Fraction(0): side.loss.dwz_after}  # fmt: skip
                assert needed.points == 0

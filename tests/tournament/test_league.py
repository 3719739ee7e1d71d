"""A league season evaluated as one tournament, and its team view (wertung.tournament._league).

Golden file: the Swiss-Chess team file ``tests/data/swt/SwissTeam.SWT`` (10 teams, 7 rounds,
8 boards, one forfeit). Every expectation is counted here from the raw games, not taken
from the code under test. Properties: generated small round-robin leagues (4–8 boards,
random results with forfeits and empty boards).
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung import Bye, Game, InvalidTournament, Player, Tournament, evaluate
from wertung.formats import swt
from wertung.kernel.results import ByeKind, GameResult
from wertung.sources.chessresults import parse_saved_pages
from wertung.tournament._league import divisions, team_view
from wertung.tournament._model import Team

DATA = Path(__file__).parents[1] / "data"
SWT = DATA / "swt" / "SwissTeam.SWT"


@pytest.fixture(scope="module")
def league() -> Tournament:
    return swt.read(SWT)


@pytest.fixture(scope="module")
def view(league: Tournament):
    return team_view(league, evaluate(league))


def test_players_w_and_n_are_their_board_games(league: Tournament) -> None:
    evaluation = evaluate(league)
    n: Counter[str] = Counter()
    w: defaultdict[str, Fraction] = defaultdict(Fraction)
    for game in league.games:
        if game.result in (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW):
            # every player of the file has a DWZ, so every game over the board counts
            n[game.white] += 1
            n[game.black] += 1
            w[game.white] += {GameResult.WHITE_WINS: 1, GameResult.DRAW: Fraction(1, 2)}.get(
                game.result, 0
            )
            w[game.black] += {GameResult.BLACK_WINS: 1, GameResult.DRAW: Fraction(1, 2)}.get(
                game.result, 0
            )
    assert all(p.dwz is not None for p in league.players)
    for result in evaluation.players:
        assert (result.counted_games, result.score) == (n[result.id], w[result.id]), result.name
    assert sum(n.values()) == 2 * 279  # 280 boards, one of them forfeited


def test_team_view_totals_are_the_sum_of_the_boards(league: Tournament, view) -> None:
    assert [t.id for t in view.teams] == [t.id for t in league.teams]
    by_team: defaultdict[str, Fraction] = defaultdict(Fraction)
    team_of = {p.id: p.team for p in league.players}
    for game in league.games:
        by_team[team_of[game.white]] += game.result.white.points
        by_team[team_of[game.black]] += game.result.black.points
    for team, source in zip(view.teams, league.teams, strict=True):
        assert [p.id for p in team.players] == list(source.players)  # line-up order
        assert team.board_points == by_team[team.id]
        assert team.board_points == sum(p.points for p in team.players)
        for player in team.players:
            assert len(player.games) == sum(player.id in (g.white, g.black) for g in league.games)
    assert len(view.matches) == 5 * 7
    assert all(m.boards == 8 and m.complete for m in view.matches)
    assert sum(m.first_points + m.second_points for m in view.matches) == 280
    forfeit = next(m for m in view.matches if m.played_boards == 7)
    assert forfeit.round == 7


def test_forfeit_is_shown_and_not_counted(view) -> None:
    boards = [g for t in view.teams for p in t.players for g in p.games if g.reason == "forfeit"]
    assert len(boards) == 2 and not any(g.counted for g in boards)
    assert sorted(g.result for g in boards) == ["+", "-"]


def test_match_points_and_standings(league: Tournament, view) -> None:
    team_of = {p.id: p.team for p in league.players}
    points: defaultdict[tuple[int, str], Fraction] = defaultdict(Fraction)
    opponents: dict[tuple[int, str], str] = {}
    for game in league.games:
        a, b = team_of[game.white], team_of[game.black]
        points[(game.round, a)] += game.result.white.points
        points[(game.round, b)] += game.result.black.points
        opponents[(game.round, a)], opponents[(game.round, b)] = b, a
    match_points: Counter[str] = Counter()
    for (rnd, team), got in points.items():
        other = points[(rnd, opponents[(rnd, team)])]
        match_points[team] += 2 if got > other else 1 if got == other else 0
    rows = view.standings
    assert {r.team: r.match_points for r in rows} == dict(match_points)
    keys = [(r.match_points, r.board_points) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert rows[0].name == "Los Angeles" and rows[0].match_points == 12
    assert all(r.matches == 7 and r.won + r.drawn + r.lost == 7 for r in rows)
    assert [r.rank for r in rows] == list(range(1, 11))  # no two teams share MP and BP here


def test_module_examples() -> None:
    import doctest

    import wertung.tournament._league

    assert doctest.testmod(wertung.tournament._league).failed == 0


def test_view_to_dict_is_plain_json(view) -> None:
    data = json.loads(json.dumps(view.to_dict()))
    assert data["teams"][0]["players"][0]["games"][0]["opponent_team_name"]
    assert data["standings"][0]["match_points"] == 12


def test_player_rows_carry_the_evaluation(league: Tournament, view) -> None:
    evaluation = evaluate(league)
    player = view.teams[0].players[0]
    result = evaluation.player(player.id)
    assert (player.dwz_before, player.dwz_after, player.status) == (
        result.dwz_before, result.dwz_after, result.status,
    )  # fmt: skip
    assert player.elo_before == result.elo_before and player.elo_after == result.elo_after
    assert player.lineup == 1 and player.team == "1"


def test_team_view_refuses_what_is_not_a_league(league: Tournament) -> None:
    individual = Tournament(name="x", end_date=dt.date(2026, 1, 1), players=(Player("1"),))
    with pytest.raises(InvalidTournament, match="has no teams"):
        team_view(individual, evaluate(individual))
    with pytest.raises(InvalidTournament, match="evaluation is not of this tournament"):
        team_view(league, evaluate(individual))


def test_chess_results_team_round_gives_a_team_view() -> None:
    from test_chessresults_teams import PLAYERS, played

    tournament = parse_saved_pages([played(), PLAYERS])
    view = team_view(tournament, evaluate(tournament))
    assert len(view.teams) == 16 and len(view.matches) == 8
    assert all(m.boards == 2 for m in view.matches)
    shanghai = view.team("Shanghai Chess Academy")
    match = next(m for m in view.matches if "1" in (m.first, m.second))
    assert {match.first_name, match.second_name} == {"Hangzhou Chess Association", shanghai.name}
    assert match.first_points + match.second_points == 2


# -- divisions -----------------------------------------------------------------------------


def _division(name: str, end: dt.date, shared: Player, offset: int) -> Tournament:
    players = [
        Player(str(i), f"Spieler{offset + i}, A", dwz=1600 + 20 * i, index=10,
               birth_year=1980 + i, team="A" if i <= 2 else "B")
        for i in range(1, 5)
    ]  # fmt: skip
    players[0] = Player("1", shared.name, dwz=shared.dwz, index=shared.index,
                        birth_year=shared.birth_year, team="A")  # fmt: skip
    games = (
        Game(1, "1", "3", GameResult.WHITE_WINS, 1),
        Game(1, "4", "2", GameResult.DRAW, 2),
        Game(2, "3", "1", GameResult.BLACK_WINS, 1),
        Game(2, "2", "4", GameResult.WHITE_WINS, 2),
    )
    return Tournament(
        name=name, end_date=end, players=tuple(players), games=games,
        teams=(Team("A", "Alpha", ("1", "2")), Team("B", "Beta", ("3", "4"))),
    )  # fmt: skip


def test_two_divisions_one_evaluation_each_in_order() -> None:
    shared = Player("x", "Muster, Max", dwz=1700, index=12, birth_year=1975)
    late = _division("Oberliga", dt.date(2026, 4, 1), shared, 10)
    early = _division("Landesliga", dt.date(2026, 3, 1), shared, 20)
    season = divisions([late, early])
    assert [d.name for d in season.divisions] == ["Landesliga", "Oberliga"]
    first, second = season.divisions
    a = first.evaluation.player("1")
    b = second.evaluation.player("1")
    assert a.dwz_before == 1700 and a.dwz_after is not None and a.dwz_after > 1700
    assert b.dwz_before == a.dwz_after  # the later division starts from the earlier result
    assert any("Muster, Max also played in Oberliga" in n for n in first.notes)
    assert any("Muster, Max also played in Landesliga" in n for n in second.notes)
    assert season.notes == ("Muster, Max played in 2 divisions (Landesliga, Oberliga)",)
    assert first.view.standings[0].name == "Alpha"
    unchained = divisions([late, early], chain=False)
    assert unchained.divisions[1].evaluation.player("1").dwz_before == 1700


def test_divisions_need_end_dates() -> None:
    shared = Player("x", "Muster, Max", dwz=1700, index=12)
    undated = replace(_division("Kreisliga", dt.date(2026, 1, 1), shared, 0), end_date=None)
    with pytest.raises(InvalidTournament, match="no end date"):
        divisions([undated])


# -- generated leagues -----------------------------------------------------------------------

_RESULTS = [
    GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.BOTH_LOSE,
    GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT, GameResult.DOUBLE_FORFEIT,
]  # fmt: skip


@st.composite
def leagues(draw: st.DrawFn) -> tuple[Tournament, dict[tuple[int, frozenset[str]], int]]:
    """A round robin of 2–6 teams of 4–8 boards; per board a result or an empty side."""
    count = draw(st.integers(2, 6))
    boards = draw(st.integers(4, 8))
    players, teams = [], []
    for t in range(1, count + 1):
        ids = [f"{t}.{b}" for b in range(1, boards + 1)]
        teams.append(Team(str(t), f"Team {t}", tuple(ids)))
        for pid in ids:
            rated = draw(st.booleans())
            players.append(
                Player(pid, f"P {pid}", dwz=draw(st.integers(1000, 2400)) if rated else None,
                       index=5 if rated else None, team=str(t))
            )  # fmt: skip
    order: list[int | None] = list(range(1, count + 1)) + ([None] if count % 2 else [])
    games, byes = [], []
    scored: dict[tuple[int, frozenset[str]], int] = {}
    for rnd in range(1, len(order)):
        for i in range(len(order) // 2):
            a, b = order[i], order[len(order) - 1 - i]
            if a is None or b is None:
                continue
            decided = 0
            for board in range(1, boards + 1):
                white, black = (f"{a}.{board}", f"{b}.{board}")
                if board % 2 == 0:
                    white, black = black, white
                kind = draw(st.sampled_from(["game", "game", "game", "empty"]))
                if kind == "empty":
                    present = draw(st.sampled_from([white, black, None]))
                    if present is not None:
                        byes.append(Bye(rnd, present, Fraction(1), ByeKind.FORFEIT_WIN))
                        decided += 1
                    continue
                result = draw(st.sampled_from(_RESULTS))
                games.append(Game(rnd, white, black, result, board))
                decided += result not in (GameResult.BOTH_LOSE, GameResult.DOUBLE_FORFEIT)
            scored[(rnd, frozenset((str(a), str(b))))] = decided
        order = [order[0], order[-1], *order[1:-1]]
    tournament = Tournament(
        name="generated", end_date=dt.date(2026, 5, 1), players=tuple(players),
        games=tuple(games), byes=tuple(byes), teams=tuple(teams),
    )  # fmt: skip
    return tournament, scored


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(leagues())
def test_generated_leagues(case: tuple[Tournament, dict[tuple[int, frozenset[str]], int]]) -> None:
    tournament, scored = case
    evaluation = evaluate(tournament)
    view = team_view(tournament, evaluation)
    for match in view.matches:
        if match.second is None:
            continue  # every board empty on one side: the opponent is not known
        key = (match.round, frozenset((match.first, match.second)))
        # board points of a match = the boards decided (over the board or by forfeit)
        assert match.first_points + match.second_points == scored[key]
        assert match.first_match_points + match.second_match_points == 2
    standings = view.standings
    keys = [(r.match_points, r.board_points) for r in standings]
    assert keys == sorted(keys, reverse=True)
    complete = [m for m in view.matches if m.complete]
    assert sum(r.match_points for r in standings) == sum(
        m.first_match_points + (m.second_match_points if m.second else 0) for m in complete
    )
    for team in view.teams:
        assert team.board_points == sum(p.points for p in team.players)
        for player in team.players:
            counted = [g for g in player.games if g.counted]
            assert all(g.reason is None and g.opponent is not None for g in counted)
            assert not any(g.counted for g in player.games if g.reason in ("forfeit", "bye"))
            assert player.counted_games == len(counted)
            assert player.score == sum((g.points for g in counted), Fraction(0))

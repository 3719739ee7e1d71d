"""The evaluation's shortcuts decide as the general path does (issue 9).

``evaluate`` reads and checks the games in one pass, skips the second joint iteration
when no new player met an exceptional player, decides most exceptional-player checks
with one erf and rounds R1 without building its correction; ``history`` copies players
and rows without ``dataclasses.replace``. Each shortcut is switched off here (or its
result compared with the general computation) on the golden tournaments
(``tests/golden``): the outcome must be the same, every field of ``to_dict()`` (every
bit) or the same error.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import random
from fractions import Fraction
from typing import Any

import pytest
from golden_cases import assert_same, build_tournament, inputs

from wertung import Bye, Game, Player, Tournament, evaluate, history
from wertung.dwz import _first_dwz as first_dwz
from wertung.dwz._lean import terms_function, terms_of
from wertung.dwz.regulations import WO_2014, WO_2026
from wertung.kernel import results
from wertung.kernel.expectancy import TABLE_OFFSET, expectancy_table
from wertung.kernel.results import GameResult
from wertung.kernel.rounding import round_to_int
from wertung.tournament import _evaluation as evaluation
from wertung.tournament import _exceptional as exceptional
from wertung.tournament import _model as model
from wertung.tournament import _season as season_module
from wertung.tournament import _table_figures as figures
from wertung.tournament._model import CarryOverGame

#: The golden tournaments (``tests/golden/tournaments.json.xz``): spec and options.
TOURNAMENTS = list(inputs("tournaments", "evaluate"))


def _outcome(action: Any) -> Any:
    try:
        return action().to_dict()
    except Exception as error:  # compared: same class and message
        return ("error", type(error).__name__, str(error))


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every shortcut off: the games read by the general path, every check solved."""
    monkeypatch.setattr(evaluation, "_read", lambda tournament: None)
    monkeypatch.setattr(evaluation, "_meets_any", lambda *args: True)
    monkeypatch.setattr(exceptional, "clearly_below", lambda *args: False)
    monkeypatch.setattr(figures, "_in_table", lambda *args: False)  # P(D) by erf


@pytest.mark.parametrize("start", range(0, len(TOURNAMENTS), 400))
def test_shortcuts_off_give_the_same_evaluation(start: int) -> None:
    for number, case in enumerate(TOURNAMENTS[start : start + 400], start):
        fast = _evaluated(case)
        with pytest.MonkeyPatch.context() as patch:
            _general(patch)
            slow = _evaluated(case)
        if isinstance(slow, tuple):
            assert fast == slow, f"tournament {number}"
        else:
            assert_same(fast, slow, f"tournament {number}")


def _evaluated(case: tuple[Any, Any]) -> Any:
    (spec,), options = case
    return _outcome(lambda: evaluate(build_tournament(spec), **options))


def test_the_expectancy_table_holds_the_very_floats_of_erf() -> None:
    table = expectancy_table()
    assert len(table) == 2 * TABLE_OFFSET + 1
    for d in range(-TABLE_OFFSET, TABLE_OFFSET + 1):
        assert table[d + TABLE_OFFSET] == 0.5 * (1.0 + math.erf(d / 400.0)), d


def test_the_table_only_where_every_difference_is_in_it() -> None:
    class Facts:  # what _in_table reads of the evaluation's state
        def __init__(self, fixed: dict, r1: dict, exceptional: dict) -> None:
            self.fixed, self.r1, self.exceptional = fixed, r1, exceptional

    assert figures._in_table(Facts({"a": 0, "b": 2000}, {"n": 4000}, {}))
    assert not figures._in_table(Facts({"a": 0, "b": 2000}, {"n": 4001}, {}))
    assert not figures._in_table(Facts({"a": 1, "b": 2000}, {}, {"b": 4002}))
    assert figures._in_table(Facts({}, {}, {}))


def test_a_wide_span_of_ratings_evaluates_as_without_the_table() -> None:
    """An exceptional player's performance and a DWZ of 5 span more than the table
    (WO 2014): erf decides, as with the table switched off."""
    players = [Player("x", dwz=3500, index=5), Player("n", birth_year=1990)]
    players += [Player(f"o{i}", dwz=3400 + 10 * i, index=5) for i in range(6)]
    players += [Player("z", dwz=5, index=5)]
    games = [Game(r + 1, "x", f"o{r}", GameResult.WHITE_WINS) for r in range(6)]
    games += [Game(r + 1, "n", f"o{(r + 1) % 6}", GameResult.DRAW) for r in range(5)]
    games += [Game(6, "n", "z", GameResult.WHITE_WINS)]
    t = Tournament(players=tuple(players), games=tuple(games), end_date=dt.date(2020, 9, 1))
    spans = []

    def in_table(*args: Any) -> bool:
        spans.append(real(*args))
        return spans[-1]

    real = figures._in_table
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(figures, "_in_table", in_table)
        fast = evaluate(t)
    assert fast.exceptional_players == ("x",) and spans == [False]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(figures, "_in_table", lambda *args: False)
        assert_same(fast.to_dict(), evaluate(t).to_dict(), "wide span")


def test_defective_tournaments_refused_as_validate_refuses_them() -> None:
    """The one-pass reader accepts nothing that validate() refuses: the same error."""
    refused = 0
    for number, ((spec,), _) in enumerate(inputs("validate", "validate")):  # one defect each
        try:
            tournament = build_tournament(spec)
        except Exception:
            continue
        try:
            tournament.validate()
        except Exception as error:
            refused += 1
            with pytest.raises(type(error)) as raised:
                evaluate(tournament)
            assert str(raised.value) == str(error), f"tournament {number}"
    assert refused > 1000


def test_fast_path_taken_for_plain_tournaments() -> None:
    """A plain valid tournament is accepted by the bulk check alone."""
    tournament = build_tournament(TOURNAMENTS[3][0][0])
    assert model._plainly_valid(tournament)
    broken = dataclasses.replace(tournament, players=(*tournament.players, tournament.players[0]))
    assert not model._plainly_valid(broken)


def _players(count: int) -> tuple[Player, ...]:
    return tuple(
        Player(str(i), f"P{i}", dwz=1400 + 37 * i if i % 4 else None, index=5, birth_year=1990)
        for i in range(1, count + 1)
    )


def _same_both_ways(tournament: Tournament) -> None:
    fast = _outcome(lambda: evaluate(tournament))
    with pytest.MonkeyPatch.context() as patch:
        _general(patch)
        slow = _outcome(lambda: evaluate(tournament))
    if isinstance(slow, tuple):
        assert fast == slow
    else:
        assert_same(fast, slow)


def test_unusual_but_valid_games_read_as_the_general_path() -> None:
    players = _players(6)
    win, draw = GameResult.WHITE_WINS, GameResult.DRAW
    games = (
        Game(1, "1", "2", win), Game(1, "3", "4", draw), Game(2, "1", "3", win),
        Game(2, "2", "5", draw), Game(4, "4", "1", win), Game(4, "6", "2", win),
    )  # fmt: skip
    end = dt.date(2026, 9, 1)
    byes = (
        Bye(3, "1", Fraction(1)), Bye(1, "6", Fraction(1, 2)), Bye(2, "6", Fraction(0)),
        Bye(3, "2", Fraction(1, 4)), Bye(1, "5", Fraction(3, 2)), Bye(4, "5", Fraction(1)),
    )  # fmt: skip
    odd_byes = (Bye(7, "3", Fraction(1)), Bye(0, "3", Fraction(1)))
    for games_, byes_ in (
        (games, byes),  # byes worth ¼ and 1½, byes before and between the games
        (games[::-1], ()),  # games not in round order
        ((), byes),  # byes only
        ((Game(True, "1", "2", win),), ()),  # a round given as a bool
        (games, odd_byes),  # byes in rounds without games, and in round 0
    ):
        _same_both_ways(
            Tournament(name="unusual", end_date=end, players=players, games=games_, byes=byes_)
        )


def test_a_bye_in_a_round_the_player_plays_is_refused() -> None:
    players = _players(4)
    games = (Game(1, "1", "2", GameResult.WHITE_WINS), Game(2, "1", "3", GameResult.DRAW))
    for byes in ((Bye(1, "2", Fraction(1)),), (Bye(2, "3", Fraction(1)),),
                 (Bye(3, "4", Fraction(1)), Bye(3, "4", Fraction(1)))):  # fmt: skip
        t = Tournament(end_date=dt.date(2026, 9, 1), players=players, games=games, byes=byes)
        with pytest.raises(Exception) as expected:
            t.validate()
        with pytest.raises(type(expected.value), match="paired twice"):
            evaluate(t)


def test_r1_alone_is_the_correction_rating() -> None:
    rng = random.Random(4)
    values = [rng.uniform(-300, 3000) for _ in range(3000)]
    values += [x + d for x in (0, 700, 800, 1100, 2000) for d in (-1e-9, 0.0, 1e-9, 0.5)]
    for regs in (WO_2014, WO_2026):
        for value in values:
            assert first_dwz.corrected_rating(value, regs) == first_dwz.correct(value, regs).rating
    # R1 rounded on the float (round_to_int's float path) as its exact value rounds: halves, their
    # neighbours, negative values, huge ones.
    halves = [k + 0.5 for k in range(-3000, 3000, 7)]
    near = [math.nextafter(x, d) for x in halves for d in (-math.inf, math.inf)]
    odd = [2.0**52 + 1, -(2.0**53), 1e300, -0.5, -0.0, 0.49999999999999994]
    for value in halves + near + odd + values:
        assert round_to_int(value) == round_to_int(Fraction(value)), value


def test_history_copies_are_the_dataclass_copies() -> None:
    rng = random.Random(5)
    for _ in range(200):
        player = Player(
            str(rng.randint(1, 99)), "Muster, Max", dwz=rng.choice((None, 1500)),
            index=rng.choice((None, 3)), birth_year=rng.choice((None, 1970)),
            fide_rating=rng.choice((None, 1600)), member=rng.choice((None, False)),
            pkz=rng.choice((None, "1234")), points=rng.choice((None, Fraction(3, 2))),
            team=rng.choice((None, "t1")),
        )  # fmt: skip
        dwz, index = rng.choice((None, 1700)), rng.choice((None, 8))
        carry = rng.choice(((), (CarryOverGame(1500, results.WIN, dt.date(2025, 1, 1)),)))
        copy = season_module._changed(player, dwz, index, carry)
        assert copy == dataclasses.replace(player, dwz=dwz, index=index, carry_over=carry)
        assert type(copy) is Player
    values = [f"v{i}" for i in range(len(dataclasses.fields(season_module.HistoryRow)))]
    assert season_module._row(*values) == season_module.HistoryRow(*values)


def test_history_of_a_season_with_exceptional_players_as_without_shortcuts() -> None:
    """A small WO 2014 season (exceptional players, first DWZ) chained with and without
    the shortcuts."""
    rng = random.Random(8)
    pool = [Player(f"x{i}", f"Spieler {i}", birth_year=rng.randint(1950, 2012),
                   pkz=f"{i:07d}") for i in range(40)]  # fmt: skip
    events = []
    for number in range(12):
        people = rng.sample(pool, 10)
        players = tuple(
            dataclasses.replace(p, id=str(k), dwz=rng.choice((None, rng.randint(900, 2300))))
            for k, p in enumerate(people, start=1)
        )
        games = []
        for round_no in range(1, 8):
            order = [p.id for p in players]
            rng.shuffle(order)
            games += [
                Game(round_no, a, b, rng.choice(list(GameResult)[:3]))
                for a, b in zip(order[::2], order[1::2], strict=True)
            ]
        events.append(Tournament(name=f"T{number:02d}", players=players, games=tuple(games),
                                 end_date=dt.date(2025, 1, 10) + dt.timedelta(days=9 * number)))  # fmt: skip
    fast = history(events).to_dict()
    with pytest.MonkeyPatch.context() as patch:
        _general(patch)
        slow = history(events).to_dict()
    assert_same(fast, slow)
    assert any(t["exceptional_players"] for t in fast["tournaments"])
    statuses = {p["status"] for t in fast["tournaments"] for p in t["players"]}
    assert {"established", "first"} <= statuses


def test_rn_in_floats_as_in_integers_on_and_next_to_halves() -> None:
    """The evaluation's Rn (floats where certain) against the integer rule, with Rn put
    exactly on a half, within 1e-13 of one, and anywhere."""
    fast = terms_function(WO_2026, "exact", exact=False)
    rng = random.Random(11)
    cases = 0
    for _ in range(4000):
        rating = rng.choice((rng.randint(0, 3500), rng.randint(1000, 1700)))
        index = rng.choice((None, 0, 1, 2, 3, 5, 10, 11, 30))
        age = rng.choice((None, 10, 18, 20, 21, 25, 26, 60))
        n = rng.choice((1, 2, 5, 7, 9, 20, 200))
        half = rng.randint(0, 2 * n)
        expected = rng.uniform(0, n)
        tenths = terms_of(WO_2026, rating, index, age, "exact", n, expected, half)[3]
        target = rng.randint(-40, 40) + 0.5
        nudged = half / 2 - 10 * target / tenths
        for we in (nudged, nudged + 1e-13, nudged - 1e-13, expected):
            if 0 <= we <= n:
                cases += 1
                exact = terms_of(WO_2026, rating, index, age, "exact", n, we, half)
                got = fast(rating, index, age, n, we, half)
                assert got[:5] + got[7:] == exact[:5] + exact[7:], (rating, index, age, n, we)
    assert cases > 10000
    for rating, n, half, we in ((30_000_000, 3, 6, 0.5), (1500, 2**31, 2**32, 2.0**30)):
        exact = terms_of(WO_2026, rating, 5, 40, "exact", n, we, half)
        assert fast(rating, 5, 40, n, we, half)[:5] == exact[:5]


def test_evaluations_and_histories_pickle_as_before() -> None:
    """Results keep their fields in a tuple and build the working later: pickled before
    or after the working is built, they give the same to_dict()."""
    import pickle

    for (spec,), options in TOURNAMENTS[:40]:
        spec["rated_for_fide"] = False
        options.pop("fide", None)
        try:
            result = evaluate(build_tournament(spec), **options)
        except Exception:
            continue
        early = pickle.loads(pickle.dumps(result))
        expected = result.to_dict()
        assert_same(early.to_dict(), expected)
        assert_same(pickle.loads(pickle.dumps(result)).to_dict(), expected)
    players = _players(4)
    events = [
        Tournament(name=f"T{k}", end_date=dt.date(2026, 1, 1 + k), players=players,
                   games=(Game(1, "1", "2", GameResult.DRAW), Game(1, "3", "4", GameResult.WHITE_WINS)),
                   rated_for_fide=False)
        for k in range(3)
    ]  # fmt: skip
    chained = history(events)
    assert_same(pickle.loads(pickle.dumps(chained)).to_dict(), chained.to_dict())

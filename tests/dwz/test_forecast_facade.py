"""``dwz.forecast``'s fast path (every argument checked at once, the plainest games read
without the general checks) against the frozen reference (``tests/reference/wertung_ref``):
arguments and games in every shape, plain or not, valid or not, give the same ``to_dict()``
or the same error (class and message).
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "reference"))

import wertung_ref.core.results as ref_results
import wertung_ref.dwz as ref_dwz
from generate import assert_same
from swiss_chess_differences import check_forecast

from wertung import dwz
from wertung.kernel import results

END = dt.date(2026, 9, 1)
SEED_GAMES = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]


class _Str(str):
    """A str subclass (never the fast path's plain ``str``)."""


def _result(scores: Any, rng: random.Random) -> object:
    choice = rng.random()
    if choice < 0.6:
        return rng.choice((1, 0, "½", 0.5, 1.0, 0.0, "1", "0", "=", "1/2", "w", "l", "0,5"))
    if choice < 0.7:
        return rng.choice(("+", "-", "−"))
    if choice < 0.8:
        return rng.choice((" ½ ", "D", Fraction(1, 2), Fraction(1), Decimal("0.5"), _Str("1")))
    if choice < 0.9:
        return getattr(scores, rng.choice(("WIN", "DRAW", "LOSS", "FORFEIT_WIN", "FORFEIT_LOSS")))
    return rng.choice((True, False, "x", 2, 0.25, [1], float("nan"), None))


def _opponent(rng: random.Random) -> object:
    choice = rng.random()
    if choice < 0.7:
        return rng.randint(1000, 2800)
    if choice < 0.85:
        return rng.choice((0, 3500, None))
    return rng.choice((3501, -1, "2000", " 1900", 2000.0, 2000.5, True, False, "abc", [1]))


def _games(scores: Any, seed: int) -> Any:
    rng = random.Random(seed)
    shape = rng.choice(("tuples", "tuples", "lists", "mixed", "tuple", "generator"))
    games: list[Any] = []
    for _ in range(rng.choice((0, 1, 2, 5, 7, 12))):
        plain = rng.random() < 0.85
        opponent = rng.randint(1000, 2800) if plain else _opponent(rng)
        result = rng.choice((1, 0, "½", 0.5)) if plain else _result(scores, rng)
        kind = shape if shape in ("lists", "mixed") else "tuples"
        if kind == "mixed":
            kind = rng.choice(("tuples", "lists", "triple", "single", "text"))
        if kind == "tuples":
            games.append((opponent, result))
        elif kind == "lists":
            games.append([opponent, result])
        elif kind == "triple":
            games.append((opponent, result, 1))
        elif kind == "single":
            games.append((opponent,))
        else:
            games.append("15")  # a pair of characters: the rating check's error
    if shape == "tuple":
        return tuple(games)
    if shape == "generator":
        return (g for g in games)
    return games


def _call(package: Any, scores: Any, seed: int, swiss_chess_as: str | None = None) -> Any:
    """The forecast of ``seed``'s arguments; ``swiss_chess_as``: the method to use instead
    of ``swiss-chess`` (the reference's table method: Swiss-Chess is checked as the table
    method plus its named differences, ``tests/support/swiss_chess_differences.py``)."""
    rng = random.Random(seed)
    rating: object = rng.randint(800, 2600)
    if rng.random() < 0.1:
        rating = rng.choice((0, 3500, -1, 3501, 1500.0, 1500.5, "1500", True, None))
    index: object = rng.choice((None, 0, 1, 5, 11, 30))
    if rng.random() < 0.1:
        index = rng.choice((-1, True, "5", 5.0, " 7"))
    kwargs: dict[str, Any] = {"end_date": END}  # none: today (the reference may disagree)
    if rng.random() < 0.3:
        kwargs["end_date"] = rng.choice(
            (dt.date(2026, 6, 8), dt.date(2026, 6, 7), dt.date(2020, 1, 1),
             dt.datetime(2026, 9, 1, 12), "2026-09-01", "1.9.2020", "", "someday", 20260901)
        )  # fmt: skip
    if rng.random() < 0.6:
        kwargs["age"] = rng.randint(0, 120)
        if rng.random() < 0.15:
            kwargs["age"] = rng.choice((121, -1, True, 40.0, "40"))
    if rng.random() < 0.15:
        kwargs["birth_year"] = rng.choice((1990, 2010, 1879, "2000", True))
    if rng.random() < 0.1:
        kwargs["method"] = rng.choice(("exact", "table", "swiss-chess", _Str("exact"), "nope"))
        if kwargs["method"] == "swiss-chess" and swiss_chess_as is not None:
            kwargs["method"] = swiss_chess_as
    if rng.random() < 0.05:
        kwargs["regulations"] = rng.choice(("2014", "2026", "wo 2026", "1999"))
    if rng.random() < 0.05:
        kwargs["development_factor"] = rng.choice((20, 30.5, 0, 250))
    if rng.random() < 0.05:
        kwargs["development_coefficient"] = rng.choice((5, 30, 0))
    if rng.random() < 0.1:
        kwargs["foreign_rating"] = True
    games = _games(scores, seed)
    try:
        return package.forecast(rating, index, games, **kwargs).to_dict()
    except Exception as error:  # compared: same class and message
        return ("error", type(error).__name__, str(error))


_REFERENCE_NAN = ("error", "ValueError", "Invalid literal for Fraction: 'nan'")


@pytest.mark.parametrize("start", range(0, 4000, 1000))
def test_forecast_reads_every_shape_of_arguments_as_the_reference(start: int) -> None:
    outcomes = set()
    for seed in range(start, start + 1000):
        new, old = _call(dwz, results, seed), _call(ref_dwz, ref_results, seed, "table")
        if isinstance(new, dict) and new["method"] == "swiss-chess" and isinstance(old, dict):
            check_forecast(new, old, f"seed {seed}")
            outcomes.add("forecast")
            continue
        if old == _REFERENCE_NAN:
            # The one intended difference (commit a58d314): the reference let nan through
            # to Fraction (a ValueError); now it is the project's own InvalidResult.
            assert new[:2] == ("error", "InvalidResult") and "result nan is not" in new[2]
        elif isinstance(old, tuple) or isinstance(new, tuple):
            assert new == old, f"seed {seed}: {new!r} != {old!r}"
            outcomes.add(old[1])
        else:
            assert_same(new, old, f"seed {seed}")
            outcomes.add("forecast")
    # Both kinds of outcome, and the usual errors, occur in every block.
    assert {"forecast", "InvalidRating", "InvalidResult", "InvalidInput"} <= outcomes


def test_the_fast_path_reads_the_plain_games_only() -> None:
    assert dwz._read_plain(list(SEED_GAMES), 1500) is not None
    for odd in ([1650, "½"], (1650, "+"), (None, 1), (1650.0, 1), (True, 1), (1650, True),
                (1650, Fraction(1)), (1650, " ½ "), (1650, results.WIN), (1650, 1, 0), "15"):  # fmt: skip
        assert dwz._read_plain([*SEED_GAMES, odd], 1500) is None, odd


def test_the_working_reads_the_games_as_given_at_the_call() -> None:
    """Games given as lists, changed after the call: the working shows them as they were."""
    for end_date in (END, "2026-09-01"):  # the fast path and the general one
        games: list[Any] = [[2000, "½"], (1900, 1), [1500, 1], [1700, "+"]]
        expected = ref_dwz.forecast(2000, 5, games, age=40, end_date=end_date).to_dict()
        forecast = dwz.forecast(2000, 5, games, age=40, end_date=end_date)
        games[0][0] = 2400
        games[2][1] = 0
        games.append((1500, 1))
        assert_same(forecast.to_dict(), expected)

"""``dwz.forecast``'s fast path: every argument checked at once, the plainest games read
without the general checks. Arguments and games in every shape, plain or not, valid or
not, are golden cases (``tests/golden/dwz_forecast.json.xz``): the same ``to_dict()`` or
the same error (class, code and values) as recorded.
"""

from __future__ import annotations

import copy
import datetime as dt
from fractions import Fraction
from typing import Any

from golden_cases import assert_same, canonical, encode, first_difference, inputs, run

from wertung import dwz
from wertung.kernel import results

END = dt.date(2026, 9, 1)
SEED_GAMES = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]


def test_the_fast_path_reads_the_plain_games_only() -> None:
    assert dwz._read_plain(list(SEED_GAMES), 1500) is not None
    for odd in ([1650, "½"], (1650, "+"), (None, 1), (1650.0, 1), (True, 1), (1650, True),
                (1650, Fraction(1)), (1650, " ½ "), (1650, results.WIN), (1650, 1, 0), "15"):  # fmt: skip
        assert dwz._read_plain([*SEED_GAMES, odd], 1500) is None, odd


def test_the_working_reads_the_games_as_given_at_the_call() -> None:
    """Games given as lists, changed after the call: the working shows them as they were."""
    for end_date in (END, "2026-09-01"):  # the fast path and the general one
        games: list[Any] = [[2000, "½"], (1900, 1), [1500, 1], [1700, "+"]]
        given = copy.deepcopy(games)
        expected = dwz.forecast(2000, 5, given, age=40, end_date=end_date).to_dict()
        forecast = dwz.forecast(2000, 5, games, age=40, end_date=end_date)
        games[0][0] = 2400
        games[2][1] = 0
        games.append((1500, 1))
        assert_same(forecast.to_dict(), expected)


def test_the_fast_path_gives_what_the_general_checks_give() -> None:
    """Every golden forecast with an end date of type ``date`` (the fast path's condition)
    once more with the date as text (the general checks): the same outcome, every bit."""
    checked = 0
    for number, (args, kwargs) in enumerate(inputs("dwz_forecast", "dwz.forecast")):
        if type(kwargs.get("end_date")) is not dt.date:
            continue
        data = encode(args)  # read once: a generator of games is given to both calls
        fast = run("dwz.forecast", data, encode(kwargs))
        general = run("dwz.forecast", data, encode({**kwargs, "end_date": str(kwargs["end_date"])}))
        assert canonical(fast) == canonical(general), (number, first_difference(fast, general))
        checked += 1
    assert checked > 5000

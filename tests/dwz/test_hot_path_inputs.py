"""The forecast's and the FIDE rating change's fast paths against the exact rules.

``dwz.forecast`` decides Rn in floats and falls back to integers near a half; these
tests put Rn exactly on and next to halves (where only the exact decision is right)
and compare with :func:`wertung.dwz._lean.terms_of`, which decides every Rn in
integers. ``fide.rating_change`` reads the usual games directly and the others through
the general checks: its games in every shape (tuples, lists, dicts, a tuple of games, a
generator, result objects, bad entries) are golden cases (``tests/golden/fide.json.xz``).
"""

from __future__ import annotations

import datetime as dt
import pickle
import random
from fractions import Fraction

from wertung import dwz, fide
from wertung.dwz._forecast import FORECAST_FIELDS, Forecast, make_forecast
from wertung.dwz._lean import terms_of
from wertung.dwz.regulations import WO_2026
from wertung.kernel.expectancy import win_expectancy

END = dt.date(2026, 9, 1)


def _figures(rating: int, index: int | None, age: int | None, n: int, half: int,
             expected: float) -> tuple[int, int | None, Fraction | None]:  # fmt: skip
    f = make_forecast(rating, index, n, half, [], WO_2026, age, END, "exact", win_expectancy,
                      False, expected)  # fmt: skip
    return f.new_rating, f.new_index, f.development_factor


def _exact(rating: int, index: int | None, age: int | None, n: int, half: int,
           expected: float) -> tuple[int, int | None, Fraction | None]:  # fmt: skip
    new, new_index, _e, tenths, _, _, _, _ = terms_of(
        WO_2026, rating, index, age, "exact", n, expected, half
    )
    return new, new_index, Fraction(tenths, 10)


def test_rn_exactly_on_a_half_is_rounded_up_away_from_zero() -> None:
    # K = 41 (master row, index 3): W − We = ±0.5 gives a change of ±20.5.
    assert _figures(2100, 3, 40, 7, 9, 4.0)[0] == 2121  # 2120.5
    assert _figures(2100, 3, 40, 7, 9, 5.0)[0] == 2080  # 2079.5
    # K = 64 (adult, index 1, R0 < 1600, W ≥ We): K·(W − We) = 64·(3/128) = 1.5.
    assert _figures(1500, 1, 40, 7, 9, 4.5 - 3 / 128) == (1502, 2, Fraction(64))
    # Just below and above the half: the float would be 2120.5, the exact value is not.
    assert _figures(2100, 3, 40, 7, 9, 4.0 + 2**-40)[0] == 2120
    assert _figures(2100, 3, 40, 7, 9, 4.0 - 2**-40)[0] == 2121


def test_rn_next_to_halves_and_out_of_the_float_bounds_as_the_exact_rule() -> None:
    rng = random.Random(9)
    cases = 0
    for _ in range(4000):
        rating = rng.choice((rng.randint(0, 3500), rng.randint(1000, 1700)))
        index = rng.choice((None, 0, 1, 2, 3, 5, 10, 11, 30))
        age = rng.choice((None, 10, 18, 20, 21, 25, 26, 60))
        n = rng.choice((1, 2, 5, 7, 9, 20, 200))
        half = rng.randint(0, 2 * n)
        expected = rng.uniform(0, n)
        k = _exact(rating, index, age, n, half, expected)[2]
        # Move We so that Rn lands on a half, or within 1e-12 of one, for this K.
        target = rng.randint(-40, 40) + 0.5
        nudged = half / 2 - target / float(k)
        for we in (nudged, nudged + 1e-13, nudged - 1e-13, expected):
            if 0 <= we <= n:
                cases += 1
                assert _figures(rating, index, age, n, half, we) == _exact(
                    rating, index, age, n, half, we
                ), (rating, index, age, n, half, we)
    assert cases > 10000
    # Figures beyond the bounds of the float decision: decided in integers.
    for rating, n, half, we in ((30_000_000, 3, 6, 0.5), (1500, 2**31, 2**32, 2.0**30)):
        assert _figures(rating, 5, 40, n, half, we) == _exact(rating, 5, 40, n, half, we)


def test_no_games_keep_the_rating_and_the_index() -> None:
    # K = K0 + a2 = 40 + 4 (R0 < 1600, W ≥ We), shown although nothing changes.
    assert _figures(1500, 5, 40, 0, 0, 0.0) == (1500, 5, Fraction(44))
    assert _figures(1700, None, 40, 0, 0, 0.0) == _exact(1700, None, 40, 0, 0, 0.0)


def test_rating_change_working_reads_the_games_as_given_at_the_call() -> None:
    games = [[2000, "½"], (1900, 1), [0, 1], [2100, "+"], {"opponent_rating": 1800, "result": 0}]
    expected = fide.rating_change(2000, games, k=20, date=END).to_dict()
    change = fide.rating_change(2000, games, k=20, date=END)
    games[0][0] = 2400
    games[2][0] = 1500
    games[4]["result"] = 1
    games.append((1500, 1))
    assert change.to_dict() == expected
    assert change.games[0].opponent_rating == 2000 and change.counted_games == 3


def test_complete_derivations_read_compare_and_pickle() -> None:
    """Forecasts with a given K or E are built complete; both kinds compare by value."""
    games = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1)]
    given = dwz.forecast(1500, 5, games, age=40, end_date=END, development_factor=44)
    lazy = dwz.forecast(1500, 5, games, age=40, end_date=END)
    assert given.override and not lazy.override
    assert [getattr(given, name) for name in FORECAST_FIELDS if name != "override"] == [
        getattr(lazy, name) for name in FORECAST_FIELDS if name != "override"
    ]
    again = pickle.loads(pickle.dumps(given))
    assert isinstance(again, Forecast) and again == given and again.to_dict() == given.to_dict()
    assert lazy.to_dict() == lazy.to_dict()  # the working kept after the first access

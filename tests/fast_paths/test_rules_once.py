"""Each rule once (issue 21 item 2): the fast forms against the exact forms in the tree,
on the golden inputs (``tests/golden``).

* the curve: :func:`~wertung.kernel.expectancy.expected_score` (the one loop over
  ``erf``), its slope, its Taylor expansion, the table form and the any-curve sums give
  the very floats of adding :func:`~wertung.kernel.expectancy.win_expectancy` (or the
  table's P(D)) game by game;
* the K rule of WO 2026 and the E rule of WO 2014: the figures of a forecast (the lean
  path's, :mod:`wertung.dwz._lean`) are the full working's, and K (E) as the rule gives
  it is K0·b + a rounded to one decimal and capped (E0·fB + SBr rounded and bounded), as
  the working's exact fractions show.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from golden_cases import inputs

from wertung import dwz
from wertung.dwz import _forecast as forecast_module
from wertung.dwz._forecast_terms import e_rule_2014, k_rule_2026
from wertung.dwz.regulations import WO_2014, WO_2026
from wertung.kernel import expectancy as curve
from wertung.kernel.expectancy import win_expectancy, win_expectancy_table
from wertung.kernel.rounding import round_half_up, round_to_int
from wertung.kernel.swiss_chess import braking_coefficient

FORECASTS = list(inputs("dwz_forecast", "dwz.forecast"))


def _plain_sum(p: Any, rating: float, opponents: list[float], start: float = 0.0) -> float:
    total = start
    for r in opponents:
        total += p(rating - r)
    return total


def _forecasts() -> list[Any]:
    """Every golden forecast that gives a result, with its figures read before the working."""
    made = []
    for args, kwargs in FORECASTS:
        try:
            made.append(dwz.forecast(*args, **kwargs))
        except Exception:
            continue
    return made


MADE = _forecasts()


def _opponent_lists() -> list[tuple[int, list[int]]]:
    lists = []
    for f in MADE:
        opponents = [
            g.opponent_rating for g in f.games if g.counted and g.opponent_rating is not None
        ]
        lists.append((f.rating, opponents))
    return lists


def test_the_golden_forecasts_are_read() -> None:
    assert len(MADE) > 5000
    assert {f.regulations for f in MADE} == {"WO 2014", "WO 2026"}
    assert {f.method for f in MADE} >= {"exact", "table", "swiss-chess"}


def test_the_curves_sums_are_the_game_by_game_floats() -> None:
    exact_table = curve.expectancy_table()
    table_table = curve.expectancy_table_of(win_expectancy_table)
    assert table_table is not None
    for rating, opponents in _opponent_lists():
        plain = _plain_sum(win_expectancy, rating, opponents)
        assert curve.expected_score(rating, opponents).hex() == plain.hex()
        assert curve.expected_score_of(rating, opponents, win_expectancy).hex() == plain.hex()
        assert curve.table_score(exact_table, rating, opponents).hex() == plain.hex()
        assert curve.expected_sum(rating, opponents, win_expectancy) == plain or not opponents
        on_table = _plain_sum(win_expectancy_table, rating, opponents)
        assert curve.expected_score_of(rating, opponents, win_expectancy_table) == on_table
        assert curve.table_score(table_table, rating, opponents) == on_table
        assert curve.expected_sum(float(rating), opponents, win_expectancy_table) == (
            on_table if opponents else 0
        )
        # the slope's sum, and the start a running sum continues from
        total, slope = curve.expected_score_and_slope(rating + 0.25, opponents, 1.0, 2.0)
        assert total == _plain_sum(win_expectancy, rating + 0.25, opponents, 1.0)
        plain_slope = 2.0
        for r in opponents:
            z = (rating + 0.25 - r) / 400.0
            plain_slope += math.exp(-z * z)
        assert slope == plain_slope
        from_zero = curve.expected_score_and_slope(rating + 0.25, opponents)
        assert curve.expansion(opponents, rating + 0.25)[1:3] == from_zero


def test_a_forecasts_figures_are_its_exact_workings() -> None:
    """The lean figures (made with the forecast) against the full derivation of the same
    inputs (``_derive``: the exact working, every value a fraction)."""
    checked = 0
    for f in _forecasts():  # fresh: the working not derived yet
        state = f._f
        regs, lines = state[forecast_module._REGS], state[forecast_module._LINES]
        if lines is None:  # K or E given, or derived already: the working made it
            continue
        figures = {name: getattr(f, name) for name in forecast_module._EAGER_FIELDS}
        exact = forecast_module._derive(f.rating, f.index, lines, regs, f.age, f.end_date,
                                        f.method, None, None, state[forecast_module._FOREIGN])  # fmt: skip
        for name, value in figures.items():
            assert type(value) is type(exact[name]) and value == exact[name], (name, f)
        checked += 1
    assert checked > 5000


def test_k_as_the_rule_gives_it_is_the_exact_k() -> None:
    checked = 0
    for f in MADE:
        if f.development_factor is None or f.override:
            continue
        unrounded = f.base_value * f.brake_factor + f.success_bonus
        assert f.development_factor_unrounded == unrounded
        k = round_half_up(unrounded, 1)
        assert f.development_factor_capped == (k > WO_2026.k_max)
        assert f.development_factor == min(k, Fraction(WO_2026.k_max)), f
        half = int(2 * f.score)
        tenths, k0, row, column, braked, bonus, capped = k_rule_2026(WO_2026)(
            f.rating, f.index, f.age, f.n, f.expected_score, half, True
        )
        assert (Fraction(tenths, 10), k0, row, column, bonus, capped) == (
            f.development_factor, f.base_value, f.k0_row, f.k0_column, f.success_bonus_rule,
            f.development_factor_capped,
        )  # fmt: skip
        assert braked == (f.brake_factor != 1)
        checked += 1
    assert checked > 2000


def test_e_as_the_rule_gives_it_is_the_exact_e() -> None:
    checked = 0
    for f in MADE:
        if f.development_coefficient is None or f.override:
            continue
        regs = WO_2014
        product = f.base_coefficient * f.acceleration_factor
        assert f.base_coefficient == Fraction(f.rating, 1000) ** 4 + f.age_coefficient
        if f.method == "swiss-chess" and f.braking_surcharge > 0:
            e = braking_coefficient(product.numerator, product.denominator, f.rating,
                                    regs.braking_below, regs.braking_scale)  # fmt: skip
        else:
            e = round_to_int(product + Fraction(f.braking_surcharge))
        low, high = f.development_coefficient_bounds
        assert f.development_coefficient == max(low, min(e, high)), f
        found = e_rule_2014(regs, f.method == "swiss-chess")(
            f.rating, f.index, f.age, f.n, f.expected_score, int(2 * f.score), True
        )
        assert (found[0], found[1], found[3], found[4]) == (
            f.development_coefficient,
            f.age_coefficient,
            f.braking_surcharge,
            high,
        )
        checked += 1
    assert checked > 2000


def test_every_rating_difference_of_a_plain_forecast_is_in_the_table() -> None:
    """The forecast's plain reading sums P(D) from the table (whole ratings in range)."""
    from wertung.kernel.checks import RATING_MAX, RATING_MIN

    assert RATING_MAX - RATING_MIN <= curve.TABLE_OFFSET

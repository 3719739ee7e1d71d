"""The table methods' fast paths give the very floats of the plain computation (issue 9).

``method="table"`` (and ``"swiss-chess"``) reads the results' P(D) of whole-number
differences from a table of the floats :func:`win_expectancy_table` gives, as the exact
method reads erf's; the joint iteration on the table curve solves each equation with the
crossing of the step function found directly and the bisection run on from there. Each
is compared here with the plain computation it replaces.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest

from wertung.core.expectancy import fide_expected_score, win_expectancy, win_expectancy_table
from wertung.core.lean import _TABLE_OFFSET, expectancy_table, expectancy_table_of
from wertung.core.performance import TableEquation, solve_rating


def test_the_table_curve_table_holds_the_very_floats() -> None:
    table = expectancy_table_of(win_expectancy_table)
    assert table is not None and len(table) == 2 * _TABLE_OFFSET + 1
    for d in range(-_TABLE_OFFSET, _TABLE_OFFSET + 1):
        value = table[d + _TABLE_OFFSET]
        assert value == win_expectancy_table(d) == float(fide_expected_score(d)), d
        assert type(value) is float
    assert table[_TABLE_OFFSET + 736] == 1.0 and table[_TABLE_OFFSET - 736] == 0.0
    assert table[_TABLE_OFFSET + 735] == float(Fraction(99, 100))  # the last band: 0.99


def test_only_the_two_curves_have_a_table() -> None:
    assert expectancy_table_of(win_expectancy) is expectancy_table()
    assert expectancy_table_of(lambda d: 0.5) is None


# --- the joint iteration's equations on the table curve --------------------------------


def _wiggle(rng: random.Random, value: float) -> float:
    """A new player's value from one sweep to the next: mostly a float or two, sometimes
    a thousandth, now and then a point or more."""
    kind = rng.random()
    if kind < 0.5:
        return value + rng.choice((-1, 1)) * rng.uniform(0, 1e-9)
    if kind < 0.65:
        return value
    if kind < 0.75:
        return value + rng.uniform(-1e-6, 1e-6)
    if kind < 0.9:
        return value + rng.uniform(-0.5, 0.5)
    return value + rng.uniform(-3, 3)


def _equation_case(rng: random.Random) -> tuple[list[float], list[int], float, bool]:
    """Fixed and changing opponents (positions ``dynamic``), the score, the fictitious draw."""
    n = rng.randint(1, 11)
    kind = rng.random()
    if kind < 0.5:  # whole-number ratings, the new players' values near band edges of them
        opponents = [float(rng.randint(900, 2300)) for _ in range(n)]
    elif kind < 0.8:
        opponents = [rng.uniform(900, 2300) for _ in range(n)]
    else:  # close together: many edges near one another
        opponents = [rng.choice((1500.0, 1503.0, 1497.0, 1510.0, 1507.0)) for _ in range(n)]
    dynamic = sorted(rng.sample(range(n), rng.randint(1, n)))
    for k in dynamic:
        if rng.random() < 0.5:  # on (or next to) a band edge of a fixed game
            opponents[k] = opponents[rng.randrange(n)] + rng.choice((3, -3, 7, 10, -11, 25))
            opponents[k] += rng.choice((0.0, 1e-10, -2e-10, 4e-9))
    draw = rng.random() < 0.2
    score = rng.randint(1, 2 * n - 1) / 2 + (0.5 if draw else 0.0)
    return opponents, dynamic, score, draw


def test_table_equations_solve_as_solve_rating() -> None:
    """Sequences of solves with the changing opponents moved a little each time (as in
    the sweeps): every result is solve_rating's float, while most crossings are found
    near the kept one instead of anew."""
    from wertung.core import performance

    rng = random.Random("table-equations")
    found = {"solves": 0, "anew": 0, "counting": 0}
    real = performance._table_threshold

    def counted(*args: Any) -> Any:
        found["anew"] += found["counting"]
        return real(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(performance, "_table_threshold", counted)
        for case in range(1500):
            opponents, dynamic, score, draw = _equation_case(rng)
            positions = [*dynamic, len(opponents)] if draw else dynamic
            equation = TableEquation(score, None, positions)
            value = sum(opponents) / len(opponents) + rng.uniform(-200, 200)
            for _sweep in range(rng.randint(2, 14)):
                for k in dynamic:
                    opponents[k] = _wiggle(rng, opponents[k])
                current = [*opponents, sum(opponents) / len(opponents)] if draw else opponents
                expected = solve_rating(
                    current, score, start=value, expectancy=win_expectancy_table
                )
                found["counting"] = 1
                result = equation.solve(value, list(current))
                found["counting"] = 0
                found["solves"] += 1
                assert result == expected, (case, current, score, value)
                value = result if rng.random() < 0.9 else value + rng.uniform(-1e-9, 1e-9)
    assert found["anew"] < 0.7 * found["solves"], found


def test_fixed_table_equations_solve_as_solve_rating() -> None:
    rng = random.Random("table-fixed-equations")
    for _ in range(300):
        opponents, _dynamic, _score, _draw = _equation_case(rng)
        score = rng.randint(1, 2 * len(opponents) - 1) / 2
        equation = TableEquation(score, opponents)
        for start in (rng.uniform(0, 3000), rng.uniform(-9e4, 9e4), 1e6, -1e6, 1500.0):
            expected = solve_rating(opponents, score, start=start, expectancy=win_expectancy_table)
            assert equation.solve(start) == expected, (opponents, score, start)


def test_table_equations_refuse_scores_as_solve_rating() -> None:
    with pytest.raises(ValueError):
        TableEquation(2.0, None, [0]).solve(1500.0, [1500.0, 1600.0])
    with pytest.raises(ValueError):
        TableEquation(0.0, [1500.0]).solve(1500.0)


def test_table_equations_far_out_bisect_plainly() -> None:
    """Ratings beyond 1e5, NaN: solve_rating's general path, the same outcome."""
    equation = TableEquation(1.0, None, [0])
    for opponents in ([2e5, 2e5 + 7], [1500.0, 1600.0], [-99_000.0, 99_000.0]):
        expected = solve_rating(opponents, 1.0, start=1500.0, expectancy=win_expectancy_table)
        assert equation.solve(1500.0, opponents) == expected
    with pytest.raises((ValueError, OverflowError)):
        equation.solve(1500.0, [math.nan, 1500.0])

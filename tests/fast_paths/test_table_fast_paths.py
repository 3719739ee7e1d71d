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

import pytest

from wertung.dwz._performance import (
    TableEquation,
    _bisect_at,
    _table_threshold,
    solve_on_table,
    solve_rating,
)
from wertung.kernel.expectancy import (
    TABLE_OFFSET,
    expectancy_table,
    expectancy_table_of,
    expected_sum,
    fide_expected_score,
    win_expectancy,
    win_expectancy_table,
)


def test_the_table_curve_table_holds_the_very_floats() -> None:
    table = expectancy_table_of(win_expectancy_table)
    assert table is not None and len(table) == 2 * TABLE_OFFSET + 1
    for d in range(-TABLE_OFFSET, TABLE_OFFSET + 1):
        value = table[d + TABLE_OFFSET]
        assert value == win_expectancy_table(d) == float(fide_expected_score(d)), d
        assert type(value) is float
    assert table[TABLE_OFFSET + 736] == 1.0 and table[TABLE_OFFSET - 736] == 0.0
    assert table[TABLE_OFFSET + 735] == float(Fraction(99, 100))  # the last band: 0.99


def test_only_the_two_curves_have_a_table() -> None:
    assert expectancy_table_of(win_expectancy) is expectancy_table()
    assert expectancy_table_of(lambda d: 0.5) is None


# --- the joint iteration's equations on the table curve --------------------------------


def _equation_case(rng: random.Random) -> tuple[list[float], float]:
    """Opponents (whole numbers, any floats, close together) and a score."""
    n = rng.randint(1, 11)
    kind = rng.random()
    if kind < 0.5:
        opponents = [float(rng.randint(900, 2300)) for _ in range(n)]
    elif kind < 0.8:
        opponents = [rng.uniform(900, 2300) for _ in range(n)]
    else:  # close together: many edges near one another
        opponents = [rng.choice((1500.0, 1503.0, 1497.0, 1510.0, 1507.0)) for _ in range(n)]
    return opponents, rng.randint(1, 2 * n - 1) / 2


def _starts(rng: random.Random, opponents: list[float], score: float) -> list[float]:
    """Starts as the sweeps give them: far, near and next to the crossing, outside."""
    crossing = _table_threshold(opponents, score, opponents[0])
    assert crossing is not None
    return [
        rng.uniform(0, 3000),
        crossing + rng.uniform(-30, 30),
        crossing + rng.uniform(-1e-9, 1e-9),
        crossing,
        math.nextafter(crossing, -math.inf),
        crossing + rng.uniform(-1e-6, 1e-6),
        rng.uniform(-9e4, 9e4),
        1e6,
        -1e6,
    ]


def test_table_equations_solve_as_solve_rating() -> None:
    """The sweeps' solvers (the equation of fixed opponents solved from many starts, one
    equation solved once) give solve_rating's float."""
    rng = random.Random("table-equations")
    for _ in range(600):
        opponents, score = _equation_case(rng)
        equation = TableEquation(score, opponents)
        for start in _starts(rng, opponents, score):
            expected = solve_rating(opponents, score, start=start, expectancy=win_expectancy_table)
            assert equation.solve(start) == expected, (opponents, score, start)
            assert solve_on_table(opponents, score, start) == expected, (opponents, score, start)


def test_table_equations_refuse_scores_as_solve_rating() -> None:
    with pytest.raises(ValueError):
        solve_on_table([1500.0, 1600.0], 2.0, 1500.0)
    with pytest.raises(ValueError):
        TableEquation(0.0, [1500.0]).solve(1500.0)


def test_table_equations_far_out_bisect_plainly() -> None:
    """Ratings beyond 1e5, NaN: solve_rating's general path, the same outcome."""
    for opponents in ([2e5, 2e5 + 7], [1500.0, 1600.0], [-99_000.0, 99_000.0]):
        expected = solve_rating(opponents, 1.0, start=1500.0, expectancy=win_expectancy_table)
        assert solve_on_table(opponents, 1.0, 1500.0) == expected
        assert TableEquation(1.0, opponents).solve(1500.0) == expected
    with pytest.raises((ValueError, OverflowError)):
        solve_on_table([math.nan, 1500.0], 1.0, 1500.0)
    with pytest.raises((ValueError, OverflowError)):
        TableEquation(1.0, [math.nan, 1500.0]).solve(1500.0)


# --- the bisection's creeping steps ------------------------------------------------------


def _traced(threshold: float, x: float, low: float, high: float) -> float:
    """The bisection step by step (every point traced, each compared)."""
    return _bisect_at(threshold, x, low, high, [])


def test_the_creeping_steps_are_the_compared_ones() -> None:
    """Starts next to the threshold (the sweeps' steady state), on it, a float off, far:
    the bisection without comparisons while it creeps gives the traced one's result."""
    rng = random.Random("table-creep")
    for _ in range(40_000):
        threshold = rng.choice((
            rng.uniform(1, 3000), float(rng.randint(1, 3000)), rng.uniform(-3000, 1e5),
            1024.0, 2048.0, rng.uniform(1, 4), rng.uniform(-1e5, -1),
        ))  # fmt: skip
        if rng.random() < 0.3:
            threshold = math.nextafter(threshold, rng.choice((math.inf, -math.inf)))
        x = threshold + rng.choice((
            rng.uniform(-1e-9, 1e-9), rng.uniform(-1e-11, 1e-11), 0.0, rng.uniform(-3e-9, 3e-9),
            rng.uniform(-1e-6, 1e-6), rng.uniform(-50, 50), rng.uniform(-2e-8, 2e-8),
        ))  # fmt: skip
        low = rng.choice((x - 4000 - rng.uniform(0, 3000), x - rng.uniform(0, 5), x - 1e-8))
        high = rng.choice((x + 4000 + rng.uniform(0, 3000), x + rng.uniform(0, 5), x + 1e-8))
        if not (low < x < high and low < threshold <= high and low > -1.1e5 and high < 1.1e5):
            continue
        assert _bisect_at(threshold, x, low, high, None) == _traced(threshold, x, low, high), (
            threshold, x, low, high,
        )  # fmt: skip


def test_the_first_dwz_expected_score_by_levels_is_the_sum() -> None:
    """A first DWZ's expected score on the table, read by levels: the plain sum's float."""
    rng = random.Random("table-expected-sum")
    for _ in range(3000):
        value = rng.choice((rng.uniform(500, 2500), float(rng.randint(500, 2500)), -0.0))
        opponents = [
            rng.choice((
                float(rng.randint(0, 3000)), rng.uniform(0, 3000), value + rng.randint(-800, 800),
                value + rng.choice((3.0, -3.0, 735.0, -736.0)) + rng.choice((0.0, 1e-12, -1e-12)),
                rng.randint(0, 3000),
            ))
            for _ in range(rng.randint(0, 12))
        ]  # fmt: skip
        plain = sum(win_expectancy_table(value - r) for r in opponents)
        fast = expected_sum(value, opponents, win_expectancy_table)
        assert fast == plain and type(fast) is type(plain), (value, opponents)
    for bad in ([math.nan], [math.inf], [1500.0, -math.inf]):
        with pytest.raises((ValueError, OverflowError)):
            expected_sum(1500.0, bad, win_expectancy_table)

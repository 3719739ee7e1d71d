"""The table methods' bisection is the plain one (issue 9).

:func:`solve_rating` on :func:`win_expectancy_table` finds the point where Σ P(x − Rj)
first is above the score once and then compares each bisection point with it. It must
give the result *and* the trace (every point) of :func:`plain_bisection`
(``tests/support/plain_bisection.py``, the sum evaluated at every point): seeded and
hypothesis-drawn opponent lists and scores, with scores on a step of the sum, starts on
and next to the crossing, opponents far apart, repeated and whole-number ratings (band
edges of different games on the same point), a single game, ratings where the plain
bisection is used.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain_bisection import plain_bisection, table_p

from wertung.dwz._performance import _bisect_at, _edge, _table_threshold, solve_rating
from wertung.kernel.expectancy import (
    _LEVEL_BOUNDS,
    _LEVEL_P,
    fide_expected_score,
    win_expectancy_table,
)


def _table_sum(opponents: list[float], x: float) -> float:
    return sum(table_p(x - r) for r in opponents)


def _assert_plain(opponents: list[float], score: float, start: float | None) -> None:
    fast_trace: list[float] = []
    plain_trace: list[float] = []
    fast = solve_rating(
        opponents, score, start=start, expectancy=win_expectancy_table, trace=fast_trace
    )
    plain = plain_bisection(opponents, score, start=start, trace=plain_trace)
    assert fast == plain, (opponents, score, start)
    assert fast_trace == plain_trace, (opponents, score, start)
    # Without a trace the steps go another way (no ending test while the interval is wide).
    assert solve_rating(opponents, score, start=start, expectancy=win_expectancy_table) == plain


def _opponents(rng: random.Random) -> list[float]:
    n = rng.choice((1, 1, 2, 3, 5, 8, 9, 11, 12, 30))
    kind = rng.randrange(7)
    if kind == 0:  # whole numbers: edges of different games often on the same point
        return [float(rng.randint(1000, 2500)) for _ in range(n)]
    if kind == 1:  # few values, repeated, 3 and 7 apart (the narrowest bands)
        return [rng.choice((1500.0, 1503.0, 1497.0, 1510.5, 1507.0, 1490.0)) for _ in range(n)]
    if kind == 2:
        return [rng.uniform(0, 3000) for _ in range(n)]
    if kind == 3:  # far apart (beyond the table of one another)
        return [rng.choice((0.0, 3000.0, 10000.0, -2000.0)) + rng.randint(0, 5) for _ in range(n)]
    if kind == 4:  # one decimal, as values of new players rarely are, ties of sums
        return [round(rng.uniform(1000, 2000), 1) for _ in range(n)]
    if kind == 5:  # values of new players: full floats close together
        base = rng.uniform(1000, 2000)
        return [base + rng.uniform(-20, 20) for _ in range(n)]
    return [
        1500.0 + rng.choice((0.0, 0.1, 0.2, 0.3)) + 1e-12 * rng.randint(-3, 3) for _ in range(n)
    ]


def _score(rng: random.Random, n: int) -> float:
    choice = rng.randrange(3)
    if choice == 0:
        return rng.randint(1, 2 * n - 1) / 2
    if choice == 1:  # k/100: often on a step of the sum (0.1 + 0.2 is not 0.3)
        return rng.randint(1, 100 * n - 1) / 100
    return rng.uniform(1e-6, n - 1e-6)


def _start(rng: random.Random, opponents: list[float], score: float) -> float | None:
    choice = rng.randrange(6)
    if choice == 0:
        return None
    if choice == 1:
        return rng.uniform(min(opponents) - 4500, max(opponents) + 4500)  # also outside
    if choice == 2:
        return opponents[0] + rng.choice((-3.0, 3.0, 0.0, 735.0, -735.0))  # on an edge
    threshold = plain_crossing(opponents, score)
    if choice == 3:
        return threshold
    if choice == 4:
        return math.nextafter(threshold, -math.inf)
    return threshold + rng.uniform(-30, 30)


def plain_crossing(opponents: list[float], score: float) -> float:
    """The least float with the sum above the score, from the plain bisection's limit
    (within 1e-9 of it): halved float by float (the sum never decreases)."""
    x = plain_bisection(opponents, score)
    low, high = x - 1e-8, x + 1e-8
    assert not _table_sum(opponents, low) > score and _table_sum(opponents, high) > score
    while math.nextafter(low, math.inf) != high:
        middle = (low + high) / 2
        if _table_sum(opponents, middle) > score:
            high = middle
        else:
            low = middle
    return high


def test_the_level_table_is_the_table() -> None:
    rng = random.Random("table-levels")
    edges = [u + e for u in range(-800, 801) for e in (-1e-9, -1e-13, 0.0, 1e-13, 1e-9, 0.5)]
    steps = [math.nextafter(float(u), to) for u in range(-800, 801) for to in (-1e4, 1e4)]
    spread = [rng.uniform(-1000, 1000) for _ in range(20000)]
    for d in [*edges, *steps, *spread, 0.0, -0.0, 1e300, -1e300]:
        level = bisect_left(_LEVEL_BOUNDS, d)
        expected = float(fide_expected_score(d))
        assert _LEVEL_P[level] == win_expectancy_table(d) == table_p(d) == expected, d


def test_the_same_steps_seeded() -> None:
    rng = random.Random("table-bisection-plain")
    for _ in range(5000):
        opponents = _opponents(rng)
        score = _score(rng, len(opponents))
        _assert_plain(opponents, score, _start(rng, opponents, score))


def test_the_crossing_is_the_least_float_above() -> None:
    rng = random.Random("table-crossing")
    for _ in range(1500):
        opponents = _opponents(rng)
        score = _score(rng, len(opponents))
        x = rng.uniform(min(opponents) - 1000, max(opponents) + 1000)
        threshold = _table_threshold(opponents, score, x)
        assert threshold == plain_crossing(opponents, score), (opponents, score, x)


def test_edges_on_one_point() -> None:
    """Whole-number ratings 3, 7, 8, ... apart: edges of several games on one point,
    the crossing among them (the sum's step there is more than one level)."""
    for gap in (3.0, 6.0, 7.0, 13.0):
        for n in (2, 3, 6):
            opponents = [1500.0 + gap * (i % 2) for i in range(n)]
            for score in (k / 2 for k in range(1, 2 * n)):
                for start in (None, 1400.0, 1520.0, 1503.0, 1510.0):
                    _assert_plain(opponents, score, start)


def test_edge_is_the_least_float() -> None:
    rng = random.Random("table-edge")
    for _ in range(3000):
        rating = rng.choice((rng.uniform(-1e5, 1e5), float(rng.randint(0, 3000)), 525.0))
        bound = rng.choice(_LEVEL_BOUNDS)
        y = _edge(rating, bound)
        assert y - rating > bound
        assert not math.nextafter(y, -math.inf) - rating > bound


def test_large_ratings_bisect_plainly() -> None:
    """Beyond |R| = 1e5 (and for the widest intervals) the same steps as well."""
    for opponents, score in (([2e5, 2e5 + 7], 1.0), ([-99_000.0, 99_000.0], 1.0), ([1e6], 0.3)):
        _assert_plain(opponents, score, None)


def test_the_bisection_ends_as_the_general_loop() -> None:
    """The widest interval the fast path sees ends far before the 200 steps."""
    trace: list[float] = []
    _bisect_at(12_345.678, -103_999.0, -104_000.0, 104_000.0, trace)
    assert len(trace) < 100
    assert _bisect_at(12_345.678, -103_999.0, -104_000.0, 104_000.0, None) == trace[-1]


@given(st.data())
@settings(max_examples=400, deadline=None)
def test_the_same_steps_hypothesis(data: st.DataObject) -> None:
    ratings = st.one_of(
        st.integers(min_value=0, max_value=3000).map(float),
        st.floats(min_value=-3000, max_value=6000, allow_nan=False),
        st.sampled_from((1500.0, 1503.0, 1507.0, 1510.0, 1497.0)),
    )
    opponents = data.draw(st.lists(ratings, min_size=1, max_size=14))
    n = len(opponents)
    score = data.draw(
        st.one_of(
            st.integers(min_value=1, max_value=2 * n - 1).map(lambda k: k / 2),
            st.integers(min_value=1, max_value=100 * n - 1).map(lambda k: k / 100),
            st.floats(min_value=1e-9, max_value=n - 1e-9, exclude_min=True, exclude_max=True),
        )
    )
    start = data.draw(st.one_of(st.none(), st.floats(min_value=-8000, max_value=10000)))
    _assert_plain(opponents, score, start)


@pytest.mark.parametrize("score", [0.0, 2.0, -1.0])
def test_scores_outside_are_refused(score: float) -> None:
    with pytest.raises(ValueError):
        solve_rating([1500.0, 1600.0], score, expectancy=win_expectancy_table)


@pytest.mark.parametrize(
    "opponents",
    [[1500.0, math.nan], [math.nan, 1500.0], [1500.0, math.inf], [-math.inf, 1500.0]],
)
def test_nan_and_infinite_ratings_are_refused(opponents: list[float]) -> None:
    """As before the fast path: the table's P(D) refuses them (a NaN after the first
    rating passes min and max)."""
    with pytest.raises((ValueError, OverflowError)):
        solve_rating(opponents, 1.0, expectancy=win_expectancy_table)

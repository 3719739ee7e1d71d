"""Win expectancy: the share of the point a player is expected to take.

Three curves, each a function of the rating difference D = own − opponent:

* :func:`win_expectancy` -- the DSB's normal curve P(D) = ½·(1 + erf(D/400))
  (σ = 200·√2), evaluated exactly; the DWZ default (Gewinnerwartung).
* :func:`fide_expected_score` -- FIDE Rating Regulations table 8.1.2 (PD), with
  the 400-point rule applied by the caller.
* :func:`logistic_expected_score` -- 1/(1 + 10^(−D/400)); offered, labelled,
  never a default.

:func:`win_expectancy_table` rounds the normal curve to two decimals per game,
as the Swiss-Chess program does; it exists to reproduce such unofficial
evaluations and is never the default.

The sums over a player's games, each added from left to right (the bits of every
figure depend on the order), are worked out here and nowhere else:

* :func:`expected_score` -- Σ P(R − Rj) on the normal curve, the one loop over
  ``erf``; :func:`expected_score_and_slope` adds Σ e^(−z²) (the slope over
  :data:`SLOPE_FACTOR`), :func:`expansion` its Taylor coefficients;
* :func:`expectancy_table` / :func:`expectancy_table_of` -- the fast form: the very
  floats of either curve for every whole-number D from −4000 to 4000, summed by
  :func:`table_score`;
* :func:`expected_score_of` (whole-number ratings) and :func:`expected_sum` (any
  values) -- the same sums for either curve.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import repeat
from operator import sub

from wertung.kernel.rounding import float_sum

__all__ = [
    "FIDE_TABLE_8_1_2",
    "SLOPE_FACTOR",
    "TABLE_OFFSET",
    "expansion",
    "expectancy_table",
    "expectancy_table_of",
    "expected_score",
    "expected_score_and_slope",
    "expected_score_of",
    "expected_sum",
    "fide_expected_score",
    "joint_score_and_slope",
    "logistic_expected_score",
    "table_levels",
    "table_score",
    "win_expectancy",
    "win_expectancy_table",
]


def win_expectancy(difference: float) -> float:
    """DWZ win expectancy P(D) = ½·(1 + erf(D/400)) (Gewinnerwartung).

    >>> round(win_expectancy(0), 4), round(win_expectancy(100), 4), round(win_expectancy(-150), 4)
    (0.5, 0.6382, 0.2979)
    """
    return 0.5 * (1.0 + _erf(difference / 400.0))


_erf, _exp = math.erf, math.exp
#: d/dR Σ P(R − Rj) = SLOPE_FACTOR · Σ e^(−z²), z = (R − Rj)/400.
SLOPE_FACTOR = 1.0 / (400.0 * math.sqrt(math.pi))


def expected_score(rating: float, opponents: Iterable[float], total: float = 0.0) -> float:
    """``total`` + Σ P(rating − Rj) on the normal curve, added from left to right.

    The one sum of :func:`win_expectancy` over a player's games: every evaluation, forecast
    and iteration calls it once per player (the same floats as adding
    ``win_expectancy(rating − Rj)`` one by one).

    >>> expected_score(1500, [1500, 1400]) == win_expectancy(0) + win_expectancy(100)
    True
    >>> expected_score(1500, []), expected_score(1500, [1500], 1.0)
    (0.0, 1.5)
    """
    erf = _erf
    for r in opponents:
        total += 0.5 * (1.0 + erf((rating - r) / 400.0))
    return total


def expected_score_and_slope(
    rating: float, opponents: Iterable[float], total: float = 0.0, slope: float = 0.0
) -> tuple[float, float]:
    """``total`` + Σ P(rating − Rj) and ``slope`` + Σ e^(−z²), z = (rating − Rj)/400,
    each added from left to right (the derivative of the sum is ``SLOPE_FACTOR`` times
    the second).

    >>> expected_score_and_slope(1500.0, [1500.0, 1500.0])
    (1.0, 2.0)
    """
    erf, exp = _erf, _exp
    for r in opponents:
        z = (rating - r) / 400.0
        total += 0.5 * (1.0 + erf(z))
        slope += exp(-z * z)
    return total, slope


def joint_score_and_slope(
    rating: float,
    fixed: Iterable[float],
    values: Sequence[float],
    positions: Iterable[int],
    total: float = 0.0,
    slope: float = 0.0,
    last: float | None = None,
) -> tuple[float, float]:
    """:func:`expected_score_and_slope` over the ``fixed`` ratings, then over ``values[j]``
    for each of ``positions`` (the current values of the joint iteration's new opponents),
    then over ``last`` if given (the fictitious draw's opponent), in that order, continuing
    from ``total`` and ``slope``.

    >>> joint_score_and_slope(1500.0, [1500.0], [1400.0, 1500.0], [1], last=1600.0) == (
    ...     expected_score_and_slope(1500.0, [1500.0, 1500.0, 1600.0]))
    True
    """
    erf, exp = _erf, _exp
    for r in fixed:
        z = (rating - r) / 400.0
        total += 0.5 * (1.0 + erf(z))
        slope += exp(-z * z)
    for j in positions:
        z = (rating - values[j]) / 400.0
        total += 0.5 * (1.0 + erf(z))
        slope += exp(-z * z)
    if last is not None:
        z = (rating - last) / 400.0
        total += 0.5 * (1.0 + erf(z))
        slope += exp(-z * z)
    return total, slope


def expansion(
    ratings: Iterable[float], at: float
) -> tuple[float, float, float, float, float, float, float]:
    """Σ P(at − Rj) and the Taylor coefficients of Σ e^(−z²), z = (x − Rj)/400, at ``at``.

    Returns ``(at, Σ P, B0, B1, B2, B3, B4)`` with Bk the k-th derivative of Σ e^(−z²);
    Σ P(x − Rj) = Σ P + F·(B0·d + B1·d²/2 + ...), F = :data:`SLOPE_FACTOR`, d = x − at.

    >>> expansion([1500.0], 1500.0)[1:4]
    (0.5, 1.0, 0.0)
    """
    erf, exp = _erf, _exp
    a0 = b0 = b1 = b2 = b3 = b4 = 0.0
    for r in ratings:
        z = (at - r) / 400.0
        a0 += 0.5 * (1.0 + erf(z))
        e = exp(-z * z)
        zz = z * z
        b0 += e
        b1 += e * (-2.0 * z)
        b2 += e * (4.0 * zz - 2.0)
        b3 += e * (z * (12.0 - 8.0 * zz))
        b4 += e * (zz * (16.0 * zz - 48.0) + 12.0)
    return (at, a0, b0, b1 / 400.0, b2 / 160_000.0, b3 / 64_000_000.0,
            b4 / 25_600_000_000.0)  # fmt: skip


#: :func:`expectancy_table` covers the differences −TABLE_OFFSET … TABLE_OFFSET.
TABLE_OFFSET = 4000
_EXACT_TABLE: list[float] = []
_TABLE_CURVE_TABLE: list[float] = []


def expectancy_table() -> list[float]:
    """P(D) on the normal curve for every whole-number D from −4000 to 4000, at
    ``D + 4000``: the very floats :func:`win_expectancy` gives (worked out once; a list
    index is cheaper than ``erf``).

    >>> table = expectancy_table()
    >>> table[4000], table[4000 + 100] == win_expectancy(100)
    (0.5, True)
    """
    if not _EXACT_TABLE:
        _EXACT_TABLE.extend([win_expectancy(d) for d in range(-TABLE_OFFSET, TABLE_OFFSET + 1)])
    return _EXACT_TABLE


def expectancy_table_of(expectancy: Callable[[float], float]) -> list[float] | None:
    """:func:`expectancy_table` for the curve ``expectancy``: on the exact curve that
    table, on the two-decimal table (``method="table"``) the very floats
    :func:`win_expectancy_table` gives for every whole-number D from −4000 to 4000 (at
    ``D + 4000``); None for any other curve.

    >>> table = expectancy_table_of(win_expectancy_table)
    >>> table[4000 + 100], table[4000 - 150], table[0], table[8000]
    (0.64, 0.3, 0.0, 1.0)
    >>> expectancy_table_of(win_expectancy) is expectancy_table()
    True
    """
    if expectancy is win_expectancy:
        return expectancy_table()
    if expectancy is not win_expectancy_table:
        return None
    if not _TABLE_CURVE_TABLE:
        _TABLE_CURVE_TABLE.extend(
            [win_expectancy_table(d) for d in range(-TABLE_OFFSET, TABLE_OFFSET + 1)]
        )
    return _TABLE_CURVE_TABLE


def table_score(table: list[float], rating: int, opponents: Iterable[int]) -> float:
    """Σ P(rating − Rj) read from ``table`` (:func:`expectancy_table_of`), added from left
    to right: the same float as the curve's sum, for whole-number ratings whose every
    difference lies within ±TABLE_OFFSET.

    >>> table_score(expectancy_table(), 1500, [1500, 1400]) == expected_score(1500, [1500, 1400])
    True
    """
    total = 0.0
    at = rating + TABLE_OFFSET
    for r in opponents:
        total += table[at - r]
    return total


_TABLE_P: dict[int, float] = {}


def expected_score_of(
    rating: int, opponents: Sequence[int], expectancy: Callable[[float], float]
) -> float:
    """Σ P(rating − Rj) in game order on the exact curve or the two-decimal table
    (whole-number ratings; the same float as adding each game's P(D) in turn).

    >>> expected_score_of(1500, [1400], win_expectancy_table)
    0.64
    """
    if expectancy is win_expectancy:
        return expected_score(rating, opponents)
    table = _TABLE_P
    expected = 0.0
    for r in opponents:
        diff = rating - r
        p = table.get(diff)
        if p is None:
            p = table[diff] = win_expectancy_table(diff)
        expected += p
    return expected


def expected_sum(
    value: float, opponents: Sequence[float], expectancy: Callable[[float], float]
) -> float:
    """``float_sum(P(value − Rj))`` for any curve, as the first-DWZ derivation computes it
    (0 for no games).

    On the two-decimal table each P(D) is read by its level (the number of band edges
    below D, the table's very floats) where every rating is finite: the same sum.

    >>> expected_sum(1500.5, [1500, 1400.25], win_expectancy_table) == (
    ...     win_expectancy_table(0.5) + win_expectancy_table(100.25))
    True
    """
    if expectancy is win_expectancy:
        return expected_score(value, opponents, 0)
    if expectancy is win_expectancy_table and math.isfinite(value + float_sum(opponents)):
        return float_sum(map(_LEVEL_P.__getitem__, table_levels(value, opponents)))
    return float_sum(expectancy(value - r) for r in opponents)


def win_expectancy_table(difference: float) -> float:
    """P(D) from the two-decimal probability table (Swiss-Chess table mode).

    The table is the one FIDE publishes as 8.1.2 (the same normal curve in bands
    of two decimals), without the 400-point rule. Reproduces unofficial
    Swiss-Chess evaluations; never the default.

    >>> win_expectancy_table(100), win_expectancy_table(-150)
    (0.64, 0.3)
    """
    magnitude = difference if difference >= 0 else -difference
    if magnitude <= _FIDE_LAST:
        # The band's PD as the float of the Fraction (pd/100, correctly rounded).
        position = bisect_left(_FIDE_UPPER, magnitude)
        return _TABLE_HIGH[position] if difference >= 0 else _TABLE_LOW[position]
    if magnitude < math.inf:
        return 1.0 if difference >= 0 else 0.0
    return float(fide_expected_score(difference))  # inf, NaN: refused there


def logistic_expected_score(difference: float) -> float:
    """Logistic expected score 1/(1 + 10^(−D/400)); an approximation, labelled as such."""
    # float ** float is typed Any (a negative base gives a complex); 10.0 is positive.
    power: float = 10.0 ** (-difference / 400.0)
    return 1.0 / (1.0 + power)


#: FIDE Rating Regulations 8.1.2: (largest |D| of the band, PD of the higher-rated player).
#: Differences above the last band score 1.00. [FIDE Rating Regulations 2024, table 8.1.2]
FIDE_TABLE_8_1_2: tuple[tuple[int, Fraction], ...] = tuple(
    (upper, Fraction(pd, 100))
    for upper, pd in (
        (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
        (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
        (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72),
        (179, 73), (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79),
        (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
        (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93),
        (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
    )
)  # fmt: skip
_FIDE_UPPER = [upper for upper, _ in FIDE_TABLE_8_1_2]
_FIDE_LAST = _FIDE_UPPER[-1]
# float(PD) and float(1 − PD) of each band, for the two-decimal P(D) of the table methods:
# a band is found by the first upper bound >= |D| (the same as its ceiling's for a
# fractional |D|, the bounds being whole numbers).
_TABLE_HIGH = [float(pd) for _, pd in FIDE_TABLE_8_1_2]
_TABLE_LOW = [float(1 - pd) for _, pd in FIDE_TABLE_8_1_2]
# The same P(D) by level, for the table methods' bisection: ℓ = bisect_left(_LEVEL_BOUNDS, D)
# counts the band edges below D (−u inclusive, written as the float just below −u; +u
# exclusive), and P = _LEVEL_P[ℓ] = ℓ/100, the float of the Fraction: 0 below −735, 1.0
# above 735.
_LEVEL_BOUNDS = [math.nextafter(-float(u), -math.inf) for u in reversed(_FIDE_UPPER)] + [
    float(u) for u in _FIDE_UPPER
]
_LEVEL_P = [float(Fraction(level, 100)) for level in range(2 * len(_FIDE_UPPER) + 1)]


def table_levels(x: float, opponents: Iterable[float]) -> list[int]:
    """The level ℓ of x − Rj for every opponent (P = ``_LEVEL_P[ℓ]`` on the table).

    >>> table_levels(1500.0, [1500.0, 1400.0]) == [
    ...     _LEVEL_P.index(win_expectancy_table(0)), _LEVEL_P.index(win_expectancy_table(100))]
    True
    """
    return list(map(bisect_left, repeat(_LEVEL_BOUNDS), map(sub, repeat(x), opponents)))


def fide_expected_score(difference: int | float) -> Fraction:
    """FIDE PD from table 8.1.2 for the rating difference D = own − opponent.

    The lower-rated player gets 1 − PD. The 400-point rule is *not* applied
    here (see :mod:`wertung.fide._change`).

    >>> fide_expected_score(100), fide_expected_score(-200), fide_expected_score(800)
    (Fraction(16, 25), Fraction(6, 25), Fraction(1, 1))
    """
    magnitude = abs(difference)
    # Table bands are whole numbers; a fractional difference belongs to the band
    # of its integer part's ceiling only when it exceeds the band's upper bound.
    position = bisect_left(_FIDE_UPPER, math.ceil(magnitude) if magnitude % 1 else magnitude)
    high = FIDE_TABLE_8_1_2[position][1] if position < len(FIDE_TABLE_8_1_2) else Fraction(1)
    return high if difference >= 0 else 1 - high

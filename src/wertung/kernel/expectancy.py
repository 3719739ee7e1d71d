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
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable
from fractions import Fraction
from itertools import repeat
from operator import sub

__all__ = [
    "FIDE_TABLE_8_1_2",
    "fide_expected_score",
    "logistic_expected_score",
    "table_levels",
    "win_expectancy",
    "win_expectancy_table",
]


def win_expectancy(difference: float) -> float:
    """DWZ win expectancy P(D) = ½·(1 + erf(D/400)) (Gewinnerwartung).

    >>> round(win_expectancy(0), 4), round(win_expectancy(100), 4), round(win_expectancy(-150), 4)
    (0.5, 0.6382, 0.2979)
    """
    return 0.5 * (1.0 + math.erf(difference / 400.0))


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
    return 1.0 / (1.0 + 10.0 ** (-difference / 400.0))


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

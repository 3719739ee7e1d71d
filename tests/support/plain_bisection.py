"""The plain bisection on the two-decimal table: the reference of the table methods' solver.

:func:`wertung.dwz._performance.solve_rating` on :func:`win_expectancy_table` bisects
Σ P(x − Rj) = W from [min − 4000, max + 4000] faster (the point where the sum first
is above the score found once, each step a single comparison with it). This is the
same bisection written as the rule reads: the sum evaluated at every point, game by
game, each P(D) looked up in FIDE table 8.1.2 (the first band whose upper bound is at
least |D|; ``tests/dwz/test_table_bisection.py`` checks it against the table's Fractions).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from wertung.kernel.expectancy import FIDE_TABLE_8_1_2

_UPPER = [upper for upper, _pd in FIDE_TABLE_8_1_2]
_PERCENT = [int(pd * 100) for _upper, pd in FIDE_TABLE_8_1_2]


def table_p(difference: float) -> float:
    """P(D) on the two-decimal table: PD of the band of |D| (1 − PD below), 1 beyond 735."""
    magnitude = -difference if difference < 0 else difference
    band = bisect_left(_UPPER, magnitude)
    percent = _PERCENT[band] if band < len(_UPPER) else 100
    return (percent if difference >= 0 else 100 - percent) / 100


def plain_bisection(
    opponents: Sequence[float],
    score: float,
    *,
    start: float | None = None,
    trace: list[float] | None = None,
) -> float:
    """The root of Σ P(x − Rj) = ``score`` by bisection, every point's sum evaluated.

    From ``start`` (or the opponents' average), within [min − 4000, max + 4000], halving
    until two points or the interval's ends are within 1e-9; ``trace`` gets every point.
    """
    n = len(opponents)
    if not 0 < score < n:
        raise ValueError("score must lie strictly between 0 and the number of games")
    low = min(opponents) - 4000.0
    high = max(opponents) + 4000.0
    x = start if start is not None and low < start < high else sum(opponents) / n
    if trace is not None:
        trace.append(x)
    for _ in range(200):
        expected = sum(table_p(x - r) for r in opponents)
        if expected - score > 0:
            high = min(high, x)
        else:
            low = max(low, x)
        candidate = (low + high) / 2
        if trace is not None:
            trace.append(candidate)
        if abs(candidate - x) < 1e-9 or high - low < 1e-9:
            return candidate
        x = candidate
    return x

"""Performance (Leistung, Turnierleistung) and the rating-equation solver.

The performance Rp is the rating at which the expected score equals the score:
Σ P(Rp − Rj) = W over the counted games [WO 3.6; SPEC §6]. It does not depend
on the player's own rating. The same equation, with the opponents' current
values, is what the first-DWZ iteration solves for each new player.

The equation is solved exactly (to far below a rating point), not to a table's
resolution.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Sequence

from .expectancy import (
    _FIDE_LAST,
    _FIDE_UPPER,
    _TABLE_HIGH,
    _TABLE_LOW,
    win_expectancy,
    win_expectancy_table,
)

_SLOPE_FACTOR = 1.0 / (400.0 * math.sqrt(math.pi))
_TOLERANCE = 1e-9


def expectation_and_slope(opponents: Sequence[float], rating: float) -> tuple[float, float]:
    """Σ P(rating − Rj) on the DWZ normal curve and its derivative with respect to rating.

    >>> expectation_and_slope([1500.0], 1500.0)[0]
    0.5
    """
    total = 0.0
    slope = 0.0
    for r in opponents:
        z = (rating - r) / 400.0
        total += 0.5 * (1.0 + math.erf(z))
        slope += math.exp(-z * z)
    return total, slope * _SLOPE_FACTOR


def solve_rating(
    opponents: Sequence[float],
    score: float,
    *,
    start: float | None = None,
    expectancy: Callable[[float], float] = win_expectancy,
    trace: list[float] | None = None,
) -> float:
    """The rating R with Σ P(R − Rj) = ``score`` over ``opponents``.

    ``score`` must lie strictly between 0 and the number of opponents. Newton's
    method, safeguarded by bisection, converges to 1e-9 rating points.

    >>> round(solve_rating([1500, 1500], 1.0), 6)
    1500.0
    """
    n = len(opponents)
    if not 0 < score < n:
        raise ValueError("score must lie strictly between 0 and the number of games")
    low = min(opponents) - 4000.0
    high = max(opponents) + 4000.0
    x = start if start is not None and low < start < high else sum(opponents) / n
    exact = expectancy is win_expectancy
    if (
        expectancy is win_expectancy_table
        and math.isfinite(low)
        and math.isfinite(high)
        and all(map(math.isfinite, opponents))
    ):
        return _bisect_table(opponents, score, x, low, high, trace)
    if trace is not None:
        trace.append(x)
    for _ in range(200):
        if exact:
            expected, slope = expectation_and_slope(opponents, x)
        else:
            expected, slope = sum(expectancy(x - r) for r in opponents), 0.0
        f = expected - score
        if f == 0 and exact:
            return x
        if f > 0:
            high = min(high, x)
        else:
            low = max(low, x)
        if exact and slope > 1e-300:
            step = max(-400.0, min(400.0, f / slope))
            if abs(step) < _TOLERANCE:
                # Newton has converged: the remaining step is below float noise.
                candidate = x - step
                if trace is not None:
                    trace.append(candidate)
                return candidate
            candidate = x - step
            if not low <= candidate <= high:
                candidate = (low + high) / 2
        else:
            candidate = (low + high) / 2
        if trace is not None:
            trace.append(candidate)
        if abs(candidate - x) < _TOLERANCE or high - low < _TOLERANCE:
            return candidate
        x = candidate
    return x


def _bisect_table(
    opponents: Sequence[float],
    score: float,
    x: float,
    low: float,
    high: float,
    trace: list[float] | None,
) -> float:
    """:func:`solve_rating`'s bisection on the two-decimal table, evaluated faster.

    The same steps and the same floats: P(D) from the table inlined (as
    :func:`~.expectancy.win_expectancy_table` gives it), and each game's P(x − Rj)
    taken from the interval's ends where they agree. P(x − Rj) never decreases
    with x (a float difference never does), so a game whose P is the same at both
    ends of the interval has that P everywhere inside, and a point whose games all
    have the P of one end has that end's sum (the same floats added in the same
    order). Once a single game's P differs between the ends, only that game is
    looked at.
    """
    upper, last, table_high, table_low = _FIDE_UPPER, _FIDE_LAST, _TABLE_HIGH, _TABLE_LOW
    # P game by game at the interval's ends: all 0 at min − 4000, all 1 at max + 4000.
    at_low: list[float] = [0.0] * len(opponents)
    at_high: list[float] = [1.0] * len(opponents)
    sum_low = sum_high = None
    moving = list(range(len(opponents)))  # the games whose P differs between the ends
    if trace is not None:
        trace.append(x)
    for _ in range(200):
        if len(moving) == 1:
            # One game decides: a point whose P is that end's has that end's sum, and
            # the sum is not above the score at the lower end, above it at the upper.
            j = moving[0]
            d = x - opponents[j]
            if d >= 0:
                p = table_high[bisect_left(upper, d)] if d <= last else 1.0
            else:
                p = table_low[bisect_left(upper, -d)] if d >= -last else 0.0
            one_end = True
            if p == at_high[j]:
                high = min(high, x)
            elif p == at_low[j]:
                low = max(low, x)
            else:
                one_end = False  # a band between the ends' bands: the general steps below
            if one_end:
                candidate = (low + high) / 2
                if trace is not None:
                    trace.append(candidate)
                if abs(candidate - x) < _TOLERANCE or high - low < _TOLERANCE:
                    return candidate
                x = candidate
                continue
        changed = []
        as_low = as_high = True
        for j in moving:
            d = x - opponents[j]
            if d >= 0:
                p = table_high[bisect_left(upper, d)] if d <= last else 1.0
            else:
                p = table_low[bisect_left(upper, -d)] if d >= -last else 0.0
            if p != at_low[j]:
                as_low = False
            if p != at_high[j]:
                as_high = False
            changed.append((j, p))
        if as_low:
            here = at_low
            if sum_low is None:
                sum_low = sum(at_low)
            expected = sum_low
        elif as_high:
            here = at_high
            if sum_high is None:
                sum_high = sum(at_high)
            expected = sum_high
        else:
            here = at_low.copy()
            for j, p in changed:
                here[j] = p
            expected = sum(here)
        if expected - score > 0:
            high = min(high, x)
            at_high, sum_high = here, expected
        else:
            low = max(low, x)
            at_low, sum_low = here, expected
        if len(moving) > 1 or not (as_low or as_high):
            moving = [j for j in moving if at_low[j] != at_high[j]]
        candidate = (low + high) / 2
        if trace is not None:
            trace.append(candidate)
        if abs(candidate - x) < _TOLERANCE or high - low < _TOLERANCE:
            return candidate
        x = candidate
    return x


def performance_rating(
    opponents: Sequence[float],
    score: float,
    *,
    extreme_offset: float = 677,
    expectancy: Callable[[float], float] = win_expectancy,
) -> float:
    """Unrounded performance: solved exactly, Rc ∓ ``extreme_offset`` at 0 % / 100 %.

    At 0 % the DSB publishes Rc − 677 (a real case: 0/5 against an average of
    505 gives −172); 100 % is taken symmetric (assumed) [SPEC §6].

    >>> round(performance_rating([505] * 5, 0))
    -172
    """
    n = len(opponents)
    average = sum(opponents) / n
    if score <= 0:
        return average - extreme_offset
    if score >= n:
        return average + extreme_offset
    return solve_rating(opponents, score, expectancy=expectancy)

"""Performance (Leistung, Turnierleistung) and the rating-equation solver.

The performance Rp is the rating at which the expected score equals the score:
Σ P(Rp − Rj) = W over the counted games [WO 3.6; SPEC §6]. It does not depend
on the player's own rating. The same equation, with the opponents' current
values, is what the first-DWZ iteration solves for each new player.

The equation is solved exactly (to far below a rating point), not to a table's
resolution. On the two-decimal table (a step function, ``method="table"``) the
bisection finds once the float where the sum first is above the score and compares
each of its points with it: the same steps and floats as evaluating the sum at every
point (``tests/support/plain_bisection.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise
from operator import add

from wertung.kernel.expectancy import (
    _LEVEL_BOUNDS,
    _LEVEL_P,
    SLOPE_FACTOR,
    expected_score_and_slope,
    table_levels,
    win_expectancy,
    win_expectancy_table,
)
from wertung.kernel.rounding import float_sum

_TOLERANCE = 1e-9
_INF = math.inf
#: Ratings up to this size: an edge's approximate place Rj + b is within 1e-9 of its exact one.
_FAST_LIMIT = 1e5
#: Band edges of the games closer than this are taken together (:func:`_table_threshold`).
_APART = 1e-6
#: The edge above and below each level (±inf beyond the table), for the walk's next edges.
_ABOVE = [*_LEVEL_BOUNDS, _INF]
_BELOW = [-_INF, *_LEVEL_BOUNDS]
#: Up to this many edges from the crossing the walk goes edge by edge, farther it jumps first.
_WALK = 6
#: The least gap from the start that :func:`_bisect_at` creeps over without comparisons.
_CREEP = 8e-9
#: Edges per rating point near a game at each level (band widths; 1/100 outside the table).
_DENSITY = [0.01] + [1.0 / (b - a) for a, b in pairwise(_LEVEL_BOUNDS)] + [0.01]


def expectation_and_slope(opponents: Sequence[float], rating: float) -> tuple[float, float]:
    """Σ P(rating − Rj) on the DWZ normal curve and its derivative with respect to rating.

    >>> expectation_and_slope([1500.0], 1500.0)[0]
    0.5
    """
    total, slope = expected_score_and_slope(rating, opponents)
    return total, slope * SLOPE_FACTOR


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
    x = start if start is not None and low < start < high else float_sum(opponents) / n
    exact = expectancy is win_expectancy
    if (
        expectancy is win_expectancy_table
        and low > -_FAST_LIMIT
        and high < _FAST_LIMIT
        and not math.isnan(sum(opponents))  # min and max may pass over a NaN
    ):
        threshold = _table_threshold(opponents, score, x)
        if threshold is not None:
            return _bisect_at(threshold, x, low, high, trace)
    if trace is not None:
        trace.append(x)
    for _ in range(200):
        if exact:
            expected, slope = expected_score_and_slope(x, opponents)
            slope *= SLOPE_FACTOR
        else:
            expected, slope = float_sum(expectancy(x - r) for r in opponents), 0.0
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


def solve_on_table(opponents: Sequence[float], score: float, start: float) -> float:
    """:func:`solve_rating` on :func:`win_expectancy_table` from ``start``: the same
    float, with fewer steps around it (the joint iteration's sweeps solve one such
    equation per new player and sweep).

    >>> solve_on_table([1500.0, 1600.0], 1.5, 1700.0) == solve_rating(
    ...     [1500.0, 1600.0], 1.5, start=1700.0, expectancy=win_expectancy_table)
    True
    """
    n = len(opponents)
    if not 0 < score < n:
        raise ValueError("score must lie strictly between 0 and the number of games")
    low = min(opponents) - 4000.0
    high = max(opponents) + 4000.0
    x = start if low < start < high else float_sum(opponents) / n
    # solve_rating's conditions for the crossing.
    if low > -_FAST_LIMIT and high < _FAST_LIMIT and not math.isnan(sum(opponents)):
        threshold = _table_threshold(opponents, score, x)
        if threshold is not None:
            return _bisect_at(threshold, x, low, high, None)
    return solve_rating(opponents, score, start=start, expectancy=win_expectancy_table)


class TableEquation:
    """Σ P(y − Rj) = ``score`` on the two-decimal table over fixed ``opponents``, solved
    again and again from new starts: each result :func:`solve_rating`'s (the same float).

    The crossing (the least float where the sum is above the score,
    :func:`_table_threshold`) is a function of the opponents and the score alone: it is
    found once, each solve is then the bisection from its start.

    >>> equation = TableEquation(1.5, [1500.0, 1600.0])
    >>> equation.solve(1700.0) == solve_rating([1500.0, 1600.0], 1.5, start=1700.0,
    ...                                        expectancy=win_expectancy_table)
    True
    """

    __slots__ = ("_bounds", "_opponents", "_score", "_threshold")

    def __init__(self, score: float, opponents: Sequence[float]) -> None:
        self._score = score
        self._opponents = opponents
        self._threshold: float | None = None
        self._bounds = (0.0, 0.0)

    def solve(self, start: float) -> float:
        """The solution from ``start``."""
        opponents = self._opponents
        threshold = self._threshold
        if threshold is None:
            n = len(opponents)
            low = min(opponents) - 4000.0
            high = max(opponents) + 4000.0
            x = start if low < start < high else float_sum(opponents) / n
            if (
                0 < self._score < n
                and low > -_FAST_LIMIT
                and high < _FAST_LIMIT
                and not math.isnan(sum(opponents))
                and -_FAST_LIMIT < x < _FAST_LIMIT
            ):
                threshold = _table_threshold(opponents, self._score, x)
            if threshold is None:
                return solve_rating(
                    opponents, self._score, start=start, expectancy=win_expectancy_table
                )
            self._threshold, self._bounds = threshold, (low, high)
        low, high = self._bounds
        x = start if low < start < high else float_sum(opponents) / len(opponents)
        if -_FAST_LIMIT < x < _FAST_LIMIT:
            return _bisect_at(threshold, x, low, high, None)
        return solve_rating(opponents, self._score, start=start, expectancy=win_expectancy_table)


def _table_threshold(opponents: Sequence[float], score: float, x: float) -> float | None:
    """The least float y with Σ P(y − Rj) > ``score`` on the two-decimal table, or None.

    On the table each game's P(y − Rj) is a level ℓ/100, ℓ = the number of band edges
    below y − Rj (:data:`_LEVEL_BOUNDS`), and the float sum never decreases with y
    (a float difference, the table and a float addition never do). So the bisection
    of :func:`solve_rating` compares each of its points with this one float (see
    :func:`_bisect_at`). It is found by walking from ``x`` over the games' band edges
    in order (the levels at ``x`` taken exactly, each edge at its approximate place
    Rj + b), until the sum first is (upwards) or first is not (downwards) above the
    score; the edge where that happens is then placed exactly (:func:`_edge`). Edges
    closer together than :data:`_APART` (much more than an approximate place can be
    off by) are taken together: each placed exactly, and taken in that order from
    the levels below them all. Far from the crossing the walk starts after a jump.
    None where this does not apply (very large ratings or very many games): the
    caller bisects plainly.

    >>> _table_threshold([1500.0], 0.5, 1400.0) == math.nextafter(1503.0, math.inf)  # 0.51
    True
    >>> _table_threshold([1500.0], 0.49, 1600.0)  # 0.5 from D = −3 (inclusive) on
    1497.0
    """
    n = len(opponents)
    if n > 10_000 or not -_FAST_LIMIT < x < _FAST_LIMIT:
        return None
    bounds, p_of, above, below = _LEVEL_BOUNDS, _LEVEL_P, _ABOVE, _BELOW
    levels = table_levels(x, opponents)
    count = sum(levels)
    target = 100.0 * score
    # Far from the crossing (many edges to walk over): a jump, as many edges on as are
    # missing at the edges' local density, to a point the walk starts from instead.
    if not -_WALK <= target - count <= _WALK:
        for _ in range(4):
            missing = target - count
            if -_WALK <= missing <= _WALK:
                break
            x += missing / float_sum(map(_DENSITY.__getitem__, levels))
            x = min(max(x, -_FAST_LIMIT), _FAST_LIMIT)
            levels = table_levels(x, opponents)
            count = sum(levels)
    # Σ P is within n²·2⁻⁵³ of count/100 (far below 0.0025 for n ≤ 10 000): only a
    # count within a quarter of 100·score needs the float sum itself.
    surely_above = target + 0.25
    surely_not = target - 0.25
    upwards = not (
        count >= surely_above
        or (count > surely_not and float_sum(map(p_of.__getitem__, levels)) > score)
    )
    walked: list[tuple[float, int, int]] = []  # (approximate place, game, edge index)
    if upwards:
        ahead = list(map(add, opponents, map(above.__getitem__, levels)))
        while True:
            place = min(ahead)
            j = ahead.index(place)
            level = levels[j]
            walked.append((place, j, level))
            levels[j] = level + 1
            count += 1
            ahead[j] = opponents[j] + above[level + 1]
            if count >= surely_above or (
                count > surely_not and float_sum(map(p_of.__getitem__, levels)) > score
            ):
                break
        following = min(ahead)
        if following - place >= _APART and (len(walked) == 1 or place - walked[-2][0] >= _APART):
            return _edge(opponents[j], bounds[level])
        while following - walked[-1][0] < _APART:  # the edges just above, taken together
            j = ahead.index(following)
            level = levels[j]
            walked.append((following, j, level))
            levels[j] = level + 1
            ahead[j] = opponents[j] + above[level + 1]
            following = min(ahead)
    else:
        behind = list(map(add, opponents, map(below.__getitem__, levels)))
        while True:
            place = max(behind)
            j = behind.index(place)
            level = levels[j] - 1
            walked.append((place, j, level))
            levels[j] = level
            count -= 1
            behind[j] = opponents[j] + below[level]
            if not (
                count >= surely_above
                or (count > surely_not and float_sum(map(p_of.__getitem__, levels)) > score)
            ):
                break
        following = max(behind)
        if place - following >= _APART and (len(walked) == 1 or walked[-2][0] - place >= _APART):
            return _edge(opponents[j], bounds[level])
        while walked[-1][0] - following < _APART:  # the edges just below, taken together
            j = behind.index(following)
            level = levels[j] - 1
            walked.append((following, j, level))
            levels[j] = level
            behind[j] = opponents[j] + below[level]
            following = max(behind)
    # Edges close together: the crossing is at one of the last ones walked over that lie
    # within _APART of one another (all of them walked over from x in this direction).
    # Below them all the sum is not above the score, above them all it is: they are
    # placed exactly and taken in that order, from the games' levels below them all.
    together = [walked[-1]]
    for step in reversed(walked[:-1]):
        if abs(step[0] - together[-1][0]) >= _APART:
            break
        together.append(step)
    placed = [(_edge(opponents[j], bounds[level]), j) for _place, j, level in together]
    first = placed[0][0]
    for place, _j in placed:
        if place != first:
            break
    else:
        return first  # all on one float (whole-number ratings, mostly): the sum steps there
    placed.sort()
    if upwards:
        for _place, j, _level in together:
            levels[j] -= 1
    count = sum(levels)
    for i, (place, j) in enumerate(placed):
        levels[j] += 1
        count += 1
        if i + 1 < len(placed) and placed[i + 1][0] == place:
            continue  # the next edge is on the same float: the sum steps over both at once
        if count >= surely_above or (
            count > surely_not and float_sum(map(p_of.__getitem__, levels)) > score
        ):
            return place
    return None  # not reached: above them all the sum is above the score


def _edge(rating: float, bound: float) -> float:
    """The least float y with y − ``rating`` > ``bound`` (as floats).

    From y = rating + bound, bracketed and halved float by float (y − rating never
    decreases with y).

    >>> _edge(1500.0, 3.0) == math.nextafter(1503.0, math.inf)
    True
    >>> _edge(525.0, math.nextafter(-517.0, -math.inf))  # y − 525 rounds to −517 from here
    7.999999999999943
    """
    y = rating + bound
    # Mostly the edge is y or the float just above it (y − rating never decreases with y).
    if y - rating > bound:
        if not _next_down(y) - rating > bound:
            return y
    else:
        up = _next_up(y)
        if up - rating > bound:
            return up
    step = math.ulp(bound) + math.ulp(y)
    if y - rating > bound:
        high = low = y
        while low - rating > bound:
            high = low
            low -= step
            step += step
    else:
        low = high = y
        while not high - rating > bound:
            low = high
            high += step
            step += step
    # low has y − rating ≤ bound, high above: halve until they are neighbours.
    while True:
        next_up = math.nextafter(low, _INF)
        if next_up == high:
            return high
        middle = (low + high) / 2
        if not low < middle < high:
            middle = next_up
        if middle - rating > bound:
            high = middle
        else:
            low = middle


def _next_up(y: float) -> float:
    return math.nextafter(y, _INF)


def _next_down(y: float) -> float:
    return math.nextafter(y, -_INF)


def _bisect_at(
    threshold: float, x: float, low: float, high: float, trace: list[float] | None
) -> float:
    """:func:`solve_rating`'s bisection, the sum above the score exactly from ``threshold`` on.

    The same steps as the general bisection there: ``x`` stays within [low, high]
    (a float midpoint lies between its ends), so the ``min``/``max`` there change
    nothing.

    >>> _bisect_at(1500.0, 1000.0, 0.0, 4000.0, None) - 1500.0 < 1e-9
    True
    """
    tolerance = _TOLERANCE
    if trace is not None:
        trace.append(x)
        for _ in range(200):
            if x >= threshold:
                high = x
            else:
                low = x
            candidate = (low + high) / 2
            trace.append(candidate)
            if abs(candidate - x) < tolerance or high - low < tolerance:
                return candidate
            x = candidate
        return x
    # While the interval is 4e-9 or wider the ending test cannot hold (the midpoint is
    # at least 2e-9 − float rounding from either end): those steps go without it, four
    # at a time while four halvings leave it that wide. The general loop's 200 steps are
    # never reached here: after the first the interval halves, from below 2.1e5 wide.
    wide = 4 * tolerance
    # From a start near the threshold the midpoints creep towards it on one side for most
    # of the steps: as long as the gap to the start (halving, to within a float's
    # rounding: under 1e-10 in all for ratings below 1e5) stays above twice the start's
    # distance from the threshold and above 8e-9, each midpoint is known to fall on that
    # side and the ending test not to hold: those steps go without the comparison.
    above = x >= threshold
    if above:
        high = x
    else:
        low = x
    margin = 2 * abs(x - threshold) + 1e-10
    if margin < _CREEP:
        margin = _CREEP
    if high - low > 16 * margin:
        steps = math.frexp((high - low) / margin)[1] - 1  # 2^steps ≤ gap/margin
        if above:
            x = low = _creep(low, high, steps)
        else:
            x = high = _creep(high, low, steps)
    four = 17 * wide
    while high - low >= four:
        x = (low + high) / 2
        if x >= threshold:
            high = x
        else:
            low = x
        x = (low + high) / 2
        if x >= threshold:
            high = x
        else:
            low = x
        x = (low + high) / 2
        if x >= threshold:
            high = x
        else:
            low = x
        x = (low + high) / 2
        if x >= threshold:
            high = x
        else:
            low = x
    while high - low >= wide:
        x = (low + high) / 2
        if x >= threshold:
            high = x
        else:
            low = x
    while True:  # each pass ends one step (the general loop's ending test), begins the next
        candidate = (low + high) / 2
        if abs(candidate - x) < tolerance or high - low < tolerance:
            return candidate
        x = candidate
        if x >= threshold:
            high = x
        else:
            low = x


def _creep(moving: float, start: float, steps: int) -> float:
    """``moving`` after ``steps`` halvings of its gap to ``start`` (each the bisection's
    midpoint, ``(low + high) / 2``, the same float either way round)."""
    for _ in range(steps >> 2):
        moving = (moving + start) * 0.5
        moving = (moving + start) * 0.5
        moving = (moving + start) * 0.5
        moving = (moving + start) * 0.5
    for _ in range(steps & 3):
        moving = (moving + start) * 0.5
    return moving


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
    average = float_sum(opponents) / n
    if score <= 0:
        return average - extreme_offset
    if score >= n:
        return average + extreme_offset
    return solve_rating(opponents, score, expectancy=expectancy)

"""Performance (Leistung, Turnierleistung) and the rating-equation solver.

The performance Rp is the rating at which the expected score equals the score:
Σ P(Rp − Rj) = W over the counted games [WO 3.6; SPEC §6]. It does not depend
on the player's own rating. The same equation, with the opponents' current
values, is what the first-DWZ iteration solves for each new player.

The equation is solved exactly (to far below a rating point), not to a table's
resolution. On the two-decimal table (a step function, ``method="table"``) the
bisection finds once the float where the sum first is above the score and compares
each of its points with it: the same steps and floats as evaluating the sum at every
point (``tests/plain_bisection.py``).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import pairwise, repeat
from operator import add, sub

from .expectancy import _LEVEL_BOUNDS, _LEVEL_P, win_expectancy, win_expectancy_table

_SLOPE_FACTOR = 1.0 / (400.0 * math.sqrt(math.pi))
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
#: A solve that moved a value by less than this keeps its crossing's levels (:class:`TableEquation`).
_SETTLED = 1e-6
#: How far the quick test of :class:`TableEquation` lets a crossing move (far more than
#: a float difference of ratings below 1e5 is off by).
_NEAR = 1e-6
#: Edges per rating point near a game at each level (band widths; 1/100 outside the table).
_DENSITY = [0.01] + [1.0 / (b - a) for a, b in pairwise(_LEVEL_BOUNDS)] + [0.01]


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


class TableEquation:
    """One player's Σ P(y − Rj) = ``score`` on the two-decimal table, solved again and
    again from new start values: each result is :func:`solve_rating`'s (the same float).

    With ``opponents`` given here the equation is fixed: its crossing (the least float
    where the sum is above the score, :func:`_table_threshold`, a function of the
    opponents and the score alone) is found once. Otherwise the opponents come with
    each start, those at the positions ``dynamic`` changing from one solve to the next
    (the new players' current values, the fictitious draw's average), the others fixed.
    Once a solve has moved the value by less than :data:`_SETTLED`, the fixed games'
    levels at the crossing and at the float below it are kept, and the next crossing is
    looked for near it first (:meth:`_crossing`).

    >>> equation = TableEquation(1.5, [1500.0, 1600.0])
    >>> equation.solve(1700.0) == solve_rating([1500.0, 1600.0], 1.5, start=1700.0,
    ...                                        expectancy=win_expectancy_table)
    True
    """

    __slots__ = ("_at", "_below", "_bounds", "_down_levels", "_dynamic", "_fixed", "_highest",
                 "_low_count", "_lower", "_lowest", "_opponents", "_ranges", "_score",
                 "_stepping", "_threshold", "_up_count", "_up_levels", "_upper")  # fmt: skip

    def __init__(
        self,
        score: float,
        opponents: Sequence[float] | None = None,
        dynamic: Sequence[int] = (),
    ) -> None:
        self._score = score
        self._opponents = opponents
        self._threshold: float | None = None
        self._bounds = (0.0, 0.0)
        self._dynamic = tuple(dynamic)
        self._fixed: list[int] = []
        # The kept crossing (None: none kept), the float below it; the games' levels
        # there (the fixed games' hold in the span [lowest, highest] on that side of it),
        # the fixed games' sums of them, and the changed games' levels when last seen.
        self._at: float | None = None
        self._below = 0.0
        self._upper: list[int] = []
        self._lower: list[int] = []
        self._up_count = self._low_count = 0
        self._lowest = self._highest = 0.0
        self._up_levels: list[int] = []
        self._down_levels: list[int] = []
        # The quick test (:meth:`_prepare`): each changed game that does not step at the
        # kept crossing with the range of values that keeps its levels there and at the
        # float below it, also for points up to _NEAR away; those that do step there.
        self._ranges: list[tuple[int, float, float]] = []
        self._stepping: list[tuple[int, int, int]] = []

    def solve(self, start: float, opponents: Sequence[float] | None = None) -> float:
        """The solution from ``start`` (opponents: the fixed ones, or these)."""
        if opponents is None:
            return self._solve_fixed(start)
        score = self._score
        n = len(opponents)
        if not 0 < score < n:
            raise ValueError("score must lie strictly between 0 and the number of games")
        low = min(opponents) - 4000.0
        high = max(opponents) + 4000.0
        x = start if low < start < high else sum(opponents) / n
        # solve_rating's conditions for the crossing, and those of _table_threshold.
        if not (
            low > -_FAST_LIMIT
            and high < _FAST_LIMIT
            and not math.isnan(sum(opponents))
            and -_FAST_LIMIT < x < _FAST_LIMIT
            and n <= 10_000
        ):
            self._at = None
            return solve_rating(opponents, score, start=start, expectancy=win_expectancy_table)
        if self._at is not None:
            threshold = self._crossing(opponents)
            if threshold is not None:
                return _bisect_at(threshold, x, low, high, None)
        threshold = _table_threshold(opponents, score, x)
        if threshold is None:  # pragma: no cover - not reached (see there)
            return solve_rating(opponents, score, start=start, expectancy=win_expectancy_table)
        result = _bisect_at(threshold, x, low, high, None)
        if -_SETTLED < result - start < _SETTLED:
            self._keep(opponents, threshold)
        return result

    def _solve_fixed(self, start: float) -> float:
        """:meth:`solve` with the opponents given at the start, the crossing found once."""
        opponents: Sequence[float] = self._opponents  # type: ignore[assignment]
        threshold = self._threshold
        if threshold is None:
            n = len(opponents)
            low = min(opponents) - 4000.0
            high = max(opponents) + 4000.0
            x = start if low < start < high else sum(opponents) / n
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
        x = start if low < start < high else sum(opponents) / len(opponents)
        if -_FAST_LIMIT < x < _FAST_LIMIT:
            return _bisect_at(threshold, x, low, high, None)
        return solve_rating(opponents, self._score, start=start, expectancy=win_expectancy_table)

    def _keep(self, opponents: Sequence[float], at: float) -> None:
        """Keep the levels at the crossing ``at`` and at the float below it."""
        bounds = _LEVEL_BOUNDS
        dynamic = self._dynamic
        fixed = self._fixed
        if len(fixed) + len(dynamic) != len(opponents):
            fixed = self._fixed = [j for j in range(len(opponents)) if j not in dynamic]
        below = _next_down(at)
        upper = list(map(bisect_left, repeat(bounds), map(sub, repeat(at), opponents)))
        lower = list(map(bisect_left, repeat(bounds), map(sub, repeat(below), opponents)))
        # For y ≥ at a fixed game's level is at least its level at ``at``, and stays so up
        # to its next edge; for y ≤ below it is at most its level there, down to its edge
        # below. The edges' approximate places Rj + b are off by far less than _APART.
        highest = _INF
        lowest = -_INF
        for j in fixed:
            r = opponents[j]
            edge = r + _ABOVE[upper[j]]
            if edge < highest:
                highest = edge
            edge = r + _BELOW[lower[j]]
            if edge > lowest:
                lowest = edge
        self._at, self._below = at, below
        self._upper, self._lower = upper, lower
        self._up_count = sum([upper[j] for j in fixed])
        self._low_count = sum([lower[j] for j in fixed])
        self._lowest, self._highest = lowest + _APART, highest - _APART
        self._up_levels = [upper[k] for k in dynamic]
        self._down_levels = [lower[k] for k in dynamic]
        self._prepare(opponents)

    def _prepare(self, opponents: Sequence[float]) -> None:
        """The quick test of :meth:`_crossing` for the kept crossing.

        A game's level at y is ℓ while Rj + B[ℓ−1] < y ≤ Rj + B[ℓ] (B: the band edges,
        y − Rj as a float, off by far less than _NEAR from the real difference). At the
        kept crossing and the float below it a changed game keeps a level it has at both
        while its value stays strictly between ``at − B[ℓ] + margin`` and
        ``below − B[ℓ−1] − margin`` (margin twice _NEAR: also for points up to _NEAR
        from the kept crossing).
        """
        at, below = self._at, self._below
        margin = 2 * _NEAR
        ranges = []
        stepping = []
        for k, up, down in zip(self._dynamic, self._up_levels, self._down_levels, strict=True):
            if up == down:
                ranges.append((k, at - _ABOVE[up] + margin, below - _BELOW[up] - margin))  # type: ignore[operator]
            else:
                stepping.append((k, up, down))
        self._ranges, self._stepping = ranges, stepping

    def _crossing(self, opponents: Sequence[float]) -> float | None:
        """The crossing for these opponents if it lies within the kept span: at the kept
        crossing, or at an edge of a changed game near it (None: not found so).

        Within the span the fixed games' levels are the kept ones (those at the kept
        crossing from it on, those at the float below it up to there), so the sum steps
        only there and at the changed games' edges. The kept crossing is the crossing
        if the sum is above the score there and not at the float below it (the least
        such float: the sum never decreases); otherwise the walk goes from it over the
        changed games' edges, each placed exactly (:func:`_edge`), until that holds at
        an edge.
        """
        at: float = self._at  # type: ignore[assignment]
        below = self._below
        bounds = _LEVEL_BOUNDS
        for k, lowest, highest in self._ranges:
            if not lowest < opponents[k] < highest:
                break
        else:  # the changed games that do not step there keep their levels (near it too)
            stepping = self._stepping
            if not stepping:
                return at  # every game's level as when the sum crossed there
            if len(stepping) == 1 and self._up_count == self._low_count:
                # The sum steps at one changed game's edge alone: where it is now is the
                # crossing if it moved by at most _NEAR (within the span), every other
                # game's level the same there and at the float below it.
                k, _up, down = stepping[0]
                edge = _edge(opponents[k], bounds[down])
                if edge == at:
                    return at
                edge_below = _next_down(edge)
                if (
                    -_NEAR <= edge - at <= _NEAR
                    and self._lowest <= edge_below
                    and edge <= self._highest
                ):
                    self._at, self._below = edge, edge_below
                    self._prepare(opponents)
                    return edge
            else:
                for k, up, down in stepping:
                    r = opponents[k]
                    if bisect_left(bounds, at - r) != up or bisect_left(bounds, below - r) != down:
                        break
                else:
                    return at
        dynamic = self._dynamic
        levels = [bisect_left(bounds, at - opponents[k]) for k in dynamic]
        levels_below = [bisect_left(bounds, below - opponents[k]) for k in dynamic]
        up_levels, down_levels = self._up_levels, self._down_levels
        if levels == up_levels and levels_below == down_levels:
            return at  # every game's level as when the sum crossed there
        upper, up_count = self._upper, self._up_count
        lower, low_count = self._lower, self._low_count
        above_at = self._above(levels, upper, up_count)
        above_below = self._above(levels_below, lower, low_count)
        if above_at and not above_below:
            self._up_levels, self._down_levels = levels, levels_below
            self._prepare(opponents)
            return at
        last = len(bounds)
        if not above_at:  # up over the changed games' edges
            highest = self._highest
            for _ in range(_WALK):
                edge = _INF
                for k, level in zip(dynamic, levels, strict=True):
                    if level < last:
                        place = _edge(opponents[k], bounds[level])
                        if place < edge:
                            edge = place
                if edge > highest or edge == _INF:
                    break
                # Up to the float below the edge the sum is the one at the last point.
                levels_below = levels
                levels = [bisect_left(bounds, edge - opponents[k]) for k in dynamic]
                if self._above(levels, upper, up_count):
                    self._moved(opponents, edge, True, levels, levels_below)
                    return edge
        else:  # down over them
            lowest = self._lowest
            levels = levels_below
            for _ in range(_WALK):
                edge = -_INF
                for k, level in zip(dynamic, levels, strict=True):
                    if level:
                        place = _edge(opponents[k], bounds[level - 1])
                        if place > edge:
                            edge = place
                y = _next_down(edge)
                if y < lowest or edge == -_INF:
                    break
                # From the edge to the last point the sum is the one there (above).
                levels_above = levels
                levels = [bisect_left(bounds, y - opponents[k]) for k in dynamic]
                if not self._above(levels, lower, low_count):
                    self._moved(opponents, edge, False, levels_above, levels)
                    return edge
        self._at = None
        return None

    def _above(self, levels: list[int], fixed_levels: list[int], count: int) -> bool:
        """Whether the sum is above the score, the changed games at ``levels``, the fixed
        games at ``fixed_levels`` (their sum ``count``)."""
        count += sum(levels)
        score = self._score
        target = 100.0 * score
        # As in _table_threshold: only a count within a quarter of 100·score needs the sum.
        if count >= target + 0.25:
            return True
        if count <= target - 0.25:
            return False
        full = fixed_levels.copy()
        for k, level in zip(self._dynamic, levels, strict=True):
            full[k] = level
        return sum(map(_LEVEL_P.__getitem__, full)) > score

    def _moved(
        self,
        opponents: Sequence[float],
        to: float,
        up: bool,
        levels: list[int],
        levels_below: list[int],
    ) -> None:
        """The kept crossing moved to ``to`` within the span (``up``: above it), the changed
        games there at ``levels`` and at the float below it at ``levels_below``: the fixed
        levels on that side of the kept crossing hold at both."""
        stepped = self._up_count != self._low_count  # a fixed game steps at the kept one
        if up:
            if stepped:
                self._lowest = self._at  # type: ignore[assignment]
            self._lower, self._low_count = self._upper, self._up_count
        else:
            if stepped:
                self._highest = self._below
            self._upper, self._up_count = self._lower, self._low_count
        self._at, self._below = to, _next_down(to)
        self._up_levels, self._down_levels = levels, levels_below
        self._prepare(opponents)


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
    levels = list(map(bisect_left, repeat(bounds), map(sub, repeat(x), opponents)))
    count = sum(levels)
    target = 100.0 * score
    # Far from the crossing (many edges to walk over): a jump, as many edges on as are
    # missing at the edges' local density, to a point the walk starts from instead.
    for _ in range(4):
        missing = target - count
        if -_WALK <= missing <= _WALK:
            break
        x += missing / sum(map(_DENSITY.__getitem__, levels))
        x = min(max(x, -_FAST_LIMIT), _FAST_LIMIT)
        levels = list(map(bisect_left, repeat(bounds), map(sub, repeat(x), opponents)))
        count = sum(levels)
    # Σ P is within n²·2⁻⁵³ of count/100 (far below 0.0025 for n ≤ 10 000): only a
    # count within a quarter of 100·score needs the float sum itself.
    surely_above = target + 0.25
    surely_not = target - 0.25
    upwards = not (
        count >= surely_above or (count > surely_not and sum(map(p_of.__getitem__, levels)) > score)
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
                count > surely_not and sum(map(p_of.__getitem__, levels)) > score
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
                or (count > surely_not and sum(map(p_of.__getitem__, levels)) > score)
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
    if all([place == first for place, _j in placed]):
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
            count > surely_not and sum(map(p_of.__getitem__, levels)) > score
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
    if x >= threshold:
        high = x
    else:
        low = x
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

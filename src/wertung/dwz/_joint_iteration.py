"""The joint iteration of the new players' first DWZ [WO 3.4.4, Anhang 1.2.2].

Every new player's Ri solves Σ P(Ri − Rj) = W, Rj being the fixed rating of an
established (or foreign-rated) opponent and the current Ri of a new one, all together
until no Ri moves: nonlinear Gauss–Seidel sweeps, one safeguarded Newton step per
player and sweep, from the start Rc + D(W/n). :func:`solve_jointly` is shared by the
single-player calculator and the whole-tournament evaluation.

The plain form of the same sweeps, the reference the fast form is tested against, is
``tests/support/plain_sweeps.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import cast

from wertung.dwz._performance import TableEquation, solve_on_table, solve_rating
from wertung.kernel.expectancy import SLOPE_FACTOR, expansion, win_expectancy, win_expectancy_table
from wertung.kernel.expectancy import joint_score_and_slope as sum_and_slope
from wertung.kernel.rounding import float_sum

__all__ = ["Opponent", "difference_for_score", "solve_jointly"]

#: An opponent in the joint iteration: a fixed rating, or the id of a new player.
Opponent = float | str

#: The result of the iteration: the solution, the values after each sweep, the starts.
Solution = tuple[dict[str, float], list[dict[str, float]], dict[str, float]]


def difference_for_score(
    share: float, expectancy: Callable[[float], float] = win_expectancy
) -> float:
    """D(p): the rating difference whose win expectancy is ``share`` (0 < p < 1).

    >>> round(difference_for_score(0.5), 6), round(difference_for_score(0.6382), 0)
    (0.0, 100.0)
    """
    if not 0 < share < 1:
        raise ValueError("share must lie strictly between 0 and 1")
    # A pure function of few distinct shares (W/n): solved once per share and curve.
    key = (share, expectancy)
    value = _DIFFERENCES.get(key)
    if value is None:
        value = solve_rating([0.0], share, expectancy=expectancy)
        if len(_DIFFERENCES) < 4096:
            _DIFFERENCES[key] = value
    return value


_DIFFERENCES: dict[tuple[float, Callable[[float], float]], float] = {}


def solve_jointly(
    games: Mapping[str, Sequence[tuple[Opponent, float]]],
    *,
    fictitious_draw: Mapping[str, bool] | None = None,
    expectancy: Callable[[float], float] = win_expectancy,
    tolerance: float = 1e-9,
    max_sweeps: int = 1000,
) -> Solution:
    """Solve the joint iteration for the new players in ``games``.

    ``games[p]`` lists ``(opponent, points)`` with ``opponent`` a fixed rating
    or the id of another new player (a key of ``games``). ``fictitious_draw[p]``
    adds one draw against p's current opponent average (100 % score, WO 2026).
    Returns the solution, the values after each sweep (the first entry is the
    start Rc + D(W/n)), and each player's start value.

    Gauss–Seidel sweeps, each player's equation solved given the others' current
    values (on the exact curve one safeguarded Newton step per player and sweep),
    until no value moves by more than ``tolerance``.

    >>> games = {"a": [(1500.0, 1), (1600.0, 0.5), ("b", 1)],
    ...          "b": [(1400.0, 0.5), (1450.0, 1), ("a", 0)]}
    >>> values, history, starts = solve_jointly(games)
    >>> {pid: round(v, 2) for pid, v in values.items()}, len(history)
    ({'a': 1826.01, 'b': 1548.6}, 12)

    The sweeps are the plain ones of ``tests/support/plain_sweeps.py``, done faster: on
    the exact curve the fixed opponents' part of a player's sum comes from a Taylor
    polynomial once his value has settled, and the new players fall apart into
    groups that never meet one another (components of the new-against-new games);
    a group whose values no longer move (by less than a thousandth of ``tolerance``)
    is left out of the further sweeps, where the plain sweeps would move it by
    float rounding only.
    """
    fictitious_draw = fictitious_draw or {}
    starts = _start_values(games, fictitious_draw, expectancy)
    if expectancy is win_expectancy:
        return _sweeps_exact(games, fictitious_draw, starts, tolerance, max_sweeps)
    if expectancy is win_expectancy_table:
        return _sweeps_table(games, fictitious_draw, starts, tolerance, max_sweeps)
    return _sweeps_solving(games, fictitious_draw, expectancy, starts, tolerance, max_sweeps)


def _start_values(
    games: Mapping[str, Sequence[tuple[Opponent, float]]],
    fictitious_draw: Mapping[str, bool],
    expectancy: Callable[[float], float],
) -> dict[str, float]:
    """Rc + D(W/n): fixed opponents first, then players whose opponents are new.

    The order of the result is the order the values were found in; the values and
    every sweep of the history keep it.
    """
    values: dict[str, float] = {}
    pending = list(games)
    for _ in range(len(pending) + 1):
        still = []
        for pid in pending:
            known = [
                (opp if not isinstance(opp, str) else values.get(opp)) for opp, _pts in games[pid]
            ]
            known_values = [v for v in known if v is not None]
            if not known_values:
                still.append(pid)
                continue
            n = len(games[pid])
            w = sum(pts for _opp, pts in games[pid])
            if fictitious_draw.get(pid):
                n, w = n + 1, w + 0.5
            average = float_sum(known_values) / len(known_values)
            values[pid] = average + difference_for_score(w / n, expectancy)
        if not still or len(still) == len(pending):
            for pid in still:  # only new opponents, none anchored: start at 0 offset
                values[pid] = 0.0
            break
        pending = still
    return values


def _sweeps_solving(
    games: Mapping[str, Sequence[tuple[Opponent, float]]],
    fictitious_draw: Mapping[str, bool],
    expectancy: Callable[[float], float],
    starts: dict[str, float],
    tolerance: float,
    max_sweeps: int,
) -> Solution:
    """Sweeps on any other curve: each equation solved in turn."""
    values = dict(starts)
    history = [dict(values)]
    # What does not change between sweeps: each player's opponents, his score and
    # whether he gets the fictitious draw; players without new opponents have the
    # same opponents in every sweep.
    plan: list[tuple[str, list[Opponent], float, bool, list[float] | None]] = []
    for pid, lines in games.items():
        w = sum(pts for _opp, pts in lines)
        draw = bool(fictitious_draw.get(pid))
        opps = [opp for opp, _pts in lines]
        constant: list[float] | None = None
        if not any(isinstance(opp, str) for opp in opps):
            ratings = cast("list[float]", opps)  # no id among them: all fixed ratings
            constant = [*ratings, float_sum(ratings) / len(ratings)] if draw else ratings
        plan.append((pid, opps, w + 0.5 if draw else w, draw, constant))
    for _ in range(max_sweeps):
        moved = 0.0
        for pid, opps, w, draw, constant in plan:
            opponents: list[float]
            if constant is not None:
                opponents = constant
            else:
                # `opp.__class__ is str` (quicker than isinstance in this loop) narrows the
                # id branch only, not the other one to float: the list holds floats alone.
                opponents = [
                    values[opp] if opp.__class__ is str else opp  # type: ignore[misc]
                    for opp in opps
                ]
                if draw:
                    opponents.append(float_sum(opponents) / len(opponents))
            value = values[pid]
            new = solve_rating(opponents, w, start=value, expectancy=expectancy)
            moved = max(moved, abs(new - value))
            values[pid] = new
        history.append(dict(values))
        if moved < tolerance:
            break
    return values, history, starts


def _sweeps_table(
    games: Mapping[str, Sequence[tuple[Opponent, float]]],
    fictitious_draw: Mapping[str, bool],
    starts: dict[str, float],
    tolerance: float,
    max_sweeps: int,
) -> Solution:
    """:func:`_sweeps_solving` on the two-decimal table: each equation solved as
    :func:`solve_rating` solves it (:func:`solve_on_table`), what does not change
    between sweeps worked out once: a player's fixed opponents, his score, and for a
    player without new opponents the whole equation (:class:`TableEquation`: its
    crossing found once)."""
    values = dict(starts)
    history = [dict(values)]
    plan: list[
        tuple[str, list[Opponent], list[tuple[int, str]], bool, float, TableEquation | None]
    ] = []
    for pid, lines in games.items():
        w = sum(pts for _opp, pts in lines)
        draw = bool(fictitious_draw.get(pid))
        opps = [opp for opp, _pts in lines]
        slots = [(k, opp) for k, opp in enumerate(opps) if isinstance(opp, str)]
        score = w + 0.5 if draw else w
        fixed = None
        if not slots:
            ratings = cast("list[float]", opps)  # no id among them: all fixed ratings
            fixed = TableEquation(
                score, [*ratings, float_sum(ratings) / len(ratings)] if draw else ratings
            )
        plan.append((pid, opps, slots, draw, score, fixed))
    for _ in range(max_sweeps):
        moved = 0.0
        for pid, opps, slots, draw, score, fixed in plan:
            value = values[pid]
            if fixed is None:
                # Floats alone once the ids at ``slots`` are replaced, just below.
                opponents: list[float] = opps.copy()  # type: ignore[assignment]
                for k, opp in slots:
                    opponents[k] = values[opp]
                if draw:
                    opponents.append(float_sum(opponents) / len(opps))
                new = solve_on_table(opponents, score, value)
            else:
                new = fixed.solve(value)
            change = new - value
            if change < 0:
                change = -change
            if change > moved:  # as max(moved, |change|), a NaN never counting
                moved = change
            values[pid] = new
        history.append(dict(values))
        if moved < tolerance:
            break
    return values, history, starts


def _sweeps_exact(
    games: Mapping[str, Sequence[tuple[Opponent, float]]],
    fictitious_draw: Mapping[str, bool],
    starts: dict[str, float],
    tolerance: float,
    max_sweeps: int,
) -> Solution:
    """The sweeps on the exact curve (see :func:`solve_jointly`)."""
    keys = list(starts)  # the order of the values and of every sweep's dict
    position = {pid: i for i, pid in enumerate(keys)}
    x = [starts[pid] for pid in keys]
    count = len(keys)
    group = list(range(count))  # union-find over the games between new players

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    plan: list[tuple[int, list[float], list[int], float, bool, int, float]] = []
    for pid, lines in games.items():
        i = position[pid]
        fixed = [float(opp) for opp, _pts in lines if not isinstance(opp, str)]
        new = [position[opp] for opp, _pts in lines if isinstance(opp, str)]
        for j in new:
            a, b = root(i), root(j)
            if a != b:
                group[a] = b
        w = float(sum(pts for _opp, pts in lines))
        draw = bool(fictitious_draw.get(pid))
        plan.append((i, fixed, new, w + 0.5 if draw else w, draw, len(lines), float_sum(fixed)))
    # Each record with the number of its group, numbered in the order the groups are met.
    components: dict[int, int] = {}
    active = [(*record, components.setdefault(root(record[0]), len(components))) for record in plan]
    groups = len(components)
    # A group that moved by less than this is left out of the further sweeps: the plain
    # sweeps would go on moving it by float rounding only (a Newton step of a settled
    # player is of the order of 1e-13 points).
    settled = tolerance * 1e-3
    left: set[int] = set()  # the groups left out
    expansions: list[tuple[float, ...] | None] = [None] * count
    last_change = [math.inf] * count  # each player's last change
    history = [dict(zip(keys, x, strict=True))]
    factor = SLOPE_FACTOR
    for _ in range(max_sweeps):
        moves = [0.0] * groups
        for i, fixed, new, w, draw, n, fixed_sum, component in active:
            value = x[i]
            if draw:  # the fictitious draw against the average of all his opponents
                opponent_sum = fixed_sum
                for j in new:
                    opponent_sum += x[j]
                last = opponent_sum / n
            else:
                last = None
            around = expansions[i]
            if around is not None and -1.0 <= value - around[0] <= 1.0:
                # The fixed opponents' part of Σ P(value − Rj) and of its slope from the
                # Taylor polynomial around where it was summed (within one rating point
                # it agrees with the direct sum to within float rounding).
                x0, a0, c1, c2, c3, c4, c5, b0, b1, b2, b3, b4 = around
                dx = value - x0
                total = a0 + dx * (c1 + dx * (c2 + dx * (c3 + dx * (c4 + dx * c5))))
                slope = b0 + dx * (b1 + dx * (b2 + dx * (b3 + dx * b4)))
                if new or draw:  # then the new opponents' part, summed
                    total, slope = sum_and_slope(value, (), x, new, total, slope, last)
            elif fixed and last_change[i] < 0.5:
                # Settling: later sweeps move him by far less than a point.
                around = expansions[i] = _polynomials(fixed, value)
                total, slope = around[1], around[7]
                if new or draw:
                    total, slope = sum_and_slope(value, (), x, new, total, slope, last)
            else:
                total, slope = sum_and_slope(value, fixed, x, new, 0.0, 0.0, last)
            slope *= factor
            if slope <= 1e-300:
                opponents = [*fixed, *(x[j] for j in new)]
                if draw:
                    opponents.append(float_sum(opponents) / n)
                result = solve_rating(opponents, w, start=value)
            else:
                # One safeguarded Newton step: limited to ±200 points, NaN giving 200.
                step = (total - w) / slope
                if step > 200.0 or step != step:
                    step = 200.0
                elif step < -200.0:
                    step = -200.0
                result = value - step
            change = result - value
            if change < 0:
                change = -change
            last_change[i] = change
            if change > moves[component]:
                moves[component] = change
            x[i] = result
        history.append(dict(zip(keys, x)))  # noqa: B905 - x has one value per key
        moved = max(moves, default=0.0)
        if moved < tolerance:
            break
        done = {c for c, move in enumerate(moves) if move < settled and c not in left}
        if done:
            left |= done
            active = [record for record in active if record[7] not in done]
    return dict(zip(keys, x, strict=True)), history, starts


def _polynomials(ratings: Sequence[float], at: float) -> tuple[float, ...]:
    """The Taylor polynomials of Σ P(x − Rj) and of Σ e^(−z²), z = (x − Rj)/400, at ``at``.

    Returns ``(at, A0, ..., A5, B0, ..., B4)``: Σ P(at + d − Rj) = A0 + A1·d + ... + A5·d⁵
    and Σ e^(−z²) = B0 + B1·d + ... + B4·d⁴ (the slope of the sum over F = 1/(400·√π)),
    both to within float rounding for |d| ≤ 1.

    >>> p = _polynomials([1500.0, 1600.0], 1550.0)
    >>> round(p[1], 12), abs(p[2] / SLOPE_FACTOR - p[7]) < 1e-12  # A1 = F·B0
    (1.0, True)
    """
    at, a0, b0, b1, b2, b3, b4 = expansion(ratings, at)
    f = SLOPE_FACTOR
    return (at, a0, f * b0, f * b1 / 2, f * b2 / 6, f * b3 / 24, f * b4 / 120,
            b0, b1, b2 / 2, b3 / 6, b4 / 24)  # fmt: skip

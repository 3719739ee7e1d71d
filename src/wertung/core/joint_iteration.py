"""The joint iteration of the new players' first DWZ [WO 3.4.4, Anhang 1.2.2].

Every new player's Ri solves Σ P(Ri − Rj) = W, Rj being the fixed rating of an
established (or foreign-rated) opponent and the current Ri of a new one, all together
until no Ri moves: nonlinear Gauss–Seidel sweeps, one safeguarded Newton step per
player and sweep, from the start Rc + D(W/n). :func:`solve_jointly` is shared by the
single-player calculator and the whole-tournament evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from .expectancy import win_expectancy
from .performance import _SLOPE_FACTOR, expectation_and_slope, solve_rating

__all__ = ["Opponent", "difference_for_score", "solve_jointly"]

#: An opponent in the joint iteration: a fixed rating, or the id of a new player.
Opponent = float | str


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
) -> tuple[dict[str, float], list[dict[str, float]], dict[str, float]]:
    """Solve the joint iteration for the new players in ``games``.

    ``games[p]`` lists ``(opponent, points)`` with ``opponent`` a fixed rating
    or the id of another new player (a key of ``games``). ``fictitious_draw[p]``
    adds one draw against p's current opponent average (100 % score, WO 2026).
    Returns the solution, the values after each sweep (the first entry is the
    start Rc + D(W/n)), and each player's start value.

    Gauss–Seidel sweeps, each player's equation solved exactly given the
    others' current values, until no value moves by more than ``tolerance``.
    """
    fictitious_draw = fictitious_draw or {}
    values: dict[str, float] = {}
    starts: dict[str, float] = {}
    # Start values: fixed opponents first, then players whose opponents are new.
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
            average = sum(known_values) / len(known_values)
            starts[pid] = average + difference_for_score(w / n, expectancy)
            values[pid] = starts[pid]
        if not still or len(still) == len(pending):
            for pid in still:  # only new opponents, none anchored: start at 0 offset
                starts[pid] = values[pid] = 0.0
            break
        pending = still
    history = [dict(values)]
    exact = expectancy is win_expectancy
    # What does not change between sweeps: each player's opponents (a fixed rating or
    # the id of a new player), his score, and whether he gets the fictitious draw.
    # Players without new opponents have the same opponents in every sweep.
    plan = []
    for pid, lines in games.items():
        w = sum(pts for _opp, pts in lines)
        draw = bool(fictitious_draw.get(pid))
        opps = [opp for opp, _pts in lines]
        constant = None
        if not any(opp.__class__ is str for opp in opps):
            constant = [*opps, sum(opps) / len(opps)] if draw else opps
        fixed = [opp for opp in opps if opp.__class__ is not str]
        new_opps = [opp for opp in opps if opp.__class__ is str]
        plan.append((pid, opps, w + 0.5 if draw else w, draw, constant, fixed, new_opps))
    # The fixed opponents' part of Σ P(value − Rj) and of its slope, as a Taylor polynomial
    # around the point where it was last evaluated (used within one rating point of it,
    # where it agrees with the direct sum to within float rounding): late sweeps move the
    # values by far less, and then only the games against new players are evaluated.
    expansions: dict[str, tuple[float, float, float, float, float, float, float]] = {}
    erf, exp = math.erf, math.exp
    for _ in range(max_sweeps):
        moved = 0.0
        for pid, opps, w, draw, constant, fixed, new_opps in plan:
            value = values[pid]
            if exact and not draw and fixed:
                # Nonlinear Gauss-Seidel: one safeguarded Newton step per player and sweep
                # (as below), the fixed part from its expansion.
                around = expansions.get(pid)
                if around is None or not -1.0 <= value - around[0] <= 1.0:
                    around = expansions[pid] = _expansion(fixed, value)
                x0, a0, b0, b1, b2, b3, b4 = around
                dx = value - x0
                total = a0 + _SLOPE_FACTOR * dx * (
                    b0 + dx * (b1 / 2 + dx * (b2 / 6 + dx * (b3 / 24 + dx * b4 / 120)))
                )
                slope = b0 + dx * (b1 + dx * (b2 / 2 + dx * (b3 / 6 + dx * b4 / 24)))
                for opp in new_opps:
                    z = (value - values[opp]) / 400.0
                    total += 0.5 * (1.0 + erf(z))
                    slope += exp(-z * z)
                slope *= _SLOPE_FACTOR
                if slope <= 1e-300:
                    opponents = [values[opp] if opp.__class__ is str else opp for opp in opps]
                    new = solve_rating(opponents, w, start=value)
                else:
                    step = (total - w) / slope
                    if step > 200.0 or step != step:
                        step = 200.0
                    elif step < -200.0:
                        step = -200.0
                    new = value - step
            else:
                if constant is not None:
                    opponents = constant
                else:
                    opponents = [values[opp] if opp.__class__ is str else opp for opp in opps]
                    if draw:
                        opponents.append(sum(opponents) / len(opponents))
                if exact:
                    # Nonlinear Gauss-Seidel: one safeguarded Newton step per player and
                    # sweep; the sweeps converge to the same exact solution as solving each
                    # equation. (expectation_and_slope and _newton_step inlined, same
                    # operations; the step limited to ±200 as max(-200, min(200, step))
                    # does, NaN giving 200.)
                    total = 0.0
                    slope = 0.0
                    for r in opponents:
                        z = (value - r) / 400.0
                        total += 0.5 * (1.0 + erf(z))
                        slope += exp(-z * z)
                    slope *= _SLOPE_FACTOR
                    if slope <= 1e-300:
                        new = solve_rating(opponents, w, start=value)
                    else:
                        step = (total - w) / slope
                        if step > 200.0 or step != step:
                            step = 200.0
                        elif step < -200.0:
                            step = -200.0
                        new = value - step
                else:
                    new = solve_rating(opponents, w, start=value, expectancy=expectancy)
            change = new - value
            if change < 0:
                change = -change
            if change > moved:
                moved = change
            values[pid] = new
        history.append(dict(values))
        if moved < tolerance:
            break
    return values, history, starts


def _expansion(
    ratings: Sequence[float], at: float
) -> tuple[float, float, float, float, float, float, float]:
    """Σ P(at − Rj) and the Taylor coefficients of Σ e^(−z²), z = (x − Rj)/400, at ``at``.

    Returns ``(at, Σ P, B0, B1, B2, B3, B4)`` with Bk the k-th derivative of Σ e^(−z²);
    Σ P(x − Rj) = Σ P + F·(B0·d + B1·d²/2 + ...), F = 1/(400·√π), d = x − at.
    """
    erf, exp = math.erf, math.exp
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


def _newton_step(opponents: Sequence[float], score: float, value: float) -> float:
    """One Newton step for Σ P(value − Rj) = score, limited to ±200 points."""
    expected, slope = expectation_and_slope(opponents, value)
    if slope <= 1e-300:
        return solve_rating(opponents, score, start=value)
    step = (expected - score) / slope
    return value - max(-200.0, min(200.0, step))

"""The plain Gauss–Seidel sweeps of the joint iteration: the reference of
:func:`wertung.dwz._joint_iteration.solve_jointly` (``tests/dwz/test_joint_iteration.py``).

The same sweeps without the fast path's shortcuts (no Taylor polynomial, no groups
leaving the sweeps), written as the rule reads: each player's opponents from the
current values, one safeguarded Newton step per player and sweep.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from wertung.dwz._joint_iteration import Opponent, Solution, _start_values
from wertung.dwz._performance import expectation_and_slope, solve_rating
from wertung.kernel.expectancy import win_expectancy


def _solve_gauss_seidel(
    games: Mapping[str, Sequence[tuple[Opponent, float]]],
    *,
    fictitious_draw: Mapping[str, bool] | None = None,
    expectancy: Callable[[float], float] = win_expectancy,
    tolerance: float = 1e-9,
    max_sweeps: int = 1000,
) -> Solution:
    """The reference: the plain Gauss–Seidel sweeps :func:`solve_jointly` does faster.

    Each sweep takes the players in the order of ``games``, builds each one's
    opponents from the current values and moves him by one safeguarded Newton step
    (exact curve) or solves his equation (any other curve).
    """
    fictitious_draw = fictitious_draw or {}
    values = _start_values(games, fictitious_draw, expectancy)
    starts = dict(values)
    history = [dict(values)]
    exact = expectancy is win_expectancy
    for _ in range(max_sweeps):
        moved = 0.0
        for pid, lines in games.items():
            opponents = [values[opp] if isinstance(opp, str) else opp for opp, _pts in lines]
            w = sum(pts for _opp, pts in lines)
            if fictitious_draw.get(pid):
                opponents.append(sum(opponents) / len(opponents))
                w += 0.5
            if exact:
                new = _newton_step(opponents, w, values[pid])
            else:
                new = solve_rating(opponents, w, start=values[pid], expectancy=expectancy)
            moved = max(moved, abs(new - values[pid]))
            values[pid] = new
        history.append(dict(values))
        if moved < tolerance:
            break
    return values, history, starts


def _newton_step(opponents: Sequence[float], score: float, value: float) -> float:
    """One Newton step for Σ P(value − Rj) = score, limited to ±200 points."""
    expected, slope = expectation_and_slope(opponents, value)
    if slope <= 1e-300:
        return solve_rating(opponents, score, start=value)
    step = (expected - score) / slope
    return value - max(-200.0, min(200.0, step))

"""Exceptional players (WO 3.6; WO 2014 for tournaments from 2016-08-01).

A player with a previous DWZ whose performance lies above R0 + the margin (from the
performance's minimum of games) counts with that performance instead of R0 for his
opponents, and the new players' joint iteration is worked out again with it.
"""

from __future__ import annotations

from collections.abc import Callable

from wertung.dwz._performance import performance_rating
from wertung.kernel.expectancy import expected_score, win_expectancy
from wertung.kernel.rounding import round_to_int
from wertung.tournament._player_working import State

__all__ = ["clearly_below", "exceptional_players", "meets_any"]


def exceptional_players(state: State) -> dict[str, int]:
    """The exceptional players (WO 3.6): performance above R0 + the margin, from at least
    the performance's minimum of games, among players with a previous DWZ."""
    regs, expectancy = state.regs, state.expectancy
    codes, fixed_at = state.codes, state.fixed_at
    ratings = state.rating_list()  # the outcome of the first iteration, no exceptional players
    margin, min_games = regs.exceptional_player_margin, regs.performance_min_games
    exact = expectancy is win_expectancy
    exceptional: dict[str, int] = {}
    for i, p in enumerate(state.tournament.players):
        rating = fixed_at[i]
        if rating is None or p.dwz is None:
            continue  # only players with a previous DWZ
        half = n = top = 0
        for code in codes[i]:
            r = ratings[code >> 2]
            if r is not None:
                half += code & 3
                n += 1
                if r > top:
                    top = r
        if n < min_games:
            continue
        if exact and 0 < half < 2 * n:
            # The first test of clearly_below, before the opponents are listed.
            at = rating + margin + 0.5 - 1e-6
            if n * win_expectancy(at - top) - half / 2 > 1e-12 * n:
                continue
        opponents = [r for code in codes[i] if (r := ratings[code >> 2]) is not None]
        if clearly_below(rating + margin, opponents, half, expectancy):
            continue
        perf = round_to_int(
            performance_rating(
                opponents,
                half / 2,
                extreme_offset=regs.performance_extreme_offset,
                expectancy=expectancy,
            )
        )
        if perf > rating + margin:
            exceptional[p.id] = perf
    return exceptional


def meets_any(state: State, players: tuple[str, ...], others: dict[str, int]) -> bool:
    """Whether any of ``players`` played one of ``others`` over the board."""
    codes, ids, position = state.codes, state.ids, state.position
    for pid in players:
        for code in codes[position[pid]]:
            if ids[code >> 2] in others:
                return True
    return False


def clearly_below(
    limit: int, opponents: list[int], half: int, expectancy: Callable[[float], float]
) -> bool:
    """Whether the performance (rounded half up) is surely at most ``limit``, without solving.

    Σ P(Rp − Rj) rises with Rp, so Rp < limit + ½ (rounded: ≤ limit) exactly when the
    expected score at limit + ½ exceeds the score. Decided only with a margin (1e-6 rating
    points, far above the solver's 1e-9), so that the solved performance would round the
    same way; otherwise (and at 0 % or 100 %) the performance is solved as usual.
    """
    n = len(opponents)
    if expectancy is not win_expectancy or not 0 < half < 2 * n:
        return False
    at = limit + 0.5 - 1e-6
    # Every P(at − Rj) is at least P(at − max Rj): often that alone exceeds the score.
    if n * win_expectancy(at - max(opponents)) - half / 2 > 1e-12 * n:
        return True
    return expected_score(at, opponents) - half / 2 > 1e-12 * n

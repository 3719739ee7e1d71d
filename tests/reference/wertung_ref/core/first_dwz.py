"""First DWZ (Erst-DWZ) [WO 3.4; SPEC §5; seeds 000/003].

* Stage 1 (WO 3.4.1.1): no DWZ and no foreign rating, at least 5 counted games
  against players with a DWZ (carry-over games included) and at least ½ point
  among them.
* Stage 2 (WO 3.4.1.2): further players without DWZ with at least 5 games
  against stage-1 and established players.
* Joint iteration (WO 3.4.4, Anhang 1.2.2): every new player's Ri solves
  Σ P(Ri − Rj) = W, Rj being R0 of established opponents and the current Ri of
  new ones, all together until no Ri moves. Start: Rc + D(W/n).
* WO 2026: at 100 % one fictitious draw against Rc; 0 % gives no first DWZ.
* Correction towards 2000 (WO 2026) or below 800 (WO 2014), then rounding.

:func:`solve_jointly` is shared with the whole-tournament evaluation.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .derivation import Derivation
from .expectancy import win_expectancy
from .forecast import GameLine, expectancy_function, with_expectancy
from .model import CarryOverGame
from .performance import expectation_and_slope, performance_rating, solve_rating
from .regulations.dwz import Dwz2026, DwzRegulations
from .rounding import round_to_int

__all__ = [
    "Correction",
    "FirstDwz",
    "IterationStep",
    "correct",
    "difference_for_score",
    "single_first_dwz",
    "solve_jointly",
]

#: An opponent in the joint iteration: a fixed rating, or the id of a new player.
Opponent = float | str


@dataclass(frozen=True)
class IterationStep(Derivation):
    """One step of the iteration: the value, the expected score there and the gap."""

    step: int
    value: float
    expected_score: float
    score: float


@dataclass(frozen=True)
class Correction(Derivation):
    """The correction of the iterated value Ri to R1."""

    iterated: float
    corrected: float
    rating: int
    formula: str
    band: str


def difference_for_score(
    share: float, expectancy: Callable[[float], float] = win_expectancy
) -> float:
    """D(p): the rating difference whose win expectancy is ``share`` (0 < p < 1).

    >>> round(difference_for_score(0.5), 6), round(difference_for_score(0.6382), 0)
    (0.0, 100.0)
    """
    if not 0 < share < 1:
        raise ValueError("share must lie strictly between 0 and 1")
    return solve_rating([0.0], share, expectancy=expectancy)


def correct(iterated: float, regulations: DwzRegulations) -> Correction:
    """Correct Ri to the first DWZ R1 and round it (WO 2026 towards 2000; WO 2014 below 800).

    >>> [correct(x, __import__("wertung.kernel.parameters", fromlist=["WO_2026"]).WO_2026).rating
    ...  for x in (2100, 1500, 1100, 500, -20)]
    [2100, 1540, 1172, 1133, 1100]
    """
    if isinstance(regulations, Dwz2026):
        r = regulations.r
        upper, lower = regulations.correction_upper, regulations.correction_lower
        if iterated >= upper:
            value, formula, band = iterated, "R1 = Ri", "at_least_2000"
        elif iterated >= lower:
            value = iterated + float(r) * (upper - iterated)
            formula, band = f"R1 = Ri + {float(r):g}·({upper} − Ri)", "1100_to_2000"
        else:
            base = max(iterated, 0.0)  # a negative Ri is set to 0
            value = lower + 9 * float(r) * base / 11
            formula, band = f"R1 = {lower} + 9·{float(r):g}·Ri/11", "below_1100"
        rating = max(round_to_int(value), regulations.floor)
    else:
        below = regulations.correction_below
        if iterated < below:
            value = regulations.correction_base + iterated / regulations.correction_divisor
            formula = f"R1 = {regulations.correction_base} + Ri/{regulations.correction_divisor}"
            band = "below_800"
        else:
            value, formula, band = iterated, "R1 = Ri", "at_least_800"
        rating = round_to_int(value)
    return Correction(iterated=iterated, corrected=value, rating=rating, formula=formula, band=band)


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
    for _ in range(max_sweeps):
        moved = 0.0
        for pid, lines in games.items():
            opponents = [values[opp] if isinstance(opp, str) else opp for opp, _pts in lines]
            w = sum(pts for _opp, pts in lines)
            if fictitious_draw.get(pid):
                opponents.append(sum(opponents) / len(opponents))
                w += 0.5
            if exact:
                # Nonlinear Gauss-Seidel: one safeguarded Newton step per player and sweep;
                # the sweeps converge to the same exact solution as solving each equation.
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


@dataclass(frozen=True)
class FirstDwz(Derivation):
    """The derivation of a first DWZ, or of why there is none yet."""

    regulations: str
    end_date: dt.date | None
    age: int | None
    member: bool
    conditional: bool
    games: tuple[GameLine, ...]
    counted_games: int
    score: Fraction
    opponent_average: float | None
    stage: int | None
    rating: int | None
    iterated: float | None
    start_value: float | None
    fictitious_draw: bool
    iteration: tuple[IterationStep, ...]
    correction: Correction | None
    expected_score: float | None
    performance: int | None
    new_index: int | None
    reason: str | None
    reason_text: str | None
    carry_over_out: tuple[CarryOverGame, ...] = ()
    carry_over_expires: dt.date | None = None
    method: str = "exact"
    rules: dict[str, str] = field(default_factory=dict)

    @property
    def new_rating(self) -> int | None:
        """Same as :attr:`rating` (the corrected first DWZ R1)."""
        return self.rating


@functools.cache
def first_dwz_rules(regs: DwzRegulations) -> dict[str, str]:
    """The first-DWZ rule texts, written from the regulations' own constants."""
    n, points = regs.first_dwz_min_games, regs.first_dwz_min_points
    if isinstance(regs, Dwz2026):
        r = f"{float(regs.r):g}"
        up, low = regs.correction_upper, regs.correction_lower
        correction = (
            f"{regs.name}: R1 = Ri (≥ {up}); Ri + {r}·({up} − Ri) ({low}–{up}); "
            f"{low} + 9·{r}·Ri/11 (< {low}, negative Ri as 0)"
        )
        fictitious = f"{regs.name} (WO 3.4.4): at 100 % one fictitious draw against Rc"
    else:
        correction = (
            f"{regs.name}: R1 = {regs.correction_base} + Ri/{regs.correction_divisor} "
            f"below {regs.correction_below}, else R1 = Ri"
        )
        fictitious = f"{regs.name}: no fictitious draw; 100 % gives no first DWZ yet"
    return {
        "stage": f"WO 3.4.1: stage 1: ≥ {n} games against players with DWZ (carry-over games "
        f"included) and ≥ {float(points):g} points among them; stage 2: ≥ {n} games against "
        "stage-1 and established players",
        "iterated": "WO 3.4.4, Anhang 1.2.2: iterate until Σ P(Ri − Rj) = W; start Rc + D(W/n)",
        "fictitious_draw": fictitious,
        "correction": correction,
        "carry_over": f"WO 3.4.2, 4.1.1: games kept as carry-over games for "
        f"{regs.carry_over_years} years",
        "conditional": "WO 3.4.3: unaffiliated players get no published DWZ and no "
        "carry-over games",
    }


REASONS = {
    "too_few_games": "fewer than {min} counted games against rated opponents ({n})",
    "too_few_points": "less than ½ point against rated opponents",
    "full_score": "100 % score: no first DWZ under WO 2014 (the games are kept)",
}


def carry_over_of(
    lines: Sequence[GameLine], end_date: dt.date | None, tournament: str | None = None
) -> tuple[CarryOverGame, ...]:
    """The counted games of this tournament as carry-over games for later evaluations."""
    return tuple(
        CarryOverGame(
            opponent_rating=line.opponent_rating,
            result=line.result,
            end_date=end_date,
            tournament=tournament,
        )
        for line in lines
        if line.counted and not line.carry_over and line.opponent_rating is not None
    )


def carry_over_lines(
    carry_over: Sequence[CarryOverGame], end_date: dt.date | None, regulations: DwzRegulations
) -> list[GameLine]:
    """Carry-over games as game lines; expired ones (older than 2 years) not counted."""
    lines = []
    for game in carry_over:
        expires = game.expires(regulations.carry_over_years)
        expired = expires is not None and end_date is not None and end_date > expires
        lines.append(
            GameLine(
                opponent_rating=game.opponent_rating,
                result=game.result,
                points=game.result.points,
                counted=game.result.counted and not expired,
                reason="carry_over_expired"
                if expired
                else (None if game.result.counted else "forfeit"),
                carry_over=True,
                opponent_name=game.tournament,
            )
        )
    return lines


def first_dwz_reason(n: int, score: Fraction, regulations: DwzRegulations) -> str | None:
    """Why there is no first DWZ from ``n`` rated games and ``score`` points (None: there is)."""
    if n < regulations.first_dwz_min_games:
        return "too_few_games"
    if score < regulations.first_dwz_min_points:
        return "too_few_points"
    if score >= n and not regulations.fictitious_draw_at_full_score:
        return "full_score"
    return None


def without_first_dwz(
    base: dict,
    lines: Sequence[GameLine],
    prior: Sequence[CarryOverGame],
    *,
    reason: str,
    regulations: DwzRegulations,
    end_date: dt.date | None,
    tournament: str | None = None,
) -> FirstDwz:
    """The derivation of a player left without a first DWZ, with his carry-over games.

    ``lines`` are this tournament's games followed by one line per ``prior``
    carry-over game. Members keep this tournament's counted games and the prior
    ones still valid; unaffiliated players keep none (WO 3.4.3).
    """
    member = base["member"]
    keep = carry_over_of(lines, end_date, tournament) if member else ()
    prior_lines = lines[len(lines) - len(prior) :] if prior else ()
    kept_prior = (
        tuple(g for g, line in zip(prior, prior_lines, strict=True) if line.counted)
        if member
        else ()
    )
    n = base["counted_games"]
    return FirstDwz(
        **base,
        games=tuple(lines),
        stage=None,
        rating=None,
        iterated=None,
        start_value=None,
        fictitious_draw=False,
        iteration=(),
        correction=None,
        expected_score=None,
        performance=None,
        new_index=None,
        reason=reason,
        reason_text=REASONS[reason].format(min=regulations.first_dwz_min_games, n=n),
        carry_over_out=kept_prior + keep,
        carry_over_expires=keep[0].expires(regulations.carry_over_years) if keep else None,
    )


def single_first_dwz(
    lines: Sequence[GameLine],
    *,
    carry_over: Sequence[CarryOverGame] = (),
    regulations: DwzRegulations,
    age: int | None,
    end_date: dt.date | None,
    member: bool = True,
    method: str = "exact",
) -> FirstDwz:
    """First DWZ of one player whose opponents all have a rating (the calculator case)."""
    expectancy = expectancy_function(method)
    all_lines = [*lines, *carry_over_lines(carry_over, end_date, regulations)]
    counted = [line for line in all_lines if line.counted and line.opponent_rating is not None]
    n = len(counted)
    w = sum((line.points for line in counted), Fraction(0))
    average = sum(line.opponent_rating for line in counted) / n if n else None
    base = {
        "regulations": regulations.name,
        "end_date": end_date,
        "age": age,
        "member": member,
        "conditional": not member,
        "counted_games": n,
        "score": w,
        "opponent_average": average,
        "method": method,
        "rules": first_dwz_rules(regulations),
    }
    reason = first_dwz_reason(n, w, regulations)
    if reason is not None:
        return without_first_dwz(
            base,
            all_lines,
            carry_over,
            reason=reason,
            regulations=regulations,
            end_date=end_date,
        )
    return finish_first_dwz(
        base, all_lines, stage=1, regulations=regulations, expectancy=expectancy
    )


def finish_first_dwz(
    base: dict,
    lines: Sequence[GameLine],
    *,
    stage: int,
    regulations: DwzRegulations,
    expectancy: Callable[[float], float],
) -> FirstDwz:
    """Solve Ri for a player whose opponents all have a fixed rating and build the derivation."""
    counted = [line for line in lines if line.counted and line.opponent_rating is not None]
    ratings = [float(line.opponent_rating) for line in counted]
    n = len(ratings)
    w = float(sum(line.points for line in counted))
    # 100 %: one fictitious draw against Rc (WO 2026; WO 2014 stops earlier: full_score).
    fictitious = w >= n
    solve_for = [*ratings, sum(ratings) / n] if fictitious else ratings
    solve_w = w + 0.5 if fictitious else w
    start_value = sum(solve_for) / len(solve_for) + difference_for_score(
        solve_w / len(solve_for), expectancy
    )
    history: list[float] = []
    iterated = solve_rating(
        solve_for, solve_w, start=start_value, expectancy=expectancy, trace=history
    )
    steps = tuple(
        IterationStep(
            step=i,
            value=value,
            expected_score=sum(expectancy(value - r) for r in solve_for),
            score=solve_w,
        )
        for i, value in enumerate(history)
    )
    correction = correct(iterated, regulations)
    expected = sum(expectancy(iterated - r) for r in ratings)
    perf = None
    if n >= regulations.performance_min_games:
        perf = round_to_int(
            performance_rating(
                ratings,
                w,
                extreme_offset=regulations.performance_extreme_offset,
                expectancy=expectancy,
            )
        )
    return FirstDwz(
        **base,
        games=tuple(_with_expectancy(lines, iterated, expectancy)),
        stage=stage,
        rating=correction.rating,
        iterated=iterated,
        start_value=start_value,
        fictitious_draw=fictitious,
        iteration=steps,
        correction=correction,
        expected_score=expected,
        performance=perf,
        new_index=1,
        reason=None,
        reason_text=None,
    )


def _with_expectancy(
    lines: Sequence[GameLine], rating: float, expectancy: Callable[[float], float]
) -> list[GameLine]:
    out = []
    for line in lines:
        if line.counted and line.opponent_rating is not None:
            diff = rating - line.opponent_rating
            out.append(with_expectancy(line, difference=diff, win_expectancy=expectancy(diff)))
        else:
            out.append(line)
    return out

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

:func:`solve_jointly` (:mod:`.joint_iteration`) is shared with the whole-tournament evaluation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, TypedDict

from wertung.dwz._carry_over import CarryOverGame
from wertung.dwz._forecast import Method, expectancy_function
from wertung.dwz._forecast_rules import rule_text
from wertung.dwz._game_line import GameLine, with_expectancy
from wertung.dwz._joint_iteration import difference_for_score, solve_jointly
from wertung.dwz._performance import (
    performance_rating,
    solve_rating,
)
from wertung.dwz.regulations import Dwz2014, Dwz2026, DwzRegulations
from wertung.kernel.derivation import Derivation
from wertung.kernel.rounding import float_sum, round_to_int

__all__ = [
    "Correction",
    "FirstDwz",
    "FirstDwzBase",
    "FirstDwzReason",
    "IterationStep",
    "correct",
    "corrected_rating",
    "difference_for_score",
    "single_first_dwz",
    "solve_jointly",
]


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


def correct(iterated: float, regulations: DwzRegulations) -> Correction:
    """Correct Ri to the first DWZ R1 and round it (WO 2026 towards 2000; WO 2014 below 800).

    >>> [correct(x, __import__("wertung.dwz.regulations", fromlist=["WO_2026"]).WO_2026).rating
    ...  for x in (2100, 1500, 1100, 500, -20)]
    [2100, 1540, 1172, 1133, 1100]
    """
    value, formula, band, rating = _corrected(iterated, regulations)
    return Correction(iterated=iterated, corrected=value, rating=rating, formula=formula, band=band)


def corrected_rating(iterated: float, regulations: DwzRegulations) -> int:
    """The first DWZ R1 of :func:`correct` alone (the rounded corrected value).

    >>> corrected_rating(1500.0, __import__("wertung.dwz.regulations", fromlist=["WO_2026"]).WO_2026)
    1540
    """
    return _corrected(iterated, regulations)[3]


def _corrected(iterated: float, regulations: DwzRegulations) -> tuple[float, str, str, int]:
    """The corrected value, the formula, the band and the rounded R1."""
    constants = _CORRECTION.get(id(regulations))
    if constants is None or constants[0] is not regulations:
        constants = _CORRECTION[id(regulations)] = _correction_constants(regulations)
    if constants[1]:
        _regs, _2026, rf, nine_r, upper, lower, floor, middle, low_formula = constants
        if iterated >= upper:
            value, formula, band = iterated, "R1 = Ri", "at_least_2000"
        elif iterated >= lower:
            value = iterated + rf * (upper - iterated)
            formula, band = middle, "1100_to_2000"
        else:
            base = max(iterated, 0.0)  # a negative Ri is set to 0
            value = nine_r * base / 11  # 9·r·Ri/11, in this order
            value = lower + value
            formula, band = low_formula, "below_1100"
        rating = max(round_to_int(value), floor)
    else:
        _regs_2014, _2014, below, correction_base, divisor, below_formula = constants
        if iterated < below:
            value = correction_base + iterated / divisor
            formula = below_formula
            band = "below_800"
        else:
            value, formula, band = iterated, "R1 = Ri", "at_least_800"
        rating = round_to_int(value)
    return value, formula, band, rating


#: The correction's constants of one set of regulations: WO 2014 ``(regulations, False,
#: below, base, divisor, formula below)``, WO 2026 ``(regulations, True, r, 9·r, upper,
#: lower, floor, formula between, formula below)``.
_Constants = (
    tuple[Dwz2014, Literal[False], int, int, int, str]
    | tuple[Dwz2026, Literal[True], float, float, int, int, int, str, str]
)
_CORRECTION: dict[int, _Constants] = {}


def _correction_constants(regulations: DwzRegulations) -> _Constants:
    """The correction's numbers and formula texts of one set of regulations."""
    if not isinstance(regulations, Dwz2026):
        base, divisor = regulations.correction_base, regulations.correction_divisor
        return (
            regulations, False, regulations.correction_below, base, divisor,
            f"R1 = {base} + Ri/{divisor}",
        )  # fmt: skip
    rf = float(regulations.r)
    upper, lower = regulations.correction_upper, regulations.correction_lower
    return (
        regulations, True, rf, 9 * rf, upper, lower, regulations.floor,
        f"R1 = Ri + {rf:g}·({upper} − Ri)", f"R1 = {lower} + 9·{rf:g}·Ri/11",
    )  # fmt: skip


#: Why there is no first DWZ (:attr:`FirstDwz.reason`; the texts: :data:`REASONS`).
FirstDwzReason = Literal["too_few_games", "too_few_points", "full_score"]


class FirstDwzBase(TypedDict):
    """The fields of :class:`FirstDwz` that a player has whether or not he gets a first DWZ."""

    regulations: str
    end_date: dt.date | None
    age: int | None
    member: bool
    conditional: bool
    counted_games: int
    score: Fraction
    opponent_average: float | None
    method: Method
    rules: dict[str, str]


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
    reason: FirstDwzReason | None
    reason_text: str | None
    carry_over_out: tuple[CarryOverGame, ...] = ()
    carry_over_expires: dt.date | None = None
    method: Method = "exact"
    rules: dict[str, str] = field(default_factory=dict)

    @property
    def new_rating(self) -> int | None:
        """Same as :attr:`rating` (the corrected first DWZ R1)."""
        return self.rating


def first_dwz_rules(regs: DwzRegulations) -> dict[str, str]:
    """The first-DWZ rule texts, written from the regulations' own constants."""
    cached = _RULES.get(id(regs))
    if cached is not None and cached[0] is regs:
        return cached[1]
    rules = _first_dwz_rules(regs)
    _RULES[id(regs)] = (regs, rules)
    return rules


_RULES: dict[int, tuple[DwzRegulations, dict[str, str]]] = {}


def _first_dwz_rules(regs: DwzRegulations) -> dict[str, str]:
    n, points = regs.first_dwz_min_games, regs.first_dwz_min_points
    if isinstance(regs, Dwz2026):
        correction = rule_text("rule.first.correction_2026", regs=regs.name,
                               upper=regs.correction_upper, r=f"{float(regs.r):g}",
                               lower=regs.correction_lower)  # fmt: skip
        fictitious = rule_text("rule.first.fictitious_draw", regs=regs.name)
    else:
        correction = rule_text("rule.first.correction_2014", regs=regs.name,
                               base=regs.correction_base, divisor=regs.correction_divisor,
                               below=regs.correction_below)  # fmt: skip
        fictitious = rule_text("rule.first.no_fictitious_draw", regs=regs.name)
    return {
        "stage": rule_text("rule.first.stage", games=n, points=f"{float(points):g}"),
        "iterated": rule_text("rule.first.iterated"),
        "fictitious_draw": fictitious,
        "correction": correction,
        "carry_over": rule_text("rule.first.carry_over", years=regs.carry_over_years),
        "conditional": rule_text("rule.first.conditional"),
    }


REASONS: dict[FirstDwzReason, str] = {
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
    """Carry-over games as game lines; expired ones (older than 2 years) and ones from a
    tournament that ended after ``end_date`` (not an earlier evaluation's, WO 3.4.2) listed,
    not counted.

    >>> from wertung.dwz._carry_over import CarryOverGame
    >>> from wertung.dwz.regulations import WO_2026
    >>> from wertung.kernel.results import WIN
    >>> games = [CarryOverGame(1600, WIN, dt.date(2026, 3, 1)),
    ...          CarryOverGame(1500, WIN, dt.date(2027, 1, 5))]
    >>> [(g.counted, g.reason) for g in carry_over_lines(games, dt.date(2026, 9, 1), WO_2026)]
    [(True, None), (False, 'carry_over_later')]
    """
    lines = []
    for game in carry_over:
        expires = game.expires(regulations.carry_over_years)
        reason = None if game.result.counted else "forfeit"
        if end_date is not None:
            if expires is not None and end_date > expires:
                reason = "carry_over_expired"
            elif game.end_date is not None and game.end_date > end_date:
                reason = "carry_over_later"
        lines.append(
            GameLine(
                opponent_rating=game.opponent_rating,
                result=game.result,
                points=game.result.points,
                counted=reason is None,
                reason=reason,
                carry_over=True,
                opponent_name=game.tournament,
            )
        )
    return lines


def first_dwz_reason(n: int, score: Fraction, regulations: DwzRegulations) -> FirstDwzReason | None:
    """Why there is no first DWZ from ``n`` rated games and ``score`` points (None: there is)."""
    if n < regulations.first_dwz_min_games:
        return "too_few_games"
    if score < regulations.first_dwz_min_points:
        return "too_few_points"
    if score >= n and not regulations.fictitious_draw_at_full_score:
        return "full_score"
    return None


def without_first_dwz(
    base: FirstDwzBase,
    lines: Sequence[GameLine],
    prior: Sequence[CarryOverGame],
    *,
    reason: FirstDwzReason,
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
    method: Method = "exact",
) -> FirstDwz:
    """First DWZ of one player whose opponents all have a rating (the calculator case)."""
    expectancy = expectancy_function(method)
    all_lines = [*lines, *carry_over_lines(carry_over, end_date, regulations)]
    counted = [line for line in all_lines if line.counted and line.opponent_rating is not None]
    n = len(counted)
    w = sum((line.points for line in counted), Fraction(0))
    average = sum(line.opponent_rating for line in counted) / n if n else None  # type: ignore[misc]  # counted: all with a rating
    base: FirstDwzBase = {
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
    base: FirstDwzBase,
    lines: Sequence[GameLine],
    *,
    stage: int,
    regulations: DwzRegulations,
    expectancy: Callable[[float], float],
) -> FirstDwz:
    """Solve Ri for a player whose opponents all have a fixed rating and build the derivation."""
    counted = [line for line in lines if line.counted and line.opponent_rating is not None]
    ratings = [float(line.opponent_rating) for line in counted]  # type: ignore[arg-type]  # counted: all with a rating
    n = len(ratings)
    w = float(sum(line.points for line in counted))
    # 100 %: one fictitious draw against Rc (WO 2026; WO 2014 stops earlier: full_score).
    fictitious = w >= n
    solve_for = [*ratings, float_sum(ratings) / n] if fictitious else ratings
    solve_w = w + 0.5 if fictitious else w
    start_value = float_sum(solve_for) / len(solve_for) + difference_for_score(
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
            expected_score=float_sum(expectancy(value - r) for r in solve_for),
            score=solve_w,
        )
        for i, value in enumerate(history)
    )
    correction = correct(iterated, regulations)
    expected = float_sum(expectancy(iterated - r) for r in ratings)
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

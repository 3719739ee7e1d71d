"""Whole-tournament evaluation, as the rating office does it [SPEC §4–§6].

All players at once:

1. Classify: *established* (DWZ), *foreign* (no DWZ, FIDE Elo used as R0 with
   starting index 6), *new* (neither). Unaffiliated players (``member=False``)
   are evaluated like everybody else; their own result is *conditional*.
2. Only games played over the board count; forfeits, byes and unplayed games
   are listed and dropped.
3. First DWZ: stage 1, stage 2, the joint iteration (solved exactly), the 100 %
   fictitious draw (WO 2026), the correction (WO 3.4).
4. Established and foreign-rated players are evaluated against established,
   foreign-rated and new players who received a first DWZ (with the corrected
   R1, WO 3.4.4.2). Games against players left without any rating do not count.
5. WO 2014 events from 2016-08-01: exceptional players (performance above R0
   + 300) count with their performance for their opponents, after a new joint
   iteration (WO 3.6).
6. New members without a first DWZ keep their counted games as carry-over
   games (with expiry date); unaffiliated players store none.

Each player's FIDE Elo is evaluated too when the tournament is FIDE-rated.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

# patch 4 (README): the DWZ decision by the time control (SPEC §4) is the current core's
from wertung.dwz._time_control_rule import check_tournament as _time_check

from .derivation import Derivation
from .errors import InvalidDate, WertungError
from .first_dwz import (
    FirstDwz,
    IterationStep,
    carry_over_lines,
    correct,
    first_dwz_reason,
    first_dwz_rules,
    solve_jointly,
    without_first_dwz,
)
from .forecast import (
    Forecast,
    GameLine,
    evaluate_established,
    expectancy_function,
    with_expectancy,
)
from .model import Player, Tournament
from .performance import performance_rating
from .regulations.dwz import Dwz2014, DwzRegulations, age_at, dwz_regulations_for
from .results import ZERO, Score
from .rounding import round_to_int
from .time_control import BLITZ, RAPID
from .unknown_index import IndexRange, index_range

__all__ = ["PlayerResult", "TournamentEvaluation", "evaluate"]

ESTABLISHED = "established"
FOREIGN = "foreign"
FIRST = "first"
CARRY_OVER = "carry-over"
CONDITIONAL = "conditional"
NOT_RATED = "not-rated"
STATUSES = (ESTABLISHED, FOREIGN, FIRST, CARRY_OVER, CONDITIONAL, NOT_RATED)


@dataclass(frozen=True)
class PlayerResult(Derivation):
    """One player's result in the whole-tournament evaluation."""

    id: str
    name: str
    status: str
    basis: str  # the status before the conditional mark: established/foreign/first/...
    conditional: bool
    dwz_before: int | None
    index_before: int | None
    dwz_after: int | None
    index_after: int | None
    change: int | None
    foreign_rating: int | None
    points: Fraction
    score: Fraction
    counted_games: int
    expected_score: float | None
    development_factor: Fraction | None
    development_coefficient: int | None
    performance: int | None
    exceptional: bool
    stage: int | None
    dwz: Forecast | FirstDwz | None
    elo_before: int | None = None
    elo_after: int | None = None
    elo_change: float | None = None
    elo: Any = None
    note: str | None = None
    index_range: IndexRange | None = None


@dataclass(frozen=True)
class TournamentEvaluation(Derivation):
    """The evaluation of a whole tournament."""

    name: str
    end_date: dt.date | None
    regulations: str
    method: str
    players: tuple[PlayerResult, ...]
    stage_1: tuple[str, ...]
    stage_2: tuple[str, ...]
    iteration_sweeps: int
    iteration: tuple[dict[str, float], ...]
    exceptional_players: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    rules: dict[str, str] = field(default_factory=dict)
    complete: bool = True
    incomplete: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    dwz_rated: bool = True
    time_control: str | None = None
    rounds: int | None = None
    played_rounds: int | None = None
    time_control_check: Any = None  # patch 4

    def player(self, key: str) -> PlayerResult:
        """The result of the player with this id (or exact name)."""
        for result in self.players:
            if result.id == key or result.name == key:
                return result
        raise WertungError(f"no player {key!r} in this tournament", field="player")


@dataclass
class _Pairing:
    round: int
    opponent: str | None
    score: Score
    played: bool
    reason: str | None


def _pairings(tournament: Tournament) -> dict[str, list[_Pairing]]:
    table: dict[str, list[_Pairing]] = {p.id: [] for p in tournament.players}
    for game in tournament.games:
        played = game.result.played
        reason = None if played else ("not_played" if game.result.value == "*" else "forfeit")
        table[game.white].append(
            _Pairing(game.round, game.black, game.result.white, played, reason)
        )
        table[game.black].append(
            _Pairing(game.round, game.white, game.result.black, played, reason)
        )
    for bye in tournament.byes:
        table[bye.player].append(
            _Pairing(bye.round, None, Score(bye.points, forfeit=True), False, "bye")
        )
    for rows in table.values():
        rows.sort(key=lambda r: r.round)
    return table


def evaluate(
    tournament: Tournament,
    *,
    method: str = "exact",
    regulations: str | None = None,
    exceptional_players: bool | None = None,
    fide: bool | None = None,
) -> TournamentEvaluation:
    """Evaluate every player of ``tournament`` at once.

    ``method="table"`` rounds P(D) to two decimals per game (Swiss-Chess);
    ``exceptional_players`` overrides the regulations' exceptional-player rule;
    ``fide`` switches the FIDE evaluation (default: when the tournament is
    FIDE-rated).

    Only standard games are DWZ-rated (SPEC §4): a tournament marked
    ``rated_for_dwz=False`` or with a rapid or blitz ``time_control`` gets no DWZ
    evaluation (every player "not rated", with the reason), and its FIDE
    evaluation follows the rapid/blitz rules. ``complete``/``incomplete`` carry
    the import's verdict on whether every game was accounted for, plus any
    player whose games do not add up to the source's total.
    """
    tournament.validate()
    if tournament.end_date is not None:  # patch 3 (README): nobody born after the end
        for p in tournament.players:
            if p.birth_year is not None and p.birth_year > tournament.end_date.year:
                raise InvalidDate(
                    f"year of birth {p.birth_year} is after the date "
                    f"{tournament.end_date.isoformat()}",
                    field="birth_year",
                    player=p.id,
                )
    time_check = _time_check(tournament)  # patch 4
    if not tournament.rated_for_dwz or time_check.rated is False:
        return _without_dwz(tournament, time_check, fide=fide)
    if tournament.end_date is None and regulations is None:
        raise InvalidDate(
            "the tournament's end date is missing; it decides the regulations and the ages",
            field="end_date",
        )
    end = tournament.end_date
    regs = dwz_regulations_for(end, name=regulations)
    expectancy = expectancy_function(method)
    apply_exceptional = (
        exceptional_players
        if exceptional_players is not None
        else regs.exceptional_player_rule
        and (not isinstance(regs, Dwz2014) or end is None or end >= regs.exceptional_player_since)
    )
    players = {p.id: p for p in tournament.players}
    pairings = _pairings(tournament)
    ages = {p.id: age_at(p.birth_year, end) if end else None for p in tournament.players}

    # 1. Classify.
    fixed: dict[str, int] = {}  # R0 of established and foreign-rated players
    new: list[str] = []
    for p in tournament.players:
        if p.dwz is not None:
            fixed[p.id] = p.dwz
        elif p.foreign_rating:
            fixed[p.id] = p.foreign_rating
        else:
            new.append(p.id)

    played = {
        pid: [g for g in rows if g.played and g.opponent is not None]
        for pid, rows in pairings.items()
    }
    # Carry-over games of the new players as lines (expired ones listed, not counted).
    carry_lines = {pid: carry_over_lines(players[pid].carry_over, end, regs) for pid in new}
    carried = {pid: [line for line in lines if line.counted] for pid, lines in carry_lines.items()}

    # 2.–3. Stages of the first DWZ; eligibility recomputed until stable.
    stage_1: list[str] = []
    for pid in new:
        vs_rated = [g for g in played[pid] if g.opponent in fixed]
        n = len(vs_rated) + len(carried[pid])
        w = sum(g.score.points for g in vs_rated) + sum(line.points for line in carried[pid])
        if n >= regs.first_dwz_min_games and w >= regs.first_dwz_min_points:
            stage_1.append(pid)
    stage_2: list[str] = []
    anchor = set(fixed) | set(stage_1)
    for pid in new:
        if pid in stage_1:
            continue
        vs = [g for g in played[pid] if g.opponent in anchor]
        if len(vs) + len(carried[pid]) >= regs.first_dwz_min_games:
            stage_2.append(pid)

    def iteration_input(
        members: set[str], values_for_fixed: dict[str, float]
    ) -> dict[str, list[tuple[float | str, float]]]:
        data: dict[str, list[tuple[float | str, float]]] = {}
        # Patched after the freeze (see tests/reference/README.md): tournament order, not
        # the set's hash order, as the current core does.
        for pid in sorted(members, key=new.index):
            lines: list[tuple[float | str, float]] = []
            for g in played[pid]:
                if g.opponent in values_for_fixed:
                    lines.append((values_for_fixed[g.opponent], float(g.score.points)))
                elif g.opponent in members:
                    lines.append((g.opponent, float(g.score.points)))
            lines.extend((float(line.opponent_rating), float(line.points)) for line in carried[pid])
            data[pid] = lines
        return data

    def eligible(members: set[str], data: dict[str, list[tuple[float | str, float]]]) -> set[str]:
        keep = set()
        for pid in members:
            n = len(data[pid])
            w = sum(points for _opp, points in data[pid])
            if n < regs.first_dwz_min_games or w <= 0:
                continue
            if w >= n and not regs.fictitious_draw_at_full_score:
                continue
            keep.add(pid)
        return keep

    def run_iteration(values_for_fixed: dict[str, float]):
        members = set(stage_1) | set(stage_2)
        # Removing a player can only shrink the others' games, so this ends.
        data = iteration_input(members, values_for_fixed)
        while (still := eligible(members, data)) != members:
            members = still
            data = iteration_input(members, values_for_fixed)
        fictitious = {
            pid: regs.fictitious_draw_at_full_score
            and sum(p for _o, p in data[pid]) >= len(data[pid])
            for pid in data
        }
        if not members:
            return {}, [], {}, fictitious
        values, history, starts = solve_jointly(
            data, fictitious_draw=fictitious, expectancy=expectancy
        )
        return values, history, starts, fictitious

    fixed_values = {pid: float(r) for pid, r in fixed.items()}
    values, history, starts, fictitious = run_iteration(fixed_values)
    r1 = {pid: correct(value, regs) for pid, value in values.items()}

    def opponent_value(pid: str, exceptional: dict[str, int]) -> int | None:
        if pid in exceptional:
            return exceptional[pid]
        if pid in fixed:
            return fixed[pid]
        if pid in r1:
            return r1[pid].rating
        return None

    def established_lines(pid: str, exceptional: dict[str, int]) -> list[GameLine]:
        lines = []
        for g in pairings[pid]:
            opp = players.get(g.opponent) if g.opponent else None
            rating = opponent_value(g.opponent, exceptional) if g.opponent else None
            reason = g.reason
            if reason is None and rating is None:
                reason = "opponent_without_rating"
            lines.append(
                GameLine(
                    opponent_rating=rating,
                    result=g.score,
                    points=g.score.points,
                    counted=reason is None,
                    reason=reason,
                    round=g.round,
                    opponent=g.opponent,
                    opponent_name=opp.name if opp else None,
                    opponent_status=_kind(g.opponent, fixed, players, r1) if g.opponent else None,
                )
            )
        return lines

    # 5. Exceptional players (WO 2014 from 2016-08-01).
    exceptional: dict[str, int] = {}
    if apply_exceptional:
        for pid, rating in fixed.items():
            if players[pid].dwz is None:
                continue  # only players with a previous DWZ
            counted = [line for line in established_lines(pid, {}) if line.counted]
            if len(counted) < regs.performance_min_games:
                continue
            perf = round_to_int(
                performance_rating(
                    [line.opponent_rating for line in counted],
                    float(sum(line.points for line in counted)),
                    extreme_offset=regs.performance_extreme_offset,
                    expectancy=expectancy,
                )
            )
            if perf > rating + regs.exceptional_player_margin:
                exceptional[pid] = perf
        if exceptional:
            fixed_values = {pid: float(exceptional.get(pid, r)) for pid, r in fixed.items()}
            values, history, starts, fictitious = run_iteration(fixed_values)
            r1 = {pid: correct(value, regs) for pid, value in values.items()}

    results: list[PlayerResult] = []
    for p in tournament.players:
        results.append(
            _player_result(
                p,
                pairings=pairings,
                fixed=fixed,
                regs=regs,
                age=ages[p.id],
                end=end,
                method=method,
                expectancy=expectancy,
                lines=established_lines(p.id, exceptional),
                carry_lines=carry_lines.get(p.id, []),
                r1=r1,
                values=values,
                starts=starts,
                history=history,
                fictitious=fictitious,
                stage=1 if p.id in stage_1 else (2 if p.id in stage_2 else None),
                exceptional=p.id in exceptional,
                tournament_name=tournament.name,
            )
        )
    warnings: list[str] = [  # patch 4: the time control not checked; the age class's source
        *((time_check.reason,) if time_check.rated is None else ()), *time_check.notes
    ]
    no_index = [p.id for p in tournament.players if p.dwz is not None and p.index is None]
    if no_index:
        warnings.append(
            f"{len(no_index)} players have a DWZ without index; the rules then use the first "
            "K0 column (WO 2026) or E ≤ 5 (WO 2014): load the DSB rating list or give the index"
        )
    if tournament.rated_for_fide if fide is None else fide:
        results = _with_fide(results, tournament, pairings, warnings)
    incomplete = [*tournament.incomplete, *_points_differ(tournament, results)]
    return TournamentEvaluation(
        name=tournament.name,
        end_date=end,
        regulations=regs.name,
        method=method,
        players=tuple(results),
        stage_1=tuple(pid for pid in stage_1 if pid in r1),
        stage_2=tuple(pid for pid in stage_2 if pid in r1),
        iteration_sweeps=max(len(history) - 1, 0),
        iteration=tuple(history),
        exceptional_players=tuple(exceptional),
        warnings=tuple(warnings),
        complete=not incomplete,
        incomplete=tuple(incomplete),
        notes=tournament.notes,
        dwz_rated=True,
        time_control=time_check.kind,
        rounds=tournament.rounds,
        played_rounds=tournament.played_rounds,
        time_control_check=time_check,
        rules={
            "counted": "only games played over the board count; forfeits and byes do not (WO)",
            "foreign": "a player without DWZ but with a FIDE Elo counts with it as R0 "
            f"(foreign rating, WO 4.1.2), starting index {regs.foreign_start_index} (assumed)",
            "first_dwz": first_dwz_rules(regs)["stage"],
            "feedback": "established players count new players with their corrected first "
            "DWZ R1 (WO 3.4.4.2)",
            "exceptional": f"performance > R0 + {regs.exceptional_player_margin} counts "
            "instead of R0 for the opponents (WO 3.6; WO 2014 from 2016-08-01)",
            "conditional": first_dwz_rules(regs)["conditional"],
            "time_control": time_check.rules,  # patch 4
        },
    )


def _points_differ(tournament: Tournament, results: Sequence[PlayerResult]) -> list[str]:
    """One reason per player whose games do not give the source's own total."""
    reasons = []
    for p, result in zip(tournament.players, results, strict=True):
        if p.points is not None and result.points != p.points:
            reasons.append(
                f"player {p.id} ({p.name}): the games give {_fmt(result.points)} points, "
                f"the source says {_fmt(p.points)}"
            )
    return reasons


def _without_dwz(
    tournament: Tournament, time_check: Any, *, fide: bool | None
) -> TournamentEvaluation:
    """A tournament that is not DWZ-rated: every player 'not rated', FIDE rapid/blitz rules."""
    kind = time_check.kind  # patch 4: the reason and the kind from the time-control check
    reason = time_check.reason if time_check.rated is False else "the tournament is not DWZ-rated"
    pairings = _pairings(tournament)
    results = []
    for p in tournament.players:
        points = sum((g.score.points for g in pairings[p.id]), ZERO)
        results.append(
            PlayerResult(
                id=p.id,
                name=p.name,
                status=NOT_RATED,
                basis=NOT_RATED,
                conditional=p.member is False,
                dwz_before=p.dwz,
                index_before=p.index,
                dwz_after=None,
                index_after=None,
                change=None,
                foreign_rating=p.foreign_rating,
                points=points,
                score=ZERO,
                counted_games=0,
                expected_score=None,
                development_factor=None,
                development_coefficient=None,
                performance=None,
                exceptional=False,
                stage=None,
                dwz=None,
                note=reason,
            )
        )
    warnings: list[str] = [reason, *(time_check.notes if time_check.rated is False else ())]
    if tournament.rated_for_fide if fide is None else fide:
        results = _with_fide(
            results, tournament, pairings, warnings, rapid_blitz=kind in (RAPID, BLITZ)
        )
    incomplete = [*tournament.incomplete, *_points_differ(tournament, results)]
    return TournamentEvaluation(
        name=tournament.name,
        end_date=tournament.end_date,
        regulations="",
        method="exact",
        players=tuple(results),
        stage_1=(),
        stage_2=(),
        iteration_sweeps=0,
        iteration=(),
        exceptional_players=(),
        warnings=tuple(warnings),
        rules={"time_control": time_check.rules},
        complete=not incomplete,
        incomplete=tuple(incomplete),
        notes=tournament.notes,
        dwz_rated=False,
        time_control=kind,
        rounds=tournament.rounds,
        played_rounds=tournament.played_rounds,
        time_control_check=time_check,
    )


def _fmt(points: Fraction) -> str:
    return str(int(points)) if points.denominator == 1 else f"{float(points):g}"


def _kind(pid: str, fixed: dict[str, int], players: dict[str, Player], r1: dict) -> str:
    if pid in fixed:
        return ESTABLISHED if players[pid].dwz is not None else FOREIGN
    return FIRST if pid in r1 else NOT_RATED


def _player_result(
    p: Player,
    *,
    pairings: dict[str, list[_Pairing]],
    fixed: dict[str, int],
    regs: DwzRegulations,
    age: int | None,
    end: dt.date | None,
    method: str,
    expectancy: Callable[[float], float],
    lines: list[GameLine],
    carry_lines: list[GameLine],
    r1: dict,
    values: dict[str, float],
    starts: dict[str, float],
    history: Sequence[dict[str, float]],
    fictitious: dict[str, bool],
    stage: int | None,
    exceptional: bool,
    tournament_name: str,
) -> PlayerResult:
    points = sum((g.score.points for g in pairings[p.id]), ZERO)
    conditional = p.member is False
    common = {
        "id": p.id,
        "name": p.name,
        "conditional": conditional,
        "dwz_before": p.dwz,
        "index_before": p.index,
        "foreign_rating": p.foreign_rating,
        "points": points,
        "exceptional": exceptional,
        "stage": None,
    }
    if p.id in fixed:
        foreign = p.dwz is None
        index = regs.foreign_start_index if foreign else p.index
        derivation = evaluate_established(
            fixed[p.id],
            index,
            lines,
            regulations=regs,
            age=age,
            end_date=end,
            method=method,
            foreign_rating=foreign,
        )
        basis = FOREIGN if foreign else ESTABLISHED
        unknown = None
        if not foreign and p.index is None:
            unknown = index_range(
                fixed[p.id], lines, regulations=regs, age=age, end_date=end, method=method
            )
        return PlayerResult(
            **common,
            status=CONDITIONAL if conditional else basis,
            basis=basis,
            dwz_after=derivation.new_rating,
            index_after=derivation.new_index,
            change=derivation.change,
            score=derivation.score,
            counted_games=derivation.counted_games,
            expected_score=derivation.expected_score,
            development_factor=derivation.development_factor,
            development_coefficient=derivation.development_coefficient,
            performance=derivation.performance,
            dwz=derivation,
            index_range=unknown,
        )
    # A player without any rating.
    base = {
        "regulations": regs.name,
        "end_date": end,
        "age": age,
        "member": not conditional,
        "conditional": conditional,
        "method": method,
        "rules": first_dwz_rules(regs),
    }
    own = [*lines, *carry_lines]
    rated = [line for line in own if line.counted and line.opponent_rating is not None]
    w_rated = sum((line.points for line in rated), ZERO)
    base["counted_games"] = len(rated)
    base["score"] = w_rated
    base["opponent_average"] = (
        sum(line.opponent_rating for line in rated) / len(rated) if rated else None
    )
    if p.id in r1:
        correction = r1[p.id]
        # Opponents that are new count with their iterated value Ri in the equation.
        equation = [
            values[line.opponent] if line.opponent in values else float(line.opponent_rating)
            for line in rated
        ]
        n = len(equation)
        w = float(w_rated)
        full = fictitious.get(p.id, False)
        solve_for = [*equation, sum(equation) / n] if full else equation
        solve_w = w + 0.5 if full else w
        steps = tuple(
            IterationStep(
                step=i,
                value=sweep[p.id],
                expected_score=sum(expectancy(sweep[p.id] - r) for r in solve_for),
                score=solve_w,
            )
            for i, sweep in enumerate(history)
            if p.id in sweep
        )
        perf = None
        if n >= regs.performance_min_games:
            perf = round_to_int(
                performance_rating(
                    equation,
                    w,
                    extreme_offset=regs.performance_extreme_offset,
                    expectancy=expectancy,
                )
            )
        shown = []
        for line in own:
            if line.counted and line.opponent_rating is not None:
                opponent = values.get(line.opponent, float(line.opponent_rating))
                diff = values[p.id] - opponent
                shown.append(
                    with_expectancy(line, difference=diff, win_expectancy=expectancy(diff))
                )
            else:
                shown.append(line)
        derivation = FirstDwz(
            **base,
            games=tuple(shown),
            stage=stage,
            rating=correction.rating,
            iterated=values[p.id],
            start_value=starts.get(p.id),
            fictitious_draw=full,
            iteration=steps,
            correction=correction,
            expected_score=sum(expectancy(values[p.id] - r) for r in equation),
            performance=perf,
            new_index=1,
            reason=None,
            reason_text=None,
        )
        return PlayerResult(
            **{**common, "stage": stage},
            status=CONDITIONAL if conditional else FIRST,
            basis=FIRST,
            dwz_after=correction.rating,
            index_after=1,
            change=None,
            score=w_rated,
            counted_games=n,
            expected_score=derivation.expected_score,
            development_factor=None,
            development_coefficient=None,
            performance=perf,
            dwz=derivation,
        )
    # No first DWZ: why, and the carry-over games. A player outside the iteration
    # whose own figures would qualify was dropped with his opponents: too few games.
    reason = first_dwz_reason(len(rated), w_rated, regs) or "too_few_games"
    derivation = without_first_dwz(
        base,
        own,
        p.carry_over,
        reason=reason,
        regulations=regs,
        end_date=end,
        tournament=tournament_name,
    )
    basis = CARRY_OVER if derivation.carry_over_out else NOT_RATED
    return PlayerResult(
        **common,
        status=basis,
        basis=basis,
        dwz_after=None,
        index_after=None,
        change=None,
        score=w_rated,
        counted_games=len(rated),
        expected_score=None,
        development_factor=None,
        development_coefficient=None,
        performance=None,
        dwz=derivation,
    )


def _with_fide(
    results: list[PlayerResult],
    tournament: Tournament,
    pairings: dict[str, list[_Pairing]],
    warnings: list[str],
    *,
    rapid_blitz: bool = False,
) -> list[PlayerResult]:
    """Add each player's FIDE evaluation (rated players: change; unrated: initial rating)."""
    from . import fide  # the FIDE rules live in their own module

    players = {p.id: p for p in tournament.players}
    out = []
    for result in results:
        p = players[result.id]
        games = []
        for g in pairings[p.id]:
            if g.opponent is None:
                continue
            opp = players[g.opponent].fide_rating or None
            games.append((opp, g.score))
        elo = None
        try:
            if p.fide_rating:
                elo = fide.rating_change(
                    p.fide_rating,
                    games,
                    k=p.fide_k,
                    games_played=p.fide_games,
                    birth_year=p.birth_year,
                    peak_rating=p.fide_peak,
                    date=tournament.end_date,
                    rapid_blitz=rapid_blitz,
                )
            elif sum(1 for opp, score in games if opp and score.counted) >= 5:
                elo = fide.initial_rating(games, date=tournament.end_date)
        except WertungError as exc:
            warnings.append(f"player {p.id} ({p.name}): no FIDE evaluation: {exc.message}")
        if elo is None:
            out.append(result)
            continue
        after = getattr(elo, "new_rating", None)
        if after is None:
            after = elo.rating
        change = float(elo.change) if hasattr(elo, "change") else None
        out.append(
            replace(
                result,
                elo_before=p.fide_rating,
                elo_after=after,
                elo_change=change,
                elo=elo,
            )
        )
    return out

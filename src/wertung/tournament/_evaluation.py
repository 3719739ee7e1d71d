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

The table figures are computed on plain numbers (:mod:`._table_figures`, with
:mod:`wertung.dwz._lean`); each player's full working is built on first access by
:mod:`._player_working`, with the same rules code as the calculator.
"""

from __future__ import annotations

import datetime as dt
import math
from fractions import Fraction
from operator import itemgetter
from typing import cast

from wertung.dwz._first_dwz import corrected_rating, first_dwz_rules, solve_jointly
from wertung.dwz._forecast import Method, expectancy_function
from wertung.dwz._time_control_rule import TimeControlCheck, check_tournament
from wertung.dwz.regulations import Dwz2014, DwzRegulations, dwz_regulations_for
from wertung.kernel.checks import check_born_by, parse_date
from wertung.kernel.errors import InvalidDate, InvalidInput
from wertung.kernel.swiss_chess import METHOD as SWISS_CHESS
from wertung.kernel.time_control import BLITZ, RAPID
from wertung.tournament._exceptional import exceptional_players as _find_exceptional
from wertung.tournament._exceptional import meets_any as _meets_any
from wertung.tournament._fide_part import FideTable, FideWorking, fide_warnings, with_fide
from wertung.tournament._model import Tournament, _players_plainly_valid
from wertung.tournament._pairings import checked_indexed, pairings_of, total_points
from wertung.tournament._player_working import State
from wertung.tournament._result import (
    CARRY_OVER,
    CONDITIONAL,
    ESTABLISHED,
    FIRST,
    FOREIGN,
    NOT_RATED,
    STATUSES,
    PlayerResult,
    TournamentEvaluation,
    made_evaluation,
)
from wertung.tournament._stated_points import import_checked_points, points_differ
from wertung.tournament._table_figures import _results

__all__ = ["PlayerResult", "TournamentEvaluation", "evaluate"]
__all_statuses__ = (CARRY_OVER, CONDITIONAL, ESTABLISHED, FIRST, FOREIGN, NOT_RATED, STATUSES)


def evaluate(
    tournament: Tournament,
    *,
    method: str = "exact",
    regulations: str | None = None,
    exceptional_players: bool | None = None,
    fide: bool | None = None,
    printed: dt.date | str | None = None,
) -> TournamentEvaluation:
    """Evaluate every player of ``tournament`` at once.

    ``method="table"`` rounds P(D) to two decimals per game; ``method="swiss-chess"``
    reproduces the Swiss-Chess program's unofficial printout (every difference from the
    regulations named in :data:`wertung.kernel.swiss_chess.DIFFERENCES`).
    ``exceptional_players`` switches the exceptional-player rule (WO 2014 3.6) on or
    off; default: the regulations' rule for ``exact`` and ``table``, off for
    ``swiss-chess`` (Swiss-Chess does not apply it).
    ``printed`` (``swiss-chess`` only): the date Swiss-Chess printed the evaluation;
    its ages are the printing date's year − year of birth (default: the end date's
    year, a printout made on the last day). A tournament that ended in November 2024
    printed on 2025-01-07 counts every player one year older.
    ``fide`` switches the FIDE evaluation (default: when the tournament is
    FIDE-rated; it is built on first access of a player's ``elo`` fields, of
    ``warnings`` or of ``to_dict()``); with ``swiss-chess`` its change is rounded as
    Swiss-Chess rounds it.

    >>> from wertung import Game, GameResult, Player, Tournament
    >>> t = Tournament(end_date=dt.date(2024, 11, 3), players=(
    ...     Player("1", dwz=1600, index=10, birth_year=2004), Player("2", dwz=1500, index=10)),
    ...     games=(Game(1, "1", "2", GameResult.WHITE_WINS),))
    >>> evaluate(t, method="swiss-chess").player("1").development_coefficient  # age 20: J 5, fB 0.8
    9
    >>> evaluate(t, method="swiss-chess", printed="2025-01-07").player("1").development_coefficient
    17

    Only standard games are DWZ-rated (SPEC §4): a tournament marked
    ``rated_for_dwz=False``, or whose time control does not qualify
    (:func:`wertung.dwz._time_control_rule.check_tournament`: 90 minutes, or 60 minutes
    + 30 s a move; U12 events 60, or 40 + 30 s), gets no DWZ evaluation (every player
    "not rated", with the reason); its FIDE evaluation follows the rules of its kind of
    game (rapid/blitz or standard). A time control that is missing or not understood is
    evaluated as standard games, with a warning that it could not be checked
    (``time_control_check`` carries the decision). ``complete``/``incomplete`` carry
    the import's verdict on whether every game was accounted for, plus any
    player whose games do not add up to the source's total, unless the import
    has named those already (:mod:`.stated_points`: each difference once).
    """
    # The games read once, checked on the way; anything unusual: the full checks decide.
    read = _read(tournament)
    if read is None:
        tournament.validate()
    if tournament.end_date is not None:
        _check_births(tournament)
    time_check = check_tournament(tournament)
    if not tournament.rated_for_dwz or time_check.rated is False:
        return _without_dwz(tournament, time_check, fide=fide)
    if tournament.end_date is None and regulations is None:
        raise InvalidDate(
            "the tournament's end date is missing; it decides the regulations and the ages",
            code="date.end_missing",
            field="end_date",
        )
    end = tournament.end_date
    regs = dwz_regulations_for(end, name=regulations)
    expectancy = expectancy_function(method)
    known = cast("Method", method)  # a method: expectancy_function refused any other str
    age_from = _printed(tournament, method, printed)
    if exceptional_players is not None:
        apply_exceptional = bool(exceptional_players)
    else:
        apply_exceptional = (
            method != SWISS_CHESS
            and regs.exceptional_player_rule
            and (
                not isinstance(regs, Dwz2014) or end is None or end >= regs.exceptional_player_since
            )
        )
    if read is None:
        state = State(tournament, regs, known, expectancy, age_from=age_from)
    else:
        state = State(tournament, regs, known, expectancy, *read, age_from=age_from)
    players = state.players

    # 2.–3. Stages of the first DWZ; the joint iteration of the eligible players.
    stage_1, stage_2 = _stages(state)
    exceptional: dict[str, int] = {}
    values: dict[str, float] = {}
    history: list[dict[str, float]] = []
    r1: dict[str, int] = {}
    starts: dict[str, float] = {}
    fictitious: dict[str, bool] = {}
    if stage_1 or stage_2:
        values, history, starts, fictitious = _iterate(state, stage_1, stage_2, {})
        r1 = {pid: corrected_rating(value, regs) for pid, value in values.items()}
        state.set_iteration(r1, values, starts, history, fictitious, {})

    # 5. Exceptional players (WO 2014 from 2016-08-01).
    if apply_exceptional:
        exceptional = _find_exceptional(state)
        if exceptional and _meets_any(state, (*stage_1, *stage_2), exceptional):
            values, history, starts, fictitious = _iterate(state, stage_1, stage_2, exceptional)
            r1 = {pid: corrected_rating(value, regs) for pid, value in values.items()}
            state.set_iteration(r1, values, starts, history, fictitious, exceptional)
        elif exceptional:
            # No new player met an exceptional player: the iteration's input, and so its
            # outcome, stays the same.
            state.set_iteration(r1, values, starts, history, fictitious, exceptional)
    state.stages = {pid: 1 for pid in stage_1} | {pid: 2 for pid in stage_2}

    fide_table = None
    if tournament.rated_for_fide if fide is None else fide:
        fide_table = FideTable(
            tournament, lambda: state.pairings, False, players, swiss_chess=method == SWISS_CHESS
        )
    results, no_index, differ = _results(state, fide_table)
    warnings = _time_warnings(time_check)
    if no_index:
        warnings.append(
            f"{no_index} players have a DWZ without index; the rules then use the first "
            "K0 column (WO 2026) or E ≤ 5 (WO 2014): load the DSB rating list or give the index"
        )
    if differ and import_checked_points(tournament):
        differ = []  # the import has named them, with the line of the source
    incomplete = (*tournament.incomplete, *differ) if differ else tournament.incomplete
    return made_evaluation(
        {
            "name": tournament.name,
            "end_date": end,
            "regulations": regs.name,
            "method": method,
            "players": tuple(results),
            "stage_1": tuple(pid for pid in stage_1 if pid in r1),
            "stage_2": tuple(pid for pid in stage_2 if pid in r1),
            "iteration_sweeps": max(len(history) - 1, 0),
            "iteration": tuple(history),
            "exceptional_players": tuple(exceptional),
            "dwz_warnings": tuple(warnings),
            "rules": {
                **(
                    _rules(regs)
                    if method != SWISS_CHESS
                    else _swiss_chess_rules(regs, apply_exceptional, age_from)
                ),
                "time_control": time_check.rules,
            },
            "complete": not incomplete,
            "incomplete": tuple(incomplete),
            "notes": tournament.notes,
            "dwz_rated": True,
            "time_control": time_check.kind,
            "rounds": tournament.rounds,
            "played_rounds": tournament.played_rounds,
            "time_control_check": time_check,
            "_fide_warnings": fide_warnings(fide_table),
        }
    )


def _printed(tournament: Tournament, method: str, printed: object) -> int | None:
    """The year the ages count from (``printed``'s, checked), None for the end date's."""
    if printed is None or printed == "":
        return None
    if method != SWISS_CHESS:
        raise InvalidInput(
            f"printed: a printing date applies only to method swiss-chess (not {method!r})",
            code="swiss_chess.printed_method",
            params={"method": repr(method)},
            field="printed",
        )
    date = parse_date(printed, field="printed")
    assert date is not None
    start = tournament.start_date or tournament.end_date
    if start is not None and date < start:
        raise InvalidDate(
            f"printed {date.isoformat()} is before the tournament (it started {start.isoformat()})",
            code="swiss_chess.printed_before",
            params={"date": date.isoformat(), "start": start.isoformat()},
            field="printed",
        )
    for p in tournament.players:
        if p.birth_year is not None:
            check_born_by(p.birth_year, date, player=p.id)
    return date.year


def _read(tournament: Tournament) -> tuple[list[list[int]], list[int]] | None:
    """Each player's games played over the board and his half-points, by position, if
    the tournament is plainly valid (checked on the way); None otherwise."""
    try:
        if _players_plainly_valid(tournament.players):
            return checked_indexed(tournament)
    except Exception:  # anything unusual: the full checks decide and name it
        pass
    return None


def _check_births(tournament: Tournament) -> None:
    """Refuse a player born after the tournament's end (the age for the rules would be
    negative), naming him."""
    year = tournament.end_date.year  # type: ignore[union-attr]  # evaluate refused None before
    for p in tournament.players:
        born = p.birth_year
        if born is not None and born > year:
            check_born_by(born, tournament.end_date, player=p.id)  # type: ignore[arg-type]  # as above


def _stages(state: State) -> tuple[list[str], list[str]]:
    """The new players of stage 1 and of stage 2 of the first DWZ (WO 3.4.1)."""
    new = state.new
    if not new:
        return [], []
    regs, codes, fixed_at, carried = state.regs, state.codes, state.fixed_at, state.carried
    position = state.position
    min_games = regs.first_dwz_min_games
    min_points = regs.first_dwz_min_points
    min_halves = math.ceil(2 * min_points)  # W ≥ min_points, in half-points
    stage_1: list[str] = []
    rated = [rating is not None for rating in fixed_at]  # by position: counts in stage 1
    for pid in new:
        lines = carried.get(pid, ())
        half = n = 0
        for code in codes[position[pid]]:
            if rated[code >> 2]:
                half += code & 3
                n += 1
        if n + len(lines) < min_games:
            continue
        if lines:
            w = Fraction(half, 2) + sum(line.points for line in lines)
            if w >= min_points:
                stage_1.append(pid)
        elif half >= min_halves:
            stage_1.append(pid)
    stage_2: list[str] = []
    in_stage_1 = set(stage_1)
    for pid in stage_1:
        rated[position[pid]] = True  # stage 2 counts the stage-1 players too
    for pid in new:
        if pid in in_stage_1:
            continue
        n = len(carried.get(pid, ()))
        for code in codes[position[pid]]:
            if rated[code >> 2]:
                n += 1
        if n >= min_games:
            stage_2.append(pid)
    return stage_1, stage_2


def _iterate(
    state: State, stage_1: list[str], stage_2: list[str], exceptional: dict[str, int]
) -> tuple[dict[str, float], list[dict[str, float]], dict[str, float], dict[str, bool]]:
    """The joint iteration of the eligible new players, their established (and
    foreign-rated) opponents fixed at R0 or, if exceptional, at their performance;
    eligibility recomputed until stable (removing a player can only shrink the others'
    games, so this ends)."""
    regs, carried, codes, fixed_at = state.regs, state.carried, state.codes, state.fixed_at
    ids, position = state.ids, state.position
    min_games = regs.first_dwz_min_games
    full_score = regs.fictitious_draw_at_full_score

    # The players in the tournament's order, not a set's (hash) order: the sweeps, and so
    # the iteration's working, are the same in every run.
    order = {pid: position for position, pid in enumerate(state.new)}

    def iteration_input(members: set[str]) -> dict[str, list[tuple[float | str, float]]]:
        data: dict[str, list[tuple[float | str, float]]] = {}
        for pid in sorted(members, key=order.__getitem__):
            lines: list[tuple[float | str, float]] = []
            for code in codes[position[pid]]:
                j = code >> 2
                rating = fixed_at[j]
                if rating is not None:
                    if exceptional and ids[j] in exceptional:
                        rating = exceptional[ids[j]]
                    lines.append((float(rating), _FLOAT_POINTS[code & 3]))
                elif ids[j] in members:
                    lines.append((ids[j], _FLOAT_POINTS[code & 3]))
            if pid in carried:
                lines.extend(
                    (float(line.opponent_rating), float(line.points))  # type: ignore[arg-type]  # carry-over lines: all with a rating
                    for line in carried[pid]
                )
            data[pid] = lines
        return data

    def eligible(data: dict[str, list[tuple[float | str, float]]]) -> set[str]:
        keep = set()
        for pid, lines in data.items():
            n = len(lines)
            w = sum(map(_POINTS, lines))
            if n < min_games or w <= 0:
                continue
            if w >= n and not full_score:
                continue
            keep.add(pid)
        return keep

    members = set(stage_1) | set(stage_2)
    data = iteration_input(members)
    while (still := eligible(data)) != members:
        members = still
        data = iteration_input(members)
    fictitious = {
        pid: full_score and sum(map(_POINTS, lines)) >= len(lines) for pid, lines in data.items()
    }
    if not members:
        return {}, [], {}, fictitious
    values, history, starts = solve_jointly(
        data, fictitious_draw=fictitious, expectancy=state.expectancy
    )
    return values, history, starts, fictitious


_RULES: dict[int, tuple[DwzRegulations, dict[str, str]]] = {}


def _rules(regs: DwzRegulations) -> dict[str, str]:
    """The rule texts of an evaluation under ``regs`` (a fresh copy)."""
    cached = _RULES.get(id(regs))
    if cached is None or cached[0] is not regs:
        rules = first_dwz_rules(regs)
        cached = _RULES[id(regs)] = (
            regs,
            {
                "counted": "only games played over the board count; forfeits and byes do not (WO)",
                "foreign": "a player without DWZ but with a FIDE Elo counts with it as R0 "
                f"(foreign rating, WO 4.1.2), starting index {regs.foreign_start_index} "
                "(assumed)",
                "first_dwz": rules["stage"],
                "feedback": "established players count new players with their corrected first "
                "DWZ R1 (WO 3.4.4.2)",
                "exceptional": f"performance > R0 + {regs.exceptional_player_margin} counts "
                "instead of R0 for the opponents (WO 3.6; WO 2014 from 2016-08-01)",
                "conditional": rules["conditional"],
            },
        )
    return dict(cached[1])


def _swiss_chess_rules(
    regs: DwzRegulations, exceptional: bool, age_from: int | None
) -> dict[str, str]:
    """The rule texts of a Swiss-Chess evaluation: the regulations' and what differs."""
    rules = _rules(regs)
    rules["method"] = (
        "Swiss-Chess's unofficial evaluation, not the rating office's: P(D) from the "
        "two-decimal table, the change truncated, E with the braking surcharge rounded in "
        "two parts, the FIDE change rounded as Swiss-Chess does"
    )
    if not exceptional:
        rules["exceptional"] = "no exceptional players (Swiss-Chess does not apply WO 3.6)"
    if age_from is not None:
        rules["age"] = f"age = {age_from} − year of birth (the printing date's year, Swiss-Chess)"
    return rules


#: Half-points (0, 1, 2) as float points.
_FLOAT_POINTS = (0.0, 0.5, 1.0)
#: The points of an iteration line (opponent, points).
_POINTS = itemgetter(1)


def _time_warnings(time_check: TimeControlCheck) -> list[str]:
    """The time-control check's warnings of an evaluated tournament: not checked, and why;
    the age class taken from the name."""
    warnings = list(time_check.notes)
    if time_check.rated is None:
        warnings.insert(0, time_check.reason)
    return warnings


def _without_dwz(
    tournament: Tournament, time_check: TimeControlCheck, *, fide: bool | None
) -> TournamentEvaluation:
    """A tournament that is not DWZ-rated: every player 'not rated' with the reason; the
    FIDE rules of its kind of game (rapid/blitz, or standard)."""
    kind = time_check.kind
    reason = time_check.reason if time_check.rated is False else "the tournament is not DWZ-rated"
    pairings = pairings_of(tournament)
    zero = Fraction(0)
    results = [
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
            points=total_points(pairings[p.id]),
            score=zero,
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
        for p in tournament.players
    ]
    fide_workings = None
    if tournament.rated_for_fide if fide is None else fide:
        results, fide_workings = with_fide(
            results, tournament, pairings, rapid_blitz=kind in (RAPID, BLITZ)
        )
    incomplete = [*tournament.incomplete, *points_differ(tournament, results)]
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
        dwz_warnings=(reason, *time_check.notes) if time_check.rated is False else (reason,),
        rules={"time_control": time_check.rules},
        complete=not incomplete,
        incomplete=tuple(incomplete),
        notes=tournament.notes,
        dwz_rated=False,
        time_control=kind,
        rounds=tournament.rounds,
        played_rounds=tournament.played_rounds,
        time_control_check=time_check,
        _fide_warnings=fide_warnings(fide_workings),
    )


# Kept importable from here (the public path of the statuses and the FIDE working).
__all__ += ["FideWorking"]

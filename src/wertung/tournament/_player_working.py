"""A player's full working in a tournament evaluation, built on first access.

:class:`State` holds what the evaluation worked out for the whole tournament
(classification, pairings, the joint iteration, exceptional players). The
*working* objects turn it into one player's derivation with the same rules code
as the calculator: :func:`~wertung.dwz._forecast.evaluate_established` for rated
players, the first-DWZ derivation (game lines, iteration steps, correction) for
new players, :func:`~wertung.dwz._first_dwz.without_first_dwz` for the others.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from wertung.dwz._first_dwz import (
    FirstDwz,
    FirstDwzBase,
    IterationStep,
    carry_over_lines,
    correct,
    first_dwz_reason,
    first_dwz_rules,
    without_first_dwz,
)
from wertung.dwz._forecast import Method, evaluate_established, expectancy_function
from wertung.dwz._game_line import GameLine, game_line, with_expectancy
from wertung.dwz._performance import performance_rating
from wertung.dwz._unknown_index import index_range
from wertung.dwz.regulations import DwzRegulations
from wertung.kernel.results import ZERO
from wertung.kernel.rounding import float_sum, round_to_int
from wertung.tournament._model import Player, Tournament
from wertung.tournament._pairings import (
    Pairing,
    codes_of,
    half_points,
    pairings_of,
    played_and_points,
)
from wertung.tournament._result import ESTABLISHED, FIRST, FOREIGN, NOT_RATED

__all__ = ["EstablishedWorking", "FirstWorking", "NoFirstWorking", "State"]


class State:
    """The tournament-wide facts every player's result is built from.

    ``codes``/``halves``: each player's games played over the board and his
    half-points, by position in ``tournament.players``, as
    :func:`~wertung.tournament._pairings.checked_indexed` gives them (read from the
    validated tournament when not given). ``age_from``: the year the ages count from
    (default: the end date's).
    """

    def __init__(
        self,
        tournament: Tournament,
        regs: DwzRegulations,
        method: Method,
        expectancy: Callable[[float], float],
        codes: list[list[int]] | None = None,
        halves: list[int] | None = None,
        *,
        age_from: int | None = None,
    ) -> None:
        self.tournament = tournament
        self.regs = regs
        self.method = method
        self.expectancy = expectancy
        end = self.end = tournament.end_date
        self._pairings: dict[str, list[Pairing]] | None = None
        self.ids = ids = [p.id for p in tournament.players]
        if codes is None or halves is None:
            played, points = played_and_points(tournament)
            self.codes = codes_of(tournament, played)
            self.points_at = [points[pid] for pid in ids]
        else:
            self.codes = codes
            self.points_at = [half_points(half) for half in halves]
        # 1. Classify: R0 of established and foreign-rated players; the new ones.
        players: dict[str, Player] = {}
        #: Each player's position in the tournament.
        position: dict[str, int] = {}
        ages: dict[str, int | None] = {}
        fixed: dict[str, int] = {}
        new: list[str] = []
        #: R0 by position (None: a new player).
        fixed_at: list[int | None] = []
        self.players, self.position, self.ages, self.fixed = players, position, ages, fixed
        self.new, self.fixed_at = new, fixed_at
        # Carry-over games of the new players as lines (expired ones listed, not counted).
        self.carry_lines: dict[str, list[GameLine]] = {}
        self.carried: dict[str, list[GameLine]] = {}
        # The ages: year of the end date (Swiss-Chess: of the printing date) − year of birth.
        year = age_from if age_from is not None else end.year if end else None
        for i, p in enumerate(tournament.players):
            pid = p.id
            players[pid] = p
            position[pid] = i
            born = p.birth_year
            ages[pid] = None if year is None or born is None else year - born
            rating = p.dwz
            if rating is None and p.fide_rating:
                rating = p.fide_rating  # the foreign rating
            fixed_at.append(rating)
            if rating is not None:
                fixed[pid] = rating
            else:
                new.append(pid)
                if p.carry_over:
                    lines = self.carry_lines[pid] = carry_over_lines(p.carry_over, end, regs)
                    self.carried[pid] = [line for line in lines if line.counted]
        self.stages: dict[str, int] = {}
        self.set_iteration({}, {}, {}, [], {}, {})

    def for_player(self, pid: str) -> EstablishedWorking | FirstWorking | NoFirstWorking:
        """The working that builds this player's deferred fields (on first access)."""
        if pid in self.fixed:
            p = self.players[pid]
            foreign = p.dwz is None
            index = self.regs.foreign_start_index if foreign else p.index
            return EstablishedWorking(
                self, pid, index, foreign, unknown_index=not foreign and p.index is None
            )
        if pid in self.r1:
            return FirstWorking(self, pid, self.stages.get(pid))
        return NoFirstWorking(self, pid)

    @property
    def pairings(self) -> dict[str, list[Pairing]]:
        """Every player's rows (games, forfeits, byes) by round, built on first use."""
        if self._pairings is None:
            self._pairings = pairings_of(self.tournament)
        return self._pairings

    def set_iteration(
        self,
        r1: dict[str, int],
        values: dict[str, float],
        starts: dict[str, float],
        history: list[dict[str, float]],
        fictitious: dict[str, bool],
        exceptional: dict[str, int],
    ) -> None:
        """The outcome of the joint iteration (and the exceptional players it used);
        ``r1``: each new player's first DWZ (the rounded corrected value)."""
        self.r1 = r1
        self.values = values
        self.starts = starts
        self.history = history
        self.fictitious = fictitious
        self.exceptional = exceptional
        self._rating_list: list[int | None] | None = None

    def opponent_value(self, pid: str, exceptional: dict[str, int]) -> int | None:
        """The rating an opponent counts with (None: he has none)."""
        if pid in exceptional:
            return exceptional[pid]
        rating = self.fixed.get(pid)
        if rating is not None:
            return rating
        return self.r1.get(pid)

    def rating_list(self) -> list[int | None]:
        """By position in the tournament, the rating each opponent counts with for the rated
        players' results: his performance if exceptional, else R0, else his R1 (None: he
        counts for nobody); kept until the next :meth:`set_iteration`."""
        ratings = self._rating_list
        if ratings is not None:
            return ratings
        fixed_at, ids, r1, exceptional = self.fixed_at, self.ids, self.r1, self.exceptional
        ratings = fixed_at.copy()
        if r1:
            for i, rating in enumerate(fixed_at):
                if rating is None:
                    ratings[i] = r1.get(ids[i])
        if exceptional:
            for i, pid in enumerate(ids):
                if pid in exceptional:
                    ratings[i] = exceptional[pid]
        self._rating_list = ratings
        return ratings

    def kind(self, pid: str) -> str:
        """The opponent's status as a game line shows it."""
        if pid in self.fixed:
            return ESTABLISHED if self.players[pid].dwz is not None else FOREIGN
        return FIRST if pid in self.r1 else NOT_RATED

    def established_lines(
        self,
        pid: str,
        exceptional: dict[str, int],
        rating: int | None = None,
        expectancy: Callable[[float], float] | None = None,
    ) -> list[GameLine]:
        """Every round of a player as game lines (counted or with the reason why not);
        with ``rating`` and ``expectancy`` the counted ones with their difference and win
        expectancy (as the forecast's working fills them)."""
        opponents = self._opponents(exceptional)
        lines = []
        line = game_line
        # With both given, the counted lines get their difference and win expectancy.
        fill = expectancy if rating is not None else None
        own_rating = rating if rating is not None else 0
        for g in self.pairings[pid]:
            opponent = g.opponent
            if opponent:
                shown = opponents.get(opponent)
                if shown is None:
                    shown = opponents[opponent] = self._shown(opponent, exceptional)
                opponent_rating, name, status = shown
            else:
                opponent_rating = name = status = None
            reason = g.reason
            if reason is None and opponent_rating is None:
                reason = "opponent_without_rating"
            score = g.score
            if fill is not None and reason is None:
                diff = own_rating - opponent_rating
                lines.append(line(opponent_rating, score, score.points, True, diff,
                                  fill(diff), None, g.round, opponent, name, status))  # fmt: skip
            else:
                lines.append(line(opponent_rating, score, score.points, reason is None, None, None,
                                  reason, g.round, opponent, name, status))  # fmt: skip
        return lines

    def _opponents(self, exceptional: dict[str, int]) -> dict[str, tuple[Any, ...]]:
        """The opponents met so far as game lines show them, for this outcome of the
        iteration and these exceptional players (built as the lines are)."""
        cached: tuple[dict[str, int], dict[str, int], dict[str, tuple[Any, ...]]] | None = getattr(
            self, "_shown_cache", None
        )
        if cached is not None and cached[0] is self.r1 and cached[1] is exceptional:
            return cached[2]
        opponents: dict[str, tuple[Any, ...]] = {}
        self._shown_cache = (self.r1, exceptional, opponents)
        return opponents

    def _shown(self, opponent: str, exceptional: dict[str, int]) -> tuple[Any, ...]:
        """An opponent's rating, name and status in a game line."""
        p = self.players.get(opponent)
        return (
            self.opponent_value(opponent, exceptional),
            p.name if p else None,
            self.kind(opponent),
        )

    def first_base(self, pid: str) -> tuple[FirstDwzBase, list[GameLine], list[GameLine], Fraction]:
        """The common part of a new player's derivation, his lines and rated lines."""
        p = self.players[pid]
        regs = self.regs
        conditional = p.member is False
        age = self.ages[pid]
        rules = first_dwz_rules(regs)
        own = [*self.established_lines(pid, self.exceptional), *self.carry_lines.get(pid, [])]
        rated = [line for line in own if line.counted and line.opponent_rating is not None]
        w_rated = sum((line.points for line in rated), ZERO)
        base: FirstDwzBase = {
            "regulations": regs.name,
            "end_date": self.end,
            "age": age,
            "member": not conditional,
            "conditional": conditional,
            "method": self.method,
            "rules": rules,
            "counted_games": len(rated),
            "score": w_rated,
            "opponent_average": (
                sum(line.opponent_rating for line in rated) / len(rated)  # type: ignore[misc]  # rated: all with a rating
                if rated
                else None
            ),
        }
        return base, own, rated, w_rated


class EstablishedWorking:
    """The derivation of a player with DWZ or foreign rating (and the index range)."""

    __slots__ = ("foreign", "index", "pid", "state", "unknown_index")

    def __init__(
        self, state: State, pid: str, index: int | None, foreign: bool, *, unknown_index: bool
    ) -> None:
        self.state, self.pid, self.index = state, pid, index
        self.foreign, self.unknown_index = foreign, unknown_index

    def fill(self, values: dict[str, Any]) -> None:
        """Build the derivation, the performance and the index range."""
        s = self.state
        rating = s.fixed[self.pid]
        age = s.ages[self.pid]
        # The lines with their win expectancy already: the forecast's working keeps them.
        lines = s.established_lines(self.pid, s.exceptional, rating, expectancy_function(s.method))
        derivation = evaluate_established(
            rating,
            self.index,
            lines,
            regulations=s.regs,
            age=age,
            end_date=s.end,
            method=s.method,
            foreign_rating=self.foreign,
        )
        values["dwz"] = derivation
        values["performance"] = derivation.performance
        values["index_range"] = (
            index_range(rating, lines, regulations=s.regs, age=age, end_date=s.end,
                        method=s.method)
            if self.unknown_index
            else None
        )  # fmt: skip


class FirstWorking:
    """The first-DWZ derivation of a new player who got one."""

    __slots__ = ("pid", "stage", "state")

    def __init__(self, state: State, pid: str, stage: int | None) -> None:
        self.state, self.pid, self.stage = state, pid, stage

    def fill(self, values: dict[str, Any]) -> None:
        """Game lines with Ri, the iteration steps, the correction and the performance."""
        s = self.state
        pid = self.pid
        regs, expectancy = s.regs, s.expectancy
        base, own, rated, w_rated = s.first_base(pid)
        correction = correct(s.values[pid], regs)
        own_value = s.values[pid]
        # Opponents that are new count with their iterated value Ri in the equation.
        equation = [
            s.values[line.opponent] if line.opponent in s.values else float(line.opponent_rating)  # type: ignore[arg-type]  # rated: all with a rating
            for line in rated
        ]
        n = len(equation)
        w = float(w_rated)
        full = s.fictitious.get(pid, False)
        solve_for = [*equation, float_sum(equation) / n] if full else equation
        solve_w = w + 0.5 if full else w
        steps = tuple(
            IterationStep(
                step=i,
                value=sweep[pid],
                expected_score=float_sum(expectancy(sweep[pid] - r) for r in solve_for),
                score=solve_w,
            )
            for i, sweep in enumerate(s.history)
            if pid in sweep
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
                opponent = s.values.get(line.opponent, float(line.opponent_rating))  # type: ignore[arg-type]  # None: no key
                diff = own_value - opponent
                shown.append(
                    with_expectancy(line, difference=diff, win_expectancy=expectancy(diff))
                )
            else:
                shown.append(line)
        values["dwz"] = FirstDwz(
            **base,
            games=tuple(shown),
            stage=self.stage,
            rating=correction.rating,
            iterated=own_value,
            start_value=s.starts.get(pid),
            fictitious_draw=full,
            iteration=steps,
            correction=correction,
            expected_score=float_sum(expectancy(own_value - r) for r in equation),
            performance=perf,
            new_index=1,
            reason=None,
            reason_text=None,
        )
        values["performance"] = perf
        values["index_range"] = None


class NoFirstWorking:
    """Why a new player has no first DWZ yet, and his carry-over games."""

    __slots__ = ("pid", "state")

    def __init__(self, state: State, pid: str) -> None:
        self.state, self.pid = state, pid

    def fill(self, values: dict[str, Any]) -> None:
        """The derivation without first DWZ (reason, carry-over games and their expiry)."""
        s = self.state
        base, own, rated, w_rated = s.first_base(self.pid)
        # A player outside the iteration whose own figures would qualify was dropped with
        # his opponents: too few games.
        reason = first_dwz_reason(len(rated), w_rated, s.regs) or "too_few_games"
        values["dwz"] = without_first_dwz(
            base,
            own,
            s.players[self.pid].carry_over,
            reason=reason,
            regulations=s.regs,
            end_date=s.end,
            tournament=s.tournament.name,
        )
        values["performance"] = None
        values["index_range"] = None

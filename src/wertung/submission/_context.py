"""The state one check run shares: the report, what is known beside it, the problems found."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wertung.formats.dsb_report import Report, ReportGame, ReportPlayer
from wertung.submission._lookup import ListMatch
from wertung.submission._result import ERROR, WARNING, Problem, Severity, message

__all__ = ["COMPUTER", "Context", "as_date", "as_int", "name_of", "shown"]

#: The schema's name for a chess program (surname and forename).
COMPUTER = "###COMPUTER###"


def as_int(value: object) -> int | None:
    """``value`` if it is a whole number (not a bool), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def as_date(value: object) -> dt.date | None:
    """``value`` if it is a date (not a datetime), else None."""
    return value if isinstance(value, dt.date) and not isinstance(value, dt.datetime) else None


def shown(value: object, longest: int = 40) -> str:
    """A value as the messages quote it (``'x'``, ``12``), at most ``longest`` characters."""
    text = repr(value)
    return text if len(text) <= longest else text[: longest - 1] + "…"


def text_of(value: object) -> str:
    """A text field as text ("" for None or anything that is not a string)."""
    return value if isinstance(value, str) else ""


def name_of(player: ReportPlayer) -> str:
    """``Surname, Forename`` (whatever the fields hold)."""
    surname, forename = text_of(player.surname), text_of(player.forename)
    return f"{surname}, {forename}" if surname and forename else (surname or forename)


def is_computer(player: ReportPlayer) -> bool:
    """Marked as a chess program (``###COMPUTER###`` as surname or forename)."""
    return COMPUTER in (player.surname, player.forename)


@dataclass
class Context:
    """One run: the report, the tournament it came from, today, the DSB list's answers."""

    report: Report
    tournament: Any = None
    today: dt.date = field(default_factory=dt.date.today)
    matches: Sequence[ListMatch | None] | None = None
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        report = self.report
        players = report.players if isinstance(report.players, tuple | list) else ()
        games = report.games if isinstance(report.games, tuple | list) else ()
        self.players: tuple[ReportPlayer, ...] = tuple(
            p for p in players if isinstance(p, ReportPlayer)
        )
        self.games: tuple[ReportGame, ...] = tuple(g for g in games if isinstance(g, ReportGame))
        self.names: dict[int, str] = {}
        for p in self.players:
            number = as_int(p.number)
            if number is not None:
                self.names.setdefault(number, name_of(p))
        self.computers = {as_int(p.number) for p in self.players if is_computer(p)} - {None}
        self.rounds = as_int(report.rounds)
        self.start = as_date(report.start_date)
        self.end = as_date(report.end_date)
        self._by_id: dict[Any, Any] | None = None

    # -- what the tournament says about a player -------------------------------------------
    def source_player(self, player: ReportPlayer) -> Any:
        """The tournament's player this report player was made from (None: unknown)."""
        if self.tournament is None or not isinstance(player.player_id, str):
            return None
        if self._by_id is None:
            self._by_id = {}
            for p in getattr(self.tournament, "players", ()):
                self._by_id.setdefault(getattr(p, "id", None), p)
        return self._by_id.get(player.player_id)

    def match(self, index: int) -> ListMatch | None:
        """The DSB list's answer for the ``index``-th player (None: none, or not asked)."""
        if self.matches is None or index >= len(self.matches):
            return None
        found = self.matches[index]
        return found if isinstance(found, ListMatch) else None

    # -- recording ---------------------------------------------------------------------------
    def add(
        self,
        severity: Severity,
        code: str,
        params: Mapping[str, object] | None = None,
        *,
        player: ReportPlayer | int | None = None,
        round: int | None = None,
        variant: str | None = None,
    ) -> None:
        """Record a problem; ``variant``: the catalogue code when it is not ``code``."""
        number: int | None
        name: str | None
        if isinstance(player, ReportPlayer):
            number, name = as_int(player.number), name_of(player)
        else:
            number = player
            name = self.names.get(player) if player is not None else None
        self.problems.append(
            Problem(severity, code, message(variant or code, params), number, name or None, round)
        )

    def error(self, code: str, params: Mapping[str, object] | None = None, **where: Any) -> None:
        """Record an error (the DSB refuses the file, the rating officer sends it back)."""
        self.add(ERROR, code, params, **where)

    def warning(self, code: str, params: Mapping[str, object] | None = None, **where: Any) -> None:
        """Record a warning (worth a look)."""
        self.add(WARNING, code, params, **where)

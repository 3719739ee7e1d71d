"""A tournament report to the DSB's rating portal, as DSB XML 2.5 holds it (SPEC §10).

The plain data between a :class:`~wertung.tournament._model.Tournament` and the XML file
(``DSB_DWZ_TournamentReport``, schema 2.5.1): what the file will say, field by field,
in the schema's order and with the schema's value sets. The writer serialises a
:class:`Report`, the reader parses a file into one, and the pre-submission check
inspects one (with the tournament it came from, where there is one), so each of the
three speaks about the same thing.

Values are kept as the schema wants them, not as wertung's model has them: players are
numbered 1..n (``number``), a name is split into ``surname`` and ``forename``, points are
the schema's strings (``"1"``, ``"0.5"``, ``"0"``, ``"+"``, ``"-"``), a game without an
opponent on one side names no player there (``None``: ``noneWhitePlayer`` /
``noneBlackPlayer``). Optional elements are None when absent; the schema allows no empty
ones.

>>> import datetime as dt
>>> report = Report(
...     tournament_uuid="0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11", label="Open", tournament_type="SW",
...     time_control="90 min + 30 s", rounds=1, start_date=dt.date(2026, 9, 1),
...     end_date=dt.date(2026, 9, 1), location="Ilmenau",
...     players=(ReportPlayer(1, "Muster", "Max", 1990), ReportPlayer(2, "Weiß", "Anna", 2001)),
...     games=(ReportGame(1, 1, 2, "1", "0"),))
>>> report.player(2).surname, report.games[0].played
('Weiß', True)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "NAMESPACE",
    "POINTS",
    "SCHEMA_VERSION",
    "TOURNAMENT_TYPES",
    "Point",
    "Report",
    "ReportGame",
    "ReportHeader",
    "ReportPlayer",
    "TournamentType",
]

#: The schema's target namespace and the root element's ``version`` attribute.
NAMESPACE = "http://www.schachbund.de/XMLSchema"
SCHEMA_VERSION = "2.5"

#: ``Score_Type``: a side's points; ``+``/``-`` a forfeit won/lost (not rated for that side).
Point = Literal["1", "0.5", "0", "+", "-"]
POINTS: tuple[Point, ...] = ("1", "0.5", "0", "+", "-")

#: ``TurnierType_EnumType``: S single players / T teams; R round robin, W Swiss, C cup;
#: ``-H`` hybrid (partly online).
TournamentType = Literal[
    "SR", "SW", "SC", "TR", "TW", "TC", "SR-H", "SW-H", "SC-H", "TR-H", "TW-H", "TC-H"
]
TOURNAMENT_TYPES: tuple[TournamentType, ...] = (
    "SR", "SW", "SC", "TR", "TW", "TC", "SR-H", "SW-H", "SC-H", "TR-H", "TW-H", "TC-H",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ReportHeader:
    """``header``: all four fields or none. ``file_uuid`` is new for every file written
    (a resend of the same file keeps it); ``creation_date`` carries its time zone."""

    creation_date: dt.datetime
    sender: str
    system: str
    file_uuid: str


@dataclass(frozen=True, slots=True)
class ReportPlayer:
    """``player``: ``number`` is ``tournamentPlayerNumber`` (1..999999, unique; wertung
    writes 1..n). ``birth_year`` (``dobYear``) is required by the schema and must be the
    true year: None here means the source does not know it (the check says so; the writer
    never invents one). ``dsb_id``: the DSB person id (PKZ / nu id); ``zps``: the club
    code (``vkz``, 5 characters); ``member_number``: ``numberClubMember`` (1..99999).
    ``player_id``: the id of the player in the tournament the report was made from (not
    written; lets the check name him as the user knows him)."""

    number: int
    surname: str
    forename: str
    birth_year: int | None
    dsb_id: str | None = None
    birth_date: dt.date | None = None
    zps: str | None = None
    member_number: int | None = None
    club: str | None = None
    fide_id: int | None = None
    fide_rating: int | None = None
    sex: Literal["m", "w"] | None = None
    player_id: str | None = None
    #: The line of a file read back (None for a report made from a tournament).
    line: int | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """``Surname, Forename`` as wertung shows names (one name once: the schema puts a
        single name into both fields)."""
        if self.forename and self.forename != self.surname:
            return f"{self.surname}, {self.forename}" if self.surname else self.forename
        return self.surname or self.forename


@dataclass(frozen=True, slots=True)
class ReportGame:
    """``game``: ``white``/``black`` the players' numbers, None for no player on that side
    (a bye, an empty board); ``date`` the day it was actually played, when known."""

    round: int
    white: int | None
    black: int | None
    point_white: Point
    point_black: Point
    date: dt.date | None = None
    #: The line of a file read back (None for a report made from a tournament).
    line: int | None = field(default=None, compare=False)

    @property
    def played(self) -> bool:
        """Whether the game was played over the board (both players, no forfeit)."""
        return (
            self.white is not None
            and self.black is not None
            and "+" not in (self.point_white, self.point_black)
            and "-" not in (self.point_white, self.point_black)
        )


@dataclass(frozen=True, slots=True)
class Report:
    """``DSB_DWZ_TournamentReport``: the tournament's fields in the schema's order, its
    players and games. ``start_date``/``end_date`` are the first and last day a game was
    actually played; ``tournament_uuid`` stays the same for every export of the same
    source, so a corrected file replaces the earlier one. ``label``, ``time_control``,
    the dates and ``location`` are required by the schema but None when neither the
    source nor the user gives them (never invented: the check names them)."""

    tournament_uuid: str
    label: str | None
    tournament_type: TournamentType
    time_control: str | None
    rounds: int
    start_date: dt.date | None
    end_date: dt.date | None
    location: str | None
    players: tuple[ReportPlayer, ...]
    games: tuple[ReportGame, ...]
    url: str | None = None
    notes: str | None = None
    age_class: str | None = None
    header: ReportHeader | None = None
    #: What wertung knows beside the file (not written): notes of the mapping, e.g.
    #: "player 12: birth year from the DSB list".
    made_notes: tuple[str, ...] = field(default=())

    def player(self, number: int) -> ReportPlayer:
        """The player with ``tournamentPlayerNumber`` ``number`` (KeyError if none)."""
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

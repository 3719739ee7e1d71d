"""A tournament as the DSB's rating portal wants it: :class:`Tournament` → :class:`Report`.

:func:`report_from_tournament` maps what wertung read from any source onto the fields of
DSB XML 2.5 (SPEC §10); :mod:`wertung.formats.dsb_xml` writes the result, the
pre-submission check inspects it. The mapping never invents a value: what neither the
source, the DSB list (when given) nor the user's options say stays None in the report
(the schema requires some of them; the check names each one).

Decisions, once:

* ``tournamentUUID`` is a name-based UUID (version 5) of the source's identity, so every
  export of the same source, and of its corrected version, carries the same one: the
  chess-results event number; a DSB XML file's own ``tournamentUUID``; otherwise the
  source's name (its file name) and the tournament's own fields (name, place, start and
  end date), never its players or games. ``uuid=`` (the user's ``--uuid``) comes first.
* Players are numbered 1..n in the source's order. ``Surname, Forename`` is split at the
  first comma; a name without one goes into both fields, as the schema says for a
  person with one name only (nothing is guessed about which word is which).
* ``tournamentType``: ``T…`` for a team event (the tournament has teams), ``…R`` when
  every pair of players (of teams) met, otherwise ``…W``; a cup (``…C``) or a hybrid
  event (``-H``) only by ``tournament_type=``.
* Games: ``1``/``0.5``/``0`` as played, ``+``/``-`` for forfeits, a bye as a game with
  no opponent (``noneBlackPlayer``); games without a result (``*``) are left out.
  Each game carries the day it was played where the source says: its own date, else its
  round's (``Tournament.round_dates``); a bye its round's. ``round_dates=`` (round → day,
  the user's) replaces the tournament's dates of the rounds it names. ``startDate`` and
  ``endDate`` are the first and last day a game was played over the board; where no such
  game is dated, the tournament's own start and end (``start_date=`` comes first).
* A club code, member number, FIDE id or rating that the schema cannot hold (``vkz`` is
  5 letters or digits) is left out and named in ``made_notes``.

>>> from wertung.tournament._model import Game, Player, Tournament
>>> from wertung.kernel.results import GameResult
>>> t = Tournament(name="Open", players=(Player("a", "Muster, Max", birth_year=1990),
...     Player("b", "Weiß, Anna", birth_year=2001)),
...     games=(Game(1, "a", "b", GameResult.DRAW),), rounds=1, source="open.trf")
>>> r = report_from_tournament(t, location="Ilmenau")
>>> r.tournament_type, r.players[1].surname, r.games[0].point_white, r.start_date
('SR', 'Weiß', '0.5', None)
>>> r.tournament_uuid == report_from_tournament(t).tournament_uuid
True
"""

from __future__ import annotations

import datetime as dt
import os
import re
import uuid as uuid_module
from collections.abc import Callable, Mapping
from typing import Any

from wertung.formats.dsb_report import (
    TOURNAMENT_TYPES,
    Point,
    Report,
    ReportGame,
    ReportHeader,
    ReportPlayer,
    TournamentType,
)
from wertung.kernel.errors import InvalidInput
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._model import Player, Tournament

__all__ = [
    "SYSTEM",
    "UUID_NAMESPACE",
    "DsbLookup",
    "game_points",
    "parse_uuid",
    "report_from_tournament",
    "split_name",
    "tournament_type_of",
    "tournament_uuid",
]

#: The namespace of wertung's name-based tournament UUIDs (fixed: never change it, or
#: every later export of an event sent before gets a new tournamentUUID).
UUID_NAMESPACE = uuid_module.UUID("6f1c3a52-8d0e-4c7b-9a3e-2b5d7e9f1a40")

#: ``header/system``.
SYSTEM = "wertung"

#: The DSB list as the mapping asks it: a player → his list record (or None). The
#: record's attributes are read where present: ``birth_year``, ``pkz``, ``zps``,
#: ``member_no``, ``club``, ``sex``, ``fide_id`` (as :class:`~wertung.sources.store_records.DsbPlayer`).
DsbLookup = Callable[[Player], Any]

_VKZ = re.compile(r"[A-Za-z0-9]{5}")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_CHESS_RESULTS = re.compile(r"chess-results\.com/.*?tnr(\d+)", re.IGNORECASE)
#: A DSB XML file read back keeps its tournamentUUID as the tournament's source.
URN_PREFIX = "urn:uuid:"

_POINTS: dict[GameResult, tuple[Point, Point]] = {
    GameResult.WHITE_WINS: ("1", "0"),
    GameResult.BLACK_WINS: ("0", "1"),
    GameResult.DRAW: ("0.5", "0.5"),
    GameResult.BOTH_LOSE: ("0", "0"),
    GameResult.WHITE_WINS_FORFEIT: ("+", "-"),
    GameResult.BLACK_WINS_FORFEIT: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
}


def game_points(result: GameResult) -> tuple[Point, Point] | None:
    """``(pointWhite, pointBlack)`` of a result; None for a game without one (``*``).

    >>> game_points(GameResult.WHITE_WINS_FORFEIT), game_points(GameResult.NOT_PLAYED)
    (('+', '-'), None)
    """
    return _POINTS.get(result)


def parse_uuid(text: str, *, field: str = "uuid") -> str:
    """A UUID as the schema writes it (lower case, with hyphens), or :class:`InvalidInput`.

    >>> parse_uuid("6F1C3A52-8D0E-4C7B-9A3E-2B5D7E9F1A40")
    '6f1c3a52-8d0e-4c7b-9a3e-2b5d7e9f1a40'
    """
    value = text.strip() if isinstance(text, str) else ""
    if value.lower().startswith(URN_PREFIX):
        value = value[len(URN_PREFIX) :]
    if not _UUID.fullmatch(value):
        raise InvalidInput(
            f"{text!r} is not a UUID (32 hexadecimal digits in groups of 8-4-4-4-12)",
            code="dsbxml.uuid",
            params={"text": repr(text)},
            field=field,
        )
    return value.lower()


def tournament_uuid(tournament: Tournament, *, given: str | None = None) -> str:
    """The tournament's ``tournamentUUID``: ``given`` (checked), else derived stably from
    the source's identity (see the module's notes)."""
    if given is not None:
        return parse_uuid(given)
    source = tournament.source or ""
    if source.lower().startswith(URN_PREFIX):
        try:
            return parse_uuid(source, field="source")
        except InvalidInput:
            pass
    found = _CHESS_RESULTS.search(source)
    if found:
        identity = f"chess-results:{int(found.group(1))}"
    else:
        name = source.replace("\\", "/").rsplit("/", 1)[-1] if _looks_like_path(source) else source
        fields = (
            name,
            tournament.name or "",
            tournament.place or "",
            tournament.start_date.isoformat() if tournament.start_date else "",
            tournament.end_date.isoformat() if tournament.end_date else "",
        )
        identity = "file:" + "\x1f".join(fields)
    return str(uuid_module.uuid5(UUID_NAMESPACE, identity))


def _looks_like_path(source: str) -> bool:
    """A file's name or path (its folder does not belong to the event's identity)."""
    return "://" not in source and bool(os.path.splitext(source)[1]) and "\n" not in source


def split_name(name: str) -> tuple[str, str]:
    """``(surname, forename)`` of a name as wertung holds it.

    >>> split_name("Gib,David"), split_name("Müller-Lüdenscheidt, Anna Maria")
    (('Gib', 'David'), ('Müller-Lüdenscheidt', 'Anna Maria'))
    >>> split_name("DrNykterstein")
    ('DrNykterstein', 'DrNykterstein')
    """
    surname, comma, forename = (name or "").partition(",")
    surname, forename = " ".join(surname.split()), " ".join(forename.split())
    if not comma or not forename:
        return surname, surname
    if not surname:
        return forename, forename
    return surname, forename


def tournament_type_of(tournament: Tournament, given: str | None = None) -> TournamentType:
    """``given`` (checked against the schema's list), else team/individual and round robin
    or Swiss from the pairings (a cup or a hybrid event only when given)."""
    if given is not None:
        value = given.strip().upper()
        if value not in TOURNAMENT_TYPES:
            raise InvalidInput(
                f"tournament type {given!r} is not one of {', '.join(TOURNAMENT_TYPES)}",
                code="dsbxml.tournament_type",
                params={"given": repr(given), "types": ", ".join(TOURNAMENT_TYPES)},
                field="tournament_type",
            )
        return value
    team_of = _team_of(tournament)
    if team_of:
        sides = {t.id for t in tournament.teams}
        pairs = {
            frozenset((team_of.get(g.white), team_of.get(g.black)))
            for g in tournament.games
            if team_of.get(g.white) and team_of.get(g.black)
        }
        all_pairs = len(sides) * (len(sides) - 1) // 2
        return (
            "TR"
            if len(sides) >= 2 and len({p for p in pairs if len(p) == 2}) >= all_pairs
            else "TW"
        )
    n = len(tournament.players)
    pairs = {frozenset((g.white, g.black)) for g in tournament.games}
    return "SR" if n >= 2 and len(pairs) >= n * (n - 1) // 2 else "SW"


def _team_of(tournament: Tournament) -> dict[str, str]:
    team_of = {pid: team.id for team in tournament.teams for pid in team.players}
    for p in tournament.players:
        if p.team and p.id not in team_of:
            team_of[p.id] = p.team
    return team_of


def report_from_tournament(
    tournament: Tournament,
    *,
    uuid: str | None = None,
    location: str | None = None,
    start_date: dt.date | None = None,
    time_control: str | None = None,
    sender: str | None = None,
    tournament_type: str | None = None,
    dsb_list: DsbLookup | None = None,
    round_dates: Mapping[int, dt.date] | None = None,
    url: str | None = None,
    now: Callable[[], dt.datetime] | None = None,
) -> Report:
    """The report of ``tournament`` (see the module's notes for every decision).

    The options are the user's: ``location``, ``start_date``, ``time_control`` fill what
    the source lacks or correct it; ``sender`` makes the file's ``header`` (its creation
    time from ``now``, aware, the user's zone by default; a fresh ``fileUUID``; the
    writer may replace both); ``dsb_list`` fills missing birth years, PKZ and club data
    (each fill is named in ``made_notes``); ``round_dates`` (round → day) replaces the
    source's dates of the rounds it names. Every game is dated where the source says
    (:meth:`Tournament.game_date`), and ``startDate``/``endDate`` are the days played.
    """
    notes: list[str] = []
    players, number_of = _players(tournament, dsb_list, notes)
    games = _games(tournament, number_of, round_dates or {})
    first, last = _days_played(games, tournament)
    first = start_date or first
    header = None
    if sender is not None and sender.strip():
        created = (now or _now)()
        header = ReportHeader(created, sender.strip(), SYSTEM, str(uuid_module.uuid4()))
    link = url or (tournament.source if _is_link(tournament.source) else None)
    return Report(
        tournament_uuid=tournament_uuid(tournament, given=uuid),
        label=(tournament.name or "").strip() or None,
        tournament_type=tournament_type_of(tournament, tournament_type),
        time_control=_time_control_text(tournament, time_control),
        rounds=max(1, tournament.round_count()),
        start_date=first,
        end_date=last,
        location=_text(location) or _text(tournament.place),
        players=players,
        games=games,
        url=link,
        age_class=_text(tournament.age_class_given) or _text(tournament.age_class),
        header=header,
        made_notes=tuple(notes),
    )


def _days_played(
    games: tuple[ReportGame, ...], tournament: Tournament
) -> tuple[dt.date | None, dt.date | None]:
    """``(startDate, endDate)``: the first and last day a game was played over the board
    when every such game is dated; otherwise (some are not) the tournament's own start
    and end, which the undated games lie between, or where it has none the dated games'.

    >>> from wertung.formats.dsb_report import ReportGame as G
    >>> day = dt.date(2026, 9, 5)
    >>> _days_played((G(1, 1, 2, "1", "0", date=day), G(2, 1, 2, "1", "0")),
    ...              Tournament(end_date=dt.date(2026, 9, 7)))
    (datetime.date(2026, 9, 5), datetime.date(2026, 9, 7))
    """
    played = [g for g in games if g.played]
    days = sorted({g.date for g in played if g.date is not None})
    if not days:
        return tournament.start_date, tournament.end_date
    if all(g.date is not None for g in played):
        return days[0], days[-1]
    return tournament.start_date or days[0], tournament.end_date or days[-1]


def _now() -> dt.datetime:
    return dt.datetime.now().astimezone()


def _text(value: str | None) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _is_link(source: str | None) -> bool:
    return bool(source and source.lower().startswith(("http://", "https://")))


def _time_control_text(tournament: Tournament, given: str | None) -> str | None:
    for text in (given, tournament.time_control_given, tournament.time_control_text):
        if _text(text):
            return _text(text)
    if tournament.time_control_periods:
        return ", ".join(p.describe() for p in tournament.time_control_periods)
    return None


def _players(
    tournament: Tournament, dsb_list: DsbLookup | None, notes: list[str]
) -> tuple[tuple[ReportPlayer, ...], dict[str, int]]:
    out = []
    number_of: dict[str, int] = {}
    for number, player in enumerate(tournament.players, start=1):
        number_of[player.id] = number
        out.append(_player(number, player, dsb_list(player) if dsb_list else None, notes))
    return tuple(out), number_of


def _player(number: int, p: Player, listed: Any, notes: list[str]) -> ReportPlayer:
    surname, forename = split_name(p.name)
    name = p.name

    def listed_value(attribute: str) -> Any:
        value = getattr(listed, attribute, None) if listed is not None else None
        return None if value in (None, "") else value

    birth_year = p.birth_year
    if birth_year is None and listed_value("birth_year") is not None:
        birth_year = int(listed_value("birth_year"))
        notes.append(f"player {number} ({name}): birth year {birth_year} from the DSB list")
    birth_date = p.birth_date if p.birth_date and p.birth_date.year == birth_year else None
    dsb_id = _text(p.pkz)
    if dsb_id is None and _text(listed_value("pkz")):
        dsb_id = _text(listed_value("pkz"))
        notes.append(f"player {number} ({name}): PKZ {dsb_id} from the DSB list")
    zps, member, club = _text(p.zps), _text(p.member_number), _text(p.club)
    listed_zps, listed_member = _text(listed_value("zps")), _text(listed_value("member_no"))
    if zps is None and member is None and listed_zps:
        # the club code and the member number belong together: both from the same row
        zps, member, club = listed_zps, listed_member, club or _text(listed_value("club"))
        notes.append(
            f"player {number} ({name}): club code {zps} and member number "
            f"{member or '-'} from the DSB list"
        )
    elif member is None and zps and listed_zps == zps and listed_member:
        member = listed_member
        notes.append(f"player {number} ({name}): member number {member} from the DSB list")
    if zps is not None and not _VKZ.fullmatch(zps):
        notes.append(
            f"player {number} ({name}): club code {zps!r} is not 5 letters or digits; left out"
        )
        zps = None
    member_number = _whole(member, 99999)
    if member is not None and member_number is None and not _zero(member):
        notes.append(
            f"player {number} ({name}): member number {member!r} is not a number from 1 to "
            "99999; left out"
        )
    fide_text = _text(p.fide_id)
    if fide_text is None and listed_value("fide_id") is not None:
        fide_text = _text(str(listed_value("fide_id")))
        if _whole(fide_text, _FIDE_MAX) is not None:
            notes.append(f"player {number} ({name}): FIDE id {fide_text} from the DSB list")
    fide_id = _whole(fide_text, _FIDE_MAX)
    if fide_text is not None and fide_id is None and not _zero(fide_text):
        notes.append(
            f"player {number} ({name}): FIDE id {fide_text!r} is not a number from 1 to "
            "99999999999999; left out"
        )
    fide_rating = p.fide_rating if p.fide_rating and 1 <= p.fide_rating <= 5000 else None
    sex = _sex(p.sex)
    if sex is None and _sex(listed_value("sex")) is not None:
        sex = _sex(listed_value("sex"))
        notes.append(f"player {number} ({name}): sex from the DSB list")
    return ReportPlayer(
        number=number, surname=surname, forename=forename, birth_year=birth_year,
        dsb_id=dsb_id, birth_date=birth_date, zps=zps, member_number=member_number,
        club=club, fide_id=fide_id, fide_rating=fide_rating, sex=sex, player_id=p.id,
    )  # fmt: skip


_FIDE_MAX = 99999999999999


def _whole(text: str | None, high: int) -> int | None:
    """``text`` as a whole number from 1 to ``high``, else None."""
    if text is None or not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if 1 <= value <= high else None


def _zero(text: str) -> bool:
    """0 (or 000): "none" in several sources (the schema forbids it: left out silently)."""
    return text.isascii() and text.isdigit() and int(text) == 0


def _sex(value: object) -> Any:
    text = str(value).strip().lower() if value not in (None, "") else ""
    if text in ("m", "male", "männlich"):
        return "m"
    if text in ("w", "f", "female", "weiblich"):
        return "w"
    return None


def _games(
    tournament: Tournament, number_of: dict[str, int], round_dates: Mapping[int, dt.date]
) -> tuple[ReportGame, ...]:
    out = []
    for game in tournament.games:
        points = _POINTS.get(game.result)
        if points is None:
            continue
        day = round_dates[game.round] if game.round in round_dates else tournament.game_date(game)
        out.append(
            ReportGame(game.round, number_of[game.white], number_of[game.black], *points, date=day)
        )
    for bye in tournament.byes:
        day = (
            round_dates[bye.round] if bye.round in round_dates else tournament.round_date(bye.round)
        )
        out.append(
            ReportGame(
                bye.round,
                number_of[bye.player],
                None,
                _bye_point(bye.points, bye.kind),
                "-",
                date=day,
            )
        )
    out.sort(key=lambda g: g.round)  # stable: the source's order within a round
    return tuple(out)


def _bye_point(points: Any, kind: ByeKind | None) -> Point:
    """A bye's points as the schema writes them: ``+`` a whole point without a game,
    ``0.5`` a half-point bye, ``-`` none (no game is rated either way)."""
    if points >= 1:
        return "+"
    if points > 0:
        return "0.5"
    return "-"

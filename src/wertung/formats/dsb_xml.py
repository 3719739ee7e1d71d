"""DSB XML 2.5 (``DSB_DWZ_TournamentReport``, SPEC §10): write, read, and read as a source.

:func:`write` serialises a :class:`~wertung.formats.dsb_report.Report` (made by
:func:`wertung.formats.dsb_map.report_from_tournament`) as the schema wants it: UTF-8,
the schema's namespace as the default namespace, ``version="2.5"``, every element in the
schema's order with the schema's value formats, built as a tree (lxml), so that names
with ``&``, ``<`` or quotes are escaped by construction. Characters XML cannot hold at
all (control characters in a damaged source) are left out. What the report lacks is not
written (never a made-up value): the pre-submission check says what is missing.

:func:`read` parses a DSB XML 2.5 file (wertung's or another writer's; see
:mod:`._dsb_xml_read`), :func:`tournament_from_report` makes it a
:class:`~wertung.tournament._model.Tournament` like every other source, and :func:`load`
does both (the importers recognise the file by its root element).

>>> import datetime as dt
>>> from wertung.formats.dsb_report import Report, ReportGame, ReportPlayer
>>> report = Report(
...     tournament_uuid="0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11", label="Open <A&B>",
...     tournament_type="SW", time_control="90 min + 30 s", rounds=1,
...     start_date=dt.date(2026, 9, 1), end_date=dt.date(2026, 9, 1), location="Ilmenau",
...     players=(ReportPlayer(1, "Muster", "Max", 1990), ReportPlayer(2, "Weiß", "Anna", 2001)),
...     games=(ReportGame(1, 1, 2, "1", "0"),))
>>> data = write(report)
>>> b"<label>Open &lt;A&amp;B&gt;</label>" in data
True
>>> back = read(data)
>>> back.players[1].surname, back.games[0].point_white, back.label
('Weiß', '1', 'Open <A&B>')
>>> t = tournament_from_report(back)
>>> t.players[1].name, t.games[0].result.value, t.source
('Weiß, Anna', '1-0', 'urn:uuid:0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11')
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
import uuid as uuid_module
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, BinaryIO

from wertung.formats import _dsb_xml_read
from wertung.formats._source import read_bytes
from wertung.formats.dsb_report import (
    NAMESPACE,
    SCHEMA_VERSION,
    Point,
    Report,
    ReportGame,
    ReportHeader,
    ReportPlayer,
)
from wertung.kernel.errors import FormatError, message, places, within
from wertung.kernel.results import GameResult
from wertung.tournament._model import Bye, Game, Player, Tournament

__all__ = ["load", "looks_like", "read", "tournament_from_report", "write"]

#: Characters XML 1.0 cannot hold (not even escaped).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_ROOT_START = re.compile(
    rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*|<\?.*?\?>\s*)*"
    rb"<(?:[A-Za-z_][\w.-]*:)?(DSB_DWZ_TournamentReport|dewis)[\s>/]",
    re.DOTALL,
)


def looks_like(head: bytes) -> bool:
    """Whether a file's first bytes are a DSB XML (or an older DeWIS XML) document.

    >>> looks_like(b'<?xml version="1.0"?>\\n<ns:DSB_DWZ_TournamentReport xmlns:ns="x">')
    True
    >>> looks_like(b"<html><body>DSB_DWZ_TournamentReport</body></html>")
    False
    """
    return _ROOT_START.match(head[:8192]) is not None


# --------------------------------------------------------------------------- writing


def write(
    report: Report,
    *,
    file_uuid: str | None = None,
    created: dt.datetime | None = None,
    notes: str | None = None,
) -> bytes:
    """The report as a DSB XML 2.5 document (UTF-8 bytes).

    The ``header`` is written when the report has one (it needs the sender): ``created``
    and ``file_uuid`` replace its creation time and file UUID (``created`` an aware
    time, written with its offset; a naive one is taken as the machine's local time).
    ``notes`` stands at the top of the tournament's ``notes`` (the check's "written
    with errors").
    """
    from lxml import etree

    root = etree.Element(_q("DSB_DWZ_TournamentReport"), nsmap={None: NAMESPACE})  # type: ignore[dict-item]  # lxml-stubs want a prefix; lxml takes None (the default namespace)
    root.set("version", SCHEMA_VERSION)
    header = report.header
    if header is not None:
        header = dataclasses.replace(
            header,
            creation_date=created or header.creation_date,
            file_uuid=file_uuid or header.file_uuid,
        )
        _header(etree.SubElement(root, _q("header")), header)
    _tournament(etree.SubElement(root, _q("tournament")), report, notes)
    players = etree.SubElement(root, _q("players"))
    for player in report.players:
        _player(etree.SubElement(players, _q("player")), player)
    games = etree.SubElement(root, _q("games"))
    for game in report.games:
        _game(etree.SubElement(games, _q("game")), game)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _q(name: str) -> str:
    return f"{{{NAMESPACE}}}{name}"


#: The elements' qualified names, made once.
_QNAMES: dict[str, str] = {}


def _add(parent: Any, name: str, value: object) -> None:
    """``<name>value</name>`` when there is a value (the schema allows no empty element)."""
    if value is None:
        return
    if value.__class__ is int:
        text = str(value)
    else:
        text = value if isinstance(value, str) else str(value)
        if not text.isprintable():  # every character XML cannot hold is unprintable
            text = _NOT_XML.sub("", text)
        if not text.strip():
            return
    qname = _QNAMES.get(name)
    if qname is None:
        qname = _QNAMES[name] = _q(name)
    _sub_element()(parent, qname).text = text


def _sub_element() -> Any:
    global _SUB_ELEMENT
    if _SUB_ELEMENT is None:
        from lxml import etree

        _SUB_ELEMENT = etree.SubElement
    return _SUB_ELEMENT


_SUB_ELEMENT: Any = None


def _header(el: Any, header: ReportHeader) -> None:
    created = header.creation_date
    if created.tzinfo is None:
        created = created.astimezone()
    _add(el, "creationDate", created.replace(microsecond=0).isoformat())
    _add(el, "sender", header.sender)
    _add(el, "system", header.system)
    _add(el, "fileUUID", header.file_uuid or str(uuid_module.uuid4()))


def _tournament(el: Any, report: Report, notes: str | None) -> None:
    _add(el, "tournamentUUID", report.tournament_uuid)
    _add(el, "label", report.label)
    _add(el, "tournamentType", report.tournament_type)
    _add(el, "timecontrol", report.time_control)
    _add(el, "rounds", report.rounds)
    _add(el, "startDate", _date(report.start_date))
    _add(el, "endDate", _date(report.end_date))
    _add(el, "location", report.location)
    _add(el, "url", report.url)
    both = "\n\n".join(n for n in (notes, report.notes) if n and n.strip())
    _add(el, "notes", both or None)
    _add(el, "ageClass", report.age_class)


def _date(value: dt.date | None) -> str | None:
    return None if value is None else f"{value.year:04d}-{value.month:02d}-{value.day:02d}"


def _player(el: Any, p: ReportPlayer) -> None:
    _add(el, "tournamentPlayerNumber", p.number)
    _add(el, "dsbId", p.dsb_id)
    _add(el, "surname", p.surname)
    _add(el, "forename", p.forename)
    _add(el, "dobYear", None if p.birth_year is None else f"{p.birth_year:04d}")
    _add(el, "dobDate", _date(p.birth_date))
    _add(el, "vkz", p.zps)
    _add(el, "numberClubMember", p.member_number)
    _add(el, "club", p.club)
    _add(el, "fideId", p.fide_id)
    _add(el, "fideRating", p.fide_rating)
    _add(el, "sex", p.sex)


def _game(el: Any, g: ReportGame) -> None:
    _add(el, "round", g.round)
    _add(el, "date", _date(g.date))
    if g.white is None:
        _add(el, "noneWhitePlayer", "true")
    else:
        _add(el, "tournamentPlayerNumberWhite", g.white)
    if g.black is None:
        _add(el, "noneBlackPlayer", "true")
    else:
        _add(el, "tournamentPlayerNumberBlack", g.black)
    _add(el, "pointWhite", g.point_white)
    _add(el, "pointBlack", g.point_black)


# --------------------------------------------------------------------------- reading


def read(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO) -> Report:
    """The report of a DSB XML 2.5 file (a path, its bytes or a binary file object);
    :class:`FormatError` naming line and element when it cannot be read."""
    data, _name = read_bytes(source, max_bytes=_dsb_xml_read.MAX_BYTES)
    return _dsb_xml_read.parse(data)


def load(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO) -> Tournament:
    """A DSB XML 2.5 file as a tournament (:func:`read`, then :func:`tournament_from_report`)."""
    return tournament_from_report(read(source))


_RESULTS: dict[tuple[Point, Point], GameResult] = {
    ("1", "0"): GameResult.WHITE_WINS,
    ("0", "1"): GameResult.BLACK_WINS,
    ("0.5", "0.5"): GameResult.DRAW,
    ("0", "0"): GameResult.BOTH_LOSE,
    ("+", "-"): GameResult.WHITE_WINS_FORFEIT,
    ("-", "+"): GameResult.BLACK_WINS_FORFEIT,
    ("-", "-"): GameResult.DOUBLE_FORFEIT,
}
_BYE_POINTS: dict[Point, Fraction] = {
    "+": Fraction(1), "1": Fraction(1), "0.5": Fraction(1, 2), "0": Fraction(0), "-": Fraction(0),
}  # fmt: skip


def tournament_from_report(report: Report) -> Tournament:
    """The tournament a report describes, as every importer gives one.

    Players keep their start numbers as ids; the file carries no DWZ (the DSB list
    fills it). A game no rule evaluates as it stands (``1:1``, ``½:0``, ``0:-``: one
    side rated, the other not) is left out and named in ``incomplete``, so nothing is
    evaluated silently on a guess. A game with no player on one side is a bye of the
    other. :class:`FormatError` (with the line) for a game naming an unknown player.
    """
    from wertung.kernel.time_control import classify

    ids = {p.number for p in report.players}
    players = []
    seen: dict[int, ReportPlayer] = {}
    for p in report.players:
        if p.number in seen:
            raise _error(f"the start number {p.number} is given twice (players "
                         f"{seen[p.number].name} and {p.name})", p.line,
                         code="dsbxml.number_twice", params={"n": p.number, "a": seen[p.number].name, "b": p.name})  # fmt: skip
        seen[p.number] = p
        players.append(_model_player(p))
    games, byes, incomplete = [], [], []
    round_dates = _round_dates(report.games)
    for g in report.games:
        for side in (g.white, g.black):
            if side is not None and side not in ids:
                raise _error(f"round {g.round}: the game names start number {side}, "
                             "which no player has", g.line, code="dsbxml.unknown_number",
                             params={"n": side, "context": places(message("place.round", n=g.round))})  # fmt: skip
        if g.white is None or g.black is None:
            number = g.white if g.white is not None else g.black
            point = g.point_white if g.white is not None else g.point_black
            byes.append(Bye(g.round, str(number), _BYE_POINTS[point]))
            continue
        result = _RESULTS.get((g.point_white, g.point_black))
        if result is None:
            incomplete.append(
                f"round {g.round}: the game {g.white}-{g.black} has the result "
                f"{g.point_white}:{g.point_black}, which wertung cannot evaluate; it is left out"
            )
            continue
        own = g.date if g.date != _day(round_dates, g.round) else None
        games.append(Game(g.round, str(g.white), str(g.black), result, date=own))
    control = classify(report.time_control) if report.time_control else None
    tournament = Tournament(
        name=report.label or "",
        end_date=report.end_date,
        start_date=report.start_date,
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
        rounds=report.rounds,
        place=report.location,
        source=f"urn:uuid:{report.tournament_uuid}",
        time_control=control.kind if control is not None else None,
        time_control_text=report.time_control,
        time_control_periods=control.periods if control is not None else (),
        age_class=report.age_class,
        incomplete=tuple(incomplete),
        round_dates=round_dates,
    )
    return tournament.validate()


def _round_dates(games: tuple[ReportGame, ...]) -> tuple[dt.date | None, ...]:
    """Each round's date from its games' dates: the day most of them name (the earliest
    of equally many), when every game of the round is dated; None otherwise. A game on
    another day keeps its own date (``Game.date``).

    >>> d = dt.date
    >>> _round_dates((ReportGame(1, 1, 2, "1", "0", date=d(2026, 9, 5)),
    ...               ReportGame(1, 3, None, "+", "-", date=d(2026, 9, 5)),
    ...               ReportGame(3, 1, 3, "1", "0", date=d(2026, 9, 9))))
    (datetime.date(2026, 9, 5), None, datetime.date(2026, 9, 9))
    """
    by_round: dict[int, list[dt.date | None]] = {}
    for g in games:
        by_round.setdefault(g.round, []).append(g.date)
    table: dict[int, dt.date] = {}
    for number, days in by_round.items():
        dated = [day for day in days if day is not None]
        if number <= _MAX_ROUND and dated and len(dated) == len(days):
            counts = Counter(dated)
            table[number] = min(counts, key=lambda day: (-counts[day], day))
    return tuple(table.get(r) for r in range(1, max(table, default=0) + 1))


def _day(round_dates: tuple[dt.date | None, ...], number: int) -> dt.date | None:
    return round_dates[number - 1] if 1 <= number <= len(round_dates) else None


#: The highest round number the schema allows (``rounds`` 1-999).
_MAX_ROUND = 999


def _error(
    text: str, line: int | None, *, code: str, params: Mapping[str, object] | None = None
) -> FormatError:
    """A :class:`FormatError` about the file's line ``line`` (``text``: the English message)."""
    if line is None:
        return FormatError(text, code=code, params=params, field="file")
    return FormatError(
        f"line {line}: {text}",
        code=code, params=within(places(message("place.line", n=line)), params or {}),
        field="file", line=line,
    )  # fmt: skip


def _model_player(p: ReportPlayer) -> Player:
    return Player(
        id=str(p.number),
        name=p.name,
        birth_year=p.birth_year,
        birth_date=p.birth_date,
        fide_rating=p.fide_rating,
        fide_id=str(p.fide_id) if p.fide_id is not None else None,
        club=p.club,
        sex=p.sex,
        pkz=p.dsb_id,
        zps=p.zps,
        member_number=str(p.member_number) if p.member_number is not None else None,
    )

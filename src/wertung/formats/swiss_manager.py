"""Swiss-Manager tournament files (``.TUNX`` Swiss, ``.TURX`` round robin): read.

The layout is in :mod:`._swiss_manager_layout`; :func:`read` turns a file into a
:class:`~wertung.core.model.Tournament`::

    >>> from pathlib import Path
    >>> t = read(Path(__file__).parents[3] / "tests/data/swiss-manager/fxj_round_robin_6players.TURX")
    >>> t.name, len(t.players), t.rounds, len(t.games), t.start_date
    ('Torneio Aniversário JTC 2025', 6, 5, 15, datetime.date(2025, 6, 24))
    >>> p = t.players[0]
    >>> p.name, p.national_rating, p.birth_year, p.birth_date
    ('Marcio, Roberto Oliveira Lima', 1816, 1964, None)

How the file maps to the model (decisions documented here once):

* The file is read through its directory (the section offsets at its end); every
  section must start with its marker and every count must use up its section
  exactly, else the file is refused as damaged or of another layout.
* Player ids are the file positions (1, 2, ...; the numbers the games refer to).
  The name is "Last, First". ``fide_rating`` and ``fide_id`` as stored (0: none);
  ``national_rating`` the national rating, which is also the ``dwz`` when the
  tournament's federation is GER (otherwise it is some other national system).
  ``index`` stays None (no DWZ index in the file). The birth date is
  ``YYYYMMDD`` with ``0000`` for an unknown month and day (then only the year).
* Result codes 1/2/3 are games over the board, 4/5 forfeit wins, 6 a double
  forfeit, 10 a double zero (no points, not a game over the board: kept as a
  double forfeit and named in the notes). Code 0 means the result is not yet in:
  not a game, and ``played_rounds`` says up to which round all results are in.
* A game without an opponent is a bye: opponent ``ffff`` ("bye") with 1 point a
  pairing-allocated bye, ``fffe`` ("not paired") with 1 point a full-point bye;
  ½ a half-point bye, 0 a zero-point bye.
* Team files (``.TUTX``, ``.TUMX``) are refused with a message saying what they are:
  their layout is documented from one file only and there is no sample here.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import BinaryIO

from ..core.errors import FormatError, WertungError
from ..core.model import RATING_MAX, Bye, Game, Player, Tournament
from ..core.results import ByeKind, GameResult, parse_game_result
from ..core.time_control import classify
from . import _swiss_manager_layout as L
from ._binary import Binary, check_text, yyyymmdd
from ._source import read_bytes

__all__ = ["looks_like", "parse", "read"]

_HALF = Fraction(1, 2)


def looks_like(data: bytes) -> bool:
    """Whether ``data`` starts and ends like a Swiss-Manager file (markers and directory).

    >>> looks_like(b"\\x93\\xff\\x89\\x44")
    False
    """
    data = bytes(data)
    n = L.DIRECTORY_LENGTH
    return (
        len(data) > L.HEADER_FIXED + n
        and data[:4] == bytes([L.TAGS["header"]]) + L.MARKER
        and data[-n : -n + 4] == bytes([L.TAGS["directory"]]) + L.MARKER
        and data[-4:] == bytes([L.TAGS["end"]]) + L.MARKER
    )


# --------------------------------------------------------------------------- sections


@dataclass(frozen=True, slots=True)
class _Section:
    start: int  # the marker
    end: int  # the next section's marker


def _sections(data: Binary) -> dict[str, _Section]:
    if not looks_like(data.data):
        raise data.error(
            "not a Swiss-Manager file (no Swiss-Manager header, directory or end marker)"
        )
    directory = len(data) - L.DIRECTORY_LENGTH
    offsets = [data.u32(directory + 4 + 4 * k, "directory entry") for k in range(7)]
    if offsets[3] != directory:
        if offsets[5] == directory:
            raise data.error(_team_message(data, None))
        raise data.error(
            f"the directory at offset {directory:#x} does not describe a layout wertung "
            "reads (a Swiss-Manager version not known yet)"
        )
    if any(offsets[4:]):
        raise data.error(f"the directory at offset {directory:#x} lists unknown sections")
    names = ("schedule", "players", "games")
    bounds = [*offsets[:3], directory]
    if not L.HEADER_FIXED < bounds[0] < bounds[1] < bounds[2] <= bounds[3]:
        raise data.error(f"the directory at offset {directory:#x} has offsets out of order")
    sections = {}
    for name, start, end in zip(names, bounds, bounds[1:], strict=False):
        tag = data.u8(start, f"{name} section")
        if data.raw(start + 1, 3, f"{name} section") != L.MARKER or tag != L.TAGS[name]:
            raise data.error(f"the {name} section does not start with its marker at {start:#x}")
        sections[name] = _Section(start, end)
    return sections


def _team_message(data: Binary, kind: int | None) -> str:
    if kind is None:
        return "a Swiss-Manager team file of a layout wertung does not read yet"
    ext, what = L.KINDS[kind]
    return f"a Swiss-Manager team file (.{ext}, {what}) of a layout wertung does not read yet"


class _Strings:
    """Reads strings one after another inside a section, bounded by its end."""

    def __init__(self, data: Binary, offset: int, end: int) -> None:
        self.data, self.offset, self.end = data, offset, end

    def one(self, what: str) -> str:
        count = self.data.u16(self.offset, what)
        start = self.offset + 2
        if start + 2 * count > self.end:
            raise self.data.error(
                f"{what} at offset {self.offset:#x}: a text of {count} characters runs past "
                f"the end of its section ({self.end:#x})"
            )
        raw = self.data.raw(start, 2 * count, what)
        try:
            text = raw.decode("utf-16-le")
        except UnicodeDecodeError:
            raise self.data.error(f"{what} at offset {self.offset:#x} is not valid text") from None
        self.offset = start + 2 * count
        return check_text(text, f"{what} at offset {start - 2:#x}", self.data)

    def many(self, n: int, what: str) -> list[str]:
        return [self.one(f"{what}, text {k}") for k in range(n)]

    def skip(self, size: int, what: str) -> int:
        if self.offset + size > self.end:
            raise self.data.error(
                f"{what} at offset {self.offset:#x} runs past the end of its section"
            )
        offset, self.offset = self.offset, self.offset + size
        return offset


# --------------------------------------------------------------------------- records


def _rating(value: int, what: str, data: Binary) -> int | None:
    if value > RATING_MAX:
        raise data.error(f"{what} {value} is out of range (0 to {RATING_MAX})")
    return value or None


def _players(data: Binary, section: _Section, count: int, german: bool) -> list[Player]:
    smallest = 2 * L.PLAYER_STRINGS + L.PLAYER_NUMBERS
    if count * smallest > section.end - section.start - 4:
        raise data.error(
            f"the configuration says {count} players; the players section "
            f"({section.end - section.start} bytes) cannot hold them"
        )
    reader = _Strings(data, section.start + 4, section.end)
    players = []
    for k in range(count):
        where = f"player record {k + 1} at offset {reader.offset:#x}"
        texts = reader.many(L.PLAYER_STRINGS, where)
        base = reader.skip(L.PLAYER_NUMBERS, where)

        def number(name: str, base: int = base, where: str = where) -> int:
            offset, size = L.PLAYER_NUMBERS_AT[name]
            read = data.u16 if size == 2 else data.u32
            return read(base + offset, f"{where}: {name.replace('_', ' ')}")

        last, first = (texts[L.PLAYER[n]].strip() for n in ("last_name", "first_name"))
        if not (last or first):
            raise data.error(f"{where}: the name is empty")
        national = _rating(number("national_rating"), f"{where}: national rating", data)
        year, birth = yyyymmdd(number("birth_date"))
        fide_id = number("fide_id")
        players.append(
            Player(
                id=str(k + 1),
                name=f"{last}, {first}" if last and first else last or first,
                fide_rating=_rating(number("fide_rating"), f"{where}: FIDE rating", data),
                fide_id=str(fide_id) if fide_id else None,
                national_rating=national,
                dwz=national if german else None,
                birth_year=year,
                birth_date=birth,
                title=texts[L.PLAYER["title"]].strip() or None,
                club=texts[L.PLAYER["club"]].strip() or None,
                federation=texts[L.PLAYER["federation"]].strip() or None,
            )
        )
    if reader.offset != section.end:
        raise data.error(
            f"the players section ends at {section.end:#x}, but {count} players end at "
            f"{reader.offset:#x}: a layout wertung does not read"
        )
    return players


@dataclass(slots=True)
class _Round:
    date: dt.date | None
    games: int
    start_time: str


def _schedule(data: Binary, section: _Section, rounds: int) -> list[_Round]:
    smallest = 2 * L.ROUND_STRINGS + L.ROUND_NUMBERS
    if rounds * smallest > section.end - section.start - 4:
        raise data.error(f"the configuration says {rounds} rounds; the schedule cannot hold them")
    reader = _Strings(data, section.start + 4, section.end)
    out = []
    for r in range(rounds):
        where = f"round {r + 1} of the schedule"
        texts = reader.many(L.ROUND_STRINGS, where)
        base = reader.skip(L.ROUND_NUMBERS, where)
        _, date = yyyymmdd(data.u32(base + L.ROUND["date"][0], f"{where}: date"))
        out.append(_Round(date, data.u16(base + L.ROUND["games"][0], f"{where}: games"), texts[0]))
    if reader.offset != section.end:
        raise data.error(
            f"the schedule ends at {section.end:#x}, but {rounds} rounds end at "
            f"{reader.offset:#x}: a layout wertung does not read"
        )
    return out


@dataclass(slots=True)
class _Games:
    games: list[Game] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    pending: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    incomplete: list[str] = field(default_factory=list)


def _bye(rnd: int, player: str, code: int, kind: str) -> Bye | None:
    points = {1: Fraction(1), 4: Fraction(1), 9: Fraction(1), 2: _HALF}.get(code, Fraction(0))
    if points == 1:
        return Bye(rnd, player, points, ByeKind.PAIRING if kind == "bye" else ByeKind.FULL)
    return Bye(rnd, player, points, ByeKind.HALF if points else ByeKind.ZERO)


def _games(data: Binary, section: _Section, rounds: list[_Round], players: int) -> _Games:
    total = sum(r.games for r in rounds)
    if section.start + 4 + total * L.GAME_LENGTH != section.end:
        raise data.error(
            f"the schedule lists {total} games; the games section holds "
            f"{(section.end - section.start - 4) / L.GAME_LENGTH:g}: a layout wertung does not read"
        )
    out = _Games()
    offset = section.start + 4
    for rnd, info in enumerate(rounds, start=1):
        for _ in range(info.games):
            white = data.u16(offset, "white player")
            black = data.u16(offset + 2, "black player")
            code = data.u8(offset + 4, "result code")
            where = f"round {rnd}, game record at offset {offset:#x}"
            offset += L.GAME_LENGTH
            for number in (white, black):
                if number > players and number not in L.NO_OPPONENT:
                    raise data.error(f"{where}: player {number} is not in the file", round=rnd)
            if white == 0 or white in L.NO_OPPONENT:
                if white or black:
                    out.notes.append(f"{where}: an empty slot beside player {black}; ignored")
                continue
            if black in L.NO_OPPONENT:
                if code == L.UNREPORTED:
                    out.pending.add(rnd)
                    continue
                bye = _bye(rnd, str(white), code, L.NO_OPPONENT[black])
                if bye is not None:
                    out.byes.append(bye)
                continue
            if black == 0:
                out.notes.append(f"{where}: player {white} has an empty opponent slot; ignored")
                continue
            if code == L.UNREPORTED:
                out.pending.add(rnd)
                continue
            symbol = L.RESULTS.get(code)
            if symbol is None:
                out.incomplete.append(
                    f"{where}: result code {code} of {white}-{black} is unknown; game left out"
                )
                continue
            result = parse_game_result(symbol)
            if code == 10:
                result = GameResult.DOUBLE_FORFEIT
                out.notes.append(
                    f"round {rnd}: {white}-{black} is a double zero (no points, not rated)"
                )
            out.games.append(Game(rnd, str(white), str(black), result))
    return out


# --------------------------------------------------------------------------- tournament


def _played_rounds(rounds: list[_Round], games: _Games) -> tuple[int | None, str | None]:
    paired = [r for r, info in enumerate(rounds, start=1) if info.games]
    if not games.pending and len(paired) == len(rounds):
        return None, None
    played = 0
    for r in range(1, len(rounds) + 1):
        if r in games.pending or r not in paired:
            break
        played = r
    of = f" of {len(rounds)}"
    note = f"after round {played}{of}" if played else f"no round complete yet{of}"
    if games.pending:
        note += "; results not yet in: round " + ", ".join(map(str, sorted(games.pending)))
    return played, note


def parse(data: bytes, *, source: str | None = None) -> Tournament:
    """Read a Swiss-Manager file from its bytes (see :func:`read`)."""
    binary = Binary(bytes(data), "Swiss-Manager")
    sections = _sections(binary)
    header = _Strings(binary, L.HEADER_FIXED, sections["schedule"].start)
    texts = header.many(L.HEADER_STRINGS, "tournament header")
    config = header.offset
    if binary.raw(config, 4, "configuration") != bytes([L.TAGS["configuration"]]) + L.MARKER:
        raise binary.error(f"no configuration section at {config:#x} after the header texts")

    def setting(name: str) -> int:
        offset, size = L.CONFIG[name]
        if config + offset + size > sections["schedule"].start:
            raise binary.error(f"the configuration section is too short for the {name}")
        read = binary.u16 if size == 2 else binary.u32
        return read(config + offset, name)

    kind = setting("kind")
    if kind not in L.KINDS:
        raise binary.error(f"tournament type {kind} (configuration offset 15) is unknown")
    if kind in (2, 3):
        raise binary.error(_team_message(binary, kind))
    federation = texts[L.TEXT["federation"]].strip() or None
    players = _players(binary, sections["players"], setting("players"), federation == "GER")
    rounds = _schedule(binary, sections["schedule"], setting("rounds"))
    games = _games(binary, sections["games"], rounds, len(players))
    played_rounds, progress = _played_rounds(rounds, games)
    notes = [*games.notes, *([progress] if progress else [])]
    tc_text = texts[L.TEXT["time_control"]].strip() or None
    control = classify(tc_text)
    if tc_text and (control is None or control.kind is None):
        notes.append(f"time control {tc_text[:80]!r} not understood")
    dates = [r.date for r in rounds if r.date]
    _, start = yyyymmdd(setting("start_date"))
    _, end = yyyymmdd(setting("end_date"))
    tournament = Tournament(
        name=texts[L.TEXT["name"]].strip(),
        start_date=start or (min(dates) if dates else None),
        end_date=end or (max(dates) if dates else None),
        rounds=len(rounds) or None,
        place=texts[L.TEXT["place"]].strip() or None,
        source=source,
        players=tuple(players),
        games=tuple(games.games),
        byes=tuple(games.byes),
        notes=tuple(notes),
        incomplete=tuple(games.incomplete),
        time_control=control.kind if control else None,
        time_control_text=tc_text,
        played_rounds=played_rounds,
    )
    try:
        return tournament.validate()
    except WertungError as exc:
        raise FormatError(f"Swiss-Manager: {exc}", field="swiss-manager", **exc.where) from None


def read(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO) -> Tournament:
    """Read a Swiss-Manager ``.TUNX``/``.TURX`` file (a path, its bytes or a binary file).

    Raises :class:`~wertung.core.errors.FormatError` naming the offset or record when
    the file is not one, damaged, of an unknown layout, or a team file.
    """
    data, name = read_bytes(source)
    return parse(data, source=name)

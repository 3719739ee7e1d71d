"""Swiss-Chess tournament files (``.SWT``, versions 7 and 8): read.

Swiss-Chess (the program most German tournament directors use) saves a
tournament as one binary file of fixed-layout records; the layout is in
:mod:`._swt_layout`. :func:`read` turns it into a
:class:`~wertung.tournament._model.Tournament`::

    >>> from pathlib import Path
    >>> t = read(Path(__file__).parents[3] / "tests/data/swt/SwissIndividual.SWT")
    >>> t.name, len(t.players), t.rounds, len(t.games)
    ('Test Tournament with a very long title', 24, 9, 108)
    >>> p = t.players[0]
    >>> p.name, p.dwz, p.fide_rating, p.fide_id, p.zps, p.member_number, p.birth_date
    ('Gib,David', 2090, 2085, '12345678', '12345', '0132', datetime.date(1986, 6, 15))

How the file maps to the model (decisions documented here once):

* Player ids are the file's participant ids (field 2020, the number pairing
  records refer to) as text. ``dwz`` and ``national_rating`` are the NWZ
  (field 2004; Swiss-Chess's national rating is the DWZ); ``index`` stays None
  (the file has no DWZ index: the DSB rating list fills it). Ratings ``0`` or
  blank are None.
* Every pairing is stored twice (once per player); both halves must agree
  (opponent, colours, results), else the file is refused as damaged.
* A result with status *kampflos* is a forfeit; a result not yet entered and an
  adjourned game (*Hängepartie*) are not games: the round counts as not complete
  and ``played_rounds`` says up to which round all results are in. A pairing
  whose player was *nicht eingesetzt* (team files: not used) is no game either.
* A bye (colour *spielfrei*) scores what the file says: 1 a pairing-allocated
  bye, ½ a half-point bye, 0 a zero-point bye. A round without a pairing record
  is no entry (the player was not in the tournament that round).
* The player's own points (field 2030, version 8: his board points, which the
  program keeps with his counts of games, wins, draws and losses, fields 2024-2027)
  are checked against the games and byes like every importer's totals
  (:func:`wertung.formats._points.settle`): a total higher by at most one point per
  round without a pairing record is taken as byes in those rounds (individual files
  only: in a team file a player not lined up scores nothing); any other difference
  makes the tournament incomplete. The team sample ``SwissTeam.SWT`` has seven: the
  players' own records count as many games as their pairings and every team's board
  points agree with its pairings, but within two teams the records give other
  results (players 21 and 22, 23 and 25 have each other's wins, draws and losses).
  The file contradicts itself about who scored what; which is right it does not say.
* Team files: ``teams`` lists the teams with their players in line-up order,
  ``Player.team`` the team's number, every board pairing is one
  :class:`~wertung.tournament._model.Game` with its ``board``; team match results are
  derived, not read.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import BinaryIO

from wertung.formats import _swt_layout as L
from wertung.formats._binary import Binary, field_of, numbered, yyyymmdd
from wertung.formats._binary import record as record_place
from wertung.formats._points import open_rounds, points_mismatches, settle
from wertung.formats._source import parse_trf_date, read_bytes
from wertung.kernel.errors import (
    FormatError,
    Place,
    WertungError,
    message,
    place_of,
    places,
    within,
)
from wertung.kernel.results import ByeKind, GameResult
from wertung.kernel.time_control import classify
from wertung.tournament._model import RATING_MAX, Bye, Game, Player, Team, Tournament

__all__ = ["looks_like", "parse", "read"]

#: More participants than this are not a tournament file (Swiss-Chess: 9999 at most).
MAX_PARTICIPANTS = 9999
#: The largest file :func:`read` reads (32 MiB); a larger one is refused before it is read.
#: A version-8 file of 9,999 participants and 50 rounds is about 16 MiB (655 bytes a
#: participant, 19 a pairing); a real open of 2,000 players and 15 rounds under 2 MiB.
MAX_BYTES = 32 * 1024 * 1024
_HALF = Fraction(1, 2)
_DAY_ZERO = dt.date(1899, 12, 30)


def looks_like(data: bytes) -> bool:
    """Whether ``data`` is (the start of) a Swiss-Chess file of a version read here.

    The file version (field 9999) must be 7.xx or 8.xx and the file exactly as long as
    its participant and round counts make it.

    >>> looks_like(b"TRF text")
    False
    """
    try:
        _header(Binary(bytes(data), "SWT"))
    except FormatError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class _Header:
    layout: L.Layout
    version: int
    rounds: int
    players: int
    teams: int


def _field(data: Binary, table: dict[str, tuple[int, int]], name: str, base: int = 0) -> int:
    offset, size = table[name]
    return data.u8(base + offset, name) if size == 1 else data.u16(base + offset, name)


def _header(data: Binary) -> _Header:
    if len(data) < L.GENERAL["period_3"][0] + L.GENERAL["period_3"][1]:
        raise data.error(
            f"the file is too short ({len(data)} bytes) for a Swiss-Chess file",
            code="swt.too_short",
            params={"size": len(data)},
        )
    version = _field(data, L.GENERAL, "version")
    layout = L.LAYOUTS.get(version // 100 * 100)
    if layout is None:
        raise data.error(
            f"file version {version / 100:.2f} (offset 0x261) is not a Swiss-Chess version "
            "wertung reads (7.xx and 8.xx)",
            code="swt.version",
            params={"version": float(f"{version / 100:.2f}")},
        )
    rounds = _field(data, L.GENERAL, "rounds")
    players = _field(data, L.GENERAL, "players")
    team_flag = _field(data, L.GENERAL, "team_event")
    teams = _field(data, L.GENERAL, "teams") if team_flag else 0
    if players > MAX_PARTICIPANTS:
        raise data.error(
            f"the participant count {players} (offset 0x7) is not plausible",
            code="swt.participants",
            params={"count": str(players)},
        )
    expected = (
        layout.fixtures
        + (players + teams) * rounds * L.PAIRING_LENGTH
        + players * layout.player_length
        + teams * layout.team_length
    )
    if expected != len(data):
        what = f"{players} players" + (f", {teams} teams" if teams else "")
        raise data.error(
            f"the file has {len(data)} bytes, but {what} and {rounds} rounds in the "
            f"version-{version / 100:.2f} layout make {expected}: the file is damaged "
            "or of a layout wertung does not read",
            code="swt.size_mismatch",
            params={
                "size": len(data),
                "what": (
                    message("count.players_teams", players=players, teams=teams)
                    if teams
                    else message("count.players", count=players)
                ),
                "rounds": rounds,
                "version": float(f"{version / 100:.2f}"),
                "expected": str(expected),
            },
        )
    return _Header(layout, version, rounds, players, teams)


# --------------------------------------------------------------------------- records


def _digits(text: str) -> bool:
    """Only the ASCII digits 0-9 (``str.isdigit`` also takes ``²`` and other scripts)."""
    return text.isascii() and text.isdigit()


def _rating(data: Binary, base: int, name: str, where: str) -> int | None:
    offset, size = L.PLAYER[name]
    text = data.text(base + offset, size, field_of(where, name.replace("_", " ")))
    if not text.strip():
        return None
    if not _digits(text.strip()):
        raise data.error(
            f"{where}: {name.replace('_', ' ')} {text!r} is not a number",
            code="value.not_number",
            params={
                "what": str(name.replace("_", " ")),
                "text": repr(text),
                "context": place_of(where),
            },
        )
    value = int(text)
    if value > RATING_MAX:
        raise data.error(
            f"{where}: {name.replace('_', ' ')} {value} is out of range",
            code="binary.out_of_range_open",
            params={
                "what": str(name.replace("_", " ")),
                "value": str(value),
                "context": place_of(where),
            },
        )
    return value or None


def _ident(data: Binary, base: int, name: str, where: str) -> str | None:
    offset, size = L.PLAYER[name]
    text = data.text(base + offset, size, field_of(where, name.replace("_", " "))).strip()
    return text or None


def _birth(text: str | None) -> tuple[int | None, dt.date | None]:
    if not text:
        return None, None
    digits = text.replace(".", "")
    if len(text) == 10 and text[2] == "." and text[5] == "." and _digits(digits):
        text = text[6:] + text[3:5] + text[:2]  # DD.MM.YYYY
    if _digits(text) and len(text) == 8:
        return yyyymmdd(int(text))
    if _digits(text) and len(text) == 4:
        return yyyymmdd(int(text) * 10000)
    return None, None


@dataclass(slots=True)
class _Record:
    player: Player
    number: int  # TNr.-ID
    team: int
    board: int
    offset: int
    counts: tuple[int, int, int, int] = (0, 0, 0, 0)  # games, won, drawn, lost (fields 2024-27)


def _player(data: Binary, header: _Header, k: int, base: int, notes: list[str]) -> _Record:
    where = record_place("player", k + 1, base)
    version8 = header.layout.version >= 800
    name = data.text(base, L.PLAYER["name"][1], field_of(where, "the name"))
    if not name.strip():
        raise data.error(
            f"{where}: the name is empty",
            code="binary.name_empty",
            params={"context": place_of(where)},
        )
    number = _field(data, L.PLAYER, "id", base)
    if number == 0:
        raise data.error(
            f"{where}: the participant id is 0",
            code="binary.participant_zero",
            params={"context": place_of(where)},
        )
    birth_text = _ident(data, base, "birth_date", where)
    birth_year, birth_date = _birth(birth_text)
    if birth_text and birth_year is None:
        notes.append(f"{where}: birth date {birth_text!r} not understood; ignored")
    national = _rating(data, base, "national_rating", where)
    sex = _ident(data, base, "sex", where)
    points = None
    if version8:
        points = Fraction(_field(data, L.PLAYER, "points2", base), 2)
    player = Player(
        id=str(number),
        name=name.strip(),
        dwz=national,
        national_rating=national,
        fide_rating=_rating(data, base, "fide_rating", where),
        fide_id=_ident(data, base, "fide_id", where) if version8 else None,
        pkz=_ident(data, base, "pkz", where) if version8 else None,
        zps=_ident(data, base, "zps", where),
        member_number=_ident(data, base, "member_number", where),
        birth_year=birth_year,
        birth_date=birth_date,
        title=_ident(data, base, "title", where),
        federation=_ident(data, base, "federation", where),
        club=_ident(data, base, "club", where),
        sex=sex.lower() if sex and sex.lower() in ("m", "w", "f") else None,
        points=points,
    )
    team = _field(data, L.PLAYER, "team", base) if header.teams else 0
    board = _field(data, L.PLAYER, "lineup_board", base) if header.teams else 0
    counts = (
        _field(data, L.PLAYER, "games", base),
        _field(data, L.PLAYER, "won", base),
        _field(data, L.PLAYER, "drawn", base),
        _field(data, L.PLAYER, "lost", base),
    )
    return _Record(player, number, team, board, base, counts)


@dataclass(frozen=True, slots=True)
class _Slot:
    colour: int
    opponent: int
    result: int  # 0 not yet in, 1 loss, 2 draw, 3 win
    status: int
    board: int
    offset: int


def _slot(data: Binary, offset: int) -> _Slot:
    raw = data.raw(offset, L.PAIRING_LENGTH, "pairing record")
    p = L.PAIRING
    return _Slot(
        colour=raw[p["colour"]],
        opponent=int.from_bytes(raw[p["opponent"] : p["opponent"] + 2], "little"),
        result=raw[p["result"]] & 3,
        status=raw[p["status"]],
        board=raw[p["board"]],
        offset=offset,
    )


# --------------------------------------------------------------------------- pairings

_PLAYED = {
    (3, 1): GameResult.WHITE_WINS,
    (1, 3): GameResult.BLACK_WINS,
    (2, 2): GameResult.DRAW,
    (1, 1): GameResult.BOTH_LOSE,
}
_FORFEITS = {
    (3, 1): GameResult.WHITE_WINS_FORFEIT,
    (1, 3): GameResult.BLACK_WINS_FORFEIT,
    (1, 1): GameResult.DOUBLE_FORFEIT,
}
_BYES = {
    3: (Fraction(1), ByeKind.PAIRING),
    2: (_HALF, ByeKind.HALF),
    1: (Fraction(0), ByeKind.ZERO),
}


@dataclass(slots=True)
class _Pairings:
    games: list[Game]
    byes: list[Bye]
    pending: set[int]  # rounds with a result not yet in
    paired: set[int]  # rounds with any pairing
    notes: list[str]


def _pairings(data: Binary, header: _Header, records: list[_Record], team_file: bool) -> _Pairings:
    by_number = {r.number: r for r in records}
    slots: dict[tuple[int, int], _Slot] = {}
    for k, record in enumerate(records):
        for r in range(header.rounds):
            offset = header.layout.fixtures + (k * header.rounds + r) * L.PAIRING_LENGTH
            slots[(record.number, r + 1)] = _slot(data, offset)
    out = _Pairings([], [], set(), set(), [])
    for (number, rnd), slot in slots.items():
        pid = str(number)
        where = Place(
            f"round {rnd}, player {pid} (pairing record at offset {slot.offset:#x})",
            places(
                message("place.round", n=rnd),
                message("place.pairing_record", p=str(pid), offset=format(slot.offset, "#x")),
            ),
        )
        if slot.colour == L.COLOUR_NONE or slot.status in L.STATUS_NOT_USED:
            continue
        out.paired.add(rnd)
        if slot.colour in (L.COLOUR_WHITE_BYE, L.COLOUR_BLACK_BYE):
            if slot.result == 0:
                out.pending.add(rnd)
                continue
            points, kind = _BYES[slot.result]
            out.byes.append(Bye(rnd, pid, points, kind))
            continue
        if slot.colour not in (L.COLOUR_WHITE, L.COLOUR_BLACK):
            raise data.error(
                f"{where}: colour code {slot.colour} is unknown",
                code="binary.colour_unknown",
                params={"code": str(slot.colour), "context": place_of(where)},
                round=rnd,
            )
        other = slots.get((slot.opponent, rnd))
        if slot.opponent not in by_number or other is None:
            raise data.error(
                f"{where}: the opponent id {slot.opponent} is not a player of the file", code="binary.opponent_unknown", params={"id": str(slot.opponent), "context": place_of(where)},
                round=rnd, player=pid,
            )  # fmt: skip
        expected = L.COLOUR_BLACK if slot.colour == L.COLOUR_WHITE else L.COLOUR_WHITE
        if other.opponent != number or other.colour != expected:
            raise data.error(
                f"{where}: the pairing with player {slot.opponent} is not stored the same "
                "way on both sides (damaged file)", code="binary.pairing_differs", params={"id": str(slot.opponent), "context": place_of(where)},
                round=rnd, player=pid,
            )  # fmt: skip
        if slot.colour == L.COLOUR_BLACK:
            continue  # the game is made from White's record
        if other.status in L.STATUS_NOT_USED:
            continue
        white, black = pid, str(slot.opponent)
        if L.STATUS_ADJOURNED & {slot.status, other.status} or 0 in (slot.result, other.result):
            out.pending.add(rnd)
            continue
        pair = (slot.result, other.result)
        forfeit = bool(L.STATUS_FORFEIT & {slot.status, other.status})
        result = (_FORFEITS if forfeit else _PLAYED).get(pair)
        if result is None and forfeit and pair == (2, 2):
            out.byes += [Bye(rnd, white, _HALF, ByeKind.HALF), Bye(rnd, black, _HALF, ByeKind.HALF)]
            out.notes.append(
                f"round {rnd}: {white}-{black} is a draw without a game; "
                "counted as a half-point bye each"
            )
            continue
        if result is None:
            raise data.error(
                f"{where}: the results of the two players ({pair[0]}, {pair[1]}) do not fit "
                "together (damaged file)", code="binary.results_misfit", params={"a": str(pair[0]), "b": str(pair[1]), "context": place_of(where)},
                round=rnd, player=pid,
            )  # fmt: skip
        board = (slot.board or None) if team_file else None
        out.games.append(Game(rnd, white, black, result, board))
    out.games.sort(key=lambda g: (g.round, g.board or 0, int(g.white)))
    out.byes.sort(key=lambda b: (b.round, int(b.player)))
    return out


# --------------------------------------------------------------------------- tournament


def _date(text: str, notes: list[str], what: str) -> dt.date | None:
    if not text.strip():
        return None
    value = parse_trf_date(text)
    if value is None:
        notes.append(f"{what} {text!r} not understood; ignored")
    return value


def _round_dates(data: Binary, header: _Header) -> tuple[dt.date | None, ...]:
    """Each round's date (fields 89, 91, ...; version 8 only, at most 40 rounds): a day
    count since 1899-12-30, 0 for a round without a date (None)."""
    if header.layout.version < 800:
        return ()
    dates: list[dt.date | None] = []
    for r in range(min(header.rounds, L.ROUND_DATES_MAX)):
        days = data.u16(L.ROUND_DATES + 4 * r, "round date")
        dates.append(_DAY_ZERO + dt.timedelta(days=days) if days else None)
    while dates and dates[-1] is None:
        dates.pop()
    return tuple(dates)


def _played_rounds(header: _Header, pairings: _Pairings) -> tuple[int | None, list[str]]:
    paired = max(pairings.paired, default=0)
    if not pairings.pending and paired >= header.rounds:
        return None, []
    played = 0
    for r in range(1, header.rounds + 1):
        if r in pairings.pending or r not in pairings.paired:
            break
        played = r
    of = f" of {header.rounds}"
    note = f"after round {played}{of}" if played else f"no round complete yet{of}"
    pending = sorted(pairings.pending)
    if pending:
        note += "; results not yet in: round " + ", ".join(map(str, pending))
    return played, [note]


def parse(data: bytes, *, source: str | None = None) -> Tournament:
    """Read a Swiss-Chess file from its bytes (see :func:`read`)."""
    binary = Binary(bytes(data), "SWT")
    header = _header(binary)
    version8 = header.layout.version >= 800
    notes: list[str] = []
    base = (
        header.layout.fixtures + (header.players + header.teams) * header.rounds * L.PAIRING_LENGTH
    )
    records = [
        _player(binary, header, k, base + k * header.layout.player_length, notes)
        for k in range(header.players)
    ]
    seen: dict[int, int] = {}
    for k, record in enumerate(records):
        if record.number in seen:
            raise binary.error(
                f"player record {k + 1} at offset {record.offset:#x}: participant id "
                f"{record.number} is also that of player record {seen[record.number] + 1}",
                code="swm.participant_twice",
                params={
                    "n": k + 1,
                    "offset": format(record.offset, "#x"),
                    "id": str(record.number),
                    "other": seen[record.number] + 1,
                },
            )
        seen[record.number] = k
    teams = _teams(binary, header, records, base + header.players * header.layout.player_length)
    pairings = _pairings(binary, header, records, bool(header.teams))
    notes += pairings.notes
    played_rounds, progress = _played_rounds(header, pairings)
    notes += progress
    g = L.GENERAL
    name = binary.text(*g["name"], "tournament name")
    periods = [
        binary.text(*g[f"period_{i}"], numbered("place.period", f"time control period {i}", i))
        for i in (1, 2, 3)
    ]
    tc_text = "; ".join(p.strip() for p in periods if p.strip()) or None
    control = classify(tc_text)  # the evaluation reads it again and names a text not understood
    round_dates = _round_dates(binary, header)
    dates = [d for d in round_dates if d is not None]
    start = _date(binary.text(*g["start_date"], "start date"), notes, "start date")
    end = _date(binary.text(*g["end_date"], "end date"), notes, "end date")
    players = tuple(r.player for r in records)
    if teams:
        team_of = {pid: t.id for t in teams for pid in t.players}
        players = tuple(replace(p, team=team_of.get(p.id)) for p in players)
    tournament = Tournament(
        name=name.strip(),
        start_date=start or (dates[0] if dates else None),
        end_date=end or (max(dates) if dates else None),
        rounds=header.rounds or None,
        place=binary.text(*g["place"], "place").strip() or None,
        source=source,
        players=players,
        games=tuple(pairings.games),
        byes=tuple(pairings.byes),
        teams=tuple(teams),
        notes=tuple(notes),
        time_control=control.kind if control else None,
        time_control_text=tc_text,
        played_rounds=played_rounds,
        round_dates=round_dates,
    )
    if teams:  # a player not lined up in a round scores nothing: no round explains a total
        gameless: dict[str, list[int]] = {}
    else:  # a round without a pairing record, up to the last round paired, results all in
        gameless = {
            pid: [r for r in rounds if r not in pairings.pending]
            for pid, rounds in open_rounds(tournament, max(pairings.paired, default=0)).items()
        }
    tournament = settle(tournament, gameless=gameless)
    differ = points_mismatches(tournament)
    if differ and version8:
        tournament = _same_games(tournament, records, [m.player for m in differ])
    try:
        return tournament.validate()
    except WertungError as exc:
        raise FormatError(
            f"SWT: {exc}",
            code=exc.code,
            params=within(places(message("place.swt")), exc.params),
            field="swt",
            **exc.where,
        ) from None


def _same_games(tournament: Tournament, records: list[_Record], differ: list[str]) -> Tournament:
    """A note when the players whose totals differ have, by their own records, as many games
    as their pairings: then a result differs, no game is missing."""
    counts = {str(r.number): r.counts for r in records}
    played: dict[str, int] = dict.fromkeys(differ, 0)
    for game in tournament.games:
        for pid in (game.white, game.black):
            if pid in played:
                played[pid] += 1
    if any(counts[pid][0] != played[pid] for pid in differ):
        return tournament
    note = (
        f"the file's own records of players {', '.join(differ)} count as many games as their "
        "pairings but other wins, draws and losses: results differ, no game is missing"
    )
    return replace(tournament, notes=(*tournament.notes, note))


def _teams(data: Binary, header: _Header, records: list[_Record], base: int) -> list[Team]:
    teams: list[Team] = []
    for k in range(header.teams):
        offset = base + k * header.layout.team_length
        where = record_place("team", k + 1, offset)
        name = data.text(offset, L.TEAM["name"][1], field_of(where, "the name")).strip()
        number = _field(data, L.TEAM, "number", offset)
        if number == 0 or any(t.id == str(number) for t in teams):
            raise data.error(
                f"{where}: team number {number} is missing or used twice",
                code="binary.team_number",
                params={"number": str(number), "context": place_of(where)},
            )
        members = sorted((r for r in records if r.team == number), key=_lineup)
        teams.append(Team(str(number), name, tuple(r.player.id for r in members)))
    return teams


def _lineup(record: _Record) -> tuple[int, int]:
    return (record.board or 10_000, record.number)


def read(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO,
) -> Tournament:
    """Read a Swiss-Chess ``.SWT`` file (a path, its bytes or a binary file object).

    Raises :class:`~wertung.kernel.errors.FormatError` naming the offset or record
    when the file is not one, of an unknown version, or damaged, and a file larger than
    :data:`MAX_BYTES` before reading it.
    """
    data, name = read_bytes(source, max_bytes=MAX_BYTES)
    return parse(data, source=name)

"""chess-results.com Excel exports (``.xlsx``): crosstables, read with openpyxl.

Two tables are understood, found by their header labels (not by position):

* the **Swiss crosstable**: one row per player, one column per round (``1.Rd``,
  ``2.Rd`` ...) with cells such as ``12w1``, ``5b½``, ``82w+`` (forfeit win),
  ``-1``/``-½``/``-0`` (byes); the rows in starting order (``No.``) or, in a
  *final ranking crosstable*, in ranking order (``Rk.``, possibly with ``SNo``);
* the **round-robin crosstable**: one column per opponent (headed ``1``, ``2``
  ...) with results ``1``, ``½``, ``0``, ``+``, ``-`` and ``*`` for the player
  himself.

The numbers in the cells (and the round-robin columns) refer to the players by
one numbering: the starting numbers, the ranks, or the rows' positions in the
table (a ranking leaves the ``Rk.`` cell of a tied player empty, so ranks are not
always written). Each numbering the table offers is tried; the first that makes
every cell agree with its opponent's cell is used.

Player ids are the starting numbers (``No.``/``SNo``) where the table has them,
else the positions in the table (the ranks, where no rank is tied). ``Rtg``/
``RtgI`` become ``fide_rating`` and ``RtgN`` ``national_rating`` (an event whose
header says *Rating calculation: Rating national* puts ``Rtg`` there too); ``0``
is unrated. ``dwz`` and ``index`` stay ``None``.

Decisions (the export does not carry everything):

* Excel turns the bye cells ``-1`` and ``-0`` into the numbers -1 and 0: ``-1``
  is read as a pairing-allocated bye (chess-results does not tell it from a
  requested full-point bye), ``-½`` as a half-point bye, ``0``/``-0`` as a
  zero-point bye (absent).
* A round-robin crosstable shows neither rounds nor colours: games get round
  numbers from a round-robin schedule (every player once per round) and the
  lower number is White. A note says so.
* The header's *Time control* line sets ``time_control`` (standard, rapid,
  blitz; :func:`wertung.kernel.time_control.classify`) and ``time_control_text``.
* What cannot be accounted for makes the tournament **incomplete**
  (``Tournament.incomplete``), never a silent subset: a ``Pts.`` total that
  differs from the player's games and byes (``strict=True``: an error), an
  opponent who is not in the table (the export was cut), rounds announced in the
  header but not in the table. A total higher by at most one point per empty
  round cell is taken as byes in those rounds (a note each;
  :func:`wertung.formats._points.settle`, the rule of every importer).
* No tournament date in the file means ``end_date`` is ``None`` and a note says
  how to give it (the "last update" date is not the end date).
* All work is bounded (:mod:`wertung.formats._xlsx_book`): the zip archive is
  checked before it is opened, at most ``max_sheets`` sheets are inspected and
  reading stops at the first that holds a crosstable.

>>> import io, openpyxl
>>> book = openpyxl.Workbook()
>>> for row in (["My Open"], ["No.", "Name", "Rtg", "1.Rd", "2.Rd", "Pts."],
...             [1, "Alpha", 2100, "2w1", "-½", 1.5], [2, "Beta", 0, "1b0", -1, 1]):
...     book.active.append(row)
>>> buffer = io.BytesIO(); book.save(buffer)
>>> t = read(buffer.getvalue())
>>> t.name, [p.fide_rating for p in t.players]
('My Open', [2100, None])
>>> [(g.round, g.white, g.black, g.result.value) for g in t.games]
[(1, '1', '2', '1-0')]
>>> [(b.round, b.player, b.kind.name) for b in t.byes]
[(2, '1', 'HALF'), (2, '2', 'PAIRING')]
>>> t.complete
True
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, BinaryIO

from wertung.formats._crosstable import PAIR_RESULTS, Entry, gameless_rounds, pair_up
from wertung.formats._points import settle
from wertung.formats._source import parse_trf_date, read_bytes
from wertung.formats._xlsx_book import LIMITS, BookLimits, sheets
from wertung.formats._xlsx_cells import (
    MAX_NUMBER,
    label,
    points,
    rating,
    rr_codes,
    swiss_slot,
    text,
    whole,
)
from wertung.kernel.errors import FormatError, WertungError, message, places
from wertung.kernel.time_control import classify
from wertung.tournament._model import Bye, Game, Player, Tournament

__all__ = ["LIMITS", "BookLimits", "read"]

#: How many reasons of one kind ``incomplete`` lists before it only counts them.
MAX_REASONS = 10

_START = {"no", "nr", "sno", "snr", "startno", "stnr", "tln", "tlnr"}
_RANK = {"rk", "rg", "rank", "pl", "platz"}
_FIDE = {"rtgi", "elo", "fide", "elointl", "rtgint"}
_NATIONAL = {"rtgn", "dwz", "natrtg", "elonat"}
_FED = {"fed", "land", "verb", "federation"}
_POINTS = {"pts", "pkt", "points", "punkte"}
_CLUB = {"club/city", "club", "verein", "verein/ort"}
_FIDE_ID = {"fideid", "fide-id", "id"}
_TITLE = {"title", "tit", "titel"}
_ROUND = re.compile(r"(?:(\d{1,3})(?:rd|rnd|r|runde)|(?:rd|rnd|r|runde)(\d{1,3}))")
_TITLE_VALUE = re.compile(r"[A-Za-z]{1,4}")
_URL = re.compile(r"https?://\S*tnr\d+\S*", re.IGNORECASE)
_TIME_CONTROL = re.compile(r"(time control|bedenkzeit)\b", re.IGNORECASE)
GIVE_DATE = "give the end date (command line: --date YYYY-MM-DD)"


@dataclass(slots=True)
class _Columns:
    start: int | None = None
    rank: int | None = None
    name: int | None = None
    title: int | None = None
    rating: int | None = None
    fide: int | None = None
    national: int | None = None
    fed: int | None = None
    points: int | None = None
    club: int | None = None
    fide_id: int | None = None
    rounds: tuple[tuple[int, int], ...] = ()  # (column, round number)
    opponents: tuple[tuple[int, int], ...] = ()  # round robin: (column, opponent number)


def _columns(header: Sequence[object]) -> _Columns:
    cols = _Columns()
    rounds: list[tuple[int, int]] = []
    opponents: list[tuple[int, int]] = []
    for index, value in enumerate(header):
        name = label(value)
        number = whole(value)
        if number is not None and str(value).strip().rstrip(".").isdigit():
            if 1 <= number <= MAX_NUMBER:
                opponents.append((index, number))
            continue
        match = _ROUND.fullmatch(name)
        if match:
            rounds.append((index, int(match.group(1) or match.group(2))))
            continue
        for names, attr in (
            (_START, "start"), (_RANK, "rank"), ({"name"}, "name"), ({"rtg"}, "rating"),
            (_FIDE, "fide"), (_NATIONAL, "national"), (_FED, "fed"), (_POINTS, "points"),
            (_CLUB, "club"), (_FIDE_ID, "fide_id"), (_TITLE, "title"),
        ):  # fmt: skip
            if name in names and getattr(cols, attr) is None:
                setattr(cols, attr, index)
                break
    cols.rounds = tuple(rounds)
    cols.opponents = tuple(opponents)
    return cols


def _is_header(row: Sequence[object]) -> bool:
    labels = {label(v) for v in row}
    return "name" in labels and bool(labels & (_START | _RANK))


@dataclass(slots=True)
class _Meta:
    name: str = ""
    start: dt.date | None = None
    end: dt.date | None = None
    rounds: int | None = None
    place: str | None = None
    url: str | None = None
    national: bool = False
    ranking: bool = False
    updated: str | None = None
    time_control: str | None = None


def _meta(texts: list[str], meta: _Meta, notes: list[str]) -> None:
    for line in texts:
        if not line:
            continue
        url = _URL.search(line)
        if url:
            meta.url = meta.url or url.group(0)
            continue
        lower = line.lower()
        if (
            "tournament-database" in lower
            or "turnierdatenbank" in lower
            or "results-server" in lower
        ):
            continue
        if lower.startswith(("last update", "letzte aktualisierung")):
            meta.updated = line.split(" ", 2)[-1].strip()
            continue
        if "crosstable" in lower or "kreuztabelle" in lower:
            meta.ranking = meta.ranking or (
                ("rank" in lower and "starting" not in lower) or "rangliste" in lower
            )
            after = re.search(r"(?:after|nach)\s+(\d{1,3})\s+(?:rounds|runden)", lower)
            if after:
                meta.rounds = meta.rounds or int(after.group(1))
            continue
        if " : " in line:
            key, _, value = (part.strip() for part in line.partition(" : "))
            key = key.lower()
            if _TIME_CONTROL.match(key):
                meta.time_control = meta.time_control or line.strip()
            elif key in ("date", "datum"):
                parts = re.split(r"\s+(?:to|bis)\s+|\s+-\s+", value)
                days = [day for p in parts if (day := parse_trf_date(p)) is not None]
                if len(days) < len(parts) or not days:
                    notes.append(f"tournament date {value[:60]!r} not understood; ignored")
                else:
                    meta.start, meta.end = min(days), max(days)
            elif key in ("number of rounds", "anzahl runden", "rundenanzahl"):
                if value.isdigit() and 0 < int(value) < 1000:
                    meta.rounds = int(value)
            elif key in ("location", "ort"):
                meta.place = value or None
            elif key in ("rating calculation", "elorechnung", "wertung"):
                meta.national = re.search(r"\bnational\b", value.lower()) is not None
            continue
        if not meta.name:
            meta.name = line


@dataclass(slots=True)
class _Row:
    row: int  # the sheet's row number
    position: int  # 1, 2, ... in the table
    start: int | None  # the No./SNo cell
    rank: int | None  # the Rk. cell (None: empty, a tie)
    player: Player
    cells: list[Any]


def _key(value: object) -> int | None:
    number = whole(value)
    return number if number is not None and 1 <= number <= MAX_NUMBER else None


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _player_rows(
    rows: list[tuple[int, list[Any]]], cols: _Columns, meta: _Meta, header_width: int
) -> list[_Row]:
    """The table's rows, from the one after the header to the first that is not a player's.

    With a starting-number column a player row has a number there; without one
    (a ranking) it has a rank, or an empty rank cell and a name (a tied rank).
    """
    out: list[_Row] = []
    width = max((len(cells) for _, cells in rows), default=header_width)
    width = max(width, header_width)
    seen: dict[int, int] = {}
    for number, cells in rows:
        cells = cells + [None] * (width - len(cells))
        name = text(cells[cols.name]) if cols.name is not None else ""
        start = _key(cells[cols.start]) if cols.start is not None else None
        rank = _key(cells[cols.rank]) if cols.rank is not None else None
        if cols.start is not None:
            is_player = start is not None
        else:
            assert cols.rank is not None
            is_player = rank is not None or (bool(out) and bool(name) and _blank(cells[cols.rank]))
        if not is_player:
            if out:
                break
            continue
        position = len(out) + 1
        pid = str(start if start is not None else position)
        if start is not None:
            if start in seen:
                raise FormatError(
                    f"row {number}: number {start} is used twice in the crosstable (rows "
                    f"{seen[start]} and {number})", code="xlsx.number_twice", params={"number": str(start), "a": seen[start], "b": number, "context": places(message("place.row", n=number))},
                    field="xlsx", line=number, player=pid,
                )  # fmt: skip
            seen[start] = number
        out.append(
            _Row(number, position, start, rank, _player(cells, cols, meta, number, pid), cells)
        )
    return out


def _player(cells: list[Any], cols: _Columns, meta: _Meta, row: int, pid: str) -> Player:
    def cell(index: int | None) -> Any:
        return cells[index] if index is not None else None

    plain = rating(cell(cols.rating), row, pid, "Rtg")
    fide = rating(cell(cols.fide), row, pid, "RtgI")
    national = rating(cell(cols.national), row, pid, "RtgN")
    if plain is not None:
        if meta.national:
            national = national or plain
        else:
            fide = fide or plain
    fide_id = text(cell(cols.fide_id))
    return Player(
        id=pid,
        name=text(cell(cols.name)),
        fide_rating=fide,
        national_rating=national,
        federation=text(cell(cols.fed)) or None,
        title=text(cell(cols.title)) or None,
        club=text(cell(cols.club)) or None,
        fide_id=fide_id if fide_id.isdigit() and len(fide_id) <= 12 and int(fide_id) else None,
        points=points(cell(cols.points), row, pid),
    )


def _title_column(
    header: Sequence[object], rows: list[tuple[int, list[Any]]], cols: _Columns
) -> int | None:
    """chess-results puts titles in an unlabelled column just before ``Name``."""
    if cols.name is None or cols.name == 0 or header[cols.name - 1] is not None:
        return None
    index = cols.name - 1
    values = [c[index] for _, c in rows[:500] if len(c) > index and c[index] not in (None, "")]
    if values and all(isinstance(v, str) and _TITLE_VALUE.fullmatch(v.strip()) for v in values):
        return index
    return None


# --------------------------------------------------------------------------- numberings

Numbering = tuple[str, dict[int, int]]  # (what it is, row position -> number)


def _numberings(players: list[_Row], cols: _Columns, ranking: bool) -> list[Numbering]:
    """The numberings the table offers for its cells, most likely first."""
    found: list[Numbering] = []
    if cols.start is not None:
        # with a number column every row has its number (_player_rows takes no row without one)
        found.append(("starting numbers", {p.position: p.start for p in players}))  # type: ignore[misc]
    found.append(("positions in the table", {p.position: p.position for p in players}))
    ranks = [p.rank for p in players]
    if cols.rank is not None and None not in ranks and len(set(ranks)) == len(ranks):
        # ``None not in ranks``: each rank is a number (mypy does not narrow by ``in``)
        found.append(("ranks", {p.position: p.rank for p in players}))  # type: ignore[misc]
    if ranking or cols.start is None:
        found.sort(key=lambda n: n[0] == "starting numbers")  # ranking: ranks/positions first
    unique: list[Numbering] = []
    for numbering in found:
        if all(numbering[1] != other[1] for other in unique):
            unique.append(numbering)
    return unique


def _swiss(
    players: list[_Row], cols: _Columns, numbering: dict[int, int]
) -> tuple[list[Game], list[Bye], list[str], list[str], dict[int, list[int]]]:
    """Games, byes, notes, missing opponents and the rounds without a game or a bye
    (empty cells) of a Swiss table in one numbering."""
    entries = []
    for item in players:
        number = numbering[item.position]
        entry = Entry(number, item.row, item.player.name)
        for column, rnd in cols.rounds:
            slot = swiss_slot(item.cells[column], rnd, item.row, item.player.id)
            if slot is not None:
                entry.slots[rnd] = slot
        entries.append(entry)
    missing: list[str] = []
    games, byes, notes = pair_up(entries, unit="row", missing=missing)
    last = max((r for _, r in cols.rounds), default=0)
    return games, byes, notes, missing, gameless_rounds(entries, last)


def _schedule_round(a: int, b: int, size: int) -> int:
    """Round of the pair at positions a < b in a round robin of ``size`` (even) players."""
    if b == size - 1:
        return (2 * a) % (size - 1) + 1
    return (a + b) % (size - 1) + 1


def _round_robin(
    players: list[_Row], cols: _Columns, numbering: dict[int, int]
) -> tuple[list[Game], int]:
    """Games (numbered by ``numbering``) and the number of rounds of a round-robin table."""
    by_key = {numbering[p.position]: p for p in players}
    keys = sorted(by_key)
    position = {k: i for i, k in enumerate(keys)}
    size = len(keys) + len(keys) % 2
    column_of = {number: column for column, number in cols.opponents}
    for key, row in by_key.items():
        own = [n for c, n in cols.opponents if text(row.cells[c]) == "*"]
        if own and own != [key]:
            raise FormatError(
                f"row {row.row}: player {row.player.id} has '*' (himself) in column {own[0]}, "
                f"not in his own column {key}", code="xlsx.star_column", params={"id": str(row.player.id), "column": str(own[0]), "own": str(key), "context": places(message("place.row", n=row.row))},
                field="xlsx", line=row.row, player=row.player.id,
            )  # fmt: skip
    cycles = 0
    games: list[Game] = []
    for a_key in keys:
        for b_key in keys:
            if b_key <= a_key:
                continue
            a, b = by_key[a_key], by_key[b_key]
            if b_key not in column_of or a_key not in column_of:
                lacking = b_key if b_key not in column_of else a_key
                raise FormatError(
                    f"the crosstable has no column for player {lacking}", code="xlsx.no_column_for", params={"id": str(lacking)},
                    field="xlsx", line=a.row,
                )  # fmt: skip
            codes_a = rr_codes(a.cells[column_of[b_key]], a.row, a.player.id, b_key)
            codes_b = rr_codes(b.cells[column_of[a_key]], b.row, b.player.id, a_key)
            if len(codes_a) != len(codes_b):
                raise FormatError(
                    f"rows {a.row} and {b.row}: players {a_key} and {b_key} disagree on how often "
                    "they played", code="xlsx.how_often", params={"a": str(a_key), "b": str(b_key), "context": places(message("place.rows", a=a.row, b=b.row))},
                    field="xlsx", line=a.row, player=a.player.id,
                )  # fmt: skip
            for cycle, pair in enumerate(zip(codes_a, codes_b, strict=True)):
                result = PAIR_RESULTS.get(pair)
                if result is None:
                    raise FormatError(
                        f"rows {a.row} and {b.row}: results of {a_key} against {b_key} disagree "
                        f"({pair[0]!r} and {pair[1]!r})", code="xlsx.results_disagree", params={"a": str(a_key), "b": str(b_key), "x": repr(pair[0]), "y": repr(pair[1]), "context": places(message("place.rows", a=a.row, b=b.row))},
                        field="xlsx", line=a.row, player=a.player.id,
                    )  # fmt: skip
                rnd = cycle * (size - 1) + _schedule_round(position[a_key], position[b_key], size)
                games.append(Game(rnd, str(a_key), str(b_key), result))
                cycles = max(cycles, cycle + 1)
    games.sort(key=lambda g: (g.round, int(g.white)))
    return games, cycles * (size - 1)


def _summary(reasons: list[str], what: str) -> list[str]:
    if len(reasons) <= MAX_REASONS:
        return reasons
    return [*reasons[:MAX_REASONS], f"... and {len(reasons) - MAX_REASONS} more {what}"]


# --------------------------------------------------------------------------- reading


def _find_table(data: bytes, limits: BookLimits) -> tuple[list[tuple[int, list[Any]]], int]:
    inspected = 0
    with contextlib.closing(sheets(data, limits)) as book:  # closing: the workbook too
        for sheet in book:
            inspected += 1
            for index, (_, cells) in enumerate(sheet.rows):
                if _is_header(cells):
                    return sheet.rows, index  # later sheets are never read
    more = f" (the first {limits.max_sheets} sheets)" if inspected >= limits.max_sheets else ""
    raise FormatError(
        "no crosstable found: no row has the labels Name and No./Rk. (a chess-results export)"
        + more,
        code="xlsx.no_crosstable",
        params={"more": more},
        field="xlsx",
    )


def read(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO,
    *,
    strict: bool = False,
    limits: BookLimits = LIMITS,
) -> Tournament:
    """Read a chess-results.com Excel crosstable export (a path, its bytes or a binary file).

    Every problem raises :class:`~wertung.kernel.errors.FormatError` naming the row
    (``line``), player and round. ``strict``: a player whose ``Pts.`` differ from
    his games and byes is an error instead of a reason in ``incomplete``.
    ``limits``: the bounds on the work (:data:`LIMITS`).
    """
    data, file_name = read_bytes(source, max_bytes=limits.max_file_size)
    rows, header_at = _find_table(data, limits)
    header_row, header = rows[header_at]
    cols = _columns(header)
    notes: list[str] = []
    incomplete: list[str] = []
    meta = _Meta()
    below = rows[header_at + 1 :]
    cols.title = cols.title if cols.title is not None else _title_column(header, below, cols)
    _meta([text(cells[0]) if cells else "" for _, cells in rows[:header_at]], meta, notes)
    if cols.start is None and cols.rank is not None:
        meta.ranking = True
    players = _player_rows(below, cols, meta, len(header))
    if not players:
        raise FormatError(
            f"row {header_row}: the crosstable has no players",
            code="xlsx.no_players",
            params={"context": places(message("place.row", n=header_row))},
            field="xlsx",
            line=header_row,
        )
    last = players[-1].row
    _meta([text(cells[0]) if cells else "" for n, cells in below if n > last], meta, notes)
    if not cols.rounds and not cols.opponents:
        raise FormatError(
            f"row {header_row}: the crosstable has no round columns (1.Rd, 2.Rd ... or 1, 2 ...)", code="xlsx.no_rounds", params={"context": places(message("place.row", n=header_row))},
            field="xlsx", line=header_row,
        )  # fmt: skip

    first_error: FormatError | None = None
    chosen = None
    for what, numbering in _numberings(players, cols, meta.ranking):
        try:
            if cols.rounds:
                games, byes, pair_notes, missing, gameless = _swiss(players, cols, numbering)
                rounds = max(r for _, r in cols.rounds)
            else:
                games, rounds = _round_robin(players, cols, numbering)
                byes, missing, gameless = [], [], {}
                pair_notes = [
                    "a round-robin crosstable shows no rounds or colours: round numbers come "
                    "from a round-robin schedule and the lower number is White"
                ]
        except FormatError as exc:
            first_error = first_error or exc
            continue
        if chosen is None or len(missing) < len(chosen[5]):
            chosen = (what, numbering, games, byes, pair_notes, missing, rounds, gameless)
        if not missing:
            break
    if chosen is None:
        assert first_error is not None
        raise first_error
    what, numbering, games, byes, pair_notes, missing, rounds, gameless = chosen
    notes.extend(pair_notes)
    if what != "starting numbers" and cols.start is not None:
        notes.append(f"the cells refer to the players by their {what}")
    if missing:
        incomplete.extend(_summary(missing, "opponents not in the file"))
        incomplete.append(
            "the crosstable names opponents who are not in it (the export may be cut): "
            f"{len(missing)} game(s) left out"
        )
    ref_to_id = {numbering[p.position]: p.player.id for p in players}
    games = [
        replace(g, white=ref_to_id[int(g.white)], black=ref_to_id[int(g.black)]) for g in games
    ]
    byes = [replace(b, player=ref_to_id[int(b.player)]) for b in byes]
    played_rounds = None
    if meta.rounds and cols.rounds and rounds < meta.rounds:
        played_rounds = rounds
        notes.append(f"the header announces {meta.rounds} rounds; the crosstable has {rounds}")
    if meta.end is None:
        updated = f" (last update {meta.updated})" if meta.updated else ""
        notes.append(f"the export has no tournament date{updated}; {GIVE_DATE}")
    control = classify(meta.time_control)  # not understood: the evaluation names it
    kind = control.kind if control else None

    tournament = Tournament(
        name=meta.name,
        start_date=meta.start,
        end_date=meta.end,
        rounds=meta.rounds or rounds or None,
        place=meta.place,
        source=meta.url or file_name,
        players=tuple(p.player for p in players),
        games=tuple(games),
        byes=tuple(byes),
        notes=tuple(notes),
        time_control=kind,
        time_control_text=meta.time_control,
        played_rounds=played_rounds,
    )
    lines = {p.player.id: p.row for p in players}
    tournament = settle(
        replace(tournament, incomplete=tuple(incomplete)),
        gameless={ref_to_id[number]: rounds for number, rounds in gameless.items()},
        lines=lines,
        unit="row",
        strict=strict,
    )
    try:
        return tournament.validate()
    except WertungError as exc:
        raise FormatError(
            str(exc), code=exc.code, params=exc.params, field="xlsx", **exc.where
        ) from None

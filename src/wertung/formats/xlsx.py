"""chess-results.com Excel exports (``.xlsx``): crosstables, read with openpyxl.

Two tables are understood, found by their header labels (not by position):

* the **Swiss crosstable** (starting rank ``No.`` or final ranking ``Rk.``): one
  row per player, one column per round (``1.Rd``, ``2.Rd`` ...) with cells such
  as ``12w1``, ``5b½``, ``82w+`` (forfeit win), ``-1``/``-½``/``-0`` (byes);
* the **round-robin crosstable**: one column per opponent (headed ``1``, ``2``
  ...) with results ``1``, ``½``, ``0``, ``+``, ``-`` and ``*`` for the player
  himself.

Player ids are the starting numbers (``No.``) where the table has them, else the
ranks. ``Rtg``/``RtgI`` become ``fide_rating`` and ``RtgN`` ``national_rating``
(an event whose header says *Rating calculation: Rating national* puts ``Rtg``
there too); ``0`` is unrated. ``dwz`` and ``index`` stay ``None``.

Decisions (the export does not carry everything):

* Excel turns the bye cells ``-1`` and ``-0`` into the numbers -1 and 0: ``-1``
  is read as a pairing-allocated bye (chess-results does not tell it from a
  requested full-point bye), ``-½`` as a half-point bye, ``0``/``-0`` as a
  zero-point bye (absent).
* A round-robin crosstable shows neither rounds nor colours: games get round
  numbers from a round-robin schedule (every player once per round) and the
  lower number is White. A note says so.
* The ``Pts.`` column is checked against the games and byes; a difference is a
  warning in ``Tournament.notes`` (``strict=True``: an error), as for TRF.
* No tournament date in the file means ``end_date`` is ``None`` (a note gives the
  "last update" date, which is not the end date).

>>> import io, openpyxl
>>> book = openpyxl.Workbook()
>>> for row in (["My Open"], ["No.", "Name", "Rtg", "1.Rd", "2.Rd", "Pts."],
...             [1, "Alpha", 2100, "2w1", "-½", 1.5], [2, "Beta", 0, "1b0", -1, 1]):
...     book.active.append(row)
>>> buffer = io.BytesIO(); book.save(buffer)
>>> t = read(buffer.getvalue())
>>> t.name, t.games, [p.fide_rating for p in t.players]
('My Open', (Game(round=1, white='1', black='2', result=<GameResult.WHITE_WINS: '1-0'>),), [2100, None])
>>> [(b.round, b.player, b.kind.name) for b in t.byes]
[(2, '1', 'HALF'), (2, '2', 'PAIRING')]
"""

from __future__ import annotations

import datetime as dt
import io
import itertools
import os
import re
import warnings
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, BinaryIO

import openpyxl

from ..core.errors import FormatError, WertungError
from ..core.model import RATING_MAX, Bye, Game, Player, Tournament
from ._crosstable import PAIR_RESULTS as _PAIR_RESULTS
from ._crosstable import Entry as _Entry
from ._crosstable import Slot as _Slot
from ._crosstable import pair_up as _pair_up
from ._crosstable import points_mismatches
from ._source import parse_trf_date
from ._source import read_bytes as _read_bytes

__all__ = ["read"]

MAX_ROWS = 20_000
MAX_COLUMNS = 400

_START = {"no", "nr", "sno", "snr", "startno"}
_RANK = {"rk", "rg", "rank", "pl", "platz"}
_FIDE = {"rtgi", "elo", "fide", "elointl", "rtgint"}
_NATIONAL = {"rtgn", "dwz", "natrtg", "elonat"}
_FED = {"fed", "land", "verb", "federation"}
_POINTS = {"pts", "pkt", "points", "punkte"}
_CLUB = {"club/city", "club", "verein", "verein/ort"}
_FIDE_ID = {"fideid", "fide-id", "id"}
_TITLE = {"title", "tit", "titel"}
_ROUND = re.compile(r"(?:(\d+)(?:rd|rnd|r|runde)|(?:rd|rnd|r|runde)(\d+))")
_TITLE_VALUE = re.compile(r"[A-Za-z]{1,4}")
_URL = re.compile(r"https?://\S*tnr\d+\S*", re.IGNORECASE)
_GAME_CELL = re.compile(
    r"(\d{1,4})\s*([wbs])?\s*(1|0|½|=|\+|-|1/2|0[.,]5|\*)?\s*(?:k|f)?", re.IGNORECASE
)
_BYE_CELL = re.compile(r"-\s*(1|½|0|1/2|0[.,]5)?|\+|bye|spf|spielfrei|\*", re.IGNORECASE)


def _label(value: object) -> str:
    """A header label, lower case, without spaces and dots: ``'Pts. '`` -> ``'pts'``."""
    if value is None:
        return ""
    return re.sub(r"[\s.]", "", str(value)).lower()


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _whole(value: object) -> int | None:
    """A whole number from a cell (int, integral float or digit text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,6}\s*", value):
        return int(value)
    return None


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
        label = _label(value)
        number = _whole(value)
        if number is not None and str(value).strip().rstrip(".").isdigit():
            opponents.append((index, number))
            continue
        match = _ROUND.fullmatch(label)
        if match:
            rounds.append((index, int(match.group(1) or match.group(2))))
            continue
        for names, attr in (
            (_START, "start"), (_RANK, "rank"), ({"name"}, "name"), ({"rtg"}, "rating"),
            (_FIDE, "fide"), (_NATIONAL, "national"), (_FED, "fed"), (_POINTS, "points"),
            (_CLUB, "club"), (_FIDE_ID, "fide_id"), (_TITLE, "title"),
        ):  # fmt: skip
            if label in names and getattr(cols, attr) is None:
                setattr(cols, attr, index)
                break
    cols.rounds = tuple(rounds)
    cols.opponents = tuple(opponents)
    return cols


def _is_header(row: Sequence[object]) -> bool:
    labels = {_label(v) for v in row}
    return "name" in labels and bool(labels & (_START | _RANK))


def _rows(data: bytes) -> list[list[tuple[int, list[Any]]]]:
    """Every sheet as (row number, cells), read defensively."""
    if not data.startswith(b"PK"):
        raise FormatError("not an Excel file (.xlsx): it is not a zip archive", field="file")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and odd specs
            return _sheets(data)
    except WertungError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile) as exc:
        raise FormatError(f"not an Excel file (.xlsx): {exc}", field="file") from None
    except Exception as exc:  # openpyxl raises many kinds on damaged files
        raise FormatError(
            f"the Excel file is damaged or not a workbook ({type(exc).__name__}: {exc})"[:300],
            field="file",
        ) from None


def _sheets(data: bytes) -> list[list[tuple[int, list[Any]]]]:
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    sheets = []
    try:
        for sheet in book.worksheets[:20]:
            rows = []
            for number, row in enumerate(
                itertools.islice(sheet.iter_rows(values_only=True), MAX_ROWS), start=1
            ):
                rows.append((number, list(row[:MAX_COLUMNS])))
            sheets.append(rows)
    finally:
        book.close()
    return sheets


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


def _meta(texts: list[str], meta: _Meta, notes: list[str]) -> None:
    for text in texts:
        if not text:
            continue
        url = _URL.search(text)
        if url:
            meta.url = meta.url or url.group(0)
            continue
        lower = text.lower()
        if (
            "tournament-database" in lower
            or "turnierdatenbank" in lower
            or "results-server" in lower
        ):
            continue
        if lower.startswith(("last update", "letzte aktualisierung")):
            meta.updated = text.split(" ", 2)[-1].strip()
            continue
        if "crosstable" in lower or "kreuztabelle" in lower:
            meta.ranking = meta.ranking or ("rank" in lower and "starting" not in lower)
            after = re.search(r"(?:after|nach)\s+(\d+)\s+(?:rounds|runden)", lower)
            if after:
                meta.rounds = meta.rounds or int(after.group(1))
            continue
        if " : " in text:
            key, _, value = (part.strip() for part in text.partition(" : "))
            key = key.lower()
            if key in ("date", "datum"):
                parts = re.split(r"\s+(?:to|bis)\s+|\s+-\s+", value)
                days = [parse_trf_date(p) for p in parts]
                if None in days or not days:
                    notes.append(f"tournament date {value!r} not understood; ignored")
                else:
                    meta.start, meta.end = min(days), max(days)  # type: ignore[type-var]
            elif key in ("number of rounds", "anzahl runden", "rundenanzahl"):
                if value.isdigit():
                    meta.rounds = int(value)
            elif key in ("location", "ort"):
                meta.place = value or None
            elif key in ("rating calculation", "elorechnung", "wertung"):
                meta.national = re.search(r"\bnational\b", value.lower()) is not None
            continue
        if not meta.name:
            meta.name = text


def _rating(value: object, row: int, pid: str, what: str) -> int | None:
    if value is None or value == "":
        return None
    number = _whole(value)
    if number is None or not 0 <= number <= RATING_MAX:
        raise FormatError(
            f"row {row}: player {pid}: {what} {value!r} is not a rating (0 to {RATING_MAX})",
            field="xlsx", line=row, player=pid,
        )  # fmt: skip
    return number or None


def _points(value: object, row: int, pid: str) -> Fraction | None:
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        points = Fraction(str(value))
    else:
        text = str(value).strip().replace(",", ".").replace("½", ".5")
        if text.startswith("."):
            text = "0" + text
        if not re.fullmatch(r"[0-9]{1,4}(\.[0-9]{1,2})?", text):
            raise FormatError(
                f"row {row}: player {pid}: points {value!r} are not a number",
                field="xlsx", line=row, player=pid,
            )  # fmt: skip
        points = Fraction(text)
    if points < 0 or (points * 2).denominator != 1:
        raise FormatError(
            f"row {row}: player {pid}: points {value!r} are not a number of points",
            field="xlsx", line=row, player=pid,
        )  # fmt: skip
    return points


_RESULT = {"1": "1", "0": "0", "½": "=", "=": "=", "1/2": "=", "0.5": "=", "0,5": "=", "+": "+"}
_RESULT["-"] = "-"


def _swiss_slot(value: object, rnd: int, row: int, pid: str) -> _Slot | None:
    """One cell of a Swiss crosstable as a TRF slot."""
    where = {"field": "xlsx", "line": row, "player": pid, "round": rnd}
    if value is None:
        return None
    if isinstance(value, bool):
        raise FormatError(
            f"row {row}: player {pid}, round {rnd}: {value!r} is not a result", **where
        )
    if isinstance(value, (int, float)):
        code = {-1: "U", 0: "Z", -0.5: "H"}.get(value)  # type: ignore[call-overload]
        if code is None:
            raise FormatError(
                f"row {row}: player {pid}, round {rnd}: {value!r} is not a crosstable cell", **where
            )
        return _Slot(rnd, 0, "-", code)
    text = str(value).strip()
    if not text:
        return None
    game = _GAME_CELL.fullmatch(text)
    if game:
        number, colour, result = game.group(1), (game.group(2) or "-").lower(), game.group(3)
        code = " " if result in (None, "*") else _RESULT[result.lower().replace(",", ".")]
        colour = "b" if colour == "s" else colour
        return _Slot(rnd, int(number), colour, code)
    bye = _BYE_CELL.fullmatch(text)
    if bye:
        lower = text.lower().replace(" ", "")
        if lower == "+":
            code = "+"
        elif lower in ("-1", "bye", "spf", "spielfrei"):
            code = "U"
        elif lower in ("-½", "-1/2", "-0.5", "-0,5"):
            code = "H"
        elif lower == "*":
            return None
        else:
            code = "Z"
        return _Slot(rnd, 0, "-", code)
    raise FormatError(
        f"row {row}: player {pid}, round {rnd}: cell {text!r} is not a crosstable entry "
        "(such as 12w1, 5b½, 7w+, -1, -½, -0)",
        **where,
    )


def _rr_codes(value: object, row: int, pid: str, opponent: int) -> list[str]:
    """The result codes of one round-robin cell (several for a double round robin)."""
    where = {"field": "xlsx", "line": row, "player": pid}
    if value is None:
        return []
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        code = {1: "1", 0: "0", 0.5: "="}.get(value)  # type: ignore[call-overload]
        if code is None:
            raise FormatError(
                f"row {row}: player {pid} against {opponent}: {value!r} is not a result", **where
            )
        return [code]
    text = re.sub(r"\s", "", str(value)).replace("1/2", "½").replace("0.5", "½").replace("0,5", "½")
    if not text:
        return []
    codes = []
    for char in text:
        if char not in "10½=+-":
            raise FormatError(
                f"row {row}: player {pid} against {opponent}: cell {str(value)!r} is not a result",
                **where,
            )
        codes.append(_RESULT[char])
    return codes


@dataclass(slots=True)
class _Row:
    row: int
    key: int
    player: Player
    cells: list[Any]


def _player_rows(rows: list[tuple[int, list[Any]]], cols: _Columns, meta: _Meta) -> list[_Row]:
    out: list[_Row] = []
    key_col = cols.start if cols.start is not None else cols.rank
    assert key_col is not None
    width = max(len(cells) for _, cells in rows) if rows else 0
    seen: set[int] = set()
    for number, cells in rows:
        cells = cells + [None] * (width - len(cells))
        key = _whole(cells[key_col])
        if key is None or key < 1:
            if out:
                break
            continue
        pid = str(key)
        if key in seen:
            raise FormatError(
                f"row {number}: number {key} is used twice in the crosstable",
                field="xlsx", line=number, player=pid,
            )  # fmt: skip
        name = _text(cells[cols.name]) if cols.name is not None else ""
        rating = (
            _rating(cells[cols.rating], number, pid, "Rtg") if cols.rating is not None else None
        )
        fide = _rating(cells[cols.fide], number, pid, "RtgI") if cols.fide is not None else None
        national = (
            _rating(cells[cols.national], number, pid, "RtgN")
            if cols.national is not None
            else None
        )
        if rating is not None:
            if meta.national:
                national = national or rating
            else:
                fide = fide or rating
        title = _text(cells[cols.title]) if cols.title is not None else ""
        fide_id = _text(cells[cols.fide_id]) if cols.fide_id is not None else ""
        player = Player(
            id=pid,
            name=name,
            fide_rating=fide,
            national_rating=national,
            federation=_text(cells[cols.fed]) or None if cols.fed is not None else None,
            title=title or None,
            club=_text(cells[cols.club]) or None if cols.club is not None else None,
            fide_id=fide_id if fide_id.isdigit() and int(fide_id) else None,
            points=_points(cells[cols.points], number, pid) if cols.points is not None else None,
        )
        seen.add(key)
        out.append(_Row(number, key, player, cells))
    return out


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


def _swiss(
    players: list[_Row], cols: _Columns, key_col: int
) -> tuple[list[Game], list[Bye], list[str]]:
    entries = []
    for item in players:
        key = _whole(item.cells[key_col])
        if key is None or key < 1:
            raise FormatError(
                f"row {item.row}: player {item.player.id} has no number in column {key_col + 1}",
                field="xlsx", line=item.row, player=item.player.id,
            )  # fmt: skip
        entry = _Entry(key, item.row, item.player.name)
        for column, rnd in cols.rounds:
            slot = _swiss_slot(item.cells[column], rnd, item.row, str(key))
            if slot is not None:
                entry.slots[rnd] = slot
        entries.append(entry)
    seen: dict[int, int] = {}
    for entry in entries:
        if entry.number in seen:
            raise FormatError(
                f"row {entry.line}: number {entry.number} is used twice (rows {seen[entry.number]} "
                f"and {entry.line})",
                field="xlsx", line=entry.line, player=str(entry.number),
            )  # fmt: skip
        seen[entry.number] = entry.line
    return _pair_up(entries, unit="row")


def _schedule_round(a: int, b: int, size: int) -> int:
    """Round of the pair at positions a < b in a round robin of ``size`` (even) players."""
    if b == size - 1:
        return (2 * a) % (size - 1) + 1
    return (a + b) % (size - 1) + 1


def _round_robin(players: list[_Row], cols: _Columns) -> tuple[list[Game], list[Bye], int]:
    keys = sorted(p.key for p in players)
    position = {k: i for i, k in enumerate(keys)}
    by_key = {p.key: p for p in players}
    if len(by_key) != len(players):
        raise FormatError("a number is used twice in the crosstable", field="xlsx")
    size = len(keys) + len(keys) % 2
    column_of = {number: column for column, number in cols.opponents}
    cycles = 0
    games: list[Game] = []
    for a_key in keys:
        for b_key in keys:
            if b_key <= a_key:
                continue
            a, b = by_key[a_key], by_key[b_key]
            if b_key not in column_of or a_key not in column_of:
                raise FormatError(
                    f"the crosstable has no column for player {b_key if b_key not in column_of else a_key}",
                    field="xlsx", line=a.row,
                )  # fmt: skip
            codes_a = _rr_codes(a.cells[column_of[b_key]], a.row, str(a_key), b_key)
            codes_b = _rr_codes(b.cells[column_of[a_key]], b.row, str(b_key), a_key)
            if len(codes_a) != len(codes_b):
                raise FormatError(
                    f"rows {a.row} and {b.row}: players {a_key} and {b_key} disagree on how often "
                    "they played",
                    field="xlsx", line=a.row, player=str(a_key),
                )  # fmt: skip
            for cycle, pair in enumerate(zip(codes_a, codes_b, strict=True)):
                result = _PAIR_RESULTS.get(pair)
                if result is None:
                    raise FormatError(
                        f"rows {a.row} and {b.row}: results of {a_key} against {b_key} disagree "
                        f"({pair[0]!r} and {pair[1]!r})",
                        field="xlsx", line=a.row, player=str(a_key),
                    )  # fmt: skip
                rnd = cycle * (size - 1) + _schedule_round(position[a_key], position[b_key], size)
                games.append(Game(rnd, str(a_key), str(b_key), result))
                cycles = max(cycles, cycle + 1)
    games.sort(key=lambda g: (g.round, int(g.white)))
    return games, [], cycles * (size - 1)


def read(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO, *, strict: bool = False
) -> Tournament:
    """Read a chess-results.com Excel crosstable export (a path, its bytes or a binary file).

    Every problem raises :class:`~wertung.core.errors.FormatError` naming the row
    (``line``), player and round. ``strict``: a player whose ``Pts.`` differ from
    his games and byes is an error instead of a warning.
    """
    data, file_name = _read_bytes(source)
    sheets = _rows(data)
    for rows in sheets:
        header_at = next((i for i, (_, cells) in enumerate(rows) if _is_header(cells)), None)
        if header_at is not None:
            break
    else:
        raise FormatError(
            "no crosstable found: no row has the labels Name and No./Rk. (a chess-results export)",
            field="xlsx",
        )
    header_row, header = rows[header_at]
    cols = _columns(header)
    notes: list[str] = []
    meta = _Meta()
    below = rows[header_at + 1 :]
    cols.title = cols.title if cols.title is not None else _title_column(header, below, cols)
    _meta([_text(cells[0]) if cells else "" for _, cells in rows[:header_at]], meta, notes)
    players = _player_rows(below, cols, meta)
    if not players:
        raise FormatError(
            f"row {header_row}: the crosstable has no players", field="xlsx", line=header_row
        )
    last = players[-1].row
    _meta([_text(cells[0]) if cells else "" for n, cells in below if n > last], meta, notes)

    if cols.rounds:
        candidates = [c for c in (cols.start, cols.rank) if c is not None]
        if meta.ranking:
            candidates.reverse()
        first_error: FormatError | None = None
        for key_col in candidates:
            try:
                games, byes, pair_notes = _swiss(players, cols, key_col)
            except FormatError as exc:
                first_error = first_error or exc
                continue
            break
        else:
            assert first_error is not None
            raise first_error
        ref_to_id = {_whole(p.cells[key_col]): p.player.id for p in players}
        rounds = max(r for _, r in cols.rounds)
    elif cols.opponents:
        games, byes, rounds = _round_robin(players, cols)
        pair_notes = [
            "a round-robin crosstable shows no rounds or colours: round numbers come from a "
            "round-robin schedule and the lower number is White"
        ]
        ref_to_id = {p.key: p.player.id for p in players}
    else:
        raise FormatError(
            f"row {header_row}: the crosstable has no round columns (1.Rd, 2.Rd ... or 1, 2 ...)",
            field="xlsx", line=header_row,
        )  # fmt: skip
    notes.extend(pair_notes)
    games = [
        replace(g, white=ref_to_id[int(g.white)], black=ref_to_id[int(g.black)]) for g in games
    ]
    byes = [replace(b, player=ref_to_id[int(b.player)]) for b in byes]
    if meta.end is None:
        updated = f" (last update {meta.updated})" if meta.updated else ""
        notes.append(f"the export has no tournament date{updated}; give the end date")

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
    )
    lines = {p.player.id: p.row for p in players}
    mismatches = points_mismatches(tournament, lines=lines)
    if mismatches:
        if strict:
            first = mismatches[0]
            raise FormatError(
                f"{first} ({len(mismatches)} player(s) differ)".replace(", line", ", row"),
                field="points", line=first.line, player=first.player,
            )  # fmt: skip
        extra = [f"warning: {m}".replace(", line", ", row") for m in mismatches]
        tournament = replace(tournament, notes=(*tournament.notes, *extra))
    try:
        return tournament.validate()
    except WertungError as exc:
        raise FormatError(str(exc), field="xlsx", **exc.where) from None

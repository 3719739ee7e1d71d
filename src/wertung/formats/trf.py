"""FIDE Tournament Report File (TRF16, with the TRF-2026 additions): read and write.

A TRF is fixed-column text. Each ``001`` line is one player; from column 92 on,
every round takes ten columns: the opponent's starting number, the colour and a
result code. Two ``001`` lines that name each other in a round become one
:class:`~wertung.tournament._model.Game`; a round without an opponent becomes a
:class:`~wertung.tournament._model.Bye`::

    >>> t = loads(
    ...     "012 Club Championship\\n"
    ...     "052 2026/09/01\\n"
    ...     "001    1 m    Muster,Max                        1850 GER     4600000 1980/01/01  1.5    1"
    ...     "     2 w 1  0000 - H\\n"
    ...     "001    2 w    Neu,Nina                          1620 GER     4600001 2012        0.0    2"
    ...     "     1 b 0  0000 - Z\\n"
    ... )
    >>> t.name, t.end_date, [p.fide_rating for p in t.players]
    ('Club Championship', datetime.date(2026, 9, 1), [1850, 1620])
    >>> [(g.round, g.white, g.black, g.result.value) for g in t.games]
    [(1, '1', '2', '1-0')]
    >>> [(b.round, b.player, str(b.points), b.kind.name) for b in t.byes]
    [(2, '1', '1/2', 'HALF'), (2, '2', '0', 'ZERO')]
    >>> loads(dumps(t)) == t
    True

How the file maps to the model (decisions documented here once):

* Player ids are the starting numbers as text (``"1"``, ``"2"``, ...). The TRF
  rating becomes ``fide_rating`` (``0`` or blank: unrated, ``None``); ``dwz`` and
  ``index`` stay ``None`` (a TRF has no DWZ; the DSB rating list fills them).
  National Rating Support records of TRF-2026 (a line starting with a federation
  code such as ``GER`` and the starting number in columns 5-8) fill
  ``national_rating``.
* Result codes ``1 0 =`` are games played over the board, ``+ -`` forfeits.
  ``W D L`` are, by the TRF16 and TRF-2026 text, games of *less than one move*,
  which are **not rated**: ``W``/``L`` become forfeits (same points, never
  counted) and a ``D`` pair becomes a half-point bye for each player, because the
  model has no "drawn but unrated" game. Each such game is named in
  ``Tournament.notes``.
* Without an opponent: ``H`` and ``=``/``D`` are half-point byes, ``F``, ``1``
  and ``W`` full-point byes, ``U`` a pairing-allocated bye, ``+`` a forfeit win
  without a known opponent, ``Z``, ``0``, ``L``, ``-`` and a blank result
  zero-point byes. A round that is entirely blank is no entry at all (the player
  was not in the tournament that round).
* A forfeit without colours (``153 - +``) has the lower starting number as White.
* The points column (under the scoring of record ``162``) is checked against the
  games and byes (:func:`wertung.formats._points.settle`, the one rule of every
  importer). A total higher by at most one point per round in which the line has no
  game, no opponent and no result (``0000 -`` with a blank result, or ten blank
  columns) is taken as byes in those rounds, each named in ``Tournament.notes``
  (Irish files leave a requested bye's result blank); ½ over two such rounds is
  one half-point bye, 1 over two rounds a half-point bye in each. Any other
  difference is a reason in ``Tournament.incomplete`` naming the line (and in
  :func:`points_mismatches`); ``strict=True`` makes it an error.
* Header counts (``062``, ``072``) are never used; unknown records are ignored
  and listed in ``Tournament.notes``.
"""

from __future__ import annotations

import datetime as dt
import itertools
import os
import re
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from typing import BinaryIO

from wertung.formats._crosstable import Slot, gameless_rounds, pair_up
from wertung.formats._points import (
    DEFAULT_SCORING,
    MAX_REASONS,
    PointsMismatch,
    computed_points,
    points_mismatches,
    settle,
)
from wertung.formats._source import date_readings, decode, parse_trf_date, read_bytes
from wertung.formats._trf_dates import trf_dates
from wertung.formats._trf_lines import (  # noqa: F401 - the bounds, importable from here as before
    _DIGITS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SCORE,
    _count,
    _error,
    _player_line,
    _PlayerLine,
    _rating,
    _scoring,
)
from wertung.formats._trf_time import trf_time_control
from wertung.formats._trf_write import dumps, write
from wertung.kernel.errors import FormatError, WertungError
from wertung.tournament._model import Tournament

__all__ = [
    "DEFAULT_SCORING",
    "MAX_REASONS",
    "PointsMismatch",
    "computed_points",
    "decode",
    "dumps",
    "loads",
    "parse_trf_date",
    "points_mismatches",
    "read",
    "write",
]


# --------------------------------------------------------------------------- reading

_KNOWN_UNUSED = {
    "032", "082", "102", "112", "152", "172", "182", "192", "202", "212", "352", "362",
}  # fmt: skip

_TOKEN = re.compile(r"\S+")
#: Where round 1's date starts on a ``132`` line (column 92; each round 10 columns on).
ROUND_DATE_COLUMN = 91
GIVE_DATE = "give the end date (command line: --date YYYY-MM-DD)"
#: A TRF of 2,000 players and 15 rounds has about 0.5 MB.
MAX_BYTES = 16 * 1024 * 1024


def loads(text: str, *, strict: bool = False, source: str | None = None) -> Tournament:
    """Read a tournament from TRF text.

    ``strict``: raise :class:`FormatError` when a player's points column differs
    from his games and byes in a way no round without a game explains (default: a
    reason in ``Tournament.incomplete``).
    ``source``: recorded as ``Tournament.source``.
    """
    if not isinstance(text, str):
        raise FormatError(
            "TRF text must be a string (use read() for bytes)", code="trf.not_string", field="trf"
        )
    text = text.lstrip("\ufeff")
    notes: list[str] = []
    header: dict[str, tuple[int, str]] = {}
    players: list[_PlayerLine] = []
    round_lines: list[tuple[int, list[str]]] = []
    round_columns: list[list[int]] = []  # where each token of a 132 line starts (0-based)
    national: list[tuple[int, str, str]] = []  # line, federation, text
    bye_records: list[tuple[int, str]] = []
    scoring: dict[str, Fraction] = {}
    declared_rounds: int | None = None
    unknown: dict[str, list[int]] = defaultdict(list)

    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.startswith("###"):
            continue
        code = line[:3]
        if code == "001":
            players.append(_player_line(line, line_no, notes))
        elif code in ("012", "022", "042", "052", "062", "072", "092", "122", "222"):
            header.setdefault(code, (line_no, line[4:].strip()))
            if code in ("062", "072"):
                _count(line[4:].strip(), line_no, code)
        elif code == "132":
            found = list(_TOKEN.finditer(line, 3))
            tokens = [m.group(0) for m in found]
            round_lines.append((line_no, tokens))
            round_columns.append([m.start() for m in found])
            bad = [token for token in tokens if not date_readings(token)]
            if bad:
                notes.append(
                    f"line {line_no}: {len(bad)} round date(s) not understood (first "
                    f"{bad[0][:20]!r}); ignored"
                )
        elif code in ("142", "XXR"):
            value = line[4:].strip()
            if _DIGITS.fullmatch(value) and (len(value) > 3 or not 0 < int(value) <= MAX_ROUNDS):
                raise _error(
                    f"number of rounds {value[:20]!r} ({code}) is out of range (1 to {MAX_ROUNDS})",
                    line_no,
                    code="trf.rounds_range",
                    params={"value": repr(value[:20]), "code": str(code), "high": MAX_ROUNDS},
                )
            if _DIGITS.fullmatch(value):
                declared_rounds = int(value)
            else:
                notes.append(f"line {line_no}: number of rounds {value!r} not understood; ignored")
        elif code == "162":
            scoring = _scoring(line, line_no, notes)
        elif code == "240":
            bye_records.append((line_no, line))
        elif code in _KNOWN_UNUSED:
            continue
        elif (
            re.fullmatch(r"[A-Z]{3}", code)
            and not code.startswith(("XX", "BB"))
            and code != "DAT"
            and _DIGITS.fullmatch(line[4:8].strip())
        ):
            national.append((line_no, code, line))
        else:
            unknown[code.strip() or line[:10]].append(line_no)

    for code, numbers in unknown.items():
        count = f"{len(numbers)} lines" if len(numbers) > 1 else "1 line"
        notes.append(f"ignored {count} with record {code!r} (first at line {numbers[0]})")

    if not players:
        raise FormatError(
            "no player lines (001): this is not a TRF file", code="trf.no_players", field="trf"
        )

    seen: dict[int, int] = {}
    for item in players:
        number = item.entry.number
        if number in seen:
            raise _error(
                f"starting number {number} is used twice (lines {seen[number]} and {item.entry.line})",
                item.entry.line, code="trf.start_twice", params={"number": str(number), "a": seen[number], "b": item.entry.line}, player=str(number),
            )  # fmt: skip
        seen[number] = item.entry.line
    by_number = {item.entry.number: item for item in players}

    if "062" in header:
        line_no, stated = header["062"]
        if _DIGITS.fullmatch(stated) and int(stated) != len(players):
            notes.append(
                f"line {line_no}: the header says {int(stated)} players (062), "
                f"the file has {len(players)}; the player lines are used"
            )

    national_fed: set[str] = set()
    for line_no, fed, line in national:
        number = int(line[4:8])
        target = by_number.get(number)
        if target is None:
            notes.append(f"line {line_no}: {fed} record for unknown player {number}; ignored")
            continue
        rating = _rating(line[48:52], line_no, str(number), what=f"{fed} national rating")
        if rating is not None:
            target.player = replace(target.player, national_rating=rating)
            national_fed.add(fed)
    if national_fed:
        notes.append(f"national ratings from {', '.join(sorted(national_fed))} records")

    for line_no, line in bye_records:
        _apply_bye_record(line, line_no, by_number, notes)

    games, byes, pair_notes = pair_up((p.entry for p in players), unit="line")
    notes.extend(pair_notes)

    rounds_seen = max((r for p in players for r in p.entry.slots), default=0)
    rounds = declared_rounds or rounds_seen or None
    if declared_rounds and rounds_seen > declared_rounds:
        notes.append(
            f"the file declares {declared_rounds} rounds but has results for {rounds_seen}"
        )
        rounds = rounds_seen

    _unreadable_date(header, "042", notes)
    _unreadable_date(header, "052", notes)
    dates = trf_dates(header.get("042"), header.get("052"), round_lines)
    notes.extend(dates.notes)
    start_date, end_date, round_dates = dates.start, dates.end, dates.rounds
    round_table = _round_table(dates.per_line, round_columns)
    if end_date is None and round_dates:
        end_date = max(round_dates)
        notes.append(f"end date {end_date.isoformat()} taken from the last round date (132)")
    if start_date is None and round_dates:
        start_date = min(round_dates)
    if end_date is None:
        notes.append(f"the file has no end date (052 or 132); {GIVE_DATE}")
    control = trf_time_control(header, notes)

    tournament = Tournament(
        name=header.get("012", (0, ""))[1],
        end_date=end_date,
        start_date=start_date,
        rounds=rounds,
        place=header.get("022", (0, ""))[1] or None,
        source=source,
        players=tuple(p.player for p in players),
        games=tuple(games),
        byes=tuple(byes),
        notes=tuple(notes),
        time_control=control.kind,
        time_control_text=control.text,
        time_control_periods=control.periods,
        round_dates=round_table,
    )
    lines = {p.player.id: p.entry.line for p in players}
    gameless = gameless_rounds((p.entry for p in players), rounds_seen)
    tournament = settle(
        tournament,
        gameless={str(number): rounds for number, rounds in gameless.items()},
        scoring=scoring or None,
        lines=lines,
        strict=strict,
    )
    try:
        return tournament.validate()
    except WertungError as exc:  # should not happen after _pair_up; keep the promise anyway
        raise FormatError(
            str(exc), code=exc.code, params=exc.params, field="trf", **exc.where
        ) from None


def _round_table(
    per_line: tuple[tuple[dt.date | None, ...], ...], columns: list[list[int]]
) -> tuple[dt.date | None, ...]:
    """Each round's date from the ``132`` lines: a token in the ten columns of round *n*
    (from column 92 on, as TRF16 and TRF-2026 place them) is round *n*'s date; a line whose
    tokens do not stand one to a round's columns gives rounds 1, 2, ... in their order. The
    first line to date a round wins; a round without a date is None.

    >>> d = dt.date
    >>> _round_table(((d(2022, 11, 11), d(2022, 11, 13)),), [[91, 111]])
    (datetime.date(2022, 11, 11), None, datetime.date(2022, 11, 13))
    >>> _round_table(((d(2022, 11, 11), d(2022, 11, 12)),), [[4, 13]])
    (datetime.date(2022, 11, 11), datetime.date(2022, 11, 12))
    """
    table: dict[int, dt.date] = {}
    for values, starts in zip(per_line, columns, strict=True):
        slots = [(start - ROUND_DATE_COLUMN) // 10 for start in starts]
        if not all(start >= ROUND_DATE_COLUMN for start in starts) or any(
            b <= a for a, b in itertools.pairwise(slots)
        ):
            slots = list(range(len(values)))
        for slot, value in zip(slots, values, strict=True):
            if value is not None and slot < MAX_ROUNDS:
                table.setdefault(slot + 1, value)
    if not table:
        return ()
    return tuple(table.get(r) for r in range(1, max(table) + 1))


def _with_notes(tournament: Tournament, extra: list[str]) -> Tournament:
    return replace(tournament, notes=(*tournament.notes, *extra))


def _unreadable_date(header: dict[str, tuple[int, str]], code: str, notes: list[str]) -> None:
    """A note for a header date that is no date in any spelling (it is then ignored)."""
    if code not in header:
        return
    line_no, value = header[code]
    if value and not date_readings(value):
        notes.append(f"line {line_no}: date {value[:40]!r} ({code}) not understood; ignored")


def _apply_bye_record(
    line: str, line_no: int, by_number: dict[int, _PlayerLine], notes: list[str]
) -> None:
    """TRF-2026 record 240: ``240 H 003  026  047`` (kind, round, players)."""
    match = re.fullmatch(r"240 ([FHZ]) +([0-9]{1,3})((?: +[0-9]{1,4})+) *", line)
    if not match:
        notes.append(f"line {line_no}: bye record not understood; ignored")
        return
    code, rnd = match.group(1), int(match.group(2))
    if rnd < 1:
        notes.append(f"line {line_no}: bye record for round 0; ignored")
        return
    for number in (int(n) for n in match.group(3).split()):
        target = by_number.get(number)
        if target is None:
            notes.append(f"line {line_no}: bye record for unknown player {number}; ignored")
            continue
        slot = target.entry.slots.get(rnd)
        if slot is not None and (slot.opponent != 0 or slot.code not in ("Z", " ")):
            if slot.opponent == 0 and slot.code == code:
                continue
            notes.append(
                f"line {line_no}: bye record {code} for player {number} in round {rnd} "
                "conflicts with his 001 line; the 001 line is kept"
            )
            continue
        target.entry.slots[rnd] = Slot(rnd, 0, "-", code)


def read(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO, *, strict: bool = False
) -> Tournament:
    """Read a TRF file (a path, its bytes, or a binary file object).

    The text is decoded as UTF-8, falling back to cp1252 (files written by older
    Windows programs); a note records a fallback.
    """
    data, name = read_bytes(source, max_bytes=MAX_BYTES)
    text, encoding = decode(data)
    tournament = loads(text, strict=strict, source=name)
    if encoding != "utf-8":
        tournament = _with_notes(tournament, [f"decoded as {encoding} (not UTF-8)"])
    return tournament

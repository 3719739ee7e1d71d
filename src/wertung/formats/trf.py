"""FIDE Tournament Report File (TRF16, with the TRF-2026 additions): read and write.

A TRF is fixed-column text. Each ``001`` line is one player; from column 92 on,
every round takes ten columns: the opponent's starting number, the colour and a
result code. Two ``001`` lines that name each other in a round become one
:class:`~wertung.core.model.Game`; a round without an opponent becomes a
:class:`~wertung.core.model.Bye`::

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
    >>> t.games
    (Game(round=1, white='1', black='2', result=<GameResult.WHITE_WINS: '1-0'>),)
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
* The points column is checked against the games and byes. A difference is a
  **warning** in ``Tournament.notes`` (and in :func:`points_mismatches`), not an
  error: the column is a standings figure (it may follow another scoring system,
  contain penalties or hand corrections, as real files do) while ratings use only
  the pairings, which are checked strictly. ``strict=True`` makes it an error.
* Header counts (``062``, ``072``) are never used; unknown records are ignored
  and listed in ``Tournament.notes``.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO

from ..core.errors import FormatError, WertungError
from ..core.model import RATING_MAX, Bye, Game, Player, Tournament
from ..core.results import BYE_POINTS, ByeKind, GameResult

__all__ = [
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

HALF = Fraction(1, 2)

# --------------------------------------------------------------------------- text


def decode(data: bytes) -> tuple[str, str]:
    """Decode a file's bytes: UTF-8 (with or without BOM), else cp1252, else Latin-1.

    Returns the text and the name of the encoding used.

    >>> decode("Müller".encode("cp1252"))
    ('Müller', 'cp1252')
    """
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _read_bytes(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO,
) -> tuple[bytes, str | None]:
    """The bytes of a path, a bytes object or a binary file, and a file name if known."""
    if isinstance(source, (bytes, bytearray)):
        return bytes(source), None
    if isinstance(source, str) and ("\n" in source or len(source) > 4096):
        raise FormatError("read() takes a path or bytes; use loads() for TRF text", field="file")
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            return path.read_bytes(), path.name
        except OSError as exc:
            raise FormatError(
                f"cannot read {str(path)!r}: {exc.strerror or exc}", field="file"
            ) from None
    if hasattr(source, "read"):
        data = source.read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise FormatError("the file object did not return bytes", field="file")
        return bytes(data), getattr(source, "name", None)
    raise FormatError(f"cannot read a tournament from {type(source).__name__}", field="file")


# --------------------------------------------------------------------------- dates

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "mär": 3, "mrz": 3, "apr": 4, "may": 5, "mai": 5,
    "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "okt": 10, "nov": 11, "dec": 12,
    "dez": 12,
}  # fmt: skip


def _year(value: int) -> int:
    """A two-digit year as TRF round dates use it (``22`` is 2022, ``98`` is 1998)."""
    if value >= 100:
        return value
    return 2000 + value if value < 70 else 1900 + value


def parse_trf_date(text: str) -> dt.date | None:
    """Read a date in any of the spellings found in TRF headers; None if it is not one.

    >>> [parse_trf_date(s) for s in ("28. 07. 2005", "2018/10/05", "22/11/11", "May 29, 2020")]
    [datetime.date(2005, 7, 28), datetime.date(2018, 10, 5), datetime.date(2022, 11, 11), datetime.date(2020, 5, 29)]
    """
    text = text.strip()
    if not text:
        return None
    groups = re.findall(r"[0-9]+", text)
    month_word = re.search(r"[^\W\d_]{3,}", text)
    try:
        if month_word:
            month = _MONTHS.get(month_word.group(0)[:3].lower())
            if month is None or len(groups) != 2:
                return None
            a, b = groups
            day, year = (int(a), int(b)) if len(b) == 4 or len(a) <= 2 else (int(b), int(a))
            return dt.date(_year(year), month, day)
        if len(groups) == 1 and len(groups[0]) == 8:
            g = groups[0]
            return dt.date(int(g[:4]), int(g[4:6]), int(g[6:]))
        if len(groups) != 3:
            return None
        a, b, c = groups
        if len(a) == 4:
            return dt.date(int(a), int(b), int(c))
        if len(c) == 4:
            if int(b) > 12 >= int(a):  # US order: month/day/year
                return dt.date(int(c), int(a), int(b))
            return dt.date(int(c), int(b), int(a))
        if "." in text:  # German DD.MM.YY
            return dt.date(_year(int(c)), int(b), int(a))
        return dt.date(_year(int(a)), int(b), int(c))  # TRF round dates: YY/MM/DD
    except ValueError:
        return None


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class PointsMismatch:
    """A player whose stated points differ from what his games and byes give."""

    player: str
    name: str
    stated: Fraction
    computed: Fraction
    line: int | None = None

    def __str__(self) -> str:
        where = f", line {self.line}" if self.line else ""
        return (
            f"points of player {self.player} ({self.name}{where}): the file says "
            f"{_fmt_points(self.stated)}, the games and byes give {_fmt_points(self.computed)}"
        )


def _fmt_points(value: Fraction) -> str:
    return f"{float(value):.1f}" if (value * 2).denominator == 1 else str(value)


# TRF-2026 record 162: W win (also forfeit win, full-point bye), D draw (also
# half-point bye), L loss, A absence (zero-point bye, forfeit loss), P
# pairing-allocated bye, X unknown result.
DEFAULT_SCORING: Mapping[str, Fraction] = {
    "W": Fraction(1), "D": HALF, "L": Fraction(0), "A": Fraction(0), "P": Fraction(1),
    "X": HALF,
}  # fmt: skip


def _game_class(result: GameResult, white: bool) -> str:
    score = result.white if white else result.black
    if result is GameResult.NOT_PLAYED:
        return ""
    if score.forfeit:
        return "W" if score.points == 1 else "A"
    return {Fraction(1): "W", HALF: "D", Fraction(0): "L"}[score.points]


def computed_points(
    tournament: Tournament, scoring: Mapping[str, Fraction] | None = None
) -> dict[str, Fraction]:
    """Every player's points from his games and byes (games not yet played give 0).

    ``scoring`` follows TRF-2026 record 162 (keys ``W D L A P``); byes score
    their own ``points`` unless a non-default scoring is given.
    """
    scores = dict(DEFAULT_SCORING)
    if scoring:
        scores.update(scoring)
    custom = scoring is not None and any(scores[k] != DEFAULT_SCORING[k] for k in scores)
    totals: dict[str, Fraction] = {p.id: Fraction(0) for p in tournament.players}
    for game in tournament.games:
        for pid, is_white in ((game.white, True), (game.black, False)):
            cls = _game_class(game.result, is_white)
            if cls and pid in totals:
                totals[pid] += scores[cls]
    for bye in tournament.byes:
        if bye.player not in totals:
            continue
        if custom and bye.kind is not None:
            cls = {
                ByeKind.PAIRING: "P", ByeKind.FULL: "W", ByeKind.FORFEIT_WIN: "W",
                ByeKind.HALF: "D", ByeKind.ZERO: "A",
            }[bye.kind]  # fmt: skip
            totals[bye.player] += scores[cls]
        else:
            totals[bye.player] += bye.points
    return totals


def points_mismatches(
    tournament: Tournament,
    scoring: Mapping[str, Fraction] | None = None,
    lines: Mapping[str, int] | None = None,
) -> list[PointsMismatch]:
    """Players whose ``points`` (the source's own total) differ from their games and byes.

    >>> t = Tournament(players=(Player("1", "A", points=Fraction(1)),))
    >>> [str(m) for m in points_mismatches(t)]
    ['points of player 1 (A): the file says 1.0, the games and byes give 0.0']
    """
    totals = computed_points(tournament, scoring)
    return [
        PointsMismatch(p.id, p.name, p.points, totals[p.id], (lines or {}).get(p.id))
        for p in tournament.players
        if p.points is not None and p.points != totals[p.id]
    ]


# --------------------------------------------------------------------------- pairing
# The shared part of the TRF and the chess-results Excel readers: per player and
# round one slot (opponent number, colour, TRF result code); pairs of slots that
# name each other become one game.


@dataclass(slots=True)
class _Slot:
    round: int
    opponent: int  # 0: no opponent
    colour: str  # "w", "b" or "-"
    code: str  # TRF result code, upper case; " " for blank


@dataclass(slots=True)
class _Entry:
    number: int
    line: int
    name: str
    slots: dict[int, _Slot] = field(default_factory=dict)


_BYE_CODES: dict[str, ByeKind] = {
    "H": ByeKind.HALF, "=": ByeKind.HALF, "D": ByeKind.HALF,
    "F": ByeKind.FULL, "1": ByeKind.FULL, "W": ByeKind.FULL,
    "U": ByeKind.PAIRING,
    "+": ByeKind.FORFEIT_WIN,
    "Z": ByeKind.ZERO, "0": ByeKind.ZERO, "L": ByeKind.ZERO, "-": ByeKind.ZERO, " ": ByeKind.ZERO,
}  # fmt: skip

_PAIR_RESULTS: dict[tuple[str, str], GameResult] = {
    ("1", "0"): GameResult.WHITE_WINS,
    ("0", "1"): GameResult.BLACK_WINS,
    ("=", "="): GameResult.DRAW,
    ("0", "0"): GameResult.BOTH_LOSE,
    ("+", "-"): GameResult.WHITE_WINS_FORFEIT,
    ("-", "+"): GameResult.BLACK_WINS_FORFEIT,
    ("-", "-"): GameResult.DOUBLE_FORFEIT,
    (" ", " "): GameResult.NOT_PLAYED,
    ("W", "L"): GameResult.WHITE_WINS_FORFEIT,  # unrated game (< 1 move)
    ("L", "W"): GameResult.BLACK_WINS_FORFEIT,
}

_RESULT_CODES = set("10=+-WDLHFUZ ")


def _pair_up(
    entries: Iterable[_Entry], unit: str = "line"
) -> tuple[list[Game], list[Bye], list[str]]:
    """Turn slots into games and byes; raise FormatError for pairs that disagree."""
    by_number = {e.number: e for e in entries}
    games: list[Game] = []
    byes: list[Bye] = []
    notes: list[str] = []
    for entry in by_number.values():
        for rnd, slot in sorted(entry.slots.items()):
            who = f"player {entry.number} ({unit} {entry.line})"
            if slot.opponent == 0 or slot.code in ("H", "F", "U", "Z"):
                if slot.opponent != 0:
                    notes.append(
                        f"round {rnd}: {who} has bye code {slot.code!r} and opponent "
                        f"{slot.opponent}; read as a bye"
                    )
                kind = _BYE_CODES[slot.code]
                byes.append(Bye(rnd, str(entry.number), BYE_POINTS[kind], kind))
                continue
            if slot.opponent == entry.number:
                raise FormatError(
                    f"round {rnd}: {who} is paired against himself",
                    field="pairing", line=entry.line, player=str(entry.number), round=rnd,
                )  # fmt: skip
            other = by_number.get(slot.opponent)
            if other is None:
                raise FormatError(
                    f"round {rnd}: {who} has opponent {slot.opponent}, who is not in the file",
                    field="pairing", line=entry.line, player=str(entry.number), round=rnd,
                )  # fmt: skip
            back = other.slots.get(rnd)
            theirs = f"player {other.number} ({unit} {other.line})"
            if back is None or back.opponent != entry.number:
                said = (
                    "has no entry"
                    if back is None
                    else ("has no opponent" if back.opponent == 0 else f"has {back.opponent}")
                )
                raise FormatError(
                    f"round {rnd}: {who} played {other.number}, but {theirs} {said} in that round",
                    field="pairing", line=entry.line, player=str(entry.number), round=rnd,
                )  # fmt: skip
            if entry.number > other.number:
                continue  # the pair is handled once, from the lower number
            a, b = slot, back
            if a.colour == "b" or b.colour == "w":
                white, black, wa, wb = other, entry, b, a
            else:
                white, black, wa, wb = entry, other, a, b
            if {a.colour, b.colour} <= {"w"} or {a.colour, b.colour} <= {"b"}:
                raise FormatError(
                    f"round {rnd}: {who} and {theirs} both have colour {a.colour!r}",
                    field="pairing", line=entry.line, player=str(entry.number), round=rnd,
                )  # fmt: skip
            codes = (wa.code, wb.code)
            if codes == ("D", "D"):
                for e in (white, black):
                    byes.append(Bye(rnd, str(e.number), HALF, ByeKind.HALF))
                notes.append(
                    f"round {rnd}: {white.number}-{black.number} is an unrated draw (D, less than "
                    "one move): recorded as a half-point bye for both, not counted"
                )
                continue
            result = _PAIR_RESULTS.get(codes)
            if result is None:
                raise FormatError(
                    f"round {rnd}: results disagree: {who} has {slot.code.strip() or 'blank'!r}, "
                    f"{theirs} has {back.code.strip() or 'blank'!r}",
                    field="pairing", line=entry.line, player=str(entry.number), round=rnd,
                )  # fmt: skip
            if "W" in codes:
                notes.append(
                    f"round {rnd}: {white.number}-{black.number} is an unrated game ({codes[0]}/"
                    f"{codes[1]}, less than one move): recorded as a forfeit, not counted"
                )
            elif result.played and a.colour == "-" and b.colour == "-":
                notes.append(
                    f"round {rnd}: {white.number}-{black.number} has no colours; "
                    f"{white.number} taken as White"
                )
            games.append(Game(rnd, str(white.number), str(black.number), result))
    games.sort(key=lambda g: (g.round, int(g.white)))
    byes.sort(key=lambda b: (b.round, int(b.player)))
    return games, byes, notes


# --------------------------------------------------------------------------- reading

_TITLES = {
    "g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
    "wc": "WCM",
}  # fmt: skip

_KNOWN_UNUSED = {
    "032", "072", "082", "092", "102", "112", "122", "152", "172", "182", "192",
    "202", "212", "222", "352", "362",
}  # fmt: skip

_DIGITS = re.compile(r"[0-9]+")
_POINTS = re.compile(r"([0-9]{1,4})(?:[.,]([0-9]))?")


def _error(message: str, line: int, **where: object) -> FormatError:
    return FormatError(f"line {line}: {message}", field="trf", line=line, **where)


def _birth_year(text: str, line: int, player: str) -> int | None:
    stripped = text.strip()
    if not stripped.strip("./- "):
        return None
    groups = _DIGITS.findall(stripped)
    if not groups or re.search(r"[^0-9./\- ]", stripped):
        raise _error(f"player {player}: birth date {stripped!r} is not a date", line, player=player)
    year_text = groups[0] if len(groups[0]) == 4 else groups[-1]
    if len(year_text) == 8:
        year_text = year_text[:4]
    if len(year_text) != 4:
        raise _error(f"player {player}: birth date {stripped!r} has no year", line, player=player)
    year = int(year_text)
    if year == 0:
        return None
    if not 1880 <= year <= 2100:
        raise _error(f"player {player}: year of birth {year} is not plausible", line, player=player)
    return year


def _points(text: str, line: int, player: str) -> Fraction | None:
    stripped = text.strip()
    if not stripped:
        return None
    match = _POINTS.fullmatch(stripped)
    if not match:
        raise _error(f"player {player}: points {stripped!r} are not a number", line, player=player)
    return Fraction(int(match.group(1))) + Fraction(int(match.group(2) or 0), 10)


def _rating(text: str, line: int, player: str, what: str = "rating") -> int | None:
    stripped = text.strip()
    if not stripped:
        return None
    if not _DIGITS.fullmatch(stripped):
        raise _error(f"player {player}: {what} {stripped!r} is not a number", line, player=player)
    value = int(stripped)
    if value > RATING_MAX:
        raise _error(
            f"player {player}: {what} {value} is out of range (0 to {RATING_MAX})",
            line,
            player=player,
        )
    return value or None


def _number(text: str, line: int, what: str) -> int:
    stripped = text.strip()
    if not _DIGITS.fullmatch(stripped) or not 1 <= int(stripped) <= 9999:
        raise _error(f"{what} {stripped!r} is not a starting number (1 to 9999)", line)
    return int(stripped)


@dataclass(slots=True)
class _PlayerLine:
    entry: _Entry
    player: Player


def _player_line(text: str, line: int, notes: list[str]) -> _PlayerLine:
    number = _number(text[4:8], line, "starting number")
    pid = str(number)
    sex = text[9:10].strip().lower() or None
    title_raw = text[10:13].strip()
    title = _TITLES.get(title_raw.lower(), title_raw.upper()) or None
    name = text[14:47].strip()
    rating = _rating(text[48:52], line, pid)
    federation = text[53:56].strip() or None
    fide_text = text[57:68].strip()
    fide_id = None
    if fide_text:
        if _DIGITS.fullmatch(fide_text):
            fide_id = fide_text if int(fide_text) else None
        else:
            notes.append(f"line {line}: player {pid}: id {fide_text!r} is not a FIDE id; ignored")
    birth_year = _birth_year(text[69:79], line, pid)
    points = _points(text[80:84], line, pid)
    entry = _Entry(number, line, name)
    for k, start in enumerate(range(91, len(text), 10)):
        block = text[start : start + 10]
        rnd = k + 1
        if not block.strip():
            continue
        opp_text, colour, code = (
            block[0:4].strip(),
            block[5:6].lower() or " ",
            block[7:8].upper() or " ",
        )
        if block[4:5].strip() or block[6:7].strip() or block[8:].strip():
            raise _error(
                f"player {pid}, round {rnd}: {block.strip()!r} is not in the TRF columns "
                "(opponent 92-95, colour 97, result 99, then every 10 columns)",
                line, player=pid, round=rnd,
            )  # fmt: skip
        if opp_text and not _DIGITS.fullmatch(opp_text):
            raise _error(
                f"player {pid}, round {rnd}: opponent {opp_text!r} is not a starting number",
                line, player=pid, round=rnd,
            )  # fmt: skip
        if colour not in "wb- ":
            raise _error(
                f"player {pid}, round {rnd}: colour {colour!r} is not w, b or -",
                line, player=pid, round=rnd,
            )  # fmt: skip
        if code not in _RESULT_CODES:
            raise _error(
                f"player {pid}, round {rnd}: result {code!r} is not a TRF result code "
                "(1 0 = + - W D L H F U Z)",
                line, player=pid, round=rnd,
            )  # fmt: skip
        colour = "-" if colour == " " else colour
        entry.slots[rnd] = _Slot(rnd, int(opp_text or 0), colour, code)
    player = Player(
        id=pid,
        name=name,
        birth_year=birth_year,
        fide_rating=rating,
        fide_id=fide_id,
        federation=federation,
        title=title,
        sex=sex,
        points=points,
    )
    return _PlayerLine(entry, player)


def _scoring(text: str, line: int, notes: list[str]) -> dict[str, Fraction]:
    scoring: dict[str, Fraction] = {}
    for code, value in re.findall(r"([WDLAPX])\s*([0-9]+(?:[.,][0-9]+)?)", text[4:]):
        scoring[code] = Fraction(value.replace(",", "."))
    if not scoring:
        notes.append(f"line {line}: scoring record 162 not understood; default scoring used")
    return scoring


def loads(text: str, *, strict: bool = False, source: str | None = None) -> Tournament:
    """Read a tournament from TRF text.

    ``strict``: raise :class:`FormatError` when a player's points column differs
    from his games and byes (default: a warning in ``Tournament.notes``).
    ``source``: recorded as ``Tournament.source``.
    """
    if not isinstance(text, str):
        raise FormatError("TRF text must be a string (use read() for bytes)", field="trf")
    text = text.lstrip("\ufeff")
    notes: list[str] = []
    header: dict[str, tuple[int, str]] = {}
    players: list[_PlayerLine] = []
    round_dates: list[dt.date] = []
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
        elif code in ("012", "022", "042", "052", "062"):
            header.setdefault(code, (line_no, line[4:].strip()))
        elif code == "132":
            for token in line[3:].split():
                day = parse_trf_date(token)
                if day is None:
                    notes.append(f"line {line_no}: round date {token!r} not understood; ignored")
                else:
                    round_dates.append(day)
        elif code in ("142", "XXR"):
            value = line[4:].strip()
            if _DIGITS.fullmatch(value) and 0 < int(value) < 10000:
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
        raise FormatError("no player lines (001): this is not a TRF file", field="trf")

    seen: dict[int, int] = {}
    for item in players:
        number = item.entry.number
        if number in seen:
            raise _error(
                f"starting number {number} is used twice (lines {seen[number]} and {item.entry.line})",
                item.entry.line, player=str(number),
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

    games, byes, pair_notes = _pair_up((p.entry for p in players), unit="line")
    notes.extend(pair_notes)

    rounds_seen = max((r for p in players for r in p.entry.slots), default=0)
    rounds = declared_rounds or rounds_seen or None
    if declared_rounds and rounds_seen > declared_rounds:
        notes.append(
            f"the file declares {declared_rounds} rounds but has results for {rounds_seen}"
        )
        rounds = rounds_seen

    start_date = _header_date(header, "042", notes)
    end_date = _header_date(header, "052", notes)
    if end_date is None and round_dates:
        end_date = max(round_dates)
        notes.append(f"end date {end_date.isoformat()} taken from the last round date (132)")
    if start_date is None and round_dates:
        start_date = min(round_dates)

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
    )
    lines = {p.player.id: p.entry.line for p in players}
    mismatches = points_mismatches(tournament, scoring or None, lines)
    if mismatches:
        if strict:
            first = mismatches[0]
            raise FormatError(
                f"{first} ({len(mismatches)} player(s) differ)",
                field="points", line=first.line, player=first.player,
            )  # fmt: skip
        tournament = _with_notes(tournament, [f"warning: {m}" for m in mismatches])
    try:
        return tournament.validate()
    except WertungError as exc:  # should not happen after _pair_up; keep the promise anyway
        raise FormatError(str(exc), field="trf", **exc.where) from None


def _with_notes(tournament: Tournament, extra: list[str]) -> Tournament:
    return replace(tournament, notes=(*tournament.notes, *extra))


def _header_date(header: dict[str, tuple[int, str]], code: str, notes: list[str]) -> dt.date | None:
    if code not in header:
        return None
    line_no, value = header[code]
    if not value:
        return None
    day = parse_trf_date(value)
    if day is None:
        notes.append(f"line {line_no}: date {value!r} ({code}) not understood; ignored")
    return day


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
        target.entry.slots[rnd] = _Slot(rnd, 0, "-", code)


def read(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO, *, strict: bool = False
) -> Tournament:
    """Read a TRF file (a path, its bytes, or a binary file object).

    The text is decoded as UTF-8, falling back to cp1252 (files written by older
    Windows programs); a note records a fallback.
    """
    data, name = _read_bytes(source)
    text, encoding = decode(data)
    tournament = loads(text, strict=strict, source=name)
    if encoding != "utf-8":
        tournament = _with_notes(tournament, [f"decoded as {encoding} (not UTF-8)"])
    return tournament


# --------------------------------------------------------------------------- writing


def _start_numbers(tournament: Tournament) -> dict[str, int]:
    ids = [p.id for p in tournament.players]
    if all(_DIGITS.fullmatch(i) and 1 <= int(i) <= 9999 for i in ids) and len(
        {int(i) for i in ids}
    ) == len(ids):
        return {i: int(i) for i in ids}
    if len(ids) > 9999:
        raise FormatError("TRF holds at most 9999 players", field="players")
    return {i: n for n, i in enumerate(ids, start=1)}


def _code_for_bye(bye: Bye) -> str:
    if bye.kind is not None and BYE_POINTS[bye.kind] == bye.points:
        return bye.kind.value
    return {Fraction(1): "F", HALF: "H", Fraction(0): "Z"}.get(bye.points, "Z")


_WRITE_CODES: dict[GameResult, tuple[str, str]] = {
    GameResult.WHITE_WINS: ("1", "0"),
    GameResult.BLACK_WINS: ("0", "1"),
    GameResult.DRAW: ("=", "="),
    GameResult.BOTH_LOSE: ("0", "0"),
    GameResult.WHITE_WINS_FORFEIT: ("+", "-"),
    GameResult.BLACK_WINS_FORFEIT: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
    GameResult.NOT_PLAYED: (" ", " "),
}


def _clean(text: str) -> str:
    """Text for one fixed-column field: no line breaks, tabs or other control characters."""
    return "".join(" " if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 else c for c in text).strip()


def _date(value: dt.date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def dumps(tournament: Tournament, *, national_federation: str = "GER") -> str:
    """The tournament as TRF text (TRF16 columns; ``142`` rounds and national records of TRF-2026).

    Players whose ids are not distinct numbers 1-9999 are numbered in their
    order. The rank column ranks by points (the stated ``points``, else those of
    the games and byes), ties by starting number. ``national_rating`` is written
    as a National Rating Support record of ``national_federation``. Names are
    cut to the 33 columns TRF has.
    """
    if not re.fullmatch(r"[A-Z]{3}", national_federation) or national_federation.startswith("XX"):
        raise FormatError(
            f"national federation {national_federation!r} is not a 3-letter code",
            field="federation",
        )
    numbers = _start_numbers(tournament)
    computed = computed_points(tournament)
    points = {
        p.id: p.points if p.points is not None else computed[p.id] for p in tournament.players
    }
    order = sorted(tournament.players, key=lambda p: (-points[p.id], numbers[p.id]))
    rank = {p.id: n for n, p in enumerate(order, start=1)}
    slots: dict[str, dict[int, tuple[int, str, str]]] = defaultdict(dict)
    for game in tournament.games:
        cw, cb = _WRITE_CODES[game.result]
        slots[game.white][game.round] = (numbers[game.black], "w", cw)
        slots[game.black][game.round] = (numbers[game.white], "b", cb)
    for bye in tournament.byes:
        slots[bye.player][bye.round] = (0, "-", _code_for_bye(bye))
    rounds = tournament.round_count()

    out = [f"012 {_clean(tournament.name)}".rstrip()]
    if tournament.place:
        out.append(f"022 {_clean(tournament.place)}")
    if tournament.start_date:
        out.append(f"042 {_date(tournament.start_date)}")
    if tournament.end_date:
        out.append(f"052 {_date(tournament.end_date)}")
    out.append(f"062 {len(tournament.players)}")
    out.append(f"072 {sum(1 for p in tournament.players if p.fide_rating)}")
    if tournament.rounds:
        out.append(f"142 {tournament.rounds}")
    for p in sorted(tournament.players, key=lambda p: numbers[p.id]):
        num = numbers[p.id]
        sex = (_clean(p.sex or "") or " ")[:1]
        title = _clean(p.title or "")[:3]
        fed = _clean(p.federation or "")[:3]
        fide_id = _clean(p.fide_id or "")[:11]
        birth = f"{p.birth_year:04d}" if p.birth_year else ""
        line = (
            f"001 {num:>4} {sex}{title:>3} {_clean(p.name)[:33]:<33} "
            f"{p.fide_rating or '':>4} {fed:<3} {fide_id:>11} "
            f"{birth:<10} {float(points[p.id]):>4.1f} {rank[p.id]:>4}"
        )
        for rnd in range(1, rounds + 1):
            slot = slots[p.id].get(rnd)
            if slot is None:
                line += " " * 10
            else:
                opp, colour, code = slot
                line += (
                    f"  {opp:04d} {colour} {code}" if opp == 0 else f"  {opp:>4} {colour} {code}"
                )
        out.append(line.rstrip())
    for p in sorted(tournament.players, key=lambda p: numbers[p.id]):
        if p.national_rating is not None:
            out.append(
                f"{national_federation} {numbers[p.id]:>4} {'':4} {'':33} {p.national_rating:>4}"
            )
    return "\n".join(out) + "\n"


def write(tournament: Tournament, path: str | os.PathLike[str], **options: str) -> None:
    """Write the tournament as a TRF file (UTF-8); ``options`` as for :func:`dumps`."""
    text = dumps(tournament, **options)
    try:
        Path(path).write_text(text, encoding="utf-8", newline="\r\n")
    except OSError as exc:
        raise FormatError(
            f"cannot write {str(path)!r}: {exc.strerror or exc}", field="file"
        ) from None

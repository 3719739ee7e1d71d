"""The ELOBASE/DeWIS text file (``.swi``): read as a tournament source.

The file Swiss-Chess writes for the rating office (*Sonderfunktionen → Dateien zur
Elo- und NWZ-Auswertung → DEWIS*), and league databases write in its image; a rating
officer receives it by e-mail. Plain text, CP850, CRLF (SPEC §10). Its layout, as the
writers and the DeWIS import describe it (facts, no code, taken from them):

* line 1 the tournament's name, line 2 empty or a detail, line 3 the kind of event and
  its size (``ES  12  7  1``: *Einzel/Mannschaft* and *Schweizer/Rundenturnier*, the
  number of players, of rounds, a third number; some writers leave it out);
* the **column key** ``" ttt. rrr nnnn… vvvv… lll ffffffffff pppppppppp gggggggg eeee
  dddd  zzzzz mmmm"``: it marks the file and says where each field of a player line
  stands and how wide it is -- ``t`` the player's number (the number the other lines
  name as opponent), ``r`` a second number (rank; not read), ``n`` the name
  (``Surname, Forename``), ``v`` club or team, ``l`` nation, ``f`` FIDE id, ``p`` the
  DSB person id (PKZ), ``g`` the birth date (4 digits the year, 6 ``DDMMYY``,
  8 ``DDMMYYYY``), ``e`` Elo, ``d`` DWZ, ``z`` the club code (ZPS, *VKZ*), ``m`` the
  member number;
* one line per player, beginning with a space; after the key's last column, one
  block of six characters per round: a space, the result (``1``, ``0``, ``R`` a draw,
  ``+``/``-`` won/lost by forfeit, ``:`` no result), the colour (``W``, ``B``, ``:``)
  and the opponent's number in three places (blank or 0: no opponent); a round the
  player was not in is six spaces;
* ``###``, then ``Label: value`` lines: ``Name:``, ``Ort:``, ``FIDE-Land:``,
  ``Datum(S):`` and ``Datum(E):`` (``DD.MM.YYYY``), ``Züge(1):`` to ``Züge(3):`` (the
  time control), the arbiters and the user.

The three-place opponent field holds numbers up to 999: the layout cannot describe a
larger field (one league writer refuses 1000 players for that reason).

How the file maps to the model: players are identified by their ``t`` number (as
text); a DWZ or Elo ``0`` or blank is none; every game is written twice, once in each
player's line, and both halves must agree. What the file says that no rule can
evaluate (``R`` against ``0``, ``1`` against ``1``, halves that contradict each other,
a game only one line has, an opponent number no line has) is left out and named in
``incomplete``, with its line: the rating officer's check lists them, the reader
refuses nothing it can read. What it cannot read (no column key, a number that is
none, a result letter the layout does not have) is a :class:`FormatError` naming the
line and column.

>>> data = (b"Open\\r\\n\\r\\nES   2  1  1\\r\\n"
...         b" ttt. rrr " + b"n" * 32 + b" " + b"v" * 32 + b" lll " + b"f" * 10 + b" "
...         + b"p" * 10 + b" " + b"g" * 8 + b" eeee dddd  zzzzz mmmm\\r\\n"
...         + b"   1.   1 " + b"Muster, Max".ljust(106) + b"1720" + b" " * 13 + b" 1W  2\\r\\n"
...         + b"   2.   2 " + b"Wei\\xe1, Anna".ljust(106) + b"1650" + b" " * 13 + b" 0B  1\\r\\n"
...         + b"###\\r\\nName:       Open\\r\\nDatum(S):   01.09.2026           "
...         + b"Datum(E):   01.09.2026\\r\\n")
>>> t = parse(data)
>>> [(p.id, p.name, p.dwz) for p in t.players]
[('1', 'Muster, Max', 1720), ('2', 'Weiß, Anna', 1650)]
>>> t.games[0].white, t.games[0].result.value, t.end_date
('1', '1-0', datetime.date(2026, 9, 1))
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import BinaryIO

from wertung.formats._source import read_bytes
from wertung.kernel.errors import FormatError, Where, message, places
from wertung.kernel.results import GameResult
from wertung.tournament._model import Bye, Game, Player, Tournament

__all__ = ["MAX_BYTES", "looks_like", "parse", "read"]

#: The largest file read (999 players with 30 rounds are about 330 kB).
MAX_BYTES = 16 * 1024 * 1024
#: The largest player number the layout holds (three places for the opponent).
MAX_NUMBER = 999

#: The column key (the line that marks the file): runs of the field letters.
_KEY = re.compile(r"^ *t+\. +r+ +n+ +v+ ")
_KEY_BYTES = re.compile(rb"(?m)^ *t+\. +r+ +n+ +v+ ")
_RUN = re.compile(r"([a-z])\1*")
#: Line 3: the kind of event and its size (``ES  12  7  1``).
_KIND = re.compile(r"^([A-Z]{2})\s+(\d{1,4})\s+(\d{1,3})\b")
#: The labels after ``###`` (several may stand in one line).
_LABEL = re.compile(
    r"(?:(?<=\s)|^)(Name|Ort|FIDE-Land|Datum\(S\)|Datum\(E\)|Z.{1,2}ge(?:\(\d\))?"
    r"|Hauptschiedsrichter|Weitere Schiedsrichter|Schiedsrichter|Turnierleitung"
    r"|Turnierorganisator|Anwender|Ser\.Nummer):"
)
_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})|(\d{4})-(\d{2})-(\d{2})")
_RESULTS = "10R+-:= "
_COLOURS = "WB: "
#: The result of a game by the two halves (white's letter first).
_GAME: dict[tuple[str, str], GameResult] = {
    ("1", "0"): GameResult.WHITE_WINS,
    ("0", "1"): GameResult.BLACK_WINS,
    ("R", "R"): GameResult.DRAW,
    ("0", "0"): GameResult.BOTH_LOSE,
    ("+", "-"): GameResult.WHITE_WINS_FORFEIT,
    ("-", "+"): GameResult.BLACK_WINS_FORFEIT,
    ("-", "-"): GameResult.DOUBLE_FORFEIT,
    (":", ":"): GameResult.DOUBLE_FORFEIT,
}
#: A round without an opponent: the points the letter gives (``:`` and blank: none).
_BYE = {"+": Fraction(1), "1": Fraction(1), "R": Fraction(1, 2), "=": Fraction(1, 2),
        "0": Fraction(0), "-": Fraction(0)}  # fmt: skip
#: How the halves are shown in a message (``½`` for a draw).
_SHOWN = {"R": "½", "=": "½", " ": ":"}


def looks_like(head: bytes) -> bool:
    """Whether a file's first bytes are an ELOBASE/DeWIS text file (its column key).

    >>> looks_like(b"Open\\r\\n\\r\\nES  12  7  1\\r\\n ttt. rrr nnnnnnnn vvvvvvvv lll")
    True
    >>> looks_like(b"012 Open\\n001    1 m    Muster,Max")
    False
    """
    return _KEY_BYTES.search(head[:4096]) is not None


def read(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO) -> Tournament:
    """The tournament in a ``.swi`` file (a path, its bytes or a binary file object)."""
    data, name = read_bytes(source, max_bytes=MAX_BYTES)
    return parse(data, source=name)


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each field stands: letter → (start, end, the key's first column), and where
    the rounds begin."""

    fields: dict[str, tuple[int, int, int]]  # the slice read, and the key's first column
    rounds_at: int


@dataclass(frozen=True, slots=True)
class _Half:
    """One player's half of a game: his letter, colour, opponent, and where it stands."""

    round: int
    player: int
    opponent: int
    result: str
    colour: str
    line: int


def parse(data: bytes, *, source: str | None = None) -> Tournament:
    """The tournament in a ``.swi`` file's bytes; :class:`FormatError` naming line and column."""
    if not isinstance(data, (bytes, bytearray)):
        raise FormatError(
            "read() takes the file's bytes or a path", code="dsbxml.read_takes", field="file"
        )
    data, _name = read_bytes(data, max_bytes=MAX_BYTES)  # the one byte cap (formats/_source)
    if not bytes(data).strip():
        raise FormatError("the file is empty", code="file.empty", field="file")
    text, encoding = _decode(bytes(data))
    lines = [line.rstrip("\r") for line in text.split("\n")]
    key_at = next((i for i, line in enumerate(lines[:40]) if _KEY.match(line)), None)
    if key_at is None:
        raise FormatError(
            "the file has no column key line (' ttt. rrr nnnn…'): this is not an "
            "ELOBASE/DeWIS text file (.swi)",
            code="swi.no_key",
            field="file",
        )
    layout = _layout(lines[key_at], key_at + 1)
    head = [line.strip() for line in lines[:key_at]]
    kind = next((m for m in (_KIND.match(h) for h in head) if m), None)
    end = next((i for i in range(key_at + 1, len(lines)) if lines[i].startswith("###")), len(lines))
    notes = [f"read as an ELOBASE/DeWIS text file (.swi, as Swiss-Chess writes it for the "
             f"rating office), text encoding {encoding}"]  # fmt: skip
    players: list[Player] = []
    halves: list[_Half] = []
    byes: list[Bye] = []
    seen: dict[int, tuple[int, str]] = {}
    most_rounds = 0
    for index in range(key_at + 1, end):
        line = lines[index]
        if not line.strip():
            continue
        number = index + 1
        player, played = _player_line(line, number, layout, notes)
        pid = int(player.id)
        if pid in seen:
            raise FormatError(
                f"line {number}: the start number {pid} is given twice (players "
                f"{seen[pid][1]} and {_in_message(player.name)})", code="dsbxml.number_twice", params={"n": pid, "a": str(seen[pid][1]), "b": str(_in_message(player.name)), "context": places(message("place.line", n=number))},
                field="file", line=number,
            )  # fmt: skip
        seen[pid] = (number, _in_message(player.name))
        players.append(player)
        for half in played:
            most_rounds = max(most_rounds, half.round)
            if half.opponent:
                halves.append(half)
            elif half.result in _BYE:
                byes.append(Bye(half.round, player.id, _BYE[half.result]))
    stated_players = int(kind.group(2)) if kind else None
    if stated_players is not None and stated_players != len(players):
        notes.append(f"the file says {stated_players} players and has {len(players)} player lines")
    games, incomplete = _games(halves, seen)
    footer = _footer(lines[end + 1 :], end + 2)
    controls = [footer[k][0] for k in ("Züge(1)", "Züge(2)", "Züge(3)", "Züge") if k in footer]
    control_text = ", ".join(c for c in controls if c) or None
    name = footer.get("Name", ("", 0))[0] or (head[0] if head else "")
    rounds = max(
        most_rounds, int(kind.group(3)) if kind else 0, max((g.round for g in games), default=0)
    )
    return _tournament(
        name=name, players=players, games=games, byes=byes, rounds=rounds or None,
        footer=footer, control_text=control_text, source=source,
        notes=notes, incomplete=incomplete,
    )  # fmt: skip


def _tournament(
    *, name: str, players: list[Player], games: list[Game], byes: list[Bye], rounds: int | None,
    footer: dict[str, tuple[str, int]], control_text: str | None, source: str | None,
    notes: list[str], incomplete: list[str],
) -> Tournament:  # fmt: skip
    from wertung.kernel.time_control import classify

    control = classify(control_text) if control_text else None
    start = _footer_date(footer, "Datum(S)", "start")
    end = _footer_date(footer, "Datum(E)", "end")
    tournament = Tournament(
        name=name,
        end_date=end,
        start_date=start,
        players=tuple(sorted(players, key=lambda p: int(p.id))),
        games=tuple(games),
        byes=tuple(byes),
        rounds=rounds,
        place=footer.get("Ort", ("", 0))[0] or None,
        source=source,
        notes=tuple(notes),
        time_control=control.kind if control is not None else None,
        time_control_text=control_text,
        time_control_periods=control.periods if control is not None else (),
        incomplete=tuple(incomplete),
    )
    return tournament.validate()


# --------------------------------------------------------------------------- the text


def _decode(data: bytes) -> tuple[str, str]:
    """The text: UTF-8 when the bytes are UTF-8, else CP850 (the layout's encoding) unless
    Latin-1 reads more of the non-ASCII characters as letters (a writer that used it)."""
    try:
        return data.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        pass
    dos = data.decode("cp850")
    latin = data.decode("latin-1")

    def letters(text: str) -> int:
        return sum(1 for c in text if ord(c) > 127 and c.isalpha())

    if letters(latin) > letters(dos):
        return latin, "Latin-1"
    return dos, "CP850"


def _layout(key: str, line: int) -> _Layout:
    fields: dict[str, tuple[int, int, int]] = {}
    previous_end = 0
    for run in _RUN.finditer(key):
        letter = run.group(1)
        # a field reaches back over the spaces before it: right-aligned numbers that a
        # writer put one place early, or a four-digit number before the key's ``ttt.``
        fields.setdefault(letter, (previous_end, run.end(), run.start() + 1))
        previous_end = run.end() + (1 if letter == "t" else 0)  # the dot after ``ttt``
    if "t" not in fields or "n" not in fields:
        raise FormatError(
            f"line {line}: the column key has no columns for the start number (t) and "
            "the name (n)", code="swi.key_columns", params={"context": places(message("place.line", n=line))},
            field="file", line=line,
        )  # fmt: skip
    return _Layout(fields, max(end for _, end, _ in fields.values()) + 1)


def _field(line: str, layout: _Layout, letter: str) -> tuple[str, int]:
    """The text of a field (stripped) and the key's first column of it (1-based); '' when
    the key has no such field."""
    span = layout.fields.get(letter)
    if span is None:
        return "", 0
    return line[span[0] : span[1]].strip(), span[2]


def _number(
    line: str, number: int, layout: _Layout, letter: str, limit: int | None = None
) -> int | None:
    text, column = _field(line, layout, letter)
    if not text or text.strip("0") == "":
        return None
    if text.isdigit() and text.isascii() and (limit is None or int(text) <= limit):
        return int(text)
    at: Where = {"line": number, "column": column}
    if letter == "d":
        raise FormatError(f"line {number}, column {column}: the DWZ {text!r} is not a whole "
                          "number from 0 to 3500", code="swi.dwz", params={"text": repr(text), "context": places(message("place.line", n=number), message("place.column", c=str(column)))}, field="file", **at)  # fmt: skip
    if letter == "e":
        raise FormatError(f"line {number}, column {column}: the Elo {text!r} is not a whole "
                          "number from 0 to 3500", code="swi.elo", params={"text": repr(text), "context": places(message("place.line", n=number), message("place.column", c=str(column)))}, field="file", **at)  # fmt: skip
    if letter == "f":
        raise FormatError(f"line {number}, column {column}: the FIDE id {text!r} is not a "
                          "whole number", code="swi.fide_id", params={"text": repr(text), "context": places(message("place.line", n=number), message("place.column", c=str(column)))}, field="file", **at)  # fmt: skip
    if letter == "m":
        raise FormatError(f"line {number}, column {column}: the member number {text!r} is "
                          "not a whole number", code="swi.member", params={"text": repr(text), "context": places(message("place.line", n=number), message("place.column", c=str(column)))}, field="file", **at)  # fmt: skip
    raise FormatError(f"line {number}, column {column}: the start number {text!r} is not a "
                      f"whole number from 1 to {MAX_NUMBER}", code="swi.start_number", params={"text": repr(text), "limit": MAX_NUMBER, "context": places(message("place.line", n=number), message("place.column", c=str(column)))}, field="file", **at)  # fmt: skip


def _player_line(
    line: str, number: int, layout: _Layout, notes: list[str]
) -> tuple[Player, list[_Half]]:
    line = line.ljust(layout.rounds_at)
    start = _number(line, number, layout, "t", MAX_NUMBER)
    if start is None:
        text, column = _field(line, layout, "t")
        raise FormatError(
            f"line {number}, column {column}: the start number {text!r} is not a whole "
            f"number from 1 to {MAX_NUMBER}", code="swi.start_number", params={"text": repr(text), "limit": MAX_NUMBER, "context": places(message("place.line", n=number), message("place.column", c=str(column)))},
            field="file", line=number, column=column,
        )  # fmt: skip
    name = " ".join(_field(line, layout, "n")[0].split())
    year, born = _birth(line, number, layout, name, notes)
    member = _number(line, number, layout, "m")
    zps = _field(line, layout, "z")[0] or None
    fide_id = _number(line, number, layout, "f")
    player = Player(
        id=str(start),
        name=name,
        dwz=_number(line, number, layout, "d", 3500),
        fide_rating=_number(line, number, layout, "e", 3500),
        fide_id=str(fide_id) if fide_id is not None else None,
        birth_year=year,
        birth_date=born,
        federation=_field(line, layout, "l")[0] or None,
        club=_field(line, layout, "v")[0] or None,
        pkz=_field(line, layout, "p")[0] or None,
        zps=zps,
        member_number=str(member) if member is not None else None,
        member=True if zps else None,
    )
    return player, _halves(line, number, layout, start)


def _birth(
    line: str, number: int, layout: _Layout, name: str, notes: list[str]
) -> tuple[int | None, dt.date | None]:
    text, column = _field(line, layout, "g")
    if not text or text.strip("0. ") == "":
        return None, None
    digits = text.replace(".", "")
    if digits.isdigit() and digits.isascii():
        try:
            if len(digits) == 4:
                return int(digits), None
            if len(digits) == 8:
                day = dt.date(int(digits[4:]), int(digits[2:4]), int(digits[:2]))
                return day.year, day
            if len(digits) == 6:
                dt.date(2000, int(digits[2:4]), int(digits[:2]))  # a day and month at all
                notes.append(
                    f"line {number}: player {name}: the birth date {text!r} (DDMMYY) gives no "
                    "century; the birth year is left out"
                )
                return None, None
        except ValueError:
            pass
    raise FormatError(
        f"line {number}, column {column}: the birth date {text!r} is none of YYYY, DDMMYY "
        "and DDMMYYYY", code="swi.birth", params={"text": repr(text), "context": places(message("place.line", n=number), message("place.column", c=str(column)))},
        field="file", line=number, column=column,
    )  # fmt: skip


def _halves(line: str, number: int, layout: _Layout, player: int) -> list[_Half]:
    out: list[_Half] = []
    at = layout.rounds_at
    round_no = 0
    while at < len(line):
        block = line[at : at + 6].ljust(6)
        round_no += 1
        if block.strip():
            result, colour, opponent = block[1], block[2], block[3:].strip()
            if (
                block[0] != " "
                or result not in _RESULTS
                or colour not in _COLOURS
                or not (opponent == "" or (opponent.isdigit() and opponent.isascii()))
            ):
                raise FormatError(
                    f"line {number}, round {round_no}, column {at + 1}: {block.strip()!r} is not a "
                    "result (1, 0, R, +, - or :), a colour (W, B or :) and an opponent's number", code="swi.block", params={"text": repr(block.strip()), "context": places(message("place.line", n=number), message("place.round", n=round_no), message("place.column", c=str(at + 1)))},
                    field="file", line=number, column=at + 1, round=round_no,
                )  # fmt: skip
            out.append(_Half(round_no, player, int(opponent or 0), result, colour, number))
        at += 6
    return out


def _footer(lines: list[str], first: int) -> dict[str, tuple[str, int]]:
    """The ``Label: value`` pairs after ``###`` (the first of each label) with their lines."""
    out: dict[str, tuple[str, int]] = {}
    for number, line in enumerate(lines, start=first):
        found = list(_LABEL.finditer(line))
        for k, label in enumerate(found):
            stop = found[k + 1].start() if k + 1 < len(found) else len(line)
            key = label.group(1)
            if key.startswith("Z"):  # Züge(1) as CP850, Latin-1 or a damaged umlaut
                key = "Züge" + key[key.index("ge") + 2 :]
            out.setdefault(key, (" ".join(line[label.end() : stop].split()), number))
    return out


def _footer_date(footer: dict[str, tuple[str, int]], label: str, which: str) -> dt.date | None:
    text, line = footer.get(label, ("", 0))
    if not text:
        return None
    found = _DATE.fullmatch(text.split()[0])
    if found:
        parts = found.groups()
        day, month, year = (
            (parts[0], parts[1], parts[2]) if parts[0] else (parts[5], parts[4], parts[3])
        )
        try:
            return dt.date(int(year), int(month), int(day))
        except ValueError:
            pass
    if which == "start":
        raise FormatError(f"line {line}: the start date {text!r} is not a date (DD.MM.YYYY)", code="swi.start_date", params={"text": repr(text), "context": places(message("place.line", n=line))},
                          field="file", line=line)  # fmt: skip
    raise FormatError(f"line {line}: the end date {text!r} is not a date (DD.MM.YYYY)", code="swi.end_date", params={"text": repr(text), "context": places(message("place.line", n=line))},
                      field="file", line=line)  # fmt: skip


# --------------------------------------------------------------------------- the games


def _games(
    halves: list[_Half], players: dict[int, tuple[int, str]]
) -> tuple[list[Game], list[str]]:
    """The games from both players' halves; what does not add up, as ``incomplete`` reasons."""
    by_pair: dict[tuple[int, int, int], _Half] = {}
    for half in halves:
        by_pair.setdefault((half.round, half.player, half.opponent), half)
    games: list[Game] = []
    incomplete: list[str] = []
    done: set[tuple[int, int, int]] = set()
    for half in halves:
        a, b, r = half.player, half.opponent, half.round
        pair = (r, min(a, b), max(a, b))
        if pair in done:
            continue
        done.add(pair)
        n = half.line
        if a == b:
            incomplete.append(
                f"line {n}, round {r}: player {a} has a game against himself; it is left out"
            )
            continue
        if b not in players:
            incomplete.append(
                f"line {n}, round {r}: player {a} has a game against start number {b}, which no "
                "player "
                "has; it is left out"
            )
            continue
        other = by_pair.get((r, b, a))
        if other is None:
            incomplete.append(
                f"line {n}, round {r}: player {a} has a game against {b}, whose line has no "
                "game against him in that round; it is left out"
            )
            continue
        if half.colour == other.colour and half.colour in "WB":
            incomplete.append(
                f"line {n}, round {r}: players {a} and {b} both have the colour {half.colour} "
                "in their game; it is left out"
            )
            continue
        white, black = (other, half) if half.colour == "B" or other.colour == "W" else (half, other)
        if half.colour not in "WB" and other.colour not in "WB" and b < a:
            white, black = other, half  # no colours (a forfeit): the lower number first
        result = _GAME.get((_letter(white.result), _letter(black.result)))
        if result is None:
            shown = f"{_shown(white.result)}:{_shown(black.result)}"
            incomplete.append(
                f"round {r}: the game {white.player}-{black.player} has the result {shown}, "
                "which wertung cannot evaluate; it is left out"
            )
            continue
        games.append(Game(r, str(white.player), str(black.player), result))
    return games, incomplete


def _in_message(name: str) -> str:
    """A name as a message shows it (never empty; no ``": "``, which ends a message's place)."""
    return name.replace(": ", ":") or "–"


def _shown(result: str) -> str:
    return _SHOWN.get(result, result)


def _letter(result: str) -> str:
    return ":" if result == " " else result

"""Crosstables: per player and round one slot, pairs of slots become games.

The shared part of the TRF and the chess-results Excel readers: per player and
round one :class:`Slot` (opponent number, colour, TRF result code); two slots
that name each other become one :class:`~wertung.tournament._model.Game`, a slot
without an opponent a :class:`~wertung.tournament._model.Bye` (:func:`pair_up`);
:func:`gameless_rounds` names the rounds with no game and no stated result, which
the points check (:mod:`._points`, re-exported here) may take as byes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from wertung.formats._points import (
    DEFAULT_SCORING,
    PointsMismatch,
    computed_points,
    points_mismatches,
)
from wertung.kernel.errors import FormatError, message, places
from wertung.kernel.results import BYE_POINTS, ByeKind, GameResult
from wertung.tournament._model import Bye, Game

__all__ = [
    "DEFAULT_SCORING",
    "Entry",
    "PointsMismatch",
    "Slot",
    "computed_points",
    "gameless_rounds",
    "pair_up",
    "points_mismatches",
]

HALF = Fraction(1, 2)


# --------------------------------------------------------------------------- pairing
# The shared part of the TRF and the chess-results Excel readers: per player and
# round one slot (opponent number, colour, TRF result code); pairs of slots that
# name each other become one game.


@dataclass(slots=True)
class Slot:
    round: int
    opponent: int  # 0: no opponent
    colour: str  # "w", "b" or "-"
    code: str  # TRF result code, upper case; " " for blank


@dataclass(slots=True)
class Entry:
    number: int
    line: int
    name: str
    slots: dict[int, Slot] = field(default_factory=dict)


def gameless_rounds(entries: Iterable[Entry], last_round: int) -> dict[int, list[int]]:
    """Per entry number, the rounds 1 to ``last_round`` in which the source records no game,
    no opponent and no result: no slot at all, or a slot with no opponent and a blank result
    (TRF ``0000 -`` and nothing after it). A bye code (``H``, ``Z``, ``-``, ...) states the
    points, so its round is not one of them.

    >>> e = Entry(4, 18, "A", {1: Slot(1, 0, "-", " "), 2: Slot(2, 7, "w", "1"), 3: Slot(3, 0, "-", "Z")})
    >>> gameless_rounds([e], 4)
    {4: [1, 4]}
    """
    out: dict[int, list[int]] = {}
    for entry in entries:
        rounds = []
        for rnd in range(1, last_round + 1):
            slot = entry.slots.get(rnd)
            if slot is None or (slot.opponent == 0 and slot.code == " "):
                rounds.append(rnd)
        out[entry.number] = rounds
    return out


BYE_CODES: dict[str, ByeKind] = {
    "H": ByeKind.HALF, "=": ByeKind.HALF, "D": ByeKind.HALF,
    "F": ByeKind.FULL, "1": ByeKind.FULL, "W": ByeKind.FULL,
    "U": ByeKind.PAIRING,
    "+": ByeKind.FORFEIT_WIN,
    "Z": ByeKind.ZERO, "0": ByeKind.ZERO, "L": ByeKind.ZERO, "-": ByeKind.ZERO, " ": ByeKind.ZERO,
}  # fmt: skip

PAIR_RESULTS: dict[tuple[str, str], GameResult] = {
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

RESULT_CODES = set("10=+-WDLHFUZ ")


def pair_up(
    entries: Iterable[Entry], unit: str = "line", missing: list[str] | None = None
) -> tuple[list[Game], list[Bye], list[str]]:
    """Turn slots into games and byes; raise FormatError for pairs that disagree.

    An opponent who is not among the entries is an error, unless ``missing`` is
    a list: then the game is left out and ``missing`` gets one sentence for it
    (the caller records the tournament as incomplete).
    """
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
                kind = BYE_CODES[slot.code]
                byes.append(Bye(rnd, str(entry.number), BYE_POINTS[kind], kind))
                continue
            if slot.opponent == entry.number:
                raise FormatError(
                    f"round {rnd}: {who} is paired against himself", code="crosstable.self_paired", params={"who": str(who), "context": places(message("place.round", n=rnd))},
                    field="pairing", line=entry.line, player=str(entry.number), round=rnd,
                )  # fmt: skip
            other = by_number.get(slot.opponent)
            if other is None and missing is not None:
                missing.append(
                    f"round {rnd}: {who} has opponent {slot.opponent}, who is not in the file; "
                    "the game is left out"
                )
                continue
            if other is None:
                raise FormatError(
                    f"round {rnd}: {who} has opponent {slot.opponent}, who is not in the file", code="crosstable.opponent_missing", params={"who": str(who), "opponent": str(slot.opponent), "context": places(message("place.round", n=rnd))},
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
                    f"round {rnd}: {who} played {other.number}, but {theirs} {said} in that round", code="crosstable.played_other", params={"who": str(who), "other": str(other.number), "theirs": str(theirs), "said": str(said), "context": places(message("place.round", n=rnd))},
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
                    f"round {rnd}: {who} and {theirs} both have colour {a.colour!r}", code="crosstable.same_colour", params={"who": str(who), "theirs": str(theirs), "colour": repr(a.colour), "context": places(message("place.round", n=rnd))},
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
            result = PAIR_RESULTS.get(codes)
            if result is None:
                raise FormatError(
                    f"round {rnd}: results disagree: {who} has {slot.code.strip() or 'blank'!r}, "
                    f"{theirs} has {back.code.strip() or 'blank'!r}", code="crosstable.results_disagree", params={"who": str(who), "a": repr(slot.code.strip() or 'blank'), "theirs": str(theirs), "b": repr(back.code.strip() or 'blank'), "context": places(message("place.round", n=rnd))},
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

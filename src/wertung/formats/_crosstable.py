"""Crosstables: per player and round one slot, pairs of slots become games; points checks.

The shared part of the TRF and the chess-results Excel readers: per player and
round one :class:`Slot` (opponent number, colour, TRF result code); two slots
that name each other become one :class:`~wertung.core.model.Game`, a slot
without an opponent a :class:`~wertung.core.model.Bye` (:func:`pair_up`).
:func:`points_mismatches` compares a source's own points column with the games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.errors import FormatError
from ..core.model import Bye, Game, Tournament
from ..core.results import BYE_POINTS, ByeKind, GameResult

__all__ = [
    "DEFAULT_SCORING",
    "Entry",
    "PointsMismatch",
    "Slot",
    "computed_points",
    "pair_up",
    "points_mismatches",
]

HALF = Fraction(1, 2)

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

    >>> from wertung.core.model import Player
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
                    f"round {rnd}: {who} is paired against himself",
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
            result = PAIR_RESULTS.get(codes)
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

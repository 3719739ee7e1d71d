"""Swiss-Manager's pairing records read as the model's games and byes: the result codes
(over the board, forfeits, the double zero, not yet in), the bye marks, a team file's
boards with one player missing.

Used by :func:`wertung.formats.swiss_manager.parse` (the decisions are documented there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from wertung.formats import _swiss_manager_layout as L
from wertung.formats import _swiss_manager_team as T
from wertung.formats._binary import game_record
from wertung.kernel.results import ByeKind, GameResult, parse_game_result
from wertung.tournament._model import Bye, Game

_HALF = Fraction(1, 2)


@dataclass(slots=True)
class _Games:
    games: list[Game] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    pending: set[int] = field(default_factory=set)
    paired: set[int] = field(default_factory=set)  # rounds with a player in a pairing
    notes: list[str] = field(default_factory=list)
    incomplete: list[str] = field(default_factory=list)


def _bye(rnd: int, player: str, code: int, kind: str) -> Bye | None:
    points = {1: Fraction(1), 4: Fraction(1), 9: Fraction(1), 2: _HALF}.get(code, Fraction(0))
    if points == 1:
        return Bye(rnd, player, points, ByeKind.PAIRING if kind == "bye" else ByeKind.FULL)
    return Bye(rnd, player, points, ByeKind.HALF if points else ByeKind.ZERO)


def _result(slot: T.Slot, out: _Games) -> GameResult | None:
    """The result of a game between two players (None: not yet in, or unknown)."""
    rnd, white, black, code = slot.round, slot.white, slot.black, slot.code
    if code == L.UNREPORTED:
        out.pending.add(rnd)
        return None
    symbol = L.RESULTS.get(code)
    if symbol is None:
        out.incomplete.append(
            f"round {rnd}, game record at offset {slot.offset:#x}: result code {code} of "
            f"{white}-{black} is unknown; game left out"
        )
        return None
    if code == 10:
        out.notes.append(f"round {rnd}: {white}-{black} is a double zero (no points, not rated)")
        return GameResult.DOUBLE_FORFEIT
    return parse_game_result(symbol)


def _individual(slots: dict[int, list[T.Slot]]) -> _Games:
    out = _Games()
    for rnd, round_slots in slots.items():
        for slot in round_slots:
            white, black, code = slot.white, slot.black, slot.code
            where = game_record(rnd, slot.offset)
            if white == 0 or white in L.NO_OPPONENT:
                if white or black:
                    out.notes.append(f"{where}: an empty slot beside player {black}; ignored")
                continue
            out.paired.add(rnd)
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
            result = _result(slot, out)
            if result is not None:
                out.games.append(Game(rnd, str(white), str(black), result))
    return out


def _team(slots: dict[int, list[T.Slot]], board: dict[int, int]) -> _Games:
    """Board pairings of a team file; ``board``: the board of each slot (by its offset)."""
    out = _Games()
    for rnd, round_slots in slots.items():
        for slot in round_slots:
            white, black, code = slot.white, slot.black, slot.code
            if not (white or black):
                if code != L.UNREPORTED:
                    out.notes.append(
                        f"round {rnd}, game record at offset {slot.offset:#x}: an empty board "
                        f"with result code {code}; ignored"
                    )
                continue
            out.paired.add(rnd)
            if white and black:
                result = _result(slot, out)
                if result is not None:
                    out.games.append(
                        Game(rnd, str(white), str(black), result, board.get(slot.offset))
                    )
                continue
            # one player and an empty place: his board point, no game
            if code == L.UNREPORTED:
                out.pending.add(rnd)
                continue
            symbol = L.RESULTS.get(code)
            if symbol is None:
                out.incomplete.append(
                    f"round {rnd}, game record at offset {slot.offset:#x}: result code {code} "
                    f"of {white}-{black} is unknown; board left out"
                )
                continue
            result = parse_game_result(symbol)
            side = result.white if white else result.black
            points = side.points
            kind = ByeKind.FORFEIT_WIN if points == 1 else ByeKind.HALF if points else ByeKind.ZERO
            out.byes.append(Bye(rnd, str(white or black), points, kind))
    return out

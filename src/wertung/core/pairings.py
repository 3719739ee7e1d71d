"""Each player's rounds in a tournament: opponent, result, whether it was played.

The evaluation reads the tournament once into these rows; the points are kept as
half-points (an ``int``) next to the :class:`~wertung.core.results.Score`, so that
sums need no fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .model import Tournament
from .results import GameResult, Score

__all__ = ["Pairing", "pairings_of", "total_points"]

_HALVES = {Fraction(1): 2, Fraction(1, 2): 1, Fraction(0): 0}
#: Per result: white's and black's (score, half-points, float points), played, reason.
_BY_RESULT = {
    result: (
        (result.white, _HALVES[result.white.points], float(result.white.points)),
        (result.black, _HALVES[result.black.points], float(result.black.points)),
        result.played,
        None if result.played else ("not_played" if result.value == "*" else "forfeit"),
    )
    for result in GameResult
}


class Pairing:
    """One round of one player: opponent (None: a bye), score, whether it was played."""

    __slots__ = ("float_points", "half", "opponent", "played", "reason", "round", "score")

    def __init__(
        self,
        round_no: int,
        opponent: str | None,
        score: Score,
        half: int | None,
        float_points: float,
        played: bool,
        reason: str | None,
    ) -> None:
        self.round = round_no
        self.opponent = opponent
        self.score = score
        self.played = played
        self.reason = reason
        self.half = half  # None: a bye worth some other amount than 1, ½ or 0
        self.float_points = float_points


def pairings_of(tournament: Tournament) -> dict[str, list[Pairing]]:
    """Every player's rows, sorted by round (a bye is a row without opponent)."""
    table: dict[str, list[Pairing]] = {p.id: [] for p in tournament.players}
    by_result = _BY_RESULT
    for game in tournament.games:
        white, black, played, reason = by_result[game.result]
        round_no = game.round
        table[game.white].append(Pairing(round_no, game.black, *white, played, reason))
        table[game.black].append(Pairing(round_no, game.white, *black, played, reason))
    for bye in tournament.byes:
        points = bye.points
        table[bye.player].append(
            Pairing(bye.round, None, Score(points, forfeit=True), _HALVES.get(points),
                    float(points), False, "bye")
        )  # fmt: skip
    for rows in table.values():
        rows.sort(key=_round)
    return table


def _round(row: Pairing) -> int:
    return row.round


def total_points(rows: Sequence[Pairing]) -> Fraction:
    """The points of all rows (games, forfeits and byes), exactly."""
    half = 0
    for row in rows:
        if row.half is None:
            return sum((r.score.points for r in rows), Fraction(0))
        half += row.half
    return Fraction(half, 2)

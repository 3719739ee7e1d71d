"""Each player's rounds in a tournament: opponent, result, whether it was played.

The evaluation reads the tournament once into these rows; the points are kept as
half-points (an ``int``) next to the :class:`~wertung.kernel.results.Score`, so that
sums need no fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from wertung.kernel.results import GameResult, Score, half_points
from wertung.tournament._model import Bye, Tournament

__all__ = [
    "Pairing",
    "checked_indexed",
    "codes_of",
    "half_points",
    "pairings_of",
    "played_and_points",
    "total_points",
]

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


#: Per result (by identity): white's and black's half-points, and whether it was played.
_LEAN = {
    id(result): (_HALVES[result.white.points], _HALVES[result.black.points], result.played)
    for result in GameResult
}
_BYE_HALVES = {Fraction(1): 2, Fraction(1, 2): 1, Fraction(0): 0}


def played_and_points(
    tournament: Tournament,
) -> tuple[dict[str, list[tuple[str, int]]], dict[str, Fraction]]:
    """Each player's games played over the board as (opponent, half-points), by round, and
    his points in all rows (games, forfeits, byes) -- what :func:`pairings_of` and
    :func:`total_points` give, without building the rows."""
    ids = [p.id for p in tournament.players]
    played: dict[str, list[tuple[str, int]]] = {pid: [] for pid in ids}
    halves = dict.fromkeys(ids, 0)
    lean = _LEAN
    last = 0
    in_order = True
    for game in tournament.games:
        white_half, black_half, was_played = lean[id(game.result)]
        white, black = game.white, game.black
        halves[white] += white_half
        halves[black] += black_half
        if was_played:
            played[white].append((black, white_half))
            played[black].append((white, black_half))
        if game.round < last:
            in_order = False
        last = game.round
    if not in_order:
        # Rows by round (each player is in a round at most once: validated).
        ordered: dict[str, list[tuple[int, str, int]]] = {pid: [] for pid in ids}
        for game in tournament.games:
            white_half, black_half, was_played = lean[id(game.result)]
            if was_played:
                ordered[game.white].append((game.round, game.black, white_half))
                ordered[game.black].append((game.round, game.white, black_half))
        for pid, rows in ordered.items():
            rows.sort(key=_first)
            played[pid] = [(opponent, half) for _round, opponent, half in rows]
    extra: dict[str, Fraction] = {}
    for bye in tournament.byes:
        half = _BYE_HALVES.get(bye.points)
        if half is None:
            extra[bye.player] = extra.get(bye.player, Fraction(0)) + bye.points
        else:
            halves[bye.player] += half
    points = {}
    for pid, half in halves.items():
        value = half_points(half)
        points[pid] = value + extra[pid] if extra and pid in extra else value
    return played, points


def _first(row: tuple[int, str, int]) -> int:
    return row[0]


def checked_indexed(tournament: Tournament) -> tuple[list[list[int]], list[int]] | None:
    """Each player's games played over the board and his half-points, by position in
    ``tournament.players``, if the games are plainly valid (checked while reading them);
    None when they are not (then :meth:`Tournament.validate` decides, and
    :func:`played_and_points` reads them).

    ``codes[i]`` lists player i's games in round order, each as ``4·j + h``: j the
    opponent's position, h the half-points player i scored (0, 1, 2); plain ``int``
    codes, so that reading a tournament allocates no tuple per game. ``halves[i]``:
    his half-points in all rows (games, forfeits, byes).

    Plainly valid, as for the players in :func:`~wertung.tournament._model._plainly_valid`:
    games in round order, rounds plain ``int`` ≥ 1, nobody playing himself, every
    player known and in each round at most once (games and byes), byes worth 1, ½ or 0.

    >>> from wertung.tournament._model import Game, Player, Tournament
    >>> from wertung.kernel.results import GameResult
    >>> t = Tournament(players=(Player("a"), Player("b")),
    ...                games=(Game(1, "a", "b", GameResult.WHITE_WINS),))
    >>> checked_indexed(t)
    ([[6], [0]], [2, 0])
    """
    position = {}
    for i, p in enumerate(tournament.players):
        position[p.id] = i
    count = len(position)
    codes: list[list[int]] = [[] for _ in range(count)]
    halves = [0] * count
    latest = [0] * count  # each player's latest round so far
    lean = _LEAN
    byes = tournament.byes
    pending: Sequence[Bye]
    if byes:
        try:
            pending = sorted(byes, key=_bye_round)
        except TypeError:
            return None
        next_bye = pending[0].round
    else:
        pending = ()
        next_bye = None
    taken = 0  # byes taken into account so far
    last = -1
    try:
        for game in tournament.games:
            round_no = game.round
            if round_no is not last:
                if round_no.__class__ is not int or round_no < 1 or round_no < last:
                    return None
                if next_bye is not None and next_bye < round_no:
                    # The byes of the rounds before this one, after their games.
                    taken = _take_byes(position, latest, halves, pending, taken, round_no)
                    if taken < 0:
                        return None
                    next_bye = pending[taken].round if taken < len(pending) else None
                last = round_no
            white = position[game.white]
            black = position[game.black]
            if latest[white] == round_no or latest[black] == round_no or white == black:
                return None
            latest[white] = latest[black] = round_no
            white_half, black_half, was_played = lean[id(game.result)]
            halves[white] += white_half
            halves[black] += black_half
            if was_played:
                codes[white].append(4 * black + white_half)
                codes[black].append(4 * white + black_half)
        if next_bye is not None and _take_byes(position, latest, halves, pending, taken, None) < 0:
            return None
    except (KeyError, TypeError):
        return None
    return codes, halves


def codes_of(tournament: Tournament, played: dict[str, list[tuple[str, int]]]) -> list[list[int]]:
    """:func:`played_and_points`'s games as :func:`checked_indexed` codes them."""
    position = {p.id: i for i, p in enumerate(tournament.players)}
    return [[4 * position[opp] + half for opp, half in played[p.id]] for p in tournament.players]


def _bye_round(bye: Bye) -> int:
    return bye.round


def _take_byes(
    position: dict[str, int],
    latest: list[int],
    halves: list[int],
    pending: Sequence[Bye],
    taken: int,
    before: int | None,
) -> int:
    """Count the byes ``pending[taken:]`` of rounds before ``before`` (None: all): the
    index of the next one, or -1 if one is not plainly valid."""
    end = len(pending)
    while taken < end:
        bye = pending[taken]
        round_no = bye.round
        if before is not None and round_no >= before:
            break
        if round_no.__class__ is not int or round_no < 1:
            return -1
        i = position.get(bye.player)
        if i is None or latest[i] == round_no:
            return -1
        latest[i] = round_no
        points = bye.points
        if points.__class__ is not Fraction or points.denominator > 2:
            return -1
        half = 2 * points.numerator // points.denominator
        if not 0 <= half <= 2 or half * points.denominator != 2 * points.numerator:
            return -1
        halves[i] += half
        taken += 1
    return taken

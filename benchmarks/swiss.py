"""A realistic Swiss open for benchmarks: score groups, no rematches, results by rating.

Each round sorts the players by points, then rating, and pairs top-down inside the
order: a player takes the first player below him he has not met yet, backtracking
when the rest could not be paired without a rematch (no repeated pairings); the
lowest player without a bye so far gets the pairing bye. Results follow the DWZ
win expectancy with a draw band; a few games are forfeits. Some players have no
DWZ (``without_dwz``), some of those a FIDE rating (foreign-rated).
"""

from __future__ import annotations

import datetime as dt
import random
from fractions import Fraction

from wertung import Bye, ByeKind, Game, GameResult, Player, Tournament
from wertung.kernel.expectancy import win_expectancy


def swiss_open(
    players: int,
    rounds: int,
    without_dwz: int,
    *,
    seed: int = 1,
    end_date: dt.date = dt.date(2026, 9, 1),
    forfeits: float = 0.02,
) -> Tournament:
    """A Swiss tournament of ``players`` over ``rounds`` rounds without repeated pairings."""
    rng = random.Random(seed)
    field = []
    strength: dict[str, int] = {}
    for number in range(1, players + 1):
        rating = max(800, min(2600, int(rng.gauss(1650, 320))))
        new = number > players - without_dwz
        foreign = new and rng.random() < 0.2
        pid = str(number)
        field.append(
            Player(
                id=pid,
                name=f"Player {number}",
                dwz=None if new else rating,
                index=None if new else rng.choice((None, *range(1, 40))),
                birth_year=rng.randint(1950, 2016),
                fide_rating=(rating if foreign or (not new and rng.random() < 0.4) else None),
            )
        )
        strength[pid] = rating if not new or foreign else max(600, int(rng.gauss(1250, 250)))
    points = {p.id: 0 for p in field}  # half-points
    met: dict[str, set[str]] = {p.id: set() for p in field}
    had_bye: set[str] = set()
    games, byes = [], []
    for round_no in range(1, rounds + 1):
        order = sorted(strength, key=lambda pid: (-points[pid], -strength[pid]))
        if len(order) % 2:
            # The lowest player without a bye so far sits out.
            out = next((pid for pid in reversed(order) if pid not in had_bye), order[-1])
            order.remove(out)
            had_bye.add(out)
            points[out] += 2
            byes.append(Bye(round_no, out, Fraction(1), ByeKind.PAIRING))
        for a, b in _pairs(order, met):
            met[a].add(b)
            met[b].add(a)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            p = win_expectancy(strength[white] - strength[black])
            x = rng.random()
            if x < forfeits:
                result, w, bl = GameResult.WHITE_WINS_FORFEIT, 2, 0
            elif x < p - 0.12:
                result, w, bl = GameResult.WHITE_WINS, 2, 0
            elif x < p + 0.12:
                result, w, bl = GameResult.DRAW, 1, 1
            else:
                result, w, bl = GameResult.BLACK_WINS, 0, 2
            points[white] += w
            points[black] += bl
            games.append(Game(round_no, white, black, result))
    return Tournament(
        name=f"Swiss open {players}",
        end_date=end_date,
        players=tuple(field),
        games=tuple(games),
        byes=tuple(byes),
        rounds=rounds,
    ).validate()


def _pairs(order: list[str], met: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Pair ``order`` top-down, each player with the first one below him he has not met,
    backtracking when the players left cannot all be paired so (a bounded depth-first
    search; if it finds nothing, the plain top-down pairing, rematches allowed)."""
    free = list(order)
    made: list[tuple[str, str, int]] = []  # (player, partner, partner's place in free)
    start = 1  # where the first free player's partner is looked for
    for _step in range(50_000):
        if not free:
            return [(a, b) for a, b, _place in made]
        a = free[0]
        place = next((k for k in range(start, len(free)) if free[k] not in met[a]), None)
        if place is None:
            if not made:
                break
            # Undo the last pair and try that player's next partner.
            a, b, place = made.pop()
            free.insert(place - 1, b)
            free.insert(0, a)
            start = place + 1
            continue
        made.append((a, free[place], place))
        del free[place]
        del free[0]
        start = 1
    free, pairs = list(order), []
    while free:
        a = free.pop(0)
        partner = next((i for i, b in enumerate(free) if b not in met[a]), 0)
        pairs.append((a, free.pop(partner)))
    return pairs


def repeated_pairings(tournament: Tournament) -> int:
    """How many pairings repeat an earlier one (0 for :func:`swiss_open` when avoidable)."""
    seen: set[frozenset[str]] = set()
    repeats = 0
    for game in tournament.games:
        key = frozenset((game.white, game.black))
        repeats += key in seen
        seen.add(key)
    return repeats

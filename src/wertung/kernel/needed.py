"""What a player needs: the score in the remaining games that reaches a target rating.

The expected score of the remaining games does not depend on their results, and
every rule that looks at the results looks only at their total (W against We for
the brake factor and the success bonus, WO 2026; fB and SBr, WO 2014; the FIDE
change K·Σ(score − PD)). So one number answers "what do I need?": the smallest
total score in the remaining games (a multiple of ½) whose new rating reaches the
target. :func:`plan` finds it from a function that evaluates the tournament for a
given total: it evaluates every possible total (0, ½, …, all won) and keeps the
whole table score → new rating, so the answer is minimal by construction (half a
point less misses) and the table can be drawn.

>>> plan(lambda s: 1500 + int(20 * s), remaining=2, target=1530, current=1500)
Needed(target=1530, remaining=2, points=Fraction(3, 2), new_rating=1530, reached_already=False, table=(NeededRow(points=Fraction(0, 1), new_rating=1500, change=0), NeededRow(points=Fraction(1, 2), new_rating=1510, change=10), NeededRow(points=Fraction(1, 1), new_rating=1520, change=20), NeededRow(points=Fraction(3, 2), new_rating=1530, change=30), NeededRow(points=Fraction(2, 1), new_rating=1540, change=40)), rule='the new rating depends only on the total score in the remaining games; the smallest total (in half points) that reaches the target')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wertung.kernel.checks import check_rating
from wertung.kernel.derivation import Derivation
from wertung.kernel.errors import InvalidInput

__all__ = [
    "MAX_REMAINING",
    "Needed",
    "NeededRow",
    "plan",
    "remaining_opponents",
    "split_score",
    "target_rating",
    "with_remaining",
]

#: More remaining games than any tournament has (a guard against runaway input).
MAX_REMAINING = 60

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class NeededRow(Derivation):
    """One line of the table: a total in the remaining games and the new rating it gives."""

    points: Fraction
    new_rating: int | None
    change: int | None


@dataclass(frozen=True)
class Needed(Derivation):
    """The answer to "what do I need?".

    ``points``: the smallest total in the remaining games that reaches ``target``
    (``0`` when reached already, ``None`` when out of reach even with all wins);
    ``new_rating``: the rating at that total; ``table``: every total → new rating.
    """

    target: int | None
    remaining: int
    points: Fraction | None
    new_rating: int | None
    reached_already: bool
    table: tuple[NeededRow, ...]
    rule: str = (
        "the new rating depends only on the total score in the remaining games; "
        "the smallest total (in half points) that reaches the target"
    )


def split_score(points: Fraction, count: int) -> list[Fraction]:
    """One way to score ``points`` in ``count`` games: wins first, then a draw, then losses.

    >>> [str(x) for x in split_score(Fraction(3, 2), 3)]
    ['1', '1/2', '0']
    """
    wins = int(points)
    draw = points - wins == HALF
    return [Fraction(1)] * wins + [HALF] * draw + [Fraction(0)] * (count - wins - draw)


def plan(
    rating_at: Callable[[Fraction], int | None],
    *,
    remaining: int,
    target: int | None,
    current: int | None,
) -> Needed:
    """Evaluate every total in the remaining games and find the smallest that reaches ``target``.

    ``rating_at(points)`` is the new rating with ``points`` in the remaining games
    (None: no rating at that total, e.g. no first DWZ); ``current`` is the rating
    before the tournament (for the change column).
    """
    table = []
    for halves in range(2 * remaining + 1):
        total = Fraction(halves, 2)
        new = rating_at(total)
        change = None if new is None or current is None else new - current
        table.append(NeededRow(points=total, new_rating=new, change=change))
    points: Fraction | None = None
    new_rating: int | None = None
    for row in table:
        if row.new_rating is not None and (target is None or row.new_rating >= target):
            points, new_rating = row.points, row.new_rating
            break
    return Needed(
        target=target,
        remaining=remaining,
        points=points,
        new_rating=new_rating,
        reached_already=points == 0,
        table=tuple(table),
    )


def remaining_opponents(
    remaining: Iterable[object] | int, opponent: object = None, *, allow_unrated: bool = False
) -> list[int | None]:
    """The opponents' ratings of the games still to play (a list, or a count + ``opponent``)."""
    if isinstance(remaining, bool):
        raise InvalidInput(
            "remaining must be opponents' ratings or a count",
            code="remaining.invalid",
            field="remaining",
        )
    if isinstance(remaining, int):
        if not 0 <= remaining <= MAX_REMAINING:
            raise InvalidInput(
                f"remaining {remaining} games: give 0 to {MAX_REMAINING}",
                code="remaining.out_of_range",
                params={"count": str(remaining), "most": MAX_REMAINING},
                field="remaining",
            )
        if remaining and opponent is None and not allow_unrated:
            raise InvalidInput(
                "with a count of remaining games give the expected opponent rating (opponent=)",
                code="remaining.needs_opponent",
                field="opponent",
            )
        rating = check_rating(opponent, field="opponent", allow_none=True)
        return [rating] * remaining
    ratings = list(remaining)
    if len(ratings) > MAX_REMAINING:
        raise InvalidInput(
            f"{len(ratings)} remaining games: at most {MAX_REMAINING}",
            code="remaining.too_many",
            params={"count": len(ratings), "most": MAX_REMAINING},
            field="remaining",
        )
    return [
        check_rating(r, field="remaining", allow_none=allow_unrated, game=number)
        for number, r in enumerate(ratings, start=1)
    ]


def target_rating(value: object, *, required: bool = True) -> int | None:
    """The checked target rating (None allowed only when not ``required``)."""
    if value is None and not required:
        return None
    return check_rating(value, field="target", allow_none=False)


def with_remaining(
    games: Sequence[Any], opponents: Sequence[int | None], points: Fraction
) -> list[tuple[Any, Any]]:
    """The games played plus the remaining ones, ``points`` split over them."""
    return [*games, *zip(opponents, split_score(points, len(opponents)), strict=True)]

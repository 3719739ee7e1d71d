""""What do I need?": the score in the remaining games for a target DWZ, first DWZ or Elo.

The library functions behind :func:`wertung.dwz.needed`, :func:`wertung.dwz.needed_first`
and :func:`wertung.fide.needed`. Each evaluates the tournament -- the games played so
far plus the remaining ones -- for every possible total in the remaining games with the
same engine as a forecast, so every line of the table agrees with :func:`wertung.dwz.forecast`
(or :func:`wertung.fide.rating_change`) for that score.

``remaining`` is either the opponents' ratings of the games still to play, or a count
with ``opponent=`` one expected opponent rating for all of them.

>>> r = dwz_needed(1500, 5, [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½")],
...                [1350, 1520], 1547, age=40, end_date="2026-09-01")
>>> r.points, r.new_rating
(Fraction(3, 2), 1547)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from .core.checks import check_rating
from .core.errors import InvalidInput
from .core.needed import MAX_REMAINING, Needed, plan, split_score

__all__ = ["Needed", "dwz_needed", "fide_needed", "first_dwz_needed", "remaining_opponents"]


def remaining_opponents(
    remaining: Iterable[object] | int, opponent: object = None, *, allow_unrated: bool = False
) -> list[int | None]:
    """The opponents' ratings of the games still to play (a list, or a count + ``opponent``)."""
    if isinstance(remaining, bool):
        raise InvalidInput("remaining must be opponents' ratings or a count", field="remaining")
    if isinstance(remaining, int):
        if not 0 <= remaining <= MAX_REMAINING:
            raise InvalidInput(
                f"remaining {remaining} games: give 0 to {MAX_REMAINING}", field="remaining"
            )
        if remaining and opponent is None and not allow_unrated:
            raise InvalidInput(
                "with a count of remaining games give the expected opponent rating (opponent=)",
                field="opponent",
            )
        rating = check_rating(opponent, field="opponent", allow_none=True)
        return [rating] * remaining
    ratings = list(remaining)
    if len(ratings) > MAX_REMAINING:
        raise InvalidInput(
            f"{len(ratings)} remaining games: at most {MAX_REMAINING}", field="remaining"
        )
    return [
        check_rating(r, field="remaining", allow_none=allow_unrated, game=number)
        for number, r in enumerate(ratings, start=1)
    ]


def _target(value: object, *, required: bool = True) -> int | None:
    if value is None and not required:
        return None
    return check_rating(value, field="target", allow_none=False)


def _with(
    games: Sequence[Any], opponents: Sequence[int | None], points: Fraction
) -> list[tuple[Any, Any]]:
    return [*games, *zip(opponents, split_score(points, len(opponents)), strict=True)]


def dwz_needed(
    rating: int,
    index: int | None,
    games: Iterable[Any],
    remaining: Iterable[object] | int,
    target: int,
    *,
    opponent: object = None,
    **options: Any,
) -> Needed:
    """The smallest score in the remaining games for a new DWZ of at least ``target``.

    ``games`` and ``options`` (``age``, ``birth_year``, ``end_date``, ``method``,
    ``development_factor``, ...) as in :func:`wertung.dwz.forecast`.
    """
    from . import dwz

    played = list(games)
    opponents = remaining_opponents(remaining, opponent)
    goal = _target(target)
    dwz.forecast(rating, index, played, **options)  # the arguments are checked once, up front

    def rating_at(points: Fraction) -> int:
        return dwz.forecast(rating, index, _with(played, opponents, points), **options).new_rating

    return plan(rating_at, remaining=len(opponents), target=goal, current=rating)


def first_dwz_needed(
    games: Iterable[Any],
    remaining: Iterable[object] | int,
    target: int | None = None,
    *,
    opponent: object = None,
    **options: Any,
) -> Needed:
    """The smallest score in the remaining games for a first DWZ (of at least ``target``).

    Without ``target``: for a first DWZ at all (stage 1: enough games against rated
    opponents and at least ½ point among them). ``options`` as in
    :func:`wertung.dwz.first_dwz` (``carry_over``, ``birth_year``, ``end_date``, ``member``, ...).
    """
    from . import dwz

    played = list(games)
    opponents = remaining_opponents(remaining, opponent)
    goal = _target(target, required=False)
    dwz.first_dwz(played, **options)

    def rating_at(points: Fraction) -> int | None:
        return dwz.first_dwz(_with(played, opponents, points), **options).rating

    return plan(rating_at, remaining=len(opponents), target=goal, current=None)


def fide_needed(
    rating: int,
    games: Iterable[Any],
    remaining: Iterable[object] | int,
    target: int,
    *,
    opponent: object = None,
    **options: Any,
) -> Needed:
    """The smallest score in the remaining games for a FIDE rating of at least ``target``.

    ``options`` as in :func:`wertung.fide.rating_change` (``k``, ``games_played``,
    ``birth_year``, ``peak_rating``, ``date``, ``rapid_blitz``); the 400-point rule and
    the K rules (K·n ≤ 700, 30 games) apply to the whole period as in a forecast.
    """
    from . import fide

    played = list(games)
    opponents = remaining_opponents(remaining, opponent, allow_unrated=True)
    goal = _target(target)
    fide.rating_change(rating, played, **options)

    def rating_at(points: Fraction) -> int:
        return fide.rating_change(rating, _with(played, opponents, points), **options).new_rating

    return plan(rating_at, remaining=len(opponents), target=goal, current=rating)

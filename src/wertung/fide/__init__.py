"""FIDE Elo: the public library API.

>>> from wertung import fide
>>> r = fide.rating_change(1800, [(2000, "½")], games_played=50, date="2026-05-01")
>>> r.k.k, float(r.expected_score), float(r.change), r.new_rating
(20, 0.24, 5.2, 1805)
>>> sorted(r.to_dict()["outcomes"])
['draw', 'loss', 'win']

Everything returned is a frozen derivation with ``to_dict()``; see
:mod:`wertung.fide._change` for the rules and their paragraph numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wertung.fide._change import (
    _INITIAL,
    FideGame,
    InvalidGamesCount,
    InvalidKFactor,
    KFactor,
    KFactorChoice,
    Rating,
    RatingChange,
    capped_difference,
    expected_score,
    k_factor,
    performance,
    rating_change,
    rating_difference,
)
from wertung.fide.regulations import (
    FIDE_2024,
    FIDE_2025_10,
    FIDE_REGULATIONS,
    FideRegulations,
    fide_regulations_for,
)

if TYPE_CHECKING:  # pragma: no cover
    from wertung.fide._initial import (
        ExpectedScoreTable,
        InitialRating,
        RatingAdjustment,
        adjust_2024,
        expected_score_table,
        initial_rating,
    )
    from wertung.kernel.needed import Needed

__all__ = [
    "FIDE_2024",
    "FIDE_2025_10",
    "FIDE_REGULATIONS",
    "ExpectedScoreTable",
    "FideGame",
    "FideRegulations",
    "InitialRating",
    "InvalidGamesCount",
    "InvalidKFactor",
    "KFactor",
    "KFactorChoice",
    "Rating",
    "RatingAdjustment",
    "RatingChange",
    "adjust_2024",
    "capped_difference",
    "expected_score",
    "expected_score_table",
    "fide_regulations_for",
    "initial_rating",
    "k_factor",
    "needed",
    "performance",
    "rating_change",
    "rating_difference",
]


def needed(
    rating: int,
    games: Iterable[Any],
    remaining: Iterable[object] | int,
    target: int,
    **options: Any,
) -> Needed:
    """The smallest score in the ``remaining`` games for a FIDE rating of at least ``target``.

    ``options`` as in :func:`rating_change` (``k``, ``games_played``, ``birth_year``,
    ``peak_rating``, ``date``, ``rapid_blitz``); the 400-point rule and the K rules
    (K·n ≤ 700, 30 games) apply to the whole period as in a forecast.
    """
    from wertung.kernel.needed import plan, remaining_opponents, target_rating, with_remaining

    opponent = options.pop("opponent", None)
    played = list(games)
    opponents = remaining_opponents(remaining, opponent, allow_unrated=True)
    goal = target_rating(target)
    rating_change(rating, played, **options)

    def rating_at(points: Fraction) -> int:
        lines = with_remaining(played, opponents, points)
        return rating_change(rating, lines, **options).new_rating

    return plan(rating_at, remaining=len(opponents), target=goal, current=rating)


def __getattr__(name: str) -> Any:
    # ``Needed`` (the planner's result) and the first rating (``fide._initial``) are
    # imported on first use: a rating change (``wertung elo …``) needs neither.
    if name == "Needed":
        from wertung.kernel.needed import Needed

        globals()[name] = Needed
        return Needed
    if name in _INITIAL:  # as the core module gives them (on first use)
        from wertung.fide import _initial as fide_initial

        value = globals()[name] = getattr(fide_initial, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

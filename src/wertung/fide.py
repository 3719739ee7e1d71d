"""FIDE Elo: the public library API.

>>> from wertung import fide
>>> r = fide.rating_change(1800, [(2000, "½")], games_played=50, date="2026-05-01")
>>> r.k.k, float(r.expected_score), float(r.change), r.new_rating
(20, 0.24, 5.2, 1805)
>>> sorted(r.to_dict()["outcomes"])
['draw', 'loss', 'win']

Everything returned is a frozen derivation with ``to_dict()``; see
:mod:`wertung.core.fide` for the rules and their paragraph numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .core.fide import (
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
from .core.regulations.fide import (
    FIDE_2024,
    FIDE_2025_10,
    FIDE_REGULATIONS,
    FideRegulations,
    fide_regulations_for,
)

if TYPE_CHECKING:  # pragma: no cover
    from .core.fide_initial import (
        ExpectedScoreTable,
        InitialRating,
        RatingAdjustment,
        adjust_2024,
        expected_score_table,
        initial_rating,
    )
    from .core.needed import Needed

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

    ``options`` as in :func:`rating_change`; see :mod:`wertung.planner`.
    """
    from .planner import fide_needed

    return fide_needed(rating, games, remaining, target, **options)


def __getattr__(name: str) -> Any:
    # ``Needed`` (the planner's result) and the first rating (``core.fide_initial``) are
    # imported on first use: a rating change (``wertung elo …``) needs neither.
    if name == "Needed":
        from .core.needed import Needed

        globals()[name] = Needed
        return Needed
    if name in _INITIAL:  # as the core module gives them (on first use)
        from .core import fide_initial

        value = globals()[name] = getattr(fide_initial, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

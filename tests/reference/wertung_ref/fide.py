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

from .core.fide import (
    ExpectedScoreTable,
    FideGame,
    InitialRating,
    InvalidGamesCount,
    InvalidKFactor,
    KFactor,
    KFactorChoice,
    Rating,
    RatingAdjustment,
    RatingChange,
    adjust_2024,
    capped_difference,
    expected_score,
    expected_score_table,
    initial_rating,
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
    "performance",
    "rating_change",
    "rating_difference",
]

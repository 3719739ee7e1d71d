"""FIDE Elo: rating change, K-factor, performance, initial rating, the 2024 adjustment.

Each rule sits next to a comment naming its paragraph of the FIDE Rating
Regulations applied from 2024-03-01 (standard chapter; the Rapid and Blitz
chapter numbers the same rules one lower, 8.3.1 → 7.3.1). The constants live in
:mod:`wertung.core.regulations.fide`; the table 8.1.2 in
:mod:`wertung.core.expectancy`. Arithmetic is exact (:class:`~fractions.Fraction`)
and rounds only where the regulations round: the period's rating change (8.3.4),
an initial rating (8.2.3), and p for dp look-ups (whole percent).

Every public function returns a frozen *derivation* whose ``to_dict()`` gives
JSON-ready data with the SPEC glossary names.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .fide_initial import (
    ExpectedScoreTable,
    InitialRating,
    RatingAdjustment,
    adjust_2024,
    expected_score_table,
    initial_rating,
)
from .fide_input import (
    K_OVERRIDE_MAX,
    K_OVERRIDE_MIN,
    InvalidGamesCount,
    InvalidKFactor,
    KFactor,
    Rating,
    _check_games_played,
    _check_k,
    _check_own_rating,
    _date,
    _plain,
    _read_games,
)
from .fide_rules import (
    FideGame,
    KFactorChoice,
    _linear_performance,
    capped_difference,
    expected_score,
    k_factor,
    performance,
    rating_difference,
)
from .model import check_birth_year, check_rating
from .regulations.fide import FIDE_2024, fide_regulations_for
from .results import DRAW, LOSS, WIN
from .rounding import round_to_int

__all__ = [
    "ExpectedScoreTable",
    "FideGame",
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
    "initial_rating",
    "k_factor",
    "performance",
    "rating_change",
    "rating_difference",
]
__all__ += ["K_OVERRIDE_MAX", "K_OVERRIDE_MIN"]
_HELPERS = (_check_k, _check_games_played, _plain, _read_games)


@dataclass(frozen=True)
class RatingChange:
    """A rated player's rating change for one event or rating period (8.3)."""

    rating: Rating
    k: KFactorChoice
    expected_score: Fraction
    score: Fraction
    change: Fraction
    rounded_change: int
    new_rating: int
    counted_games: int
    performance: int | None
    performance_linear: int | None
    opponent_average: Fraction | None
    games: tuple[FideGame, ...]
    outcomes: Mapping[str, Mapping[str, Any]] | None
    rules: Mapping[str, str]
    regulations: str
    date: dt.date
    rapid_blitz: bool
    games_played: int | None
    birth_year: int | None
    peak_rating: int | None
    notes: tuple[str, ...]

    @property
    def shown_as_unrated(self) -> bool:
        """7.2.1: a rating below 1400 is shown as unrated on the next list (no clamp)."""
        return self.new_rating < FIDE_2024.rating_floor

    def to_dict(self) -> dict[str, Any]:
        """All inputs, intermediate values and rule references as plain data."""
        return {
            "rating": self.rating,
            "k": self.k.k,
            "k_reason": self.k.reason,
            "k_uncapped": self.k.uncapped,
            "k_uncapped_reason": self.k.uncapped_reason,
            "expected_score": _plain(self.expected_score),
            "score": _plain(self.score),
            "change": _plain(self.change),
            "rounded_change": self.rounded_change,
            "new_rating": self.new_rating,
            "shown_as_unrated": self.shown_as_unrated,
            "counted_games": self.counted_games,
            "performance": self.performance,
            "performance_linear": self.performance_linear,
            "opponent_average": _plain(self.opponent_average),
            "games": [game.to_dict() for game in self.games],
            "outcomes": _plain(self.outcomes),
            "rules": dict(self.rules),
            "regulations": self.regulations,
            "date": self.date.isoformat(),
            "rapid_blitz": self.rapid_blitz,
            "games_played": self.games_played,
            "birth_year": self.birth_year,
            "peak_rating": self.peak_rating,
            "notes": list(self.notes),
        }


def rating_change(
    rating: int,
    games: Iterable[Any],
    *,
    k: int | None = None,
    games_played: int | None = None,
    birth_year: int | None = None,
    peak_rating: int | None = None,
    date: dt.date | str | None = None,
    rapid_blitz: bool = False,
) -> RatingChange:
    """Rating change of a rated player over one event or rating period.

    ``games`` are ``(opponent_rating, result)`` pairs; results 1, ½ (0.5, =), 0, + and −.
    Forfeits and games against unrated opponents (0 or None) are kept but not counted.
    ``date`` (default: today) picks the regulations (400-point rule from 2025-10-01 only
    below 2650 in standard) and decides the junior K with ``birth_year``. ``k`` (1–100)
    overrides every K rule; otherwise see :func:`k_factor`.

    >>> r = rating_change(2224, [(2319, 0), (2181, 1), (2246, 1), (2261, "½"),
    ...                          (2312, 0), (2297, 0), (2144, 1)], k=15)
    >>> float(r.expected_score), float(r.change), r.rounded_change, r.new_rating
    (3.24, 3.9, 4, 2228)
    """
    own = _check_own_rating(rating)
    when = _date(date)
    regs = fide_regulations_for(when)
    refs = regs.references(rapid_blitz)
    notes: list[str] = []
    if when < FIDE_2024.valid_from:
        notes.append(
            "the date is before 2024-03-01: the 2024 rules are applied (older rules are not "
            "modelled; give the K of that time)"
        )

    rows: list[FideGame] = []
    for number, opponent, score in _read_games(games):
        difference = None if opponent is None else own - opponent
        capped = (
            None
            if opponent is None
            else capped_difference(own, opponent, regulations=regs, rapid_blitz=rapid_blitz)
        )
        excluded = None
        if score.forfeit:
            # 5.1: unplayed games, "whether these occur because of forfeiture or any other
            # reason, are not counted".
            excluded = "forfeit"
        elif opponent is None:
            # 8.3.1: the difference is determined "for each game played against a rated player".
            excluded = "unrated_opponent"
        elif (
            rapid_blitz
            and regs.rapid_blitz_exclusion_difference is not None
            and when >= regs.rapid_blitz_exclusion_from
            and abs(own - opponent) >= regs.rapid_blitz_exclusion_difference
            and max(own, opponent) > regs.rapid_blitz_exclusion_above
        ):
            # Rapid/blitz 7.3.1 (from 2024-12-01): a difference of 600 or more is not rated
            # when one of the players is rated above 2600.
            excluded = "600_point_rule"
        counted = excluded is None
        pd = expected_score(capped) if counted and capped is not None else None
        delta = score.points - pd if pd is not None else None
        rows.append(
            FideGame(number, opponent, score, counted, excluded, difference, capped, pd, delta)
        )

    counted_rows = [row for row in rows if row.counted]
    n = len(counted_rows)
    choice = k_factor(
        own,
        n=n,
        games_played=games_played,
        birth_year=birth_year,
        peak_rating=peak_rating,
        date=when,
        k=k,
        rapid_blitz=rapid_blitz,
    )
    if k is None and games_played is None:
        notes.append("games_played not given: taken as 30 or more (K 40 for new players not used)")
    # 8.3.2 a)-c): PD per game from table 8.1.2, Σ(score − PD) over the period.
    expected = sum((row.expected_score or Fraction(0) for row in counted_rows), Fraction(0))
    score = sum((row.result.points for row in counted_rows), Fraction(0))
    # 8.3.2 d): "Sigma Delta R x K = the Rating Change"; 8.3.4: only the period total is
    # rounded to the nearest whole number, 0.5 away from zero.
    change = choice.k * (score - expected)
    rounded = round_to_int(change)

    opponents = [row.opponent_rating or 0 for row in counted_rows]
    average = Fraction(sum(opponents), n) if n else Fraction(0)
    fide_performance = performance(opponents, score)
    wins = sum(1 for row in counted_rows if row.result.points == 1)
    losses = sum(1 for row in counted_rows if row.result.points == 0)

    outcomes = None
    if n == 1:
        pd = counted_rows[0].expected_score or Fraction(0)
        outcomes = {}
        for name, result in (("win", WIN), ("draw", DRAW), ("loss", LOSS)):
            single = choice.k * (result.points - pd)
            outcomes[name] = {
                "change": single,
                "rounded_change": round_to_int(single),
                "new_rating": own + round_to_int(single),
            }

    rules = {
        key: refs[key]
        for key in (
            "counted_games",
            "capped_difference",
            "expected_score",
            "change",
            "rounded_change",
            "new_rating",
            "performance",
            "performance_linear",
        )
    }
    rules["k"] = choice.rule
    return RatingChange(
        rating=own,
        k=choice,
        expected_score=expected,
        score=score,
        change=change,
        rounded_change=rounded,
        new_rating=own + rounded,
        counted_games=n,
        performance=fide_performance,
        performance_linear=_linear_performance(average, wins, losses, n),
        opponent_average=average if n else None,
        games=tuple(rows),
        outcomes=outcomes,
        rules=rules,
        regulations=regs.name,
        date=when,
        rapid_blitz=rapid_blitz,
        games_played=_check_games_played(games_played),
        birth_year=check_birth_year(birth_year),
        peak_rating=check_rating(peak_rating, field="peak_rating"),
        notes=tuple(notes),
    )

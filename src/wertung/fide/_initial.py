"""FIDE Elo: the initial rating, the 2024 adjustment and the tables as data.

See :mod:`wertung.fide._change` for the rating change; the rules and their paragraph
numbers are in :mod:`wertung.fide._rules`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from wertung.fide._input import Rating, _check_own_rating, _date, _plain, _read_games
from wertung.fide._rules import FideGame, game_plain, rating_difference
from wertung.fide.regulations import FIDE_2024, fide_regulations_for
from wertung.kernel.derivation import register_plain
from wertung.kernel.expectancy import FIDE_TABLE_8_1_2, fide_expected_score
from wertung.kernel.rounding import round_half_up, round_to_int

#: Why there is no initial rating (:attr:`InitialRating.reason`).
InitialReason = Literal["fewer_than_5_rated_games", "zero_score"]


@dataclass(frozen=True)
class InitialRating:
    """The initial rating Ru of a previously unrated player (7.1.4, 8.2)."""

    rating: int | None
    #: Why there is no rating: ``fewer_than_5_rated_games`` or ``zero_score``.
    reason: InitialReason | None
    published: bool
    counted_games: int
    score: Fraction
    rated_opponent_average: Fraction | None
    opponent_average: Fraction | None
    p: Fraction | None
    dp: int | None
    unrounded: Fraction | None
    capped: bool
    games: tuple[FideGame, ...]
    rules: Mapping[str, str]
    regulations: str
    date: dt.date

    def to_dict(self) -> dict[str, Any]:
        """All inputs, intermediate values and rule references as plain data."""
        return {
            "rating": self.rating,
            "reason": self.reason,
            "published": self.published,
            "counted_games": self.counted_games,
            "score": _plain(self.score),
            "rated_opponent_average": _plain(self.rated_opponent_average),
            "opponent_average": _plain(self.opponent_average),
            "hypothetical_opponents": FIDE_2024.initial_hypothetical_opponents,
            "p": _plain(self.p),
            "dp": self.dp,
            "unrounded": _plain(self.unrounded),
            "capped": self.capped,
            "games": [game.to_dict() for game in self.games],
            "rules": dict(self.rules),
            "regulations": self.regulations,
            "date": self.date.isoformat(),
        }


def initial_rating(
    games: Iterable[Any],
    *,
    date: dt.date | str | None = None,
    end_date: dt.date | str | None = None,
) -> InitialRating:
    """Initial rating of an unrated player from games against rated opponents.

    Pass the pooled games (7.1.4: consecutive periods of at most 26 months). A zero
    score over the counted games gives no rating (8.2.1); if only the *first* event of a
    pool scored zero, leave that event's games out.

    >>> r = initial_rating([(1900, 1), (2000, "½"), (1800, 0), (1850, 1), (1950, 0)])
    >>> float(r.opponent_average), float(r.p), r.dp, r.rating, r.published
    (1871.4285714285713, 0.5, 0, 1871, True)
    """
    when = _date(end_date if end_date is not None else date)
    regs = fide_regulations_for(when)
    refs = regs.references()
    rows: list[FideGame] = []
    for number, opponent, result in _read_games(games):
        excluded = "forfeit" if result.forfeit else "unrated_opponent" if opponent is None else None
        rows.append(
            FideGame(number, opponent, result, excluded is None, excluded, None, None, None, None)
        )
    counted = [row for row in rows if row.counted]
    n = len(counted)
    score = sum((row.result.points for row in counted), Fraction(0))
    rules = {
        key: refs[key]
        for key in (
            "counted_games",
            "initial_games",
            "initial_zero_score",
            "initial_opponent_average",
            "initial_rating",
            "published",
        )
    }
    rated_average = Fraction(sum(row.opponent_rating or 0 for row in counted), n) if n else None

    def without(reason: InitialReason) -> InitialRating:
        return InitialRating(
            None, reason, False, n, score, rated_average, None, None, None, None, False,
            tuple(rows), rules, regs.name, when,
        )  # fmt: skip

    # 7.1.4: "based on at least 5 games against rated opponents".
    if n < regs.initial_min_games:
        return without("fewer_than_5_rated_games")
    # 8.2.1: "If an unrated player scores zero in their first event this score is disregarded."
    if score == 0:
        return without("zero_score")
    # 8.2.2: "Ra is the average rating of the player's rated opponents plus two hypothetical
    # opponents rated 1800. The result against these two ... is considered as a draw."
    extra = regs.initial_hypothetical_opponents
    total = (
        sum(row.opponent_rating or 0 for row in counted) + extra * regs.initial_hypothetical_rating
    )
    average = Fraction(total, n + extra)
    # p over n + 2 games, rounded to two decimals with 0.005 up [SPEC §8].
    p = round_half_up((score + Fraction(extra, 2)) / (n + extra), 2)
    dp = rating_difference(p, regs)
    # 8.2.3: "Ru = Ra + dp. Ru is rounded to the nearest whole number. The maximum initial
    # rating is 2200."
    unrounded = average + dp
    rounded = round_to_int(unrounded)
    value = min(rounded, regs.initial_max)
    return InitialRating(
        rating=value,
        reason=None,
        # 7.1.4: "The rating must be at least 1400."
        published=value >= regs.rating_floor,
        counted_games=n,
        score=score,
        rated_opponent_average=rated_average,
        opponent_average=average,
        p=p,
        dp=dp,
        unrounded=unrounded,
        capped=rounded > regs.initial_max,
        games=tuple(rows),
        rules=rules,
        regulations=regs.name,
        date=when,
    )


@dataclass(frozen=True)
class RatingAdjustment:
    """The one-time adjustment of 2024-03-01."""

    rating: Rating
    applies: bool
    increase: Fraction
    adjusted_rating: int
    rounding: str
    rule: str

    def to_dict(self) -> dict[str, Any]:
        """Inputs, the exact increase and the adjusted rating as plain data."""
        return {
            "rating": self.rating,
            "applies": self.applies,
            "increase": _plain(self.increase),
            "adjusted_rating": self.adjusted_rating,
            "rounding": self.rounding,
            "rules": {"adjusted_rating": self.rule},
        }


_ADJUSTMENT_ROUNDING = (
    "nearest whole number; 0.4·(2000 − R) of a whole R ends in .0, .2, .4, .6 or .8, so no "
    "tie ever arises and half-up, half-even and FIDE's 8.3.4 rounding all agree"
)


def adjust_2024(rating: int) -> RatingAdjustment:
    """One-time adjustment of 2024-03-01: R < 2000 → R + 0.4·(2000 − R), rounded.

    >>> adjust_2024(1000).adjusted_rating, adjust_2024(1001).adjusted_rating, adjust_2024(2000).adjusted_rating
    (1400, 1401, 2000)
    """
    own = _check_own_rating(rating)
    regs = FIDE_2024
    applies = own < regs.adjustment_below
    # [SPEC §8] "rating < 2000 → R + 0.4·(2000 − R)"; ratings from 2000 on are unchanged.
    increase = regs.adjustment_factor * (regs.adjustment_below - own) if applies else Fraction(0)
    return RatingAdjustment(
        rating=own,
        applies=applies,
        increase=increase,
        adjusted_rating=round_to_int(own + increase),
        rounding=_ADJUSTMENT_ROUNDING,
        rule=regs.references()["adjustment_2024"],
    )


@dataclass(frozen=True)
class ExpectedScoreTable:
    """Table 8.1.2 ("what a rating gap is worth") and table 8.1.1, from the same constants."""

    #: (smallest D, largest D or None for "and above", PD higher, PD lower).
    rows: tuple[tuple[int, int | None, Fraction, Fraction], ...]
    #: (p, dp) from 1.00 down to .00.
    performance_table: tuple[tuple[Fraction, int], ...]
    cap: int
    cap_exempt_from: int | None
    cap_note: str
    rules: Mapping[str, str]

    def to_dict(self) -> dict[str, Any]:
        """Both tables as plain data."""
        return {
            "rows": [
                {
                    "difference_from": low,
                    "difference_to": high,
                    "higher": _plain(pd_high),
                    "lower": _plain(pd_low),
                }
                for low, high, pd_high, pd_low in self.rows
            ],
            "cap": self.cap,
            "cap_exempt_from": self.cap_exempt_from,
            "cap_note": self.cap_note,
            "performance_table": [{"p": _plain(p), "dp": dp} for p, dp in self.performance_table],
            "rules": dict(self.rules),
        }


def expected_score_table() -> ExpectedScoreTable:
    """Rows of table 8.1.2 plus the 400-point rule, and table 8.1.1.

    >>> t = expected_score_table()
    >>> t.rows[0][:2], t.rows[-1][:2], len(t.rows), len(t.performance_table)
    ((0, 3), (736, None), 51, 101)
    """
    regs = fide_regulations_for(dt.date.max)
    rows: list[tuple[int, int | None, Fraction, Fraction]] = []
    low = 0
    for high, pd in FIDE_TABLE_8_1_2:
        rows.append((low, high, pd, 1 - pd))
        low = high + 1
    rows.append((low, None, Fraction(1), Fraction(0)))
    performance_rows = tuple(
        (Fraction(h, 100), rating_difference(Fraction(h, 100), regs)) for h in range(100, -1, -1)
    )
    cap = regs.difference_cap
    note = (
        f"A difference of more than {cap} points counts as {cap} (8.3.1), so PD stays between "
        f"{float(1 - fide_expected_score(cap)):.2f} and {float(fide_expected_score(cap)):.2f}. "
        f"Since 2025-10-01, standard-rated players rated {regs.cap_exempt_from} and above use "
        "the actual difference; rapid and blitz keep the cap for everybody (7.3.1)."
    )
    refs = regs.references()
    return ExpectedScoreTable(
        rows=tuple(rows),
        performance_table=performance_rows,
        cap=cap,
        cap_exempt_from=regs.cap_exempt_from,
        cap_note=note,
        rules={
            "rows": refs["expected_score"],
            "cap": refs["capped_difference"],
            "performance_table": "FIDE Rating Regulations 2024 8.1.1",
        },
    )


def initial_rating_plain(rating: InitialRating) -> dict[str, Any]:
    """``rating.to_dict()`` with the games converted faster (the same data)."""
    if rating.__class__ is not InitialRating:
        return rating.to_dict()
    games = rating.games
    # The class's own conversion for every other field, of a stand-in without the games:
    # it reads every other attribute through to the rating, which mypy cannot see (the
    # stand-in is no InitialRating, and a Protocol of all its fields would only repeat them).
    out = InitialRating.to_dict(_InitialWithoutGames(rating))  # type: ignore[arg-type]
    out["games"] = [
        game_plain(game) if game.__class__ is FideGame else game.to_dict() for game in games
    ]
    return out


class _InitialWithoutGames:
    """An initial rating seen without its games (converted separately)."""

    __slots__ = ("_rating",)

    def __init__(self, rating: InitialRating) -> None:
        self._rating = rating

    def __getattr__(self, name: str) -> Any:
        if name == "games":
            return ()
        return getattr(self._rating, name)


register_plain(InitialRating, initial_rating_plain)

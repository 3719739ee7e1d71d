"""FIDE Elo rules: the 400-point rule, tables 8.1.1 and 8.1.2, K, performance.

Each rule sits next to a comment naming its paragraph of the FIDE Rating
Regulations applied from 2024-03-01 (standard chapter; the Rapid and Blitz chapter
numbers the same rules one lower, 8.3.1 → 7.3.1). :class:`FideGame` is one game of
a rating period as these rules see it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from wertung.fide._input import (
    InvalidGamesCount,
    KFactor,
    _check_games_played,
    _check_k,
    _check_own_rating,
    _date,
    _plain,
)
from wertung.fide.regulations import FIDE_2024, FideRegulations, fide_regulations_for
from wertung.kernel.checks import check_birth_year, check_born_by, check_rating
from wertung.kernel.errors import InvalidInput
from wertung.kernel.expectancy import fide_expected_score
from wertung.kernel.results import DRAW, LOSS, WIN, Score
from wertung.kernel.rounding import round_to_int

# --------------------------------------------------------------------------- rules


def capped_difference(
    rating: int,
    opponent_rating: int,
    *,
    regulations: FideRegulations = FIDE_2024,
    rapid_blitz: bool = False,
) -> int:
    """D = own − opponent after the 400-point rule.

    >>> capped_difference(2000, 1500), capped_difference(1500, 2000)
    (400, -400)
    >>> from wertung.fide.regulations import FIDE_2025_10
    >>> capped_difference(2700, 2000, regulations=FIDE_2025_10)
    700
    >>> capped_difference(2700, 2000, regulations=FIDE_2025_10, rapid_blitz=True)
    400
    """
    difference = rating - opponent_rating
    # 8.3.1 (from 2025-10-01): "for players rated 2650 and above, the difference between
    # ratings shall be used in all cases" -- standard only; rapid/blitz 7.3.1 has no exemption.
    exempt = regulations.cap_exempt_from
    if not rapid_blitz and exempt is not None and rating >= exempt:
        return difference
    # 8.3.1: "a difference in rating of more than 400 points shall be counted ... as though
    # it were a difference of 400 points", in both directions, per game.
    cap = regulations.difference_cap
    return max(-cap, min(cap, difference))


def expected_score(difference: int) -> Fraction:
    """PD for the (already capped) difference D = own − opponent, table 8.1.2.

    >>> expected_score(0), expected_score(400), expected_score(-400)
    (Fraction(1, 2), Fraction(23, 25), Fraction(2, 25))
    """
    # 8.1.2: PD for the higher-rated player H; the lower-rated player L gets 1 − PD.
    return fide_expected_score(difference)


def rating_difference(p: Fraction, regulations: FideRegulations = FIDE_2024) -> int:
    """dp for a fractional score p (table 8.1.1), p rounded to whole percent (0.005 up).

    >>> rating_difference(Fraction(13, 14)), rating_difference(Fraction(1, 2)), rating_difference(0)
    (422, 0, -800)
    """
    hundredths = round_to_int(Fraction(p) * 100)
    if not 0 <= hundredths <= 100:
        raise InvalidInput(
            f"fractional score {p} is outside 0 to 1",
            code="score.fraction_outside",
            params={"p": str(p)},
            field="p",
        )
    # 8.1.1: the table lists p ≥ .50; below .50 dp(p) = −dp(1 − p) (the tables are mirrors).
    table = regulations.table_8_1_1
    return table[hundredths] if hundredths >= 50 else -table[100 - hundredths]


#: Why K is what the rules of 8.3.3 give before the K·n ≤ 700 cap (``override``: given
#: by the user).
KRuleReason = Literal[
    "override", "fewer_than_30_games", "junior_below_2300", "peak_2400", "standard"
]
#: Why K is what it is (:attr:`KFactorChoice.reason`): a rule's reason, or the cap.
KReason = KRuleReason | Literal["k_times_n_cap_700"]


@dataclass(frozen=True)
class KFactorChoice:
    """Which K applies and why (8.3.3)."""

    k: KFactor
    #: ``override``, ``fewer_than_30_games``, ``junior_below_2300``, ``peak_2400``,
    #: ``standard`` or ``k_times_n_cap_700``.
    reason: KReason
    #: K before the K·n ≤ 700 cap, and its reason.
    uncapped: KFactor
    uncapped_reason: KRuleReason
    #: Paragraph reference.
    rule: str

    def to_dict(self) -> dict[str, Any]:
        """K, reason and rule as plain data."""
        return {
            "k": self.k,
            "k_reason": self.reason,
            "k_uncapped": self.uncapped,
            "k_uncapped_reason": self.uncapped_reason,
            "rule": self.rule,
        }


def k_factor(
    rating: int,
    *,
    n: int = 1,
    games_played: int | None = None,
    birth_year: int | None = None,
    peak_rating: int | None = None,
    date: dt.date | str | None = None,
    k: int | None = None,
    rapid_blitz: bool = False,
    end_date: dt.date | str | None = None,
) -> KFactorChoice:
    """The development coefficient K for a rating period with ``n`` counted games.

    ``games_played``: rated games completed *before* this event (None: unknown, taken as
    30 or more). ``peak_rating``: highest published rating so far (default: ``rating``).
    ``birth_year`` with ``end_date`` (or its older name ``date``; default today) decides
    the junior K.

    >>> k_factor(1800, games_played=29).reason, k_factor(1800, games_played=30).k
    ('fewer_than_30_games', 20)
    >>> k_factor(2299, birth_year=2008, date="2026-12-31").k, k_factor(2300, birth_year=2008, date="2026-12-31").k
    (40, 20)
    >>> k_factor(2380, peak_rating=2400).k, k_factor(1800, games_played=0, n=18).k
    (10, 38)
    """
    if end_date is not None:
        date = end_date
    regs = fide_regulations_for(_date(date))
    # A user-given K overrides every rule below, the K·n cap included.
    if k is not None:
        given = _check_k(k)
        return KFactorChoice(given, "override", given, "override", "given by the user")
    own = _check_own_rating(rating)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGamesCount(
            f"n {n!r} is not a number of games (0 or more)",
            code="games_count.invalid",
            params={"n": repr(n)},
            field="n",
        )
    played = _check_games_played(games_played)
    born = check_birth_year(birth_year)
    peak_given = check_rating(peak_rating, field="peak_rating")
    return _rule_k(regs, own, n, played, born, peak_given, _date(date), rapid_blitz)


#: The K choices made so far (frozen, so shared), by K, K before the cap, reason, rule.
_CHOICES: dict[tuple[int, int, str, str], KFactorChoice] = {}


def _rule_k(
    regs: FideRegulations,
    own: int,
    n: int,
    played: int | None,
    born: int | None,
    peak_given: int | None,
    when: dt.date,
    rapid_blitz: bool,
) -> KFactorChoice:
    """K by the rules of 8.3.3 from inputs already checked (see :func:`k_factor`)."""
    # The peak cannot be below a published current rating; the larger one is used.
    peak = max(peak_given or 0, own)
    check_born_by(born, when)
    reason: KRuleReason

    # 8.3.3: "K = 40 for a player new to the rating list until they have completed events
    # with at least 30 games" -- games of this event do not count until it is completed.
    if played is not None and played < regs.established_after_games:
        base, reason = regs.k_new_player, "fewer_than_30_games"
    # 8.3.3: "K = 40 for all players until the end of the year of their 18th birthday, as
    # long as their rating remains under 2300" (a junior who ever reached 2300 keeps 20).
    elif (
        born is not None
        and when.year <= born + regs.junior_until_age
        and peak < regs.junior_rating_limit
    ):
        base, reason = regs.k_junior, "junior_below_2300"
    # 8.3.3: "K = 10 once a player's published rating has reached 2400 and remains at that
    # level subsequently, even if the rating drops below 2400".
    elif peak >= regs.top_rating:
        base, reason = regs.k_top, "peak_2400"
    # 8.3.3: "K = 20 as long as a player's rating remains under 2400".
    else:
        base, reason = regs.k_standard, "standard"
    # 8.3.3: "if the number of games (n) ... multiplied by K exceeds 700, then K shall be the
    # largest whole number such that K x n does not exceed 700".
    chosen = base
    if n and base * n > regs.k_times_n_max:
        chosen = regs.k_times_n_max // n
    rule = regs.references(rapid_blitz)["k"]
    key = (chosen, base, reason, rule)
    choice = _CHOICES.get(key)
    if choice is None:
        choice = _CHOICES[key] = KFactorChoice(
            KFactor(chosen),
            "k_times_n_cap_700" if chosen != base else reason,
            KFactor(base),
            reason,
            rule,
        )
    return choice


def performance(opponent_ratings: Iterable[int], score: Fraction | float) -> int | None:
    """FIDE performance Ra + dp over counted games (None without games).

    Ra is the plain average of the opponents' ratings (no 400-point rule), rounded to a
    whole number; p = W/n is rounded to whole percent for the dp look-up (8.1.1).

    >>> performance([2000, 2100, 1900], Fraction(2)), performance([1700, 1600], 0)
    (2125, 850)
    """
    ratings = list(opponent_ratings)
    if not ratings:
        return None
    average = Fraction(sum(ratings), len(ratings))
    return round_to_int(average) + rating_difference(Fraction(score) / len(ratings))


def _linear_performance(average: Fraction, wins: int, losses: int, n: int) -> int | None:
    # Not a FIDE rule: the "standard approximation" Ra + 400·(wins − losses)/n [seed 004].
    if not n:
        return None
    return round_to_int(average + Fraction(400 * (wins - losses), n))


# --------------------------------------------------------------------------- derivations


@dataclass(frozen=True)
class FideGame:
    """One game of a rating period as the rules see it."""

    number: int
    opponent_rating: int | None
    result: Score
    counted: bool
    #: Why the game does not count: ``forfeit``, ``unrated_opponent`` or ``600_point_rule``.
    excluded: str | None
    difference: int | None
    capped_difference: int | None
    expected_score: Fraction | None
    #: score − PD (8.3.2 b), for counted games.
    delta: Fraction | None

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data."""
        return {
            "number": self.number,
            "opponent_rating": self.opponent_rating,
            "result": self.result.symbol,
            "points": _plain(self.result.points),
            "counted": self.counted,
            "excluded": self.excluded,
            "difference": self.difference,
            "capped_difference": self.capped_difference,
            "expected_score": _plain(self.expected_score),
            "delta": _plain(self.delta),
        }


def _fraction_plain(value: Any) -> Any:
    """``_plain`` of a game's fraction (or None)."""
    if value is None:
        return None
    if value.__class__ is Fraction:
        return int(value) if value.denominator == 1 else float(value)
    return _plain(value)


def game_plain(game: FideGame) -> dict[str, Any]:
    """``game.to_dict()``, faster (the points and PD read by identity when usual)."""
    result = game.result
    points = result.points
    known = _POINTS_PLAIN.get(id(points))
    return {
        "number": game.number,
        "opponent_rating": game.opponent_rating,
        "result": result.symbol,
        "points": known if known is not None else _plain(points),
        "counted": game.counted,
        "excluded": game.excluded,
        "difference": game.difference,
        "capped_difference": game.capped_difference,
        "expected_score": _fraction_plain(game.expected_score),
        "delta": _fraction_plain(game.delta),
    }


_POINTS_PLAIN = {id(score.points): _plain(score.points) for score in (WIN, DRAW, LOSS)}

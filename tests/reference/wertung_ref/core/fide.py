"""FIDE Elo: rating change, K-factor, performance, initial rating, the 2024 adjustment.

Each rule sits next to a comment naming its paragraph of the FIDE Rating
Regulations applied from 2024-03-01 (standard chapter; the Rapid and Blitz
chapter numbers the same rules one lower, 8.3.1 → 7.3.1). The constants live in
:mod:`wertung.fide.regulations`; the table 8.1.2 in
:mod:`wertung.kernel.expectancy`. Arithmetic is exact (:class:`~fractions.Fraction`)
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
from typing import Any, NewType

from .errors import InvalidDate, InvalidInput, InvalidRating, WertungError
from .expectancy import FIDE_TABLE_8_1_2, fide_expected_score
from .model import check_birth_year, check_rating, parse_date
from .regulations.fide import FIDE_2024, FideRegulations, fide_regulations_for
from .results import DRAW, LOSS, WIN, Score, parse_score
from .rounding import round_half_up, round_to_int

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

#: A FIDE rating (0–3500; 0 means unrated where an opponent is concerned).
Rating = NewType("Rating", int)
#: A development coefficient K (8.3.3).
KFactor = NewType("KFactor", int)

#: A user-given K must be a whole number in this range (FIDE has used 10–40).
K_OVERRIDE_MIN = 1
K_OVERRIDE_MAX = 100


class InvalidKFactor(InvalidInput):
    """A user-given K is not a whole number from 1 to 100."""


class InvalidGamesCount(InvalidInput):
    """A number of games (``games_played``) is negative or not a whole number."""


# --------------------------------------------------------------------------- helpers


def _plain(value: Any) -> Any:
    """JSON-ready value: whole fractions become ints, others floats; dates ISO strings."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _check_k(value: object) -> KFactor:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidKFactor(
            f"K {value!r} is not a whole number; give K from {K_OVERRIDE_MIN} to "
            f"{K_OVERRIDE_MAX} (FIDE uses 40, 20 or 10)",
            field="k",
        )
    if not K_OVERRIDE_MIN <= value <= K_OVERRIDE_MAX:
        raise InvalidKFactor(
            f"K {value} is out of range; give K from {K_OVERRIDE_MIN} to {K_OVERRIDE_MAX} "
            "(FIDE uses 40, 20 or 10; older periods 30, 25 and 15)",
            field="k",
        )
    return KFactor(value)


def _check_games_played(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidGamesCount(
            f"games_played {value!r} is not a number of games (a whole number, 0 or more)",
            field="games_played",
        )
    if value < 0:
        raise InvalidGamesCount(
            f"games_played {value} is negative; the number of rated games is 0 or more",
            field="games_played",
        )
    return value


def _check_own_rating(value: object) -> Rating:
    rating = check_rating(value, field="rating", allow_none=False)
    assert rating is not None
    if rating == 0:
        raise InvalidRating(
            "rating 0 means unrated; an unrated player gets an initial rating instead",
            field="rating",
        )
    return Rating(rating)


def _date(value: object) -> dt.date:
    # The date picks the regulations and the junior K; it defaults to today.
    return parse_date(value, field="date") or dt.date.today()


def _read_games(games: object) -> list[tuple[int, int | None, Score]]:
    """(number, opponent rating or None for unrated, score) for each game, numbered from 1."""
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InvalidInput("games must be a list of (opponent_rating, result) pairs", field="games")
    read: list[tuple[int, int | None, Score]] = []
    for number, item in enumerate(games, start=1):
        if isinstance(item, Mapping):
            opponent, result = item.get("opponent_rating"), item.get("result")
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            opponent, result = item
        else:
            raise InvalidInput(
                f"game {number}: {item!r} is not an (opponent_rating, result) pair",
                field="games",
                game=number,
            )
        try:
            rating = check_rating(opponent, field="opponent_rating", game=number)
            score = parse_score(result, field="result", game=number)
        except WertungError as error:
            # Name the game in the sentence too, so that a front end can print it as is.
            raise type(error)(
                f"game {number}: {error.message}", field=error.field, **error.where
            ) from None
        read.append((number, rating or None, score))
    return read


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
        raise InvalidInput(f"fractional score {p} is outside 0 to 1", field="p")
    # 8.1.1: the table lists p ≥ .50; below .50 dp(p) = −dp(1 − p) (the tables are mirrors).
    table = regulations.table_8_1_1
    return table[hundredths] if hundredths >= 50 else -table[100 - hundredths]


@dataclass(frozen=True)
class KFactorChoice:
    """Which K applies and why (8.3.3)."""

    k: KFactor
    #: ``override``, ``fewer_than_30_games``, ``junior_below_2300``, ``peak_2400``,
    #: ``standard`` or ``k_times_n_cap_700``.
    reason: str
    #: K before the K·n ≤ 700 cap, and its reason.
    uncapped: KFactor
    uncapped_reason: str
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
) -> KFactorChoice:
    """The development coefficient K for a rating period with ``n`` counted games.

    ``games_played``: rated games completed *before* this event (None: unknown, taken as
    30 or more). ``peak_rating``: highest published rating so far (default: ``rating``).
    ``birth_year`` with ``date`` (default today) decides the junior K.

    >>> k_factor(1800, games_played=29).reason, k_factor(1800, games_played=30).k
    ('fewer_than_30_games', 20)
    >>> k_factor(2299, birth_year=2008, date="2026-12-31").k, k_factor(2300, birth_year=2008, date="2026-12-31").k
    (40, 20)
    >>> k_factor(2380, peak_rating=2400).k, k_factor(1800, games_played=0, n=18).k
    (10, 38)
    """
    regs = fide_regulations_for(_date(date))
    rule = regs.references(rapid_blitz)["k"]
    # A user-given K overrides every rule below, the K·n cap included.
    if k is not None:
        given = _check_k(k)
        return KFactorChoice(given, "override", given, "override", "given by the user")
    own = _check_own_rating(rating)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGamesCount(f"n {n!r} is not a number of games (0 or more)", field="n")
    played = _check_games_played(games_played)
    born = check_birth_year(birth_year)
    peak_given = check_rating(peak_rating, field="peak_rating")
    # The peak cannot be below a published current rating; the larger one is used.
    peak = max(peak_given or 0, own)
    when = _date(date)
    if born is not None and born > when.year:
        raise InvalidDate(
            f"year of birth {born} is after the date {when.isoformat()}", field="birth_year"
        )

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
    return KFactorChoice(
        KFactor(chosen),
        "k_times_n_cap_700" if chosen != base else reason,
        KFactor(base),
        reason,
        rule,
    )


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


@dataclass(frozen=True)
class InitialRating:
    """The initial rating Ru of a previously unrated player (7.1.4, 8.2)."""

    rating: int | None
    #: Why there is no rating: ``fewer_than_5_rated_games`` or ``zero_score``.
    reason: str | None
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


def initial_rating(games: Iterable[Any], *, date: dt.date | str | None = None) -> InitialRating:
    """Initial rating of an unrated player from games against rated opponents.

    Pass the pooled games (7.1.4: consecutive periods of at most 26 months). A zero
    score over the counted games gives no rating (8.2.1); if only the *first* event of a
    pool scored zero, leave that event's games out.

    >>> r = initial_rating([(1900, 1), (2000, "½"), (1800, 0), (1850, 1), (1950, 0)])
    >>> float(r.opponent_average), float(r.p), r.dp, r.rating, r.published
    (1871.4285714285713, 0.5, 0, 1871, True)
    """
    when = _date(date)
    regs = fide_regulations_for(when)
    refs = regs.references()
    rows: list[FideGame] = []
    for number, opponent, score in _read_games(games):
        excluded = "forfeit" if score.forfeit else "unrated_opponent" if opponent is None else None
        rows.append(
            FideGame(number, opponent, score, excluded is None, excluded, None, None, None, None)
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

    def without(reason: str) -> InitialRating:
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

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
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wertung.fide._input import (
    _FAST_SCORES,
    _FAST_TYPES,
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
    _read_game,
    _read_games,
)
from wertung.fide._rules import (
    FideGame,
    KFactorChoice,
    _linear_performance,
    _rule_k,
    capped_difference,
    expected_score,
    game_plain,
    k_factor,
    performance,
    rating_difference,
)
from wertung.fide.regulations import (
    FIDE_2024,
    FIDE_REGULATIONS,
    FideRegulations,
    fide_regulations_for,
)
from wertung.kernel.checks import check_birth_year, check_rating
from wertung.kernel.derivation import Figure, register_plain
from wertung.kernel.errors import InvalidInput
from wertung.kernel.results import DRAW, LOSS, WIN
from wertung.kernel.rounding import round_to_int
from wertung.kernel.swiss_chess import fide_rounded

if TYPE_CHECKING:  # pragma: no cover
    from wertung.fide._initial import (
        ExpectedScoreTable,
        InitialRating,
        RatingAdjustment,
        adjust_2024,
        expected_score_table,
        initial_rating,
    )

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


#: The fields of a rating change, in constructor order.
RATING_CHANGE_FIELDS = (
    "rating", "k", "expected_score", "score", "change", "rounded_change", "new_rating",
    "counted_games", "performance", "performance_linear", "opponent_average", "games",
    "outcomes", "rules", "regulations", "date", "rapid_blitz", "games_played", "birth_year",
    "peak_rating", "notes",
)  # fmt: skip
#: Derived on first access (with Fractions, by the same rules) from the games as read.
_LAZY_CHANGE_FIELDS = frozenset(
    ("expected_score", "score", "change", "performance", "performance_linear",
     "opponent_average", "games", "outcomes", "rules")
)  # fmt: skip
#: Set when the rating change is made, in this order in ``_f``.
_EAGER_CHANGE_FIELDS = tuple(n for n in RATING_CHANGE_FIELDS if n not in _LAZY_CHANGE_FIELDS)
#: Where the working's inputs sit in ``_f`` after the eager fields (None once derived).
_REGS, _ITEMS, _KEPT = (len(_EAGER_CHANGE_FIELDS) + i for i in range(3))
_DERIVED = (None, None, None)


class RatingChange:
    """A rated player's rating change for one event or rating period (8.3).

    Read-only. The rounded change and the new rating are decided when it is made, in
    integer hundredths (PD of table 8.1.2 has two decimals; only the period total is
    rounded); the exact working -- every game, Σ PD, K·Σ(score − PD) as fractions,
    performance, outcomes, rules -- is derived on first access.
    """

    # The figures in one tuple (fields of _EAGER_CHANGE_FIELDS, then the working's inputs:
    # regulations, the games as given, the games read by the general checks); the working,
    # once derived, in __dict__.
    __slots__ = ("__dict__", "_f")

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

    def __init__(self, **values: Any) -> None:
        """A complete rating change from every field of :data:`RATING_CHANGE_FIELDS`."""
        missing = set(RATING_CHANGE_FIELDS).difference(values)
        if missing or len(values) != len(RATING_CHANGE_FIELDS):
            raise TypeError(f"RatingChange fields: missing {sorted(missing)}")
        _set(self, "_f", tuple(values[name] for name in _EAGER_CHANGE_FIELDS) + _DERIVED)
        plain = self.__dict__
        for name in _LAZY_CHANGE_FIELDS:
            plain[name] = values[name]

    def __getattr__(self, name: str) -> Any:
        # Only reached for a field not derived yet.
        if name not in _LAZY_CHANGE_FIELDS:
            raise AttributeError(f"'RatingChange' object has no attribute {name!r}")
        f = self._f
        items = f[_ITEMS]
        if items is None:
            raise AttributeError(name)
        # (own rating, games as read, regulations, date, rapid/blitz, K)
        working = _working(f[0], _read_back(items, f[_KEPT]), f[_REGS], f[6], f[7], f[1],
                           _SWISS_CHESS_ROUNDING in f[11])  # fmt: skip
        self.__dict__.update(working)
        _set(self, "_f", f[:_REGS] + _DERIVED)
        return working[name]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"RatingChange is read-only (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"RatingChange is read-only (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not RatingChange:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in RATING_CHANGE_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable (compared by value); mypy expects a method

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in RATING_CHANGE_FIELDS)
        return f"RatingChange({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (tuple(getattr(self, n) for n in RATING_CHANGE_FIELDS),))

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
            "games": [
                game_plain(game) if game.__class__ is FideGame else game.to_dict()
                for game in self.games
            ],
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


register_plain(RatingChange, RatingChange.to_dict)


for _position, _name in enumerate(_EAGER_CHANGE_FIELDS):
    doc = f"``{_name}``, set when the rating change is made."
    setattr(RatingChange, _name, Figure(_position, _name, doc))
del _position, _name, doc

_set = object.__setattr__


def _rebuild(values: tuple[Any, ...]) -> RatingChange:
    return RatingChange(**dict(zip(RATING_CHANGE_FIELDS, values, strict=True)))


#: PD of table 8.1.2 in hundredths for a whole difference 0, 1, 2, ... (beyond: 100).
_PD_HUNDREDTHS = tuple(int(expected_score(d) * 100) for d in range(0, 1000))
_HALF_POINTS = {id(WIN): 2, id(DRAW): 1, id(LOSS): 0}
_OVERRIDES: dict[int, KFactorChoice] = {}
#: The usual results with their half-points (None: a forfeit, never counted).
_FAST_HALVES: dict[object, int | None] = {
    key: None if score.forfeit else _HALF_POINTS[id(score)] for key, score in _FAST_SCORES.items()
}
#: PD in hundredths by D + 3500 for every D = own − opponent from −3500 to 3500, D first
#: capped at ±cap (8.3.1) -- one table per cap (None: no cap), built on first use.
_PD_BY_CAP: dict[int | None, tuple[int, ...]] = {}
_NEWEST = FIDE_REGULATIONS[-1]  # the sets are oldest first


def _pd(d: int) -> int:
    """PD in hundredths for an (already capped) difference D = own − opponent (8.1.2)."""
    if d >= 0:
        return _PD_HUNDREDTHS[d] if d < 1000 else 100
    return 100 - (_PD_HUNDREDTHS[-d] if -d < 1000 else 100)


def _pd_table(cap: int | None) -> tuple[int, ...]:
    table = _PD_BY_CAP.get(cap)
    if table is None:
        table = _PD_BY_CAP[cap] = tuple(
            _pd(d if cap is None else max(-cap, min(cap, d))) for d in range(-3500, 3501)
        )
    return table


def _override(k: object) -> KFactorChoice:
    """The K choice for a user-given K (shared per value)."""
    if k.__class__ is int and K_OVERRIDE_MIN <= k <= K_OVERRIDE_MAX:
        choice = _OVERRIDES.get(k)
        if choice is None:
            given = _check_k(k)
            choice = _OVERRIDES[given] = KFactorChoice(
                given, "override", given, "override", "given by the user"
            )
        return choice
    given = _check_k(k)
    return KFactorChoice(given, "override", given, "override", "given by the user")


_BEFORE_2024 = (
    "the date is before 2024-03-01: the 2024 rules are applied (older rules are not "
    "modelled; give the K of that time)"
)
_NO_GAMES_PLAYED = "games_played not given: taken as 30 or more (K 40 for new players not used)"
#: The note of a change rounded as Swiss-Chess rounds it (``swiss_chess=True``).
_SWISS_CHESS_ROUNDING = (
    "rounded as Swiss-Chess does (a positive change half up, a negative one truncated "
    "towards zero), not as FIDE 8.3.4"
)


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
    swiss_chess: bool = False,
    end_date: dt.date | str | None = None,
) -> RatingChange:
    """Rating change of a rated player over one event or rating period.

    ``games`` are ``(opponent_rating, result)`` pairs; results 1, ½ (0.5, =), 0, + and −.
    Forfeits and games against unrated opponents (0 or None) are kept but not counted.
    ``end_date`` (or its older name ``date``; default: today), the event's last day as in
    :func:`wertung.dwz.forecast`, picks the regulations (400-point rule from 2025-10-01 only
    below 2650 in standard) and decides the junior K with ``birth_year``. ``k`` (1–100)
    overrides every K rule; otherwise see :func:`k_factor`. ``swiss_chess=True`` rounds
    the change as the Swiss-Chess program's unofficial Elo evaluation does (a positive
    change half up, a negative one truncated towards zero; a note says so); never the
    default.

    >>> r = rating_change(2224, [(2319, 0), (2181, 1), (2246, 1), (2261, "½"),
    ...                          (2312, 0), (2297, 0), (2144, 1)], k=15)
    >>> float(r.expected_score), float(r.change), r.rounded_change, r.new_rating
    (3.24, 3.9, 4, 2228)
    """
    if end_date is not None:
        date = end_date
    own = rating if rating.__class__ is int and 0 < rating <= 3500 else _check_own_rating(rating)
    when = date if date.__class__ is dt.date else _date(date)
    regs = _NEWEST if when >= _NEWEST.valid_from else fide_regulations_for(when)
    notes: tuple[str, ...] = (_BEFORE_2024,) if when < FIDE_2024.valid_from else ()
    kind = games.__class__
    # `kind is list` (the class read once) does not narrow ``games`` itself.
    if kind is list:
        items: list[Any] | tuple[Any, ...] = games[:]  # type: ignore[index]
    elif kind is tuple:
        items = games  # type: ignore[assignment]
    elif isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InvalidInput(
            "games must be a list of (opponent_rating, result) pairs",
            code="games.not_a_list",
            field="games",
        )
    else:
        items = list(games)
    # 8.3.1: the 400-point rule (standard from 2025-10-01: not from 2650 on).
    exempt = regs.cap_exempt_from
    cap = None if not rapid_blitz and exempt is not None and own >= exempt else \
        regs.difference_cap  # fmt: skip
    exclusion = (
        rapid_blitz
        and regs.rapid_blitz_exclusion_difference is not None
        and when >= regs.rapid_blitz_exclusion_from
    )
    table = _PD_BY_CAP.get(cap)
    if table is None:
        table = _pd_table(cap)
    offset = own + 3500  # table[offset - opponent] is PD for D = own − opponent
    fast = _FAST_HALVES
    fast_types = _FAST_TYPES
    # The games read by the general checks, or given as (mutable) lists: (number,
    # opponent or None, score) by number; the working reads the other (tuple) games again.
    kept: dict[int, tuple[int, int | None, Any]] | None = None
    n = 0
    pd_sum = 0  # Σ PD in hundredths (8.3.2 a)
    half = 0  # Σ score in half-points
    number = 0
    for item in items:
        number += 1
        # The usual pair (a whole rating in range, a usual result) read directly; anything
        # else through the general checks (_read_game), with their errors.
        pair = item.__class__
        if (pair is tuple or pair is list) and len(item) == 2:
            opponent, result = item
            if (
                opponent.__class__ is int
                and 0 <= opponent <= 3500
                and result.__class__ in fast_types
                and result in fast
            ):
                points = fast[result]
                if pair is list:
                    if kept is None:
                        kept = {}
                    kept[number] = (number, opponent or None, _FAST_SCORES[result])
                if not opponent or points is None:  # unrated opponent, forfeit
                    continue
                if exclusion and _excluded_600(regs, own, opponent):
                    continue
                pd_sum += table[offset - opponent]
                half += points
                n += 1
                continue
        entry = _read_game(number, item)
        if kept is None:
            kept = {}
        kept[number] = entry
        opponent, score = entry[1], entry[2]
        if opponent is None or score.forfeit:
            continue
        if exclusion and _excluded_600(regs, own, opponent):
            continue
        d = own - opponent
        if cap is not None:
            d = cap if d > cap else -cap if d < -cap else d
        pd_sum += _pd(d)
        points = _HALF_POINTS.get(id(score))
        half += points if points is not None else int(2 * score.points)
        n += 1
    if k is not None:
        shared = _OVERRIDES.get(k) if k.__class__ is int else None
        choice = _override(k) if shared is None else shared
    # The checks of k_factor, in its order (own rating, n and date are checked already).
    played = None if games_played is None else _check_games_played(games_played)
    born = None if birth_year is None else check_birth_year(birth_year)
    peak = None if peak_rating is None else check_rating(peak_rating, field="peak_rating")
    if k is None:
        choice = _rule_k(regs, own, n, played, born, peak, when, rapid_blitz)
        if games_played is None:
            notes += (_NO_GAMES_PLAYED,)
    # 8.3.2 d), 8.3.4: K·Σ(score − PD) in hundredths; only this total is rounded, half away
    # from zero.
    hundredths = choice.k * (50 * half - pd_sum)
    if swiss_chess:
        rounded = fide_rounded(hundredths)
        notes += (_SWISS_CHESS_ROUNDING,)
    else:
        rounded, rest = divmod(abs(hundredths), 100)
        if rest >= 50:
            rounded += 1
        if hundredths < 0:
            rounded = -rounded
    change = _new(RatingChange)
    _set(change, "_f", (
        own, choice, rounded, own + rounded, n, regs.name, when, rapid_blitz, played, born,
        peak, notes, regs, items, kept,
    ))  # fmt: skip
    return change


_new = object.__new__


def _read_back(
    items: list[Any] | tuple[Any, ...], kept: dict[int, tuple[int, int | None, Any]] | None
) -> list[tuple[int, int | None, Any]]:
    """The games as :func:`rating_change` read them: (number, opponent or None, score)."""
    scores = _FAST_SCORES
    read = []
    for number, item in enumerate(items, start=1):
        entry = kept.get(number) if kept else None
        if entry is None:
            opponent, result = item  # a tuple of a rating and a usual result
            entry = (number, opponent or None, scores[result])
        read.append(entry)
    return read


def _excluded_600(regs: FideRegulations, own: int, opponent: int) -> bool:
    # Rapid/blitz 7.3.1 (from 2024-12-01): a difference of 600 or more is not rated when
    # one of the players is rated above 2600 (never where the regulations have no such rule).
    difference = regs.rapid_blitz_exclusion_difference
    return (
        difference is not None
        and abs(own - opponent) >= difference
        and max(own, opponent) > regs.rapid_blitz_exclusion_above
    )


def _working(
    own: int,
    read: list[tuple[int, int | None, Any]],
    regs: Any,
    when: dt.date,
    rapid_blitz: bool,
    choice: KFactorChoice,
    swiss_chess: bool = False,
) -> dict[str, Any]:
    """The exact working of a rating change: every game, the sums, performance, outcomes
    (``swiss_chess``: rounded as Swiss-Chess does)."""
    refs = regs.references(rapid_blitz)
    rows: list[FideGame] = []
    for number, opponent, score in read:
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
            and _excluded_600(regs, own, opponent)
        ):
            excluded = "600_point_rule"
        counted = excluded is None
        pd = expected_score(capped) if counted and capped is not None else None
        delta = score.points - pd if pd is not None else None
        rows.append(
            FideGame(number, opponent, score, counted, excluded, difference, capped, pd, delta)
        )

    counted_rows = [row for row in rows if row.counted]
    n = len(counted_rows)
    # 8.3.2 a)-c): PD per game from table 8.1.2, Σ(score − PD) over the period.
    expected = sum((row.expected_score or Fraction(0) for row in counted_rows), Fraction(0))
    score = sum((row.result.points for row in counted_rows), Fraction(0))
    # 8.3.2 d): "Sigma Delta R x K = the Rating Change"; 8.3.4: only the period total is
    # rounded to the nearest whole number, 0.5 away from zero.
    change = choice.k * (score - expected)

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
            whole = fide_rounded(int(100 * single)) if swiss_chess else round_to_int(single)
            outcomes[name] = {
                "change": single,
                "rounded_change": whole,
                "new_rating": own + whole,
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
    if swiss_chess:
        rules["rounded_change"] = _SWISS_CHESS_ROUNDING
    return {
        "expected_score": expected,
        "score": score,
        "change": change,
        "performance": fide_performance,
        "performance_linear": _linear_performance(average, wins, losses, n),
        "opponent_average": average if n else None,
        "games": tuple(rows),
        "outcomes": outcomes,
        "rules": rules,
    }


#: Names of the first-rating module (:mod:`.fide_initial`), imported on first use: a rating
#: change (``wertung elo …``) does not need them.
_INITIAL = frozenset(
    ("ExpectedScoreTable", "InitialRating", "RatingAdjustment", "adjust_2024",
     "expected_score_table", "initial_rating")
)  # fmt: skip


def __getattr__(name: str) -> Any:
    if name in _INITIAL:
        from wertung.fide import _initial as fide_initial

        value = globals()[name] = getattr(fide_initial, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""DWZ of a player who already has a rating (or a foreign rating): the forecast.

WO 2026 [SPEC §3.1, seed 001]::

    Rn = R0 + K·(W − We),  K = min(round₁(K0·b + a), Kmax),  Rn ≥ 1100

WO 2014 [SPEC §3.2]::

    Rn = R0 + 800·(W − We)/(E + n),  E = round(E0·fB + SBr), 5 ≤ E ≤ 30 (150), E ≤ 5·I

Only games played over the board count (forfeits are listed, not counted).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from wertung.dwz._forecast_terms import KTerms, Method, wo2014, wo2026
from wertung.dwz._game_line import GameLine, with_expectancy
from wertung.dwz._lean import (
    _TENTHS,
    tenths_fraction,
    terms_function,
    terms_of,
)
from wertung.dwz._performance import performance_rating
from wertung.dwz.regulations import Dwz2026, DwzRegulations, K0Row
from wertung.kernel.derivation import (
    Derivation,
    Figure,
    lazy_plain_converter,
    register_plain,
    to_plain_general,
)
from wertung.kernel.errors import InvalidInput
from wertung.kernel.expectancy import expected_score_of, win_expectancy, win_expectancy_table
from wertung.kernel.results import _HALF_POINTS as _SCORES
from wertung.kernel.results import HALF, ONE, ZERO, half_points
from wertung.kernel.rounding import round_to_int

__all__ = [
    "FORECAST_FIELDS",
    "METHODS",
    "Forecast",
    "GameLine",
    "Method",
    "evaluate_established",
    "expectancy_function",
    "lazy_forecast",
    "make_forecast",
    "with_expectancy",
]

#: ``exact``: the regulations (erf, default). ``table``: P(D) from the two-decimal table.
#: ``swiss-chess``: reproduces the Swiss-Chess program's unofficial evaluations: the
#: two-decimal table, the rating change truncated towards zero, the braking surcharge's
#: own rounding and (in a tournament) no exceptional players and the ages of the printing
#: date's year -- every difference named in :data:`.swiss_chess.DIFFERENCES`. Never the
#: default.
METHODS: tuple[Method, ...] = ("exact", "table", "swiss-chess")


def expectancy_function(method: str) -> Callable[[float], float]:
    """The P(D) function of a method: ``exact`` (erf, default) or the two-decimal table."""
    if method == "exact":
        return win_expectancy
    if method in ("table", "swiss-chess"):
        return win_expectancy_table
    raise InvalidInput(
        f"unknown method {method!r}; accepted: {', '.join(METHODS)}",
        code="forecast.unknown_method",
        params={"method": repr(method), "accepted": ", ".join(METHODS)},
        field="method",
    )


#: Half-points of the three results, by the identity of their points.
_HALVES = {id(ONE): 2, id(HALF): 1, id(ZERO): 0}


#: The fields of a forecast, in the order of ``to_dict()`` (and of the former dataclass).
FORECAST_FIELDS = (
    "regulations", "end_date", "rating", "index", "age", "age_assumed", "games",
    "counted_games", "score", "expected_score", "opponent_average", "new_rating", "new_index",
    "change", "new_rating_unrounded", "floor_applied", "performance", "method",
    # WO 2026
    "base_value", "k0_row", "k0_column", "brake_factor", "success_bonus", "success_bonus_rule",
    "development_factor_unrounded", "development_factor", "development_factor_capped",
    # WO 2014
    "age_coefficient", "base_coefficient", "acceleration_factor", "braking_surcharge",
    "development_coefficient_unrounded", "development_coefficient",
    "development_coefficient_bounds",
    # both
    "override", "foreign_rating", "rules",
)  # fmt: skip
#: Set when the forecast is made; every other field is derived on first access.
_EAGER_FIELDS = (
    "regulations", "end_date", "rating", "index", "age", "counted_games", "score",
    "expected_score", "new_rating", "new_index", "change", "method", "development_factor",
    "development_coefficient",
)  # fmt: skip
_LAZY_FIELDS = frozenset(FORECAST_FIELDS).difference(_EAGER_FIELDS)
#: Where the working's inputs sit in ``_f`` after the eager fields (None once derived).
_REGS, _LINES, _FOREIGN = len(_EAGER_FIELDS), len(_EAGER_FIELDS) + 1, len(_EAGER_FIELDS) + 2
_DERIVED = (None, None, None)


class Forecast(Derivation):
    """The derivation of a new DWZ (every intermediate value, with rule references).

    Read-only. The figures (new DWZ, index, change, score, expected score, K or E)
    are computed when the forecast is made, on plain numbers; the rest of the working
    (game lines, performance, the intermediate values of K or E, Rn before rounding,
    the rule texts) on first access, by the full derivation of the same rules. Every field of
    :data:`FORECAST_FIELDS` is an attribute; ``to_dict()`` gives them in that order.
    """

    # The figures in one tuple (fields of _EAGER_FIELDS, then the working's inputs:
    # regulations, game lines, foreign rating); the working, once derived, in __dict__.
    __slots__ = ("__dict__", "_f")

    regulations: str
    end_date: dt.date | None
    rating: int
    index: int | None
    age: int | None
    age_assumed: bool
    games: tuple[GameLine, ...]
    counted_games: int
    score: Fraction
    expected_score: float
    opponent_average: float | None
    new_rating: int
    new_index: int | None
    change: int
    new_rating_unrounded: float
    floor_applied: bool
    performance: int | None
    method: Method
    # WO 2026
    base_value: int | None
    k0_row: K0Row | None
    k0_column: int | None
    brake_factor: Fraction | None
    success_bonus: Fraction | None
    success_bonus_rule: str | None
    development_factor_unrounded: Fraction | None
    development_factor: Fraction | None
    development_factor_capped: bool
    # WO 2014
    age_coefficient: int | None
    base_coefficient: Fraction | None
    acceleration_factor: Fraction | None
    braking_surcharge: float | None
    development_coefficient_unrounded: float | None
    development_coefficient: int | None
    development_coefficient_bounds: tuple[int, int] | None
    # both
    override: bool
    foreign_rating: bool
    rules: dict[str, str]

    def __init__(self, **values: Any) -> None:
        """A complete forecast from every field of :data:`FORECAST_FIELDS`."""
        missing = set(FORECAST_FIELDS).difference(values)
        if missing or len(values) != len(FORECAST_FIELDS):
            raise TypeError(f"Forecast fields: missing {sorted(missing)}, given {sorted(values)}")
        _set(self, "_f", tuple(values[name] for name in _EAGER_FIELDS) + _DERIVED)
        plain = self.__dict__
        for name in _LAZY_FIELDS:
            plain[name] = values[name]

    def __getattr__(self, name: str) -> Any:
        # Only reached for a field not set yet: build the rest of the working.
        if name not in _LAZY_FIELDS:
            raise AttributeError(f"'Forecast' object has no attribute {name!r}")
        f = self._f
        lines = f[_LINES]
        if lines is None:
            raise AttributeError(name)
        # (rating, index, lines, regulations, age, end_date, method, K, E, foreign rating)
        values = _derive(f[2], f[3], lines, f[_REGS], f[4], f[1], f[11], None, None, f[_FOREIGN])
        plain = self.__dict__
        for field_name in _LAZY_FIELDS:
            plain[field_name] = values[field_name]
        _set(self, "_f", f[:_REGS] + _DERIVED)
        return values[name]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Forecast is read-only (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Forecast is read-only (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Forecast:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in FORECAST_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable (compared by value); mypy expects a method

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in FORECAST_FIELDS)
        return f"Forecast({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (tuple(getattr(self, n) for n in FORECAST_FIELDS),))

    @property
    def n(self) -> int:
        """Number of counted games."""
        return self.counted_games

    def to_dict(self) -> dict[str, Any]:
        """All inputs, intermediate values and rule references as plain data."""
        if "games" not in self.__dict__:
            self.games  # noqa: B018 - derives the working (or raises as getattr would)
        return _forecast_plain(self)

    def to_dict_general(self) -> dict[str, Any]:
        """:meth:`to_dict` by the general conversion (the reference it is tested against)."""
        return {name: to_plain_general(getattr(self, name)) for name in FORECAST_FIELDS}


for _position, _name in enumerate(_EAGER_FIELDS):
    doc = f"``{_name}``, set when the forecast is made."
    setattr(Forecast, _name, Figure(_position, _name, doc))
del _position, _name, doc

_set = object.__setattr__
_set_figures = Forecast._f.__set__  # type: ignore[attr-defined]  # the slot's descriptor (mypy sees a field)
#: A derived forecast's plain data: the figures from ``_f``, the working from ``__dict__``.
_forecast_plain = lazy_plain_converter(FORECAST_FIELDS, _EAGER_FIELDS)
register_plain(Forecast, Forecast.to_dict)


def _rebuild(values: tuple[Any, ...]) -> Forecast:
    return Forecast(**dict(zip(FORECAST_FIELDS, values, strict=True)))


def lazy_forecast(
    rating: int,
    index: int | None,
    opponents: list[int],
    half: int,
    lines: Callable[[], Sequence[GameLine]] | Sequence[GameLine],
    *,
    regulations: DwzRegulations,
    age: int | None,
    end_date: dt.date | None,
    method: Method,
    expectancy: Callable[[float], float],
    foreign_rating: bool = False,
) -> Forecast:
    """A forecast whose figures are computed now and whose working on first access.

    ``opponents``: the ratings of the counted games in game order, ``half``: the
    points in them in half-points; ``lines``: the game lines (or a function giving
    them), used only for the working.
    """
    return make_forecast(rating, index, opponents, half, lines, regulations, age, end_date,
                         method, expectancy, foreign_rating)  # fmt: skip


def make_forecast(
    rating: int,
    index: int | None,
    opponents: list[int] | int,
    half: int,
    lines: Callable[[], Sequence[GameLine]] | Sequence[GameLine],
    regulations: DwzRegulations,
    age: int | None,
    end_date: dt.date | None,
    method: Method,
    expectancy: Callable[[float], float],
    foreign_rating: bool,
    expected: float | None = None,
) -> Forecast:
    """:func:`lazy_forecast` with positional arguments (the calculator's hot path).

    With ``expected`` (Σ P(D) over the counted games in game order, already summed)
    ``opponents`` may be just their number.
    """
    if expected is None:
        # Without ``expected`` the opponents are a list (a number comes with it only); the
        # class test, quicker than isinstance here, narrows the int branch alone.
        expected = expected_score_of(rating, opponents, expectancy)  # type: ignore[arg-type]
        n = len(opponents)  # type: ignore[arg-type]
    else:
        n = opponents if opponents.__class__ is int else len(opponents)  # type: ignore[arg-type]
    score = _SCORES.get(half)
    if score is None:
        score = half_points(half)
    if regulations.__class__ is not Dwz2026 or method == "swiss-chess":
        new, new_index, expected, tenths, e, _change_n, _change_d, _floored = terms_of(
            regulations, rating, index, age, method, n, expected, half
        )
        factor = None if tenths is None else tenths_fraction(tenths)
    else:
        # WO 2026: Rn decided in floats, in integers only next to a half (lean.terms_function).
        terms = _TERMS_2026.get(id(regulations))
        if terms is None or terms[0] is not regulations:
            terms = _TERMS_2026[id(regulations)] = (
                regulations,
                terms_function(regulations, method, exact=False),
            )
        new, new_index, expected, tenths, e, _n, _d, _floored = terms[1](
            rating, index, age, n, expected, half
        )
        factor = _TENTHS.get(tenths)
        if factor is None:
            factor = tenths_fraction(tenths)
    f = _new(Forecast)
    _set_figures(f, (regulations.name, end_date, rating, index, age, n, score, expected, new,
                   new_index, new - rating, method, factor, e, regulations, lines,
                   foreign_rating))  # fmt: skip
    return f


#: The WO 2026 Rn and K of :func:`make_forecast`, by the identity of the regulations: a
#: lookup by id instead of terms_function's (regs, method, exact) key saves ~4 % of a forecast.
_TERMS_2026: dict[int, tuple[Dwz2026, KTerms]] = {}

_new = object.__new__


def evaluate_established(
    rating: int,
    index: int | None,
    lines: Sequence[GameLine],
    *,
    regulations: DwzRegulations,
    age: int | None,
    end_date: dt.date | None,
    method: Method = "exact",
    development_factor: Fraction | None = None,
    development_coefficient: int | None = None,
    foreign_rating: bool = False,
) -> Forecast:
    """Evaluate a player with a rating over prepared game lines.

    ``lines`` must already carry ``counted`` and ``opponent_rating``; the
    forecast adds the win expectancy of each counted game and applies the
    regulations' formula.
    """
    expectancy = expectancy_function(method)
    if development_factor is not None or development_coefficient is not None:
        values = _derive(rating, index, lines, regulations, age, end_date, method,
                         development_factor, development_coefficient, foreign_rating)  # fmt: skip
        return Forecast(**values)
    opponents: list[int] = []
    half = 0
    halves = _HALVES
    for line in lines:
        if line.counted and line.opponent_rating is not None:
            points = halves.get(id(line.points))
            half += points if points is not None else int(2 * line.points)
            opponents.append(line.opponent_rating)
    return lazy_forecast(rating, index, opponents, half, lines, regulations=regulations, age=age,
                         end_date=end_date, method=method, expectancy=expectancy,
                         foreign_rating=foreign_rating)  # fmt: skip


def _derive(
    rating: int,
    index: int | None,
    lines: Callable[[], Sequence[GameLine]] | Sequence[GameLine],
    regulations: DwzRegulations,
    age: int | None,
    end_date: dt.date | None,
    method: Method,
    development_factor: Fraction | None,
    development_coefficient: int | None,
    foreign_rating: bool,
) -> dict[str, Any]:
    """Every field of the forecast, with every intermediate value (the full derivation)."""
    if callable(lines):
        lines = lines()
    expectancy = expectancy_function(method)
    age_assumed = age is None
    rules_age = regulations.unknown_age if age is None else age
    filled: list[GameLine] = []
    opponents: list[int] = []
    half = 0  # the score in half-points
    expected = 0.0
    halves = _HALVES
    for line in lines:
        if line.counted and line.opponent_rating is not None:
            diff = rating - line.opponent_rating
            p = expectancy(diff)
            expected += p
            points = halves.get(id(line.points))
            half += points if points is not None else int(2 * line.points)
            opponents.append(line.opponent_rating)
            known = line.difference
            if (
                known.__class__ is diff.__class__
                and known == diff
                and line.win_expectancy == p
                and line.win_expectancy.__class__ is p.__class__
            ):
                filled.append(line)  # filled already (the tournament's lines)
            else:
                filled.append(with_expectancy(line, difference=diff, win_expectancy=p))
        else:
            filled.append(line)
    score = half_points(half)
    n = len(opponents)
    average = sum(opponents) / n if n else None
    perf = None
    if n >= regulations.performance_min_games:
        perf = round_to_int(
            performance_rating(
                opponents,
                float(score),
                extreme_offset=regulations.performance_extreme_offset,
                expectancy=expectancy,
            )
        )
    # W − We exactly, as gap/denominator (We is the float's exact binary value).
    numerator, denominator = expected.as_integer_ratio()
    exact_diff = (half * denominator - 2 * numerator, 2 * denominator)
    common = {
        "regulations": regulations.name,
        "end_date": end_date,
        "rating": rating,
        "index": index,
        "age": age,
        "age_assumed": age_assumed,
        "games": tuple(filled),
        "counted_games": n,
        "score": score,
        "expected_score": expected,
        "opponent_average": average,
        "performance": perf,
        "method": method,
        "foreign_rating": foreign_rating,
        # the other regulations' fields
        "base_value": None,
        "k0_row": None,
        "k0_column": None,
        "brake_factor": None,
        "success_bonus": None,
        "success_bonus_rule": None,
        "development_factor_unrounded": None,
        "development_factor": None,
        "development_factor_capped": False,
        "age_coefficient": None,
        "base_coefficient": None,
        "acceleration_factor": None,
        "braking_surcharge": None,
        "development_coefficient_unrounded": None,
        "development_coefficient": None,
        "development_coefficient_bounds": None,
    }
    if isinstance(regulations, Dwz2026):
        common.update(wo2026(regulations, rating, index, rules_age, n, score, expected,
                              exact_diff, development_factor, method))  # fmt: skip
    else:
        common.update(wo2014(regulations, rating, index, rules_age, n, score, expected,
                              exact_diff, development_coefficient, method))  # fmt: skip
    return common

"""DWZ calculations for one player: forecast, first DWZ and the 2026 upgrade.

>>> from wertung import dwz
>>> result = dwz.forecast(1500, 5, [(1650, "½"), (1400, 1), (1550, 0), (1480, 1),
...                                  (1600, "½"), (1350, 1), (1520, "½")], end_date="2026-09-01")
>>> result.new_rating, float(result.development_factor), result.base_value
(1547, 44.0, 40)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from wertung.dwz._forecast import (
    Forecast,
    evaluate_established,
    expectancy_function,
    make_forecast,
)
from wertung.dwz._game_line import GameLine
from wertung.dwz.regulations import WO_2014, WO_2026, age_at, dwz_regulations_for
from wertung.kernel.checks import (
    RATING_MAX,
    RATING_MIN,
    check_birth_year,
    check_born_by,
    check_index,
    check_rating,
    parse_date,
)
from wertung.kernel.errors import InvalidInput
from wertung.kernel.expectancy import (
    expectancy_table,
    expected_score,
    table_score,
    win_expectancy,
)
from wertung.kernel.results import (
    _SCORE_SYMBOLS,
    DRAW,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    LOSS,
    WIN,
    Score,
    parse_score,
)

if TYPE_CHECKING:  # pragma: no cover
    from wertung.dwz._carry_over import CarryOverGame
    from wertung.dwz._first_dwz import FirstDwz
    from wertung.dwz._forecast import Method
    from wertung.dwz._unknown_index import IndexRange
    from wertung.dwz._upgrade import Upgrade
    from wertung.dwz.regulations import DwzRegulations
    from wertung.kernel.needed import Needed

__all__ = [
    "FirstDwz",
    "Forecast",
    "GameLine",
    "IndexRange",
    "Upgrade",
    "first_dwz",
    "forecast",
    "index_range",
    "needed",
    "needed_first",
    "upgrade",
]

GameInput = tuple[object, object]

# The result types of the rarer calculations are imported on first use, so that a
# forecast (``wertung dwz 1500-5 …``) does not load the first-DWZ iteration, the
# unknown-index range or the upgrade.
_LAZY = {
    "FirstDwz": "wertung.dwz._first_dwz",
    "IndexRange": "wertung.dwz._unknown_index",
    "Needed": "wertung.kernel.needed",
    "Upgrade": "wertung.dwz._upgrade",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


_EXPECTANCY = {method: expectancy_function(method) for method in ("exact", "table", "swiss-chess")}
_HALVES = {id(WIN): 2, id(DRAW): 1, id(LOSS): 0, id(FORFEIT_WIN): 2, id(FORFEIT_LOSS): 0}
#: The usual results (symbols and numbers) with their half-points (None: a forfeit).
_FAST_SCORES: dict[object, tuple[Score, int | None]] = {
    key: (score, None if score.forfeit else _HALVES[id(score)])
    for key, score in [
        *_SCORE_SYMBOLS.items(),
        (1, WIN),  # also 1.0
        (0, LOSS),  # also 0.0
        (0.5, DRAW),
    ]
}
_FAST_TYPES = frozenset((str, int, float))
#: The same results with only their half-points (None: a forfeit, read by the general path).
_FAST_HALVES = {key: half for key, (_score, half) in _FAST_SCORES.items()}
#: The first end date of the WO 2026 (the forecast's common case picks the set itself).
_WO_2026_FROM = WO_2026.valid_from


def _read(
    games: Iterable[GameInput], field: str = "games", rating: int | None = None
) -> tuple[list[tuple[int | None, Score]], list[int], int, float]:
    """Each game as (opponent rating or None, score); the counted opponents, half-points
    and, for a ``rating``, Σ P(rating − Rj) over them in game order (exact curve).

    The common inputs (a whole rating in range, a plain result) are read without the
    general checks; anything else goes through them and gets their errors.
    """
    read = []
    opponents = []
    half = 0
    fast = _FAST_SCORES
    fast_types = _FAST_TYPES
    for number, item in enumerate(games, start=1):
        try:
            opponent, result = item
        except (TypeError, ValueError):
            raise InvalidInput(
                f"game {number}: expected (opponent_rating, result)",
                code="game.expected_pair",
                params={"number": number},
                field=field,
                game=number,
            ) from None
        if opponent.__class__ is not int or not RATING_MIN <= opponent <= RATING_MAX:
            opponent = check_rating(
                opponent, field=f"{field}.opponent_rating", allow_none=True, game=number
            )
        entry = fast.get(result) if result.__class__ in fast_types else None
        if entry is None:
            score = parse_score(result, field=f"{field}.result", game=number)
            entry = (score, None if score.forfeit else _half_points(score))
        if entry[1] is not None and opponent is not None:
            opponents.append(opponent)
            half += entry[1]
        read.append((opponent, entry[0]))
    return read, opponents, half, 0.0 if rating is None else expected_score(rating, opponents)


def _read_plain(items: list[GameInput], rating: int) -> tuple[int, int, float] | None:
    """The counted games' number, half-points and Σ P(rating − Rj) in game order (the
    exact curve), as :func:`_read` gives them, for the plainest games only: each a
    ``tuple`` (a list could change before the working reads it again) of a whole ``int``
    rating in range and a played result (``1``, ``½``, ``0.5``, ``"0"`` ...). None as
    soon as one game is anything else: :func:`_read` then reads them, with its errors."""
    half = 0
    opponents: list[int] = []
    append = opponents.append
    halves = _FAST_HALVES
    fast_types = _FAST_TYPES
    low, high = RATING_MIN, RATING_MAX
    try:
        for item in items:
            opponent, result = item
            if (
                type(opponent) is int
                and low <= opponent <= high
                and type(result) in fast_types
                and type(item) is tuple
            ):
                # KeyError: not a plain result; TypeError: a forfeit (its half-points None).
                half += halves[result]  # type: ignore[operator]  # None: caught just below
                append(opponent)
            else:
                return None
    except (TypeError, ValueError, KeyError):  # also an item that is not a pair
        return None
    # Whole-number ratings in range: every difference's P(D) read from the table of the
    # very floats the curve gives (the same sum as expected_score, without erf).
    return len(items), half, table_score(expectancy_table(), rating, opponents)


def _lines_of(items: list[GameInput]) -> list[GameLine]:
    return _game_lines(_read(items)[0])


def _half_points(score: Score) -> int:
    points = score.points
    return 2 * points.numerator // points.denominator


def _game_lines(read: list[tuple[int | None, Score]]) -> list[GameLine]:
    """The game lines of :func:`_read`'s games (numbered from 1)."""
    lines = []
    for number, (rating, score) in enumerate(read, start=1):
        counted = score.counted and rating is not None
        reason = None
        if not score.counted:
            reason = "forfeit"
        elif rating is None:
            reason = "opponent_unrated"
        lines.append(GameLine(rating, score, score.points, counted, None, None, reason, number))
    return lines


def _lines(games: Iterable[GameInput], *, field: str = "games") -> list[GameLine]:
    return _game_lines(_read(games, field)[0])


def _end_date(end_date: object) -> dt.date:
    """The tournament's end date; none given: today."""
    return parse_date(end_date, field="end_date") or dt.date.today()


def forecast(
    rating: int,
    index: int | None,
    games: Iterable[GameInput],
    *,
    age: int | None = None,
    birth_year: int | None = None,
    end_date: dt.date | str | None = None,
    development_factor: float | Fraction | None = None,
    development_coefficient: int | None = None,
    regulations: str | None = None,
    method: str = "exact",
    foreign_rating: bool = False,
) -> Forecast:
    """New DWZ of a player with DWZ ``rating``-``index`` after ``games``.

    ``games`` are ``(opponent_rating, result)`` pairs; results are 1, 0.5, 0 or
    the symbols ``1 ½ 0.5 = 0 + -`` (forfeits ``+``/``-`` are listed but never
    counted). The regulations follow from ``end_date`` (WO 2026 from
    2026-06-08; no date: today). ``age`` or ``birth_year`` pick the age group
    (unknown: over 25). ``development_factor`` (K, WO 2026) or
    ``development_coefficient`` (E, WO 2014) override the rules. ``method="table"``
    rounds each P(D) to two decimals; ``method="swiss-chess"`` computes as the Swiss-Chess
    program's unofficial evaluation does (the table, the change truncated, its rounding of
    the braking surcharge: :data:`wertung.kernel.swiss_chess.DIFFERENCES`; ``age`` is the age
    Swiss-Chess counts, the printing year − year of birth). Neither is ever the default.
    """
    if (
        type(end_date) is dt.date
        and type(rating) is int
        and RATING_MIN <= rating <= RATING_MAX
        and (index is None or (type(index) is int and index >= 0))
        and (age is None or (type(age) is int and 0 <= age <= 120))
        and birth_year is None
        and development_factor is None
        and development_coefficient is None
        and regulations is None
        and type(method) is str
        and method == "exact"
    ):
        # The common case, checked at once: every argument already what the general
        # checks below would return. The games are read once for the figures (a copy
        # kept for the working, which reads them again on first access).
        items = games[:] if type(games) is list else list(games)
        plain = _read_plain(items, rating)
        regs = WO_2026 if end_date >= _WO_2026_FROM else WO_2014
        if plain is not None:
            n, half, expected = plain
            return make_forecast(rating, index, n, half, partial(_lines_of, items), regs, age,
                                 end_date, "exact", win_expectancy, foreign_rating,
                                 expected)  # fmt: skip
        return _exact_forecast(rating, index, items, regs, age, end_date, "exact", foreign_rating)
    if rating.__class__ is not int or not RATING_MIN <= rating <= RATING_MAX:
        rating = check_rating(rating, field="rating", allow_none=False)
    if index is not None and (index.__class__ is not int or index < 0):
        index = check_index(index)
    if birth_year is not None:
        birth_year = check_birth_year(birth_year)
    date = end_date if end_date.__class__ is dt.date else _end_date(end_date)
    check_born_by(birth_year, date)
    if regulations is None:
        regs = WO_2026 if date >= WO_2026.valid_from else WO_2014
    else:
        regs = dwz_regulations_for(date, name=regulations)
    if age is None:
        player_age = None if birth_year is None else date.year - birth_year
    elif age.__class__ is int and 0 <= age <= 120:
        player_age = age
    else:
        if isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= 120:
            raise InvalidInput(
                f"age {age!r} is not an age (0 to 120)",
                code="age.invalid",
                params={"age": repr(age)},
                field="age",
            )
        player_age = age_at(birth_year, date, age=age)
    k = None
    if development_factor is not None:
        try:
            k = Fraction(str(development_factor))
        except (ValueError, ZeroDivisionError):  # inf, nan, text
            raise InvalidInput(
                f"development factor {development_factor!r} must be above 0 (and at most 200)",
                code="development_factor.invalid",
                params={"value": repr(development_factor)},
                field="development_factor",
            ) from None
        if not 0 < k <= 200:
            raise InvalidInput(
                f"development factor {development_factor!r} must be above 0 (and at most 200)",
                code="development_factor.invalid",
                params={"value": development_factor},
                field="development_factor",
            )
    e = None
    if development_coefficient is not None:
        if (
            isinstance(development_coefficient, bool)
            or int(development_coefficient) != (development_coefficient)
            or not 1 <= int(development_coefficient) <= 200
        ):
            raise InvalidInput(
                f"development coefficient {development_coefficient!r} must be a whole number "
                "from 1 to 200",
                code="development_coefficient.invalid",
                params={"value": repr(development_coefficient)},
                field="development_coefficient",
            )
        e = int(development_coefficient)
    expectancy = _EXPECTANCY.get(method)
    # Taken as a method: an unknown one is refused (expectancy_function) before any figure.
    known = cast("Method", method)
    if expectancy is win_expectancy and k is None and e is None:
        return _exact_forecast(rating, index, games, regs, player_age, date, known,
                               foreign_rating)  # fmt: skip
    read, opponents, half, _expected = _read(games)
    if k is not None or e is not None:
        return evaluate_established(
            rating,
            index,
            _game_lines(read),
            regulations=regs,
            age=player_age,
            end_date=date,
            method=known,
            development_factor=k,
            development_coefficient=e,
            foreign_rating=foreign_rating,
        )
    if expectancy is None:
        expectancy = expectancy_function(method)  # an unknown method: its error
    return make_forecast(rating, index, opponents, half, partial(_game_lines, read), regs,
                         player_age, date, known, expectancy, foreign_rating)  # fmt: skip


def _exact_forecast(
    rating: int,
    index: int | None,
    games: Iterable[GameInput],
    regs: DwzRegulations,
    age: int | None,
    date: dt.date,
    method: Method,
    foreign_rating: bool,
) -> Forecast:
    """A forecast on the exact curve with the rules' K or E (the arguments checked): the
    games read once, into values that the working reads (a later change to the caller's
    games changes nothing)."""
    read, opponents, half, expected = _read(games, rating=rating)
    return make_forecast(rating, index, len(opponents), half, partial(_game_lines, read), regs,
                         age, date, method, win_expectancy, foreign_rating,
                         expected)  # fmt: skip


def index_range(
    rating: int,
    games: Iterable[GameInput],
    *,
    age: int | None = None,
    birth_year: int | None = None,
    end_date: dt.date | str | None = None,
    regulations: str | None = None,
    method: str = "exact",
) -> IndexRange:
    """The lowest and highest new DWZ over every index, for a DWZ whose index is unknown.

    Same arguments as :func:`forecast` without the index: show this range next to a
    forecast made without the index (the rules then use the first K0 column, WO 2026,
    or E ≤ 5, WO 2014).

    >>> r = index_range(1500, [(1650, "½"), (1400, 1), (1550, 0), (1480, 1),
    ...                        (1600, "½"), (1350, 1), (1520, "½")], age=40, end_date="2026-09-01")
    >>> r.lowest, r.highest
    (1534, 1568)
    """
    from wertung.dwz._unknown_index import index_range as _index_range

    rating = check_rating(rating, field="rating", allow_none=False)
    birth_year = check_birth_year(birth_year)
    date = _end_date(end_date)
    check_born_by(birth_year, date)
    regs = dwz_regulations_for(date, name=regulations)
    return _index_range(
        rating,
        _lines(games),
        regulations=regs,
        age=age_at(birth_year, date, age=age),
        end_date=date,
        method=cast("Method", method),  # an unknown one: refused by evaluate_established
    )


def first_dwz(
    games: Iterable[GameInput],
    *,
    carry_over: Iterable[GameInput | CarryOverGame] = (),
    age: int | None = None,
    birth_year: int | None = None,
    end_date: dt.date | str | None = None,
    member: bool = True,
    regulations: str | None = None,
    method: str = "exact",
) -> FirstDwz:
    """First DWZ (Erst-DWZ) of a player without DWZ from ``games`` against rated opponents.

    ``carry_over`` games (Restpartien) from earlier tournaments count too; each is
    ``(opponent_rating, result)`` or a :class:`CarryOverGame` with its end date
    (expired ones are listed but not used). ``member=False`` marks an
    unaffiliated player: the result is *conditional*.

    >>> r = first_dwz([(1500, 1), (1600, 0), (1400, "½"), (1550, 1), (1450, 0)],
    ...               end_date="2026-09-01")
    >>> r.stage, r.rating
    (1, 1540)
    """
    from wertung.dwz._carry_over import CarryOverGame
    from wertung.dwz._first_dwz import single_first_dwz

    birth_year = check_birth_year(birth_year)
    date = _end_date(end_date)
    check_born_by(birth_year, date)
    regs = dwz_regulations_for(date, name=regulations)
    player_age = age_at(birth_year, date, age=age)
    carried: list[CarryOverGame] = []
    for number, item in enumerate(carry_over, start=1):
        if isinstance(item, CarryOverGame):
            carried.append(item)
            continue
        try:
            opponent, result = item
        except (TypeError, ValueError):
            raise InvalidInput(
                f"carry-over game {number}: expected (opponent_rating, result)",
                code="carry_over.expected_pair",
                params={"number": number},
                field="carry_over",
                game=number,
            ) from None
        carried.append(
            CarryOverGame(
                opponent_rating=check_rating(
                    opponent, field="carry_over.opponent_rating", allow_none=False, game=number
                ),
                result=parse_score(result, field="carry_over.result", game=number),
            )
        )
    return single_first_dwz(
        _lines(games),
        carry_over=carried,
        regulations=regs,
        age=player_age,
        end_date=date,
        member=member,
        method=cast("Method", method),  # an unknown one: refused by single_first_dwz
    )


def upgrade(rating: int, index: int | None = None) -> Upgrade:
    """The 2026 upgraded DWZ (DWZ-Anhebung): see :func:`wertung.dwz._upgrade.upgrade`."""
    from wertung.dwz._upgrade import upgrade as _upgrade

    return _upgrade(rating, index)


def needed(
    rating: int,
    index: int | None,
    games: Iterable[GameInput],
    remaining: Iterable[object] | int,
    target: int,
    **options: object,
) -> Needed:
    """The smallest score in the ``remaining`` games for a new DWZ of at least ``target``.

    ``remaining``: the opponents' ratings of the games still to play, or a count with
    ``opponent=`` one expected rating; ``options`` as in :func:`forecast`. The result has
    ``points`` (None: out of reach; 0: reached already), ``new_rating`` and the whole
    ``table`` score → new DWZ. Every line of the table is :func:`forecast` for that score.

    >>> r = needed(1500, 5, [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½")],
    ...            [1350, 1520], 1547, age=40, end_date="2026-09-01")
    >>> r.points, r.new_rating
    (Fraction(3, 2), 1547)
    """
    from wertung.kernel.needed import plan, remaining_opponents, target_rating, with_remaining

    opponent = options.pop("opponent", None)
    played = list(games)
    opponents = remaining_opponents(remaining, opponent)
    goal = target_rating(target)
    forecast(rating, index, played, **options)  # type: ignore[arg-type]  # checked once, up front

    def rating_at(points: Fraction) -> int:
        lines = with_remaining(played, opponents, points)
        return forecast(rating, index, lines, **options).new_rating  # type: ignore[arg-type]  # as above

    return plan(rating_at, remaining=len(opponents), target=goal, current=rating)


def needed_first(
    games: Iterable[GameInput],
    remaining: Iterable[object] | int,
    target: int | None = None,
    **options: object,
) -> Needed:
    """The smallest score in the ``remaining`` games for a first DWZ (of at least ``target``).

    Without ``target``: for a first DWZ at all (stage 1: enough games against rated
    opponents and at least ½ point among them). ``options`` as in :func:`first_dwz`
    (``carry_over``, ``birth_year``, ``member``, ...).
    """
    from wertung.kernel.needed import plan, remaining_opponents, target_rating, with_remaining

    opponent = options.pop("opponent", None)
    played = list(games)
    opponents = remaining_opponents(remaining, opponent)
    goal = target_rating(target, required=False)
    first_dwz(played, **options)  # type: ignore[arg-type]  # first_dwz's own keywords, checked by it

    def rating_at(points: Fraction) -> int | None:
        lines = with_remaining(played, opponents, points)
        return first_dwz(lines, **options).rating  # type: ignore[arg-type]  # as above

    return plan(rating_at, remaining=len(opponents), target=goal, current=None)

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

from .core.errors import InvalidDate, InvalidInput
from .core.first_dwz import FirstDwz, single_first_dwz
from .core.forecast import Forecast, GameLine, evaluate_established
from .core.model import CarryOverGame, check_birth_year, check_index, check_rating, parse_date
from .core.regulations.dwz import age_at, dwz_regulations_for
from .core.results import parse_score
from .core.upgrade import Upgrade
from .core.upgrade import upgrade as _upgrade

__all__ = ["FirstDwz", "Forecast", "GameLine", "Upgrade", "first_dwz", "forecast", "upgrade"]

GameInput = tuple[object, object]


def _lines(games: Iterable[GameInput], *, field: str = "games") -> list[GameLine]:
    lines = []
    for number, item in enumerate(games, start=1):
        try:
            opponent, result = item  # type: ignore[misc]
        except (TypeError, ValueError):
            raise InvalidInput(
                f"game {number}: expected (opponent_rating, result)", field=field, game=number
            ) from None
        rating = check_rating(
            opponent, field=f"{field}.opponent_rating", allow_none=True, game=number
        )
        score = parse_score(result, field=f"{field}.result", game=number)
        counted = score.counted and rating is not None
        reason = None
        if not score.counted:
            reason = "forfeit"
        elif rating is None:
            reason = "opponent_unrated"
        lines.append(
            GameLine(
                opponent_rating=rating,
                result=score,
                points=score.points,
                counted=counted,
                reason=reason,
                round=number,
            )
        )
    return lines


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
    rounds each P(D) to two decimals as Swiss-Chess does (never the default).
    """
    rating = check_rating(rating, field="rating", allow_none=False)
    index = check_index(index)
    birth_year = check_birth_year(birth_year)
    date = _end_date(end_date)
    if birth_year is not None and birth_year > date.year:  # patch 3 (README)
        raise InvalidDate(
            f"year of birth {birth_year} is after the date {date.isoformat()}", field="birth_year"
        )
    regs = dwz_regulations_for(date, name=regulations)
    if age is not None and (
        isinstance(age, bool) or not isinstance(age, int) or not 0 <= age <= 120
    ):
        raise InvalidInput(f"age {age!r} is not an age (0 to 120)", field="age")
    player_age = age_at(birth_year, date, age=age)
    k = None
    if development_factor is not None:
        k = Fraction(str(development_factor))
        if not 0 < k <= 200:
            raise InvalidInput(
                f"development factor {development_factor!r} must be above 0 (and at most 200)",
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
                field="development_coefficient",
            )
        e = int(development_coefficient)
    return evaluate_established(
        rating,
        index,
        _lines(games),
        regulations=regs,
        age=player_age,
        end_date=date,
        method=method,
        development_factor=k,
        development_coefficient=e,
        foreign_rating=foreign_rating,
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
    birth_year = check_birth_year(birth_year)
    date = _end_date(end_date)
    if birth_year is not None and birth_year > date.year:  # patch 3 (README)
        raise InvalidDate(
            f"year of birth {birth_year} is after the date {date.isoformat()}", field="birth_year"
        )
    regs = dwz_regulations_for(date, name=regulations)
    player_age = age_at(birth_year, date, age=age)
    carried: list[CarryOverGame] = []
    for number, item in enumerate(carry_over, start=1):
        if isinstance(item, CarryOverGame):
            carried.append(item)
            continue
        try:
            opponent, result = item  # type: ignore[misc]
        except (TypeError, ValueError):
            raise InvalidInput(
                f"carry-over game {number}: expected (opponent_rating, result)",
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
        method=method,
    )


def upgrade(rating: int, index: int | None = None) -> Upgrade:
    """The 2026 upgraded DWZ (DWZ-Anhebung): see :func:`wertung.dwz._upgrade.upgrade`."""
    return _upgrade(rating, index)

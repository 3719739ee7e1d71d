"""The input checks of ratings, indexes, years of birth and dates.

Light on purpose (no dataclasses, nothing built at import): the calculators
(:mod:`wertung.dwz`, :mod:`wertung.fide`) need only these, not the tournament model.
:mod:`wertung.tournament._model` re-exports every name, so ``from wertung.tournament._model import
check_rating`` keeps working.

>>> check_rating("1500", field="rating"), check_index(None), check_birth_year(2010)
(1500, None, 2010)
>>> parse_date("1.9.2026")
datetime.date(2026, 9, 1)
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Literal, Unpack, overload

from wertung.kernel.errors import InvalidDate, InvalidIndex, InvalidRating, Where

__all__ = [
    "RATING_MAX",
    "RATING_MIN",
    "check_birth_year",
    "check_born_by",
    "check_index",
    "check_rating",
    "parse_date",
]

RATING_MIN = 0
RATING_MAX = 3500


def _whole_number(text: str) -> bool:
    """ASCII digits only, and few enough for any rating, index or year (no '²', no 5,000 digits)."""
    return 0 < len(text) <= 6 and text.isascii() and text.isdigit()


def _shown(value: object) -> str:
    """A value for an error message: its repr, shortened when very long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


@overload
def check_rating(
    value: object, *, field: str, allow_none: Literal[False], **where: Unpack[Where]
) -> int: ...
@overload
def check_rating(
    value: object, *, field: str, allow_none: bool = True, **where: Unpack[Where]
) -> int | None: ...
def check_rating(
    value: object, *, field: str, allow_none: bool = True, **where: Unpack[Where]
) -> int | None:
    """Check that ``value`` is a whole rating within 0–3500 and return it as ``int``."""
    label = field.rsplit(".", 1)[-1].replace("_", " ")
    if value is None:
        if allow_none:
            return None
        raise InvalidRating(
            f"{label} is missing",
            code="rating.missing",
            params={"label": label},
            field=field,
            **where,
        )
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        if isinstance(value, str) and _whole_number(value.strip().lstrip("-")):
            value = int(value.strip())
        else:
            raise InvalidRating(
                f"{label} {_shown(value)} is not a rating (a whole number from 0 to 3500)",
                code="rating.not_a_rating",
                params={"label": label, "value": _shown(value)},
                field=field,
                **where,
            )
    if int(value) != value:
        raise InvalidRating(
            f"{label} {_shown(value)} is not a whole number (ratings are 0 to 3500)",
            code="rating.not_whole",
            params={"label": label, "value": _shown(value)},
            field=field,
            **where,
        )
    if not RATING_MIN <= value <= RATING_MAX:
        raise InvalidRating(
            f"{label} {int(value)} is out of range; ratings are {RATING_MIN} to {RATING_MAX}",
            code="rating.out_of_range",
            params={"label": label, "value": int(value), "low": RATING_MIN, "high": RATING_MAX},
            field=field,
            **where,
        )
    return int(value)


def check_index(value: object, *, field: str = "index", **where: Unpack[Where]) -> int | None:
    """Check a DWZ index (number of evaluations so far): a whole number ≥ 0, or None."""
    if value is None:
        return None
    if isinstance(value, str) and _whole_number(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidIndex(
            f"{field} {_shown(value)} is not a DWZ index (a whole number, 0 or more)",
            code="index.not_an_index",
            params={"label": field, "value": _shown(value)},
            field=field,
            **where,
        )
    if value < 0:
        raise InvalidIndex(
            f"{field} {value} is negative; the DWZ index is 0 or more",
            code="index.negative",
            params={"label": field, "value": value},
            field=field,
            **where,
        )
    return value


def check_birth_year(
    value: object, *, field: str = "birth_year", **where: Unpack[Where]
) -> int | None:
    """Check a year of birth (1880–2100) or None."""
    if value is None:
        return None
    if isinstance(value, str) and _whole_number(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1880 <= value <= 2100:
        raise InvalidDate(
            f"{field} {_shown(value)} is not a year of birth",
            code="birth_year.invalid",
            params={"label": field, "value": _shown(value)},
            field=field,
            **where,
        )
    return value


def check_born_by(birth_year: int | None, date: dt.date, **where: Unpack[Where]) -> None:
    """Refuse a (checked) year of birth after the year of ``date``: the age for the rules
    (year of the date − year of birth) would be negative.

    >>> check_born_by(2026, dt.date(2026, 9, 1))
    >>> check_born_by(2027, dt.date(2026, 9, 1))
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.InvalidDate: year of birth 2027 is after the date 2026-09-01
    """
    if birth_year is not None and birth_year > date.year:
        raise InvalidDate(
            f"year of birth {birth_year} is after the date {date.isoformat()}",
            code="birth_year.after_date",
            params={"born": str(birth_year), "when": date.isoformat()},
            field="birth_year",
            **where,
        )


def parse_date(value: object, *, field: str = "end_date", **where: Unpack[Where]) -> dt.date | None:
    """Read an ISO date (``2026-09-01``) or a German one (``1.9.2026``)."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        text = value.strip()
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
        for fmt in ("%d.%m.%Y", "%Y/%m/%d", "%d/%m/%Y"):
            try:
                return dt.datetime.strptime(text, fmt).date()
            except ValueError:
                continue
    raise InvalidDate(
        f"{field} {value!r} is not a date; use YYYY-MM-DD (or DD.MM.YYYY)",
        code="date.invalid",
        params={"label": field, "value": repr(value)},
        field=field,
        **where,
    )

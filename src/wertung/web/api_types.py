"""The JSON API's input types: whole numbers as JSON Schema means them, ratings, years,
dates, results, the remaining games and the chess-results link -- each strict (``true``,
``"1500"`` and ``1.5`` are not numbers) and with its bounds in the OpenAPI document.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(Rating).validate_python(1500.0)
1500
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    PlainValidator,
    StrictInt,
    StrictStr,
    WithJsonSchema,
)

from ..core.results import _SCORE_SYMBOLS

__all__ = [
    "LINK_PATTERN",
    "RESULT_VALUES",
    "Age",
    "DwzRating",
    "DwzRemaining",
    "EloRemaining",
    "Index",
    "IsoDate",
    "Rating",
    "ResultSymbol",
    "Year",
    "dwz_only",
    "split_own",
    "whole",
]


def _not_a_boolean(value: Any) -> Any:
    """``true``/``false`` are not results (Python would take them for 1 and 0)."""
    if isinstance(value, bool):
        raise ValueError("a boolean is not a result")
    return value


#: Every result the engine reads (its symbols as written, and the numbers 1, 0.5, 0).
RESULT_VALUES = (*sorted(_SCORE_SYMBOLS), 1, 0.5, 0)
ResultSymbol = Annotated[
    Literal[RESULT_VALUES],  # type: ignore[valid-type]
    BeforeValidator(_not_a_boolean),
]


def _whole(value: Any) -> Any:
    """JSON's integers include ``1500.0``; booleans, strings and fractions stay refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def whole(ge: int, le: int) -> Any:
    """A whole number ``ge``–``le`` as JSON Schema's ``integer`` means it: ``1500.0`` taken,
    ``true``, ``1.5`` and ``"1500"`` refused; the bounds in the document."""
    return Annotated[StrictInt, Field(ge=ge, le=le), BeforeValidator(_whole)]


#: A rating (DWZ or FIDE): a whole number 0–3500.
Rating = whole(0, 3500)
#: A DWZ index: a whole number, 0 or more.
Index = whole(0, 10_000)
#: A year of birth.
Year = whole(1880, 2100)
#: An age in years.
Age = whole(0, 120)


def _iso_date(value: str) -> str:
    """A calendar date written YYYY-MM-DD (kept as text for the engine)."""
    if not _ISO_DATE.fullmatch(value):
        raise ValueError("a date is written YYYY-MM-DD")
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value} is not a calendar date") from None
    return value


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: A date as YYYY-MM-DD (``format: date``).
IsoDate = Annotated[
    StrictStr,
    AfterValidator(_iso_date),
    Field(json_schema_extra={"format": "date"}, description="YYYY-MM-DD"),
]


def split_own(value: Any) -> tuple[Any, int | None]:
    """``"1500-5"`` → (1500, 5); anything else unchanged, no index."""
    if isinstance(value, str):
        from .forms import split_rating

        rating, index = split_rating(value)
        if index is not None:
            return int(rating), int(index)
    return value, None


def dwz_only(value: Any) -> Any:
    """An opponent's DWZ: ``"1650-12"`` counts as 1650."""
    return split_own(value)[0]


DwzRating = Annotated[
    Rating | None,
    BeforeValidator(dwz_only),
    Field(description='opponent\'s DWZ (1650 or, as on the DSB card, "1650-12"); None: unrated'),
]


_REMAINING_SCHEMA = {
    "anyOf": [
        {
            "type": "array",
            "maxItems": 60,
            "items": {
                "anyOf": [{"type": "integer", "minimum": 0, "maximum": 3500}, {"type": "null"}]
            },
        },
        {"type": "integer", "minimum": 0, "maximum": 60},
    ]
}


def _remaining(split: bool) -> Any:
    """The games still to play: opponents' ratings (None: unrated) or a count (0–60).

    One validator for both shapes, so that an error names ``remaining`` (not pydantic's
    union branch); ``split``: DWZ with index (``"1650-12"``) counts as the DWZ.
    """

    def check(value: Any) -> Any:
        value = _whole(value)
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= 60:
                raise ValueError(f"a count of remaining games is 0 to 60, not {value}")
            return value
        if isinstance(value, list):
            if len(value) > 60:
                raise ValueError("at most 60 remaining games")
            out: list[int | None] = []
            for number, item in enumerate(value, start=1):
                item = _whole(dwz_only(item) if split else item)
                if item is None:
                    out.append(None)
                    continue
                if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 3500:
                    raise ValueError(f"remaining game {number}: {item!r} is not a rating (0–3500)")
                out.append(item)
            return out
        raise ValueError("a list of the opponents' ratings or a count of games")

    return check


DwzRemaining = Annotated[Any, PlainValidator(_remaining(True)), WithJsonSchema(_REMAINING_SCHEMA)]
EloRemaining = Annotated[Any, PlainValidator(_remaining(False)), WithJsonSchema(_REMAINING_SCHEMA)]

#: What the importer takes: a chess-results.com tournament link, or the bare number.
LINK_PATTERN = (
    r"^\s*([1-9]\d{0,8}|(https?://)?([a-z0-9-]+\.)*chess-results\.com/"
    r"([A-Za-z0-9._/-]*/)?tnr[1-9]\d{0,8}\.aspx([?#][^\s]*)?)\s*$"
)

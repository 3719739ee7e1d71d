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
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from annotated_types import GroupedMetadata
from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    PlainValidator,
    StrictInt,
    StrictStr,
    WithJsonSchema,
)
from pydantic.config import JsonDict

from wertung.kernel.results import _SCORE_SYMBOLS

__all__ = [
    "COUNT_NEEDS_OPPONENT",
    "LINK_PATTERN",
    "RESULT_VALUES",
    "Age",
    "DwzRating",
    "DwzRemaining",
    "EloRemaining",
    "Index",
    "IsoDate",
    "OwnElo",
    "Rating",
    "ResultSymbol",
    "Whole",
    "Year",
    "dwz_only",
    "split_own",
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


class Whole(GroupedMetadata):
    """A whole number ``ge``–``le`` as JSON Schema's ``integer`` means it: ``1500.0`` taken,
    ``true``, ``1.5`` and ``"1500"`` refused; the bounds in the document.

    Used as ``Annotated[StrictInt, Whole(1, 200)]`` (pydantic unpacks the group), so that
    type checkers see an ``int``.
    """

    def __init__(self, ge: int, le: int) -> None:
        self.ge, self.le = ge, le

    def __iter__(self) -> Iterator[object]:
        yield Field(ge=self.ge, le=self.le)
        yield BeforeValidator(_whole)


#: A rating (DWZ or FIDE): a whole number 0–3500.
Rating = Annotated[StrictInt, Whole(0, 3500)]
#: A player's own FIDE rating: 1–3500 (0 is unrated; an unrated player gets an initial rating).
OwnElo = Annotated[StrictInt, Whole(1, 3500)]
#: A DWZ index: a whole number, 0 or more.
Index = Annotated[StrictInt, Whole(0, 10_000)]
#: A year of birth.
Year = Annotated[StrictInt, Whole(1880, 2100)]
#: An age in years.
Age = Annotated[StrictInt, Whole(0, 120)]


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
        from wertung.web.rating_text import split_rating

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


_RATING_SCHEMA = {"type": "integer", "minimum": 0, "maximum": 3500}


def _remaining_schema(unrated: bool) -> dict[str, Any]:
    """The document's ``remaining``: a list of ratings (with null when ``unrated``) or a count."""
    item = {"anyOf": [_RATING_SCHEMA, {"type": "null"}]} if unrated else _RATING_SCHEMA
    return {
        "anyOf": [
            {"type": "array", "maxItems": 60, "items": item},
            {"type": "integer", "minimum": 0, "maximum": 60},
        ]
    }


#: A DWZ-needed request with a count of remaining games names the expected opponent.
COUNT_NEEDS_OPPONENT: JsonDict = {
    "if": {
        "properties": {"remaining": {"type": "integer", "minimum": 1}},
        "required": ["remaining"],
    },
    "then": {"properties": {"opponent": {"type": "integer"}}, "required": ["opponent"]},
}


def _remaining(split: bool) -> Any:
    """The games still to play: opponents' ratings or a count (0–60).

    One validator for both shapes, so that an error names ``remaining`` (not pydantic's
    union branch); ``split`` (DWZ): ``"1650-12"`` counts as the DWZ, and every opponent
    has a rating (the DWZ counts no game against an unrated one); without ``split``
    (Elo) ``None`` is an unrated opponent.
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
                if item is None and not split:
                    out.append(None)
                    continue
                if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 3500:
                    raise ValueError(f"remaining game {number}: {item!r} is not a rating (0–3500)")
                out.append(item)
            return out
        raise ValueError("a list of the opponents' ratings or a count of games")

    return check


DwzRemaining = Annotated[
    Any, PlainValidator(_remaining(True)), WithJsonSchema(_remaining_schema(unrated=False))
]
EloRemaining = Annotated[
    Any, PlainValidator(_remaining(False)), WithJsonSchema(_remaining_schema(unrated=True))
]

#: What the importer takes (a subset of what :func:`~wertung.sources.chessresults.tournament_number`
#: reads, so that every link the document allows is one the importer accepts): the bare number
#: (or ``tnrNNN``), or a link to chess-results.com or a mirror (``www.``, ``archive.``, ``s2.``)
#: with ``/tnrNNN.aspx`` as its path and any query or fragment without spaces or backslashes.
LINK_PATTERN = (
    r"^ *((tnr)?[1-9][0-9]{0,8}|(https?://)?((www|archive|s[0-9]{1,2})\.)?chess-results\.com"
    r"/tnr[1-9][0-9]{0,8}(\.aspx)?/?([?#][^\x00-\x20\x7f\\]*)?) *$"
)

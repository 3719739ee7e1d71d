"""Exception classes.

Every error the library raises on bad input derives from :class:`WertungError`
and names the item it is about (``field``, and where known the player, round or
line), so that front ends can print one clear sentence and point at the input
field instead of showing a traceback.

How an error carries its message (issue 21): every raise passes the message catalogue's
``code`` and the ``params`` its template is made of, together with the English text::

    >>> error = InvalidRating(
    ...     "rating 9999 is out of range; ratings are 0 to 3500",
    ...     code="rating.out_of_range",
    ...     params={"label": "rating", "value": 9999, "low": 0, "high": 3500},
    ...     field="rating",
    ... )
    >>> error.code, str(error)
    ('rating.out_of_range', 'rating 9999 is out of range; ratings are 0 to 3500')

The English text is what ``str(error)`` and ``error.message`` give, the same bytes as
the raise wrote (the catalogue's English rendering is not always those bytes: it says
"year of birth" where the text names the field ``birth_year``). Other languages are
rendered from ``code`` and ``params`` by the front ends through the catalogue
(``wertung.catalogue.render(error, "de")``). The kernel never imports the catalogue and
nothing reads an error's English text to find out what it is: code that needs to know
branches on ``code``. A place written in front of a message (``line 12: …``) travels in
``params["context"]`` as plain data made with :func:`message` and :func:`places` (the
shape the JSON API has always shown). Where the error is (``player``, ``round``,
``line``, …) are the keywords of :class:`Where`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypedDict, Unpack, cast

__all__ = [
    "FormatError",
    "InvalidDate",
    "InvalidIndex",
    "InvalidInput",
    "InvalidRating",
    "InvalidResult",
    "InvalidTournament",
    "Place",
    "SourceError",
    "WertungError",
    "Where",
    "inner",
    "message",
    "place_of",
    "places",
    "within",
]


#: Where in the input an error is (each key optional; ``None`` is left out). Written as a
#: call: the class form makes a ``ForwardRef`` of every key's string annotation, about 2 ms
#: of every command line's start-up (``benchmarks/bench_cli.py``).
Where = TypedDict(  # noqa: UP013 - the call form, for the start-up (above)
    "Where",
    {
        "player": str | int | None,
        "round": int | None,
        "game": int | None,
        "line": int | None,
        "column": int | None,
        "carry_over": int | None,
        "key": str | None,
        "file_kind": str | None,
        "element": str | None,
        "bye": int | None,
        "tournament": int | None,
        # the source could not be reached (the web says so in its words)
        "unreachable": bool | None,
    },
    total=False,
)


def message(code: str, /, **params: object) -> dict[str, object]:
    """A catalogue message as plain data (a place, or a message inside a message).

    >>> message("place.line", n=12)
    {'code': 'place.line', 'params': {'n': 12}}
    """
    return {"code": code, "params": params}


def places(*parts: object, sep: str | None = None) -> dict[str, object]:
    """Places one after the other (``row 3, player 5``; with ``sep=": "``: ``SWT: row 3``).

    >>> places(message("place.line", n=12))
    {'code': 'place', 'params': {'parts': [{'code': 'place.line', 'params': {'n': 12}}]}}
    """
    params: dict[str, object] = {"parts": list(parts)}
    if sep is not None:
        params["sep"] = sep
    return {"code": "place", "params": params}


class Place(str):
    """The English text of a place (``tournament 5, crosstable (URL)``) with its catalogue data.

    Code that writes the place into a text keeps doing so; an error about it takes the data
    (:func:`place_of`).

    >>> where = Place("line 3", places(message("place.line", n=3)))
    >>> f"{where}: bad", place_of(where)["params"]["parts"][0]["code"]
    ('line 3: bad', 'place.line')
    """

    data: dict[str, object]

    def __new__(cls, text: str, data: Mapping[str, object]) -> Place:
        self = super().__new__(cls, text)
        self.data = dict(data)
        return self


def place_of(value: object) -> dict[str, object]:
    """The place data of ``value``: a :class:`Place`'s own, else a file name or address."""
    if isinstance(value, Place):
        return value.data
    return places(message("place.path", path=str(value)))


#: Texts of the standard library (``OSError.strerror``, ``zipfile``) that the catalogue
#: knows: the whole text, or a pattern whose groups are the params (compiled when first
#: matched, by ``re``'s own cache: an error's path, not every start-up).
_FOREIGN: tuple[tuple[str, str], ...] = (
    (r"No such file or directory", "os.no_such_file"),
    (r"Permission denied", "os.permission"),
    (r"Is a directory", "os.is_directory"),
    (r"Cannot assign requested address", "os.address_not_available"),
    (r"File is not a zip file", "zip.bad_file"),
    (r"Bad magic number for file header", "zip.bad_magic"),
    (r"Bad CRC-32 for file (?P<name>'.*')", "zip.bad_crc"),
)


def inner(value: object) -> dict[str, object]:
    """A message inside a message: an error's code and params, a known text of the standard
    library (``No such file or directory``) by its code, any other text as it is.

    >>> inner("Bad CRC-32 for file 'a.xml'")
    {'code': 'zip.bad_crc', 'params': {'name': "'a.xml'"}}
    >>> inner(ValueError("odd"))
    {'code': 'untranslated', 'params': {'text': 'odd'}}
    """
    if isinstance(value, WertungError):
        return {"code": value.code, "params": value.params}
    text = str(value)
    for pattern, code in _FOREIGN:
        found = re.fullmatch(pattern, text)
        if found:
            return {"code": code, "params": found.groupdict()}
    return {"code": "untranslated", "params": {"text": text}}


def within(place: Mapping[str, object], params: Mapping[str, object]) -> dict[str, object]:
    """``params`` of a message with ``place`` written in front of it (``SWT: <message>``).

    A message that already has a place keeps it after the new one
    (``SWT: row 3: …``).

    >>> within(places(message("place.swt")), {"value": 1})["context"]["params"]["parts"][0]["code"]
    'place.swt'
    """
    context = params.get("context")
    outer = dict(place) if context is None else places(place, context, sep=": ")
    return {**params, "context": outer}


class WertungError(Exception):
    """Base class of all errors raised by wertung on bad input or bad data.

    ``message`` is the English text; ``code`` the catalogue's stable code of it
    (``rating.out_of_range``) and ``params`` the values the message is made of
    (JSON-ready), so front ends render it in the page's language.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        params: Mapping[str, object] | None = None,
        field: str | None = None,
        **where: Unpack[Where],
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.params: dict[str, object] = dict(params) if params is not None else {}
        self.where: Where = cast(Where, {k: v for k, v in where.items() if v is not None})

    def to_dict(self) -> dict[str, object]:
        """The error as plain data (used by the JSON API and ``--json``)."""
        data: dict[str, object] = {"error": type(self).__name__, "message": self.message}
        if self.field is not None:
            data["field"] = self.field
        data.update(self.where)
        data["code"] = self.code
        data["params"] = self.params
        return data


class InvalidInput(WertungError, ValueError):
    """An input value is outside what the rules accept."""


class InvalidRating(InvalidInput):
    """A rating is outside 0–3500 or not a whole number."""


class InvalidIndex(InvalidInput):
    """A DWZ index is negative or not a whole number."""


class InvalidResult(InvalidInput):
    """A game result symbol is not one of the accepted ones."""


class InvalidDate(InvalidInput):
    """A date is missing where the rules need it, or cannot be read."""


class InvalidTournament(InvalidInput):
    """A tournament is inconsistent: duplicate ids, unknown players, double pairings."""


class FormatError(WertungError):
    """A file or page could not be read as the format it claims to be."""


class SourceError(WertungError):
    """A remote source (chess-results.com) could not be used."""

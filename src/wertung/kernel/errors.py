"""Exception classes.

Every error the library raises on bad input derives from :class:`WertungError`
and names the item it is about (``field``, and where known the player, round or
line), so that front ends can print one clear sentence and point at the input
field instead of showing a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

__all__ = [
    "FormatError",
    "InvalidDate",
    "InvalidIndex",
    "InvalidInput",
    "InvalidRating",
    "InvalidResult",
    "InvalidTournament",
    "SourceError",
    "WertungError",
    "set_message_lookup",
]

#: Recognises an English message text as ``(code, params)``; installed by
#: :mod:`wertung.catalogue` (core only stores codes, it never renders them).
MessageLookup = Callable[[str], "tuple[str, Mapping[str, object]]"]
_lookup: MessageLookup | None = None


def set_message_lookup(lookup: MessageLookup | None) -> None:
    """Install the function that gives an error without an explicit code its code."""
    global _lookup
    _lookup = lookup


def _find_lookup() -> MessageLookup | None:
    if _lookup is None:  # the catalogue installs itself when imported
        import importlib

        try:
            importlib.import_module("wertung.catalogue")
        except ImportError:  # pragma: no cover - the catalogue ships with wertung
            return None
    return _lookup


class WertungError(Exception):
    """Base class of all errors raised by wertung on bad input or bad data.

    Every error has a stable ``code`` and its ``params`` (the values the message is made
    of), so front ends can render it in the page's language.  Code that raises may pass
    them (``code="rating.out_of_range", params={...}``); otherwise they are found from
    the English message by the message catalogue on first access.

    >>> InvalidRating("rating 9999 is out of range; ratings are 0 to 3500").code
    'rating.out_of_range'
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str | None = None,
        params: Mapping[str, object] | None = None,
        **where: object,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self._code = code
        self._params = dict(params) if params is not None else None
        self.where = {k: v for k, v in where.items() if v is not None}

    def _resolve(self) -> None:
        lookup = _find_lookup()
        if lookup is None:
            self._code, found = "untranslated", {"text": self.message}
        else:
            code, found = lookup(self.message)
            if self._code is None:
                self._code = code
        if self._params is None:
            self._params = dict(found)

    @property
    def code(self) -> str:
        """The message's stable code (``rating.out_of_range``), ``untranslated`` if unknown."""
        if self._code is None:
            self._resolve()
        assert self._code is not None
        return self._code

    @property
    def params(self) -> dict[str, object]:
        """The values the message is made of (JSON-ready)."""
        if self._params is None:
            self._resolve()
        assert self._params is not None
        return self._params

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

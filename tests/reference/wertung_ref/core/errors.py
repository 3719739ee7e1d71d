"""Exception classes.

Every error the library raises on bad input derives from :class:`WertungError`
and names the item it is about (``field``, and where known the player, round or
line), so that front ends can print one clear sentence and point at the input
field instead of showing a traceback.
"""

from __future__ import annotations


class WertungError(Exception):
    """Base class of all errors raised by wertung on bad input or bad data."""

    def __init__(self, message: str, *, field: str | None = None, **where: object) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.where = {k: v for k, v in where.items() if v is not None}

    def to_dict(self) -> dict[str, object]:
        """The error as plain data (used by the JSON API and ``--json``)."""
        data: dict[str, object] = {"error": type(self).__name__, "message": self.message}
        if self.field is not None:
            data["field"] = self.field
        data.update(self.where)
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

"""The importer's own error types (all :class:`~wertung.core.errors.WertungError`)."""

from __future__ import annotations

from ...core.errors import FormatError, SourceError

__all__ = [
    "BlockedPage",
    "NotATournamentPage",
    "PointsMismatch",
    "TeamEventNotSupported",
    "TournamentNotStarted",
]


class NotATournamentPage(FormatError):
    """The page is not a chess-results tournament view wertung reads (or cannot be read)."""


class TournamentNotStarted(FormatError):
    """The pages hold no results yet."""


class TeamEventNotSupported(FormatError):
    """The tournament is a team event; only individual tournaments are imported."""


class PointsMismatch(FormatError):
    """Points computed from the games differ from the page's own totals.

    Raised only on request (``check_points=True``); by default the difference is
    recorded in :attr:`~wertung.core.model.Tournament.incomplete`.
    """


class BlockedPage(SourceError):
    """chess-results.com answered with a page refusing service instead of the view."""

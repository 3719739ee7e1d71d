"""The importer's own error types (all :class:`~wertung.kernel.errors.WertungError`)."""

from __future__ import annotations

from wertung.kernel.errors import FormatError, SourceError

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
    """A team event whose pages given hold no board pairings (art=3), or a team view not read.

    Team events are imported from their board pairings (all rounds) and player
    list (art=16); the message names the views to give.
    """


class PointsMismatch(FormatError):
    """Points computed from the games differ from the page's own totals.

    Raised only on request (``check_points=True``); by default the difference is
    recorded in :attr:`~wertung.tournament._model.Tournament.incomplete`.
    """


class BlockedPage(SourceError):
    """chess-results.com answered with a page refusing service instead of the view."""

"""The parsed pages of one tournament joined into a :class:`~wertung.tournament.Tournament`:
the pages of a team event by :mod:`._team_build`, the others by :mod:`._build`."""

from __future__ import annotations

from collections.abc import Sequence

from wertung.kernel.errors import FormatError, place_of
from wertung.sources.chessresults._build import build_individual
from wertung.sources.chessresults._data import ParsedPage
from wertung.sources.chessresults._team_build import build_team_tournament
from wertung.tournament._model import Tournament

__all__ = ["build_tournament"]


def build_tournament(
    pages: Sequence[ParsedPage],
    *,
    source: str | None = None,
    check_points: bool = False,
    where: str = "chess-results",
) -> Tournament:
    """Join the parsed pages of one tournament into a :class:`Tournament`.

    Needs a crosstable or pairings (the results); takes names and ratings from
    the starting rank (or ranking, or the pairings themselves), birth years
    from player cards and the end date from the round dates (or the details).
    Whatever keeps the games from being fully accounted for is recorded in
    ``Tournament.incomplete``; with ``check_points=True`` points that do not
    add up raise :class:`PointsMismatch` instead. Raises
    :class:`TournamentNotStarted` when the pages hold no result yet. Pages of a
    team event are joined by :func:`._team_build.build_team_tournament`.
    """
    numbers = {p.number for p in pages if p.number is not None}
    if len(numbers) > 1:
        raise FormatError(
            f"{where}: the pages belong to different tournaments ({sorted(numbers)}); "
            "give the pages of one tournament",
            code="build.different_tournaments",
            params={"numbers": str(sorted(numbers)), "context": place_of(where)},
            field="page",
        )
    number = next(iter(numbers), None)
    if any(p.team_event for p in pages):
        return build_team_tournament(pages, source=source, check_points=check_points, where=where)
    return build_individual(pages, number, source=source, check_points=check_points, where=where)

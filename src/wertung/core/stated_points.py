"""The source's own totals (``Player.points``) in the evaluation: checked once, by one side.

An importer compares every stated total with the games and byes itself
(:mod:`wertung.formats._points`, chess-results' crosstable check): it takes a difference
a round without a game explains as a bye and names every other difference in
``Tournament.incomplete``, with the line or row of the source. The evaluation then says
nothing more about the totals, so that each difference is listed once. A tournament built
by hand (or by a source that does not check) is checked by the evaluation:
``complete`` is false and ``incomplete`` names each player whose games do not give
his ``points``.

>>> from wertung.core.model import Player, Tournament
>>> from fractions import Fraction
>>> import_checked_points(Tournament(incomplete=("points of player 4 (A, line 18): ...",)))
True
>>> import_checked_points(Tournament(players=(Player("1", points=Fraction(1)),)))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .model import Tournament
    from .tournament_result import PlayerResult

__all__ = ["IMPORT_REASONS", "import_checked_points", "points_differ"]

#: How the importers' points checks begin their reasons: ``formats._points.PointsMismatch``
#: ("points of player 4 (…, line 18): the file says …") and chess-results ("points do not
#: add up for 3 players (the crosstable's totals): …").
IMPORT_REASONS = ("points of player ", "points do not add up for ")


def import_checked_points(tournament: Tournament) -> bool:
    """Whether the import has already named the stated totals that differ from the games."""
    return any(reason.startswith(IMPORT_REASONS) for reason in tournament.incomplete)


def points_differ(tournament: Tournament, results: Sequence[PlayerResult]) -> list[str]:
    """One reason per player whose games do not give the source's own total (none when
    the import has named them already)."""
    if import_checked_points(tournament):
        return []
    reasons = []
    for p, result in zip(tournament.players, results, strict=True):
        if p.points is not None and result.points != p.points:
            reasons.append(
                f"player {p.id} ({p.name}): the games give {fmt_points(result.points)} points, "
                f"the source says {fmt_points(p.points)}"
            )
    return reasons


def fmt_points(points: Fraction) -> str:
    """``2``, ``2.5``: as the reasons write points (the catalogue renders ``2½``)."""
    return str(int(points)) if points.denominator == 1 else f"{float(points):g}"

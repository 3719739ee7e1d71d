"""The source's own totals (``Player.points``) in the evaluation: checked once, by one side.

An importer compares every stated total with the games and byes itself
(:mod:`wertung.formats._points`, chess-results' crosstable and ranking checks): it takes a
difference a round without a game explains as a bye and names every other difference in
``Tournament.incomplete``, with the line or row of the source, and says so
(``Tournament.points_checked``). The evaluation then says nothing more about the totals,
so that each difference is listed once. A tournament built by hand (or by a source that
does not check) is checked by the evaluation: ``complete`` is false and ``incomplete``
names each player whose games do not give his ``points``.

>>> from wertung.tournament._model import Player, Tournament
>>> from wertung.tournament._evaluation import evaluate
>>> from fractions import Fraction
>>> import datetime as dt
>>> t = Tournament(end_date=dt.date(2026, 9, 1), players=(Player("1", "A", points=Fraction(1)),))
>>> evaluate(t).incomplete
('player 1 (A): the games give 0 points, the source says 1',)
>>> evaluate(replace(t, points_checked=True)).incomplete  # the import has said it
()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace  # noqa: F401 (the module's example)
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from wertung.tournament._model import Tournament
    from wertung.tournament._result import PlayerResult

__all__ = ["import_checked_points", "points_differ"]


def import_checked_points(tournament: Tournament) -> bool:
    """Whether the import has already compared the stated totals with the games (and named
    every difference)."""
    return tournament.points_checked


def points_differ(tournament: Tournament, results: Sequence[PlayerResult]) -> list[str]:
    """One reason per player whose games do not give the source's own total (none when
    the import has checked them already)."""
    if tournament.points_checked:
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

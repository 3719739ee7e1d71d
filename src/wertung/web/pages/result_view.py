"""What the tournament result table shows: which columns carry information, and the W note.

The table hides a column when every player's cell in it would be "–" (the Elo
columns of a tournament without FIDE ratings, K/E and the performance where nobody
was rated, ...), and explains W (rated points) next to the total points -- a TRF
export whose games are all unrated shows W 0 for a player with 8 points, which looks
like a mistake unless it is said.

>>> from types import SimpleNamespace as NS
>>> p = NS(elo_before=None, elo_after=None, expected_score=1.2, development_factor=None,
...        development_coefficient=None, performance=None, points=3, score=0, dwz_before=1500,
...        foreign_rating=None, index_range=None)
>>> sorted(visible_columns(NS(players=[p]), None) & {"elo_old", "ke", "we"})
['we']
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["COLUMNS", "render_note", "visible_columns", "w_note"]

#: Every column of the result table after the name, in order.
COLUMNS = (
    "status", "dwz_old", "dwz_new", "change", "points", "w", "we", "ke", "performance",
    "birth_year", "member", "elo_old", "elo_new",
)  # fmt: skip
#: Columns shown even when empty (they carry the row's meaning).
ALWAYS = frozenset({"status", "dwz_old", "dwz_new", "change", "points", "w"})


def _filled(column: str, player: Any, source: Any) -> bool:
    if column == "we":
        return player.expected_score is not None
    if column == "ke":
        return player.development_factor is not None or player.development_coefficient is not None
    if column == "performance":
        return player.performance is not None
    if column == "elo_old":
        return bool(player.elo_before)
    if column == "elo_new":
        return bool(player.elo_after) or getattr(player, "elo_change", None) is not None
    if column == "birth_year":
        return source is not None and bool(source.birth_year)
    if column == "member":
        return source is not None and source.member is not None
    return True


def visible_columns(evaluation: Any, prepared: Any) -> frozenset[str]:
    """The columns of :data:`COLUMNS` with at least one value (and those always shown)."""
    shown = set(ALWAYS)
    players = list(evaluation.players)
    for column in COLUMNS:
        if column in shown:
            continue
        for player in players:
            source = None
            if prepared is not None and column in ("birth_year", "member"):
                source = prepared.source_players[player.id]
            if _filled(column, player, source):
                shown.add(column)
                break
    return frozenset(shown)


def w_note(evaluation: Any) -> Fraction | None:
    """The largest total of a player whose rated points (W) are 0 although he scored.

    None when every player's points are (also) rated points, so no extra note is needed.
    """
    best: Fraction | None = None
    for player in evaluation.players:
        points = Fraction(player.points or 0)
        if points > 0 and not player.score and (best is None or points > best):
            best = points
    return best


def render_note(item: Any, lang: str) -> str:
    """An engine note, warning or error in ``lang`` (:func:`wertung.catalogue.render`;
    a text the catalogue does not know is shown as it is)."""
    try:
        from wertung.catalogue import render
    except ImportError:  # pragma: no cover - a build without the catalogue
        return str(item)
    try:
        return render(item, lang)
    except Exception:  # never lose the note to a rendering problem
        return str(item)

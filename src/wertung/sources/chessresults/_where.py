"""Where a chess-results error is: the page, the tournament, the view fetched (as :class:`Place`).

A place is written in front of a message (``tournament 5, crosstable (URL): …``) and carries
its catalogue data, so the message is rendered in the page's language with its place.

>>> where = view_place(5, "crosstable", "https://chess-results.com/tnr5.aspx")
>>> str(where)
'tournament 5, crosstable (https://chess-results.com/tnr5.aspx)'
>>> [part["code"] for part in where.data["params"]["parts"]]
['place.tournament', 'place.view']
"""

from __future__ import annotations

import re

from wertung.kernel.errors import Place, message, place_of, places

__all__ = ["SAVED_PAGES", "page_place", "then", "tournament_place", "view_place"]

#: Where the pages given together are (``saved pages: …``).
SAVED_PAGES = Place("saved pages", places(message("place.saved_pages")))

_CARD = re.compile(r"player card (\d+)/(\d+)")
_ROUND_PAIRINGS = re.compile(r"pairings of round (\d+)")


def page_place(position: int) -> Place:
    """The ``position``-th page given (``page 2``)."""
    return Place(f"page {position}", places(message("place.page", n=position)))


def tournament_place(number: int) -> Place:
    """A tournament fetched by its number (``tournament 1342553``)."""
    return Place(f"tournament {number}", places(message("place.tournament", n=str(number))))


def _view(what: str, detail: str) -> dict[str, object]:
    card = _CARD.fullmatch(what)
    if card:
        return message("place.view_card", i=card.group(1), count=card.group(2), detail=detail)
    pairings = _ROUND_PAIRINGS.fullmatch(what)
    if pairings:
        return message("place.view_round_pairings", n=int(pairings.group(1)), detail=detail)
    return message("place.view", view=what, detail=detail)


def view_place(number: int, what: str, detail: str) -> Place:
    """One view of a tournament (``tournament 5, crosstable (URL)``); ``what`` names the view."""
    return Place(
        f"tournament {number}, {what} ({detail})",
        places(message("place.tournament", n=str(number)), _view(what, detail)),
    )


def then(where: object, *parts: tuple[str, dict[str, object]]) -> Place:
    """``where`` and then places inside it (``page 1: round 3, board 2``)."""
    inside = ", ".join(text for text, _ in parts)
    return Place(
        f"{where}: {inside}",
        places(place_of(where), places(*(data for _, data in parts)), sep=": "),
    )

"""Players across views: merging list rows, and finding a pairings side's start number."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from wertung.kernel.errors import FormatError, place_of
from wertung.sources.chessresults._data import PLAYER_CARD, Pairing, ParsedPage, PlayerRow, Side
from wertung.sources.chessresults._games import Board
from wertung.sources.chessresults._text import name_key


def same_name(a: str, b: str) -> bool:
    """Whether two views' spellings of a name are the same player's (order and commas aside)."""
    return not a or not b or name_key(a) == name_key(b)


def merge(old: PlayerRow | None, new: PlayerRow) -> PlayerRow:
    """``new`` with the fields it lacks taken from ``old``."""
    if old is None:
        return new
    values = {}
    for name in PlayerRow.__slots__:
        value = getattr(new, name)
        values[name] = value if value not in (None, "") else getattr(old, name)
    return PlayerRow(**values)


def player_rows(pages: Sequence[ParsedPage], where: str) -> dict[int, PlayerRow]:
    """Every player by start number, from the list views (the starting rank wins), with cards."""
    order = {"not-paired list": 0, "crosstable": 1, "ranking": 2, "starting rank": 3}
    ranked = sorted((p for p in pages if p.kind in order), key=lambda p: order[p.kind])
    rows: dict[int, PlayerRow] = {}
    for page in ranked:
        for row in page.players:
            old = rows.get(row.number)
            if old is not None and not same_name(old.name, row.name):
                raise FormatError(
                    f"{where}: player {row.number} is {old.name!r} on one page and "
                    f"{row.name!r} on another; are the pages from the same tournament?",
                    code="join.name_differs",
                    params={
                        "number": str(row.number),
                        "old": repr(old.name),
                        "new": repr(row.name),
                        "context": place_of(where),
                    },
                    field="page",
                    player=str(row.number),
                )
            new = row if page.kind != "not-paired list" else replace(row, points=None)
            rows[row.number] = merge(old, new)
    for page in pages:
        if page.kind == PLAYER_CARD:
            for card in page.players:
                old = rows.get(card.number)
                if old is not None:
                    rows[card.number] = replace(old, birth_year=card.birth_year)
    return rows


def rows_from_pairings(pages: Iterable[ParsedPage]) -> dict[int, PlayerRow]:
    """Players as numbered pairings show them (when no list view is given)."""
    rows: dict[int, PlayerRow] = {}
    for page in pages:
        for pairing in page.pairings:
            for side in (pairing.white, pairing.black):
                if side is not None and side.number is not None and side.number not in rows:
                    rows[side.number] = PlayerRow(side.number, side.name, rating=side.rating)
    return rows


def numbered_pairings(pages: Iterable[ParsedPage]) -> bool:
    """Whether every pairings row names its players by start number."""
    return all(
        side.number is not None
        for page in pages
        for pairing in page.pairings
        for side in (pairing.white, pairing.black)
        if side is not None
    )


class Matcher:
    """Finds the start number of a pairings side: by number, or by name and rating."""

    def __init__(self, rows: dict[int, PlayerRow], where: str) -> None:
        self.rows = rows
        self.where = where
        self.by_name: dict[str, list[PlayerRow]] = {}
        for row in rows.values():
            self.by_name.setdefault(name_key(row.name), []).append(row)

    def number(self, side: Side, round_no: int) -> int:
        """The start number of ``side`` (a clear error if it is unknown or ambiguous)."""
        if side.number is not None:
            row = self.rows.get(side.number)
            if row is None:
                raise FormatError(
                    f"{self.where}: round {round_no}: player {side.number} ({side.name}) is not "
                    "in the starting rank or crosstable given",
                    code="join.number_missing",
                    params={
                        "round": round_no,
                        "number": str(side.number),
                        "name": side.name,
                        "context": place_of(self.where),
                    },
                    field="pairings",
                    round=round_no,
                    player=str(side.number),
                )
            if not same_name(row.name, side.name):
                raise FormatError(
                    f"{self.where}: round {round_no}: player {side.number} is {side.name!r} on "
                    f"the pairings and {row.name!r} on the list; are the pages from the same "
                    "tournament?",
                    code="join.list_differs",
                    params={
                        "round": round_no,
                        "number": str(side.number),
                        "name": repr(side.name),
                        "other": repr(row.name),
                        "context": place_of(self.where),
                    },
                    field="pairings",
                    round=round_no,
                    player=str(side.number),
                )
            return side.number
        found = self.by_name.get(name_key(side.name), [])
        if len(found) > 1 and side.rating is not None:
            rated = [
                r for r in found if side.rating in (r.rating, r.fide_rating, r.national_rating)
            ]
            found = rated or found
        if not found:
            raise FormatError(
                f"{self.where}: round {round_no}: {side.name!r} ({side.rating or 'unrated'}) on "
                "the pairings is not in the starting rank or crosstable given; are the pages "
                "from the same tournament?",
                code="join.not_listed",
                params={
                    "round": round_no,
                    "name": repr(side.name),
                    "rating": str(side.rating or "unrated"),
                    "context": place_of(self.where),
                },
                field="pairings",
                round=round_no,
                player=side.name,
            )
        if len(found) > 1:
            shown = " and ".join(
                f"{r.number} {r.name!r} ({r.rating or r.fide_rating or 'unrated'})" for r in found
            )
            raise FormatError(
                f"{self.where}: round {round_no}: {side.name!r} ({side.rating or 'unrated'}) on "
                f"the pairings matches players {shown}; the pairings have no start numbers, so "
                "they cannot be told apart (save the pairings with the 'No.' columns)",
                code="join.ambiguous",
                params={
                    "round": round_no,
                    "name": repr(side.name),
                    "rating": str(side.rating or "unrated"),
                    "shown": str(shown),
                    "context": place_of(self.where),
                },
                field="pairings",
                round=round_no,
                player=side.name,
            )
        return found[0].number

    def board(self, pairing: Pairing) -> Board:
        """The pairing with start numbers."""
        white = self.number(pairing.white, pairing.round)
        black = None if pairing.black is None else self.number(pairing.black, pairing.round)
        return Board(
            pairing.round,
            white,
            black,
            pairing.result,
            pairing.bye_points,
            pairing.white.points_before,
            None if pairing.black is None else pairing.black.points_before,
            pairing.board,
        )

"""Which rating a page's rating columns hold: FIDE Elo, a national rating, the DWZ.

``RtgI`` is the international (FIDE) rating and ``RtgN`` the national one; a page that
shows only one rating column labels it ``Rtg``, whichever rating the tournament uses.
That lone ``Rtg`` is FIDE Elo only where the pages say the event is FIDE-rated: the
tournament details' "Rating calculation" names the international rating, or they give a
"FIDE-Event-ID". Otherwise it is taken as a national rating, with a note (on a German
event as the DWZ). The numbers alone decide nothing; they may support the note: since
March 2024 no FIDE rating is below 1400 (FIDE rating regulations 7.1.4), so ratings
below 1400 cannot be FIDE Elo.

>>> reading = RatingReading("national", None)
>>> reading.ratings(PlayerRow(1, rating=1280), german=False)
(None, None, 1280)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wertung.sources.chessresults._data import ParsedPage, PlayerRow
from wertung.sources.chessresults._labels import rating_statement

#: The lowest FIDE rating (FIDE rating regulations 2024, 7.1.4).
FIDE_FLOOR = 1400


@dataclass(frozen=True, slots=True)
class RatingReading:
    """How the lone ``Rtg`` is read (``fide``, ``national`` or ``explicit``: the pages have
    ``RtgI``/``RtgN`` columns, so ``Rtg`` is not needed), and the note saying so."""

    lone: str
    note: str | None

    def ratings(self, row: PlayerRow, *, german: bool) -> tuple[int | None, int | None, int | None]:
        """(dwz, fide_rating, national_rating) of a player row."""
        national = row.national_rating
        fide = row.fide_rating
        if self.lone == "fide" and fide is None:
            fide = row.rating
        elif self.lone == "national" and national is None:
            national = row.rating
        return (national if german else None), fide, national


def rating_reading(
    pages: Sequence[ParsedPage], rows: Iterable[PlayerRow], *, german: bool
) -> RatingReading:
    """How this tournament's pages' lone ``Rtg`` is read, with the note saying so."""
    rows = list(rows)
    explicit = any({"fide_rating", "national_rating"} & p.rating_columns for p in pages) or any(
        r.fide_rating is not None or r.national_rating is not None for r in rows
    )
    lone = [r.rating for r in rows if r.rating is not None]
    if explicit or not lone:
        return RatingReading("explicit", None)
    calculation = next(
        (p.details["rating_calculation"] for p in pages if p.details.get("rating_calculation")),
        None,
    )
    event_id = next(
        (p.details["fide_event_id"] for p in pages if p.details.get("fide_event_id")), None
    )
    said = rating_statement(calculation) if calculation else None
    if said == "fide":
        return RatingReading(
            "fide",
            "the rating column 'Rtg' is taken as FIDE Elo: the tournament details say the "
            "event is FIDE-rated (its rating calculation includes the international rating)",
        )
    if said is None and event_id:
        return RatingReading(
            "fide",
            "the rating column 'Rtg' is taken as FIDE Elo: the tournament details say the "
            f"event is FIDE-rated (FIDE-Event-ID {event_id})",
        )
    if german:
        return RatingReading(
            "national",
            "German event: the rating column 'Rtg' is taken as the DWZ (the pages do not say "
            "it is FIDE Elo)",
        )
    if said == "national":
        return RatingReading(
            "national",
            "the rating column 'Rtg' is taken as a national rating, not as FIDE Elo: the "
            "tournament details say only the national rating is calculated",
        )
    below = sum(1 for value in lone if value < FIDE_FLOOR)
    if below * 2 > len(lone):  # the numbers support it
        return RatingReading(
            "national",
            "the pages do not say which rating their column 'Rtg' holds (no 'Rating "
            "calculation' among the tournament details): it is taken as a national rating, not "
            f"as FIDE Elo; {below} of its {len(lone)} ratings are below 1400, which no FIDE "
            "rating is; add the starting rank with the tournament details (turdet=YES) if the "
            "event is FIDE-rated",
        )
    return RatingReading(
        "national",
        "the pages do not say which rating their column 'Rtg' holds (no 'Rating calculation' "
        "among the tournament details): it is taken as a national rating, not as FIDE Elo; "
        "add the starting rank with the tournament details (turdet=YES) if the event is "
        "FIDE-rated",
    )

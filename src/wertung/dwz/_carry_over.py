"""Carry-over games (Restpartien): counted games of a player without DWZ from an earlier
tournament, which count towards a first DWZ for two years (WO 3.4.2, 4.1.1)."""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass

from wertung.kernel.results import Score

__all__ = ["CarryOverGame"]


@dataclass(frozen=True, slots=True)
class CarryOverGame:
    """A counted game of a player without DWZ from an earlier tournament (Restpartie).

    Carry-over games count towards a first DWZ for two years after the end date
    of the tournament they were played in (WO 3.4.2, 4.1.1).
    """

    opponent_rating: int
    result: Score
    end_date: dt.date | None = None
    tournament: str | None = None

    def expires(self, years: int = 2) -> dt.date | None:
        """The last day on which this game may still be used.

        ``date.max`` when that day lies beyond the calendar (an end date in 9998).

        >>> CarryOverGame(1600, 1, dt.date(2024, 2, 29)).expires()
        datetime.date(2026, 2, 28)
        >>> CarryOverGame(1600, 1, dt.date(9998, 5, 1)).expires()
        datetime.date(9999, 12, 31)
        """
        end = self.end_date
        if end is None:
            return None
        year = end.year + years
        if year > dt.MAXYEAR:
            return dt.date.max
        if end.month == 2 and end.day == 29 and not calendar.isleap(year):
            return end.replace(year=year, day=28)
        return end.replace(year=year)

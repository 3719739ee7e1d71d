"""The new DWZ an unknown index allows, for the single forecast (page and API).

The tournament evaluation computes it per player; here the same engine function
(:func:`wertung.dwz._unknown_index.index_range`) runs over the forecast's own game lines.

>>> from wertung import dwz
>>> games = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]
>>> r = forecast_range(dwz.forecast(1500, None, games, end_date="2026-09-01"))
>>> r.lowest, r.highest
(1534, 1568)
"""

from __future__ import annotations

from wertung.dwz._forecast import Forecast
from wertung.dwz._unknown_index import IndexRange, index_range
from wertung.dwz.regulations import dwz_regulations_for

__all__ = ["forecast_range"]


def forecast_range(result: Forecast) -> IndexRange | None:
    """The range over every possible index; None when the index is known or K/E was given."""
    if result.index is not None or result.override:
        return None
    return index_range(
        result.rating,
        result.games,
        regulations=dwz_regulations_for(result.end_date, name=result.regulations),
        age=None if result.age_assumed else result.age,
        end_date=result.end_date,
        method=result.method,
    )

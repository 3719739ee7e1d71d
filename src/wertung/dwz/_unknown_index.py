"""What an unknown DWZ index allows: the lowest and highest new DWZ.

chess-results and most tournament files show a DWZ without its index. The
index decides the K0 column (WO 2026) or the bound E ≤ 5·index (WO 2014); the
rules then take the first column / E ≤ 5 (SPEC §3). Rather than show that one
number as if it were known, every front end shows the range the unknown index
allows: the new DWZ for each possible index, lowest and highest.

A player with a DWZ has had at least one evaluation, so the possible indexes are
1 to 11 (the K0 table's last column is "> 10"; under WO 2014 the bound 5·index
stops mattering at index 6, where E ≤ 30 holds anyway).

>>> from wertung.dwz._game_line import GameLine
>>> from wertung.dwz.regulations import dwz_regulations_for
>>> from wertung.kernel.results import parse_score
>>> import datetime as dt
>>> lines = [GameLine(r, parse_score(s), parse_score(s).points, True) for r, s in
...          [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]]
>>> end = dt.date(2026, 9, 1)
>>> r = index_range(1500, lines, regulations=dwz_regulations_for(end), age=40, end_date=end)
>>> r.lowest, r.highest, r.lowest_index, r.highest_index
(1534, 1568, 11, 1)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from wertung.dwz._forecast import Method, evaluate_established
from wertung.dwz._game_line import GameLine
from wertung.dwz.regulations import DwzRegulations
from wertung.kernel.derivation import Derivation

__all__ = ["POSSIBLE_INDEXES", "IndexRange", "index_range"]

#: The indexes a player with a DWZ can have, as far as the rules tell them apart.
POSSIBLE_INDEXES = tuple(range(1, 12))


@dataclass(frozen=True)
class IndexRange(Derivation):
    """The new DWZ over every possible index (``by_index``: index → new DWZ)."""

    lowest: int
    highest: int
    lowest_index: int
    highest_index: int
    by_index: dict[int, int]
    rule: str = (
        "index unknown: the new DWZ depends on it (K0 column, WO 2026; E ≤ 5·index, WO 2014); "
        "shown for every possible index 1 to 11 (> 10)"
    )


def index_range(
    rating: int,
    lines: Sequence[GameLine],
    *,
    regulations: DwzRegulations,
    age: int | None,
    end_date: dt.date | None,
    method: Method = "exact",
) -> IndexRange:
    """The lowest and highest new DWZ of ``rating`` over ``lines`` for any index."""
    by_index = {
        index: evaluate_established(
            rating,
            index,
            lines,
            regulations=regulations,
            age=age,
            end_date=end_date,
            method=method,
        ).new_rating
        for index in POSSIBLE_INDEXES
    }
    low = min(by_index, key=lambda i: (by_index[i], -i))
    high = max(by_index, key=lambda i: (by_index[i], -i))
    return IndexRange(
        lowest=by_index[low],
        highest=by_index[high],
        lowest_index=low,
        highest_index=high,
        by_index=by_index,
    )

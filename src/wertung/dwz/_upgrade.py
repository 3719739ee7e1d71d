"""The one-time DWZ upgrade of 2026-06-08 (DWZ-Anhebung) [SPEC §7].

old < 1000 → old + 400; 1000 ≤ old < 2110 → 0.64·old + 760 (half up);
otherwise unchanged. The upgrade counts as an evaluation: the index goes up by
one, also for ratings that stay unchanged.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from wertung.dwz._forecast_rules import rule_text
from wertung.kernel.checks import check_index, check_rating
from wertung.kernel.derivation import Derivation
from wertung.kernel.rounding import round_to_int

UPGRADE_DATE = dt.date(2026, 6, 8)
#: (upper bound exclusive, factor, offset) per band, as plain data.
UPGRADE_BANDS: tuple[tuple[int, Fraction, int], ...] = (
    (1000, Fraction(1), 400),
    (2110, Fraction(64, 100), 760),
)
#: The formula of the band that stays unchanged.
_UNCHANGED = rule_text("rule.upgrade.unchanged", from_rating=UPGRADE_BANDS[-1][0])


@dataclass(frozen=True)
class Upgrade(Derivation):
    """Derivation of an upgraded DWZ."""

    rating: int
    index: int | None
    new_rating: int
    new_index: int | None
    change: int
    band: str
    formula: str
    unrounded: Fraction
    date: dt.date = UPGRADE_DATE
    rules: dict[str, str] = field(
        default_factory=lambda: {
            "upgrade": "DWZ upgrade 2026-06-08: < 1000: +400; 1000–2109: 0.64·R + 760; "
            "≥ 2110 unchanged; index + 1",
        }
    )


def upgrade(rating: int, index: int | None = None) -> Upgrade:
    """Upgrade a DWZ (and its index) as of 2026-06-08.

    >>> [upgrade(r).new_rating for r in (700, 1200, 1600, 2000, 2200)]
    [1100, 1528, 1784, 2040, 2200]
    >>> upgrade(2063, 15).new_index
    16
    """
    rating = check_rating(rating, field="rating", allow_none=False)
    index = check_index(index)
    unrounded = Fraction(rating)
    formula: str = _UNCHANGED
    band = "unchanged"
    for upper, factor, offset in UPGRADE_BANDS:
        if rating < upper:
            unrounded = factor * rating + offset
            if factor == 1:
                band, formula = "below_1000", f"{rating} + {offset}"
            else:
                band, formula = "1000_to_2109", f"{float(factor):g}·{rating} + {offset}"
            break
    new = round_to_int(unrounded)
    return Upgrade(
        rating=rating,
        index=index,
        new_rating=new,
        new_index=None if index is None else index + 1,
        change=new - rating,
        band=band,
        formula=formula,
        unrounded=unrounded,
    )

"""FIDE Rating Regulations as dated parameter sets (plain data, no logic beyond selection).

Two sets exist [SPEC §8]:

* :data:`FIDE_2024` -- the FIDE Rating Regulations applied from 2024-03-01
  (approved by the FIDE Council on 15/12/2023): the 400-point rule for every
  player, K 40/20/10, initial ratings with two hypothetical 1800 opponents,
  rating floor 1400.
* :data:`FIDE_2025_10` -- the amendment of 8.3.1 effective from 2025-10-01: in
  standard chess the 400-point rule applies only to players rated below 2650;
  players rated 2650 and above use the actual difference. The Rapid and Blitz
  Regulations (7.3.1) keep the plain cap for everyone.

:func:`fide_regulations_for` picks the set by the date of the event (or of the
rating period). Paragraph numbers are those of the standard chapter; the Rapid
and Blitz chapter numbers the same rules one lower from §6 on (8.3.1 → 7.3.1),
see :data:`RAPID_BLITZ_REFERENCES`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from wertung.kernel.parameters import ParameterSet

__all__ = [
    "FIDE_2024",
    "FIDE_2025_10",
    "FIDE_REGULATIONS",
    "RAPID_BLITZ_REFERENCES",
    "STANDARD_REFERENCES",
    "TABLE_8_1_1",
    "FideRegulations",
    "fide_regulations_for",
]

#: 8.1.1 "conversion from fractional score p into rating differences dp", p in hundredths
#: from .50 to 1.00 (below .50: dp(p) = −dp(1 − p)). For p = 0 or 1 dp is "indeterminate
#: but shown notionally as 800" (8.1).
TABLE_8_1_1: Mapping[int, int] = MappingProxyType(
    {
        100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401,
        91: 383, 90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273,
        82: 262, 81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184,
        73: 175, 72: 166, 71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110,
        64: 102, 63: 95, 62: 87, 61: 80, 60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36,
        54: 29, 53: 21, 52: 14, 51: 7, 50: 0,
    }
)  # fmt: skip

_STANDARD = "FIDE Rating Regulations 2024"
_RAPID_BLITZ = "FIDE Rapid and Blitz Rating Regulations 2024"

#: Quantity → paragraph of the standard chapter (handbook.fide.com/chapter/B022024).
STANDARD_REFERENCES: Mapping[str, str] = MappingProxyType(
    {
        "counted_games": f"{_STANDARD} 5.1 (unplayed games not counted), 8.3.1 (rated opponents)",
        "difference": f"{_STANDARD} 8.3.1",
        "capped_difference": f"{_STANDARD} 8.3.1 (400-point rule)",
        "expected_score": f"{_STANDARD} 8.1.2 table, 8.3.2 a)",
        "change": f"{_STANDARD} 8.3.2 b)–d)",
        "rounded_change": f"{_STANDARD} 8.3.4 (0.5 rounded away from zero)",
        "k": f"{_STANDARD} 8.3.3",
        "new_rating": f"{_STANDARD} 7.2.1 (below 1400 shown as unrated, no clamp)",
        "performance": f"{_STANDARD} 8.1.1 table: Ra + dp(p), p to whole percent",
        "performance_linear": "approximation Ra + 400·(wins − losses)/n, not a FIDE rule "
        "[SPEC §8, seed 004]",
        "initial_games": f"{_STANDARD} 7.1.4 (at least 5 games against rated opponents)",
        "initial_zero_score": f"{_STANDARD} 8.2.1 (zero score in the first event disregarded)",
        "initial_opponent_average": f"{_STANDARD} 8.2.2 (plus two hypothetical 1800 draws)",
        "initial_rating": f"{_STANDARD} 8.2.3 (Ru = Ra + dp, rounded, at most 2200)",
        "published": f"{_STANDARD} 7.1.4 (the rating must be at least 1400)",
        "adjustment_2024": "FIDE one-time adjustment of 2024-03-01 [SPEC §8]",
    }
)

#: The same quantities in the Rapid and Blitz chapter (numbered one lower from §6).
RAPID_BLITZ_REFERENCES: Mapping[str, str] = MappingProxyType(
    {
        **STANDARD_REFERENCES,
        "counted_games": f"{_RAPID_BLITZ} 5.1, 7.3.1 (and the 600-point rule of 7.3.1)",
        "difference": f"{_RAPID_BLITZ} 7.3.1",
        "capped_difference": f"{_RAPID_BLITZ} 7.3.1 (400-point rule, no 2650 exemption)",
        "expected_score": f"{_RAPID_BLITZ} 7.1.2 table, 7.3.2 a)",
        "change": f"{_RAPID_BLITZ} 7.3.2 b)–d)",
        "rounded_change": f"{_RAPID_BLITZ} 7.3.4",
        "k": f"{_RAPID_BLITZ} 7.3.3",
        "new_rating": f"{_RAPID_BLITZ} 6.2.1",
        "performance": f"{_RAPID_BLITZ} 7.1.1 table: Ra + dp(p), p to whole percent",
    }
)


class FideRegulations(ParameterSet):
    """One dated set of FIDE rating rules. Every constant the FIDE rules use lives here."""

    #: Short name shown to users (``regulations`` in every derivation).
    name: str
    #: First date (event end / rating period) to which the set applies.
    valid_from: dt.date
    #: 8.3.3: K for a player new to the list until they have completed 30 games.
    k_new_player: int = 40
    #: 8.3.3: "until they have completed events with at least 30 games".
    established_after_games: int = 30
    #: 8.3.3: K for juniors until the end of the year of their 18th birthday ...
    k_junior: int = 40
    junior_until_age: int = 18
    #: ... as long as their rating remains under 2300.
    junior_rating_limit: int = 2300
    #: 8.3.3: K while the rating remains under 2400.
    k_standard: int = 20
    #: 8.3.3: K once a published rating has reached 2400 (for good).
    k_top: int = 10
    top_rating: int = 2400
    #: 8.3.3: K·n must not exceed 700 in a rating period.
    k_times_n_max: int = 700
    #: 8.3.1: a difference of more than 400 points counts as 400.
    difference_cap: int = 400
    #: 8.3.1 (from 2025-10-01): standard-rated players from this rating on use the actual
    #: difference. None: the cap applies to everybody.
    cap_exempt_from: int | None = None
    #: Rapid/blitz 7.3.1 (from 2024-12-01): games with a difference of 600 or more are not
    #: rated if one of the players is rated above 2600.
    rapid_blitz_exclusion_difference: int | None = 600
    rapid_blitz_exclusion_above: int = 2600
    rapid_blitz_exclusion_from: dt.date = dt.date(2024, 12, 1)
    #: 7.1.4: an initial rating needs this many games against rated opponents.
    initial_min_games: int = 5
    #: 7.1.4: results of consecutive rating periods of at most 26 months are pooled.
    initial_pool_months: int = 26
    #: 8.2.2: hypothetical opponents added to an initial rating, each drawn.
    initial_hypothetical_opponents: int = 2
    initial_hypothetical_rating: int = 1800
    #: 8.2.3: the maximum initial rating.
    initial_max: int = 2200
    #: 7.1.2, 7.1.4, 7.2.1: the lowest published rating (rating floor).
    rating_floor: int = 1400
    #: 8.1.1 table p (hundredths, ≥ .50) → dp.
    table_8_1_1: Mapping[int, int] = TABLE_8_1_1
    #: One-time adjustment of 2024-03-01: R < 2000 → R + 0.4·(2000 − R) [SPEC §8].
    adjustment_below: int = 2000
    adjustment_factor: Fraction = Fraction(2, 5)

    def references(self, rapid_blitz: bool = False) -> Mapping[str, str]:
        """Quantity → paragraph reference for standard or rapid/blitz ratings."""
        return RAPID_BLITZ_REFERENCES if rapid_blitz else STANDARD_REFERENCES


#: Rules applied from 2024-03-01 (FIDE Council 15/12/2023).
FIDE_2024 = FideRegulations(name="FIDE 2024-03-01", valid_from=dt.date(2024, 3, 1))

#: 8.3.1 amended with effect from 2025-10-01: standard players rated 2650+ are not capped.
FIDE_2025_10 = FideRegulations(
    name="FIDE 2025-10-01", valid_from=dt.date(2025, 10, 1), cap_exempt_from=2650
)

#: All sets, oldest first.
FIDE_REGULATIONS: tuple[FideRegulations, ...] = (FIDE_2024, FIDE_2025_10)


def fide_regulations_for(date: dt.date) -> FideRegulations:
    """The set in force on ``date``; before 2024-03-01 the 2024 set (older rules not modelled).

    >>> fide_regulations_for(dt.date(2025, 9, 30)).name, fide_regulations_for(dt.date(2025, 10, 1)).name
    ('FIDE 2024-03-01', 'FIDE 2025-10-01')
    """
    chosen = FIDE_REGULATIONS[0]
    for regulations in FIDE_REGULATIONS:
        if regulations.valid_from <= date:
            chosen = regulations
    return chosen

"""DSB rating regulations (Wertungsordnung, WO) as dated parameter sets.

Which set applies is decided by the tournament's **end date** (date of the last
round): from 2026-06-08 the WO 2026, before that the WO 2014 [SPEC §3].
Every constant the rules use lives here, once; the K0 table the web page shows
is rendered from :data:`WO_2026.k0_table`.

Values marked *assumed* in the SPEC are named parameters so that they can be
changed in one place when the official text says otherwise.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Literal

from wertung.kernel.errors import InvalidDate
from wertung.kernel.parameters import ParameterSet

__all__ = [
    "WO_2014",
    "WO_2026",
    "Dwz2014",
    "Dwz2026",
    "DwzRegulations",
    "K0Row",
    "age_at",
    "dwz_regulations_for",
]

K0Row = Literal["youth", "adult", "master"]


class _Common(ParameterSet):
    """What both sets have (a :class:`~wertung.kernel.parameters.ParameterSet`)."""

    #: Short name shown to users.
    name: str
    #: First end date to which the set applies.
    valid_from: dt.date
    #: Stage 1 and 2 of a first DWZ need this many counted games (WO 3.4.1).
    first_dwz_min_games: int = 5
    #: ... and stage 1 needs at least this many points among them (WO 3.4.1.1).
    first_dwz_min_points: Fraction = Fraction(1, 2)
    #: Carry-over games may be used this many years after their tournament (WO 4.1.1).
    carry_over_years: int = 2
    #: Performance shown only with at least this many counted games [SPEC §6].
    performance_min_games: int = 5
    #: Performance at 0 % / 100 %: Rc ∓ this [SPEC §6, DSB publication; 100 % assumed].
    performance_extreme_offset: int = 677
    #: Unknown birth year: treated as over 25 [SPEC §3], i.e. as 26, the first adult age.
    unknown_age: int = 26


class Dwz2026(_Common):
    """WO 2026 ("Stellgrößen" valid from 2026-06-08) [SPEC §3.1, seed 001]."""

    kind: Literal["2026"] = "2026"
    #: r: pull of a first DWZ towards 2000 (Korrekturfaktor).
    r: Fraction = Fraction(8, 100)
    #: t: divisor of the junior success bonus a = (2000 − R0)/t.
    t: int = 30
    #: u: offset of the brake factor b = (R0 + u)/(1600 + u).
    u: int = 800
    #: a1: success bonus for age 21–25 with R0 < 1600.
    a1: int = 4
    #: a2: success bonus for age ≥ 26 with R0 < 1600.
    a2: int = 4
    #: Kmax: upper bound of the development factor.
    k_max: int = 80
    #: Smallest new DWZ (and smallest first DWZ).
    floor: int = 1100
    #: Floor applied to every new DWZ, not only first DWZ **(assumed)** [SPEC §3.1].
    floor_applies_to_all: bool = True
    #: K0 table by row and index column 1..10, then ">10" [SPEC §3.1, seed 001].
    k0_table: tuple[tuple[K0Row, tuple[int, ...]], ...] = (
        ("youth", (60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32)),
        ("adult", (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28)),
        ("master", (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25)),
    )
    #: Youth row: age ≤ 25 and R0 below this; adults' row: R0 below ``adult_master_from``.
    youth_max_age: int = 25
    youth_master_from: int = 2200
    adult_master_from: int = 2000
    #: Brake factor applies below this R0 when W < We.
    brake_below: int = 1600
    #: Junior success bonus: age ≤ this and R0 below ``junior_bonus_below``.
    junior_max_age: int = 20
    junior_bonus_below: int = 2000
    #: a1/a2 apply below this R0.
    bonus_below: int = 1600
    #: First DWZ correction: R1 = Ri + r·(upper − Ri) between lower and upper.
    correction_upper: int = 2000
    correction_lower: int = 1100
    #: 100 %: one fictitious draw against Rc before iterating (WO 3.4.4).
    fictitious_draw_at_full_score: bool = True
    #: Starting index of a foreign-rated player **(assumed)** [SPEC §4].
    foreign_start_index: int = 6
    #: Exceptional-player rule of WO 2014 **(assumed not kept)** [SPEC §3.2].
    exceptional_player_rule: bool = False
    exceptional_player_margin: int = 300

    def k0_row(self, row: K0Row) -> tuple[int, ...]:
        """The K0 values of one row, columns 1..10 and >10."""
        return dict(self.k0_table)[row]


class Dwz2014(_Common):
    """WO 2014 (official DSB text) [SPEC §3.2]."""

    kind: Literal["2014"] = "2014"
    #: Rn = R0 + numerator·(W − We)/(E + n).
    numerator: int = 800
    #: J by age: ≤ 20 → 5, 21–25 → 10, over 25 → 15.
    age_coefficients: tuple[tuple[int, int], ...] = ((20, 5), (25, 10))
    age_coefficient_default: int = 15
    #: Acceleration factor fB = R0/2000 clamped to [0.5, 1.0] (age ≤ 20, W ≥ We).
    acceleration_max_age: int = 20
    acceleration_divisor: int = 2000
    acceleration_min: Fraction = Fraction(1, 2)
    acceleration_max: Fraction = Fraction(1)
    #: Braking surcharge SBr = e^((1300 − R0)/150) − 1 below R0 1300 with W ≤ We.
    braking_below: int = 1300
    braking_scale: int = 150
    #: Bounds of E: at least 5; with SBr = 0 at most 30 and 5·index; with SBr > 0 at most 150.
    e_min: int = 5
    e_max: int = 30
    e_max_per_index: int = 5
    e_max_braking: int = 150
    #: First DWZ below 800: 700 + Ri/8.
    correction_below: int = 800
    correction_base: int = 700
    correction_divisor: int = 8
    fictitious_draw_at_full_score: bool = False
    #: A foreign-rated player starts with this index (as WO 2026, assumed).
    foreign_start_index: int = 6
    #: Exceptional players (since 2016-08-01): performance > R0 + margin counts as
    #: their rating for their opponents [SPEC §3.2].
    exceptional_player_rule: bool = True
    exceptional_player_margin: int = 300
    exceptional_player_since: dt.date = dt.date(2016, 8, 1)

    def age_coefficient(self, age: int) -> int:
        """J (Alterskoeffizient) for an age."""
        for max_age, value in self.age_coefficients:
            if age <= max_age:
                return value
        return self.age_coefficient_default


DwzRegulations = Dwz2014 | Dwz2026

WO_2014 = Dwz2014(name="WO 2014", valid_from=dt.date(2014, 1, 1))
WO_2026 = Dwz2026(name="WO 2026", valid_from=dt.date(2026, 6, 8))

_BY_NAME: dict[str, DwzRegulations] = {
    "2014": WO_2014,
    "wo2014": WO_2014,
    "2026": WO_2026,
    "wo2026": WO_2026,
}


def dwz_regulations_for(end_date: dt.date | None, *, name: str | None = None) -> DwzRegulations:
    """The regulations that apply to a tournament ending on ``end_date``.

    >>> dwz_regulations_for(dt.date(2026, 6, 7)).name, dwz_regulations_for(dt.date(2026, 6, 8)).name
    ('WO 2014', 'WO 2026')
    """
    if name is not None:
        key = name.lower().replace(" ", "")
        if key not in _BY_NAME:
            raise InvalidDate(
                f"unknown regulations {name!r}; accepted: 2014, 2026",
                code="regulations.unknown",
                params={"name": repr(name)},
                field="regulations",
            )
        return _BY_NAME[key]
    if end_date is None:
        raise InvalidDate(
            "the tournament's end date is needed to choose the regulations",
            code="date.end_needed_regulations",
            field="end_date",
        )
    return WO_2026 if end_date >= WO_2026.valid_from else WO_2014


def age_at(
    birth_year: int | None, end_date: dt.date | None, *, age: int | None = None
) -> int | None:
    """Age for the rules: year of the end date − birth year [SPEC §3]; None if unknown."""
    if age is not None:
        return age
    if birth_year is None:
        return None
    if end_date is None:
        raise InvalidDate(
            "the tournament's end date is needed to work out the age from the birth year",
            code="date.end_needed_age",
            field="end_date",
        )
    return end_date.year - birth_year

"""A forecast's working under each regulations: the development factor K (WO 2026: the
K0 table's row and column, the brake factor b, the success bonus a, one decimal half
up, Kmax) or the development coefficient E (WO 2014: J, E0, fB, SBr, its bounds), and
Rn as the exact ratio R0 + change_n/change_d, rounded half up (Swiss-Chess: truncated).

Called by :func:`~wertung.dwz._forecast.evaluate_established` with the exact
W − We; the figures a results table needs come faster from :mod:`.lean`.

>>> from wertung.dwz.regulations import WO_2026
>>> terms = wo2026(WO_2026, 1500, 5, 40, 1, Fraction(1), 0.5, (1, 2), None, "exact")
>>> terms["development_factor"], terms["new_rating"]
(Fraction(44, 1), 1522)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from wertung.dwz._forecast_rules import (
    _rules_2014,
    _rules_2014_swiss_chess,
    _rules_2026,
    _rules_2026_swiss_chess,
)
from wertung.dwz.regulations import Dwz2014, Dwz2026, K0Row
from wertung.kernel.rounding import round_half_up, round_to_int
from wertung.kernel.swiss_chess import braking_coefficient, truncated

__all__ = ["wo2014", "wo2026"]


def _final(swiss_chess: bool, rating: int, numerator: int, denominator: int) -> int:
    """Rn = rating + numerator/denominator rounded half up (exactly, in integers);
    Swiss-Chess truncates the change towards zero instead."""
    if swiss_chess:
        return truncated(rating, numerator, denominator)
    total = rating * denominator + numerator
    whole, rest = divmod(abs(total), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return whole if total >= 0 else -whole


def _k0_column(index: int | None) -> int:
    """Column of the K0 table: index 0 or none → 1; > 10 → 11 (">10") [SPEC §3.1]."""
    if not index:
        return 1
    return min(index, 11)


def _k0_row(regs: Dwz2026, rating: int, age: int) -> K0Row:
    if age <= regs.youth_max_age and rating < regs.youth_master_from:
        return "youth"
    if age > regs.youth_max_age and rating < regs.adult_master_from:
        return "adult"
    return "master"


def _success_bonus(regs: Dwz2026, rating: int, age: int) -> tuple[Fraction, str]:
    if age <= regs.junior_max_age and rating < regs.junior_bonus_below:
        return Fraction(regs.junior_bonus_below - rating, regs.t), "junior"
    if regs.junior_max_age < age <= regs.youth_max_age and rating < regs.bonus_below:
        return Fraction(regs.a1), "a1"
    if age > regs.youth_max_age and rating < regs.bonus_below:
        return Fraction(regs.a2), "a2"
    return Fraction(0), "none"


def wo2026(
    regs: Dwz2026,
    rating: int,
    index: int | None,
    age: int,
    n: int,
    score: Fraction,
    expected: float,
    exact_diff: tuple[int, int],
    override: Fraction | None,
    method: str,
) -> dict[str, Any]:
    row = _k0_row(regs, rating, age)
    column = _k0_column(index)
    k0 = _k0_values(regs, row)[column - 1]
    # W < We exactly: W − We = exact_diff[0]/exact_diff[1], the denominator positive.
    below = exact_diff[0] < 0
    # b: only when W < We and R0 < 1600, any age [SPEC §3.1].
    b = (
        Fraction(rating + regs.u, 1600 + regs.u)
        if below and rating < regs.brake_below
        else Fraction(1)
    )
    # a: only when W ≥ We [SPEC §3.1].
    a, a_rule = (Fraction(0), "below_expectation") if below else _success_bonus(regs, rating, age)
    k_unrounded = k0 * b + a
    # K rounded to one decimal half up, then at most Kmax.
    k = round_half_up(k_unrounded, 1)
    capped = k > regs.k_max
    k = min(k, Fraction(regs.k_max))
    if override is not None:
        k = Fraction(override)
        capped = False
    # Rn = R0 + K·(W − We) as the exact ratio rating + change_n/change_d.
    change_n, change_d = k.numerator * exact_diff[0], k.denominator * exact_diff[1]
    if not n:
        change_n, change_d = 0, 1
    new = _final(method == "swiss-chess", rating, change_n, change_d)
    unrounded = (rating * change_d + change_n) / change_d
    floor_applied = False
    if n and regs.floor_applies_to_all and new < regs.floor:
        new, floor_applied = regs.floor, True
    new_index = (index or 0) + 1 if n else index
    return dict(
        new_rating=new,
        new_index=new_index,
        change=new - rating,
        new_rating_unrounded=unrounded,
        floor_applied=floor_applied,
        base_value=k0,
        k0_row=row,
        k0_column=column,
        brake_factor=b,
        success_bonus=a,
        success_bonus_rule=a_rule,
        development_factor_unrounded=k_unrounded,
        development_factor=k,
        development_factor_capped=capped,
        override=override is not None,
        rules=_rules_with_k0(regs, row, column, method == "swiss-chess").copy(),
    )


_K0_ROWS: dict[tuple[int, str], tuple[Dwz2026, tuple[int, ...]]] = {}


def _k0_values(regs: Dwz2026, row: K0Row) -> tuple[int, ...]:
    """``regs.k0_row(row)``, kept by the identity of the regulations."""
    cached = _K0_ROWS.get((id(regs), row))
    if cached is None or cached[0] is not regs:
        cached = _K0_ROWS[(id(regs), row)] = (regs, regs.k0_row(row))
    return cached[1]


#: The WO 2026 rule texts with the K0 table's row and column, by (id of the regulations,
#: row, column); each forecast gets its own copy.
_RULES_K0: dict[tuple[int, str, int, bool], tuple[Dwz2026, dict[str, str]]] = {}


def _rules_with_k0(regs: Dwz2026, row: str, column: int, swiss: bool = False) -> dict[str, str]:
    key = (id(regs), row, column, swiss)
    cached = _RULES_K0.get(key)
    if cached is None or cached[0] is not regs:
        texts = _rules_2026_swiss_chess(regs) if swiss else _rules_2026(regs)
        rules = {**texts, "base_value": f"K0 table, row {row}, index column {column}"}
        cached = _RULES_K0[key] = (regs, rules)
    return cached[1]


def wo2014(
    regs: Dwz2014,
    rating: int,
    index: int | None,
    age: int,
    n: int,
    score: Fraction,
    expected: float,
    exact_diff: tuple[int, int],
    override: int | None,
    method: str,
) -> dict[str, Any]:
    j = regs.age_coefficient(age)
    e0 = Fraction(rating, 1000) ** 4 + j
    at_least = score >= Fraction(expected)
    at_most = score <= Fraction(expected)
    if age <= regs.acceleration_max_age and at_least:
        fb = min(max(Fraction(rating, regs.acceleration_divisor), regs.acceleration_min),
                 regs.acceleration_max)  # fmt: skip
    else:
        fb = Fraction(1)
    sbr = (
        math.exp((regs.braking_below - rating) / regs.braking_scale) - 1
        if (rating < regs.braking_below and at_most)
        else 0.0
    )
    e_unrounded = float(e0 * fb) + sbr
    swiss = method == "swiss-chess"
    if swiss and sbr > 0:  # its two roundings (swiss_chess.DIFFERENCES: braking_surcharge)
        product = e0 * fb
        e = braking_coefficient(product.numerator, product.denominator, rating,
                                regs.braking_below, regs.braking_scale)  # fmt: skip
    else:
        e = round_to_int(Fraction(e0 * fb) + Fraction(sbr))
    if sbr > 0:
        upper = regs.e_max_braking
    else:
        upper = min(regs.e_max, regs.e_max_per_index * max(index or 0, 1))
    e = max(regs.e_min, min(e, upper))
    if override is not None:
        e = int(override)
    # Rn = R0 + 800·(W − We)/(E + n) as the exact ratio rating + change_n/change_d.
    change_n, change_d = regs.numerator * exact_diff[0], exact_diff[1] * (e + n)
    if not n:
        change_n, change_d = 0, 1
    new = _final(swiss, rating, change_n, change_d)
    unrounded = (rating * change_d + change_n) / change_d
    new_index = (index or 0) + 1 if n else index
    return dict(
        new_rating=new,
        new_index=new_index,
        change=new - rating,
        new_rating_unrounded=unrounded,
        floor_applied=False,
        age_coefficient=j,
        base_coefficient=e0,
        acceleration_factor=fb,
        braking_surcharge=sbr,
        development_coefficient_unrounded=e_unrounded,
        development_coefficient=e,
        development_coefficient_bounds=(regs.e_min, upper),
        override=override is not None,
        rules=_rules_2014_swiss_chess(regs) if swiss else _rules_2014(regs),
    )

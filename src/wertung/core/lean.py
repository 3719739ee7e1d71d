"""The DWZ of a rated player on plain numbers: the hot path of an evaluation.

The same rules as :mod:`wertung.core.forecast`, computed without building the
derivation: scores in half-points (``int``), K in tenths (``int``), the expected
score a ``float`` summed in game order exactly as the derivation sums it. Where
the regulations round (K to one decimal, E and Rn to whole numbers, half up),
the value is decided in exact integer arithmetic on the float's exact binary
ratio, so no rounding decision can differ from the exact one.

:func:`established_figures` gives the figures a results table shows; the full
derivation (:func:`~wertung.core.forecast.evaluate_established`) builds the
same numbers with every intermediate value and is built only when asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple

from .expectancy import win_expectancy, win_expectancy_table
from .regulations.dwz import Dwz2026, DwzRegulations

__all__ = ["Figures", "established_figures", "expected_score_of", "expected_sum"]

_erf = math.erf


class Figures(NamedTuple):
    """What a results table shows of a rated player's evaluation."""

    new_rating: int
    new_index: int | None
    expected: float
    development_factor: Fraction | None
    development_coefficient: int | None


def _half_up(numerator: int, denominator: int) -> int:
    """numerator/denominator (denominator > 0) rounded half away from zero."""
    whole, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return whole if numerator >= 0 else -whole


_TABLE: dict[int, float] = {}


def expected_score_of(
    rating: int, opponents: Sequence[int], expectancy: Callable[[float], float]
) -> float:
    """Σ P(rating − Rj) in game order (the same float as the derivation's running sum)."""
    expected = 0.0
    if expectancy is win_expectancy:
        for r in opponents:
            expected += 0.5 * (1.0 + _erf((rating - r) / 400.0))
        return expected
    table = _TABLE
    for r in opponents:
        diff = rating - r
        p = table.get(diff)
        if p is None:
            p = table[diff] = win_expectancy_table(diff)
        expected += p
    return expected


def expected_sum(value: float, opponents: Sequence[float], expectancy: Callable[[float], float]):
    """``sum(P(value − Rj))`` as the first-DWZ derivation computes it."""
    return sum(expectancy(value - r) for r in opponents)


_K0: dict[tuple[int, str], tuple[int, ...]] = {}


def _k0_row(regs: Dwz2026, row: str) -> tuple[int, ...]:
    key = (id(regs), row)
    values = _K0.get(key)
    if values is None:
        values = _K0[key] = regs.k0_row(row)  # type: ignore[arg-type]
    return values


def _final(swiss_chess: bool, rating: int, numerator: int, denominator: int) -> int:
    """Rn = rating + numerator/denominator: half up, or Swiss-Chess's truncated change."""
    if swiss_chess:
        whole = abs(numerator) // denominator
        return rating + (whole if numerator >= 0 else -whole)
    return _half_up(rating * denominator + numerator, denominator)


def established_figures(
    regs: DwzRegulations,
    rating: int,
    index: int | None,
    age: int | None,
    method: str,
    opponents: Sequence[int],
    half: int,
    expectancy: Callable[[float], float],
) -> Figures:
    """New DWZ, new index, expected score and K (WO 2026) or E (WO 2014), no derivation.

    ``opponents``: the ratings of the counted games, in game order; ``half``: the
    points scored in them, in half-points.
    """
    rules_age = regs.unknown_age if age is None else age
    if method == "swiss-chess" and age is not None:
        rules_age = age + 1
    swiss = method == "swiss-chess"
    n = len(opponents)
    expected = expected_score_of(rating, opponents, expectancy)
    score = half * 0.5  # exact in binary, so comparisons with the float are exact
    # W − We exactly: We is the float's binary value num/den.
    num, den = expected.as_integer_ratio()
    gap = half * den - 2 * num  # (W − We)·2·den
    new_index = (index or 0) + 1 if n else index
    if isinstance(regs, Dwz2026):
        if rules_age <= regs.youth_max_age and rating < regs.youth_master_from:
            row = "youth"
        elif rules_age > regs.youth_max_age and rating < regs.adult_master_from:
            row = "adult"
        else:
            row = "master"
        column = min(index, 11) if index else 1
        k0 = _k0_row(regs, row)[column - 1]
        below = score < expected
        if below:
            if rating < regs.brake_below:
                tenths = _half_up(10 * k0 * (rating + regs.u), 1600 + regs.u)
            else:
                tenths = 10 * k0
        elif rules_age <= regs.junior_max_age and rating < regs.junior_bonus_below:
            tenths = _half_up(10 * (k0 * regs.t + regs.junior_bonus_below - rating), regs.t)
        elif regs.junior_max_age < rules_age <= regs.youth_max_age and rating < regs.bonus_below:
            tenths = 10 * (k0 + regs.a1)
        elif rules_age > regs.youth_max_age and rating < regs.bonus_below:
            tenths = 10 * (k0 + regs.a2)
        else:
            tenths = 10 * k0
        tenths = min(tenths, 10 * regs.k_max)
        if n:
            # Rn = R0 + K·(W − We) = R0 + tenths·gap / (20·den).
            new = _final(swiss, rating, tenths * gap, 20 * den)
            if regs.floor_applies_to_all and new < regs.floor:
                new = regs.floor
        else:
            new = rating
        return Figures(new, new_index, expected, Fraction(tenths, 10), None)
    j = regs.age_coefficient(rules_age)
    # E0·fB as an exact ratio: E0 = (R0⁴ + J·10¹²)/10¹².
    e_num, e_den = rating**4 + j * 10**12, 10**12
    if rules_age <= regs.acceleration_max_age and score >= expected:
        low, high = regs.acceleration_min, regs.acceleration_max
        ratio = Fraction(rating, regs.acceleration_divisor)
        fb = low if ratio < low else high if ratio > high else ratio
        e_num, e_den = e_num * fb.numerator, e_den * fb.denominator
    if rating < regs.braking_below and score <= expected:
        sbr = math.exp((regs.braking_below - rating) / regs.braking_scale) - 1
    else:
        sbr = 0.0
    s_num, s_den = sbr.as_integer_ratio()
    e = _half_up(e_num * s_den + s_num * e_den, e_den * s_den)
    if sbr > 0:
        upper = regs.e_max_braking
    else:
        upper = min(regs.e_max, regs.e_max_per_index * max(index or 0, 1))
    e = max(regs.e_min, min(e, upper))
    # Rn = R0 + 800·(W − We)/(E + n) = R0 + 800·gap / (2·den·(E + n)).
    new = _final(swiss, rating, regs.numerator * gap, 2 * den * (e + n)) if n else rating
    return Figures(new, new_index, expected, None, e)

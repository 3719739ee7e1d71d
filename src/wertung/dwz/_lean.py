"""The DWZ of a rated player on plain numbers: the hot path of an evaluation.

The same rules as :mod:`wertung.dwz._forecast`, computed without building the
derivation: scores in half-points (``int``), K in tenths (``int``), the expected
score a ``float`` summed in game order exactly as the derivation sums it. Where
the regulations round (K to one decimal, E and Rn to whole numbers, half up),
the value is decided in exact integer arithmetic on the float's exact binary
ratio, so no rounding decision can differ from the exact one.

:func:`established_figures` gives the figures a results table shows; the full
derivation (:func:`~wertung.dwz._forecast.evaluate_established`) builds the
same numbers with every intermediate value and is built only when asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple

from wertung.dwz.regulations import Dwz2014, Dwz2026, DwzRegulations
from wertung.kernel.expectancy import _LEVEL_P, table_levels, win_expectancy, win_expectancy_table
from wertung.kernel.rounding import float_sum
from wertung.kernel.swiss_chess import braking_coefficient, truncated

__all__ = [
    "Figures",
    "established_figures",
    "established_terms",
    "expectancy_table",
    "expectancy_table_of",
    "expected_score_of",
    "expected_sum",
    "tenths_fraction",
    "terms_function",
    "terms_of",
]

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


#: :func:`expectancy_table` covers the differences −4000 … 4000.
_TABLE_OFFSET = 4000
_EXACT_TABLE: list[float] = []


def expectancy_table() -> list[float]:
    """P(D) on the exact curve for every whole-number D from −4000 to 4000, at
    ``D + 4000``: the very floats ``0.5·(1 + erf(D/400))`` the evaluation sums (worked
    out once; a list index is cheaper than ``erf``).

    >>> table = expectancy_table()
    >>> table[4000], table[4000 + 100] == 0.5 * (1.0 + math.erf(100 / 400.0))
    (0.5, True)
    """
    if not _EXACT_TABLE:
        erf = _erf
        _EXACT_TABLE.extend(
            [0.5 * (1.0 + erf(d / 400.0)) for d in range(-_TABLE_OFFSET, _TABLE_OFFSET + 1)]
        )
    return _EXACT_TABLE


_TABLE_CURVE_TABLE: list[float] = []


def expectancy_table_of(expectancy: Callable[[float], float]) -> list[float] | None:
    """:func:`expectancy_table` for the curve ``expectancy``: on the exact curve that
    table, on the two-decimal table (``method="table"``) the very floats
    :func:`win_expectancy_table` gives for every whole-number D from −4000 to 4000 (at
    ``D + 4000``); None for any other curve.

    >>> table = expectancy_table_of(win_expectancy_table)
    >>> table[4000 + 100], table[4000 - 150], table[0], table[8000]
    (0.64, 0.3, 0.0, 1.0)
    >>> expectancy_table_of(win_expectancy) is expectancy_table()
    True
    """
    if expectancy is win_expectancy:
        return expectancy_table()
    if expectancy is not win_expectancy_table:
        return None
    if not _TABLE_CURVE_TABLE:
        _TABLE_CURVE_TABLE.extend(
            [win_expectancy_table(d) for d in range(-_TABLE_OFFSET, _TABLE_OFFSET + 1)]
        )
    return _TABLE_CURVE_TABLE


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
    """``sum(P(value − Rj))`` as the first-DWZ derivation computes it.

    On the two-decimal table each P(D) is read by its level (the number of band edges
    below D, the table's very floats) where every rating is finite: the same sum.

    >>> expected_sum(1500.5, [1500, 1400.25], win_expectancy_table) == (
    ...     win_expectancy_table(0.5) + win_expectancy_table(100.25))
    True
    """
    if expectancy is win_expectancy_table and math.isfinite(value + float_sum(opponents)):
        return float_sum(map(_LEVEL_P.__getitem__, table_levels(value, opponents)))
    return float_sum(expectancy(value - r) for r in opponents)


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
        return truncated(rating, numerator, denominator)
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
    new, new_index, expected, tenths, e, _n, _d, _floor = established_terms(
        regs, rating, index, age, method, opponents, half, expectancy
    )
    return Figures(new, new_index, expected, None if tenths is None else tenths_fraction(tenths), e)


_TENTHS: dict[int, Fraction] = {}


def tenths_fraction(tenths: int) -> Fraction:
    """K as a fraction from its tenths (the few values shared, not rebuilt per player)."""
    value = _TENTHS.get(tenths)
    if value is None:
        value = _TENTHS[tenths] = Fraction(tenths, 10)
    return value


_CONSTANTS: dict[int, tuple] = {}


def _constants_2026(regs: Dwz2026) -> tuple:
    """The WO 2026 constants the figures use, read once per regulations (by identity)."""
    values = _CONSTANTS.get(id(regs))
    if values is None or values[0] is not regs:
        values = _CONSTANTS[id(regs)] = (regs, _read_constants_2026(regs))
    return values[1]


def _read_constants_2026(regs: Dwz2026) -> tuple:
    rows = {row: regs.k0_row(row) for row in ("youth", "adult", "master")}  # type: ignore[arg-type]
    return (
        regs.unknown_age, regs.youth_max_age, regs.youth_master_from, regs.adult_master_from,
        rows["youth"], rows["adult"], rows["master"], regs.brake_below, regs.u,
        regs.junior_max_age, regs.junior_bonus_below, regs.t, regs.bonus_below, regs.a1,
        regs.a2, 10 * regs.k_max, regs.floor if regs.floor_applies_to_all else None,
    )  # fmt: skip


def established_terms(
    regs: DwzRegulations,
    rating: int,
    index: int | None,
    age: int | None,
    method: str,
    opponents: Sequence[int],
    half: int,
    expectancy: Callable[[float], float],
) -> tuple[int, int | None, float, int | None, int | None, int, int, bool]:
    """The figures of :func:`established_figures` with the exact change and the floor.

    Returns ``(new, new_index, expected, K in tenths or None, E or None, change_n,
    change_d, floor_applied)``: Rn before rounding is R0 + change_n/change_d exactly.
    """
    if expectancy is win_expectancy:
        expected = 0.0
        erf = _erf
        for r in opponents:
            expected += 0.5 * (1.0 + erf((rating - r) / 400.0))
    else:
        expected = expected_score_of(rating, opponents, expectancy)
    return terms_of(regs, rating, index, age, method, len(opponents), expected, half)


def terms_of(
    regs: DwzRegulations,
    rating: int,
    index: int | None,
    age: int | None,
    method: str,
    n: int,
    expected: float,
    half: int,
) -> tuple[int, int | None, float, int | None, int | None, int, int, bool]:
    """:func:`established_terms` from the number of counted games, the expected score
    (Σ P(D) in game order) and the half-points."""
    return terms_function(regs, method)(rating, index, age, n, expected, half)


#: ``terms(rating, index, age, n, expected, half)`` as :func:`terms_of` gives them.
Terms = Callable[
    [int, "int | None", "int | None", int, float, int],
    "tuple[int, int | None, float, int | None, int | None, int | None, int | None, bool]",
]
_FUNCTIONS: dict[tuple[int, str, bool], tuple[DwzRegulations, Terms]] = {}


def terms_function(regs: DwzRegulations, method: str, *, exact: bool = True) -> Terms:
    """:func:`terms_of` for one set of regulations and method, the constants read once:
    ``terms(rating, index, age, n, expected, half)`` (kept per regulations and method).

    ``exact=False`` (WO 2026, not Swiss-Chess): Rn decided in floats where that is
    certain, in integers only next to a half; the exact change (``change_n``,
    ``change_d``) is then not given (None), everything else is the same.

    >>> from wertung.dwz.regulations import WO_2026
    >>> terms_function(WO_2026, "exact")(1500, 5, 40, 1, 0.5, 2)[:2]
    (1522, 6)
    """
    key = (id(regs), method, exact)
    cached = _FUNCTIONS.get(key)
    if cached is not None and cached[0] is regs:
        return cached[1]
    swiss = method == "swiss-chess"
    if regs.__class__ is Dwz2026:
        terms = _terms_2026(regs, swiss, exact or swiss)  # type: ignore[arg-type]
    else:
        terms = _terms_2014(regs, swiss)  # type: ignore[arg-type]
    _FUNCTIONS[key] = (regs, terms)
    return terms


#: More counted games than this: Rn decided in integers (the score stays an exact float).
_MAX_GAMES = 1 << 30


def _terms_2026(regs: Dwz2026, swiss: bool, exact: bool) -> Terms:
    (unknown_age, youth_max_age, youth_master_from, adult_master_from, youth, adult, master,
     brake_below, u, junior_max_age, junior_bonus_below, t, bonus_below, a1, a2, k_max_tenths,
     floor) = _constants_2026(regs)  # fmt: skip

    floor_of = math.floor

    def terms(
        rating: int, index: int | None, age: int | None, n: int, expected: float, half: int
    ) -> tuple[int, int | None, float, int | None, int | None, int | None, int | None, bool]:
        score = half * 0.5  # exact in binary, so comparisons with the float are exact
        new_index = (index or 0) + 1 if n else index
        rules_age = unknown_age if age is None else age
        if rules_age <= youth_max_age and rating < youth_master_from:
            k0_row = youth
        elif rules_age > youth_max_age and rating < adult_master_from:
            k0_row = adult
        else:
            k0_row = master
        k0 = k0_row[(index if index < 11 else 11) - 1 if index else 0]
        if score < expected:
            if rating < brake_below:
                # K0·(R0 + u)/(1600 + u) in tenths, half up.
                tenths, rest = divmod(10 * k0 * (rating + u), 1600 + u)
                if 2 * rest >= 1600 + u:
                    tenths += 1
            else:
                tenths = 10 * k0
        elif rules_age <= junior_max_age and rating < junior_bonus_below:
            # K0 + (2000 − R0)/t in tenths, half up (the numerator is positive).
            tenths, rest = divmod(10 * (k0 * t + junior_bonus_below - rating), t)
            if 2 * rest >= t:
                tenths += 1
        elif junior_max_age < rules_age <= youth_max_age and rating < bonus_below:
            tenths = 10 * (k0 + a1)
        elif rules_age > youth_max_age and rating < bonus_below:
            tenths = 10 * (k0 + a2)
        else:
            tenths = 10 * k0
        if tenths > k_max_tenths:
            tenths = k_max_tenths
        if not n:
            return rating, new_index, expected, tenths, None, 0, 1, False
        if not exact:
            # Rn = R0 + K·(W − We) in floats is off by less than 1e-8 (four roundings of at
            # most 2⁻⁵³ relative, |K·(W − We)| and |R0| below 10⁷): the nearest whole
            # number is Rn's unless Rn lies within 1e-6 of a half (then, and out of those
            # bounds, decided in integers below).
            change = tenths * (score - expected) / 10
            unrounded = rating + change
            new = floor_of(unrounded)
            rest = unrounded - new  # exact (Sterbenz)
            if not (
                0.499999 < rest < 0.500001
                or not -1e7 < change < 1e7
                or not -10_000_000 < rating < 10_000_000
                or n > _MAX_GAMES
            ):
                if rest > 0.5:
                    new += 1
                if floor is not None and new < floor:
                    return floor, new_index, expected, tenths, None, None, None, True
                return new, new_index, expected, tenths, None, None, None, False
        # Rn = R0 + K·(W − We) = R0 + tenths·gap / (20·den), half up (or truncated).
        num, den = expected.as_integer_ratio()  # We is the float's binary value num/den
        gap = half * den - 2 * num  # (W − We)·2·den
        change_n, change_d = tenths * gap, 20 * den
        if swiss:
            new = truncated(rating, change_n, change_d)
        else:
            total = rating * change_d + change_n
            new, rest = divmod(total if total >= 0 else -total, change_d)
            if 2 * rest >= change_d:
                new += 1
            if total < 0:
                new = -new
        if floor is not None and new < floor:
            return floor, new_index, expected, tenths, None, change_n, change_d, True
        return new, new_index, expected, tenths, None, change_n, change_d, False

    return terms


def _terms_2014(regs: Dwz2014, swiss: bool) -> Terms:
    unknown_age = regs.unknown_age
    age_coefficient = regs.age_coefficient
    coefficients: dict[int, int] = {}  # J by age, worked out once per age
    acceleration_max_age = regs.acceleration_max_age
    low, high = regs.acceleration_min, regs.acceleration_max
    low_num, low_den, high_num, high_den = (
        low.numerator, low.denominator, high.numerator, high.denominator
    )  # fmt: skip
    divisor = regs.acceleration_divisor
    braking_below, braking_scale = regs.braking_below, regs.braking_scale
    e_max_braking, e_max, e_max_per_index = regs.e_max_braking, regs.e_max, regs.e_max_per_index
    e_min, numerator = regs.e_min, regs.numerator
    exp = math.exp
    scale = 10**12

    def terms(
        rating: int, index: int | None, age: int | None, n: int, expected: float, half: int
    ) -> tuple[int, int | None, float, int | None, int | None, int, int, bool]:
        score = half * 0.5  # exact in binary, so comparisons with the float are exact
        num, den = expected.as_integer_ratio()
        gap = half * den - 2 * num  # (W − We)·2·den
        new_index = (index or 0) + 1 if n else index
        rules_age = unknown_age if age is None else age
        j = coefficients.get(rules_age)
        if j is None:
            j = coefficients[rules_age] = age_coefficient(rules_age)
        # E0·fB as an exact ratio: E0 = (R0⁴ + J·10¹²)/10¹²; fB = R0/2000 within its bounds.
        e_num, e_den = rating**4 + j * scale, scale
        if rules_age <= acceleration_max_age and score >= expected:
            if rating * low_den < low_num * divisor:
                e_num, e_den = e_num * low_num, e_den * low_den
            elif rating * high_den > high_num * divisor:
                e_num, e_den = e_num * high_num, e_den * high_den
            else:
                e_num, e_den = e_num * rating, e_den * divisor
        if rating < braking_below and score <= expected:
            sbr = exp((braking_below - rating) / braking_scale) - 1
            if swiss:  # its two roundings (swiss_chess.DIFFERENCES: braking_surcharge)
                e = braking_coefficient(e_num, e_den, rating, braking_below, braking_scale)
            else:
                s_num, s_den = sbr.as_integer_ratio()
                e = _half_up(e_num * s_den + s_num * e_den, e_den * s_den)
        else:
            sbr = 0.0
            e = _half_up(e_num, e_den)
        if sbr > 0:
            upper = e_max_braking
        else:
            upper = e_max_per_index * (index if index and index > 1 else 1)
            if upper > e_max:
                upper = e_max
        if e > upper:
            e = upper
        if e < e_min:
            e = e_min
        if not n:
            return rating, new_index, expected, None, e, 0, 1, False
        # Rn = R0 + 800·(W − We)/(E + n) = R0 + 800·gap / (2·den·(E + n)).
        change_n, change_d = numerator * gap, 2 * den * (e + n)
        new = _final(swiss, rating, change_n, change_d)
        return new, new_index, expected, None, e, change_n, change_d, False

    return terms

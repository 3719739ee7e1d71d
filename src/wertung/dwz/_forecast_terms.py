"""Each regulation's rule once: the development factor K (WO 2026: the K0 table's row
and column, the brake factor b, the success bonus a, one decimal half up, Kmax) and the
development coefficient E (WO 2014: J, E0, fB, SBr, its bounds), and the forecast's
working under them.

* :func:`k_rule_2026` and :func:`e_rule_2014` decide the rule: which row, column and
  branch apply and K in tenths (E as a whole number), in integer arithmetic. The
  figures of a results table (:mod:`._lean`) use them directly.
* :func:`wo2026` and :func:`wo2014` -- the exact working of a forecast: they take the
  branch and K (E) from the rule and add the exact values it shows (b, a, K0·b + a,
  E0, fB, the unrounded figures) and Rn as the exact ratio R0 + change_n/change_d,
  rounded half up (Swiss-Chess: truncated).

Called by :func:`~wertung.dwz._forecast.evaluate_established` with the exact W − We.

>>> from wertung.dwz.regulations import WO_2026
>>> terms = wo2026(WO_2026, 1500, 5, 40, 1, Fraction(1), 0.5, (1, 2), None, "exact")
>>> terms["development_factor"], terms["new_rating"]
(Fraction(44, 1), 1522)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Literal, Protocol, overload

from wertung.dwz._forecast_rules import (
    _rules_2014,
    _rules_2014_swiss_chess,
    _rules_2026,
    _rules_2026_swiss_chess,
    base_value_rule,
)
from wertung.dwz.regulations import Dwz2014, Dwz2026, K0Row
from wertung.kernel.rounding import _half_up
from wertung.kernel.swiss_chess import braking_coefficient, truncated

__all__ = [
    "Bonus",
    "EExplained",
    "EFigures",
    "ERule",
    "ETerms",
    "KExplained",
    "KFigures",
    "KRule",
    "KTerms",
    "Method",
    "TermFigures",
    "Terms",
    "e_rule_2014",
    "final_rating",
    "k_rule_2026",
    "wo2014",
    "wo2026",
]


def final_rating(swiss_chess: bool, rating: int, numerator: int, denominator: int) -> int:
    """Rn = rating + numerator/denominator (denominator > 0) rounded half up (exactly, in
    integers); Swiss-Chess truncates the change towards zero instead.

    >>> final_rating(False, 1500, 1, 2), final_rating(False, 1500, -1, 2), final_rating(True, 1500, 7, 4)
    (1501, 1500, 1501)
    """
    if swiss_chess:
        return truncated(rating, numerator, denominator)
    return _half_up(rating * denominator + numerator, denominator)


#: ``rule(rating, index, age, n, expected, half)`` → ``(new, new_index, expected, K in
#: tenths or None, E or None, change_n, change_d, floor_applied)``: the figures of a
#: player (Rn = R0 + change_n/change_d exactly; None, None where Rn was decided in floats).
#: The evaluation methods (:data:`wertung.dwz._forecast.METHODS`): ``exact`` (the
#: regulations), ``table`` (P(D) from the two-decimal table), ``swiss-chess``.
Method = Literal["exact", "table", "swiss-chess"]
TermFigures = tuple[int, int | None, float, int | None, int | None, int | None, int | None, bool]
#: The figures of the WO 2026 rule: K in tenths, no E.
KFigures = tuple[int, int | None, float, int, None, int | None, int | None, bool]
#: The figures of the WO 2014 rule: E, no K; the change always given exactly.
EFigures = tuple[int, int | None, float, None, int, int, int, bool]
Terms = Callable[[int, int | None, int | None, int, float, int], TermFigures]
KTerms = Callable[[int, int | None, int | None, int, float, int], KFigures]
ETerms = Callable[[int, int | None, int | None, int, float, int], EFigures]
#: Which success bonus a of WO 2026 applies (see :func:`k_rule_2026`).
Bonus = Literal["junior", "a1", "a2", "none", "below_expectation"]
#: :func:`k_rule_2026`'s rule with ``explain``: ``(tenths, k0, row, column, braked, bonus,
#: capped)``.
KExplained = tuple[int, int, K0Row, int, bool, Bonus, bool]
#: :func:`e_rule_2014`'s rule with ``explain``: ``(e, j, fb, sbr, upper)``.
EExplained = tuple[int, int, int, float, int]


class KRule(Protocol):
    """The rule :func:`k_rule_2026` gives: the figures (:data:`Terms`), or with
    ``explain`` the branch (:data:`KExplained`)."""

    @overload
    def __call__(
        self,
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[False] = False,
        /,
    ) -> KFigures: ...
    @overload
    def __call__(
        self,
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[True],
        /,
    ) -> KExplained: ...


class ERule(Protocol):
    """The rule :func:`e_rule_2014` gives: the figures (:data:`Terms`), or with
    ``explain`` the branch (:data:`EExplained`)."""

    @overload
    def __call__(
        self,
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[False] = False,
        /,
    ) -> EFigures: ...
    @overload
    def __call__(
        self,
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[True],
        /,
    ) -> EExplained: ...


_K_RULES: dict[tuple[int, bool, bool], tuple[Dwz2026, KRule]] = {}
#: More counted games than this: Rn decided in integers (the score stays an exact float).
_MAX_GAMES = 1 << 30


def k_rule_2026(regs: Dwz2026, swiss: bool = False, exact: bool = True) -> KRule:
    """The WO 2026 rule, its constants read once (kept by the identity of ``regs``):
    ``rule(rating, index, age, n, expected, half, explain=False)``.

    ``n`` counted games, ``expected`` We (Σ P(D) in game order), ``half`` W in half-points,
    ``age`` None for unknown. K = min(K0·b + a rounded to one decimal half up, Kmax), in
    tenths; Rn = R0 + K·(W − We) half up (Swiss-Chess: the change truncated), at least the
    floor. Gives the figures (:data:`Terms`); with ``explain`` the rule's branch instead:
    ``(tenths, k0, row, column, braked, bonus, capped)`` -- K0 from ``row`` ("youth",
    "adult", "master") and index ``column`` (1..11); ``braked``: b = (R0 + u)/(1600 + u)
    applies (W < We, R0 < 1600), else b = 1; ``bonus``: which a applies ("junior":
    (2000 − R0)/t, "a1", "a2", "none"; "below_expectation": W < We, a = 0); ``capped``:
    K0·b + a, rounded, was above Kmax.

    ``exact=False`` (not Swiss-Chess): Rn decided in floats where that is certain, in
    integers only next to a half; the exact change is then not given (None).

    >>> from wertung.dwz.regulations import WO_2026
    >>> k_rule_2026(WO_2026)(1500, 5, 40, 1, 0.5, 2, True)
    (440, 40, 'adult', 5, False, 'a2', False)
    >>> k_rule_2026(WO_2026)(1500, 5, 40, 1, 0.5, 2)[:4]
    (1522, 6, 0.5, 440)
    >>> k_rule_2026(WO_2026)(1200, None, 12, 1, 0.5, 0, True)
    (500, 60, 'youth', 1, True, 'below_expectation', False)
    """
    key = (id(regs), swiss, exact)
    cached = _K_RULES.get(key)
    if cached is not None and cached[0] is regs:
        return cached[1]
    unknown_age = regs.unknown_age
    youth_max_age, youth_master_from = regs.youth_max_age, regs.youth_master_from
    adult_master_from = regs.adult_master_from
    youth, adult, master = regs.k0_row("youth"), regs.k0_row("adult"), regs.k0_row("master")
    brake_below, u = regs.brake_below, regs.u
    junior_max_age, junior_bonus_below, t = regs.junior_max_age, regs.junior_bonus_below, regs.t
    bonus_below, a1, a2, k_max_tenths = regs.bonus_below, regs.a1, regs.a2, 10 * regs.k_max
    floor = regs.floor if regs.floor_applies_to_all else None
    floor_of = math.floor

    @overload
    def rule(
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[False] = False,
    ) -> KFigures: ...
    @overload
    def rule(
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[True],
    ) -> KExplained: ...
    def rule(
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: bool = False,
    ) -> KFigures | KExplained:
        rules_age = unknown_age if age is None else age
        score = half * 0.5  # exact in binary, so comparisons with the float are exact
        row: K0Row
        bonus: Bonus
        if rules_age <= youth_max_age and rating < youth_master_from:
            row, values = "youth", youth
        elif rules_age > youth_max_age and rating < adult_master_from:
            row, values = "adult", adult
        else:
            row, values = "master", master
        # Column of the K0 table: index 0 or none → 1; > 10 → 11 (">10") [SPEC §3.1].
        column = (index if index < 11 else 11) if index else 1
        k0 = values[column - 1]
        braked = False
        if score < expected:  # b only when W < We and R0 < 1600, any age; a only when W ≥ We
            bonus = "below_expectation"
            if rating < brake_below:
                # K0·(R0 + u)/(1600 + u) in tenths, half up.
                braked = True
                tenths, rest = divmod(10 * k0 * (rating + u), 1600 + u)
                if 2 * rest >= 1600 + u:
                    tenths += 1
            else:
                tenths = 10 * k0
        elif rules_age <= junior_max_age and rating < junior_bonus_below:
            # K0 + (2000 − R0)/t in tenths, half up (the numerator is positive).
            bonus = "junior"
            tenths, rest = divmod(10 * (k0 * t + junior_bonus_below - rating), t)
            if 2 * rest >= t:
                tenths += 1
        elif junior_max_age < rules_age <= youth_max_age and rating < bonus_below:
            bonus, tenths = "a1", 10 * (k0 + a1)
        elif rules_age > youth_max_age and rating < bonus_below:
            bonus, tenths = "a2", 10 * (k0 + a2)
        else:
            bonus, tenths = "none", 10 * k0
        capped = tenths > k_max_tenths
        if capped:
            tenths = k_max_tenths
        if explain:
            return tenths, k0, row, column, braked, bonus, capped
        new_index = (index or 0) + 1 if n else index
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
            part = unrounded - new  # exact (Sterbenz)
            if not (
                0.499999 < part < 0.500001
                or not -1e7 < change < 1e7
                or not -10_000_000 < rating < 10_000_000
                or n > _MAX_GAMES
            ):
                if part > 0.5:
                    new += 1
                if floor is not None and new < floor:
                    return floor, new_index, expected, tenths, None, None, None, True
                return new, new_index, expected, tenths, None, None, None, False
        # Rn = R0 + K·(W − We) = R0 + tenths·gap / (20·den), half up (or truncated).
        num, den = expected.as_integer_ratio()  # We is the float's binary value num/den
        gap = half * den - 2 * num  # (W − We)·2·den
        change_n, change_d = tenths * gap, 20 * den
        new = final_rating(swiss, rating, change_n, change_d)
        if floor is not None and new < floor:
            return floor, new_index, expected, tenths, None, change_n, change_d, True
        return new, new_index, expected, tenths, None, change_n, change_d, False

    _K_RULES[key] = (regs, rule)
    return rule


_E_RULES: dict[tuple[int, bool], tuple[Dwz2014, ERule]] = {}
#: The fB rule of :func:`e_rule_2014`: none (fB = 1), the lower bound, the upper bound,
#: R0/divisor.
FB_NONE, FB_LOW, FB_HIGH, FB_RATIO = range(4)


def e_rule_2014(regs: Dwz2014, swiss: bool = False) -> ERule:
    """The WO 2014 rule, its constants read once (kept by the identity of ``regs``):
    ``rule(rating, index, age, n, expected, half, explain=False)`` as :func:`k_rule_2026`.

    E = E0·fB + SBr rounded half up (Swiss-Chess with SBr > 0: its two roundings), then
    within [Emin, upper]; E0 = (R0/1000)⁴ + J; Rn = R0 + 800·(W − We)/(E + n) half up
    (Swiss-Chess: the change truncated). With ``explain`` the rule's branch: ``(e, j, fb,
    sbr, upper)`` -- ``fb``: which fB applies (:data:`FB_NONE` unless age ≤ 20 with W ≥ We,
    then R0/2000 within its bounds: :data:`FB_LOW`, :data:`FB_HIGH` or :data:`FB_RATIO`);
    SBr = e^((1300 − R0)/150) − 1 for R0 < 1300 with W ≤ We, else 0.0.

    >>> from wertung.dwz.regulations import WO_2014
    >>> e_rule_2014(WO_2014)(1500, 5, 40, 2, 1.0, 3, True)
    (20, 15, 0, 0.0, 25)
    """
    key = (id(regs), swiss)
    cached = _E_RULES.get(key)
    if cached is not None and cached[0] is regs:
        return cached[1]
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

    @overload
    def rule(
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[False] = False,
    ) -> EFigures: ...
    @overload
    def rule(
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: Literal[True],
    ) -> EExplained: ...
    def rule(
        rating: int,
        index: int | None,
        age: int | None,
        n: int,
        expected: float,
        half: int,
        explain: bool = False,
    ) -> EFigures | EExplained:
        rules_age = unknown_age if age is None else age
        score = half * 0.5  # exact in binary, so comparisons with the float are exact
        j = coefficients.get(rules_age)
        if j is None:
            j = coefficients[rules_age] = age_coefficient(rules_age)
        # E0·fB as an exact ratio: E0 = (R0⁴ + J·10¹²)/10¹²; fB = R0/2000 within its bounds.
        e_num, e_den = rating**4 + j * scale, scale
        fb = FB_NONE
        if rules_age <= acceleration_max_age and score >= expected:
            if rating * low_den < low_num * divisor:
                fb, e_num, e_den = FB_LOW, e_num * low_num, e_den * low_den
            elif rating * high_den > high_num * divisor:
                fb, e_num, e_den = FB_HIGH, e_num * high_num, e_den * high_den
            else:
                fb, e_num, e_den = FB_RATIO, e_num * rating, e_den * divisor
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
        if explain:
            return e, j, fb, sbr, upper
        new_index = (index or 0) + 1 if n else index
        if not n:
            return rating, new_index, expected, None, e, 0, 1, False
        # Rn = R0 + 800·(W − We)/(E + n) = R0 + 800·gap / (2·den·(E + n)).
        num, den = expected.as_integer_ratio()
        change_n, change_d = numerator * (half * den - 2 * num), 2 * den * (e + n)
        new = final_rating(swiss, rating, change_n, change_d)
        return new, new_index, expected, None, e, change_n, change_d, False

    _E_RULES[key] = (regs, rule)
    return rule


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
    method: Method,
) -> dict[str, Any]:
    half = 2 * score.numerator // score.denominator
    tenths, k0, row, column, braked, a_rule, capped = k_rule_2026(regs)(
        rating, index, age, n, expected, half, True
    )
    b = Fraction(rating + regs.u, 1600 + regs.u) if braked else Fraction(1)
    if a_rule == "junior":
        a = Fraction(regs.junior_bonus_below - rating, regs.t)
    else:
        a = Fraction({"a1": regs.a1, "a2": regs.a2}.get(a_rule, 0))
    k_unrounded = k0 * b + a
    k = Fraction(tenths, 10)  # K0·b + a, one decimal half up, at most Kmax
    if override is not None:
        k = Fraction(override)
        capped = False
    # Rn = R0 + K·(W − We) as the exact ratio rating + change_n/change_d.
    change_n, change_d = k.numerator * exact_diff[0], k.denominator * exact_diff[1]
    if not n:
        change_n, change_d = 0, 1
    new = final_rating(method == "swiss-chess", rating, change_n, change_d)
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


#: The WO 2026 rule texts with the K0 table's row and column, by (id of the regulations,
#: row, column); each forecast gets its own copy.
_RULES_K0: dict[tuple[int, str, int, bool], tuple[Dwz2026, dict[str, str]]] = {}


def _rules_with_k0(regs: Dwz2026, row: str, column: int, swiss: bool = False) -> dict[str, str]:
    key = (id(regs), row, column, swiss)
    cached = _RULES_K0.get(key)
    if cached is None or cached[0] is not regs:
        texts = _rules_2026_swiss_chess(regs) if swiss else _rules_2026(regs)
        rules = {**texts, "base_value": base_value_rule(row, column)}
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
    method: Method,
) -> dict[str, Any]:
    swiss = method == "swiss-chess"
    half = 2 * score.numerator // score.denominator
    e, j, fb_rule, sbr, upper = e_rule_2014(regs, swiss)(
        rating, index, age, n, expected, half, True
    )
    e0 = Fraction(rating, 1000) ** 4 + j
    fb = (Fraction(1), regs.acceleration_min, regs.acceleration_max,
          Fraction(rating, regs.acceleration_divisor))[fb_rule]  # fmt: skip
    e_unrounded = float(e0 * fb) + sbr
    if override is not None:
        e = int(override)
    # Rn = R0 + 800·(W − We)/(E + n) as the exact ratio rating + change_n/change_d.
    change_n, change_d = regs.numerator * exact_diff[0], exact_diff[1] * (e + n)
    if not n:
        change_n, change_d = 0, 1
    new = final_rating(swiss, rating, change_n, change_d)
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

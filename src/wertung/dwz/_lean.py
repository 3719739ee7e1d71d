"""The DWZ of a rated player on plain numbers: the hot path of an evaluation.

The same rules as :mod:`wertung.dwz._forecast`, computed without building the
derivation: scores in half-points (``int``), K in tenths (``int``), the expected
score a ``float`` summed in game order exactly as the derivation sums it. Where
the regulations round (K to one decimal, E and Rn to whole numbers, half up),
the value is decided in exact integer arithmetic on the float's exact binary
ratio, so no rounding decision can differ from the exact one.

:func:`terms_function` gives each regulation's rule (:func:`~wertung.dwz._forecast_terms.k_rule_2026`,
:func:`~wertung.dwz._forecast_terms.e_rule_2014`, the rule written once) for a method;
:func:`established_figures` gives the figures a results table shows; the full
derivation (:func:`~wertung.dwz._forecast.evaluate_established`) builds the
same numbers with every intermediate value and is built only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple, overload

from wertung.dwz._forecast_terms import (
    ETerms,
    KTerms,
    Method,
    TermFigures,
    Terms,
    e_rule_2014,
    k_rule_2026,
)
from wertung.dwz.regulations import Dwz2014, Dwz2026, DwzRegulations
from wertung.kernel.expectancy import expected_score, expected_score_of, win_expectancy

__all__ = [
    "Figures",
    "established_figures",
    "established_terms",
    "tenths_fraction",
    "terms_function",
    "terms_of",
]


class Figures(NamedTuple):
    """What a results table shows of a rated player's evaluation."""

    new_rating: int
    new_index: int | None
    expected: float
    development_factor: Fraction | None
    development_coefficient: int | None


def established_figures(
    regs: DwzRegulations,
    rating: int,
    index: int | None,
    age: int | None,
    method: Method,
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


def established_terms(
    regs: DwzRegulations,
    rating: int,
    index: int | None,
    age: int | None,
    method: Method,
    opponents: Sequence[int],
    half: int,
    expectancy: Callable[[float], float],
) -> tuple[int, int | None, float, int | None, int | None, int | None, int | None, bool]:
    """The figures of :func:`established_figures` with the exact change and the floor.

    Returns ``(new, new_index, expected, K in tenths or None, E or None, change_n,
    change_d, floor_applied)``: Rn before rounding is R0 + change_n/change_d exactly.
    """
    if expectancy is win_expectancy:
        expected = expected_score(rating, opponents)
    else:
        expected = expected_score_of(rating, opponents, expectancy)
    return terms_of(regs, rating, index, age, method, len(opponents), expected, half)


def terms_of(
    regs: DwzRegulations,
    rating: int,
    index: int | None,
    age: int | None,
    method: Method,
    n: int,
    expected: float,
    half: int,
) -> TermFigures:
    """:func:`established_terms` from the number of counted games, the expected score
    (Σ P(D) in game order) and the half-points."""
    return terms_function(regs, method)(rating, index, age, n, expected, half)


_FUNCTIONS: dict[tuple[int, str, bool], tuple[DwzRegulations, Terms]] = {}


@overload
def terms_function(regs: Dwz2026, method: Method, *, exact: bool = True) -> KTerms: ...
@overload
def terms_function(regs: Dwz2014, method: Method, *, exact: bool = True) -> ETerms: ...
@overload
def terms_function(regs: DwzRegulations, method: Method, *, exact: bool = True) -> Terms: ...
def terms_function(regs: DwzRegulations, method: Method, *, exact: bool = True) -> Terms:
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
    terms: Terms
    if regs.__class__ is Dwz2026:
        terms = k_rule_2026(regs, swiss, exact or swiss)
    else:
        # `__class__ is` narrows the branch above only; every other set is a Dwz2014 here.
        terms = e_rule_2014(regs, swiss)  # type: ignore[arg-type]
    _FUNCTIONS[key] = (regs, terms)
    return terms

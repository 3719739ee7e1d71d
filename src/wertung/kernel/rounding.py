"""Rounding exactly where the regulations round.

Both the DSB and FIDE round half away from zero ("kaufmännisch"). Python's
``round`` rounds half to even and works on the binary value, so it must not be
used on rating figures. These helpers convert the value *exactly* to a
:class:`~fractions.Fraction` (a float's binary value is exact as a fraction)
and round that.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

Number = int | float | Fraction | Decimal


def _ratio(value: Number) -> tuple[int, int]:
    """The value as an exact integer ratio (a float's binary value is exact)."""
    if isinstance(value, (int, Fraction)):
        return value.numerator, value.denominator
    return value.as_integer_ratio()


def _half_up(numerator: int, denominator: int) -> int:
    """numerator/denominator (denominator > 0) rounded half away from zero, in integers."""
    whole, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return whole if numerator >= 0 else -whole


def round_half_up(value: Number, places: int = 0) -> Fraction:
    """Round half away from zero to ``places`` decimals, exactly.

    >>> round_half_up(Fraction(4405, 100), 1)
    Fraction(441, 10)
    >>> float(round_half_up(2.5)), float(round_half_up(-2.5))
    (3.0, -3.0)
    """
    numerator, denominator = _ratio(value)
    scale = 10**places
    return Fraction(_half_up(numerator * scale, denominator), scale)


def round_to_int(value: Number) -> int:
    """Round half away from zero to an integer.

    A float below 2⁵² in size is rounded on the float itself (value − ⌊value⌋ is then
    exact, so the half is decided exactly); anything else through its exact ratio.

    >>> round_to_int(1546.5), round_to_int(1546.4999), round_to_int(-0.5)
    (1547, 1546, -1)
    """
    if value.__class__ is float and -_EXACT_BELOW < value < _EXACT_BELOW:
        if value >= 0:
            whole = _floor(value)
            return whole + 1 if value - whole >= 0.5 else whole
        whole = _floor(-value)
        return -whole - 1 if -value - whole >= 0.5 else -whole
    return _half_up(*_ratio(value))


_floor = math.floor
_EXACT_BELOW = 2.0**52


def float_sum(values: Iterable[float]) -> float:
    """Σ values added from left to right, each addition rounded (as ``sum`` did to 3.11).

    Python 3.12's ``sum`` compensates the rounding of float additions, so its last bit
    differs from 3.11's; every figure that sums floats (Σ P(D), average ratings of the
    joint iteration) uses this instead and gives the same bits on every version.

    >>> float_sum([0.1, 0.2, 0.3]), float_sum([]), float_sum([1, 0.5])
    (0.6000000000000001, 0, 1.5)
    """
    total: float = 0  # an int while empty: float_sum([]) is 0, as sum([]) is
    for value in values:
        total += value
    return total

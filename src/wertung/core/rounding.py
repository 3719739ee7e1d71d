"""Rounding exactly where the regulations round.

Both the DSB and FIDE round half away from zero ("kaufmännisch"). Python's
``round`` rounds half to even and works on the binary value, so it must not be
used on rating figures. These helpers convert the value *exactly* to a
:class:`~fractions.Fraction` (a float's binary value is exact as a fraction)
and round that.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

Number = int | float | Fraction | Decimal


def _exact(value: Number) -> Fraction:
    if isinstance(value, Fraction):
        return value
    return Fraction(value)


def round_half_up(value: Number, places: int = 0) -> Fraction:
    """Round half away from zero to ``places`` decimals, exactly.

    >>> round_half_up(Fraction(4405, 100), 1)
    Fraction(441, 10)
    >>> float(round_half_up(2.5)), float(round_half_up(-2.5))
    (3.0, -3.0)
    """
    exact = _exact(value)
    scale = 10**places
    scaled = exact * scale
    sign = -1 if scaled < 0 else 1
    magnitude = abs(scaled)
    whole = int(magnitude)  # floor of a non-negative fraction
    if magnitude - whole >= Fraction(1, 2):
        whole += 1
    return Fraction(sign * whole, scale)


def round_to_int(value: Number) -> int:
    """Round half away from zero to an integer.

    >>> round_to_int(1546.5), round_to_int(1546.4999)
    (1547, 1546)
    """
    return int(round_half_up(value, 0))

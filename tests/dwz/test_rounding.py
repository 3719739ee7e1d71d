"""Rounding half away from zero, exactly (where the regulations round)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from wertung.kernel.rounding import round_half_up, round_to_int


def reference(value, places=0):
    exact = Fraction(value) * 10**places
    whole = int(abs(exact))
    if abs(exact) - whole >= Fraction(1, 2):
        whole += 1
    return Fraction(whole if exact >= 0 else -whole, 10**places)


numbers = st.one_of(
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.fractions(max_denominator=10_000).filter(lambda f: abs(f) < 10**6),
    st.integers(-(10**6), 10**6).map(lambda n: n / 2),
)


@given(numbers, st.integers(0, 3))
def test_matches_the_exact_definition(value, places):
    assert round_half_up(value, places) == reference(value, places)
    assert round_to_int(value) == int(reference(value))


def test_ties_go_away_from_zero_and_floats_are_taken_exactly():
    assert [round_to_int(x) for x in (0.5, 1.5, 2.5, -0.5, -2.5)] == [1, 2, 3, -1, -3]
    # 2.675 is stored as 2.67499999999999982236431605997495353221893310546875
    assert round_half_up(2.675, 2) == Fraction("2.67")
    assert round_half_up(Fraction("58.85"), 1) == Fraction("58.9")


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e17, max_value=1e17))
def test_round_to_int_of_a_float_is_the_exact_rounding(value: float) -> None:
    from wertung.kernel.rounding import _half_up

    assert round_to_int(value) == _half_up(*value.as_integer_ratio())


def test_round_to_int_of_floats_next_to_halves() -> None:
    import math

    for whole in (0, 1, 1099, 1546, 2**51, -1, -1546):
        for half in (whole + 0.5, whole - 0.5):
            for value in (math.nextafter(half, -math.inf), half, math.nextafter(half, math.inf)):
                expected = round_to_int(Fraction(value))
                assert round_to_int(value) == expected, value

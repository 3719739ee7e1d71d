"""The table methods' fast paths give the very floats of the plain computation (issue 9).

``method="table"`` (and ``"swiss-chess"``) reads the results' P(D) of whole-number
differences from a table of the floats :func:`win_expectancy_table` gives, as the exact
method reads erf's; the joint iteration on the table curve solves each equation with the
crossing of the step function found directly and the bisection run on from there. Each
is compared here with the plain computation it replaces.
"""

from __future__ import annotations

from fractions import Fraction

from wertung.core.expectancy import fide_expected_score, win_expectancy, win_expectancy_table
from wertung.core.lean import _TABLE_OFFSET, expectancy_table, expectancy_table_of


def test_the_table_curve_table_holds_the_very_floats() -> None:
    table = expectancy_table_of(win_expectancy_table)
    assert table is not None and len(table) == 2 * _TABLE_OFFSET + 1
    for d in range(-_TABLE_OFFSET, _TABLE_OFFSET + 1):
        value = table[d + _TABLE_OFFSET]
        assert value == win_expectancy_table(d) == float(fide_expected_score(d)), d
        assert type(value) is float
    assert table[_TABLE_OFFSET + 736] == 1.0 and table[_TABLE_OFFSET - 736] == 0.0
    assert table[_TABLE_OFFSET + 735] == float(Fraction(99, 100))  # the last band: 0.99


def test_only_the_two_curves_have_a_table() -> None:
    assert expectancy_table_of(win_expectancy) is expectancy_table()
    assert expectancy_table_of(lambda d: 0.5) is None

"""The planner: the smallest score in the remaining games that reaches a target."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wertung import dwz, fide
from wertung.kernel.errors import InvalidInput, InvalidRating
from wertung.kernel.needed import split_score

ratings = st.integers(900, 2600)
results = st.sampled_from(["1", "½", "0"])
games = st.lists(st.tuples(ratings, results), min_size=0, max_size=8)
remaining = st.lists(ratings, min_size=1, max_size=5)
dates = st.sampled_from(["2025-11-01", "2026-09-01"])  # WO 2014 and WO 2026


def _dwz_at(rating, index, played, opponents, points, **options):
    return dwz.forecast(
        rating,
        index,
        [*played, *zip(opponents, split_score(points, len(opponents)), strict=True)],
        **options,
    ).new_rating


@settings(max_examples=60, deadline=None)
@given(ratings, st.one_of(st.none(), st.integers(1, 20)), games, remaining, st.integers(800, 2800),
       dates, st.integers(8, 70))  # fmt: skip
def test_dwz_points_minimal_sufficient_and_table_agrees(
    rating, index, played, opps, target, date, age
):
    options = {"end_date": date, "age": age}
    need = dwz.needed(rating, index, played, opps, target, **options)
    for row in need.table:  # every line agrees with the forecast
        assert row.new_rating == _dwz_at(rating, index, played, opps, row.points, **options)
    best = _dwz_at(rating, index, played, opps, Fraction(len(opps)), **options)
    if need.points is None:
        assert best < target  # None exactly when all wins miss
    else:
        assert _dwz_at(rating, index, played, opps, need.points, **options) >= target
        assert need.new_rating >= target
        if need.points > 0:  # half a point less misses
            assert (
                _dwz_at(rating, index, played, opps, need.points - Fraction(1, 2), **options)
                < target
            )
        assert need.reached_already == (need.points == 0)
    # monotone in the target
    higher = dwz.needed(rating, index, played, opps, target + 25, **options)
    if need.points is None:
        assert higher.points is None
    elif higher.points is not None:
        assert higher.points >= need.points


@settings(max_examples=50, deadline=None)
@given(ratings, games, st.lists(st.one_of(ratings, st.integers(2700, 3000)), min_size=1, max_size=5),
       st.integers(1000, 2800), st.integers(0, 40), st.sampled_from(["2025-06-01", "2026-09-01"]))  # fmt: skip
def test_fide_points_minimal_and_table_agrees(rating, played, opps, target, games_played, date):
    options = {"games_played": games_played, "birth_year": 1990, "date": date}
    need = fide.needed(rating, played, opps, target, **options)

    def at(points):
        full = [*played, *zip(opps, split_score(points, len(opps)), strict=True)]
        return fide.rating_change(rating, full, **options).new_rating

    for row in need.table:
        assert row.new_rating == at(row.points)
    if need.points is None:
        assert at(Fraction(len(opps))) < target
    else:
        assert at(need.points) >= target
        if need.points:
            assert at(need.points - Fraction(1, 2)) < target


def test_first_dwz_needed_for_a_first_dwz_at_all_and_a_target():
    played = [(1500, 1), (1600, 0), (1400, "½")]
    need = dwz.needed_first(played, [1550, 1450], end_date="2026-09-01")
    assert (
        need.points == 0
        and need.new_rating
        == dwz.first_dwz([*played, (1550, 0), (1450, 0)], end_date="2026-09-01").rating
    )
    zero = dwz.needed_first([(1500, 0), (1600, 0), (1400, 0)], [1550, 1450],
                                    end_date="2026-09-01")  # fmt: skip
    assert zero.points == Fraction(1, 2)  # stage 1 needs at least ½ point
    assert zero.table[0].new_rating is None
    high = dwz.needed_first(played, [1550, 1450], 1600, end_date="2026-09-01")
    assert high.points is not None and high.new_rating >= 1600
    assert dwz.needed_first(played, [1550, 1450], 2500, end_date="2026-09-01").points is None


def test_seed_example_as_a_plan():
    need = dwz.needed(1500, 5, [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½")],
                      [1350, 1520], 1547, age=40, end_date="2026-09-01")  # fmt: skip
    assert need.points == Fraction(3, 2) and need.new_rating == 1547
    assert [row.points for row in need.table] == [Fraction(h, 2) for h in range(5)]
    data = need.to_dict()
    assert data["points"] == 1.5 and len(data["table"]) == 5


def test_count_and_expected_opponent():
    a = dwz.needed(1800, 20, [], 3, 1850, opponent=1750, end_date="2026-09-01")
    b = dwz.needed(1800, 20, [], [1750, 1750, 1750], 1850, end_date="2026-09-01")
    assert a == b


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: dwz.needed(1800, 20, [], 3, 1850, end_date="2026-09-01"), InvalidInput),
        (lambda: dwz.needed(1800, 20, [], 999, 1850, opponent=1700), InvalidInput),
        (lambda: dwz.needed(1800, 20, [], [5000], 1850), InvalidRating),
        (lambda: dwz.needed(1800, 20, [], [1700], 9999), InvalidRating),
        (lambda: fide.needed(1800, [], True, 1850), InvalidInput),
    ],
)
def test_bad_input_gets_our_errors(call, error):
    with pytest.raises(error):
        call()

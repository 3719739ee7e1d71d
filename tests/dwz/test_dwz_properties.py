"""Property tests of the DWZ maths (hypothesis)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from wertung import dwz
from wertung.dwz._first_dwz import correct
from wertung.dwz._performance import performance_rating
from wertung.dwz.regulations import WO_2026
from wertung.kernel.expectancy import win_expectancy

ratings = st.integers(min_value=0, max_value=3500)
results = st.sampled_from([0, 0.5, 1])
games = st.lists(st.tuples(ratings, results), min_size=1, max_size=12)
ages = st.integers(min_value=5, max_value=90)
indexes = st.one_of(st.none(), st.integers(min_value=0, max_value=60))
dates = st.sampled_from(["2026-06-08", "2026-11-29", "2020-01-01", "2026-06-07"])


@given(st.floats(min_value=-3000, max_value=3000, allow_nan=False))
def test_win_expectancy_symmetric(d):
    assert abs(win_expectancy(d) + win_expectancy(-d) - 1) < 1e-12


@given(st.floats(min_value=-3000, max_value=3000), st.floats(min_value=0.001, max_value=500))
def test_win_expectancy_monotone(d, step):
    assert win_expectancy(d + step) >= win_expectancy(d)


@given(ratings, indexes, games, ages, dates)
@settings(max_examples=200, deadline=None)
def test_k_within_bounds_and_floor(rating, index, played, age, date):
    r = dwz.forecast(rating, index, played, age=age, end_date=date)
    if r.regulations == "WO 2026":
        assert 0 < r.development_factor <= WO_2026.k_max
        assert r.new_rating >= 1100
    else:
        assert 5 <= r.development_coefficient <= 150


@given(ratings, indexes, games, ages, dates, st.sampled_from(["+", "-"]), ratings)
@settings(max_examples=200, deadline=None)
def test_a_forfeit_never_changes_the_forecast(rating, index, played, age, date, forfeit, opp):
    a = dwz.forecast(rating, index, played, age=age, end_date=date)
    b = dwz.forecast(rating, index, [*played, (opp, forfeit)], age=age, end_date=date)
    assert (a.new_rating, a.development_factor, a.development_coefficient) == (
        b.new_rating,
        b.development_factor,
        b.development_coefficient,
    )


@given(st.lists(st.tuples(st.integers(600, 2800), results), min_size=5, max_size=12), ages)
@settings(max_examples=150, deadline=None)
def test_first_dwz_at_least_1100_under_wo_2026(played, age):
    r = dwz.first_dwz(played, age=age, end_date=dt.date(2026, 9, 1))
    if r.rating is not None:
        assert r.rating >= 1100
        assert r.iteration[-1].expected_score == __import__("pytest").approx(
            r.iteration[-1].score, abs=1e-6
        )


@given(st.floats(min_value=-500, max_value=3000, allow_nan=False))
def test_correction_continuous_and_monotone(ri):
    a = correct(ri, WO_2026).corrected
    b = correct(ri + 0.01, WO_2026).corrected
    assert 0 <= b - a <= 0.011


@given(st.lists(st.integers(800, 2600), min_size=5, max_size=11), st.data())
@settings(max_examples=100, deadline=None)
def test_performance_solves_the_equation(opponents, data):
    score = data.draw(st.integers(1, 2 * len(opponents) - 1)) / 2
    rp = performance_rating(opponents, score)
    assert abs(sum(win_expectancy(rp - r) for r in opponents) - score) < 1e-7


@given(ratings, games)
@settings(max_examples=100, deadline=None)
def test_better_results_never_lower_the_rating(rating, played):
    worse = dwz.forecast(rating, 8, played, age=40, end_date="2026-09-01")
    better_games = [(opp, 1) for opp, _ in played]
    better = dwz.forecast(rating, 8, better_games, age=40, end_date="2026-09-01")
    assert better.new_rating >= worse.new_rating

"""Shortcuts of the lean evaluation decide as the full computation does (issue 9)."""

from __future__ import annotations

import random

from wertung.dwz._performance import performance_rating
from wertung.kernel.expectancy import win_expectancy, win_expectancy_table
from wertung.kernel.rounding import round_to_int
from wertung.tournament._exceptional import clearly_below as _clearly_below


def test_exceptional_shortcut_never_hides_an_exceptional_player() -> None:
    """Skipped only when the solved performance, rounded, is at most the limit; and the
    shortcut does skip most players well below it."""
    rng = random.Random(9)
    skipped = 0
    for _ in range(6000):
        n = rng.randint(5, 11)
        opponents = [rng.randint(800, 2600) for _ in range(n)]
        half = rng.randint(1, 2 * n - 1)
        perf = round_to_int(performance_rating(opponents, half / 2))
        # Limits around the performance itself, where a wrong shortcut would show.
        limit = perf + rng.choice((-2, -1, -1, 0, 0, 0, 1, 2, 50, -50))
        if _clearly_below(limit, opponents, half, win_expectancy):
            skipped += 1
            assert perf <= limit, (opponents, half, limit, perf)
    assert skipped > 1000


def test_exceptional_shortcut_only_for_the_exact_curve_and_inner_scores() -> None:
    assert not _clearly_below(3000, [1500] * 5, 5, win_expectancy_table)
    assert not _clearly_below(3000, [1500] * 5, 0, win_expectancy)
    assert not _clearly_below(3000, [1500] * 5, 10, win_expectancy)
    assert _clearly_below(3000, [1500] * 5, 5, win_expectancy)


def test_lazy_derivations_read_pickle_and_compare_like_the_eager_ones() -> None:
    """Forecast and RatingChange build their working on first access: every field reads,
    the objects stay read-only, survive pickling and compare by value."""
    import pickle

    import pytest

    from wertung import dwz, fide
    from wertung.dwz._forecast import FORECAST_FIELDS

    games = [(1650, "½"), (1400, 1), (1550, 0), (None, 1), (1600, "+")]
    first = dwz.forecast(1500, 5, games, age=40, end_date="2026-09-01")
    again = dwz.forecast(1500, 5, games, age=40, end_date="2026-09-01")
    assert first.new_rating == again.new_rating  # figures only, working not built yet
    assert first == again  # builds both workings
    assert [getattr(first, name) for name in FORECAST_FIELDS] == [
        getattr(again, name) for name in FORECAST_FIELDS
    ]
    assert pickle.loads(pickle.dumps(first)).to_dict() == first.to_dict()
    assert first.games[3].reason == "opponent_unrated" and first.n == 3
    with pytest.raises(AttributeError):
        first.new_rating = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = first.no_such_field  # type: ignore[attr-defined]
    change = fide.rating_change(1800, games, k=20, date="2026-05-01")
    fresh = fide.rating_change(1800, games, k=20, date="2026-05-01")
    assert pickle.loads(pickle.dumps(fresh)).to_dict() == change.to_dict()
    assert change == fide.rating_change(1800, games, k=20, date="2026-05-01")
    with pytest.raises(AttributeError):
        change.new_rating = 1  # type: ignore[misc]


def test_forecast_working_reads_the_games_as_given_at_the_call() -> None:
    """The working is built later from a copy: a generator, or a list changed after the
    call, gives the same derivation as the list at the time of the call."""
    from wertung import dwz

    games = [(1650, "½"), (1400, 1), (1550, 0), (1480, "-"), (1600, "½")]
    expected = dwz.forecast(1500, 5, games, age=40, end_date="2026-09-01").to_dict()
    from_generator = dwz.forecast(1500, 5, (g for g in games), age=40, end_date="2026-09-01")
    assert from_generator.to_dict() == expected
    changing = list(games)
    forecast = dwz.forecast(1500, 5, changing, age=40, end_date="2026-09-01")
    changing[0] = (3000, 1)
    assert forecast.to_dict() == expected

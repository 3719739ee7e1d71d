"""Properties of the FIDE rules that must hold for every input."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import assume, given
from hypothesis import strategies as st

from wertung.fide import (
    FIDE_2024,
    FIDE_2025_10,
    capped_difference,
    expected_score,
    k_factor,
    rating_change,
)
from wertung.kernel.rounding import round_half_up

NOW = "2026-05-01"
DATES = st.sampled_from(["2024-06-01", "2025-09-30", "2025-10-01", NOW])
RATINGS = st.integers(min_value=1, max_value=3500)
BELOW_2650 = st.integers(min_value=1, max_value=2649)
RESULTS = st.sampled_from([1, 0, "½", "1", "0", "=", 0.5])
GAMES = st.lists(st.tuples(RATINGS, RESULTS), min_size=0, max_size=40)


def _summary(result) -> dict:
    data = result.to_dict()
    data.pop("games")
    return data


@given(BELOW_2650, BELOW_2650, st.sampled_from([FIDE_2024, FIDE_2025_10]), st.booleans())
def test_400_point_rule_is_symmetric(a, b, regulations, rapid_blitz):
    forward = capped_difference(a, b, regulations=regulations, rapid_blitz=rapid_blitz)
    backward = capped_difference(b, a, regulations=regulations, rapid_blitz=rapid_blitz)
    assert forward == -backward
    assert abs(forward) <= 400
    assert forward == max(-400, min(400, a - b))


@given(RATINGS, RATINGS)
def test_rapid_cap_applies_to_everybody(a, b):
    forward = capped_difference(a, b, regulations=FIDE_2025_10, rapid_blitz=True)
    assert forward == -capped_difference(b, a, regulations=FIDE_2025_10, rapid_blitz=True)
    assert abs(forward) <= 400


@given(st.integers(min_value=-3500, max_value=3500))
def test_expected_scores_of_both_sides_add_up_to_one(difference):
    assert expected_score(difference) + expected_score(-difference) == 1
    assert 0 <= expected_score(difference) <= 1
    assert (expected_score(difference) * 100).denominator == 1


@given(RATINGS, RATINGS, RATINGS, DATES, st.booleans())
def test_expected_score_falls_as_the_opponent_gets_stronger(own, first, second, date, rapid):
    weaker, stronger = sorted((first, second))
    game_weaker = rating_change(own, [(weaker, 1)], date=date, rapid_blitz=rapid).games[0]
    game_stronger = rating_change(own, [(stronger, 1)], date=date, rapid_blitz=rapid).games[0]
    # Rapid/blitz games excluded by the 600-point rule have no PD; compare the table value.
    assert expected_score(game_weaker.capped_difference) >= expected_score(
        game_stronger.capped_difference
    )
    if game_weaker.counted and game_stronger.counted:
        assert game_weaker.expected_score >= game_stronger.expected_score


@given(RATINGS, GAMES, st.integers(min_value=0, max_value=40), RATINGS, st.sampled_from("+-"))
def test_a_forfeit_never_changes_the_result(own, games, position, opponent, symbol):
    before = rating_change(own, games, games_played=100, date=NOW)
    with_forfeit = [*games]
    with_forfeit.insert(min(position, len(games)), (opponent, symbol))
    after = rating_change(own, with_forfeit, games_played=100, date=NOW)
    assert _summary(after) == _summary(before)
    assert len(after.games) == len(before.games) + 1


@given(RATINGS, GAMES, st.integers(min_value=0, max_value=40), RESULTS)
def test_an_unrated_opponent_never_changes_the_result(own, games, position, result):
    before = rating_change(own, games, games_played=100, date=NOW)
    with_unrated = [*games]
    with_unrated.insert(min(position, len(games)), (0, result))
    after = rating_change(own, with_unrated, games_played=100, date=NOW)
    assert _summary(after) == _summary(before)


@given(BELOW_2650, BELOW_2650, RESULTS, st.integers(min_value=1, max_value=100), DATES)
def test_zero_sum_for_two_players_on_the_same_k(a, b, result, k, date):
    first = rating_change(a, [(b, result)], k=k, date=date)
    points = first.score
    reply = {Fraction(1): 0, Fraction(0): 1, Fraction(1, 2): "½"}[points]
    second = rating_change(b, [(a, reply)], k=k, date=date)
    assert first.change + second.change == 0
    assert first.rounded_change + second.rounded_change == 0


@given(RATINGS, GAMES, DATES)
def test_change_is_k_times_score_minus_expected_and_rounded_once(own, games, date):
    result = rating_change(own, games, games_played=100, date=date)
    assert result.change == result.k.k * (result.score - result.expected_score)
    assert result.rounded_change == round_half_up(result.change)
    assert abs(result.rounded_change - result.change) <= Fraction(1, 2)
    assert result.new_rating == own + result.rounded_change
    assert result.counted_games == len(games)


@given(
    RATINGS,
    st.integers(min_value=0, max_value=200),
    st.one_of(st.none(), st.integers(min_value=0, max_value=100)),
    st.one_of(st.none(), st.integers(min_value=1990, max_value=2026)),
    st.one_of(st.none(), RATINGS),
)
def test_k_times_n_never_exceeds_700(rating, n, games_played, birth_year, peak):
    choice = k_factor(
        rating, n=n, games_played=games_played, birth_year=birth_year, peak_rating=peak, date=NOW
    )
    assert choice.uncapped in (10, 20, 40)
    assert choice.k * n <= 700 or n == 0
    assert choice.k <= choice.uncapped
    if choice.k < choice.uncapped:
        assert (choice.k + 1) * n > 700 and choice.reason == "k_times_n_cap_700"


@given(st.integers(min_value=2650, max_value=3500), st.integers(min_value=1, max_value=3500))
def test_no_cap_for_2650_and_above_after_the_amendment(own, opponent):
    assume(abs(own - opponent) > 400)
    game = rating_change(own, [(opponent, 1)], date=NOW).games[0]
    assert game.capped_difference == game.difference
    capped = rating_change(own, [(opponent, 1)], date="2025-09-30").games[0]
    assert abs(capped.capped_difference) == 400

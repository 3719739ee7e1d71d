"""FIDE Elo: published cases, every rule boundary, errors, derivation shape."""

from __future__ import annotations

import doctest
import json
from fractions import Fraction
from pathlib import Path

import pytest

import wertung.fide
import wertung.fide._change
import wertung.fide.regulations
from wertung import InvalidDate, InvalidRating, InvalidResult, WertungError
from wertung.fide import (
    FIDE_2024,
    FIDE_2025_10,
    InvalidGamesCount,
    InvalidKFactor,
    adjust_2024,
    capped_difference,
    expected_score,
    expected_score_table,
    fide_regulations_for,
    initial_rating,
    k_factor,
    performance,
    rating_change,
    rating_difference,
)
from wertung.kernel.rounding import round_half_up

CASES = Path(__file__).parents[1] / "data" / "cases"
NOW = "2026-05-01"  # after the 2025-10-01 amendment
BEFORE_AMENDMENT = "2025-09-30"


def load(name: str) -> dict:
    return json.loads((CASES / name).read_text(encoding="utf-8"))


def exact(value: float) -> Fraction:
    return Fraction(str(value))


@pytest.mark.parametrize("module", [wertung.fide._change, wertung.fide.regulations, wertung.fide])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


# ------------------------------------------------------------------ published cases


@pytest.mark.parametrize("name", sorted(p.name for p in CASES.glob("fide_gamesratings_10*.json")))
def test_games_ratings_case(name):
    """Official FIDE individual calculations (2008-2010) with the K of that time."""
    case = load(name)
    inputs, expected = case["inputs"], case["expected"]
    games = [(g["opponent_rating"], g["result"]) for g in inputs["games"]]
    result = rating_change(inputs["rating_Ro"], games, k=inputs["K"], date=NOW)
    assert result.k.k == inputs["K"] and result.k.reason == "override"
    assert result.counted_games == inputs["n"]
    assert result.score == exact(inputs["points_W"])
    assert result.expected_score == exact(expected["expected_points"])
    assert round_half_up(result.change, 1) == exact(expected["rating_change"])
    if "performance_Rp" in expected:
        assert result.performance == expected["performance_Rp"]


def test_games_ratings_cases_present():
    assert len(list(CASES.glob("fide_gamesratings_10*.json"))) == 4


ILMENAU = load("fide_swisschess_ilmenau_open_2024.json")
ILMENAU_DATE = "2024-11-03"
RATED = [p for p in ILMENAU["players"] if p["inputs"]["Ro"]]


def ilmenau_games(player: dict) -> list[tuple[int | None, object]]:
    """The player's games; forfeits keep their symbol (+ or -) so that they stay visible."""
    return [
        (g["opponent_Ro"], g["result"] if g["played_over_board"] else g["result_raw"])
        for g in player["inputs"]["games"]
    ]


def test_ilmenau_has_48_rated_players():
    assert len(RATED) == 48 and len(ILMENAU["players"]) == 59


@pytest.mark.parametrize("player", RATED, ids=lambda p: f"nr{p['inputs']['nr']}")
def test_ilmenau_player(player):
    """Swiss-Chess FIDE evaluation: W, n and We exact; change = K·(W − We) to 0.1."""
    inputs, expected = player["inputs"], player["expected"]
    result = rating_change(
        inputs["Ro"], ilmenau_games(player), k=expected["K_interpreted"], date=ILMENAU_DATE
    )
    assert result.score == exact(expected["W"])
    assert result.counted_games == expected["n"]
    assert result.expected_score == exact(expected["We"])
    assert round_half_up(result.change, 1) == exact(expected["rating_change"])
    # Every game is kept: forfeits and unrated opponents are shown, not counted.
    assert len(result.games) == len(inputs["games"])


@pytest.mark.parametrize("player", RATED, ids=lambda p: f"nr{p['inputs']['nr']}")
def test_ilmenau_performance(player):
    """Rp = Ra + dp. Swiss-Chess averages the opponents after the 400-point rule; FIDE's Rc is
    the plain average, so the two agree exactly when no opponent is more than 400 away."""
    inputs, expected = player["inputs"], player["expected"]
    result = rating_change(inputs["Ro"], ilmenau_games(player), k=20, date=ILMENAU_DATE)
    counted = [g for g in result.games if g.counted]
    capped = [inputs["Ro"] - g.capped_difference for g in counted]
    if all(g.difference == g.capped_difference for g in counted):
        assert result.performance == expected["Rp"]
    else:
        assert performance(capped, result.score) == expected["Rp"]
        assert result.performance != expected["Rp"]


def test_ilmenau_k_from_the_rules():
    """Printed K 20 comes out of the rules; every junior (18 or younger in 2024) gets 40."""
    for player in RATED:
        inputs, expected = player["inputs"], player["expected"]
        choice = k_factor(
            inputs["Ro"], n=expected["n"], birth_year=inputs["birth_year"], date=ILMENAU_DATE
        )
        if expected["K_interpreted"] == 20:
            assert choice.k == 20, inputs["nr"]
        if inputs["birth_year"] >= 2006:
            assert choice.k == 40 and choice.reason == "junior_below_2300", inputs["nr"]
            assert expected["K_interpreted"] == 40


# ------------------------------------------------------------------ K-factor (8.3.3)


def test_k_new_player_boundary():
    assert k_factor(1800, games_played=29, date=NOW).k == 40
    assert k_factor(1800, games_played=29, date=NOW).reason == "fewer_than_30_games"
    assert k_factor(1800, games_played=30, date=NOW).k == 20
    assert k_factor(1800, games_played=30, date=NOW).reason == "standard"
    # The current event's games do not count until it is completed.
    assert rating_change(1800, [(1800, 1)] * 9, games_played=25, date=NOW).k.k == 40


def test_k_unknown_games_played_is_established_with_note():
    result = rating_change(1800, [(1800, 1)], date=NOW)
    assert result.k.k == 20
    assert any("games_played" in note for note in result.notes)


def test_k_junior_rating_boundary():
    assert k_factor(2299, birth_year=2010, date=NOW).k == 40
    assert k_factor(2299, birth_year=2010, date=NOW).reason == "junior_below_2300"
    assert k_factor(2300, birth_year=2010, date=NOW).k == 20
    # "as long as their rating remains under 2300": a junior who reached 2300 keeps 20.
    assert k_factor(2250, birth_year=2010, peak_rating=2300, date=NOW).k == 20


def test_k_junior_until_end_of_year_of_18th_birthday():
    assert k_factor(2000, birth_year=2008, date="2026-12-31").k == 40
    assert k_factor(2000, birth_year=2008, date="2027-01-01").k == 20
    assert k_factor(2000, date="2026-12-31").k == 20  # no birth year: not a junior


def test_k_peak_boundary():
    assert k_factor(2399, date=NOW).k == 20
    assert k_factor(2400, date=NOW).k == 10
    assert k_factor(2300, peak_rating=2399, date=NOW).k == 20
    assert k_factor(2300, peak_rating=2400, date=NOW).k == 10
    assert k_factor(2300, peak_rating=2400, date=NOW).reason == "peak_2400"


@pytest.mark.parametrize(
    ("games_played", "rating", "n", "k", "reason"),
    [
        (0, 1800, 17, 40, "fewer_than_30_games"),  # 680
        (0, 1800, 18, 38, "k_times_n_cap_700"),  # 720 > 700 → 700 // 18
        (50, 1800, 35, 20, "standard"),  # 700 exactly
        (50, 1800, 36, 19, "k_times_n_cap_700"),
        (50, 2500, 70, 10, "peak_2400"),
        (50, 2500, 71, 9, "k_times_n_cap_700"),
    ],
)
def test_k_times_n_cap(games_played, rating, n, k, reason):
    choice = k_factor(rating, n=n, games_played=games_played, date=NOW)
    assert (choice.k, choice.reason) == (k, reason)
    assert choice.k * n <= 700


def test_k_times_n_cap_counts_counted_games_only():
    games = [(1800, 1)] * 18 + [(1800, "+"), (0, 1)]
    result = rating_change(1800, games, games_played=0, date=NOW)
    assert result.counted_games == 18
    assert result.k.k == 38 and result.k.uncapped == 40
    assert result.to_dict()["k_uncapped_reason"] == "fewer_than_30_games"


def test_k_override_wins_over_every_rule():
    choice = k_factor(1800, n=40, games_played=0, k=40, date=NOW)
    assert (choice.k, choice.reason) == (40, "override")


# ------------------------------------------------------------------ 400-point rule (8.3.1)


def test_cap_at_400_and_401():
    assert capped_difference(2000, 1600) == 400
    assert capped_difference(2000, 1599) == 400
    assert capped_difference(1599, 2000) == -400
    assert expected_score(capped_difference(2000, 1599)) == Fraction(92, 100)
    result = rating_change(2000, [(1599, 1)], date=NOW, games_played=50)
    game = result.games[0]
    assert (game.difference, game.capped_difference) == (401, 400)
    assert game.expected_score == Fraction(92, 100)


def test_2650_threshold_after_amendment():
    # 2649 is capped, 2650 uses the actual difference (standard, from 2025-10-01).
    assert rating_change(2649, [(2000, 1)], date=NOW).games[0].capped_difference == 400
    assert rating_change(2650, [(2000, 1)], date=NOW).games[0].capped_difference == 650
    assert rating_change(2650, [(2000, 1)], date=NOW).games[0].expected_score == Fraction(99, 100)
    # The lower-rated opponent is still capped when he is rated.
    assert rating_change(2000, [(2650, 0)], date=NOW).games[0].capped_difference == -400


def test_2650_threshold_before_amendment_and_in_rapid():
    assert rating_change(2650, [(2000, 1)], date=BEFORE_AMENDMENT).games[0].capped_difference == 400
    assert (
        rating_change(2650, [(2000, 1)], date=NOW, rapid_blitz=True).games[0].capped_difference
        == 400
    )


def test_regulations_by_date():
    assert rating_change(2000, [(2000, 1)], date=BEFORE_AMENDMENT).regulations == "FIDE 2024-03-01"
    assert rating_change(2000, [(2000, 1)], date="2025-10-01").regulations == "FIDE 2025-10-01"
    old = rating_change(2224, [(2319, 0)], k=15, date="2010-04-01")
    assert old.regulations == "FIDE 2024-03-01" and old.notes
    assert fide_regulations_for(FIDE_2025_10.valid_from) is FIDE_2025_10


def test_rapid_600_point_rule():
    kw = {"rapid_blitz": True, "games_played": 100}
    excluded = rating_change(2700, [(2100, 1)], date="2025-01-01", **kw).games[0]
    assert (excluded.counted, excluded.excluded) == (False, "600_point_rule")
    assert rating_change(2700, [(2101, 1)], date="2025-01-01", **kw).games[0].counted
    assert rating_change(2700, [(2100, 1)], date="2024-11-30", **kw).games[0].counted
    assert rating_change(2600, [(2000, 1)], date="2025-01-01", **kw).games[0].counted
    assert rating_change(2700, [(2100, 1)], date="2025-01-01", games_played=100).games[0].counted


# ------------------------------------------------------------------ table 8.1.2


@pytest.mark.parametrize(
    ("difference", "pd"),
    [(0, 50), (3, 50), (4, 51), (-3, 50), (-4, 49), (735, 99), (736, 100), (-736, 0)],
)
def test_table_band_edges(difference, pd):
    assert expected_score(difference) == Fraction(pd, 100)


def test_expected_score_table_rows_match_the_function():
    table = expected_score_table()
    previous_high = -1
    for low, high, pd_high, pd_low in table.rows:
        assert low == previous_high + 1
        assert pd_high + pd_low == 1
        assert expected_score(low) == pd_high
        if high is not None:
            assert expected_score(high) == pd_high
            assert expected_score(high + 1) != pd_high
            previous_high = high
    assert table.rows[-1][1] is None and table.rows[-1][2] == 1
    data = table.to_dict()
    assert data["cap"] == 400 and data["cap_exempt_from"] == 2650
    assert "0.08" in data["cap_note"] and "0.92" in data["cap_note"]
    assert {"p": 0.5, "dp": 0} in data["performance_table"]
    json.dumps(data)


def test_performance_table_8_1_1():
    rows = dict(expected_score_table().performance_table)
    assert rows[Fraction(1)] == 800 and rows[Fraction(0)] == -800
    assert rows[Fraction(99, 100)] == 677 and rows[Fraction(1, 100)] == -677
    assert all(rows[p] == -rows[1 - p] for p in rows)
    assert list(rows.values()) == sorted(rows.values(), reverse=True)


# ------------------------------------------------------------------ change and rounding


def test_single_game_and_outcomes():
    result = rating_change(1800, [(2000, "½")], games_played=50, date=NOW)
    assert result.expected_score == Fraction(24, 100)
    assert result.change == Fraction(52, 10) and result.rounded_change == 5
    assert result.outcomes is not None
    assert result.outcomes["win"]["change"] == Fraction(152, 10)
    assert result.outcomes["draw"]["rounded_change"] == 5
    assert result.outcomes["loss"]["change"] == Fraction(-48, 10)
    assert result.outcomes["loss"]["new_rating"] == 1795
    assert rating_change(1800, [(2000, 1), (1900, 0)], date=NOW).outcomes is None


def test_only_the_period_total_is_rounded_half_away_from_zero():
    # K 25: a draw at D = −11 (PD .48) is +0.5, at D = +11 (PD .52) is −0.5.
    up = rating_change(1989, [(2000, "=")], k=25, date=NOW)
    down = rating_change(2011, [(2000, "=")], k=25, date=NOW)
    assert (up.change, up.rounded_change) == (Fraction(1, 2), 1)
    assert (down.change, down.rounded_change) == (Fraction(-1, 2), -1)
    # D = −4 (PD .49): each draw is +0.01·K. Rounding per game would give 0 every time;
    # the period total of five draws at K 25 is 1.25 → 1.
    pair = rating_change(1996, [(2000, "="), (2000, "=")], k=20, date=NOW)  # PD .49 each
    assert pair.change == Fraction(2, 5) and pair.rounded_change == 0
    five = rating_change(1996, [(2000, "=")] * 5, k=25, date=NOW)
    assert five.change == Fraction(5, 4) and five.rounded_change == 1


def test_forfeits_and_unrated_opponents_kept_not_counted():
    games = [(1900, 1), (2100, "+"), (2100, "-"), (0, 1), (None, 0), (1800, "0.5")]
    result = rating_change(2000, games, games_played=50, date=NOW)
    assert [g.counted for g in result.games] == [True, False, False, False, False, True]
    assert [g.excluded for g in result.games] == [
        None, "forfeit", "forfeit", "unrated_opponent", "unrated_opponent", None,
    ]  # fmt: skip
    assert result.counted_games == 2
    assert result.score == Fraction(3, 2)
    assert result.games[3].opponent_rating is None and result.games[3].difference is None
    assert result.games[1].expected_score is None and result.games[1].difference == -100
    plain = rating_change(2000, [(1900, 1), (1800, "½")], games_played=50, date=NOW)
    assert result.change == plain.change


def test_no_counted_games():
    result = rating_change(2000, [(0, 1), (2000, "+")], date=NOW)
    assert result.counted_games == 0 and result.change == 0 and result.new_rating == 2000
    assert result.performance is None and result.opponent_average is None


def test_performance_values():
    result = rating_change(
        2221,
        [(1871, "½"), (2015, 1), (2122, 1), (2552, 0), (2155, "½"), (2123, 1), (2316, "½"),
         (2151, 1)],
        k=15,
        date=NOW,
    )  # fmt: skip
    # Ra 2163.125 → 2163, p 5.5/8 = .6875 → .69 → dp 141.
    assert result.performance == 2304
    # Linear approximation: 2163.125 + 400·(4 − 1)/8 = 2313.125.
    assert result.performance_linear == 2313
    assert performance([2000] * 4, 4) == 2800 and performance([2000] * 4, 0) == 1200
    assert rating_difference(Fraction(1, 200)) == -677  # .005 rounds up to .01


def test_new_rating_below_1400_is_shown_as_unrated_not_clamped():
    result = rating_change(1405, [(1600, 0)] * 3, games_played=0, date=NOW)
    assert result.new_rating < 1400
    assert result.to_dict()["shown_as_unrated"] is True


def test_games_as_mappings():
    result = rating_change(2000, [{"opponent_rating": 1900, "result": "1"}], date=NOW)
    assert result.score == 1


def test_to_dict_keys_and_json():
    data = rating_change(1800, [(2000, "½"), (0, 1)], games_played=10, date=NOW).to_dict()
    assert set(data) == {
        "rating", "k", "k_reason", "k_uncapped", "k_uncapped_reason", "expected_score",
        "score", "change", "rounded_change", "new_rating", "shown_as_unrated",
        "counted_games", "performance", "performance_linear", "opponent_average", "games",
        "outcomes", "rules", "regulations", "date", "rapid_blitz", "games_played",
        "birth_year", "peak_rating", "notes",
    }  # fmt: skip
    assert set(data["games"][0]) == {
        "number", "opponent_rating", "result", "points", "counted", "excluded",
        "difference", "capped_difference", "expected_score", "delta",
    }  # fmt: skip
    assert set(data["outcomes"]) == {"win", "draw", "loss"}
    assert data["k"] == 40 and data["k_reason"] == "fewer_than_30_games"
    assert data["rules"]["k"].endswith("8.3.3")
    assert "8.3.1" in data["rules"]["capped_difference"]
    assert data["games"][0]["result"] == "½" and data["games"][0]["points"] == 0.5
    assert data["date"] == NOW and data["regulations"] == "FIDE 2025-10-01"
    rapid = rating_change(1800, [(2000, 1)], rapid_blitz=True, date=NOW).to_dict()
    assert "7.3.1" in rapid["rules"]["capped_difference"]
    json.dumps(data)


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize("rating", [3501, -1, 1800.5, "abc", None, 0])
def test_bad_own_rating(rating):
    with pytest.raises(InvalidRating) as info:
        rating_change(rating, [(1800, 1)], date=NOW)
    assert info.value.field == "rating"


def test_bad_opponent_rating_names_the_game():
    with pytest.raises(InvalidRating) as info:
        rating_change(2000, [(1900, 1), (1800, 0), (3600, 1)], date=NOW)
    assert info.value.where == {"game": 3}
    assert info.value.message.startswith("game 3:")


def test_unknown_result_names_the_game():
    with pytest.raises(InvalidResult) as info:
        rating_change(2000, [(1900, 1), (1800, "x")], date=NOW)
    assert info.value.to_dict()["game"] == 2
    with pytest.raises(InvalidResult):
        rating_change(2000, [(1900, 2)], date=NOW)


def test_malformed_game():
    with pytest.raises(WertungError) as info:
        rating_change(2000, [(1900, 1), (1900,)], date=NOW)
    assert info.value.where == {"game": 2}
    with pytest.raises(WertungError):
        rating_change(2000, "1900 1", date=NOW)


@pytest.mark.parametrize("games_played", [-1, "x", 1.5])
def test_bad_games_played(games_played):
    with pytest.raises(InvalidGamesCount) as info:
        rating_change(2000, [(1900, 1)], games_played=games_played, date=NOW)
    assert info.value.field == "games_played"


@pytest.mark.parametrize("k", [0, 101, -20, "abc", 12.5, True])
def test_bad_k(k):
    with pytest.raises(InvalidKFactor) as info:
        rating_change(2000, [(1900, 1)], k=k, date=NOW)
    assert "1 to 100" in info.value.message


def test_k_override_accepts_whole_numbers():
    assert rating_change(2000, [(1900, 1)], k="15", date=NOW).k.k == 15
    assert rating_change(2000, [(1900, 1)], k=100, date=NOW).k.k == 100


def test_bad_dates_and_birth_years():
    with pytest.raises(InvalidDate):
        rating_change(2000, [(1900, 1)], date="soon")
    with pytest.raises(InvalidDate):
        rating_change(2000, [(1900, 1)], birth_year=2030, date=NOW)
    with pytest.raises(InvalidRating):
        rating_change(2000, [(1900, 1)], peak_rating=4000, date=NOW)


# ------------------------------------------------------------------ initial rating


def test_initial_rating_needs_five_rated_games():
    four = initial_rating([(1900, 1)] * 4 + [(0, 1), (1900, "+")], date=NOW)
    assert four.rating is None and four.reason == "fewer_than_5_rated_games"
    assert four.counted_games == 4 and not four.published
    assert initial_rating([(1900, 1)] * 5, date=NOW).rating is not None


def test_initial_rating_zero_score_disregarded():
    result = initial_rating([(1900, 0)] * 6, date=NOW)
    assert (result.rating, result.reason) == (None, "zero_score")


def test_initial_rating_hand_computed():
    # Ra = (1900 + 2000 + 1800 + 1850 + 1950 + 2·1800)/7 = 13100/7; p = 3.5/7 = .50.
    result = initial_rating([(1900, 1), (2000, "½"), (1800, 0), (1850, 1), (1950, 0)], date=NOW)
    assert result.opponent_average == Fraction(13100, 7)
    assert result.rated_opponent_average == 1900
    assert (result.p, result.dp, result.rating, result.published) == (Fraction(1, 2), 0, 1871, True)


def test_initial_rating_p_rounds_half_up():
    # 6 games, 4 points: p = 5/8 = .625 → .63 (dp 95), not .62 (dp 87).
    result = initial_rating([(1800, 1)] * 4 + [(1800, 0)] * 2, date=NOW)
    assert result.p == Fraction(63, 100) and result.dp == 95
    assert result.rating == 1895


def test_initial_rating_maximum_and_floor():
    top = initial_rating([(2400, 1)] * 5, date=NOW)
    assert top.rating == 2200 and top.capped
    low = initial_rating([(1000, 1)] + [(1000, 0)] * 4, date=NOW)
    # Ra = 8600/7 = 1228.57; p = 2/7 → .29 → −158; Ru = 1070.57 → 1071.
    assert low.rating == 1071 and not low.published
    data = low.to_dict()
    assert set(data) == {
        "rating", "reason", "published", "counted_games", "score", "rated_opponent_average",
        "opponent_average", "hypothetical_opponents", "p", "dp", "unrounded", "capped",
        "games", "rules", "regulations", "date",
    }  # fmt: skip
    assert "8.2.2" in data["rules"]["initial_opponent_average"]
    json.dumps(data)


def test_initial_rating_published_boundary():
    # Ra = (5·1400 + 3600)/7 = 1514.29; 5 × 0.5: p = .5 → 1514.
    assert initial_rating([(1400, "½")] * 5, date=NOW).published
    # Find a pool just at the floor: Ra = 1400 needs Σ = 1400·7 − 3600 = 6200.
    at = initial_rating([(1240, "½")] * 5, date=NOW)
    assert at.rating == 1400 and at.published
    below = initial_rating([(1240, "½")] * 4 + [(1239, "½")], date=NOW)
    assert below.rating == 1400  # 1399.857 rounds to 1400
    under = initial_rating([(1238, "½")] * 5, date=NOW)
    assert under.rating == 1399 and not under.published


def test_initial_rating_errors():
    with pytest.raises(InvalidResult):
        initial_rating([(1800, "?")] * 5, date=NOW)


# ------------------------------------------------------------------ adjustment 2024


@pytest.mark.parametrize(
    ("rating", "adjusted"),
    [(1000, 1400), (1001, 1401), (1002, 1401), (1500, 1700), (1998, 1999), (1999, 1999),
     (2000, 2000), (2500, 2500)],
)  # fmt: skip
def test_adjust_2024(rating, adjusted):
    result = adjust_2024(rating)
    assert result.adjusted_rating == adjusted
    assert result.applies == (rating < 2000)
    assert result.increase == (Fraction(2, 5) * (2000 - rating) if rating < 2000 else 0)
    json.dumps(result.to_dict())


def test_adjust_2024_never_ties():
    assert all((Fraction(2, 5) * (2000 - r)).denominator != 2 for r in range(1, 2000))
    with pytest.raises(InvalidRating):
        adjust_2024(0)


def test_regulation_constants():
    assert FIDE_2024.cap_exempt_from is None and FIDE_2025_10.cap_exempt_from == 2650
    assert FIDE_2024.initial_hypothetical_rating == 1800 and FIDE_2024.initial_max == 2200


def test_a_rating_change_loads_no_first_rating_module() -> None:
    """``wertung elo …`` imports only what a rating change needs (issue 9): the first
    rating (``core.fide_initial``) comes on first use of its names."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, wertung.fide as f\n"
        "f.rating_change(1500, [(1600, 1)], k=20, date='2026-09-01').to_dict()\n"
        "print('wertung.fide._initial' in sys.modules)\n"
        "print(f.initial_rating([(1600, 1)] * 5, date='2026-09-01').rating)\n"
        "print('wertung.fide._initial' in sys.modules)\n"
    )
    src = str(Path(__file__).resolve().parents[2] / "src")
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert out.stdout.split() == ["False", "1966", "True"]

"""DWZ forecast: worked examples from sources and every rule boundary of SPEC §3."""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path

import pytest

from wertung import InvalidIndex, InvalidRating, InvalidResult, dwz
from wertung.dwz.regulations import WO_2026, dwz_regulations_for
from wertung.kernel.expectancy import win_expectancy

CASES = Path(__file__).parents[1] / "data" / "cases"
SEED_GAMES = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]
AFTER = "2026-09-01"
BEFORE = "2025-09-01"


def test_seed_001_worked_example():
    """Seed 001: adult 1500-5, seven games → 1547 with K0 40, b 1, a 4, K 44.0, We 3.43."""
    r = dwz.forecast(1500, 5, SEED_GAMES, age=40, end_date=AFTER)
    assert r.regulations == "WO 2026"
    assert r.score == Fraction(9, 2)
    assert r.expected_score == pytest.approx(3.4298, abs=5e-5)
    assert round(r.expected_score, 3) == 3.430
    assert r.base_value == 40
    assert r.brake_factor == 1
    assert r.success_bonus == 4
    assert r.development_factor == Fraction(44)
    assert r.new_rating == 1547
    assert r.change == 47
    assert r.new_index == 6
    assert [round(g.win_expectancy, 2) for g in r.games] == [
        0.30,
        0.64,
        0.43,
        0.53,
        0.36,
        0.70,
        0.47,
    ]


def test_spec_win_expectancy_examples():
    assert win_expectancy(0) == 0.5
    assert round(win_expectancy(100), 4) == 0.6382
    assert round(win_expectancy(200), 4) == 0.7602
    assert round(win_expectancy(-150), 4) == 0.2979


@pytest.mark.parametrize("number", [200, 201, 202, 203, 204])
def test_dsb_official_cases(number):
    """Official DSB evaluations (E as published): new DWZ exact, We ±0.001, performance ±1."""
    case = json.loads((CASES / f"dwz_dsb_gamesratings_{number}.json").read_text("utf-8"))
    inputs, expected = case["inputs"], case["expected"]
    r = dwz.forecast(
        inputs["old_dwz_Ro"],
        None,
        [(g["opponent_rating"], g["result"]) for g in inputs["games"]],
        development_coefficient=inputs["development_coefficient_E"],
        end_date="2010-01-01",
    )
    assert r.regulations == "WO 2014"
    assert r.new_rating == expected["new_dwz"]
    # published to three decimals (per-game three-decimal tables then): ±0.001 there
    assert abs(round(r.expected_score, 3) - expected["expected_points_We"]) <= 0.001 + 1e-9
    assert abs(r.performance - expected["performance_Rp"]) <= 1
    assert float(r.score) == inputs["points_W"]


def test_dsb_2026_member_2080_16():
    """SPEC §4: a member 2080-16 (adult row, K0 25, K 25) — K from the rules."""
    r = dwz.forecast(2080, 16, [(2000, 1)], age=40, end_date=AFTER)
    assert (r.k0_row, r.base_value, r.development_factor) == ("master", 25, 25)


def test_dsb_2026_member_1887_44():
    """SPEC §4: 1887-44 with W 3.5 < We 3.891 → K 28.0 (no brake above 1600)."""
    r = dwz.forecast(1887, 44, [(1887, "½")], age=50, end_date=AFTER)
    assert r.development_factor == 28


def test_foreign_junior_k_56_9():
    """SPEC §4: a junior with FIDE 1554 (index 6) is evaluated with K 56.9 = 42 + 446/30."""
    r = dwz.forecast(1554, 6, [(1500, 1)], age=15, end_date=AFTER, foreign_rating=True)
    assert r.base_value == 42
    assert r.development_factor == Fraction("56.9")


# --- regulations by date ---------------------------------------------------------------


@pytest.mark.parametrize(("date", "name"), [("2026-06-07", "WO 2014"), ("2026-06-08", "WO 2026")])
def test_regulations_by_end_date(date, name):
    assert dwz.forecast(1500, 5, SEED_GAMES, end_date=date).regulations == name
    assert dwz_regulations_for(dt.date.fromisoformat(date)).name == name


# --- K0 table boundaries ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "age", "row"),
    [
        (2199, 25, "youth"),
        (2200, 25, "master"),
        (1999, 26, "adult"),
        (2000, 26, "master"),
        (2100, 25, "youth"),
        (2100, 26, "master"),
    ],
)
def test_k0_rows(rating, age, row):
    r = dwz.forecast(rating, 5, [(rating, "½")], age=age, end_date=AFTER)
    assert r.k0_row == row
    assert r.base_value == dict(WO_2026.k0_table)[row][4]


@pytest.mark.parametrize(
    ("index", "column", "k0"),
    [(0, 1, 60), (None, 1, 60), (1, 1, 60), (10, 10, 30), (11, 11, 28), (40, 11, 28)],
)
def test_k0_index_columns(index, column, k0):
    r = dwz.forecast(1800, index, [(1800, "½")], age=40, end_date=AFTER)
    assert (r.k0_column, r.base_value) == (column, k0)


# --- brake factor and success bonus ----------------------------------------------------


@pytest.mark.parametrize(("rating", "braked"), [(1599, True), (1600, False)])
def test_brake_factor_below_1600_when_below_expectation(rating, braked):
    r = dwz.forecast(rating, 5, [(rating, 0)], age=40, end_date=AFTER)
    expected_b = Fraction(rating + 800, 2400) if braked else 1
    assert r.brake_factor == expected_b
    assert r.success_bonus == 0


def test_brake_factor_values_and_k_rounding():
    r = dwz.forecast(1000, 5, [(1000, 0)], age=40, end_date=AFTER)
    # K0 40 · 1800/2400 = 30.0
    assert r.development_factor == 30


def test_w_equal_we_gives_bonus_and_no_brake():
    r = dwz.forecast(1500, 5, [(1500, "½")], age=40, end_date=AFTER)
    assert r.score == Fraction(r.expected_score)
    assert (r.brake_factor, r.success_bonus) == (1, 4)
    assert r.new_rating == 1500


@pytest.mark.parametrize(
    ("age", "rating", "bonus"),
    [
        (20, 1999, Fraction(1, 30)),
        (20, 2000, 0),
        (21, 1599, 4),
        (21, 1600, 0),
        (25, 1599, 4),
        (26, 1599, 4),
        (26, 1600, 0),
        (10, 1400, Fraction(600, 30)),
    ],
)
def test_success_bonus(age, rating, bonus):
    r = dwz.forecast(rating, 5, [(rating - 100, 1)], age=age, end_date=AFTER)
    assert r.success_bonus == bonus


def test_k_max_80():
    r = dwz.forecast(1100, 1, [(1500, 1)], age=10, end_date=AFTER)
    # 60 + 900/30 = 90 → 80
    assert r.development_factor_unrounded == 90
    assert r.development_factor == 80
    assert r.development_factor_capped


def test_k_rounded_half_up_to_one_decimal():
    # junior 1555: K0 44 (index 5) + (2000 − 1555)/30 = 44 + 14.8333 = 58.8333 → 58.8
    r = dwz.forecast(1555, 5, [(1500, 1)], age=12, end_date=AFTER)
    assert r.development_factor == Fraction("58.8")
    # 1556: 44 + 444/30 = 58.8 exactly
    assert dwz.forecast(
        1556, 5, [(1500, 1)], age=12, end_date=AFTER
    ).development_factor == Fraction("58.8")
    # 1553: 44 + 447/30 = 58.9
    assert dwz.forecast(
        1553, 5, [(1500, 1)], age=12, end_date=AFTER
    ).development_factor == Fraction("58.9")


def test_age_from_birth_year_and_unknown_age():
    r = dwz.forecast(1500, 5, [(1500, 1)], birth_year=2006, end_date=AFTER)  # 20
    assert r.age == 20 and r.success_bonus == Fraction(500, 30)
    r = dwz.forecast(1500, 5, [(1500, 1)], birth_year=2005, end_date=AFTER)  # 21
    assert r.age == 21 and r.success_bonus == 4
    r = dwz.forecast(2100, 5, [(1500, 1)], end_date=AFTER)
    assert r.age_assumed and r.k0_row == "master"


def test_zero_and_full_score():
    zero = dwz.forecast(1500, 5, [(1500, 0)] * 5, age=40, end_date=AFTER)
    full = dwz.forecast(1500, 5, [(1500, 1)] * 5, age=40, end_date=AFTER)
    assert zero.new_rating < 1500 < full.new_rating
    assert zero.performance == 1500 - 677
    assert full.performance == 1500 + 677


def test_floor_1100():
    r = dwz.forecast(1105, 5, [(1400, 0)] * 10, age=40, end_date=AFTER)
    assert r.new_rating_unrounded < 1100
    assert r.new_rating == 1100 and r.floor_applied


def test_forfeits_are_listed_not_counted():
    r = dwz.forecast(1500, 5, [*SEED_GAMES, (1900, "+"), (1200, "-")], age=40, end_date=AFTER)
    assert r.new_rating == 1547
    assert r.counted_games == 7
    assert [g.reason for g in r.games[-2:]] == ["forfeit", "forfeit"]


def test_overrides():
    r = dwz.forecast(1500, 5, SEED_GAMES, age=40, end_date=AFTER, development_factor=20)
    assert r.development_factor == 20 and r.override
    assert r.new_rating == 1500 + round(20 * (4.5 - r.expected_score))


# --- WO 2014 ---------------------------------------------------------------------------


def test_wo2014_e_bounds():
    # adult 2100, index 20: E0 = 2.1^4 + 15 = 34.45 → 30
    r = dwz.forecast(2100, 20, [(2100, "½")], age=40, end_date=BEFORE)
    assert r.development_coefficient == 30
    # index 2 → E ≤ 10
    r = dwz.forecast(2100, 2, [(2100, "½")], age=40, end_date=BEFORE)
    assert r.development_coefficient == 10
    # junior 1200 with W ≥ We: E0 = 1.2^4 + 5 = 7.07, fB 0.6 → 4.24 → 4 → at least 5
    r = dwz.forecast(1200, 10, [(1200, 1)], age=12, end_date=BEFORE)
    assert r.acceleration_factor == Fraction(3, 5) and r.development_coefficient == 5


def test_wo2014_braking_surcharge():
    # 1000 with W ≤ We: SBr = e^2 − 1 = 6.389, E0 = 1 + 15 = 16 → 22.39 → 22 (≤ 150)
    r = dwz.forecast(1000, 1, [(1000, 0)], age=40, end_date=BEFORE)
    assert r.braking_surcharge == pytest.approx(6.389, abs=1e-3)
    assert r.development_coefficient == 22


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize("rating", [-1, 3501, 1500.5, "abc", True])
def test_bad_rating(rating):
    with pytest.raises(InvalidRating) as err:
        dwz.forecast(rating, 5, SEED_GAMES)
    assert err.value.field == "rating"


def test_bad_opponent_rating_names_the_game():
    with pytest.raises(InvalidRating) as err:
        dwz.forecast(1500, 5, [(1500, 1), (4000, 0)])
    assert err.value.where == {"game": 2}


def test_bad_index_and_result():
    with pytest.raises(InvalidIndex):
        dwz.forecast(1500, -1, SEED_GAMES)
    with pytest.raises(InvalidResult) as err:
        dwz.forecast(1500, 5, [(1500, "x")])
    assert "accepted" in err.value.message


def test_upgrade_examples():
    assert [dwz.upgrade(r).new_rating for r in (700, 999, 1000, 1200, 1600, 2000, 2109, 2110)] == [
        1100, 1399, 1400, 1528, 1784, 2040, 2110, 2110,
    ]  # fmt: skip
    assert dwz.upgrade(2063, 15).new_rating == 2080 and dwz.upgrade(2063, 15).new_index == 16
    assert dwz.upgrade(1366, 21).new_rating == 1634 and dwz.upgrade(1366, 21).new_index == 22
    assert dwz.upgrade(2300, 30).new_index == 31


@pytest.mark.parametrize("k", [float("inf"), float("-inf"), float("nan"), "x"])
def test_a_development_factor_that_is_no_number_is_our_error(k):
    from wertung.kernel.errors import InvalidInput

    with pytest.raises(InvalidInput, match="development factor"):
        dwz.forecast(1500, 5, [(1600, 1)], development_factor=k, end_date="2026-09-01")

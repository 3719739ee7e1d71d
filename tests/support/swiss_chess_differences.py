"""``method="swiss-chess"`` checked as the table method plus its named differences.

What the method is, is defined by :data:`wertung.kernel.swiss_chess.DIFFERENCES`: the table
method (two-decimal P(D), the same joint iteration), no exceptional players unless asked
for, and -- for a player with a rating -- the change truncated, the braking surcharge's two
roundings and Swiss-Chess's FIDE rounding. The functions here check a Swiss-Chess result
against the *table* method's result of the same inputs, field by field: exactly equal where
no difference applies, and where one applies, equal to what the difference gives, computed
here independently from the table result's own figures.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from golden_cases import first_difference

from wertung.dwz.regulations import WO_2014, WO_2026

#: The forecast fields a named difference may change (checked on their own).
_FORECAST_CHANGED = {
    "method", "rules", "new_rating", "change", "new_rating_unrounded", "development_coefficient",
    "floor_applied",
}  # fmt: skip
#: The same for a player's row of a tournament evaluation.
_PLAYER_CHANGED = {
    "dwz",
    "dwz_after",
    "change",
    "development_coefficient",
    "elo",
    "elo_after",
    "index_range",
}
_ELO_CHANGED = {"rounded_change", "new_rating", "shown_as_unrated", "outcomes", "rules", "notes"}


def _same(new: Any, old: Any, where: str) -> None:
    found = first_difference(new, old, where)
    assert found is None, found


def _half_up(numerator: int, denominator: int) -> int:
    whole, rest = divmod(numerator, denominator)
    return whole + 1 if 2 * rest >= denominator else whole


def _truncated(rating: int, change: Fraction) -> int:
    return rating + math.trunc(change)


def expected_coefficient(table: dict[str, Any]) -> int | None:
    """E of a WO 2014 forecast as Swiss-Chess has it, from the table method's forecast."""
    e = table["development_coefficient"]
    if e is None or table["override"] or not table["braking_surcharge"]:
        return e
    rating = table["rating"]
    e0 = Fraction(rating, 1000) ** 4 + table["age_coefficient"]
    fb = Fraction(1)
    if table["acceleration_factor"] != 1:
        fb = min(max(Fraction(rating, WO_2014.acceleration_divisor), WO_2014.acceleration_min),
                 WO_2014.acceleration_max)  # fmt: skip
    surcharge = math.exp((WO_2014.braking_below - rating) / WO_2014.braking_scale)
    product = e0 * fb
    s = Fraction(surcharge)
    e = _half_up(product.numerator, product.denominator) + _half_up(s.numerator, s.denominator)
    return max(WO_2014.e_min, min(e, WO_2014.e_max_braking))


def expected_rating(table: dict[str, Any], e: int | None) -> tuple[int, bool]:
    """Rn (and whether the floor applied) of a forecast with the change truncated."""
    rating, n = table["rating"], table["counted_games"]
    if not n:
        return rating, False
    gap = Fraction(table["score"]) - Fraction(table["expected_score"])  # We: the float's value
    if e is not None:
        return _truncated(rating, WO_2014.numerator * gap / (e + n)), False
    k = Fraction(str(table["development_factor"]))
    new = _truncated(rating, k * gap)
    if WO_2026.floor_applies_to_all and new < WO_2026.floor:
        return WO_2026.floor, True
    return new, False


def check_forecast(new: dict[str, Any], table: dict[str, Any], where: str) -> None:
    """A Swiss-Chess forecast's ``to_dict()`` against the table method's of the same inputs."""
    assert list(new) == list(table), where
    for key in table:
        if key not in _FORECAST_CHANGED:
            _same(new[key], table[key], f"{where}.{key}")
    assert new["method"] == "swiss-chess", where
    assert table["method"] == "table", where
    e = expected_coefficient(table)
    assert new["development_coefficient"] == e, (
        f"{where}: E {new['development_coefficient']} != {e}"
    )
    rating, floored = expected_rating(table, e)
    assert new["new_rating"] == rating, f"{where}: Rn {new['new_rating']} != {rating}"
    assert new["change"] == rating - table["rating"], where
    assert new["floor_applied"] == floored, where
    assert "truncated towards zero (Swiss-Chess)" in new["rules"]["new_rating"], where
    assert new["rules"]["win_expectancy"].startswith("P(D) from the two-decimal table"), where


def _fide_rounded(hundredths: int) -> int:
    return (hundredths + 50) // 100 if hundredths >= 0 else -(-hundredths // 100)


def check_elo(new: dict[str, Any] | None, table: dict[str, Any] | None, where: str) -> None:
    """A FIDE working of a Swiss-Chess evaluation against the table method's."""
    if table is None or "rounded_change" not in table:  # none, or an initial rating: the same
        _same(new, table, where)
        return
    assert new is not None, where
    for key in table:
        if key not in _ELO_CHANGED:
            _same(new[key], table[key], f"{where}.{key}")
    hundredths = round(Fraction(table["change"]) * 100)
    assert new["rounded_change"] == _fide_rounded(hundredths), where
    assert new["new_rating"] == table["rating"] + new["rounded_change"], where
    assert new["notes"][: len(table["notes"])] == table["notes"], where
    assert new["notes"][-1].startswith("rounded as Swiss-Chess does"), where
    assert new["rules"]["rounded_change"].startswith("rounded as Swiss-Chess does"), where


def check_evaluation(new: dict[str, Any], table: dict[str, Any], where: str) -> None:
    """A Swiss-Chess tournament evaluation's ``to_dict()`` against the table method's."""
    assert list(new) == list(table), where
    for key in table:
        if key not in ("method", "rules", "players"):
            _same(new[key], table[key], f"{where}.{key}")
    if not table["dwz_rated"]:
        return
    assert new["method"] == "swiss-chess" and table["method"] == "table", where
    for key, text in table["rules"].items():
        if key != "exceptional":
            assert new["rules"][key] == text, f"{where}.rules.{key}"
    assert len(new["players"]) == len(table["players"]), where
    for mine, theirs in zip(new["players"], table["players"], strict=True):
        label = f"{where}.player {theirs['id']}"
        assert list(mine) == list(theirs), label
        for key in theirs:
            if key not in _PLAYER_CHANGED:
                _same(mine[key], theirs[key], f"{label}.{key}")
        check_elo(mine["elo"], theirs["elo"], f"{label}.elo")
        if theirs["elo"] is not None and "rounded_change" in theirs["elo"]:
            assert mine["elo_after"] == mine["elo"]["new_rating"], label
        else:
            assert mine["elo_after"] == theirs["elo_after"], label
        working = theirs["dwz"]
        if working is None or "new_rating" not in working or "base_value" not in working:
            # no rating, a first DWZ or carry-over games: the table method's own
            if working is not None and "method" in working:
                assert mine["dwz"]["method"] == "swiss-chess", label
                working = {**working, "method": "swiss-chess"}
            _same(mine["dwz"], working, f"{label}.dwz")
            _same(mine["dwz_after"], theirs["dwz_after"], label)
            assert (mine["index_range"] is None) == (theirs["index_range"] is None), label
            continue
        check_forecast(mine["dwz"], working, f"{label}.dwz")
        assert mine["dwz_after"] == mine["dwz"]["new_rating"], label
        assert mine["change"] == mine["dwz"]["change"], label
        assert mine["development_coefficient"] == mine["dwz"]["development_coefficient"], label
        assert (mine["index_range"] is None) == (theirs["index_range"] is None), label

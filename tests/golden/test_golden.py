"""Every recorded case gives today the outcome it was recorded with (``README.md`` here).

Each case set of ``tests/golden/*.json.xz`` is replayed through the current code (the
same :func:`golden_cases.run` that recorded it) and compared exactly: every field of
``to_dict()`` in the same order, the same types, floats by ``repr``; an error by its
class, code, values and the field, player, round or game it names.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from golden_cases import SETS, canonical, first_difference, load, run

from wertung.tournament import _evaluation as evaluation


@pytest.mark.parametrize("name", SETS)
def test_every_case_as_recorded(name: str) -> None:
    golden = load(name)
    cases = golden["cases"]
    assert len(cases) == golden["count"] > 0
    wrong = []
    for number, case in enumerate(cases):
        new = run(case["call"], case["args"], case["kwargs"])
        if canonical(new) != canonical(case["out"]):
            wrong.append(f"case {number} ({case['call']}): {first_difference(new, case['out'])}")
    assert not wrong, f"{len(wrong)} of {len(cases)} differ:\n" + "\n".join(wrong[:20])


def _outcomes(name: str, call: str) -> list[Any]:
    return [case["out"] for case in load(name)["cases"] if case["call"] == call]


def _kinds(outcomes: list[Any]) -> Counter[str]:
    return Counter(out.get("$error", "result") if isinstance(out, dict) else "result"
                   for out in outcomes)  # fmt: skip


def test_the_tournaments_reach_every_status_and_both_regulations() -> None:
    statuses: set[str] = set()
    regulations: set[str] = set()
    stages: set[int] = set()
    methods: set[str] = set()
    for name in ("tournaments", "swiss_opens"):
        for out in _outcomes(name, "evaluate"):
            if "$error" in out:
                continue
            regulations.add(out["regulations"])
            methods.add(out["method"])
            for player in out["players"]:
                statuses.add(player["status"])
                if player["stage"]:
                    stages.add(player["stage"])
    assert statuses >= set(evaluation.STATUSES)
    assert regulations >= {"WO 2014", "WO 2026", ""}
    assert stages == {1, 2}
    assert methods >= {"exact", "table", "swiss-chess"}


def test_the_calls_give_results_and_their_errors() -> None:
    forecasts = _kinds(_outcomes("dwz_forecast", "dwz.forecast"))
    assert {"result", "InvalidRating", "InvalidResult", "InvalidInput", "InvalidIndex",
            "InvalidDate"} <= set(forecasts)  # fmt: skip
    assert forecasts["result"] > 5000
    changes = _kinds(_outcomes("fide", "fide.rating_change"))
    assert {"result", "InvalidRating", "InvalidResult", "InvalidKFactor"} <= set(changes)
    checked = _kinds(_outcomes("validate", "validate"))
    assert {"result", "InvalidTournament", "InvalidRating"} <= set(checked)
    assert checked["result"] > 500  # "valid"
    for name, call in (("dwz_first", "dwz.first_dwz"), ("dwz_other", "dwz.index_range"),
                       ("dwz_other", "dwz.needed"), ("dwz_other", "dwz.needed_first"),
                       ("dwz_other", "dwz.upgrade"), ("dwz_other", "dwz.performance_rating"),
                       ("fide", "fide.initial_rating"), ("fide", "fide.k_factor"),
                       ("fide", "fide.needed"), ("fide", "fide.performance")):  # fmt: skip
        assert _kinds(_outcomes(name, call))["result"] > 50, call


def test_the_forecasts_reach_both_regulations_every_method_and_the_index_rows() -> None:
    seen: set[tuple[str, str]] = set()
    indexes: set[object] = set()
    for out in _outcomes("dwz_forecast", "dwz.forecast"):
        if "$error" not in out:
            seen.add((out["regulations"], out["method"]))
            indexes.add(out["index"])
    assert {
        (r, m) for r in ("WO 2014", "WO 2026") for m in ("exact", "table", "swiss-chess")
    } <= seen
    assert {None, 0, 1, 5, 11} <= indexes

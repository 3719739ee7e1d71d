"""The lean core gives the same results as the frozen reference (issue 9).

Thousands of seeded random tournaments, forecasts, first DWZ and FIDE changes are run
through the current core and through ``tests/reference/wertung_ref`` (the core as it
was before the hot-path work); every ``to_dict()`` field must agree: rounded and
integer values exactly, floats the rules do not round within 1e-9 (relative), keys
in the same order. Errors must be the same class with the same message.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent / "reference"))

import wertung_ref.core.evaluation as ref_evaluation
import wertung_ref.core.model as ref_model
import wertung_ref.core.results as ref_results
import wertung_ref.dwz as ref_dwz
import wertung_ref.fide as ref_fide
from generate import (
    assert_same,
    build_tournament,
    fide_case,
    first_dwz_case,
    forecast_case,
    tournament_case,
)

from wertung import dwz, fide
from wertung.core import evaluation, model, results


class _Package:
    def __init__(self, model: Any, results: Any) -> None:
        self.model = model
        self.results = results


NEW = _Package(model, results)
REF = _Package(ref_model, ref_results)

TOURNAMENTS = 1000
FORECASTS = 4000
FIRST = 1500
FIDE = 4000
CHUNK = 200


def _outcome(action: Any) -> Any:
    try:
        return action().to_dict()
    except Exception as error:  # compared below: same class and message
        return ("error", type(error).__name__, str(error))


def _compare(new: Any, old: Any, label: str) -> None:
    if isinstance(old, tuple) or isinstance(new, tuple):
        assert new == old, f"{label}: {new!r} != {old!r}"
        return
    assert_same(new, old, label)


@pytest.mark.parametrize("start", range(0, TOURNAMENTS, CHUNK))
def test_evaluate_same_as_reference(start: int) -> None:
    for seed in range(start, start + CHUNK):
        case = tournament_case(seed)
        options = case["options"]
        new = _outcome(
            lambda case=case, options=options: evaluation.evaluate(
                build_tournament(NEW, case["tournament"]), **options
            )
        )
        old = _outcome(
            lambda case=case, options=options: ref_evaluation.evaluate(
                build_tournament(REF, case["tournament"]), **options
            )
        )
        _compare(new, old, f"tournament seed {seed}")


def test_cases_cover_every_status() -> None:
    """The generator reaches every status, both regulations, and first DWZ of both stages."""
    statuses: set[str] = set()
    regulations: set[str] = set()
    stages: set[int] = set()
    for seed in range(0, TOURNAMENTS, 4):
        case = tournament_case(seed)
        try:
            result = evaluation.evaluate(
                build_tournament(NEW, case["tournament"]), **case["options"]
            )
        except Exception:
            continue
        regulations.add(result.regulations)
        for p in result.players:
            statuses.add(p.status)
            if p.stage:
                stages.add(p.stage)
    assert statuses >= set(evaluation.STATUSES)
    assert regulations >= {"WO 2014", "WO 2026", ""}
    assert stages == {1, 2}


@pytest.mark.parametrize("start", range(0, FORECASTS, 2000))
def test_forecast_same_as_reference(start: int) -> None:
    for seed in range(start, start + 2000):
        case = forecast_case(seed)
        new = _outcome(lambda case=case: dwz.forecast(*case["args"], **case["kwargs"]))
        old = _outcome(lambda case=case: ref_dwz.forecast(*case["args"], **case["kwargs"]))
        _compare(new, old, f"forecast seed {seed}")


def test_first_dwz_same_as_reference() -> None:
    for seed in range(FIRST):
        case = first_dwz_case(seed)
        new = _outcome(lambda case=case: dwz.first_dwz(*case["args"], **case["kwargs"]))
        old = _outcome(lambda case=case: ref_dwz.first_dwz(*case["args"], **case["kwargs"]))
        _compare(new, old, f"first DWZ seed {seed}")


@pytest.mark.parametrize("start", range(0, FIDE, 2000))
def test_fide_same_as_reference(start: int) -> None:
    for seed in range(start, start + 2000):
        case = fide_case(seed)
        name = "initial_rating" if case["initial"] else "rating_change"
        new = _outcome(
            lambda case=case, name=name: getattr(fide, name)(*case["args"], **case["kwargs"])
        )
        old = _outcome(
            lambda case=case, name=name: getattr(ref_fide, name)(*case["args"], **case["kwargs"])
        )
        _compare(new, old, f"FIDE seed {seed}")

"""The regulations as light parameter sets and the input checks as their own module (issue 9:
the calculators import neither dataclass machinery for the rules nor the tournament model).

The sets must behave as the frozen dataclasses they replaced: frozen, compared, hashed and
printed by their values in declaration order, copyable with changes, picklable.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import doctest
import pickle
import subprocess
import sys
from fractions import Fraction

import pytest

import wertung.kernel.checks
import wertung.kernel.parameters
import wertung.tournament._model
from wertung.dwz.regulations import WO_2014, WO_2026, Dwz2014, Dwz2026
from wertung.fide.regulations import FIDE_2024, FIDE_2025_10, FideRegulations
from wertung.kernel.parameters import ParameterSet

SETS = [WO_2014, WO_2026, FIDE_2024, FIDE_2025_10]
IDS = [s.name for s in SETS]


@pytest.mark.parametrize("module", [wertung.kernel.checks, wertung.kernel.parameters])
def test_doctests(module: object) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert tried > 0 and failures == 0


def test_the_model_re_exports_the_checks() -> None:
    for name in ("RATING_MIN", "RATING_MAX", "check_rating", "check_index", "check_birth_year",
                 "parse_date", "_shown", "_whole_number"):  # fmt: skip
        assert getattr(wertung.tournament._model, name) is getattr(wertung.kernel.checks, name), (
            name
        )


def test_the_fields_in_declaration_order() -> None:
    assert Dwz2026._fields[:3] == ("name", "valid_from", "first_dwz_min_games")
    assert Dwz2026._fields[-1] == "exceptional_player_margin"
    assert "k0_table" in Dwz2026._fields and "numerator" not in Dwz2026._fields
    assert Dwz2014._fields[-1] == "exceptional_player_since"
    assert FideRegulations._fields[-2:] == ("adjustment_below", "adjustment_factor")
    assert len(set(Dwz2026._fields)) == len(Dwz2026._fields)
    assert not any(name.startswith("_") for name in FideRegulations._fields)


@pytest.mark.parametrize("regs", SETS, ids=IDS)
def test_repr_shows_every_constant(regs: ParameterSet) -> None:
    text = repr(regs)
    assert text.startswith(f"{type(regs).__qualname__}(name={regs.name!r}, valid_from=")
    for name in regs._fields:
        assert f"{name}={getattr(regs, name)!r}" in text


@pytest.mark.parametrize("regs", SETS, ids=IDS)
def test_frozen(regs: ParameterSet) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'name'"):
        regs.name = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'valid_from'"):
        del regs.valid_from
    with pytest.raises(AttributeError):  # FrozenInstanceError is one
        regs.new_constant = 1  # type: ignore[attr-defined]
    assert not hasattr(regs, "new_constant")


@pytest.mark.parametrize("regs", SETS, ids=IDS)
def test_copies_are_equal_and_changes_are_not(regs: ParameterSet) -> None:
    twins = [copy.copy(regs), regs.replace()]
    if not isinstance(regs, FideRegulations):  # its 8.1.1 table is a mappingproxy: never pickled
        twins += [copy.deepcopy(regs), pickle.loads(pickle.dumps(regs))]
    for twin in twins:
        assert twin == regs and type(twin) is type(regs) and twin is not regs
        assert repr(twin) == repr(regs)
    changed = regs.replace(name="what if")
    assert changed != regs and changed.name == "what if" and changed.valid_from == regs.valid_from
    assert regs != WO_2026 or regs is WO_2026  # other sets differ
    assert (regs == "WO 2026") is False


def test_hash_by_value() -> None:
    assert hash(WO_2026) == hash(pickle.loads(pickle.dumps(WO_2026)))
    assert hash(WO_2026.replace(k_max=81)) != hash(WO_2026)
    assert len({WO_2026, WO_2026.replace(), WO_2014}) == 2
    with pytest.raises(TypeError, match="mappingproxy"):  # as the dataclass: its table is a mapping
        hash(FIDE_2024)


def test_a_constant_changed_when_made() -> None:
    test = Dwz2026(name="test", valid_from=dt.date(2030, 1, 1), k_max=90, r=Fraction(1, 10))
    assert (test.k_max, test.r, test.floor) == (90, Fraction(1, 10), WO_2026.floor)
    assert WO_2026.k_max == Dwz2026.k_max == 80  # the default, defined once on the class
    assert WO_2026.replace(k_max=90) == Dwz2026(
        name="WO 2026", valid_from=WO_2026.valid_from, k_max=90
    )
    amended = FIDE_2024.replace(
        name="FIDE 2025-10-01", valid_from=dt.date(2025, 10, 1), cap_exempt_from=2650
    )
    assert amended == FIDE_2025_10
    with pytest.raises(TypeError, match="unexpected keyword argument 'k_maximum'"):
        Dwz2026(name="test", valid_from=dt.date(2030, 1, 1), k_maximum=90)
    with pytest.raises(TypeError, match="unexpected keyword argument 'numerator'"):
        WO_2026.replace(numerator=800)  # a WO 2014 constant
    with pytest.raises(TypeError):
        Dwz2014(name="no date")  # type: ignore[call-arg]


def test_the_kernel_holds_only_what_the_sets_share() -> None:
    assert wertung.kernel.parameters.__all__ == ["ParameterSet"]
    with pytest.raises(AttributeError, match="WO_2026"):
        _ = wertung.kernel.parameters.WO_2026  # type: ignore[attr-defined]


def test_fide_loads_no_dwz_regulations() -> None:
    code = (
        "import sys, wertung.fide.regulations as f; "
        "print(f.FIDE_2024.k_standard, 'wertung.dwz.regulations' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["20", "False"]

"""The docstring examples of the public and core modules are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import wertung.core

MODULES = [
    "wertung.dwz",
    "wertung.fide",
    "wertung.core.rounding",
    "wertung.core.results",
    "wertung.core.expectancy",
    "wertung.core.performance",
    "wertung.core.first_dwz",
    "wertung.core.upgrade",
    "wertung.core.regulations.dwz",
    "wertung.core.fide",
    "wertung.core.fide_rules",
    "wertung.core.fide_initial",
    "wertung.core.lean",
    "wertung.core.time_control",
    "wertung.core.unknown_index",
    "wertung.formats.results_csv",
    "wertung.formats.dsb_report",
    "wertung.cli._text",
    "wertung.cli._output",
    "wertung.core.needed",
    "wertung.planner",
    "wertung.season",
    "wertung.formats.swt",
    "wertung.formats.swiss_manager",
    "wertung.formats._binary",
    "wertung.league",
    "wertung.core.joint_iteration",
    "wertung.running",
]
#: Every module of the core, found (a new module cannot be left out by mistake).
MODULES += sorted(
    info.name
    for info in pkgutil.walk_packages(wertung.core.__path__, "wertung.core.")
    if info.name not in MODULES
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0

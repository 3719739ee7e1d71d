"""The docstring examples of the public and core modules are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import wertung.dwz
import wertung.fide
import wertung.kernel
import wertung.tournament

MODULES = [
    "wertung.dwz",
    "wertung.fide",
    "wertung.kernel.rounding",
    "wertung.kernel.results",
    "wertung.kernel.expectancy",
    "wertung.kernel.rule_text",
    "wertung.dwz._performance",
    "wertung.dwz._first_dwz",
    "wertung.dwz._upgrade",
    "wertung.dwz.regulations",
    "wertung.fide._change",
    "wertung.fide._rules",
    "wertung.fide._initial",
    "wertung.dwz._lean",
    "wertung.kernel.time_control",
    "wertung.dwz._unknown_index",
    "wertung.formats.results_csv",
    "wertung.formats.dsb_report",
    "wertung.submission",
    "wertung.submission._lookup",
    "wertung.web.submission_view",
    "wertung.submission._fix",
    "wertung.submission._people",
    "wertung.formats.dsb_map",
    "wertung.formats.dsb_xml",
    "wertung.formats.swi",
    "wertung.formats.dewis_xml",
    "wertung.cli._text",
    "wertung.cli._output",
    "wertung.catalogue.formatting",
    "wertung.catalogue.words",
    "wertung.catalogue.data_csv",
    "wertung.catalogue.data_typer",
    "wertung.kernel.needed",
    "wertung.tournament._season",
    "wertung.formats.swt",
    "wertung.formats.swiss_manager",
    "wertung.formats._binary",
    "wertung.tournament._league",
    "wertung.dwz._joint_iteration",
    "wertung.tournament._running",
    "wertung.formats.trf",
    "wertung.formats._trf_write",
    "wertung.formats._trf_dates",
    "wertung.sources.chessresults._where",
]
#: Every module of the rules packages, found (a new module cannot be left out by mistake).
MODULES += sorted(
    info.name
    for package in (wertung.kernel, wertung.dwz, wertung.fide, wertung.tournament)
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    if info.name not in MODULES
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0

"""The layout's rules, read from the import graph (every import, also inside functions).

Layers, from the bottom: the kernel; the two rating systems (``dwz``, ``fide``, which
do not know each other); the tournament; then the texts (``catalogue``), the file
formats and the sources; then ``importers``; the front ends (``cli``, ``web``) on top.
A module imports only from its own layer's package or below. The rules packages
(kernel, dwz, fide, tournament) are pure: standard library only, no I/O.
"""

from __future__ import annotations

import ast

import pytest
from tests.architecture.imports import SRC, cycles, graph, module_name, third_party_of

#: The package → the packages it may import (besides itself).
ALLOWED: dict[str, set[str]] = {
    "kernel": set(),
    "dwz": {"kernel"},
    "fide": {"kernel"},
    "tournament": {"kernel", "dwz", "fide"},
    "catalogue": {"kernel", "dwz", "fide", "tournament"},
    "formats": {"kernel", "dwz", "fide", "tournament", "catalogue"},
    # the database backends under every store (SQLite, PostgreSQL; issue 23)
    "storage": {"kernel"},
    # sources.dsb_lookup answers the pre-submission check's DsbLookup from the store
    "sources": {
        "kernel",
        "dwz",
        "fide",
        "tournament",
        "catalogue",
        "formats",
        "submission",
        "storage",
    },
    "submission": {"kernel", "dwz", "fide", "tournament", "catalogue", "formats"},
    "importers": {
        "kernel",
        "dwz",
        "fide",
        "tournament",
        "catalogue",
        "formats",
        "sources",
        "submission",
    },
}
RULES = ("kernel", "dwz", "fide", "tournament")
#: What is still to be mended. May only shrink (empty since errors carry their code, issue 21).
KNOWN_VIOLATIONS: set[tuple[str, str]] = set()
KNOWN_CYCLES = [
    ["wertung.catalogue", "wertung.catalogue._render"]
]  # inside the catalogue (its index)
#: The I/O a pure rules module must not do.
IO_CALLS = {"open", "print", "input"}
IO_MODULES = {
    "os",
    "pathlib",
    "socket",
    "subprocess",
    "shutil",
    "sqlite3",
    "urllib",
    "http",
    "io",
    "tempfile",
}

GRAPH = graph()


def _package(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_the_graph_is_read() -> None:
    assert "wertung.dwz" in GRAPH and "wertung.kernel.errors" in GRAPH["wertung.dwz._forecast"]
    # imports inside functions count (the DWZ forecast loads the upgrade only on demand)
    assert "wertung.dwz._upgrade" in GRAPH["wertung.dwz"]


def test_no_upward_imports() -> None:
    found = set()
    for name, edges in GRAPH.items():
        package = _package(name)
        if package not in ALLOWED:
            continue
        for target in edges:
            other = _package(target)
            if other == "_version":
                continue
            if other != package and other not in ALLOWED[package]:
                found.add((name, target))
    assert found - KNOWN_VIOLATIONS == set(), "upward imports"
    assert found >= KNOWN_VIOLATIONS, "a known violation is mended: remove it from the list"
    assert not found


def test_formats_and_sources_never_import_front_ends() -> None:
    for name, edges in GRAPH.items():
        if _package(name) in {"formats", "sources", "importers", "submission", "catalogue"}:
            assert not [t for t in edges if _package(t) in {"cli", "web"}], name


def test_no_cycles() -> None:
    assert cycles(GRAPH) == KNOWN_CYCLES


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}, "d": {"a": 1}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("package", RULES)
def test_rules_packages_are_pure(package: str) -> None:
    for path in sorted((SRC / "wertung" / package).rglob("*.py")):
        assert third_party_of(path) == [], module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in IO_CALLS, f"{module_name(path)}:{node.lineno}"
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            else:
                continue
            assert not set(names) & IO_MODULES, f"{module_name(path)}:{node.lineno} {names}"


#: The web front end: services and the edge at ``wertung.web``'s root, the pages and the API
#: beside each other. Only the composition root (``app``, the package's ``__init__``) and the
#: two subpackages themselves may import a subpackage.
WEB_COMPOSITION = {"wertung.web", "wertung.web.app"}


def _web_part(name: str) -> str:
    parts = name.split(".")
    if parts[:2] != ["wertung", "web"] or len(parts) < 3:
        return ""
    return parts[2] if parts[2] in {"pages", "api"} and len(parts) > 3 else "root"


def test_web_pages_and_api_do_not_know_each_other() -> None:
    found = set()
    for name, edges in GRAPH.items():
        part = _web_part(name)
        for target in edges:
            other = _web_part(target)
            if part in {"pages", "api"} and other in {"pages", "api"} and other != part:
                found.add((name, target))
            if part == "root" and other in {"pages", "api"} and name not in WEB_COMPOSITION:
                found.add((name, target))
    assert "wertung.web.pages.tournament" in GRAPH and "wertung.web.api.routes" in GRAPH
    assert not found, sorted(found)

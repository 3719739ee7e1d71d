"""Each rule once (issue 21 item 2): the win-expectancy curve is computed in one module.

Read from the source (AST): every use of ``erf`` -- ``math.erf``, a name ``erf`` or
``_erf``, ``from math import erf`` -- lies in :mod:`wertung.kernel.expectancy`; the
texts that show the formula (rule texts, API descriptions) are strings and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
CURVE_HOME = SRC / "wertung" / "kernel" / "expectancy.py"


def _erf_uses(source: str) -> list[int]:
    tree = ast.parse(source)
    return [node.lineno for node in ast.walk(tree) if _is_erf(node)]


def _is_erf(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "erf"
    if isinstance(node, ast.Name):
        return node.id in {"erf", "_erf"}
    if isinstance(node, ast.ImportFrom):
        return any(alias.name == "erf" for alias in node.names)
    return False


def test_erf_is_used_in_exactly_one_module() -> None:
    uses = {
        str(path.relative_to(SRC)): lines
        for path in sorted(SRC.rglob("*.py"))
        if (lines := _erf_uses(path.read_text(encoding="utf-8")))
    }
    assert list(uses) == [str(CURVE_HOME.relative_to(SRC))], uses


def test_the_check_sees_every_form() -> None:
    sample = 'import math\nfrom math import erf\nx = math.erf(1.0)\n_erf = erf\ns = "erf(D/400)"\n'
    assert sorted(_erf_uses(sample)) == [2, 3, 4, 4]

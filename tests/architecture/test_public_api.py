"""The public API: what ``import wertung`` offers, pinned, and the README's library block run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import wertung
from wertung import dwz, fide

ROOT = Path(__file__).resolve().parents[2]

PUBLIC = [
    "Bye", "ByeKind", "CarryOverGame", "FormatError", "Game", "GameResult", "InvalidDate",
    "InvalidIndex", "InvalidInput", "InvalidRating", "InvalidResult", "InvalidTournament",
    "Player", "PlayerResult", "Score", "SourceError", "Tournament", "TournamentEvaluation",
    "WertungError", "__version__", "dwz", "evaluate", "fide", "history", "load",
    "running_forecast", "tournament",
]  # fmt: skip


def test_all_is_pinned_and_every_name_resolves() -> None:
    assert wertung.__all__ == PUBLIC
    for name in PUBLIC:
        assert getattr(wertung, name) is not None, name
    assert set(PUBLIC) <= set(dir(wertung))


def test_subpackages_without_importing_them() -> None:
    code = "import wertung; print(wertung.dwz.forecast.__name__, wertung.fide.rating_change.__name__, wertung.load.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["forecast", "rating_change", "load_tournament"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such"):
        _ = wertung.no_such  # type: ignore[attr-defined]


def test_dwz_and_fide_name_the_event_date_alike() -> None:
    games = [(2200, "½"), (1900, 1)]
    by_end = fide.rating_change(2000, games, birth_year=2010, end_date="2026-09-01")
    by_date = fide.rating_change(2000, games, birth_year=2010, date="2026-09-01")
    assert by_end.to_dict() == by_date.to_dict()
    assert fide.k_factor(2000, birth_year=2010, end_date="2026-12-31").k == 40
    assert dwz.forecast(1500, 5, games, end_date="2026-09-01").new_rating > 0


def _readme_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Library") :]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


def _stated(comment: str) -> str | None:
    """The value a README comment states (``# (1547, 44.0)  words``), or None."""
    value = comment.strip().removeprefix("#").strip().split("   ")[0].strip()
    return value if value[:1] in "(['" or value.isdigit() else None


def test_the_readme_library_block_runs_and_says_true(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {}
    statement: list[str] = []
    last: str | None = None  # the expression a following "# value" line speaks of
    checked = 0
    for line in _readme_block().splitlines():
        if line.startswith("#"):
            stated = _stated(line)
            if stated is not None and last is not None:
                assert repr(eval(last, namespace)) == stated, last
                checked += 1
            continue
        if not line.strip():
            continue
        statement.append(line)
        source = "\n".join(statement)
        try:
            code = compile(source, "README", "exec")
        except SyntaxError:
            continue  # a statement over several lines
        exec(code, namespace)
        body, _, comment = (
            source.rpartition("#") if "#" in source.splitlines()[-1] else (source, "", "")
        )
        is_expression = "=" not in body.split("(")[0]
        last = body if is_expression else None
        stated = _stated(comment) if comment else None
        if stated is not None and last is not None:
            assert repr(eval(last, namespace)) == stated, last
            checked += 1
        statement = []
    assert checked >= 6

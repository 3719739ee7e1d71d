"""The plain drawing (:mod:`wertung.cli._plain`) prints exactly what rich prints without styles.

Every case draws the same table or line with rich (a console writing to a file, no
terminal) and plainly, and compares the bytes: random tables (widths, justification,
headers, titles, long words, German and symbol text) at many console widths, and the
calculators' own output in English and German. What the plain drawing does not know
(wide characters, escaped markup, other tags) must go to rich, not be drawn differently.
"""

from __future__ import annotations

import doctest
import io
import random
from pathlib import Path

import pytest
from random_tables import random_cell, random_table
from rich.cells import cell_len
from rich.console import Console

from wertung.cli import _output, _plain
from wertung.cli._output import Output
from wertung.cli._plain import NotPlain, Table, plain, table_lines, text_lines

WORDS = [
    "1650", "½", "yes", "no (excluded)", "Rc", "K0 table, row adult, index column 5", "−150",
    "0.2979", "a (only if W ≥ We): age ≤ 20 and R0 < 2000: (2000 − R0)/30;", "Größe", "Übermäßig",
    "D = R0 − Rj", "→", "Σ P(D)", "step 2", "  step 3", "", "x", "Leistungsüberschreitungsfaktor",
    "wertungsrelevantabcdefghijklmnopqrstuvwxyzabcdefghijklmnop", "a  b   c", "trailing ",
    "é à ç ñ ø", "[bold]bold[/] text", "1500 + 44.0·(4½ − 3.430) = 1547.09 → 1547", "◀", "±0",
    "„Zitat“ – Gedankenstrich … Ende", "§ 3.6 °", "10:00", "(+47)",
]  # fmt: skip


def _rich_text(item: object, width: int) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, emoji=False, color_system=None)
    if isinstance(item, Table):
        console.print(item)
    else:
        console.print(item, highlight=False)
    return out.getvalue()


def _random_cell(rng: random.Random) -> str:
    return random_cell(rng, WORDS)


def _random_table(rng: random.Random) -> Table:
    return random_table(
        rng, WORDS, titles=["Games", "Working", "Partien"],
        headers=["#", "opponent", "Gegner", "D = R0 − Rj", "P(D)", "counted", "±", ""],
        justify=[None, "left", "right"], no_wrap=0.35, rows=12,
    )  # fmt: skip


@pytest.mark.parametrize("seed", range(60))
def test_random_tables_match_rich(seed: int) -> None:
    rng = random.Random(seed)
    drawn = 0
    for _ in range(15):
        table = _random_table(rng)
        width = rng.choice([10, 20, 33, 40, 57, 64, 80, 100, 120, 200])
        try:
            mine = "".join(line + "\n" for line in table_lines(table, width))
        except NotPlain:
            continue
        drawn += 1
        assert mine == _rich_text(table, width), (seed, width, table.columns, table.rows)
    assert drawn >= 3  # most tables are drawn plainly (the narrowest ones go to rich)


def test_tables_with_unwrapped_columns_match_rich() -> None:
    """The tournament table's shape: a name that wraps, figures that never do (``no_wrap``),
    narrowed by rich's order (the wrapping columns first) at every width."""
    rng = random.Random("no_wrap")
    drawn = 0
    for _ in range(300):
        table = Table()
        columns = rng.randint(2, 13)
        for number in range(columns):
            table.add_column(rng.choice(["name", "DWZ", "±", "W/n", "We", "K", "Rp", "Elo"]),
                             justify="left" if number < 2 else "right", no_wrap=number != 0)  # fmt: skip
        figures = ["1547-6", "–", "+47", "−3", "4½/7", "3.43", "44.0", "2014", "1613", "½",
                   "carry-over", "nicht gewertet", "DWZ 1650 (S)"]  # fmt: skip
        for _ in range(rng.randint(1, 30)):
            table.add_row(*(_random_cell(rng) if n == 0 else rng.choice(figures)
                            for n in range(columns)))  # fmt: skip
        width = rng.choice([40, 60, 80, 100, 120, 160, 200])
        try:
            mine = "".join(line + "\n" for line in table_lines(table, width))
        except NotPlain:
            continue
        drawn += 1
        assert mine == _rich_text(table, width), (width, table.columns, table.rows)
    assert drawn > 120


@pytest.mark.parametrize("seed", range(20))
def test_random_lines_match_rich(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for _ in range(30):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 25)))
        width = rng.choice([10, 17, 30, 45, 80, 100, 160])
        mine = "".join(line + "\n" for line in text_lines(plain(text), width))
        assert mine == _rich_text(text, width), (text, width)


def test_the_examples_in_the_docstrings() -> None:
    assert doctest.testmod(_plain).failed == 0


def test_the_plain_characters_are_one_cell_wide() -> None:
    assert all(cell_len(char) == 1 for char in _plain._PLAIN)
    assert not any(char.isspace() for char in _plain._PLAIN - {" "})


@pytest.mark.parametrize(
    "text",
    [
        "中文名字",
        "emoji 😀",
        "\\[bold]escaped",
        "[link=x]y[/link]",
        "tab\there",
        "combining e\u0301",
    ],
)
def test_what_is_not_plain_goes_to_rich(text: str) -> None:
    with pytest.raises(NotPlain):
        plain(text)
    table = Table(title="t")
    table.add_column("a")
    table.add_row(text)
    with pytest.raises(NotPlain):
        table_lines(table, 80)


def test_output_finds_where_rich_styles_its_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain text to a file or pipe, styles on a terminal or where colours are forced (the
    bytes on a terminal: ``tests/cli/test_cli_terminal.py``)."""

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "77")
    monkeypatch.setattr("sys.stdout", Tty())
    assert Output().mode() == (77, True)
    monkeypatch.setenv("NO_COLOR", "1")
    assert Output().mode() == (77, False)
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert Output().mode() == (77, None)
    assert Output().width() == 77
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert Output().mode() == (77, False)
    monkeypatch.setattr("sys.platform", "win32")
    assert Output().mode() is None and Output().width() is None


def _run(
    args: list[str], monkeypatch: pytest.MonkeyPatch, plain_allowed: bool, code: int = 0
) -> str:
    """The calculator's output (and errors) with the plain drawing allowed or not."""
    from typer.testing import CliRunner

    from wertung.cli import _common, app
    from wertung.cli._lang import set_current

    if not plain_allowed:
        monkeypatch.setattr(Output, "_plain", lambda self, objects, options: None)
    monkeypatch.setattr(_common.console, "_width", None)
    result = CliRunner().invoke(app, args, env={"COLUMNS": monkeypatch.columns})  # type: ignore[attr-defined]
    set_current(None)
    monkeypatch.undo()
    assert result.exit_code == code, result.output
    return result.output


SEED = ["1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½"]
COMMANDS = [
    ["dwz", *SEED, "--age", "40", "--date", "2026-09-01"],
    ["dwz", *SEED, "--age", "40", "--date", "2026-09-01", "--remaining", "1600,1700",
     "--target", "1560"],
    ["dwz", "1500", "1650:½", "1400:1", "--age", "40", "--date", "2026-09-01"],
    ["dwz", "1500-5", "1650:½", "1400:+", "--born", "2010", "--date", "2025-01-01"],
    ["dwz", "-", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "--age", "30"],
    ["dwz", "-", "1650:½", "--age", "30"],
    ["elo", "2000", "2200:½", "--games", "40", "--born", "1990"],
    ["elo", "2000", "2200:½", "1800:1", "2100:0", "--remaining", "2000", "--target", "2010"],
    ["elo", "0", "1800:1", "1900:½", "2000:0", "1700:1", "1850:1"],
    ["upgrade", "1600-12"],
]  # fmt: skip


@pytest.mark.parametrize("columns", ["40", "64", "80", "100", "160"])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: " ".join(args[:2]))
def test_the_calculators_print_the_same_bytes(
    args: list[str], lang: str, columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.columns = columns  # type: ignore[attr-defined]
    mine = _run(["--lang", lang, *args], monkeypatch, plain_allowed=True)
    monkeypatch.columns = columns  # type: ignore[attr-defined]
    theirs = _run(["--lang", lang, *args], monkeypatch, plain_allowed=False)
    assert mine == theirs


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    "args",
    [["dwz", "1500-5", "1650:x"], ["elo", "2000", "2200:q"],
     ["dwz", "1500-5", "1650:½", "--remaining", "1600"], ["upgrade", "x" * 120]],
    ids=["result", "elo-result", "remaining", "long"],
)  # fmt: skip
def test_the_error_lines_print_the_same_bytes(
    args: list[str], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error is one line, neither wrapped nor cut (``soft_wrap``)."""
    monkeypatch.columns = "40"  # type: ignore[attr-defined]
    mine = _run(["--lang", lang, *args], monkeypatch, plain_allowed=True, code=2)
    monkeypatch.columns = "40"  # type: ignore[attr-defined]
    theirs = _run(["--lang", lang, *args], monkeypatch, plain_allowed=False, code=2)
    assert mine == theirs
    assert mine.startswith(("error:", "Fehler:")) and len(mine.splitlines()[0]) > 40


_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ilmenau-open-2024.json"
_TRF = sorted((Path(__file__).parents[1] / "data" / "trf").glob("*.tab"))[:1]


@pytest.mark.parametrize("columns", ["80", "120", "200"])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("path", [_EXAMPLE, *_TRF], ids=lambda path: path.name)
def test_the_tournament_table_prints_the_same_bytes(
    path: Path, lang: str, columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tournament table (a name that wraps, figures that do not) drawn plainly where it
    fits, by rich where it does not: the same bytes either way."""
    drawn: list[bool] = []
    real = _plain.draw_table

    def counting(table: Table, width: int) -> list[_plain.Line]:
        lines = real(table, width)
        drawn.append(True)
        return lines

    args = ["--lang", lang, "tournament", str(path), "--partial"]
    monkeypatch.columns = columns  # type: ignore[attr-defined]
    monkeypatch.setattr(_output, "draw_table", counting)
    mine = _run(args, monkeypatch, plain_allowed=True)
    monkeypatch.columns = columns  # type: ignore[attr-defined]
    theirs = _run(args, monkeypatch, plain_allowed=False)
    assert mine == theirs
    if columns == "200":
        assert drawn  # wide enough: the plain drawing was used

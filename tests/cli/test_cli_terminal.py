"""On a terminal :mod:`wertung.cli._plain` writes exactly the bytes rich writes there.

Rich styles its output on a terminal (ANSI SGR codes for the markup tags, the bold
header, the italic title, a reset after every styled piece); :class:`~wertung.cli._output.
Output` writes the same bytes without importing rich. Compared here: random tables and
lines with wertung's tags at many widths in every colour system rich picks (with and
without NO_COLOR), against a rich console that believes it is on that terminal; the
console the command line uses (``Output``) against its own rich console in many
environments (TERM, COLORTERM, NO_COLOR, FORCE_COLOR, TTY_COMPATIBLE, COLUMNS, LINES, the
terminal's size); and ``wertung dwz`` / ``wertung elo`` run in a pseudo-terminal, with
and without the fast path. That the fast path loads no rich module is in
``tests/cli/test_cli_startup.py``.
"""

from __future__ import annotations

import io
import os
import random
import sys

import pytest
from in_terminal import in_terminal, terminal_environ
from random_tables import random_table
from rich.console import Console

from wertung.cli import _output
from wertung.cli._output import Output
from wertung.cli._plain import NotPlain, Table, draw_table, draw_text, render

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="rich styles differ on Windows")

WORDS = [
    "1650", "½", "yes", "no (excluded)", "Rc", "K0 table, row adult, index column 5", "−150",
    "0.2979", "a (only if W ≥ We): age ≤ 20 and R0 < 2000: (2000 − R0)/30;", "Größe",
    "D = R0 − Rj", "→", "Σ P(D)", "step 2", "  step 3", "", "x", "Leistungsüberschreitungsfaktor",
    "wertungsrelevantabcdefghijklmnopqrstuvwxyzabcdefghijklmnop", "a  b   c", "trailing ",
    "[bold]bold[/] text", "[dim]… dim progress[/]", "[yellow]index unknown:[/] the rules",
    "[bold red]error:[/] bad", "[cyan]note[/] x", "[green]ok", "[bold]a [red]b c[/] d[/] e",
    "[bold]New DWZ 1547[/] (+47), index 6 — WO 2026", "[red]a[/][red]b[/]", "[dim] [/]x",
    "[bold]longwordlongwordlongwordlongword[/]", "(+47)", "„Zitat“ – Ende …", "[bold] spaced [/]",
]  # fmt: skip
#: (colour system, NO_COLOR) as a rich console on a terminal has them, and what
#: ``_plain.render`` takes for them (None: plain text).
SYSTEMS = [
    ("standard", False, True), ("256", False, True), ("truecolor", False, True),
    ("standard", True, False), ("256", True, False), ("truecolor", True, False),
    (None, False, None),
]  # fmt: skip


def _rich(
    item: object, width: int, system: str | None, no_color: bool, soft_wrap: bool = False
) -> str:
    """What a rich console on a terminal writes for ``item`` (as the calculators print it)."""
    out = io.StringIO()
    console = Console(
        file=out, force_terminal=True, color_system=system, no_color=no_color,  # type: ignore[arg-type]
        width=width, height=25, emoji=False,
    )  # fmt: skip
    console.print(item, highlight=False, soft_wrap=soft_wrap)
    return out.getvalue()


def _table(rng: random.Random) -> Table:
    return random_table(
        rng, WORDS, titles=["Games", "Working", "[bold]Partien[/] x"],
        headers=["#", "opponent", "D = R0 − Rj", "P(D)", "", "[dim]x[/] y"],
        justify=[None, None, None, "left", "right"], no_wrap=0.3, rows=10,
    )  # fmt: skip


@pytest.mark.parametrize("seed", range(40))
def test_random_tables_match_rich_on_a_terminal(seed: int) -> None:
    rng = random.Random(f"terminal table {seed}")
    drawn = 0
    for _ in range(60):
        if drawn == 6:
            break
        table = _table(rng)
        width = rng.choice([10, 20, 33, 40, 57, 64, 80, 100, 120, 200])
        try:
            lines = draw_table(table, width)
        except NotPlain:
            continue
        drawn += 1
        for system, no_color, colour in SYSTEMS:
            theirs = _rich(table, width, system, no_color)
            assert render(lines, colour) == theirs, (seed, width, system, no_color, table.title,
                                                     table.columns, table.rows)  # fmt: skip
    assert drawn == 6  # about half are drawn (the narrowest go to rich)


@pytest.mark.parametrize("seed", range(20))
def test_random_lines_match_rich_on_a_terminal(seed: int) -> None:
    rng = random.Random(f"terminal line {seed}")
    for _ in range(25):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 25)))
        if rng.random() < 0.3:  # a tag left open to the end
            text = rng.choice(["[bold]", "[dim]", "[yellow]"]) + text
        width = rng.choice([10, 17, 30, 45, 80, 100, 160])
        soft_wrap = rng.random() < 0.2  # as the error lines: neither wrapped nor cut
        lines = draw_text(text, width, soft_wrap)
        for system, no_color, colour in SYSTEMS:
            theirs = _rich(text, width, system, no_color, soft_wrap)
            assert render(lines, colour) == theirs, (text, width, soft_wrap)


def test_the_styles_are_there() -> None:
    """The comparison above sees styles (a rich that wrote none would fail it)."""
    table = Table(title="Games", title_justify="left")
    table.add_column("#", justify="right")
    table.add_row("[green]1[/]")
    styled = render(draw_table(table, 80), True)
    assert "\x1b[3mGames\x1b[0m" in styled and "\x1b[1m#\x1b[0m" in styled
    assert "\x1b[32m1\x1b[0m" in styled
    assert render(draw_text("[bold red]error:[/] x", 80), True) == "\x1b[1;31merror:\x1b[0m x\n"
    assert render(draw_text("[bold red]error:[/] x", 80), False) == "\x1b[1merror:\x1b[0m x\n"
    assert render(draw_text("[red]x[/]", 80), False) == "x\n"


@pytest.mark.parametrize(
    "text", ["[/] closes nothing", "[bold][/]empty", "[italic]x[/]", "[link=x]y[/]", "中文"]
)
def test_what_rich_must_draw_is_left_to_it(text: str) -> None:
    with pytest.raises(NotPlain):
        draw_text(text, 80)


class _Terminal(io.StringIO):
    """A terminal for the console to write to (``tty``: what ``isatty`` says)."""

    def __init__(self, tty: bool = True) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


#: The variables rich's detection reads (each case sets some of them, unsets the rest).
_VARIABLES = ("TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
              "COLUMNS", "LINES")  # fmt: skip
_CHOICES = {
    "TERM": [None, "xterm", "xterm-256color", "screen-16color", "xterm-kitty", "dumb", "unknown",
             "DUMB", " xterm-256color "],
    "COLORTERM": [None, None, "truecolor", "24bit", " TrueColor ", "yes"],
    "NO_COLOR": [None, None, None, "1", ""],
    "FORCE_COLOR": [None, None, None, None, "1", "", "0"],
    "TTY_COMPATIBLE": [None, None, None, None, "1", "0", "", "yes"],
    "TTY_INTERACTIVE": [None, None, "0", "1"],
    "COLUMNS": [None, None, "57", "120", "9", "abc", "0"],
    "LINES": [None, None, "30", "x"],
}  # fmt: skip
_PRINTS = [
    ("[bold]New DWZ 1547[/] (+47), index 6 — WO 2026, end date 2026-09-01, unofficial "
     "forecast", {"highlight": False}),
    ("[yellow]index unknown:[/] the rules then use the first K0 column", {"highlight": False}),
    ("[dim]… reading page 2[/]", {"highlight": False}),
    ("3 carry-over games kept until 2027-01-01.", {}),  # highlighted: rich's
    ("[bold red]error:[/] game 1: unknown result symbol 'x'; accepted: 1, ½ (also 0.5, 1/2, "
     "=), 0, + (won by forfeit), - (lost by forfeit)", {"highlight": False, "soft_wrap": True}),
]  # fmt: skip


def _games() -> Table:
    table = Table(title="Games", title_justify="left")
    for header in ("#", "opponent", "result", "D = R0 − Rj", "P(D)", "counted"):
        table.add_column(header, justify="right")
    for number, rating in enumerate([1650, 1400, 1550, 1480], start=1):
        table.add_row(str(number), str(rating), "½", "−150", "0.2979", "yes")
    return table


def _working() -> Table:
    table = Table(title="Working", title_justify="left", show_header=False)
    table.add_column("quantity")
    table.add_column("value", justify="right")
    table.add_column("rule")
    table.add_row("a (success bonus)", "4", WORDS[8] + " age 21–25 with R0 < 1600: 4; else 0")
    table.add_row("K (development factor)", "44.0", "K = K0·b + a, one decimal half up")
    return table


def _write(environ: dict[str, str | None], tty: bool, size: tuple[int, int] | None,
           fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[str, list[bool]]:  # fmt: skip
    """What the command line's console writes in ``environ`` (fast: as it does; else with
    every print left to rich), and for each print whether it was written without rich."""
    with monkeypatch.context() as patch:
        for name in _VARIABLES:
            value = environ.get(name)
            if value is None:
                patch.delenv(name, raising=False)
            else:
                patch.setenv(name, value)

        def terminal_size(descriptor: int = 1) -> os.terminal_size:
            if size is None:
                raise OSError("not a terminal")
            return os.terminal_size(size)

        patch.setattr(os, "get_terminal_size", terminal_size)
        terminal = _Terminal(tty)
        patch.setattr(sys, "stdout", terminal)
        console = Output()
        written: list[bool] = []
        real = Output._plain

        def plain(
            self: Output, objects: tuple[object, ...], options: dict[str, object]
        ) -> str | None:
            text = real(self, objects, options) if fast else None
            written.append(text is not None)
            return text

        patch.setattr(Output, "_plain", plain)
        for text, options in _PRINTS:
            console.print(text, **options)
        console.print(_games())
        console.print(_working())
        return terminal.getvalue(), written


def test_the_console_writes_what_rich_writes_in_every_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random("environments")
    fast = 0
    for case in range(250):
        environ = {name: rng.choice(choices) for name, choices in _CHOICES.items()}
        tty = rng.random() < 0.8
        size = rng.choice([None, (0, 0), (133, 40), (72, 20)])
        mine, written = _write(environ, tty, size, True, monkeypatch)
        theirs, _ = _write(environ, tty, size, False, monkeypatch)
        assert mine == theirs, (case, environ, tty, size)
        fast += sum(written)
    assert fast > 250 * 4  # most prints were written without rich


@pytest.mark.parametrize(
    ("environ", "styled"),
    [
        ({"TERM": "xterm-256color"}, True),
        ({"TERM": "xterm", "COLORTERM": "truecolor", "COLUMNS": "100"}, True),
        ({"TERM": "xterm", "NO_COLOR": "1"}, True),
        ({"TERM": "dumb", "COLUMNS": "100", "LINES": "30"}, False),
        ({"TERM": "xterm", "TTY_COMPATIBLE": "0"}, False),
    ],
)
def test_the_usual_terminals_take_the_fast_path(
    environ: dict[str, str | None], styled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine, written = _write(environ, True, (120, 40), True, monkeypatch)
    theirs, _ = _write(environ, True, (120, 40), False, monkeypatch)
    assert mine == theirs
    assert written == [True, True, True, not styled, True, True, True]  # highlighted: rich's
    assert ("\x1b[1m" in mine) is styled


def test_an_older_rich_decides_tty_compatible_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """TTY_COMPATIBLE and an empty NO_COLOR or FORCE_COLOR mean something else before rich 14:
    with such a rich the console leaves them to it."""
    monkeypatch.setattr(sys, "stdout", _Terminal())
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(_output, "_RICH_14", [True])
    assert Output().mode() is not None
    monkeypatch.setattr(_output, "_RICH_14", [False])
    assert Output().mode() is None
    monkeypatch.delenv("TTY_COMPATIBLE")
    assert Output().mode() is not None
    monkeypatch.setenv("NO_COLOR", "")
    assert Output().mode() is None
    monkeypatch.setattr(_output, "_RICH_14", [])
    assert Output().mode() is not None  # the installed rich (15): asked once
    assert _output._RICH_14 == [True]


# --- wertung dwz / wertung elo in a pseudo-terminal ------------------------------------

FAST = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"
#: The same with every print left to rich.
RICH = (
    "import sys; from wertung.cli import _output; "
    "_output.Output._plain = lambda self, objects, options: None; " + FAST
)
SEED = ["1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½"]
COMMANDS = [
    ["dwz", *SEED, "--age", "40", "--date", "2026-09-01"],
    ["--lang", "de", "dwz", *SEED, "--age", "40", "--date", "2026-09-01", "--remaining",
     "1600,1700", "--target", "1560"],
    ["dwz", "1500", "1650:½", "1400:1", "--age", "40", "--date", "2026-09-01"],
    ["elo", "2000", "2200:½", "--games", "40", "--born", "1990"],
    ["--lang", "de", "elo", "2000", "2200:½", "1800:1", "2100:0", "--remaining", "2000",
     "--target", "2010"],
    ["dwz", "1500-5", "1650:x"],
]  # fmt: skip


@pytest.mark.parametrize(
    ("extra", "columns"),
    [
        ({"TERM": "xterm-256color", "COLUMNS": "100"}, 0),
        ({"TERM": "xterm", "COLORTERM": "truecolor"}, 64),  # the terminal's own size
        ({"TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "160"}, 0),
        ({"TERM": "dumb"}, 120),  # rich: 80 wide, no styles
    ],
    ids=["256", "truecolor-64", "no-color", "dumb"],
)
def test_the_calculators_in_a_terminal_write_what_rich_writes(
    extra: dict[str, str], columns: int
) -> None:
    environ = terminal_environ(**extra)
    for args in COMMANDS:
        mine = in_terminal(FAST, args, environ, columns)
        theirs = in_terminal(RICH, args, environ, columns)
        assert mine == theirs, args
        assert (b"\x1b[1" in mine) is (extra["TERM"] != "dumb"), args  # bold (red)

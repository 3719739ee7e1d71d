"""Plain text to a pipe (:mod:`wertung.cli._output`): the same words as rich shows, no
styles, tables as aligned columns; and the fast paths of :mod:`wertung.cli._text`."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console as RichConsole
from rich.text import Text

from wertung.cli._output import Console, new_table, plain_text
from wertung.cli._text import safe, strip_controls

#: The tags the renderers write.
TAGS = ("bold", "bold red", "yellow", "cyan", "dim")
TEXT = st.text(alphabet=st.characters(codec="utf-8"), max_size=40) | st.sampled_from(
    ["[link=http://x]x[/link]", "\\", "a\\", "[b]", "\\[b]", "[/]", "[1]", "x [y] z\\\\"]
)


@st.composite
def markup(draw: st.DrawFn) -> str:
    """A line as the renderers build it: our tags around user text made safe."""
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        text = safe(draw(TEXT))
        tag = draw(st.sampled_from((None, *TAGS)))
        parts.append(text if tag is None else f"[{tag}]{text}[/]")
    return " ".join(parts)


@given(markup())
def test_plain_text_is_what_rich_shows(line: str) -> None:
    assert plain_text(line) == Text.from_markup(line, emoji=False).plain


@given(st.text(max_size=60))
def test_strip_controls_fast_path_changes_nothing(text: str) -> None:
    controls = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
    assert strip_controls(text) == re.sub(controls, "\ufffd", text.replace("\t", " "))


def test_a_table_as_columns() -> None:
    table = new_table(title="[bold]Games[/]", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("name")
    table.add_column("c", justify="center")
    table.add_row("1", safe("[x] Meier"), "ja")
    table.add_row("10", "Li", "nein")
    assert list(table.plain_lines()) == [
        "Games",
        " #  name        c",
        " 1  [x] Meier   ja",
        "10  Li         nein",
    ]


def test_without_header_and_the_same_rows_in_rich(capsys) -> None:
    table = new_table(show_header=False)
    table.add_column("quantity")
    table.add_column("value", justify="right")
    table.add_row("W", "4½")
    table.add_row("We", "3.430")
    assert list(table.plain_lines()) == ["W      4½", "We  3.430"]
    rich = RichConsole(width=40, file=None, force_terminal=False, color_system=None)
    with rich.capture() as captured:
        rich.print(table.rich())
    assert "│ We │ 3.430 │" in captured.get()


def test_console_plain_and_rich(capsys) -> None:
    console = Console()
    console.plain = True
    console.print("[bold]New DWZ[/]", safe("[b] x"), highlight=False)
    assert capsys.readouterr().out == "New DWZ [b] x\n"
    assert console.width is None
    console.plain = False
    console._width = 30
    console.print("[bold]New DWZ[/]", highlight=False)
    assert capsys.readouterr().out == "New DWZ\n"  # rich, not a terminal: no styles
    assert console.width == 30

"""The command line's consoles and tables: rich in a terminal, plain text to a pipe or file.

In a terminal rich draws everything (``Console(emoji=False)``: ``:smile:`` in a name stays
text): tables with box lines, styles, lines wrapped at the terminal's width. Written to a
pipe or a file (``wertung dwz … | less``, ``> forecast.txt``, a script reading the output)
the command line writes plain text instead, and rich is not loaded at all (its console and
table cost about 35 ms of start-up, ``benchmarks/bench_cli.py``):

- a line of text as it is, without its styles and never wrapped;
- a table as its title, then the headers and rows in columns two spaces apart, each
  column as wide as its widest cell and aligned as in the terminal; no box lines, and
  every column (a terminal's width may leave some out, ``COLUMNS`` included).

``FORCE_COLOR`` or ``TTY_COMPATIBLE=1`` (rich's own switches) ask for rich's drawing in a
pipe too.

The renderers write the same thing for both: strings in rich's markup (``[bold]…[/]``,
user text escaped by :func:`._text.safe`) and :class:`Table` objects.

>>> table = new_table(title="Games", title_justify="left")
>>> table.add_column("#", justify="right"); table.add_column("result")
>>> table.add_row("1", "½"); table.add_row("10", "[bold]1[/]")
>>> print("\\n".join(table.plain_lines()))
Games
 #  result
 1  ½
10  1
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, Protocol, TextIO

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console as RichConsole
    from rich.table import Table as RichTable

__all__ = ["Console", "Printer", "Table", "new_table", "plain_text"]

Justify = Literal["left", "right", "center"]


class Printer(Protocol):
    """What the renderers print on: a :class:`Console` or a rich console (only ``print``)."""

    def print(self, *objects: Any, **options: Any) -> None: ...


# rich's markup: a tag is ``[`` + a letter, ``#``, ``/`` or ``@`` + anything up to ``]``;
# backslashes before it escape it (an odd number: the tag is text). Compiled on first use.
_TAG = r"(\\*)\[([a-z#/@][^[]*?)]"


def plain_text(markup: str) -> str:
    """The text a markup string shows, without its styles.

    >>> plain_text("[bold red]error:[/] player \\\\[b] Meier")
    'error: player [b] Meier'
    """

    def tag(match: re.Match[str]) -> str:
        backslashes, escaped = divmod(len(match[1]), 2)
        return "\\" * backslashes + (f"[{match[2]}]" if escaped else "")

    return re.sub(_TAG, tag, markup) if "[" in markup else markup


class _Column:
    __slots__ = ("header", "justify", "no_wrap")

    def __init__(self, header: str, justify: Justify, no_wrap: bool) -> None:
        self.header, self.justify, self.no_wrap = header, justify, no_wrap


class Table:
    """A table the renderers fill: drawn by rich in a terminal, as columns to a pipe.

    Only what the renderers use: a title (left or centred), headers shown or not,
    columns aligned left, right or centred, rows of markup strings.
    """

    __slots__ = ("columns", "rows", "show_header", "title", "title_justify")

    def __init__(
        self, title: str | None = None, *, title_justify: Justify = "center",
        show_header: bool = True,
    ) -> None:  # fmt: skip
        self.title, self.title_justify, self.show_header = title, title_justify, show_header
        self.columns: list[_Column] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(
        self, header: str = "", *, justify: Justify = "left", no_wrap: bool = False
    ) -> None:
        """A column (rich's ``Table.add_column`` for these options)."""
        self.columns.append(_Column(header, justify, no_wrap))

    def add_row(self, *cells: str) -> None:
        """A row, one markup string per column."""
        self.rows.append(cells)

    def rich(self) -> RichTable:
        """The same table as a ``rich.table.Table``."""
        # rich.table: ~9 ms of start-up (bench_cli.py), only for a terminal
        from rich.table import Table as RichTable

        table = RichTable(
            title=self.title, title_justify=self.title_justify, show_header=self.show_header
        )
        for column in self.columns:
            table.add_column(column.header, justify=column.justify, no_wrap=column.no_wrap)
        for row in self.rows:
            table.add_row(*row)
        return table

    def plain_lines(self) -> Iterator[str]:
        """The table as plain lines: the title, the headers, the rows (two spaces apart)."""
        if self.title:
            yield plain_text(self.title)
        rows = [[plain_text(cell) for cell in row] for row in self.rows]
        if self.show_header:
            rows.insert(0, [plain_text(column.header) for column in self.columns])
        widths = [max((len(row[i]) for row in rows if i < len(row)), default=0)
                  for i in range(len(self.columns))]  # fmt: skip
        for row in rows:
            cells = []
            for column, width, cell in zip(self.columns, widths, row, strict=False):
                if column.justify == "right":
                    cells.append(cell.rjust(width))
                elif column.justify == "center":
                    cells.append(cell.center(width))
                else:
                    cells.append(cell.ljust(width))
            yield "  ".join(cells).rstrip()


def new_table(
    title: str | None = None, *, title_justify: Justify = "center", show_header: bool = True
) -> Table:
    """A :class:`Table` (no rich import: that waits for a terminal)."""
    return Table(title=title, title_justify=title_justify, show_header=show_header)


def _rich_asked() -> bool:
    """``FORCE_COLOR`` (non-empty) or ``TTY_COMPATIBLE=1``: rich's drawing to a pipe too."""
    return bool(os.environ.get("FORCE_COLOR")) or os.environ.get("TTY_COMPATIBLE") == "1"


class Console:
    """Standard output (or error): a rich ``Console(emoji=False)`` for a terminal, made on
    first use, plain text otherwise.

    Its width is rich's ``Console._width``: ``COLUMNS`` when this console was made (at the
    command line's start), else None (rich then asks the terminal on every print). ``plain``
    None decides on every print (the stream may change, as under a test runner); True or
    False fixes it.
    """

    def __init__(self, *, stderr: bool = False) -> None:
        self.stderr = stderr
        columns = os.environ.get("COLUMNS")
        self._width = int(columns) if columns is not None and columns.isdigit() else None
        self._rich: RichConsole | None = None
        self.plain: bool | None = None

    def _stream(self) -> TextIO:
        return sys.stderr if self.stderr else sys.stdout

    def is_plain(self) -> bool:
        """Whether this console writes plain text now (not a terminal, rich not asked for)."""
        if self.plain is not None:
            return self.plain
        if _rich_asked():
            return False
        isatty = getattr(self._stream(), "isatty", None)
        try:
            return not (isatty is not None and isatty())
        except ValueError:  # a closed stream
            return True

    @property
    def width(self) -> int | None:
        """The width lines may take: the terminal's (rich's); to a pipe None (no limit:
        plain lines are never wrapped, a table keeps every column)."""
        if self.is_plain():
            return None
        return int(self.rich().width)

    def rich(self) -> RichConsole:
        """The rich console (made on first use)."""
        if self._rich is None:
            # rich.console: ~25 ms of start-up (bench_cli.py), only for a terminal
            from rich.console import Console as RichConsole

            self._rich = RichConsole(stderr=self.stderr, emoji=False)
        self._rich._width = self._width
        return self._rich

    def print(self, *objects: Any, markup: bool = True, **options: Any) -> None:
        """``rich.console.Console.print`` in a terminal; to a pipe each object's plain text
        (a :class:`Table` as :meth:`Table.plain_lines`), separated by spaces, on one line."""
        if not self.is_plain():
            drawn = [o.rich() if isinstance(o, Table) else o for o in objects]
            self.rich().print(*drawn, markup=markup, **options)
            return
        parts: list[str] = []
        for item in objects:
            if isinstance(item, Table):
                parts.append("\n".join(item.plain_lines()))
            else:
                parts.append(plain_text(str(item)) if markup else str(item))
        stream = self._stream()
        stream.write(" ".join(parts) + "\n")
        stream.flush()

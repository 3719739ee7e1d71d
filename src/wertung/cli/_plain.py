"""The calculators' output without importing rich when nobody sees its styles.

On a terminal (and whenever colours are forced) every line and table goes to rich, as
ever. When the output goes to a file or a pipe, rich drops every style and what remains
is plain text: lines wrapped at the console's width and tables in box characters. For
the simple text the calculators print (one line per cell, characters one cell wide,
wertung's own markup tags) :class:`Output` writes the same bytes itself, without the
~25 ms of importing ``rich.console`` and ``rich.table``; anything else goes to rich.
``tests/test_cli_plain.py`` compares both for many tables, texts and widths.

:class:`Table` records a table; rich draws it through ``__rich__`` (with the same
arguments), :func:`table_lines` draws it plainly.

>>> table = Table(title="Games", title_justify="left")
>>> table.add_column("#", justify="right"); table.add_column("result")
>>> table.add_row("1", "½")
>>> lines = table_lines(table, 80)
>>> lines[0]  # the title, as wide as the table
'Games         '
>>> print("\\n".join(lines[1:]))
┏━━━┳━━━━━━━━┓
┃ # ┃ result ┃
┡━━━╇━━━━━━━━┩
│ 1 │ ½      │
└───┴────────┘
"""

from __future__ import annotations

import builtins
import os
import re
import sys
from itertools import pairwise
from typing import Any

__all__ = ["Output", "Table", "table_lines", "text_lines"]

#: The markup tags wertung's own texts use (user text is escaped and so never plain here).
_TAGS = re.compile(r"\[(?:/|bold|dim|yellow|cyan|red|green|bold red)\]")
#: Characters one terminal cell wide with no special meaning for rich's markup or wrapping.
_SYMBOLS = "½¼¾·–—−→←⇒↑↓≤≥≠≈±×÷Σ∑√∞◀▶…„“”‘’‚€§°•"
_PLAIN = frozenset(
    [chr(c) for c in range(0x20, 0x7F) if chr(c) not in "[\\"]
    + [chr(c) for c in range(0xA1, 0x100) if c != 0xAD]
    + list(_SYMBOLS)
)
#: A word and the spaces after it (the text holds no other whitespace: see _PLAIN).
_WORD = re.compile(r" *[^ ]+ *")

# The box of rich's default table (HEAVY_HEAD) and of one without a header (SQUARE).
_HEAVY_HEAD = {
    "top": "┏━┳┓", "head": "┃┃┃", "head_row": "┡━╇┩", "mid": "│││", "foot": "│││",
    "bottom": "└─┴┘",
}  # fmt: skip
_SQUARE = {
    "top": "┌─┬┐", "head": "│││", "head_row": "├─┼┤", "mid": "│││", "foot": "│││",
    "bottom": "└─┴┘",
}  # fmt: skip


class NotPlain(Exception):
    """The text needs rich (a character, a tag or a layout the plain drawing does not know)."""


def plain(markup: str) -> str:
    """``markup`` as rich prints it without styles; :class:`NotPlain` unless it is simple."""
    text = _TAGS.sub("", markup) if "[" in markup else markup
    if not _PLAIN.issuperset(text):
        raise NotPlain(markup)
    return text


class Table:
    """A table as the calculators describe it: rich draws it (``__rich__``) or :func:`table_lines`."""

    def __init__(self, title: str | None = None, **options: Any) -> None:
        self.title = title
        self.options = options
        self.columns: list[tuple[str, dict[str, Any]]] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, header: str = "", **options: Any) -> None:
        self.columns.append((header, options))

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

    def __rich__(self) -> Any:
        from rich.table import Table as RichTable

        table = RichTable(title=self.title, **self.options)
        for header, options in self.columns:
            table.add_column(header, **options)
        for cells in self.rows:
            table.add_row(*cells)
        return table


def _divide(text: str, width: int, fold: bool) -> list[str]:
    """``text`` (one line) cut into lines of at most ``width`` cells at spaces (``fold``: and
    inside words longer than a line; else such a word is cut off later)."""
    cuts: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group()
        length = len(word.rstrip(" "))
        if width - offset >= length:
            offset += len(word)
        elif length > width and not fold:
            if start:
                cuts.append(start)
            offset = len(word)
        elif length > width:  # a word longer than a line: folded
            pieces = [word[i : i + width] for i in range(0, len(word), width)]
            for number, piece in enumerate(pieces, start=1):
                if start:
                    cuts.append(start)
                if number == len(pieces):
                    offset = len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            cuts.append(start)
            offset = len(word)
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in pairwise(bounds)]


def _cut(line: str, width: int, ellipsis: bool) -> str:
    if len(line) <= width:
        return line
    if len(line.rstrip(" ")) <= width:  # only spaces beyond the width: they go
        return line[:width]
    return line[: width - 1] + "…" if ellipsis else line[:width]


def text_lines(
    text: str,
    width: int,
    justify: str = "default",
    overflow: str = "fold",
    no_wrap: bool = False,
) -> list[str]:
    """Plain ``text`` wrapped at ``width`` as rich wraps it (``justify``, ``overflow`` as rich's:
    a word longer than a line is folded, or cut off with ``…``; ``no_wrap``: one line, cut
    as ``overflow`` says)."""
    if overflow not in ("fold", "ellipsis"):
        raise NotPlain(overflow)
    ellipsis = overflow == "ellipsis"
    if no_wrap and not ellipsis:
        raise NotPlain("no_wrap fold")
    out = []
    for line in [text] if no_wrap else _divide(text, width, fold=not ellipsis):
        if justify == "left":
            line = _cut(line, width, ellipsis).ljust(width)
        elif justify == "right":
            line = _cut(line.rstrip(" "), width, ellipsis).rjust(width)
        elif justify == "default":
            line = _cut(line, width, ellipsis)
        else:
            raise NotPlain(justify)
        out.append(line)
    return out


def _measure(text: str, width: int) -> tuple[int, int]:
    """rich's measurement of a padded cell (padding 1 left and right) at ``width``."""
    if width - 2 < 1:
        return width, width
    words = text.split()
    low, high = (max(map(len, words)) if words else len(text)), len(text)
    low = min(max(0, low), high)
    low, high = min(low, width), min(high, width)
    if high < 1:
        low = high = 0
    return min(low + 2, width), min(high + 2, width)


def _column_width(cells: list[str], width: int, empty: int) -> int:
    if width < 1:
        return empty
    measured = [_measure(cell, width) for cell in cells]
    high = min(max(high for _, high in measured), width)
    return high or empty


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """Take ``total`` from ``values`` in proportion to ``ratios`` (at most ``maximums``)."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return list(values)
    result = []
    for ratio, most, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            taken = min(most, round(ratio * total / total_ratio))
            result.append(value - taken)
            total -= taken
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _narrow(widths: list[int], room: int, wrapable: list[bool]) -> list[int]:
    """Narrow the widest columns that may wrap until the table fits ``room``, then all of
    them evenly (rich's order of narrowing; a ``no_wrap`` column only in the last step)."""
    excess = sum(widths) - room
    while any(wrapable) and sum(widths) and excess > 0:
        widest = max(w for w, wraps in zip(widths, wrapable, strict=True) if wraps)
        second = max(
            (w if wraps and w != widest else 0 for w, wraps in zip(widths, wrapable, strict=True)),
            default=0,
        )
        ratios = [1 if w == widest and wraps else 0 for w, wraps in zip(widths, wrapable, strict=True)]
        if not any(ratios) or not widest - second:
            break
        widths = _reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        excess = sum(widths) - room
    if sum(widths) > room:
        widths = _reduce(sum(widths) - room, [1] * len(widths), widths, widths)
    return widths


def table_lines(table: Table, width: int) -> list[str]:
    """The lines rich draws for ``table`` at console width ``width`` without styles."""
    extra = {"show_header", "title_justify"}
    if set(table.options) - extra or any(set(o) - {"justify", "no_wrap"} for _, o in table.columns):
        raise NotPlain("options")
    no_wrap = [bool(options.get("no_wrap", False)) for _, options in table.columns]
    if not table.columns or not table.rows or width < 10:
        raise NotPlain("layout")
    show_header = table.options.get("show_header", True)
    box = _HEAVY_HEAD if show_header else _SQUARE
    count = len(table.columns)
    justify = [options.get("justify", "left") for _, options in table.columns]
    if any(j not in ("left", "right") for j in justify):
        raise NotPlain("justify")
    rows = [[plain(cell) for cell in row] for row in table.rows]
    if any(len(row) != count for row in rows):
        raise NotPlain("row")
    if show_header:
        rows.insert(0, [plain(header) for header, _ in table.columns])
    columns = [[row[i] for row in rows] for i in range(count)]
    room = width - 2 - (count - 1)
    widths = [_column_width(cells, room, 1) for cells in columns]
    if sum(widths) > room:
        widths = _narrow(widths, room, [not flag for flag in no_wrap])
        widths = [_column_width(cells, w, 0) for cells, w in zip(columns, widths, strict=True)]
    if any(w < 3 for w in widths):
        raise NotPlain("narrow")
    table_width = sum(widths) + 2 + count - 1
    out = []
    if table.title:
        title_justify = table.options.get("title_justify", "center")
        if title_justify != "left":
            raise NotPlain("title")
        out += text_lines(plain(table.title), table_width, "left")

    def rule(chars: str) -> str:
        left, line, cross, right = chars
        return left + cross.join(line * w for w in widths) + right

    out.append(rule(box["top"]))
    for number, row in enumerate(rows):
        cells = [
            [" " + line + " " for line in text_lines(text, w - 2, just, "ellipsis", flat)]
            for text, w, just, flat in zip(row, widths, justify, no_wrap, strict=True)
        ]
        height = max(len(cell) for cell in cells)
        header = number == 0 and show_header
        for cell, w in zip(cells, widths, strict=True):
            blank = [" " * w] * (height - len(cell))
            cell[:] = blank + cell if header else cell + blank
        edge = box["head" if number == 0 else "foot" if number == len(rows) - 1 else "mid"]
        for line in range(height):
            out.append(edge[0] + edge[2].join(cell[line] for cell in cells) + edge[1])
        if header:
            out.append(rule(box["head_row"]))
    out.append(rule(box["bottom"]))
    return [line[:width] for line in out]


class Output:
    """Prints like a rich console; plainly (without importing rich) where it is the same."""

    def __init__(self, *, stderr: bool = False) -> None:
        self.stderr = stderr
        columns = os.environ.get("COLUMNS")
        #: As rich's ``Console._width``: COLUMNS when the console was made, else None.
        self._width = int(columns) if columns is not None and columns.isdigit() else None
        self._rich: Any = None

    @property
    def file(self) -> Any:
        return sys.stderr if self.stderr else sys.stdout

    def rich(self) -> Any:
        """The rich console behind this one (made on first use)."""
        if self._rich is None:
            from rich.console import Console

            # ":smile:" in a name stays text (and rich._emoji_codes unloaded)
            self._rich = Console(stderr=self.stderr, emoji=False)
        self._rich._width = self._width
        return self._rich

    def width(self) -> int | None:
        """The console's width as rich finds it; None when rich would style the output."""
        file = self.file
        if sys.platform == "win32" or file is None or hasattr(builtins, "get_ipython"):
            return None
        if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
            return None
        if "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
            return None
        try:
            if file.isatty():
                return None
        except (AttributeError, ValueError):
            return None
        if not (getattr(file, "encoding", "utf-8") or "utf-8").lower().startswith("utf"):
            return None
        if self._width is not None:
            return self._width
        width = None
        for descriptor in (0, 1, 2):
            try:
                width = os.get_terminal_size(descriptor)[0]
            except (AttributeError, ValueError, OSError):
                continue
            break
        columns = os.environ.get("COLUMNS")
        if columns is not None and columns.isdigit():
            width = int(columns)
        return width or 80

    def print(self, *objects: Any, **options: Any) -> None:
        """As ``rich.console.Console.print``."""
        text = self._plain(objects, options)
        if text is None:
            self.rich().print(*objects, **options)
            return
        file = self.file
        file.write(text)
        file.flush()

    def _plain(self, objects: tuple[Any, ...], options: dict[str, Any]) -> str | None:
        if len(objects) != 1 or set(options) - {"highlight"}:
            return None
        width = self.width()
        if width is None or width < 10:
            return None
        (item,) = objects
        try:
            if isinstance(item, Table):
                lines = table_lines(item, width)
            elif isinstance(item, str) and "\n" not in item:
                lines = text_lines(plain(item), width)
            else:
                return None
        except NotPlain:
            return None
        return "".join(line + "\n" for line in lines)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rich(), name)

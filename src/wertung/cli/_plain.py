"""The calculators' output without importing rich, byte for byte as rich prints it.

A rich console prints plain text to a file or a pipe, and on a terminal (or wherever
colours are forced) the same lines with ANSI styles: every piece of text that has a
style is written as ``ESC [ codes m`` + the text + ``ESC [0m`` (bold ``1``, dim ``2``,
italic ``3``, yellow ``33`` ...; a standard colour has the same code in every colour
system rich picks, and ``NO_COLOR`` drops the colours but keeps the attributes). For the
simple text the calculators print (one line per cell, characters one cell wide,
wertung's own markup tags) :class:`~._output.Output` writes those bytes itself, without the ~25 ms
of importing ``rich.console`` and ``rich.table``; anything else -- a wide character,
another style, highlighting, an environment whose meaning depends on rich's version --
goes to rich. ``tests/cli/test_cli_plain.py`` and ``tests/cli/test_cli_terminal.py`` compare
both for many tables, texts, widths and environments.

:class:`Table` records a table; rich draws it through ``__rich__`` (with the same
arguments), :func:`table_lines` draws it plainly, :func:`draw_table` with its styles
(:func:`draw_text` a line), and :func:`render` writes those as rich does.

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

On a terminal the title is italic, the header bold (each cell's padding on its own):

>>> render(draw_table(table, 80), colour=True).splitlines()[:3]  # doctest: +NORMALIZE_WHITESPACE
['\\x1b[3mGames         \\x1b[0m', '┏━━━┳━━━━━━━━┓',
 '┃\\x1b[1m \\x1b[0m\\x1b[1m#\\x1b[0m\\x1b[1m \\x1b[0m┃\\x1b[1m \\x1b[0m\\x1b[1mresult\\x1b[0m\\x1b[1m \\x1b[0m┃']
>>> render(draw_text("[bold red]error:[/] no", 80), colour=False)
'\\x1b[1merror:\\x1b[0m no\\n'
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

__all__ = ["NotPlain", "Table", "draw_table", "draw_text", "render", "table_lines", "text_lines"]

#: The markup tags wertung's own texts use (user text is escaped and so never plain here).
_TAGS = re.compile(r"\[(/|bold|dim|yellow|cyan|red|green|bold red)\]")
#: Characters one terminal cell wide with no special meaning for rich's markup or wrapping.
_SYMBOLS = "½¼¾·–—−→←⇒↑↓≤≥≠≈±×÷Σ∑√∞◀▶…„“”‘’‚€§°•"
_PLAIN = frozenset(
    [chr(c) for c in range(0x20, 0x7F) if chr(c) not in "[\\"]
    + [chr(c) for c in range(0xA1, 0x100) if c != 0xAD]
    + list(_SYMBOLS)
)
#: A word and the spaces after it (the text holds no other whitespace: see _PLAIN).
_WORD = re.compile(r" *[^ ]+ *")

#: The SGR parameters of the tags and of rich's default table styles (``table.header``
#: bold, ``table.title`` italic): attributes, colour. Rich writes a style's attributes in
#: this order, then its colour (a later one wins); the standard colours keep their codes
#: in the standard, 256 and truecolor systems.
_SGR: dict[str, tuple[tuple[str, ...], str]] = {
    "bold": (("1",), ""), "dim": (("2",), ""), "italic": (("3",), ""),
    "red": ((), "31"), "green": ((), "32"), "yellow": ((), "33"), "cyan": ((), "36"),
    "bold red": (("1",), "31"),
}  # fmt: skip
_HEADER = ("bold",)
_TITLE = ("italic",)

#: A piece of a line and the styles on it (outermost first); a line is a list of them.
Segment = tuple[str, tuple[str, ...]]
Line = list[Segment]
#: The spans of a parsed text: (start, end, tag), in rich's order.
Spans = list[tuple[int, int, str]]

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


def parse(markup: str) -> tuple[str, Spans]:
    """``markup``'s text and its tags as spans, as rich's markup parser finds them.

    :class:`NotPlain` unless the text is simple: a character outside ``_PLAIN``, a tag
    that is not wertung's, ``[/]`` with nothing open or an empty tag (rich would cut a
    styled piece there) go to rich.

    >>> parse("[bold]New DWZ[/] 1547 [dim]x")
    ('New DWZ 1547 x', [(0, 7, 'bold'), (13, 14, 'dim')])
    """
    if "[" not in markup:
        if not _PLAIN.issuperset(markup):
            raise NotPlain(markup)
        return markup, []
    parts: list[str] = []
    spans: Spans = []
    open_tags: list[tuple[int, str]] = []
    length = position = 0
    for match in _TAGS.finditer(markup):
        piece = markup[position : match.start()]
        parts.append(piece)
        length += len(piece)
        position = match.end()
        tag = match.group(1)
        if tag != "/":
            open_tags.append((length, tag))
            continue
        if not open_tags:
            raise NotPlain(markup)  # rich's MarkupError
        start, name = open_tags.pop()
        spans.append((start, length, name))
    parts.append(markup[position:])
    length += len(parts[-1])
    while open_tags:
        start, name = open_tags.pop()
        spans.append((start, length, name))
    text = "".join(parts)
    if not _PLAIN.issuperset(text) or any(start >= end for start, end, _ in spans):
        raise NotPlain(markup)
    spans.reverse()  # rich: in the order the tags close, reversed, then by their start
    spans.sort(key=lambda span: span[0])
    return text, spans


def plain(markup: str) -> str:
    """``markup`` as rich prints it without styles; :class:`NotPlain` unless it is simple."""
    return parse(markup)[0]


class Table:
    """A table as the calculators describe it: rich draws it (``__rich__``) or :func:`draw_table`."""

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


def _divide(text: str, width: int, fold: bool) -> list[tuple[int, int]]:
    """``text`` (one line) cut into lines of at most ``width`` cells at spaces (``fold``: and
    inside words longer than a line; else such a word is cut off later): (start, end)."""
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
    return list(pairwise([0, *cuts, len(text)]))


#: One line of a wrapped text: ``lead`` spaces, ``text[start:stop]``, ``…`` when ``cut``
#: (in place of ``text[stop]``, whose styles it keeps), ``trail`` spaces.
Piece = tuple[int, int, bool, int, int]


def _pieces(
    text: str,
    width: int,
    justify: str = "default",
    overflow: str = "fold",
    no_wrap: bool = False,
) -> list[Piece]:
    """The lines of ``text`` wrapped at ``width`` as rich wraps them: every one a part of the
    text (a prefix of the part rich's wrapping finds, cut at ``width``), padded as
    ``justify`` says."""
    if overflow not in ("fold", "ellipsis"):
        raise NotPlain(overflow)
    ellipsis = overflow == "ellipsis"
    if no_wrap and not ellipsis:
        raise NotPlain("no_wrap fold")
    if justify not in ("left", "right", "default"):
        raise NotPlain(justify)
    out = []
    for start, stop in [(0, len(text))] if no_wrap else _divide(text, width, fold=not ellipsis):
        if justify == "right":  # rich strips the line's spaces first
            stop = start + len(text[start:stop].rstrip(" "))
        cut = False
        if stop - start > width:
            # wrapped, only spaces beyond the width: they go (unwrapped, a line is cut off
            # as it is); else folded or cut off with "…"
            if ellipsis and (no_wrap or len(text[start:stop].rstrip(" ")) > width):
                stop, cut = start + width - 1, True
            else:
                stop = start + width
        room = width - (stop - start + cut)
        out.append((start, stop, cut, room if justify == "right" else 0,
                    room if justify == "left" else 0))  # fmt: skip
    return out


def _show(text: str, piece: Piece) -> str:
    start, stop, cut, lead, trail = piece
    return " " * lead + text[start:stop] + ("…" if cut else "") + " " * trail


def _styled(text: str, spans: Spans, piece: Piece, outer: tuple[str, ...] = ()) -> Line:
    """One line of a text as rich renders it: a segment between any two span edges (even
    where the style does not change), every one with ``outer`` and the spans over it."""
    shown = _show(text, piece)
    start, stop, cut, lead, _trail = piece
    end = stop + cut
    local = [
        (max(first, start) - start + lead, min(last, end) - start + lead, name)
        for first, last, name in spans
        if min(last, end) > max(first, start)
    ]
    if not local:
        return [(shown, outer)]
    edges = sorted({0, len(shown), *(a for a, _, _ in local), *(b for _, b, _ in local)})
    return [
        (shown[a:b], outer + tuple(name for first, last, name in local if first <= a < last))
        for a, b in pairwise(edges)
    ]


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
    return [_show(text, piece) for piece in _pieces(text, width, justify, overflow, no_wrap)]


def draw_text(markup: str, width: int, soft_wrap: bool = False) -> list[Line]:
    """The lines ``Console.print(markup, highlight=False)`` prints at width ``width``
    (``soft_wrap``: one line, neither wrapped nor cut, as rich's ``soft_wrap=True``)."""
    text, spans = parse(markup)
    if soft_wrap:
        return [_styled(text, spans, (0, len(text), False, 0, 0))]
    return [_styled(text, spans, piece) for piece in _pieces(text, width)]


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


def _crop(line: Line, width: int) -> Line:
    """``line`` cut at ``width`` cells (as rich crops a printed line: the segment at the cut
    is shortened, the rest dropped)."""
    if sum(len(text) for text, _ in line) <= width:
        return line
    out: Line = []
    used = 0
    for text, style in line:
        if used + len(text) < width:
            out.append((text, style))
            used += len(text)
        else:
            out.append((text[: width - used], style))
            break
    return out


def draw_table(table: Table, width: int) -> list[Line]:
    """The lines rich draws for ``table`` at console width ``width``, with their styles.

    Rich's default table: a bold header (its padding a segment of its own), an italic
    title, borders and body cells without a style; a header's blank lines above its text,
    a cell's below.
    """
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
    rows = [[parse(cell) for cell in row] for row in table.rows]
    if any(len(row) != count for row in rows):
        raise NotPlain("row")
    if show_header:
        rows.insert(0, [parse(header) for header, _ in table.columns])
    columns = [[row[i][0] for row in rows] for i in range(count)]
    room = width - 2 - (count - 1)
    widths = [_column_width(cells, room, 1) for cells in columns]
    if sum(widths) > room:
        widths = _narrow(widths, room, [not flag for flag in no_wrap])
        widths = [_column_width(cells, w, 0) for cells, w in zip(columns, widths, strict=True)]
    if any(w < 3 for w in widths):
        raise NotPlain("narrow")
    table_width = sum(widths) + 2 + count - 1
    out: list[Line] = []
    if table.title:
        title_justify = table.options.get("title_justify", "center")
        if title_justify != "left":
            raise NotPlain("title")
        text, spans = parse(table.title)
        out += [_styled(text, spans, piece, _TITLE) for piece in _pieces(text, table_width, "left")]

    def rule(chars: str) -> Line:
        left, line, cross, right = chars
        return [(left + cross.join(line * w for w in widths) + right, ())]

    out.append(rule(box["top"]))
    for number, row in enumerate(rows):
        header = number == 0 and show_header
        style = _HEADER if header else ()
        pad = (" ", style)
        cells = [
            [
                [pad, *_styled(text, spans, piece, style), pad]
                for piece in _pieces(text, w - 2, just, "ellipsis", flat)
            ]
            for (text, spans), w, just, flat in zip(row, widths, justify, no_wrap, strict=True)
        ]
        height = max(len(cell) for cell in cells)
        for cell, w in zip(cells, widths, strict=True):
            blank = [[(" " * w, style)]] * (height - len(cell))
            cell[:] = blank + cell if header else cell + blank
        edge = box["head" if number == 0 else "foot" if number == len(rows) - 1 else "mid"]
        for line in range(height):
            drawn: Line = [(edge[0], ())]
            for column, cell in enumerate(cells):
                if column:
                    drawn.append((edge[2], ()))
                drawn += cell[line]
            drawn.append((edge[1], ()))
            out.append(drawn)
        if header:
            out.append(rule(box["head_row"]))
    out.append(rule(box["bottom"]))
    return [_crop(line, width) for line in out]


def table_lines(table: Table, width: int) -> list[str]:
    """The lines rich draws for ``table`` at console width ``width`` without styles."""
    return ["".join(text for text, _ in line) for line in draw_table(table, width)]


_CODES: dict[tuple[tuple[str, ...], bool], str] = {}


def _codes(styles: tuple[str, ...], colour: bool) -> str:
    """The SGR parameters rich writes for ``styles`` combined (``colour``: with the colour)."""
    key = (styles, colour)
    found = _CODES.get(key)
    if found is None:
        attributes = {code for style in styles for code in _SGR[style][0]}
        colours = [_SGR[style][1] for style in styles if _SGR[style][1]]
        codes = sorted(attributes, key=int) + (colours[-1:] if colour else [])
        found = _CODES[key] = ";".join(codes)
    return found


def render(lines: list[Line], colour: bool | None) -> str:
    """``lines`` as rich writes them, each ended by a newline: plain (``colour`` None), or
    each styled segment as ``ESC[codes m``, text, ``ESC[0m`` (``colour`` False: NO_COLOR,
    attributes only)."""
    if colour is None:
        return "".join("".join(text for text, _ in line) + "\n" for line in lines)
    out = []
    for line in lines:
        for text, styles in line:
            codes = _codes(styles, colour) if styles and text else ""
            out.append(f"\x1b[{codes}m{text}\x1b[0m" if codes else text)
        out.append("\n")
    return "".join(out)

"""The British 2026 crosstable as it stood during a round, derived from the real pages.

No crosstable of the British Championship saved *during* a round is available: the
real one (``mjl_british2026_champ_crosstable.html``) was saved after round 7. The
real mid-round pairings pages (``…_r6_midround``, ``…_r7_midround``) say which games
of that round had no result yet. :func:`crosstable_during` turns the real crosstable
into the page chess-results showed at that moment: the round columns after the round
removed, the round's cells of the games still running shown as opponent and colour
without result (as chess-results shows a pairing not yet played), the TB1 totals
(the points) recomputed from the cells kept, and the navigation "Rd.7/9" set to the
round. It uses plain regular expressions, not the parser under test.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

DATA = Path(__file__).parents[1] / "data" / "chess-results"
CROSSTABLE = DATA / "mjl_british2026_champ_crosstable.html"
MIDROUND = {6: DATA / "mjl_british2026_champ_r6_midround.html",
            7: DATA / "mjl_british2026_champ_r7_midround.html"}  # fmt: skip
EARLIER = {r: DATA / f"mjl_british2026_champ_r{r}.html" for r in (2, 3, 4, 5)} | {
    6: DATA / "mjl_british2026_champ_r6_finished.html"
}

_ROW = re.compile(r"<tr[^>]*>.*?</tr>", re.S)
_CELL = re.compile(r"<t[dh][^>]*>.*?</t[dh]>", re.S)
_SNR = re.compile(r"snr=(\d+)")
_TEXT = re.compile(r"<[^>]+>")


def _text(cell: str) -> str:
    return _TEXT.sub("", cell).replace("&frac12;", "½").replace("&nbsp;", " ").strip()


def open_boards(midround: Path) -> set[frozenset[int]]:
    """The start numbers of the boards without result on a real pairings page."""
    html = midround.read_text(encoding="utf-8")
    table = html[html.index('class="CRs1"') :]
    found: set[frozenset[int]] = set()
    header: list[str] | None = None
    for row in _ROW.findall(table):
        cells = _CELL.findall(row)
        texts = [_text(c) for c in cells]
        if "Result" in texts:
            header = texts
            continue
        if header is None or len(cells) < len(header):
            continue
        result = header.index("Result")
        numbers = [int(m) for c in cells for m in _SNR.findall(c)]
        if not texts[result] and len(numbers) == 2:
            found.add(frozenset(numbers))
    return found


def _points(cell: str) -> Fraction:
    text = cell.replace(" ", "")
    symbol = text[-1:] if text else ""
    return {"1": Fraction(1), "½": Fraction(1, 2), "+": Fraction(1)}.get(symbol, Fraction(0))


def crosstable_during(round_no: int) -> str:
    """The crosstable's HTML during ``round_no`` (6 or 7), see the module docstring."""
    html = CROSSTABLE.read_text(encoding="utf-8")
    running = open_boards(MIDROUND[round_no])
    start = html.index('class="CRs1"')
    end = html.index("</table>", start)
    head, table, tail = html[:start], html[start:end], html[end:]
    rows = _ROW.findall(table)
    labels = [_text(c) for c in _CELL.findall(rows[0])]
    round_columns = {i: int(t.split(".")[0]) for i, t in enumerate(labels) if t.endswith(".Rd")}
    number_column = labels.index("No.")
    points_column = labels.index("TB1")
    changed: list[tuple[str, str]] = []
    for index, row in enumerate(rows):
        cells = _CELL.findall(row)
        number = _text(cells[number_column])
        kept: list[str] = []
        total = Fraction(0)
        for column, cell in enumerate(cells):
            round_of = round_columns.get(column)
            if round_of is not None and round_of > round_no:
                continue
            if index and round_of is not None:
                text = _text(cell)
                match = re.fullmatch(r"(\d+)([wb])(.)", text.replace(" ", ""))
                if (
                    round_of == round_no
                    and match
                    and frozenset((int(number), int(match[1]))) in running
                ):
                    cell = re.sub(r"(\d+[wb])(&frac12;|[10+\-])", r"\1", cell)
                else:
                    total += _points(text)
            kept.append(cell)
        if index:
            shown = str(int(total)) if total.denominator == 1 else f"{int(total)},5"
            position = points_column - (len(cells) - len(kept))
            kept[position] = re.sub(r">[^<]*<", f">{shown}<", kept[position], count=1)
        changed.append((row, row[: row.index(cells[0])] + "".join(kept) + "</tr>"))
    for old, new in changed:
        table = table.replace(old, new, 1)
    head = head.replace("Rd.7/9", f"Rd.{round_no}/9")
    tail = tail.replace("Rd.7/9", f"Rd.{round_no}/9")
    return head + table + tail

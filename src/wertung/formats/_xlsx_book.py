"""Reading an ``.xlsx`` workbook with bounded work (the cells, not their meaning).

A spreadsheet is a zip archive of XML parts; a file of a megabyte can declare a
cell of gigabytes, millions of shared strings or sheets of 16,384 columns.
Before openpyxl sees the file, :func:`sheets`

1. checks the zip archive (:func:`~wertung.formats._zipguard.check_zip`, the guard the
   DSB list's reader uses too): the file's size, the member count, each part's and the
   total unpacked size, the compression ratio, encryption and compression method;
2. streams every XML part once (decompression and a byte scan, no parsing) and
   refuses document type declarations (entity expansion), parts that are not
   UTF-8, more shared strings than ``max_shared_strings`` (counted, and the
   ``uniqueCount`` attribute checked as well) and more cells than ``max_cells``
   in a sheet (``max_book_cells`` in all);
3. opens the workbook read-only and, sheet by sheet, reads at most ``max_rows``
   rows of at most ``max_columns`` cells, each text at most ``max_cell_text``
   characters.

:func:`sheets` yields one sheet at a time, so the caller stops reading at the
first sheet that holds what it looks for; at most ``max_sheets`` are inspected.
The defaults (:data:`LIMITS`) are well above the largest real exports (a
2,000-player crosstable of 15 rounds: a sheet part of 3 MiB with 56,000 cells;
a test reads one).
"""

from __future__ import annotations

import io
import re
import warnings
import zipfile
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from wertung.formats._zipguard import MiB, ZipLimits, check_zip, iter_member
from wertung.kernel.errors import FormatError, WertungError, inner

__all__ = ["LIMITS", "BookLimits", "Sheet", "sheets"]

#: Unpacked size of one worksheet part (a 2,000-player, 15-round crosstable: 3 MiB
#: with its texts in the sheet, under 2 MiB with shared strings as chess-results writes).
MAX_SHEET_PART = 16 * MiB
#: Unpacked size of the shared-strings part (2,000 players: under 1 MiB).
MAX_STRINGS_PART = 8 * MiB
#: Unpacked size of any other part (styles, workbook, themes, pictures ...; real: 25 KiB).
MAX_OTHER_PART = 4 * MiB
MAX_TOTAL = 48 * MiB
MAX_MEMBERS = 200
#: Parts above 1 MiB may unpack to at most this many times their packed size
#: (real exports: below 15).
MAX_RATIO = 100
#: Shared strings (2,000 players, 15 rounds: about 35,000).
MAX_SHARED_STRINGS = 200_000
MAX_SHEETS = 10
#: Rows and columns read per sheet (2,000 players: 2,030 rows, 30 columns).
MAX_ROWS = 10_000
MAX_COLUMNS = 400
#: Cells per sheet and in the whole workbook (2,000 players, 15 rounds: 56,000); openpyxl
#: parses some 50,000 cells a second, so these bound the time as well.
MAX_CELLS = 200_000
MAX_BOOK_CELLS = 250_000
#: Characters in one cell (the longest real ones, header lines: under 200).
MAX_CELL_TEXT = 10_000

#: The .xlsx file itself (the web upload limit is 2 MiB; a 2,000-player export: 0.4 MiB).
MAX_FILE_SIZE = 32 * MiB

WHAT = "the workbook"


def _zip_limits(
    sheet: int = MAX_SHEET_PART, strings: int = MAX_STRINGS_PART, other: int = MAX_OTHER_PART
) -> ZipLimits:
    return ZipLimits(
        max_members=MAX_MEMBERS,
        max_member_size=other,
        max_total_size=MAX_TOTAL,
        max_ratio=MAX_RATIO,
        member_sizes=(("xl/worksheets/*.xml", sheet), ("xl/sharedStrings.xml", strings)),
        max_archive_size=MAX_FILE_SIZE,
    )


@dataclass(frozen=True, slots=True)
class BookLimits:
    """Every bound on reading a workbook (see the module text); tests lower them."""

    zip: ZipLimits = field(default_factory=_zip_limits)
    max_file_size: int = MAX_FILE_SIZE
    max_shared_strings: int = MAX_SHARED_STRINGS
    max_sheets: int = MAX_SHEETS
    max_rows: int = MAX_ROWS
    max_columns: int = MAX_COLUMNS
    max_cells: int = MAX_CELLS
    max_book_cells: int = MAX_BOOK_CELLS
    max_cell_text: int = MAX_CELL_TEXT


LIMITS = BookLimits()


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet: its name and its rows as (row number, cells without trailing blanks)."""

    title: str
    rows: list[tuple[int, list[Any]]]


# --------------------------------------------------------------------------- streaming scans

_DOCTYPE = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_SI = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,20}:)?si[\s>/]")
_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,20}:)?c[\s>/]")
_COUNT = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,20}:)?sst\b[^>]*?\buniqueCount\s*=\s*[\"'](\d+)")
_TAIL = 48


def _scan(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    limit: int,
    tag: re.Pattern[bytes] | None = None,
    max_tags: int = 0,
    what_tags: str = "",
) -> tuple[bytes, int]:
    """Stream one XML part: refuse DTDs and non-UTF-8; count ``tag`` (at most ``max_tags``).

    Returns the part's first bytes and the count.
    """
    name = info.filename
    head = b""
    tail = b""
    count = 0
    for chunk in iter_member(archive, info, limit, what=WHAT):
        if not head:
            head = chunk[:4096]
            if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[1:2] == b"\x00":
                raise FormatError(
                    f"{WHAT}'s {name} is not UTF-8 XML",
                    code="xlsx.not_utf8",
                    params={"name": name},
                    field="file",
                )
        buffer = tail + chunk
        if _DOCTYPE.search(buffer):
            raise FormatError(
                f"{WHAT}'s {name} declares a document type (entities); Excel never writes one",
                code="xlsx.doctype",
                params={"name": name},
                field="file",
            )
        if tag is not None:
            count += len(tag.findall(buffer)) - len(tag.findall(tail))  # tail: counted before
            if count > max_tags:
                raise FormatError(
                    f"{WHAT}'s {name} has more than {max_tags:,} {what_tags} (the limit)",
                    code="xlsx.too_many_tags",
                    params={"name": name, "limit": max_tags, "what": str(what_tags)},
                    field="file",
                )
        tail = buffer[-_TAIL:]
    return head, count


def _check_parts(archive: zipfile.ZipFile, limits: BookLimits) -> None:
    """Stream every XML part once (no XML parsing): what openpyxl parses must be bounded.

    Worksheets are included: openpyxl parses a whole sheet on opening when the
    sheet does not state its dimensions.
    """
    book_cells = 0
    for info in archive.infolist():
        name = info.filename
        if not name.endswith((".xml", ".rels")):
            continue
        limit = limits.zip.member_limit(name)
        if name == "xl/sharedStrings.xml":
            head, _ = _scan(archive, info, limit, _SI, limits.max_shared_strings, "shared strings")
            declared = _COUNT.search(head)
            if declared and int(declared.group(1)) > limits.max_shared_strings:
                raise FormatError(
                    f"{WHAT}'s {name} declares {int(declared.group(1)):,} shared strings; "
                    f"the limit is {limits.max_shared_strings:,}",
                    code="xlsx.shared_strings",
                    params={
                        "name": name,
                        "count": int(declared.group(1)),
                        "limit": limits.max_shared_strings,
                    },
                    field="file",
                )
        elif name.startswith("xl/worksheets/"):
            _, cells = _scan(archive, info, limit, _CELL, limits.max_cells, "cells")
            book_cells += cells
            if book_cells > limits.max_book_cells:
                raise FormatError(
                    f"{WHAT} has more than {limits.max_book_cells:,} cells (the limit) "
                    f"by its {name}",
                    code="xlsx.too_many_cells",
                    params={"limit": limits.max_book_cells, "name": name},
                    field="file",
                )
        else:
            _scan(archive, info, limit)


# --------------------------------------------------------------------------- reading


def _damaged(exc: Exception) -> FormatError:
    # Only the detail is shortened: the message keeps its closing parenthesis, so that the
    # catalogue still knows it (a message cut in the middle would stay English).
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return FormatError(
        f"the Excel file is damaged or not a workbook ({detail[:240]})",
        code="xlsx.damaged",
        params={"detail": inner(detail[:240])},
        field="file",
    )


def sheets(data: bytes, limits: BookLimits = LIMITS) -> Generator[Sheet, None, None]:
    """The workbook's sheets one at a time, each read within ``limits``.

    Raises :class:`~wertung.kernel.errors.FormatError` for anything that is not a
    workbook or exceeds a limit (saying which part, how big and the limit).
    """
    if not data.startswith(b"PK"):
        raise FormatError(
            "not an Excel file (.xlsx): it is not a zip archive", code="xlsx.not_zip", field="file"
        )
    archive = check_zip(data, limits.zip, what=WHAT)
    try:
        with archive:
            _check_parts(archive, limits)
        import openpyxl

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about styles and odd specs
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except WertungError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile) as exc:
        raise FormatError(
            f"not an Excel file (.xlsx): {exc}",
            code="xlsx.not_excel",
            params={"detail": inner(exc)},
            field="file",
        ) from None
    except Exception as exc:  # openpyxl raises many kinds on damaged files
        raise _damaged(exc) from None
    try:
        for number, sheet in enumerate(book.worksheets):
            if number >= limits.max_sheets:
                return
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    rows = _read_sheet(sheet, limits)
                yield rows
            except WertungError:
                raise
            except Exception as exc:
                raise _damaged(exc) from None
    finally:
        book.close()


def _trim(row: tuple[Any, ...]) -> list[Any]:
    """The row without its trailing empty cells (openpyxl pads every row to ``max_col``).

    An all-empty suffix stays all-empty when shortened, so the longest one is found
    by bisection with C-speed counts.
    """
    low, high = 0, len(row)  # the longest all-None suffix has a length in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if row[len(row) - middle :].count(None) == middle:
            low = middle
        else:
            high = middle - 1
    return list(row[: len(row) - low])


def _read_sheet(sheet: Any, limits: BookLimits) -> Sheet:
    title = str(getattr(sheet, "title", ""))
    if not hasattr(sheet, "iter_rows"):  # a chart sheet
        return Sheet(title, [])
    rows: list[tuple[int, list[Any]]] = []
    # max_col/max_row bound openpyxl's padding: it fills every row up to the
    # sheet's declared width (16,384 columns in a bomb) and every gap in rows.
    for number, row in enumerate(
        sheet.iter_rows(max_row=limits.max_rows + 1, max_col=limits.max_columns, values_only=True),
        start=1,
    ):
        cells = _trim(row)
        if number > limits.max_rows:
            if cells:
                raise FormatError(
                    f"sheet {title!r} has more than {limits.max_rows:,} rows (the limit)", code="xlsx.too_many_rows", params={"title": repr(title), "limit": limits.max_rows},
                    field="xlsx", line=number,
                )  # fmt: skip
            break
        for column, value in enumerate(cells, start=1):
            if isinstance(value, str) and len(value) > limits.max_cell_text:
                raise FormatError(
                    f"sheet {title!r}, row {number}, column {column}: a cell of "
                    f"{len(value):,} characters; the limit is {limits.max_cell_text:,}", code="xlsx.cell_too_long", params={"title": repr(title), "row": number, "column": str(column), "length": len(value), "limit": limits.max_cell_text},
                    field="xlsx", line=number,
                )  # fmt: skip
        rows.append((number, cells))
    return Sheet(title, rows)

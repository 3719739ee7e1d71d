"""Spreadsheet bombs (issue 8), built in the test itself with a minimal .xlsx writer that
streams its parts.

Each builder takes the size of its bomb: the tests build small ones (just over the limits,
or over limits lowered through ``xlsx.read(limits=...)``); ``python tests/formats/test_xlsx_bombs.py``
builds the full-size ones of the issue and measures reading them.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
import time
import tracemalloc
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

from wertung.formats import xlsx as reader
from wertung.formats._xlsx_book import LIMITS, BookLimits
from wertung.formats._zipguard import MiB, ZipLimits
from wertung.kernel.errors import FormatError

NS = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
RNS = b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
Part = bytes | Iterable[bytes]


def _content_types(sheets: int, shared: bool) -> bytes:
    parts = [
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        b'<Default Extension="xml" ContentType="application/xml"/>'
        b'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    ]
    for k in range(1, sheets + 1):
        parts.append(
            b'<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            % k
        )
    if shared:
        parts.append(
            b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        )
    parts.append(b"</Types>")
    return b"".join(parts)


def _workbook(sheets: int) -> bytes:
    names = b"".join(
        b'<sheet name="Sheet%d" sheetId="%d" r:id="rId%d"/>' % (k, k, k)
        for k in range(1, sheets + 1)
    )
    return (
        b'<?xml version="1.0" encoding="UTF-8"?><workbook %s %s><sheets>%s</sheets></workbook>'
        % (
            NS,
            RNS,
            names,
        )
    )


def _workbook_rels(sheets: int, shared: bool) -> bytes:
    rels = [
        b'<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>'
        % (k, k)
        for k in range(1, sheets + 1)
    ]
    if shared:
        rels.append(
            b'<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
            % (sheets + 1)
        )
    return (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + b"".join(rels)
        + b"</Relationships>"
    )


ROOT_RELS = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
    b"</Relationships>"
)


def _write(archive: zipfile.ZipFile, name: str, part: Part) -> None:
    with archive.open(name, "w", force_zip64=True) as out:
        if isinstance(part, bytes):
            out.write(part)
        else:
            for chunk in part:
                out.write(chunk)


def xlsx(
    sheets: list[Part],
    shared: Part | None = None,
    extra: dict[str, Part] | None = None,
    level: int = 1,
) -> bytes:
    """A workbook of the given sheet parts (whole XML documents, or chunks of one)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as archive:
        _write(archive, "[Content_Types].xml", _content_types(len(sheets), shared is not None))
        _write(archive, "_rels/.rels", ROOT_RELS)
        _write(archive, "xl/workbook.xml", _workbook(len(sheets)))
        _write(
            archive, "xl/_rels/workbook.xml.rels", _workbook_rels(len(sheets), shared is not None)
        )
        if shared is not None:
            _write(archive, "xl/sharedStrings.xml", shared)
        for k, sheet in enumerate(sheets, start=1):
            _write(archive, f"xl/worksheets/sheet{k}.xml", sheet)
        for name, part in (extra or {}).items():
            _write(archive, name, part)
    return buffer.getvalue()


def sheet(rows: Iterable[bytes], dimension: bytes | None = None) -> Iterator[bytes]:
    """A worksheet part from its ``<row>`` elements (streamed)."""
    yield b'<?xml version="1.0" encoding="UTF-8"?><worksheet %s>' % NS
    if dimension:
        yield b'<dimension ref="%s"/>' % dimension
    yield b"<sheetData>"
    yield from rows
    yield b"</sheetData></worksheet>"


def inline(ref: str, value: str) -> bytes:
    text = value.replace("&", "&amp;").replace("<", "&lt;").encode()
    return b'<c r="%s" t="inlineStr"><is><t>%s</t></is></c>' % (ref.encode(), text)


def number(ref: str, value: float) -> bytes:
    return b'<c r="%s"><v>%s</v></c>' % (ref.encode(), str(value).encode())


def row(r: int, cells: Iterable[bytes]) -> bytes:
    return b'<row r="%d">%s</row>' % (r, b"".join(cells))


def crosstable_rows(start: int = 1) -> list[bytes]:
    """A small Swiss crosstable (two players, one game) as rows."""
    return [
        row(start, [inline(f"A{start}", "An event")]),
        row(
            start + 1,
            [
                inline(f"{c}{start + 1}", v)
                for c, v in zip("ABCD", ("No.", "Name", "1.Rd", "Pts."), strict=True)
            ],
        ),
        row(
            start + 2,
            [
                number(f"A{start + 2}", 1),
                inline(f"B{start + 2}", "Alpha"),
                inline(f"C{start + 2}", "2w1"),
                number(f"D{start + 2}", 1),
            ],
        ),
        row(
            start + 3,
            [
                number(f"A{start + 3}", 2),
                inline(f"B{start + 3}", "Beta"),
                inline(f"C{start + 3}", "1b0"),
                number(f"D{start + 3}", 0),
            ],
        ),
    ]


# --------------------------------------------------------------------------- the bombs


def huge_cell(size: int) -> bytes:
    """One inline-string cell of ``size`` characters (issue 8: 1.5 GB in 1.53 MB)."""

    def rows() -> Iterator[bytes]:
        yield b'<row r="1"><c r="A1" t="inlineStr"><is><t>'
        block = b"a" * (1 << 20)
        left = size
        while left > 0:
            yield block[: min(left, len(block))]
            left -= len(block)
        yield b"</t></is></c></row>"

    return xlsx([sheet(rows())])


def shared_strings(count: int, declared: int | None = None) -> bytes:
    """``count`` shared strings (``declared`` in the count attributes; issue 8: 40 million)."""
    stated = count if declared is None else declared

    def part() -> Iterator[bytes]:
        yield b'<?xml version="1.0" encoding="UTF-8"?><sst %s count="%d" uniqueCount="%d">' % (
            NS,
            stated,
            stated,
        )
        block = b"<si><t>a</t></si>" * 10_000
        left = count
        while left >= 10_000:
            yield block
            left -= 10_000
        yield b"<si><t>a</t></si>" * left
        yield b"</sst>"

    cells = [row(1, [b'<c r="A1" t="s"><v>0</v></c>'])]
    return xlsx([sheet(cells)], shared=part())


def wide_sheets(sheets: int, rows: int, crosstable_first: bool = False) -> bytes:
    """``sheets`` sheets declaring 16,384 columns and ``rows`` rows with a cell in A and XFD
    (issue 8: 20 sheets in 1.99 MB)."""

    def wide() -> Iterator[bytes]:
        return sheet(
            (row(r, [number(f"A{r}", r), number(f"XFD{r}", r)]) for r in range(1, rows + 1)),
            dimension=b"A1:XFD%d" % rows,
        )

    parts: list[Part] = [wide() for _ in range(sheets)]
    if crosstable_first:
        parts[0] = sheet(crosstable_rows())
    return xlsx(parts)


def lying_size(size: int, declared: int = 1000) -> bytes:
    """A sheet part of ``size`` bytes whose zip entry declares only ``declared``."""
    data = xlsx([sheet([row(1, [inline("A1", "a" * size)])])])
    buffer = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo("xl/worksheets/sheet1.xml")
    # the uncompressed size is in the local header (offset 22) and the central directory
    # (offset 24 of its record); force_zip64 puts the real sizes in a zip64 extra field
    marker = b"PK\x01\x02"
    position = buffer.find(marker)
    while position >= 0:
        name_length = int.from_bytes(buffer[position + 28 : position + 30], "little")
        name = bytes(buffer[position + 46 : position + 46 + name_length])
        if name == info.filename.encode():
            buffer[position + 24 : position + 28] = declared.to_bytes(4, "little")
            extra_at = position + 46 + name_length
            extra_length = int.from_bytes(buffer[position + 30 : position + 32], "little")
            extra = buffer[extra_at : extra_at + extra_length]
            if extra[:2] == b"\x01\x00":  # zip64: uncompressed size first
                buffer[extra_at + 4 : extra_at + 12] = declared.to_bytes(8, "little")
        position = buffer.find(marker, position + 4)
    return bytes(buffer)


def many_members(count: int) -> bytes:
    return xlsx(
        [sheet(crosstable_rows())], extra={f"xl/media/m{k}.xml": b"<a/>" for k in range(count)}
    )


def packed_tight(size: int) -> bytes:
    """A styles part of ``size`` bytes of blanks: it packs about 1,000 to 1."""
    return xlsx(
        [sheet(crosstable_rows())],
        extra={"xl/styles.xml": [b"<styleSheet " + NS + b">", b" " * size, b"</styleSheet>"]},
        level=9,
    )


def many_cells(count: int) -> bytes:
    return xlsx([sheet(row(r, [b'<c r="A%d"/>' % r]) for r in range(1, count + 1))])


def many_rows(count: int) -> bytes:
    rows = crosstable_rows()
    return xlsx([sheet([*rows, *(row(r, [number(f"A{r}", 0)]) for r in range(5, count + 5))])])


def with_doctype() -> bytes:
    evil = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        b"<sst " + NS + b"><si><t>&lol2;</t></si></sst>"
    )
    return xlsx([sheet(crosstable_rows())], shared=evil)


def utf16_part() -> bytes:
    text = '<?xml version="1.0" encoding="UTF-16"?><sst ' + NS.decode() + "><si><t>a</t></si></sst>"
    return xlsx([sheet(crosstable_rows())], shared=text.encode("utf-16"))


# --------------------------------------------------------------------------- tests

DATA = Path(__file__).parents[1] / "data" / "xlsx"
SAMPLES = sorted(DATA.glob("*.xlsx"))


def bounded(read: Callable[[], object]) -> None:
    """``read()`` stays under 40 MiB at its peak (tracemalloc: the measure that does not
    depend on the machine's speed; a bomb read whole takes gigabytes)."""
    read()
    tracemalloc.start()
    try:
        read()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * MiB, f"peak {peak / MiB:.0f} MiB"


def refused(data: bytes, match: str, limits: BookLimits = LIMITS) -> FormatError:
    """Reading ``data`` raises FormatError matching ``match``, fast and within little memory."""
    errors: list[FormatError] = []

    def read() -> None:
        with pytest.raises(FormatError, match=match) as info:
            reader.read(data, limits=limits)
        errors.append(info.value)

    bounded(read)
    return errors[0]


def test_the_bomb_builder_makes_workbooks_the_reader_reads() -> None:
    t = reader.read(xlsx([sheet(crosstable_rows())]))
    assert [p.name for p in t.players] == ["Alpha", "Beta"] and len(t.games) == 1
    t = reader.read(wide_sheets(3, 50, crosstable_first=True))
    assert len(t.games) == 1
    assert reader.read(many_rows(100)).players  # under the limits: read


def test_a_huge_cell_is_refused_from_the_zip_directory() -> None:
    error = refused(
        huge_cell(17 * MiB),
        r"the workbook's xl/worksheets/sheet1.xml would unpack to 17 MiB; the limit is 16 MiB",
    )
    assert error.field == "file"


def test_a_long_cell_under_the_part_limit_is_refused_when_read() -> None:
    refused(huge_cell(20_000), r"row 1, column 1: a cell of 20,000 characters; the limit is 10,000")


def test_millions_of_shared_strings_are_refused_by_size_count_and_declared_count() -> None:
    refused(
        shared_strings(600_000), r"sharedStrings.xml would unpack to 9.7 MiB; the limit is 8.0 MiB"
    )
    refused(
        shared_strings(1_001),
        r"more than 1,000 shared strings",
        BookLimits(max_shared_strings=1_000),
    )
    refused(shared_strings(10, declared=40_000_000), r"declares 40,000,000 shared strings")
    small = BookLimits(max_shared_strings=5)
    refused(shared_strings(6, declared=1), r"more than 5 shared strings", small)
    with pytest.raises(FormatError, match="no crosstable found"):  # within the limit: read on
        reader.read(shared_strings(5), limits=small)


def test_wide_sheets_are_read_only_as_wide_as_a_crosstable_can_be() -> None:
    refused(wide_sheets(20, 500), r"no crosstable found.*\(the first 10 sheets\)")
    # the crosstable in the first sheet: the 19 wide sheets after it are never read
    data = wide_sheets(20, 5_000, crosstable_first=True)
    bounded(lambda: reader.read(data))
    assert len(reader.read(data).players) == 2


def test_a_zip_entry_that_understates_its_size_is_damaged_not_unpacked() -> None:
    refused(lying_size(30 * MiB, declared=1000), r"damaged|Bad CRC|unpacks to more")


def test_member_count_ratio_doctype_utf16_cells_and_rows() -> None:
    refused(many_members(LIMITS.zip.max_members), r"has 20[0-9] members; the limit is 200")
    refused(packed_tight(3 * MiB), r"xl/styles.xml would unpack [0-9]+ times its packed size")
    refused(with_doctype(), r"sharedStrings.xml declares a document type")
    refused(utf16_part(), r"sharedStrings.xml is not UTF-8 XML")
    refused(many_cells(LIMITS.max_cells + 1), r"more than 200,000 cells")
    refused(many_rows(30), r"more than 20 rows", BookLimits(max_rows=20))
    two = xlsx([sheet(crosstable_rows()), sheet([row(1, [b'<c r="A1"/>'] * 3)])])  # 13 + 3 cells
    assert reader.read(two, limits=BookLimits(max_book_cells=16)).players
    refused(
        two,
        r"more than 14 cells \(the limit\) by its xl/worksheets/sheet2.xml",
        BookLimits(max_book_cells=14),
    )


def test_lowered_zip_limits_are_enforced_with_clear_messages() -> None:
    sample = SAMPLES[0].read_bytes()
    total = ZipLimits(max_total_size=20_000)
    refused(
        sample,
        r"the workbook's .* would bring the unpacked total to [0-9]+ KiB; the limit is 20 KiB",
        BookLimits(zip=total),
    )
    member = ZipLimits(max_member_size=10_000)
    refused(sample, r"would unpack to 2[0-9] KiB; the limit is 9.8 KiB", BookLimits(zip=member))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_real_samples_read_identically_under_the_limits(path: Path) -> None:
    unbounded = BookLimits(
        zip=ZipLimits(
            max_members=10**6, max_member_size=1 << 40, max_total_size=1 << 40, max_ratio=1e9
        ),
        max_shared_strings=10**9,
        max_sheets=10**6,
        max_rows=10**6,
        max_columns=16_384,
        max_cells=10**9,
        max_book_cells=10**9,
        max_cell_text=10**9,
    )
    assert reader.read(path) == reader.read(path, limits=unbounded)


def test_the_largest_real_event_fits_the_limits() -> None:
    """A 2,000-player, 15-round Swiss crosstable in the export's layout reads in full."""
    import openpyxl

    rounds, players = 15, 2_000
    book = openpyxl.Workbook()
    ws = book.active
    assert ws is not None
    ws.append(["Big Open"])
    ws.append(["Time control (Standard) : 90 min + 30 sec/move"])
    ws.append(["No.", None, "Name", "FideID", "FED", "RtgI", "RtgN", "Club/City",
               *(f"{k}.Rd" for k in range(1, rounds + 1)), "Pts.", "Rk.", "TB1", "TB2", "TB3"])  # fmt: skip
    cells: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    for r in range(rounds):
        order = list(range(1, players + 1))
        random.Random(r).shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            result, other = random.Random(a * 100 + r).choice((("1", "0"), ("½", "½"), ("0", "1")))
            cells[a].append(f"{b:>4}w{result}")
            cells[b].append(f"{a:>4}b{other}")
    for p in range(1, players + 1):
        points = sum(1 if c.endswith("1") else 0.5 if c.endswith("½") else 0 for c in cells[p])
        ws.append([p, "FM", f"Player {p:05d}, Firstname", 10_000_000 + p, "GER", 2000, 1900,
                   f"SK Club {p % 800} e.V.", *cells[p], points, p, 0, 1.5, 2.5])  # fmt: skip
    buffer = io.BytesIO()
    book.save(buffer)
    data = buffer.getvalue()
    sizes = {i.filename: i.file_size for i in zipfile.ZipFile(io.BytesIO(data)).infolist()}
    assert sizes["xl/worksheets/sheet1.xml"] > 2 * MiB  # a real-sized part
    t = reader.read(data)  # a quadratic reader once took minutes here (time: a benchmark's job)
    assert len(t.players) == players and len(t.games) == players // 2 * rounds
    assert t.complete and t.time_control == "standard"


MEMORY_CHILD = """
import resource, sys
sys.path.insert(0, {tests!r})
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
import test_xlsx_bombs as bombs
from wertung.kernel.errors import FormatError
from wertung.formats import xlsx
for build in (lambda: bombs.huge_cell(40 * 2**20), lambda: bombs.shared_strings(450_000),
              lambda: bombs.wide_sheets(20, 5_000), lambda: bombs.many_cells(300_000)):
    data = build()
    try:
        xlsx.read(data)
    except FormatError as exc:
        print("refused:", str(exc)[:80])
    else:
        raise SystemExit("a bomb was read")
for path in {samples!r}:
    assert xlsx.read(path).players
print("ok")
"""


def test_memory_stays_bounded_under_an_address_space_limit() -> None:
    """In a child process limited to 1 GiB of address space (the old reader needed several)."""
    limit = 1024 * MiB
    code = MEMORY_CHILD.format(
        tests=str(Path(__file__).parent), limit=limit, samples=[str(p) for p in SAMPLES]
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.count("refused:") == 4 and result.stdout.strip().endswith("ok")


# --------------------------------------------------------------------------- measuring

FULL_SIZE = {
    "huge cell (1.5 GB)": lambda: huge_cell(1_500_000_000),
    "40 million shared strings": lambda: shared_strings(40_000_000),
    "20 sheets of 16,384 columns": lambda: wide_sheets(20, 20_000),
}


def measure(name: str) -> None:
    """Build one full-size bomb, then time reading it and its peak memory (child: ru_maxrss)."""
    import resource

    from wertung.kernel.errors import WertungError

    data = FULL_SIZE[name]()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    try:
        reader.read(data)
        outcome = "read"
    except WertungError as exc:
        outcome = f"FormatError: {exc}"
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"{name}: {len(data) / 1e6:.2f} MB file, {elapsed:.3f} s, peak RSS {after / 1024:.0f} MiB "
        f"(building it: {before / 1024:.0f} MiB) -> {outcome[:150]}"
    )


if __name__ == "__main__":
    for bomb in sys.argv[1:] or FULL_SIZE:
        measure(bomb)


def test_a_damaged_workbook_is_named_in_german_however_long_the_detail() -> None:
    """The detail is shortened, not the message: it keeps its closing parenthesis and so
    its catalogue entry (it was cut at 300 characters and stayed English)."""
    from wertung.catalogue import render
    from wertung.formats._xlsx_book import _damaged

    for error in (ValueError("x" * 500), KeyError(), ValueError("bad header")):
        german = render(_damaged(error), "de")
        assert german.startswith("Die Excel-Datei ist beschädigt oder keine Arbeitsmappe (")
        assert german.endswith(")") and len(german) < 320

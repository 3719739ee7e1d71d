"""Fuzzing the Excel reader with mutated real files: only our own errors come out.

Complements the fuzz tests in test_xlsx.py (bytes changed, XML damaged inside the archive,
random cells): here the zip directory's numbers are altered, members are dropped, swapped or
replaced, and the real cells get digit runs, long texts and odd values written into them.
"""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import openpyxl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.formats import xlsx
from wertung.kernel.errors import WertungError
from wertung.tournament._model import Tournament

DATA = Path(__file__).parents[1] / "data" / "xlsx"
SAMPLES = [p.read_bytes() for p in sorted(DATA.glob("*.xlsx"))]
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read_or_our_error(data: bytes) -> None:
    try:
        t = xlsx.read(data)
    except WertungError:
        return
    assert isinstance(t, Tournament)


def members(data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return [(info, archive.read(info)) for info in archive.infolist()]


def rebuild(parts: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in parts:
            archive.writestr(name, content)
    return out.getvalue()


# central directory record: offsets of the fields a hostile file would lie in
_FIELDS = {"method": (10, "<H"), "compressed": (20, "<I"), "size": (24, "<I"), "offset": (42, "<I")}


@FAST
@given(
    st.sampled_from(range(len(SAMPLES))),
    st.lists(
        st.tuples(
            st.integers(0, 10),
            st.sampled_from(sorted(_FIELDS)),
            st.sampled_from([0, 1, 8, 12, 99, 2**16 - 1, 2**31, 2**32 - 1]),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_fuzz_lying_zip_directory(sample: int, edits: list[tuple[int, str, int]]) -> None:
    data = bytearray(SAMPLES[sample])
    records = []
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        records.append(at)
        at = data.find(b"PK\x01\x02", at + 4)
    for which, field, value in edits:
        offset, fmt = _FIELDS[field]
        where = records[which % len(records)] + offset
        size = struct.calcsize(fmt)
        data[where : where + size] = struct.pack(fmt, value % (1 << (8 * size)))
    read_or_our_error(bytes(data))


@FAST
@given(
    st.sampled_from(range(len(SAMPLES))),
    st.lists(
        st.tuples(
            st.sampled_from(["drop", "swap", "replace", "empty", "truncate"]),
            st.integers(0, 20),
            st.integers(0, 20),
            st.binary(max_size=64),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_fuzz_members_dropped_swapped_replaced(
    sample: int, edits: list[tuple[str, int, int, bytes]]
) -> None:
    parts = [(info.filename, content) for info, content in members(SAMPLES[sample])]
    for action, a, b, junk in edits:
        if not parts:
            break
        i, j = a % len(parts), b % len(parts)
        if action == "drop":
            parts.pop(i)
        elif action == "swap":
            parts[i], parts[j] = (parts[i][0], parts[j][1]), (parts[j][0], parts[i][1])
        elif action == "replace":
            parts[i] = (parts[i][0], junk)
        elif action == "empty":
            parts[i] = (parts[i][0], b"")
        else:
            parts[i] = (parts[i][0], parts[i][1][: len(parts[i][1]) * (b + 1) // 22])
    read_or_our_error(rebuild(parts))


BOOKS = []
for _data in SAMPLES:
    _book = openpyxl.load_workbook(io.BytesIO(_data))
    _sheet = _book.active
    assert _sheet is not None
    BOOKS.append([list(r) for r in _sheet.iter_rows(values_only=True)])

odd_values = st.one_of(
    st.text(alphabet="0123456789", min_size=1, max_size=30),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=40),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["", " ", "*", "-", "+", "½", "Rk.", "No.", "Name", "SNo", "1.Rd", None]),
    st.just("x" * 20_000),
)


@FAST
@given(
    st.sampled_from(range(len(BOOKS))),
    st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 15), odd_values),
        min_size=1,
        max_size=6,
    ),
)
def test_fuzz_real_cells_overwritten(sample: int, edits: list[tuple[float, int, object]]) -> None:
    rows = [list(r) for r in BOOKS[sample]]
    for where, column, value in edits:
        row = rows[int(where * len(rows))]
        while len(row) <= column:
            row.append(None)
        row[column] = value
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    read_or_our_error(buffer.getvalue())

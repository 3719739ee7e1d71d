"""The one zip guard (``formats/_zipguard.py``) as its two readers use it: the Excel workbook
reader and the DSB list reader refuse the same archive for the same limit with the same
message (the DSB reader adds its hint), in English and German; damaged or arbitrary bytes
give only our :class:`FormatError`."""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.catalogue import UNTRANSLATED, message_for, render
from wertung.formats import xlsx
from wertung.formats._xlsx_book import BookLimits
from wertung.formats._zipguard import (
    LIMIT_CODES,
    ZipLimits,
    check_size,
    check_zip,
    iter_member,
    read_member,
    size_text,
)
from wertung.kernel.errors import FormatError
from wertung.sources.dsb_csv import DSB_LIMITS, read_list
from wertung.sources.dsb_list import sample_path

DSB_DATA = Path(__file__).parents[1] / "data" / "dsb"
XLSX_SAMPLES = sorted((Path(__file__).parents[1] / "data" / "xlsx").glob("*.xlsx"))
SPIELER = (DSB_DATA / "spieler.csv").read_bytes()  # 3,601 bytes of real-looking CSV
HINT_EN = "; this is not a DSB list (or the limit needs raising)"
HINT_DE = "; das ist keine DSB-Liste (oder die Grenze muss angehoben werden)"


def archive(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED, extra: int = 0) -> bytes:
    """A zip archive of ``members`` (and ``extra`` tiny ones)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as out:
        for name, data in members.items():
            out.writestr(name, data)
        for number in range(extra):
            out.writestr(f"x{number}.txt", b"x")
    return buffer.getvalue()


def encrypted(data: bytes) -> bytes:
    """``data`` with the encryption flag set on every member (local and central headers)."""
    out = bytearray(data)
    for signature, offset in ((b"PK\x01\x02", 8), (b"PK\x03\x04", 6)):
        at = out.find(signature)
        while at >= 0:
            out[at + offset] |= 0x1
            at = out.find(signature, at + 4)
    return bytes(out)


def from_workbook(data: bytes, limits: ZipLimits) -> FormatError:
    with pytest.raises(FormatError) as caught:
        xlsx.read(data, limits=BookLimits(zip=limits))
    return caught.value


def from_dsb(tmp_path: Path, data: bytes, limits: ZipLimits) -> FormatError:
    path = tmp_path / "LV-0-csv.zip"
    path.write_bytes(data)
    with pytest.raises(FormatError) as caught:
        read_list(path, limits=limits)
    return caught.value


#: (case, archive, limits (on top of the generous defaults), English, German) with the
#: archive named {what} / {what_de}: the same refusal for both readers.
BIG = SPIELER * 300  # about 1 MiB, compresses about 300 times
CASES = [
    (
        "archive size",
        archive({"spieler.csv": SPIELER}),
        {"max_archive_size": 1000},
        "{what} is {archive}; the limit is 1000 bytes",
        "{what_de} ist {archive_de} groß; die Grenze liegt bei 1.000 Bytes",
    ),
    (
        "member count",
        archive({"spieler.csv": SPIELER}, extra=20),
        {"max_members": 16},
        "{what} has 21 members; the limit is 16",
        "{what_de} hat 21 Einträge; die Grenze liegt bei 16",
    ),
    (
        "member size",
        archive({"spieler.csv": SPIELER}),
        {"max_member_size": 1000},
        "{what}'s spieler.csv would unpack to 3.5 KiB; the limit is 1000 bytes",
        "{what_de}: spieler.csv würde entpackt 3,5 KiB groß; die Grenze liegt bei 1.000 Bytes",
    ),
    (
        "size by pattern",
        archive({"spieler.csv": SPIELER}),
        {"member_sizes": (("*.csv", 3600),)},
        "{what}'s spieler.csv would unpack to 3,601 bytes; the limit is 3,600 bytes",
        "{what_de}: spieler.csv würde entpackt 3.601 Bytes groß; die Grenze liegt bei 3.600 Bytes",
    ),
    (
        "total",
        archive({"spieler.csv": SPIELER, "vereine.csv": SPIELER}),
        {"max_total_size": 5000},
        "{what}'s vereine.csv would bring the unpacked total to 7.0 KiB; the limit is 4.9 KiB",
        "{what_de}: vereine.csv würde die entpackte Gesamtgröße auf 7 KiB bringen; die Grenze liegt "
        "bei 4,9 KiB",
    ),
    (
        "ratio",
        archive({"spieler.csv": BIG}),
        {"max_ratio": 50, "ratio_from": 64 * 1024},
        "{what}'s spieler.csv would unpack {ratio} times its packed size ({packed} to 1.0 MiB); "
        "the limit is 50 times",
        "{what_de}: spieler.csv würde entpackt {ratio}-mal so groß wie gepackt ({packed_de} zu "
        "1 MiB); die Grenze liegt beim 50-Fachen",
    ),
    (
        "encrypted",
        encrypted(archive({"spieler.csv": SPIELER})),
        {},
        "{what}'s spieler.csv is encrypted",
        "{what_de}: spieler.csv ist verschlüsselt",
    ),
    (
        "method",
        archive({"spieler.csv": SPIELER}, method=zipfile.ZIP_BZIP2),
        {},
        "{what}'s spieler.csv uses compression method 12; only stored and deflate are read",
        "{what_de}: spieler.csv verwendet die Kompressionsmethode 12; gelesen werden nur „stored“ "
        "und „deflate“",
    ),
]


def _expected(template: str, what: str, what_de: str, data: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as opened:
        info = opened.infolist()[0]
    ratio = f"{info.file_size / info.compress_size:.0f}"
    packed = size_text(info.compress_size)
    whole = size_text(len(data))
    return template.format(
        what=what, what_de=what_de, ratio=ratio, packed=packed, packed_de=packed.replace(".", ","),
        archive=whole, archive_de=whole.replace(".", ","),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("case", "data", "change", "english", "german"), CASES, ids=[c[0] for c in CASES]
)
def test_each_limit_refuses_both_readers_with_one_message_in_both_languages(
    tmp_path, case, data, change, english, german
):
    workbook = from_workbook(data, ZipLimits(**change))
    assert workbook.message == _expected(english, "the workbook", "die Arbeitsmappe", data)
    assert render(workbook, "de") == _expected(german, "", "die Arbeitsmappe", data)
    assert workbook.code in LIMIT_CODES and workbook.field == "file"

    listed = from_dsb(tmp_path, data, replace(DSB_LIMITS, **change))
    assert listed.message == _expected(english, "LV-0-csv.zip", "", data) + HINT_EN
    assert render(listed, "de") == _expected(german, "", "LV-0-csv.zip", data) + HINT_DE
    assert listed.field == "path"
    # the same message, found again from the text (what the CLI's one error line renders)
    assert message_for(listed.message).code == "dsb.not_a_list"
    assert render(listed.message, "de") == render(listed, "de")


def test_the_dsb_limits_apply_to_plain_files_with_the_same_message(tmp_path):
    path = tmp_path / "spieler.csv"
    path.write_bytes(SPIELER)
    with pytest.raises(FormatError) as caught:
        read_list(path, limits=replace(DSB_LIMITS, max_member_size=1000))
    assert caught.value.message == "spieler.csv is 3.5 KiB; the limit is 1000 bytes" + HINT_EN
    assert render(caught.value, "de") == (
        "spieler.csv ist 3,5 KiB groß; die Grenze liegt bei 1.000 Bytes" + HINT_DE
    )


def test_the_dsb_reader_checks_only_the_members_it_reads():
    data = archive({"spieler.csv": SPIELER, "verbaende.csv": BIG, "readme.txt": b"x"})
    limits = replace(DSB_LIMITS, max_member_size=10_000)
    with pytest.raises(FormatError, match=r"verbaende\.csv would unpack"):
        check_zip(data, limits)
    opened = check_zip(data, limits, wanted={"Spieler.CSV"})  # the case does not matter
    assert read_member(opened, "spieler.csv", 10_000) == SPIELER
    # the member count counts every member
    with pytest.raises(FormatError, match="has 3 members; the limit is 2"):
        check_zip(data, replace(limits, max_members=2), wanted={"spieler.csv"})


def test_reading_stops_at_the_limit_whatever_the_archive_declares():
    opened = zipfile.ZipFile(io.BytesIO(archive({"a.csv": SPIELER})))
    chunks = iter_member(opened, "a.csv", 1000, what="the list")
    with pytest.raises(FormatError) as caught:
        list(chunks)
    assert caught.value.message == "the list's a.csv unpacks to more than 1000 bytes (the limit)"
    assert render(caught.value, "de") == (
        "die Liste: a.csv wird entpackt größer als 1.000 Bytes (die Grenze)"
    )
    assert caught.value.code in LIMIT_CODES


def test_the_defaults_keep_the_callers_limits():
    assert (DSB_LIMITS.max_archive_size, DSB_LIMITS.max_members) == (32 << 20, 16)
    assert (DSB_LIMITS.max_member_size, DSB_LIMITS.max_total_size) == (64 << 20, 96 << 20)
    assert (DSB_LIMITS.max_ratio, DSB_LIMITS.ratio_from) == (100, 64 << 10)
    book = BookLimits().zip
    assert book.member_limit("xl/worksheets/sheet1.xml") == 16 << 20
    assert book.member_limit("xl/sharedStrings.xml") == 8 << 20
    assert book.member_limit("xl/styles.xml") == 4 << 20
    assert (book.max_members, book.max_total_size, book.max_ratio) == (200, 48 << 20, 100)


def test_check_size_and_an_unreadable_archive():
    with pytest.raises(FormatError) as caught:
        check_size(2029, 100, what="x.zip", field="path")
    assert (caught.value.message, caught.value.field) == (
        "x.zip is 2.0 KiB; the limit is 100 bytes",
        "path",
    )
    with pytest.raises(FormatError) as caught:
        check_zip(b"PK\x03\x04 not really", what="the workbook")
    assert caught.value.message.startswith("the workbook is not a readable zip archive (")
    assert caught.value.code not in LIMIT_CODES
    assert render(caught.value, "de").startswith("die Arbeitsmappe ist kein lesbares ZIP-Archiv (")


# -- only our FormatError, whatever the bytes ----------------------------------------------------


def _unpack_all(data: bytes) -> None:
    """What both readers do: check the archive, then read every member under its limit."""
    limits = ZipLimits(max_member_size=1 << 20, max_total_size=2 << 20)
    with check_zip(data, limits) as opened:
        for info in opened.infolist():
            read_member(opened, info, limits.member_limit(info.filename))


def _only_format_errors(data: bytes) -> None:
    try:
        _unpack_all(data)
    except FormatError as exc:
        assert message_for(exc.message).code != UNTRANSLATED, exc.message


REAL = [sample_path().read_bytes(), *(p.read_bytes() for p in XLSX_SAMPLES[:2])]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=600) | st.binary(max_size=200).map(lambda b: b"PK\x03\x04" + b))
def test_arbitrary_bytes_give_only_our_format_error(data):
    _only_format_errors(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(REAL) - 1),
    cuts=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=8),
    keep=st.none() | st.floats(0, 1),
)
def test_mutated_real_archives_give_only_our_format_error(which, cuts, keep):
    data = bytearray(REAL[which])
    # the directory and the headers are at the end and the start: mutate there more often
    for where, value in cuts:
        data[min(int(where * len(data)), len(data) - 1)] = value
    if keep is not None:
        data = data[: int(keep * len(data))]
    _only_format_errors(bytes(data))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cuts=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=6))
def test_mutated_archives_give_the_dsb_reader_only_our_format_error(tmp_path_factory, cuts):
    data = bytearray(REAL[0])
    for where, value in cuts:
        data[min(int(where * len(data)), len(data) - 1)] = value
    path = tmp_path_factory.mktemp("mutated") / "LV-0-csv.zip"
    path.write_bytes(bytes(data))
    try:
        read_list(path)
    except FormatError as exc:
        assert message_for(exc.message).code != UNTRANSLATED, exc.message


def test_a_member_without_a_name_is_refused_as_damage() -> None:
    """Found by the mutation property: an empty name in the directory made zipfile's
    ``is_dir()`` raise IndexError instead of our error."""
    import io
    import zipfile

    from wertung.formats._zipguard import LIMIT_CODES, check_zip

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(zipfile.ZipInfo(""), b"data")
    with pytest.raises(FormatError) as refused:
        check_zip(buffer.getvalue(), what="the workbook")
    assert refused.value.code == "zip.unnamed_member" and refused.value.code not in LIMIT_CODES
    assert str(refused.value) == "the workbook has a member without a name"

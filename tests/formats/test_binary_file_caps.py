"""The byte caps of the Swiss-Chess and Swiss-Manager readers: a file over the cap is
refused, naming its size and the cap, before it is read (issue 22)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import wertung
from wertung.catalogue import render
from wertung.formats import swiss_manager, swt
from wertung.kernel.errors import FormatError

READERS = [(swt, "big.SWT"), (swiss_manager, "big.TUNX")]


def _sparse(path: Path, size: int) -> Path:
    with path.open("wb") as out:
        out.truncate(size)  # sparse: nothing is written
    return path


@pytest.mark.parametrize(("module", "name"), READERS)
def test_a_file_over_the_cap_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: object, name: str
) -> None:
    cap = module.MAX_BYTES  # type: ignore[attr-defined]
    big = _sparse(tmp_path / name, cap + 1)

    def no_reading(self: Path) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    with pytest.raises(FormatError) as info:
        module.read(big)  # type: ignore[attr-defined]
    assert info.value.message == f"the file has {cap + 1:,} bytes or more; the limit is {cap:,}"
    assert render(info.value, "de") == (
        f"Die Datei hat {cap + 1:,} Bytes oder mehr; die Grenze liegt bei {cap:,}".replace(",", ".")
    )


@pytest.mark.parametrize(("module", "name"), READERS)
def test_a_file_object_is_read_no_further_than_the_cap(module: object, name: str) -> None:
    cap = module.MAX_BYTES  # type: ignore[attr-defined]

    class Counting(io.RawIOBase):
        asked = 0

        def readable(self) -> bool:
            return True

        def read(self, size: int = -1) -> bytes:
            assert size != -1, "the whole stream was asked for"
            Counting.asked += size
            return b"\0" * size

    with pytest.raises(FormatError, match="the limit is"):
        module.read(Counting())  # type: ignore[attr-defined]
    assert Counting.asked == cap + 1


@pytest.mark.parametrize(("module", "name"), READERS)
def test_the_library_and_the_cli_refuse_it_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: object, name: str
) -> None:
    from wertung.importers import load_tournament  # what the CLI reads a file with

    big = _sparse(tmp_path / name, module.MAX_BYTES + 1)  # type: ignore[attr-defined]
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("the file was read"))
    for load in (wertung.load, load_tournament):
        with pytest.raises(FormatError, match="the limit is"):
            load(big)


def test_the_caps_are_far_above_real_files() -> None:
    data = Path(__file__).parents[1] / "data"
    for path in [*(data / "swt").glob("*.SWT"), *(data / "swiss-manager").glob("*.TU?X")]:
        assert path.stat().st_size * 100 < swt.MAX_BYTES
    assert swt.MAX_BYTES == swiss_manager.MAX_BYTES == 32 * 1024 * 1024

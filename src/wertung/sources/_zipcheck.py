"""Limits on zip archives, checked before anything is decompressed.

A zip archive states in its central directory how many members it has and how
big each one is, compressed and uncompressed. :func:`check_archive` refuses an
archive whose statements exceed :class:`ZipLimits` (too many members, a member
or all of them together too big, a compression ratio no real CSV file has),
and :func:`read_member` reads a member in chunks and stops at the limit even
when the archive lies about the size. Nothing is decompressed before the
checks pass, so a small archive cannot exhaust the memory (a "zip bomb").

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
...     archive.writestr("spieler.csv", b"0" * 1_000_000)
>>> with zipfile.ZipFile(buffer) as archive:
...     check_archive(archive, what="bomb.zip")
Traceback (most recent call last):
...
wertung.core.errors.FormatError: bomb.zip: spieler.csv is compressed 1,000,000 bytes to ... (ratio ...:1, at most 100:1 is accepted); this is not a DSB list
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass

from ..core.errors import FormatError

__all__ = ["MiB", "ZipLimits", "check_archive", "check_size", "read_member"]

MiB = 1024 * 1024
_CHUNK = 1 * MiB


@dataclass(frozen=True, slots=True)
class ZipLimits:
    """What an archive (and a plain file) may be; the defaults fit the DSB list with room to spare.

    The DSB's ``LV-0-csv.zip`` holds three CSV files, ``spieler.csv`` being the
    biggest (tens of MB uncompressed); CSV text compresses about 5 to 10 times.
    ``max_ratio`` is checked only for members above ``ratio_floor`` bytes (tiny
    files can compress well without harm).
    """

    max_archive_bytes: int = 32 * MiB
    max_members: int = 16
    max_member_bytes: int = 64 * MiB
    max_total_bytes: int = 96 * MiB
    max_ratio: float = 100.0
    ratio_floor: int = 64 * 1024


DEFAULT_LIMITS = ZipLimits()


def _mb(size: int) -> str:
    return f"{size / MiB:,.1f} MB" if size >= MiB else f"{size:,} bytes"


def check_size(size: int, limit: int, *, what: str, field: str = "path") -> None:
    """Refuse a file of ``size`` bytes when it is bigger than ``limit``."""
    if size > limit:
        raise FormatError(
            f"{what} is {_mb(size)}, more than the {_mb(limit)} accepted; "
            "this is not a DSB list (or the limit needs raising)",
            field=field,
        )


def check_archive(
    archive: zipfile.ZipFile,
    *,
    what: str,
    limits: ZipLimits = DEFAULT_LIMITS,
    wanted: frozenset[str] | None = None,
) -> None:
    """Refuse the archive when its directory exceeds ``limits``.

    ``wanted``: when given, only members whose file name (case-folded, without
    folders) is in it are checked for size and ratio (the others are never read);
    the member count always counts all of them.
    """
    members = archive.infolist()
    if len(members) > limits.max_members:
        raise FormatError(
            f"{what}: the archive has {len(members):,} members, at most {limits.max_members} "
            "are accepted; this is not a DSB list",
            field="path",
        )
    total = 0
    for info in members:
        name = info.filename.rsplit("/", 1)[-1].casefold()
        if info.is_dir() or (wanted is not None and name not in wanted):
            continue
        size, packed = info.file_size, info.compress_size
        if size > limits.max_member_bytes:
            raise FormatError(
                f"{what}: {info.filename} is {_mb(size)} uncompressed, more than the "
                f"{_mb(limits.max_member_bytes)} accepted; this is not a DSB list",
                field="path",
            )
        if size > limits.ratio_floor and size > limits.max_ratio * max(packed, 1):
            ratio = size / max(packed, 1)
            raise FormatError(
                f"{what}: {info.filename} is compressed {size:,} bytes to {packed:,} "
                f"(ratio {ratio:,.0f}:1, at most {limits.max_ratio:,.0f}:1 is accepted); "
                "this is not a DSB list",
                field="path",
            )
        total += size
    if total > limits.max_total_bytes:
        raise FormatError(
            f"{what}: the members are {_mb(total)} uncompressed together, more than the "
            f"{_mb(limits.max_total_bytes)} accepted; this is not a DSB list",
            field="path",
        )


def read_member(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    *,
    what: str,
    limits: ZipLimits = DEFAULT_LIMITS,
) -> bytes:
    """The member's bytes, read in chunks; refused as soon as they pass the member limit.

    :func:`check_archive` must have accepted the archive; this guards against a
    directory that states a smaller size than the data really has.
    """
    limit = min(limits.max_member_bytes, max(info.file_size, 0))
    chunks: list[bytes] = []
    read = 0
    with archive.open(info) as stream:
        while True:
            chunk = stream.read(_CHUNK)
            if not chunk:
                break
            read += len(chunk)
            if read > limit:
                raise FormatError(
                    f"{what}: {info.filename} holds more data than the archive states "
                    f"({info.file_size:,} bytes); this is a damaged or forged archive",
                    field="path",
                )
            chunks.append(chunk)
    return b"".join(chunks)

"""Zip archives checked before anything unpacks them (zip bombs).

An upload of a few hundred kilobytes can unpack to gigabytes. :func:`check_zip`
reads only the archive's central directory and refuses, with a
:class:`~wertung.core.errors.FormatError` that names the member and the limit,

* more members than ``max_members``,
* a member that would unpack to more than its limit (``max_member_size``, or the
  first matching pattern of ``member_sizes``),
* members that together would unpack to more than ``max_total_size``,
* a member larger than ``ratio_from`` that unpacks to more than ``max_ratio``
  times its compressed size,
* encrypted members and compression methods other than stored and deflate.

The declared sizes are binding: :mod:`zipfile` never returns more bytes than a
member's declared size (it fails the CRC check instead), so a member that lies
about its size cannot unpack to more than the limit checked here.
:func:`read_member` and :func:`iter_member` read one member under a limit of
their own as well, for callers that unpack a member themselves.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
...     z.writestr("big.txt", b"0" * 3_000_000)
>>> check_zip(buffer.getvalue(), ZipLimits(max_member_size=1_000_000), what="the list")
Traceback (most recent call last):
...
wertung.core.errors.FormatError: the list's big.txt would unpack to 2.9 MiB; the limit is 977 KiB
"""

from __future__ import annotations

import fnmatch
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..core.errors import FormatError

__all__ = ["ZipLimits", "check_zip", "iter_member", "read_member", "size_text"]

KiB = 1024
MiB = 1024 * KiB

#: Defaults: generous for any data file this project reads.
MAX_MEMBERS = 1000
MAX_MEMBER_SIZE = 64 * MiB
MAX_TOTAL_SIZE = 128 * MiB
MAX_RATIO = 200
RATIO_FROM = 1 * MiB
CHUNK = 256 * KiB


@dataclass(frozen=True, slots=True)
class ZipLimits:
    """The limits :func:`check_zip` enforces (sizes in bytes, uncompressed).

    ``member_sizes``: ``(pattern, limit)`` pairs (:mod:`fnmatch` patterns such as
    ``"xl/worksheets/*.xml"``); a member takes the limit of the first matching
    pattern, else ``max_member_size``.
    """

    max_members: int = MAX_MEMBERS
    max_member_size: int = MAX_MEMBER_SIZE
    max_total_size: int = MAX_TOTAL_SIZE
    max_ratio: float = MAX_RATIO
    ratio_from: int = RATIO_FROM
    member_sizes: tuple[tuple[str, int], ...] = ()

    def member_limit(self, name: str) -> int:
        """The uncompressed size limit of the member ``name``."""
        for pattern, limit in self.member_sizes:
            if fnmatch.fnmatchcase(name, pattern):
                return limit
        return self.max_member_size


def size_text(size: float) -> str:
    """A size for people: ``size_text(1_610_612_736) == '1.5 GiB'``."""
    for unit, factor in (("GiB", 1024**3), ("MiB", MiB), ("KiB", KiB)):
        if size >= factor:
            value = size / factor
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{int(size)} bytes"


def _open(source: bytes | bytearray | BinaryIO | zipfile.ZipFile, what: str) -> zipfile.ZipFile:
    if isinstance(source, zipfile.ZipFile):
        return source
    stream = io.BytesIO(bytes(source)) if isinstance(source, (bytes, bytearray)) else source
    try:
        return zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as exc:
        raise FormatError(f"{what} is not a readable zip archive ({exc})", field="file") from None
    except Exception as exc:  # zipfile raises assorted errors on damaged directories
        raise FormatError(
            f"{what} is not a readable zip archive ({type(exc).__name__}: {exc})"[:300],
            field="file",
        ) from None


def check_zip(
    source: bytes | bytearray | BinaryIO | zipfile.ZipFile,
    limits: ZipLimits | None = None,
    *,
    what: str = "the archive",
) -> zipfile.ZipFile:
    """Check a zip archive's directory against ``limits``; return it opened.

    ``what`` names the archive in messages ("the workbook", "the rating list").
    Raises :class:`FormatError` (``field="file"``) on the first violation.
    Nothing is unpacked.
    """
    limits = limits or ZipLimits()
    archive = _open(source, what)
    infos = archive.infolist()
    if len(infos) > limits.max_members:
        raise FormatError(
            f"{what} has {len(infos)} members; the limit is {limits.max_members}", field="file"
        )
    total = 0
    for info in infos:
        name = info.filename
        if info.flag_bits & 0x1:
            raise FormatError(f"{what}'s {name} is encrypted", field="file")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise FormatError(
                f"{what}'s {name} uses compression method {info.compress_type}; only stored "
                "and deflate are read",
                field="file",
            )
        limit = limits.member_limit(name)
        if info.file_size > limit:
            raise FormatError(
                f"{what}'s {name} would unpack to {size_text(info.file_size)}; "
                f"the limit is {size_text(limit)}",
                field="file",
            )
        if info.file_size > limits.ratio_from and info.file_size > limits.max_ratio * max(
            info.compress_size, 1
        ):
            ratio = info.file_size / max(info.compress_size, 1)
            raise FormatError(
                f"{what}'s {name} would unpack {ratio:.0f} times its packed size "
                f"({size_text(info.compress_size)} to {size_text(info.file_size)}); "
                f"the limit is {limits.max_ratio:g} times",
                field="file",
            )
        total += info.file_size
        if total > limits.max_total_size:
            raise FormatError(
                f"{what} would unpack to more than {size_text(limits.max_total_size)} "
                f"(the limit) by its member {name}",
                field="file",
            )
    return archive


def iter_member(
    archive: zipfile.ZipFile, name: str | zipfile.ZipInfo, limit: int, *, what: str = "the archive"
) -> Iterator[bytes]:
    """The unpacked bytes of one member in chunks, never more than ``limit`` in all.

    A member that unpacks to more than ``limit`` (whatever it declares) raises
    :class:`FormatError`, as does a damaged one.
    """
    label = name.filename if isinstance(name, zipfile.ZipInfo) else name
    seen = 0
    try:
        with archive.open(name) as member:
            while True:
                chunk = member.read(CHUNK)
                if not chunk:
                    return
                seen += len(chunk)
                if seen > limit:
                    raise FormatError(
                        f"{what}'s {label} unpacks to more than {size_text(limit)} (the limit)",
                        field="file",
                    )
                yield chunk
    except FormatError:
        raise
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError) as exc:
        raise FormatError(f"{what}'s {label} is damaged ({exc})"[:300], field="file") from None
    except Exception as exc:  # zlib.error and friends
        raise FormatError(
            f"{what}'s {label} is damaged ({type(exc).__name__}: {exc})"[:300], field="file"
        ) from None


def read_member(
    archive: zipfile.ZipFile, name: str | zipfile.ZipInfo, limit: int, *, what: str = "the archive"
) -> bytes:
    """One member's unpacked bytes, at most ``limit`` of them (else :class:`FormatError`)."""
    return b"".join(iter_member(archive, name, limit, what=what))

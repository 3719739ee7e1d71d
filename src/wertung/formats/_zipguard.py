"""Zip archives checked before anything unpacks them (zip bombs): one guard for every reader.

An upload of a few hundred kilobytes can unpack to gigabytes. :func:`check_zip`
reads only the archive's central directory and refuses, with a
:class:`~wertung.kernel.errors.FormatError` that names the archive, the member, the
size and the limit,

* an archive file larger than ``max_archive_size`` (checked before it is opened),
* more members than ``max_members`` (all of them, wanted or not),
* a member that would unpack to more than its limit (``max_member_size``, or the
  first matching pattern of ``member_sizes``),
* members that together would unpack to more than ``max_total_size``,
* a member larger than ``ratio_from`` that unpacks to more than ``max_ratio``
  times its compressed size,
* encrypted members and compression methods other than stored and deflate.

``wanted`` (a set of file names) limits the member checks to the members a
reader will unpack; the others are never read. A damaged archive is a
:class:`FormatError` too, never a traceback.

The declared sizes are binding: :mod:`zipfile` never returns more bytes than a
member's declared size (it fails the CRC check instead), so a member that lies
about its size cannot unpack to more than the limit checked here.
:func:`read_member` and :func:`iter_member` read one member in chunks under a
limit of their own as well and stop at it, whatever the archive declares.
:func:`check_size` refuses a plain file by its size.

The messages are generic (``what`` names the archive: ``"the workbook"``, a file
name); a reader adds its own hint (the DSB list's "this is not a DSB list") to
the errors whose :attr:`~wertung.kernel.errors.WertungError.code` is in
:data:`LIMIT_CODES`.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
...     z.writestr("big.txt", b"0" * 3_000_000)
>>> check_zip(buffer.getvalue(), ZipLimits(max_member_size=1_000_000), what="the list")
Traceback (most recent call last):
...
wertung.kernel.errors.FormatError: the list's big.txt would unpack to 2.9 MiB; the limit is 977 KiB
>>> check_zip(buffer.getvalue(), ZipLimits(max_ratio=100, ratio_from=64 * KiB), what="x.zip")
Traceback (most recent call last):
...
wertung.kernel.errors.FormatError: x.zip's big.txt would unpack 10... times its packed size (2.9 KiB to 2.9 MiB); the limit is 100 times
"""

from __future__ import annotations

import fnmatch
import io
import os
import zipfile
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from wertung.kernel.errors import FormatError, inner

__all__ = [
    "LIMIT_CODES",
    "KiB",
    "MiB",
    "ZipLimits",
    "check_size",
    "check_zip",
    "iter_member",
    "read_member",
    "size_text",
]

KiB = 1024
MiB = 1024 * KiB

#: Defaults: generous for any data file this project reads.
MAX_ARCHIVE_SIZE = 64 * MiB
MAX_MEMBERS = 1000
MAX_MEMBER_SIZE = 64 * MiB
MAX_TOTAL_SIZE = 128 * MiB
MAX_RATIO = 200
RATIO_FROM = 1 * MiB
CHUNK = 256 * KiB

#: The codes of the refusals for a limit or a feature no reader supports (a reader may
#: add a hint of its own to these); not in it: a damaged or unreadable archive.
LIMIT_CODES = frozenset(
    {
        "zip.too_large",
        "zip.too_many_members",
        "zip.encrypted",
        "zip.method",
        "zip.member_too_large",
        "zip.ratio",
        "zip.total",
        "zip.unpacks_more",
    }
)

Source = bytes | bytearray | BinaryIO | zipfile.ZipFile | str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class ZipLimits:
    """The limits :func:`check_zip` enforces (sizes in bytes; members: uncompressed).

    ``member_sizes``: ``(pattern, limit)`` pairs (:mod:`fnmatch` patterns such as
    ``"xl/worksheets/*.xml"``); a member takes the limit of the first matching
    pattern, else ``max_member_size``. ``max_ratio`` applies to members above
    ``ratio_from`` bytes (small files may compress well without harm).
    ``max_archive_size`` is the archive file itself (compressed).

    >>> ZipLimits(member_sizes=(("*.xml", 10),)).member_limit("a/b.xml")
    10
    """

    max_members: int = MAX_MEMBERS
    max_member_size: int = MAX_MEMBER_SIZE
    max_total_size: int = MAX_TOTAL_SIZE
    max_ratio: float = MAX_RATIO
    ratio_from: int = RATIO_FROM
    member_sizes: tuple[tuple[str, int], ...] = ()
    max_archive_size: int = MAX_ARCHIVE_SIZE

    def member_limit(self, name: str) -> int:
        """The uncompressed size limit of the member ``name``."""
        for pattern, limit in self.member_sizes:
            if fnmatch.fnmatchcase(name, pattern):
                return limit
        return self.max_member_size


def size_text(size: float) -> str:
    """A size for people: ``size_text(1_610_612_736) == '1.5 GiB'``, ``size_text(900) == '900 bytes'``."""
    for unit, factor in (("GiB", 1024**3), ("MiB", MiB), ("KiB", KiB)):
        if size >= factor:
            value = size / factor
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{int(size)} bytes"


def _sizes(size: int, limit: int) -> tuple[str, str]:
    """``size`` and ``limit`` for a message: exact bytes when the rounded texts look the same.

    >>> _sizes(3_000_000, 1_000_000), _sizes(1025, 1024)
    (('2.9 MiB', '977 KiB'), ('1,025 bytes', '1,024 bytes'))
    """
    shown, most = size_text(size), size_text(limit)
    if shown == most:
        return f"{size:,} bytes", f"{limit:,} bytes"
    return shown, most


def _refuse(code: str, text: str, field: str, **params: object) -> FormatError:
    return FormatError(text, field=field, code=code, params=params)


def check_size(size: int, limit: int, *, what: str, field: str = "file") -> None:
    """Refuse a file (an archive or a plain file) of ``size`` bytes above ``limit``.

    >>> check_size(2029, 100, what="x.zip")
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.FormatError: x.zip is 2.0 KiB; the limit is 100 bytes
    """
    if size > limit:
        shown, most = _sizes(size, limit)
        raise _refuse(
            "zip.too_large", f"{what} is {shown}; the limit is {most}", field,
            what=what, size=shown, limit=most,
        )  # fmt: skip


def _detail(exc: Exception, known: tuple[type[Exception], ...]) -> str:
    """What went wrong, short: a long text (a header's bytes) is cut, the message stays whole."""
    text = str(exc)
    if not text:
        detail = type(exc).__name__
    else:
        detail = text if isinstance(exc, known) else f"{type(exc).__name__}: {text}"
    return detail if len(detail) <= 200 else detail[:199] + "…"


def _unreadable(what: str, exc: Exception, field: str) -> FormatError:
    known = (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError)
    detail = _detail(exc, known)
    return FormatError(
        f"{what} is not a readable zip archive ({detail})",
        code="zip.unreadable",
        params={"what": what, "detail": inner(detail)},
        field=field,
    )


def _archive_size(source: Source) -> int | None:
    if isinstance(source, (bytes, bytearray)):
        return len(source)
    if isinstance(source, (str, os.PathLike)):
        return os.stat(source).st_size
    if isinstance(source, zipfile.ZipFile):
        return None
    if not source.seekable():
        return None
    here = source.tell()
    end = source.seek(0, io.SEEK_END)
    source.seek(here)
    return end - here


def _open(source: Source, limits: ZipLimits, what: str, field: str) -> zipfile.ZipFile:
    if isinstance(source, zipfile.ZipFile):
        return source
    try:
        size = _archive_size(source)
        if size is not None:
            check_size(size, limits.max_archive_size, what=what, field=field)
        stream = io.BytesIO(bytes(source)) if isinstance(source, (bytes, bytearray)) else source
        return zipfile.ZipFile(stream)
    except FormatError:
        raise
    except Exception as exc:  # zipfile raises assorted errors on damaged directories
        raise _unreadable(what, exc, field) from None


def _wanted(name: str, wanted: Collection[str] | None) -> bool:
    return wanted is None or name.rsplit("/", 1)[-1].casefold() in wanted


def check_zip(
    source: Source,
    limits: ZipLimits | None = None,
    *,
    what: str = "the archive",
    wanted: Collection[str] | None = None,
    field: str = "file",
) -> zipfile.ZipFile:
    """Check a zip archive (its size and its directory) against ``limits``; return it opened.

    ``source``: the archive's bytes, a binary file, a path or an open
    :class:`zipfile.ZipFile` (returned as it is). ``what`` names the archive in
    messages ("the workbook", "LV-0-csv.zip"). ``wanted``: when given, only the
    members whose file name (without folders, case-folded) is in it are checked
    for encryption, method, size, ratio and the total; the member count always
    counts every member. Raises :class:`FormatError` (with ``field``) on the first
    violation, and for an archive that cannot be read. Nothing is unpacked; the
    caller closes the returned archive (``with check_zip(...) as archive:``).
    """
    limits = limits or ZipLimits()
    names = None if wanted is None else frozenset(w.casefold() for w in wanted)
    archive = _open(source, limits, what, field)
    try:
        _check_directory(archive, limits, what, names, field)
    except BaseException:
        if archive is not source:
            archive.close()
        raise
    return archive


def _check_directory(
    archive: zipfile.ZipFile,
    limits: ZipLimits,
    what: str,
    wanted: Collection[str] | None,
    field: str,
) -> None:
    infos = archive.infolist()
    if len(infos) > limits.max_members:
        raise _refuse(
            "zip.too_many_members",
            f"{what} has {len(infos)} members; the limit is {limits.max_members}", field,
            what=what, count=len(infos), limit=limits.max_members,
        )  # fmt: skip
    total = 0
    for info in infos:
        name = info.filename
        if not name:  # a damaged directory entry (zipfile's is_dir() would fail on it)
            raise _refuse(
                "zip.unnamed_member", f"{what} has a member without a name", field, what=what
            )
        if info.is_dir() or not _wanted(name, wanted):
            continue
        if info.flag_bits & 0x1:
            raise _refuse(
                "zip.encrypted", f"{what}'s {name} is encrypted", field, what=what, name=name
            )
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise _refuse(
                "zip.method",
                f"{what}'s {name} uses compression method {info.compress_type}; only stored "
                "and deflate are read", field,
                what=what, name=name, method=str(info.compress_type),
            )  # fmt: skip
        limit = limits.member_limit(name)
        size, packed = info.file_size, info.compress_size
        if size > limit:
            shown, most = _sizes(size, limit)
            raise _refuse(
                "zip.member_too_large",
                f"{what}'s {name} would unpack to {shown}; the limit is {most}", field,
                what=what, name=name, size=shown, limit=most,
            )  # fmt: skip
        if size > limits.ratio_from and size > limits.max_ratio * max(packed, 1):
            ratio = f"{size / max(packed, 1):.0f}"
            raise _refuse(
                "zip.ratio",
                f"{what}'s {name} would unpack {ratio} times its packed size "
                f"({size_text(packed)} to {size_text(size)}); "
                f"the limit is {limits.max_ratio:g} times", field,
                what=what, name=name, ratio=ratio, packed=size_text(packed), size=size_text(size),
                limit=f"{limits.max_ratio:g}",
            )  # fmt: skip
        total += size
        if total > limits.max_total_size:
            shown, most = _sizes(total, limits.max_total_size)
            raise _refuse(
                "zip.total",
                f"{what}'s {name} would bring the unpacked total to {shown}; the limit is {most}",
                field, what=what, name=name, size=shown, limit=most,
            )  # fmt: skip


def iter_member(
    archive: zipfile.ZipFile,
    name: str | zipfile.ZipInfo,
    limit: int,
    *,
    what: str = "the archive",
    field: str = "file",
) -> Iterator[bytes]:
    """The unpacked bytes of one member in chunks, never more than ``limit`` in all.

    A member that unpacks to more than ``limit`` (whatever it declares) raises
    :class:`FormatError` as soon as the limit is passed, as does a damaged,
    encrypted or otherwise unreadable one.
    """
    label = name.filename if isinstance(name, zipfile.ZipInfo) else name
    seen = 0
    try:
        with archive.open(name) as member:
            while True:
                chunk = member.read(min(CHUNK, limit - seen + 1))
                if not chunk:
                    return
                seen += len(chunk)
                if seen > limit:
                    most = size_text(limit)
                    raise _refuse(
                        "zip.unpacks_more",
                        f"{what}'s {label} unpacks to more than {most} (the limit)", field,
                        what=what, name=label, limit=most,
                    )  # fmt: skip
                yield chunk
    except FormatError:
        raise
    except Exception as exc:  # BadZipFile, zlib.error, RuntimeError (encrypted) ...
        detail = _detail(exc, (zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError))
        raise FormatError(
            f"{what}'s {label} is damaged ({detail})",
            code="zip.damaged",
            params={"what": what, "name": label, "detail": inner(detail)},
            field=field,
        ) from None


def read_member(
    archive: zipfile.ZipFile,
    name: str | zipfile.ZipInfo,
    limit: int,
    *,
    what: str = "the archive",
    field: str = "file",
) -> bytes:
    """One member's unpacked bytes, at most ``limit`` of them (else :class:`FormatError`)."""
    return b"".join(iter_member(archive, name, limit, what=what, field=field))

"""Reading a tournament file's bytes and the dates written in it (shared by the readers).

>>> decode("Müller".encode("cp1252"))
('Müller', 'cp1252')
>>> parse_trf_date("28. 07. 2005")
datetime.date(2005, 7, 28)
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path
from typing import BinaryIO

from wertung.kernel.errors import FormatError, inner

__all__ = ["date_readings", "decode", "parse_trf_date", "read_bytes"]

#: A date is never longer than this (a longer text is not a date).
MAX_DATE_TEXT = 40

# --------------------------------------------------------------------------- text


def decode(data: bytes) -> tuple[str, str]:
    """Decode a file's bytes: UTF-8 (with or without BOM), else cp1252, else Latin-1.

    Returns the text and the name of the encoding used.

    >>> decode("Müller".encode("cp1252"))
    ('Müller', 'cp1252')
    """
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def read_bytes(
    source: str | os.PathLike[str] | bytes | bytearray | BinaryIO,
    *,
    max_bytes: int | None = None,
) -> tuple[bytes, str | None]:
    """The bytes of a path, a bytes object or a binary file, and a file name if known.

    ``max_bytes``: a larger source is a :class:`FormatError` (a path is checked
    before it is read, a file object after at most ``max_bytes + 1`` bytes).
    """

    def check(size: int) -> None:
        if max_bytes is not None and size > max_bytes:
            raise FormatError(
                f"the file has {size:,} bytes or more; the limit is {max_bytes:,}",
                code="file.too_large",
                params={"size": size, "limit": max_bytes},
                field="file",
            )

    if isinstance(source, (bytes, bytearray)):
        check(len(source))
        return bytes(source), None
    if isinstance(source, str) and ("\n" in source or len(source) > 4096):
        raise FormatError(
            "read() takes a path or bytes; use loads() for TRF text",
            code="file.read_takes",
            field="file",
        )
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            check(path.stat().st_size)
            return path.read_bytes(), path.name
        except OSError as exc:
            raise FormatError(
                f"cannot read {str(path)!r}: {exc.strerror or exc}",
                code="file.cannot_read",
                params={"path": repr(str(path)), "reason": inner(exc.strerror or exc)},
                field="file",
            ) from None
    if hasattr(source, "read"):
        data = source.read() if max_bytes is None else source.read(max_bytes + 1)
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise FormatError(
                "the file object did not return bytes", code="file.not_bytes", field="file"
            )
        check(len(data))
        return bytes(data), getattr(source, "name", None)
    raise FormatError(
        f"cannot read a tournament from {type(source).__name__}",
        code="file.cannot_read_from",
        params={"what": str(type(source).__name__)},
        field="file",
    )


# --------------------------------------------------------------------------- dates

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "mär": 3, "mrz": 3, "apr": 4, "may": 5, "mai": 5,
    "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "okt": 10, "nov": 11, "dec": 12,
    "dez": 12,
}  # fmt: skip


def _year(value: int) -> int:
    """A two-digit year as TRF round dates use it (``22`` is 2022, ``98`` is 1998)."""
    if value >= 100:
        return value
    return 2000 + value if value < 70 else 1900 + value


def date_readings(text: str) -> dict[str, dt.date]:
    """Every reading of ``text`` as a date, by spelling, the likeliest first; empty if none.

    A spelling is named by the order of its parts and the text's separator
    (``YY.MM.DD``, ``DD/MM/YYYY``, ``YYYY-MM-DD``; ``YYYYMMDD``, ``D Month YYYY``).
    Four-digit years fix the order but for day and month (``DD.MM.YYYY`` before the US
    ``MM/DD/YYYY``); three two-digit parts can be ``YY.MM.DD``, ``DD.MM.YY`` or
    ``MM.DD.YY``: with dots the German ``DD.MM.YY`` comes first, otherwise the TRF round
    dates' ``YY/MM/DD``. A reader that has other dates to compare chooses among them
    (:func:`wertung.formats._trf_dates.trf_dates`).

    >>> date_readings("10.09.13")
    {'DD.MM.YY': datetime.date(2013, 9, 10), 'YY.MM.DD': datetime.date(2010, 9, 13), 'MM.DD.YY': datetime.date(2013, 10, 9)}
    >>> date_readings("2011/07/02"), date_readings("31.12.2024"), date_readings("soon")
    ({'YYYY/MM/DD': datetime.date(2011, 7, 2)}, {'DD.MM.YYYY': datetime.date(2024, 12, 31)}, {})
    """
    text = text.strip()
    if not text or len(text) > MAX_DATE_TEXT:
        return {}
    groups = re.findall(r"[0-9]+", text)
    if any(len(g) > 8 for g in groups):
        return {}  # no date part has more digits (and int() of them could overflow a date)
    month_word = re.search(r"[^\W\d_]{3,}", text)
    if month_word:
        month = _MONTHS.get(month_word.group(0)[:3].lower())
        if month is None or len(groups) != 2:
            return {}
        a, b = groups
        day, year = (int(a), int(b)) if len(b) == 4 or len(a) <= 2 else (int(b), int(a))
        return _valid({"D Month YYYY": (_year(year), month, day)})
    if len(groups) == 1 and len(groups[0]) == 8:
        g = groups[0]
        return _valid({"YYYYMMDD": (int(g[:4]), int(g[4:6]), int(g[6:]))})
    if len(groups) != 3:
        return {}
    a, b, c = (int(g) for g in groups)
    between = re.match(r"\D*\d+(\D+)", text)
    sep = (between.group(1).strip() or " ")[:1] if between else " "
    if len(groups[0]) == 4:
        return _valid({f"YYYY{sep}MM{sep}DD": (a, b, c)})
    if len(groups[0]) > 2 or len(groups[1]) > 2:
        return {}
    if len(groups[2]) == 4:
        return _valid({f"DD{sep}MM{sep}YYYY": (c, b, a), f"MM{sep}DD{sep}YYYY": (c, a, b)})
    if len(groups[2]) > 2:
        return {}
    ymd, dmy, mdy = (_year(a), b, c), (_year(c), b, a), (_year(c), a, b)
    names = (f"YY{sep}MM{sep}DD", f"DD{sep}MM{sep}YY", f"MM{sep}DD{sep}YY")
    order = (names[1], names[0], names[2]) if sep == "." else names
    values = dict(zip(names, (ymd, dmy, mdy), strict=True))
    return _valid({name: values[name] for name in order})


def _valid(readings: dict[str, tuple[int, int, int]]) -> dict[str, dt.date]:
    out = {}
    for name, (year, month, day) in readings.items():
        try:
            out[name] = dt.date(year, month, day)
        except (ValueError, OverflowError):
            continue
    return out


def parse_trf_date(text: str) -> dt.date | None:
    """Read a date in any of the spellings found in tournament files; None if it is not one.

    The likeliest reading (:func:`date_readings`) when nothing else decides.

    >>> [parse_trf_date(s) for s in ("28. 07. 2005", "2018/10/05", "22/11/11", "May 29, 2020")]
    [datetime.date(2005, 7, 28), datetime.date(2018, 10, 5), datetime.date(2022, 11, 11), datetime.date(2020, 5, 29)]
    """
    readings = date_readings(text)
    return next(iter(readings.values()), None)

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

from ..core.errors import FormatError

__all__ = ["decode", "parse_trf_date", "read_bytes"]

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
                f"the file has {size:,} bytes or more; the limit is {max_bytes:,}", field="file"
            )

    if isinstance(source, (bytes, bytearray)):
        check(len(source))
        return bytes(source), None
    if isinstance(source, str) and ("\n" in source or len(source) > 4096):
        raise FormatError("read() takes a path or bytes; use loads() for TRF text", field="file")
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            check(path.stat().st_size)
            return path.read_bytes(), path.name
        except OSError as exc:
            raise FormatError(
                f"cannot read {str(path)!r}: {exc.strerror or exc}", field="file"
            ) from None
    if hasattr(source, "read"):
        data = source.read() if max_bytes is None else source.read(max_bytes + 1)
        if isinstance(data, str):
            data = data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray)):
            raise FormatError("the file object did not return bytes", field="file")
        check(len(data))
        return bytes(data), getattr(source, "name", None)
    raise FormatError(f"cannot read a tournament from {type(source).__name__}", field="file")


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


def parse_trf_date(text: str) -> dt.date | None:
    """Read a date in any of the spellings found in TRF headers; None if it is not one.

    >>> [parse_trf_date(s) for s in ("28. 07. 2005", "2018/10/05", "22/11/11", "May 29, 2020")]
    [datetime.date(2005, 7, 28), datetime.date(2018, 10, 5), datetime.date(2022, 11, 11), datetime.date(2020, 5, 29)]
    """
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_DATE_TEXT:
        return None
    groups = re.findall(r"[0-9]+", text)
    if any(len(g) > 8 for g in groups):
        return None  # no date part has more digits (and int() of them could overflow a date)
    month_word = re.search(r"[^\W\d_]{3,}", text)
    try:
        if month_word:
            month = _MONTHS.get(month_word.group(0)[:3].lower())
            if month is None or len(groups) != 2:
                return None
            a, b = groups
            day, year = (int(a), int(b)) if len(b) == 4 or len(a) <= 2 else (int(b), int(a))
            return dt.date(_year(year), month, day)
        if len(groups) == 1 and len(groups[0]) == 8:
            g = groups[0]
            return dt.date(int(g[:4]), int(g[4:6]), int(g[6:]))
        if len(groups) != 3:
            return None
        a, b, c = groups
        if len(a) == 4:
            return dt.date(int(a), int(b), int(c))
        if len(c) == 4:
            if int(b) > 12 >= int(a):  # US order: month/day/year
                return dt.date(int(c), int(a), int(b))
            return dt.date(int(c), int(b), int(a))
        if "." in text:  # German DD.MM.YY
            return dt.date(_year(int(c)), int(b), int(a))
        return dt.date(_year(int(a)), int(b), int(c))  # TRF round dates: YY/MM/DD
    except (ValueError, OverflowError):
        return None

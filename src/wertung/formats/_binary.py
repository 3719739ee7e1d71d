"""Bounded reading of binary tournament files (Swiss-Chess ``.SWT``, Swiss-Manager).

Every read checks the bounds first and raises a
:class:`~wertung.kernel.errors.FormatError` that names the offset and what was
being read, so that a damaged file never ends in an ``IndexError`` or
``struct.error``::

    >>> data = Binary(b"\\x05\\x00AB", "demo")
    >>> data.u16(0, "count"), data.text(2, 2, "name")
    (5, 'AB')
    >>> data.u16(3, "count")
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.FormatError: demo: count at offset 0x3 lies beyond the end of the file (4 bytes)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Unpack

from wertung.kernel.errors import FormatError, Place, Where, message, place_of, places, within

#: The place each file kind's label stands for (``SWT: …``).
_LABEL_PLACES = {"SWT": "place.swt", "Swiss-Manager": "place.swiss_manager"}

__all__ = [
    "Binary",
    "Section",
    "Utf16Strings",
    "check_text",
    "described",
    "field_of",
    "game_record",
    "numbered",
    "record",
    "round_schedule",
    "yyyymmdd",
]

#: What a read is of: a word the catalogue knows (``"tournament name"``: its TERMS) or a
#: :class:`Place` that carries its catalogue data (``player record 3 …: the name``).
What = str | Place


def described(what: What) -> dict[str, object]:
    """The catalogue data of ``what``, so that a German message says it in German.

    >>> described("club")
    {'code': 'place.field', 'params': {'name': 'club'}}
    """
    if isinstance(what, Place):
        return what.data
    return message("place.field", name=str(what))


def _joined(text: str, *parts: dict[str, object], sep: str) -> Place:
    return Place(text, places(*parts, sep=sep))


def field_of(where: What, name: str) -> Place:
    """A field of a record: ``player record 3 at offset 0x1a63: national rating``."""
    return _joined(f"{where}: {name}", described(where), described(name), sep=": ")


def numbered(code: str, text: str, n: int) -> Place:
    """One of several numbered things: ``time control period 2``, ``section 3``."""
    return Place(text, places(message(code, n=n)))


def _at(what: What, offset: int, *, brackets: bool) -> Place:
    """``what (offset 0x12)`` or ``what at offset 0x12``."""
    at = format(offset, "#x")
    code, text = ("place.offset", f"{what} (offset {at})") if brackets else (
        "place.at_offset", f"{what} at offset {at}")  # fmt: skip
    return _joined(text, described(what), message(code, offset=at), sep=" ")


def record(kind: str, number: int, offset: int) -> Place:
    """``player record 3 at offset 0x1a63`` (``kind``: ``player`` or ``team``)."""
    at = format(offset, "#x")
    data = message(f"place.{kind}_record", n=number, offset=at)
    return Place(f"{kind} record {number} at offset {at}", places(data))


def game_record(rnd: int, offset: int) -> Place:
    """``round 2, game record at offset 0x26b2``."""
    at = format(offset, "#x")
    return Place(
        f"round {rnd}, game record at offset {at}",
        places(message("place.round", n=rnd), message("place.game_record", offset=at)),
    )


def round_schedule(rnd: int) -> Place:
    """``round 1 of the schedule``."""
    return Place(f"round {rnd} of the schedule", places(message("place.round_schedule", n=rnd)))


#: Characters never found in a name or a title: control characters.
_CONTROL = frozenset({chr(c) for c in range(32)} | {"\x7f"})
#: In a free text of several lines (a tournament's remarks): the line breaks are text.
_CONTROL_IN_LINES = _CONTROL - {"\r", "\n"}


class Binary:
    """The bytes of a file with bounds-checked little-endian reads."""

    __slots__ = ("data", "label")

    def __init__(self, data: bytes, label: str) -> None:
        self.data = data
        self.label = label

    def __len__(self) -> int:
        return len(self.data)

    def error(
        self,
        text: str,
        *,
        code: str,
        params: Mapping[str, object] | None = None,
        **where: Unpack[Where],
    ) -> FormatError:
        """A :class:`FormatError` with the file's label in front (``text``: the English message)."""
        known = _LABEL_PLACES.get(self.label)
        place = places(message(known)) if known else place_of(self.label)
        return FormatError(
            f"{self.label}: {text}",
            code=code,
            params=within(place, params or {}),
            field=self.label.lower(),
            **where,
        )

    def need(self, offset: int, size: int, what: What) -> None:
        """Check that ``size`` bytes at ``offset`` lie inside the file."""
        if offset < 0 or size < 0 or offset + size > len(self.data):
            raise self.error(
                f"{what} at offset {offset:#x} lies beyond the end of the file "
                f"({len(self.data)} bytes)",
                code="binary.beyond_end",
                params={
                    "what": described(what),
                    "offset": format(offset, "#x"),
                    "size": len(self.data),
                },
            )

    def raw(self, offset: int, size: int, what: What) -> bytes:
        """``size`` bytes at ``offset``."""
        self.need(offset, size, what)
        return self.data[offset : offset + size]

    def u8(self, offset: int, what: What) -> int:
        """One unsigned byte."""
        self.need(offset, 1, what)
        return self.data[offset]

    def u16(self, offset: int, what: What) -> int:
        """An unsigned 16-bit little-endian number."""
        self.need(offset, 2, what)
        return int.from_bytes(self.data[offset : offset + 2], "little")

    def u32(self, offset: int, what: What) -> int:
        """An unsigned 32-bit little-endian number."""
        self.need(offset, 4, what)
        return int.from_bytes(self.data[offset : offset + 4], "little")

    def text(self, offset: int, size: int, what: What, *, encoding: str = "cp1252") -> str:
        """A fixed-width text field, cut at the first NUL byte, without trailing blanks.

        Bytes that ``cp1252`` leaves undefined are read as Latin-1; a control
        character makes the field "not valid text".
        """
        raw = self.raw(offset, size, what).split(b"\0", 1)[0]
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        return check_text(text.rstrip(), _at(what, offset, brackets=True), self)


def check_text(text: str, what: What, source: Binary, *, lines: bool = False) -> str:
    """``text`` unless it holds control characters (then a :class:`FormatError`).

    ``lines``: a free text of several lines, whose line breaks (CR, LF) are text;
    every other control character is refused all the same.

    >>> check_text("Open\\r\\nBerlin", "remarks", Binary(b"", "demo"), lines=True)
    'Open\\r\\nBerlin'
    >>> check_text("Open\\r\\nBerlin", "name", Binary(b"", "demo"))
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.FormatError: demo: name is not valid text (control characters)
    """
    refused = _CONTROL_IN_LINES if lines else _CONTROL
    if any(ch in refused for ch in text):
        raise source.error(
            f"{what} is not valid text (control characters)",
            code="binary.control_chars",
            params={"what": described(what)},
        )
    return text


def yyyymmdd(value: int) -> tuple[int | None, dt.date | None]:
    """A birth date stored as the number ``YYYYMMDD`` (``0000`` for unknown month/day).

    Returns the year (None if not plausible) and the full date (None if month or
    day are unknown or the number is no date).

    >>> yyyymmdd(19860615), yyyymmdd(19640000), yyyymmdd(0)
    ((1986, datetime.date(1986, 6, 15)), (1964, None), (None, None))
    """
    year, month, day = value // 10000, value // 100 % 100, value % 100
    if not 1880 <= year <= 2100:
        return None, None
    try:
        return year, dt.date(year, month, day)
    except ValueError:
        return year, None


class Section:
    """A stretch of a file from ``start`` (its marker) to ``end`` (the next section's marker)."""

    __slots__ = ("end", "start")

    def __init__(self, start: int, end: int) -> None:
        self.start, self.end = start, end

    def __repr__(self) -> str:
        return f"Section({self.start:#x}, {self.end:#x})"


class Utf16Strings:
    """Strings one after another (a ``uint16`` count of UTF-16 units, then UTF-16LE text),
    read from ``offset`` on and never past ``end`` (the end of their section).

    >>> data = Binary(b"\\x02\\x00A\\x00B\\x00\\x01\\x00C\\x00", "demo")
    >>> strings = Utf16Strings(data, 0, 10)
    >>> strings.many(2, "names"), strings.offset
    (['AB', 'C'], 10)
    """

    __slots__ = ("data", "end", "offset")

    def __init__(self, data: Binary, offset: int, end: int) -> None:
        self.data, self.offset, self.end = data, offset, end

    def one(self, what: What, *, lines: bool = False) -> str:
        """The next string (``lines``: a free text whose line breaks are kept)."""
        count = self.data.u16(self.offset, what)
        start = self.offset + 2
        if start + 2 * count > self.end:
            raise self.data.error(
                f"{what} at offset {self.offset:#x}: a text of {count} characters runs past "
                f"the end of its section ({self.end:#x})",
                code="binary.text_past_section",
                params={
                    "what": described(what),
                    "offset": format(self.offset, "#x"),
                    "count": count,
                    "end": format(self.end, "#x"),
                },
            )
        raw = self.data.raw(start, 2 * count, what)
        try:
            text = raw.decode("utf-16-le")
        except UnicodeDecodeError:
            raise self.data.error(
                f"{what} at offset {self.offset:#x} is not valid text",
                code="binary.not_text",
                params={"what": described(what), "offset": format(self.offset, "#x")},
            ) from None
        self.offset = start + 2 * count
        return check_text(text, _at(what, start - 2, brackets=False), self.data, lines=lines)

    def many(self, n: int, what: What, *, lines: bool = False) -> list[str]:
        """The next ``n`` strings (``lines``: free texts whose line breaks are kept)."""
        return [
            self.one(
                _joined(f"{what}, text {k}", described(what), message("place.text", n=k), sep=", "),
                lines=lines,
            )
            for k in range(n)
        ]

    def skip(self, size: int, what: What) -> int:
        """Step over ``size`` bytes (a fixed block); returns where they start."""
        if self.offset + size > self.end:
            raise self.data.error(
                f"{what} at offset {self.offset:#x} runs past the end of its section",
                code="binary.past_section",
                params={"what": described(what), "offset": format(self.offset, "#x")},
            )
        offset, self.offset = self.offset, self.offset + size
        return offset

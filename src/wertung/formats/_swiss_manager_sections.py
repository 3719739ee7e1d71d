"""The directory of a Swiss-Manager file: which sections it has and where they lie.

The last 36 bytes of a file are its directory: the marker ``d3 ff 89 44``, seven
``uint32`` offsets and the end marker ``e3 ff 89 44``. The offsets are the
sections one after another, then the directory's own offset, then zeros. Every
section runs from its offset to the next one (the last to the directory) and
starts with its tag byte and ``ff 89 44``.

* The first three sections are the schedule, the players and the board pairings
  (in this order, every file).
* Team files then have the teams and the team pairings.
* Any further section is an *extra*: its length is what the directory gives; it is
  skipped (and named in the notes) unless the reader knows it
  (:data:`~._swiss_manager_layout.EXTRA_TAGS`).

Everything is checked against the file's size and its markers; a directory that
does not fit is a :class:`~wertung.kernel.errors.FormatError`, never a search
through the file::

    >>> from wertung.formats._binary import Binary
    >>> read(Binary(b"\\x93\\xff\\x89\\x44", "demo"))
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.FormatError: demo: not a Swiss-Manager file (no Swiss-Manager header, directory or end marker)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from wertung.formats import _swiss_manager_layout as L
from wertung.formats._binary import Binary, Section, numbered

__all__ = ["Directory", "Extra", "looks_like", "marker", "read"]

_KNOWN = {tag: name for name, tag in L.TAGS.items()}
#: The sections whose damaged marker has a message of its own (the others: ``swm.marker``).
_MARKER_CODES = {"teams": "swm.marker_teams", "matches": "swm.marker_matches"}


def looks_like(data: bytes) -> bool:
    """Whether ``data`` starts and ends like a Swiss-Manager file (markers and directory).

    >>> looks_like(b"\\x93\\xff\\x89\\x44")
    False
    """
    n = L.DIRECTORY_LENGTH
    return (
        len(data) > L.HEADER_FIXED + n
        and data[:4] == bytes([L.TAGS["header"]]) + L.MARKER
        and data[-n : -n + 4] == bytes([L.TAGS["directory"]]) + L.MARKER
        and data[-4:] == bytes([L.TAGS["end"]]) + L.MARKER
    )


def marker(tag: int) -> str:
    """A section marker as the notes write it.

    >>> marker(0xC5)
    'c5 ff 89 44'
    """
    return " ".join(f"{b:02x}" for b in bytes([tag]) + L.MARKER)


@dataclass(frozen=True, slots=True)
class Extra:
    """A section after the known ones: its place in the directory (1, 2, ...), tag and extent."""

    number: int
    tag: int
    section: Section

    @property
    def size(self) -> int:
        """Its length in bytes, marker included."""
        return self.section.end - self.section.start


@dataclass(frozen=True, slots=True)
class Directory:
    """The sections of a file: the known ones by name, the extra ones in order."""

    offset: int
    sections: dict[str, Section]
    extras: tuple[Extra, ...]

    @property
    def team(self) -> bool:
        """Whether the team sections are there."""
        return "teams" in self.sections


def read(data: Binary) -> Directory:
    """The directory of a Swiss-Manager file, every section's marker checked."""
    if not looks_like(data.data):
        header = bytes([L.TAGS["header"]]) + L.MARKER
        if data.data[:4] == header and len(data) > L.HEADER_FIXED + L.DIRECTORY_LENGTH:
            raise data.error(
                f"the file ({len(data)} bytes) has no directory and end marker in its last "
                f"{L.DIRECTORY_LENGTH} bytes (from offset {len(data) - L.DIRECTORY_LENGTH:#x}): "
                "cut short or damaged",
                code="swm.cut_short",
                params={
                    "size": len(data),
                    "length": L.DIRECTORY_LENGTH,
                    "offset": format(len(data) - L.DIRECTORY_LENGTH, "#x"),
                },
            )
        raise data.error(
            "not a Swiss-Manager file (no Swiss-Manager header, directory or end marker)",
            code="swm.not_swiss_manager",
        )
    directory = len(data) - L.DIRECTORY_LENGTH
    offsets = [data.u32(directory + 4 + 4 * k, "directory entry") for k in range(7)]
    count = offsets.index(directory) if directory in offsets else 0
    if count < len(L.INDIVIDUAL_SECTIONS):
        raise _layout(data, directory)
    if any(offsets[count + 1 :]):
        raise data.error(
            f"the directory at offset {directory:#x} lists unknown sections",
            code="swm.directory_unknown",
            params={"offset": format(directory, "#x")},
        )
    starts = offsets[:count]
    if not (
        starts[0] > L.HEADER_FIXED
        and all(a < b for a, b in itertools.pairwise(starts))
        and starts[-1] < directory
    ):
        raise data.error(
            f"the directory at offset {directory:#x} has offsets out of order",
            code="swm.directory_order",
            params={"offset": format(directory, "#x")},
        )
    bounds = [Section(a, b) for a, b in itertools.pairwise([*starts, directory])]
    names = list(L.INDIVIDUAL_SECTIONS)
    if _team_sections(data, bounds):
        if len(bounds) < len(L.TEAM_SECTIONS):
            raise _layout(data, directory)  # the teams without their team pairings
        names = list(L.TEAM_SECTIONS)
    sections = {}
    for name, section in zip(names, bounds, strict=False):
        tag = data.u8(section.start, f"{name} section")
        if data.raw(section.start + 1, 3, f"{name} section") != L.MARKER or tag != L.TAGS[name]:
            raise data.error(
                f"the {name} section does not start with its marker at {section.start:#x}",
                code=_MARKER_CODES.get(name, "swm.marker"),
                params={"name": name, "offset": format(section.start, "#x")},
            )
        sections[name] = section
    extras = tuple(_extra(data, k, s) for k, s in enumerate(bounds, 1) if k > len(names))
    return Directory(directory, sections, extras)


def _layout(data: Binary, directory: int) -> Exception:
    return data.error(
        f"the directory at offset {directory:#x} does not describe a layout wertung "
        "reads (the file is damaged, or of a Swiss-Manager version not known yet)",
        code="swm.directory_layout",
        params={"offset": format(directory, "#x")},
    )


def _team_sections(data: Binary, bounds: list[Section]) -> bool:
    """Whether the sections after the board pairings are the teams and the team pairings:
    the fourth has the teams' tag or the fifth the team pairings' tag."""
    first = len(L.INDIVIDUAL_SECTIONS)
    tags = [data.u8(s.start, "section tag") for s in bounds[first : first + 2]]
    return tags[:1] == [L.TAGS["teams"]] or tags[1:] == [L.TAGS["matches"]]


def _extra(data: Binary, number: int, section: Section) -> Extra:
    """An extra section: any tag but a known one, followed by the marker."""
    start = section.start
    what = numbered("place.section", f"section {number}", number)
    tag = data.u8(start, what)
    if data.raw(start + 1, 3, what) != L.MARKER:
        raise data.error(
            f"section {number} of the directory does not start with a section marker at {start:#x}",
            code="swm.section_marker",
            params={"n": number, "offset": format(start, "#x")},
        )
    if tag in _KNOWN:
        raise data.error(
            f"section {number} of the directory (at {start:#x}) has the marker of the "
            f"{_KNOWN[tag]} section: a layout wertung does not read",
            code="swm.section_known_tag",
            params={"n": number, "offset": format(start, "#x"), "name": str(_KNOWN[tag])},
        )
    return Extra(number, tag, section)

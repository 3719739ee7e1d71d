"""One entry point for every tournament source.

:func:`load_tournament` takes what a user hands over -- a chess-results.com link
or number, a ``.json``, ``.trf``/``.tab``, ``.xlsx`` file, a Swiss-Chess ``.SWT``
or Swiss-Manager file (``.TUNX``/``.TURX``, or the team files ``.TUMX``/``.TUTX``,
which come with their teams and line-ups: a league season), or chess-results pages
saved from a browser (``.html``, several at once), a DSB XML 2.5 file (``.xml``, the
report to the DSB's rating portal), the older DeWIS XML (``.xml``, root ``<dewis>``) or
the ELOBASE/DeWIS text file Swiss-Chess writes for the rating office (``.swi``; also
when it was sent as ``.txt``) -- and returns the
:class:`~wertung.Tournament`.
A file of a kind wertung does not read is named as what it is, never taken for a link.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wertung.kernel.errors import FormatError, SourceError, inner, place_of
from wertung.tournament._model import Tournament

if TYPE_CHECKING:  # pragma: no cover
    from wertung.tournament._season import History

__all__ = ["history", "load_tournament", "refine_kind", "source_kind"]

_TRF = {".trf", ".tab", ".trfx", ".txt"}
_HTML = {".html", ".htm"}
_SWISS_MANAGER = {".tunx", ".turx", ".tumx", ".tutx"}
#: Files users have that wertung does not read, by suffix: what they are.
_KNOWN_OTHERS = {
    ".tun": "an old Swiss-Manager file (.TUN); save it as .TUNX in Swiss-Manager",
    ".tur": "an old Swiss-Manager file (.TUR); save it as .TURX in Swiss-Manager",
    ".pgn": "a PGN game file (moves, not a crosstable); export the tournament as TRF instead",
    ".csv": "a CSV file; wertung reads TRF, Excel (.xlsx), Swiss-Chess and Swiss-Manager files",
    ".xls": "an old Excel file (.xls); save it as .xlsx",
    ".ods": "an OpenDocument spreadsheet; save it as .xlsx",
    ".pdf": "a PDF; wertung reads TRF, Excel, Swiss-Chess and Swiss-Manager files",
    ".zip": "a zip archive; unpack it first",
}


def source_kind(source: str | os.PathLike[str]) -> str:
    """``json``, ``trf``, ``xlsx``, ``swt``, ``swiss-manager``, ``html``, ``dsb-xml``, ``swi``,
    ``chess-results`` or ``other`` (a file of a kind wertung does not read) for one source,
    by its name (:func:`refine_kind` corrects it by the content)."""
    text = os.fspath(source)
    suffix = Path(text).suffix.lower()
    if suffix == ".xml":
        return "dsb-xml"
    if suffix == ".swi":
        return "swi"
    if suffix == ".swt":
        return "swt"
    if suffix in _SWISS_MANAGER:
        return "swiss-manager"
    if suffix in _KNOWN_OTHERS:
        return "other"
    if suffix == ".json":
        return "json"
    if suffix in _TRF:
        return "trf"
    if suffix in (".xlsx", ".xlsm"):
        return "xlsx"
    if suffix in _HTML:
        return "html"
    return "chess-results"


def load_tournament(
    sources: Sequence[str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    progress: Callable[[str], None] | None = None,
    birth_years: bool = False,
) -> Tournament:
    """Read a tournament from one source (or several saved chess-results pages)."""
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    if not sources:
        raise SourceError("no tournament source given", code="source.none", field="source")
    for source in sources:
        if _is_folder(source):
            raise SourceError(
                f"{os.fspath(source)} is a folder: give a tournament file in it, or a "
                "chess-results link",
                code="source.folder",
                params={"path": os.fspath(source)},
                field="source",
            )
    kinds = {source_kind(s) for s in sources}
    if len(sources) > 1 and kinds != {"html"}:
        raise SourceError(
            "several sources can only be chess-results pages saved as .html",
            code="source.several_html",
            field="source",
        )
    kind = kinds.pop()
    if kind == "chess-results" and _is_file(sources[0]):
        kind = _sniff(Path(sources[0]))
    elif kind in _SHARED_SUFFIX and _is_file(sources[0]):
        kind = refine_kind(kind, _head(Path(sources[0])))
    if kind == "other":
        suffix = Path(os.fspath(sources[0])).suffix.lower()
        what = _KNOWN_OTHERS.get(suffix, "a file of a kind wertung does not read")
        kind = suffix[1:] if suffix in _KNOWN_OTHERS else "other"
        raise FormatError(
            f"{os.fspath(sources[0])}: {what}",
            code=f"file.kind.{kind}",
            params={"context": place_of(os.fspath(sources[0]))},
            field="source",
        )
    if kind != "chess-results":
        for source in sources:
            if not Path(source).is_file():
                raise FormatError(
                    f"file not found: {os.fspath(source)}",
                    code="file.not_found",
                    params={"path": str(os.fspath(source))},
                    field="source",
                )
    if kind == "json":
        from wertung.formats import tournament_json

        return tournament_json.load(sources[0])
    if kind == "trf":
        from wertung.formats import trf

        return trf.read(sources[0])
    if kind == "xlsx":
        from wertung.formats import xlsx

        return xlsx.read(sources[0])
    if kind == "swt":
        from wertung.formats import swt

        return swt.read(sources[0])
    if kind == "swiss-manager":
        from wertung.formats import swiss_manager

        return swiss_manager.read(sources[0])
    if kind == "dsb-xml":
        from wertung.formats import dsb_xml

        return dsb_xml.load(sources[0])
    if kind == "dewis-xml":
        from wertung.formats import dewis_xml

        return dewis_xml.read(sources[0])
    if kind == "swi":
        from wertung.formats import swi

        return swi.read(sources[0])
    from wertung.sources import chessresults

    if kind == "html":
        return chessresults.parse_saved_pages(list(sources))
    return chessresults.import_tournament(
        os.fspath(sources[0]), progress=progress, birth_years=birth_years
    )


def _is_folder(source: str | os.PathLike[str]) -> bool:
    try:
        return Path(source).is_dir()
    except (OSError, ValueError):
        return False


def _is_file(source: str | os.PathLike[str]) -> bool:
    try:
        return Path(source).is_file()
    except (OSError, ValueError):
        return False


def _sniff(path: Path) -> str:
    """The kind of an existing file without a known suffix, by its first bytes."""
    return sniff_bytes(_head(path, _SNIFF_LIMIT))


def _head(path: Path, limit: int = 8192) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(limit)
    except OSError as exc:
        raise FormatError(
            f"{path}: cannot read the file ({exc.strerror})",
            code="file.cannot_read_file",
            params={"path": path, "reason": inner(exc.strerror)},
            field="source",
        ) from exc


#: Suffixes two formats share: the content tells them apart (:func:`refine_kind`).
_SHARED_SUFFIX = frozenset({"dsb-xml", "trf"})


def refine_kind(kind: str, head: bytes) -> str:
    """The kind a suffix gave, corrected by the file's first bytes where two formats share
    a suffix: an older DeWIS XML file is ``.xml`` like DSB XML 2.5, and the ``.swi`` text
    file is often sent as ``.txt``.

    >>> refine_kind("dsb-xml", b'<?xml version="1.0"?><dewis>'), refine_kind("trf", b"012 Open")
    ('dewis-xml', 'trf')
    """
    from wertung.formats import dewis_xml, swi

    if kind == "dsb-xml" and dewis_xml.looks_like(head):
        return "dewis-xml"
    if kind == "trf" and swi.looks_like(head):
        return "swi"
    return kind


#: How much of a file without a known suffix is read to tell its kind (binary
#: tournament files are recognised from their whole content).
_SNIFF_LIMIT = 8 * 1024 * 1024


def sniff_bytes(head: bytes) -> str:
    """The kind of a file from its content (``other`` when none fits)."""
    from wertung.formats import dewis_xml, dsb_xml, swi, swiss_manager, swt

    stripped = head.lstrip()
    if head[:2] == b"PK":
        return "xlsx"
    if stripped[:1] == b"{":
        return "json"
    if dewis_xml.looks_like(head):
        return "dewis-xml"
    if dsb_xml.looks_like(head):
        return "dsb-xml"
    if stripped[:1] == b"<":
        return "html"
    if swt.looks_like(head):
        return "swt"
    if swiss_manager.looks_like(head):
        return "swiss-manager"
    if swi.looks_like(head):
        return "swi"
    if head[:3] in (b"012", b"001") or b"\n001 " in head or b"\n012 " in head:
        return "trf"
    return "other"


def history(
    tournaments: Sequence[Tournament | str | os.PathLike[str]],
    *,
    dsb_list: object = None,
    **options: Any,
) -> History:
    """:func:`wertung.tournament.history` over sources: each source is read (anything
    :func:`load_tournament` reads, or a :class:`Tournament`), and with ``dsb_list`` (a
    :class:`~wertung.sources.store.Store`, or ``True`` for the default one) each player's
    index, birth year and membership are filled in from the DSB list where a source lacks
    them. ``options`` (``players``, ``file_ratings``, ``method``, ``exceptional_players``)
    as there.
    """
    from wertung.tournament._season import history as chain

    loaded = [t if isinstance(t, Tournament) else load_tournament(t) for t in tournaments]
    enrich = None
    if dsb_list:
        from wertung.sources import dsb_list as dsb
        from wertung.sources.store import Store

        store = dsb_list if isinstance(dsb_list, Store) else None

        def enrich(tournament: Tournament) -> Tournament:
            return dsb.enrich(tournament, store=store).tournament

    return chain(loaded, enrich=enrich, **options)

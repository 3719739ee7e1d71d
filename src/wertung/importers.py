"""One entry point for every tournament source.

:func:`load_tournament` takes what a user hands over -- a chess-results.com link
or number, a ``.json``, ``.trf``/``.tab``, ``.xlsx`` file, or chess-results pages
saved from a browser (``.html``, several at once) -- and returns the
:class:`~wertung.Tournament`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from .core.errors import FormatError, SourceError
from .core.model import Tournament

__all__ = ["load_tournament", "source_kind"]

_TRF = {".trf", ".tab", ".trfx", ".txt"}
_HTML = {".html", ".htm"}


def source_kind(source: str | os.PathLike[str]) -> str:
    """``json``, ``trf``, ``xlsx``, ``html`` or ``chess-results`` for one source."""
    text = os.fspath(source)
    suffix = Path(text).suffix.lower()
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
    sources: Sequence[str | os.PathLike[str]] | str,
    *,
    progress: Callable[[str], None] | None = None,
    birth_years: bool = False,
) -> Tournament:
    """Read a tournament from one source (or several saved chess-results pages)."""
    if isinstance(sources, (str, os.PathLike)):
        sources = [sources]
    if not sources:
        raise SourceError("no tournament source given", field="source")
    kinds = {source_kind(s) for s in sources}
    if len(sources) > 1 and kinds != {"html"}:
        raise SourceError(
            "several sources can only be chess-results pages saved as .html", field="source"
        )
    kind = kinds.pop()
    if kind != "chess-results":
        for source in sources:
            if not Path(source).is_file():
                raise FormatError(f"file not found: {os.fspath(source)}", field="source")
    if kind == "json":
        from .formats import tournament_json

        return tournament_json.load(sources[0])
    if kind == "trf":
        from .formats import trf

        return trf.read(sources[0])
    if kind == "xlsx":
        from .formats import xlsx

        return xlsx.read(sources[0])
    from .sources import chessresults

    if kind == "html":
        return chessresults.parse_saved_pages(list(sources))
    return chessresults.import_tournament(
        os.fspath(sources[0]), progress=progress, birth_years=birth_years
    )

"""Tournament input for the web: link, uploaded file or JSON → stored, evaluated, exported.

The importers and the evaluation belong to the engine; this module only picks
the importer for what the user gave, stores the imported tournament (JSON
format) under a content hash for a shareable URL, and turns the evaluation
into table rows, CSV and JSON.
"""

from __future__ import annotations

import csv
import importlib
import io
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..core.errors import FormatError, WertungError
from ..core.model import Tournament
from ..formats import tournament_json

__all__ = [
    "UnavailableError",
    "evaluate",
    "from_upload",
    "import_link",
    "normalise_link",
    "to_csv",
]


class UnavailableError(WertungError):
    """A part of the engine this request needs is not installed in this build."""


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def from_upload(filename: str, content: bytes) -> Tournament:
    """Read an uploaded tournament: JSON, TRF or an xlsx export (by name, then by content)."""
    name = (filename or "").lower()
    if name.endswith(".xlsx") or content[:2] == b"PK":
        xlsx = _module("wertung.formats.xlsx")
        if xlsx is None:
            raise UnavailableError("reading Excel files is not available yet", field="file")
        return xlsx.read(io.BytesIO(content))
    if name.endswith(".json") or content.lstrip()[:1] == b"{":
        return tournament_json.loads(content)
    trf = _module("wertung.formats.trf")
    if trf is None:
        raise UnavailableError("reading TRF files is not available yet", field="file")
    if not content.strip():
        raise FormatError("the file is empty", field="file")
    return trf.read(content)


def normalise_link(link: str) -> int:
    """The tournament number of a chess-results link; refuses every other link."""
    from ..sources.chessresults import tournament_number

    return tournament_number(link)


def import_link(
    link: str,
    *,
    client: object | None = None,
    progress: Callable[..., None] | None = None,
) -> Tournament:
    """Import a chess-results tournament (only for links the importer accepts)."""
    normalise_link(link)  # raises SourceError for anything but chess-results
    source = _module("wertung.sources.chessresults")
    importer = getattr(source, "import_tournament", None)
    if importer is None:
        raise UnavailableError(
            "the chess-results import is not available yet; upload a file instead", field="link"
        )
    return importer(link, client=client, progress=progress)


@lru_cache(maxsize=64)
def _evaluate_cached(key: str, body: str) -> Any:
    import json

    import wertung

    tournament = tournament_json.from_dict(json.loads(body))
    return wertung.evaluate(tournament)


def evaluate(key: str, data: dict[str, Any]) -> Any:
    """The engine's evaluation of a stored tournament (cached per process by key)."""
    import json

    import wertung

    if not hasattr(wertung, "evaluate"):
        raise UnavailableError("the tournament evaluation is not available yet")
    return _evaluate_cached(key, json.dumps(data, sort_keys=True))


CSV_COLUMNS = (
    "id", "name", "status", "dwz_before", "index_before", "dwz_after", "index_after", "change",
    "elo_before", "elo_after", "elo_change", "points", "score", "counted_games",
    "expected_score", "development_factor", "development_coefficient", "performance",
)  # fmt: skip


def to_csv(evaluation: Any) -> str:
    """One row per player with the columns of the table (the engine's names)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for player in evaluation.to_dict()["players"]:
        writer.writerow(["" if player.get(c) is None else player.get(c) for c in CSV_COLUMNS])
    return out.getvalue()

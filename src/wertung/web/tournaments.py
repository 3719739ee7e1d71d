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
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.errors import FormatError, InvalidDate, WertungError
from ..core.model import Tournament
from ..formats import tournament_json
from . import enrich

__all__ = [
    "Outcome",
    "UnavailableError",
    "evaluate",
    "from_upload",
    "import_link",
    "normalise_link",
    "to_csv",
    "to_dict",
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


@dataclass(frozen=True)
class Outcome:
    """A stored import evaluated: the prepared tournament and the evaluation (or why not).

    ``needs_end_date``: the tournament (after the corrections) has no end date, so it
    cannot be evaluated until the user gives one; ``error``: any other refusal.
    """

    prepared: enrich.Prepared
    evaluation: Any = None
    error: WertungError | None = None

    @property
    def needs_end_date(self) -> bool:
        return isinstance(self.error, InvalidDate) and self.error.field == "end_date"


@lru_cache(maxsize=64)
def _outcome_cached(key: str, body: str, query: str) -> Outcome:
    import json
    from urllib.parse import parse_qsl

    import wertung

    record = json.loads(body)
    tournament_ids = [str(p.get("id")) for p in enrich.record_tournament(record)["players"]]
    corrections = enrich.Corrections.from_query(dict(parse_qsl(query)), tournament_ids)
    prepared = enrich.prepare(record, corrections)
    try:
        return Outcome(prepared, wertung.evaluate(prepared.tournament))
    except WertungError as error:
        return Outcome(prepared, None, error)


def evaluate(
    key: str, record: dict[str, Any], corrections: enrich.Corrections | None = None
) -> Outcome:
    """The engine's evaluation of a stored import with ``corrections`` (cached per process).

    Raises the corrections' :class:`InvalidInput`; errors of the evaluation itself are in
    :attr:`Outcome.error`.
    """
    import json

    import wertung

    if not hasattr(wertung, "evaluate"):
        raise UnavailableError("the tournament evaluation is not available yet")
    query = (corrections or enrich.Corrections()).query()
    return _outcome_cached(key, json.dumps(record, sort_keys=True), query)


CSV_COLUMNS = (
    "id", "name", "status", "dwz_before", "index_before", "dwz_after", "index_after", "change",
    "dwz_after_lowest", "dwz_after_highest", "elo_before", "elo_after", "elo_change", "points",
    "score", "counted_games", "expected_score", "development_factor", "development_coefficient",
    "performance", "birth_year", "member", "dwz_source", "index_source", "birth_year_source",
    "member_source",
)  # fmt: skip


def to_dict(outcome: Outcome, key: str) -> dict[str, Any]:
    """The API's and the JSON export's answer: the evaluation, provenance, list, share key.

    Top level as the engine's ``to_dict()`` (``complete``, ``incomplete``, ``notes``,
    ``warnings``, ...), plus ``key``, ``corrections`` (the URL query that reproduces
    them) and ``dsb_list``; each player gets ``provenance`` (field → ``source``/``list``/
    ``user``/``assumed``), ``birth_year`` and ``member`` as used.
    """
    prepared = outcome.prepared
    result = outcome.evaluation.to_dict()
    players = {p.id: p for p in prepared.tournament.players}
    for item in result["players"]:
        player = players.get(item["id"])
        item["provenance"] = dict(prepared.provenance.get(item["id"], {}))
        if player is not None:
            item["birth_year"] = player.birth_year
            item["member"] = player.member
    result["key"] = key
    result["corrections"] = prepared.corrections.query()
    result["dsb_list"] = prepared.summary()
    return result


def to_csv(outcome: Outcome) -> str:
    """Leading ``#`` rows (completeness, notes, warnings, list), then one row per player.

    The leading rows have two cells: ``# <what>`` and the text, e.g. ``# incomplete`` and
    a reason; the table follows with the header row :data:`CSV_COLUMNS`.
    """
    evaluation = outcome.evaluation
    prepared = outcome.prepared
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["# tournament", evaluation.name])
    writer.writerow(["# complete", "yes" if evaluation.complete else "no"])
    if evaluation.played_rounds is not None:
        writer.writerow(
            ["# played_rounds", f"{evaluation.played_rounds} of {evaluation.rounds or '?'}"]
        )
    for reason in evaluation.incomplete:
        writer.writerow(["# incomplete", reason])
    for note in evaluation.notes:
        writer.writerow(["# note", note])
    for warning in evaluation.warnings:
        writer.writerow(["# warning", warning])
    summary = prepared.summary()
    if summary["note"]:
        writer.writerow(["# dsb_list", summary["note"]])
    elif summary["list"]:
        writer.writerow(["# dsb_list", f"list of {summary['list'].get('list_date') or '?'}"])
    if summary["corrections"]:
        writer.writerow(["# corrections", summary["corrections"]])
    writer.writerow(CSV_COLUMNS)
    data = to_dict(outcome, "")
    for player in data["players"]:
        span = player.get("index_range") or {}
        row = dict(player)
        row["dwz_after_lowest"] = span.get("lowest")
        row["dwz_after_highest"] = span.get("highest")
        for name, kind in player["provenance"].items():
            row[f"{name}_source"] = kind
        writer.writerow(["" if row.get(c) is None else row.get(c) for c in CSV_COLUMNS])
    return out.getvalue()

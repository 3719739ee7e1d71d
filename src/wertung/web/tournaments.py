"""Tournament input for the web: link, uploaded file or JSON → stored, evaluated, exported.

The importers and the evaluation belong to the engine; this module only picks
the importer for what the user gave, stores the imported tournament (JSON
format) under a content hash for a shareable URL, and turns the evaluation
into table rows, CSV and JSON.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wertung.catalogue import render
from wertung.catalogue.formatting import date
from wertung.catalogue.words import word
from wertung.formats import tournament_json
from wertung.kernel.errors import FormatError, InvalidDate, WertungError, place_of
from wertung.tournament._model import Tournament
from wertung.web import enrich
from wertung.web.bounded import WorkFailed
from wertung.web.cache import ByteLRU

__all__ = [
    "MAX_FILES",
    "Outcome",
    "UnavailableError",
    "check_evaluates",
    "evaluate",
    "from_upload",
    "from_uploads",
    "import_link",
    "normalise_link",
    "other_kind",
    "team_view_of",
    "to_csv",
    "to_dict",
    "upload_kind",
]


class UnavailableError(WertungError):
    """A part of the engine this request needs is not installed in this build."""


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


_TRF_SUFFIXES = (".trf", ".tab", ".trfx", ".txt")
_SWISS_MANAGER_SUFFIXES = (".tunx", ".turx", ".tumx", ".tutx")
#: Files users have that wertung does not read: suffix → kind (``upload.kind.<kind>``).
_OTHER_SUFFIXES = {
    ".pgn": "pgn", ".pdf": "pdf", ".xls": "xls", ".ods": "ods", ".csv": "csv", ".zip": "zip",
    ".tun": "tun", ".tur": "tur", ".doc": "doc", ".docx": "doc",
}  # fmt: skip
#: The same by the first bytes (a file without a telling name).
_OTHER_CONTENT = ((b"[Event ", "pgn"), (b"%PDF", "pdf"), (b"\xd0\xcf\x11\xe0", "xls"))


def upload_kind(filename: str, content: bytes) -> str:
    """``json``, ``trf``, ``xlsx``, ``swt``, ``swiss-manager``, ``dsb-xml``, ``dewis-xml``,
    ``swi``, ``html`` or ``other``.

    By the file name's suffix first (corrected by the content where two formats share
    it: ``.xml``, ``.txt``), then (no or an unknown suffix) by the content.

    >>> upload_kind("Open.SWT", b""), upload_kind("x.TURX", b""), upload_kind("x", b"{}")
    ('swt', 'swiss-manager', 'json')
    """
    from wertung.importers import refine_kind, sniff_bytes, source_kind

    name = (filename or "").strip()
    if "." in name:
        kind = source_kind(name)
        if kind != "chess-results":  # a suffix the importers know
            return refine_kind(kind, content[:8192])
    return sniff_bytes(content)


def other_kind(filename: str, content: bytes) -> str:
    """What a file wertung does not read is: ``pgn``, ``pdf``, ``xls``, ... or ``unknown``.

    >>> other_kind("Partien.PGN", b""), other_kind("", b"%PDF-1.7"), other_kind("x", b"hi")
    ('pgn', 'pdf', 'unknown')
    """
    kind = _OTHER_SUFFIXES.get(Path(filename or "").suffix.lower())
    head = content.lstrip()[:16]
    for start, name in _OTHER_CONTENT:
        if kind is None and head.startswith(start):
            kind = name
    return kind or "unknown"


def _other(filename: str, content: bytes) -> FormatError:
    """The error for a file of a kind wertung does not read: what it is (``file_kind``)."""
    kind = other_kind(filename, content)
    label = Path(filename).name[:80] if filename else "the file"
    what = word(f"upload.kind.{kind}", "en")
    return FormatError(
        f"{label}: {what}",
        code=f"file.kind.{kind}",
        params={"context": place_of(label)},
        field="file",
        file_kind=kind,
    )


def from_upload(filename: str, content: bytes) -> Tournament:
    """Read an uploaded tournament (by name, then by content).

    JSON, TRF, an xlsx export, a Swiss-Chess ``.SWT``, a Swiss-Manager file (``.TUNX``,
    ``.TURX``, the team files ``.TUMX``/``.TUTX``), a DSB XML 2.5 file (the report to the
    rating portal), an older DeWIS XML file, the ELOBASE/DeWIS text file ``.swi`` or a
    saved chess-results page; any
    other file is refused with a :class:`FormatError` (``field="file"``) that names what
    it is (a PGN, a PDF, a Swiss-Manager team file of a layout wertung does not know, ...).
    """
    if not content.strip():
        raise FormatError("the file is empty", code="file.empty", field="file")
    kind = upload_kind(filename, content)
    if kind == "xlsx":
        xlsx = _module("wertung.formats.xlsx")
        if xlsx is None:
            raise UnavailableError(
                "reading Excel files is not available yet",
                code="web.xlsx_unavailable",
                field="file",
            )
        return xlsx.read(io.BytesIO(content))
    if kind == "json":
        return tournament_json.loads(content)
    if kind == "swt":
        from wertung.formats import swt

        return _as_file_error(swt.read, content)
    if kind == "swiss-manager":
        from wertung.formats import swiss_manager

        return _as_file_error(swiss_manager.read, content)
    if kind == "dsb-xml":
        from wertung.formats import dsb_xml

        return _as_file_error(dsb_xml.load, content)
    if kind == "dewis-xml":
        from wertung.formats import dewis_xml

        return _as_file_error(dewis_xml.read, content)
    if kind == "swi":
        from wertung.formats import swi

        return _as_file_error(swi.read, content)
    if kind == "html":
        return from_uploads([(filename, content)])[0]
    if kind == "trf":
        trf = _module("wertung.formats.trf")
        if trf is None:
            raise UnavailableError(
                "reading TRF files is not available yet", code="web.trf_unavailable", field="file"
            )
        return trf.read(content)
    raise _other(filename, content)


#: The codes of a Swiss-Manager team file of a layout wertung does not know (``file_kind="team"``).
TEAM_LAYOUT_CODES = frozenset(
    {"swm.team_layout_kind", "swm.team_layout_tumx", "swm.team_layout_tutx"}
)


#: The most files one upload takes (every round's pairings of a long event, the crosstable,
#: the starting rank, the round dates and a few player cards).
MAX_FILES = 30

#: The views of saved chess-results pages by what they give (``upload.view.<name>``).
_VIEW_NAMES = {
    "starting rank": "starting_rank", "ranking": "ranking", "pairings": "pairings",
    "crosstable": "crosstable", "player card": "player_card", "round dates": "round_dates",
    "not-paired list": "not_paired", "board pairings": "board_pairings",
    "team pairings": "team_pairings", "team players": "team_players",
    "team event page": "team_other",
}  # fmt: skip


def from_uploads(files: list[tuple[str, bytes]]) -> tuple[Tournament, dict[str, Any] | None]:
    """Read one upload of one or several files: the tournament and, for saved chess-results
    pages, which views were given and which are still missing (``{"got": [...],
    "missing": [...]}``, names as in ``upload.view.<name>``; None for any other file).

    Several files must all be saved chess-results pages (``.html``) of one event, joined
    as the command line joins them (:func:`wertung.sources.chessresults.parse_saved_pages`);
    a file of another kind among them is refused (``field="file"``, ``file_kind="mixed"``).

    >>> from_uploads([("a.trf", b"012 x"), ("b.html", b"<html>")])
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.FormatError: a.trf: several files at once can only be chess-results pages saved as .html
    """
    if not files:
        raise FormatError("no file given", code="web.no_file", field="file")
    if len(files) > MAX_FILES:
        raise FormatError(
            f"at most {MAX_FILES} files in one upload", code="web.too_many_files",
            params={"limit": MAX_FILES}, field="file",
        )  # fmt: skip
    if len(files) == 1 and upload_kind(*files[0]) != "html":
        return from_upload(*files[0]), None
    for filename, content in files:
        if not content.strip():
            label = Path(filename).name[:80] if filename else "a file"
            raise FormatError(
                f"the file {label} is empty", code="web.file_empty", params={"label": label},
                field="file",
            )  # fmt: skip
        if upload_kind(filename, content) != "html":
            label = Path(filename).name[:80] if filename else "a file"
            raise FormatError(
                f"{label}: several files at once can only be chess-results pages saved as .html",
                code="web.files_mixed_here", params={"context": place_of(label)},
                field="file", file_kind="mixed",
            )  # fmt: skip
    return _as_file_error(_saved_pages, [content for _name, content in files])


def _saved_pages(contents: list[bytes]) -> tuple[Tournament, dict[str, Any]]:
    """The tournament of saved chess-results pages and the views given and missing."""
    from wertung.sources.chessresults import build_tournament, parse_page
    from wertung.sources.chessresults._where import SAVED_PAGES, page_place

    pages = [parse_page(html, where=page_place(n)) for n, html in enumerate(contents, start=1)]
    tournament = build_tournament(pages, where=SAVED_PAGES)
    kinds = [page.kind for page in pages]
    got = list(dict.fromkeys(_VIEW_NAMES.get(kind, "team_other") for kind in kinds))
    return tournament, {"got": got, "missing": _missing_views(set(kinds), tournament)}


def _missing_views(kinds: set[str], tournament: Tournament) -> list[str]:
    """The views still to add: what gives the results and what gives the ratings."""
    if tournament.teams or kinds & {"board pairings", "team pairings", "team players"}:
        missing = [] if "board pairings" in kinds else ["board_pairings"]
        return missing + ([] if "team players" in kinds else ["team_players"])
    missing = []
    rounds = {g.round for g in tournament.games} | {b.round for b in tournament.byes}
    covered = bool(rounds) and rounds >= set(range(1, max(rounds) + 1))
    if "crosstable" not in kinds and not ("pairings" in kinds and covered):
        missing.append("crosstable")
    if "starting rank" not in kinds:
        missing.append("starting_rank")
    return missing


def _as_file_error(read: Callable[[Any], Any], content: Any) -> Any:
    """``read(content)``; its errors name the upload (``field="file"``) where they named none."""
    try:
        return read(content)
    except WertungError as error:
        if error.field in (None, "", "source"):
            error.field = "file"
        if error.code in TEAM_LAYOUT_CODES:
            error.where.setdefault("file_kind", "team")
        raise


def normalise_link(link: str) -> int:
    """The tournament number of a chess-results link; refuses every other link."""
    from wertung.sources.chessresults import tournament_number

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
            "the chess-results import is not available yet; upload a file instead",
            code="web.cr_unavailable",
            field="link",
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


#: Cached evaluations are counted at this many bytes per byte of the stored JSON (measured
#: with :func:`~wertung.web.cache.approx_size` on real imports: about 11).
CACHE_BYTES_PER_JSON_BYTE = 11

#: A process-wide cache for callers without an app (the CLI, tests); the app passes its own.
_FALLBACK_CACHE: ByteLRU[Outcome] = ByteLRU(64 * 1024 * 1024)


def check_evaluates(tournament: Tournament) -> None:
    """Evaluate ``tournament`` completely (FIDE part included) and forget the result.

    The bounded step of :func:`evaluate`: run in a worker process with a deadline and a
    memory limit (:func:`~wertung.web.bounded.run_bounded`), it proves the evaluation
    finishes within them before the request's own thread does the same work. Only the
    tournament (picklable) crosses the process boundary; the evaluation holds callables.
    Raises the engine's :class:`WertungError`.
    """
    import wertung

    wertung.evaluate(tournament).to_dict()


def evaluate(
    key: str,
    record: dict[str, Any],
    corrections: enrich.Corrections | None = None,
    *,
    cache: ByteLRU[Outcome] | None = None,
    guard: Callable[[Tournament], None] | None = None,
) -> Outcome:
    """The engine's evaluation of a stored import with ``corrections`` (cached).

    ``cache``: the app's byte-bounded cache (``app.state.evaluations``), keyed by the
    store key and the corrections; ``guard(tournament)``: called before a new evaluation
    (the web passes :func:`check_evaluates` run within the server's limits) -- its
    :class:`WertungError` becomes :attr:`Outcome.error` like the engine's, so a
    tournament too big to evaluate in time is refused before the request's thread starts.
    Raises the corrections' :class:`InvalidInput`; errors of the evaluation itself are in
    :attr:`Outcome.error`.
    """
    import json

    import wertung

    if not hasattr(wertung, "evaluate"):
        raise UnavailableError(
            "the tournament evaluation is not available yet", code="web.evaluation_unavailable"
        )
    corrections = corrections or enrich.Corrections()
    query = corrections.query()
    cache = _FALLBACK_CACHE if cache is None else cache
    found = cache.get((key, query))
    if found is not None:
        return found
    prepared = enrich.prepare(record, corrections)
    try:
        if guard is not None:
            guard(prepared.tournament)
        outcome = Outcome(
            prepared, wertung.evaluate(prepared.tournament, **corrections.options.kwargs())
        )
    except WertungError as error:
        outcome = Outcome(prepared, None, error)
    if isinstance(outcome.error, WorkFailed):
        return outcome  # a deadline or a gone client says nothing about the next request
    size = CACHE_BYTES_PER_JSON_BYTE * len(json.dumps(record, ensure_ascii=False))
    cache.put((key, query), outcome, size=size)
    return outcome


#: The web export's columns after the shared ones of :mod:`wertung.formats.results_csv`:
#: the values used and where each came from (``source``, ``list``, ``user``, ``assumed``).
CSV_EXTRA_COLUMNS = (
    "birth_year", "member", "dwz_source", "index_source", "birth_year_source", "member_source",
)  # fmt: skip


def team_view_of(outcome: Outcome | None) -> Any:
    """The league view (:func:`wertung.tournament._league.team_view`) of an evaluated team tournament.

    None when the tournament has no teams or was not evaluated.
    """
    from wertung.tournament._league import team_view

    if outcome is None or outcome.evaluation is None or not outcome.prepared.tournament.teams:
        return None
    return team_view(outcome.prepared.tournament, outcome.evaluation)


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


def to_csv(outcome: Outcome, language: str = "en") -> str:
    """The CLI's CSV layout (:func:`wertung.formats.results_csv.to_csv`) in ``language``.

    Players first (the shared columns, then :data:`CSV_EXTRA_COLUMNS`), an empty row,
    then ``complete``/``after_round``/``incomplete``/``note``/``warning`` rows and the
    web's own state rows: ``tournament`` (its name), ``dsb_list`` (how the list was used)
    and ``corrections`` (the share link's query).
    """
    from wertung.formats import results_csv

    evaluation = outcome.evaluation
    prepared = outcome.prepared
    extra: dict[str, dict[str, Any]] = {}
    for player in prepared.tournament.players:
        values: dict[str, Any] = {"birth_year": player.birth_year, "member": player.member}
        for name, kind in prepared.provenance.get(player.id, {}).items():
            values[f"{name}_source"] = kind
        extra[player.id] = values
    state: list[tuple[str, str]] = [("tournament", evaluation.name or "")]
    summary = prepared.summary()
    if summary["note"]:
        state.append(("dsb_list", render(summary["note"], language)))
    elif summary["list"]:
        day = date(summary["list"].get("list_date") or "?", language)
        state.append(("dsb_list", word("csv.list_of", language, date=day)))
    if summary["corrections"]:
        state.append(("corrections", summary["corrections"]))
    return results_csv.to_csv(
        evaluation,
        language=language,
        extra_columns=CSV_EXTRA_COLUMNS,
        extra=extra,
        state=state,
    )

"""The API's tournaments: an evaluation of wertung JSON, of uploaded files and of a
chess-results link, a season's history, stored results (teams, the pre-submission check, the
DSB XML file) and the DSB list's player search.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Depends, File, Query, Request, Response, UploadFile

from wertung.formats import tournament_json
from wertung.kernel.errors import WertungError
from wertung.web import dsb_search, enrich, import_service, tournaments
from wertung.web.api._common import PROBLEM_JSON, documented, example, new_router
from wertung.web.api.models import (
    DsbSearchOut,
    HistoryOut,
    HistoryRequest,
    LinkRequest,
    TeamViewOut,
    TournamentOut,
)
from wertung.web.api.problems import Problem, problem, problem_from_error
from wertung.web.bounded import client_gone
from wertung.web.limits import check_size
from wertung.web.submission_view import CheckOut
from wertung.web.uploads import read_uploads

__all__ = ["router"]

router = new_router()

TournamentBody = Annotated[dict[str, Any], example("/api/v1/tournament/evaluate")]
HistoryBody = Annotated[HistoryRequest, example("/api/v1/history")]
LinkBody = Annotated[LinkRequest, example("/api/v1/tournament/link")]
UploadBody = Annotated[
    list[UploadFile],
    File(
        description="TRF, xlsx export, JSON, Swiss-Chess .SWT, Swiss-Manager "
        ".TUNX/.TURX/.TUMX/.TUTX or a saved chess-results page (by name, then by content); "
        "the field repeated, one part per file, for several saved chess-results pages of one "
        "event (crosstable, starting rank, pairings, ...), joined as the command line joins them"
    ),
]


UseList = Annotated[
    bool,
    Query(description="complete DWZ, index, birth year and membership from the loaded DSB list"),
]
MethodQuery = Annotated[
    Literal["exact", "table", "swiss-chess"],
    Query(
        description="exact (the regulations, default), table (two-decimal P(D)) or "
        "swiss-chess (Swiss-Chess's unofficial evaluation, see wertung.kernel.swiss_chess)"
    ),
]
ExceptionalQuery = Annotated[
    Literal["on", "off"] | None,
    Query(
        description="the exceptional-player rule (WO 2014 3.6) on or off; missing: the "
        "regulations' rule, off for swiss-chess (as Swiss-Chess)"
    ),
]
PrintedQuery = Annotated[
    str | None,
    Query(
        pattern=r"^\d{4}-\d{2}-\d{2}$",
        description="swiss-chess only: the date Swiss-Chess printed its evaluation "
        "(YYYY-MM-DD); its ages count from that year (missing: the end date's)",
        json_schema_extra={"format": "date"},
    ),
]


TimeControlQuery = Annotated[
    str | None,
    Query(
        max_length=enrich.TIME_CONTROL_LENGTH,
        description="the time control, when the source lacks it or misstates it: 90+30 "
        "(minutes + seconds per move), 40/90+30, 30+30; it comes before the source's (WO 4.2: "
        "DWZ-rated from 90 minutes, or 60 minutes + 30 s a move)",
    ),
]
AgeClassQuery = Annotated[
    str | None,
    Query(
        pattern=r"^(U([6-9]|1[0-9]|2[0-5])|open)$",
        description="the event's age class: U12 (or younger: the lower thresholds of the "
        "time control) or open; it comes before the source's and the name's",
    ),
]


def _options(
    method: MethodQuery = "exact",
    exceptional: ExceptionalQuery = None,
    printed: PrintedQuery = None,
    time_control: TimeControlQuery = None,
    age_class: AgeClassQuery = None,
) -> enrich.Corrections:
    """A tournament route's query: the evaluation's options, the time control and the age
    class as corrections (checked; the share link keeps them). A dependency of each route."""
    query = {
        "method": method,
        "exceptional": exceptional or "",
        "printed": printed or "",
        "time_control": time_control or "",
        "age_class": age_class or "",
    }
    return enrich.Corrections.from_query(query, ())


#: The query each tournament route takes, written once (a dependency).
EvaluationQuery = Annotated[enrich.Corrections, Depends(_options)]


def _evaluated(
    request: Request,
    tournament: Any,
    source: str | None,
    use_list: bool = True,
    fetched: import_service.Fetched | None = None,
    corrections: enrich.Corrections | None = None,
    views: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Evaluate, then store (a tournament the engine refuses is not stored).

    ``views``: the saved chess-results pages' views given and missing (answered as ``pages``).

    ``fetched``: a link's import with its fetch time, so that the pages of a running
    event imported through the API refresh like those imported on the web.
    """
    key, outcome = import_service.store_evaluated(
        request.app,
        tournament,
        source,
        use_list=use_list,
        allow_missing_end_date=False,
        cancelled=client_gone(request),
        fetched=fetched,
        corrections=corrections,
        views=views,
    )
    answer = tournaments.to_dict(outcome, key)
    if views is not None:
        answer["pages"] = views
    return answer


@router.post(
    "/tournament/evaluate",
    response_model=TournamentOut,
    responses=documented("/api/v1/tournament/evaluate"),
    summary="Evaluate a tournament given in the JSON tournament format",
)
def tournament_json_route(
    request: Request,
    body: TournamentBody,
    options: EvaluationQuery,
    dsb_list: UseList = True,
) -> dict[str, Any]:
    tournament = tournament_json.from_dict(body)
    check_size(tournament, request.app.state.settings)
    return _evaluated(request, tournament, "json", dsb_list, corrections=options)


@router.post(
    "/tournament/file",
    response_model=TournamentOut,
    summary="Evaluate an uploaded tournament file (TRF, xlsx, JSON, SWT, TUNX/TURX/TUMX/TUTX)",
)
def tournament_file(
    request: Request,
    file: UploadBody,
    options: EvaluationQuery,
    dsb_list: UseList = True,
) -> dict[str, Any]:
    limit = request.app.state.settings.max_upload
    files = [(part.filename or "", part.file.read(limit + 1)) for part in file]
    tournament, views = read_uploads(request, files)
    return _evaluated(request, tournament, "file", dsb_list, corrections=options, views=views)


@router.post(
    "/tournament/link",
    response_model=TournamentOut,
    responses=documented("/api/v1/tournament/link"),
    summary="Import a chess-results.com tournament and evaluate it (rate-limited)",
)
def tournament_link(
    request: Request,
    body: LinkBody,
    options: EvaluationQuery,
    dsb_list: UseList = True,
) -> Any:
    tournament, fetched = import_service.fetch_timed(request, body.link)
    return _evaluated(
        request, tournament, tournament.source or "chess-results", dsb_list, fetched, options
    )


@router.post(
    "/history",
    response_model=HistoryOut,
    responses={
        **documented("/api/v1/history"),
        429: {
            "model": Problem,
            "description": "too many histories from this client (see Retry-After)",
        },
    },
    summary="A season: several tournaments evaluated one after another",
    description="Each evaluation starts from the result of the one before, in the rating "
    "office's order (end date, then name), with the 2026 upgrade between the tournaments that "
    "straddle it. Tournaments in the JSON format are stored (with what the DSB list adds, "
    "when one is loaded) and their ``keys`` returned; the history page shows the same at "
    "``/de/history?t=KEY&t=KEY``. Rows and workings come for the ``players`` asked for; "
    "without them every player is listed, with rows for those in the most tournaments "
    "(``rows_limit``). The tournaments may have ``WERTUNG_HISTORY_MAX_GAMES`` games together "
    "(60,000 by default); a client may have ``WERTUNG_HISTORY_LIMIT`` histories computed per "
    "``WERTUNG_HISTORY_WINDOW`` seconds (answers from the cache do not count).",
)
def season_history(request: Request, body: HistoryBody) -> Response:
    from wertung.web import history

    if len(body.tournaments) + len(body.keys) > history.MAX_TOURNAMENTS:
        from wertung.kernel.errors import InvalidInput

        raise InvalidInput(
            f"at most {history.MAX_TOURNAMENTS} tournaments in one history",
            code="web.history_most",
            params={"most": history.MAX_TOURNAMENTS},
            field="tournaments",
        )
    added = []
    for number, data in enumerate(body.tournaments, start=1):
        try:
            tournament = tournament_json.from_dict(data)
        except WertungError as error:
            error.where.setdefault("tournament", number)
            raise
        check_size(tournament, request.app.state.settings)
        record = enrich.import_record(tournament, request.app.state.settings.store_dir())
        added.append(request.app.state.store.put(record, "json"))
    stored = history.load(request.app.state.store, history.keys([*body.keys, *added]))
    try:
        found = history.answer(request, stored, body.players, body.method, body.exceptional_players)
    except history.HistoryRateLimited as error:
        limited = problem_from_error(request, error, status=429)
        limited.headers["Retry-After"] = str(request.app.state.settings.history_window)
        return limited
    return Response(found.body, media_type="application/json")


def _stored_outcome(request: Request, key: str) -> Any:
    """The stored tournament ``key`` evaluated with the query's corrections, or a 404 problem."""
    record = request.app.state.store.get(key)
    if record is None:
        return problem(request, 404, "Not found", f"no stored tournament {key!r}", kind="not-found")
    ids = [str(p.get("id")) for p in enrich.record_tournament(record).get("players", [])]
    corrections = enrich.Corrections.from_query(request.query_params, ids)
    outcome = import_service.evaluate_stored(request, key, record, corrections)
    if outcome.error is not None:
        raise outcome.error
    return outcome


@router.get(
    "/tournaments/{key}",
    response_model=TournamentOut,
    responses={
        404: {
            "model": Problem,
            "description": "no stored tournament with this key (example)",
            "content": {PROBLEM_JSON: {"example": {"status": 404}}},
        },
    },
    summary="A stored tournament again, with corrections in the query",
    description="The result of an earlier evaluation (its ``key``), with the same corrections "
    "the result page puts into its share link: ``end_date=YYYY-MM-DD``, ``time_control=90+30``, "
    "``age_class=U12|open``, ``index.<id>=N``, "
    "``birth_year.<id>=YYYY``, ``member.<id>=yes|no``.",
)
def tournament_stored(request: Request, key: str) -> Any:
    outcome = _stored_outcome(request, key)
    if isinstance(outcome, Response):
        return outcome
    return tournaments.to_dict(outcome, key)


@router.get(
    "/tournaments/{key}/teams",
    response_model=TeamViewOut,
    responses={
        404: {
            "model": Problem,
            "description": "no stored tournament with this key, or one without teams (example)",
            "content": {PROBLEM_JSON: {"example": {"status": 404}}},
        },
    },
    summary="The team view of a stored team tournament (standings, teams, boards)",
    description="For a tournament with teams (a league division, a team Swiss): the standings "
    "(match points, then board points), the team matches, and each team's players in line-up "
    "order with their boards, points, W/n and old/new DWZ and Elo (the engine's "
    "``team_view(...).to_dict()``). Corrections in the query as for ``/tournaments/{key}``.",
)
def tournament_teams(request: Request, key: str) -> Any:
    outcome = _stored_outcome(request, key)
    if isinstance(outcome, Response):
        return outcome
    view = tournaments.team_view_of(outcome)
    if view is None:
        return problem(
            request, 404, "No teams", f"tournament {key!r} has no teams", kind="not-found"
        )
    return view.to_dict()


_SUBMISSION_QUERY = (
    "Corrections in the query as for ``/tournaments/{key}`` (``time_control``, ``end_date``, "
    "``birth_year.<id>``, ...), and what only the report needs: ``location``, "
    "``start_date=YYYY-MM-DD`` (the day of the first game), ``pkz.<id>`` (a player's DSB "
    "person id). ``lang=de|en``: the language of the texts."
)


def _submission(request: Request, key: str) -> Any:
    """The check of stored tournament ``key`` with the query's values (or a 404 problem)."""
    from wertung.web import submission_view

    outcome = _stored_outcome(request, key)
    if isinstance(outcome, Response):
        return outcome
    prepared = outcome.prepared
    entered = submission_view.Entered.from_query(
        request.query_params, [p.id for p in prepared.base.players]
    )
    return submission_view.view_of(
        prepared.tournament, entered, store_dir=request.app.state.settings.store_dir(),
        list_missing=prepared.list_missing or not prepared.list_used,
    )  # fmt: skip


_NOT_STORED = {
    "model": Problem,
    "description": "no stored tournament with this key (example)",
    "content": {PROBLEM_JSON: {"example": {"status": 404}}},
}


@router.get(
    "/tournament/{key}/check",
    response_model=CheckOut,
    responses={404: _NOT_STORED},
    summary="The pre-submission check of a stored tournament (as wertung check --json)",
    description="What the DSB's rating portal refuses (``error``) and what is worth a look "
    "(``warning``) in the DSB XML file of this tournament, errors first, each with its "
    "``code``, the ``player`` (start number in the file, or null), the ``round`` (or null) "
    "and a ``text`` that says what to do. ``complete``: every check could be made; "
    "``exit_code``: 0 clean, 1 warnings only, 2 errors (as the command line). " + _SUBMISSION_QUERY,
)
def tournament_check(request: Request, key: str, lang: Literal["de", "en"] = "en") -> Any:
    from wertung.web import submission_view

    view = _submission(request, key)
    if isinstance(view, Response):
        return view
    return submission_view.check_dict(view, lang)


@router.get(
    "/tournament/{key}/dsb-xml",
    response_class=Response,
    responses={
        200: {
            "content": {"application/xml": {"schema": {"type": "string"}}},
            "description": "the DSB XML 2.5 file (an attachment)",
        },
        404: _NOT_STORED,
        422: {
            "model": Problem,
            "description": "the check found errors (listed in ``problems``) and ``force`` is "
            "not true (``code`` ``submission.refused``); or a query value is wrong (names "
            "the field)",
        },
    },
    summary="The DSB XML 2.5 file of a stored tournament, for the rating portal",
    description="The file ``wertung tournament SOURCE --dsb-xml FILE`` writes. With errors "
    "the answer is 422 with the check's errors, unless ``force=true``: then the file is "
    "written all the same and its notes begin with a line that names every error. "
    + _SUBMISSION_QUERY,
)
def tournament_dsb_xml(
    request: Request, key: str, force: bool = False, lang: Literal["de", "en"] = "en"
) -> Response:
    from wertung.web import submission_view

    view = _submission(request, key)
    if isinstance(view, Response):
        return view
    if view.result.errors and not force:
        return problem(
            request, 422, "Submission refused",
            f"the pre-submission check found errors ({len(view.result.errors)}); correct them "
            "or ask for the file anyway with force=true",
            kind="submission-refused", code="submission.refused",
            problems=[p.to_dict(lang) for p in view.result.errors],
        )  # fmt: skip
    data = submission_view.xml_file(view, force=force)
    return Response(
        data,
        media_type="application/xml",
        headers={"Content-Disposition": f'attachment; filename="wertung-{key}.dsb.xml"'},
    )


@router.get(
    "/dsb/players",
    response_model=DsbSearchOut,
    responses={
        409: {
            "model": Problem,
            "description": "no DSB list is loaded (example)",
            "content": {PROBLEM_JSON: {"example": {"status": 409, "field": "q"}}},
        },
    },
    summary="Search the loaded DSB rating list by name (all words) or FIDE id",
)
def dsb_players(
    request: Request,
    q: Annotated[
        str,
        Query(
            max_length=dsb_search.MAX_QUERY,
            description='name words in any order ("mueller hans" finds Müller, Hans) or a '
            f"FIDE id; at least {dsb_search.MIN_QUERY} characters",
        ),
    ] = "",
) -> Any:
    found = dsb_search.run(request.app.state.settings.store_dir(), {"q": q})
    if found.missing:
        return problem(
            request,
            409,
            "No DSB list",
            "no DSB list is loaded; load one with `wertung dsb-list load LV-0-csv.zip`",
            kind="list-not-loaded",
            field="q",
        )
    if found.error:
        return problem(request, 422, "Bad search", found.error, kind="bad-input", field="q")
    info = found.list_info.to_dict()
    return {
        "query": found.query,
        "list": {k: info.get(k) for k in ("list_date", "loaded_at", "source", "players")},
        "players": [row.to_dict() for row in found.players],
    }

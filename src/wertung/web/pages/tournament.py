"""The tournament pages: import (file or chess-results link), result, corrections,
a player's working and the exports, all under ``/{lang}/tournament…``.

A key in these URLs shows the newest import of its link (a running event is refreshed,
see :mod:`.running_view`); ``…/refresh`` is what the result page of a running event polls.

The router is included before :mod:`.pages` (whose ``/{lang}/{page}`` and
``/{lang}/{page}/result`` routes are generic), so ``/{lang}/tournament/{key}`` is
always answered here.
"""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any, NamedTuple
from urllib.parse import parse_qsl, urlencode

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.datastructures import UploadFile as StarletteUpload

from wertung.kernel.errors import WertungError
from wertung.web import enrich, evaluation_options, import_service, submission_view, tournaments
from wertung.web.bounded import client_gone
from wertung.web.i18n import LANGUAGES, translator
from wertung.web.pages import forms
from wertung.web.pages.rendering import ENV, _lang, not_found, render
from wertung.web.pages.result_view import render_note, visible_columns, w_note
from wertung.web.pages.running_view import freshness_of, need_of, running_of, status_notes
from wertung.web.uploads import read_uploads

__all__ = ["read_file", "router"]

log = logging.getLogger("wertung.web")
router = APIRouter(include_in_schema=False)
ENV.globals.update(
    check_text=submission_view.check_text,
    visible_columns=visible_columns,
    w_note=w_note,
    render_note=render_note,
    status_notes=status_notes,
)


def read_file(request: Request, file: StarletteUpload) -> bytes | None:
    """The uploaded file's bytes, or None when it is larger than the server accepts."""
    limit = request.app.state.settings.max_upload
    content = file.file.read(limit + 1)
    return None if len(content) > limit else content


def read_files(request: Request, files: list[UploadFile] | None) -> list[tuple[str, bytes]] | None:
    """The chosen files (name, bytes) of an upload (empty: none chosen), or None when one
    is larger than the server accepts (the whole body is bounded by the server as well)."""
    chosen = []
    for file in files or []:
        if not file.filename:
            continue  # the empty part a form sends without a file
        content = read_file(request, file)
        if content is None:
            return None
        chosen.append((file.filename, content))
    return chosen


def _put(
    request: Request,
    tournament: Any,
    source: str | None,
    fetched: import_service.Fetched | None = None,
    views: dict[str, Any] | None = None,
) -> str:
    """Evaluate an import (with what the DSB list adds), then store it under its content key.

    A tournament the engine refuses is not stored: the error is raised (one that only
    lacks the end date is stored; the result page asks for it). ``fetched``: the import
    of a link (a running event's page is refreshed from it).
    """
    key, _outcome = import_service.store_evaluated(
        request.app,
        tournament,
        source,
        cancelled=client_gone(request),
        fetched=fetched,
        views=views,
    )
    return key


@router.post("/{lang}/tournament")
def tournament_post(
    request: Request,
    lang: str,
    link: Annotated[str, Form()] = "",
    file: Annotated[list[UploadFile] | None, File()] = None,
) -> Response:
    if lang not in LANGUAGES:
        return not_found(request)
    t = translator(lang)
    errors: dict[str, str] = {}
    status = 422
    link = link.strip()[:500]
    fetched = views = None
    files = read_files(request, file)
    try:
        if files is None:
            errors["file"] = t("error.too_large")
        elif files:
            tournament, views = read_uploads(request, files)
        elif link:
            tournament, fetched = import_service.fetch_timed(request, link)
        else:
            errors["link"] = t("error.link_or_file")
        if not errors:
            key = _put(request, tournament, tournament.source, fetched, views)
            root = request.scope.get("root_path", "").rstrip("/")
            return RedirectResponse(f"{root}/{lang}/tournament/{key}", status_code=303)
    except WertungError as error:
        field = "file" if error.field == "file" or files != [] else "link"
        errors[field] = forms.error_text(error, t)
        status = 429 if isinstance(error, import_service.RateLimited) else 422
    except Exception:
        log.exception("tournament import failed")
        errors["form"] = t("error.internal")
    return render(
        request, "tournament.html", page="tournament", link=link, errors=errors, status=status
    )


@router.post("/{lang}/tournament/start")
def tournament_start(
    request: Request,
    lang: str,
    link: Annotated[str, Form()] = "",
    file: Annotated[list[UploadFile] | None, File()] = None,
) -> Response:
    """The htmx path of the import form: uploads at once, links as a job with progress."""
    if lang not in LANGUAGES:
        return not_found(request)
    t = translator(lang)
    link = link.strip()[:500]
    root = request.scope.get("root_path", "").rstrip("/")
    files = read_files(request, file)
    try:
        if files is None:
            return _import_status(request, errors={"file": t("error.too_large")})
        if files:
            tournament, views = read_uploads(request, files)
            key = _put(request, tournament, "file", views=views)
            return Response(headers={"HX-Redirect": f"{root}/{lang}/tournament/{key}"})
        if not link:
            return _import_status(request, errors={"link": t("error.link_or_file")})
        import_service.admit_fetch(request, link)
    except WertungError as error:
        field = "file" if files else "link"
        return _import_status(request, errors={field: forms.error_text(error, t)})
    job = import_service.start_import(request, link, lang)  # queued; run here if a slot is free
    return _import_status(request, job=job, messages=[])


@router.get("/{lang}/tournament/jobs/{job}")
def tournament_job(request: Request, lang: str, job: str) -> Response:
    """Polled by the progress area until the import is done (then a redirect to the result)."""
    state = request.app.state.store.job(job)
    if lang not in LANGUAGES or state is None:
        return not_found(request)
    if state["key"]:
        root = request.scope.get("root_path", "").rstrip("/")
        return Response(headers={"HX-Redirect": f"{root}/{lang}/tournament/{state['key']}"})
    if state["error"]:
        # chess-results.com not answering is no input to check: the message, no summary
        unreachable = state["error"] == translator(lang)("import.unreachable")
        return _import_status(
            request, errors={"link": state["error"]}, failed=job, summary=not unreachable
        )
    return _import_status(request, job=job, messages=state["messages"])


@router.post("/{lang}/tournament/jobs/{job}/restart")
def tournament_restart(request: Request, lang: str, job: str) -> Response:
    """ "Start again" for a failed import job: the same link as a new job (rate-limited).

    Without htmx (no progress area to show a job in) the import form comes back with the
    link filled in.
    """
    store = request.app.state.store
    state = store.job(job)
    if lang not in LANGUAGES or state is None:
        return not_found(request)
    if request.headers.get("hx-request") != "true":
        return render(request, "tournament.html", page="tournament", link=state["link"], errors={})
    if state["status"] != "failed":
        return tournament_job(request, lang, job)
    try:
        import_service.admit_fetch(request, state["link"])
    except WertungError as error:
        t = translator(lang)
        return _import_status(request, errors={"link": forms.error_text(error, t)}, failed=job)
    new = import_service.restart_import(request, job)
    if new is None:  # finished meanwhile: show its state
        return tournament_job(request, lang, job)
    return _import_status(request, job=new, messages=[])


def _import_status(
    request: Request,
    *,
    job: str | None = None,
    messages: list[str] | None = None,
    errors: dict[str, str] | None = None,
    failed: str | None = None,
    summary: bool = True,
) -> HTMLResponse:
    return render(
        request,
        "partials/import_status.html",
        page="tournament",
        job=job,
        messages=messages or [],
        errors=errors or {},
        failed=failed,
        summary=summary,
    )


class Stored(NamedTuple):
    """A key's stored record (its newest import), the outcome with the URL's corrections,
    the corrections' errors, and the key of the record shown (``newest``)."""

    record: dict[str, Any] | None
    outcome: Any
    errors: dict[str, str]
    newest: str


def _stored(request: Request, key: str, form: dict[str, str] | None = None) -> Stored:
    """The stored record of ``key`` -- the newest import of its link when a refresh stored
    one -- with its outcome under the URL's (or ``form``'s) corrections."""
    store = request.app.state.store
    newest = store.newest(key)
    record = store.get(newest)
    if record is None and newest != key:  # the newest went meanwhile: the key's own record
        newest, record = key, store.get(key)
    if record is None:
        return Stored(None, None, {}, key)
    t = translator(_lang(request))
    ids = [str(p.get("id")) for p in enrich.record_tournament(record).get("players", [])]
    errors: dict[str, str] = {}
    try:
        corrections = enrich.Corrections.from_query(form or request.query_params, ids)
    except WertungError as error:
        errors[error.field or "form"] = forms.error_text(error, t)
        corrections = enrich.Corrections()
    try:
        outcome = import_service.evaluate_stored(request, newest, record, corrections)
    except WertungError as error:
        errors["form"] = forms.error_text(error, t)
        return Stored(record, None, errors, newest)
    return Stored(record, outcome, errors, newest)


def _result_page(
    request: Request,
    key: str,
    stored: Stored,
    errors: dict[str, str],
    *,
    typed: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
    status: int = 200,
) -> HTMLResponse:
    record, outcome = stored.record, stored.outcome
    assert record is not None
    t = translator(_lang(request))
    query = outcome.prepared.corrections.query() if outcome is not None else ""
    error = None
    if outcome is not None and outcome.error is not None and not outcome.needs_end_date:
        error = forms.error_text(outcome.error, t)
    if outcome is not None and outcome.needs_end_date:
        errors = {"end_date": t("correct.end_date_needed"), **errors}
    running = running_of(request, stored.newest, record, outcome)
    data = enrich.record_tournament(record)
    submission, entered_pairs = _submission(request, outcome, errors, form)
    if entered_pairs:
        query = "&".join(q for q in (query, urlencode(entered_pairs)) if q)
    hidden, xml = [], ""
    if submission is not None:
        shown = submission.shown()
        hidden = [(n, v) for n, v in parse_qsl(query) if n not in shown]
        root = request.scope.get("root_path", "").rstrip("/")
        xml = f"{root}/api/v1/tournament/{key}/dsb-xml" + (f"?{query}" if query else "")
    return render(
        request,
        "tournament_result.html",
        page="tournament",
        running=running,
        freshness=freshness_of(request, stored.newest, data, t),
        key=key,
        data=data,
        saved_pages=record.get("pages"),
        outcome=outcome,
        prepared=outcome.prepared if outcome is not None else None,
        evaluation=outcome.evaluation if outcome is not None else None,
        error=error or errors.get("form"),
        errors=errors,
        typed=typed or {},
        query=query,
        submission=submission,
        submission_hidden=hidden,
        submission_xml=xml,
        status=status,
    )


def _submission(
    request: Request, outcome: Any, errors: dict[str, str], form: dict[str, str] | None
) -> tuple[Any, list[tuple[str, str]]]:
    """The "submit to the rating office" part's check (None: nothing evaluated), and
    the entered values' query pairs (kept in the share link)."""
    if outcome is None or outcome.prepared is None:
        return None, []
    prepared = outcome.prepared
    lang = _lang(request)
    t = translator(lang)
    query = form if form is not None else request.query_params
    try:
        entered = submission_view.Entered.from_query(query, [p.id for p in prepared.base.players])
    except WertungError as error:
        name = error.field or "form"
        errors[name] = forms.error_text(error, t)
        entered = submission_view.Entered()
    try:
        view = submission_view.view_of(
            prepared.tournament,
            entered,
            store_dir=request.app.state.settings.store_dir(),
            list_missing=prepared.list_missing or not prepared.list_used,
        )
    except WertungError as error:
        errors["submit"] = forms.error_text(error, t)
        return None, entered.pairs()
    return view, entered.pairs()


@router.get("/{lang}/tournament/{key}")
def tournament_result(request: Request, lang: str, key: str) -> Response:
    if lang not in LANGUAGES:
        return not_found(request)
    stored = _stored(request, key)
    if stored.record is None:
        return not_found(request)
    errors = stored.errors
    return _result_page(request, key, stored, errors, status=422 if errors else 200)


@router.get("/{lang}/tournament/{key}/refresh")
def tournament_refresh(request: Request, lang: str, key: str, shown: str = "") -> Response:
    """Polled by the result page of a running event: its "as of" line (a due refresh is
    started), or a reload (``HX-Refresh``) once a newer state than ``shown`` is stored."""
    store = request.app.state.store
    newest = store.newest(key)
    record = store.get(newest) if lang in LANGUAGES else None
    if record is None:
        return not_found(request)
    if shown != newest:
        return Response(headers={"HX-Refresh": "true", "Cache-Control": "no-store"})
    data = enrich.record_tournament(record)
    freshness = freshness_of(request, newest, data, translator(lang))
    response = render(
        request, "partials/running_refresh.html", page="tournament", freshness=freshness, key=key
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@router.post("/{lang}/tournament/{key}/correct")
async def tournament_correct(request: Request, lang: str, key: str) -> Response:
    """The correction form: keep what differs from source and list, then redirect to the URL."""
    if lang not in LANGUAGES:
        return not_found(request)
    form = await request.form(max_fields=4000)
    typed = {
        name: str(value)[: enrich.TIME_CONTROL_LENGTH if name == "time_control" else 40]
        for name, value in form.items()
        if isinstance(value, str)
    }
    first = await run_in_threadpool(_stored, request, key, {})
    if first.record is None or first.outcome is None:
        return not_found(request)
    changed = _changes(first.outcome.prepared, typed)
    again = await run_in_threadpool(_stored, request, key, changed)
    corrected, errors = again.outcome, again.errors
    if errors:
        shown = first._replace(record=again.record, newest=again.newest)
        return _result_page(request, key, shown, errors, typed=typed, status=422)
    root = request.scope.get("root_path", "").rstrip("/")
    query = corrected.prepared.corrections.query()
    target = f"{root}/{lang}/tournament/{key}" + (f"?{query}" if query else "")
    return RedirectResponse(target, status_code=303)


def _changes(prepared: enrich.Prepared, typed: dict[str, str]) -> dict[str, str]:
    """The typed values that differ from the tournament before any correction."""
    changed: dict[str, str] = evaluation_options.changes(typed)
    source_end = prepared.base.end_date.isoformat() if prepared.base.end_date else ""
    end = typed.get("end_date", "").strip()
    if end and end != source_end:
        changed["end_date"] = end
    for name in ("time_control", "age_class"):  # the source has none of the user's own
        value = typed.get(name, "").strip()
        if value:
            changed[name] = value
    for player in prepared.base.players:
        for kind in enrich.CORRECTABLE:
            name = f"{kind}.{player.id}"
            value = typed.get(name, "").strip()
            if not value:
                continue
            base = getattr(player, kind)
            if kind == "member":
                if base is not None and value == ("yes" if base else "no"):
                    continue
            elif base is not None and value == str(base):
                continue
            changed[name] = value
    return changed


@router.post("/{lang}/tournament/{key}/submission")
async def tournament_submission(request: Request, lang: str, key: str) -> Response:
    """The "submit to the rating office" form: its values (and, as hidden fields, the
    URL's other corrections) become the URL again, so the share link keeps them."""
    if lang not in LANGUAGES:
        return not_found(request)
    form = await request.form(max_fields=4000)
    typed = {
        name: str(value)[: enrich.TIME_CONTROL_LENGTH]
        for name, value in form.items()
        if isinstance(value, str)
    }
    given = {name: value.strip() for name, value in typed.items() if value.strip()}
    stored = await run_in_threadpool(_stored, request, key, given)
    if stored.record is None:
        return not_found(request)
    errors = dict(stored.errors)
    outcome = stored.outcome
    entered: list[tuple[str, str]] = []
    bad = False
    if outcome is not None:
        try:
            ids = [p.id for p in outcome.prepared.base.players]
            entered = submission_view.Entered.from_query(given, ids).pairs()
        except WertungError:
            bad = True  # the page names the field (see _submission)
    if errors or bad or outcome is None:
        return _result_page(request, key, stored, errors, typed=typed, form=given, status=422)
    query = "&".join(q for q in (outcome.prepared.corrections.query(), urlencode(entered)) if q)
    root = request.scope.get("root_path", "").rstrip("/")
    target = f"{root}/{lang}/tournament/{key}" + (f"?{query}" if query else "")
    return RedirectResponse(target, status_code=303)


@router.get("/{lang}/tournament/{key}/player/{pid}")
def tournament_player(request: Request, lang: str, key: str, pid: str) -> Response:
    if lang not in LANGUAGES:
        return not_found(request)
    record, outcome, _errors, newest = _stored(request, key)
    if record is None or outcome is None or outcome.evaluation is None:
        return not_found(request)
    evaluation = outcome.evaluation
    player = next((p for p in evaluation.players if p.id == pid), None)
    if player is None:
        return not_found(request)
    running = running_of(request, newest, record, outcome)
    answer = need_of(running, pid, request.query_params, translator(lang))
    data = enrich.record_tournament(record)
    return render(
        request,
        "tournament_player.html",
        page="tournament",
        running=running,
        freshness=freshness_of(request, newest, data, translator(lang)),
        answer=answer,
        next_game=running.game_of(pid) if running is not None else None,
        key=key,
        data=data,
        evaluation=evaluation,
        prepared=outcome.prepared,
        source_player=outcome.prepared.tournament.player(pid),
        query=outcome.prepared.corrections.query(),
        player=player,
    )


@router.get("/{lang}/tournament/{key}/export.{fmt}")
def tournament_export(request: Request, lang: str, key: str, fmt: str) -> Response:
    if lang not in LANGUAGES:
        return not_found(request)
    record, outcome, errors, _newest = _stored(request, key)
    if (
        record is None
        or outcome is None
        or outcome.evaluation is None
        or errors
        or fmt not in ("csv", "json", "input.json")
    ):
        return not_found(request)
    filename = f"wertung-{key}.{fmt}"
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    if fmt == "csv":
        return PlainTextResponse(
            tournaments.to_csv(outcome, lang), media_type="text/csv; charset=utf-8", headers=headers
        )
    if fmt == "input.json":
        from wertung.formats import tournament_json

        body = tournament_json.to_dict(outcome.prepared.tournament)
    else:
        body = tournaments.to_dict(outcome, key)
    return Response(
        json.dumps(body, ensure_ascii=False, indent=2),
        media_type="application/json",
        headers=headers,
    )


@router.get("/{lang}/tournament/{key}/teams")
def tournament_teams(request: Request, lang: str, key: str) -> Response:
    """The team view: standings, the matches, each team's players with their boards."""
    if lang not in LANGUAGES:
        return not_found(request)
    record, outcome, _errors, _newest = _stored(request, key)
    if record is None or outcome is None or outcome.evaluation is None:
        return not_found(request)
    view = tournaments.team_view_of(outcome)
    if view is None:
        return not_found(request)
    return render(
        request,
        "tournament_teams.html",
        page="tournament",
        key=key,
        data=enrich.record_tournament(record),
        view=view,
        evaluation=outcome.evaluation,
        query=outcome.prepared.corrections.query(),
    )

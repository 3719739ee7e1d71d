"""The history page: several tournaments of a season, one player's DWZ over time.

``GET /{lang}/history`` shows the form (links, one a line, and files); with
``?t=KEY&t=KEY`` (stored tournaments) it shows each player's history table and
chart, ``&player=NAME`` only that player's. ``POST /{lang}/history`` imports the
links and files, stores each tournament like the tournament page does, and
redirects to the shareable URL with their keys. Works without JavaScript.

The routes are registered by :mod:`wertung.web.pages.calculators` (before its catch-all page
route), so this module imports the page helpers only when a request comes.
"""

from __future__ import annotations

import datetime as dt
import logging
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import RedirectResponse, Response
from starlette.datastructures import UploadFile

from wertung.kernel.errors import WertungError
from wertung.web import dsb_search, history
from wertung.web.i18n import LANGUAGES, translator

__all__ = ["history_form", "history_post"]

log = logging.getLogger("wertung.web")
FILE_INPUTS = 3


def _url(request: Request, lang: str, keys: list[str], player: str = "", **more: str) -> str:
    root = request.scope.get("root_path", "").rstrip("/")
    pairs = [("t", k) for k in keys] + ([("player", player)] if player else [])
    pairs += [(k, v) for k, v in more.items() if v]
    return f"{root}/{lang}/history" + ("?" + urlencode(pairs) if pairs else "")


def history_form(request: Request, lang: str) -> Response:
    """The form, and with stored keys in the URL the history itself."""
    from wertung.web.pages.rendering import not_found

    if lang not in LANGUAGES:
        return not_found(request)
    params = request.query_params
    keys = history.keys(params.getlist("t"))
    player = params.get("player", "").strip()[:120]
    return _page(request, lang, keys, player)


def _page(
    request: Request,
    lang: str,
    keys: list[str],
    player: str,
    *,
    errors: dict[str, str] | None = None,
    links: str = "",
    status: int = 200,
) -> Response:
    from wertung.web.pages.rendering import render

    t = translator(lang)
    errors = dict(errors or {})
    stored: list[history.Stored] = []
    view = None
    if keys:
        try:
            stored = history.load(request.app.state.store, keys)
            view = _View(history.answer(request, stored, [player] if player else []))
        except history.HistoryRateLimited as error:
            errors.setdefault("t", _error(error, stored, player, t)[1])
            status = 429
        except WertungError as error:
            errors.setdefault(*_error(error, stored, player, t))
            status = 422 if status == 200 else status
    search, search_links = None, []
    if request.query_params.get("q", "").strip():
        search = dsb_search.run(request.app.state.settings.store_dir(), request.query_params)
        search_links = [(row, _url(request, lang, keys, row.name)) for row in search.players]
    shown: tuple[Any, ...] = ()
    if view is not None:
        people = [p for p in view.players if p.rows is not None]
        if not player:  # everyone: those in more than one tournament first
            people.sort(key=lambda p: -len([r for r in p.rows if not r.upgrade]))
        shown = tuple(people[: history.MAX_SHOWN])
    return render(
        request,
        "history.html",
        page="history",
        status=status,
        keys=keys,
        player=player,
        loaded=stored,
        result=view,
        everyone=view.everyone if view is not None else None,
        ordered=view.ordered if view is not None else [],
        shown=shown,
        errors=errors,
        links=links,
        file_inputs=FILE_INPUTS,
        search=search,
        search_links=search_links,
        share=_url(request, lang, keys, player) if view is not None else "",
        player_url=lambda name: _url(request, lang, keys, name),
        match_names=lambda kinds: ", ".join(t(f"history.match.{k}") for k in kinds),
    )


def _date(text: Any) -> dt.date | None:
    return dt.date.fromisoformat(text) if isinstance(text, str) and text else None


class _Row(SimpleNamespace):
    """A row of the answer as the template and the chart read it (dates as dates)."""


class _View:
    """A history's answer (:class:`~wertung.web.history.Answer`) as the page shows it:
    ``players`` (rows as attributes, None when left out), ``everyone`` (the picker's
    names), ``ordered`` (each tournament with its summary), ``ambiguous``."""

    def __init__(self, found: history.Answer) -> None:
        data = found.data()
        self.ambiguous = data["ambiguous"]
        self.players = [
            SimpleNamespace(
                name=p["name"],
                key=p["key"],
                birth_year=p["birth_year"],
                matched_by=p["matched_by"],
                rows=None
                if p["history"] is None
                else [
                    _Row(**{**row, "end_date": _date(row.get("end_date"))}) for row in p["history"]
                ],
            )
            for p in data["players"]
        ]
        names = found.people()
        self.everyone = SimpleNamespace(
            players=[SimpleNamespace(name=name, birth_year=born) for name, born in names]
        )
        self.ordered = [
            (
                SimpleNamespace(
                    key=s["key"], tournament=SimpleNamespace(end_date=_date(s["end_date"]))
                ),
                SimpleNamespace(
                    name=s["name"],
                    regulations=s["regulations"],
                    players=range(s["players"]),
                    complete=s["complete"],
                ),
            )
            for s in data["tournaments"]
        ]


def _error(
    error: WertungError, stored: list[history.Stored], player: str, t: Any
) -> tuple[str, str]:
    """The field and the message (in the page's language) of an error of the history."""
    from wertung.web.field_errors import error_text

    if error.field == "t" and "key" in error.where:
        return "t", t("history.missing_key", stored=error.where["key"])
    if error.field == "player":
        return "player", t("history.no_player", name=player)
    if error.field == "end_date":
        names = [item.name for item in stored if not item.has_end_date]
        return "t", t("history.no_end_date", name=names[0] if names else "?")
    return "t", error_text(error, t)


async def history_post(request: Request, lang: str) -> Response:
    """Import the links and files, store each, redirect to the history's URL."""
    from fastapi.concurrency import run_in_threadpool

    from wertung.web.pages.rendering import not_found

    if lang not in LANGUAGES:
        return not_found(request)
    from starlette.exceptions import HTTPException

    try:
        form = await request.form(
            max_files=history.MAX_TOURNAMENTS + 8, max_fields=history.MAX_TOURNAMENTS + 40
        )
    except HTTPException:  # more parts than any history has
        t = translator(lang)
        errors = {"links": t("history.too_many", n=history.MAX_TOURNAMENTS)}
        return _page(request, lang, [], "", errors=errors, status=422)
    keys = history.keys(str(v) for v in form.getlist("t"))
    links_text = str(form.get("links") or "")[:6000]
    files = [f for f in form.getlist("file") if isinstance(f, UploadFile) and f.filename]
    return await run_in_threadpool(_import_all, request, lang, keys, links_text, files)


def _import_all(
    request: Request, lang: str, keys: list[str], links_text: str, files: list[UploadFile]
) -> Response:
    from wertung.web.field_errors import error_text
    from wertung.web.import_service import fetch_tournament
    from wertung.web.pages.tournament import _put, read_file
    from wertung.web.uploads import read_upload

    t = translator(lang)
    errors: dict[str, str] = {}
    lines = [line.strip() for line in links_text.splitlines() if line.strip()]
    if not lines and not files and not keys:
        errors["links"] = t("history.nothing")
    if len(keys) + len(lines) + len(files) > history.MAX_TOURNAMENTS:
        errors["links"] = t("history.too_many", n=history.MAX_TOURNAMENTS)
    added: list[str] = []
    if not errors:
        for number, upload in enumerate(files, start=1):
            try:
                content = read_file(request, upload)
                if content is None:
                    raise WertungError(
                        "The file is too large.", code="web.file_too_large", field="file"
                    )
                tournament = read_upload(request, upload.filename or "", content)
                added.append(_put(request, tournament, "file"))
            except WertungError as error:
                text = error_text(error, t)
                name = upload.filename or ""
                errors[f"file-{number}"] = text if text.startswith(name) else f"{name}: {text}"
            except Exception:
                log.exception("history upload failed")
                errors[f"file-{number}"] = t("error.internal")
        for number, link in enumerate(lines, start=1):
            try:
                tournament = fetch_tournament(request, link[:500])
                added.append(_put(request, tournament, tournament.source or "chess-results"))
            except WertungError as error:
                errors[f"link-{number}"] = f"{link[:80]}: {error_text(error, t)}"
            except Exception:
                log.exception("history import of %s failed", link)
                errors[f"link-{number}"] = f"{link[:80]}: {t('error.internal')}"
    all_keys = history.keys([*keys, *added])
    if errors:
        return _page(request, lang, all_keys, "", errors=errors, links=links_text, status=422)
    return RedirectResponse(_url(request, lang, all_keys), status_code=303)

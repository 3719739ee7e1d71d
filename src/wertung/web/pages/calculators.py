"""The HTML pages: calculators (GET forms), the language switch and the error pages.

Every page works without JavaScript: forms are plain GET (calculators, so a
result has a URL and the language switch keeps the values) or POST (tournament
upload). With htmx, ``…/result`` returns only the result section while the
user types, plus out-of-band updates of the summary and the field errors.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from wertung.kernel.errors import WertungError
from wertung.web import dsb_search
from wertung.web.i18n import LANGUAGES, Translator, translator
from wertung.web.pages import forms
from wertung.web.pages import history as history_pages
from wertung.web.pages.rendering import (  # noqa: F401  (re-exported: the page frame)
    ENV,
    PAGES,
    UPLOAD_ACCEPT,
    _lang,
    canonical_query,
    not_found,
    render,
    worked_example,
)

__all__ = ["error_page", "not_found", "router"]

log = logging.getLogger("wertung.web")
router = APIRouter(include_in_schema=False)

CALCULATORS: dict[str, tuple[Callable[[Any, Translator], forms.FormState], str]] = {
    "dwz": (forms.read_dwz, "dwz"),
    "first-dwz": (forms.read_first, "first"),
    "elo": (forms.read_elo, "elo"),
    "upgrade": (forms.read_upgrade, "upgrade"),
}


def _state(reader: Callable[[Any, Translator], forms.FormState], request: Request, t: Translator):
    try:
        return reader(request.query_params, t)
    except Exception:  # never lose the user's input to an unexpected error
        log.exception("form %s failed", request.url.path)
        state = forms.FormState(values=dict(request.query_params.items()))
        state.rows = forms._rows(request.query_params, "opp", "res") or [forms.Row()]
        state.errors["form"] = t("error.internal")
        return state


@router.get("/")
def home(request: Request) -> RedirectResponse:
    root = request.scope.get("root_path", "").rstrip("/")
    return RedirectResponse(f"{root}/{_lang(request)}/dwz", status_code=307)


@router.get("/{lang}")
def language_home(request: Request, lang: str) -> Response:
    if lang not in LANGUAGES:
        return not_found(request)
    root = request.scope.get("root_path", "").rstrip("/")
    return RedirectResponse(f"{root}/{lang}/dwz", status_code=307)


# before the catch-all page route below
router.add_api_route("/{lang}/history", history_pages.history_form, methods=["GET"])
router.add_api_route("/{lang}/history", history_pages.history_post, methods=["POST"])


@router.get("/{lang}/{page}")
def page(request: Request, lang: str, page: str) -> Response:
    if lang not in LANGUAGES or page not in PAGES:
        return not_found(request)
    if page == "tournament":
        return render(request, "tournament.html", page=page, link="", errors={})
    reader, name = CALCULATORS[page]
    state = _state(reader, request, translator(lang))
    search, links = None, []
    if page in ("dwz", "first-dwz") and request.query_params.get("q", "").strip():
        search = dsb_search.run(request.app.state.settings.store_dir(), request.query_params)
        links = [(row, _use_link(request, page, row)) for row in search.players]
    return render(
        request,
        f"{name}.html",
        page=page,
        form=state,
        live=False,
        search=search,
        search_links=links,
    )


def _use_link(request: Request, page: str, row: Any) -> str:
    """The page with this list row's values filled in (the rest of the input kept)."""
    fields = (
        ("birth_year", "unaffiliated") if page == "first-dwz" else ("rating", "index", "birth_year")
    )
    values: dict[str, Any] = {"birth_year": row.birth_year}
    if page == "dwz":
        values.update(rating=row.dwz, index=row.index)
    drop = {"q", "action", *fields}
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k not in drop]
    pairs += [(k, v) for k, v in values.items() if v is not None]
    root = request.scope.get("root_path", "").rstrip("/")
    return f"{root}/{_lang(request)}/{page}" + ("?" + urlencode(pairs) if pairs else "")


@router.get("/{lang}/{page}/result")
def partial(request: Request, lang: str, page: str) -> Response:
    if lang not in LANGUAGES or page not in CALCULATORS:
        return not_found(request)
    reader, name = CALCULATORS[page]
    state = _state(reader, request, translator(lang))
    response = render(request, "partials/live.html", page=page, name=name, form=state, live=True)
    # the typed input goes into the address bar (reload, back, sharing keep it)
    root = request.scope.get("root_path", "").rstrip("/")
    query = canonical_query(request.query_params)
    response.headers["HX-Replace-Url"] = f"{root}/{lang}/{page}" + (f"?{query}" if query else "")
    return response


def error_page(request: Request, error: Exception, *, status: int) -> HTMLResponse:
    """Errors that escaped a page: show the page again (with the input) where possible."""
    t = translator(_lang(request))
    lang = _lang(request)
    parts = request.url.path.strip("/").split("/")
    message = forms.error_text(error, t) if isinstance(error, WertungError) else t("error.internal")
    if len(parts) >= 2 and parts[1] in CALCULATORS:
        reader, name = CALCULATORS[parts[1]]
        try:
            state = reader(request.query_params, t)
        except Exception:
            state = forms.FormState(values=dict(request.query_params.items()))
            state.rows = [forms.Row()]
        state.result = None
        state.errors["form"] = message
        return render(request, f"{name}.html", page=parts[1], form=state, status=status, live=False)
    if len(parts) >= 2 and parts[1] == "tournament":
        return render(
            request,
            "tournament.html",
            page="tournament",
            link="",
            errors={"link": message},
            status=status,
        )
    del lang
    return render(request, "error.html", page="", message=message, status=status)

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
from jinja2 import Environment, PackageLoader, select_autoescape

from .. import __version__, dwz, fide
from ..catalogue import render as render_message
from ..core.errors import WertungError
from ..core.expectancy import win_expectancy
from ..core.regulations import WO_2014, WO_2026
from . import charts, dsb_search, forms, history_pages, planner
from .i18n import LANGUAGES, Translator, translator

__all__ = ["error_page", "not_found", "router"]

log = logging.getLogger("wertung.web")
router = APIRouter(include_in_schema=False)

PAGES = ("dwz", "first-dwz", "elo", "tournament", "history", "upgrade")
CALCULATORS: dict[str, tuple[Callable[[Any, Translator], forms.FormState], str]] = {
    "dwz": (forms.read_dwz, "dwz"),
    "first-dwz": (forms.read_first, "first"),
    "elo": (forms.read_elo, "elo"),
    "upgrade": (forms.read_upgrade, "upgrade"),
}

#: The file chooser's filter (the server still reads a file by its content).
UPLOAD_ACCEPT = ".trf,.txt,.tab,.json,.xlsx,.swt,.tunx,.turx,.tumx,.tutx,.html,.htm"

#: Seed 001's worked example: DWZ 1500, index 5, seven games (computed, never typed in).
EXAMPLE_GAMES = (
    (1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"), (1350, "1"), (1520, "½"),
)  # fmt: skip


def worked_example() -> Any:
    """The DWZ page's worked example, as the engine computes it (None if that fails)."""
    try:
        return dwz.forecast(1500, 5, EXAMPLE_GAMES, end_date=WO_2026.valid_from)
    except Exception:  # the page explains without it rather than failing
        log.exception("worked example failed")
        return None


ENV = Environment(
    loader=PackageLoader("wertung.web", "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
ENV.globals.update(
    version=__version__,
    WO_2026=WO_2026,
    WO_2014=WO_2014,
    win_expectancy=win_expectancy,
    chart=charts,
    upload_accept=UPLOAD_ACCEPT,
    planner=planner,
    worked_example=worked_example,
    engine_text=render_message,
)


def _lang(request: Request) -> str:
    lang = request.path_params.get("lang")
    if lang in LANGUAGES:
        return lang
    header = request.headers.get("accept-language", "").lower()
    if header.startswith("en"):
        return "en"
    return request.app.state.settings.default_language


def render(request: Request, template: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    """Render ``template`` with the page helpers (translator, links, language switch)."""
    lang = _lang(request)
    t = translator(lang)
    root = request.scope.get("root_path", "").rstrip("/")
    page = context.get("page", "")

    def href(target: str, language: str | None = None, **query: Any) -> str:
        url = f"{root}/{language or lang}/{target}"
        pairs = [(k, v) for k, v in query.items() if v not in (None, "")]
        return url + ("?" + urlencode(pairs) if pairs else "")

    def static(name: str) -> str:
        return f"{root}/static/{name}?v={__version__}"

    def switch(language: str) -> str:
        path = request.url.path
        if root and path.startswith(root):
            path = path[len(root) :]
        parts = path.split("/", 2)
        rest = parts[2] if len(parts) > 2 and parts[1] in LANGUAGES else page
        if rest.endswith("/result"):
            rest = rest.removesuffix("/result")
        query = canonical_query(request.query_params)
        return f"{root}/{language}/{rest}" + (f"?{query}" if query else "")

    html = ENV.get_template(template).render(
        request=request,
        lang=lang,
        t=t,
        href=href,
        static=static,
        switch=switch,
        languages=LANGUAGES,
        pages=PAGES,
        fide=fide,
        **context,
    )
    return HTMLResponse(html, status_code=status)


#: The repeated fields of one game row (kept aligned: a row goes only when all are empty).
ROW_GROUPS = (("opp", "res"), ("c_opp", "c_res", "c_date"))


def canonical_query(params: Any) -> str:
    """The query a calculator's URL keeps: filled-in values and game rows, no buttons.

    Rows stay aligned; a row goes only when every field of it is empty.

    >>> from starlette.datastructures import QueryParams
    >>> canonical_query(QueryParams("rating=1500&index=&opp=1650&res=½&opp=&res=&action=add"))
    'rating=1500&opp=1650&res=%C2%BD'
    """
    grouped = {name for group in ROW_GROUPS for name in group}
    pairs = [
        (k, v)
        for k, v in params.multi_items()
        if k not in grouped and k != "action" and str(v).strip()
    ]
    for group in ROW_GROUPS:
        columns = [params.getlist(name) for name in group]
        for i in range(max(len(column) for column in columns)):
            row = [column[i] if i < len(column) else "" for column in columns]
            if any(str(value).strip() for value in row):
                pairs += list(zip(group, row, strict=True))
    return urlencode(pairs)


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


def not_found(request: Request, status: int = 404) -> HTMLResponse:
    """A page-shaped 404 with the navigation, in the request's language."""
    return render(request, "error.html", page="", message_key="error.not_found", status=status)


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

"""The page frame: the templates, the translator and links every page gets, the language
switch, the calculators' canonical URL and the page-shaped 404. Every page module renders
through :func:`render`; none of them needs the router (:mod:`wertung.web.pages.calculators`)."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, select_autoescape

from wertung import dwz, fide
from wertung._version import __version__
from wertung.catalogue import render as render_message
from wertung.dwz.regulations import WO_2014, WO_2026
from wertung.kernel.expectancy import win_expectancy
from wertung.web.i18n import LANGUAGES, translator
from wertung.web.pages import charts, dsb_status, planner

__all__ = ["ENV", "PAGES", "canonical_query", "not_found", "render"]

log = logging.getLogger("wertung.web")

PAGES = ("dwz", "first-dwz", "elo", "tournament", "history", "upgrade")
#: The file chooser's filter (the server still reads a file by its content).
UPLOAD_ACCEPT = ".trf,.txt,.tab,.json,.xlsx,.swt,.swi,.tunx,.turx,.tumx,.tutx,.xml,.html,.htm"

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
    dsb_status=lambda request: dsb_status.status(request.app.state.settings),
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


def not_found(request: Request, status: int = 404) -> HTMLResponse:
    """A page-shaped 404 with the navigation, in the request's language."""
    return render(request, "error.html", page="", message_key="error.not_found", status=status)

"""The FastAPI application: pages, API, static files, limits and error handlers.

The middleware, outermost first: :class:`~.clients.RawPeer` (the socket's own peer),
:class:`RootPath`, :class:`~.security.SecurityHeaders` (headers, safe ``Location``),
:class:`LastResort` (any exception becomes a 500 problem or page, never a traceback),
then Starlette's own error handling, :class:`~.methods.HeadAsGet`,
:class:`~.limits.BodyLimit` (413/408) and :class:`~.strict_json.StrictJson` (422 for
NaN/Infinity and lone surrogates), and the routes.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wertung._version import __version__
from wertung.kernel.errors import WertungError
from wertung.storage.backend import DatabaseUnavailable
from wertung.web.api import routes as api
from wertung.web.api.openapi import add_problem_responses
from wertung.web.api.openapi_tournament import add_tournament_schema
from wertung.web.api.problems import problem, problem_from_error, problem_from_validation
from wertung.web.cache import ByteLRU
from wertung.web.clients import RawPeer
from wertung.web.clients import client_address as _client_address
from wertung.web.edge_text import edge_response, is_api, send_edge
from wertung.web.import_service import (
    RateLimited,
    admit_fetch,
    fetch_tournament,
    run_import,
    workers,
)
from wertung.web.lifespan import start_background, stop_background
from wertung.web.limits import BodyLimit
from wertung.web.methods import ORIGINAL_METHOD, HeadAsGet, allowed_methods, documented_methods
from wertung.web.pages import calculators as pages
from wertung.web.pages import rendering
from wertung.web.pages import tournament as tournament_pages
from wertung.web.security import SecurityHeaders, docs_policy, public_url
from wertung.web.settings import Settings
from wertung.web.strict_json import StrictJson
from wertung.web.web_store import open_store

# admit_fetch, fetch_tournament, run_import, RateLimited: see .import_service (re-exported)

__all__ = [
    "LastResort",
    "RateLimited",
    "RootPath",
    "admit_fetch",
    "client_address",
    "create_app",
    "fetch_tournament",
    "run_import",
]

log = logging.getLogger("wertung.web")
STATIC_DIR = __file__.rsplit("/", 1)[0] + "/static"


class RootPath:
    """Sets the ASGI ``root_path`` (a reverse proxy's prefix) unless the server already did."""

    def __init__(self, app: ASGIApp, root_path: str) -> None:
        self.app = app
        self.root_path = root_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.root_path and scope["type"] in ("http", "websocket") and not scope.get("root_path"):
            scope = {**scope, "root_path": self.root_path}
        await self.app(scope, receive, send)


class LastResort:
    """Any exception that escapes the app: logged, answered 500 without a traceback."""

    def __init__(self, app: ASGIApp, default_language: str = "de") -> None:
        self.app = app
        self.default_language = default_language

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except DatabaseUnavailable as error:  # outside the routes (a middleware, the lifespan)
            if started:
                return
            log.warning("%s: %s", scope.get("path"), error.message)
            await send_edge(scope, send, 503, "unavailable", default_language=self.default_language)
        except Exception:
            if started:
                return  # Starlette's error handler answered (and logged) already
            log.exception("unhandled error on %s", scope.get("path"))
            await send_edge(scope, send, 500, "internal", default_language=self.default_language)


class _App(FastAPI):
    """FastAPI with the outer middleware around Starlette's own error handling."""

    def build_middleware_stack(self) -> ASGIApp:
        settings: Settings = self.state.settings
        inner = super().build_middleware_stack()
        inner = LastResort(inner, settings.default_language)
        inner = SecurityHeaders(inner, settings.frame_ancestors)
        inner = RootPath(inner, settings.root_path)
        return RawPeer(inner)


def client_address(request: Request) -> str:
    """The client for rate limiting: the peer, or behind trusted proxies the right-most
    untrusted ``X-Forwarded-For`` hop (see :mod:`wertung.web.clients`)."""
    return _client_address(request)


def _is_api(request: Request) -> bool:
    return is_api(request.scope)


def _edge(request: Request, status: int, key: str, headers: dict[str, str] | None = None,
          **params: Any) -> Response:  # fmt: skip
    settings: Settings = request.app.state.settings
    raw, body = edge_response(
        request.scope, status, key, default_language=settings.default_language, **params
    )
    response = Response(body, status_code=status, headers=headers)
    for name, value in raw:
        if name != b"content-length":
            response.headers[name.decode()] = value.decode()
    return response


def _install_handlers(app: FastAPI, settings: Settings) -> None:
    @app.exception_handler(DatabaseUnavailable)
    async def _unavailable(request: Request, error: DatabaseUnavailable) -> Response:
        log.warning("%s: %s", request.url.path, error.message)
        headers = {"Retry-After": "5"}
        if _is_api(request):
            answer = problem_from_error(request, error, status=503)
            answer.headers.update(headers)
            return answer
        return _edge(request, 503, "unavailable", headers)

    @app.exception_handler(RateLimited)
    async def _rate_limited(request: Request, error: RateLimited) -> Response:
        if _is_api(request):
            return problem(
                request,
                429,
                "Too many imports",
                error.message,
                kind="rate-limited",
                field="link",
                headers={"Retry-After": str(settings.fetch_window)},
            )
        return pages.error_page(request, error, status=429)

    @app.exception_handler(WertungError)
    async def _wertung_error(request: Request, error: WertungError) -> Response:
        if _is_api(request):
            return problem_from_error(request, error)
        return pages.error_page(request, error, status=422)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, error: RequestValidationError) -> Response:
        return problem_from_validation(request, error)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> Response:
        headers = dict(error.headers or {})
        if error.status_code == 405:
            allow = allowed_methods(app.router.routes, request.scope, api=_is_api(request))
            if _is_api(request):  # the document's word for a documented path
                route_path = request.url.path.removeprefix(request.scope.get("root_path", ""))
                allow = documented_methods(app.openapi(), route_path) or allow
            headers["Allow"] = ", ".join(allow)
            method = request.scope.get(ORIGINAL_METHOD, request.method)
            if not _is_api(request):
                return _edge(request, 405, "method-not-allowed", headers, method=method,
                             allow=headers["Allow"])  # fmt: skip
            detail = f"{method} is not allowed here (allowed: {headers['Allow']})"
            return problem(request, 405, "Method not allowed", detail, kind="method-not-allowed",
                           headers=headers)  # fmt: skip
        if _is_api(request):
            return problem(request, error.status_code, "Error", str(error.detail), headers=headers)
        response = pages.not_found(request, error.status_code)
        response.headers.update(headers)
        return response

    @app.exception_handler(Exception)
    async def _anything(request: Request, error: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        if _is_api(request):
            return problem(
                request,
                500,
                "Internal error",
                "the calculation failed unexpectedly; the input was not changed",
                kind="internal",
            )
        try:
            return pages.error_page(request, error, status=500)
        except Exception:
            log.exception("error page failed on %s", request.url.path)
            return _edge(request, 500, "internal")


def _install_openapi(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            app.openapi_schema = add_tournament_schema(
                add_problem_responses(schema), app.state.settings
            )
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _error_page(request: Request, message: str, status: int) -> bytes:
    """The site's error page for the edge's refusals (:func:`wertung.web.edge_text.edge_response`)."""
    response = rendering.render(request, "error.html", page="", message=message, status=status)
    return bytes(response.body)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app (pages under ``/de`` and ``/en``, JSON API under ``/api/v1``)."""
    settings = settings or Settings.from_env()
    store = open_store(settings)
    store.maybe_purge()  # at most hourly for every host of the store

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.background = start_background(settings)
        queue = workers(app)  # runs queued imports of any host, and purges
        queue.start()
        try:
            yield
        finally:
            queue.stop()
            stop_background(app.state.background)

    app = _App(
        title="wertung API",
        version=__version__,
        description="DWZ and FIDE Elo calculations with their working. Unofficial forecasts.",
        docs_url=None,  # served below with the vendored Swagger UI (no CDN)
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.error_page = _error_page
    app.state.store = store
    # the per-process evaluation cache, bounded by bytes (WERTUNG_CACHE_MB), for the routes
    app.state.evaluations = ByteLRU(settings.cache_mb * 1024 * 1024)
    pages.ENV.globals.setdefault("public_url", public_url)
    app.include_router(api.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/api/docs", include_in_schema=False)
    def docs(request: Request) -> Response:
        root = request.scope.get("root_path", "").rstrip("/")
        page = get_swagger_ui_html(
            openapi_url=f"{root}/api/openapi.json",
            title="wertung API",
            swagger_js_url=f"{root}/static/swagger/swagger-ui-bundle.js",
            swagger_css_url=f"{root}/static/swagger/swagger-ui.css",
            swagger_favicon_url=f"{root}/static/favicon.svg",
            swagger_ui_parameters={"validatorUrl": None},
        )
        html = bytes(page.body).decode()
        page.headers["Content-Security-Policy"] = docs_policy(html, settings.frame_ancestors)
        return page

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok", "version": __version__})

    # before the generic page routes: /{lang}/{page}/result must not take /{lang}/tournament/…
    app.include_router(tournament_pages.router)
    app.include_router(pages.router)  # last: its /{lang}/{page} would shadow the routes above
    _install_handlers(app, settings)
    _install_openapi(app)
    # innermost first: StrictJson reads bodies BodyLimit has bounded
    app.add_middleware(StrictJson)
    app.add_middleware(BodyLimit, limit=settings.max_upload, timeout=settings.body_timeout)
    # Pages, JSON and CSV compressed for clients that accept gzip (a 2,000-player results page
    # is ≈ 4.5 MB of HTML); zlib's default level, large bodies in a thread (Starlette's own).
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    app.add_middleware(HeadAsGet)
    return app

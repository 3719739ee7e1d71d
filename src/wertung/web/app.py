"""The FastAPI application: pages, API, static files, limits and error handlers."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..core.errors import WertungError
from ..core.model import Tournament
from . import api, pages, tournaments
from .problems import problem, problem_from_error, problem_from_validation
from .settings import Settings
from .web_store import WebStore

__all__ = ["RateLimited", "admit_fetch", "create_app", "fetch_tournament", "run_import"]

log = logging.getLogger("wertung.web")
STATIC_DIR = __file__.rsplit("/", 1)[0] + "/static"


class RateLimited(WertungError):
    """Too many chess-results imports from one client within the window."""


class BodyLimit:
    """Refuses request bodies above ``limit`` bytes with 413, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await self._refuse(scope, send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        text = f"request body larger than {self.limit} bytes"
        is_api = scope.get("path", "").startswith("/api/")
        body = (
            (
                '{"type":"/api/v1/problems/too-large","title":"Request too large",'
                f'"status":413,"detail":"{text}"}}'
            ).encode()
            if is_api
            else f"<!doctype html><title>413</title><p>{text}. <a href='javascript:history.back()'>Back</a></p>".encode()
        )
        media = b"application/problem+json" if is_api else b"text/html; charset=utf-8"
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", media), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class RootPath:
    """Sets the ASGI ``root_path`` (a reverse proxy's prefix) unless the server already did."""

    def __init__(self, app: ASGIApp, root_path: str) -> None:
        self.app = app
        self.root_path = root_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not scope.get("root_path"):
            scope = {**scope, "root_path": self.root_path}
        await self.app(scope, receive, send)


def client_address(request: Request) -> str:
    """The client for rate limiting: the peer, or the first X-Forwarded-For behind a proxy."""
    settings: Settings = request.app.state.settings
    if settings.trust_proxy:
        forwarded = request.headers.get("x-forwarded-for", "").split(",")[0].strip()
        if forwarded:
            return forwarded
    return request.client.host if request.client else "unknown"


def admit_fetch(request: Request, link: str) -> None:
    """Refuse anything but a chess-results link, then count the import for the rate limit."""
    tournaments.normalise_link(link)  # refuses anything that is not a chess-results link
    settings: Settings = request.app.state.settings
    store: WebStore = request.app.state.store
    if not store.allow_fetch(client_address(request), settings.fetch_limit, settings.fetch_window):
        raise RateLimited(
            f"at most {settings.fetch_limit} chess-results imports per "
            f"{settings.fetch_window // 60} minutes; please wait or upload a file",
            field="link",
        )


def fetch_tournament(request: Request, link: str, progress: Any = None) -> Tournament:
    """Import a chess-results tournament for this client: link checked first, then rate limit."""
    admit_fetch(request, link)
    return run_import(request.app.state.settings, link, progress)


def run_import(settings: Settings, link: str, progress: Any = None) -> Tournament:
    """The import itself (for an admitted link), with the configured client."""
    factory = settings.chessresults_client
    client = factory() if callable(factory) else factory
    try:
        return tournaments.import_link(link, client=client, progress=progress)
    finally:
        if callable(factory) and hasattr(client, "close"):
            client.close()


def create_app(settings: Settings | None = None) -> FastAPI:
    """The web app (pages under ``/de`` and ``/en``, JSON API under ``/api/v1``)."""
    settings = settings or Settings.from_env()
    app = FastAPI(
        title="wertung API",
        version=__version__,
        description="DWZ and FIDE Elo calculations with their working. Unofficial forecasts.",
        docs_url=None,  # served below with the vendored Swagger UI (no CDN)
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.settings = settings
    app.state.store = WebStore(settings.store_dir())
    app.include_router(api.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/api/docs", include_in_schema=False)
    def docs(request: Request) -> Response:
        root = request.scope.get("root_path", "").rstrip("/")
        return get_swagger_ui_html(
            openapi_url=f"{root}/api/openapi.json",
            title="wertung API",
            swagger_js_url=f"{root}/static/swagger/swagger-ui-bundle.js",
            swagger_css_url=f"{root}/static/swagger/swagger-ui.css",
            swagger_favicon_url=f"{root}/static/favicon.svg",
        )

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok", "version": __version__})

    app.include_router(pages.router)  # last: its /{lang}/{page} would shadow the routes above

    @app.exception_handler(RateLimited)
    async def _rate_limited(request: Request, error: RateLimited) -> Response:
        if request.url.path.startswith("/api/"):
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
        if request.url.path.startswith("/api/"):
            return problem_from_error(request, error)
        return pages.error_page(request, error, status=422)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, error: RequestValidationError) -> Response:
        return problem_from_validation(request, error)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return problem(request, error.status_code, "Error", str(error.detail))
        return pages.not_found(request, error.status_code)

    @app.exception_handler(Exception)
    async def _anything(request: Request, error: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        if request.url.path.startswith("/api/"):
            return problem(
                request,
                500,
                "Internal error",
                "the calculation failed unexpectedly; the input was not changed",
                kind="internal",
            )
        return pages.error_page(request, error, status=500)

    if settings.root_path:
        app.add_middleware(RootPath, root_path=settings.root_path)
    # Multipart framing adds a little to the file itself.
    app.add_middleware(BodyLimit, limit=settings.max_upload + 64 * 1024)
    return app

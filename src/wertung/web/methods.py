"""HTTP methods: HEAD wherever GET works, and the ``Allow`` header of a 405.

FastAPI routes answer only the methods they declare, so ``HEAD /de/dwz`` was a
405. :class:`HeadAsGet` runs a HEAD request as GET and sends the headers
(``Content-Length`` included) without the body. :func:`allowed_methods` lists
the methods some route accepts for a path, for the ``Allow`` header of a 405.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from starlette.routing import Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["ORIGINAL_METHOD", "HeadAsGet", "allowed_methods", "documented_methods"]

ORIGINAL_METHOD = "wertung.method"
_ORDER = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


class HeadAsGet:
    """Answers HEAD like GET, without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "HEAD":
            await self.app(scope, receive, send)
            return
        scope = {**scope, "method": "GET", ORIGINAL_METHOD: "HEAD"}

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(scope, receive, headers_only)


def _hidden_router(route: Any) -> bool:
    router = getattr(route, "original_router", None)  # an included router (FastAPI)
    return router is not None and getattr(router, "include_in_schema", True) is False


def allowed_methods(routes: Iterable[Any], scope: Scope, *, api: bool = False) -> list[str]:
    """The methods the ``routes`` accept for the path of ``scope`` (HEAD wherever GET).

    Each candidate method is tried against the routes (included routers as well), so
    the answer is what the router would really accept. ``api``: leave out routers kept
    out of the API document (the pages' catch-all routes also match API paths, only to
    answer 404).
    """
    routes = [r for r in routes if not (api and _hidden_router(r))]
    methods: set[str] = set()
    for method in _ORDER:
        if method == "HEAD":
            continue
        probe = {**scope, "method": method}
        for route in routes:
            try:
                match, _child = route.matches(probe)
            except Exception:
                continue
            if match == Match.FULL:
                if isinstance(route, Mount):
                    methods.update(("GET", "HEAD"))
                else:
                    methods.add(method)
                break
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods, key=lambda m: (_ORDER.index(m) if m in _ORDER else 99, m))


def documented_methods(document: dict[str, Any], path: str) -> list[str] | None:
    """The methods the OpenAPI ``document`` gives ``path`` (a literal path before a template).

    >>> doc = {"paths": {"/t/{key}": {"get": {}}, "/t/file": {"post": {}}}}
    >>> documented_methods(doc, "/t/file"), documented_methods(doc, "/t/abc")
    (['POST'], ['GET', 'HEAD'])
    """
    import re

    paths = document.get("paths") or {}
    item = paths.get(path)
    if item is None:
        for template, candidate in paths.items():
            pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"
            if re.match(pattern, path):
                item = candidate
                break
    if item is None:
        return None
    methods = {m.upper() for m in item if m.upper() in _ORDER}
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods, key=_ORDER.index)

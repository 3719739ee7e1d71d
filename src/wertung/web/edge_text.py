"""Answers given at the edge of the app (before or instead of a route), in the client's language.

Middleware that refuses a request (too large, too slow, bad JSON numbers, an
unexpected error) answers here: ``application/problem+json`` under ``/api/``, a
page in German or English otherwise. The language comes from the path
(``/de/…``, ``/en/…``), then ``Accept-Language``, then German.

>>> language({"path": "/en/tournament", "headers": []})
'en'
>>> language({"path": "/x", "headers": [(b"accept-language", b"en-GB,en;q=0.9")]})
'en'
"""

from __future__ import annotations

import json
import logging
from html import escape
from typing import Any

from starlette.types import Scope, Send

from wertung.catalogue.words import word

__all__ = ["TITLES", "edge_response", "is_api", "language", "send_edge", "text"]

log = logging.getLogger("wertung.web")

#: The problem's title (``application/problem+json``: English, as HTTP's reason phrases);
#: the texts are the catalogue's ``edge.<key>`` (German and English, ``{name}`` filled by
#: :func:`text`).
TITLES: dict[str, str] = {
    "too-large": "Request too large",
    "body-timeout": "Request body too slow",
    "internal": "Internal error",
    "unavailable": "Service unavailable",
    "method-not-allowed": "Method not allowed",
    "non-finite": "Invalid request",
    "surrogate": "Invalid request",
}


def _path(scope: Scope) -> str:
    path = scope.get("path", "") or ""
    root = (scope.get("root_path") or "").rstrip("/")
    if root and path.startswith(root + "/"):
        path = path[len(root) :]
    return path


def is_api(scope: Scope) -> bool:
    """Whether the request is for the JSON API (answers are problem details)."""
    return _path(scope).startswith("/api/")


def language(scope: Scope, default: str = "de") -> str:
    """``de`` or ``en``: from the path, then ``Accept-Language``, then ``default``."""
    first = _path(scope).split("/")[1:2]
    if first and first[0] in ("de", "en"):
        return first[0]
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            header = value.decode("latin-1").strip().lower()
            if header.startswith("en"):
                return "en"
            if header.startswith("de"):
                return "de"
    return default


def text(key: str, lang: str, **params: object) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled."""
    return word(f"edge.{key}", "en" if lang == "en" else "de").format(**params)


def _page(scope: Scope, status: int, message: str, lang: str) -> bytes:
    # the site's own error page (navigation, styles) when the app is there: the app puts
    # its renderer in its state (``error_page``), so this edge module needs no page module
    state = getattr(scope.get("app"), "state", None)
    error_page = getattr(state, "error_page", None)
    if error_page is not None:
        try:
            from starlette.requests import Request

            request = Request({**scope, "path_params": {"lang": lang}, "method": "GET"})
            return bytes(error_page(request, message, status))
        except Exception:  # pragma: no cover - the plain page below is the fallback
            log.debug("error page could not be rendered", exc_info=True)
    title = escape(TEXTS_BY_STATUS.get(status, "Error"))
    return (
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{status} {title}'
        f"</title><h1>{status} {title}</h1><p>{escape(message)}</p></html>"
    ).encode()


TEXTS_BY_STATUS = {408: "Request Timeout", 413: "Content Too Large", 500: "Internal Error"}


def edge_response(
    scope: Scope,
    status: int,
    key: str,
    *,
    field: str | None = None,
    default_language: str = "de",
    **params: object,
) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """Headers and body of a refusal: problem+json under ``/api/``, a translated page otherwise."""
    api = is_api(scope)
    lang = language(scope, "en" if api else default_language)
    message = text(key, lang, field=field or "body", **params)
    if api:
        problem: dict[str, Any] = {
            "type": f"/api/v1/problems/{key}",
            "title": TITLES[key],
            "status": status,
            "detail": message,
            "instance": scope.get("path", ""),
        }
        if field is not None:
            problem["field"] = field
        body = json.dumps(problem, ensure_ascii=False).encode()
        media = b"application/problem+json"
    else:
        body = _page(scope, status, message, lang)
        media = b"text/html; charset=utf-8"
    headers = [
        (b"content-type", media),
        (b"content-length", str(len(body)).encode()),
        (b"content-language", lang.encode()),
    ]
    return headers, body


async def send_edge(
    scope: Scope,
    send: Send,
    status: int,
    key: str,
    *,
    extra_headers: list[tuple[bytes, bytes]] | None = None,
    close: bool = False,
    **params: Any,
) -> None:
    """Send a refusal made by :func:`edge_response` (``close``: ask the client to close)."""
    headers, body = edge_response(scope, status, key, **params)
    headers += extra_headers or []
    if close:
        headers.append((b"connection", b"close"))
    if scope.get("method") == "HEAD":
        body = b""
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})

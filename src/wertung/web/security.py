"""Security headers on every response, safe redirects and public links.

:class:`SecurityHeaders` (ASGI middleware) adds to every response that does not
set them itself:

- ``Content-Security-Policy``: everything from the app's own origin only; no inline
  script at all; the one inline style htmx injects (its indicator rule) allowed by
  its hash; ``frame-ancestors`` from the settings. The API documentation page sets
  its own policy with the hash of its inline start-up script (:func:`docs_policy`).
- ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin``,
  ``X-Frame-Options: DENY`` (when no framing is allowed) and
  ``Cross-Origin-Opener-Policy: same-origin``.

It also makes every ``Location`` header root-relative and percent-encoded
(:func:`safe_location`): a redirect never repeats a client's ``Host`` header and
is always a URL clients can parse.

:func:`public_url` builds share links from ``WERTUNG_PUBLIC_URL``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "HTMX_INDICATOR_STYLE",
    "SecurityHeaders",
    "csp_hash",
    "docs_policy",
    "page_policy",
    "public_url",
    "safe_location",
]

# What htmx 2 (static/htmx.min.js) inserts as a <style> element at start-up.
HTMX_INDICATOR_STYLE = (
    ".htmx-indicator{opacity:0;visibility: hidden} "
    ".htmx-request .htmx-indicator, .htmx-request.htmx-indicator"
    "{opacity:1;visibility: visible;transition: opacity 200ms ease-in}"
)


def csp_hash(text: str) -> str:
    """The CSP hash source of an inline script or style.

    >>> csp_hash("alert(1)")
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
    """
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def page_policy(frame_ancestors: str = "'none'", *, scripts: tuple[str, ...] = ()) -> str:
    """The Content-Security-Policy of the pages (``scripts``: extra hash sources)."""
    script_src = " ".join(("'self'", *scripts))
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {script_src}",
            f"style-src 'self' {csp_hash(HTMX_INDICATOR_STYLE)}",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            f"frame-ancestors {frame_ancestors}",
        )
    )


_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def docs_policy(html: str, frame_ancestors: str = "'none'") -> str:
    """The policy of a page whose inline ``<script>`` blocks (as in ``html``) are allowed."""
    hashes = tuple(csp_hash(block) for block in _INLINE_SCRIPT.findall(html))
    return page_policy(frame_ancestors, scripts=hashes)


_PATH_SAFE = "/%:@!$&'()*+,;=-._~"
_QUERY_SAFE = _PATH_SAFE + "?"


def safe_location(location: str) -> str:
    """A redirect target as a root-relative, percent-encoded URL (scheme and host dropped).

    >>> safe_location("http://evil.example/de/a b?x=ä")
    '/de/a%20b?x=%C3%A4'
    >>> safe_location("/de/dwz")
    '/de/dwz'
    """
    try:
        parts = urlsplit(location)
        path, query = parts.path, parts.query
    except ValueError:
        path, _, query = location.partition("?")
    path = "/" + quote(path, safe=_PATH_SAFE).lstrip("/")  # never '//host' (protocol-relative)
    if query:
        return f"{path}?{quote(query, safe=_QUERY_SAFE)}"
    return path


def public_url(request: Any, path: str) -> str:
    """The public URL of ``path`` (relative to the app, e.g. ``/de/tournament/KEY``).

    From ``WERTUNG_PUBLIC_URL`` when set; otherwise the root-relative path (with the
    proxy prefix). The request's ``Host`` header is never used.

    >>> from types import SimpleNamespace as NS
    >>> app = NS(state=NS(settings=NS(public_url="https://w.example/wertung/")))
    >>> public_url(NS(app=app, scope={}), "/de/tournament/abc")
    'https://w.example/wertung/de/tournament/abc'
    """
    path = "/" + path.lstrip("/")
    base = (request.app.state.settings.public_url or "").rstrip("/")
    if base:
        return base + path
    root = (request.scope.get("root_path") or "").rstrip("/")
    return root + path


class SecurityHeaders:
    """Adds the security headers and makes ``Location`` safe on every HTTP response."""

    def __init__(self, app: ASGIApp, frame_ancestors: str = "'none'") -> None:
        self.app = app
        self.frame_ancestors = frame_ancestors or "'none'"
        policy = page_policy(self.frame_ancestors).encode()
        self.headers: list[tuple[bytes, bytes]] = [
            (b"content-security-policy", policy),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]
        if self.frame_ancestors.strip() == "'none'":
            self.headers.append((b"x-frame-options", b"DENY"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[tuple[bytes, bytes]] = []
                present: set[bytes] = set()
                for name, value in message.get("headers") or ():
                    name = name.lower()
                    present.add(name)
                    if name == b"location":
                        value = safe_location(value.decode("latin-1")).encode("latin-1")
                    headers.append((name, value))
                headers += [(n, v) for n, v in self.headers if n not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)

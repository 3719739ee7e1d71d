"""JSON request bodies checked before pydantic sees them: finite numbers and valid Unicode.

Python's ``json`` accepts ``NaN``, ``Infinity`` and ``1e999`` (all non-finite
floats) and lone UTF-16 surrogates such as ``"\\ud800"`` (strings that cannot be
encoded as UTF-8). Both reach the engine or the store as values nothing can use.
:class:`StrictJson` parses every JSON body with a strict parser and answers 422
(a problem naming the field) for either; other bodies, and JSON that does not
parse at all, go on unchanged (the route reports those).

>>> find_invalid(loads_strict(b'{"games": [{"result": NaN}]}'))
('non-finite', 'games[0].result', 'NaN')
>>> find_invalid(loads_strict(b'{"name": "ok"}')) is None
True
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wertung.web.edge_text import send_edge

__all__ = ["NonFinite", "StrictJson", "clean_text", "find_invalid", "loads_strict"]

_SURROGATE = re.compile("[\ud800-\udfff]")


class NonFinite:
    """Stands for a non-finite number in a parsed body (``text`` as written)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"NonFinite({self.text!r})"


def _float(text: str) -> float | NonFinite:
    value = float(text)
    return value if math.isfinite(value) else NonFinite(text)


def loads_strict(body: bytes | str) -> Any:
    """``json.loads`` with non-finite numbers kept as :class:`NonFinite` markers."""
    return json.loads(body, parse_constant=NonFinite, parse_float=_float)


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def find_invalid(data: Any, path: str = "") -> tuple[str, str, str] | None:
    """The first non-finite number or lone surrogate: (kind, field path, value as written)."""
    stack: list[tuple[str, Any]] = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, NonFinite):
            return "non-finite", where or "body", value.text
        if isinstance(value, str):
            found = _SURROGATE.search(value)
            if found:
                return "surrogate", where or "body", f"\\u{ord(found.group()):04x}"
        elif isinstance(value, dict):
            items = list(value.items())
            for key, item in reversed(items):
                if _SURROGATE.search(key):
                    return "surrogate", where or "body", "key"
                stack.append((_join(where, key), item))
        elif isinstance(value, list):
            for index in range(len(value) - 1, -1, -1):
                stack.append((_join(where, index), value[index]))
    return None


def clean_text(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (and keys) replaced by U+FFFD.

    >>> clean_text({"name": "A\\ud800B", "n": [1, "\\udfff"]})
    {'name': 'A�B', 'n': [1, '�']}
    """
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {clean_text(k): clean_text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(clean_text(v) for v in value)
    return value


def _is_json(scope: Scope) -> bool:
    for name, value in scope.get("headers") or ():
        if name == b"content-type":
            media = value.split(b";", 1)[0].strip().lower()
            return media == b"application/json" or media.endswith(b"+json")
    return False


class StrictJson:
    """Refuses JSON bodies with non-finite numbers or lone surrogates (422, naming the field).

    Sits inside :class:`~wertung.web.limits.BodyLimit`, so the body it buffers is bounded.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD") or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            found = find_invalid(loads_strict(body))
        except (ValueError, RecursionError):
            found = None  # not JSON at all: the route's own validation says so
        if found is not None:
            kind, field, value = found
            await send_edge(scope, send, 422, kind, field=field, value=value)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

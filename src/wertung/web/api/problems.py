"""Errors of the JSON API as problem details (RFC 9457, ``application/problem+json``).

An engine error carries its stable ``code`` and ``params`` (from :mod:`wertung.catalogue`),
the input ``field``, ``detail`` in the request's language (``?lang=de|en``, else
``Accept-Language``, else English) and both texts in ``texts: {"de": ..., "en": ...}``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from wertung import catalogue
from wertung.kernel.errors import FormatError, SourceError, WertungError

__all__ = [
    "Problem",
    "problem",
    "problem_from_error",
    "problem_from_validation",
    "request_language",
]

MEDIA_TYPE = "application/problem+json"


class Problem(BaseModel):
    """A problem detail: what went wrong and which input field it is about."""

    model_config = ConfigDict(extra="allow")

    type: str
    title: str
    status: int
    detail: str
    instance: str | None = None
    field: str | None = None
    code: str | None = None
    params: dict[str, Any] | None = None
    texts: dict[str, str] | None = None


def request_language(request: Request) -> str:
    """``de`` or ``en`` for an API answer: ``?lang=``, then ``Accept-Language``, else ``en``."""
    asked = request.query_params.get("lang", "")
    if asked in ("de", "en"):
        return asked
    header = request.headers.get("accept-language", "").strip().lower()
    return "de" if header.startswith("de") else "en"


def _slug(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


def problem(
    request: Request,
    status: int,
    title: str,
    detail: str,
    *,
    kind: str = "error",
    field: str | None = None,
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> JSONResponse:
    """A problem+json response."""
    body: dict[str, Any] = {
        "type": f"/api/v1/problems/{kind}",
        "title": title,
        "status": status,
        "detail": detail,
        "instance": request.url.path,
    }
    if field is not None:
        body["field"] = field
    body.update({k: v for k, v in extra.items() if v is not None})
    return JSONResponse(body, status_code=status, media_type=MEDIA_TYPE, headers=headers)


def problem_from_error(
    request: Request, error: WertungError, *, status: int | None = None
) -> JSONResponse:
    """The engine's error: 422 for bad input, 400 for unreadable files, 502 for the source
    (``status`` overrides)."""
    if status is None:
        status = 422
        if isinstance(error, FormatError):
            status = 400
        elif isinstance(error, SourceError):
            status = 422 if error.field == "link" else 502
    name = type(error).__name__
    title = re.sub(r"(?<!^)(?=[A-Z])", " ", name).capitalize()
    texts = catalogue.texts(error)
    where: dict[str, Any] = {
        k: v
        for k, v in error.where.items()
        if isinstance(v, (str, int, float)) and k not in ("code", "params", "texts")
    }
    return problem(
        request,
        status,
        title,
        texts[request_language(request)],
        kind=_slug(name),
        field=error.field,
        code=error.code,
        params=_plain(error.params),
        texts=texts,
        **where,
    )


def _plain(value: Any) -> Any:
    """JSON-ready: numbers, text, lists and mappings stay; anything else becomes its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)


def _location(loc: tuple[Any, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    text = ""
    for part in parts:
        text += f"[{part}]" if part.isdigit() else (f".{part}" if text else part)
    return text or "body"


def _syntax_problem(request: Request, error: RequestValidationError) -> JSONResponse | None:
    """A JSON body that does not parse: our syntax error, naming its line and column (422,
    as every request body the API cannot take)."""
    first = next(iter(error.errors()), None)
    if not first or first.get("type") != "json_invalid":
        return None
    doc = error.body
    if isinstance(doc, (bytes, bytearray)):
        doc = bytes(doc).decode("utf-8", "replace")
    loc = tuple(first.get("loc", ()))
    pos = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else None
    message = str((first.get("ctx") or {}).get("error", ""))
    if not isinstance(doc, str) or pos is None or not 0 <= pos <= len(doc):
        return None
    from wertung.formats.tournament_json import syntax_error

    found = syntax_error(json.JSONDecodeError(message, doc, pos))
    return problem_from_error(request, found, status=422)


def problem_from_validation(request: Request, error: RequestValidationError) -> JSONResponse:
    """Pydantic's request errors as one problem naming the first field, with all errors listed.

    A body that is not JSON at all is a syntax error with its line and column instead.
    """
    syntax = _syntax_problem(request, error)
    if syntax is not None:
        return syntax
    errors = [
        {"field": _location(tuple(e.get("loc", ()))), "message": e.get("msg", "invalid")}
        for e in error.errors()
    ]
    first = errors[0] if errors else {"field": "body", "message": "invalid request"}
    invalid = catalogue.Message("request.invalid", {"field": first["field"]})
    texts = {
        "en": f"{first['field']}: {first['message']}",  # pydantic's own words, in English
        "de": catalogue.render(invalid, "de"),
    }
    return problem(
        request,
        422,
        "Invalid request",
        texts[request_language(request)],
        kind="invalid-request",
        field=first["field"],
        code="request.invalid",
        params={"field": first["field"]},
        texts=texts,
        errors=errors,
    )

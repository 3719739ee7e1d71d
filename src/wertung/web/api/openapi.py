"""The problem responses of the API document: every error an operation can answer, documented.

FastAPI documents only the 422 of its own validation, as ``application/json``;
the app answers every error as ``application/problem+json``
(:mod:`wertung.web.api.problems`), also the edge's 408/413 and the last-resort 500.
:func:`add_problem_responses` adds those to every operation of the document.

>>> doc = {"paths": {"/api/v1/x": {"post": {"requestBody": {}, "responses": {"200": {}}}}}}
>>> sorted(add_problem_responses(doc)["paths"]["/api/v1/x"]["post"]["responses"])
['200', '400', '408', '413', '422', '500']
"""

from __future__ import annotations

from typing import Any

__all__ = ["PROBLEM_SCHEMA", "add_problem_responses"]

MEDIA = "application/problem+json"
PROBLEM_SCHEMA: dict[str, Any] = {
    "title": "Problem",
    "type": "object",
    "description": "A problem detail (RFC 9457): what went wrong and which input field it is about.",
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "instance": {"type": ["string", "null"]},
        "field": {"type": ["string", "null"]},
    },
    "required": ["type", "title", "status", "detail"],
    "additionalProperties": True,
}
REF = {"$ref": "#/components/schemas/Problem"}
BODY_ERRORS = {
    "400": "the uploaded file or tournament could not be read",
    "408": "the request body did not arrive in time",
    "413": "the request body is larger than the server accepts",
    "422": "bad input (names the field)",
}
ALWAYS = {"500": "unexpected error (no traceback; the input was not changed)"}
EXTRA = {
    "/tournament/link": {
        "429": "too many chess-results imports from this client (see Retry-After)",
        "502": "chess-results.com could not be read",
    },
}
_METHODS = ("get", "put", "post", "delete", "patch", "options", "head")


def _problem_response(description: str, existing: dict[str, Any] | None) -> dict[str, Any]:
    response = dict(existing or {})
    content = dict(response.get("content") or {})
    examples = {}
    for media, value in list(content.items()):
        if media != MEDIA:
            examples = {k: v for k, v in value.items() if k in ("example", "examples")}
            del content[media]
    problem = {**examples, **content.get(MEDIA, {}), "schema": REF}
    response["content"] = {**content, MEDIA: problem}
    if not response.get("description") or response.get("description") == "Validation Error":
        response["description"] = description
    return response


def add_problem_responses(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (an OpenAPI document) with problem+json error responses on every operation."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["Problem"] = PROBLEM_SCHEMA
    for path, item in (schema.get("paths") or {}).items():
        for method in _METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            responses = operation.setdefault("responses", {})
            wanted = dict(ALWAYS)
            if "requestBody" in operation or operation.get("parameters"):
                wanted.update(BODY_ERRORS)
            for suffix, extra in EXTRA.items():
                if path.endswith(suffix):
                    wanted.update(extra)
            for status, description in wanted.items():
                responses[status] = _problem_response(description, responses.get(status))
            for status, response in list(responses.items()):
                if status[:1] in ("4", "5") and status not in wanted:
                    responses[status] = _problem_response(
                        response.get("description", "error"), response
                    )
    import json

    for name in ("HTTPValidationError", "ValidationError"):
        components_text = json.dumps({k: v for k, v in components.items() if k != name})
        paths_text = json.dumps(schema.get("paths") or {})
        ref = f'"#/components/schemas/{name}"'
        if ref not in paths_text and ref not in components_text:
            components.pop(name, None)
    return schema

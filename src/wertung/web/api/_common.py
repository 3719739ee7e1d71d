"""What every route module of the API shares: the problem responses, the documented
examples (:data:`~wertung.web.api.models.EXAMPLES`), a new router under ``/api/v1``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body

from wertung.web.api.models import EXAMPLES
from wertung.web.api.problems import Problem

__all__ = ["PROBLEM_JSON", "documented", "example", "games", "new_router"]

PROBLEM_JSON = "application/problem+json"
PROBLEMS: dict[int | str, dict[str, Any]] = {
    422: {"model": Problem, "description": "bad input (names the field)"},
}


def new_router() -> APIRouter:
    """A router under ``/api/v1`` whose every route may answer 422 with a problem."""
    return APIRouter(prefix="/api/v1", responses=PROBLEMS)


def example(path: str) -> Any:
    """The request body's OpenAPI example: the documented request of ``path``."""
    request, _expected = EXAMPLES[path]
    return Body(openapi_examples={"example": {"summary": "example", "value": request}})


def documented(path: str) -> dict[int | str, dict[str, Any]]:
    """The route's documented answer: the example's expected response, by its status."""
    _request, expected = EXAMPLES[path]
    status = expected.get("status", 200)
    media = "application/problem+json" if status != 200 else "application/json"
    return {status: {"content": {media: {"example": expected}}, "description": "example"}}


def games(items: list[Any]) -> list[tuple[Any, Any]]:
    """The request's games as the engine takes them: (opponent rating, result)."""
    return [(g.opponent_rating, g.result) for g in items]

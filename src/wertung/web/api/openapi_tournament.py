"""The JSON tournament schema in the OpenAPI document.

``POST /api/v1/tournament/evaluate`` takes a tournament in the wertung JSON format
and ``POST /api/v1/history`` a list of them. The routes read the body with the
format's own reader (:func:`wertung.formats.tournament_json.from_dict`, which names
the field of every problem), so the document gets the format's schema
(``wertung/schemas/tournament.schema.json``) here: its ``$defs`` become components
``Tournament_<name>`` and the body (and ``HistoryRequest.tournaments``) refer to
``#/components/schemas/Tournament``.

One difference to the file format: the API evaluates at once, so ``end_date`` (which
picks the regulations and the ages) is required for a DWZ-rated tournament (the CLI and
the result page ask for a missing one instead), and a history's tournaments need it
always (it orders them).

>>> doc = add_tournament_schema({"paths": {}})
>>> doc["components"]["schemas"]["Tournament"]["anyOf"][0]
{'required': ['end_date']}
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

__all__ = ["add_tournament_schema", "tournament_schema"]

BODY_PATHS = ("/api/v1/tournament/evaluate",)
REF = "#/components/schemas/Tournament"
#: The API needs ``end_date`` unless the tournament gets no DWZ evaluation (as the engine).
NEEDS_END_DATE = [
    {"required": ["end_date"]},
    {"required": ["rated_for_dwz"], "properties": {"rated_for_dwz": {"const": False}}},
    {"required": ["time_control"], "properties": {"time_control": {"enum": ["rapid", "blitz"]}}},
]
API_NOTE = (
    "The API needs end_date unless the tournament is not DWZ-rated (rated_for_dwz false, or "
    "a rapid or blitz time_control); in a history always. (A time control whose figures are "
    "below the DWZ's minimum also needs none; this document, which cannot read figures, asks "
    "for it all the same.)"
)


def tournament_schema() -> dict[str, Any]:
    """The format's JSON schema as shipped with the package."""
    text = resources.files("wertung").joinpath("schemas/tournament.schema.json").read_text("utf-8")
    return json.loads(text)


def _rewrite(node: Any) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                out[key] = f"{REF}_{value.removeprefix('#/$defs/')}"
            else:
                out[key] = _rewrite(value)
        return out
    if isinstance(node, list):
        return [_rewrite(item) for item in node]
    return node


def add_tournament_schema(document: dict[str, Any], limits: Any = None) -> dict[str, Any]:
    """``document`` with the tournament schema as a component and the bodies pointing at it.

    ``limits`` (the server's :class:`~wertung.web.Settings`): its ``max_players``,
    ``max_rounds`` and ``max_games`` become bounds of the component, as
    :func:`~wertung.web.limits.check_size` applies them (rounds: ``rounds`` and the games').

    >>> from types import SimpleNamespace as NS
    >>> doc = add_tournament_schema({}, NS(max_players=10, max_rounds=9, max_games=50))
    >>> doc["components"]["schemas"]["Tournament_game"]["properties"]["round"]
    {'type': 'integer', 'minimum': 1, 'maximum': 9}
    """
    schema = copy.deepcopy(tournament_schema())
    definitions = schema.pop("$defs", {})
    for key in ("$schema", "$id"):
        schema.pop(key, None)
    components = document.setdefault("components", {}).setdefault("schemas", {})
    schema["anyOf"] = copy.deepcopy(NEEDS_END_DATE)
    schema["description"] = f"{schema.get('description', '')} {API_NOTE}".strip()
    if limits is not None:
        _bound(schema, definitions, limits)
    components["Tournament"] = _rewrite(schema)
    for name, definition in definitions.items():
        components[f"Tournament_{name}"] = _rewrite(definition)
    for path in BODY_PATHS:
        operation = document.get("paths", {}).get(path, {}).get("post")
        if operation is None:
            continue
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if content is not None:
            content["schema"] = {"$ref": REF}
    history = components.get("HistoryRequest", {}).get("properties", {}).get("tournaments")
    if history is not None:
        history["items"] = {"$ref": REF, "required": ["end_date"]}
    return document


def _bound(schema: dict[str, Any], definitions: dict[str, Any], limits: Any) -> None:
    """The server's size limits in the schema (``check_size`` refuses what is above them)."""
    properties = schema["properties"]
    properties["players"]["maxItems"] = limits.max_players
    properties["games"]["maxItems"] = limits.max_games
    properties["rounds"]["maximum"] = limits.max_rounds
    definitions["game"]["properties"]["round"]["maximum"] = limits.max_rounds
    schema["description"] += (
        f" This server accepts at most {limits.max_players} players, {limits.max_rounds} rounds "
        f"and {limits.max_games} games."
    )

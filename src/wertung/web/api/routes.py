"""The JSON API under ``/api/v1``: every computation the pages offer, as JSON.

One router of its parts, in the order the API's documentation lists them:
:mod:`.calculator_routes` (DWZ, FIDE, the planner, the upgrade), :mod:`.tournament_routes`
(tournaments, history, stored results, the DSB search), then the tables.
Handlers only convert the request to engine arguments and return the engine's
``to_dict()``; errors become problem details (see :mod:`.problems`).
"""

from __future__ import annotations

from fastapi import APIRouter

from wertung.web.api import calculator_routes, tournament_routes

__all__ = ["router"]

router = APIRouter()
router.include_router(calculator_routes.router)
router.include_router(tournament_routes.router)
router.include_router(calculator_routes.tables)

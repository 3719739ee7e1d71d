"""The API's calculators: a DWZ forecast, a first DWZ, a FIDE rating change, a first FIDE
rating, "what do I need?", the 2026 upgrade, and the regulations' tables.

Handlers only convert the request to engine arguments and return the engine's
``to_dict()``; errors become problem details (see :mod:`.problems`).
"""

from __future__ import annotations

from typing import Annotated, Any

from wertung import dwz, fide
from wertung.dwz.regulations import WO_2026
from wertung.kernel.expectancy import win_expectancy
from wertung.kernel.results import parse_score
from wertung.tournament._model import CarryOverGame, check_rating, parse_date
from wertung.web.api._common import documented, example, games, new_router
from wertung.web.api.models import (
    DwzNeededRequest,
    EloInitialOut,
    EloInitialRequest,
    EloNeededRequest,
    EloOut,
    EloRequest,
    FirstDwzOut,
    FirstDwzRequest,
    FirstNeededRequest,
    ForecastOut,
    ForecastRequest,
    K0TableOut,
    NeededOut,
    UpgradeOut,
    UpgradeRequest,
)
from wertung.web.unknown import forecast_range

__all__ = ["router", "tables"]

router = new_router()
#: The tables' routes, documented after the tournament routes (their order in the API docs).
tables = new_router()

ForecastBody = Annotated[ForecastRequest, example("/api/v1/dwz/forecast")]
FirstBody = Annotated[FirstDwzRequest, example("/api/v1/dwz/first")]
DwzNeededBody = Annotated[DwzNeededRequest, example("/api/v1/dwz/needed")]
FirstNeededBody = Annotated[FirstNeededRequest, example("/api/v1/dwz/first/needed")]
EloNeededBody = Annotated[EloNeededRequest, example("/api/v1/elo/needed")]
UpgradeBody = Annotated[UpgradeRequest, example("/api/v1/dwz/upgrade")]
EloBody = Annotated[EloRequest, example("/api/v1/elo/rating-change")]
EloInitialBody = Annotated[EloInitialRequest, example("/api/v1/elo/initial-rating")]


@router.post(
    "/dwz/forecast",
    response_model=ForecastOut,
    responses=documented("/api/v1/dwz/forecast"),
    summary="New DWZ of a player with DWZ (forecast)",
)
def forecast(body: ForecastBody) -> dict[str, Any]:
    """The forecast; without an index also ``index_range`` (the new DWZ for every index)."""
    result = dwz.forecast(
        body.rating,
        body.index,
        games(body.games),
        age=body.age,
        birth_year=body.birth_year,
        end_date=body.end_date,
        development_factor=body.development_factor,
        development_coefficient=body.development_coefficient,
        regulations=body.regulations,
        method=body.method,
    )
    data = result.to_dict()
    span = forecast_range(result)
    data["index_range"] = span.to_dict() if span is not None else None
    return data


@router.post(
    "/dwz/first",
    response_model=FirstDwzOut,
    responses=documented("/api/v1/dwz/first"),
    summary="First DWZ (Erst-DWZ) of a player without DWZ",
)
def first(body: FirstBody) -> dict[str, Any]:
    return dwz.first_dwz(
        games(body.games),
        carry_over=_carry_over(body.carry_over),
        age=body.age,
        birth_year=body.birth_year,
        end_date=body.end_date,
        member=body.member,
    ).to_dict()


def _carry_over(items: list[Any]) -> list[CarryOverGame]:
    return [
        CarryOverGame(
            opponent_rating=check_rating(
                c.opponent_rating, field="carry_over.opponent_rating", allow_none=False, game=i
            ),
            result=parse_score(c.result, field="carry_over.result", game=i),
            end_date=parse_date(c.end_date, field="carry_over.end_date", game=i),
        )
        for i, c in enumerate(items, start=1)
    ]


def _need(need: Any, remaining: Any, opponent: Any, *, unrated: bool = False) -> dict[str, Any]:
    """The CLI's ``need`` object: the answer with the remaining opponents as a list."""
    from wertung.kernel.needed import remaining_opponents

    data = need.to_dict()
    data["remaining"] = remaining_opponents(remaining, opponent, allow_unrated=unrated)
    return data


_NEEDED_TEXT = (
    "The smallest total score in the games still to play (a multiple of ½) whose new "
    "rating reaches ``target`` -- ``points`` 0: reached already, null: out of reach -- and "
    "the table of every total → new rating, each line the same evaluation as the forecast."
)


@router.post(
    "/dwz/needed",
    response_model=NeededOut,
    responses=documented("/api/v1/dwz/needed"),
    summary="What do I need? The score in the remaining games for a target DWZ",
    description=_NEEDED_TEXT,
)
def dwz_needed(body: DwzNeededBody) -> dict[str, Any]:
    need = dwz.needed(
        body.rating,
        body.index,
        games(body.games),
        body.remaining,
        body.target,
        opponent=body.opponent,
        age=body.age,
        birth_year=body.birth_year,
        end_date=body.end_date,
        development_factor=body.development_factor,
        development_coefficient=body.development_coefficient,
        regulations=body.regulations,
        method=body.method,
    )
    return _need(need, body.remaining, body.opponent)


@router.post(
    "/dwz/first/needed",
    response_model=NeededOut,
    responses=documented("/api/v1/dwz/first/needed"),
    summary="What do I need? The score in the remaining games for a first DWZ",
    description=_NEEDED_TEXT + " Without ``target``: for a first DWZ at all.",
)
def first_needed(body: FirstNeededBody) -> dict[str, Any]:
    need = dwz.needed_first(
        games(body.games),
        body.remaining,
        body.target,
        opponent=body.opponent,
        carry_over=_carry_over(body.carry_over),
        age=body.age,
        birth_year=body.birth_year,
        end_date=body.end_date,
        member=body.member,
    )
    return _need(need, body.remaining, body.opponent)


@router.post(
    "/elo/needed",
    response_model=NeededOut,
    responses=documented("/api/v1/elo/needed"),
    summary="What do I need? The score in the remaining games for a target FIDE rating",
    description=_NEEDED_TEXT,
)
def elo_needed(body: EloNeededBody) -> dict[str, Any]:
    need = fide.needed(
        body.rating,
        games(body.games),
        body.remaining,
        body.target,
        opponent=body.opponent,
        k=body.k,
        games_played=body.games_played,
        birth_year=body.birth_year,
        peak_rating=body.peak_rating,
        date=body.date,
        rapid_blitz=body.rapid_blitz,
    )
    return _need(need, body.remaining, body.opponent, unrated=True)


@router.post(
    "/dwz/upgrade",
    response_model=UpgradeOut,
    responses=documented("/api/v1/dwz/upgrade"),
    summary="DWZ upgrade 2026 (DWZ-Anhebung)",
)
def upgrade(body: UpgradeBody) -> dict[str, Any]:
    return dwz.upgrade(body.rating, body.index).to_dict()


@router.post(
    "/elo/rating-change",
    response_model=EloOut,
    responses=documented("/api/v1/elo/rating-change"),
    summary="FIDE Elo change of a rated player",
)
def elo(body: EloBody) -> dict[str, Any]:
    return fide.rating_change(
        body.rating,
        games(body.games),
        k=body.k,
        games_played=body.games_played,
        birth_year=body.birth_year,
        peak_rating=body.peak_rating,
        date=body.date,
        rapid_blitz=body.rapid_blitz,
    ).to_dict()


@router.post(
    "/elo/initial-rating",
    response_model=EloInitialOut,
    responses=documented("/api/v1/elo/initial-rating"),
    summary="FIDE initial rating of an unrated player",
)
def elo_initial(
    body: EloInitialBody,
) -> dict[str, Any]:
    return fide.initial_rating(games(body.games), date=body.date).to_dict()


@tables.get(
    "/tables/k0",
    response_model=K0TableOut,
    responses=documented("/api/v1/tables/k0"),
    summary="K0 table of the WO 2026 (from the regulations' constants)",
)
def k0_table() -> dict[str, Any]:
    return {
        "regulations": WO_2026.name,
        "columns": [str(i) for i in range(1, 11)] + [">10"],
        "rows": {row: list(values) for row, values in WO_2026.k0_table},
    }


@tables.get(
    "/tables/fide-expected-score",
    responses=documented("/api/v1/tables/fide-expected-score"),
    summary="FIDE table 8.1.2 (what a rating gap is worth) and table 8.1.1",
)
def fide_table() -> dict[str, Any]:
    return fide.expected_score_table().to_dict()


@tables.get(
    "/tables/dwz-win-expectancy",
    responses=documented("/api/v1/tables/dwz-win-expectancy"),
    summary="DWZ win expectancy P(D) for D = 0, 10, ..., 800",
)
def dwz_table() -> dict[str, Any]:
    return {
        "formula": "P(D) = ½·(1 + erf(D/400))",
        "rows": [
            {"difference": d, "higher": win_expectancy(d), "lower": win_expectancy(-d)}
            for d in range(0, 801, 10)
        ],
    }

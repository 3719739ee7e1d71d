"""Request and response models of the JSON API, in the engine's vocabulary.

Response models (:mod:`._responses`, importable from here) declare the main quantities
with the keys of the engine's ``to_dict()``; the rest of the derivation passes through
unchanged (``extra="allow"``). Each request model carries the example the OpenAPI
document shows; ``EXAMPLES`` lists, per route, that request and the values the
response must contain (checked by the test suite).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictInt,
    model_validator,
)
from pydantic.config import JsonDict

from wertung.formats.tournament_json import NOT_BLANK
from wertung.web.api._responses import (  # noqa: F401 - the response models, imported from here
    DsbListOut,
    DsbPlayerOut,
    DsbSearchOut,
    EloInitialOut,
    EloOut,
    FirstDwzOut,
    ForecastOut,
    GameLineOut,
    HistoryOut,
    HistoryPlayerOut,
    IndexRangeOut,
    K0TableOut,
    NeededOut,
    NeededRowOut,
    StandingsRowOut,
    TeamViewOut,
    TournamentOut,
    UpgradeOut,
)
from wertung.web.api.fields import (
    COUNT_NEEDS_OPPONENT,
    LINK_PATTERN,
    Age,
    DwzRating,
    DwzRemaining,
    EloRemaining,
    Index,
    IsoDate,
    OwnElo,
    Rating,
    ResultSymbol,
    Whole,
    Year,
    dwz_only,
    split_own,
)


class _OwnRating(BaseModel):
    """A request whose ``rating`` may be given as ``"1500-5"`` (DWZ and index in one)."""

    @model_validator(mode="before")
    @classmethod
    def _rating_index(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("rating"), str):
            rating, index = split_own(data["rating"])
            if index is not None:
                given = data.get("index")
                if given is not None and str(given) != str(index):
                    raise ValueError(
                        f"rating {data['rating']!r} gives index {index}, index says {given}"
                    )
                data = {**data, "rating": rating, "index": index}
        return data


class Game(BaseModel):
    """One game: the opponent's rating and the player's result."""

    opponent_rating: Rating | None = Field(None, description="opponent's rating (None: unrated)")
    result: ResultSymbol = Field(description="1, ½ (0.5, =), 0, + (forfeit win), - (forfeit loss)")


class CarryOver(Game):
    """A carry-over game (Restpartie) of an earlier tournament (against a rated opponent)."""

    opponent_rating: Rating = Field(
        description="the opponent's rating (a carry-over game counts only against a rated one)"
    )
    end_date: IsoDate | None = Field(None, description="end date of its tournament (YYYY-MM-DD)")


class DwzGame(BaseModel):
    """One game against a DWZ-rated opponent."""

    opponent_rating: DwzRating = None
    result: ResultSymbol = Field(description="1, ½ (0.5, =), 0, + (forfeit win), - (forfeit loss)")


class DwzCarryOver(DwzGame):
    """A carry-over game (Restpartie) of an earlier tournament (against a rated opponent)."""

    opponent_rating: Annotated[Rating, BeforeValidator(dwz_only)] = Field(
        description="the opponent's DWZ (a carry-over game counts only against a rated one)"
    )
    end_date: IsoDate | None = Field(None, description="end date of its tournament (YYYY-MM-DD)")


class ForecastRequest(_OwnRating):
    """A player with DWZ and index, and his games."""

    rating: Rating = Field(
        description='DWZ before the tournament (R0); "1500-5" gives DWZ and index at once'
    )
    index: Index | None = Field(
        None, description="DWZ index (number of evaluations so far); missing: index_range"
    )
    games: list[DwzGame] = Field(max_length=200)
    age: Age | None = None
    birth_year: Year | None = None
    end_date: IsoDate | None = Field(None, description="last round (YYYY-MM-DD); picks the WO")
    development_factor: Annotated[float, Strict(), Field(gt=0, le=200)] | None = Field(
        None, description="K override (WO 2026)"
    )
    development_coefficient: Annotated[StrictInt, Whole(1, 200)] | None = Field(
        None, description="E override (WO 2014)"
    )
    regulations: Literal["2014", "2026"] | None = None
    method: Literal["exact", "table", "swiss-chess"] = Field(
        "exact", description="exact (default), table (two-decimal P(D)) or swiss-chess"
    )


class FirstDwzRequest(BaseModel):
    """A player without DWZ, his games and any carry-over games."""

    games: list[DwzGame] = Field(max_length=200)
    carry_over: list[DwzCarryOver] = Field(default_factory=list, max_length=200)
    age: Age | None = None
    birth_year: Year | None = None
    end_date: IsoDate | None = None
    member: StrictBool = Field(True, description="False: unaffiliated (result is conditional)")


class UpgradeRequest(_OwnRating):
    """A DWZ (and index) before the 2026 upgrade."""

    rating: Rating = Field(description='DWZ before 8 June 2026; "1366-21" gives DWZ and index')
    index: Index | None = None


class EloRequest(BaseModel):
    """A FIDE-rated player and his games of one rating period."""

    rating: OwnElo = Field(
        description="the player's FIDE rating (1–3500; an unrated player: initial-rating)"
    )
    games: list[Game] = Field(max_length=200)
    k: Annotated[StrictInt, Whole(1, 100)] | None = Field(None, description="K override (1–100)")
    games_played: Annotated[StrictInt, Whole(0, 100_000)] | None = Field(
        None, description="rated games completed before"
    )
    birth_year: Year | None = None
    peak_rating: Rating | None = Field(None, description="highest published rating so far")
    date: IsoDate | None = Field(None, description="date of the event (YYYY-MM-DD)")
    rapid_blitz: StrictBool = False


class EloInitialRequest(BaseModel):
    """An unrated player's games against FIDE-rated opponents."""

    games: list[Game] = Field(max_length=200)
    date: IsoDate | None = None


_REMAINING = (
    "the games still to play: the opponents' ratings, or a count with opponent= one "
    "expected opponent rating for all of them (a DWZ count of 1 or more needs opponent)"
)


class DwzNeededRequest(ForecastRequest):
    """A forecast's input plus the games still to play and a target DWZ."""

    model_config = ConfigDict(json_schema_extra=COUNT_NEEDS_OPPONENT)

    remaining: DwzRemaining = Field(description=_REMAINING)
    opponent: DwzRating = None
    target: Rating = Field(description="the DWZ to reach (at least)")


class FirstNeededRequest(FirstDwzRequest):
    """A first-DWZ input plus the games still to play and (optionally) a target."""

    model_config = ConfigDict(json_schema_extra=COUNT_NEEDS_OPPONENT)

    remaining: DwzRemaining = Field(description=_REMAINING)
    opponent: DwzRating = None
    target: Rating | None = Field(None, description="missing: what gives a first DWZ at all")


class EloNeededRequest(EloRequest):
    """An Elo input plus the games still to play and a target rating."""

    remaining: EloRemaining = Field(description=_REMAINING)
    opponent: Rating | None = None
    target: Rating = Field(description="the rating to reach (at least)")


#: A history names at least one tournament (in the JSON format or by its stored key).
_SOME_TOURNAMENT: JsonDict = {
    "anyOf": [
        {"required": ["tournaments"], "properties": {"tournaments": {"minItems": 1}}},
        {"required": ["keys"], "properties": {"keys": {"minItems": 1}}},
    ]
}
#: A stored key: not blank (white space around it is ignored).
StoredKey = Annotated[str, Field(pattern=NOT_BLANK)]


class HistoryRequest(BaseModel):
    """Tournaments of a season (wertung JSON format and/or stored keys), any order."""

    model_config = ConfigDict(json_schema_extra=_SOME_TOURNAMENT)

    tournaments: list[dict[str, Any]] = Field(
        default_factory=list, max_length=12, description="tournaments in the wertung JSON format"
    )
    keys: list[StoredKey] = Field(
        default_factory=list,
        max_length=12,
        description="stored tournaments (the ``key`` of an earlier evaluation or history)",
    )
    players: list[str] = Field(
        default_factory=list, max_length=50, description="only these players (names or keys)"
    )
    method: Literal["exact", "table", "swiss-chess"] = "exact"
    exceptional_players: StrictBool | None = Field(
        None,
        description="the exceptional-player rule (WO 2014 3.6) on (true) or off (false); "
        "missing: the regulations' rule, off for swiss-chess (as Swiss-Chess)",
    )


class LinkRequest(BaseModel):
    """A chess-results.com link (or tournament number)."""

    link: str = Field(
        max_length=500,
        pattern=LINK_PATTERN,
        description="a chess-results.com tournament link (tnrNNN.aspx) or the tournament number",
    )


SEED_GAMES = [
    {"opponent_rating": r, "result": s}
    for r, s in ((1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"),
                 (1350, "1"), (1520, "½"))
]  # fmt: skip

#: route → (request example, values the response must contain; floats to 4 decimals).
EXAMPLES: dict[str, tuple[dict[str, Any] | None, dict[str, Any]]] = {
    "/api/v1/dwz/forecast": (
        {"rating": 1500, "index": 5, "games": SEED_GAMES, "end_date": "2026-09-01"},
        {"new_rating": 1547, "change": 47, "base_value": 40, "development_factor": 44,
         "expected_score": 3.4298, "score": 4.5, "success_bonus": 4, "brake_factor": 1,
         "regulations": "WO 2026"},
    ),
    "/api/v1/dwz/first": (
        {"games": [{"opponent_rating": r, "result": s} for r, s in
                   ((1500, "1"), (1600, "0"), (1400, "½"), (1550, "1"), (1450, "0"))],
         "end_date": "2026-09-01"},
        {"rating": 1540, "stage": 1, "conditional": False, "fictitious_draw": False},
    ),
    "/api/v1/dwz/needed": (
        {"rating": 1500, "index": 5, "games": SEED_GAMES[:5], "remaining": [1350, 1520],
         "target": 1547, "end_date": "2026-09-01"},
        {"target": 1547, "remaining": [1350, 1520], "points": 1.5, "new_rating": 1547,
         "reached_already": False},
    ),
    "/api/v1/dwz/first/needed": (
        {"games": [{"opponent_rating": 1500, "result": "0"},
                   {"opponent_rating": 1600, "result": "½"}],
         "remaining": [1500, 1550, 1450], "target": 1500, "end_date": "2026-09-01"},
        {"target": 1500, "points": 2, "new_rating": 1558, "reached_already": False},
    ),
    "/api/v1/elo/needed": (
        {"rating": 1800, "games": [{"opponent_rating": 2000, "result": "1"}],
         "remaining": 2, "opponent": 1900, "target": 1820, "games_played": 50,
         "date": "2026-05-01"},
        {"target": 1820, "remaining": [1900, 1900], "points": 1, "new_rating": 1821},
    ),
    "/api/v1/dwz/upgrade": (
        {"rating": 1366, "index": 21},
        {"new_rating": 1634, "new_index": 22, "band": "1000_to_2109"},
    ),
    "/api/v1/elo/rating-change": (
        {"rating": 1800, "games": [{"opponent_rating": 2000, "result": "½"}],
         "games_played": 50, "date": "2026-05-01"},
        {"k": 20, "expected_score": 0.24, "change": 5.2, "new_rating": 1805},
    ),
    "/api/v1/elo/initial-rating": (
        {"games": [{"opponent_rating": r, "result": s} for r, s in
                   ((1900, "1"), (2000, "½"), (1800, "0"), (1850, "1"), (1950, "0"))]},
        {"rating": 1871, "published": True},
    ),
    "/api/v1/tournament/evaluate": (
        {"name": "Example", "end_date": "2026-09-01",
         "players": [{"id": "1", "name": "A", "dwz": 1500, "index": 5},
                     {"id": "2", "name": "B", "dwz": 1600, "index": 12}],
         "games": [{"round": 1, "white": "1", "black": "2", "result": "1-0"}]},
        {"name": "Example", "regulations": "WO 2026"},
    ),
    "/api/v1/history": (
        {"tournaments": [
            {"name": name, "end_date": day,
             "players": [{"id": "1", "name": "Muster, Max", "dwz": 1500, "index": 5,
                          "birth_year": 1980},
                         {"id": "2", "name": "Beispiel, Bea", "dwz": 1600, "index": 9,
                          "birth_year": 1985}],
             "games": [{"round": 1, "white": "1", "black": "2", "result": "1-0"}]}
            for name, day in (("B", "2026-03-01"), ("A", "2026-01-10"))]},
        {"ambiguous": [],
         "rules": {"order": "evaluated by the date of the last game, then the name (WO §2.2.3)"}},
    ),
    "/api/v1/tournament/link": (
        {"link": "https://example.org/tnr1.aspx"},
        {"status": 422, "field": "link"},
    ),
    "/api/v1/tables/k0": (
        None,
        {"regulations": "WO 2026", "columns": ["1", "2", "3", "4", "5", "6", "7", "8", "9",
                                               "10", ">10"]},
    ),
    "/api/v1/tables/fide-expected-score": (None, {"cap": 400}),
    "/api/v1/tables/dwz-win-expectancy": (None, {"formula": "P(D) = ½·(1 + erf(D/400))"}),
}  # fmt: skip

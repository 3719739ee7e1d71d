"""Request and response models of the JSON API, in the engine's vocabulary.

Response models declare the main quantities with the keys of the engine's
``to_dict()``; the rest of the derivation passes through unchanged
(``extra="allow"``). Each request model carries the example the OpenAPI
document shows; ``EXAMPLES`` lists, per route, that request and the values the
response must contain (checked by the test suite).
"""

from __future__ import annotations

import builtins
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

    opponent_rating: Rating = Field(  # type: ignore[assignment]
        description="the opponent's rating (a carry-over game counts only against a rated one)"
    )
    end_date: IsoDate | None = Field(None, description="end date of its tournament (YYYY-MM-DD)")


class DwzGame(BaseModel):
    """One game against a DWZ-rated opponent."""

    opponent_rating: DwzRating = None
    result: ResultSymbol = Field(description="1, ½ (0.5, =), 0, + (forfeit win), - (forfeit loss)")


class DwzCarryOver(DwzGame):
    """A carry-over game (Restpartie) of an earlier tournament (against a rated opponent)."""

    opponent_rating: Annotated[Rating, BeforeValidator(dwz_only)] = Field(  # type: ignore[assignment]
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


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class GameLineOut(_Open):
    opponent_rating: int | None = None
    result: str
    counted: bool
    difference: int | None = None
    win_expectancy: float | None = None
    reason: str | None = None


class IndexRangeOut(_Open):
    """The new DWZ an unknown index allows (lowest and highest, and for each index)."""

    lowest: int
    highest: int
    lowest_index: int
    highest_index: int
    by_index: dict[str, int]


class ForecastOut(_Open):
    """The engine's ``Forecast.to_dict()``."""

    regulations: str
    end_date: str | None
    rating: int
    index: int | None
    games: list[GameLineOut]
    counted_games: int
    score: float
    expected_score: float
    new_rating: int
    new_index: int | None
    change: int
    performance: int | None
    base_value: int | None = None
    k0_row: str | None = None
    k0_column: int | None = None
    brake_factor: float | None = None
    success_bonus: float | None = None
    development_factor: float | None = None
    development_coefficient: int | None = None
    rules: dict[str, str]
    index_range: IndexRangeOut | None = Field(
        None, description="only when the index is missing: the new DWZ for every index 1..11"
    )


class FirstDwzOut(_Open):
    """The engine's ``FirstDwz.to_dict()``."""

    regulations: str
    rating: int | None
    stage: int | None
    iterated: float | None
    start_value: float | None
    fictitious_draw: bool
    conditional: bool
    reason: str | None
    reason_text: str | None
    counted_games: int
    score: float
    rules: dict[str, str]


class UpgradeOut(_Open):
    """The engine's ``Upgrade.to_dict()``."""

    rating: int
    index: int | None
    new_rating: int
    new_index: int | None
    change: int
    band: str
    formula: str


class EloOut(_Open):
    """The engine's ``RatingChange.to_dict()``."""

    rating: int
    k: int
    k_reason: str
    expected_score: float
    score: float
    change: float
    rounded_change: int
    new_rating: int
    counted_games: int
    performance: int | None
    performance_linear: int | None
    outcomes: dict[str, Any] | None
    rules: dict[str, str]


class EloInitialOut(_Open):
    """The engine's ``InitialRating.to_dict()``."""

    rating: int | None
    reason: str | None
    published: bool


class NeededRowOut(_Open):
    """One total in the remaining games and the new rating it gives (None: no rating)."""

    points: float
    new_rating: int | None
    change: int | None


class NeededOut(_Open):
    """The planner's answer, as the CLI's ``need`` object.

    ``points``: the smallest total in the remaining games (in half points) that reaches
    ``target`` (0: reached already; None: out of reach even with all wins).
    """

    target: int | None
    remaining: list[int | None]
    points: float | None
    new_rating: int | None
    reached_already: bool
    table: list[NeededRowOut]
    rule: str


class StandingsRowOut(_Open):
    """A team's line in the standings."""

    rank: int
    team: str
    name: str
    matches: int
    match_points: int
    board_points: float


class TeamViewOut(_Open):
    """The engine's ``LeagueView.to_dict()``: standings, matches, teams with their players."""

    name: str
    end_date: str | None
    teams: list[dict[str, Any]]
    matches: list[dict[str, Any]]
    standings: list[StandingsRowOut]
    notes: list[str] = []


class DsbListOut(_Open):
    """How the DSB list was used for this tournament."""

    used: bool
    loaded: bool | None
    list: dict[str, Any] | None
    note: str | None
    review: builtins.list[dict[str, Any]]  # builtins: the field ``list`` above shadows the type
    conflicts: builtins.list[dict[str, Any]]
    corrections: str


class TournamentOut(_Open):
    """The engine's ``TournamentEvaluation.to_dict()`` plus provenance, list and share key.

    Each player has ``provenance``: ``dwz``, ``index``, ``birth_year``, ``member`` →
    ``source`` (the input), ``list`` (the DSB list), ``user`` (a correction) or
    ``assumed`` (missing; the rules assume a value: unrated, over 25, a member, the index
    range), null for the index of a player without DWZ.
    """

    name: str
    regulations: str
    complete: bool
    incomplete: list[str]
    notes: list[str]
    warnings: list[str]
    players: list[dict[str, Any]]
    time_control_check: dict[str, Any] | None = Field(
        default=None,
        description="whether the games are DWZ-rated by their time control (SPEC §4): "
        "``rated`` (true, false, null: not checked), the ``rule`` that decided, the figures "
        "(``minutes`` for 60 moves, ``base_minutes``, ``increment``), ``age_class`` and where "
        "it came from, ``reason`` (the sentence shown)",
    )
    key: str | None = None
    corrections: str = ""
    dsb_list: DsbListOut | None = None


class HistoryPlayerOut(_Open):
    """One person across the tournaments: how he was matched and his rows in order."""

    name: str
    key: str
    birth_year: int | None
    matched_by: list[str]
    history: list[dict[str, Any]] | None = Field(
        description="his rows in order; null when left out (no player filter and not among "
        "the ``rows_limit`` players in the most tournaments: ask for him in ``players``)"
    )
    workings: list[dict[str, Any] | None] | None = Field(
        None,
        description="only for the players asked for: per row his entry in that evaluation "
        "(the tournament page's working), null for the upgrade row",
    )


class HistoryOut(_Open):
    """The CLI's ``wertung history --json`` for the players asked for, plus ``keys``: the stored
    tournaments in the order of the evaluation (the history page's URL is
    ``/de/history?t=KEY&t=KEY``). Each tournament is summarised (its players' workings are
    in ``workings`` of the players asked for); without ``players`` every player is listed,
    with rows for the ``rows_limit`` in the most tournaments."""

    players: list[HistoryPlayerOut]
    players_total: int = Field(description="the players of the history")
    rows_left_out: int = Field(description="listed players whose rows are left out")
    rows_limit: int | None = Field(
        description="without a player filter: the most players with rows (else null)"
    )
    note: dict[str, str] | None = Field(description="what is left out, by language (null: nothing)")
    ambiguous: list[dict[str, Any]]
    keys: list[str]
    tournaments: list[dict[str, Any]]
    rules: dict[str, str]


class DsbPlayerOut(_Open):
    """A row of the DSB list."""

    name: str
    zps: str
    club: str | None
    status: str
    birth_year: int | None
    dwz: int | None
    index: int | None
    fide_id: str | None


class DsbSearchOut(BaseModel):
    """The rows of the loaded DSB list that match the search."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "query": "mueller hans",
                    "list": {"list_date": "2026-06-20", "source": "LV-0-csv.zip", "players": 38},
                    "players": [
                        {
                            "name": "Müller,Hans",
                            "zps": "Z0103",
                            "club": "SC Königsspringer Beispielheim",
                            "status": "A",
                            "birth_year": 1960,
                            "dwz": 1520,
                            "index": 60,
                            "fide_id": None,
                        },
                    ],
                }
            ]
        }
    )

    query: str
    list: dict[str, Any] | None
    players: builtins.list[DsbPlayerOut]  # builtins: the field ``list`` above shadows the type


class K0TableOut(BaseModel):
    """K0 by row (youth, adult, master) and index column 1..10, ">10"."""

    regulations: str
    columns: list[str]
    rows: dict[str, list[int]]


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

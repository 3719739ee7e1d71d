"""Response models of the JSON API: the engine's ``to_dict()`` with its main quantities
declared by their keys, the rest passing through unchanged (``extra="allow"``).

Imported (and used by the routes) through :mod:`wertung.web.api.models`.
"""

from __future__ import annotations

import builtins
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


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

"""A whole tournament: its model, the evaluation as the rating office does it, the
exceptional players, a running event's forecast, a player's season and a team league.

The public names are imported on first use, so that ``import wertung.tournament`` (and a
single-player forecast, which needs none of them) stays cheap.

>>> from wertung.tournament import Tournament, evaluate
>>> evaluate.__name__
'evaluate'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wertung.tournament._evaluation import PlayerResult, TournamentEvaluation, evaluate
    from wertung.tournament._league import (
        BoardGame,
        Division,
        Divisions,
        LeaguePlayer,
        LeagueTeam,
        LeagueView,
        MatchResult,
        StandingsRow,
        divisions,
        team_view,
    )
    from wertung.tournament._model import Bye, CarryOverGame, Game, Player, Tournament
    from wertung.tournament._running import (
        Effect,
        NextGame,
        RunningForecast,
        RunningNeeded,
        Side,
        running_forecast,
    )
    from wertung.tournament._season import History, HistoryRow, PlayerHistory, order_tournaments

_MODULES = {
    "wertung.tournament._evaluation": ("PlayerResult", "TournamentEvaluation", "evaluate"),
    "wertung.tournament._model": ("Bye", "CarryOverGame", "Game", "Player", "Tournament"),
    "wertung.tournament._running": (
        "Effect", "NextGame", "RunningForecast", "RunningNeeded", "Side", "running_forecast",
    ),
    "wertung.tournament._season": ("History", "HistoryRow", "PlayerHistory", "order_tournaments"),
    "wertung.tournament._league": (
        "BoardGame", "Division", "Divisions", "LeaguePlayer", "LeagueTeam", "LeagueView",
        "MatchResult", "StandingsRow", "divisions", "team_view",
    ),
}  # fmt: skip
_LAZY = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "BoardGame",
    "Bye",
    "CarryOverGame",
    "Division",
    "Divisions",
    "Effect",
    "Game",
    "History",
    "HistoryRow",
    "LeaguePlayer",
    "LeagueTeam",
    "LeagueView",
    "MatchResult",
    "NextGame",
    "Player",
    "PlayerHistory",
    "PlayerResult",
    "RunningForecast",
    "RunningNeeded",
    "Side",
    "StandingsRow",
    "Tournament",
    "TournamentEvaluation",
    "divisions",
    "evaluate",
    "order_tournaments",
    "running_forecast",
    "team_view",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})

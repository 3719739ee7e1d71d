"""wertung: DWZ and FIDE Elo rating calculator that shows its working."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.errors import (
    FormatError,
    InvalidDate,
    InvalidIndex,
    InvalidInput,
    InvalidRating,
    InvalidResult,
    InvalidTournament,
    SourceError,
    WertungError,
)

__version__ = "0.1.0"

# The model and the evaluation are imported on first use, so that a command that needs
# only a forecast (``wertung dwz``) does not pay for the whole engine at start-up.
_LAZY = {
    "PlayerResult": "core.evaluation",
    "TournamentEvaluation": "core.evaluation",
    "evaluate": "core.evaluation",
    "Bye": "core.model",
    "CarryOverGame": "core.model",
    "Game": "core.model",
    "Player": "core.model",
    "Tournament": "core.model",
    "ByeKind": "core.results",
    "GameResult": "core.results",
    "Score": "core.results",
    "history": "season",
    "running_forecast": "running",
}

if TYPE_CHECKING:  # pragma: no cover
    from .core.evaluation import PlayerResult, TournamentEvaluation, evaluate
    from .core.model import Bye, CarryOverGame, Game, Player, Tournament
    from .core.results import ByeKind, GameResult, Score
    from .running import running_forecast
    from .season import history


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wertung' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])

__all__ = [
    "Bye",
    "ByeKind",
    "CarryOverGame",
    "FormatError",
    "Game",
    "GameResult",
    "InvalidDate",
    "InvalidIndex",
    "InvalidInput",
    "InvalidRating",
    "InvalidResult",
    "InvalidTournament",
    "Player",
    "PlayerResult",
    "Score",
    "SourceError",
    "Tournament",
    "TournamentEvaluation",
    "WertungError",
    "__version__",
    "evaluate",
    "history",
    "running_forecast",
]

"""wertung: DWZ and FIDE Elo rating calculator that shows its working."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wertung._version import __version__
from wertung.kernel.errors import (
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

# The model and the evaluation are imported on first use, so that a command that needs
# only a forecast (``wertung dwz``) does not pay for the whole engine at start-up.
_LAZY = {
    "PlayerResult": "wertung.tournament._evaluation",
    "TournamentEvaluation": "wertung.tournament._evaluation",
    "evaluate": "wertung.tournament._evaluation",
    "Bye": "wertung.tournament._model",
    "CarryOverGame": "wertung.tournament._model",
    "Game": "wertung.tournament._model",
    "Player": "wertung.tournament._model",
    "Tournament": "wertung.tournament._model",
    "ByeKind": "wertung.kernel.results",
    "GameResult": "wertung.kernel.results",
    "Score": "wertung.kernel.results",
    "history": "wertung.importers",
    "running_forecast": "wertung.tournament._running",
}

if TYPE_CHECKING:  # pragma: no cover
    from wertung.importers import history
    from wertung.kernel.results import ByeKind, GameResult, Score
    from wertung.tournament._evaluation import PlayerResult, TournamentEvaluation, evaluate
    from wertung.tournament._model import Bye, CarryOverGame, Game, Player, Tournament
    from wertung.tournament._running import running_forecast


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wertung' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
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

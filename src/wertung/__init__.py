"""wertung: DWZ and FIDE Elo rating calculator that shows its working."""

from __future__ import annotations

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
from .core.evaluation import PlayerResult, TournamentEvaluation, evaluate
from .core.model import Bye, CarryOverGame, Game, Player, Tournament
from .core.results import ByeKind, GameResult, Score

__version__ = "0.1.0"

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
]

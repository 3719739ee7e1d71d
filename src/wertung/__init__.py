"""wertung: DWZ and FIDE Elo rating calculator that shows its working.

The public API, each imported on first use (``import wertung`` stays cheap):

* :mod:`wertung.dwz` — ``forecast``, ``first_dwz``, ``index_range``, ``needed``, ``upgrade``
* :mod:`wertung.fide` — ``rating_change``, ``k_factor``, ``performance``, ``needed``, ...
* :func:`load` (any source wertung reads → :class:`Tournament`), :func:`evaluate` (the whole
  tournament as the rating office evaluates it), :func:`history` (a season, chained),
  :func:`running_forecast` (an event still running)
* the model (:class:`Tournament`, :class:`Player`, :class:`Game`, ...) and the errors
  (every one a :class:`WertungError`)

>>> import wertung
>>> wertung.dwz.forecast(1500, 5, [(1650, "½"), (1400, 1)], end_date="2026-09-01").new_rating
1525
"""

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
    "load": "wertung.importers",
    "running_forecast": "wertung.tournament._running",
}
#: The names whose attribute in their module is spelled differently.
_ALIASES = {"load": "load_tournament"}
#: The subpackages, importable as attributes (``wertung.dwz.forecast`` after ``import wertung``).
_SUBMODULES = frozenset({"dwz", "fide", "tournament", "formats", "sources", "importers"})

if TYPE_CHECKING:  # pragma: no cover
    from wertung import dwz, fide, tournament
    from wertung.importers import history
    from wertung.importers import load_tournament as load
    from wertung.kernel.results import ByeKind, GameResult, Score
    from wertung.tournament._evaluation import PlayerResult, TournamentEvaluation, evaluate
    from wertung.tournament._model import Bye, CarryOverGame, Game, Player, Tournament
    from wertung.tournament._running import running_forecast


def __getattr__(name: str) -> Any:
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module(f"wertung.{name}")  # the import sets the attribute
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'wertung' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), _ALIASES.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY, *_SUBMODULES})


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
    "dwz",
    "evaluate",
    "fide",
    "history",
    "load",
    "running_forecast",
    "tournament",
]

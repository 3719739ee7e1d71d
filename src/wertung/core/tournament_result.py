"""The result of a whole-tournament evaluation: one :class:`PlayerResult` per player.

The figures a table needs (new DWZ, index, change, points, score, expected score,
K or E) are computed when the tournament is evaluated. The full working of a
player -- the derivation with every game line and the iteration steps, the
performance, the range an unknown index allows, and the FIDE evaluation -- is
built on first access (or by ``to_dict()``), by the same rules code as the
calculator, so that ``evaluate(t).player("x").dwz_after`` does not pay for it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from .derivation import Derivation, to_plain
from .errors import WertungError

__all__ = [
    "CARRY_OVER",
    "CONDITIONAL",
    "ESTABLISHED",
    "FIRST",
    "FOREIGN",
    "NOT_RATED",
    "STATUSES",
    "PlayerResult",
    "TournamentEvaluation",
]

ESTABLISHED = "established"
FOREIGN = "foreign"
FIRST = "first"
CARRY_OVER = "carry-over"
CONDITIONAL = "conditional"
NOT_RATED = "not-rated"
STATUSES = (ESTABLISHED, FOREIGN, FIRST, CARRY_OVER, CONDITIONAL, NOT_RATED)

#: The fields of a player's result, in the order of ``to_dict()``.
PLAYER_FIELDS = (
    "id", "name", "status", "basis", "conditional", "dwz_before", "index_before", "dwz_after",
    "index_after", "change", "foreign_rating", "points", "score", "counted_games",
    "expected_score", "development_factor", "development_coefficient", "performance",
    "exceptional", "stage", "dwz", "elo_before", "elo_after", "elo_change", "elo", "note",
    "index_range",
)  # fmt: skip
#: Built on first access: the DWZ working, and the FIDE evaluation.
DWZ_WORKING = ("performance", "dwz", "index_range")
ELO_FIELDS = ("elo_before", "elo_after", "elo_change", "elo")
_DEFERRED = (*DWZ_WORKING, *ELO_FIELDS)
#: Given when the result is made; ``note`` may be left out.
_EAGER = frozenset(name for name in PLAYER_FIELDS if name not in _DEFERRED)


class Working(Protocol):
    """What fills a result's deferred fields (``fill`` stores them in ``values``)."""

    def fill(self, values: dict[str, Any]) -> None: ...


def _deferred(name: str, group: str) -> property:
    def get(self: PlayerResult) -> Any:
        values = self._values
        if name not in values:
            if group == "dwz":
                working = self._dwz_working
            else:
                working = self._elo_working
                if working is not None and hasattr(working, "for_player"):
                    working = working.for_player(self.id)  # a tournament's table of them
            if working is None:
                return None
            working.fill(values)
        return values[name]

    get.__name__ = name
    return property(get, doc=f"``{name}`` (built on first access).")


_new = object.__new__
_set = object.__setattr__


class PlayerResult(Derivation):
    """One player's result in the whole-tournament evaluation.

    Read-only; every field of :data:`PLAYER_FIELDS` is an attribute. ``dwz`` is the
    player's derivation (:class:`~wertung.core.forecast.Forecast` or
    :class:`~wertung.core.first_dwz.FirstDwz`), ``elo`` the FIDE one.
    """

    id: str
    name: str
    status: str
    basis: str  # the status before the conditional mark: established/foreign/first/...
    conditional: bool
    dwz_before: int | None
    index_before: int | None
    dwz_after: int | None
    index_after: int | None
    change: int | None
    foreign_rating: int | None
    points: Fraction
    score: Fraction
    counted_games: int
    expected_score: float | None
    development_factor: Fraction | None
    development_coefficient: int | None
    exceptional: bool
    stage: int | None
    note: str | None

    def __init__(
        self,
        *,
        dwz_working: Working | None = None,
        elo_working: Working | None = None,
        **values: Any,
    ) -> None:
        deferred = {}
        for name in _DEFERRED:
            if name in values:
                deferred[name] = values.pop(name)
        if dwz_working is None:
            for name in DWZ_WORKING:
                deferred.setdefault(name, None)
        if elo_working is None:
            for name in ELO_FIELDS:
                deferred.setdefault(name, None)
        values.setdefault("note", None)
        missing = _EAGER.difference(values)
        if missing or len(values) != len(_EAGER):
            raise TypeError(
                f"PlayerResult fields: missing {sorted(missing)}, given {sorted(values)}"
            )
        plain = self.__dict__
        plain.update(values)
        plain["_values"] = deferred
        plain["_dwz_working"] = dwz_working
        plain["_elo_working"] = elo_working

    @classmethod
    def _fast(cls, values: dict[str, Any], dwz_working: Working | None) -> PlayerResult:
        """A result from exactly the eager fields (``note`` included), unchecked: the
        evaluation's own path, which always gives them all."""
        result = _new(cls)
        values["_values"] = {}
        values["_dwz_working"] = dwz_working
        values["_elo_working"] = None
        _set(result, "__dict__", values)
        return result

    performance = _deferred("performance", "dwz")
    dwz = _deferred("dwz", "dwz")
    index_range = _deferred("index_range", "dwz")
    elo_before = _deferred("elo_before", "elo")
    elo_after = _deferred("elo_after", "elo")
    elo_change = _deferred("elo_change", "elo")
    elo = _deferred("elo", "elo")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"PlayerResult is read-only (cannot set {name!r})")

    def __repr__(self) -> str:
        return f"PlayerResult(id={self.id!r}, status={self.status!r}, dwz_after={self.dwz_after!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerResult):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in PLAYER_FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (the deferred working included)."""
        return {name: to_plain(getattr(self, name)) for name in PLAYER_FIELDS}


@dataclass(frozen=True)
class TournamentEvaluation(Derivation):
    """The evaluation of a whole tournament.

    ``warnings`` includes those of the FIDE evaluation, which is built on first access.
    """

    name: str
    end_date: dt.date | None
    regulations: str
    method: str
    players: tuple[PlayerResult, ...]
    stage_1: tuple[str, ...]
    stage_2: tuple[str, ...]
    iteration_sweeps: int
    iteration: tuple[dict[str, float], ...]
    exceptional_players: tuple[str, ...]
    dwz_warnings: tuple[str, ...] = ()
    rules: dict[str, str] = field(default_factory=dict)
    complete: bool = True
    incomplete: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    dwz_rated: bool = True
    time_control: str | None = None
    rounds: int | None = None
    played_rounds: int | None = None
    #: Each player's FIDE warning (None: none), in player order; forces the FIDE working.
    _fide_warnings: Any = None

    @property
    def warnings(self) -> tuple[str, ...]:
        """The evaluation's warnings: the DWZ ones, then one per failed FIDE evaluation."""
        if self._fide_warnings is None:
            return self.dwz_warnings
        return self.dwz_warnings + tuple(w for w in self._fide_warnings() if w)

    def player(self, key: str) -> PlayerResult:
        """The result of the player with this id (or exact name)."""
        for result in self.players:
            if result.id == key or result.name == key:
                return result
        raise WertungError(f"no player {key!r} in this tournament", field="player")

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data, in the documented order."""
        out = {}
        for name in _EVALUATION_FIELDS:
            out[name] = to_plain(getattr(self, name))
        return out


_EVALUATION_FIELDS = (
    "name", "end_date", "regulations", "method", "players", "stage_1", "stage_2",
    "iteration_sweeps", "iteration", "exceptional_players", "warnings", "rules", "complete",
    "incomplete", "notes", "dwz_rated", "time_control", "rounds", "played_rounds",
)  # fmt: skip

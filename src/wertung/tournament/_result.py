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
from typing import TYPE_CHECKING, Any, Protocol

from wertung.kernel.derivation import (
    Derivation,
    lazy_plain_converter,
    register_plain,
    to_plain,
    to_plain_general,
)
from wertung.kernel.errors import WertungError

if TYPE_CHECKING:  # pragma: no cover - the derivations' types only
    from wertung.dwz._first_dwz import FirstDwz
    from wertung.dwz._forecast import Forecast, Method
    from wertung.dwz._unknown_index import IndexRange
    from wertung.fide._change import RatingChange
    from wertung.fide._initial import InitialRating

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
#: Given when the result is made (``note`` may be left out), in the order they are kept.
EAGER_FIELDS = tuple(name for name in PLAYER_FIELDS if name not in _DEFERRED)
_EAGER = frozenset(EAGER_FIELDS)
_DEFERRED_SET = frozenset(_DEFERRED)
_DWZ_SET = frozenset(DWZ_WORKING)
#: Positions of the two workings after the eager fields.
_DWZ, _ELO = len(EAGER_FIELDS), len(EAGER_FIELDS) + 1


class Working(Protocol):
    """What fills a result's deferred fields (``fill`` stores them in ``values``)."""

    def fill(self, values: dict[str, Any]) -> None: ...


_new = object.__new__
_set = object.__setattr__


class PlayerResult(Derivation):
    """One player's result in the whole-tournament evaluation.

    Read-only; every field of :data:`PLAYER_FIELDS` is an attribute. ``dwz`` is the
    player's derivation (:class:`~wertung.dwz._forecast.Forecast` or
    :class:`~wertung.dwz._first_dwz.FirstDwz`), ``elo`` the FIDE one.
    """

    # The eager fields in one tuple (EAGER_FIELDS, then the DWZ and the FIDE working: a
    # working, a tournament's table of them with ``for_player(id)``, or None); the
    # deferred fields, once built, in __dict__.
    __slots__ = ("__dict__", "_f")

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
    performance: int | None
    #: None without a DWZ working (a result made without one).
    dwz: Forecast | FirstDwz | None
    index_range: IndexRange | None
    elo_before: int | None
    elo_after: int | None
    elo_change: float | None
    elo: RatingChange | InitialRating | None

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
        _set_fields(self, (*(values[name] for name in EAGER_FIELDS), dwz_working, elo_working))
        self.__dict__.update(deferred)

    def __getattr__(self, name: str) -> Any:
        # Only reached for a deferred field not built yet: build it (and its group).
        if name not in _DEFERRED_SET:
            raise AttributeError(f"'PlayerResult' object has no attribute {name!r}")
        f = self._f
        dwz = name in _DWZ_SET
        working = f[_DWZ] if dwz else f[_ELO]
        plain = self.__dict__
        if working is None:
            for field_name in DWZ_WORKING if dwz else ELO_FIELDS:
                plain.setdefault(field_name, None)
        else:
            if hasattr(working, "for_player"):
                working = working.for_player(f[0])  # a tournament's table of them
            working.fill(plain)
        return plain[name]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"PlayerResult is read-only (cannot set {name!r})")

    def __repr__(self) -> str:
        return f"PlayerResult(id={self.id!r}, status={self.status!r}, dwz_after={self.dwz_after!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerResult):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in PLAYER_FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable (compared by value); mypy expects a method

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (the deferred working included)."""
        plain = self.__dict__
        # Each group of deferred fields is built as a whole, DWZ first (as field order has it).
        if plain.keys().isdisjoint(DWZ_WORKING):
            self.performance  # noqa: B018 - builds the DWZ working
        if plain.keys().isdisjoint(ELO_FIELDS):
            self.elo_before  # noqa: B018 - builds the FIDE working
        if len(plain) != len(_DEFERRED):
            # Some deferred fields given, others not: field by field, in order.
            return {name: to_plain(getattr(self, name)) for name in PLAYER_FIELDS}
        return _player_plain(self)

    def to_dict_general(self) -> dict[str, Any]:
        """:meth:`to_dict` by the general conversion (the reference it is tested against)."""
        return {name: to_plain_general(getattr(self, name)) for name in PLAYER_FIELDS}

    def __reduce__(self) -> tuple[Any, ...]:
        # The fields, the workings and whatever deferred fields are built already.
        return (_rebuilt, (self._f, dict(self.__dict__)))


def _rebuilt(fields: tuple[Any, ...], deferred: dict[str, Any]) -> PlayerResult:
    result = made_result(fields)
    result.__dict__.update(deferred)
    return result


def _eager(position: int, name: str) -> property:
    def read(self: PlayerResult) -> Any:
        return self._f[position]

    read.__name__ = name
    return property(read, doc=f"``{name}`` (set when the result is made).")


for _position, _name in enumerate(EAGER_FIELDS):
    setattr(PlayerResult, _name, _eager(_position, _name))
del _position, _name
_set_fields = PlayerResult._f.__set__  # type: ignore[attr-defined]  # the slot's descriptor (mypy sees a field)
#: A result's plain data once its workings are built: eager fields from ``_f``, the
#: deferred ones from ``__dict__``.
_player_plain = lazy_plain_converter(PLAYER_FIELDS, EAGER_FIELDS)
register_plain(PlayerResult, PlayerResult.to_dict)


def made_result(fields: tuple[Any, ...]) -> PlayerResult:
    """A result from its fields, unchecked (the evaluation's own path): the values of
    :data:`EAGER_FIELDS` in that order, then the DWZ working and the FIDE working (a
    working, a tournament's table of them with ``for_player(id)``, or None)."""
    result = _new(PlayerResult)
    _set_fields(result, fields)
    return result


def with_elo_working(result: PlayerResult, working: Any) -> None:
    """Give ``result`` its FIDE working (dropping FIDE fields given as None)."""
    plain = result.__dict__
    for name in ELO_FIELDS:
        plain.pop(name, None)
    _set_fields(result, (*result._f[:_ELO], working))


@dataclass(frozen=True)
class TournamentEvaluation(Derivation):
    """The evaluation of a whole tournament.

    ``warnings`` includes those of the FIDE evaluation, which is built on first access.
    """

    name: str
    end_date: dt.date | None
    regulations: str
    method: Method
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
    #: The DWZ decision by the time control (SPEC §4): rated, the rule, the figures.
    time_control_check: Any = None
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
        raise WertungError(
            f"no player {key!r} in this tournament",
            code="tournament.no_player_key",
            params={"key": repr(key)},
            field="player",
        )

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data, in the documented order."""
        out = {}
        for name in _EVALUATION_FIELDS:
            out[name] = to_plain(getattr(self, name))
        return out

    def to_dict_general(self) -> dict[str, Any]:
        """:meth:`to_dict` by the general conversion (the reference it is tested against)."""
        return {name: to_plain_general(getattr(self, name)) for name in _EVALUATION_FIELDS}


def made_evaluation(values: dict[str, Any]) -> TournamentEvaluation:
    """An evaluation from every field of :class:`TournamentEvaluation` (``_fide_warnings``
    included), unchecked: the evaluation's own path."""
    evaluation = _new(TournamentEvaluation)
    _set(evaluation, "__dict__", values)
    return evaluation


_EVALUATION_FIELDS = (
    "name", "end_date", "regulations", "method", "players", "stage_1", "stage_2",
    "iteration_sweeps", "iteration", "exceptional_players", "warnings", "rules", "complete",
    "incomplete", "notes", "dwz_rated", "time_control", "rounds", "played_rounds",
    "time_control_check",
)  # fmt: skip

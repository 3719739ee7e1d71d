"""Several tournaments evaluated one after another, as the rating office does.

The DSB evaluates tournaments in the order of the date of their last game, then
their name (SPEC §4, WO §2.2.3), and each evaluation starts from the result of
the one before. :func:`history` does the same for any tournaments wertung reads:

- each player's DWZ and index are carried from one evaluation to the next; a
  source's own DWZ is used only at a player's first appearance (or for every
  tournament with ``file_ratings=True``);
- the one-time upgrade of 2026-06-08 (SPEC §7, index + 1) is applied between
  the tournaments that straddle it, as a row of its own;
- games of a player without a first DWZ become carry-over games that count in
  the next tournaments for two years; the first DWZ, once there, is carried on;
- WO 2014 or WO 2026 per tournament by its end date; an unaffiliated player's
  results stay conditional throughout;
- opponents count with their chained rating wherever they appeared before.

Players are matched across tournaments by PKZ, then ZPS + member number, then
FIDE id, then name + birth year (name alone only when one side has no birth year
and there is exactly one candidate); several candidates are listed in
``ambiguous`` and the player is treated as a new person, never guessed.

>>> import datetime as dt
>>> from wertung import Game, Player, Tournament
>>> from wertung.kernel.results import GameResult
>>> def event(name, day, result):
...     players = (Player("1", "Muster, Max", dwz=1500, index=5, birth_year=1980),
...                Player("2", "Beispiel, Bea", dwz=1600, index=9, birth_year=1985))
...     return Tournament(name=name, end_date=day, players=players,
...                       games=(Game(1, "1", "2", result),))
>>> h = history([event("B", dt.date(2026, 3, 1), GameResult.WHITE_WINS),
...              event("A", dt.date(2026, 1, 10), GameResult.WHITE_WINS)])
>>> [(row.tournament, row.dwz_before, row.dwz_after) for row in h.player("Muster, Max").rows]
[('A', 1500, 1524), ('B', 1524, 1546)]
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from wertung.dwz._upgrade import UPGRADE_DATE, upgrade
from wertung.kernel.derivation import Derivation, to_plain
from wertung.kernel.errors import InvalidTournament
from wertung.tournament._model import CarryOverGame, Player, Tournament

__all__ = ["History", "HistoryRow", "PlayerHistory", "history", "order_tournaments"]

_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True, slots=True)
class HistoryRow(Derivation):
    """One evaluation (or the upgrade) in a player's history."""

    tournament: str
    end_date: dt.date | None
    regulations: str
    dwz_before: int | None
    index_before: int | None
    dwz_after: int | None
    index_after: int | None
    change: int | None
    status: str
    upgrade: bool = False
    conditional: bool = False
    from_source: bool = False  # the DWZ before came from the file (first appearance)
    _outcome: Any = field(default=None, repr=False, compare=False)

    @property
    def performance(self) -> int | None:
        """The performance in this tournament (solved on first access)."""
        return None if self._outcome is None else self._outcome.performance

    def to_dict(self) -> dict[str, Any]:
        """All values as plain data, the performance included."""
        data = {
            f.name: to_plain(getattr(self, f.name))
            for f in dataclasses.fields(self)
            if not f.name.startswith("_")
        }
        data["performance"] = self.performance
        return data


def _row(*values: Any) -> HistoryRow:
    """A row from the values of its fields in order (``_outcome`` included), unchecked
    (without the frozen dataclass's keyword ``__init__``)."""
    row = _new(HistoryRow)
    for setter, value in zip(_ROW_SETTERS, values, strict=True):
        setter(row, value)
    return row


_ROW_SETTERS = tuple(getattr(HistoryRow, f.name).__set__ for f in dataclasses.fields(HistoryRow))


#: Player's fields in order, read at once; the setters of his slots.
_PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(Player))
_PLAYER_VALUES = attrgetter(*_PLAYER_FIELDS)
_PLAYER_SETTERS = tuple(getattr(Player, name).__set__ for name in _PLAYER_FIELDS)
_DWZ, _INDEX, _CARRY_OVER = (_PLAYER_FIELDS.index(n) for n in ("dwz", "index", "carry_over"))


def _changed(
    player: Player, dwz: int | None, index: int | None, carry_over: tuple[CarryOverGame, ...]
) -> Player:
    """``dataclasses.replace(player, dwz=dwz, index=index, carry_over=carry_over)``,
    without its per-call field lookup and keyword ``__init__`` (Player has no
    ``__post_init__``: the copy is the same)."""
    values = list(_PLAYER_VALUES(player))
    values[_DWZ], values[_INDEX], values[_CARRY_OVER] = dwz, index, carry_over
    copy = _new(Player)
    for setter, value in zip(_PLAYER_SETTERS, values, strict=True):
        setter(copy, value)
    return copy


@dataclass(frozen=True)
class PlayerHistory(Derivation):
    """One person across the tournaments: how he was matched and his rows in order."""

    key: str
    name: str
    birth_year: int | None
    matched_by: tuple[str, ...]
    rows: tuple[HistoryRow, ...]

    @property
    def dwz(self) -> int | None:
        """The DWZ after the last evaluation."""
        for row in reversed(self.rows):
            if row.dwz_after is not None:
                return row.dwz_after
        return None


@dataclass(frozen=True)
class History(Derivation):
    """The chained evaluation: per tournament the full evaluation, per player the history."""

    tournaments: tuple[Any, ...]
    players: tuple[PlayerHistory, ...]
    ambiguous: tuple[dict[str, Any], ...] = ()
    rules: dict[str, str] = field(
        default_factory=lambda: {
            "order": "evaluated by the date of the last game, then the name (WO §2.2.3)",
            "chain": "each evaluation starts from the previous result; a source's DWZ only at "
            "a player's first appearance",
            "upgrade": f"DWZ upgrade on {UPGRADE_DATE.isoformat()} between the tournaments "
            "that straddle it, index + 1 (DSB, one-time upgrade of the 2026 regulations)",
            "matching": "PKZ, then ZPS + member number, then FIDE id, then name + birth year; "
            "ambiguous matches are listed, never guessed",
        }
    )

    def player(self, key: str) -> PlayerHistory:
        """A player's history by name (exact, or the same name key) or person key."""
        from wertung.kernel.names import name_key

        for p in self.players:
            if key == p.key:
                return p
        wanted = name_key(key)
        found = [p for p in self.players if p.name == key] or [
            p for p in self.players if name_key(p.name) == wanted
        ]
        if len(found) == 1:
            return found[0]
        raise InvalidTournament(
            f"no single player {key!r} in the history"
            + (f" ({len(found)} with that name)" if found else ""),
            code="season.several_players" if found else "season.no_single_player",
            params={"key": repr(key), "count": len(found)} if found else {"key": repr(key)},
            field="player",
        )


@dataclass
class _Person:
    key: str
    name: str
    birth_year: int | None
    ids: set[str]
    matched_by: list[str]
    dwz: int | None = None
    index: int | None = None
    as_of: dt.date | None = None
    carry_over: tuple[CarryOverGame, ...] = ()
    rows: list[HistoryRow] = field(default_factory=list)
    seen: bool = False


def order_tournaments(tournaments: Iterable[Tournament]) -> list[Tournament]:
    """The tournaments in the rating office's order: end date, then name."""
    items = list(tournaments)
    for t in items:
        if t.end_date is None:
            raise InvalidTournament(
                f"tournament {t.name or '(no name)'!r} has no end date; it decides the order "
                "of the evaluations",
                code="season.no_end_date",
                params={"name": repr(t.name or "(no name)")},
                field="end_date",
            )
    return sorted(items, key=lambda t: (t.end_date, t.name))


def _ids(player: Player) -> list[str]:
    ids = []
    if player.pkz:
        ids.append(f"pkz:{player.pkz.strip()}")
    if player.zps and player.member_number:
        ids.append(f"zps:{player.zps.strip()}-{player.member_number.strip().lstrip('0')}")
    if player.fide_id and str(player.fide_id).strip() not in ("", "0"):
        ids.append(f"fide:{str(player.fide_id).strip()}")
    return ids


class _Registry:
    """The persons met so far and how to find them again."""

    def __init__(self) -> None:
        from wertung.kernel.names import name_key

        self.name_key = name_key
        self.persons: list[_Person] = []
        self.by_id: dict[str, _Person] = {}
        self.by_name: dict[str, list[_Person]] = {}
        self.ambiguous: list[dict[str, Any]] = []

    def find(self, player: Player, tournament: str, taken: set[int]) -> _Person:
        mine = _ids(player)
        for ident in mine:
            person = self.by_id.get(ident)
            if person is not None and id(person) not in taken:
                self._remember(person, player, ident.split(":", 1)[0], mine)
                return person
        key = self.name_key(player.name)

        def conflicts(person: _Person) -> bool:  # the same kind of id with another value
            return any(
                i.split(":")[0] == j.split(":")[0] and i != j for i in mine for j in person.ids
            )

        candidates = [
            p for p in self.by_name.get(key, []) if id(p) not in taken and not conflicts(p)
        ]
        pool = candidates
        if player.birth_year is not None:
            same = [p for p in candidates if p.birth_year == player.birth_year]
            if len(same) == 1:
                self._remember(same[0], player, "name+birth_year", mine)
                return same[0]
            pool = same if same else [p for p in candidates if p.birth_year is None]
        if len(pool) == 1:
            self._remember(pool[0], player, "name", mine)
            return pool[0]
        if len(pool) > 1:
            self.ambiguous.append(
                {
                    "tournament": tournament,
                    "player": player.id,
                    "name": player.name,
                    "candidates": [
                        {"name": p.name, "birth_year": p.birth_year, "key": p.key} for p in pool
                    ],
                    "decision": "treated as a new person",
                }
            )
        person = _Person(
            key=f"p{len(self.persons) + 1}",
            name=player.name,
            birth_year=player.birth_year,
            ids=set(),
            matched_by=[],
        )
        self.persons.append(person)
        self.by_name.setdefault(key, []).append(person)
        self._remember(person, player, None, mine)
        return person

    def _remember(
        self, person: _Person, player: Player, method: str | None, ids: list[str]
    ) -> None:
        if method is not None and method not in person.matched_by:
            person.matched_by.append(method)
        if person.birth_year is None and player.birth_year is not None:
            person.birth_year = player.birth_year
        known = person.ids
        for ident in ids:
            if ident not in known:
                known.add(ident)
                self.by_id.setdefault(ident, person)


def history(
    tournaments: Iterable[Tournament],
    *,
    players: Iterable[str] | None = None,
    enrich: Callable[[Tournament], Tournament] | None = None,
    file_ratings: bool = False,
    method: str = "exact",
    exceptional_players: bool | None = None,
) -> History:
    """Evaluate ``tournaments`` one after another in the rating office's order.

    ``players``: names or person keys to keep in the result (all are evaluated).
    ``enrich``: applied to each tournament before it is evaluated (to fill in a
    player's index, birth year and membership from the DSB list where a source lacks
    them; :func:`wertung.history` passes the list's enrichment). ``file_ratings=True``
    uses each source's DWZ instead of the chained one. ``method`` and
    ``exceptional_players`` as in :func:`wertung.evaluate`, for every tournament.
    """
    loaded = order_tournaments(tournaments)
    registry = _Registry()
    evaluations: list[Any] = []
    _chain_all(loaded, registry, evaluations, enrich, file_ratings, method, exceptional_players)
    wanted = None if players is None else set(players)
    chosen = []
    for person in registry.persons:
        if not person.rows:
            continue
        if wanted is not None and not (
            person.key in wanted
            or person.name in wanted
            or registry.name_key(person.name) in {registry.name_key(w) for w in wanted}
        ):
            continue
        chosen.append(
            PlayerHistory(
                key=person.key,
                name=person.name,
                birth_year=person.birth_year,
                matched_by=tuple(person.matched_by),
                rows=tuple(person.rows),
            )
        )
    return History(
        tournaments=tuple(evaluations), players=tuple(chosen), ambiguous=tuple(registry.ambiguous)
    )


def _chain_all(
    loaded: list[Tournament],
    registry: _Registry,
    evaluations: list[Any],
    enrich: Callable[[Tournament], Tournament] | None,
    file_ratings: bool,
    method: str,
    exceptional_players: bool | None = None,
) -> None:
    """Evaluate the tournaments in order, each player entering with his chained DWZ."""
    from wertung.tournament._evaluation import evaluate

    for tournament in loaded:
        if enrich is not None:
            tournament = enrich(tournament)
        taken: set[int] = set()
        persons: dict[str, _Person] = {}
        chained: list[Player] = []
        for player in tournament.players:
            person = registry.find(player, tournament.name, taken)
            taken.add(id(person))
            persons[player.id] = person
            chained.append(_chain(person, player, tournament, file_ratings))
        tournament = dataclasses.replace(tournament, players=tuple(chained))
        result = evaluate(tournament, method=method, exceptional_players=exceptional_players)
        evaluations.append(result)
        for player, outcome in zip(tournament.players, result.players, strict=True):
            _record(persons[player.id], player, outcome, tournament, result)


def _chain(person: _Person, player: Player, tournament: Tournament, file_ratings: bool) -> Player:
    """The player as he enters this evaluation: chained DWZ, index and carry-over games."""
    end = tournament.end_date
    assert end is not None
    if not person.seen or file_ratings:
        person.seen = True
        if player.dwz is not None:
            person.dwz, person.index, person.as_of = player.dwz, player.index, None
        person.carry_over = tuple(player.carry_over) or person.carry_over
        if player.dwz is not None:
            return player
    if person.dwz is not None and person.as_of is not None and person.as_of < UPGRADE_DATE <= end:
        up = upgrade(person.dwz, person.index)
        person.rows.append(
            HistoryRow(
                tournament="DWZ upgrade 2026",
                end_date=UPGRADE_DATE,
                regulations="upgrade",
                dwz_before=person.dwz,
                index_before=person.index,
                dwz_after=up.new_rating,
                index_after=up.new_index,
                change=up.change,
                status="upgrade",
                upgrade=True,
            )
        )
        person.dwz, person.index, person.as_of = up.new_rating, up.new_index, UPGRADE_DATE
    if person.dwz is None:
        return _changed(player, player.dwz, player.index, person.carry_over)
    return _changed(player, person.dwz, person.index, ())


def _record(
    person: _Person, player: Player, outcome: Any, tournament: Tournament, result: Any
) -> None:
    """Carry the outcome of this evaluation to the person's next one."""
    end = tournament.end_date
    from_source = person.as_of is None and player.dwz is not None and not person.rows
    dwz_after = outcome.dwz_after
    row = _row(
        tournament.name, end, result.regulations, outcome.dwz_before, outcome.index_before,
        dwz_after, outcome.index_after, outcome.change, outcome.status, False,
        outcome.conditional, from_source, outcome,
    )  # fmt: skip
    person.rows.append(row)
    if dwz_after is not None and outcome.basis in ("established", "foreign", "first"):
        person.dwz, person.index, person.as_of = dwz_after, outcome.index_after, end
        person.carry_over = ()
    elif dwz_after is None and getattr(outcome.dwz, "carry_over_out", None) is not None:
        person.carry_over = tuple(outcome.dwz.carry_over_out)
    if person.dwz is not None and person.as_of is None:
        person.as_of = end

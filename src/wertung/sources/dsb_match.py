"""Matching a tournament's players with the DSB list and filling in what the list knows.

:func:`enrich` finds each player in the list (by FIDE id, else name and birth
year, else name and club), fills the DWZ, index, birth year, membership, club
and FIDE data the tournament lacks, and says for every player how the match was
made and where each value came from (:class:`Match`).

Passive members (``Status`` ``P``) count as DSB members (``member=True``): a passive
membership is still a membership of a DSB club, the DSB keeps their DWZ and
publishes their evaluations; they are not *Vereinslose*. Set ``passive_member=False``
in :func:`enrich` to leave ``member`` unset for them instead. The :class:`Match`
always says when the membership found is a passive one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from wertung.kernel.errors import InvalidInput, Where, message, places
from wertung.sources.dsb_ids import DsbId, IdLookup, check_ids
from wertung.sources.dsb_names import clubs_match, name_key
from wertung.sources.store import DsbPlayer, ListInfo, Store, StoreError
from wertung.tournament._model import (
    Player,
    Tournament,
    check_birth_year,
    check_index,
    check_rating,
)

__all__ = [
    "ASSUMPTIONS",
    "OVERRIDE_FIELDS",
    "PASSIVE_COUNTS_AS_MEMBER",
    "PROVENANCE_FIELDS",
    "Enrichment",
    "ListNotLoaded",
    "Match",
    "MatchMethod",
    "Provenance",
    "describe_row",
    "enrich",
]

OVERRIDE_FIELDS = ("dwz", "index", "birth_year", "member")
"""The player fields :func:`enrich` accepts in ``overrides``."""

PASSIVE_COUNTS_AS_MEMBER = True
"""Default of ``enrich(passive_member=...)``: a passive DSB membership makes ``member=True``."""


PROVENANCE_FIELDS = ("dwz", "index", "birth_year", "member")
"""The player fields whose origin :attr:`Match.provenance` gives."""


class ListNotLoaded(StoreError):
    """No DSB list has been loaded into the store yet."""


class Provenance(StrEnum):
    """Where the value of a player field comes from after :func:`enrich`."""

    LIST = "list"  # taken from the DSB list
    SOURCE = "source"  # the tournament (file or page) already had it; kept
    USER = "user"  # set by the user (``overrides``)
    ASSUMED = "assumed"  # nothing known: the rules' default applies (see ASSUMPTIONS)


ASSUMPTIONS = {
    "dwz": "no DWZ known: the player is treated as unrated (a first DWZ may be computed)",
    "index": "no index known: the range of new DWZ over the possible indexes is shown",
    "birth_year": "no birth year known: the player is treated as over 25",
    "member": "membership unknown: the player is treated as a DSB member",
}
"""What the rules assume for a field whose provenance is ``assumed``."""


class MatchMethod(StrEnum):
    """How a tournament player was (or was not) found in the list."""

    PKZ = "pkz"  # the DSB person id given in ``enrich(ids=...)``
    MEMBERSHIP = "zps+member_no"  # ZPS and member number given in ``enrich(ids=...)``
    FIDE_ID = "fide_id"
    NAME_BIRTH_YEAR = "name+birth_year"
    NAME_CLUB = "name+club"
    NAME = "name"  # only with enrich(accept_name_only=True)
    UNCONFIRMED = "unconfirmed"  # one player of that name, nothing to confirm it
    AMBIGUOUS = "ambiguous"
    NOT_FOUND = "not_found"

    @property
    def matched(self) -> bool:
        """Whether list values were used."""
        return self in (
            self.PKZ, self.MEMBERSHIP, self.FIDE_ID, self.NAME_BIRTH_YEAR, self.NAME_CLUB, self.NAME
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Match:
    """How one player was matched and what changed.

    ``entry``: the list row used (the person's active membership, preferring the
    club the tournament names). ``candidates``: the rows considered when the match
    is ambiguous or unconfirmed (one per person). ``filled``: fields taken from the
    list. ``overridden``: fields set from ``overrides``. ``conflicts``: values the
    tournament gives that differ from the list (kept, never overwritten).
    ``provenance``: for each of :data:`PROVENANCE_FIELDS` (``dwz``, ``index``,
    ``birth_year``, ``member``) where its value now comes from: ``"list"``,
    ``"source"``, ``"user"`` or ``"assumed"`` (see :class:`Provenance`,
    :data:`ASSUMPTIONS`), e.g. ``{"dwz": "source", "index": "list",
    "birth_year": "list", "member": "assumed"}``.
    """

    player_id: str
    name: str
    method: MatchMethod
    entry: DsbPlayer | None = None
    candidates: tuple[DsbPlayer, ...] = ()
    filled: tuple[str, ...] = ()
    overridden: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    note: str = ""
    provenance: dict[str, str] = field(default_factory=dict)

    @property
    def matched(self) -> bool:
        """Whether the player was found in the list."""
        return self.method.matched

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready data."""
        return {
            "player": self.player_id,
            "name": self.name,
            "method": self.method.value,
            "matched": self.matched,
            "entry": self.entry.to_dict() if self.entry else None,
            "candidates": [c.to_dict() for c in self.candidates],
            "filled": list(self.filled),
            "overridden": list(self.overridden),
            "conflicts": list(self.conflicts),
            "note": self.note,
            "provenance": dict(self.provenance),
        }


@dataclass(frozen=True, slots=True)
class Enrichment:
    """The enriched tournament, one :class:`Match` per player, and which list was used."""

    tournament: Tournament
    matches: tuple[Match, ...]
    list_info: ListInfo | None = None
    counts: dict[str, int] = field(default_factory=dict)

    def match(self, player_id: str) -> Match:
        """The match of the player with this id."""
        for match in self.matches:
            if match.player_id == player_id:
                return match
        raise KeyError(player_id)

    def to_dict(self) -> dict[str, Any]:
        """Matches and list information as JSON-ready data (the tournament is not included)."""
        return {
            "list": self.list_info.to_dict() if self.list_info else None,
            "counts": dict(self.counts),
            "matches": [m.to_dict() for m in self.matches],
        }


def _persons(rows: Iterable[DsbPlayer]) -> list[list[DsbPlayer]]:
    groups: dict[str, list[DsbPlayer]] = {}
    for row in rows:
        groups.setdefault(row.person, []).append(row)
    return list(groups.values())


def _best_row(rows: Sequence[DsbPlayer], club: str | None) -> DsbPlayer:
    """The membership to use: the one in the named club, else an active one, else the first."""
    for row in rows:
        if clubs_match(club, row):
            return row
    for row in rows:
        if row.active:
            return row
    return rows[0]


def describe_row(row: DsbPlayer) -> str:
    """One line about a list row.

    >>> describe_row(DsbPlayer(zps="Z0101", name="Bäumer,Jürgen", dwz=1843, index=87, birth_year=1968))
    'Bäumer,Jürgen, 1843-87, born 1968, Z0101'
    """
    parts = [row.name, row.rating]
    if row.birth_year:
        parts.append(f"born {row.birth_year}")
    parts.append(row.club or row.zps)
    if not row.active:
        parts.append("passive")
    return ", ".join(parts)


def _check_overrides(
    tournament: Tournament, overrides: Mapping[str, Mapping[str, object]] | None
) -> dict[str, dict[str, object]]:
    if not overrides:
        return {}
    ids = {p.id for p in tournament.players}
    checked: dict[str, dict[str, object]] = {}
    for player_id, values in overrides.items():
        if player_id not in ids:
            raise InvalidInput(
                f"overrides: no player with id {player_id!r}",
                code="web.no_player",
                params={"name": "overrides", "id": repr(player_id)},
                field="overrides",
                player=player_id,
            )
        if not isinstance(values, Mapping):
            raise InvalidInput(
                f"overrides for player {player_id!r} must map fields to values",
                code="dsb.overrides_map",
                params={"id": repr(player_id)},
                field="overrides",
                player=player_id,
            )
        out: dict[str, object] = {}
        for key, value in values.items():
            where: Where = {"player": player_id}
            if key == "dwz":
                out[key] = check_rating(value, field="dwz", **where)
            elif key == "index":
                out[key] = check_index(value, **where)
            elif key == "birth_year":
                out[key] = check_birth_year(value, **where)
            elif key == "member":
                if value is not None and not isinstance(value, bool):
                    raise InvalidInput(
                        f"member {value!r} must be true, false or null",
                        code="dsb.member_value",
                        params={"value": repr(value)},
                        field="member",
                        **where,
                    )
                out[key] = value
            else:
                raise InvalidInput(
                    f"overrides: {key!r} cannot be overridden (only {', '.join(OVERRIDE_FIELDS)})",
                    code="dsb.overrides_key",
                    params={
                        "key": repr(key),
                        "fields": ", ".join(OVERRIDE_FIELDS),
                        "context": places(message("place.overrides")),
                    },
                    field=f"overrides.{key}",
                    **where,
                )
        checked[player_id] = out
    return checked


def _find(
    player: Player,
    by_fide: Mapping[str, list[DsbPlayer]],
    by_key: Mapping[str, list[DsbPlayer]],
    accept_name_only: bool,
) -> tuple[MatchMethod, list[DsbPlayer] | None, list[list[DsbPlayer]], str]:
    """(method, rows of the person found, candidate persons, note)."""
    fide_id = _clean_fide_id(player.fide_id)
    if fide_id and by_fide.get(fide_id):
        persons = _persons(by_fide[fide_id])
        if len(persons) == 1:
            return MatchMethod.FIDE_ID, persons[0], [], f"FIDE id {fide_id}"
        return (
            MatchMethod.AMBIGUOUS,
            None,
            persons,
            f"{len(persons)} different players in the list have FIDE id {fide_id}",
        )
    persons = _persons(by_key.get(name_key(player.name), []))
    if not persons:
        return MatchMethod.NOT_FOUND, None, [], "no player of this name in the list"
    pool = persons
    if player.birth_year is not None:
        same = [ps for ps in persons if ps[0].birth_year == player.birth_year]
        if len(same) == 1:
            return (
                MatchMethod.NAME_BIRTH_YEAR,
                same[0],
                [],
                f"name and birth year {player.birth_year}",
            )
        if len(same) > 1:
            by_club = [ps for ps in same if any(clubs_match(player.club, r) for r in ps)]
            if len(by_club) == 1:
                return (
                    MatchMethod.NAME_BIRTH_YEAR,
                    by_club[0],
                    [],
                    f"name and birth year {player.birth_year}; the club decided between "
                    f"{len(same)} players",
                )
            return (
                MatchMethod.AMBIGUOUS,
                None,
                same,
                f"{len(same)} players of this name born in {player.birth_year}",
            )
        pool = [ps for ps in persons if ps[0].birth_year is None]
        if not pool:
            years = ", ".join(sorted({str(ps[0].birth_year) for ps in persons}))
            return (
                MatchMethod.NOT_FOUND,
                None,
                persons,
                f"players of this name in the list were born in {years}, not {player.birth_year}",
            )
    if player.club:
        by_club = [ps for ps in pool if any(clubs_match(player.club, r) for r in ps)]
        if len(by_club) == 1:
            return MatchMethod.NAME_CLUB, by_club[0], [], f"name and club {player.club!r}"
        if len(by_club) > 1:
            return (
                MatchMethod.AMBIGUOUS,
                None,
                by_club,
                f"{len(by_club)} players of this name in club {player.club!r}",
            )
    if len(pool) == 1:
        if accept_name_only:
            return MatchMethod.NAME, pool[0], [], "name only (accepted without confirmation)"
        return (
            MatchMethod.UNCONFIRMED,
            None,
            pool,
            "one player of this name in the list, but no birth year or club confirms it",
        )
    return (
        MatchMethod.AMBIGUOUS,
        None,
        pool,
        f"{len(pool)} players of this name; give the birth year or club",
    )


def _clean_fide_id(value: object) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if not text.isdigit() or int(text) == 0:
        return None
    return str(int(text))


def _fill(
    player: Player, rows: Sequence[DsbPlayer], passive_member: bool, club: str | None = None
) -> tuple[dict[str, object], DsbPlayer, list[str]]:
    """Values to set on ``player`` from the list, the row used, and conflicts.

    ``club``: the membership to use (a ZPS code), else the player's club decides.
    """
    entry = _best_row(rows, club or player.club)
    updates: dict[str, object] = {}
    conflicts: list[str] = []
    if player.dwz is None:
        if entry.dwz is not None:
            updates["dwz"] = entry.dwz
            if player.index is None and entry.index is not None:
                updates["index"] = entry.index
    elif entry.dwz != player.dwz:
        conflicts.append(
            f"DWZ {player.dwz} given, the list has {entry.rating}: kept {player.dwz}"
            + (", index not taken" if player.index is None and entry.index is not None else "")
        )
    elif player.index is None and entry.index is not None:
        updates["index"] = entry.index
    elif player.index is not None and entry.index is not None and player.index != entry.index:
        conflicts.append(f"index {player.index} given, the list has {entry.index}: kept")
    if player.birth_year is None:
        if entry.birth_year is not None:
            updates["birth_year"] = entry.birth_year
    elif entry.birth_year is not None and entry.birth_year != player.birth_year:
        conflicts.append(
            f"birth year {player.birth_year} given, the list has {entry.birth_year}: kept"
        )
    active = any(r.active for r in rows)
    is_member = active or passive_member
    if player.member is None:
        if is_member:
            updates["member"] = True
    elif player.member is False and active:
        conflicts.append("marked as not a DSB member, but the list has an active membership: kept")
    if player.club is None:
        updates["club"] = entry.club or entry.zps
    if player.fide_id is None and entry.fide_id is not None:
        updates["fide_id"] = entry.fide_id
    if player.fide_rating is None and entry.fide_rating is not None:
        updates["fide_rating"] = entry.fide_rating
    return updates, entry, conflicts


def _provenance(player: Player, filled: Sequence[str], overridden: Sequence[str]) -> dict[str, str]:
    """Where each of :data:`PROVENANCE_FIELDS` comes from (``player`` as the tournament gave it)."""
    out: dict[str, str] = {}
    for name in PROVENANCE_FIELDS:
        if name in overridden:
            out[name] = Provenance.USER.value
        elif name in filled:
            out[name] = Provenance.LIST.value
        elif getattr(player, name) is not None:
            out[name] = Provenance.SOURCE.value
        else:
            out[name] = Provenance.ASSUMED.value
    return out


def _own_ids(tournament: Tournament) -> dict[str, DsbId]:
    """The exact DSB ids the source itself gives (Swiss-Chess, Swiss-Manager): PKZ, else ZPS + member."""
    own: dict[str, DsbId] = {}
    for p in tournament.players:
        if p.pkz and p.pkz.strip():
            own[p.id] = p.pkz.strip()
        elif p.zps and p.zps.strip() and p.member_number and p.member_number.strip():
            own[p.id] = (p.zps.strip(), p.member_number.strip())
    return own


def enrich(
    tournament: Tournament,
    *,
    store: Store | None = None,
    overrides: Mapping[str, Mapping[str, object]] | None = None,
    accept_name_only: bool = False,
    passive_member: bool = PASSIVE_COUNTS_AS_MEMBER,
    ids: Mapping[str, DsbId] | None = None,
) -> Enrichment:
    """Fill the players' DWZ, index, birth year, membership, club and FIDE data from the list.

    Matching, per player: by the exact DSB identifier in ``ids`` or the player's own
    ``pkz`` / ``zps`` + ``member_number`` (from Swiss-Chess or Swiss-Manager files;
    ``ids`` wins) (player id → a DSB person id/PKZ, or a ``(zps, member_no)`` pair; see
    :mod:`~wertung.sources.dsb_ids`); else by FIDE id; else by name and birth
    year; else by name and club (a name or a ZPS code); else no match. Several candidates are reported
    (``ambiguous``), never guessed; a single namesake without a birth year or club
    to confirm him is ``unconfirmed`` unless ``accept_name_only``. Values the
    tournament already has are never overwritten (a differing list value becomes
    a ``conflict``); ``overrides`` (player id → ``dwz``/``index``/``birth_year``/
    ``member``) always win. Raises :class:`ListNotLoaded` when the store has no list.

    >>> import tempfile
    >>> from wertung.sources.dsb_list import load_sample
    >>> from wertung import Player, Tournament
    >>> store = Store(tempfile.mkdtemp()); _ = load_sample(store=store)
    >>> t = Tournament(players=(Player(id="1", name="Jürgen Bäumer", birth_year=1968),))
    >>> result = enrich(t, store=store)
    >>> result.matches[0].method.value, result.tournament.players[0].dwz
    ('name+birth_year', 1843)
    """
    store = store or Store()
    info = store.list_info()
    if info is None:
        raise ListNotLoaded(
            f"no DSB list is loaded (store {store.path}); load one with "
            "`wertung dsb-list load LV-0-csv.zip`",
            code="dsb.not_loaded_load",
            params={"path": str(store.path)},
            field="store",
        )
    checked = _check_overrides(tournament, overrides)
    known = IdLookup.fetch(
        store,
        check_ids({p.id for p in tournament.players}, {**_own_ids(tournament), **(ids or {})}),
    )
    by_fide = store.players_by_fide_id(
        f for f in (_clean_fide_id(p.fide_id) for p in tournament.players) if f
    )
    by_key = store.players_by_key(name_key(p.name) for p in tournament.players)
    players: list[Player] = []
    matches: list[Match] = []
    counts: dict[str, int] = {}
    for player in tournament.players:
        rows, membership, note = known.find(player.id)
        candidates: list[list[DsbPlayer]] = []
        if rows is not None:
            method = MatchMethod.MEMBERSHIP if membership else MatchMethod.PKZ
        else:
            method, rows, candidates, found = _find(player, by_fide, by_key, accept_name_only)
            note = f"{note}; {found}" if note else found
        updates: dict[str, object] = {}
        conflicts: list[str] = []
        entry = None
        if rows is not None:
            updates, entry, conflicts = _fill(player, rows, passive_member, membership)
            if method in (MatchMethod.PKZ, MatchMethod.MEMBERSHIP) and entry.key != name_key(
                player.name
            ):
                conflicts.append(f"name {player.name!r} given, the list has {entry.name!r}: kept")
            if not any(r.active for r in rows):
                note += "; passive membership" + ("" if passive_member else " (member not set)")
        filled = list(updates)
        overridden: list[str] = []
        for key, value in checked.get(player.id, {}).items():
            updates[key] = value
            overridden.append(key)
            if key in filled:
                filled.remove(key)
        if (
            entry is not None
            and "dwz" in overridden
            and "index" not in overridden
            and "index" in filled
            and updates["dwz"] != entry.dwz
        ):
            filled.remove("index")
            updates["index"] = player.index
            conflicts.append("the list's index was not used because the DWZ was overridden")
        if overridden:
            note += ("; " if note else "") + "overridden by the user: " + ", ".join(overridden)
        # updates: Player fields by name, each value of its field's type (mypy checks
        # replace()'s keywords one by one, not a dict of mixed values)
        players.append(replace(player, **updates) if updates else player)  # type: ignore[arg-type]
        provenance = _provenance(player, filled, overridden)
        matches.append(
            Match(
                player_id=player.id,
                name=player.name,
                method=method,
                entry=entry,
                candidates=tuple(_best_row(ps, player.club) for ps in candidates),
                filled=tuple(filled),
                overridden=tuple(overridden),
                conflicts=tuple(conflicts),
                note=note,
                provenance=provenance,
            )
        )
        counts[method.value] = counts.get(method.value, 0) + 1
    return Enrichment(
        tournament=tournament.with_players(players),
        matches=tuple(matches),
        list_info=info,
        counts=counts,
    )

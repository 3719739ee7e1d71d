"""The DSB list in the web app: what an import takes from it, the user's corrections, provenance.

An import is stored as a *record* (``wertung-web-import/1``): the tournament exactly as the
source gave it, the values the loaded DSB list filled in per player, and how each player
was matched. The list is consulted once, at import: a share link therefore shows the
same numbers even after the list has been updated.

The user's corrections (end date, time control, age class; per player index, birth year,
membership) are not stored: they travel in the URL query (:meth:`Corrections.query`)::

    /de/tournament/<key>?end_date=2024-11-03&time_control=90%2B30&index.12=7&member.12=no

so the same link always reproduces the corrected result. Each player value says where it
came from (:data:`PROVENANCE`): ``source`` (the file or link), ``list`` (the DSB list),
``user`` (a correction) or ``assumed`` (missing: what the rules assume).

>>> c = Corrections.from_query({"end_date": "2024-11-03", "index.12": "7"}, {"12"})
>>> c.query()
'end_date=2024-11-03&index.12=7'
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from wertung.dwz._time_control_rule import given_age_class, given_time_control, with_given
from wertung.formats import tournament_json
from wertung.kernel.errors import InvalidInput
from wertung.tournament._model import Player, Tournament, check_birth_year, check_index, parse_date
from wertung.web.evaluation_options import Options

__all__ = [
    "CORRECTABLE",
    "PROVENANCE",
    "RECORD_FORMAT",
    "Corrections",
    "Prepared",
    "import_record",
    "prepare",
    "record_tournament",
]

RECORD_FORMAT = "wertung-web-import/1"
PROVENANCE = ("source", "list", "user", "assumed")
FIELDS = ("dwz", "index", "birth_year", "member")
FILLABLE = (*FIELDS, "club", "fide_id", "fide_rating")
CORRECTABLE = ("index", "birth_year", "member")
LOAD_COMMAND = "wertung dsb-list load LV-0-csv.zip"
_YES = {"yes": True, "ja": True, "1": True, "true": True, "no": False, "nein": False,
        "0": False, "false": False}  # fmt: skip


def _store(directory: Path | None) -> Any:
    from wertung.sources.store import Store

    return Store(directory) if directory is not None else Store()


def import_record(tournament: Tournament, store_dir: Path | None, *, use_list: bool = True) -> dict:
    """The stored form of an import: the source's tournament plus what the DSB list adds.

    No list loaded (or ``use_list=False``): the record says so and adds nothing.
    """
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "tournament": tournament_json.to_dict(tournament),
        "list": None,
        "list_used": use_list,
        "list_missing": False,
        "filled": {},
        "matches": [],
    }
    if not use_list:
        return record
    from wertung.sources import dsb_list
    from wertung.sources.store import StoreError

    try:
        enrichment = dsb_list.enrich(tournament, store=_store(store_dir))
    except StoreError as error:  # no list (ListNotLoaded), or a store that cannot be read
        record["list_missing"] = True
        if not isinstance(error, dsb_list.ListNotLoaded):
            record["list_error"] = error.message
        return record
    info = enrichment.list_info.to_dict() if enrichment.list_info else {}
    record["list"] = {k: info.get(k) for k in ("list_date", "loaded_at", "source", "players")}
    for before, after, match in zip(
        tournament.players, enrichment.tournament.players, enrichment.matches, strict=True
    ):
        filled = {
            name: getattr(after, name)
            for name in FILLABLE
            if getattr(after, name) != getattr(before, name)
        }
        if filled:
            record["filled"][before.id] = filled
        provenance = getattr(match, "provenance", None)
        record["matches"].append(
            {
                "player": match.player_id,
                "name": match.name,
                "method": match.method.value,
                "matched": match.matched,
                "note": match.note,
                "conflicts": list(match.conflicts),
                "candidates": [
                    {
                        "name": c.name,
                        "birth_year": c.birth_year,
                        "dwz": c.dwz,
                        "index": c.index,
                        "club": c.club or c.zps,
                        "active": c.active,
                        "fide_id": c.fide_id,
                    }
                    for c in match.candidates
                ],
                "provenance": dict(provenance) if isinstance(provenance, Mapping) else None,
            }
        )
    return record


def _parts(record: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """(record, tournament data); an old plain tournament counts as an import without list."""
    if record.get("format") == RECORD_FORMAT:
        return record, record["tournament"]
    return {"list_used": False, "filled": {}, "matches": []}, record


def record_tournament(record: Mapping[str, Any]) -> dict[str, Any]:
    """The tournament data of a record as the source gave it (before list and corrections)."""
    return dict(_parts(record)[1])


#: The longest time control the correction field takes ("40/90+30, 30+30" and wordier).
TIME_CONTROL_LENGTH = 120


@dataclass(frozen=True)
class Corrections:
    """The user's corrections: the end date, the time control (``90+30``) and the age class
    (``U12``, ``open``), the evaluation's options (method, exceptional players, printing
    date), and per player id index/birth year/membership."""

    end_date: dt.date | None = None
    players: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    time_control: str | None = None
    age_class: str | None = None
    #: How the tournament is evaluated (method, exceptional players, printing date).
    options: Options = field(default_factory=Options)

    @classmethod
    def from_query(cls, query: Mapping[str, str], ids: Iterable[str]) -> Corrections:
        """Read ``end_date`` and ``index.<id>``/``birth_year.<id>``/``member.<id>``.

        Empty values are no correction; anything else is checked (``InvalidInput`` naming
        the parameter, e.g. ``index.12``). Unknown ids are refused.
        """
        known = set(ids)
        end = None
        time_control = age_class = None
        players: dict[str, dict[str, object]] = {}
        for name in query:
            if name == "time_control":
                typed = " ".join(str(query[name]).split())[:TIME_CONTROL_LENGTH]
                time_control = given_time_control(typed) if typed else None
                continue
            value = str(query[name]).strip()[:40]
            if not value:
                continue
            if name == "end_date":
                end = parse_date(value, field="end_date")
                continue
            if name == "age_class":
                age_class = given_age_class(value)
                continue
            kind, dot, pid = name.partition(".")
            if not dot or kind not in CORRECTABLE:
                continue  # other parameters (language switch, ...) are not corrections
            if pid not in known:
                raise InvalidInput(
                    f"{name}: no player with id {pid!r}",
                    code="web.no_player",
                    params={"name": name, "id": repr(pid)},
                    field=name,
                    player=pid,
                )
            players.setdefault(pid, {})[kind] = _check(kind, value, name, pid)
        return cls(
            end_date=end,
            players=players,
            time_control=time_control,
            age_class=age_class,
            options=Options.from_query(query),
        )

    def query(self) -> str:
        """The corrections as a URL query (sorted: the same corrections, the same URL)."""
        return urlencode(self.pairs())

    def pairs(self) -> list[tuple[str, str]]:
        """The query's (name, value) pairs."""
        pairs: list[tuple[str, str]] = self.options.pairs()
        if self.end_date is not None:
            pairs.append(("end_date", self.end_date.isoformat()))
        if self.time_control is not None:
            pairs.append(("time_control", self.time_control))
        if self.age_class is not None:
            pairs.append(("age_class", self.age_class))
        for pid in sorted(self.players, key=_id_order):
            for kind in CORRECTABLE:
                if kind in self.players[pid]:
                    pairs.append((f"{kind}.{pid}", _text(self.players[pid][kind])))
        return pairs

    def __bool__(self) -> bool:
        return (
            self.end_date is not None
            or bool(self.players)
            or self.time_control is not None
            or self.age_class is not None
            or bool(self.options)
        )


def _id_order(pid: str) -> tuple[int, str]:
    return (int(pid), "") if pid.isdigit() else (1 << 30, pid)


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _check(kind: str, value: str, name: str, pid: str) -> object:
    if kind == "index":
        if not (value.isascii() and value.isdigit()):
            raise InvalidInput(
                f"{name}: {value!r} is not a DWZ index (a whole number, 0 or more)",
                code="web.not_index",
                params={"name": name, "value": repr(value)},
                field=name,
                player=pid,
            )
        return check_index(int(value), field=name, player=pid)
    if kind == "birth_year":
        if not (value.isascii() and value.isdigit()):
            raise InvalidInput(
                f"{name}: {value!r} is not a year of birth",
                code="web.not_birth_year",
                params={"name": name, "value": repr(value)},
                field=name,
                player=pid,
            )
        return check_birth_year(int(value), field=name, player=pid)
    if value.lower() not in _YES:
        raise InvalidInput(
            f"{name}: {value!r} must be yes or no",
            code="web.yes_no",
            params={"name": name, "value": repr(value)},
            field=name,
            player=pid,
        )
    return _YES[value.lower()]


@dataclass(frozen=True)
class Prepared:
    """A stored import made ready for the evaluation.

    ``tournament``: source values, then list values, then the corrections.
    ``base``: the same without the corrections (what the correction form compares to).
    ``time_control_provenance``: ``user`` (a correction), ``source`` or None (none known).
    ``provenance``: player id → field → one of :data:`PROVENANCE` (None only for the
    index of a player without DWZ). ``review``: list matches the user should look at (ambiguous or unconfirmed,
    with their candidates), never guessed. ``list_missing``: no DSB list was loaded.
    """

    tournament: Tournament
    base: Tournament
    corrections: Corrections
    provenance: dict[str, dict[str, str | None]]
    review: tuple[dict[str, Any], ...]
    conflicts: tuple[dict[str, Any], ...]
    list_info: Mapping[str, Any] | None
    list_used: bool
    list_missing: bool
    end_date_provenance: str | None
    time_control_provenance: str | None = None

    @property
    def load_command(self) -> str:
        """The command that loads a DSB list."""
        return LOAD_COMMAND

    @functools.cached_property
    def source_players(self) -> dict[str, Player]:
        """The tournament's players by id, for a results table's rows (one look-up each,
        not a search of all players per row)."""
        return {p.id: p for p in self.tournament.players}

    def summary(self) -> dict[str, Any]:
        """The list part of the API answer."""
        return {
            "used": self.list_used and not self.list_missing,
            "loaded": not self.list_missing if self.list_used else None,
            "list": dict(self.list_info) if self.list_info else None,
            "note": (
                f"no DSB list is loaded: DWZ, index, birth year and membership only from the "
                f"source; load one with `{LOAD_COMMAND}`"
            )
            if self.list_missing
            else None,
            "review": list(self.review),
            "conflicts": list(self.conflicts),
            "corrections": self.corrections.query(),
        }


def prepare(record: Mapping[str, Any], corrections: Corrections | None = None) -> Prepared:
    """The tournament of ``record`` with the list's values and ``corrections`` applied."""
    meta, data = _parts(record)
    source = tournament_json.from_dict(data)
    corrections = corrections or Corrections()
    filled: Mapping[str, Mapping[str, Any]] = meta.get("filled") or {}
    matches = {m["player"]: m for m in meta.get("matches") or ()}
    base_players: list[Player] = []
    players: list[Player] = []
    provenance: dict[str, dict[str, str | None]] = {}
    for p in source.players:
        values = {k: v for k, v in (filled.get(p.id) or {}).items() if k in FILLABLE}
        base = replace(p, **values) if values else p
        fixes = dict(corrections.players.get(p.id, {}))
        final = replace(base, **fixes) if fixes else base  # type: ignore[arg-type]
        base_players.append(base)
        players.append(final)
        given = (matches.get(p.id) or {}).get("provenance") or {}
        provenance[p.id] = {
            name: _provenance(name, p, final, values, fixes, given) for name in FIELDS
        }
    base_tournament = source.with_players(base_players)
    tournament = source.with_players(players)
    if corrections.end_date is not None:
        tournament = replace(tournament, end_date=corrections.end_date)
    tournament = with_given(
        tournament, time_control=corrections.time_control, age_class=corrections.age_class
    )
    review = tuple(
        m
        for m in matches.values()
        if m["method"] in ("ambiguous", "unconfirmed") and m["candidates"]
    )
    conflicts = tuple(m for m in matches.values() if m["conflicts"])
    return Prepared(
        tournament=tournament,
        base=base_tournament,
        corrections=corrections,
        provenance=provenance,
        review=review,
        conflicts=conflicts,
        list_info=meta.get("list"),
        list_used=bool(meta.get("list_used")),
        list_missing=bool(meta.get("list_missing")),
        end_date_provenance=(
            "user"
            if corrections.end_date is not None
            else ("source" if source.end_date is not None else None)
        ),
        time_control_provenance=(
            "user"
            if corrections.time_control is not None
            else (
                "source"
                if source.time_control_text or source.time_control_periods or source.time_control
                else None
            )
        ),
    )


def _provenance(
    name: str,
    source: Player,
    final: Player,
    filled: Mapping[str, Any],
    fixes: Mapping[str, Any],
    given: Mapping[str, str],
) -> str | None:
    if name in fixes:
        return "user"
    if name == "index" and final.dwz is None:
        return None  # no DWZ, no index to speak of
    if given.get(name) in PROVENANCE and given[name] != "user":
        return given[name]
    if name in filled:
        return "list"
    if getattr(source, name) is not None:
        return "source"
    return "assumed"  # as dsb_match.ASSUMPTIONS: unrated, over 25, a member

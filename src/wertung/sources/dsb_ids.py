"""Exact DSB identifiers of tournament players: the person id (PKZ) or ZPS + member number.

Tournament files from German pairing programs often carry them (Swiss-Chess
fields 2034 PKZ, 2010 ZPS and 2011 member number; Swiss-Manager's national id).
The tournament model has no fields for them, so :func:`~wertung.sources.dsb_match.enrich`
takes them as a separate mapping ``ids``: player id → a PKZ (``str``) or a
``(zps, member_no)`` pair. An exact identifier found in the list decides the
match before any name is compared.

>>> check_ids({"1", "2"}, {"1": " nu9900001 ", "2": ("z0101", "01001")})
{'1': 'NU9900001', '2': ('Z0101', '1001')}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from wertung.kernel.errors import InvalidInput, message, places
from wertung.sources.store import DsbPlayer, Store

__all__ = ["DsbId", "IdLookup", "check_ids", "member_number"]

DsbId = str | tuple[str, str]
"""A DSB person id (PKZ), or a club's ZPS code and the member number in it."""


def member_number(text: str | None) -> str:
    """A member number in a form two spellings share (leading zeros dropped).

    >>> member_number("0012"), member_number("12"), member_number(" 0 ")
    ('12', '12', '0')
    """
    text = (text or "").strip()
    return (text.lstrip("0") or "0") if text.isdigit() else text.casefold()


def check_ids(player_ids: Collection[str], ids: Mapping[str, object] | None) -> dict[str, DsbId]:
    """``ids`` checked and normalised: PKZ upper case, ZPS upper case, member numbers without leading zeros.

    Raises :class:`InvalidInput` for an unknown player id or a value that is
    neither a non-empty string nor a pair of non-empty strings.
    """
    checked: dict[str, DsbId] = {}
    for player_id, value in (ids or {}).items():
        if player_id not in player_ids:
            raise InvalidInput(
                f"ids: no player with id {player_id!r}",
                code="web.no_player",
                params={"name": "ids", "id": repr(player_id)},
                field="ids",
                player=player_id,
            )
        if isinstance(value, str) and value.strip():
            checked[player_id] = value.strip().upper()
            continue
        if (
            isinstance(value, tuple | list)
            and len(value) == 2
            and all(isinstance(v, str) and v.strip() for v in value)
        ):
            checked[player_id] = (value[0].strip().upper(), member_number(value[1]))
            continue
        raise InvalidInput(
            f"ids for player {player_id!r}: {value!r} is neither a DSB person id (PKZ) nor a "
            "(ZPS, member number) pair",
            code="dsb.ids_value",
            params={
                "value": repr(value),
                "context": places(message("place.ids", p=repr(player_id))),
            },
            field="ids",
            player=player_id,
        )
    return checked


@dataclass(frozen=True, slots=True)
class IdLookup:
    """The list rows for a tournament's identifiers, fetched in two queries."""

    ids: Mapping[str, DsbId] = field(default_factory=dict)
    by_pkz: Mapping[str, list[DsbPlayer]] = field(default_factory=dict)
    by_zps: Mapping[str, list[DsbPlayer]] = field(default_factory=dict)

    @classmethod
    def fetch(cls, store: Store, ids: Mapping[str, DsbId]) -> IdLookup:
        """Fetch every row the identifiers can reach (and all memberships of those persons)."""
        if not ids:
            return cls()
        pairs = [v for v in ids.values() if isinstance(v, tuple)]
        by_zps = store.players_by_zps(zps for zps, _ in pairs)
        pkzs = {v for v in ids.values() if isinstance(v, str)}
        for zps, number in pairs:
            pkzs.update(
                r.pkz for r in by_zps.get(zps, []) if r.pkz and member_number(r.member_no) == number
            )
        return cls(ids=ids, by_pkz=store.players_by_pkz(pkzs), by_zps=by_zps)

    def find(self, player_id: str) -> tuple[list[DsbPlayer] | None, str | None, str]:
        """(rows of the person, the ZPS of the membership named, note); rows None if not found.

        The note says what identified the player, or that the identifier is not in
        the list (then the caller matches by FIDE id and name as usual).
        """
        value = self.ids.get(player_id)
        if value is None:
            return None, None, ""
        if isinstance(value, str):
            rows = self.by_pkz.get(value) or []
            if rows:
                return rows, None, f"DSB person id {value}"
            return None, None, f"DSB person id {value} is not in the list"
        zps, number = value
        hits = [r for r in self.by_zps.get(zps, []) if member_number(r.member_no) == number]
        if not hits:
            return None, None, f"ZPS {zps} member number {number} is not in the list"
        person = hits[0]
        rows = (self.by_pkz.get(person.pkz) if person.pkz else None) or hits
        return rows, zps, f"ZPS {zps} member number {number}"

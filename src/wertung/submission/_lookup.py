"""What the check needs to know from the DSB list: a lookup, given as a callable.

The check itself reads no list: the caller passes a :data:`DsbLookup`, which gets the
report's players and answers, for each of them in the same order, a :class:`ListMatch`
(or None: nothing known). The command line builds it from the DSB list in the store with
the enrichment's own matching (:func:`wertung.sources.dsb_match.enrich`: PKZ, ZPS +
member number, FIDE id, name and birth year, name and club); tests build it by hand.

>>> match = ListMatch("name+birth_year", exact=True, birth_year=1990, pkz="NU1234567",
...                   membership=ListMembership("Z0101", "12", "SK Musterstadt"))
>>> lookup = lambda players: [match for _ in players]
>>> lookup(["any"])[0].membership.zps
'Z0101'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wertung.formats.dsb_report import ReportPlayer

__all__ = ["DsbLookup", "ListMatch", "ListMembership"]


@dataclass(frozen=True, slots=True)
class ListMembership:
    """One membership of a person in the DSB list: club code, member number (as the list
    writes it), club name, active (``A``) or passive."""

    zps: str
    member_number: str | None = None
    club: str | None = None
    active: bool = True


@dataclass(frozen=True, slots=True)
class ListMatch:
    """What the DSB list says about one player of a report.

    ``method``: how the list found him (the enrichment's words: ``pkz``,
    ``zps+member_no``, ``fide_id``, ``name+birth_year``, ``name+club``; or
    ``unconfirmed``, ``ambiguous``, ``not_found``). ``exact``: the person was identified,
    so the list's values may be compared and filled in. ``membership``: the membership the
    match used (the one the report names, else an active one); ``memberships``: all of the
    person's. ``given_id_found``: whether the report's own PKZ or ZPS + member number is in
    the list (None: the report gives none).
    """

    method: str
    exact: bool = False
    name: str | None = None
    pkz: str | None = None
    birth_year: int | None = None
    membership: ListMembership | None = None
    memberships: tuple[ListMembership, ...] = field(default=())
    given_id_found: bool | None = None

    @property
    def active_member(self) -> bool:
        """The list shows an active membership."""
        return any(
            m.active for m in (*self.memberships, *([self.membership] if self.membership else []))
        )


#: The players of a report → one answer each, in their order.
DsbLookup = Callable[[Sequence[ReportPlayer]], Sequence[ListMatch | None]]

"""The DSB list as the pre-submission check asks it: report players → what the list says.

:func:`store_lookup` answers with the enrichment's own matching
(:func:`wertung.sources.dsb_match.enrich`: PKZ, ZPS + member number, FIDE id, name and
birth year, name and club; never a guess), run on the report's players as they stand, and
with every membership of each person found (:meth:`~wertung.sources.store.Store.players_by_pkz`),
so the check can see a club code the list does not show.

Shared by the command line (``wertung check``, ``--dsb-xml``) and the web's "submit to the
rating office" part: it lives with the sources (it answers the check's
:data:`~wertung.submission.DsbLookup` from the store).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from wertung.formats.dsb_report import ReportPlayer
    from wertung.sources.store import Store
    from wertung.submission import DsbLookup, ListMatch

__all__ = ["store_lookup"]

#: The enrichment's methods that identify a person (``name`` alone is a guess it only
#: makes when asked to).
_EXACT = frozenset({"pkz", "zps+member_no", "fide_id", "name+birth_year", "name+club"})


def _text(value: object) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    text = str(value).strip()
    return text or None


def _model_player(index: int, p: ReportPlayer) -> Any:
    from wertung.tournament._model import Player

    surname, forename = _text(p.surname) or "", _text(p.forename) or ""
    name = (
        f"{surname}, {forename}"
        if surname and forename and surname != forename
        else (surname or forename)
    )
    year = (
        p.birth_year
        if isinstance(p.birth_year, int) and not isinstance(p.birth_year, bool)
        else None
    )
    return Player(
        id=f"#{index}", name=name, birth_year=year if year is not None and 1800 <= year <= 2200 else None,
        fide_id=_text(p.fide_id), club=_text(p.club) or _text(p.zps), pkz=_text(p.dsb_id),
        zps=_text(p.zps), member_number=_text(p.member_number),
    )  # fmt: skip


def _membership(row: Any) -> Any:
    from wertung.submission import ListMembership

    return ListMembership(row.zps, row.member_no, row.club, row.active)


def _answer(p: ReportPlayer, match: Any, rows: dict[str, list[Any]]) -> ListMatch:
    from wertung.submission import ListMatch

    method = str(getattr(match.method, "value", match.method))
    given = bool(_text(p.dsb_id)) or (bool(_text(p.zps)) and _text(p.member_number) is not None)
    found = method in ("pkz", "zps+member_no") if given else None
    entry = match.entry
    if entry is None:
        return ListMatch(method, exact=False, given_id_found=found)
    memberships = tuple(_membership(r) for r in rows.get(entry.pkz or "", ())) if entry.pkz else ()
    return ListMatch(
        method, exact=method in _EXACT, name=entry.name, pkz=entry.pkz, birth_year=entry.birth_year,
        membership=_membership(entry), memberships=memberships, given_id_found=found,
    )  # fmt: skip


def store_lookup(store: Store | None = None) -> DsbLookup:
    """A :data:`~wertung.submission.DsbLookup` on the DSB list in ``store`` (default: the
    user's store). Raises :class:`~wertung.sources.dsb_match.ListNotLoaded` on its first
    question when no list is loaded."""
    from wertung.sources.dsb_match import enrich
    from wertung.sources.store import Store
    from wertung.tournament._model import Tournament

    where = store if store is not None else Store()

    def lookup(players: Sequence[ReportPlayer]) -> list[ListMatch | None]:
        people = tuple(_model_player(i, p) for i, p in enumerate(players))
        enrichment = enrich(Tournament(players=people), store=where)
        pkzs = {m.entry.pkz for m in enrichment.matches if m.entry is not None and m.entry.pkz}
        rows = where.players_by_pkz(pkzs) if pkzs else {}
        return [_answer(p, m, rows) for p, m in zip(players, enrichment.matches, strict=True)]

    return lookup

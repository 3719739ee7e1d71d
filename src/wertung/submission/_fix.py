"""``fix_from_dsb_list``: the birth years, PKZ and club data the DSB list knows exactly.

Only a player the list identified (:attr:`ListMatch.exact`: by PKZ, ZPS + member number,
FIDE id, name and birth year, or name and club, as the enrichment matches) gets values,
and only where the report has none: a value the report gives is never overwritten (a
difference is the check's ``check.birth_year.list`` / ``check.member.not_in_list``). The
club data come together from one membership (the one the report names, else an active
one), so ``vkz``, ``numberClubMember`` and ``club`` belong to each other as the schema asks.
"""

from __future__ import annotations

from dataclasses import replace

from wertung.formats.dsb_report import Report, ReportPlayer
from wertung.kernel.errors import InvalidInput
from wertung.submission._context import as_int, is_computer, name_of, text_of
from wertung.submission._lookup import DsbLookup, ListMatch, ListMembership
from wertung.submission._result import Filled

__all__ = ["fix_from_dsb_list"]


def _number(text: str | None) -> int | None:
    text = (text or "").strip()
    if text.isdigit() and 1 <= int(text) <= 99999:
        return int(text)
    return None


def _values(player: ReportPlayer, match: ListMatch) -> dict[str, object]:
    out: dict[str, object] = {}
    if player.birth_year is None and match.birth_year is not None:
        out["birth_year"] = match.birth_year
    if player.dsb_id is None and match.pkz:
        out["dsb_id"] = match.pkz
    membership: ListMembership | None = match.membership
    zps = text_of(player.zps).strip()
    if zps:  # the report names the club: only that membership's data
        membership = next((m for m in (membership, *match.memberships)
                           if m is not None and m.zps.upper() == zps.upper()), None)  # fmt: skip
    if membership is None:
        return out
    if player.zps is None and player.member_number is None and len(membership.zps) == 5:
        out["zps"] = membership.zps
    number = _number(membership.member_number)
    if player.member_number is None and number is not None and ("zps" in out or zps):
        out["member_number"] = number
    if player.club is None and membership.club and ("zps" in out or zps):
        out["club"] = membership.club
    return out


def fix_from_dsb_list(report: Report, lookup: DsbLookup) -> tuple[Report, tuple[Filled, ...]]:
    """``report`` with what the DSB list knows exactly filled in, and every value filled.

    >>> from wertung.formats.dsb_report import ReportPlayer
    >>> import datetime as dt
    >>> r = Report("0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11", "Open", "SW", "90+30", 1,
    ...            dt.date(2026, 9, 1), dt.date(2026, 9, 1), "Ilmenau",
    ...            (ReportPlayer(1, "Muster", "Max", None), ReportPlayer(2, "Weiß", "Anna", 2001)), ())
    >>> known = ListMatch("name+club", exact=True, birth_year=1990, pkz="NU1",
    ...                   membership=ListMembership("Z0101", "0012", "SK Musterstadt"))
    >>> fixed, filled = fix_from_dsb_list(r, lambda ps: [known, None])
    >>> fixed.players[0].birth_year, fixed.players[0].member_number, [f.field for f in filled]
    (1990, 12, ['birth_year', 'dsb_id', 'zps', 'member_number', 'club'])
    """
    players = tuple(report.players)
    answers = list(lookup(players))
    if len(answers) != len(players):
        raise InvalidInput(
            f"the DSB list lookup answered {len(answers)} times for {len(players)} players",
            code="check.lookup.count",
            params={"n": len(answers), "m": len(players)},
            field="dsb_list",
        )
    out: list[ReportPlayer] = []
    filled: list[Filled] = []
    for player, match in zip(players, answers, strict=True):
        if not isinstance(match, ListMatch) or not match.exact or is_computer(player):
            out.append(player)
            continue
        values = _values(player, match)
        out.append(replace(player, **values) if values else player)  # type: ignore[arg-type]
        filled += [Filled(as_int(player.number), name_of(player), k, v) for k, v in values.items()]
    return replace(report, players=tuple(out)), tuple(filled)

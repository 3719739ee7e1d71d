"""The schema's own rules (DSB XML 2.5.1): required fields, value ranges and types.

Each field is checked as the schema would: what the schema requires and lacks, a value
outside its range or of the wrong type, an optional element present but empty (the
schema allows no empty elements). The writer never writes these, but a report read from
someone else's file or built by hand can hold them.
"""

from __future__ import annotations

import datetime as dt
import re

from wertung.formats.dsb_report import POINTS, TOURNAMENT_TYPES, Report, ReportHeader, ReportPlayer
from wertung.submission._context import (
    COMPUTER,
    Context,
    as_date,
    as_int,
    is_computer,
    shown,
)

__all__ = ["check_fields", "check_player_fields", "points_known"]

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_VKZ = re.compile(r"[A-Za-z0-9]{5}")
#: Oldest plausible birth year; 1900 itself is what some programs write for "unknown".
_OLDEST = 1900


def _blank(value: object) -> bool:
    return not isinstance(value, str) or not value.strip()


def _empty_optional(ctx: Context, element: str, value: object, **where: object) -> None:
    """An optional element: absent (None) is fine, present it must be a non-empty text."""
    if value is None:
        return
    if not isinstance(value, str):
        ctx.error(
            "check.field.invalid", {"element": shown(element), "value": shown(value)}, **where
        )
    elif not value.strip():
        ctx.error("check.field.empty", {"element": shown(element)}, **where)


def check_fields(ctx: Context) -> None:
    """The tournament's fields, the header, and the minimum numbers of players and games."""
    report: Report = ctx.report
    uuid = report.tournament_uuid
    if not isinstance(uuid, str) or not _UUID.fullmatch(uuid):
        ctx.error("check.uuid.invalid", {"element": shown("tournamentUUID"), "value": shown(uuid)})
    if _blank(report.label):
        ctx.error("check.label.missing")
    if report.tournament_type not in TOURNAMENT_TYPES:
        ctx.error("check.type.invalid", {"value": shown(report.tournament_type)})
    if _blank(report.time_control):
        ctx.error("check.time_control.missing")
    if ctx.rounds is None or not 1 <= ctx.rounds <= 999:
        ctx.error("check.rounds.range", {"value": shown(report.rounds)})
    for element, value, code in (
        ("startDate", report.start_date, "check.start_date.missing"),
        ("endDate", report.end_date, "check.end_date.missing"),
    ):
        if value is None:
            ctx.error(code)
        elif as_date(value) is None:
            ctx.error("check.field.invalid", {"element": shown(element), "value": shown(value)})
    if ctx.start is not None and ctx.end is not None and ctx.start > ctx.end:
        ctx.error("check.dates.order", {"start": ctx.start.isoformat(), "end": ctx.end.isoformat()})
    if _blank(report.location):
        ctx.error("check.location.missing")
    for element, text in (
        ("url", report.url),
        ("notes", report.notes),
        ("ageClass", report.age_class),
    ):
        _empty_optional(ctx, element, text)
    _header(ctx, report.header)
    if len(ctx.players) < 2:
        ctx.error("check.players.too_few", {"n": len(ctx.players)})
    if not ctx.games:
        ctx.error("check.games.none")


def _header(ctx: Context, header: object) -> None:
    if header is None:
        return
    if not isinstance(header, ReportHeader):
        ctx.error("check.field.invalid", {"element": shown("header"), "value": shown(header)})
        return
    for element, value in (("sender", header.sender), ("system", header.system)):
        if value is None or _blank(value):
            ctx.error("check.header.incomplete", {"element": shown(element)})
    if not isinstance(header.file_uuid, str) or not _UUID.fullmatch(header.file_uuid):
        ctx.error(
            "check.uuid.invalid", {"element": shown("fileUUID"), "value": shown(header.file_uuid)}
        )
    if not isinstance(header.creation_date, dt.datetime):
        ctx.error("check.field.invalid",
                  {"element": shown("creationDate"), "value": shown(header.creation_date)})  # fmt: skip


def check_player_fields(ctx: Context) -> None:
    """Each player's fields: number, names, birth data, club codes, FIDE data, sex."""
    end_year = ctx.end.year if ctx.end is not None else ctx.today.year
    for p in ctx.players:
        number = as_int(p.number)
        if number is None or not 1 <= number <= 999999:
            ctx.error("check.player.number_range", {"value": shown(p.number)}, player=p)
        computer = is_computer(p)
        if computer and not (p.surname == COMPUTER and p.forename == COMPUTER):
            ctx.error("check.computer.half_marked", player=p)
        if _blank(p.surname):
            ctx.error("check.player.surname_missing", player=p)
        if _blank(p.forename):
            ctx.error("check.player.forename_missing", player=p)
        _birth(ctx, p, end_year)
        _empty_optional(ctx, "dsbId", p.dsb_id, player=p)
        _empty_optional(ctx, "club", p.club, player=p)
        if p.zps is not None and not (isinstance(p.zps, str) and _VKZ.fullmatch(p.zps)):
            ctx.error("check.zps.format", {"value": shown(p.zps)}, player=p)
        member = p.member_number
        if member is not None and not (as_int(member) is not None and 1 <= member <= 99999):
            ctx.error("check.member_number.range", {"value": shown(member)}, player=p)
        fide_id = p.fide_id
        if fide_id is not None and not (
            as_int(fide_id) is not None and 1 <= fide_id <= 99999999999999
        ):
            ctx.error("check.fide_id.range", {"value": shown(fide_id)}, player=p)
        rating = p.fide_rating
        if rating is not None and not (as_int(rating) is not None and 1 <= rating <= 5000):
            ctx.error("check.fide_rating.range", {"value": shown(rating)}, player=p)
        if p.sex is not None and p.sex not in ("m", "w"):
            ctx.error("check.sex.invalid", {"value": shown(p.sex)}, player=p)


def _birth(ctx: Context, p: ReportPlayer, end_year: int) -> None:
    """The birth year's type and plausibility, and the birth date against it (the missing
    year is the people checks' business: the DSB list may know it)."""
    year = p.birth_year
    if year is None:
        return
    if as_int(year) is None:
        ctx.error(
            "check.field.invalid", {"element": shown("dobYear"), "value": shown(year)}, player=p
        )
        return
    if year > end_year:
        ctx.error("check.birth_year.future", {"year": year, "end": end_year}, player=p)
    elif year <= _OLDEST:
        ctx.warning("check.birth_year.old", {"year": year}, player=p)
    born = p.birth_date
    if born is None:
        return
    if as_date(born) is None:
        ctx.error(
            "check.field.invalid", {"element": shown("dobDate"), "value": shown(born)}, player=p
        )
    elif born.year != year:
        ctx.error("check.birth_date.year", {"date": born.isoformat(), "year": year}, player=p)


def points_known(value: object) -> bool:
    """A score the schema accepts (``1 0.5 0 + -``)."""
    return isinstance(value, str) and value in POINTS

"""``check(report)``: every check, in order; errors first in the result."""

from __future__ import annotations

import datetime as dt
from typing import Any

from wertung.formats.dsb_report import Report
from wertung.kernel.errors import InvalidInput
from wertung.submission._context import Context
from wertung.submission._fields import check_fields, check_player_fields
from wertung.submission._games import check_games
from wertung.submission._lookup import DsbLookup
from wertung.submission._people import check_people
from wertung.submission._result import ERROR, CheckResult, message
from wertung.submission._timing import DEADLINE, Deadline, check_event

__all__ = ["check"]


def check(
    report: Report,
    *,
    tournament: Any = None,
    dsb_list: DsbLookup | None = None,
    today: dt.date | None = None,
    deadline: Deadline = DEADLINE,
) -> CheckResult:
    """What the DSB would refuse in ``report``, and what is worth a look (SPEC §10).

    ``tournament``: the :class:`~wertung.tournament.Tournament` the report was made from
    (its time control as the evaluation reads it, its players' membership, what the source
    does not account for). ``dsb_list``: a :data:`~wertung.submission.DsbLookup`; without
    it birth years and memberships are not compared with the list (the result is then not
    ``complete``). ``today``: the date the deadline counts to (default: today).

    Never raises on a report's content: every defect is a :class:`Problem`.
    """
    if not isinstance(report, Report):
        raise InvalidInput(
            "the pre-submission check needs a DSB report", code="check.not_a_report", field="report"
        )
    ctx = Context(report, tournament, today or dt.date.today())
    not_checked = []
    if dsb_list is not None:
        answers = list(dsb_list(ctx.players))
        if len(answers) != len(ctx.players):
            raise InvalidInput(
                f"the DSB list lookup answered {len(answers)} times for {len(ctx.players)} players",
                code="check.lookup.count",
                params={"n": len(answers), "m": len(ctx.players)},
                field="dsb_list",
            )
        ctx.matches = answers
    else:
        not_checked.append(message("check.not_checked.dsb_list"))
    check_fields(ctx)
    check_player_fields(ctx)
    check_people(ctx)
    check_games(ctx)
    if (
        not check_event(ctx, deadline)
        and isinstance(report.time_control, str)
        and report.time_control.strip()
    ):
        not_checked.append(message("check.not_checked.time_control"))
    problems = sorted(ctx.problems, key=lambda p: p.severity != ERROR)  # stable: errors first
    return CheckResult(tuple(problems), complete=not not_checked, not_checked=tuple(not_checked))

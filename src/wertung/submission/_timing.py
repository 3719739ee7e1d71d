"""The event as a whole: its time control (SPEC §4), the deadline, what the source lacks.

The time control is decided where the evaluation decides it,
:mod:`wertung.dwz._time_control_rule` (the tournament's own control when the report was
made from one: the user's ``--time-control``, the source's periods, its text; else the
report's ``timecontrol`` text, with its ``ageClass`` and the name's age class).

The deadline is the DSB's Wertungsordnung 6.2 ("Einreichungs- und Auswertungsfristen"),
which the SPEC does not state (:data:`DEADLINE`): documents that reach the rating officer later than six
weeks after the event's end have no claim to an evaluation; in special cases it may be
processed within a year of the end. Both are warnings (the rating officer decides).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from wertung.dwz._time_control_rule import TimeControlCheck, check_tournament
from wertung.dwz._time_control_rule import check as rule_check
from wertung.kernel.errors import WertungError
from wertung.kernel.time_control import BLITZ, RAPID, classify
from wertung.submission._context import Context

__all__ = ["DEADLINE", "Deadline", "check_event"]


@dataclass(frozen=True, slots=True)
class Deadline:
    """The rating office's deadlines after an event's last round, and where they stand."""

    #: Documents later than this have no claim to an evaluation.
    weeks: int = 6
    #: Later than this, only in special cases (and not at all after it).
    days_at_most: int = 365
    source: str = "DSB Wertungsordnung 6.2, Einreichungs- und Auswertungsfristen (schachbund.de)"
    #: When the text was read (the WO may change).
    read: dt.date = dt.date(2026, 12, 2)


DEADLINE = Deadline()


def check_event(ctx: Context, deadline: Deadline = DEADLINE) -> bool:
    """The time control, the dates against today, the source's completeness; True when the
    time control could be checked.

    A time control below the DWZ's minimum is ``check.time_control.not_rated``; one that
    FIDE calls rapid or blitz (or the source labels so) is ``check.time_control.rapid_blitz``.
    """
    checked = _time_control(ctx)
    _today(ctx, deadline)
    tournament = ctx.tournament
    if tournament is not None:
        from wertung.catalogue import message_for

        for reason in getattr(tournament, "incomplete", ()):
            ctx.error("check.source.incomplete", {"reason": message_for(str(reason))})
        if getattr(tournament, "rated_for_dwz", True) is False:
            ctx.warning("check.source.not_dwz_rated")
    return checked


def _time_control(ctx: Context) -> bool:
    from wertung.catalogue import message_for

    report = ctx.report
    text = report.time_control if isinstance(report.time_control, str) else None
    given = (
        getattr(ctx.tournament, "time_control_given", None) if ctx.tournament is not None else None
    )
    if not (text and text.strip()) and not given:
        return False  # missing: an error of the fields already
    try:
        if ctx.tournament is not None:
            decision = check_tournament(ctx.tournament)
            if decision.rule == "missing" and text:
                decision = _from_text(ctx, text)
        else:
            decision = _from_text(ctx, text or "")
    except WertungError:  # pragma: no cover - the rule reads any text
        return False
    reason = message_for(decision.reason)
    if decision.rated is None:
        ctx.warning("check.time_control.unchecked", {"reason": reason})
        return False
    if decision.rated is False:
        code = (
            "check.time_control.rapid_blitz"
            if decision.rule == "kind" or decision.kind in (RAPID, BLITZ)
            else "check.time_control.not_rated"
        )
        ctx.error(code, {"reason": reason})
    return True


def _from_text(ctx: Context, text: str) -> TimeControlCheck:
    report = ctx.report
    age = (
        report.age_class if isinstance(report.age_class, str) and report.age_class.strip() else None
    )
    name = report.label if isinstance(report.label, str) else None
    return rule_check(classify(text[:300]), age_class=age, name=name)


def _today(ctx: Context, deadline: Deadline) -> None:
    end = ctx.end
    if end is None:
        return
    today = ctx.today
    if end > today:
        ctx.warning("check.end_date.future", {"end": end.isoformat(), "today": today.isoformat()})
    elif (today - end).days > deadline.days_at_most:
        ctx.warning("check.deadline.year", {"end": end.isoformat()})
    elif (today - end).days > 7 * deadline.weeks:
        ctx.warning("check.deadline.passed", {"end": end.isoformat(), "weeks": deadline.weeks})

"""The export gate: a file with errors is not written, unless forced, and then it says so.

The writer calls :func:`gate` before it writes: without errors the report passes as it is;
with errors :class:`SubmissionRefused` is raised (nothing is written) unless ``force``,
and a forced file's ``notes`` begin with a line that names every error, so the rating
officer sees at once what he receives.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from wertung.catalogue import Message
from wertung.formats.dsb_report import Report
from wertung.kernel.errors import InvalidInput
from wertung.submission._check import check
from wertung.submission._lookup import DsbLookup
from wertung.submission._result import CheckResult, Problem, _render

__all__ = ["SubmissionRefused", "forced_note", "gate"]


class SubmissionRefused(InvalidInput):
    """The pre-submission check found errors; ``result`` has them (nothing was written)."""

    def __init__(self, message: str, *, result: CheckResult, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.result = result


def _where(problem: Problem, lang: str) -> str:
    parts = []
    if problem.player is not None:
        parts.append(_render(Message("place.player_hash", {"n": problem.player}), lang))
    if problem.round is not None:
        parts.append(_render(Message("place.round", {"n": problem.round}), lang))
    return f"{problem.code} ({', '.join(parts)})" if parts else problem.code


def forced_note(result: CheckResult, lang: str = "de") -> str:
    """The line a forced file's ``notes`` start with: that it was forced, and its errors.

    German by default: the file goes to the DSB's rating office.
    """
    errors = result.errors
    items = "; ".join(_where(p, lang) for p in errors)
    return _render(Message("check.forced", {"n": len(errors), "errors": items}), lang)


def gate(
    report: Report,
    *,
    force: bool = False,
    result: CheckResult | None = None,
    tournament: Any = None,
    dsb_list: DsbLookup | None = None,
    today: dt.date | None = None,
    lang: str = "de",
) -> tuple[Report, CheckResult]:
    """The report to write and the check's result (run here unless ``result`` is given).

    Errors and not ``force``: :class:`SubmissionRefused`. Errors and ``force``: the report
    with :func:`forced_note` (in ``lang``) as the first line of its ``notes``.
    """
    if result is None:
        result = check(report, tournament=tournament, dsb_list=dsb_list, today=today)
    errors = result.errors
    if not errors:
        return report, result
    if not force:
        raise SubmissionRefused(
            f"the pre-submission check found errors ({len(errors)}); nothing was written: correct "
            "them (wertung check lists them) or write the file anyway with --force",
            code="check.refused",
            params={"n": len(errors)},
            field="report",
            result=result,
        )
    line = forced_note(result, lang)
    notes = report.notes if isinstance(report.notes, str) and report.notes.strip() else None
    return replace(report, notes=f"{line}\n{notes}" if notes else line), result

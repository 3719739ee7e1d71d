"""The pre-submission check of a DSB XML 2.5 report (SPEC §10), and the export gate.

:func:`check` finds what the DSB's rating portal refuses (``error``) and what is worth a
look (``warning``) in a :class:`~wertung.formats.dsb_report.Report`: the schema's own
rules (required fields, value ranges and types) and what the schema misses: duplicate
start numbers, games naming unknown players, a result above 1 point, a round above
``rounds``, the same pairing twice in a round robin, a player twice in one round, game
dates outside the event, birth years missing or against the DSB list, members without
PKZ or ZPS + member number, memberships the list does not show, a time control below
SPEC §4, rapid or blitz events, chess programs not marked, the rating office's deadline.
:func:`fix_from_dsb_list` fills what the list knows exactly; :func:`gate` is what the
writer calls before it writes.

Pure functions: the DSB list comes in as a lookup (:data:`DsbLookup`), today as a date.

>>> import datetime as dt
>>> from wertung.formats.dsb_report import Report, ReportGame, ReportPlayer
>>> report = Report(
...     tournament_uuid="0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11", label="Open", tournament_type="SW",
...     time_control="90 min + 30 s", rounds=1, start_date=dt.date(2026, 9, 1),
...     end_date=dt.date(2026, 9, 1), location="Ilmenau",
...     players=(ReportPlayer(1, "Muster", "Max", 1990), ReportPlayer(2, "Weiß", "Anna", None)),
...     games=(ReportGame(1, 1, 2, "1", "1"),))
>>> result = check(report, today=dt.date(2026, 9, 2))
>>> [(p.severity, p.code, p.player, p.round) for p in result.problems]
[('error', 'check.birth_year.missing', 2, None), ('error', 'check.game.points_sum', 1, 1)]
>>> result.problems[1].text("de")
'Ergebnis 1:1 ergibt 2 Punkte; Weiß und Schwarz zusammen dürfen höchstens 1 Punkt haben: bitte das Ergebnis korrigieren'
>>> result.exit_code, result.complete
(2, False)
"""

from __future__ import annotations

from wertung.submission._check import check
from wertung.submission._fix import fix_from_dsb_list
from wertung.submission._gate import SubmissionRefused, forced_note, gate
from wertung.submission._lookup import DsbLookup, ListMatch, ListMembership
from wertung.submission._result import ERROR, WARNING, CheckResult, Filled, Problem, Severity
from wertung.submission._timing import DEADLINE, Deadline

__all__ = [
    "DEADLINE",
    "ERROR",
    "WARNING",
    "CheckResult",
    "Deadline",
    "DsbLookup",
    "Filled",
    "ListMatch",
    "ListMembership",
    "Problem",
    "Severity",
    "SubmissionRefused",
    "check",
    "fix_from_dsb_list",
    "forced_note",
    "gate",
]

"""``wertung tournament SOURCE --dsb-xml FILE``: the report to the DSB's rating portal.

One call site, :func:`export_dsb_xml`: the tournament → the report (formats/dsb_map) →
the pre-submission check's gate → the file (formats/dsb_xml). The options fill what the
source lacks (``--location``, ``--start-date``, ``--time-control``, ``--sender``) or fix
what wertung cannot know (``--uuid`` of an earlier submission, ``--tournament-type`` for
a cup or a hybrid event); nothing is invented.
"""

# No ``from __future__ import annotations``: see ``wertung.cli``.

import sys
from pathlib import Path
from typing import Any

from wertung.cli._common import console, err_console, fail, run
from wertung.cli._lang import verbatim
from wertung.cli._text import safe


def export_dsb_xml(
    tournament: Any,
    path: str,
    *,
    uuid: str | None = None,
    location: str | None = None,
    start_date: str | None = None,
    sender: str | None = None,
    tournament_type: str | None = None,
    dsb_entries: dict[str, Any] | None = None,
    dsb_list: bool = False,
    force: bool = False,
) -> None:
    """Write ``tournament`` as DSB XML 2.5 to ``path`` (``-``: standard output).

    ``dsb_entries``: the DSB list's row of each player matched exactly (player id →
    row), which fills birth years, PKZ and club data the source lacks. The
    pre-submission check runs first (against the DSB list with ``dsb_list``): with errors
    nothing is written (exit code 2) unless ``force``, and then the file's ``notes``
    begin with the line that says so.
    """
    from wertung.formats import dsb_map, dsb_xml
    from wertung.tournament._model import parse_date

    begin = run(lambda: parse_date(start_date, field="start_date")) if start_date else None
    lookup = (lambda p: dsb_entries.get(p.id)) if dsb_entries else None
    report = run(
        lambda: dsb_map.report_from_tournament(
            tournament, uuid=uuid, location=location, start_date=begin, sender=sender,
            tournament_type=tournament_type, dsb_list=lookup,
        )
    )  # fmt: skip
    to_stdout = path == "-"
    out = err_console if to_stdout else console
    report = _gate(report, tournament, dsb_list=dsb_list, force=force, out=out)
    data = dsb_xml.write(report)
    for note in report.made_notes:
        out.print(safe(verbatim(note)), highlight=False, soft_wrap=True)
    if to_stdout:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        Path(path).write_bytes(data)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")
    written = (
        f"wrote {path}: {len(report.players)} players, {len(report.games)} games "
        f"(tournamentUUID {report.tournament_uuid})"
    )
    out.print(safe(verbatim(written)), highlight=False, soft_wrap=True)


def _gate(report: Any, tournament: Any, *, dsb_list: bool, force: bool, out: Any) -> Any:
    """The pre-submission check's gate: the report to write, or exit code 2 with its
    problems (errors and warnings are shown either way, on ``out``)."""
    from wertung.cli._check import render
    from wertung.cli._lang import current
    from wertung.submission import SubmissionRefused, gate

    lookup = None
    if dsb_list:
        from wertung.sources.dsb_lookup import store_lookup

        found = store_lookup()
        lookup = lambda players: run(lambda: found(players))  # noqa: E731
    try:
        checked, result = gate(report, tournament=tournament, dsb_list=lookup, force=force)
    except SubmissionRefused as exc:
        render(err_console, report, exc.result)
        fail(exc)
    if result.problems:
        render(out, report, result)
    if result.errors:  # forced: the note heads the file's notes, in the DSB's language
        from wertung.submission import forced_note

        if current() != "de":
            out.print(safe(forced_note(result, "en")), highlight=False, soft_wrap=True)
    return checked

"""``wertung check SOURCE``: what the DSB's rating portal would refuse, before it is sent.

The source becomes the report the export would write (a DSB XML file is read as it is,
every other source through :func:`wertung.formats.dsb_map.report_from_tournament` with the
same options as ``wertung tournament --dsb-xml``), and :func:`wertung.submission.check`
lists its problems. Exit code 0 clean, 1 warnings only, 2 errors (and 2 for a source that
cannot be read, as everywhere). ``--json``: ``{"problems": [{"severity", "code",
"player", "name", "round", "text"}], "complete", "not_checked"}`` (and ``filled`` with
``--fix-from-dsb-list``).
"""

# No ``from __future__ import annotations``: typer then reads the annotations as they are
# instead of evaluating their text on every start (see ``wertung.cli``).

from typing import Annotated, Any

import typer

from wertung.cli._common import app, console, fail, print_json, progress, run
from wertung.cli._lang import current, say, set_current
from wertung.cli._text import safe
from wertung.cli._typer_words import Command


@app.command(cls=Command)
def check(
    sources: Annotated[
        list[str],
        typer.Argument(
            help="A DSB XML file, or any source wertung reads (chess-results link or number, "
            ".json/.trf/.xlsx/.SWT/Swiss-Manager file, saved .html pages)."
        ),
    ],
    dsb_list: Annotated[
        bool,
        typer.Option(
            "--dsb-list", help="Compare birth years and memberships with the DSB list in the store."
        ),
    ] = False,
    fix_from_dsb_list: Annotated[
        bool,
        typer.Option(
            "--fix-from-dsb-list",
            help="Fill missing birth years, PKZ and club data from the DSB list where the match "
            "is exact, list every value filled, then check.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The problems as JSON.")] = False,
    lang: Annotated[str | None, typer.Option(help="Language of the problems: en or de.")] = None,
    location: Annotated[
        str | None,
        typer.Option(help="The venue (for a league the region), if the source lacks it."),
    ] = None,
    time_control: Annotated[
        str | None,
        typer.Option(
            "--time-control",
            help="The time control, if the source lacks it or misstates it: 90+30 (minutes + "
            "seconds per move), 40/90+30, 30+30.",
        ),
    ] = None,
    start_date: Annotated[
        str | None,
        typer.Option(
            "--start-date",
            help="The day the first game was played (YYYY-MM-DD), if the source lacks it.",
        ),
    ] = None,
    end_date: Annotated[
        str | None,
        typer.Option("--date", help="The day the last game was played, if the source lacks it."),
    ] = None,
    age_class: Annotated[
        str | None,
        typer.Option(
            "--age-class", help="The event's age class (U12 lowers the time-control thresholds)."
        ),
    ] = None,
    uuid: Annotated[
        str | None,
        typer.Option(help="The tournamentUUID of an earlier submission (as for --dsb-xml)."),
    ] = None,
    tournament_type: Annotated[
        str | None,
        typer.Option(
            "--tournament-type",
            help="SR, SW, SC, TR, TW or TC (-H for hybrid), if it is not what the pairings show.",
        ),
    ] = None,
) -> None:
    """Check a tournament before it is sent to the DSB's rating portal.

    Lists what the DSB refuses (errors) and what is worth a look (warnings), each with the player and round, and what to do. Exit code 0 without problems, 1 with warnings only, 2 with errors.
    """
    from wertung import submission

    if lang is not None:
        if lang not in ("en", "de"):
            fail(f"--lang {lang!r}: use en or de")
        set_current(lang)
    report, tournament = _report(
        sources, as_json, location=location, time_control=time_control, start_date=start_date,
        end_date=end_date, age_class=age_class, uuid=uuid, tournament_type=tournament_type,
    )  # fmt: skip
    lookup = None
    filled: tuple[Any, ...] = ()
    if dsb_list or fix_from_dsb_list:
        from wertung.sources.dsb_lookup import store_lookup

        lookup = _answered(store_lookup())
        if fix_from_dsb_list:
            report, filled = run(lambda: submission.fix_from_dsb_list(report, lookup))
    result = run(lambda: submission.check(report, tournament=tournament, dsb_list=lookup))
    language = current()
    if as_json:
        data = result.to_dict(language)
        if fix_from_dsb_list:
            data["filled"] = [f.to_dict(language) for f in filled]
        print_json(data)
    else:
        render(console, report, result, filled if fix_from_dsb_list else None)
    raise typer.Exit(result.exit_code)


def _answered(lookup: Any) -> Any:
    """``lookup`` whose errors (no list loaded) end the command with one clear line."""

    def ask(players: Any) -> Any:
        return run(lambda: lookup(players))

    return ask


def _report(sources: list[str], quiet: bool, **options: Any) -> tuple[Any, Any]:
    """The report to check and the tournament it stands for (None: the report alone)."""
    import dataclasses

    from wertung.importers import load_tournament
    from wertung.kernel.checks import parse_date

    given_end = (
        run(lambda: parse_date(options["end_date"], field="date")) if options["end_date"] else None
    )
    begin = (
        run(lambda: parse_date(options["start_date"], field="start_date"))
        if options["start_date"]
        else None
    )
    if len(sources) == 1 and _is_dsb_xml(sources[0]):
        return _xml_report(sources[0], begin, given_end, options)
    loaded = run(lambda: load_tournament(sources, progress=None if quiet else progress))
    if given_end is not None:
        loaded = dataclasses.replace(loaded, end_date=given_end)
    if options["time_control"] is not None or options["age_class"] is not None:
        from wertung.dwz._time_control_rule import with_given

        loaded = run(lambda: with_given(loaded, time_control=options["time_control"],
                                        age_class=options["age_class"]))  # fmt: skip
    from wertung.formats import dsb_map

    report = run(
        lambda: dsb_map.report_from_tournament(
            loaded, uuid=options["uuid"], location=options["location"], start_date=begin,
            tournament_type=options["tournament_type"],
        )
    )  # fmt: skip
    return report, loaded


def _is_dsb_xml(source: str) -> bool:
    from pathlib import Path

    from wertung.formats import dsb_xml

    path = Path(source)
    try:
        if not path.is_file():
            return False
        with path.open("rb") as handle:
            return dsb_xml.looks_like(handle.read(8192))
    except OSError:
        return False


def _xml_report(source: str, begin: Any, end: Any, options: dict[str, Any]) -> tuple[Any, Any]:
    """A DSB XML file as it is (the check is for what others would refuse in it), with the
    user's corrections; its tournament where one can be made of it (else the report alone)."""
    import dataclasses

    from wertung.formats import dsb_map, dsb_xml
    from wertung.kernel.errors import WertungError

    report = run(lambda: dsb_xml.read(source))
    changes: dict[str, Any] = {}
    if options["location"] is not None:
        changes["location"] = options["location"].strip() or None
    if begin is not None:
        changes["start_date"] = begin
    if end is not None:
        changes["end_date"] = end
    if options["time_control"] is not None:
        from wertung.dwz._time_control_rule import given_time_control

        changes["time_control"] = run(lambda: given_time_control(options["time_control"]))
    if options["age_class"] is not None:
        from wertung.dwz._time_control_rule import given_age_class

        changes["age_class"] = run(lambda: given_age_class(options["age_class"]))
    if options["uuid"] is not None:
        changes["tournament_uuid"] = run(lambda: dsb_map.parse_uuid(options["uuid"]))
    if options["tournament_type"] is not None:
        changes["tournament_type"] = options["tournament_type"].strip().upper()
    report = dataclasses.replace(report, **changes) if changes else report
    try:
        tournament = dsb_xml.tournament_from_report(report)
    except WertungError:  # duplicate numbers, unknown players: the check names them
        tournament = None
    return report, tournament


# -- the rendering ----------------------------------------------------------------------------


def render(out: Any, report: Any, result: Any, filled: Any = None) -> None:
    """The problems as a table (errors first), what the check left out, what it filled."""
    from wertung.catalogue import render as text_of
    from wertung.cli._output import new_table

    language = current()
    label = report.label if isinstance(report.label, str) and report.label.strip() else "–"
    counts = say("cli.check.counts", "errors: {errors}, warnings: {warnings}",
                 errors=len(result.errors), warnings=len(result.warnings))  # fmt: skip
    out.print(f"[bold]{safe(label)}[/] — {counts}", highlight=False)
    if filled is not None:
        if filled:
            out.print(say("cli.check.filled", "Filled from the DSB list:"), highlight=False)
            for item in filled:
                number = "–" if item.player is None else str(item.player)
                out.print(
                    f"  {number} {safe(item.name)}: {safe(item.text(language))}", highlight=False
                )
        else:
            out.print(
                say("cli.check.filled_none", "Nothing to fill from the DSB list."), highlight=False
            )
    for message in result.not_checked:
        out.print(
            f"[cyan]{say('cli.note', 'note:')}[/] {safe(text_of(message, language))}",
            highlight=False,
        )
    if result.problems:
        table = new_table()
        table.add_column(say("cli.check.col.severity", "kind"), no_wrap=True)
        table.add_column(say("cli.col.number", "No."), justify="right", no_wrap=True)
        table.add_column(say("tournament.name", "name"))
        table.add_column(say("cli.check.col.round", "round"), justify="right", no_wrap=True)
        table.add_column(say("cli.check.col.problem", "problem"))
        error, warning = say("cli.check.error", "error"), say("cli.check.warning", "warning")
        for p in result.problems:
            kind = f"[bold red]{error}[/]" if p.severity == "error" else f"[yellow]{warning}[/]"
            table.add_row(
                kind,
                "–" if p.player is None else str(p.player),
                safe(p.name or "–"),
                "–" if p.round is None else str(p.round),
                safe(p.text(language)),
            )
        out.print(table)
    if result.errors:
        out.print(
            f"[bold red]{say('cli.check.refused', 'With these errors the DSB refuses the file.')}[/]"
        )
    elif result.warnings:
        out.print(
            say(
                "cli.check.warnings_only",
                "Warnings only: the file can be submitted; have a look first.",
            )
        )
    else:
        out.print(say("cli.check.clean", "No problems: the file can be submitted."))

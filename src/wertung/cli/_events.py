"""Whole events: ``wertung tournament`` and ``wertung history``."""

# No ``from __future__ import annotations``: typer then reads the annotations as they are
# instead of evaluating their text on every start (see ``wertung.cli``).

import sys
from functools import partial
from typing import Annotated, Any

import typer

from wertung.cli import render, render_events
from wertung.cli._common import app, console, fail, print_json, progress, refuse_incomplete, run
from wertung.cli._lang import explicit, is_german, say, set_current, verbatim
from wertung.cli._text import safe
from wertung.cli._typer_words import Command


@app.command(cls=Command)
def tournament(
    sources: Annotated[
        list[str],
        typer.Argument(
            help="chess-results link or number, saved chess-results .html pages, or a file: .json, .trf (TRF16), .xlsx, Swiss-Chess .SWT, Swiss-Manager .TUNX/.TURX/.TUMX, DSB XML 2.5 or DeWIS .xml, the ELOBASE/DeWIS text file .swi."
        ),
    ],
    player: Annotated[
        str | None, typer.Option(help="Show this player's working (start number or name).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Evaluation as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Table as CSV.")] = False,
    as_trf: Annotated[bool, typer.Option("--trf", help="The tournament as TRF16.")] = False,
    export_json: Annotated[
        bool, typer.Option("--export", help="The imported tournament (input format) as JSON.")
    ] = False,
    dsb_xml: Annotated[
        str | None,
        typer.Option(
            "--dsb-xml",
            help="Write the tournament as DSB XML 2.5 to this file (- for standard output): "
            "the report to the DSB's rating portal.",
        ),
    ] = None,
    location: Annotated[
        str | None,
        typer.Option(
            help="With --dsb-xml: the venue (for a league the region), if the source lacks it."
        ),
    ] = None,
    start_date: Annotated[
        str | None,
        typer.Option(
            "--start-date",
            help="With --dsb-xml: the day the first game was played (YYYY-MM-DD), if the "
            "source lacks it.",
        ),
    ] = None,
    uuid: Annotated[
        str | None,
        typer.Option(
            help="With --dsb-xml: the tournamentUUID of an earlier submission (a correction "
            "must keep it; by default it is derived from the source)."
        ),
    ] = None,
    sender: Annotated[
        str | None,
        typer.Option(help="With --dsb-xml: who sends the file (a person or an organisation)."),
    ] = None,
    tournament_type: Annotated[
        str | None,
        typer.Option(
            "--tournament-type",
            help="With --dsb-xml: SR, SW, SC, TR, TW or TC (-H for hybrid), if it is not "
            "what the pairings show (a cup, a hybrid event).",
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="With --dsb-xml: write the file although the pre-submission check found errors "
            "(its notes then begin by saying so).",
        ),
    ] = False,
    dsb_list: Annotated[
        bool, typer.Option("--dsb-list", help="Fill DWZ, index, birth year from the DSB list.")
    ] = False,
    birth_years: Annotated[
        bool, typer.Option(help="chess-results: read each player's card for his birth year.")
    ] = False,
    method: Annotated[str, typer.Option(help="exact (default), table or swiss-chess.")] = "exact",
    exceptional: Annotated[
        str | None,
        typer.Option(
            help="Exceptional-player rule (WO 2014 3.6): on or off (default: the "
            "regulations' rule; off with --method swiss-chess, as Swiss-Chess)."
        ),
    ] = None,
    printed: Annotated[
        str | None,
        typer.Option(
            help="With --method swiss-chess: the date Swiss-Chess printed its evaluation "
            "(YYYY-MM-DD); its ages count from that year (default: the end date's)."
        ),
    ] = None,
    end_date: Annotated[
        str | None, typer.Option("--date", help="End date if the source lacks it.")
    ] = None,
    partial: Annotated[
        bool,
        typer.Option(
            "--partial",
            help="Evaluate even when the source does not account for every game "
            "(the result says complete: false and why).",
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(help="Language of messages and CSV conventions: en (,) or de (; and 1,5)."),
    ] = None,
    running: Annotated[
        bool,
        typer.Option(
            "--running",
            help="A running event: every forecast after the last complete round and the next "
            "round's pairings with the effect of a win, draw or loss.",
        ),
    ] = False,
    target: Annotated[
        int | None,
        typer.Option(help="With --running --player: the score needed in the remaining rounds."),
    ] = None,
    opponent: Annotated[
        int | None,
        typer.Option(help="With --target: the expected rating of the later opponents."),
    ] = None,
    teams: Annotated[
        bool,
        typer.Option(
            "--teams", help="Team event / league season: the view by team (standings, line-ups)."
        ),
    ] = False,
    time_control: Annotated[
        str | None,
        typer.Option(
            "--time-control",
            help="The time control, if the source lacks it or misstates it: 90+30 (minutes + "
            "seconds per move), 40/90+30, 30+30 (40 moves in 90 minutes, then 30 minutes).",
        ),
    ] = None,
    age_class: Annotated[
        str | None,
        typer.Option(
            "--age-class",
            help="The event's age class: U12 (or younger) lowers the time-control thresholds; "
            "open: none (whatever the source or the name says).",
        ),
    ] = None,
) -> None:
    """Evaluate every player of a tournament (DWZ and FIDE Elo).

    Stops with exit code 2 and the list of what is missing when the source does not account for every game, unless --partial is given.
    """
    import dataclasses

    from wertung import evaluate
    from wertung.importers import load_tournament
    from wertung.tournament._model import parse_date

    if lang is not None:
        if lang not in ("en", "de"):
            fail(f"--lang {lang!r}: use en or de")
        set_current(lang)
    quiet = as_json or as_csv or as_trf or export_json or dsb_xml is not None
    loaded = run(
        lambda: load_tournament(
            sources, progress=None if quiet else progress, birth_years=birth_years
        )
    )
    if end_date:
        loaded = dataclasses.replace(loaded, end_date=run(lambda: parse_date(end_date)))
    loaded = _given(loaded, time_control, age_class)
    matches = None
    list_notes: list[str] = []
    as_read = loaded
    if dsb_list:
        from wertung.sources import dsb_list as dsb

        enrichment = run(lambda: dsb.enrich(loaded))
        loaded, matches = enrichment.tournament, enrichment.matches
        list_notes = _list_notes(enrichment)
    if dsb_xml is not None:
        from wertung.cli._dsb_xml_export import export_dsb_xml

        # the source as read, the DSB list's rows beside it: the report names each value
        # the list filled
        exact = {m.player_id: m.entry for m in matches or () if m.entry is not None
                 and m.method.matched and m.method.value != "name"}  # fmt: skip
        return export_dsb_xml(
            as_read, dsb_xml, uuid=uuid, location=location, start_date=start_date,
            sender=sender, tournament_type=tournament_type, dsb_entries=exact,
            dsb_list=dsb_list, force=force,
        )  # fmt: skip
    if export_json:
        from wertung.formats import tournament_json

        sys.stdout.write(tournament_json.dumps(loaded) + "\n")
        return
    if as_trf:
        from wertung.formats import trf

        sys.stdout.write(trf.dumps(loaded))
        return
    if not loaded.complete and not partial and not (running and loaded.complete_until_played):
        # a running forecast needs only the rounds up to the last complete one
        refuse_incomplete(loaded.incomplete, running=loaded.complete_until_played)
    if target is not None and not (running and player):
        fail("--target needs --running and --player (the player whose score you plan)")
    if loaded.end_date is None and loaded.rated_for_dwz and _time_rated(loaded) is not False:
        fail(
            "the tournament's end date is missing (the source does not give it); it decides "
            "the regulations and the ages: give it with --date YYYY-MM-DD"
        )
    options = _evaluation_options(method, exceptional, printed)
    if running:
        if options:
            fail(
                "--exceptional and --printed do not apply to --running (a running event's forecast)"
            )
        return _running(loaded, method, player, target, opponent, as_json)
    result = run(lambda: evaluate(loaded, method=method, **options))
    if not result.complete and not partial:
        refuse_incomplete(result.incomplete)
    view = None
    if teams:
        if not loaded.teams:
            fail("--teams: this tournament has no teams (it is not a team event)")
        from wertung.tournament._league import team_view

        view = run(lambda: team_view(loaded, result))
    if as_json:
        data = result.to_dict()
        if view is not None:
            data["teams"] = view.to_dict()
        if matches is not None:
            data["dsb_list"] = {
                "matches": [m.to_dict() for m in matches],
                "notes": list_notes,
            }
        return print_json(data)
    if as_csv:
        from wertung.formats import results_csv

        language = lang or explicit() or "en"  # the CSV stays English unless asked
        sys.stdout.write(results_csv.to_csv(result, language=language, notes=list_notes))
        return
    if player:
        chosen = run(lambda: result.player(player))
        render_events.result_state(console, result, list_notes)
        render_events.tournament_player(console, result, chosen)
        return
    if view is not None:
        render_events.result_state(console, result, list_notes)
        render_events.league(console, view)
        return
    render_events.tournament(console, result, matches, list_notes)


def _evaluation_options(method: str, exceptional: str | None, printed: str | None) -> dict:
    """``--exceptional on|off`` and ``--printed`` as :func:`wertung.evaluate`'s arguments."""
    options: dict[str, Any] = {}
    if exceptional is not None:
        if exceptional not in ("on", "off"):
            fail(f"--exceptional {exceptional!r}: use on or off")
        options["exceptional_players"] = exceptional == "on"
    if printed is not None:
        if method != "swiss-chess":
            fail("--printed needs --method swiss-chess (the date Swiss-Chess printed it)")
        from wertung.tournament._model import parse_date

        options["printed"] = run(lambda: parse_date(printed, field="printed"))
    return options


def _running(
    loaded: Any,
    method: str,
    player: str | None,
    target: int | None,
    opponent: int | None,
    as_json: bool,
) -> None:
    """``--running``: the forecast after the last complete round and the next pairings."""
    from wertung.tournament._running import running_forecast

    forecast = run(lambda: running_forecast(loaded, method=method))
    need = None
    if player and target is not None:
        need = run(lambda: forecast.needed(player, target, remaining_opponent=opponent))
    if as_json:
        data = forecast.to_dict()
        if need is not None:
            data["need"] = need.to_dict()
        return print_json(data)
    if need is not None:  # the answer first (as the calculators and the web), its table last
        render.needed_answer(console, need.plan, "DWZ")
        for note in need.notes:
            console.print(f"  {safe(verbatim(note))}", highlight=False)
    render_events.running(console, forecast)
    if player:
        chosen = run(lambda: forecast.player(player))
        render_events.tournament_player(console, forecast.evaluation, chosen)
    if need is not None:
        render.needed_table(console, need.plan, "DWZ")


def _given(loaded: Any, time_control: str | None, age_class: str | None) -> Any:
    """The tournament with the user's ``--time-control`` and ``--age-class`` (checked)."""
    if time_control is None and age_class is None:
        return loaded
    from wertung.dwz._time_control_rule import with_given

    return run(lambda: with_given(loaded, time_control=time_control, age_class=age_class))


def _time_rated(loaded: Any) -> bool | None:
    """Whether the tournament's games are DWZ-rated by their time control (None: unknown)."""
    from wertung.dwz._time_control_rule import check_tournament

    return check_tournament(loaded).rated


def _by_source(values: list[str] | None, count: int, option: str) -> list[str | None]:
    """``--time-control``/``--age-class`` of ``history``: ``VALUE`` for every tournament,
    ``N=VALUE`` for the N-th source only (later ones win)."""
    out: list[str | None] = [None] * count
    for value in values or ():
        number, sep, rest = value.partition("=")
        if sep and number.strip().isdigit():
            position = int(number)
            if not 1 <= position <= count:
                fail(f"{option} {value!r}: there is no tournament {position} (1 to {count})")
            out[position - 1] = rest
        else:
            out = [value] * count
    return out


def _list_notes(enrichment: Any) -> list[str]:
    """One line per DSB-list matching outcome that needs the user's attention."""
    notes = []
    for match in enrichment.matches:
        method = getattr(match.method, "value", str(match.method))
        if method == "ambiguous":
            names = "; ".join(getattr(c, "name", str(c)) for c in match.candidates)
            notes.append(f"DSB list: {match.name}: several candidates ({names}); not used")
        for conflict in match.conflicts:
            notes.append(f"DSB list: {match.name}: {conflict}")
    return notes


@app.command(cls=Command)
def history(
    sources: Annotated[
        list[str],
        typer.Argument(help="Tournaments (links, numbers, .json/.trf/.xlsx files), any order."),
    ],
    player: Annotated[
        list[str] | None, typer.Option(help="Only this player's history (name; repeatable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The history as JSON.")] = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="One row per player and evaluation.")
    ] = False,
    dsb_list: Annotated[
        bool, typer.Option("--dsb-list", help="Fill in index, birth year from the DSB list.")
    ] = False,
    file_ratings: Annotated[
        bool, typer.Option(help="Use each file's own DWZ instead of the chained one.")
    ] = False,
    method: Annotated[str, typer.Option(help="exact (default), table or swiss-chess.")] = "exact",
    time_control: Annotated[
        list[str] | None,
        typer.Option(
            "--time-control",
            help="The time control of every tournament (90+30), or N=90+30 for the N-th "
            "source only (repeatable).",
        ),
    ] = None,
    age_class: Annotated[
        list[str] | None,
        typer.Option(
            "--age-class",
            help="The age class of every tournament (U12, open), or N=U12 for the N-th source "
            "only (repeatable).",
        ),
    ] = None,
    exceptional: Annotated[
        str | None,
        typer.Option(
            help="Exceptional-player rule (WO 2014 3.6): on or off (default: the "
            "regulations' rule; off with --method swiss-chess, as Swiss-Chess)."
        ),
    ] = None,
) -> None:
    """Several tournaments evaluated one after another, as the rating office does.

    Ordered by the last game's date, each player's DWZ carried from one evaluation to the next, the 2026 upgrade in between, carry-over games towards a first DWZ.
    """
    from wertung import history as chain
    from wertung.importers import load_tournament

    options = _evaluation_options(method, exceptional, None)
    quiet = as_json or as_csv
    loaded = []
    for source in sources:
        loaded.append(run(partial(load_tournament, source, progress=None if quiet else progress)))
    controls = _by_source(time_control, len(loaded), "--time-control")
    ages = _by_source(age_class, len(loaded), "--age-class")
    loaded = [_given(t, tc, age) for t, tc, age in zip(loaded, controls, ages, strict=True)]
    for t in loaded:
        if not t.complete:
            name = t.name or say("cli.a_tournament", "a tournament")
            reasons = [verbatim(r) for r in t.incomplete] if is_german() else t.incomplete
            refuse_incomplete([f"{name}: {r}" for r in reasons])
    result = run(
        lambda: chain(
            loaded,
            players=player or None,
            dsb_list=dsb_list or None,
            file_ratings=file_ratings,
            method=method,
            exceptional_players=options.get("exceptional_players"),
        )
    )
    if player and not result.players:
        fail("no player " + ", ".join(repr(p) for p in player) + " in these tournaments")
    if as_json:
        data = result.to_dict()
        return print_json(
            {
                "players": [
                    {
                        "name": p["name"],
                        "key": p["key"],
                        "birth_year": p["birth_year"],
                        "matched_by": p["matched_by"],
                        "history": p["rows"],
                    }
                    for p in data["players"]
                ],
                "ambiguous": data["ambiguous"],
                "tournaments": data["tournaments"],
                "rules": data["rules"],
            }
        )
    if as_csv:
        from wertung.formats import results_csv

        language = explicit() or "en"  # the CSV stays English unless asked
        sys.stdout.write(results_csv.history_to_csv(result, language=language))
        return
    render_events.history(console, result)

"""The ``wertung`` command line (typer + rich). It only renders derivations.

Every command prints a readable table of the working; ``--json`` prints the
library result with the same keys. A wrong argument gets one clear line naming
it and what is accepted, exit code 2, no traceback.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from ..core.errors import WertungError
from . import render
from ._text import safe

app = typer.Typer(
    name="wertung",
    help="DWZ and FIDE Elo calculator that shows its working.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


def fail(message: str) -> NoReturn:
    """One clear line on stderr, exit code 2."""
    err_console.print(f"[bold red]error:[/] {safe(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def describe(exc: WertungError) -> str:
    """The error's message, prefixed with where it happened unless it says so already."""
    where = ", ".join(f"{key} {value}" for key, value in exc.where.items())
    first = next(iter(exc.where), None)
    if where and first and not exc.message.startswith(f"{first} "):
        return f"{where}: {exc.message}"
    return exc.message


def _run(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except WertungError as exc:
        fail(describe(exc))


def _digits(text: str, *, longest: int = 6) -> int | None:
    """A whole number written in ASCII digits (at most ``longest`` of them), else None."""
    text = text.strip()
    if not text or len(text) > longest or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def _pair(text: str, what: str) -> tuple[int, str]:
    """``OPP:RES`` (``1650:½``, ``1650-12:1``, ``1600:+``) → (rating, result symbol).

    An opponent written as DWZ-index (``1650-12``, as on the DSB card) counts with his DWZ.
    """
    if ":" not in text:
        fail(f"{what} {text!r} must be OPPONENT:RESULT, e.g. 1650:½ (results 1 ½ 0.5 = 0 + -)")
    opponent, result = text.rsplit(":", 1)
    rating_text, dash, index_text = opponent.strip().partition("-")
    rating = _digits(rating_text)
    if rating is None or (dash and _digits(index_text, longest=4) is None):
        fail(
            f"{what} {text!r}: opponent rating {opponent.strip()!r} is not a whole number "
            "(or DWZ-index such as 1650-12)"
        )
    return rating, result.strip()


def _dwz_and_index(text: str, usage: str) -> tuple[int, int | None]:
    """``RATING`` or ``RATING-INDEX`` (``1500-5``) → (rating, index or None)."""
    rating_text, dash, index_text = text.partition("-")
    rating = _digits(rating_text)
    index = _digits(index_text, longest=4) if dash else None
    if rating is None or (dash and index is None):
        fail(f"{usage}; got {text!r}")
    return rating, index


def _finite(value: float | None, option: str) -> float | None:
    if value is not None and not math.isfinite(value):
        fail(f"{option} {value!r} is not a number")
    return value


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


@app.command()
def dwz(
    own: Annotated[
        str, typer.Argument(help="Own DWZ as RATING-INDEX (e.g. 1500-5), or - without DWZ.")
    ],
    games: Annotated[
        list[str] | None,
        typer.Argument(help="Games as OPPONENT:RESULT, e.g. 1650:½ 1400:1 1550:0 1700:+"),
    ] = None,
    age: Annotated[int | None, typer.Option(help="Age (else from --born).")] = None,
    born: Annotated[int | None, typer.Option(help="Year of birth.")] = None,
    date: Annotated[
        str | None, typer.Option(help="Tournament end date YYYY-MM-DD (default: today).")
    ] = None,
    carry: Annotated[
        list[str] | None, typer.Option(help="Carry-over game OPP:RES (repeatable).")
    ] = None,
    k: Annotated[float | None, typer.Option("--k", help="Development factor K override.")] = None,
    e: Annotated[
        int | None, typer.Option("--e", help="Development coefficient E override (WO 2014).")
    ] = None,
    unaffiliated: Annotated[
        bool, typer.Option(help="Not a DSB member: a first DWZ is conditional.")
    ] = False,
    method: Annotated[str, typer.Option(help="exact (default), table or swiss-chess.")] = "exact",
    remaining: Annotated[
        list[str] | None,
        typer.Option(
            help="Opponents still to play, OPP[,OPP…] (repeatable): with --target, the score "
            "you need in them."
        ),
    ] = None,
    target: Annotated[
        str | None, typer.Option(help="Target DWZ (or first DWZ) for --remaining.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """New DWZ after a tournament, or a first DWZ (own rating '-'), with the working.

    With --remaining (the opponents still to play) and --target: the score needed in
    the remaining games, and the table score → new DWZ.
    """
    from .. import dwz as dwz_api

    pairs = [_pair(g, "game") for g in games or []]
    carried = [_pair(c, "carry-over game") for c in carry or []]
    still = _remaining(remaining)
    goal = _rating_option(target, "--target")
    if still and goal is None and own.strip() not in ("-", "none", ""):
        fail("--remaining needs --target (the DWZ to reach)")
    if own.strip() in ("-", "none", ""):
        result = _run(
            lambda: dwz_api.first_dwz(
                pairs,
                carry_over=carried,
                age=age,
                birth_year=born,
                end_date=date,
                member=not unaffiliated,
                method=method,
            )
        )
        need = None
        if still or goal is not None:
            need = _run(
                lambda: dwz_api.needed_first(
                    pairs,
                    still,
                    goal,
                    carry_over=carried,
                    age=age,
                    birth_year=born,
                    end_date=date,
                    member=not unaffiliated,
                    method=method,
                )
            )
        if as_json:
            data = result.to_dict()
            if need is not None:
                data["need"] = _need_json(need, still)
            return _print_json(data)
        render.first_dwz(console, result)
        if need is not None:
            render.needed(console, need, "first DWZ")
        return
    if carried:
        fail("--carry is only for players without DWZ (own rating '-')")
    rating, index = _dwz_and_index(
        own, "own DWZ must be RATING-INDEX (e.g. 1500-5), RATING, or - without DWZ"
    )
    _finite(k, "--k")
    result = _run(
        lambda: dwz_api.forecast(
            rating,
            index,
            pairs,
            age=age,
            birth_year=born,
            end_date=date,
            development_factor=k,
            development_coefficient=e,
            method=method,
        )
    )
    unknown = None
    if index is None and k is None and e is None:
        unknown = _run(
            lambda: dwz_api.index_range(
                rating, pairs, age=age, birth_year=born, end_date=date, method=method
            )
        )
    need = None
    if still:
        need = _run(
            lambda: dwz_api.needed(
                rating, index, pairs, still, goal, age=age, birth_year=born, end_date=date,
                development_factor=k, development_coefficient=e, method=method,
            )
        )
    if as_json:
        data = result.to_dict()
        if unknown is not None:
            data["index_range"] = unknown.to_dict()
        if need is not None:
            data["need"] = _need_json(need, still)
        return _print_json(data)
    render.forecast(console, result, unknown)
    if need is not None:
        render.needed(console, need, "DWZ")


def _remaining(values: list[str] | None) -> list[int]:
    """``--remaining 1650,1700 --remaining 1600`` → the opponents' ratings."""
    out = []
    for value in values or []:
        for part in value.split(","):
            if not part.strip():
                continue
            rating_text, dash, index_text = part.strip().partition("-")
            rating = _digits(rating_text)
            if rating is None or (dash and _digits(index_text, longest=4) is None):
                fail(f"--remaining {value!r}: {part.strip()!r} is not a rating (e.g. 1650)")
            out.append(rating)
    return out


def _rating_option(value: str | None, option: str) -> int | None:
    if value is None:
        return None
    rating = _digits(value)
    if rating is None:
        fail(f"{option} {value!r} is not a rating (a whole number, e.g. 2000)")
    return rating


def _need_json(need: Any, still: list[int]) -> dict[str, Any]:
    data = need.to_dict()
    return {
        "target": data["target"],
        "remaining": still,
        "points": data["points"],
        "new_rating": data["new_rating"],
        "reached_already": data["reached_already"],
        "table": data["table"],
    }


@app.command()
def elo(
    rating: Annotated[int, typer.Argument(help="Own FIDE rating (0 without one).")],
    games: Annotated[
        list[str] | None, typer.Argument(help="Games as OPPONENT:RESULT, e.g. 2200:½")
    ] = None,
    games_played: Annotated[
        int | None, typer.Option("--games", help="FIDE-rated games played so far.")
    ] = None,
    born: Annotated[int | None, typer.Option(help="Year of birth.")] = None,
    peak: Annotated[int | None, typer.Option(help="Highest published rating ever.")] = None,
    k: Annotated[int | None, typer.Option("--k", help="K-factor override.")] = None,
    date: Annotated[str | None, typer.Option(help="Date of the games (default today).")] = None,
    remaining: Annotated[
        list[str] | None,
        typer.Option(help="Opponents still to play, OPP[,OPP…]: with --target, the score needed."),
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target rating for --remaining.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """FIDE rating change (or first FIDE rating with RATING 0), with the working."""
    from .. import fide

    pairs = [_pair(g, "game") for g in games or []]
    still = _remaining(remaining)
    goal = _rating_option(target, "--target")
    if still and goal is None:
        fail("--remaining needs --target (the rating to reach)")
    if rating == 0:
        result = _run(lambda: fide.initial_rating(pairs, date=date))
        return _print_json(result.to_dict()) if as_json else render.initial_elo(console, result)
    result = _run(
        lambda: fide.rating_change(
            rating,
            pairs,
            k=k,
            games_played=games_played,
            birth_year=born,
            peak_rating=peak,
            date=date,
        )
    )
    need = None
    if still:
        need = _run(
            lambda: fide.needed(
                rating, pairs, still, goal, k=k, games_played=games_played, birth_year=born,
                peak_rating=peak, date=date,
            )
        )
    if as_json:
        data = result.to_dict()
        if need is not None:
            data["need"] = _need_json(need, still)
        return _print_json(data)
    render.elo(console, result)
    if need is not None:
        render.needed(console, need, "rating")


@app.command()
def upgrade(
    own: Annotated[str, typer.Argument(help="DWZ before 2026-06-08 as RATING or RATING-INDEX.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """The one-time DWZ upgrade of 2026-06-08."""
    from .. import dwz as dwz_api

    rating, index = _dwz_and_index(own, "DWZ must be RATING or RATING-INDEX, e.g. 1600 or 1600-12")
    result = _run(lambda: dwz_api.upgrade(rating, index))
    if as_json:
        return _print_json(result.to_dict())
    render.upgrade(console, result)


@app.command()
def tournament(
    sources: Annotated[
        list[str],
        typer.Argument(
            help="chess-results link or number, a .json/.trf/.xlsx file, or saved .html pages."
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
    dsb_list: Annotated[
        bool, typer.Option("--dsb-list", help="Fill DWZ, index, birth year from the DSB list.")
    ] = False,
    birth_years: Annotated[
        bool, typer.Option(help="chess-results: read each player's card for his birth year.")
    ] = False,
    method: Annotated[str, typer.Option(help="exact (default), table or swiss-chess.")] = "exact",
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
    lang: Annotated[str, typer.Option(help="CSV conventions: en (,) or de (; and 1,5).")] = "en",
) -> None:
    """Evaluate every player of a tournament (DWZ and FIDE Elo).

    Stops with exit code 2 and the list of what is missing when the source does not
    account for every game, unless --partial is given.
    """
    import dataclasses

    from .. import evaluate
    from ..core.model import parse_date
    from ..importers import load_tournament

    def progress(message: str) -> None:
        err_console.print(f"[dim]… {safe(message)}[/]", highlight=False)

    quiet = as_json or as_csv or as_trf or export_json
    loaded = _run(
        lambda: load_tournament(
            sources, progress=None if quiet else progress, birth_years=birth_years
        )
    )
    if end_date:
        loaded = dataclasses.replace(loaded, end_date=_run(lambda: parse_date(end_date)))
    matches = None
    list_notes: list[str] = []
    if dsb_list:
        from ..sources import dsb_list as dsb

        enrichment = _run(lambda: dsb.enrich(loaded))
        loaded, matches = enrichment.tournament, enrichment.matches
        list_notes = _list_notes(enrichment)
    if export_json:
        from ..formats import tournament_json

        sys.stdout.write(tournament_json.dumps(loaded) + "\n")
        return
    if as_trf:
        from ..formats import trf

        sys.stdout.write(trf.dumps(loaded))
        return
    if not loaded.complete and not partial:
        _refuse_incomplete(loaded.incomplete)
    if loaded.end_date is None and loaded.rated_for_dwz and loaded.time_control not in (
        "rapid",
        "blitz",
    ):
        fail(
            "the tournament's end date is missing (the source does not give it); it decides "
            "the regulations and the ages: give it with --date YYYY-MM-DD"
        )
    result = _run(lambda: evaluate(loaded, method=method))
    if not result.complete and not partial:
        _refuse_incomplete(result.incomplete)
    if as_json:
        data = result.to_dict()
        if matches is not None:
            data["dsb_list"] = {
                "matches": [m.to_dict() for m in matches],
                "notes": list_notes,
            }
        return _print_json(data)
    if as_csv:
        from ..formats import results_csv

        if lang not in ("en", "de"):
            fail(f"--lang {lang!r}: use en or de")
        sys.stdout.write(results_csv.to_csv(result, language=lang, notes=list_notes))
        return
    if player:
        chosen = _run(lambda: result.player(player))
        render.result_state(console, result, list_notes)
        render.tournament_player(console, result, chosen)
        return
    render.tournament(console, result, matches, list_notes)


def _refuse_incomplete(reasons: Any) -> NoReturn:
    """Exit 2 with what is missing (a partial result is never shown silently)."""
    lines = "\n".join(f"  – {safe(reason)}" for reason in reasons)
    err_console.print(
        "[bold red]error:[/] the source does not account for every game, so the result "
        f"would be partial:\n{lines}\nAdd the missing pages or files, or evaluate anyway "
        "with --partial (the result then says complete: false).",
        highlight=False,
        soft_wrap=True,
    )
    raise typer.Exit(2)


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


@app.command()
def history(
    sources: Annotated[
        list[str],
        typer.Argument(help="Tournaments (links, numbers, .json/.trf/.xlsx files), any order."),
    ],
    player: Annotated[
        list[str] | None, typer.Option(help="Only this player's history (name; repeatable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The history as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="One row per player and evaluation.")] = False,
    dsb_list: Annotated[
        bool, typer.Option("--dsb-list", help="Fill in index, birth year from the DSB list.")
    ] = False,
    file_ratings: Annotated[
        bool, typer.Option(help="Use each file's own DWZ instead of the chained one.")
    ] = False,
    method: Annotated[str, typer.Option(help="exact (default), table or swiss-chess.")] = "exact",
) -> None:
    """Several tournaments evaluated one after another, as the rating office does.

    Ordered by the last game's date, each player's DWZ carried from one evaluation to the
    next, the 2026 upgrade in between, carry-over games towards a first DWZ.
    """
    from .. import history as chain
    from ..importers import load_tournament

    def progress(message: str) -> None:
        err_console.print(f"[dim]… {safe(message)}[/]", highlight=False)

    quiet = as_json or as_csv
    loaded = []
    for source in sources:
        loaded.append(
            _run(lambda source=source: load_tournament(source, progress=None if quiet else progress))
        )
    for t in loaded:
        if not t.complete:
            _refuse_incomplete([f"{t.name or 'a tournament'}: {r}" for r in t.incomplete])
    result = _run(
        lambda: chain(
            loaded, players=player or None, dsb_list=dsb_list or None,
            file_ratings=file_ratings, method=method,
        )
    )
    if player and not result.players:
        fail("no player " + ", ".join(repr(p) for p in player) + " in these tournaments")
    if as_json:
        data = result.to_dict()
        return _print_json(
            {
                "players": [
                    {"name": p["name"], "key": p["key"], "birth_year": p["birth_year"],
                     "matched_by": p["matched_by"], "history": p["rows"]}
                    for p in data["players"]
                ],
                "ambiguous": data["ambiguous"],
                "tournaments": data["tournaments"],
                "rules": data["rules"],
            }
        )
    if as_csv:
        import csv
        import io

        from ..formats.results_csv import neutralise

        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        columns = ("name", "tournament", "end_date", "regulations", "dwz_before", "index_before",
                   "dwz_after", "index_after", "change", "performance", "status", "upgrade")  # fmt: skip
        writer.writerow(columns)
        for p in result.players:
            for row in p.rows:
                values = {"name": p.name, **row.to_dict()}
                writer.writerow(
                    [neutralise(str(values[c])) if values[c] is not None else "" for c in columns]
                )
        sys.stdout.write(buffer.getvalue())
        return
    render.history(console, result)


@app.command()
def serve(
    host: Annotated[str, typer.Option(envvar="WERTUNG_HOST", help="Interface.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="WERTUNG_PORT", help="Port.")] = 8000,
    workers: Annotated[int, typer.Option(envvar="WERTUNG_WORKERS", help="Processes.")] = 1,
) -> None:
    """Start the web calculator (German and English) and the JSON API."""
    from ..web import serve as serve_app

    serve_app(host=host, port=port, workers=workers)


def _mount_dsb_list() -> None:
    try:
        from .dsb_list import app as dsb_app
    except ImportError:  # pragma: no cover - the sub-app ships with the package
        return
    app.add_typer(dsb_app, name="dsb-list", help="Load and search the DSB rating list.")


_mount_dsb_list()


def main() -> None:
    """Console entry point."""
    try:
        app()
    except WertungError as exc:  # pragma: no cover - commands catch their own
        err_console.print(f"[bold red]error:[/] {exc.message}")
        raise SystemExit(2) from None


__all__ = ["app", "main"]

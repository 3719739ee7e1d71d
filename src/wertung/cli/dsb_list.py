"""``wertung dsb-list``: load the DSB rating list, search it, show what is loaded.

A standalone :class:`typer.Typer` (``app``) that the main CLI mounts::

    wertung dsb-list update
    wertung dsb-list load LV-0-csv.zip
    wertung dsb-list show "Müller, Hans"
    wertung dsb-list info

Bad input prints one line (``error: ...``) and exits with code 2.
"""

# No ``from __future__ import annotations``: typer then reads the annotations as they are
# instead of evaluating their text on every start (see ``wertung.cli``).

import datetime as dt
import json
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer

from wertung.catalogue.formatting import exact, grouped
from wertung.cli._lang import german, is_german, numbers, say, set_current, tr
from wertung.cli._output import Console, new_table
from wertung.cli._typer_words import Command, Group
from wertung.kernel.errors import WertungError

if TYPE_CHECKING:  # the list machinery is imported when a command runs, not at start-up
    from wertung.sources.store import ListInfo

__all__ = ["app"]

app = typer.Typer(
    name="dsb-list",
    help="The DSB rating list (LV-0-csv.zip): download or load it, search it, show what is loaded.",
    no_args_is_help=True,
    add_completion=False,
    cls=Group,
)


@app.callback()
def _language(ctx: typer.Context) -> None:
    """Run on its own (not under ``wertung``, whose ``--lang`` chose): the language of the locale."""
    if ctx.parent is None:
        set_current(None)


StoreOption = Annotated[
    Path | None,
    typer.Option(
        "--store",
        help="Store directory or file (default: $WERTUNG_DATA_DIR or the user data directory).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]

P = ParamSpec("P")
R = TypeVar("R")


def _one_line_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn wertung's errors into one line on stderr and exit code 2 (no traceback)."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except WertungError as exc:
            message = tr(exc) if is_german() else exc.message
            typer.echo(f"{say('cli.error', 'error:')} {message}", err=True)
            raise typer.Exit(2) from None

    return wrapper


def _console() -> Console:
    return Console()


def _summary(info: "ListInfo") -> str:
    if is_german():
        players, memberships = _grouped(info.players), _grouped(info.memberships)
        clubs = _grouped(info.clubs)
        if info.list_date is None:
            return german(
                "cli.list.summary_undated", players=players, memberships=memberships, clubs=clubs
            )
        return german(
            "cli.list.summary",
            date=numbers().date(info.list_date),
            players=players,
            memberships=memberships,
            clubs=clubs,
        )
    date = info.list_date.isoformat() if info.list_date else "unknown date"
    return (
        f"DSB list of {date}: {info.players:,} players ({info.memberships:,} memberships) "
        f"in {info.clubs:,} clubs"
    )


def _grouped(count: int) -> str:
    """A count with the German thousands separator (``12.345``)."""
    return grouped(count, "de")


def _german_size(size: int) -> str:
    """``1,5 MB`` or ``12.345 Bytes`` (the English ``1.5 MB`` / ``12,345 bytes``)."""
    if size < 1048576:
        return f"{_grouped(size)} Bytes"
    return f"{exact(size / 1048576, '#,##0.0', 'de')} MB"  # rounded as the English figure is


def _moment(value: dt.datetime) -> str:
    """A time stamp: ISO in English, the date as ``01.12.2026`` in German."""
    text = value.isoformat(sep=" ")
    if not is_german():
        return text
    _day, _, rest = text.partition(" ")
    return f"{numbers().date(value.date())} {rest}".rstrip()


@app.command("load", cls=Command)
@_one_line_errors
def load_command(
    path: Annotated[Path, typer.Argument(help="LV-0-csv.zip, spieler.csv or a directory.")],
    clubs: Annotated[
        Path | None, typer.Option("--clubs", help="vereine.csv (club names), if not beside it.")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="List date YYYY-MM-DD (default: from the file).")
    ] = None,
    store: StoreOption = None,
    as_json: JsonOption = False,
) -> None:
    """Load a DSB list, replacing the one loaded before."""
    list_date = None
    if date is not None:
        try:
            list_date = dt.date.fromisoformat(date.strip())
        except ValueError:
            raise WertungError(
                f"--date {date!r} is not a date (YYYY-MM-DD)",
                code="dsb.bad_date",
                params={"date": repr(date)},
            ) from None
    from wertung.sources.dsb_list import load_list
    from wertung.sources.store import Store

    info = load_list(path, store=Store(store), clubs=clubs, list_date=list_date)
    if as_json:
        typer.echo(json.dumps(info.to_dict(), ensure_ascii=False, indent=2))
        return
    typer.echo(say("cli.list.loaded", "Loaded the {summary}.", summary=_summary(info)))
    typer.echo(say("cli.list.store", "Store: {path}", path=info.store))


@app.command("update", cls=Command)
@_one_line_errors
def update_command(
    force: Annotated[
        bool,
        typer.Option("--force", help="Download even if the server says the list is unchanged."),
    ] = False,
    store: StoreOption = None,
    as_json: JsonOption = False,
    url: Annotated[
        str | None, typer.Option("--url", hidden=True, help="Download from here (tests).")
    ] = None,
    insecure_localhost: Annotated[
        bool,
        typer.Option(
            "--insecure-localhost", hidden=True, help="Allow http://localhost URLs (tests)."
        ),
    ] = False,
    min_players: Annotated[
        int | None,
        typer.Option("--min-players", hidden=True, min=1, help="Plausibility minimum."),
    ] = None,
) -> None:
    """Download today's list from the DSB (schachbund.de) and load it, replacing the old one.

    Sends the last download's ETag/date, so an unchanged list costs no download. A failed or implausible download keeps the loaded list (exit code 2).
    """
    from wertung.sources.dsb_download import DSB_LIST_URL, MIN_PLAYERS, UpdateStatus, update_list
    from wertung.sources.dsb_list import ListNotLoaded
    from wertung.sources.store import Store

    result = update_list(
        Store(store),
        url=url or DSB_LIST_URL,
        allow_insecure=insecure_localhost,
        min_players=min_players or MIN_PLAYERS,
        conditional=not force,
    )
    if as_json:
        lang = "de" if is_german() else "en"
        typer.echo(json.dumps(result.to_dict(lang=lang), ensure_ascii=False, indent=2))
        return
    info = result.info
    if info is None:  # removed by another process in the meantime
        raise ListNotLoaded(
            f"no DSB list is loaded (store {Store(store).path}); run the update again",
            code="dsb.not_loaded_again",
            params={"path": str(Store(store).path)},
        )
    if result.status is UpdateStatus.NOT_MODIFIED:
        typer.echo(
            say(
                "cli.list.current",
                "The {summary} is current (the DSB reports no change).",
                summary=_summary(info),
            )
        )
    else:
        size = result.bytes_read
        shown = f"{size / 1048576:,.1f} MB" if size >= 1048576 else f"{size:,} bytes"
        seconds = f"{result.seconds:.1f}"
        if is_german():
            shown = _german_size(size)
            seconds = numbers().fixed(result.seconds, 1)
        typer.echo(
            say(
                "cli.list.updated",
                "Updated to the {summary} (downloaded {size} in {seconds} s).",
                summary=_summary(info),
                size=shown,
                seconds=seconds,
            )
        )
    typer.echo(say("cli.list.store", "Store: {path}", path=info.store))


@app.command("show", cls=Command)
@_one_line_errors
def show_command(
    name: Annotated[str, typer.Argument(help="Name (any order, umlauts or ae/oe/ue) or FIDE id.")],
    limit: Annotated[
        int, typer.Option("--limit", "-n", min=1, help="At most this many rows.")
    ] = 20,
    store: StoreOption = None,
    as_json: JsonOption = False,
) -> None:
    """Search the loaded list by name (or FIDE id). Exit code 1 when nothing matches."""
    from wertung.sources.dsb_list import ListNotLoaded, list_info, search
    from wertung.sources.store import Store

    the_store = Store(store)
    info = list_info(store=the_store)
    if info is None:
        raise ListNotLoaded(
            f"no DSB list is loaded (store {the_store.path}); run `wertung dsb-list load FILE`",
            code="dsb.not_loaded_file",
            params={"path": str(the_store.path)},
        )
    if not name.strip():
        raise WertungError("give a name to search for", code="dsb.give_name")
    rows = search(name, store=the_store, limit=limit)
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rows], ensure_ascii=False, indent=2))
    elif not rows:
        typer.echo(
            say(
                "cli.list.no_match",
                "No player matching {name} in the {summary}.",
                name=repr(name),
                summary=_summary(info),
            )
        )
    else:
        table = new_table(title=_summary(info), title_justify="left")
        born, club = say("tournament.birth_year", "Born"), say("cli.list.club", "Club")
        columns = (say("tournament.name", "Name"), "DWZ", born, "ZPS", club, "FIDE",
                   say("tournament.status", "Status"))  # fmt: skip
        for column in columns:
            table.add_column(
                column,
                justify="right" if column in ("DWZ", born) else "left",
                no_wrap=column != club,
            )
        for row in rows:
            fide = ""
            if row.fide_id:
                fide = " ".join(
                    x
                    for x in (row.fide_title, str(row.fide_rating or "") or None, row.fide_id)
                    if x
                )
            table.add_row(
                row.name,
                row.rating,
                str(row.birth_year or ""),
                row.zps,
                row.club or "",
                fide,
                say("cli.list.active", "active")
                if row.active
                else (say("search.passive", "passive") if row.status == "P" else row.status),
            )
        _console().print(table, highlight=False, soft_wrap=True)
    if not rows:
        raise typer.Exit(1)


@app.command("info", cls=Command)
@_one_line_errors
def info_command(store: StoreOption = None, as_json: JsonOption = False) -> None:
    """Show what list is loaded and where the store is."""
    from wertung.sources.dsb_list import list_info
    from wertung.sources.store import Store

    the_store = Store(store)
    info = list_info(store=the_store)
    if as_json:
        data: dict[str, Any] = {
            "store": str(the_store.path),
            "schema_version": the_store.schema_version(),
            "list": info.to_dict() if info else None,
        }
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    if info is None:
        typer.echo(
            say(
                "cli.list.none",
                "No DSB list loaded. Load one with: wertung dsb-list load LV-0-csv.zip",
            )
        )
        typer.echo(say("cli.list.store", "Store: {path}", path=the_store.path))
        return
    typer.echo(f"{_summary(info)}.")
    typer.echo(
        say(
            "cli.list.loaded_at",
            "Loaded {at} from {source} ({format})",
            at=_moment(info.loaded_at),
            source=info.source,
            format=info.format,
        )
    )
    if info.checked_at:
        typer.echo(
            say(
                "cli.list.checked",
                "Last confirmed current by the server: {at} (refresh with: wertung dsb-list update)",
                at=_moment(info.checked_at),
            )
        )
    if info.newest_evaluation:
        week = info.newest_evaluation
        shown = week
        if len(week) == 6 and week.isdigit():
            shown = say("cli.list.week", "{year}, week {week}", year=week[:4], week=week[4:])
        typer.echo(say("cli.list.newest", "Newest evaluation in the list: {shown}", shown=shown))
    typer.echo(
        say(
            "cli.list.store_schema",
            "Store: {path} (schema {schema})",
            path=the_store.path,
            schema=the_store.schema_version(),
        )
    )


if __name__ == "__main__":  # pragma: no cover
    app()

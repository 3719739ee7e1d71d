"""The ``wertung`` command line (typer + rich). It only renders derivations.

Every command prints a readable table of the working; ``--json`` prints the
library result with the same keys. A wrong argument gets one clear line naming
it and what is accepted, exit code 2, no traceback. The commands live in
``_calc`` (dwz, elo, upgrade), ``_events`` (tournament, history), ``_check`` (check),
``serve`` below and ``dsb_list``; each imports the engine only when it runs.

:data:`app` is the whole command line. The console entry point :func:`main` builds
only the part the command needs when it is a calculator (``wertung dwz …``,
``wertung elo …``, ``wertung upgrade …``): typer reads the signature of every
registered command on each start, and a calculator needs none of the others.
For the same reason the modules that declare commands do without
``from __future__ import annotations``: typer would evaluate every annotation's
text again on each start (about 4 ms for the calculators alone).
``benchmarks/bench_cli.py`` measures the start-up; ``tests/cli/test_cli_startup.py``
checks what a calculator imports.

typer builds the help screens before any option runs, so :func:`main` reads the language
from the command line itself (``--lang``, else the locale: :func:`._lang.asked_for`) and,
when it is German, gives typer the catalogue's help texts (:mod:`._help`). English needs
nothing: the English texts stand in the source.
"""

# No ``from __future__ import annotations``: typer then reads the annotations as they are
# instead of evaluating their text on every start (see ``wertung.cli``).

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from wertung.kernel.errors import WertungError

if TYPE_CHECKING:  # pragma: no cover
    app: typer.Typer

#: The commands of ``_calc``: main() registers only them when one of them is asked for.
CALCULATORS = frozenset({"dwz", "elo", "upgrade"})
#: The global options (``_common._options``) that take a value.
_GLOBAL_WITH_VALUE = frozenset({"--lang"})

_registered = {"all": False}
_localised = {"de": False}


def serve(
    host: Annotated[str, typer.Option(envvar="WERTUNG_HOST", help="Interface.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(envvar="WERTUNG_PORT", help="Port.")] = 8000,
    workers: Annotated[int, typer.Option(envvar="WERTUNG_WORKERS", help="Processes.")] = 1,
    database_url: Annotated[
        str,
        typer.Option(
            "--database-url",
            envvar="WERTUNG_DATABASE_URL",
            show_envvar=False,  # its name is no German word; the README names it
            help="PostgreSQL database shared by several hosts (postgresql://…); "
            "default: the SQLite files in the data directory.",
        ),
    ] = "",
    check_database: Annotated[
        bool,
        typer.Option(
            "--check-database",
            help="Only check the store: reachable, and at which schema version (exit 0 or 1).",
        ),
    ] = False,
) -> None:
    """Start the web calculator (German and English) and the JSON API."""
    import os

    from wertung.cli._common import run

    if database_url.strip():
        os.environ["WERTUNG_DATABASE_URL"] = database_url.strip()  # for every worker too
    if check_database:
        from wertung.cli._database import check

        raise typer.Exit(check())
    from wertung.web import serve as serve_app

    run(lambda: serve_app(host=host, port=port, workers=workers))


def _calculators() -> typer.Typer:
    """The app with the calculators registered (``dwz``, ``elo``, ``upgrade``)."""
    from wertung.cli import _calc  # noqa: F401  (registers the commands)
    from wertung.cli._common import app

    return app


def _whole() -> typer.Typer:
    """The app with every command registered, in the order ``wertung --help`` lists them."""
    app = _calculators()
    if not _registered["all"]:
        _registered["all"] = True
        from wertung.cli import _events  # noqa: F401  (registers tournament and history)
        from wertung.cli._typer_words import Command

        _mount_check()

        app.command(cls=Command)(serve)
        _mount_dsb_list(app)
    return app


def _mount_check() -> None:
    """``wertung check`` (after ``history``: the commands of whole events together)."""
    from wertung.cli import _check  # noqa: F401  (registers check)


def _mount_dsb_list(app: typer.Typer) -> None:
    try:
        from wertung.cli.dsb_list import app as dsb_app
    except ImportError:  # pragma: no cover - the sub-app ships with the package
        return
    app.add_typer(dsb_app, name="dsb-list", help="Load and search the DSB rating list.")


def command_of(args: Sequence[str]) -> str | None:
    """The command ``args`` name after the global options (None: none, or not plainly).

    >>> command_of(["--lang", "de", "dwz", "1500-5"]), command_of(["--lang=en", "elo"])
    ('dwz', 'elo')
    >>> command_of(["--help"]) is None, command_of([]) is None
    (True, True)
    """
    words = iter(args)
    for word in words:
        if word in _GLOBAL_WITH_VALUE:
            next(words, None)
        elif word.startswith("--lang="):
            continue
        elif word.startswith("-"):
            return None  # --help, a mistyped option, ...: the whole app answers
        else:
            return word
    return None


def localise_help(app: typer.Typer, args: Sequence[str]) -> None:
    """Give ``app`` the help texts in the language of ``args`` (``--lang``, else the locale).

    typer's own words follow too (:func:`._typer_words.use`). English needs nothing (the
    texts stand in the source) unless German was given before.
    """
    from wertung.cli._lang import asked_for
    from wertung.cli._typer_words import use

    use(asked_for(args))
    if asked_for(args) == "de" or _localised["de"]:
        from wertung.cli._help import localise

        _localised["de"] = asked_for(args) == "de"
        localise(app, "de" if _localised["de"] else "en")


def __getattr__(name: str) -> Any:
    if name == "app":
        return _whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console entry point."""
    import sys

    args = sys.argv[1:]
    app = _calculators() if command_of(args) in CALCULATORS else _whole()
    localise_help(app, args)
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # click's errors as typer re-exports them
        if getattr(exc, "exit_code", 1) == 2:  # a usage error (unknown option, …): one line
            _usage_line(exc, args)
        else:  # pragma: no cover - typer raises usage errors only
            # TyperException itself declares no show() (click's exceptions have it)
            exc.show()  # type: ignore[attr-defined]
        raise SystemExit(getattr(exc, "exit_code", 1)) from None
    except typer.Abort:
        print("Aborted!", file=sys.stderr)
        raise SystemExit(1) from None
    except WertungError as exc:  # pragma: no cover - commands catch their own
        from wertung.cli._common import fail

        try:
            fail(exc)
        except typer.Exit:
            raise SystemExit(2) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def _usage_line(exc: Any, args: Sequence[str]) -> None:
    """``error: No such option: --bogus (wertung dwz --help shows the options)`` on stderr.

    click's message is in the chosen language already (typer's words, :mod:`._typer_words`).
    """
    from wertung.cli._common import err_console
    from wertung.cli._lang import asked_for, explicit, say, set_current

    if explicit() is None:  # the error came before the --lang option was read
        set_current(asked_for(args))

    ctx = getattr(exc, "ctx", None)
    path = ctx.command_path if ctx is not None else "wertung"
    hint = say("cli.usage_hint", "{command} --help shows the options", command=f"{path}")
    err_console.print(
        f"[bold red]{say('cli.error', 'error:')}[/] {exc.format_message().rstrip('.')}; {hint}",
        highlight=False,
        soft_wrap=True,
        markup=True,
    )


__all__ = ["app", "main"]

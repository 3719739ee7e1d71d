"""The ``wertung`` command line (typer + rich). It only renders derivations.

Every command prints a readable table of the working; ``--json`` prints the
library result with the same keys. A wrong argument gets one clear line naming
it and what is accepted, exit code 2, no traceback. The commands live in
``_calc`` (dwz, elo, upgrade), ``_events`` (tournament, history) and ``dsb_list``;
each imports the engine only when it runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..core.errors import WertungError
from . import _calc, _events  # noqa: F401  (register the commands)
from ._common import app


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
        from ._common import describe, fail

        try:
            fail(describe(exc))
        except typer.Exit:
            raise SystemExit(2) from None


__all__ = ["app", "main"]

"""``wertung serve --check-database``: is the store reachable, and at which schema version.

The store is the one ``wertung serve`` would use: the PostgreSQL database of
``WERTUNG_DATABASE_URL`` (``--database-url``), else the SQLite files in the data
directory (``WERTUNG_DATA_DIR``). Nothing is created or migrated. Exit code 0 when the
store can be used by this wertung (reachable, no part newer than it knows), else 1 with
the reason on stderr.
"""

from __future__ import annotations

from typing import Any

import typer

from wertung.cli._lang import say
from wertung.kernel.errors import WertungError

__all__ = ["check", "describe_store"]


def describe_store() -> dict[str, Any]:
    """Where the store is, its backend, each part's schema version and the versions known."""
    from wertung.sources.chessresults._cache import CACHE_FILE, default_cache_dir
    from wertung.storage import schema
    from wertung.storage.backend import PostgresBackend, SqliteBackend
    from wertung.storage.site import database_url
    from wertung.web.settings import Settings
    from wertung.web.web_store import FILENAME

    url = database_url()
    if url:
        return schema.describe(PostgresBackend(url, pool_size=0))
    from wertung.sources.store import DB_FILENAME

    directory = Settings.from_env().store_dir()
    files = {
        "web": SqliteBackend(directory / FILENAME),
        "dsb": SqliteBackend(directory / DB_FILENAME, version_pragma=True),
        "pages": SqliteBackend(default_cache_dir() / CACHE_FILE),
    }
    return {
        "database": str(directory),
        "backend": "sqlite",
        "versions": {part: schema.current_version(b, part) for part, b in files.items()},
        "known": schema.versions(),
    }


def _versions(found: dict[str, int]) -> str:
    return ", ".join(f"{part} {version}" for part, version in found.items())


def check() -> int:
    """Print the store's state; 0 when it can be used, else 1."""
    from wertung.cli._common import describe

    try:
        state = describe_store()
    except WertungError as error:
        typer.echo(f"{say('cli.error', 'error:')} {describe(error)}", err=True)
        return 1
    except Exception as error:  # a broken file, a driver missing: said, not a traceback
        typer.echo(f"{type(error).__name__}: {error}", err=True)
        return 1
    typer.echo(
        say(
            "cli.database.ok",
            "Store reachable: {database} ({backend}), schema version {versions} "
            "(this wertung knows {known})",
            database=state["database"],
            backend=state["backend"],
            versions=_versions(state["versions"]),
            known=_versions(state["known"]),
        )
    )
    newer = [p for p, v in state["versions"].items() if v > state["known"].get(p, 0)]
    if newer:
        typer.echo(
            say(
                "cli.database.newer",
                "The store has a newer schema version than this wertung knows; "
                "please update wertung.",
            ),
            err=True,
        )
        return 1
    if any(v < state["known"].get(p, 0) for p, v in state["versions"].items()):
        typer.echo(
            say(
                "cli.database.behind",
                "The store is migrated to the newest schema version when the app starts.",
            )
        )
    return 0

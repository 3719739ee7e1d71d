"""The web tests on PostgreSQL (issue 23): ``pytest --store=postgresql`` (or
``WERTUNG_TEST_STORE=postgresql``).

The web tests make their apps and stores the way a user's code does: ``Settings(data_dir=…)``
and ``create_app``, ``WebStore(directory)``, ``Store(directory)`` for the DSB list. On
SQLite (the default) the data directory is where the files are, and nothing here is used.
On PostgreSQL every data directory is a database of its own on the session's throwaway
cluster (:mod:`pg_cluster`, one per xdist worker), made empty on its first use, so

- ``Settings(data_dir=d)`` gets ``database_url`` of ``d``'s database (as
  ``WERTUNG_DATABASE_URL`` would give it): the app keeps its web store, the DSB list and
  the page cache there (:mod:`wertung.storage.site`), as a host of a site does;
- ``WebStore(d)`` without a backend is the store in ``d``'s database;
- ``Store(d)`` (the DSB list of ``d``) is the list in ``d``'s database, also when a test
  loads the list before it makes the app;
- a server a test starts as a process gets the URL through :func:`process_env`.

Tests do not see each other's rows: each test's data directories are new ones. After
every test the pools of its backends are closed (a backend that is used again, e.g. by a
session's browser server, opens its pool anew) and the process's site database is reset.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

__all__ = ["ENV", "Databases", "active", "process_env"]

#: The environment variable that chooses the store of a test run (``sqlite``, ``postgresql``).
ENV = "WERTUNG_TEST_STORE"

_active: Databases | None = None


def active() -> Databases | None:
    """The databases of this run on PostgreSQL (None: the tests run on SQLite)."""
    return _active


def process_env(data_dir: Path) -> dict[str, str]:
    """What a ``wertung serve`` process started by a test needs in its environment to keep
    ``data_dir``'s state where the test's own code finds it (nothing on SQLite)."""
    found = active()
    return {} if found is None else {"WERTUNG_DATABASE_URL": found.url_for(data_dir)}


def _directory(path: str | os.PathLike[str]) -> Path:
    """The data directory of ``path`` (a directory, or a store file in one)."""
    given = Path(path).expanduser()
    if given.is_dir() or (not given.suffix and not given.exists()):
        return given
    return given.parent


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


class Databases:
    """A database on ``cluster`` for each data directory the tests use."""

    def __init__(self, cluster: Any) -> None:
        self.cluster = cluster
        self._urls: dict[Path, str] = {}
        self._lock = threading.Lock()

    def url_for(self, data_dir: str | os.PathLike[str]) -> str:
        """The URL of ``data_dir``'s database (made empty on the first call)."""
        key = _resolved(_directory(data_dir))
        with self._lock:
            url = self._urls.get(key)
            if url is None:
                url = self.cluster.new_database()
                self._urls[key] = url
            return url

    def backend_for(self, data_dir: str | os.PathLike[str]) -> Any:
        """The process's backend (one pool) of ``data_dir``'s database."""
        from wertung.storage.backend import open_database

        return open_database(self.url_for(data_dir))

    def after_test(self) -> None:
        """Close every pool (reopened on the next use) and forget the site database."""
        from wertung.storage import site
        from wertung.storage.backend import OPENED

        site.use(None)
        for backend in list(OPENED):
            backend.close()


def install(databases: Databases, patch: Any) -> None:
    """Make the stores of a data directory use its database (``patch``: a MonkeyPatch)."""
    global _active

    from wertung.storage import site
    from wertung.web import web_store
    from wertung.web.settings import Settings

    settings_init = Settings.__init__

    def settings(self: Settings, *args: Any, **kwargs: Any) -> None:
        settings_init(self, *args, **kwargs)
        if not self.database_url and self.data_dir is not None:
            object.__setattr__(self, "database_url", databases.url_for(self.data_dir))

    store_init = web_store.WebStore.__init__

    def store(self: Any, directory: Path, **kwargs: Any) -> None:
        if kwargs.get("backend") is None:
            kwargs["backend"] = databases.backend_for(directory)
        store_init(self, directory, **kwargs)

    for_directory = site.for_directory

    def directory_database(path: str | os.PathLike[str] | None) -> Any:
        if path is None:
            return for_directory(None)
        return databases.backend_for(path)

    patch.setattr(Settings, "__init__", settings)
    patch.setattr(web_store.WebStore, "__init__", store)
    patch.setattr(site, "for_directory", directory_database)
    _active = databases


def uninstall() -> None:
    global _active
    _active = None

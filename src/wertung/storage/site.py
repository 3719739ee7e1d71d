"""The process's site database: where every store of a ``wertung serve`` host keeps its state.

Unset (the default), every store is its SQLite file in the data directory (the web store,
the DSB list) or the cache directory (the chess-results pages), and nothing here matters.
With ``WERTUNG_DATABASE_URL=postgresql://…`` (or ``wertung serve --database-url``) the web
app calls :func:`use` when it is made, and from then on, in that process,

- :class:`~wertung.sources.store.Store` of the site's data directory (or of no path) is
  the DSB list in that database (:func:`for_directory`);
- :class:`~wertung.sources.chessresults._cache.PageCache` without a directory is the
  page cache there (:func:`database`);
- a chess-results :class:`~wertung.sources.chessresults.Client` without a pacer of its
  own paces with :class:`SitePacer`: one request at a time and ``min_interval`` between
  two for the whole site, whichever host sends it.

A store given an explicit path of its own (the CLI's ``--store``, the tests) stays a file.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from wertung.storage.backend import DATABASE_URL_ENV, PostgresBackend, open_database

__all__ = ["SitePacer", "database", "database_url", "for_directory", "pacer", "use"]

_state: dict[str, object] = {"backend": None, "data_dir": None}
_pacers: dict[int, SitePacer] = {}
_lock = threading.Lock()


def database_url() -> str:
    """``$WERTUNG_DATABASE_URL`` ("" when unset: SQLite files)."""
    return os.environ.get(DATABASE_URL_ENV, "").strip()


def use(backend: PostgresBackend | None, data_dir: Path | None = None) -> None:
    """Make ``backend`` this process's site database (None: back to the SQLite files)."""
    with _lock:
        _state["backend"] = backend
        _state["data_dir"] = None if data_dir is None else _resolved(data_dir)


def database() -> PostgresBackend | None:
    """The site database of this process, or None (SQLite files).

    A process that was never told (:func:`use`) follows ``WERTUNG_DATABASE_URL`` when set.
    """
    backend = _state["backend"]
    if backend is None and _state["data_dir"] is None:
        url = database_url()
        if url:
            return open_database(url)
    return backend if isinstance(backend, PostgresBackend) else None


def _resolved(path: Path) -> Path:
    try:
        return path.expanduser().resolve()
    except OSError:
        return path.expanduser().absolute()


def for_directory(path: str | os.PathLike[str] | None) -> PostgresBackend | None:
    """The site database when ``path`` is the site's data directory (or its DSB file), or
    None when ``path`` is somewhere else (a store of its own) or there is no site database."""
    backend = database()
    if backend is None:
        return None
    if path is None:
        return backend
    directory = _state["data_dir"]
    if not isinstance(directory, Path):
        return None
    asked = _resolved(Path(path))
    return backend if directory in (asked, asked.parent) else None


class SitePacer:
    """One chess-results request at a time for the whole site, ``interval`` s apart.

    The slot is a transaction that holds an advisory lock (:meth:`Conn.lock
    <wertung.storage.backend.Conn.lock>`) while the request runs; the end of the last
    request is kept in the table ``pacing`` in the database server's clock, so hosts
    whose clocks differ agree. Within a process a thread lock queues the requests first.
    """

    def __init__(
        self,
        backend: PostgresBackend,
        name: str = "chess-results",
        *,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        from wertung.storage.schema import migrate

        self.backend = backend
        self.name = name
        self.sleep = sleep
        self.clock = time.monotonic
        self._local = threading.Lock()
        migrate(backend, "pages")

    @contextmanager
    def slot(self, interval: float) -> Iterator[None]:
        """Hold the site's request slot; wait first until ``interval`` has passed."""
        failure: BaseException | None = None
        with self._local, self.backend.connect() as conn:
            conn.lock(f"pacing:{self.name}")
            (now,) = conn.execute("SELECT extract(epoch FROM clock_timestamp())::float8").fetchone()
            row = conn.execute(
                "SELECT last_end FROM pacing WHERE name = ?", (self.name,)
            ).fetchone()
            if row is not None and row[0] is not None:
                wait = float(row[0]) + interval - float(now)
                if wait > 0:
                    self.sleep(wait)
            try:
                yield
            except BaseException as error:  # recorded all the same, raised after the commit
                failure = error
            conn.execute(
                "INSERT INTO pacing (name, last_end) "
                "VALUES (?, extract(epoch FROM clock_timestamp())::float8) "
                "ON CONFLICT (name) DO UPDATE SET last_end = excluded.last_end",
                (self.name,),
            )
        if failure is not None:
            raise failure


def pacer() -> SitePacer | None:
    """The site-wide pacer of this process's site database (None: SQLite, the process's own)."""
    backend = database()
    if backend is None:
        return None
    with _lock:
        found = _pacers.get(id(backend))
        if found is None or found.backend is not backend:
            found = SitePacer(backend)
            _pacers[id(backend)] = found
        return found

"""A small page cache in SQLite, with the freshness decided when reading.

Why not hishel (2.0, installed): it fits mechanically (a transport, SQLite
storage, per-request ``ttl`` and ``key`` through the ``caching`` extension),
but it fixes an entry's lifetime when the entry is *written*. Whether a
chess-results page may be kept for days or only minutes depends on whether the
tournament has ended, which we only learn by parsing that very page (or a
sibling page fetched later). Here every entry keeps its fetch time and the
caller passes the acceptable age when *reading*, so one import can first read
the details page, learn the end date, and then accept day-old crosstables of a
finished tournament while insisting on fresh ones for a live event.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from wertung.storage import periodic
from wertung.storage.backend import Backend, Conn, SqliteBackend
from wertung.storage.schema import migrate

CACHE_ENV = "WERTUNG_CACHE_DIR"
CACHE_FILE = "chess-results.sqlite3"
MAX_KEEP = 30 * 24 * 3600.0  # entries older than this are purged when a cache opens (hourly)
#: The purge of old entries runs at most this often for every process and host of a cache.
PURGE_EVERY = 3600.0


def default_cache_dir() -> Path:
    """``$WERTUNG_CACHE_DIR`` if set, else the user's cache directory for wertung."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser()
    return Path(platformdirs.user_cache_dir("wertung", appauthor=False))


@dataclass(frozen=True, slots=True)
class CachedPage:
    """A stored response body with where it finally came from and when."""

    key: str
    url: str
    body: bytes
    fetched_at: float

    def age(self, now: float | None = None) -> float:
        """Seconds since the page was fetched."""
        return (time.time() if now is None else now) - self.fetched_at


class PageCache:
    """Pages keyed by their canonical URL, stored in one SQLite file.

    Safe to share between threads (one connection per call). ``clock`` is the
    wall clock used for fetch times (injectable for tests). ``backend``: the database
    instead of the file (:mod:`wertung.storage`); without a directory and a backend, a
    host of a site with a PostgreSQL database (:mod:`wertung.storage.site`) uses that one,
    so every host reads the pages any of them fetched.
    """

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.time,
        backend: Backend | None = None,
    ) -> None:
        if backend is None and directory is None:
            from wertung.storage import site

            backend = site.database()
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.path = self.directory / CACHE_FILE
        self._clock = clock
        self._lock = threading.Lock()
        if backend is None:
            self.directory.mkdir(parents=True, exist_ok=True)
            backend = SqliteBackend(self.path, timeout=10)
        self.backend = backend
        migrate(backend, "pages")
        now = self._clock()
        with (
            self._connect() as db
        ):  # once per period for all hosts (:mod:`wertung.storage.periodic`)
            if periodic.claim(db, "pages purge", every=PURGE_EVERY, now=now):
                db.execute("DELETE FROM pages WHERE fetched_at < ?", (now - MAX_KEEP,))

    @contextmanager
    def _connect(self) -> Iterator[Conn]:
        with self.backend.connect() as db:  # commits, or rolls back on error
            yield db

    def get(self, key: str) -> CachedPage | None:
        """The stored page for ``key`` whatever its age, or None."""
        with self._lock, self._connect() as db:
            row = db.execute(
                "SELECT url, body, fetched_at FROM pages WHERE key = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        return CachedPage(key=key, url=row[0], body=bytes(row[1]), fetched_at=row[2])

    def fresh(self, key: str, max_age: float | Callable[[CachedPage], float]) -> CachedPage | None:
        """The stored page if it is at most ``max_age`` seconds old.

        ``max_age`` may be a function of the stored page itself (used for pages
        that tell whether their tournament has ended).
        """
        page = self.get(key)
        if page is None:
            return None
        limit = max_age(page) if callable(max_age) else max_age
        return page if page.age(self._clock()) <= limit else None

    def put(self, key: str, url: str, body: bytes) -> CachedPage:
        """Store (or replace) a page fetched now."""
        page = CachedPage(key=key, url=url, body=body, fetched_at=self._clock())
        with self._lock, self._connect() as db:
            db.execute(
                "INSERT INTO pages (key, url, body, fetched_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET url = excluded.url, body = excluded.body, "
                "fetched_at = excluded.fetched_at",
                (key, url, body, page.fetched_at),
            )
        return page

    def clear(self) -> None:
        """Forget every stored page."""
        with self._lock, self._connect() as db:
            db.execute("DELETE FROM pages")

"""The two database backends behind every store: SQLite files (default) and PostgreSQL.

A store (:class:`~wertung.web.web_store.WebStore`, :class:`~wertung.sources.store.Store`,
:class:`~wertung.sources.chessresults._cache.PageCache`) writes its queries once, in the
SQL both backends understand, with ``?`` placeholders, and runs them through
:meth:`Backend.connect`, which hands out a :class:`Conn`: one transaction, committed when
the block ends and rolled back on an error. :func:`translate` adapts the few words the two
dialects spell differently:

- ``?`` becomes ``%s`` on PostgreSQL (psycopg's placeholder);
- ``greatest(`` (PostgreSQL's) becomes SQLite's scalar ``max(``;
- ``rowid`` (SQLite's implicit row number) becomes the ``id`` column the PostgreSQL
  tables have in its place;
- `` FOR UPDATE SKIP LOCKED`` is dropped on SQLite, where :meth:`Conn.lock` took the
  whole file's write lock first;
- `` COLLATE "C"`` (text in byte order, whatever the server's locale) is SQLite's default
  `` COLLATE BINARY``.

:meth:`Conn.lock` serialises the writers of one kind of work until the transaction ends:
``BEGIN IMMEDIATE`` on SQLite (the file's one write lock), a transaction-scoped advisory
lock on PostgreSQL (``pg_advisory_xact_lock``, held across hosts); :meth:`Conn.try_lock`
is the same without waiting for another host (``pg_try_advisory_xact_lock``).

SQLite: a short-lived connection per block, WAL mode, as the stores always did.
PostgreSQL: one bounded :mod:`psycopg_pool` pool per backend (``WERTUNG_DATABASE_POOL``,
default 4 connections per worker process); each connection is checked when it is taken,
so after a restart of the server the pool reconnects by itself. A lost or unreachable
server raises :class:`DatabaseUnavailable` (the web app answers 503 in the user's
language), never a driver's exception.
"""

from __future__ import annotations

import functools
import os
import re
import sqlite3
import threading
import weakref
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from wertung.kernel.errors import WertungError, inner

__all__ = [
    "DATABASE_URL_ENV",
    "POOL_ENV",
    "Backend",
    "Conn",
    "DatabaseUnavailable",
    "PostgresBackend",
    "SqliteBackend",
    "is_postgres_url",
    "open_database",
    "redact",
    "translate",
]

DATABASE_URL_ENV = "WERTUNG_DATABASE_URL"
POOL_ENV = "WERTUNG_DATABASE_POOL"
POOL_TIMEOUT_ENV = "WERTUNG_DATABASE_TIMEOUT"


class DatabaseUnavailable(WertungError):
    """The database server cannot be reached (down, restarting, the connection lost)."""


def is_postgres_url(text: str | None) -> bool:
    """Whether ``text`` is a PostgreSQL connection URL.

    >>> is_postgres_url("postgresql://wertung@db/wertung"), is_postgres_url("/var/lib/x")
    (True, False)
    """
    return bool(text) and str(text).split("://", 1)[0].lower() in ("postgresql", "postgres")


def redact(url: str) -> str:
    """``url`` without its password (for messages and logs).

    >>> redact("postgresql://app:secret@db.example:5432/wertung")
    'postgresql://app@db.example:5432/wertung'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


@functools.lru_cache(maxsize=512)
def translate(sql: str, dialect: str) -> str:
    """``sql`` (written with ``?``, ``greatest(``, ``rowid``) in ``dialect``'s words.

    >>> translate("SELECT greatest(a, ?) FROM t WHERE rowid = ? FOR UPDATE SKIP LOCKED", "sqlite")
    'SELECT max(a, ?) FROM t WHERE rowid = ?'
    >>> translate('SELECT a FROM t ORDER BY a COLLATE "C"', "sqlite")
    'SELECT a FROM t ORDER BY a COLLATE BINARY'
    >>> translate("SELECT greatest(a, ?) FROM t WHERE rowid = ?", "postgresql")
    'SELECT greatest(a, %s) FROM t WHERE id = %s'
    """
    if dialect == "sqlite":
        return (
            sql.replace("greatest(", "max(")
            .replace(" FOR UPDATE SKIP LOCKED", "")
            .replace(' COLLATE "C"', " COLLATE BINARY")
        )
    text = sql.replace("%", "%%").replace("?", "%s")
    return re.sub(r"\browid\b", "id", text)


def _lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for ``name`` (the same on every host)."""
    value = zlib.crc32(b"wertung:" + name.encode()) | (zlib.adler32(name.encode()) << 32)
    return value - (1 << 64) if value >= 1 << 63 else value


class Conn:
    """One transaction on either backend: ``execute``/``executemany`` in the common SQL."""

    def __init__(self, raw: Any, dialect: str) -> None:
        self.raw = raw
        self.dialect = dialect

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement; the cursor (``fetchone``, ``fetchall``, iteration, ``rowcount``)."""
        text = translate(sql, self.dialect)
        if self.dialect == "sqlite":
            return self.raw.execute(text, tuple(params))
        return self.raw.execute(text, tuple(params) if params else None)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        text = translate(sql, self.dialect)
        if self.dialect == "sqlite":
            self.raw.executemany(text, rows)
            return
        if rows:
            with self.raw.cursor() as cursor:
                cursor.executemany(text, rows)

    def commit(self) -> None:
        """Commit what this transaction did so far (a new one begins with the next statement)."""
        self.raw.commit()

    def rollback(self) -> None:
        """Undo what this transaction did so far."""
        self.raw.rollback()

    def lock(self, name: str) -> None:
        """Serialise the writers of ``name`` until this transaction ends (see the module)."""
        if self.dialect == "sqlite":
            if not self.raw.in_transaction:
                self.raw.execute("BEGIN IMMEDIATE")
            return
        self.raw.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(name),))

    def try_lock(self, name: str) -> bool:
        """:meth:`lock` without waiting on PostgreSQL: False when another transaction (of
        any host) holds ``name`` now. SQLite: the file's write lock, waited for as always."""
        if self.dialect == "sqlite":
            self.lock(name)
            return True
        row = self.raw.execute(
            "SELECT pg_try_advisory_xact_lock(%s)", (_lock_key(name),)
        ).fetchone()
        return bool(row and row[0])


class Backend:
    """Where a store's tables live; :meth:`connect` gives one transaction at a time."""

    dialect = "sqlite"
    location = ""

    @contextmanager
    def connect(self, *, write: bool = False) -> Iterator[Conn]:  # pragma: no cover
        """One transaction (``write``: holding the write lock from the start on SQLite)."""
        raise NotImplementedError
        yield

    def exists(self) -> bool:
        """Whether the database exists already (a SQLite file is made on the first write)."""
        return True

    def close(self) -> None:
        """Give back the connections (the pool of PostgreSQL)."""


class SqliteBackend(Backend):
    """One SQLite file, a short-lived connection per transaction (WAL mode).

    ``autocommit``: the connection is opened with ``isolation_level=None`` and the
    transaction begun explicitly (the DSB store's way); else Python's default.
    ``version_pragma``: the file keeps its schema version in ``PRAGMA user_version``
    (the DSB list's file, as before the versioned schema) instead of ``wertung_schema``.
    """

    dialect = "sqlite"

    def __init__(
        self,
        path: Path,
        *,
        timeout: float = 30.0,
        autocommit: bool = False,
        version_pragma: bool = False,
    ) -> None:
        self.path = path
        self.location = str(path)
        self.timeout = timeout
        self.autocommit = autocommit
        self.version_pragma = version_pragma

    def __repr__(self) -> str:
        return f"SqliteBackend({str(self.path)!r})"

    def exists(self) -> bool:
        return self.path.exists()

    def open_raw(self) -> sqlite3.Connection:
        """A new connection to the file (the caller closes it)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.autocommit:
            return sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        return sqlite3.connect(self.path, timeout=self.timeout)

    @contextmanager
    def connect(self, *, write: bool = False) -> Iterator[Conn]:
        db = self.open_raw()
        try:
            if write:
                db.execute("BEGIN IMMEDIATE")
            try:
                yield Conn(db, "sqlite")
            except BaseException:
                if db.in_transaction:
                    db.rollback()
                raise
            else:
                if db.in_transaction:
                    db.commit()
        finally:
            db.close()


def _driver_errors() -> tuple[type[BaseException], ...]:
    import psycopg

    return (psycopg.OperationalError, psycopg.InterfaceError)


def _unavailable(url: str, error: BaseException) -> DatabaseUnavailable:
    return DatabaseUnavailable(
        f"the database {redact(url)} cannot be reached right now ({inner(error)}); "
        "please try again in a moment",
        code="store.unavailable",
        params={"database": redact(url), "detail": inner(error)},
    )


def _pool_size() -> int:
    text = os.environ.get(POOL_ENV, "").strip()
    try:
        size = int(text) if text else 4
    except ValueError:
        raise ValueError(f"{POOL_ENV}={text!r} is not a whole number") from None
    if size < 1:
        raise ValueError(f"{POOL_ENV}={text!r}: at least one connection")
    return size


def _pool_timeout() -> float:
    text = os.environ.get(POOL_TIMEOUT_ENV, "").strip()
    try:
        value = float(text) if text else 5.0
    except ValueError:
        value = float("nan")
    if not value > 0:
        raise ValueError(f"{POOL_TIMEOUT_ENV}={text!r} is not a positive number of seconds")
    return value


class PostgresBackend(Backend):
    """A PostgreSQL database through a bounded :mod:`psycopg_pool` pool.

    ``pool_size``: the most connections this backend opens (``WERTUNG_DATABASE_POOL``, 4;
    0: no pool, a connection of its own for each transaction, as the command line uses);
    ``timeout``: seconds to wait for one before the database counts as unavailable
    (``WERTUNG_DATABASE_TIMEOUT``, 5). The pool is opened on first use and made anew in a
    forked child (a pool's connections must not be shared between processes).
    """

    dialect = "postgresql"

    def __init__(self, url: str, *, pool_size: int | None = None, timeout: float | None = None):
        try:
            import psycopg  # noqa: F401
            import psycopg_pool  # noqa: F401
        except ImportError:
            raise WertungError(
                "a PostgreSQL database needs psycopg: pip install 'wertung[postgresql]'",
                code="store.no_driver",
            ) from None
        self.url = url
        self.location = redact(url)
        self.pool_size = pool_size if pool_size is not None else _pool_size()
        self.timeout = timeout if timeout is not None else _pool_timeout()
        self._pool: Any = None
        self._pid = 0
        self._lock = threading.Lock()
        OPENED.add(self)

    def __repr__(self) -> str:
        return f"PostgresBackend({self.location!r})"

    def _get_pool(self) -> Any:
        with self._lock:
            if self._pool is None or self._pid != os.getpid():
                from psycopg_pool import ConnectionPool

                connect_timeout = max(1, int(self.timeout))
                self._pool = ConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=self.pool_size,
                    timeout=self.timeout,
                    kwargs={"connect_timeout": connect_timeout, "application_name": "wertung"},
                    check=ConnectionPool.check_connection,
                    open=False,
                    name="wertung",
                )
                self._pool.open(wait=False)
                self._pid = os.getpid()
            return self._pool

    @contextmanager
    def connect(self, *, write: bool = False) -> Iterator[Conn]:
        errors = _driver_errors()
        if self.pool_size == 0:  # no pool: a connection of its own (the command line)
            with self._direct() as raw:
                yield Conn(raw, "postgresql")
            return
        try:
            with self._get_pool().connection() as raw:
                yield Conn(raw, "postgresql")
        except errors as error:
            raise _unavailable(self.url, error) from None

    @contextmanager
    def _direct(self) -> Iterator[Any]:
        import psycopg

        errors = _driver_errors()
        try:
            with psycopg.connect(self.url, connect_timeout=max(1, int(self.timeout))) as raw:
                yield raw
        except errors as error:
            raise _unavailable(self.url, error) from None

    @contextmanager
    def session(self) -> Iterator[Any]:
        """A connection of its own, outside the pool, in autocommit (session locks)."""
        import psycopg

        try:
            raw = psycopg.connect(
                self.url, autocommit=True, connect_timeout=max(1, int(self.timeout))
            )
        except _driver_errors() as error:
            raise _unavailable(self.url, error) from None
        try:
            yield raw
        finally:
            raw.close()

    def try_hold(self, name: str) -> Any:
        """A session advisory lock on ``name`` held until ``.close()`` (None: held elsewhere).

        The lock lives as long as its connection: a host that dies gives it up.
        """
        import psycopg

        try:
            raw = psycopg.connect(
                self.url, autocommit=True, connect_timeout=max(1, int(self.timeout))
            )
            row = raw.execute("SELECT pg_try_advisory_lock(%s)", (_lock_key(name),)).fetchone()
        except _driver_errors() as error:
            raise _unavailable(self.url, error) from None
        if not row or not row[0]:
            raw.close()
            return None
        return raw

    def close(self) -> None:
        with self._lock:
            if self._pool is not None and self._pid == os.getpid():
                self._pool.close()
            self._pool = None


#: Every PostgreSQL backend made in this process (for closing their pools, e.g. in tests).
OPENED: weakref.WeakSet[PostgresBackend] = weakref.WeakSet()
_BACKENDS: dict[tuple[str, int], PostgresBackend] = {}
_BACKENDS_LOCK = threading.Lock()


def open_database(url: str) -> PostgresBackend:
    """The process's one :class:`PostgresBackend` for ``url`` (one pool per URL and process)."""
    if not is_postgres_url(url):
        raise ValueError(f"{DATABASE_URL_ENV}: {redact(url)!r} is not a postgresql:// URL")
    with _BACKENDS_LOCK:
        found = _BACKENDS.get((url, os.getpid()))
        if found is None:
            found = PostgresBackend(url)
            _BACKENDS[(url, os.getpid())] = found
        return found

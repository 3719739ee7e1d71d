"""The tables of every store, versioned: migrations as plain data, run by the app on start.

Each part of the state (``web``: shared results, rate limits, jobs, refreshes; ``dsb``: the
DSB list; ``pages``: the chess-results page cache and, on PostgreSQL, the site-wide fetch
pacing) has a list of migrations in :data:`MIGRATIONS`; migration *n* brings the part from
version *n - 1* to *n*. A step is

- a statement (``str``) for both backends, the column types written as ``{real}``,
  ``{blob}``, ``{bigint}`` and ``{id}`` (PostgreSQL's explicit row id where SQLite has
  ``rowid``), filled in per dialect by :data:`TYPES`;
- a mapping ``{"sqlite": …, "postgresql": …}`` for a step the two spell differently
  (``None``: nothing to do on that backend);
- ``("column", table, name, type)``: add the column unless the table has it (the web
  store's files from before the versioning have some of them already).

The version of each part is kept in the table ``wertung_schema (part, version)``; the DSB
list's SQLite file keeps its own in ``PRAGMA user_version`` as it always did. Every
backend runs the same check (:func:`migrate`): a part newer than this wertung knows is
refused (:class:`SchemaTooNew`), an older one is brought up to date in one transaction
under the schema lock, so two hosts starting at once migrate once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wertung.kernel.errors import WertungError
from wertung.storage.backend import Backend, Conn, SqliteBackend

__all__ = [
    "MIGRATIONS",
    "TYPES",
    "SchemaTooNew",
    "current_version",
    "describe",
    "migrate",
    "upgrade",
    "versions",
]

Step = str | Mapping[str, str | None] | tuple[str, str, str, str]

TYPES: dict[str, dict[str, str]] = {
    "sqlite": {"real": "REAL", "blob": "BLOB", "bigint": "INTEGER", "id": ""},
    "postgresql": {
        "real": "DOUBLE PRECISION",
        "blob": "BYTEA",
        "bigint": "BIGINT",
        "id": "id BIGSERIAL PRIMARY KEY, ",
    },
}

#: Work done once per period for every process and host of a store (:mod:`.periodic`): when
#: each kind last ran and how often it ran.
PERIODIC = (
    "CREATE TABLE IF NOT EXISTS periodic (name TEXT PRIMARY KEY, ran_at {real} NOT NULL, "
    "runs {bigint} NOT NULL DEFAULT 0)"
)

MIGRATIONS: dict[str, tuple[tuple[Step, ...], ...]] = {
    "web": (
        # 1: the web store as it was when the schema got versions (issue 23)
        (
            "CREATE TABLE IF NOT EXISTS shared (key TEXT PRIMARY KEY, created {real} NOT NULL, "
            "source TEXT, body TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS fetches ({id}client TEXT NOT NULL, at {real} NOT NULL)",
            "CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, created {real} NOT NULL, "
            "link TEXT NOT NULL, messages TEXT NOT NULL DEFAULT '[]', key TEXT, error TEXT)",
            "CREATE TABLE IF NOT EXISTS fetched (key TEXT PRIMARY KEY, link TEXT NOT NULL, "
            "as_of {real} NOT NULL, checked {real}, job TEXT, failed {real}, failure TEXT)",
            "CREATE TABLE IF NOT EXISTS newer (key TEXT PRIMARY KEY, newest TEXT NOT NULL)",
            "CREATE INDEX IF NOT EXISTS newer_newest ON newer (newest)",
            "CREATE INDEX IF NOT EXISTS fetches_client ON fetches (client, at)",
            "CREATE INDEX IF NOT EXISTS shared_created ON shared (created)",
            ("column", "jobs", "heartbeat", "{real}"),
            ("column", "jobs", "deadline", "{real}"),
            ("column", "jobs", "owner", "TEXT"),
            ("column", "jobs", "lang", "TEXT"),
            ("column", "shared", "size", "{bigint}"),
            {  # a store of an older version: the sizes counted once
                "sqlite": "UPDATE shared SET size = length(CAST(body AS BLOB)) WHERE size IS NULL",
                "postgresql": "UPDATE shared SET size = octet_length(body) WHERE size IS NULL",
            },
        ),
        # 2: import jobs as a queue any host runs, and the periodic purges claimed once
        (
            ("column", "jobs", "queued", "INTEGER"),
            ("column", "jobs", "params", "TEXT"),
            ("column", "jobs", "attempts", "INTEGER NOT NULL DEFAULT 0"),
            "CREATE INDEX IF NOT EXISTS jobs_queue ON jobs (created) "
            "WHERE queued = 1 AND key IS NULL AND error IS NULL",
            "CREATE INDEX IF NOT EXISTS jobs_created ON jobs (created)",
            PERIODIC,
        ),
    ),
    "dsb": (
        # 1: the DSB list
        (
            "CREATE TABLE IF NOT EXISTS dsb_list (id INTEGER PRIMARY KEY CHECK (id = 1), "
            "list_date TEXT, loaded_at TEXT NOT NULL, source TEXT NOT NULL, format TEXT NOT NULL, "
            "memberships INTEGER NOT NULL, players INTEGER NOT NULL, clubs INTEGER NOT NULL, "
            "newest_evaluation TEXT)",
            "CREATE TABLE IF NOT EXISTS dsb_clubs (zps TEXT PRIMARY KEY, name TEXT NOT NULL, "
            "region TEXT, parent TEXT)",
            "CREATE TABLE IF NOT EXISTS dsb_players ({id}pkz TEXT, zps TEXT NOT NULL, "
            "member_no TEXT, status TEXT NOT NULL, name TEXT NOT NULL, sex TEXT, eligibility TEXT, "
            "birth_year INTEGER, last_evaluation TEXT, dwz INTEGER, idx INTEGER, "
            "fide_rating INTEGER, fide_title TEXT, fide_id TEXT, fide_country TEXT, "
            "key TEXT NOT NULL)",
            "CREATE INDEX IF NOT EXISTS dsb_players_key ON dsb_players (key)",
            "CREATE INDEX IF NOT EXISTS dsb_players_fide_id ON dsb_players (fide_id) "
            "WHERE fide_id IS NOT NULL",
            "CREATE INDEX IF NOT EXISTS dsb_players_pkz ON dsb_players (pkz) WHERE pkz IS NOT NULL",
        ),
        # 2: where a downloaded list came from, and the state of the daily refresh
        (
            "ALTER TABLE dsb_list ADD COLUMN url TEXT",
            "ALTER TABLE dsb_list ADD COLUMN etag TEXT",
            "ALTER TABLE dsb_list ADD COLUMN last_modified TEXT",
            "ALTER TABLE dsb_list ADD COLUMN checked_at TEXT",
            "CREATE TABLE IF NOT EXISTS dsb_refresh (id INTEGER PRIMARY KEY CHECK (id = 1), "
            "attempted_at TEXT, error TEXT, claimed_until TEXT)",
            "CREATE INDEX IF NOT EXISTS dsb_players_zps ON dsb_players (zps)",
        ),
    ),
    "pages": (
        # 1: the chess-results page cache
        (
            "CREATE TABLE IF NOT EXISTS pages (key TEXT PRIMARY KEY, url TEXT NOT NULL, "
            "body {blob} NOT NULL, fetched_at {real} NOT NULL)",
        ),
        # 2: the end of the last request to a host, for every host of the site (PostgreSQL)
        (
            {
                "sqlite": None,  # one host: the process's own pacer
                "postgresql": "CREATE TABLE IF NOT EXISTS pacing "
                "(name TEXT PRIMARY KEY, last_end DOUBLE PRECISION)",
            },
        ),
        # 3: the purge of old pages claimed once per period (for every host of the site)
        (PERIODIC,),
    ),
}


def versions() -> dict[str, int]:
    """The version of each part this wertung knows (the newest migration)."""
    return {part: len(steps) for part, steps in MIGRATIONS.items()}


class SchemaTooNew(WertungError):
    """A store made by a newer wertung (a later schema version than this one knows)."""


def _read(conn: Conn, part: str, pragma: bool) -> int:
    if pragma:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    if conn.dialect == "sqlite":
        found = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wertung_schema'"
        ).fetchone()
    else:
        found = conn.execute("SELECT to_regclass('wertung_schema')").fetchone()
        found = found if found and found[0] is not None else None
    if not found:
        return 0
    row = conn.execute("SELECT version FROM wertung_schema WHERE part = ?", (part,)).fetchone()
    return int(row[0]) if row else 0


def _write(conn: Conn, part: str, version: int, pragma: bool) -> None:
    if pragma:
        conn.execute(f"PRAGMA user_version = {int(version)}")
        return
    conn.execute(
        "CREATE TABLE IF NOT EXISTS wertung_schema (part TEXT PRIMARY KEY, version INTEGER NOT NULL)"
    )
    conn.execute(
        "INSERT INTO wertung_schema (part, version) VALUES (?, ?) "
        "ON CONFLICT (part) DO UPDATE SET version = excluded.version",
        (part, version),
    )


def _columns(conn: Conn, table: str) -> set[str]:
    if conn.dialect == "sqlite":
        return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
    rows = conn.execute(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ?",
        (table,),
    )
    return {row[0] for row in rows}


def _run(conn: Conn, step: Step) -> None:
    types = TYPES[conn.dialect]
    if isinstance(step, tuple):
        _kind, table, name, kind = step
        if name not in _columns(conn, table):
            conn.raw.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind.format(**types)}")
        return
    text = step.get(conn.dialect) if isinstance(step, Mapping) else step
    if text:
        conn.raw.execute(text.format(**types))


def _pragma(backend: Backend) -> bool:
    return isinstance(backend, SqliteBackend) and backend.version_pragma


def current_version(backend: Backend, part: str) -> int:
    """The schema version of ``part`` in ``backend`` (0: not made yet)."""
    if not backend.exists():
        return 0
    with backend.connect() as conn:
        return _read(conn, part, _pragma(backend))


def upgrade(conn: Conn, part: str, *, location: str, pragma: bool = False) -> int:
    """Bring ``part`` to the newest version on ``conn`` (outside a transaction); its version.

    The steps run in one transaction under the schema lock, committed here; a part newer
    than this wertung is refused (:class:`SchemaTooNew`).
    """
    steps = MIGRATIONS[part]
    target = len(steps)
    version = _read(conn, part, pragma)
    if version < target:
        conn.lock("schema")
        version = _read(conn, part, pragma)  # another process may have done it meanwhile
        for number in range(version + 1, target + 1):
            for step in steps[number - 1]:
                _run(conn, step)
        if version < target:
            _write(conn, part, target, pragma)
            version = target
        conn.commit()
    if version > target:
        raise SchemaTooNew(
            f"the store {location} has schema version {version}, newer than this "
            f"wertung understands ({target}); update wertung or use another WERTUNG_DATA_DIR",
            code="store.schema",
            params={"path": location, "version": str(version), "known": str(target)},
            field="store",
        )
    return version


def migrate(backend: Backend, part: str) -> int:
    """Bring ``part`` in ``backend`` to the newest version; the version it has now.

    Refuses a part newer than this wertung (:class:`SchemaTooNew`). Checked on every call
    for a SQLite file (a cheap read; the file may have been replaced), once per backend
    object and process for a server.
    """
    done: dict[str, int] = backend.__dict__.setdefault("_migrated", {})
    if part in done and backend.dialect != "sqlite":
        return done[part]
    with backend.connect() as conn:
        version = upgrade(conn, part, location=backend.location, pragma=_pragma(backend))
    done[part] = version
    return version


def describe(backend: Backend) -> dict[str, Any]:
    """Where the store is and the version of each part (for ``--check-database``)."""
    return {
        "database": backend.location,
        "backend": backend.dialect,
        "versions": {part: current_version(backend, part) for part in MIGRATIONS},
        "known": versions(),
    }

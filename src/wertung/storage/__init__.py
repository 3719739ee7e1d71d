"""Where the persistent state lives: SQLite files (default) or one PostgreSQL database.

:mod:`.backend` has the two backends and the common SQL, :mod:`.schema` the versioned
tables, :mod:`.site` the process's choice (``WERTUNG_DATABASE_URL``) that every store of a
``wertung serve`` host follows.
"""

from __future__ import annotations

from wertung.storage.backend import (
    DATABASE_URL_ENV,
    Backend,
    Conn,
    DatabaseUnavailable,
    PostgresBackend,
    SqliteBackend,
    is_postgres_url,
    open_database,
    redact,
)
from wertung.storage.schema import MIGRATIONS, SchemaTooNew, migrate

__all__ = [
    "DATABASE_URL_ENV",
    "MIGRATIONS",
    "Backend",
    "Conn",
    "DatabaseUnavailable",
    "PostgresBackend",
    "SchemaTooNew",
    "SqliteBackend",
    "is_postgres_url",
    "migrate",
    "open_database",
    "redact",
]

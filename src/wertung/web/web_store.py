"""The web app's SQLite file: shared tournament inputs and the import rate limit.

Every worker process opens its own short-lived connections to the same file
(WAL mode), so several workers behind a reverse proxy share both the stored
results and the per-client import counts: no per-process state matters.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["WebStore"]

FILENAME = "wertung-web.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS shared (
    key TEXT PRIMARY KEY, created REAL NOT NULL, source TEXT, body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS fetches (client TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY, created REAL NOT NULL, link TEXT NOT NULL,
    messages TEXT NOT NULL DEFAULT '[]', key TEXT, error TEXT
);
CREATE INDEX IF NOT EXISTS fetches_client ON fetches (client, at);
"""


class WebStore:
    """Shared results keyed by a hash of their content, and import counts per client."""

    def __init__(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / FILENAME
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30)
        try:
            with db:
                yield db
        finally:
            db.close()

    def put(self, data: dict[str, Any], source: str | None = None) -> str:
        """Store a tournament (JSON-ready data); return its key (same data, same key)."""
        body = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        key = hashlib.sha256(body.encode("utf-8")).hexdigest()[:20]
        with self._connect() as db:
            db.execute(
                "INSERT OR IGNORE INTO shared (key, created, source, body) VALUES (?, ?, ?, ?)",
                (key, time.time(), source, body),
            )
        return key

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored tournament data of ``key``, or None."""
        if not key.isalnum() or len(key) > 64:
            return None
        with self._connect() as db:
            row = db.execute("SELECT body FROM shared WHERE key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def allow_fetch(self, client: str, limit: int, window: float) -> bool:
        """Count one import for ``client``; False if it had ``limit`` within ``window`` s."""
        now = time.time()
        with self._connect() as db:
            db.execute("DELETE FROM fetches WHERE at < ?", (now - window,))
            (count,) = db.execute(
                "SELECT COUNT(*) FROM fetches WHERE client = ?", (client,)
            ).fetchone()
            if count >= limit:
                return False
            db.execute("INSERT INTO fetches (client, at) VALUES (?, ?)", (client, now))
        return True

    # -- import jobs: progress of a chess-results import, readable by every worker ----------

    def new_job(self, link: str) -> str:
        """A new import job for ``link``; returns its id."""
        job = secrets.token_hex(10)
        with self._connect() as db:
            db.execute("DELETE FROM jobs WHERE created < ?", (time.time() - 86400,))
            db.execute(
                "INSERT INTO jobs (id, created, link) VALUES (?, ?, ?)", (job, time.time(), link)
            )
        return job

    def job_progress(self, job: str, message: str) -> None:
        """Append a progress line to the job."""
        with self._connect() as db:
            row = db.execute("SELECT messages FROM jobs WHERE id = ?", (job,)).fetchone()
            if row is not None:
                messages = [*json.loads(row[0]), message][-50:]
                db.execute("UPDATE jobs SET messages = ? WHERE id = ?", (json.dumps(messages), job))

    def job_done(self, job: str, *, key: str | None = None, error: str | None = None) -> None:
        """Finish the job with the stored result's key, or with an error message."""
        with self._connect() as db:
            db.execute("UPDATE jobs SET key = ?, error = ? WHERE id = ?", (key, error, job))

    def job(self, job: str) -> dict[str, Any] | None:
        """The job's link, progress lines, key and error (None: no such job)."""
        if not job.isalnum() or len(job) > 64:
            return None
        with self._connect() as db:
            row = db.execute(
                "SELECT link, messages, key, error FROM jobs WHERE id = ?", (job,)
            ).fetchone()
        if row is None:
            return None
        return {"link": row[0], "messages": json.loads(row[1]), "key": row[2], "error": row[3]}

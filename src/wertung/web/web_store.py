"""The web app's SQLite file: shared tournament inputs, the import rate limit and import jobs.

Every worker process opens its own short-lived connections to the same file
(WAL mode), so several workers behind a reverse proxy share the stored results,
the per-client import counts and the jobs' progress: no per-process state matters.

Shared results are kept ``share_days`` days after they were last stored
(:meth:`WebStore.purge`, run at start-up and at most hourly by :meth:`WebStore.put`).
Jobs carry a heartbeat and a deadline (:mod:`wertung.web.jobs`).
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

from ..core.errors import InvalidInput
from .jobs import OWNER, Heartbeat, failure_text, verdict
from .strict_json import clean_text

__all__ = ["InvalidStoredData", "WebStore"]

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
CREATE INDEX IF NOT EXISTS shared_created ON shared (created);
"""
_JOB_COLUMNS = {"heartbeat": "REAL", "deadline": "REAL", "owner": "TEXT", "lang": "TEXT"}
PURGE_EVERY = 3600.0


class InvalidStoredData(InvalidInput):
    """Data that cannot be stored: a number that is not finite."""


class WebStore:
    """Shared results keyed by a hash of their content, import counts per client, import jobs.

    ``share_days``: how long a shared result is kept; ``job_stale``: seconds without a
    heartbeat after which a running job is failed; ``job_timeout``: the longest a job runs.
    """

    def __init__(
        self,
        directory: Path,
        *,
        share_days: float = 180,
        job_stale: float = 30.0,
        job_timeout: float = 1800.0,
    ) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / FILENAME
        self.share_days = share_days
        self.job_stale = job_stale
        self.job_timeout = job_timeout
        self._last_purge = 0.0
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            present = {row[1] for row in db.execute("PRAGMA table_info(jobs)")}
            for name, kind in _JOB_COLUMNS.items():
                if name not in present:
                    db.execute(f"ALTER TABLE jobs ADD COLUMN {name} {kind}")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30)
        try:
            with db:
                yield db
        finally:
            db.close()

    # -- shared results ------------------------------------------------------------------------

    @staticmethod
    def _body(data: dict[str, Any]) -> str:
        try:
            return json.dumps(
                clean_text(data),
                ensure_ascii=False,
                sort_keys=True,
                separators=(",", ":"),
                allow_nan=False,
            )
        except ValueError:
            raise InvalidStoredData(
                "the tournament contains a number that is not finite (NaN or infinity)"
            ) from None

    def key_for(self, data: dict[str, Any]) -> str:
        """The key :meth:`put` would give ``data``, without storing it (evaluate first, then put)."""
        return hashlib.sha256(self._body(data).encode("utf-8")).hexdigest()[:20]

    def put(self, data: dict[str, Any], source: str | None = None) -> str:
        """Store a tournament (JSON-ready data); return its key (same data, same key).

        Lone surrogates in texts are replaced by U+FFFD; a non-finite number is refused
        (:class:`InvalidStoredData`). Storing the same data again renews its lifetime.
        """
        body = self._body(data)
        key = hashlib.sha256(body.encode("utf-8")).hexdigest()[:20]
        now = time.time()
        with self._connect() as db:
            db.execute(
                "INSERT INTO shared (key, created, source, body) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET created = excluded.created",
                (key, now, None if source is None else clean_text(source), body),
            )
        if now - self._last_purge > PURGE_EVERY:
            self.purge()
        return key

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored tournament data of ``key``, or None (also once it has been purged)."""
        if not key.isalnum() or len(key) > 64:
            return None
        with self._connect() as db:
            row = db.execute(
                "SELECT body FROM shared WHERE key = ? AND created >= ?",
                (key, time.time() - self.share_days * 86400),
            ).fetchone()
        return None if row is None else json.loads(row[0])

    def purge(self, now: float | None = None) -> int:
        """Delete shared results older than ``share_days`` and finished jobs older than a day.

        Returns how many shared results were deleted.
        """
        now = time.time() if now is None else now
        self._last_purge = now
        with self._connect() as db:
            cursor = db.execute(
                "DELETE FROM shared WHERE created < ?", (now - self.share_days * 86400,)
            )
            db.execute("DELETE FROM jobs WHERE created < ?", (now - 86400,))
            return cursor.rowcount

    # -- rate limit ----------------------------------------------------------------------------

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

    def new_job(self, link: str, lang: str | None = None) -> str:
        """A new import job for ``link`` run by this process (it beats until the job is done)."""
        job = secrets.token_hex(10)
        now = time.time()
        with self._connect() as db:
            db.execute("DELETE FROM jobs WHERE created < ?", (now - 86400,))
            db.execute(
                "INSERT INTO jobs (id, created, link, heartbeat, deadline, owner, lang) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (job, now, link, now, now + self.job_timeout, OWNER, lang),
            )
        Heartbeat.add(str(self.path), job, self._beat, self.job_stale / 3)
        return job

    def _beat(self, jobs: set[str]) -> None:
        marks = ",".join("?" * len(jobs))
        with self._connect() as db:
            db.execute(
                f"UPDATE jobs SET heartbeat = ? WHERE id IN ({marks}) "
                "AND key IS NULL AND error IS NULL",
                (time.time(), *jobs),
            )

    def job_progress(self, job: str, message: str) -> None:
        """Append a progress line to the job."""
        with self._connect() as db:
            row = db.execute("SELECT messages FROM jobs WHERE id = ?", (job,)).fetchone()
            if row is not None:
                messages = [*json.loads(row[0]), clean_text(message)][-50:]
                db.execute(
                    "UPDATE jobs SET messages = ?, heartbeat = ? WHERE id = ?",
                    (json.dumps(messages), time.time(), job),
                )

    def job_done(self, job: str, *, key: str | None = None, error: str | None = None) -> None:
        """Finish the job with the stored result's key, or with an error message.

        A job already failed (stalled or past its deadline) keeps its failure.
        """
        Heartbeat.remove(str(self.path), job)
        with self._connect() as db:
            db.execute(
                "UPDATE jobs SET key = ?, error = ? WHERE id = ? AND key IS NULL AND error IS NULL",
                (key, None if error is None else clean_text(error), job),
            )

    def job(self, job: str) -> dict[str, Any] | None:
        """The job: link, progress lines, key, error, and ``status``.

        ``status`` is ``running``, ``done`` or ``failed``; a running job whose worker
        stopped beating (or that is past its deadline) is failed here with a message.
        None: no such job.
        """
        if not job.isalnum() or len(job) > 64:
            return None
        with self._connect() as db:
            row = db.execute(
                "SELECT link, messages, key, error, heartbeat, deadline, lang, created FROM jobs "
                "WHERE id = ?",
                (job,),
            ).fetchone()
            if row is None:
                return None
            state: dict[str, Any] = {
                "link": row[0],
                "messages": json.loads(row[1]),
                "key": row[2],
                "error": row[3],
                "heartbeat": row[4] if row[4] is not None else row[7],  # jobs of older versions
                "deadline": row[5],
                "lang": row[6],
            }
            reason = verdict(state, now=time.time(), stale=self.job_stale)
            if reason is not None:
                state["error"] = failure_text(reason, state["lang"])
                state["reason"] = reason
                db.execute(
                    "UPDATE jobs SET error = ? WHERE id = ? AND key IS NULL AND error IS NULL",
                    (state["error"], job),
                )
        state["status"] = "done" if state["key"] else "failed" if state["error"] else "running"
        return state

    def restart_job(self, job: str) -> str | None:
        """A new job for the link of failed job ``job`` (None unless that job failed).

        The caller runs the import for the new id as for any new job (and counts it for
        the rate limit as it sees fit).
        """
        state = self.job(job)
        if state is None or state["status"] != "failed":
            return None
        return self.new_job(state["link"], state["lang"])

"""The web app's SQLite file: shared tournament inputs, the import rate limit, import jobs and
the refreshes of running chess-results imports.

Every worker process opens its own short-lived connections to the same file
(WAL mode), so several workers behind a reverse proxy share the stored results,
the per-client import counts and the jobs' progress: no per-process state matters.

Shared results are kept ``share_days`` days after they were last stored
(:meth:`WebStore.purge`; :meth:`WebStore.maybe_purge` runs it at start-up, from
:meth:`WebStore.put` and from the job queue's loop, at most once an hour for every process
and host of the store together: the run is claimed in the table ``periodic``,
:mod:`wertung.storage.periodic`).
Their JSON may take ``max_bytes`` together (``WERTUNG_STORE_MB``): :meth:`WebStore.put`
past it purges the least recently stored results that nothing points to (not the newest
state of a refreshed import, not one being refreshed) until the new one fits, and refuses
it (:class:`StoreFull`) only when it cannot fit that way.
Jobs carry a heartbeat and a deadline; the imports started from the page are a queue any
process of any host runs, and takes over from a process that died (:mod:`wertung.web.jobs`).

A stored import of a chess-results link also has a row in ``fetched`` (the link, when its
pages were fetched, its refresh job and the last refresh's failure), and a refreshed one a
row in ``newer``: the key of the import it came from, mapped to the newest import of the
same link. Stored inputs never change (a key is the hash of its content); a refresh stores
the new state under its own key and maps the older keys to it (:meth:`WebStore.newest`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from wertung.formats._zipguard import size_text
from wertung.kernel.errors import InvalidInput
from wertung.storage import periodic
from wertung.storage.backend import Backend, Conn, SqliteBackend
from wertung.storage.schema import migrate
from wertung.web.jobs import MAX_ATTEMPTS, OWNER, Claim, Heartbeat, failure_text, new_owner, verdict
from wertung.web.strict_json import clean_text

__all__ = ["InvalidStoredData", "StoreFull", "WebStore", "open_store"]

FILENAME = "wertung-web.sqlite3"
#: The purge runs at most this often for every process and host of the store together.
PURGE_EVERY = 3600.0
#: The name of the purge's claim in the table ``periodic``.
PURGE_NAME = "web purge"


class InvalidStoredData(InvalidInput):
    """Data that cannot be stored: a number that is not finite."""


class StoreFull(InvalidInput):
    """A result that does not fit in the store's quota, even with the purgeable ones gone."""


class WebStore:
    """Shared results keyed by a hash of their content, import counts per client, import jobs.

    ``share_days``: how long a shared result is kept; ``job_stale``: seconds without a
    heartbeat after which a running job is failed; ``job_timeout``: the longest a job runs;
    ``max_bytes``: the most bytes the stored results may take together (None: no quota).
    ``backend``: where the tables are (:mod:`wertung.storage`; a PostgreSQL database shared
    by several hosts); default the SQLite file ``wertung-web.sqlite3`` in ``directory``.
    The tables are made or migrated when the store is made (part ``web`` of
    :mod:`wertung.storage.schema`).
    """

    def __init__(
        self,
        directory: Path,
        *,
        share_days: float = 180,
        job_stale: float = 30.0,
        job_timeout: float = 1800.0,
        max_bytes: int | None = None,
        backend: Backend | None = None,
    ) -> None:
        self.max_bytes = max_bytes
        self.path = directory / FILENAME
        if backend is None:
            directory.mkdir(parents=True, exist_ok=True)
            backend = SqliteBackend(self.path)
            with backend.connect() as db:
                db.raw.execute("PRAGMA journal_mode=WAL")
        self.backend = backend
        self._name = backend.location  # the heartbeat's name of this store
        self._claims = f"{backend.location} claims"  # ... and of its claims of queued jobs
        self._longest_window = 0.0  # the longest rate-limit window this store counted for
        self.share_days = share_days
        self.job_stale = job_stale
        self.job_timeout = job_timeout
        self._last_purge = 0.0
        migrate(backend, "web")

    @contextmanager
    def _connect(self) -> Iterator[Conn]:
        with self.backend.connect() as db:
            yield db

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
                "the tournament contains a number that is not finite (NaN or infinity)",
                code="web.not_finite",
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
        encoded = body.encode("utf-8")
        key = hashlib.sha256(encoded).hexdigest()[:20]
        now = time.time()
        with self._connect() as db:
            if self.max_bytes is not None:
                db.lock("shared")  # the sum, the purge and the insert at once
                self._make_room(db, key, len(encoded))
            db.execute(
                "INSERT INTO shared (key, created, source, body, size) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET created = excluded.created",
                (key, now, None if source is None else clean_text(source), body, len(encoded)),
            )
        self.maybe_purge(now)
        return key

    def _make_room(self, db: Conn, key: str, size: int) -> None:
        """Purge the least recently stored unreferenced results until ``size`` more bytes
        fit under :attr:`max_bytes` (or raise :class:`StoreFull`, purging nothing)."""
        assert self.max_bytes is not None
        if db.execute("SELECT 1 FROM shared WHERE key = ?", (key,)).fetchone():
            return  # stored already: only renewed
        (total,) = db.execute("SELECT coalesce(sum(size), 0) FROM shared").fetchone()
        excess = total + size - self.max_bytes
        if excess <= 0:
            return
        purgeable = db.execute(
            "SELECT key, size FROM shared WHERE key NOT IN (SELECT newest FROM newer) "
            "AND key NOT IN (SELECT key FROM fetched WHERE job IS NOT NULL) ORDER BY created"
        )
        chosen: list[str] = []
        freed = 0
        for old, old_size in purgeable:
            if freed >= excess:
                break
            chosen.append(old)
            freed += old_size or 0
        if freed < excess:
            kept = total - freed
            raise StoreFull(
                f"the tournament needs {size_text(size)}; this server's store has "
                f"{size_text(max(self.max_bytes - kept, 0))} of {size_text(self.max_bytes)} free",
                code="web.store_full",
                params={
                    "size": str(size_text(size)),
                    "free": str(size_text(max(self.max_bytes - kept, 0))),
                    "limit": str(size_text(self.max_bytes)),
                },
                field="file",
            )
        for start in range(0, len(chosen), 500):
            part = chosen[start : start + 500]
            marks = ",".join("?" * len(part))
            db.execute(f"DELETE FROM shared WHERE key IN ({marks})", part)
            db.execute(f"DELETE FROM fetched WHERE key IN ({marks})", part)

    def stored_bytes(self) -> int:
        """The bytes the stored results take together (what :attr:`max_bytes` bounds)."""
        with self._connect() as db:
            (total,) = db.execute("SELECT coalesce(sum(size), 0) FROM shared").fetchone()
        return int(total)

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
        """Delete shared results older than ``share_days``, jobs older than a day and
        everybody's import counts older than a day (or the longest window counted for).

        Returns how many shared results were deleted. Runs whenever called; the periodic
        purge of every host is :meth:`maybe_purge`.
        """
        now = time.time() if now is None else now
        self._last_purge = now
        with self._connect() as db:
            return self._purge(db, now)

    def maybe_purge(self, now: float | None = None) -> int | None:
        """:meth:`purge` when it is due: this process did not ask for :data:`PURGE_EVERY`
        seconds, and no process of any host ran it within that time (claimed in the table
        ``periodic`` in the purge's own transaction). None: not due."""
        now = time.time() if now is None else now
        if now - self._last_purge <= PURGE_EVERY:
            return None
        self._last_purge = now
        with self._connect() as db:
            if not periodic.claim(db, PURGE_NAME, every=PURGE_EVERY, now=now):
                return None
            return self._purge(db, now)

    def _purge(self, db: Conn, now: float) -> int:
        cursor = db.execute(
            "DELETE FROM shared WHERE created < ?", (now - self.share_days * 86400,)
        )
        deleted = int(cursor.rowcount)
        db.execute("DELETE FROM jobs WHERE created < ?", (now - 86400,))
        db.execute("DELETE FROM fetches WHERE at < ?", (now - max(self._longest_window, 86400),))
        db.execute("DELETE FROM fetched WHERE key NOT IN (SELECT key FROM shared)")
        db.execute("DELETE FROM newer WHERE newest NOT IN (SELECT key FROM shared)")
        return deleted

    # -- rate limit ----------------------------------------------------------------------------

    def allow_fetch(self, client: str, limit: int, window: float) -> bool:
        """Count one import for ``client``; False if it had ``limit`` within ``window`` s.

        ``client`` may name a kind of work too (``"history 1.2.3.4"``, see
        :func:`wertung.web.limits.allow`): each kind has its own window, so only this
        client's old counts go here, and everybody's after a day (or the longest window
        counted for) with the periodic purge (:meth:`maybe_purge`).
        """
        now = time.time()
        self._longest_window = max(self._longest_window, float(window))
        with self._connect() as db:
            db.lock(f"fetches {client}")  # the count and the insert at once, on every host
            db.execute("DELETE FROM fetches WHERE client = ? AND at < ?", (client, now - window))
            (count,) = db.execute(
                "SELECT COUNT(*) FROM fetches WHERE client = ?", (client,)
            ).fetchone()
            if count >= limit:
                return False
            db.execute("INSERT INTO fetches (client, at) VALUES (?, ?)", (client, now))
        return True

    def refund_fetch(self, client: str) -> None:
        """Give back ``client``'s latest counted import (one that could not reach the source)."""
        with self._connect() as db:
            db.execute(
                "DELETE FROM fetches WHERE rowid = (SELECT rowid FROM fetches WHERE client = ? "
                "ORDER BY at DESC LIMIT 1)",
                (client,),
            )

    # -- import jobs: progress of a chess-results import, readable by every worker ----------

    def new_job(self, link: str, lang: str | None = None) -> str:
        """A new import job for ``link`` run by this process (it beats until the job is done).

        No other process takes it over: it fails once this process stops beating. The
        imports of the page are queued instead (:meth:`queue_job`).
        """
        with self._connect() as db:
            job = self._insert_job(db, link, lang)
        Heartbeat.add(self._name, job, self._beat, self.job_stale / 3)
        return job

    def _insert_job(self, db: Conn, link: str, lang: str | None) -> str:
        job = secrets.token_hex(10)
        now = time.time()
        db.execute(
            "INSERT INTO jobs (id, created, link, heartbeat, deadline, owner, lang) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (job, now, link, now, now + self.job_timeout, OWNER, lang),
        )
        return job

    def queue_job(
        self,
        link: str,
        lang: str | None = None,
        *,
        params: dict[str, Any] | None = None,
        claim: bool = False,
    ) -> tuple[str, Claim | None]:
        """A queued import job for ``link`` (``lang``: the user's; ``params``: what else
        runs it, JSON) that any process may claim (:meth:`claim_job`); its id, and with
        ``claim`` its claim by this process, made in the same transaction (none other can
        take it first). Its deadline counts from now, whoever runs it."""
        job = secrets.token_hex(10)
        now = time.time()
        owner = new_owner() if claim else None
        text = json.dumps(clean_text(params or {}), ensure_ascii=False)
        with self._connect() as db:
            db.execute(
                "INSERT INTO jobs (id, created, link, heartbeat, deadline, owner, lang, queued, "
                "params, attempts) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (job, now, link, now, now + self.job_timeout, owner, lang, text, int(claim)),
            )
        if owner is None:
            return job, None
        held = Claim(job, owner, link, lang, dict(params or {}), 1)
        self._hold(held)
        return job, held

    def claim_job(self, job: str | None = None) -> Claim | None:
        """Claim the oldest queued job no live process runs (or ``job``, if it is one).

        Claimable: queued, unfinished, and not claimed yet or without a beat for
        ``job_stale`` seconds (its process died). A job past its deadline, or claimed
        :data:`~wertung.web.jobs.MAX_ATTEMPTS` times already, is failed instead (the
        message in its user's language). PostgreSQL: the row is locked, skipped by every
        other host meanwhile (``FOR UPDATE SKIP LOCKED``); SQLite: the check and the claim
        under the file's write lock. None: nothing to claim.
        """
        if job is not None and (not job.isalnum() or len(job) > 64):
            return None
        now = time.time()
        owner = new_owner()
        sql = (
            "SELECT id, link, lang, params, attempts, owner, deadline FROM jobs "
            "WHERE queued = 1 AND key IS NULL AND error IS NULL "
            "AND (owner IS NULL OR heartbeat < ?)"
            + (" AND id = ?" if job is not None else "")
            + " ORDER BY created LIMIT 1 FOR UPDATE SKIP LOCKED"
        )
        args: tuple[Any, ...] = (now - self.job_stale,) + ((job,) if job is not None else ())
        with self._connect() as db:
            if db.dialect == "sqlite":
                if db.execute(sql, args).fetchone() is None:  # nothing: no write lock taken
                    return None
                db.lock("jobs")  # the check and the claim under the file's write lock
            for _ in range(20):  # failing the ones that cannot run, then one to run
                row = db.execute(sql, args).fetchone()
                if row is None:
                    return None
                found, link, lang, params, attempts, before, deadline = row
                reason = None
                if deadline is not None and now > deadline:
                    reason = "timeout"
                elif before is not None and (attempts or 0) >= MAX_ATTEMPTS:
                    reason = "stalled"
                if reason is not None:
                    db.execute(
                        "UPDATE jobs SET error = ? WHERE id = ? AND key IS NULL AND error IS NULL",
                        (failure_text(reason, lang), found),
                    )
                    continue
                cursor = db.execute(  # conditional: still unclaimed (or stale) when claimed
                    "UPDATE jobs SET owner = ?, heartbeat = ?, attempts = attempts + 1, "
                    "messages = CASE WHEN owner IS NULL THEN messages ELSE '[]' END "
                    "WHERE id = ? AND key IS NULL AND error IS NULL "
                    "AND (owner IS NULL OR heartbeat < ?)",
                    (owner, now, found, now - self.job_stale),
                )
                if cursor.rowcount != 1:
                    return None
                held = Claim(found, owner, link, lang, json.loads(params or "{}"), attempts + 1)
                break
            else:
                return None
        self._hold(held)
        return held

    def _hold(self, claim: Claim) -> None:
        Heartbeat.add(self._claims, claim.owner, self._beat_claims, self.job_stale / 3)

    def drop_claim(self, claim: Claim) -> None:
        """Stop beating for ``claim`` (its run ended, finished or not)."""
        Heartbeat.remove(self._claims, claim.owner)

    def _beat(self, jobs: set[str]) -> None:
        marks = ",".join("?" * len(jobs))
        with self._connect() as db:
            db.execute(
                f"UPDATE jobs SET heartbeat = ? WHERE id IN ({marks}) "
                "AND key IS NULL AND error IS NULL",
                (time.time(), *jobs),
            )

    def _beat_claims(self, owners: set[str]) -> None:
        marks = ",".join("?" * len(owners))
        with self._connect() as db:
            db.execute(
                f"UPDATE jobs SET heartbeat = ? WHERE owner IN ({marks}) "
                "AND key IS NULL AND error IS NULL",
                (time.time(), *owners),
            )

    def job_progress(self, job: str, message: str, *, owner: str | None = None) -> bool:
        """Append a progress line to the job; whether it was appended.

        ``owner``: the claim of a queued job (:class:`~wertung.web.jobs.Claim`); only while
        the job is still unfinished and this claim's. Past its deadline the job is failed
        here (nothing appended).
        """
        now = time.time()
        with self._connect() as db:
            if owner is None:
                row = db.execute("SELECT messages FROM jobs WHERE id = ?", (job,)).fetchone()
            else:
                row = db.execute(
                    "SELECT messages, deadline, lang FROM jobs WHERE id = ? AND owner = ? "
                    "AND key IS NULL AND error IS NULL",
                    (job, owner),
                ).fetchone()
                if row is not None and row[1] is not None and now > row[1]:
                    db.execute(
                        "UPDATE jobs SET error = ? WHERE id = ? AND key IS NULL AND error IS NULL",
                        (failure_text("timeout", row[2]), job),
                    )
                    return False
            if row is None:
                return False
            messages = [*json.loads(row[0]), clean_text(message)][-50:]
            sql = "UPDATE jobs SET messages = ?, heartbeat = ? WHERE id = ?"
            args: tuple[Any, ...] = (json.dumps(messages), now, job)
            if owner is not None:  # still this claim's (not taken over meanwhile)
                sql += " AND owner = ? AND key IS NULL AND error IS NULL"
                args = (*args, owner)
            return int(db.execute(sql, args).rowcount) == 1

    def job_done(
        self,
        job: str,
        *,
        key: str | None = None,
        error: str | None = None,
        owner: str | None = None,
    ) -> bool:
        """Finish the job with the stored result's key, or with an error message; whether
        this call finished it (a job is finished once: the key is written once).

        A job already failed (stalled or past its deadline) keeps its failure. ``owner``:
        the claim of a queued job; a claim that was taken over finishes nothing.
        """
        if owner is None:
            Heartbeat.remove(self._name, job)
        else:
            Heartbeat.remove(self._claims, owner)
        sql = "UPDATE jobs SET key = ?, error = ? WHERE id = ? AND key IS NULL AND error IS NULL"
        args: tuple[Any, ...] = (key, None if error is None else clean_text(error), job)
        if owner is not None:
            sql, args = sql + " AND owner = ?", (*args, owner)
        with self._connect() as db:
            return int(db.execute(sql, args).rowcount) == 1

    def job(self, job: str) -> dict[str, Any] | None:
        """The job: link, progress lines, key, error, ``attempts`` and ``status``.

        ``status`` is ``running``, ``done`` or ``failed``; a running job past its deadline,
        or whose process stopped beating, is failed here with a message -- a queued job
        only once it was claimed :data:`~wertung.web.jobs.MAX_ATTEMPTS` times (before, a
        live process takes it over; a job waiting in the queue is running). None: no such job.
        """
        if not job.isalnum() or len(job) > 64:
            return None
        with self._connect() as db:
            row = db.execute(
                "SELECT link, messages, key, error, heartbeat, deadline, lang, created, queued, "
                "owner, attempts FROM jobs WHERE id = ?",
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
                "attempts": row[10] or 0,
            }
            reason = verdict(state, now=time.time(), stale=self.job_stale)
            if reason == "stalled" and row[8] and (row[9] is None or row[10] < MAX_ATTEMPTS):
                reason = None  # waiting in the queue, or to be taken over by a live process
            if reason is not None:
                state["error"] = failure_text(reason, state["lang"])
                state["reason"] = reason
                db.execute(
                    "UPDATE jobs SET error = ? WHERE id = ? AND key IS NULL AND error IS NULL",
                    (state["error"], job),
                )
        state["status"] = "done" if state["key"] else "failed" if state["error"] else "running"
        return state

    def restart_job(self, job: str, *, params: dict[str, Any] | None = None) -> str | None:
        """A new queued job for the link of failed job ``job`` (None unless that job failed).

        ``params``: the new job's (default: the failed one's). The caller runs it as any
        queued job (:meth:`claim_job`) and counts it for the rate limit as it sees fit.
        """
        state = self.job(job)
        if state is None or state["status"] != "failed":
            return None
        if params is None:
            with self._connect() as db:
                row = db.execute("SELECT params FROM jobs WHERE id = ?", (job,)).fetchone()
            params = json.loads(row[0]) if row is not None and row[0] else {}
        return self.queue_job(state["link"], state["lang"], params=params)[0]

    # -- running chess-results imports: when fetched, their refresh, the newest key -----------

    def mark_fetched(self, key: str, link: str, as_of: float) -> None:
        """Record that stored import ``key`` is chess-results link ``link`` as of ``as_of``.

        The import is the newest state of its content: an older key mapped from ``key``
        is forgotten (``key`` shows itself again), a refresh failure recorded for it too.
        A refresh job running for it keeps running.
        """
        with self._connect() as db:
            db.execute(
                "INSERT INTO fetched (key, link, as_of) VALUES (?, ?, ?) ON CONFLICT (key) DO "
                "UPDATE SET link = excluded.link, as_of = greatest(fetched.as_of, excluded.as_of), "
                "failed = NULL, failure = NULL",
                (key, clean_text(link), as_of),
            )
            db.execute("DELETE FROM newer WHERE key = ?", (key,))

    def newest(self, key: str) -> str:
        """The key of the newest import that refreshed ``key`` (``key`` itself if none did)."""
        if not key.isalnum() or len(key) > 64:
            return key
        with self._connect() as db:
            row = db.execute("SELECT newest FROM newer WHERE key = ?", (key,)).fetchone()
        return key if row is None else row[0]

    def fetch_state(self, key: str) -> dict[str, Any] | None:
        """The ``fetched`` row of ``key``: ``link``, ``as_of``, ``checked`` (when a refresh
        last started), ``job``, ``failed`` (when the last refresh failed) and ``failure``
        (its texts by language); None for an import that is not of a chess-results link."""
        if not key.isalnum() or len(key) > 64:
            return None
        with self._connect() as db:
            row = db.execute(
                "SELECT link, as_of, checked, job, failed, failure FROM fetched WHERE key = ?",
                (key,),
            ).fetchone()
        if row is None:
            return None
        names = ("link", "as_of", "checked", "job", "failed", "failure")
        state = dict(zip(names, row, strict=True))
        state["failure"] = json.loads(state["failure"]) if state["failure"] else None
        return state

    def claim_refresh(
        self, key: str, *, now: float, interval: float, stale_job: str | None = None
    ) -> tuple[str, float | None] | None:
        """Start the one refresh of ``key`` if it is due: a new job and the previous ``checked``.

        Due: no refresh job running (or only ``stale_job``, one that ended without saying so)
        and ``interval`` seconds passed since the pages were fetched and since the last
        refresh started. The check and the claim are one transaction under the write lock,
        so of many viewers (in any worker process) only one gets the job; the others None.
        """
        with self._connect() as db:
            db.lock("claims")  # SQLite: the check and the claim under the file's write lock
            row = db.execute(  # PostgreSQL: the row locked, or skipped if another host has it
                "SELECT link, checked FROM fetched WHERE key = ? AND (job IS NULL OR job = ?) "
                "AND greatest(as_of, coalesce(checked, as_of)) <= ? FOR UPDATE SKIP LOCKED",
                (key, stale_job, now - interval),
            ).fetchone()
            if row is None:
                return None
            job = self._insert_job(db, row[0], None)
            db.execute("UPDATE fetched SET job = ?, checked = ? WHERE key = ?", (job, now, key))
        Heartbeat.add(self._name, job, self._beat, self.job_stale / 3)
        return job, row[1]

    def release_refresh(self, key: str, job: str, checked: float | None, reason: str) -> None:
        """Give back a claimed refresh that did not start (``checked`` as it was before)."""
        with self._connect() as db:
            db.execute(
                "UPDATE fetched SET job = NULL, checked = ? WHERE key = ? AND job = ?",
                (checked, key, job),
            )
        self.job_done(job, error=reason)

    def refreshed(self, key: str, newest: str, job: str, *, checked: float) -> None:
        """Refresh ``job`` of ``key`` stored ``newest``: every key that showed ``key`` now
        shows ``newest`` (``newest`` is stored and marked fetched already)."""
        with self._connect() as db:
            if newest != key:
                db.execute("UPDATE newer SET newest = ? WHERE newest = ?", (newest, key))
                db.execute(
                    "INSERT INTO newer (key, newest) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET newest = excluded.newest",
                    (key, newest),
                )
                db.execute("DELETE FROM newer WHERE key = ? OR key = newest", (newest,))
            db.execute(
                "UPDATE fetched SET job = NULL, failed = NULL, failure = NULL "
                "WHERE key = ? AND job = ?",
                (key, job),
            )
            db.execute(
                "UPDATE fetched SET checked = greatest(coalesce(checked, 0), ?) WHERE key = ?",
                (checked, newest),
            )

    def refresh_failed(self, key: str, job: str, failure: dict[str, str], *, now: float) -> None:
        """Refresh ``job`` of ``key`` failed: ``failure`` (texts by language) at ``now``."""
        with self._connect() as db:
            db.execute(
                "UPDATE fetched SET job = NULL, failed = ?, failure = ? WHERE key = ? AND job = ?",
                (now, json.dumps(clean_text(failure), ensure_ascii=False), key, job),
            )

    def refresh_ended(self, key: str, job: str) -> None:
        """Forget refresh ``job`` of ``key`` (it finished without updating the row)."""
        with self._connect() as db:
            db.execute("UPDATE fetched SET job = NULL WHERE key = ? AND job = ?", (key, job))


def open_store(settings: Any) -> WebStore:
    """The web store ``settings`` ask for: the SQLite file in the data directory, or the
    PostgreSQL database of ``settings.database_url`` (``WERTUNG_DATABASE_URL``), which then
    holds the DSB list and the page cache of this process as well (:mod:`wertung.storage.site`).
    """
    from wertung.storage import site
    from wertung.storage.backend import open_database

    backend = open_database(settings.database_url) if settings.database_url else None
    site.use(backend, settings.store_dir())
    return WebStore(
        settings.store_dir(),
        share_days=settings.share_days,
        job_stale=settings.job_stale,
        job_timeout=settings.job_timeout,
        max_bytes=settings.store_mb * 1024 * 1024,
        backend=backend,
    )

"""Import jobs that always end: a queue in the shared store, heartbeats and a deadline.

A chess-results import from the page is a row in the store's ``jobs`` table carrying what
runs it (the link, the user's language, the client to give the counted import back to),
so any process of any host can run it and answer the page's polling:

- the process that starts it runs it at once when one of its :data:`MAX_RUNNING` slots is
  free (claimed in the same transaction as the row is made), else it waits in the queue;
- every process keeps a :class:`Workers` that claims queued jobs (PostgreSQL: ``FOR UPDATE
  SKIP LOCKED``, SQLite: a conditional update under the file's write lock), each claim by
  an owner name of its own, and runs each in a thread ``import-<job>``;
- the running process beats for its claims (one daemon thread per process,
  :class:`Heartbeat`, every ``stale / 3`` seconds); a job without a beat for ``stale``
  seconds (its process died: ``kill -9``, a crash, a restart) is claimed again by a live
  process, at most :data:`MAX_ATTEMPTS` times in all; then, or when the job runs longer than
  its deadline, it is failed with a message (:func:`verdict`): the polling answer then
  carries the error instead of another poll, so the page stops, and the link can be
  imported again (:meth:`WebStore.restart_job
  <wertung.web.web_store.WebStore.restart_job>`);
- only the current claim may report progress and finish the job, once: a process that lost
  its claim (it stopped beating but still runs) is told so at its next progress line
  (:class:`JobLost`) and stops; the job's key is written once.

A job made for a process of its own (:meth:`WebStore.new_job
<wertung.web.web_store.WebStore.new_job>`, the refreshes of running events) is run by that
process only and failed as soon as it stops beating.

>>> verdict({"key": None, "error": None, "heartbeat": 100.0, "deadline": 500.0},
...         now=200.0, stale=30.0)
'stalled'
>>> verdict({"key": None, "error": None, "heartbeat": 190.0, "deadline": 500.0},
...         now=200.0, stale=30.0) is None
True
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from wertung.catalogue.words import WORDS

__all__ = [
    "MAX_ATTEMPTS",
    "MAX_RUNNING",
    "OWNER",
    "Claim",
    "Heartbeat",
    "JobLost",
    "Workers",
    "failure_text",
    "new_owner",
    "verdict",
]

log = logging.getLogger("wertung.web")

OWNER = f"{socket.gethostname()}:{os.getpid()}"
#: How often a queued job is started in all (the first run and the runs after its process died).
MAX_ATTEMPTS = 3
#: Import jobs one process runs at the same time (the others wait in the queue).
MAX_RUNNING = 4


def new_owner() -> str:
    """The owner name of one claim: this host and process, and a part of its own."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass(frozen=True)
class Claim:
    """A queued job claimed by this process: what runs it, and the claim's ``owner`` name
    (only it may report progress and finish the job). ``attempt``: 1 for the first run."""

    job: str
    owner: str
    link: str
    lang: str | None
    params: dict[str, Any] = field(default_factory=dict)
    attempt: int = 1


class JobLost(Exception):
    """The job is no longer this claim's (claimed again elsewhere, finished, or past its
    deadline): the run stops and reports nothing."""


def failure_text(reason: str, lang: str | None) -> str:
    """The message of a failed job in ``lang`` (both languages when it is not known)."""
    german, english = WORDS[f"job.{reason}"]
    if lang == "de":
        return german
    if lang == "en":
        return english
    return f"{german} / {english}"


def verdict(row: Mapping[str, Any], *, now: float, stale: float) -> str | None:
    """``stalled`` or ``timeout`` for a running job that must be failed, else None."""
    if row.get("key") or row.get("error"):
        return None
    deadline = row.get("deadline")
    if deadline is not None and now > deadline:
        return "timeout"
    beat = row.get("heartbeat")
    if beat is not None and now - beat > stale:
        return "stalled"
    return None


class Heartbeat:
    """One daemon thread per process that beats for this process's unfinished jobs."""

    _lock = threading.Lock()
    _jobs: ClassVar[dict[str, set[str]]] = {}  # beat function name -> job ids
    _beaters: ClassVar[dict[str, Callable[[set[str]], None]]] = {}
    _thread: threading.Thread | None = None
    _pid: int | None = None
    _sooner = threading.Event()  # a shorter interval: the sleeping thread beats now
    interval: float = 5.0

    @classmethod
    def add(cls, name: str, job: str, beat: Callable[[set[str]], None], interval: float) -> None:
        """Beat for ``job`` with ``beat(ids)`` (``name``: one store) every ``interval`` s."""
        with cls._lock:
            if cls._pid != os.getpid():  # a forked child does not inherit the thread
                cls._jobs, cls._beaters, cls._thread, cls._pid = {}, {}, None, os.getpid()
            cls._jobs.setdefault(name, set()).add(job)
            cls._beaters[name] = beat
            shorter = min(cls.interval, max(interval, 0.05))
            if shorter < cls.interval:
                cls.interval = shorter
                cls._sooner.set()
            if cls._thread is None or not cls._thread.is_alive():
                cls._thread = threading.Thread(target=cls._run, name="job-heartbeat", daemon=True)
                cls._thread.start()

    @classmethod
    def remove(cls, name: str, job: str) -> None:
        """Stop beating for ``job``."""
        with cls._lock:
            cls._jobs.get(name, set()).discard(job)

    @classmethod
    def _run(cls) -> None:
        while True:
            cls._sooner.wait(cls.interval)
            cls._sooner.clear()
            with cls._lock:
                work = [(cls._beaters[n], set(ids)) for n, ids in cls._jobs.items() if ids]
            for beat, ids in work:
                try:
                    beat(ids)
                except Exception:  # a busy database: the next beat tries again
                    continue


class _Queue(Protocol):
    job_stale: float

    def queue_job(
        self,
        link: str,
        lang: str | None = None,
        *,
        params: dict[str, Any] | None = None,
        claim: bool = False,
    ) -> tuple[str, Claim | None]: ...

    def claim_job(self, job: str | None = None) -> Claim | None: ...

    def drop_claim(self, claim: Claim) -> None: ...

    def maybe_purge(self) -> object: ...


class Workers:
    """The queued jobs one process runs: at most ``slots`` at once, each in a thread
    ``import-<job>`` running ``run(claim)``.

    :meth:`submit` queues a job and runs it here when a slot is free; a finished job's
    slot takes the next claimable job at once. :meth:`start` adds the resident loop (the
    app's lifespan): every ``poll`` seconds (``job_stale / 3``, at most 5) it claims what
    other processes queued or left behind when they died, and runs the store's periodic
    purge when it is due (:meth:`WebStore.maybe_purge
    <wertung.web.web_store.WebStore.maybe_purge>`).
    """

    def __init__(
        self,
        store: _Queue,
        run: Callable[[Claim], None],
        *,
        slots: int = MAX_RUNNING,
        poll: float | None = None,
    ) -> None:
        self.store = store
        self.run = run
        self.poll = poll if poll is not None else max(0.05, min(store.job_stale / 3, 5.0))
        self._slots = threading.BoundedSemaphore(slots)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def submit(self, link: str, lang: str | None, params: dict[str, Any] | None = None) -> str:
        """Queue an import of ``link``; run here at once when a slot is free. The job's id."""
        if not self._slots.acquire(blocking=False):
            job, _ = self.store.queue_job(link, lang, params=params)
            self._wake.set()
            return job
        try:
            job, claim = self.store.queue_job(link, lang, params=params, claim=True)
        except BaseException:
            self._slots.release()
            raise
        assert claim is not None
        self._start(claim)
        return job

    def resume(self, job: str) -> None:
        """Run queued ``job`` here when a slot is free (else it waits for any process)."""
        if not self._slots.acquire(blocking=False):
            self._wake.set()
            return
        try:
            claim = self.store.claim_job(job)
        except BaseException:
            self._slots.release()
            raise
        if claim is None:  # another process has it already
            self._slots.release()
            return
        self._start(claim)

    def _start(self, claim: Claim) -> None:
        """Run ``claim`` in a thread of its own (its slot is taken)."""
        try:
            thread = threading.Thread(
                target=self._work, args=(claim,), name=f"import-{claim.job}", daemon=True
            )
            thread.start()
        except BaseException:
            self.store.drop_claim(claim)
            self._slots.release()
            raise

    def _work(self, claim: Claim) -> None:
        try:
            self.run(claim)
        except JobLost:
            log.info("import job %s was taken over or ended elsewhere", claim.job)
        except Exception:
            log.exception("import job %s failed", claim.job)
        finally:
            self.store.drop_claim(claim)
            self._slots.release()
        self.take()

    def take(self) -> int:
        """Claim and start queued jobs while slots are free; how many were started."""
        started = 0
        while self._slots.acquire(blocking=False):
            try:
                claim = self.store.claim_job()
            except Exception:  # the database is gone for now: the next try claims them
                self._slots.release()
                return started
            if claim is None:
                self._slots.release()
                return started
            self._start(claim)
            started += 1
        return started

    def start(self) -> None:
        """Start the resident loop (idempotent)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="job-queue", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the resident loop (running jobs end by themselves)."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.take()
            try:
                self.store.maybe_purge()
            except Exception:  # a busy or lost database: the next round tries again
                log.debug("the periodic purge did not run", exc_info=True)
            self._wake.wait(self.poll)
            self._wake.clear()

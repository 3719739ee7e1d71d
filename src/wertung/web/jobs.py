"""Import jobs that always end: a heartbeat from the worker process and a deadline.

A chess-results import runs in a thread of the worker process that started it;
its progress lives in the shared SQLite store so that any worker can answer the
page's polling. If that process dies (``kill -9``, a crash, a restart) nothing
would ever finish the job, so:

- every process beats for its unfinished jobs (one daemon thread per process,
  :class:`Heartbeat`, every ``stale / 3`` seconds);
- a job without a beat for ``stale`` seconds, or running longer than its
  deadline, is failed with a message when it is next read (:func:`verdict`); the
  polling answer then carries the error instead of another poll, so the page stops,
  and the link can be imported again (:meth:`WebStore.restart_job
  <wertung.web.web_store.WebStore.restart_job>`).

>>> verdict({"key": None, "error": None, "heartbeat": 100.0, "deadline": 500.0},
...         now=200.0, stale=30.0)
'stalled'
>>> verdict({"key": None, "error": None, "heartbeat": 190.0, "deadline": 500.0},
...         now=200.0, stale=30.0) is None
True
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from wertung.catalogue.words import WORDS

__all__ = ["OWNER", "Heartbeat", "failure_text", "verdict"]

OWNER = f"{socket.gethostname()}:{os.getpid()}"


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
    interval: float = 5.0

    @classmethod
    def add(cls, name: str, job: str, beat: Callable[[set[str]], None], interval: float) -> None:
        """Beat for ``job`` with ``beat(ids)`` (``name``: one store) every ``interval`` s."""
        with cls._lock:
            if cls._pid != os.getpid():  # a forked child does not inherit the thread
                cls._jobs, cls._beaters, cls._thread, cls._pid = {}, {}, None, os.getpid()
            cls._jobs.setdefault(name, set()).add(job)
            cls._beaters[name] = beat
            cls.interval = min(cls.interval, max(interval, 0.05))
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
            time.sleep(cls.interval)
            with cls._lock:
                work = [(cls._beaters[n], set(ids)) for n, ids in cls._jobs.items() if ids]
            for beat, ids in work:
                try:
                    beat(ids)
                except Exception:  # a busy database: the next beat tries again
                    continue

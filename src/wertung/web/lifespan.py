"""Work the app starts once when it starts: the daily DSB list refresh (``WERTUNG_DSB_LIST=auto``).

The refresh itself belongs to :mod:`wertung.sources.dsb_download`
(``start_daily_refresh(store)``, a daemon thread with ``stop()``). With several
workers only one process runs it: the first to take an exclusive lock on
``dsb-refresh.lock`` in the data directory (the lock goes with the process).
With a PostgreSQL database (``WERTUNG_DATABASE_URL``, several hosts) the lock is an
advisory lock in the database instead, so one process of all hosts runs it; the others
try again every :data:`STANDBY_EVERY` seconds and take over when its holder is gone
(its connection, and so its lock, ends with it).
When the module is not in this build the app logs that and runs without it.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["REFRESH_MODULE", "start_background", "stop_background"]

log = logging.getLogger("wertung.web")
REFRESH_MODULE = "wertung.sources.dsb_download"
LOCK_NAME = "dsb-refresh.lock"
#: Seconds between two tries of a host without the refresh lock (PostgreSQL) to take it.
STANDBY_EVERY = 300.0


def _site_database() -> Any:
    from wertung.storage import site

    return site.database()


def _take_lock(settings: Any) -> Any:
    """An open, exclusively locked file, or on PostgreSQL the connection holding the
    advisory lock (None: another process has it)."""
    backend = _site_database()
    if backend is not None:
        from wertung.storage.backend import DatabaseUnavailable

        try:
            return backend.try_hold(LOCK_NAME)
        except DatabaseUnavailable as error:
            log.warning("the DSB list refresh lock: %s", error.message)
            return None
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: every worker refreshes
        return True
    directory = settings.store_dir()
    directory.mkdir(parents=True, exist_ok=True)
    handle = open(directory / LOCK_NAME, "a+")  # noqa: SIM115 - held for the process's lifetime
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def start_background(settings: Any) -> dict[str, Any]:
    """Start what ``settings`` ask for; returns what was started (``dsb_refresh``: its handle)."""
    started: dict[str, Any] = {}
    if (settings.dsb_list or "").strip().lower() != "auto":
        return started
    try:
        module = importlib.import_module(REFRESH_MODULE)
    except ImportError:
        log.warning("WERTUNG_DSB_LIST=auto, but %s is not available: no refresh", REFRESH_MODULE)
        return started
    start = getattr(module, "start_daily_refresh", None)
    if start is None:
        log.warning("%s has no start_daily_refresh: no DSB list refresh", REFRESH_MODULE)
        return started
    lock = _take_lock(settings)
    if lock is None:
        log.info("the DSB list refresh runs in another worker")
        if _site_database() is not None:
            started["standby"] = _Standby(lambda: _take_lock(settings), start, settings)
        return started
    _start_refresh(started, start, settings, lock)
    return started


def _start_refresh(started: dict[str, Any], start: Any, settings: Any, lock: Any) -> None:
    from wertung.sources.store import Store

    try:
        started["dsb_refresh"] = start(Store(settings.store_dir()))
        started["lock"] = lock
    except Exception:
        log.exception("the DSB list refresh could not be started")
        if hasattr(lock, "close"):
            lock.close()


class _Standby:
    """A host without the refresh lock: tries to take it every :data:`STANDBY_EVERY` s."""

    def __init__(self, take: Callable[[], Any], start: Any, settings: Any) -> None:
        self.started: dict[str, Any] = {}
        self._take, self._start, self._settings = take, start, settings
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="dsb-refresh-standby", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self._stop.wait(STANDBY_EVERY):
            lock = self._take()
            if lock is not None:
                log.info("the DSB list refresh moves to this process")
                _start_refresh(self.started, self._start, self._settings, lock)
                return

    def stop(self) -> None:
        self._stop.set()
        stop_background(self.started)


def stop_background(started: dict[str, Any]) -> None:
    """Stop what :func:`start_background` started."""
    standby = started.pop("standby", None)
    if standby is not None:
        standby.stop()
    handle = started.pop("dsb_refresh", None)
    stop = getattr(handle, "stop", None)
    if stop is not None:
        try:
            stop()
        except Exception:
            log.exception("the DSB list refresh did not stop cleanly")
    lock = started.pop("lock", None)
    if hasattr(lock, "close"):
        lock.close()

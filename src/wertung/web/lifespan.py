"""Work the app starts once when it starts: the daily DSB list refresh (``WERTUNG_DSB_LIST=auto``).

The refresh itself belongs to :mod:`wertung.sources.dsb_download`
(``start_daily_refresh(store)``, a daemon thread with ``stop()``). With several
workers only one process runs it: the first to take an exclusive lock on
``dsb-refresh.lock`` in the data directory (the lock goes with the process).
When the module is not in this build the app logs that and runs without it.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

__all__ = ["REFRESH_MODULE", "start_background", "stop_background"]

log = logging.getLogger("wertung.web")
REFRESH_MODULE = "wertung.sources.dsb_download"
LOCK_NAME = "dsb-refresh.lock"


def _take_lock(settings: Any) -> Any:
    """An open, exclusively locked file (None: another process has it)."""
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
        return started
    from wertung.sources.store import Store

    try:
        started["dsb_refresh"] = start(Store(settings.store_dir()))
        started["lock"] = lock
    except Exception:
        log.exception("the DSB list refresh could not be started")
    return started


def stop_background(started: dict[str, Any]) -> None:
    """Stop what :func:`start_background` started."""
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

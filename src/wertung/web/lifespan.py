"""Work the app starts once when it starts: the daily DSB list refresh (``WERTUNG_DSB_LIST=auto``).

The refresh itself belongs to :mod:`wertung.sources.dsb_download`
(``start_daily_refresh(store, ...)``); when that module is not installed in this
build, the app logs that and runs without it.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

__all__ = ["REFRESH_MODULE", "start_background"]

log = logging.getLogger("wertung.web")
REFRESH_MODULE = "wertung.sources.dsb_download"


def start_background(settings: Any) -> dict[str, Any]:
    """Start what ``settings`` ask for; returns what was started (``dsb_refresh``: its handle)."""
    started: dict[str, Any] = {}
    if (settings.dsb_list or "").lower() != "auto":
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
    from ..store import Store

    try:
        started["dsb_refresh"] = start(Store(settings.data_dir))
    except Exception:
        log.exception("the DSB list refresh could not be started")
    return started

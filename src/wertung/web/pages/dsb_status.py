"""Where the web app's DSB rating list stands: loaded, being loaded, not to be had, or off.

``wertung serve`` loads the list in the background on its first start and refreshes it
daily (``WERTUNG_DSB_LIST``, default ``auto``; ``off`` for none). Until the first download
has finished, or when it failed, the pages say so once, in the page's language, and the
evaluations carry on without the list, as they always did without one.

>>> Status("failed", error="connection refused").kind
'failed'
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

__all__ = ["Kind", "Status", "status"]

Kind = Literal["loaded", "loading", "failed", "off"]
#: Seconds a status is reused (every page of an import asks; the store answers in ~1 ms).
_FRESH = 5.0
_cache: dict[Path, tuple[float, Status]] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class Status:
    """``kind``: ``loaded`` (``list_date``, ``players``), ``loading`` (the first download is
    under way or due), ``failed`` (the last attempt's ``error`` and ``attempted_at``; the
    next one comes within the hour) or ``off`` (``WERTUNG_DSB_LIST=off``: the command
    line loads one)."""

    kind: Kind
    list_date: dt.date | None = None
    players: int | None = None
    error: str | None = None
    attempted_at: dt.datetime | None = None


def status(settings: Any) -> Status:
    """The list's status for the app with ``settings`` (never raises)."""
    directory = settings.store_dir()
    now = time.monotonic()
    with _lock:
        cached = _cache.get(directory)
        if cached is not None and now - cached[0] < _FRESH:
            return cached[1]
    found = _read(directory, auto=(settings.dsb_list or "") == "auto")
    with _lock:
        _cache[directory] = (now, found)
    return found


def _read(directory: Path, *, auto: bool) -> Status:
    from wertung.kernel.errors import WertungError
    from wertung.sources.store import Store

    try:
        store = Store(directory)
        info = store.list_info()
        if info is not None:
            return Status("loaded", list_date=info.list_date, players=info.players)
        if not auto:
            return Status("off")
        state = store.refresh_state()
    except (WertungError, OSError) as error:  # an unreadable store: as if there were no list
        return Status("failed" if auto else "off", error=str(error))
    if state.error:
        return Status("failed", error=state.error, attempted_at=state.attempted_at)
    return Status("loading")

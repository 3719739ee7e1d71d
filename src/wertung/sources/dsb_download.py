"""Downloading the DSB's daily rating list and swapping it into the store safely.

The DSB publishes ``LV-0-csv.zip`` every day (about 04:15) at :data:`DSB_LIST_URL`.
:func:`update_list` fetches it and makes it the store's list:

- only from ``https://www.schachbund.de`` (or ``schachbund.de``); redirects are
  followed only within those hosts, never to ``http``;
- conditionally: the ``ETag`` and ``Last-Modified`` of the last download are
  stored with the list and sent back (``If-None-Match``, ``If-Modified-Since``);
  a ``304 Not Modified`` only records the check, nothing is read or parsed;
- with limits: a ``Content-Length`` over the cap is refused before the body is
  read, a body without one is cut off at the cap; the archive then passes the
  same zip limits as ``wertung dsb-list load`` (member count, sizes, ratio);
- validated before the swap: the zip opens, ``spieler.csv`` parses, the list has
  at least ``min_players`` players. Only then is the old list replaced, in one
  transaction: a failed, truncated or oversized download never replaces a good
  list, and readers see the old list until the new one is committed.

:func:`refresh_if_due` and :func:`start_daily_refresh` are the web server's
daily refresh (on unless ``WERTUNG_DSB_LIST=off``; see :func:`auto_refresh_enabled`).

Tests point ``url`` at a local server with ``allow_insecure=True`` (plain
``http`` to ``localhost``/``127.0.0.1``/``::1`` only) or pass an
``httpx.BaseTransport`` as ``transport``.

>>> check_url("https://www.schachbund.de/download-dwz-daten.html?file=x.zip")
'https://www.schachbund.de/download-dwz-daten.html?file=x.zip'
>>> check_url("http://www.schachbund.de/x.zip")
Traceback (most recent call last):
...
wertung.kernel.errors.SourceError: the DSB list can only be downloaded over https, not from http://www.schachbund.de/x.zip
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

import httpx

from wertung.formats._zipguard import ZipLimits
from wertung.kernel.errors import FormatError, SourceError, WertungError, inner, message, place_of
from wertung.sources._dsb_fetch import DSB_HOSTS, check_url, fetch, not_a_zip, size_text, user_agent
from wertung.sources.dsb_csv import DSB_LIMITS, read_list
from wertung.sources.store import ListInfo, Store

__all__ = [
    "DSB_HOSTS",
    "DSB_LIST_URL",
    "ENV_AUTO_REFRESH",
    "MIN_PLAYERS",
    "DailyRefresh",
    "UpdateResult",
    "UpdateStatus",
    "auto_refresh_enabled",
    "check_url",
    "refresh_if_due",
    "start_daily_refresh",
    "update_list",
]

log = logging.getLogger(__name__)

DSB_LIST_URL = (
    "https://www.schachbund.de/download-dwz-daten.html"
    "?file=files/wertungsportal/downloads/export/csv/LV-0-csv.zip"
)
"""Where the DSB publishes its whole rating list every day."""

ENV_AUTO_REFRESH = "WERTUNG_DSB_LIST"
_OFF_WORDS = frozenset({"off", "0", "no", "false", "none", "never"})
"""``WERTUNG_DSB_LIST=auto``: the web server refreshes the list daily (see :func:`auto_refresh_enabled`)."""

MIN_PLAYERS = 10_000
"""Fewer players than this cannot be the DSB's whole list (which has tens of thousands)."""

TIMEOUT_S = 60.0
MAX_SECONDS = 600.0
_CLAIM = dt.timedelta(minutes=15)
_CURRENT = "the loaded DSB list is current (the server answered 304 Not Modified)"
_BUSY = "another process is refreshing the DSB list"
#: The downloaded file's name in the messages of the list's reader.
_ARCHIVE = "LV-0-csv.zip"
#: The codes of a file that is not a zip archive at all.
_NOT_A_ZIP = frozenset({"dsb.not_zip", "zip.unreadable", "dsbcsv.unreadable_zip"})


def _inside_archive(error: WertungError) -> dict[str, object]:
    """``error``'s message without the archive's name in front (``LV-0-csv.zip: …``)."""
    data = inner(error)
    context = error.params.get("context")
    if isinstance(context, dict) and context.get("code") == "place":
        parts = context.get("params", {}).get("parts", [])
        if len(parts) == 2 and parts[0] == place_of(_ARCHIVE):
            params = dict(error.params)
            params["context"] = parts[1]
            data = {"code": error.code, "params": params}
    return data


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


def _moment_params(value: dt.datetime) -> dict[str, object]:
    """The ``day`` and ``time`` of :func:`_moment` (the catalogue shows the day its way)."""
    day, _, time = _moment(value).partition(" ")
    return {"day": day, "time": time}


def _stored(text: str) -> dict[str, object]:
    """The error of an earlier refresh as the store keeps it: its English text.

    Only the text is stored, so the catalogue recognises it (notes and stored texts are
    matched by their English template; errors of this run carry their code).
    """
    from wertung.catalogue import message_for

    return message_for(text).to_dict()


def _moment(value: dt.datetime) -> str:
    """``2026-08-10 04:15:00+00:00``: the date and the time apart (German shows the date its way).

    >>> _moment(dt.datetime(2026, 8, 10, 4, 15, tzinfo=dt.UTC))
    '2026-08-10 04:15:00+00:00'
    """
    return value.isoformat(sep=" ")


class UpdateStatus(StrEnum):
    """What :func:`update_list` or :func:`refresh_if_due` did."""

    UPDATED = "updated"  # a new list was downloaded and swapped in
    NOT_MODIFIED = "not_modified"  # the server said the loaded list is current (304)
    NOT_DUE = "not_due"  # refresh_if_due: the list is recent enough, or the last failure too recent
    BUSY = "busy"  # refresh_if_due: another process is refreshing right now
    FAILED = "failed"  # refresh_if_due: the refresh failed (the old list is kept)


@dataclass(frozen=True, slots=True)
class UpdateResult:
    """The outcome of one update: status, the list now loaded, a sentence for the log or user.

    ``message`` is in English (the catalogue knows every one: :meth:`text` gives it
    in German or English); ``error`` is the error of a failed refresh (``status``
    ``failed``); ``bytes_read`` what was downloaded, ``seconds`` how long it all took.

    >>> result = UpdateResult(UpdateStatus.BUSY, DSB_LIST_URL, message=_BUSY, data=message("dsb.busy"))
    >>> result.text("de")
    'Ein anderer Prozess aktualisiert gerade die DSB-Liste'
    """

    status: UpdateStatus
    url: str
    info: ListInfo | None = None
    message: str = ""
    bytes_read: int = 0
    seconds: float = 0.0
    error: WertungError | None = None
    #: :attr:`message` as catalogue data (``{"code": ..., "params": ...}``).
    data: Mapping[str, object] | None = None

    @property
    def ok(self) -> bool:
        """False only for a failed refresh."""
        return self.status is not UpdateStatus.FAILED

    def text(self, lang: str = "en") -> str:
        """:attr:`message` in ``lang`` (``de`` or ``en``), through the message catalogue."""
        if not self.message:
            return ""
        from wertung.catalogue import render
        from wertung.catalogue._message import from_data

        if self.error is not None:
            return render(self.error, lang)
        if self.data is not None:
            params = self.data.get("params")
            found = from_data(str(self.data["code"]), params if isinstance(params, Mapping) else {})
            return render(found, lang)
        return self.message

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        """The result as JSON-ready data; ``message`` in ``lang``, with its ``code`` and ``params``.

        ``error`` keeps the error's own (English) data with its code and params.
        """
        found: Mapping[str, object] = {"code": None, "params": {}}
        if self.error is not None:
            found = {"code": self.error.code, "params": self.error.params}
        elif self.data is not None:
            found = self.data
        return {
            "status": self.status.value,
            "url": self.url,
            "message": self.message if lang != "de" else self.text(lang),
            "code": found["code"],
            "params": found["params"],
            "list": self.info.to_dict() if self.info else None,
            "bytes_read": self.bytes_read,
            "seconds": round(self.seconds, 3),
            "error": self.error.to_dict() if self.error else None,
        }


def update_list(
    store: Store | None = None,
    *,
    url: str = DSB_LIST_URL,
    transport: httpx.BaseTransport | None = None,
    allow_insecure: bool = False,
    min_players: int = MIN_PLAYERS,
    limits: ZipLimits = DSB_LIMITS,
    conditional: bool = True,
    timeout: float = TIMEOUT_S,
    max_seconds: float = MAX_SECONDS,
) -> UpdateResult:
    """Download the DSB list from ``url``, validate it and make it the store's list.

    Returns an :class:`UpdateResult` with status ``updated`` or ``not_modified``.
    Raises :class:`SourceError` (address refused, network error, HTTP error,
    oversized or truncated download, not a usable list: each says what was
    wrong, where, and that the loaded list was kept) or :class:`StoreError`.
    ``conditional=False`` downloads even when the server would say "not modified".
    ``timeout``: seconds to connect and for each read; ``max_seconds``: for the
    whole download.
    """
    started = time.perf_counter()
    store = store or Store()
    url = check_url(url, allow_insecure=allow_insecure)
    current = store.list_info()
    headers = {"User-Agent": user_agent(), "Accept-Encoding": "identity"}
    if conditional and current is not None and current.url == url:
        if current.etag:
            headers["If-None-Match"] = current.etag
        if current.last_modified:
            headers["If-Modified-Since"] = current.last_modified
    with tempfile.TemporaryDirectory(prefix="wertung-dsb-") as tmp:
        target = Path(tmp) / "LV-0-csv.zip"
        fetched = fetch(
            url,
            headers,
            target,
            transport=transport,
            timeout=timeout,
            max_bytes=limits.max_archive_size,
            allow_insecure=allow_insecure,
            max_seconds=max_seconds,
        )
        now = _now()
        if fetched.path is None:
            if current is None or not ({"If-None-Match", "If-Modified-Since"} & headers.keys()):
                raise SourceError(
                    f"the DSB list at {url}: the server answered 304 (not modified) to a "
                    "request that was not conditional; run the update again later",
                    code="dsb.304",
                    params={"url": str(url)},
                    field="url",
                )
            info = store.mark_dsb_list_checked(
                now, etag=fetched.etag, last_modified=fetched.last_modified
            )
            return UpdateResult(
                UpdateStatus.NOT_MODIFIED,
                url,
                info,
                _CURRENT,
                data=message("dsb.current"),
                seconds=time.perf_counter() - started,
            )
        try:
            if not zipfile.is_zipfile(target):
                raise FormatError("not a readable zip archive", code="dsb.not_zip", field="url")
            parsed = read_list(target, limits=limits)
        except FormatError as exc:
            reason, data = exc.message.removeprefix(f"{_ARCHIVE}: "), _inside_archive(exc)
            if exc.code in _NOT_A_ZIP:
                reason, data = not_a_zip(target)
            raise SourceError(
                f"the DSB list downloaded from {url} is not usable ({reason}); "
                "the loaded list was kept",
                code="dsb.unusable",
                params={"url": str(url), "reason": data},
                field="url",
            ) from None
    if parsed.info.players < min_players:
        raise SourceError(
            f"the DSB list downloaded from {url} has only {parsed.info.players:,} players, "
            f"fewer than the {min_players:,} expected of the whole list; the loaded list was kept",
            code="dsb.too_few",
            params={"url": str(url), "count": parsed.info.players, "least": min_players},
            field="url",
        )
    info = replace(
        parsed.info,
        source=url,
        url=url,
        etag=fetched.etag,
        last_modified=fetched.last_modified,
        checked_at=now,
    )
    info = store.replace_dsb_list(parsed.players, parsed.clubs, info)
    return UpdateResult(
        UpdateStatus.UPDATED,
        url,
        info,
        f"downloaded {size_text(fetched.size)} and loaded {info.players:,} players",
        data=message("dsb.downloaded", size=size_text(fetched.size), players=info.players),
        bytes_read=fetched.size,
        seconds=time.perf_counter() - started,
    )


# --------------------------------------------------------------------------------------------
# the daily refresh


def auto_refresh_enabled(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the web server keeps the list current (``WERTUNG_DSB_LIST``).

    On unless the variable says ``off`` (or ``0``, ``no``, ``false``, ``none``,
    ``never``; any case, surrounding spaces ignored). Only the web server looks at
    it: the CLI never downloads unless ``wertung dsb-list update`` is run.

    >>> auto_refresh_enabled({"WERTUNG_DSB_LIST": " Auto "}), auto_refresh_enabled({})
    (True, True)
    >>> auto_refresh_enabled({"WERTUNG_DSB_LIST": "off"})
    False
    """
    env = os.environ if environ is None else environ
    return env.get(ENV_AUTO_REFRESH, "").strip().casefold() not in _OFF_WORDS


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.astimezone()


def refresh_if_due(
    store: Store | None = None,
    *,
    url: str = DSB_LIST_URL,
    max_age: dt.timedelta = dt.timedelta(days=1),
    retry_after: dt.timedelta = dt.timedelta(hours=1),
    transport: httpx.BaseTransport | None = None,
    allow_insecure: bool = False,
    min_players: int = MIN_PLAYERS,
    limits: ZipLimits = DSB_LIMITS,
    now: Callable[[], dt.datetime] = _now,
) -> UpdateResult:
    """Refresh the list from the DSB when it is older than ``max_age``; never raises.

    Due when no list is loaded, or the server last confirmed the loaded list
    (download or ``304``; for a list loaded from a file: when it was loaded) more
    than ``max_age`` ago. After a failed attempt the next one waits
    ``retry_after``. Several processes sharing the store do not download at the
    same time: one claims the refresh, the others get status ``busy``.
    Every outcome is logged (logger ``wertung.sources.dsb_download``) and
    returned; a failure has status ``failed`` and keeps the loaded list.

    Environment: the web server calls this (through :func:`start_daily_refresh`)
    unless ``WERTUNG_DSB_LIST=off``; the CLI never does.
    """
    store = store or Store()
    started = now()
    try:
        info = store.list_info()
        if info is not None:
            confirmed = _aware(info.checked_at or info.loaded_at)
            if started - confirmed < max_age:
                return UpdateResult(
                    UpdateStatus.NOT_DUE,
                    url,
                    info,
                    f"the DSB list was confirmed current at {_moment(confirmed)}",
                    data=message("dsb.confirmed", **_moment_params(confirmed)),
                )
        state = store.refresh_state()
        if state.error and state.attempted_at and started - state.attempted_at < retry_after:
            return UpdateResult(
                UpdateStatus.NOT_DUE,
                url,
                info,
                f"the last refresh failed at {_moment(state.attempted_at)} "
                f"({state.error}); the next try after {_moment(state.attempted_at + retry_after)}",
                data=message(
                    "dsb.retry_later",
                    **_moment_params(state.attempted_at),
                    error=_stored(state.error),
                    **{
                        f"next_{k}": v
                        for k, v in _moment_params(state.attempted_at + retry_after).items()
                    },
                ),
            )
        if not store.claim_dsb_refresh(started, started + _CLAIM):
            return UpdateResult(UpdateStatus.BUSY, url, info, _BUSY, data=message("dsb.busy"))
    except WertungError as exc:
        log.warning("DSB list refresh: %s", exc.message)
        return UpdateResult(UpdateStatus.FAILED, url, None, exc.message, error=exc)
    result: UpdateResult
    try:
        result = update_list(
            store,
            url=url,
            transport=transport,
            allow_insecure=allow_insecure,
            min_players=min_players,
            limits=limits,
        )
    except WertungError as exc:
        result = UpdateResult(UpdateStatus.FAILED, url, info, exc.message, error=exc)
    except Exception as exc:  # a bug must not end the web server's refresh thread
        log.exception("DSB list refresh: unexpected error")
        error = SourceError(
            f"the DSB list refresh failed unexpectedly ({exc!r})",
            code="dsb.refresh_bug",
            params={"detail": inner(repr(exc))},
            field="url",
        )
        result = UpdateResult(UpdateStatus.FAILED, url, info, error.message, error=error)
    try:
        store.finish_dsb_refresh(now(), result.message if result.error else None)
    except WertungError as exc:
        log.warning("DSB list refresh: %s", exc.message)
    if result.ok:
        log.info("DSB list refresh: %s", result.message)
    else:
        log.warning("DSB list refresh failed: %s", result.message)
    return result


class DailyRefresh:
    """A daemon thread that calls :func:`refresh_if_due` every ``check_every``.

    ``last_result`` is the latest outcome (None before the first run), ``runs``
    how many checks ran; :meth:`stop` ends the thread. Never raises from the thread.
    """

    def __init__(
        self,
        refresh: Callable[[], UpdateResult],
        *,
        check_every: dt.timedelta,
        first_delay: dt.timedelta = dt.timedelta(0),
    ) -> None:
        self._refresh = refresh
        self._every = max(check_every.total_seconds(), 0.01)
        self._first = max(first_delay.total_seconds(), 0.0)
        self._stop = threading.Event()
        self._ran = threading.Condition()
        self.runs = 0
        self.last_result: UpdateResult | None = None
        self.thread = threading.Thread(target=self._run, name="wertung-dsb-refresh", daemon=True)

    def _run(self) -> None:
        if self._stop.wait(self._first):
            return
        while not self._stop.is_set():
            try:
                result: UpdateResult | None = self._refresh()
            except BaseException:  # never let the thread die with a traceback
                log.exception("DSB list refresh: unexpected error")
                result = None
            with self._ran:
                self.last_result = result if result is not None else self.last_result
                self.runs += 1
                self._ran.notify_all()
            if self._stop.wait(self._every):
                break

    def wait_for_runs(self, runs: int, timeout: float) -> bool:
        """Wait until at least ``runs`` checks have run; False on timeout (for tests)."""
        with self._ran:
            return self._ran.wait_for(lambda: self.runs >= runs, timeout)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread (a download in progress finishes first, up to ``timeout``)."""
        self._stop.set()
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether the thread is still alive."""
        return self.thread.is_alive()


def start_daily_refresh(
    store: Store | None = None,
    *,
    url: str = DSB_LIST_URL,
    max_age: dt.timedelta = dt.timedelta(days=1),
    check_every: dt.timedelta = dt.timedelta(hours=1),
    first_delay: dt.timedelta = dt.timedelta(0),
    transport: httpx.BaseTransport | None = None,
    allow_insecure: bool = False,
    min_players: int = MIN_PLAYERS,
) -> DailyRefresh:
    """Start a daemon thread that keeps the store's DSB list at most ``max_age`` old.

    It checks every ``check_every`` (after ``first_delay``) with
    :func:`refresh_if_due`, so the list is downloaded about once a day and a
    failure is retried an hour later; it logs and never raises. The web server
    starts it unless ``WERTUNG_DSB_LIST=off`` (:func:`auto_refresh_enabled`) and
    calls :meth:`DailyRefresh.stop` on shutdown; the CLI never does.
    """
    store = store or Store()
    check_url(url, allow_insecure=allow_insecure)  # refuse a bad address now, not in the thread

    def refresh() -> UpdateResult:
        return refresh_if_due(
            store,
            url=url,
            max_age=max_age,
            transport=transport,
            allow_insecure=allow_insecure,
            min_players=min_players,
        )

    handle = DailyRefresh(refresh, check_every=check_every, first_delay=first_delay)
    handle.thread.start()
    return handle

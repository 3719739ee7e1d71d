"""Fetching chess-results.com pages politely.

chess-results.com has no public API, so the importer reads its HTML views. The
:class:`Client` keeps to the rules of SPEC §9: one request in flight per
process, at least ``min_interval`` seconds between requests, an identifying
User-Agent, timeouts, a cap on the response size, bounded retries on 429/5xx
honouring ``Retry-After``, redirects followed only within chess-results hosts
(the 302 to a numbered mirror ``s1.``–``s3.`` is normal), and a cache so that a
second import of the same tournament costs no request.
"""

from __future__ import annotations

import email.utils
import enum
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

from wertung.kernel.errors import Place, SourceError, place_of
from wertung.sources.chessresults._cache import CachedPage, PageCache
from wertung.sources.chessresults._links import CANONICAL_ORIGIN, is_chess_results_host, view_url
from wertung.sources.chessresults._where import view_place

PROJECT_URL = "https://pypi.org/project/wertung/"
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_REDIRECTS = 5


def _version() -> str:
    from wertung._version import __version__

    return __version__


def user_agent() -> str:
    """The User-Agent sent with every request: ``wertung/<version> (+<project url>)``."""
    return f"wertung/{_version()} (+{PROJECT_URL})"


class View(enum.IntEnum):
    """The chess-results views (``art=``) the importer reads."""

    STARTING_RANK = 0
    RANKING = 1
    PAIRINGS = 2  # in a team event: the team pairings
    BOARD_PAIRINGS = 3  # team events: every board (without rd: all rounds)
    CROSSTABLE = 5
    PLAYER_CARD = 9
    ROUND_DATES = 14
    TEAM_PLAYERS = 16  # team events: the players with team and line-up board
    TEAM_STARTING_RANK = 32  # team events: the teams


@dataclass(frozen=True, slots=True)
class Page:
    """A fetched (or cached) page: the canonical URL, the URL that served it, its text."""

    key: str
    url: str
    text: str
    fetched_at: float
    from_cache: bool


class Pacer:
    """Lets one request run at a time and keeps ``interval`` seconds between them.

    One instance (:data:`PROCESS_PACER`) is shared by every :class:`Client` of
    the process, so two clients cannot double the load on the server. The
    interval is counted from the end of one request to the start of the next.
    ``clock`` and ``sleep`` are injectable for tests.
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.clock = clock
        self.sleep = sleep
        self._lock = threading.Lock()
        self._last_end: float | None = None

    @contextmanager
    def slot(self, interval: float) -> Iterator[None]:
        """Hold the one request slot; wait first until ``interval`` has passed."""
        with self._lock:
            if self._last_end is not None:
                wait = self._last_end + interval - self.clock()
                if wait > 0:
                    self.sleep(wait)
            try:
                yield
            finally:
                self._last_end = self.clock()


PROCESS_PACER = Pacer()


def _site_pacer() -> Any:
    """The site-wide pacer when this host shares a PostgreSQL database (else None: the
    process's own, :data:`PROCESS_PACER`); see :mod:`wertung.storage.site`."""
    from wertung.storage import site

    return site.pacer()


class Client:
    """A polite, caching reader of chess-results.com views.

    Parameters:
        transport: an ``httpx.BaseTransport`` (tests pass one that reaches a
            local server); default: the normal network transport.
        base_url: send requests to this origin instead of ``https://chess-results.com``
            (for tests against a local server). Its host is then allowed as a
            redirect target too; any other host still is refused.
        cache: a :class:`PageCache`, ``True`` for the default one (in
            ``cache_dir``, ``$WERTUNG_CACHE_DIR`` or the user's cache directory) or
            ``False`` for none.
        min_interval: seconds between two requests of this process (≥ 1 in
            production use; tests use small values).
        timeout: seconds for connecting and for each read.
        max_bytes: the largest response body accepted; reading stops beyond it.
        max_retries: further attempts after a 429, a 5xx, a timeout or a
            connection error.
        max_retry_wait: the longest wait accepted between attempts; a longer
            ``Retry-After`` is reported as an error instead of waited for.
        pacer: the :class:`Pacer` to use (default: the process-wide one; on a host of a
            site with a PostgreSQL database the site-wide one, so the spacing holds for
            every host together).
    """

    def __init__(
        self,
        *,
        transport: httpx.BaseTransport | None = None,
        base_url: str | None = None,
        cache: PageCache | bool = True,
        cache_dir: str | os.PathLike[str] | None = None,
        min_interval: float = 1.0,
        timeout: float = 20.0,
        max_bytes: int = 5 * 1024 * 1024,
        max_retries: int = 3,
        max_retry_wait: float = 60.0,
        pacer: Pacer | None = None,
    ) -> None:
        if min_interval < 0 or max_bytes <= 0 or max_retries < 0 or max_retry_wait < 0:
            raise ValueError(
                "min_interval, max_retries and max_retry_wait must be ≥ 0, max_bytes > 0"
            )
        self.origin = (base_url or CANONICAL_ORIGIN).rstrip("/")
        origin = urlsplit(self.origin)
        if origin.scheme not in ("http", "https") or not origin.hostname:
            raise ValueError(f"base_url {base_url!r} is not an http(s) origin")
        self._extra_host = None if base_url is None else origin.netloc.lower()
        if isinstance(cache, PageCache):
            self.cache: PageCache | None = cache
        elif cache:
            self.cache = PageCache(cache_dir)
        else:
            self.cache = None
        self.min_interval = min_interval
        self.max_bytes = max_bytes
        self.max_retries = max_retries
        self.max_retry_wait = max_retry_wait
        self.pacer: Any = pacer or _site_pacer() or PROCESS_PACER
        self.requests_made = 0
        self._http = httpx.Client(
            transport=transport,
            timeout=httpx.Timeout(timeout),
            follow_redirects=False,
            headers={"User-Agent": user_agent(), "Accept": "text/html"},
        )

    # -- public ---------------------------------------------------------------------------

    def fetch(
        self,
        number: int,
        view: View | int,
        *,
        max_age: float | Callable[[CachedPage], float] = 0.0,
        **params: Any,
    ) -> Page:
        """One view of tournament ``number`` (from the cache if at most ``max_age`` s old).

        Extra ``params`` become query parameters (``turdet="YES"``, ``snr=12``).
        Raises :class:`SourceError` naming the view when the page cannot be had.
        """
        key = view_url(number, int(view), **params)
        if self.cache is not None:
            cached = self.cache.fresh(key, max_age)
            if cached is not None:
                return Page(key, cached.url, _decode(cached.body), cached.fetched_at, True)
        url = view_url(number, int(view), origin=self.origin, **params)
        final_url, body = self._get(url, what=_describe(number, int(view), params))
        if self.cache is not None:
            stored = self.cache.put(key, final_url, body)
            fetched_at = stored.fetched_at
        else:
            fetched_at = time.time()
        return Page(key, final_url, _decode(body), fetched_at, False)

    def close(self) -> None:
        """Close the network connections."""
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the request loop -----------------------------------------------------------------

    def _allowed(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or parts.username or parts.password:
            return False
        if self._extra_host is not None and parts.netloc.lower() == self._extra_host:
            return True
        return is_chess_results_host(parts.hostname) and parts.port in (None, 80, 443)

    def _get(self, url: str, *, what: str) -> tuple[str, bytes]:
        attempt = 0
        redirects = 0
        while True:
            if not self._allowed(url):
                raise SourceError(
                    f"{what}: refusing to fetch {url} (not a chess-results.com host)",
                    code="client.not_host",
                    params={"url": str(url), "context": place_of(what)},
                )
            try:
                status, headers, body = self._send_once(url, what=what)
            except (httpx.TimeoutException, httpx.TransportError) as exc:
                kind = "timed out" if isinstance(exc, httpx.TimeoutException) else "failed"
                if attempt >= self.max_retries:
                    raise SourceError(
                        f"{what}: the request {kind} ({type(exc).__name__}) "
                        f"after {attempt + 1} attempt(s); chess-results.com may be slow or down",
                        code="client.request_failed",
                        params={
                            "kind": kind,
                            "error": str(type(exc).__name__),
                            "count": attempt + 1,
                            "context": place_of(what),
                        },
                    ) from exc
                self._wait(min(self.max_retry_wait, 2.0**attempt), what=what)
                attempt += 1
                continue
            if status in (301, 302, 303, 307, 308):
                location = headers.get("location")
                redirects += 1
                if not location or redirects > MAX_REDIRECTS:
                    raise SourceError(
                        f"{what}: too many or empty redirects (at {url})",
                        code="client.redirects",
                        params={"url": str(url), "context": place_of(what)},
                    )
                target = urljoin(url, location)
                if not self._allowed(target):
                    raise SourceError(
                        f"{what}: chess-results.com redirected to {target}, which is not a "
                        "chess-results.com host; refused",
                        code="client.redirect_host",
                        params={"target": str(target), "context": place_of(what)},
                    )
                url = target
                continue
            if status in RETRY_STATUSES:
                wait = _retry_after(headers.get("retry-after"))
                if attempt >= self.max_retries:
                    raise SourceError(
                        f"{what}: chess-results.com answered {status} "
                        f"{'(too many requests)' if status == 429 else '(server error)'} "
                        f"{attempt + 1} time(s); try again later",
                        code="client.busy" if status == 429 else "client.server_error",
                        params={
                            "status": str(status),
                            "count": attempt + 1,
                            "context": place_of(what),
                        },
                    )
                if wait is None:
                    wait = min(self.max_retry_wait, 2.0**attempt)
                if wait > self.max_retry_wait:
                    raise SourceError(
                        f"{what}: chess-results.com answered {status} and asks to wait "
                        f"{wait:.0f} s (more than {self.max_retry_wait:.0f} s); try again later",
                        code="client.wait",
                        params={
                            "status": str(status),
                            "wait": round(wait),
                            "most": round(self.max_retry_wait),
                            "context": place_of(what),
                        },
                    )
                self._wait(wait, what=what)
                attempt += 1
                continue
            if status == 404:
                raise SourceError(
                    f"{what}: chess-results.com has no such page (404)",
                    code="client.404",
                    params={"context": place_of(what)},
                )
            if status in (401, 403):
                raise SourceError(
                    f"{what}: chess-results.com refused access ({status}); "
                    "it may be blocking automated requests for a while",
                    code="client.refused",
                    params={"status": str(status), "context": place_of(what)},
                )
            if status != 200:
                raise SourceError(
                    f"{what}: chess-results.com answered HTTP {status}",
                    code="client.http",
                    params={"status": str(status), "context": place_of(what)},
                )
            return url, body

    def _send_once(self, url: str, *, what: str) -> tuple[int, httpx.Headers, bytes]:
        with self.pacer.slot(self.min_interval):
            self.requests_made += 1
            request = self._http.build_request("GET", url)
            response = self._http.send(request, stream=True)
            try:
                if response.status_code != 200:
                    return response.status_code, response.headers, b""
                declared = response.headers.get("content-length", "")
                if declared.isdigit() and int(declared) > self.max_bytes:
                    raise SourceError(
                        f"{what}: the page is {int(declared):,} bytes, more than the limit "
                        f"of {self.max_bytes:,}; refused",
                        code="client.declared_size",
                        params={
                            "size": int(declared),
                            "limit": self.max_bytes,
                            "context": place_of(what),
                        },
                    )
                chunks: list[bytes] = []
                size = 0
                for chunk in response.iter_bytes():
                    size += len(chunk)
                    if size > self.max_bytes:
                        raise SourceError(
                            f"{what}: the page is larger than the limit of {self.max_bytes:,} "
                            "bytes; stopped reading",
                            code="client.too_large",
                            params={"limit": self.max_bytes, "context": place_of(what)},
                        )
                    chunks.append(chunk)
                return 200, response.headers, b"".join(chunks)
            finally:
                response.close()

    def _wait(self, seconds: float, *, what: str) -> None:
        if seconds > 0:
            self.pacer.sleep(seconds)


def _retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header (a number or an HTTP date); None if absent/unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None or when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _decode(body: bytes) -> str:
    return body.decode("utf-8", errors="replace")


_VIEW_NAMES = {
    0: "starting rank",
    1: "ranking",
    2: "pairings",
    3: "board pairings",
    5: "crosstable",
    9: "player card",
    14: "round dates",
    16: "player list",
    32: "team starting rank",
}


def _describe(number: int, art: int, params: dict[str, Any]) -> Place:
    name = _VIEW_NAMES.get(art, f"view art={art}")
    extra = f", player {params['snr']}" if "snr" in params else ""
    return view_place(number, name, f"art={art}{extra}")

"""Settings of the web app: embedded defaults, overridden by ``WERTUNG_*`` environment variables."""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Settings"]

LOOPBACK = ("127.0.0.1", "::1")


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a whole number") from None


def _seconds(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = float(value)
    except ValueError:
        number = float("nan")
    if not number > 0 or number == float("inf"):
        raise ValueError(f"{name}={value!r} is not a positive number of seconds")
    return number


def _whole_seconds(name: str, default: int) -> int:
    """A positive whole number of seconds (uvicorn's timeouts are whole seconds)."""
    value = _int(name, default)
    if value < 1:
        raise ValueError(f"{name}={value!r} is not a positive number of seconds")
    return value


def seconds_from_env(name: str, default: float) -> float:
    """The positive number of seconds in environment variable ``name`` (``default`` if unset).

    >>> seconds_from_env("WERTUNG_NOT_SET_ANYWHERE", 10.0)
    10.0
    """
    return _seconds(name, default)


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes")


def networks(text: str, *, name: str = "WERTUNG_TRUSTED_PROXIES") -> tuple[str, ...]:
    """A comma list of IP addresses or CIDR networks, checked (``ValueError`` names ``name``).

    >>> networks("127.0.0.1, 10.0.0.0/8")
    ('127.0.0.1/32', '10.0.0.0/8')
    """
    items: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            items.append(str(ipaddress.ip_network(part, strict=False)))
        except ValueError:
            raise ValueError(f"{name}: {part!r} is not an IP address or network") from None
    return tuple(items)


def time_zone(name: str) -> dt.tzinfo | None:
    """The IANA time zone ``name`` (``"Europe/Berlin"``), or None (the server's own) for "".

    >>> time_zone("Europe/Berlin").key, time_zone("")
    ('Europe/Berlin', None)
    """
    if not name:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"WERTUNG_TIMEZONE={name!r} is not a time zone (an IANA name such as Europe/Berlin)"
        ) from None


def _default_data_dir() -> Path:
    from wertung.sources.store import default_data_dir

    return default_data_dir()


@dataclass(frozen=True)
class Settings:
    """Everything the web app can be told (environment variable in brackets, then the default).

    Server and paths:

    - ``host``, ``port``, ``workers`` (``WERTUNG_HOST`` 127.0.0.1, ``WERTUNG_PORT`` 8000,
      ``WERTUNG_WORKERS`` 1).
    - ``root_path``: the path prefix under which a reverse proxy serves the app
      (``WERTUNG_ROOT_PATH``, e.g. ``/wertung``; default none).
    - ``public_url``: the public base URL share links are built from
      (``WERTUNG_PUBLIC_URL``, e.g. ``https://wertung.example.org/wertung``). Without it
      share links are root-relative paths; the request's ``Host`` header is never used.
    - ``data_dir``: where the SQLite files live (``WERTUNG_DATA_DIR``; default the
      platform's user data directory).
    - ``database_url``: a PostgreSQL database that keeps the web store, the DSB list and
      the chess-results page cache instead of the SQLite files, shared by several hosts
      (``WERTUNG_DATABASE_URL``, ``postgresql://user:password@host:5432/wertung``; default
      none: the SQLite files). ``WERTUNG_DATABASE_POOL`` bounds each worker process's
      connections (4), ``WERTUNG_DATABASE_TIMEOUT`` the wait for one (5 s; after it the
      app answers 503). See :mod:`wertung.storage`.

    Request limits:

    - ``max_upload``: the largest request body accepted, in bytes, declared or streamed
      (``WERTUNG_MAX_UPLOAD``, 2 MiB); anything larger is answered 413, never shortened.
    - ``body_timeout``: seconds a client may take to send a request body
      (``WERTUNG_BODY_TIMEOUT``, 30); a slower upload is answered 408 and cut.
    - ``max_players``, ``max_rounds``, ``max_games``: the largest tournament accepted
      (``WERTUNG_MAX_PLAYERS`` 5000, ``WERTUNG_MAX_ROUNDS`` 50, ``WERTUNG_MAX_GAMES``
      60000; the largest real opens have 2,000+ players and 15 rounds, about 16,000 games).
    - ``work_timeout`` and ``work_memory_mb``: the deadline (``WERTUNG_WORK_TIMEOUT``, 60 s)
      and the address-space limit (``WERTUNG_WORK_MEMORY``, 2048 MiB) of parsing and
      evaluating an upload in a worker process (see :mod:`wertung.web.bounded`).
    - ``cache_mb``: the approximate memory the per-process evaluation cache may hold
      (``WERTUNG_CACHE_MB``, 256; see :mod:`wertung.web.cache`).
    - ``store_mb``: the total size of the stored results (``WERTUNG_STORE_MB``, 1024 MiB,
      the bytes of their JSON); storing past it purges the least recently stored results
      no newer import points to, and refuses only what cannot fit (see
      :meth:`~wertung.web.web_store.WebStore.put`).

    Season histories (``/de/history``, ``POST /api/v1/history``; see :mod:`wertung.web.history`):

    - ``history_max_games``: the most games the chosen tournaments may have together
      (``WERTUNG_HISTORY_MAX_GAMES``, 60000: four opens of 2,000 players and 15 rounds, or
      a season of a hundred weekend tournaments), counted from the stored records before
      anything is evaluated. The history runs in a worker process within ``work_timeout``
      and ``work_memory_mb`` like an upload.
    - ``history_limit`` and ``history_window``: histories a client may have computed within
      ``history_window`` seconds (``WERTUNG_HISTORY_LIMIT`` 30, ``WERTUNG_HISTORY_WINDOW``
      600; an answer from the cache is not counted); more are answered 429.
    - ``history_cache_mb``: the bytes of history answers kept per process
      (``WERTUNG_HISTORY_CACHE_MB``, 64).

    Connections (``wertung serve``, see :mod:`wertung.web.server`):

    - ``worker_healthcheck_timeout``: seconds a worker may take to answer the supervisor's
      health check before it is killed and replaced (``WERTUNG_WORKER_HEALTHCHECK_TIMEOUT``,
      60; uvicorn's own default of 5 s killed workers busy with a long computation).
    - ``keep_alive_timeout``: seconds an idle keep-alive connection stays open
      (``WERTUNG_KEEP_ALIVE_TIMEOUT``, 5).
    - ``header_timeout``: seconds a client has to send a request's line and headers, after
      connecting and after each answer (``WERTUNG_HEADER_TIMEOUT``, 10); a slower one is
      closed. The headers may have at most 16 KiB.

    Imports, clients and jobs:

    - ``fetch_limit`` and ``fetch_window``: chess-results imports allowed per client within
      ``fetch_window`` seconds (``WERTUNG_FETCH_LIMIT`` 5, ``WERTUNG_FETCH_WINDOW`` 600;
      counted in the SQLite store, so shared by all workers).
    - ``trusted_proxies``: the reverse proxies whose ``X-Forwarded-For`` is believed
      (``WERTUNG_TRUSTED_PROXIES``, a comma list of IPs/CIDRs; default none). The client
      is the right-most address in the header that is not a trusted proxy.
      ``trust_proxy`` (``WERTUNG_TRUST_PROXY=1``) without a list trusts a proxy on the
      same host (127.0.0.1 and ::1). The peer address is always the socket's own peer:
      run uvicorn yourself with ``--no-proxy-headers`` (``wertung serve`` does).
    - ``job_stale``: seconds without a heartbeat after which an import job counts as dead:
      a queued import is taken over by a live process (at most three runs in all), any
      other job is failed (``WERTUNG_JOB_STALE``, 30); ``job_timeout``: the longest an
      import may run (``WERTUNG_JOB_TIMEOUT``, 1800).
    - ``share_days``: days a shared result is kept (``WERTUNG_SHARE_DAYS``, 180; storing
      the same input again renews it); older ones are purged at start-up and hourly (once
      for every process and host of the store).
    - ``dsb_list``: ``auto`` loads the DSB rating list in the background on the first start
      and refreshes it daily; ``off`` leaves it to ``wertung dsb-list load``
      (``WERTUNG_DSB_LIST``; ``auto`` when unset: ``wertung serve`` has the list by default).
      A ``Settings()`` made in code has it off.

    - ``timezone``: the time zone of the times pages show, e.g. when a running event was
      fetched (``WERTUNG_TIMEZONE``, an IANA name such as ``Europe/Berlin``; default the
      server's own).

    Headers:

    - ``frame_ancestors``: the CSP ``frame-ancestors`` sources (``WERTUNG_FRAME_ANCESTORS``,
      ``'none'``; with ``'none'`` also ``X-Frame-Options: DENY``).

    ``chessresults_client``: a factory for the importer's client (test hook).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    root_path: str = ""
    public_url: str = ""
    max_upload: int = 2 * 1024 * 1024
    body_timeout: float = 30.0
    data_dir: Path | None = None
    database_url: str = ""
    fetch_limit: int = 5
    fetch_window: int = 600
    trust_proxy: bool = False
    trusted_proxies: tuple[str, ...] = ()
    default_language: str = "de"
    max_players: int = 5000
    max_rounds: int = 50
    max_games: int = 60000
    work_timeout: float = 60.0
    work_memory_mb: int = 2048
    cache_mb: int = 256
    store_mb: int = 1024
    history_max_games: int = 60000
    history_limit: int = 30
    history_window: int = 600
    history_cache_mb: int = 64
    worker_healthcheck_timeout: int = 60
    keep_alive_timeout: int = 5
    header_timeout: float = 10.0
    job_stale: float = 30.0
    job_timeout: float = 1800.0
    share_days: int = 180
    dsb_list: str = ""
    frame_ancestors: str = "'none'"
    timezone: str = ""
    chessresults_client: object | None = field(default=None, compare=False)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Defaults, then ``WERTUNG_*`` variables, then ``overrides``."""
        env = os.environ
        values: dict[str, object] = {
            "host": env.get("WERTUNG_HOST", "").strip() or cls.host,
            "port": _int("WERTUNG_PORT", cls.port),
            "workers": _int("WERTUNG_WORKERS", cls.workers),
            "root_path": env.get("WERTUNG_ROOT_PATH", "").strip().rstrip("/"),
            "public_url": env.get("WERTUNG_PUBLIC_URL", "").strip().rstrip("/"),
            "max_upload": _int("WERTUNG_MAX_UPLOAD", cls.max_upload),
            "body_timeout": _seconds("WERTUNG_BODY_TIMEOUT", cls.body_timeout),
            "fetch_limit": _int("WERTUNG_FETCH_LIMIT", cls.fetch_limit),
            "fetch_window": _int("WERTUNG_FETCH_WINDOW", cls.fetch_window),
            "trust_proxy": _flag("WERTUNG_TRUST_PROXY"),
            "trusted_proxies": networks(env.get("WERTUNG_TRUSTED_PROXIES", "")),
            "max_players": _int("WERTUNG_MAX_PLAYERS", cls.max_players),
            "max_rounds": _int("WERTUNG_MAX_ROUNDS", cls.max_rounds),
            "max_games": _int("WERTUNG_MAX_GAMES", cls.max_games),
            "work_timeout": _seconds("WERTUNG_WORK_TIMEOUT", cls.work_timeout),
            "work_memory_mb": _int("WERTUNG_WORK_MEMORY", cls.work_memory_mb),
            "cache_mb": _int("WERTUNG_CACHE_MB", cls.cache_mb),
            "store_mb": _int("WERTUNG_STORE_MB", cls.store_mb),
            "history_max_games": _int("WERTUNG_HISTORY_MAX_GAMES", cls.history_max_games),
            "history_limit": _int("WERTUNG_HISTORY_LIMIT", cls.history_limit),
            "history_window": _int("WERTUNG_HISTORY_WINDOW", cls.history_window),
            "history_cache_mb": _int("WERTUNG_HISTORY_CACHE_MB", cls.history_cache_mb),
            "worker_healthcheck_timeout": _whole_seconds(
                "WERTUNG_WORKER_HEALTHCHECK_TIMEOUT", cls.worker_healthcheck_timeout
            ),
            "keep_alive_timeout": _whole_seconds(
                "WERTUNG_KEEP_ALIVE_TIMEOUT", cls.keep_alive_timeout
            ),
            "header_timeout": _seconds("WERTUNG_HEADER_TIMEOUT", cls.header_timeout),
            "job_stale": _seconds("WERTUNG_JOB_STALE", cls.job_stale),
            "job_timeout": _seconds("WERTUNG_JOB_TIMEOUT", cls.job_timeout),
            "share_days": _int("WERTUNG_SHARE_DAYS", cls.share_days),
            "dsb_list": _dsb_list(env.get("WERTUNG_DSB_LIST", "")),
            "frame_ancestors": env.get("WERTUNG_FRAME_ANCESTORS", "").strip()
            or cls.frame_ancestors,
            "timezone": env.get("WERTUNG_TIMEZONE", "").strip(),
            "database_url": env.get("WERTUNG_DATABASE_URL", "").strip(),
        }
        data_dir = env.get("WERTUNG_DATA_DIR", "").strip()
        if data_dir:
            values["data_dir"] = Path(data_dir).expanduser()
        values.update(overrides)
        time_zone(str(values["timezone"]))  # refused at start-up, not on the first page
        _database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]

    def store_dir(self) -> Path:
        """Where the web app keeps its SQLite file (shared results, rate limits)."""
        return self.data_dir if self.data_dir is not None else _default_data_dir()

    def zone(self) -> dt.tzinfo | None:
        """:attr:`timezone` as a tzinfo (None: the server's own time zone)."""
        return time_zone(self.timezone)

    def proxies(self) -> tuple[str, ...]:
        """The trusted proxy networks: the configured list, or loopback with ``trust_proxy``."""
        if self.trusted_proxies:
            return networks(",".join(self.trusted_proxies))
        return networks(",".join(LOOPBACK)) if self.trust_proxy else ()


def _database_url(url: str) -> None:
    """Refuse a ``WERTUNG_DATABASE_URL`` that is not a PostgreSQL URL (at start-up)."""
    from wertung.storage.backend import is_postgres_url, redact

    if url and not is_postgres_url(url):
        raise ValueError(
            f"WERTUNG_DATABASE_URL={redact(url)!r} is not a PostgreSQL URL "
            "(postgresql://user:password@host:5432/database)"
        )


#: ``WERTUNG_DSB_LIST`` values that turn the list off (anything else, and unset, is ``auto``).
_OFF = frozenset({"off", "0", "no", "false", "none", "never"})


def _dsb_list(value: str) -> str:
    """``auto`` or ``off`` from ``WERTUNG_DSB_LIST`` (unset: ``auto``).

    >>> _dsb_list(""), _dsb_list(" Off "), _dsb_list("auto")
    ('auto', 'off', 'auto')
    """
    return "off" if value.strip().casefold() in _OFF else "auto"

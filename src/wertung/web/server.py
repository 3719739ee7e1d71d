"""Running the app with uvicorn: TCP_NODELAY, the socket's own peer, one socket per worker.

**TCP_NODELAY.** With ``--workers`` uvicorn binds the listening socket itself
(``socket.socket(family)``, protocol number 0), and asyncio only switches Nagle's
algorithm off for sockets whose protocol is ``IPPROTO_TCP``. Keep-alive answers
then wait for the client's delayed ACK, about 40 ms each (upstream issue
Kludex/uvicorn#3149). :class:`NoDelayProtocol` sets ``TCP_NODELAY`` on every
accepted connection, whatever the socket was made by.

**One listening socket per worker** (issue 9). uvicorn's ``--workers`` binds one
socket and every worker accepts from it; the worker whose event loop wakes first
accepts every connection waiting (asyncio takes up to ``backlog`` per wake-up), so
a client's few keep-alive connections often all land on one worker while the
others idle. On Linux, :func:`run` instead gives each worker a socket of its own,
bound to the same address with ``SO_REUSEPORT``: the kernel then spreads new
connections over the workers' sockets (by a hash of the connection's addresses).
uvicorn's own supervisor still starts, watches, restarts and stops the workers;
what it hands each worker is a :class:`HeldPort`, which a worker receives as a new
socket of its own (see there). Elsewhere (no ``SO_REUSEPORT``, or one that does
not spread connections, as on macOS and the BSDs) the workers share one socket as
before.

**The port is checked once**, in the supervisor and before any worker starts
(:func:`hold_port`): a port in use is one clear error (:class:`PortInUse`, which
``wertung serve`` prints in the user's language with exit code 2), not a failed
start of every worker.

:func:`run` starts uvicorn with that protocol and with uvicorn's
``proxy_headers`` off: the client address is the socket's peer, and only
:mod:`wertung.web.clients` reads ``X-Forwarded-For`` (from trusted proxies).

**Timeouts** (issue 22). The supervisor kills a worker that does not answer its health
check in time; uvicorn's 5 s killed workers busy with a long request, so it is
``WERTUNG_WORKER_HEALTHCHECK_TIMEOUT`` (60 s). An idle keep-alive connection is closed
after ``WERTUNG_KEEP_ALIVE_TIMEOUT`` (5 s), one that is slow to send a request's headers
after ``WERTUNG_HEADER_TIMEOUT`` (10 s, :class:`NoDelayProtocol`), and the headers may
have 16 KiB (:data:`MAX_HEAD`); a slow body is cut by :class:`~wertung.web.limits.BodyLimit`.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

from uvicorn.config import STARTUP_FAILURE
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from wertung.kernel.errors import WertungError, inner
from wertung.web.settings import Settings, seconds_from_env

__all__ = [
    "APP",
    "CannotListen",
    "HeldPort",
    "NoDelayProtocol",
    "PortInUse",
    "hold_port",
    "options",
    "reuse_port_spreads",
    "run",
    "set_nodelay",
]

#: What every worker imports (each reads the settings from the environment).
APP = "wertung.web.asgi:app"
#: The defaults of :class:`~wertung.web.settings.Settings`' connection timeouts.
HEADER_TIMEOUT = Settings.header_timeout
#: The most bytes of a request's line and headers (h11's own default, made explicit).
MAX_HEAD = 16 * 1024
logger = logging.getLogger("uvicorn.error")


def set_nodelay(transport: asyncio.BaseTransport) -> bool:
    """Switch Nagle's algorithm off for the TCP socket of ``transport`` (False: not TCP)."""
    sock = transport.get_extra_info("socket")
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return False
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:
        return False
    return True


class NoDelayProtocol(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol with ``TCP_NODELAY`` on the accepted connection, and a
    deadline for each request's line and headers.

    uvicorn closes an idle keep-alive connection after ``timeout_keep_alive``, but a
    connection that sends nothing after connecting, or its headers a byte at a time,
    stays open for ever (every byte cancels the keep-alive timer). Here the client has
    :attr:`header_timeout` seconds after connecting and after each answer to complete
    the next request's headers, else the connection is closed.
    """

    #: Seconds for a request's line and headers; None: ``WERTUNG_HEADER_TIMEOUT`` (10),
    #: read when the first connection comes (each worker process reads its environment).
    header_timeout: float | None = None
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:
        set_nodelay(transport)
        super().connection_made(transport)
        self._arm_head_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        if self.transport.is_closing():
            return
        cls = type(self)
        if cls.header_timeout is None:
            cls.header_timeout = seconds_from_env("WERTUNG_HEADER_TIMEOUT", HEADER_TIMEOUT)
        self._head_timer = self.loop.call_later(cls.header_timeout, self._head_time_passed)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_time_passed(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete:  # no request under way: headers too slow
            self.transport.close()


class PortInUse(WertungError):
    """The address :func:`run` is to listen on is taken (another server listens there)."""


class CannotListen(WertungError):
    """The address :func:`run` is to listen on cannot be bound (not this machine's, no permission)."""


def _family(host: str) -> socket.AddressFamily:
    """IPv6 for an address with a colon (``::1``, ``::``), else IPv4 -- uvicorn's rule."""
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _shown(host: str) -> str:
    """``host`` as written in a URL: an IPv6 address in brackets.

    >>> _shown("::1"), _shown("127.0.0.1")
    ('[::1]', '127.0.0.1')
    """
    return f"[{host}]" if ":" in host else host


def reuse_port_spreads(platform: str | None = None) -> bool:
    """Whether the kernel spreads connections over sockets bound with ``SO_REUSEPORT``.

    Linux does (a hash of each connection's addresses picks the socket). macOS and
    the BSDs accept the option but hand every connection to one socket (FreeBSD's
    spreading option is another one), Windows has none.

    >>> reuse_port_spreads("darwin"), reuse_port_spreads("win32")
    (False, False)
    """
    if not (platform or sys.platform).startswith("linux") or not hasattr(socket, "SO_REUSEPORT"):
        return False
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    except OSError:  # a kernel without it (very old, or an emulation)
        return False
    finally:
        probe.close()
    return True


class HeldPort(socket.socket):
    """The address held by the supervisor; each worker it starts binds a socket of its own.

    In the supervisor it is a plain bound socket that never listens (bound without
    ``SO_REUSEPORT``, so that binding it proved the port free: see :func:`hold_port`).
    uvicorn's supervisor passes its sockets to every worker it starts, and its workers
    are started with multiprocessing's *spawn* method, which pickles them. A
    :class:`HeldPort` pickles as the recipe for a new socket instead of a duplicate of
    itself: unpickled in the worker, it is a new socket bound to the same host and
    port with ``SO_REUSEADDR`` and ``SO_REUSEPORT`` (:func:`_worker_socket`), which
    that worker's server then listens on. So a worker restarted by the supervisor
    gets its own new socket too.

    The held socket does not receive connections (it never listens) and does not
    stand in the workers' way (a socket bound with ``SO_REUSEADDR`` that does not
    listen blocks no other such socket).

    >>> import pickle
    >>> held = hold_port("127.0.0.1", 0)
    >>> worker = pickle.loads(pickle.dumps(held))
    >>> worker.getsockname() == held.getsockname(), worker.fileno() != held.fileno()
    (True, True)
    >>> worker.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) != 0
    True
    >>> worker.close(); held.close()
    """

    host: str

    def __reduce__(self) -> tuple[Callable[..., socket.socket], tuple[Any, ...]]:
        return _worker_socket, (self.family, self.host, self.getsockname()[1])


def _worker_socket(family: socket.AddressFamily, host: str, port: int) -> socket.socket:
    """A new socket bound to ``(host, port)`` with ``SO_REUSEPORT`` (a worker's own; not yet listening).

    Runs in the worker while it unpickles what the supervisor gave it. The supervisor
    found the port free, so this only fails if the address went away in between; the
    worker then ends as a worker that could not start, which stops the supervisor.
    """
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        logger.error("worker %d cannot bind %s port %d: %s", os.getpid(), _shown(host), port, exc)
        raise SystemExit(STARTUP_FAILURE) from None
    return sock


def hold_port(host: str, port: int) -> HeldPort:
    """Bind ``(host, port)`` (not listening): proof that the port is free, or a clear error.

    Bound without ``SO_REUSEPORT``, so that another server's sockets bound with it
    (another ``wertung serve`` on the same port, say) make this fail too rather than
    share the port. ``SO_REUSEADDR`` as uvicorn sets it: a port whose last
    connections are still closing (``TIME_WAIT``) counts as free. Port 0 is a free
    port the system picks (``getsockname()`` tells which).

    Raises :class:`PortInUse` when another socket has the port, :class:`CannotListen`
    for any other refusal (an address not on this machine, a port below 1024 without
    the right to it).

    >>> held = hold_port("127.0.0.1", 0)
    >>> try:
    ...     hold_port("127.0.0.1", held.getsockname()[1]).close()
    ... except PortInUse:
    ...     print("in use")
    ... finally:
    ...     held.close()
    """
    sock = HeldPort(_family(host), socket.SOCK_STREAM)
    sock.host = host
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(
                f"port {port} on {_shown(host)} is in use: stop the server there or choose another port "
                "(--port or WERTUNG_PORT)",
                code="web.port_in_use",
                params={"port": str(port), "host": _shown(host)},
                field="port",
            ) from None
        detail = exc.strerror or str(exc)
        raise CannotListen(
            f"cannot listen on {_shown(host)} port {port}: {detail}",
            code="web.cannot_listen",
            params={"host": _shown(host), "port": str(port), "detail": inner(detail)},
            field="port",
        ) from None
    return sock


def options(
    host: str,
    port: int,
    workers: int,
    *,
    access_log: bool = True,
    settings: Settings | None = None,
) -> dict[str, Any]:
    """The keyword arguments :func:`run` gives ``uvicorn.run`` (or uvicorn's ``Config``).

    From ``settings``: the supervisor's health-check timeout of a worker
    (``worker_healthcheck_timeout``) and the keep-alive timeout of an idle connection
    (``keep_alive_timeout``); the headers of a request may have :data:`MAX_HEAD` bytes.
    """
    settings = settings or Settings()
    return {
        "host": host,
        "port": port,
        "workers": workers if workers > 1 else None,
        "http": NoDelayProtocol,
        "proxy_headers": False,
        "log_level": "info",
        "access_log": access_log,
        "timeout_worker_healthcheck": settings.worker_healthcheck_timeout,
        "timeout_keep_alive": settings.keep_alive_timeout,
        "h11_max_incomplete_event_size": MAX_HEAD,
    }


def _share_settings(settings: Settings) -> None:
    """Every worker reads the settings from the environment: pass on what the caller gave."""
    os.environ.setdefault("WERTUNG_ROOT_PATH", settings.root_path)
    os.environ.setdefault("WERTUNG_HEADER_TIMEOUT", f"{settings.header_timeout:g}")
    if settings.data_dir is not None:
        os.environ.setdefault("WERTUNG_DATA_DIR", str(settings.data_dir))
    if settings.database_url:  # else each worker kept its state in the SQLite files
        os.environ.setdefault("WERTUNG_DATABASE_URL", settings.database_url)


def run(settings: Settings, host: str, port: int, workers: int, *, access_log: bool = True) -> None:
    """Serve the app: one worker in this process, several from :data:`APP`.

    The port is checked first (:func:`hold_port`: :class:`PortInUse`,
    :class:`CannotListen`). Several workers get one listening socket each
    (``SO_REUSEPORT``) where the kernel spreads connections over them
    (:func:`reuse_port_spreads`), else they share uvicorn's one socket.
    ``access_log=False`` leaves out uvicorn's line per request (the load benchmark).
    """
    import uvicorn

    kwargs = options(host, port, workers, access_log=access_log, settings=settings)
    NoDelayProtocol.header_timeout = settings.header_timeout
    held = hold_port(host, port)
    if workers > 1 and reuse_port_spreads():
        _share_settings(settings)
        _run_workers(held, kwargs)
        return
    held.close()  # uvicorn binds the port itself
    if workers > 1:
        _share_settings(settings)
        uvicorn.run(APP, **kwargs)
        return
    from wertung.web.app import create_app

    kwargs.pop("workers")
    uvicorn.run(create_app(settings), **kwargs)


def _run_workers(held: HeldPort, kwargs: dict[str, Any]) -> None:
    """uvicorn's supervisor with ``kwargs["workers"]`` workers, each on its own socket.

    The supervisor forwards SIGINT and SIGTERM (the workers finish their requests and
    stop), replaces a worker that died, and stops when a worker could not start; then
    this exits with uvicorn's code for that (3).
    """
    from uvicorn.config import Config
    from uvicorn.supervisors import Multiprocess

    config = Config(APP, **kwargs)  # also sets up uvicorn's logging
    logger.info(
        "Listening on http://%s:%d: %d workers, each with its own socket (SO_REUSEPORT). "
        "Press CTRL+C to quit.",
        _shown(held.host),
        held.getsockname()[1],
        config.workers,
    )
    supervisor = Multiprocess(config, sockets=[held])
    try:
        supervisor.run()
    except KeyboardInterrupt:  # pragma: no cover - the supervisor handles SIGINT itself
        pass
    finally:
        held.close()
    if any(worker.exitcode == STARTUP_FAILURE for worker in supervisor.processes):
        raise SystemExit(STARTUP_FAILURE)

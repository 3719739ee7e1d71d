"""Running the app with uvicorn: TCP_NODELAY on every connection, the socket's own peer.

With ``--workers`` uvicorn binds the listening socket itself
(``socket.socket(family)``, protocol number 0), and asyncio only switches Nagle's
algorithm off for sockets whose protocol is ``IPPROTO_TCP``. Keep-alive answers
then wait for the client's delayed ACK, about 40 ms each (upstream issue
Kludex/uvicorn#3149). :class:`NoDelayProtocol` sets ``TCP_NODELAY`` on every
accepted connection, whatever the socket was made by.

:func:`run` starts uvicorn with that protocol and with uvicorn's
``proxy_headers`` off: the client address is the socket's peer, and only
:mod:`wertung.web.clients` reads ``X-Forwarded-For`` (from trusted proxies).
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from .settings import Settings

__all__ = ["NoDelayProtocol", "run", "set_nodelay"]


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
    """uvicorn's HTTP protocol with ``TCP_NODELAY`` on the accepted connection."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        set_nodelay(transport)
        super().connection_made(transport)


def options(settings: Settings, host: str, port: int, workers: int) -> dict[str, Any]:
    """The keyword arguments :func:`run` gives ``uvicorn.run``."""
    return {
        "host": host,
        "port": port,
        "workers": workers if workers > 1 else None,
        "http": NoDelayProtocol,
        "proxy_headers": False,
        "log_level": "info",
    }


def run(settings: Settings, host: str, port: int, workers: int) -> None:
    """Serve the app: one worker in this process, several from ``wertung.web.asgi:app``."""
    import uvicorn

    kwargs = options(settings, host, port, workers)
    if workers > 1:
        # every worker reads the settings from the environment
        os.environ.setdefault("WERTUNG_ROOT_PATH", settings.root_path)
        if settings.data_dir is not None:
            os.environ.setdefault("WERTUNG_DATA_DIR", str(settings.data_dir))
        uvicorn.run("wertung.web.asgi:app", **kwargs)
        return
    from .app import create_app

    kwargs.pop("workers")
    uvicorn.run(create_app(settings), **kwargs)

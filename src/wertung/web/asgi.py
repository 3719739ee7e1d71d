"""ASGI entry point for process managers.

``wertung serve --workers 4`` is the way to run several workers: on Linux each worker
gets a listening socket of its own (``SO_REUSEPORT``), so the kernel spreads the
connections over the workers (:mod:`wertung.web.server`). Plain uvicorn works too,
with uvicorn's proxy-header rewriting off, so that the client address is the
socket's peer and only the app's own trusted-proxy rule (``WERTUNG_TRUSTED_PROXIES``)
reads ``X-Forwarded-For``::

    uvicorn wertung.web.asgi:app --no-proxy-headers --workers 4 \\
        --http wertung.web.server:NoDelayProtocol

(``--http …NoDelayProtocol`` sets TCP_NODELAY on every connection, which uvicorn's
own socket lacks with ``--workers``.) uvicorn's ``--workers`` share one listening
socket, though: the worker that wakes first accepts every connection waiting, so a
client's few keep-alive connections often all land on one worker (a process manager
running several single-worker uvicorns on their own ports behind a load balancer
avoids that too). Even without ``--no-proxy-headers`` the app reads the
connection's own peer where uvicorn exposes it (:class:`wertung.web.clients.RawPeer`),
so a forged header from 127.0.0.1 does not change the client. ``wertung serve``
does all of this itself.
"""

from __future__ import annotations

from wertung.web import create_app

app = create_app()

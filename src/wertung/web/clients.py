"""Who the client is: the socket's peer, or behind trusted proxies the right-most untrusted hop.

``X-Forwarded-For`` is a list every hop appends to; only the entries added by
proxies we trust can be believed. So the client is found from the right: skip
the peer and every address that is a trusted proxy, and take the first one that
is not. Anything to the left of it is client-controlled and ignored.

uvicorn rewrites ``scope["client"]`` from ``X-Forwarded-For`` itself when its
``proxy_headers`` option is on (its default, for peers on 127.0.0.1). :class:`RawPeer`
therefore records the address of the connection's own socket before anything
else looks at the scope, where the server makes it available; ``wertung serve``
turns uvicorn's rewriting off, and ``uvicorn wertung.web.asgi:app`` should be run
with ``--no-proxy-headers``.

>>> nets = parse_networks(("10.0.0.0/8",))
>>> client_from("10.0.0.5", "198.51.100.1, 203.0.113.7, 10.1.2.3", nets)
'203.0.113.7'
>>> client_from("192.0.2.9", "203.0.113.7", nets)   # peer is not a proxy: header ignored
'192.0.2.9'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["PEER_KEY", "RawPeer", "client_address", "client_from", "parse_networks", "peer"]

PEER_KEY = "wertung.peer"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(items: Sequence[str]) -> tuple[Network, ...]:
    """Networks from ``10.0.0.0/8`` / ``127.0.0.1`` style strings."""
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip())


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip().strip('"')
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped or address


def _trusted(
    address: ipaddress.IPv4Address | ipaddress.IPv6Address | None, nets: Sequence[Network]
) -> bool:
    return address is not None and any(address in net for net in nets)


def client_from(peer_host: str, forwarded_for: str, nets: Sequence[Network]) -> str:
    """The client address given the socket peer, the joined ``X-Forwarded-For`` and the proxies."""
    if not nets or not _trusted(_address(peer_host), nets):
        return peer_host
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            return hop[:64]  # garbage a trusted proxy passed on: still one bucket per value
        if not _trusted(address, nets):
            return str(address)
    return str(_address(hops[0])) if hops else peer_host  # only proxies: the left-most one


def _transport_peer(receive: Receive) -> str | None:
    """The peer of the server's transport behind ``receive`` (uvicorn's request cycle)."""
    cycle = getattr(receive, "__self__", None)
    transport = getattr(cycle, "transport", None)
    get = getattr(transport, "get_extra_info", None)
    if get is None:
        return None
    try:
        name = get("peername")
    except Exception:  # pragma: no cover - a transport without peer information
        return None
    if isinstance(name, (tuple, list)) and name:
        return str(name[0])
    return None


class RawPeer:
    """Records the connection's own peer address in the scope (``scope["wertung.peer"]``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and PEER_KEY not in scope:
            host = _transport_peer(receive)
            if host is None:
                client = scope.get("client")
                host = str(client[0]) if client else "unknown"
            scope[PEER_KEY] = host
        await self.app(scope, receive, send)


def peer(scope: Scope) -> str:
    """The socket peer recorded by :class:`RawPeer` (else the server's ``client``)."""
    if PEER_KEY in scope:
        return str(scope[PEER_KEY])
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def client_address(request: Any) -> str:
    """The client of ``request`` for rate limiting (settings: ``trusted_proxies``)."""
    settings = request.app.state.settings
    nets = parse_networks(settings.proxies())
    forwarded = ", ".join(
        value.decode("latin-1")
        for name, value in request.scope.get("headers") or ()
        if name == b"x-forwarded-for"
    )
    return client_from(peer(request.scope), forwarded, nets)

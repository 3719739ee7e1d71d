"""Request and tournament limits: body size and time at the edge, players/rounds/games after parsing.

:class:`BodyLimit` is ASGI middleware. A body over the limit is refused with 413
whether the client declares it (``Content-Length``) or streams it (chunked): the
app's own answer (for instance the 400 of a form parser whose stream was cut) is
replaced, so a file is never silently shortened. A body that is not complete
within ``timeout`` seconds is answered 408 and the connection closed.

:func:`check_size` refuses a tournament above the configured players, rounds or
games before it is evaluated.

:func:`allow` counts one piece of work of a kind (``"history"``) for a client in the
shared store, within a window (the same counter the chess-results imports use, kept
apart by kind, so shared by all worker processes); False once the client had its limit.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wertung.kernel.errors import InvalidTournament
from wertung.web.clients import client_address
from wertung.web.edge_text import send_edge

__all__ = ["BodyLimit", "TournamentTooLarge", "allow", "check_size"]


class _BodyRefused(Exception):
    """Raised into the app's ``receive`` when the body is over the limit or too slow."""


class BodyLimit:
    """Refuses request bodies above ``limit`` bytes (413) or slower than ``timeout`` s (408)."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float = 30.0) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await send_edge(scope, send, 413, "too-large", limit=self.limit, close=True)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        state: dict[str, Any] = {"seen": 0, "complete": False, "refused": None, "started": False}

        async def limited() -> Message:
            if state["refused"]:
                raise _BodyRefused
            if state["complete"]:  # after the body: waiting for a disconnect is not bounded
                return await receive()
            remaining = deadline - loop.time()
            try:
                if remaining <= 0:
                    raise TimeoutError
                message = await asyncio.wait_for(receive(), remaining)
            except TimeoutError:
                state["refused"] = "timeout"
                raise _BodyRefused from None
            if message["type"] == "http.request":
                state["seen"] += len(message.get("body", b""))
                if state["seen"] > self.limit:
                    state["refused"] = "size"
                    raise _BodyRefused
                if not message.get("more_body", False):
                    state["complete"] = True
            else:
                state["complete"] = True
            return message

        async def guarded(message: Message) -> None:
            if state["refused"] and not state["started"]:
                return  # the app's answer to a cut body is replaced below
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not state["refused"] or state["started"]:
                raise
        if state["refused"] and not state["started"]:
            if state["refused"] == "size":
                await send_edge(scope, send, 413, "too-large", limit=self.limit, close=True)
            else:
                seconds = f"{self.timeout:g}"
                await send_edge(scope, send, 408, "body-timeout", seconds=seconds, close=True)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers") or ():
        if name == b"content-length":
            text = value.strip()
            return int(text) if text.isdigit() else None
    return None


class TournamentTooLarge(InvalidTournament):
    """A tournament has more players, rounds or games than this server accepts."""


def check_size(tournament: Any, settings: Any) -> None:
    """Refuse ``tournament`` if it is above ``settings.max_players``/``max_rounds``/``max_games``.

    Call it after parsing and before evaluating or storing.

    >>> from types import SimpleNamespace as NS
    >>> limits = NS(max_players=2, max_rounds=9, max_games=9)
    >>> check_size(NS(players=(1, 2, 3), games=(), rounds=1), limits)
    Traceback (most recent call last):
    ...
    wertung.web.limits.TournamentTooLarge: the tournament has 3 players; this server accepts at most 2
    """
    players = len(tournament.players)
    if players > settings.max_players:
        raise TournamentTooLarge(
            f"the tournament has {players} players; this server accepts at most "
            f"{settings.max_players}",
            code="web.too_many_players",
            params={"count": players, "most": settings.max_players},
            field="players",
        )
    games = tournament.games
    rounds = max([tournament.rounds or 0, *(getattr(g, "round", 0) or 0 for g in games)])
    if rounds > settings.max_rounds:
        raise TournamentTooLarge(
            f"the tournament has {rounds} rounds; this server accepts at most "
            f"{settings.max_rounds}",
            code="web.too_many_rounds",
            params={"count": rounds, "most": settings.max_rounds},
            field="rounds",
        )
    if len(games) > settings.max_games:
        raise TournamentTooLarge(
            f"the tournament has {len(games)} games; this server accepts at most "
            f"{settings.max_games}",
            code="web.too_many_games",
            params={"count": len(games), "most": settings.max_games},
            field="games",
        )


def allow(request: Any, kind: str, limit: int, window: float) -> bool:
    """Count one ``kind`` of work for ``request``'s client; False if it had ``limit`` of them
    within the last ``window`` seconds (nothing is counted then)."""
    client = client_address(request)
    return bool(request.app.state.store.allow_fetch(f"{kind} {client}", limit, window))

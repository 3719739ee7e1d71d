"""Reading an upload within the server's limits: a worker process, a deadline, the size limits.

:func:`read_upload` is what an upload route calls instead of
:func:`wertung.web.tournaments.from_upload`: the file is parsed in a child process
(:func:`~wertung.web.bounded.run_bounded`, ``WERTUNG_WORK_TIMEOUT`` and
``WERTUNG_WORK_MEMORY``), stopped when the client goes away, and the tournament is
checked against ``WERTUNG_MAX_PLAYERS``/``_ROUNDS``/``_GAMES`` before anything
evaluates or stores it.
"""

from __future__ import annotations

from typing import Any

from wertung.tournament._model import Tournament
from wertung.web import tournaments
from wertung.web.bounded import client_gone, run_bounded
from wertung.web.limits import check_size

__all__ = ["read_upload", "read_uploads"]


def read_upload(request: Any, filename: str, content: bytes) -> Tournament:
    """The tournament in an uploaded file, parsed within the limits of ``request``'s app."""
    settings = request.app.state.settings
    tournament = run_bounded(
        tournaments.from_upload,
        filename,
        content,
        timeout=settings.work_timeout,
        memory_mb=settings.work_memory_mb,
        cancelled=client_gone(request),
        field="file",
    )
    check_size(tournament, settings)
    return tournament


def read_uploads(
    request: Any, files: list[tuple[str, bytes]]
) -> tuple[Tournament, dict[str, Any] | None]:
    """One upload of one or several files (:func:`~.tournaments.from_uploads`) within the
    limits of ``request``'s app: the tournament and the views of saved chess-results pages."""
    settings = request.app.state.settings
    tournament, views = run_bounded(
        tournaments.from_uploads,
        files,
        timeout=settings.work_timeout,
        memory_mb=settings.work_memory_mb,
        cancelled=client_gone(request),
        field="file",
    )
    check_size(tournament, settings)
    return tournament, views

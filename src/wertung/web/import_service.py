"""Importing and storing tournaments for the web: the one place app, API and pages share.

* :func:`admit_fetch` / :func:`fetch_tournament` / :func:`run_import`: a chess-results
  link checked, counted for the rate limit (:class:`RateLimited`) and imported with
  the configured client, then checked against the size limits;
* :func:`evaluate_stored`: a stored import evaluated within the server's limits (the
  byte-bounded cache ``app.state.evaluations``, the evaluation proven in a worker
  process with ``WERTUNG_WORK_TIMEOUT``/``WERTUNG_WORK_MEMORY`` first);
* :func:`store_evaluated`: an import enriched from the DSB list, evaluated, and stored
  only when the evaluation worked (or only lacks the end date the user can add).

No module here imports :mod:`.app`: the app, :mod:`.api` and the page routes import this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import WertungError
from ..core.model import Tournament
from . import enrich, tournaments
from .bounded import client_gone, run_bounded
from .clients import client_address
from .limits import check_size
from .settings import Settings

__all__ = [
    "RateLimited",
    "admit_fetch",
    "evaluate_stored",
    "fetch_tournament",
    "guard_for",
    "run_import",
    "store_evaluated",
]


class RateLimited(WertungError):
    """Too many chess-results imports from one client within the window."""


def admit_fetch(request: Any, link: str) -> None:
    """Refuse anything but a chess-results link, then count the import for the rate limit."""
    tournaments.normalise_link(link)  # refuses anything that is not a chess-results link
    settings: Settings = request.app.state.settings
    store = request.app.state.store
    if not store.allow_fetch(client_address(request), settings.fetch_limit, settings.fetch_window):
        raise RateLimited(
            f"at most {settings.fetch_limit} chess-results imports per "
            f"{settings.fetch_window // 60} minutes; please wait or upload a file",
            field="link",
        )


def fetch_tournament(request: Any, link: str, progress: Any = None) -> Tournament:
    """Import a chess-results tournament for this client: link checked first, then rate limit."""
    admit_fetch(request, link)
    return run_import(request.app.state.settings, link, progress)


def run_import(settings: Settings, link: str, progress: Any = None) -> Tournament:
    """The import itself (for an admitted link), with the configured client.

    The imported tournament is checked against the size limits (:func:`check_size`).
    """
    factory = settings.chessresults_client
    client = factory() if callable(factory) else factory
    try:
        tournament = tournaments.import_link(link, client=client, progress=progress)
    finally:
        if callable(factory) and hasattr(client, "close"):
            client.close()
    check_size(tournament, settings)
    return tournament


def guard_for(
    settings: Settings, cancelled: Callable[[], bool] | None = None
) -> Callable[[Tournament], None]:
    """The bounded step of an evaluation: :func:`~.tournaments.check_evaluates` in a worker
    process within ``settings``' deadline and memory limit, stopped when ``cancelled()``."""

    def guard(tournament: Tournament) -> None:
        run_bounded(
            tournaments.check_evaluates,
            tournament,
            timeout=settings.work_timeout,
            memory_mb=settings.work_memory_mb,
            cancelled=cancelled,
            field=None,
        )

    return guard


def evaluate_stored(
    request: Any,
    key: str,
    record: dict[str, Any],
    corrections: enrich.Corrections | None = None,
) -> tournaments.Outcome:
    """:func:`~.tournaments.evaluate` with the app's cache and limits, for ``request``."""
    app = request.app
    return tournaments.evaluate(
        key,
        record,
        corrections,
        cache=app.state.evaluations,
        guard=guard_for(app.state.settings, client_gone(request)),
    )


def store_evaluated(
    app: Any,
    tournament: Tournament,
    source: str | None,
    *,
    use_list: bool = True,
    allow_missing_end_date: bool = True,
    cancelled: Callable[[], bool] | None = None,
) -> tuple[str, tournaments.Outcome]:
    """Enrich, evaluate, then store ``tournament``; its key and outcome.

    Nothing is stored when the evaluation fails: its error is raised. A tournament that
    only lacks its end date is stored when ``allow_missing_end_date`` (the result page
    asks for the date).
    """
    settings: Settings = app.state.settings
    record = enrich.import_record(tournament, settings.store_dir(), use_list=use_list)
    store = app.state.store
    key = store.key_for(record)
    outcome = tournaments.evaluate(
        key, record, cache=app.state.evaluations, guard=guard_for(settings, cancelled)
    )
    if outcome.error is not None and not (allow_missing_end_date and outcome.needs_end_date):
        raise outcome.error
    return store.put(record, source), outcome

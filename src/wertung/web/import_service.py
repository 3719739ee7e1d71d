"""Importing and storing tournaments for the web: the one place app, API and pages share.

* :func:`admit_fetch` / :func:`fetch_tournament` / :func:`run_import`: a chess-results
  link checked, counted for the rate limit (:class:`RateLimited`) and imported with
  the configured client, then checked against the size limits;
* :func:`evaluate_stored`: a stored import evaluated within the server's limits (the
  byte-bounded cache ``app.state.evaluations``, the evaluation proven in a worker
  process with ``WERTUNG_WORK_TIMEOUT``/``WERTUNG_WORK_MEMORY`` first);
* :func:`store_evaluated`: an import enriched from the DSB list, evaluated, and stored
  only when the evaluation worked (or only lacks the end date the user can add); an
  import of a link is stored with its :class:`Fetched` (link, when its pages were fetched);
* :func:`start_import` / :func:`restart_import` / :func:`run_job`: the page's import of a
  link as a queued job (:mod:`wertung.web.jobs`): run at once by this process when it has a
  free slot, else by the first process of any host that has one, and by another one when
  the process running it dies; its progress, result or error (in the user's language) in
  the shared store. :func:`workers` is the app's :class:`~wertung.web.jobs.Workers`;
* :func:`start_refresh` / :func:`refresh_state`: the re-import of a stored running
  event in the background -- one at a time per stored key (claimed in the shared store,
  so across worker processes), at most :data:`MAX_REFRESHES` per process, counted for the
  viewer's rate limit, run as an import job (heartbeat, deadline) with the bounded
  evaluation. A failure is kept on the stored key (its texts in both languages) and the
  old state stays. ``app.state.clock`` (tests) replaces the wall clock for the decisions.

No module here imports :mod:`.app`: the app, :mod:`.api` and the page routes import this.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wertung.kernel.errors import SourceError, WertungError
from wertung.tournament._model import Tournament
from wertung.web import enrich, tournaments
from wertung.web.bounded import client_gone, run_bounded
from wertung.web.clients import client_address
from wertung.web.jobs import Claim, JobLost, Workers
from wertung.web.limits import check_size
from wertung.web.settings import Settings

__all__ = [
    "MAX_REFRESHES",
    "ChessResultsUnreachable",
    "Fetched",
    "RateLimited",
    "RefreshState",
    "admit_fetch",
    "clock_of",
    "evaluate_stored",
    "fetch_timed",
    "fetch_tournament",
    "guard_for",
    "refresh_state",
    "refund_for",
    "restart_import",
    "run_import",
    "run_job",
    "run_timed",
    "start_import",
    "start_refresh",
    "store_evaluated",
    "workers",
]

log = logging.getLogger("wertung.web")

#: Refreshes of running events one worker process runs at the same time (each is an import
#: paced by the chess-results client; a view finding none free shows the stored state).
MAX_REFRESHES = 2
_REFRESH_SLOTS = threading.BoundedSemaphore(MAX_REFRESHES)


def clock_of(app: Any) -> Callable[[], float]:
    """The app's wall clock: ``app.state.clock`` when set (tests), else :func:`time.time`."""
    clock = getattr(app.state, "clock", None)
    return clock if callable(clock) else time.time


@dataclass(frozen=True)
class Fetched:
    """Where an import came from and when: the chess-results link and the time (seconds
    since the epoch) of its oldest page (a page from the client's cache counts with the
    time it was fetched, any other with the time the import started)."""

    link: str
    as_of: float


class _TimedClient:
    """The configured chess-results client, made on first use, noting the oldest page."""

    def __init__(self, factory: object, started: float) -> None:
        self._factory = factory
        self._client: Any = None
        self.as_of = started

    def fetch(self, *args: Any, **kwargs: Any) -> Any:
        if self._client is None:
            if self._factory is None:
                from wertung.sources.chessresults import Client

                self._client = Client()
            else:
                self._client = self._factory() if callable(self._factory) else self._factory
        page = self._client.fetch(*args, **kwargs)
        if getattr(page, "from_cache", False):
            self.as_of = min(self.as_of, float(page.fetched_at))
        return page

    def close(self) -> None:
        owned = self._factory is None or callable(self._factory)
        if owned and self._client is not None and hasattr(self._client, "close"):
            self._client.close()


class RateLimited(WertungError):
    """Too many chess-results imports from one client within the window."""


class ChessResultsUnreachable(SourceError):
    """chess-results.com did not answer (connection refused, DNS, timeouts): said as such in
    the user's language (``where["unreachable"]``, :mod:`wertung.web.field_errors`), with the
    saved-pages upload offered, and the attempt not counted against the import limit."""


def _unreachable(error: BaseException) -> bool:
    """Whether the import failed because chess-results.com could not be reached at all."""
    import httpx

    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, (httpx.TimeoutException, httpx.TransportError, OSError)):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def refund_for(request: Any) -> Callable[[], None]:
    """Give back the import :func:`admit_fetch` counted for this request's client."""
    store, client = request.app.state.store, client_address(request)
    return lambda: store.refund_fetch(client)


def admit_fetch(request: Any, link: str) -> None:
    """Refuse anything but a chess-results link, then count the import for the rate limit."""
    tournaments.normalise_link(link)  # refuses anything that is not a chess-results link
    settings: Settings = request.app.state.settings
    store = request.app.state.store
    if not store.allow_fetch(client_address(request), settings.fetch_limit, settings.fetch_window):
        raise RateLimited(
            f"at most {settings.fetch_limit} chess-results imports per "
            f"{settings.fetch_window // 60} minutes; please wait or upload a file",
            code="web.rate_limited",
            params={"limit": settings.fetch_limit, "minutes": settings.fetch_window // 60},
            field="link",
        )


def fetch_tournament(request: Any, link: str, progress: Any = None) -> Tournament:
    """Import a chess-results tournament for this client: link checked first, then rate limit."""
    return fetch_timed(request, link, progress)[0]


def fetch_timed(request: Any, link: str, progress: Any = None) -> tuple[Tournament, Fetched]:
    """:func:`fetch_tournament` with when its pages were fetched (for :func:`store_evaluated`)."""
    admit_fetch(request, link)
    return run_timed(
        request.app.state.settings,
        link,
        progress,
        clock=clock_of(request.app),
        refund=refund_for(request),
    )


def run_import(settings: Settings, link: str, progress: Any = None) -> Tournament:
    """The import itself (for an admitted link), with the configured client.

    The imported tournament is checked against the size limits (:func:`check_size`).
    """
    return run_timed(settings, link, progress)[0]


def run_timed(
    settings: Settings,
    link: str,
    progress: Any = None,
    *,
    clock: Callable[[], float] = time.time,
    refund: Callable[[], None] | None = None,
) -> tuple[Tournament, Fetched]:
    """:func:`run_import` and the :class:`Fetched` of the import (times from ``clock``).

    chess-results.com not reachable: :class:`ChessResultsUnreachable`, and ``refund()``
    gives back the counted import (:func:`refund_for`).
    """
    client = _TimedClient(settings.chessresults_client, clock())
    try:
        tournament = tournaments.import_link(link, client=client, progress=progress)
    except WertungError as error:
        if not _unreachable(error):
            raise
        if refund is not None:
            refund()
        raise ChessResultsUnreachable(
            "chess-results.com cannot be reached right now; this attempt does not count "
            "against the import limit; try again later or upload the saved pages",
            code="web.cr_unreachable",
            unreachable=True,  # no field: the API answers 502 (the source), not 422
        ) from error
    finally:
        client.close()
    check_size(tournament, settings)
    return tournament, Fetched(link, client.as_of)


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
    fetched: Fetched | None = None,
    corrections: enrich.Corrections | None = None,
    views: dict[str, Any] | None = None,
) -> tuple[str, tournaments.Outcome]:
    """Enrich, evaluate, then store ``tournament``; its key and outcome.

    ``views``: the saved chess-results pages' views given and missing
    (:func:`~.tournaments.from_uploads`), kept in the record as ``pages`` for the result page.

    ``corrections``: the user's (the API's ``time_control``, ``age_class``), applied to the
    evaluation; the record stays the source's.

    Nothing is stored when the evaluation fails: its error is raised. A tournament that
    only lacks its end date is stored when ``allow_missing_end_date`` (the result page
    asks for the date). ``fetched``: the import of a link, recorded with the key (the
    result page refreshes a running event from it). ``corrections``: the evaluation's
    options (method, exceptional players, printing date), kept in the answer's share link.
    """
    settings: Settings = app.state.settings
    record = enrich.import_record(tournament, settings.store_dir(), use_list=use_list)
    if views is not None:
        record["pages"] = {"got": list(views["got"]), "missing": list(views["missing"])}
    store = app.state.store
    key = store.key_for(record)
    outcome = tournaments.evaluate(
        key, record, corrections, cache=app.state.evaluations, guard=guard_for(settings, cancelled)
    )
    if outcome.error is not None and not (allow_missing_end_date and outcome.needs_end_date):
        raise outcome.error
    key = store.put(record, source)
    if fetched is not None:
        store.mark_fetched(key, fetched.link, fetched.as_of)
    return key, outcome


# -- the page's imports: queued jobs any host runs --------------------------------------------

_WORKERS_LOCK = threading.Lock()


def workers(app: Any) -> Workers:
    """The app's queue workers (made on first use, anew when the app's store was replaced)."""
    with _WORKERS_LOCK:
        found = getattr(app.state, "jobs", None)
        if not isinstance(found, Workers) or found.store is not app.state.store:
            found = Workers(app.state.store, lambda claim: run_job(app, claim))
            app.state.jobs = found
        return found


def start_import(request: Any, link: str, lang: str) -> str:
    """Queue the import of admitted ``link`` (:func:`admit_fetch`) for ``request``'s client
    and run it here when a slot is free; the job's id (the page polls it on any host)."""
    params = {"client": client_address(request)}
    return workers(request.app).submit(link, lang, params)


def restart_import(request: Any, job: str) -> str | None:
    """A new job for the link of failed ``job`` (counted already), run as :func:`start_import`
    does; None when ``job`` did not fail."""
    app = request.app
    new = app.state.store.restart_job(job, params={"client": client_address(request)})
    if new is not None:
        workers(app).resume(new)
    return new


def run_job(app: Any, claim: Claim) -> None:
    """Run claimed import job ``claim`` on this host: progress, then the stored result's key
    or the error in the user's language. A claim that was taken over (:class:`JobLost`)
    stops at its next progress line and finishes nothing."""
    from wertung.web.field_errors import error_text
    from wertung.web.i18n import translator

    store = app.state.store
    t = translator(claim.lang or "en")
    client = claim.params.get("client")
    refund = (lambda: store.refund_fetch(client)) if isinstance(client, str) else None

    def progress(message: str) -> None:
        if not store.job_progress(claim.job, message, owner=claim.owner):
            raise JobLost(claim.job)

    try:
        tournament, fetched = run_timed(
            app.state.settings, claim.link, progress, clock=clock_of(app), refund=refund
        )
        key, _outcome = store_evaluated(app, tournament, tournament.source, fetched=fetched)
        store.job_done(claim.job, key=key, owner=claim.owner)
    except JobLost:
        raise
    except WertungError as error:
        if isinstance(error.__cause__, JobLost) or isinstance(error.__context__, JobLost):
            raise JobLost(claim.job) from error
        store.job_done(claim.job, error=error_text(error, t), owner=claim.owner)
    except Exception:
        log.exception("import of %s failed", claim.link)
        store.job_done(claim.job, error=t("error.internal"), owner=claim.owner)


# -- refreshing a stored running event -----------------------------------------------------------


@dataclass(frozen=True)
class RefreshState:
    """The refresh of a stored import of a link: when its pages were fetched (``as_of``),
    when a refresh last started (``checked``), whether one runs now (``job``), and the
    last one's failure (``failed``: when; ``failure``: its text by language)."""

    key: str
    as_of: float
    checked: float | None = None
    job: str | None = None
    failed: float | None = None
    failure: dict[str, str] | None = None

    def due_at(self, interval: float) -> float:
        """When the next refresh may start: ``interval`` after the fetch and the last start."""
        return max(self.as_of, self.checked or self.as_of) + interval


def _texts(key: str) -> dict[str, str]:
    from wertung.web.i18n import LANGUAGES, translator

    return {lang: translator(lang)(key) for lang in LANGUAGES}


def _error_texts(error: WertungError) -> dict[str, str]:
    from wertung.web.field_errors import error_text
    from wertung.web.i18n import LANGUAGES, translator

    return {lang: error_text(error, translator(lang)) for lang in LANGUAGES}


def refresh_state(app: Any, key: str) -> RefreshState | None:
    """The refresh state of stored import ``key`` (None: not an import of a link).

    A refresh job that ended without saying so (its process died, its deadline passed)
    is recorded as failed here.
    """
    store = app.state.store
    row = store.fetch_state(key)
    if row is None:
        return None
    job = row["job"]
    if job is not None:
        state = store.job(job)
        if state is None or state["status"] != "running":
            if state is not None and state["status"] == "done":
                store.refresh_ended(key, job)
            else:
                reason = (state or {}).get("reason", "stalled")
                failure = _texts(f"running.refresh_{reason}")
                store.refresh_failed(key, job, failure, now=clock_of(app)())
            row = store.fetch_state(key) or row
    return RefreshState(
        key, row["as_of"], row["checked"], row["job"], row["failed"], row["failure"]
    )


def start_refresh(request: Any, state: RefreshState, *, interval: float) -> RefreshState:
    """Start the re-import of ``state``'s stored import when it is due and allowed.

    Due: ``interval`` seconds after its pages were fetched and after the last refresh
    started, and no refresh running. Claimed in the store first (one refresh per key
    whoever views it, in whichever worker: the others see it running), then it needs one
    of the process's :data:`MAX_REFRESHES` slots and the viewer's rate limit for refreshes
    (as many as imports, counted apart from them; else the claim is given back), then it
    runs in a thread (:func:`_refresh`). The state as it is now.
    """
    app = request.app
    now = clock_of(app)()
    if state.job is not None or now < state.due_at(interval):
        return state
    store = app.state.store
    claim = store.claim_refresh(state.key, now=now, interval=interval)
    if claim is None:  # another viewer's refresh runs, or ran a moment ago
        return refresh_state(app, state.key) or state
    job, checked = claim
    if not _REFRESH_SLOTS.acquire(blocking=False):
        store.release_refresh(state.key, job, checked, "every refresh slot busy: not started")
        return state
    started = False
    try:
        settings: Settings = app.state.settings
        # Counted for the viewer, but apart from his imports: an open tab of a running
        # event must not use up what he may import (same limit and window).
        if not store.allow_fetch(
            f"refresh {client_address(request)}", settings.fetch_limit, settings.fetch_window
        ):
            store.release_refresh(state.key, job, checked, "rate limit: not started")
            return state
        thread = threading.Thread(
            target=_refresh, args=(app, state.key, job, now), name=f"refresh-{job}", daemon=True
        )
        thread.start()
        started = True
    finally:
        if not started:
            _REFRESH_SLOTS.release()
    return RefreshState(state.key, state.as_of, now, job, state.failed, state.failure)


def _refresh(app: Any, key: str, job: str, checked: float) -> None:
    """The refresh job: import the link again, store the new state, map ``key`` to it."""
    store = app.state.store
    clock = clock_of(app)
    try:
        row = store.fetch_state(key)
        if row is None:  # purged meanwhile
            store.job_done(job, error="the stored import is gone")
            return
        tournament, fetched = run_timed(
            app.state.settings,
            row["link"],
            progress=lambda message: store.job_progress(job, message),
            clock=clock,
        )
        newest, _outcome = store_evaluated(app, tournament, tournament.source, fetched=fetched)
        store.refreshed(key, newest, job, checked=checked)
        store.job_done(job, key=newest)
    except WertungError as error:
        failure = _error_texts(error)
        store.refresh_failed(key, job, failure, now=clock())
        store.job_done(job, error=failure["en"])
    except Exception:
        log.exception("refresh of %s failed", key)
        failure = _texts("error.internal")
        store.refresh_failed(key, job, failure, now=clock())
        store.job_done(job, error=failure["en"])
    finally:
        _REFRESH_SLOTS.release()

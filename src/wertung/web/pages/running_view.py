"""A running event on the tournament pages: the forecast after the last complete round, the
next round's pairings with what each result does, and "what do I need?" for one player.

The engine's :func:`wertung.tournament._running.running_forecast` does the work; this module only
decides when a tournament is running (``played_rounds`` given or pairings of rounds not
yet played), keeps the forecast in the app's byte-bounded cache next to the evaluation,
and reads the player page's target field.

Refreshing a running event (:func:`freshness_of`): a stored import of a chess-results
link knows when its pages were fetched. Viewed :func:`refresh_interval` seconds after
that (the chess-results cache's age for a running event: 5 minutes) it is imported again
in the background (:func:`~wertung.web.import_service.start_refresh`: one refresh per
stored key at a time, rate-limited like any import); the page says "as of HH:MM" and
polls ``…/refresh`` (htmx, no inline script), which answers with a reload once a newer
state is stored. A finished event (every round in) and an upload are never refreshed.

**The share key stays, the stored inputs do not change.** A key is the hash of a stored
input and keeps naming that input (the API's ``/tournaments/{key}`` answers it). A refresh
stores the new state under its own key and maps every older key of it to the newest
(:meth:`~wertung.web.web_store.WebStore.newest`): the pages under an old key -- result,
player, teams, exports -- show the newest state, with the URL's corrections applied to it
(they name players by id, which a chess-results event keeps). A refresh that fails
(site down, page changed) keeps the old state, with a note saying so and when it was
last fetched; the next view after the interval tries again.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import logging
import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from wertung.catalogue.formatting import short_time
from wertung.kernel.errors import WertungError
from wertung.web import import_service, tournaments
from wertung.web.i18n import Translator
from wertung.web.pages import forms

__all__ = [
    "Freshness",
    "NeedAnswer",
    "freshness_of",
    "is_running",
    "is_running_data",
    "need_of",
    "refresh_interval",
    "running_of",
    "status_notes",
]

log = logging.getLogger("wertung.web")

_AFTER_ROUND = re.compile(r"after round \d+( of \d+)?")
_IN_PROGRESS = re.compile(r"round (\d+) in progress: \d+ of \d+ results in")


def status_notes(notes: Any, incomplete: Any = ()) -> list[str]:
    """The notes to list under the state lines, each fact once: the progress note of a
    chess-results import ("after round 7 of 9; round 8 in progress: ...") loses its "after
    round" part (the page says it once, in the state line or the running section) and each
    "round N in progress" part that an ``incomplete`` reason says already.

    >>> status_notes(["after round 1 of 7; round 2 in progress: 9 of 16 results in", "x"],
    ...              ["round 2 is in progress: 9 of its 16 results are in"])
    ['x']
    >>> status_notes(["after round 7 of 9; round 8 not paired yet"])
    ['round 8 not paired yet']
    """
    said = {
        match.group(1)
        for reason in incomplete or ()
        if (match := re.match(r"round (\d+) is in progress", str(reason)))
    }
    shown = []
    for note in notes or ():
        parts = str(note).split("; ")
        if not any(_AFTER_ROUND.fullmatch(part) or _IN_PROGRESS.fullmatch(part) for part in parts):
            shown.append(note)
            continue
        rest = [
            part
            for part in parts
            if not _AFTER_ROUND.fullmatch(part)
            and not ((found := _IN_PROGRESS.fullmatch(part)) and found.group(1) in said)
        ]
        if rest:
            shown.append("; ".join(rest))
    return shown


#: Seconds between two polls of the page while a refresh runs.
POLL_SECONDS = 2
#: Seconds until a view that could not start a due refresh (the viewer's rate limit, every
#: refresh slot of the process busy) asks again.
RETRY_SECONDS = 60


@functools.cache
def refresh_interval() -> float:
    """Seconds a running event's state is shown before it is imported again: the age the
    chess-results client's cache accepts for a running event's pages (``CachePolicy.live``).

    >>> refresh_interval()
    300.0
    """
    from wertung.sources.chessresults import CachePolicy

    return float(CachePolicy().live)


def is_running(tournament: Any) -> bool:
    """A tournament whose result is a state after some rounds, not the final one."""
    if tournament.upcoming:
        return True
    played = tournament.played_rounds
    return played is not None and (tournament.rounds is None or played < tournament.rounds)


def is_running_data(data: dict[str, Any]) -> bool:
    """:func:`is_running` of a tournament in the JSON format (a stored record's data).

    >>> is_running_data({"rounds": 9, "played_rounds": 5}), is_running_data({"rounds": 9})
    (True, False)
    """
    return is_running(
        SimpleNamespace(
            upcoming=data.get("upcoming") or (),
            played_rounds=data.get("played_rounds"),
            rounds=data.get("rounds"),
        )
    )


def running_of(request: Any, key: str, record: dict[str, Any], outcome: Any) -> Any:
    """The running forecast of a stored import (cached), or None when it is not running.

    A tournament the forecast refuses (its error is logged) shows the plain result only.
    """
    if outcome is None or outcome.evaluation is None:
        return None
    tournament = outcome.prepared.tournament
    if not is_running(tournament):
        return None
    from wertung.tournament._running import running_forecast

    cache = request.app.state.evaluations
    cache_key = (key, outcome.prepared.corrections.query(), "running")
    found = cache.get(cache_key)
    if found is not None:
        return found
    try:
        found = running_forecast(tournament)
    except WertungError as error:
        log.info("no running forecast for %s: %s", key, error)
        return None
    size = tournaments.CACHE_BYTES_PER_JSON_BYTE * len(json.dumps(record, ensure_ascii=False))
    cache.put(cache_key, found, size=size)
    return found


@dataclass(frozen=True)
class NeedAnswer:
    """The target field's state: what was typed, the planner's answer or the error."""

    typed: str = ""
    need: Any = None
    error: str | None = None

    @property
    def games(self) -> int:
        return len(self.need.opponents) if self.need is not None else 0


def need_of(running: Any, player_id: str, query: Any, t: Translator) -> NeedAnswer | None:
    """The answer for the player page's ``target`` (None when no rounds remain).

    An empty target: the field without an answer; anything but a rating 0–3500 is an
    error on the field.
    """
    if running is None or not running.remaining_rounds:
        return None
    typed = str(query.get("target", "")).strip()[:8]
    if not typed:
        return NeedAnswer()
    if not typed.isdigit() or not 0 <= int(typed) <= 3500:
        return NeedAnswer(typed, error=t("error.rating"))
    try:
        need = running.needed(player_id, int(typed))
    except WertungError as error:
        return NeedAnswer(typed, error=forms.error_text(error, t))
    return NeedAnswer(typed, need=need)


@dataclass(frozen=True)
class Freshness:
    """What the result page of a running event says about its state's age and refresh.

    ``key``: the stored key shown (the newest); ``as_of``/``failed`` as formatted times;
    ``refreshing``: a refresh runs; ``failure``: why the last one failed (this language);
    ``minutes``: the refresh interval; ``delay``: seconds until the page asks again.
    """

    key: str
    as_of: str
    as_of_iso: str
    minutes: int
    refreshing: bool
    delay: int
    failed: str | None = None
    failure: str | None = None


def _when(moment: float, now: float, t: Translator, zone: dt.tzinfo | None = None) -> str:
    """A time of today as ``HH:MM``, of another day with its date (Babel).

    ``zone``: the configured time zone (``WERTUNG_TIMEZONE``); None: the server's own.
    """
    local = dt.datetime.fromtimestamp(moment, zone).astimezone(zone)
    today = local.date() == dt.datetime.fromtimestamp(now, local.tzinfo).date()
    return short_time(local, t.lang, with_date=not today)


def freshness_of(
    request: Any, key: str, data: dict[str, Any], t: Translator, *, start: bool = True
) -> Freshness | None:
    """The refresh of stored import ``key`` (tournament ``data``) as the page shows it.

    None unless ``key`` is an import of a chess-results link and the event is running.
    With ``start`` a due refresh is started (:func:`~.import_service.start_refresh`).
    """
    if not is_running_data(data):
        return None
    app = request.app
    state = import_service.refresh_state(app, key)
    if state is None:
        return None
    interval = refresh_interval()
    if start:
        state = import_service.start_refresh(request, state, interval=interval)
    now = import_service.clock_of(app)()
    if state.job is not None:
        delay = POLL_SECONDS
    else:
        wait = state.due_at(interval) - now
        delay = int(wait) + 1 if wait > 0 else RETRY_SECONDS
    zone = app.state.settings.zone()
    failed = failure = None
    if state.failed is not None and state.job is None:
        failed = _when(state.failed, now, t, zone)
        failure = (state.failure or {}).get(t.lang) or t("error.internal")
    return Freshness(
        key=key,
        as_of=_when(state.as_of, now, t, zone),
        as_of_iso=dt.datetime.fromtimestamp(state.as_of, zone)
        .astimezone(zone)
        .isoformat(timespec="seconds"),
        minutes=max(1, round(interval / 60)),
        refreshing=state.job is not None,
        delay=delay,
        failed=failed,
        failure=failure,
    )

"""A running event on the tournament pages: the forecast after the last complete round, the
next round's pairings with what each result does, and "what do I need?" for one player.

The engine's :func:`wertung.running.running_forecast` does the work; this module only
decides when a tournament is running (``played_rounds`` given or pairings of rounds not
yet played), keeps the forecast in the app's byte-bounded cache next to the evaluation,
and reads the player page's target field.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from ..core.errors import WertungError
from . import forms, tournaments
from .i18n import Translator

__all__ = ["NeedAnswer", "is_running", "need_of", "running_of"]

log = logging.getLogger("wertung.web")


def is_running(tournament: Any) -> bool:
    """A tournament whose result is a state after some rounds, not the final one."""
    if tournament.upcoming:
        return True
    played = tournament.played_rounds
    return played is not None and (tournament.rounds is None or played < tournament.rounds)


def running_of(request: Any, key: str, record: dict[str, Any], outcome: Any) -> Any:
    """The running forecast of a stored import (cached), or None when it is not running.

    A tournament the forecast refuses (its error is logged) shows the plain result only.
    """
    if outcome is None or outcome.evaluation is None:
        return None
    tournament = outcome.prepared.tournament
    if not is_running(tournament):
        return None
    from ..running import running_forecast

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

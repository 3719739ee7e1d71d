"""The season history for the web: stored tournaments chained with :func:`wertung.history`.

The tournaments of a history are stored like the tournament page's imports (the same
content keys, with what the DSB list added), and the history's URL lists their keys:
``/de/history?t=KEY&t=KEY&player=Muster,+Max``. Nothing is computed here: this module
loads the stored records, hands their tournaments to the engine in any order (it sorts
them as the rating office does) and turns the answer into the API's JSON.

The work is bounded (issue 22: twelve 2,000-player tournaments took two minutes, a
181 MB answer and a killed worker):

* before anything is evaluated, the games of the chosen tournaments are counted from
  their stored records and a history over ``WERTUNG_HISTORY_MAX_GAMES`` is refused
  (:class:`HistoryTooLarge`, naming the count and the limit);
* the engine runs in a worker process (:func:`~wertung.web.bounded.run_bounded`, within
  ``WERTUNG_WORK_TIMEOUT`` and ``WERTUNG_WORK_MEMORY``, stopped when the client goes
  away): :func:`work` makes the whole JSON answer there;
* the answer carries full rows (and each evaluation's working) only for the players
  asked for; without a player filter every player is listed by name and key, with rows
  for the :data:`MAX_ROWS` players in the most tournaments (``rows_left_out`` says how
  many have none); each tournament is summarised, not its whole evaluation;
* answers are cached per process by key set, method, exceptional-player rule and players
  (the stored tournaments never change under their key), charged by their bytes, within
  ``WERTUNG_HISTORY_CACHE_MB``;
* a client may have ``WERTUNG_HISTORY_LIMIT`` histories computed per
  ``WERTUNG_HISTORY_WINDOW`` seconds (:class:`HistoryRateLimited`, answered 429; answers
  from the cache are not counted).

>>> keys(["abc", "", "abc", "def"])
['abc', 'def']
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from wertung.kernel.derivation import to_plain
from wertung.kernel.errors import InvalidInput, WertungError
from wertung.web import enrich
from wertung.web.bounded import client_gone, run_bounded
from wertung.web.cache import ByteLRU
from wertung.web.limits import allow

__all__ = [
    "MAX_ROWS",
    "MAX_SHOWN",
    "MAX_TOURNAMENTS",
    "Answer",
    "HistoryRateLimited",
    "HistoryTooLarge",
    "Job",
    "Stored",
    "answer",
    "check_games",
    "games_of",
    "keys",
    "load",
    "work",
]

#: More tournaments than a season of one player has (a guard against runaway input).
MAX_TOURNAMENTS = 12
#: More players to draw than a page can show; the rest are listed by name.
MAX_SHOWN = 12
#: Without a player filter, the players whose rows the API's answer carries (those in the
#: most tournaments); every other player is listed by name and key only.
MAX_ROWS = 100
#: The rate limit's kind in the shared store (apart from the chess-results imports).
RATE_KIND = "history"


class HistoryTooLarge(InvalidInput):
    """The chosen tournaments have more games together than this server evaluates at once."""


class HistoryRateLimited(WertungError):
    """Too many histories computed for one client within the window."""


def keys(values: Iterable[str]) -> list[str]:
    """The stored keys of a request, without blanks and repeats, in their order."""
    seen: list[str] = []
    for value in values:
        key = str(value).strip()[:64]
        if key and key not in seen:
            seen.append(key)
    return seen


@dataclass(frozen=True)
class Stored:
    """A stored tournament of the history: its key and record (not parsed here)."""

    key: str
    record: dict[str, Any]

    @property
    def data(self) -> dict[str, Any]:
        """The tournament in the wertung JSON format, as stored."""
        data = self.record.get("tournament", self.record)
        return data if isinstance(data, dict) else {}

    @property
    def name(self) -> str:
        return str(self.data.get("name") or "")

    @property
    def has_end_date(self) -> bool:
        return bool(self.data.get("end_date"))


def load(store: Any, wanted: Sequence[str]) -> list[Stored]:
    """The stored records of ``wanted`` (raises :class:`InvalidInput` naming a missing key)."""
    if len(wanted) > MAX_TOURNAMENTS:
        raise InvalidInput(
            f"{len(wanted)} tournaments: at most {MAX_TOURNAMENTS} in one history",
            code="web.history_too_many",
            params={"count": len(wanted), "most": MAX_TOURNAMENTS},
            field="t",
        )
    if not wanted:
        raise InvalidInput("give at least one tournament", code="web.history_none", field="t")
    loaded = []
    for key in wanted:
        record = store.get(key)
        if record is None:
            raise InvalidInput(
                f"no stored tournament {key!r}",
                code="web.no_stored",
                params={"key": repr(key)},
                field="t",
                key=key,
            )
        loaded.append(Stored(key, record))
    return loaded


def games_of(stored: Sequence[Stored]) -> int:
    """The games of the stored tournaments together, counted from their records."""
    total = 0
    for item in stored:
        games = item.data.get("games")
        total += len(games) if isinstance(games, list) else 0
    return total


def check_games(stored: Sequence[Stored], most: int) -> None:
    """Refuse a history of more than ``most`` games (before anything is evaluated).

    >>> check_games([Stored("a", {"tournament": {"games": [{}] * 5}})], 4)
    Traceback (most recent call last):
    ...
    wertung.web.history.HistoryTooLarge: the tournaments have 5 games together; this server evaluates at most 4 in one history
    """
    count = games_of(stored)
    if count > most:
        raise HistoryTooLarge(
            f"the tournaments have {count} games together; this server evaluates at most "
            f"{most} in one history",
            code="web.history_games",
            params={"count": count, "most": most},
            field="t",
        )


# -- the work (in a worker process) -------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """What :func:`work` computes: the stored tournaments, the players asked for and the
    evaluation's options; ``rows`` is :data:`MAX_ROWS` (a parameter for the tests)."""

    stored: tuple[Stored, ...]
    players: tuple[str, ...] = ()
    method: str = "exact"
    exceptional_players: bool | None = None
    rows: int = MAX_ROWS

    def cache_key(self) -> tuple[Any, ...]:
        """The key set (the order does not matter: the engine sorts), options, players."""
        return (
            frozenset(item.key for item in self.stored),
            self.method,
            self.exceptional_players,
            self.players,
            self.rows,
        )


@dataclass(frozen=True)
class Answer:
    """A history's answer: ``body`` the API's JSON; ``everyone`` (only when players were
    asked for) the JSON list of every player's ``[name, birth_year]``, for the page's picker."""

    body: bytes
    everyone: bytes = b""

    @property
    def size(self) -> int:
        """The bytes the answer holds (what the cache is charged)."""
        return len(self.body) + len(self.everyone)

    def data(self) -> dict[str, Any]:
        """The API's answer as data."""
        return json.loads(self.body)

    def people(self) -> list[tuple[str, int | None]]:
        """Every player's name and birth year (from ``everyone`` or the answer's list)."""
        if self.everyone:
            return [(name, born) for name, born in json.loads(self.everyone)]
        return [(p["name"], p["birth_year"]) for p in self.data()["players"]]


def _dumps(data: Any) -> bytes:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.encode("utf-8")


def _played(player: Any) -> int:
    return sum(1 for row in player.rows if not row.upgrade)


def _summary(key: str, evaluation: Any) -> dict[str, Any]:
    """A tournament of the history without its players' workings (those are the bulk)."""
    return {
        "key": key,
        "name": evaluation.name,
        "end_date": to_plain(evaluation.end_date),
        "regulations": evaluation.regulations,
        "method": evaluation.method,
        "players": len(evaluation.players),
        "complete": evaluation.complete,
        "incomplete": to_plain(evaluation.incomplete),
        "notes": to_plain(evaluation.notes),
        "dwz_warnings": to_plain(evaluation.dwz_warnings),
        "dwz_rated": evaluation.dwz_rated,
        "time_control": evaluation.time_control,
        "rounds": evaluation.rounds,
        "played_rounds": evaluation.played_rounds,
        "exceptional_players": to_plain(evaluation.exceptional_players),
        "iteration_sweeps": evaluation.iteration_sweeps,
    }


def _player(person: Any, *, rows: bool, workings: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": person.name,
        "key": person.key,
        "birth_year": person.birth_year,
        "matched_by": list(person.matched_by),
        "history": [row.to_dict() for row in person.rows] if rows else None,
    }
    if workings:  # the evaluation's entry of him in each tournament (None: the upgrade)
        out["workings"] = [
            None if row._outcome is None else to_plain(row._outcome) for row in person.rows
        ]
    return out


def _note(rows: int) -> dict[str, str]:
    """What the answer leaves out, in both languages."""
    from wertung import catalogue

    return catalogue.texts(
        f"rows for the {rows} players in the most tournaments only; ask for the others by "
        "name or key (players)"
    )


def work(job: Job) -> Answer:
    """The history of ``job`` as the API answers it (runs in the worker process)."""
    import wertung

    prepared = [(item.key, enrich.prepare(item.record).tournament) for item in job.stored]
    result = wertung.history(
        [tournament for _key, tournament in prepared],
        method=job.method,
        exceptional_players=job.exceptional_players,
    )
    # the engine's order: end date, then name (a stable sort of the same list)
    ordered = sorted(prepared, key=lambda item: (item[1].end_date, item[1].name))
    everyone = b""
    if job.players:
        chosen = []
        for name in job.players:
            try:
                person = result.player(name)
            except WertungError as error:
                raise InvalidInput(
                    error.message, code=error.code, params=error.params, field="player"
                ) from error
            if person not in chosen:
                chosen.append(person)
        players = [_player(p, rows=True, workings=True) for p in chosen]
        everyone = _dumps([[p.name, p.birth_year] for p in result.players])
        left_out = 0
    else:
        ranked = sorted(range(len(result.players)), key=lambda i: -_played(result.players[i]))
        with_rows = set(ranked[: job.rows])
        players = [_player(p, rows=i in with_rows) for i, p in enumerate(result.players)]
        left_out = len(players) - len(with_rows)
    data = {
        "players": players,
        "players_total": len(result.players),
        "rows_left_out": left_out,
        "rows_limit": None if job.players else job.rows,
        "note": _note(job.rows) if left_out else None,
        "ambiguous": to_plain(result.ambiguous),
        "keys": [key for key, _tournament in ordered],
        "tournaments": [
            _summary(key, evaluation)
            for (key, _t), evaluation in zip(ordered, result.tournaments, strict=True)
        ],
        "rules": dict(result.rules),
    }
    return Answer(_dumps(data), everyone)


# -- the request's side: limits, cache, worker process ------------------------------------------

_cache_lock = threading.Lock()


def cache_of(app: Any) -> ByteLRU[Answer]:
    """The app's history cache (made on first use, ``history_cache_mb`` of answers)."""
    cache = getattr(app.state, "histories", None)
    if cache is None:
        with _cache_lock:
            cache = getattr(app.state, "histories", None)
            if cache is None:
                megabytes = app.state.settings.history_cache_mb
                cache = ByteLRU(megabytes * 1024 * 1024, sizer=lambda answer: answer.size)
                app.state.histories = cache
    return cache


def answer(
    request: Any,
    stored: Sequence[Stored],
    players: Sequence[str] = (),
    method: str = "exact",
    exceptional_players: bool | None = None,
) -> Answer:
    """The history of ``stored`` for ``request``: the games counted first, then the cache,
    then the client's rate limit, then :func:`work` in a worker process."""
    settings = request.app.state.settings
    check_games(stored, settings.history_max_games)
    job = Job(tuple(stored), tuple(players), method, exceptional_players, rows=MAX_ROWS)
    cache = cache_of(request.app)
    key = job.cache_key()
    found = cache.get(key)
    if found is not None:
        return found
    if not allow(request, RATE_KIND, settings.history_limit, settings.history_window):
        raise HistoryRateLimited(
            f"at most {settings.history_limit} season histories per "
            f"{max(1, settings.history_window // 60)} minutes; please wait a little",
            code="web.history_rate_limited",
            params={
                "limit": settings.history_limit,
                "minutes": max(1, settings.history_window // 60),
            },
            field="t",
        )
    result = run_bounded(
        work,
        job,
        timeout=settings.work_timeout,
        memory_mb=settings.work_memory_mb,
        cancelled=client_gone(request),
        field="t",
    )
    cache.put(key, result)
    return result

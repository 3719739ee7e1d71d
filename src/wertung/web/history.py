"""The season history for the web: stored tournaments chained with :func:`wertung.history`.

The tournaments of a history are stored like the tournament page's imports (the same
content keys, with what the DSB list added), and the history's URL lists their keys:
``/de/history?t=KEY&t=KEY&player=Muster,+Max``. Nothing is computed here: this module
loads the stored records, hands their tournaments to the engine in any order (it sorts
them as the rating office does) and turns the answer into the API's JSON.

>>> keys(["abc", "", "abc", "def"])
['abc', 'def']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from wertung.kernel.errors import InvalidInput, WertungError
from wertung.web import enrich

__all__ = ["MAX_TOURNAMENTS", "Loaded", "compute", "keys", "load", "order", "to_dict"]

#: More tournaments than a season of one player has (a guard against runaway input).
MAX_TOURNAMENTS = 12
#: More players to draw than a page can show; the rest are listed by name.
MAX_SHOWN = 12


def keys(values: Iterable[str]) -> list[str]:
    """The stored keys of a request, without blanks and repeats, in their order."""
    seen: list[str] = []
    for value in values:
        key = str(value).strip()[:64]
        if key and key not in seen:
            seen.append(key)
    return seen


@dataclass(frozen=True)
class Loaded:
    """A stored tournament of the history: its key, record and prepared tournament."""

    key: str
    record: dict[str, Any]
    tournament: Any


def load(store: Any, wanted: Sequence[str]) -> list[Loaded]:
    """The stored records of ``wanted`` (raises :class:`InvalidInput` naming a missing key)."""
    if len(wanted) > MAX_TOURNAMENTS:
        raise InvalidInput(
            f"{len(wanted)} tournaments: at most {MAX_TOURNAMENTS} in one history", code="web.history_too_many", params={"count": len(wanted), "most": MAX_TOURNAMENTS}, field="t"
        )
    loaded = []
    for key in wanted:
        record = store.get(key)
        if record is None:
            raise InvalidInput(f"no stored tournament {key!r}", code="web.no_stored", params={"key": repr(key)}, field="t", key=key)
        loaded.append(Loaded(key, record, enrich.prepare(record).tournament))
    return loaded


def compute(
    loaded: Sequence[Loaded],
    players: Sequence[str] = (),
    method: str = "exact",
    exceptional_players: bool | None = None,
) -> Any:
    """The engine's :class:`~wertung.History` of the loaded tournaments (``players``: filter;
    ``method``, ``exceptional_players`` as :func:`wertung.evaluate` takes them)."""
    import wertung

    if not loaded:
        raise InvalidInput("give at least one tournament", code="web.history_none", field="t")
    result = wertung.history(
        [item.tournament for item in loaded],
        method=method,
        exceptional_players=exceptional_players,
    )
    if players:
        chosen = []
        for name in players:
            try:
                chosen.append(result.player(name))
            except WertungError as error:
                raise InvalidInput(
                    error.message, code=error.code, params=error.params, field="player"
                ) from error
        result = type(result)(
            tournaments=result.tournaments, players=tuple(chosen), ambiguous=result.ambiguous
        )
    return result


def order(loaded: Sequence[Loaded], result: Any) -> list[tuple[Loaded, Any]]:
    """The loaded tournaments in the order of the evaluation, each with its evaluation."""
    ordered = sorted(loaded, key=lambda item: (item.tournament.end_date, item.tournament.name))
    return list(zip(ordered, result.tournaments, strict=True))


def to_dict(result: Any, loaded: Sequence[Loaded]) -> dict[str, Any]:
    """The API's answer: the CLI's ``history --json`` plus the stored keys in order."""
    data = result.to_dict()
    return {
        "players": [
            {
                "name": p["name"],
                "key": p["key"],
                "birth_year": p["birth_year"],
                "matched_by": p["matched_by"],
                "history": p["rows"],
            }
            for p in data["players"]
        ],
        "ambiguous": data["ambiguous"],
        "keys": [item.key for item, _ in order(loaded, result)],
        "tournaments": data["tournaments"],
        "rules": data["rules"],
    }

"""Which rounds the event has, and what the pages lack of them after the last complete round.

The pages say how many rounds an event has in the tournament details ("Number of
rounds"), in the navigation ("Rd.7/9": round 7 is the last one paired, of 9) and in the
final ranking's heading or link ("Final Ranking after 9 Rounds"). A page of an event
that ended more than five days ago shows no navigation (chess-results hides the links):
then every round of the details was played.

What the pages lack after the last complete round makes the tournament incomplete, with
reasons that a running forecast (after that round) does not need
(``Tournament.incomplete_later``):

* a round whose results are only partly in ("round 7 is in progress: 2 of its 11
  results are in"): evaluating it would count the games finished so far;
* rounds the event has played or paired that the pages do not give ("only round 1 of 5:
  rounds 2–5 missing");
* pairings pages alone that do not say how many rounds the event has: later rounds may
  be missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wertung.sources.chessresults._data import ParsedPage
from wertung.sources.chessresults._games import Results
from wertung.sources.chessresults._text import to_int


def ranges(numbers: Iterable[int]) -> str:
    """``1–4, 6`` for 1, 2, 3, 4, 6.

    >>> ranges([6, 1, 2, 3, 4])
    '1–4, 6'
    """
    values = sorted(set(numbers))
    parts: list[str] = []
    start = prev = None
    for value in [*values, None]:
        if start is None:
            start = prev = value
        elif value is not None and prev is not None and value == prev + 1:
            prev = value
        else:
            parts.append(str(start) if start == prev else f"{start}–{prev}")
            start = prev = value
    return ", ".join(parts)


def rounds_text(numbers: Iterable[int]) -> str:
    """``round 3`` or ``rounds 1–4, 6``."""
    values = sorted(set(numbers))
    return f"round{'' if len(values) == 1 else 's'} {ranges(values)}"


@dataclass(frozen=True, slots=True)
class EventRounds:
    """What the pages say about the event's rounds.

    ``total``: its number of rounds (None: not said); ``paired``: the last round paired
    on chess-results when the newest page was saved (the navigation's "Rd.N/M"; for a
    finished event, the last round); None when no page says.
    """

    total: int | None
    paired: int | None


def event_rounds(pages: Sequence[ParsedPage], highest: int, players: int = 0) -> EventRounds:
    """The event's rounds from the details, the navigation and the final ranking.

    ``highest``: the highest round on the pages; a details' "Number of rounds" below it is
    not the event's, nor is one too small for a round robin of ``players`` players (the
    real details of the 6-player round robin ``mjl_warsaw2026_*`` say "Number of rounds 1").
    """
    stated = next((to_int(p.details["rounds"]) for p in pages if "rounds" in p.details), None)
    round_robin = any(
        "round robin" in p.details.get("tournament_type", "").casefold() for p in pages
    )
    if stated is not None and (stated < highest or (round_robin and stated < players - 1)):
        stated = None
    final = max((p.final_rounds for p in pages if p.final_rounds), default=None)
    navigated = max((p.total_rounds for p in pages if p.total_rounds), default=None)
    total = stated or navigated or final
    paired = max((p.last_round for p in pages if p.last_round), default=None)
    if final is not None:
        paired = max(paired or 0, final)
    elif paired is None and stated is not None and not any(p.total_rounds for p in pages):
        # the details without a navigation: the event ended more than five days before the
        # page was saved (chess-results then hides the links): every round was played
        paired = stated
    return EventRounds(total, paired)


def in_progress(results: Results) -> list[str]:
    """A reason per round whose results are partly in (some games in, some still open)."""
    reasons = []
    for r in sorted(results.open):
        if results.open[r] and any(g.round == r for g in results.games):
            total = results.done[r] + results.open[r]
            reasons.append(
                f"round {r} is in progress: {results.done[r]} of its {total} results are in"
            )
    return reasons


def missing_later(
    rounds: EventRounds, given: set[int], unpaired: set[int], pairings_only: bool
) -> list[str]:
    """Why rounds after the last one on the pages are missing (or may be)."""
    if not given:
        return []
    last = max(given)
    if set(range(1, last)) - given:
        return []  # earlier rounds are missing: that reason stands already
    shown = rounds_text(given)
    if rounds.paired is not None and rounds.paired > last:
        missing = set(range(last + 1, rounds.paired + 1)) - unpaired
        total = rounds.total or rounds.paired
        if len(missing) == 1:
            return [f"only {shown} of {total}: round {ranges(missing)} missing"]
        if missing:
            return [f"only {shown} of {total}: rounds {ranges(missing)} missing"]
        return []
    if rounds.paired is None and rounds.total is None and pairings_only and not unpaired:
        return [
            f"only the pairings of {shown} were given, and the pages do not say how many "
            "rounds the event has: later rounds may be missing (add the tournament details, "
            "turdet=YES, or the starting-rank crosstable, art=5)"
        ]
    return []

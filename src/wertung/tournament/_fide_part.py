"""Each player's FIDE evaluation inside a tournament evaluation, built on first access.

Rated players get their rating change, unrated players with at least five games
against rated opponents an initial rating (:mod:`wertung.fide._change`). The work is
deferred until a player's ``elo`` fields, the evaluation's ``warnings`` or
``to_dict()`` are read; the result is the same as computing it at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from wertung.kernel.errors import WertungError
from wertung.kernel.results import DRAW, FORFEIT_LOSS, FORFEIT_WIN, LOSS, WIN
from wertung.tournament._model import Player, Tournament
from wertung.tournament._pairings import Pairing
from wertung.tournament._result import ELO_FIELDS, PlayerResult, with_elo_working

if TYPE_CHECKING:
    from wertung.fide._change import RatingChange
    from wertung.fide._initial import InitialRating

__all__ = ["FideTable", "FideWorking", "fide_warnings", "with_fide"]


class FideWorking:
    """One player's FIDE evaluation (and the warning if it cannot be done)."""

    __slots__ = (
        "_rows", "_warning", "done", "opponents", "player", "rapid_blitz", "swiss_chess", "when",
    )  # fmt: skip

    def __init__(
        self,
        player: Player,
        rows: Sequence[Pairing] | Callable[[], Sequence[Pairing]],
        opponents: dict[str, Player],
        when: Any,
        rapid_blitz: bool,
        swiss_chess: bool = False,
    ) -> None:
        self.player, self._rows, self.opponents = player, rows, opponents
        self.when, self.rapid_blitz, self.swiss_chess = when, rapid_blitz, swiss_chess
        self.done: dict[str, Any] | None = None
        self._warning: str | None = None

    @property
    def rows(self) -> Sequence[Pairing]:
        """The player's rows (built on first use when given as a function)."""
        rows = self._rows
        if callable(rows):
            rows = self._rows = rows()
        return rows

    def _compute(self) -> dict[str, Any]:
        from wertung.fide import _change as fide  # the FIDE rules live in their own module

        p = self.player
        # The usual scores by their symbols: the FIDE rules read these without the general
        # checks (to the same scores); unrated opponents as 0 (read as None, as None is).
        symbols = _SYMBOLS
        opponents = self.opponents
        rows = [g for g in self.rows if g.opponent is not None]
        games = [
            (opponents[g.opponent].fide_rating or 0, symbols.get(id(g.score), g.score))  # type: ignore[index]  # rows: all with an opponent
            for g in rows
        ]
        elo: RatingChange | InitialRating | None = None
        try:
            if p.fide_rating:
                elo = fide.rating_change(
                    p.fide_rating,
                    games,
                    k=p.fide_k,
                    games_played=p.fide_games,
                    birth_year=p.birth_year,
                    peak_rating=p.fide_peak,
                    date=self.when,
                    rapid_blitz=self.rapid_blitz,
                    swiss_chess=self.swiss_chess,
                )
            elif (
                sum(1 for (opp, _), g in zip(games, rows, strict=True) if opp and g.score.counted)
                >= 5
            ):
                elo = fide.initial_rating(games, date=self.when)
        except WertungError as exc:
            self._warning = f"player {p.id} ({p.name}): no FIDE evaluation: {exc.message}"
        if elo is None:
            return dict.fromkeys(ELO_FIELDS)
        after = getattr(elo, "new_rating", None)
        if after is None:
            after = elo.rating
        change = float(elo.change) if hasattr(elo, "change") else None
        return {"elo_before": p.fide_rating, "elo_after": after, "elo_change": change, "elo": elo}

    def fill(self, values: dict[str, Any]) -> None:
        """Store the elo fields."""
        if self.done is None:
            self.done = self._compute()
        values.update(self.done)

    def warning(self) -> str | None:
        """Why the player has no FIDE evaluation (None: he has one or needs none)."""
        if self.done is None:
            self.done = self._compute()
        return self._warning


#: The symbols of the five usual scores, by identity.
_SYMBOLS = {id(score): score.symbol for score in (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS)}


class FideTable:
    """The FIDE workings of a whole tournament, each player's made on first use."""

    __slots__ = ("_pairings", "players", "rapid_blitz", "swiss_chess", "when", "workings")

    def __init__(
        self,
        tournament: Tournament,
        pairings: dict[str, list[Pairing]] | Callable[[], dict[str, list[Pairing]]],
        rapid_blitz: bool,
        players: dict[str, Player] | None = None,
        swiss_chess: bool = False,
    ) -> None:
        """``players``: the tournament's players by id, if already at hand;
        ``swiss_chess``: each change rounded as Swiss-Chess rounds it."""
        self.players = players if players is not None else {p.id: p for p in tournament.players}
        self._pairings = pairings
        self.when, self.rapid_blitz = tournament.end_date, rapid_blitz
        self.swiss_chess = swiss_chess
        self.workings: dict[str, FideWorking] = {}

    def pairings(self) -> dict[str, list[Pairing]]:
        """Every player's rows (built on first use when given as a function)."""
        pairings = self._pairings
        if callable(pairings):
            pairings = self._pairings = pairings()
        return pairings

    def for_player(self, pid: str) -> FideWorking:
        """The player's FIDE working."""
        working = self.workings.get(pid)
        if working is None:
            working = self.workings[pid] = FideWorking(
                self.players[pid], functools.partial(_rows_of, self.pairings, pid), self.players,
                self.when, self.rapid_blitz, self.swiss_chess,
            )  # fmt: skip
        return working


def with_fide(
    results: list[PlayerResult],
    tournament: Tournament,
    pairings: dict[str, list[Pairing]] | Callable[[], dict[str, list[Pairing]]],
    *,
    rapid_blitz: bool = False,
) -> tuple[list[PlayerResult], FideTable]:
    """Give each result its (deferred) FIDE evaluation; the table of the workings.

    ``pairings``: every player's rows, or a function giving them (called on first use).
    """
    table = FideTable(tournament, pairings, rapid_blitz)
    for result in results:
        with_elo_working(result, table)
    return results, table


def _rows_of(pairings: Callable[[], dict[str, list[Pairing]]], pid: str) -> list[Pairing]:
    return pairings()[pid]


def fide_warnings(table: FideTable | None) -> Callable[[], list[str | None]] | None:
    """A callable giving each player's FIDE warning (None without FIDE evaluation)."""
    if table is None:
        return None
    return lambda: [table.for_player(pid).warning() for pid in table.players]

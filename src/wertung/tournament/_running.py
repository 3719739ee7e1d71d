"""Running tournaments: the forecast after the last complete round, what each result of the
next round's games would do, and the score a player needs in the remaining rounds.

:func:`running_forecast` evaluates the tournament once, restricted to the games of its
complete rounds (``Tournament.played_rounds``; the results already in from a round in
progress are left out and named in ``left_out``), and keeps that evaluation. For every
game of the next round's pairings (``Tournament.upcoming``) it gives, for both players and
each of win, draw and loss, the new DWZ (and change) with that result added to his games so
far -- by :func:`wertung.dwz.forecast` (or :func:`wertung.dwz.first_dwz` for a player without
DWZ) on the same games and ratings the evaluation counted -- and the FIDE change
(:func:`wertung.fide.rating_change`) where both players have an Elo.
:meth:`RunningForecast.needed` answers "what do I need in the remaining rounds?" with the
planner (:func:`wertung.dwz.needed`, :func:`wertung.dwz.needed_first`).

>>> import datetime as dt
>>> from wertung import Game, GameResult, Player, Tournament
>>> players = tuple(Player(str(n), f"P{n}", dwz=1500 + 50 * n, index=10) for n in range(1, 5))
>>> t = Tournament(
...     end_date=dt.date(2026, 9, 1), players=players, rounds=3, played_rounds=1,
...     games=(Game(1, "1", "2", GameResult.WHITE_WINS), Game(1, "3", "4", GameResult.DRAW)),
...     upcoming=(Game(2, "1", "3", GameResult.NOT_PLAYED, board=1),
...               Game(2, "4", "2", GameResult.NOT_PLAYED, board=2)))
>>> r = running_forecast(t)
>>> r.after_round, r.next_round, r.remaining_rounds
(1, 2, 2)
>>> game = r.pairings[0]
>>> [e.dwz_after for e in (game.white.win, game.white.draw, game.white.loss)]
[1591, 1574, 1557]
>>> r.needed("1", 1600).points  # in the 2 rounds left: against 3 (1650), then ~1600
Fraction(2, 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from wertung import dwz, fide
from wertung.dwz.regulations import dwz_regulations_for
from wertung.kernel.derivation import Derivation
from wertung.kernel.errors import InvalidInput, InvalidTournament, WertungError
from wertung.kernel.needed import Needed
from wertung.kernel.results import DRAW, LOSS, WIN, Score
from wertung.kernel.rounding import round_to_int
from wertung.kernel.time_control import BLITZ, RAPID
from wertung.tournament._evaluation import evaluate
from wertung.tournament._model import Player, Tournament, check_rating
from wertung.tournament._pairings import pairings_of, played_and_points
from wertung.tournament._result import FIRST, PlayerResult, TournamentEvaluation

__all__ = ["Effect", "NextGame", "RunningForecast", "RunningNeeded", "Side", "running_forecast"]

#: The three results of a game for one player, in the order shown.
RESULTS: tuple[tuple[str, Score], ...] = (("win", WIN), ("draw", DRAW), ("loss", LOSS))
_NUMBER = {2: 1, 1: 0.5, 0: 0}  # half-points → the plain result the calculators read
_PLAIN = {"win": 1, "draw": 0.5, "loss": 0}


@dataclass(frozen=True)
class Effect(Derivation):
    """One player's ratings if his next game ends with ``result``.

    ``dwz_after``: the new DWZ (for a player without DWZ: the first DWZ, None when he
    would still have none); ``change``: against his DWZ before the tournament (None for a
    first DWZ); ``difference``: against the forecast after the complete rounds.
    ``elo_after``/``elo_change``: the FIDE rating and change of the event so far with
    this game (None unless both players have an Elo and the event is FIDE-rated).

    A player without DWZ gets his first DWZ worked out for him alone
    (:func:`wertung.dwz.first_dwz`) against his opponents' ratings after the complete
    rounds (a new opponent with his first DWZ so far); the evaluation's joint iteration
    among new players is not redone, so where new players meet each other the final
    evaluation may differ.
    """

    result: str
    points: Fraction
    dwz_after: int | None
    change: int | None
    difference: int | None
    elo_after: int | None = None
    elo_change: float | None = None
    note: str | None = None


@dataclass(frozen=True)
class Side(Derivation):
    """One player of a next-round game: his forecast now and the effect of each result.

    ``opponent_rating``: the rating the game counts with for his DWZ (the opponent's DWZ,
    foreign Elo or first DWZ after the complete rounds; None: the game cannot count).
    """

    player: str
    name: str
    basis: str
    dwz_before: int | None
    dwz_now: int | None
    elo_now: int | None
    opponent: str
    opponent_rating: int | None
    win: Effect
    draw: Effect
    loss: Effect
    note: str | None = None

    def effect(self, result: str) -> Effect:
        """The effect of ``"win"``, ``"draw"`` or ``"loss"``."""
        if result not in ("win", "draw", "loss"):
            raise InvalidInput(
                f"result {result!r}: give win, draw or loss",
                code="running.result_words",
                params={"result": repr(result)},
                field="result",
            )
        effect: Effect = getattr(self, result)
        return effect


@dataclass(frozen=True)
class NextGame(Derivation):
    """A game of the next round (not played yet) with what each result does."""

    round: int
    board: int | None
    white: Side
    black: Side

    def outcome(self, result: str) -> tuple[Effect, Effect]:
        """(white's effect, black's effect) for ``"1-0"``, ``"½-½"`` or ``"0-1"``."""
        ends = {"1-0": ("win", "loss"), "½-½": ("draw", "draw"), "1/2-1/2": ("draw", "draw"),
                "0-1": ("loss", "win")}  # fmt: skip
        key = result.replace(" ", "")
        if key not in ends:
            raise InvalidInput(
                f"result {result!r}: give 1-0, ½-½ or 0-1",
                code="running.result_symbols",
                params={"result": repr(result)},
                field="result",
            )
        white, black = ends[key]
        return self.white.effect(white), self.black.effect(black)


@dataclass(frozen=True)
class RunningNeeded(Derivation):
    """The score a player needs in the remaining rounds (the planner's answer, with inputs).

    ``opponents``: the ratings assumed for the remaining games (the next round's
    pairing first, then ``expected_opponent``); ``plan``: the planner's
    :class:`~wertung.kernel.needed.Needed` (``points``, ``new_rating``, ``table``).
    """

    player: str
    basis: str
    target: int | None
    after_round: int
    remaining_rounds: int
    opponents: tuple[int, ...]
    expected_opponent: int | None
    plan: Needed
    notes: tuple[str, ...] = ()

    @property
    def points(self) -> Fraction | None:
        """The smallest total that reaches the target (None: out of reach)."""
        return self.plan.points

    @property
    def new_rating(self) -> int | None:
        """The rating at that total."""
        return self.plan.new_rating


@dataclass(frozen=True)
class RunningForecast(Derivation):
    """A running tournament after its last complete round.

    ``evaluation``: the whole evaluation of the games of rounds 1..``after_round``
    (every player's forecast); ``pairings``: the next round's games not yet played,
    with each result's effect; ``left_out``: what of a round in progress is not in the
    forecast; ``remaining_rounds``: ``rounds − after_round`` (None: rounds unknown).
    """

    name: str
    after_round: int
    rounds: int | None
    remaining_rounds: int | None
    next_round: int | None
    evaluation: TournamentEvaluation
    pairings: tuple[NextGame, ...]
    left_out: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    _context: Any = field(default=None, repr=False, compare=False)

    @property
    def players(self) -> tuple[PlayerResult, ...]:
        """Every player's forecast after the complete rounds."""
        return self.evaluation.players

    def player(self, key: str) -> PlayerResult:
        """One player's forecast (by id or exact name)."""
        return self.evaluation.player(key)

    def game_of(self, key: str) -> NextGame | None:
        """The next-round game of a player (None: not paired, or his result is in)."""
        pid = self.evaluation.player(key).id
        return next((g for g in self.pairings if pid in (g.white.player, g.black.player)), None)

    def needed(
        self, player_id: str, target: int | None, *, remaining_opponent: object = None
    ) -> RunningNeeded:
        """The score ``player_id`` needs in the remaining rounds for a DWZ of ``target``.

        The remaining rounds are ``rounds − after_round``: the next round against his
        pairing's opponent (if paired; a bye there is no game), the others against
        ``remaining_opponent`` (default: their average opponent so far). A player without
        DWZ is planned for a first DWZ (``target`` None: a first DWZ at all).
        """
        plan: RunningNeeded = self._context.needed(self, player_id, target, remaining_opponent)
        return plan


def running_forecast(
    tournament: Tournament, *, method: str = "exact", regulations: str | None = None
) -> RunningForecast:
    """The forecast of a running tournament after its last complete round.

    ``after_round`` is ``Tournament.played_rounds`` (or, when not given, the last round
    with results); the games and byes of later rounds are left out of the forecast (and
    named in ``left_out``), the pairings of round ``after_round + 1`` from
    ``Tournament.upcoming`` get each result's effect. ``method`` and ``regulations`` as in
    :func:`wertung.evaluate`.
    """
    tournament.validate()
    _check_upcoming(tournament)
    after = tournament.played_rounds
    if after is None:
        after = max([*(g.round for g in tournament.games), *(b.round for b in tournament.byes), 0])
    cut, left_out = _cut(tournament, after)
    evaluation = evaluate(cut, method=method, regulations=regulations)
    context = _Context(tournament, cut, evaluation, method)
    next_round = after + 1 if tournament.rounds is None or after < tournament.rounds else None
    upcoming = [g for g in tournament.upcoming if g.round == next_round]
    notes: list[str] = []
    later = sorted({g.round for g in tournament.upcoming if next_round and g.round > next_round})
    if later:
        notes.append(f"pairings of round {', '.join(map(str, later))} given: only round "
                     f"{next_round}'s are shown")  # fmt: skip
    if not evaluation.dwz_rated:
        notes.append("not DWZ-rated: the effects show the FIDE rating only")
    pairings = tuple(
        NextGame(
            g.round,
            g.board,
            context.side(g.white, g.black),
            context.side(g.black, g.white),
        )
        for g in sorted(upcoming, key=lambda g: (g.board is None, g.board or 0))
    )
    rounds = tournament.rounds
    return RunningForecast(
        name=tournament.name,
        after_round=after,
        rounds=rounds,
        remaining_rounds=None if rounds is None else max(rounds - after, 0),
        next_round=next_round,
        evaluation=evaluation,
        pairings=pairings,
        left_out=tuple(left_out),
        notes=tuple(notes),
        _context=context,
    )


def _check_upcoming(tournament: Tournament) -> None:
    """Upcoming pairings name known players, each at most once per round."""
    ids = {p.id for p in tournament.players}
    seen = {(g.round, pid) for g in tournament.games for pid in (g.white, g.black)}
    seen |= {(b.round, b.player) for b in tournament.byes}
    for game in tournament.upcoming:
        if game.white == game.black:
            raise InvalidTournament(
                f"round {game.round}: player {game.white!r} is paired against himself", code="tournament.self_paired", params={"round": game.round, "id": repr(game.white)},
                field="upcoming", round=game.round, player=game.white,
            )  # fmt: skip
        for pid in (game.white, game.black):
            if pid not in ids:
                raise InvalidTournament(
                    f"round {game.round}: an upcoming pairing refers to unknown player {pid!r}", code="tournament.upcoming_unknown", params={"round": game.round, "id": repr(pid)},
                    field="upcoming", round=game.round, player=pid,
                )  # fmt: skip
            if (game.round, pid) in seen:
                raise InvalidTournament(
                    f"round {game.round}: player {pid!r} is paired twice (an upcoming pairing "
                    f"{game.white!r}-{game.black!r} and another entry)", code="tournament.upcoming_twice", params={"round": game.round, "id": repr(pid), "white": repr(game.white), "black": repr(game.black)},
                    field="upcoming", round=game.round, player=pid,
                )  # fmt: skip
            seen.add((game.round, pid))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _cut(tournament: Tournament, after: int) -> tuple[Tournament, list[str]]:
    """The tournament restricted to rounds 1..``after``, and what was left out."""
    games = [g for g in tournament.games if g.round <= after]
    byes = [b for b in tournament.byes if b.round <= after]
    out_games = Counter(g.round for g in tournament.games if g.round > after)
    out_byes = Counter(b.round for b in tournament.byes if b.round > after)
    left_out = []
    for round_no in sorted(set(out_games) | set(out_byes)):
        parts = [_plural(n, what) for n, what in
                 ((out_games[round_no], "game"), (out_byes[round_no], "bye")) if n]  # fmt: skip
        left_out.append(
            f"round {round_no} (not complete): {' and '.join(parts)} with a result left out "
            "of the forecast"
        )
    # what the source lacks only after round ``after`` (a round in progress, rounds not given)
    # does not concern the forecast after it
    later = set(tournament.incomplete_later)
    incomplete = tuple(r for r in tournament.incomplete if r not in later)
    if not left_out:
        return replace(tournament, upcoming=(), incomplete=incomplete, incomplete_later=()), []
    # the source's own totals include the rounds left out: they no longer apply
    players = tuple(replace(p, points=None) if p.points is not None else p
                    for p in tournament.players)  # fmt: skip
    cut = replace(tournament, games=tuple(games), byes=tuple(byes), players=players,
                  played_rounds=after, upcoming=(), incomplete=incomplete,
                  incomplete_later=())  # fmt: skip
    return cut, left_out


class _Context:
    """What the effects and the planner need, worked out once from the evaluation."""

    def __init__(
        self, full: Tournament, cut: Tournament, evaluation: TournamentEvaluation, method: str
    ) -> None:
        self.full = full
        self.cut = cut
        self.evaluation = evaluation
        self.method = method
        self.players = {p.id: p for p in cut.players}
        self.results = {r.id: r for r in evaluation.players}
        self.played, _ = played_and_points(cut)
        self.dwz_rated = evaluation.dwz_rated
        self.foreign_index = (
            dwz_regulations_for(cut.end_date, name=evaluation.regulations).foreign_start_index
            if evaluation.dwz_rated and cut.end_date is not None
            else 6
        )
        # the rating each player counts with for his opponents (as the evaluation used)
        exceptional = set(evaluation.exceptional_players)
        self.ratings: dict[str, int] = {}
        for p in cut.players:
            result = self.results[p.id]
            if p.id in exceptional and result.performance is not None:
                self.ratings[p.id] = result.performance
            elif p.dwz is not None:
                self.ratings[p.id] = p.dwz
            elif p.foreign_rating:
                self.ratings[p.id] = p.foreign_rating
            elif result.basis == FIRST and result.dwz_after is not None:
                self.ratings[p.id] = result.dwz_after
        self.fide = cut.rated_for_fide
        self.rapid_blitz = evaluation.time_control in (RAPID, BLITZ)  # the kind the check used
        self._fide_rows: dict[str, list[Any]] | None = None

    # -- one player's games and calculators -----------------------------------------------

    def established(self, p: Player) -> bool:
        return p.dwz is not None or bool(p.foreign_rating)

    def dwz_games(self, pid: str) -> list[tuple[int, float]]:
        """His games counted so far: (opponent's rating, result)."""
        ratings = self.ratings
        return [(ratings[o], _NUMBER[h]) for o, h in self.played[pid] if o in ratings]

    def dwz_options(self, p: Player) -> dict[str, Any]:
        return {"birth_year": p.birth_year, "end_date": self.cut.end_date, "method": self.method,
                "regulations": self.evaluation.regulations or None}  # fmt: skip

    def forecast(self, p: Player, games: list[tuple[int, Any]]) -> int:
        foreign = p.dwz is None
        index = self.foreign_index if foreign else p.index
        return dwz.forecast(_own_rating(p), index, games, foreign_rating=foreign,
                            **self.dwz_options(p)).new_rating  # fmt: skip

    def first(self, p: Player, games: list[tuple[int, Any]]) -> int | None:
        return dwz.first_dwz(games, carry_over=p.carry_over, member=p.member is not False,
                             **self.dwz_options(p)).rating  # fmt: skip

    def fide_games(self, pid: str) -> list[Any]:
        if self._fide_rows is None:
            rows = pairings_of(self.cut)
            players = self.players
            self._fide_rows = {
                key: [(players[r.opponent].fide_rating or None, r.score) for r in value
                      if r.opponent is not None]
                for key, value in rows.items()
            }  # fmt: skip
        return self._fide_rows[pid]

    def elo(self, p: Player, games: list[Any]) -> tuple[int, float] | None:
        assert p.fide_rating
        try:
            change = fide.rating_change(
                p.fide_rating, games, k=p.fide_k, games_played=p.fide_games,
                birth_year=p.birth_year, peak_rating=p.fide_peak, date=self.cut.end_date,
                rapid_blitz=self.rapid_blitz,
            )  # fmt: skip
        except WertungError:
            return None
        return change.new_rating, float(change.change)

    # -- the effects of one game ----------------------------------------------------------

    def side(self, pid: str, opponent: str) -> Side:
        p = self.players[pid]
        result = self.results[pid]
        opp = self.players[opponent]
        opp_rating = self.ratings.get(opponent) if self.dwz_rated else None
        note = None
        if self.dwz_rated and opp_rating is None:
            note = f"the game does not count for the DWZ: {opponent} ({opp.name}) has no rating"
        with_elo = self.fide and bool(p.fide_rating) and bool(opp.fide_rating)
        so_far = self.dwz_games(pid) if self.dwz_rated else []
        effects = {}
        for name, score in RESULTS:
            dwz_after = change = difference = None
            why = None
            if self.dwz_rated:
                games = so_far if opp_rating is None else [*so_far, (opp_rating, _PLAIN[name])]
                if self.established(p):
                    dwz_after = self.forecast(p, games)
                    change = dwz_after - _own_rating(p)
                else:
                    dwz_after = self.first(p, games)
                    why = "no first DWZ yet" if dwz_after is None else None
                if dwz_after is not None and result.dwz_after is not None:
                    difference = dwz_after - result.dwz_after
            elo_after = elo_change = None
            if with_elo:
                elo = self.elo(p, [*self.fide_games(pid), (opp.fide_rating, score)])
                if elo is not None:
                    elo_after, elo_change = elo
            effects[name] = Effect(name, score.points, dwz_after, change, difference, elo_after,
                                   elo_change, why)  # fmt: skip
        return Side(
            player=pid,
            name=p.name,
            basis=result.basis,
            dwz_before=result.dwz_before,
            dwz_now=result.dwz_after,
            elo_now=result.elo_after if with_elo else None,
            opponent=opponent,
            opponent_rating=opp_rating,
            note=note,
            **effects,
        )

    # -- the planner ----------------------------------------------------------------------

    def next_opponent(self, forecast: RunningForecast, pid: str) -> tuple[str, str | None]:
        """How he plays the next round: ("game", opponent), ("bye", None) or ("none", None)."""
        game = forecast.game_of(pid)
        if game is not None:
            return "game", game.black.player if game.white.player == pid else game.white.player
        round_no = forecast.next_round
        for g in self.full.games:  # his result of the round in progress is in already
            if g.round == round_no and pid in (g.white, g.black):
                return "game", g.black if g.white == pid else g.white
        if any(b.round == round_no and b.player == pid for b in self.full.byes):
            return "bye", None
        return "none", None

    def needed(
        self, forecast: RunningForecast, key: str, target: int | None, remaining_opponent: object
    ) -> RunningNeeded:
        pid = self.evaluation.player(key).id
        p = self.players[pid]
        if not self.dwz_rated:
            raise InvalidInput(
                "the tournament is not DWZ-rated: no DWZ to plan for",
                code="running.not_dwz_plan",
                field="tournament",
            )
        remaining = forecast.remaining_rounds
        if remaining is None:
            raise InvalidInput(
                "the number of rounds is unknown: cannot tell how many remain",
                code="running.rounds_unknown",
                field="rounds",
            )
        if remaining == 0:
            raise InvalidInput(
                f"no rounds remain after round {forecast.after_round}",
                code="running.none_remain",
                params={"round": forecast.after_round},
                field="rounds",
            )
        expected = check_rating(remaining_opponent, field="remaining_opponent")
        notes: list[str] = []
        games = self.dwz_games(pid)
        opponents: list[int] = []
        later = remaining
        how, opponent = self.next_opponent(forecast, pid)
        if how == "game" and opponent is not None:
            later -= 1
            rating = self.ratings.get(opponent)
            if rating is None:
                notes.append(f"round {forecast.next_round}: {opponent} has no rating, the game "
                             "cannot count")  # fmt: skip
            else:
                opponents.append(rating)
                notes.append(f"round {forecast.next_round}: against {opponent} ({rating})")
        elif how == "bye":
            later -= 1
            notes.append(f"round {forecast.next_round}: a bye (no game)")
        if later and expected is None:
            if not games:
                raise InvalidInput(
                    f"player {pid} has no counted game yet: give the expected opponent "
                    "rating (remaining_opponent)",
                    code="running.no_counted_game",
                    params={"id": str(pid)},
                    field="remaining_opponent",
                    player=pid,
                )
            expected = round_to_int(Fraction(sum(r for r, _ in games), len(games)))
            notes.append(f"expected opponent rating {expected}: their average opponent so far")
        if expected is not None:  # None only when no round is left to plan with it
            opponents += [expected] * later
        if self.established(p):
            foreign = p.dwz is None
            plan = dwz.needed(_own_rating(p), self.foreign_index if foreign else p.index, games,
                              opponents, target, foreign_rating=foreign,  # type: ignore[arg-type]  # None: dwz.needed names it
                              **self.dwz_options(p))  # fmt: skip
        else:
            plan = dwz.needed_first(games, opponents, target, carry_over=p.carry_over,
                                    member=p.member is not False,
                                    **self.dwz_options(p))  # fmt: skip
        return RunningNeeded(
            player=pid,
            basis=self.results[pid].basis,
            target=plan.target,
            after_round=forecast.after_round,
            remaining_rounds=remaining,
            opponents=tuple(opponents),
            expected_opponent=expected,
            plan=plan,
            notes=tuple(notes),
        )


def _own_rating(p: Player) -> int:
    """R0: the DWZ, or the foreign Elo of a player without DWZ."""
    rating = p.dwz if p.dwz is not None else p.foreign_rating
    assert rating is not None
    return rating

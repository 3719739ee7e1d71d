"""A league season as one evaluation, and its team view (SPEC §4).

A team league's division ("Staffel") is evaluated once per season, after the
season, as one tournament: all boards of all rounds together, ended by the last
round's date. That evaluation is plain :func:`wertung.evaluate` on the team
tournament (forfeits and empty boards never count). This module adds the view
a league needs:

* :func:`team_view` — per team (in the tournament's order) its players in
  line-up order with their games (round, board, opponent and his team, result,
  counted or why not), points, W/n, old and new DWZ and Elo, status; the team
  matches per round (board points summed, match points 2/1/0) and the standings
  (match points, then board points).
* :func:`divisions` — several divisions of one season, one evaluation each, in
  the rating office's order (date of the last game, then name); a player who
  played in two divisions gets two evaluations (the later one starting from
  the earlier one's result) and a note in both.

>>> from wertung import Game, Player, Tournament, evaluate
>>> from wertung.tournament._model import Team
>>> from wertung.kernel.results import GameResult
>>> import datetime as dt
>>> t = Tournament(
...     name="Liga", end_date=dt.date(2026, 3, 1),
...     players=tuple(Player(str(i), f"P{i}", dwz=1500 + 10 * i, index=5,
...                          team="A" if i < 3 else "B") for i in range(1, 5)),
...     games=(Game(1, "1", "3", GameResult.WHITE_WINS, board=1),
...            Game(1, "4", "2", GameResult.DRAW, board=2)),
...     teams=(Team("A", "Alpha", ("1", "2")), Team("B", "Beta", ("3", "4"))))
>>> view = team_view(t, evaluate(t))
>>> [(m.first_name, m.first_points, m.second_points) for m in view.matches]
[('Alpha', Fraction(3, 2), Fraction(1, 2))]
>>> [(row.rank, row.name, row.match_points) for row in view.standings]
[(1, 'Alpha', 2), (2, 'Beta', 0)]
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from wertung.kernel.derivation import Derivation
from wertung.kernel.errors import InvalidTournament
from wertung.kernel.results import GameResult
from wertung.tournament._evaluation import PlayerResult, TournamentEvaluation, evaluate
from wertung.tournament._model import Game, Player, Tournament
from wertung.tournament._season import order_tournaments

__all__ = [
    "BoardGame",
    "Division",
    "Divisions",
    "LeaguePlayer",
    "LeagueTeam",
    "LeagueView",
    "MatchResult",
    "StandingsRow",
    "divisions",
    "team_view",
]

ZERO = Fraction(0)
#: Match points for a won, drawn and lost match.
MATCH_POINTS = (2, 1, 0)


@dataclass(frozen=True)
class BoardGame(Derivation):
    """One board of a player: a game, or a board point without a game (an empty board).

    ``reason`` says why the game does not count (``forfeit``, ``bye``,
    ``opponent_without_rating``, ``not_played``, ``not_dwz_rated``, …); None when it counts.
    """

    round: int
    board: int | None
    colour: str | None  # "white", "black"; None without a game
    opponent: str | None
    opponent_name: str | None
    opponent_team: str | None
    opponent_team_name: str | None
    result: str  # "1", "½", "0", "+", "-"
    points: Fraction
    counted: bool
    reason: str | None


@dataclass(frozen=True)
class LeaguePlayer(Derivation):
    """A player of a team: his boards and his result in the season's evaluation.

    ``points``: every board point (forfeits and empty boards included);
    ``score``/``counted_games``: W and n of the DWZ evaluation.
    """

    id: str
    name: str
    team: str
    lineup: int | None  # position in the team's line-up (1 = first board)
    games: tuple[BoardGame, ...]
    points: Fraction
    score: Fraction
    counted_games: int
    dwz_before: int | None
    dwz_after: int | None
    elo_before: int | None
    elo_after: int | None
    status: str
    note: str | None


@dataclass(frozen=True)
class MatchResult(Derivation):
    """One team match: board points summed, match points 2/1/0.

    ``first`` is the team with White on the match's lowest board; ``second`` is
    None when the opponent is not known (only empty boards against it).
    ``complete``: every board has a result (only complete matches enter the standings).
    """

    round: int
    first: str
    first_name: str
    second: str | None
    second_name: str | None
    first_points: Fraction
    second_points: Fraction
    boards: int
    played_boards: int  # boards played over the board
    first_match_points: int
    second_match_points: int
    complete: bool


@dataclass(frozen=True)
class StandingsRow(Derivation):
    """A team's line in the standings (equal match and board points share a rank)."""

    rank: int
    team: str
    name: str
    matches: int
    won: int
    drawn: int
    lost: int
    match_points: int
    board_points: Fraction


@dataclass(frozen=True)
class LeagueTeam(Derivation):
    """A team with its players in line-up order and its totals over the complete matches."""

    id: str
    name: str
    players: tuple[LeaguePlayer, ...]
    board_points: Fraction
    match_points: int


@dataclass(frozen=True)
class LeagueView(Derivation):
    """The team view of one division's season evaluation."""

    name: str
    end_date: dt.date | None
    teams: tuple[LeagueTeam, ...]
    matches: tuple[MatchResult, ...]
    standings: tuple[StandingsRow, ...]
    notes: tuple[str, ...] = ()

    def team(self, key: str) -> LeagueTeam:
        """The team with this id or name."""
        for team in self.teams:
            if key in (team.id, team.name):
                return team
        raise InvalidTournament(
            f"no team {key!r} in this league",
            code="league.no_team",
            params={"key": repr(key)},
            field="team",
        )


# -- the team view --------------------------------------------------------------------------


def _symbol(points: Fraction, forfeit: bool) -> str:
    if forfeit:
        return "+" if points else "-"
    return {Fraction(1): "1", Fraction(1, 2): "½"}.get(points, "0")


class _Lines:
    """Per player and (round, opponent): counted, and why not (from the DWZ working)."""

    def __init__(self, evaluation: TournamentEvaluation) -> None:
        self.evaluation = evaluation
        self.cache: dict[str, dict[tuple[int | None, str | None], tuple[bool, str | None]]] = {}

    def get(self, result: PlayerResult, game: Game, opponent: str) -> tuple[bool, str | None]:
        if not game.result.played:
            return False, "not_played" if game.result is GameResult.NOT_PLAYED else "forfeit"
        if not self.evaluation.dwz_rated:
            return False, "not_dwz_rated"
        lines = self.cache.get(result.id)
        if lines is None:
            derivation = result.dwz
            lines = {
                (line.round, line.opponent): (line.counted, line.reason)
                for line in getattr(derivation, "games", ()) or ()
                if not line.carry_over
            }
            self.cache[result.id] = lines
        found = lines.get((game.round, opponent))
        if found is not None:
            return found
        return False, "no_dwz_evaluation"


def team_view(tournament: Tournament, evaluation: TournamentEvaluation) -> LeagueView:
    """The team view of a team tournament evaluated as one (see the module's doc).

    Raises :class:`~wertung.InvalidTournament` for a tournament without teams or an
    evaluation of other players.
    """
    tournament.validate()
    if not tournament.teams:
        raise InvalidTournament(
            f"{tournament.name or 'the tournament'} has no teams; the team view needs a team "
            "event (a league division or team tournament)",
            code="league.no_teams",
            params={"name": str(tournament.name or "the tournament")},
            field="teams",
        )
    results = {r.id: r for r in evaluation.players}
    missing = [p.id for p in tournament.players if p.id not in results]
    if missing or len(results) != len(tournament.players):
        raise InvalidTournament(
            "the evaluation is not of this tournament (its players differ"
            + (f": {', '.join(missing[:5])} missing)" if missing else ")"),
            code="league.other_evaluation_missing" if missing else "league.other_evaluation",
            params={"missing": ", ".join(missing[:5])} if missing else {},
            field="evaluation",
        )
    players = {p.id: p for p in tournament.players}
    names = {t.id: t.name for t in tournament.teams}
    notes: list[str] = []
    team_of = _team_of(tournament, players, notes)
    lines = _Lines(evaluation)
    boards: dict[str, list[BoardGame]] = {pid: [] for pid in players}
    for game in tournament.games:
        for pid, opp, colour, score in (
            (game.white, game.black, "white", game.result.white),
            (game.black, game.white, "black", game.result.black),
        ):
            counted, reason = lines.get(results[pid], game, opp)
            opp_team = team_of.get(opp)
            boards[pid].append(
                BoardGame(
                    round=game.round, board=game.board, colour=colour, opponent=opp,
                    opponent_name=players[opp].name, opponent_team=opp_team,
                    opponent_team_name=names.get(opp_team) if opp_team else None,
                    result=_symbol(score.points, score.forfeit), points=score.points,
                    counted=counted, reason=reason,
                )
            )  # fmt: skip
    for bye in tournament.byes:
        boards[bye.player].append(
            BoardGame(bye.round, None, None, None, None, None, None,
                      _symbol(bye.points, True), bye.points, False, "bye")
        )  # fmt: skip
    matches = _matches(tournament, team_of, names, notes)
    totals = _totals(matches)
    teams = []
    for team in tournament.teams:
        members = [pid for pid in team.players if team_of.get(pid) == team.id]
        members += sorted(
            (pid for pid, tid in team_of.items() if tid == team.id and pid not in members),
            key=lambda pid: list(players).index(pid),
        )
        lineup = {pid: i for i, pid in enumerate(team.players, start=1)}
        teams.append(
            LeagueTeam(
                team.id,
                team.name,
                tuple(_player(players[pid], results[pid], team.id, lineup.get(pid), boards[pid])
                      for pid in members),
                totals[team.id][1],
                totals[team.id][0],
            )
        )  # fmt: skip
    return LeagueView(
        name=tournament.name,
        end_date=tournament.end_date,
        teams=tuple(teams),
        matches=tuple(matches),
        standings=_standings(tournament, matches, totals),
        notes=tuple(dict.fromkeys(notes)),
    )


def _team_of(
    tournament: Tournament, players: dict[str, Player], notes: list[str]
) -> dict[str, str]:
    known = {t.id for t in tournament.teams}
    team_of: dict[str, str] = {}
    for team in tournament.teams:
        for pid in team.players:
            if pid not in players:
                raise InvalidTournament(
                    f"team {team.name or team.id!r} lists the unknown player {pid!r}", code="league.unknown_player", params={"team": repr(team.name or team.id), "id": repr(pid)},
                    field="teams", player=pid,
                )  # fmt: skip
            if pid in team_of and team_of[pid] != team.id:
                raise InvalidTournament(
                    f"player {pid!r} is in the line-ups of two teams ({team_of[pid]} and "
                    f"{team.id}); a player's games count for one team in one division", code="league.two_lineups", params={"id": repr(pid), "a": str(team_of[pid]), "b": str(team.id)},
                    field="teams", player=pid,
                )  # fmt: skip
            team_of[pid] = team.id
    for player in tournament.players:
        if player.team is not None and player.team not in known:
            raise InvalidTournament(
                f"player {player.id!r} ({player.name}) names the unknown team {player.team!r}", code="league.unknown_team", params={"id": repr(player.id), "name": player.name, "team": repr(player.team)},
                field="players.team", player=player.id,
            )  # fmt: skip
        if player.team is not None:
            if team_of.get(player.id, player.team) != player.team:
                raise InvalidTournament(
                    f"player {player.id!r} ({player.name}) is in team {player.team!r} but in "
                    f"the line-up of team {team_of[player.id]!r}", code="league.lineup_other", params={"id": repr(player.id), "name": player.name, "team": repr(player.team), "other": repr(team_of[player.id])},
                    field="players.team", player=player.id,
                )  # fmt: skip
            team_of[player.id] = player.team
    busy = {g.white for g in tournament.games} | {g.black for g in tournament.games}
    busy |= {b.player for b in tournament.byes}
    without = sorted(pid for pid in busy if pid not in team_of)
    if without:
        shown = ", ".join(f"{pid} ({players[pid].name})" for pid in without[:5])
        notes.append(f"{len(without)} player(s) with boards but no team: {shown}")
    return team_of


@dataclass
class _Match:
    round: int
    first: str
    second: str | None
    points: dict[str | None, Fraction]
    boards: int = 0
    played: int = 0
    open: int = 0
    lowest: int = 10**9


def _matches(
    tournament: Tournament, team_of: dict[str, str], names: dict[str, str], notes: list[str]
) -> list[MatchResult]:
    found: dict[tuple[int, frozenset[str | None]], _Match] = {}
    match: _Match | None
    for game in sorted(tournament.games, key=lambda g: (g.round, g.board or 10**6)):
        white, black = team_of.get(game.white), team_of.get(game.black)
        if white is None or black is None or white == black:
            notes.append(
                f"round {game.round}: the game {game.white}–{game.black} is not between two "
                "teams; left out of the team matches"
            )
            continue
        key = (game.round, frozenset((white, black)))
        match = found.setdefault(key, _Match(game.round, white, black, {white: ZERO, black: ZERO}))
        match.boards += 1
        if game.result is GameResult.NOT_PLAYED:
            match.open += 1
            continue
        match.played += game.result.played
        match.points[white] += game.result.white.points
        match.points[black] += game.result.black.points
    by_team = {(r, t): m for (r, teams), m in found.items() for t in teams}
    for bye in tournament.byes:
        team = team_of.get(bye.player)
        if team is None:
            continue
        match = by_team.get((bye.round, team))
        if match is None:
            match = _Match(bye.round, team, None, {team: ZERO, None: ZERO})
            found[(bye.round, frozenset((team, None)))] = match
            by_team[(bye.round, team)] = match
            notes.append(
                f"round {bye.round}: {names.get(team, team)} has only boards without a game; "
                "the opponent team is not known"
            )
        match.boards += 1
        match.points[team] += bye.points
    out = []
    for match in sorted(found.values(), key=lambda m: (m.round, int_or_str(m.first))):
        a, b = match.points[match.first], match.points[match.second]
        mp = MATCH_POINTS[0 if a > b else 1 if a == b else 2]
        mp_b = MATCH_POINTS[0 if b > a else 1 if a == b else 2]
        out.append(
            MatchResult(
                round=match.round, first=match.first, first_name=names.get(match.first, ""),
                second=match.second,
                second_name=names.get(match.second) if match.second is not None else None,
                first_points=a, second_points=b, boards=match.boards,
                played_boards=match.played, first_match_points=mp,
                second_match_points=mp_b, complete=match.open == 0,
            )
        )  # fmt: skip
    return out


def int_or_str(value: str) -> tuple[int, str]:
    """A sort key that puts numeric ids in numeric order."""
    return (int(value), "") if value.isdigit() else (10**9, value)


def _totals(matches: Sequence[MatchResult]) -> dict[str, tuple[int, Fraction, list[int]]]:
    """Per team: match points, board points and (won, drawn, lost), over complete matches."""
    totals: dict[str, tuple[int, Fraction, list[int]]] = {}

    def add(team: str, mp: int, bp: Fraction) -> None:
        old = totals.get(team, (0, ZERO, [0, 0, 0]))
        record = list(old[2])
        record[MATCH_POINTS.index(mp)] += 1
        totals[team] = (old[0] + mp, old[1] + bp, record)

    for match in matches:
        if not match.complete:
            continue
        add(match.first, match.first_match_points, match.first_points)
        if match.second is not None:
            add(match.second, match.second_match_points, match.second_points)
    return _Defaulting(totals)


class _Defaulting(dict[str, tuple[int, Fraction, list[int]]]):
    def __missing__(self, key: str) -> tuple[int, Fraction, list[int]]:
        return (0, ZERO, [0, 0, 0])


def _standings(
    tournament: Tournament,
    matches: Sequence[MatchResult],
    totals: dict[str, tuple[int, Fraction, list[int]]],
) -> tuple[StandingsRow, ...]:
    order = {t.id: i for i, t in enumerate(tournament.teams)}
    rows = sorted(tournament.teams, key=lambda t: (-totals[t.id][0], -totals[t.id][1], order[t.id]))
    out: list[StandingsRow] = []
    for position, team in enumerate(rows, start=1):
        mp, bp, record = totals[team.id]
        rank = position
        if out and (out[-1].match_points, out[-1].board_points) == (mp, bp):
            rank = out[-1].rank
        won, drawn, lost = record
        out.append(StandingsRow(rank, team.id, team.name, sum(record), won, drawn, lost, mp, bp))
    return tuple(out)


def _player(
    player: Player, result: PlayerResult, team: str, lineup: int | None, games: list[BoardGame]
) -> LeaguePlayer:
    games = sorted(games, key=lambda g: (g.round, g.board or 0))
    return LeaguePlayer(
        id=player.id,
        name=player.name,
        team=team,
        lineup=lineup,
        games=tuple(games),
        points=sum((g.points for g in games), ZERO),
        score=result.score,
        counted_games=result.counted_games,
        dwz_before=result.dwz_before,
        dwz_after=result.dwz_after,
        elo_before=result.elo_before,
        elo_after=result.elo_after,
        status=result.status,
        note=result.note,
    )


# -- several divisions ----------------------------------------------------------------------


@dataclass(frozen=True)
class Division(Derivation):
    """One division's season: the evaluation and its team view."""

    name: str
    end_date: dt.date | None
    evaluation: TournamentEvaluation
    view: LeagueView
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Divisions(Derivation):
    """Several divisions of one season, in the order the rating office evaluates them."""

    divisions: tuple[Division, ...]
    notes: tuple[str, ...] = ()

    def division(self, name: str) -> Division:
        """The division with this name."""
        for division in self.divisions:
            if division.name == name:
                return division
        raise InvalidTournament(
            f"no division {name!r}",
            code="league.no_division",
            params={"name": repr(name)},
            field="division",
        )


def _person(player: Player) -> str:
    """Who a player is across divisions: PKZ, ZPS + member number, FIDE id, name + birth year."""
    if player.pkz:
        return f"pkz:{player.pkz.strip()}"
    if player.zps and player.member_number:
        return f"zps:{player.zps.strip()}-{player.member_number.strip().lstrip('0')}"
    if player.fide_id and str(player.fide_id).strip() not in ("", "0"):
        return f"fide:{str(player.fide_id).strip()}"
    name = " ".join(sorted(player.name.replace(",", " ").casefold().split()))
    return f"name:{name}:{player.birth_year or ''}"


def divisions(
    tournaments: Iterable[Tournament], *, chain: bool = True, **options: Any
) -> Divisions:
    """Evaluate several divisions of one season, one evaluation each.

    The divisions are evaluated in the rating office's order (date of the last
    game, then name; SPEC §4). A player who played in two divisions (matched by
    PKZ, ZPS + member number, FIDE id, else name and birth year) gets an
    evaluation in each; with ``chain=True`` the later one starts from the
    earlier one's new DWZ and index. Both divisions carry a note naming him.
    ``options`` go to :func:`wertung.evaluate`.
    """
    ordered = order_tournaments(tournaments)
    seen: dict[str, list[tuple[str, str]]] = {}
    for tournament in ordered:
        for player in tournament.players:
            seen.setdefault(_person(player), []).append((tournament.name, player.name))
    shared = {key: places for key, places in seen.items() if len(places) > 1}
    carried: dict[str, tuple[int | None, int | None]] = {}
    out: list[Division] = []
    season_notes = []
    for places in shared.values():
        where = ", ".join(name for name, _ in places)
        season_notes.append(f"{places[0][1]} played in {len(places)} divisions ({where})")
    for tournament in ordered:
        notes: list[str] = []
        players = []
        for player in tournament.players:
            key = _person(player)
            if key in shared:
                others = [name for name, _ in shared[key] if name != tournament.name]
                notes.append(
                    f"{player.name} also played in {', '.join(others)}: one evaluation per "
                    "division, in the order of their last round"
                )
                if chain and key in carried and carried[key][0] is not None:
                    dwz, index = carried[key]
                    player = dataclasses.replace(player, dwz=dwz, index=index)
                    notes.append(
                        f"{player.name}: starts from the result of the earlier division "
                        f"(DWZ {dwz}" + (f"-{index})" if index is not None else ")")
                    )
            players.append(player)
        tournament = tournament.with_players(players)
        evaluation = evaluate(tournament, **options)
        for player in tournament.players:
            key = _person(player)
            if key in shared:
                result = evaluation.player(player.id)
                if result.dwz_after is not None:
                    carried[key] = (result.dwz_after, result.index_after)
        view = team_view(tournament, evaluation)
        out.append(Division(tournament.name, tournament.end_date, evaluation, view, tuple(notes)))
    return Divisions(tuple(out), tuple(season_notes))

"""Joining the pages of a chess-results team event into one :class:`Tournament`.

Every board of every round is a :class:`~wertung.tournament._model.Game` with its
``board``; ``Tournament.teams`` lists the teams (by their starting number) with
their players in line-up order, ``Player.team`` names the team's id.

* Players come from the player list (``art=16``: team and line-up board) and are
  found on the board pairings by their player-card link (``snr``) when both pages
  show it, else by name within the team (events finished more than 5 days ago
  print names without links), with the rating to tell equal names apart.
  Without a player list the board pairings' own names and ratings are used.
* A forfeit (``+ - -``, ``- - +``, ``- - -``) between two named players is a game
  with a forfeit result (never rated). An empty board ("not present") is no game:
  a note says so, and the player facing it gets a forfeit-win bye (his team's
  board point, not rated).
* The match scores of the pages are checked against the boards; a difference is
  recorded in ``incomplete`` (``check_points=True``: :class:`PointsMismatch`).
* Results not yet in: :class:`TournamentNotStarted` for round 1, else
  ``played_rounds`` and a note, as for individual events. The end date is the
  last round's date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from wertung.kernel.errors import FormatError, inner, message, place_of
from wertung.kernel.results import ONE, ByeKind, GameResult
from wertung.kernel.time_control import classify
from wertung.sources.chessresults._build import (
    _dates,
    _german,
    _not_started,
    _player,
    _round_dates,
)
from wertung.sources.chessresults._build_results import _Builder
from wertung.sources.chessresults._data import (
    BOARD_PAIRINGS,
    TEAM_PAIRINGS,
    TEAM_PLAYERS,
    BoardSide,
    ParsedPage,
    PlayerRow,
    TeamBoard,
    TeamMatch,
)
from wertung.sources.chessresults._errors import TeamEventNotSupported
from wertung.sources.chessresults._games import Results
from wertung.sources.chessresults._join import same_name
from wertung.sources.chessresults._links import canonical_link
from wertung.sources.chessresults._rating_reading import rating_reading
from wertung.sources.chessresults._rounds import event_rounds, in_progress, missing_later
from wertung.sources.chessresults._rounds import rounds_text as _rounds
from wertung.sources.chessresults._text import fmt_points, name_key
from wertung.sources.chessresults._where import then
from wertung.tournament._model import Bye, Game, Player, Team, Tournament

__all__ = ["build_team_tournament"]

_SWAP = {
    GameResult.WHITE_WINS: GameResult.BLACK_WINS,
    GameResult.BLACK_WINS: GameResult.WHITE_WINS,
    GameResult.WHITE_WINS_FORFEIT: GameResult.BLACK_WINS_FORFEIT,
    GameResult.BLACK_WINS_FORFEIT: GameResult.WHITE_WINS_FORFEIT,
}


def _first_scores(result: GameResult) -> tuple[Fraction, Fraction]:
    return result.white.points, result.black.points


@dataclass
class _Roster:
    """The teams (id → name) and the players (id → row, team id) met so far."""

    team_ids: dict[str, str]  # name key → team id
    team_names: dict[str, str]  # team id → name
    rows: dict[str, PlayerRow]
    team_of: dict[str, str]
    by_link: dict[int, str]
    by_name: dict[tuple[str, str], list[str]]
    listed: bool  # whether a player list (art=16) was given


def _teams(pages: Sequence[ParsedPage], where: str) -> tuple[dict[str, str], dict[str, str]]:
    numbered: dict[int, str] = {}
    unnumbered: list[str] = []
    for page in pages:
        for match in page.team_matches:
            for side in (match.first, match.second):
                if side.number is not None:
                    known = numbered.setdefault(side.number, side.name)
                    if name_key(known) != name_key(side.name):
                        raise FormatError(
                            f"{where}: team {side.number} is {known!r} on one page and "
                            f"{side.name!r} on another; are the pages from the same tournament?",
                            code="team.team_differs",
                            params={
                                "number": str(side.number),
                                "known": repr(known),
                                "name": repr(side.name),
                                "context": place_of(where),
                            },
                            field="team",
                        )
                elif side.name not in unnumbered:
                    unnumbered.append(side.name)
    for page in pages:
        for row in page.players:
            if row.team and row.team not in unnumbered:
                unnumbered.append(row.team)
    ids: dict[str, str] = {}
    names: dict[str, str] = {}
    for number in sorted(numbered):
        key = name_key(numbered[number])
        if key in ids:
            raise FormatError(
                f"{where}: two teams are named {numbered[number]!r} (numbers {ids[key]} and "
                f"{number})",
                code="team.named_twice",
                params={
                    "name": repr(numbered[number]),
                    "a": str(ids[key]),
                    "b": str(number),
                    "context": place_of(where),
                },
                field="team",
            )
        ids[key] = str(number)
        names[str(number)] = numbered[number]
    spare = max(numbered, default=0)
    for name in unnumbered:
        key = name_key(name)
        if key not in ids:
            spare += 1
            ids[key] = str(spare)
            names[str(spare)] = name
    return ids, names


def _roster(pages: Sequence[ParsedPage], where: str) -> _Roster:
    ids, names = _teams(pages, where)
    roster = _Roster(ids, names, {}, {}, {}, {}, False)
    for page in pages:
        if page.kind != TEAM_PLAYERS:
            continue
        roster.listed = True
        for row in page.players:
            pid = str(row.number)
            old = roster.rows.get(pid)
            if old is not None and not same_name(old.name, row.name):
                raise FormatError(
                    f"{where}: player {row.number} is {old.name!r} on one player list and "
                    f"{row.name!r} on another",
                    code="team.name_two_lists",
                    params={
                        "number": str(row.number),
                        "old": repr(old.name),
                        "new": repr(row.name),
                        "context": place_of(where),
                    },
                    field="page",
                    player=pid,
                )
            _add(roster, pid, row, ids.get(name_key(row.team or "")))
    return roster


def _add(roster: _Roster, pid: str, row: PlayerRow, team: str | None) -> None:
    roster.rows[pid] = row
    if team is not None:
        roster.team_of[pid] = team
    if row.link is not None:
        roster.by_link.setdefault(row.link, pid)
    roster.by_name.setdefault((team or "", name_key(row.name)), []).append(pid)
    roster.by_name.setdefault(("*", name_key(row.name)), []).append(pid)


class _Finder:
    """Finds (or, without a player list, creates) the player of a board side."""

    def __init__(self, roster: _Roster, where: str) -> None:
        self.roster = roster
        self.where = where
        self.by_name_only = 0
        self.created = 0

    def player(self, side: BoardSide, team: str, round_no: int, board: str) -> str:
        roster = self.roster
        at = then(
            self.where,
            (f"round {round_no}", message("place.round", n=round_no)),
            (f"board {board}", message("place.board", n=board)),
        )
        if side.link is not None and side.link in roster.by_link:
            pid = roster.by_link[side.link]
            if not same_name(roster.rows[pid].name, side.name):
                raise FormatError(
                    f"{at}: {side.name!r} links to player {roster.rows[pid].name!r} of the "
                    "player list; are the pages from the same tournament?", code="team.links_to", params={"name": repr(side.name), "other": repr(roster.rows[pid].name), "context": place_of(at)},
                    field="board pairings", round=round_no, player=side.name,
                )  # fmt: skip
            return self._check_team(pid, team, at, round_no)
        found = roster.by_name.get((team, name_key(side.name)), [])
        if not found:
            found = roster.by_name.get(("*", name_key(side.name)), [])
        if len(found) > 1 and side.rating is not None:
            found = [p for p in found if _rated(roster.rows[p], side.rating)] or found
        if len(found) > 1:
            raise FormatError(
                f"{at}: {side.name!r} ({side.rating or 'unrated'}) matches players "
                f"{', '.join(found)} of the player list; they cannot be told apart", code="team.ambiguous", params={"name": repr(side.name), "rating": str(side.rating or 'unrated'), "found": ', '.join(found), "context": place_of(at)},
                field="board pairings", round=round_no, player=side.name,
            )  # fmt: skip
        if found:
            if roster.listed:
                self.by_name_only += 1
            return self._check_team(found[0], team, at, round_no)
        if roster.listed:
            raise FormatError(
                f"{at}: {side.name!r} ({side.rating or 'unrated'}) of team "
                f"{roster.team_names.get(team, team)!r} is not on the player list (art=16); "
                "are the pages from the same tournament?", code="team.not_listed", params={"name": repr(side.name), "rating": str(side.rating or 'unrated'), "team": repr(roster.team_names.get(team, team)), "context": place_of(at)},
                field="board pairings", round=round_no, player=side.name,
            )  # fmt: skip
        self.created += 1
        pid = str(side.link) if side.link is not None else f"x{self.created}"
        while pid in roster.rows:
            pid = f"x{self.created}-{len(roster.rows)}"
        row = PlayerRow(0, side.name, title=side.title, rating=side.rating, link=side.link)
        _add(roster, pid, row, team)
        return pid

    def _check_team(self, pid: str, team: str, at: str, round_no: int) -> str:
        listed = self.roster.team_of.get(pid)
        if listed is None:
            self.roster.team_of[pid] = team
        elif listed != team:
            names = self.roster.team_names
            raise FormatError(
                f"{at}: {self.roster.rows[pid].name!r} plays for {names.get(team, team)!r} but "
                f"the player list names the team {names.get(listed, listed)!r}", code="team.plays_for", params={"name": repr(self.roster.rows[pid].name), "team": repr(names.get(team, team)), "listed": repr(names.get(listed, listed)), "context": place_of(at)},
                field="board pairings", round=round_no, player=pid,
            )  # fmt: skip
        return pid


def _rated(row: PlayerRow, rating: int) -> bool:
    return rating in (row.rating, row.fide_rating, row.national_rating)


def _boards(pages: Sequence[ParsedPage], where: str) -> list[TeamBoard]:
    """Every board once (several pages may show the same round: they must agree)."""
    seen: dict[tuple[int, int, int], TeamBoard] = {}
    for page in pages:
        for board in page.team_boards:
            key = (board.round, board.match, board.board)
            old = seen.get(key)
            if old is None:
                seen[key] = board
            elif _names(old) != _names(board) or (
                None not in (old.result, board.result) and old.result is not board.result
            ):
                raise FormatError(
                    f"{where}: round {board.round}, board {board.match}.{board.board} differs "
                    "between two pages; are they from the same tournament?",
                    code="team.board_differs",
                    params={
                        "round": board.round,
                        "board": f"{board.match}.{board.board}",
                        "context": place_of(where),
                    },
                    field="board pairings",
                    round=board.round,
                )
            elif old.result is None and board.result is not None:
                seen[key] = board
    return sorted(seen.values(), key=lambda b: (b.round, b.match, b.board))


def _names(board: TeamBoard) -> tuple[str, str]:
    first, second = board.first, board.second
    return (name_key(first.name) if first else "", name_key(second.name) if second else "")


def _match_teams(
    pages: Sequence[ParsedPage], roster: _Roster, where: str
) -> dict[tuple[int, int], tuple[TeamMatch, str, str]]:
    out: dict[tuple[int, int], tuple[TeamMatch, str, str]] = {}
    for page in pages:
        if page.kind != BOARD_PAIRINGS:
            continue
        for match in page.team_matches:
            assert match.match is not None
            first = roster.team_ids[name_key(match.first.name)]
            second = roster.team_ids[name_key(match.second.name)]
            old = out.setdefault((match.round, match.match), (match, first, second))
            if old[1:] != (first, second):
                raise FormatError(
                    f"{where}: round {match.round}, match {match.match} is "
                    f"{old[0].first.name} – {old[0].second.name} on one page and "
                    f"{match.first.name} – {match.second.name} on another; are the pages "
                    "from the same tournament?",
                    code="team.match_differs",
                    params={
                        "round": match.round,
                        "match": str(match.match),
                        "a": old[0].first.name,
                        "b": old[0].second.name,
                        "c": match.first.name,
                        "d": match.second.name,
                        "context": place_of(where),
                    },
                    field="board pairings",
                    round=match.round,
                )
    return out


def build_team_tournament(
    pages: Sequence[ParsedPage],
    *,
    source: str | None = None,
    check_points: bool = False,
    where: str = "chess-results",
) -> Tournament:
    """A :class:`Tournament` with teams from the pages of a chess-results team event.

    Needs the board pairings (``art=3``, all rounds); the player list
    (``art=16``) adds FIDE ids, federations and the line-up boards. Raises
    :class:`TeamEventNotSupported` when no board pairings are given and
    :class:`TournamentNotStarted` when they hold no result yet.
    """
    number = next((p.number for p in pages if p.number is not None), None)
    label = f"tournament {number}" if number else "the tournament"
    board_pages = [p for p in pages if p.kind == BOARD_PAIRINGS]
    if not board_pages:
        given = ", ".join(sorted({p.kind for p in pages if p.kind})) or "none"
        raise TeamEventNotSupported(
            f"{where}: {label} is a team event and the pages given ({given}) show no board "
            "pairings; give the board pairings of all rounds (art=3) and the player list "
            "(art=16)",
            code="team.no_boards",
            params={"label": label, "given": str(given), "context": place_of(where)},
            field="page",
        )
    builder = _Builder(pages, where, check_points)
    roster = _roster(pages, where)
    finder = _Finder(roster, where)
    matches = _match_teams(pages, roster, where)
    results = Results()
    empty: list[str] = []
    first_board: dict[str, tuple[int, int]] = {}
    for board in _boards(board_pages, where):
        _, first_team, second_team = matches[(board.round, board.match)]
        shown = f"{board.match}.{board.board}"
        ids = [
            None if side is None else finder.player(side, team, board.round, shown)
            for side, team in ((board.first, first_team), (board.second, second_team))
        ]
        for pid in ids:
            if pid is not None:
                first_board.setdefault(pid, (board.round, board.board))
        if ids[0] is None or ids[1] is None:
            empty.append(_empty_board(board, ids, roster, results))
            continue
        if board.result is None:
            results.open[board.round] += 1
            continue
        first_white = board.first.white if board.first else None
        if first_white is None:
            first_white = board.second.white is False if board.second else True
        if first_white:
            game = Game(board.round, ids[0], ids[1], board.result, board.board)
        else:
            result = _SWAP.get(board.result, board.result)
            game = Game(board.round, ids[1], ids[0], result, board.board)
        results.add_game(game)
    _check_scores(builder, pages, matches, results, roster)
    if not any(g.result is not GameResult.NOT_PLAYED for g in results.games):
        _not_started(results, pages, where, label, set())
    seen = {g.round for g in results.games} | {r for r, n in results.open.items() if n}
    known = event_rounds(pages, max(seen, default=0))
    total = known.total
    played = builder.progress(results, total, set())
    for reason in [*in_progress(results), *missing_later(known, seen, set(), True)]:
        builder.missing_later(reason)
    german = _german(pages, roster.rows.values())
    reading = rating_reading(pages, roster.rows.values(), german=german)
    players = tuple(
        replace(
            _player(replace(row, number=0), reading, german, {}),
            id=pid,
            team=roster.team_of.get(pid),
        )
        for pid, row in _ordered(roster)
    )
    teams = _team_list(roster, players, first_board)
    notes = builder.notes
    notes.insert(0, f"team event: {len(teams)} teams, boards of {_rounds(_given(board_pages))}")
    if reading.note:
        notes.append(reading.note)
    elif german and any(r.national_rating for r in roster.rows.values()):
        notes.append("German event: the national rating (RtgN) is taken as the DWZ")
    if not roster.listed:
        notes.append(
            "players taken from the board pairings (no player list, art=16, given): no FIDE "
            "ids or federations"
        )
    elif finder.by_name_only:
        notes.append(
            f"{finder.by_name_only} board entries matched to the player list by name (the "
            "pages show no player links)"
        )
    notes.extend(empty)
    start, end = _dates(pages)
    time_control = next(
        (p.details["time_control"] for p in pages if p.details.get("time_control")), None
    )
    kind = classify(time_control)
    rounds = total or max([*(g.round for g in results.games), 0]) or None
    tournament = Tournament(
        name=next((p.name for p in pages if p.name), ""),
        end_date=end,
        start_date=start,
        players=players,
        games=tuple(results.games),
        byes=tuple(results.byes),
        rounds=rounds,
        place=next((p.details["location"] for p in pages if p.details.get("location")), None),
        source=source or (canonical_link(number) if number else None),
        notes=tuple(dict.fromkeys(notes)),
        time_control=kind.kind if kind else None,
        time_control_text=time_control,
        played_rounds=played,
        incomplete=tuple(dict.fromkeys(builder.incomplete)),
        teams=teams,
        incomplete_later=tuple(dict.fromkeys(builder.later)),
        round_dates=_round_dates(pages),
    )
    try:
        return tournament.validate()
    except ValueError as exc:
        raise FormatError(
            f"{where}: the pages do not form a consistent tournament: {exc}",
            code="build.inconsistent",
            params={"detail": inner(exc), "context": place_of(where)},
        ) from exc


def _given(pages: Sequence[ParsedPage]) -> set[int]:
    return {b.round for p in pages for b in p.team_boards} or {
        m.round for p in pages for m in p.team_matches
    }


def _empty_board(board: TeamBoard, ids: list[str | None], roster: _Roster, results: Results) -> str:
    """An empty board: no game; the player facing it gets the board point as a bye."""
    at = f"round {board.round}, board {board.match}.{board.board}"
    present = next(((pid, index) for index, pid in enumerate(ids) if pid is not None), None)
    if present is None:
        return f"{at}: both sides empty; no game"
    pid, index = present
    name = roster.rows[pid].name
    points = None
    if board.result is not None:
        points = _first_scores(board.result)[index]
    if points == ONE:
        results.add_bye(Bye(board.round, pid, ONE, ByeKind.FORFEIT_WIN))
        return f"{at}: the opponent of {name} was not present; no game (the board point, not rated)"
    return f"{at}: the opponent of {name} was not present; no game"


def _check_scores(
    builder: _Builder,
    pages: Sequence[ParsedPage],
    matches: dict[tuple[int, int], tuple[TeamMatch, str, str]],
    results: Results,
    roster: _Roster,
) -> None:
    """The pages' match scores against the boards (only for matches whose boards are all in)."""
    got: dict[tuple[int, str], Fraction] = {}
    for game in results.games:
        for pid, score in ((game.white, game.result.white), (game.black, game.result.black)):
            key = (game.round, roster.team_of.get(pid, ""))
            got[key] = got.get(key, Fraction(0)) + score.points
    for bye in results.byes:
        key = (bye.round, roster.team_of.get(bye.player, ""))
        got[key] = got.get(key, Fraction(0)) + bye.points
    scored = {
        (m.round, roster.team_ids.get(name_key(m.first.name), "")): m
        for p in pages if p.kind in (BOARD_PAIRINGS, TEAM_PAIRINGS) for m in p.team_matches
        if m.first_points is not None and m.second_points is not None
    }  # fmt: skip
    wrong = []
    for (round_no, _), (_, first, second) in sorted(matches.items()):
        if results.open[round_no]:
            continue
        shown = scored.get((round_no, first))
        if shown is None or not results.done[round_no]:
            continue
        mine = (got.get((round_no, first), Fraction(0)), got.get((round_no, second), Fraction(0)))
        if mine != (shown.first_points, shown.second_points):
            names = roster.team_names
            wrong.append(
                (
                    round_no,
                    f"round {round_no} {names[first]} – {names[second]}: the boards give "
                    f"{fmt_points(mine[0])} : {fmt_points(mine[1])}, the page says "
                    f"{fmt_points(shown.first_points)} : {fmt_points(shown.second_points)}",
                )
            )
    if wrong:
        reason = (
            f"match scores do not add up for {len(wrong)} match"
            f"{'' if len(wrong) == 1 else 'es'}: " + "; ".join(t for _, t in wrong[:5])
        )
        if builder.check_points:
            from wertung.sources.chessresults._errors import PointsMismatch

            listed = "; ".join(t for _, t in wrong[:5])
            raise PointsMismatch(
                f"{builder.where}: {reason}",
                code="teams.match_scores",
                params={
                    "count": len(wrong),
                    "shown": inner(listed),
                    "context": place_of(builder.where),
                },
                field="match score",
            )
        builder.incomplete.append(reason)


def _ordered(roster: _Roster) -> list[tuple[str, PlayerRow]]:
    def key(item: tuple[str, PlayerRow]) -> tuple[int, int, str]:
        pid, row = item
        return (0, row.number, "") if row.number else (1, 0, pid)

    return sorted(roster.rows.items(), key=key)


def _team_list(
    roster: _Roster, players: Sequence[Player], first_board: dict[str, tuple[int, int]]
) -> tuple[Team, ...]:
    teams = []
    for tid, name in sorted(roster.team_names.items(), key=lambda kv: int(kv[0])):
        members = [p.id for p in players if p.team == tid]

        def lineup(pid: str) -> tuple[int, int, int]:
            row = roster.rows[pid]
            seen = first_board.get(pid, (10**6, 10**6))
            return (row.board if row.board is not None else 10**6, seen[1], seen[0])

        teams.append(Team(tid, name, tuple(sorted(members, key=lineup))))
    return tuple(teams)

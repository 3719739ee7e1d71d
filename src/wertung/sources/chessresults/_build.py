"""Joining the parsed pages of one tournament into a :class:`~wertung.tournament._model.Tournament`.

Never a silent partial: whatever keeps the games from being fully accounted
for (rounds whose pairings were not given, totals that the games do not give,
a list cut short, no ratings at all) goes into ``Tournament.incomplete``; a
running event gets ``played_rounds`` and a note "after round N of M".
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from wertung.formats._points import bye_split
from wertung.kernel.errors import FormatError, inner, message, place_of, places
from wertung.kernel.results import ByeKind, GameResult
from wertung.kernel.time_control import classify
from wertung.sources.chessresults._data import (
    CROSSTABLE,
    NOT_PAIRED,
    PAIRINGS,
    RANKING,
    ROUND_DATES,
    STARTING_RANK,
    ParsedPage,
    PlayerRow,
)
from wertung.sources.chessresults._errors import PointsMismatch, TournamentNotStarted
from wertung.sources.chessresults._games import (
    Board,
    Results,
    board_games,
    outcome,
    round_robin_games,
    swiss_games,
    totals,
)
from wertung.sources.chessresults._join import (
    Matcher,
    merge,
    numbered_pairings,
    player_rows,
    rows_from_pairings,
)
from wertung.sources.chessresults._links import canonical_link
from wertung.sources.chessresults._rating_reading import RatingReading, rating_reading
from wertung.sources.chessresults._rounds import event_rounds, in_progress, missing_later
from wertung.sources.chessresults._rounds import ranges as _ranges
from wertung.sources.chessresults._rounds import rounds_text as _rounds
from wertung.sources.chessresults._text import dates_in, fmt_points, to_int
from wertung.tournament._model import Bye, Game, Player, Tournament

_SHOWN = 5


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


#: A player whose points do not add up: start number, the English line, its catalogue data.
_Wrong = tuple[int, str, dict[str, object]]


def _points_value(value: Fraction) -> int | float:
    """Points as plain data (``6.5``; the catalogue shows ``6½``)."""
    return int(value) if value.denominator == 1 else float(value)


def _differences(
    rows: Iterable[PlayerRow], got: Mapping[str, Fraction], expected: dict[int, Fraction | None]
) -> list[_Wrong]:
    wrong = []
    for row in rows:
        page = expected.get(row.number)
        games = got.get(str(row.number), Fraction(0))
        if page is not None and games != page:
            wrong.append(
                (
                    row.number,
                    f"player {row.number} ({row.name}): games give "
                    f"{fmt_points(games)}, the page says "
                    f"{fmt_points(page)}",
                    message(
                        "cr.player_points",
                        number=str(row.number),
                        name=row.name,
                        got=_points_value(games),
                        stated=_points_value(page),
                    ),
                )
            )
    return wrong


def _mismatch_params(what: str, wrong: list[_Wrong]) -> tuple[str, dict[str, object]]:
    """The code and params of :func:`_mismatch_reason` (the players' lines as their data)."""
    params: dict[str, object] = {
        "count": len(wrong),
        "what": what,
        "shown": places(*(data for _, _, data in wrong[:_SHOWN]), sep="; "),
    }
    if len(wrong) > _SHOWN:
        return "cr.points_mismatch_more", {**params, "more": len(wrong) - _SHOWN}
    return "cr.points_mismatch", params


def _mismatch_reason(what: str, wrong: list[_Wrong]) -> str:
    shown = "; ".join(text for _, text, _ in wrong[:_SHOWN])
    more = f" (and {len(wrong) - _SHOWN} more)" if len(wrong) > _SHOWN else ""
    return (
        f"points do not add up for {_plural(len(wrong), 'player')} ({what}): {shown}{more}; "
        "the page may use a special scoring or was read wrongly"
    )


class _Builder:
    def __init__(self, pages: Sequence[ParsedPage], where: str, check_points: bool) -> None:
        self.pages = pages
        self.where = where
        self.check_points = check_points
        self.notes: list[str] = []
        self.incomplete: list[str] = []
        self.totals_valid = False
        self.rounds_missing = False
        self.later: list[str] = []  # the reasons that concern only rounds after played_rounds

    def missing_later(self, reason: str) -> None:
        """A reason that only the rounds after the last complete one are not accounted for."""
        self.incomplete.append(reason)
        self.later.append(reason)

    def mismatch(self, what: str, wrong: list[_Wrong]) -> None:
        if not wrong:
            return
        reason = _mismatch_reason(what, wrong)
        if self.check_points:
            code, params = _mismatch_params(what, wrong)
            raise PointsMismatch(
                f"{self.where}: {reason}",
                code=code,
                params={**params, "context": place_of(self.where)},
                field="Pts.",
                player=str(wrong[0][0]),
            )
        self.incomplete.append(reason)

    # -- results ----------------------------------------------------------------------------

    def from_crosstable(
        self, table: ParsedPage, boards: list[Board], rows: dict[int, PlayerRow]
    ) -> Results:
        if table.round_robin:
            results, notes = round_robin_games(table, boards, self.where)
            self.notes.extend(notes)
            self.check_totals(table, results.games, results.byes, "the crosstable's totals")
            return results
        results, pending = swiss_games(table, self.where)
        self.check_totals(table, results.games, results.byes, "the crosstable's totals")
        covered = table.rounds or 0
        inside = [b for b in boards if b.round <= covered]
        later = [b for b in boards if b.round > covered]
        given_later = {b.round for b in later}
        self.cross_check(table, inside, pending, results)
        _pending_to_upcoming(pending, inside, results)
        if later:
            given = {b.round for b in later}
            missing = set(range(covered + 1, max(given) + 1)) - given
            self.notes.append(
                f"the crosstable covers rounds 1–{covered}; {_rounds(given)} from the pairings"
            )
            if missing:
                self.incomplete.append(
                    f"the crosstable covers rounds 1–{covered} and the pairings of "
                    f"{_rounds(given)} were given; {_rounds(missing)} missing"
                )
            self.totals_valid = False
            board_games(later, results)
        self.check_before(boards, results, rows, set(range(1, covered + 1)) | given_later)
        return results

    def check_totals(
        self, table: ParsedPage, games: list[Game], byes: list[Bye], what: str
    ) -> None:
        """The crosstable's totals against its games and byes (the rule of every importer,
        :mod:`wertung.formats._points`): a total higher by at most one point per round in
        which the player's row shows nothing (no opponent, no bye, no result) is taken as
        byes in those rounds (added to ``byes``, a note each); any other difference is a
        reason in ``incomplete``. Round-robin tables have no such rounds."""
        expected = {row.number: row.points for row in table.players}
        self.totals_valid = any(v is not None for v in expected.values())
        got = totals(games, byes)
        if not table.round_robin:
            shown = {(cell.round, number) for number, cells in table.cells.items()
                     for cell in cells if cell.opponent is not None or cell.bye is not None}  # fmt: skip
            for row in table.players:
                page, pid = expected.get(row.number), str(row.number)
                rounds = [
                    r for r in range(1, (table.rounds or 0) + 1) if (r, row.number) not in shown
                ]
                split = bye_split(page - got[pid], rounds) if page is not None else None
                for rnd, kind in split or ():
                    points = Fraction(1) if kind is ByeKind.FULL else Fraction(1, 2)
                    byes.append(Bye(rnd, pid, points, kind))
                    self.notes.append(
                        f"player {pid} ({row.name}): {float(points):.1f} point for round {rnd} "
                        "taken as a bye; the page shows no game in that round"
                    )
            byes.sort(key=lambda b: (b.round, to_int(b.player) or 0))
            got = totals(games, byes)
        wrong = _differences(table.players, got, expected)
        self.mismatch(what, wrong)

    def cross_check(
        self,
        table: ParsedPage,
        boards: list[Board],
        pending: set[tuple[int, int, int]],
        results: Results,
    ) -> None:
        """Pairings of rounds the crosstable covers must agree with it (and may fill results)."""
        index = {(c.round, n): c for n, cells in table.cells.items() for c in cells}
        filled = 0
        for board in boards:
            cell = index.get((board.round, board.white))
            if board.black is None:
                if cell is not None and cell.opponent is not None:
                    self.disagree(board, f"the crosstable shows a game against {cell.opponent}")
                if (
                    cell is not None
                    and None not in (cell.points, board.bye_points)
                    and cell.points != board.bye_points
                ):
                    self.disagree(board, f"the crosstable gives {fmt_points(cell.points)}")
                continue
            other = index.get((board.round, board.black))
            if cell is None or other is None or cell.opponent != board.black:
                shown = "no game" if cell is None or cell.opponent is None else cell.opponent
                self.disagree(board, f"the crosstable shows {board.white} against {shown}")
                continue
            assert other is not None
            if cell.colour == "b" or other.colour == "w":
                self.disagree(board, "the crosstable gives the colours the other way round")
            if board.result is None:
                continue
            if cell.points is None or other.points is None:
                if (board.round, board.white, board.black) in pending:
                    pending.discard((board.round, board.white, board.black))
                    results.open[board.round] -= 1
                    results.add_game(
                        Game(board.round, str(board.white), str(board.black), board.result)
                    )
                    filled += 1
                continue
            if outcome(cell, other) is not board.result:
                self.disagree(board, f"the crosstable gives {outcome(cell, other)}")
        if filled:
            self.notes.append(
                f"{_plural(filled, 'result')} taken from the pairings (the crosstable did not "
                "show them yet)"
            )
            self.totals_valid = False

    def disagree(self, board: Board, what: str) -> None:
        shown = (
            f"{board.white}–{board.black}" if board.black is not None else f"{board.white} (bye)"
        )
        raise FormatError(
            f"{self.where}: round {board.round}: the crosstable and the pairings disagree about "
            f"{shown} ({board.result.value if board.result else 'no result'} on the pairings; "
            f"{what}); are the pages from the same tournament?",
            code="build.disagree",
            params={
                "round": board.round,
                "shown": str(shown),
                "result": str(board.result.value if board.result else "no result"),
                "what": what,
                "context": place_of(self.where),
            },
            field="pairings",
            round=board.round,
            player=str(board.white),
        )

    def from_pairings(self, boards: list[Board], rows: dict[int, PlayerRow]) -> Results:
        results = board_games(boards)
        given = {b.round for b in boards}
        missing = set(range(1, max(given) + 1)) - given if given else set()
        if missing:
            self.rounds_missing = True
            self.incomplete.append(
                f"only the pairings of {_rounds(given)} were given; {_rounds(missing)} "
                "missing (give the starting-rank crosstable (art=5) or every round's pairings)"
            )
        else:
            self.check_before(boards, results, rows, given)
            for ranking in (p for p in self.pages if p.kind == RANKING):
                expected = {r.number: r.points for r in ranking.players}
                wrong = _differences(ranking.players, totals(results.games, results.byes), expected)
                self.mismatch("the ranking's totals", wrong)
        self.notes.append(f"results from the pairings of {_rounds(given)}")
        return results

    def check_before(
        self, boards: list[Board], results: Results, rows: dict[int, PlayerRow], covered: set[int]
    ) -> None:
        """Each pairings page's "Pts." (before the round) against the earlier rounds' results.

        Only rounds whose earlier rounds are all ``covered`` are checked.
        """
        for round_no in sorted({b.round for b in boards}):
            if not set(range(1, round_no)) <= covered:
                continue
            got = totals(results.games, results.byes, below=round_no)
            expected: dict[int, Fraction | None] = {}
            for board in boards:
                if board.round == round_no:
                    expected[board.white] = board.white_before
                    if board.black is not None:
                        expected[board.black] = board.black_before
            listed = [rows[n] for n in sorted(expected) if n in rows]
            wrong = _differences(listed, got, expected)
            self.mismatch(f"the points before round {round_no} on its pairings", wrong)

    # -- progress ---------------------------------------------------------------------------

    def progress(self, results: Results, total: int | None, unpaired: set[int]) -> int | None:
        """``played_rounds`` of a running event (None when finished or unknown), with a note."""
        rounds = sorted(
            r for r in set(results.done) | set(results.open) if results.done[r] + results.open[r]
        )
        only_byes = [
            r for r in rounds
            if results.open[r] == 0 and not any(g.round == r for g in results.games)
            and any(g.round < r for g in results.games)
        ]  # fmt: skip
        for r in only_byes:  # the players not paired, listed before the round is paired
            results.byes[:] = [b for b in results.byes if b.round != r]
            del results.done[r]
            unpaired.add(r)
            rounds.remove(r)
        played = 0
        for r in rounds:  # rounds not given at all are named in ``incomplete``
            if results.open[r]:
                break
            played = r
        running = [r for r in rounds if results.open[r]]
        last = max([*rounds, 0])
        if not running and (total is None or last >= total):
            return None
        of = f" of {total}" if total else ""
        parts = [f"after round {played}{of}"] if played else []
        parts += [
            f"round {r} in progress: {results.done[r]} of {results.done[r] + results.open[r]} "
            "results in"
            if any(g.round == r for g in results.games)
            else f"round {r} paired, no results in yet"
            for r in running
        ]
        later = sorted(r for r in unpaired if r > played)
        if later:
            parts.append(f"round {later[0]} not paired yet")
        note = "; ".join(parts)
        self.notes.append(note)
        return played


def build_individual(
    pages: Sequence[ParsedPage],
    number: int | None,
    *,
    source: str | None = None,
    check_points: bool = False,
    where: str = "chess-results",
) -> Tournament:
    """Join the pages of one individual event (:func:`._assemble.build_tournament`
    has checked that they are of one tournament and not of a team event)."""
    label = f"tournament {number}" if number else "the tournament"
    builder = _Builder(pages, where, check_points)
    crosstables = [p for p in pages if p.kind == CROSSTABLE]
    pairing_pages = [p for p in pages if p.kind == PAIRINGS and p.pairings]
    unpaired = {p.unpaired_round for p in pages if p.kind == PAIRINGS and p.unpaired_round}
    if not crosstables and not pairing_pages:
        _no_results(pages, where, label, unpaired)
    rows = player_rows(pages, where)
    if not any(p.kind in (CROSSTABLE, STARTING_RANK, RANKING) for p in pages) and numbered_pairings(
        pairing_pages
    ):
        from_pairings = rows_from_pairings(pairing_pages)
        rows = {n: merge(from_pairings.get(n), rows[n]) if n in rows else row
                for n, row in {**from_pairings, **rows}.items()}  # fmt: skip
        builder.notes.append(
            "players taken from the pairings (no starting rank given): no FIDE ids or clubs"
        )
    if not rows:
        raise FormatError(
            f"{where}: the pairings name the players only by name and rating (no 'No.' "
            "columns); add the starting rank (art=0) or the starting-rank crosstable "
            "(art=5) so that they can be matched",
            code="build.names_only",
            params={"context": place_of(where)},
            field="page",
        )
    matcher = Matcher(rows, where)
    boards = [matcher.board(pr) for page in pairing_pages for pr in page.pairings]
    listed_only = {b.round for b in boards} - {b.round for b in boards if b.black is not None}
    if listed_only:
        # a round whose page shows only the players not paired: the round is not paired yet
        boards = [b for b in boards if b.round not in listed_only]
        unpaired |= listed_only
    if crosstables:
        table = crosstables[0]
        results = builder.from_crosstable(table, boards, rows)
        builder.notes.extend(table.notes)
    else:
        results = builder.from_pairings(boards, rows)
    if not any(g.result is not GameResult.NOT_PLAYED for g in results.games):
        _not_started(results, pages, where, label, unpaired)
    highest = max([*results.done, *(r for r, n in results.open.items() if n)], default=0)
    known = event_rounds(pages, highest, len(rows))
    total = known.total
    played = builder.progress(results, total, unpaired)  # drops rounds that list byes only
    kept = {g.round for g in results.games} | {b.round for b in results.byes}
    seen = kept | {r for r, n in results.open.items() if n}
    for reason in [*in_progress(results), *missing_later(known, seen, unpaired, not crosstables)]:
        builder.missing_later(reason)
    if played is None and builder.later and kept:  # as it is, it would look finished
        played = max(kept)
    _ratings(builder, pages, rows)
    page_totals = _page_totals(pages, crosstables, builder)
    german = _german(pages, rows.values())
    reading = rating_reading(pages, rows.values(), german=german)
    players = tuple(
        _player(row, reading, german, page_totals)
        for row in sorted(rows.values(), key=lambda r: r.number)
    )
    if reading.note:
        builder.notes.append(reading.note)
    elif german and any(r.national_rating for r in rows.values()):
        builder.notes.append("German event: the national rating (RtgN) is taken as the DWZ")
    start, end = _dates(pages)
    if end is not None and not any(
        p.kind == ROUND_DATES or dates_in(p.details.get("date", "")) for p in pages
    ):
        builder.notes.append(
            f"end date {end.isoformat()} from the round headings of the pairings (no tournament "
            "dates given: add the starting rank with details or the round dates)"
        )
    rounds = total or (
        None  # the pages do not say, and later rounds may be missing
        if builder.later
        else max([*(g.round for g in results.games), *(b.round for b in results.byes), 0]) or None
    )
    time_control = next(
        (p.details["time_control"] for p in pages if p.details.get("time_control")), None
    )
    kind = classify(time_control)
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
        notes=tuple(dict.fromkeys(builder.notes)),
        time_control=kind.kind if kind else None,
        time_control_text=time_control,
        played_rounds=played,
        incomplete=tuple(dict.fromkeys(builder.incomplete)),
        upcoming=tuple(sorted(results.upcoming, key=_board_order)),
        incomplete_later=tuple(dict.fromkeys(builder.later)),
        points_checked=bool(page_totals),  # the totals given were checked (check_totals, ranking)
        round_dates=_round_dates(pages),
    )
    try:
        tournament.validate()
    except ValueError as exc:
        raise FormatError(
            f"{where}: the pages do not form a consistent tournament: {exc}",
            code="build.inconsistent",
            params={"detail": inner(exc), "context": place_of(where)},
        ) from exc
    check_upcoming(tournament, where)
    return tournament


def _board_order(game: Game) -> tuple[int, int, int, str]:
    board = game.board if game.board is not None else 1 << 20
    return game.round, board, to_int(game.white) or 0, game.white


def _pending_to_upcoming(
    pending: set[tuple[int, int, int]], boards: list[Board], results: Results
) -> None:
    """The crosstable's games without result, as upcoming games (colours and board from the
    pairings where given: the crosstable may show no colour)."""
    shown = {(b.round, frozenset((b.white, b.black))): b for b in boards if b.black is not None}
    for round_no, white, black in sorted(pending):
        board = shown.get((round_no, frozenset((white, black))))
        if board is not None and board.black is not None:
            white, black = board.white, board.black
        results.upcoming.append(
            Game(round_no, str(white), str(black), GameResult.NOT_PLAYED,
                 board.number if board else None)
        )  # fmt: skip


def check_upcoming(tournament: Tournament, where: str) -> None:
    """Each player at most once per round among the games, byes and upcoming pairings."""
    seen = {(g.round, pid) for g in tournament.games for pid in (g.white, g.black)}
    seen |= {(b.round, b.player) for b in tournament.byes}
    for game in tournament.upcoming:
        for pid in (game.white, game.black):
            if (game.round, pid) in seen:
                raise FormatError(
                    f"{where}: round {game.round}: player {pid} is paired twice (a pairing "
                    f"{game.white}–{game.black} without result and another entry); are the "
                    "pages from the same tournament?",
                    code="build.paired_twice",
                    params={
                        "round": game.round,
                        "id": str(pid),
                        "white": str(game.white),
                        "black": str(game.black),
                        "context": place_of(where),
                    },
                    field="pairings",
                    round=game.round,
                    player=pid,
                )
            seen.add((game.round, pid))


def _no_results(pages: Sequence[ParsedPage], where: str, label: str, unpaired: set[int]) -> None:
    if unpaired:
        first = min(unpaired)
        if first == 1:
            dates = next((p.details["date"] for p in pages if p.details.get("date")), "")
            when = f" (it is scheduled for {dates})" if dates else ""
            raise TournamentNotStarted(
                f"{where}: {label} has not started: round 1 is not paired yet{when}",
                code="build.not_paired_round1_when" if dates else "build.not_paired_round1",
                params={
                    "label": label,
                    "context": place_of(where),
                    **({"dates": dates} if dates else {}),
                },
                field="page",
            )
        raise TournamentNotStarted(
            f"{where}: the pages hold no results: round {_ranges(unpaired)} is not paired yet; "
            "give the starting-rank crosstable (art=5) or the pairings of the rounds played",
            code="build.round_unpaired",
            params={"rounds": str(_ranges(unpaired)), "context": place_of(where)},
            field="page",
        )
    kinds = ", ".join(sorted({p.kind for p in pages if p.kind})) or "none"
    hint = (
        "; the not-paired list (art=40) shows only the players without a game"
        if any(p.kind == NOT_PAIRED for p in pages)
        else ""
    )
    raise TournamentNotStarted(
        f"{where}: none of the pages has results (found: {kinds}){hint}; give the "
        "starting-rank crosstable (art=5) or the pairings",
        code="build.none_results",
        params={
            "kinds": str(kinds),
            "hint": message("build.not_paired_hint") if hint else "",
            "context": place_of(where),
        },
        field="page",
    )


def _not_started(
    results: Results, pages: Sequence[ParsedPage], where: str, label: str, unpaired: set[int]
) -> None:
    paired = sorted(set(results.open))
    if paired and paired[0] == 1:
        raise TournamentNotStarted(
            f"{where}: {label} has not started: round 1 is paired but no result is in yet",
            code="build.round1_no_results",
            params={"label": label, "context": place_of(where)},
            field="page",
        )
    if paired:
        raise TournamentNotStarted(
            f"{where}: the pages hold no results yet: round {paired[0]} is paired but none of "
            "its results is in; give the starting-rank crosstable (art=5) or the pairings of "
            "the rounds played",
            code="build.no_results_yet",
            params={"round": paired[0], "context": place_of(where)},
            field="page",
        )
    if unpaired or not any(p.kind == CROSSTABLE for p in pages):
        _no_results(pages, where, label, unpaired)
    raise TournamentNotStarted(
        f"{where}: {label} has not started: the crosstable has no results yet",
        code="build.not_started",
        params={"label": label, "context": place_of(where)},
        field="page",
    )


def _ratings(builder: _Builder, pages: Sequence[ParsedPage], rows: dict[int, PlayerRow]) -> None:
    if rows and not any(r.rating or r.fide_rating or r.national_rating for r in rows.values()):
        hint = (
            "add the starting rank (art=0)"
            if not any(p.kind == STARTING_RANK for p in pages)
            else "the starting rank shows every player unrated"
        )
        builder.incomplete.append(f"no ratings: the pages give no player's rating; {hint}")
    lists = [p for p in pages if p.kind == STARTING_RANK]
    if lists:
        listed = {r.number for p in lists for r in p.players}
        absent = sorted(set(rows) - listed)
        if absent:
            cut = any(p.cut_rows for p in lists)
            why = " (the page was cut; save it after 'Show complete list')" if cut else ""
            builder.incomplete.append(
                f"the starting rank lists {len(listed)} of {len(rows)} players{why}: no rating "
                f"data for {_plural(len(absent), 'player')} ({', '.join(map(str, absent[:_SHOWN]))}"
                f"{', …' if len(absent) > _SHOWN else ''})"
            )


def _page_totals(
    pages: Sequence[ParsedPage], crosstables: list[ParsedPage], builder: _Builder
) -> dict[int, Fraction | None]:
    """The page's own totals, where they cover exactly the games in the tournament."""
    if crosstables:
        if not builder.totals_valid:
            return {}
        return {r.number: r.points for r in crosstables[0].players}
    rankings = [p for p in pages if p.kind == RANKING]
    if not rankings or builder.rounds_missing:
        return {}
    return {r.number: r.points for r in rankings[0].players}


def _player(
    row: PlayerRow, reading: RatingReading, german: bool, page_totals: dict[int, Fraction | None]
) -> Player:
    dwz, fide, national = reading.ratings(row, german=german)
    return Player(
        id=str(row.number),
        name=row.name,
        dwz=dwz,
        birth_year=row.birth_year,
        fide_rating=fide,
        fide_id=row.fide_id,
        federation=row.federation,
        title=row.title,
        club=row.club,
        sex=row.sex,
        national_rating=national,
        fide_k=row.fide_k,
        points=page_totals.get(row.number),
    )


def _german(pages: Sequence[ParsedPage], players: Iterable[PlayerRow]) -> bool:
    for page in pages:
        federation = page.details.get("federation_detail", "")
        if re.search(r"\(\s*GER\s*\)", federation) or "Germany" in federation:
            return True
    feds = Counter(p.federation for p in players if p.federation)
    return (
        bool(feds) and feds.most_common(1)[0][0] == "GER" and feds["GER"] * 2 > sum(feds.values())
    )


def _round_dates(pages: Sequence[ParsedPage]) -> tuple[dt.date | None, ...]:
    """Each round's date: the round-dates view (art=14) first, then the headings of the
    pairings pages ("Round 3 on 2026/08/03"); None for a round neither dates."""
    table: dict[int, dt.date] = {}
    for listed in (True, False):
        for page in pages:
            if (page.kind == ROUND_DATES) is listed:
                for number, day in sorted(page.round_dates.items()):
                    if 1 <= number <= MAX_ROUND_DATES:
                        table.setdefault(number, day)
    return tuple(table.get(r) for r in range(1, max(table, default=0) + 1))


#: The highest round a round date is kept for (a page naming round 10,000 is no tournament's).
MAX_ROUND_DATES = 999


def _dates(pages: Sequence[ParsedPage]) -> tuple[dt.date | None, dt.date | None]:
    """(start, end): the round-dates view wins; a pairings page's heading dates only the
    rounds it shows, so the details' range comes before it."""
    listed = [d for p in pages if p.kind == ROUND_DATES for d in p.round_dates.values()]
    headings = [d for p in pages if p.kind != ROUND_DATES for d in p.round_dates.values()]
    detail_dates = [d for p in pages for d in dates_in(p.details.get("date", ""))]
    start = (
        min(detail_dates, default=None) or min(listed, default=None) or min(headings, default=None)
    )
    end = (
        max(listed, default=None) or max(detail_dates, default=None) or max(headings, default=None)
    )
    return start, end

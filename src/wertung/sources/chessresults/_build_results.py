"""An individual event's results from its pages, checked: the crosstable (its games, byes
and totals; the pairings of the rounds it covers must agree with it, later rounds come from
them) or the pairings alone (every round's, their "Pts." before the round and the ranking's
totals checked), and a running event's progress ("after round N of M").

A total the games do not give is a reason in ``Tournament.incomplete`` (or a
:class:`~wertung.sources.chessresults._errors.PointsMismatch` when asked to check the
points); pages that disagree are refused. Used by :func:`._build.build_individual`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from wertung.formats._points import bye_split
from wertung.kernel.errors import FormatError, message, place_of, places
from wertung.kernel.results import ByeKind, GameResult
from wertung.sources.chessresults._data import RANKING, ParsedPage, PlayerRow
from wertung.sources.chessresults._errors import PointsMismatch
from wertung.sources.chessresults._games import (
    Board,
    Results,
    board_games,
    outcome,
    round_robin_games,
    swiss_games,
    totals,
)
from wertung.sources.chessresults._rounds import rounds_text as _rounds
from wertung.sources.chessresults._text import fmt_points, to_int
from wertung.tournament._model import Bye, Game

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

"""Games and byes from a crosstable (Swiss or round robin) and from pairings pages."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from wertung.kernel.errors import FormatError, message, place_of, places
from wertung.kernel.results import HALF, ONE, ZERO, ByeKind, GameResult
from wertung.sources.chessresults._data import Cell, ParsedPage
from wertung.tournament._model import Bye, Game

_OUTCOMES: dict[tuple[Fraction, bool, Fraction, bool], GameResult] = {
    (ONE, False, ZERO, False): GameResult.WHITE_WINS,
    (ZERO, False, ONE, False): GameResult.BLACK_WINS,
    (HALF, False, HALF, False): GameResult.DRAW,
    (ZERO, False, ZERO, False): GameResult.BOTH_LOSE,
    (ONE, True, ZERO, True): GameResult.WHITE_WINS_FORFEIT,
    (ZERO, True, ONE, True): GameResult.BLACK_WINS_FORFEIT,
    (ZERO, True, ZERO, True): GameResult.DOUBLE_FORFEIT,
}


@dataclass(frozen=True, slots=True)
class Board:
    """A pairings row with both sides as start numbers (``black`` None: no opponent)."""

    round: int
    white: int
    black: int | None
    result: GameResult | None
    bye_points: Fraction | None = None
    white_before: Fraction | None = None
    black_before: Fraction | None = None
    number: int | None = None  # the board number on the page


@dataclass(slots=True)
class Results:
    """Games and byes with a result, and per round how many entries are in or still open.

    ``upcoming``: the games paired but without a result yet (``GameResult.NOT_PLAYED``,
    with the board number where a pairings page gives it).
    """

    games: list[Game] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    done: Counter[int] = field(default_factory=Counter)
    open: Counter[int] = field(default_factory=Counter)
    upcoming: list[Game] = field(default_factory=list)

    def add_upcoming(self, round_no: int, white: int, black: int, board: int | None) -> None:
        """A game paired without a result: open in its round, kept as upcoming."""
        self.open[round_no] += 1
        self.upcoming.append(Game(round_no, str(white), str(black), GameResult.NOT_PLAYED, board))

    def add_game(self, game: Game) -> None:
        self.games.append(game)
        self.done[game.round] += 1

    def add_bye(self, bye: Bye) -> None:
        self.byes.append(bye)
        self.done[bye.round] += 1


def outcome(white: Cell, black: Cell) -> GameResult | None:
    """The game result two crosstable cells give together (None: they do not fit)."""
    assert white.points is not None and black.points is not None
    return _OUTCOMES.get((white.points, white.forfeit, black.points, black.forfeit))


def bye_kind(points: Fraction | None) -> ByeKind:
    """The bye kind of a pairings row without opponent, from its points."""
    if points == ONE:
        return ByeKind.PAIRING
    if points == HALF:
        return ByeKind.HALF
    return ByeKind.ZERO


def swiss_games(table: ParsedPage, where: str) -> tuple[Results, set[tuple[int, int, int]]]:
    """Games of a Swiss crosstable, and the games still without result (round, white, black)."""
    results = Results()
    pending: set[tuple[int, int, int]] = set()
    index = {(cell.round, number): cell for number, cells in table.cells.items() for cell in cells}
    for number, cells in sorted(table.cells.items()):
        for cell in cells:
            assert cell.round is not None
            if cell.bye is not None:
                results.add_bye(Bye(cell.round, str(number), cell.points or ZERO, cell.bye))
                continue
            if cell.opponent is None:
                continue
            other = index.get((cell.round, cell.opponent))
            if other is None or other.opponent != number:
                raise FormatError(
                    f"{where}: round {cell.round}: player {number} is paired with "
                    f"{cell.opponent}, whose crosstable row does not show that game",
                    code="games.not_shown",
                    params={
                        "round": cell.round,
                        "number": str(number),
                        "opponent": str(cell.opponent),
                        "context": place_of(where),
                    },
                    field="crosstable",
                    round=cell.round,
                    player=str(number),
                )
            if cell.colour == "w" or other.colour == "b":
                white_no, white, black_no, black = number, cell, cell.opponent, other
            elif cell.colour == "b" or other.colour == "w":
                continue  # taken from the white player's row
            elif number < cell.opponent:
                white_no, white, black_no, black = number, cell, cell.opponent, other
            else:
                continue
            if white.points is None or black.points is None:
                pending.add((cell.round, white_no, black_no))
                results.open[cell.round] += 1
                continue
            result = outcome(white, black)
            if result is None:
                raise FormatError(
                    f"{where}: round {cell.round}: players {white_no} and {black_no} show "
                    "results that do not fit together in the crosstable",
                    code="games.round_misfit",
                    params={
                        "round": cell.round,
                        "white": str(white_no),
                        "black": str(black_no),
                        "context": place_of(where),
                    },
                    field="crosstable",
                    round=cell.round,
                    player=str(white_no),
                )
            results.add_game(Game(cell.round, str(white_no), str(black_no), result))
    return results, pending


def round_robin_games(
    table: ParsedPage, boards: Sequence[Board], where: str
) -> tuple[Results, list[str]]:
    """Games of a round-robin crosstable; rounds and colours from the pairings if given."""
    cells: dict[frozenset[int], dict[int, Cell]] = {}
    for number, row in table.cells.items():
        for cell in row:
            assert cell.opponent is not None
            cells.setdefault(frozenset((number, cell.opponent)), {})[number] = cell
    scheduled: dict[frozenset[int], tuple[int, int, int, int | None]] = {}
    byes: list[Bye] = []
    for board in boards:
        if board.black is None:
            if board.bye_points is not None:
                byes.append(
                    Bye(board.round, str(board.white), board.bye_points, bye_kind(board.bye_points))
                )
        else:
            scheduled[frozenset((board.white, board.black))] = (
                board.round,
                board.white,
                board.black,
                board.number,
            )
    played = [k for k, sides in cells.items() if all(c.points is not None for c in sides.values())]
    if any(key not in scheduled for key in played):
        scheduled, byes = {}, []  # pairings incomplete: use none of them rather than a mix
    results = Results()
    for bye in byes:
        results.add_bye(bye)
    notes: list[str] = []
    unscheduled: list[frozenset[int]] = []
    waiting = 0
    for key, sides in sorted(cells.items(), key=lambda item: sorted(item[0])):
        a, b = sorted(key)
        if a not in sides or b not in sides:
            raise FormatError(
                f"{where}: players {a} and {b}: the round-robin crosstable shows the game in "
                "one row only",
                code="games.one_row",
                params={
                    "context": places(
                        place_of(where),
                        places(message("place.players", a=str(a), b=str(b))),
                        sep=": ",
                    )
                },
                field="crosstable",
                player=str(a),
            )
        if sides[a].points is None or sides[b].points is None:
            if key in scheduled:
                results.add_upcoming(*scheduled[key])
            else:
                waiting += 1
            continue
        if key not in scheduled:
            unscheduled.append(key)
            continue
        round_no, white, black, _ = scheduled[key]
        results.add_game(
            Game(round_no, str(white), str(black), _rr_result(sides, white, black, where))
        )
    if unscheduled:
        # No pairings: give each game a round of a circle schedule (the real rounds and colours
        # are not on the crosstable; they do not matter for ratings).
        schedule = _circle_schedule(sorted(table.cells))
        for key in unscheduled:
            a, b = sorted(key)
            results.add_game(
                Game(schedule[key], str(a), str(b), _rr_result(cells[key], a, b, where))
            )
        notes.append(
            "round robin without pairings: round numbers and colours are not on the "
            "crosstable; games are numbered by a circle schedule"
        )
    if waiting:
        notes.append(
            f"{waiting} game{'' if waiting == 1 else 's'} of the round robin without a result yet "
            "(add the pairings to see their rounds)"
        )
    return results, notes


def _rr_result(sides: dict[int, Cell], white: int, black: int, where: str) -> GameResult:
    result = outcome(sides[white], sides[black])
    if result is None:
        raise FormatError(
            f"{where}: players {white} and {black}: their results do not fit together in "
            "the round-robin crosstable",
            code="games.misfit",
            params={
                "context": places(
                    place_of(where),
                    places(message("place.players", a=str(white), b=str(black))),
                    sep=": ",
                )
            },
            field="crosstable",
            player=str(white),
        )
    return result


def _circle_schedule(numbers: list[int]) -> dict[frozenset[int], int]:
    players: list[int | None] = list(numbers)
    if len(players) % 2:
        players.append(None)
    schedule: dict[frozenset[int], int] = {}
    count = len(players)
    for round_no in range(1, count):
        for i in range(count // 2):
            a, b = players[i], players[count - 1 - i]
            if a is not None and b is not None:
                schedule[frozenset((a, b))] = round_no
        players = [players[0], players[-1], *players[1:-1]]
    return schedule


def board_games(boards: Sequence[Board], results: Results | None = None) -> Results:
    """Games and byes of pairings rows (each board once; rows without result stay open)."""
    results = results or Results()
    seen: set[tuple[int, int]] = set()
    for board in boards:
        if (board.round, board.white) in seen:
            continue
        seen.add((board.round, board.white))
        if board.black is None:
            if board.bye_points is None:
                results.open[board.round] += 1
            else:
                results.add_bye(
                    Bye(board.round, str(board.white), board.bye_points, bye_kind(board.bye_points))
                )
            continue
        seen.add((board.round, board.black))
        if board.result is None:
            results.add_upcoming(board.round, board.white, board.black, board.number)
        else:
            results.add_game(Game(board.round, str(board.white), str(board.black), board.result))
    return results


def totals(
    games: Sequence[Game], byes: Sequence[Bye], below: int | None = None
) -> defaultdict[str, Fraction]:
    """Each player's points from games and byes (of the rounds before ``below`` if given);
    a player with none has 0."""
    points: defaultdict[str, Fraction] = defaultdict(Fraction)
    for game in games:
        if game.result is GameResult.NOT_PLAYED or (below is not None and game.round >= below):
            continue
        points[game.white] += game.result.white.points
        points[game.black] += game.result.black.points
    for bye in byes:
        if below is None or bye.round < below:
            points[bye.player] += bye.points
    return points

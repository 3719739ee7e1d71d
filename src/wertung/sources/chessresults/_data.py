"""What one chess-results page holds, as plain data (the parsers fill it)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from wertung.kernel.results import ByeKind, GameResult

STARTING_RANK = "starting rank"
RANKING = "ranking"
PAIRINGS = "pairings"
CROSSTABLE = "crosstable"
PLAYER_CARD = "player card"
ROUND_DATES = "round dates"
NOT_PAIRED = "not-paired list"
BOARD_PAIRINGS = "board pairings"
TEAM_PAIRINGS = "team pairings"
TEAM_PLAYERS = "team players"
TEAM_OTHER = "team event page"

#: ``art=`` of the individual views wertung reads.
ART_KINDS = {
    0: STARTING_RANK,
    1: RANKING,
    2: PAIRINGS,
    5: CROSSTABLE,
    9: PLAYER_CARD,
    14: ROUND_DATES,
    40: NOT_PAIRED,
}
#: ``art=`` of team views: board pairings, team players, team starting rank.
TEAM_ARTS = frozenset({3, 16, 32})
#: ``art=`` of the team views wertung reads (art=2 is the team pairings in a team event).
TEAM_ART_KINDS = {2: TEAM_PAIRINGS, 3: BOARD_PAIRINGS, 16: TEAM_PLAYERS}


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player as a list view shows him (starting rank, ranking, crosstable)."""

    number: int
    name: str = ""
    title: str | None = None
    fide_id: str | None = None
    national_id: str | None = None
    federation: str | None = None
    rating: int | None = None
    fide_rating: int | None = None
    national_rating: int | None = None
    club: str | None = None
    sex: str | None = None
    type: str | None = None
    points: Fraction | None = None
    fide_k: int | None = None
    birth_year: int | None = None
    team: str | None = None  # team events: the team's name (art=16)
    board: int | None = None  # team events: the line-up board (art=16)
    link: int | None = None  # the ``snr`` of the name's link to the player card


@dataclass(frozen=True, slots=True)
class Cell:
    """One player's entry for one round (crosstable) or against one opponent (round robin)."""

    round: int | None
    opponent: int | None
    colour: str | None  # "w", "b" or None
    points: Fraction | None  # None: no result yet
    forfeit: bool = False
    bye: ByeKind | None = None


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a pairings row: start number (if the page shows it), name, rating, points."""

    number: int | None
    name: str = ""
    rating: int | None = None
    points_before: Fraction | None = None  # the page's "Pts." (before the round)


@dataclass(frozen=True, slots=True)
class Pairing:
    """One row of a pairings view.

    ``black`` None: no opponent ("bye", "not paired"); then ``bye_points`` are the
    points the row gives (None: not yet in). ``result`` None: no result yet.
    """

    round: int
    white: Side
    black: Side | None
    result: GameResult | None
    bye_points: Fraction | None = None
    board: int | None = None


@dataclass(frozen=True, slots=True)
class TeamSide:
    """A team as a team pairings or board pairings header shows it."""

    number: int | None
    name: str


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One team match of a round (``first`` is the team listed first, on the left).

    The points are the page's match score (None: not shown or not yet in).
    """

    round: int
    first: TeamSide
    second: TeamSide
    first_points: Fraction | None = None
    second_points: Fraction | None = None
    match: int | None = None  # the match's number in its round


@dataclass(frozen=True, slots=True)
class BoardSide:
    """One player of a board row: name, title, rating, card link and colour mark."""

    name: str
    title: str | None = None
    rating: int | None = None
    link: int | None = None
    white: bool | None = None  # the colour mark (None: no mark shown)


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board row of the board pairings (``1.2``: match 1, board 2).

    ``first``/``second`` are the players of the match's first and second team
    (None: the board is empty, "not present"); ``result`` is read with the first
    team's player first (None: no result yet).
    """

    round: int
    match: int
    board: int
    first: BoardSide | None
    second: BoardSide | None
    result: GameResult | None
    result_text: str = ""


@dataclass(frozen=True, slots=True)
class ParsedPage:
    """What one chess-results page holds.

    ``points_column``: the header of the totals column read as the points
    (``Pts.``, or the tie-break the legend names as points, e.g. ``TB1``).
    ``unpaired_round``: a pairings page of a round not paired yet (no table).
    ``last_round``/``total_rounds``: from the navigation ("Rd.7/9"); ``final_rounds``: the
    rounds of a finished event, from the final ranking's heading or link ("Final Ranking
    after 9 Rounds"). ``rating_columns``: the rating columns of the page's table by meaning
    (``rating`` for a lone ``Rtg``, ``fide_rating``, ``national_rating``).
    """

    kind: str
    number: int | None = None
    art: int | None = None
    language: int | None = None
    language_name: str | None = None
    name: str = ""
    details: dict[str, str] = field(default_factory=dict)
    players: tuple[PlayerRow, ...] = ()
    cells: dict[int, tuple[Cell, ...]] = field(default_factory=dict)
    round_robin: bool = False
    rounds: int | None = None
    pairings: tuple[Pairing, ...] = ()
    round_dates: dict[int, dt.date] = field(default_factory=dict)
    team_event: bool = False
    points_column: str | None = None
    unpaired_round: int | None = None
    last_round: int | None = None
    total_rounds: int | None = None
    final_rounds: int | None = None
    rating_columns: frozenset[str] = frozenset()
    cut_rows: bool = False
    notes: tuple[str, ...] = ()
    team_matches: tuple[TeamMatch, ...] = ()
    team_boards: tuple[TeamBoard, ...] = ()

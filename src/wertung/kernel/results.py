"""Game results: the symbols users type and what each one means for the rating.

Two views of a result exist:

* :class:`Score` -- one player's result in one game, as used by a forecast
  (``1``, ``½``, ``0``, or a forfeit ``+``/``-``). Forfeits are kept so that
  they can be shown, but they never count (DSB WO §4 "only games played over
  the board count"; FIDE likewise).
* :class:`GameResult` -- the result of a pairing in a tournament
  (``1-0``, ``½-½``, ``+-``, byes ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Unpack

from wertung.kernel.errors import InvalidResult, Where

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


#: Half-points → their one :class:`~fractions.Fraction` (see :func:`half_points`).
_HALF_POINTS: dict[int, Fraction] = {}


# The plain value of the fractions registered with :func:`known_fraction` (ONE, HALF,
# ZERO and the like), by identity, for :func:`~wertung.kernel.derivation.to_plain`;
# ``_KEPT`` keeps them alive, so that no id is reused.
_FRACTIONS: dict[int, int | float] = {}
_KEPT: list[Fraction] = []


def known_fraction(value: Fraction) -> None:
    """Remember the plain value of a fraction (often converted; kept alive from now on)."""
    if value.__class__ is Fraction and id(value) not in _FRACTIONS:
        _KEPT.append(value)
        _FRACTIONS[id(value)] = int(value) if value.denominator == 1 else float(value)


def half_points(half: int) -> Fraction:
    """``half`` half-points as a :class:`~fractions.Fraction`: one object per value, shared
    by the evaluation and the forecast (few distinct values; their plain form is known to
    :func:`~wertung.kernel.derivation.to_plain` by identity). Hot paths read
    :data:`_HALF_POINTS` first and call this only for a new value.

    >>> half_points(3), half_points(3) is half_points(3)
    (Fraction(3, 2), True)
    """
    value = _HALF_POINTS.get(half)
    if value is None:
        value = _HALF_POINTS[half] = Fraction(half, 2)
        known_fraction(value)
    return value


@dataclass(frozen=True, slots=True)
class Score:
    """One player's result in one game.

    ``points`` is what the player scored (1, ½ or 0); ``forfeit`` is true when
    the game was not played over the board (the points still show in the
    standings but the game does not count for any rating).
    """

    points: Fraction
    forfeit: bool = False

    @property
    def counted(self) -> bool:
        """Whether the game counts for a rating (only games played over the board)."""
        return not self.forfeit

    @property
    def symbol(self) -> str:
        """The canonical symbol: ``1``, ``½``, ``0``, ``+`` or ``-``."""
        known = _SYMBOLS.get(id(self))
        if known is not None:
            return known
        if self.forfeit:
            return "+" if self.points == ONE else ("-" if self.points == ZERO else "=")
        return {ONE: "1", HALF: "½", ZERO: "0"}[self.points]

    def __float__(self) -> float:
        return float(self.points)


WIN = Score(ONE)
DRAW = Score(HALF)
LOSS = Score(ZERO)
FORFEIT_WIN = Score(ONE, forfeit=True)
FORFEIT_LOSS = Score(ZERO, forfeit=True)
#: The symbols of the five scores above, by identity (read without comparing fractions).
_SYMBOLS = {id(WIN): "1", id(DRAW): "½", id(LOSS): "0", id(FORFEIT_WIN): "+", id(FORFEIT_LOSS): "-"}

_SCORE_SYMBOLS: dict[str, Score] = {
    "1": WIN,
    "1.0": WIN,
    "1,0": WIN,
    "w": WIN,
    "½": DRAW,
    "1/2": DRAW,
    "0.5": DRAW,
    "0,5": DRAW,
    ".5": DRAW,
    "=": DRAW,
    "r": DRAW,
    "d": DRAW,
    "0": LOSS,
    "0.0": LOSS,
    "0,0": LOSS,
    "l": LOSS,
    "+": FORFEIT_WIN,
    "-": FORFEIT_LOSS,
    "−": FORFEIT_LOSS,
    "–": FORFEIT_LOSS,
}

ACCEPTED_SCORES = "1, ½ (also 0.5, 1/2, =), 0, + (won by forfeit), - (lost by forfeit)"


def parse_score(value: object, *, field: str | None = None, **where: Unpack[Where]) -> Score:
    """Read one player's result from a number or a symbol.

    >>> parse_score("½").points, parse_score(1).points, parse_score("+").forfeit
    (Fraction(1, 2), Fraction(1, 1), True)
    """
    if isinstance(value, Score):
        return value
    if isinstance(value, bool):
        raise InvalidResult(
            f"result {value!r} is not a result; accepted: {ACCEPTED_SCORES}",
            code="result.not_a_result",
            params={"value": repr(value)},
            field=field,
            **where,
        )
    if isinstance(value, (int, float, Fraction, Decimal)):
        try:
            exact = Fraction(value) if not isinstance(value, float) else Fraction(str(value))
        except (ValueError, OverflowError):  # nan, inf: no number of points
            raise InvalidResult(
                f"result {value!r} is not a result; accepted: {ACCEPTED_SCORES}",
                code="result.not_a_result",
                params={"value": repr(value)},
                field=field,
                **where,
            ) from None
        for score in (WIN, DRAW, LOSS):
            if exact == score.points:
                return score
        raise InvalidResult(
            f"result {value!r} is not a result; accepted: {ACCEPTED_SCORES}",
            code="result.not_a_result",
            params={"value": repr(value)},
            field=field,
            **where,
        )
    if isinstance(value, str):
        key = value.strip().lower()
        if key in _SCORE_SYMBOLS:
            return _SCORE_SYMBOLS[key]
    raise InvalidResult(
        f"unknown result symbol {value!r}; accepted: {ACCEPTED_SCORES}",
        code="result.unknown_symbol",
        params={"value": repr(value)},
        field=field,
        **where,
    )


class GameResult(Enum):
    """Result of a pairing, white's result first.

    Byes (no opponent) are separate: see :class:`Bye`.
    """

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "½-½"
    BOTH_LOSE = "0-0"
    WHITE_WINS_FORFEIT = "+-"
    BLACK_WINS_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    NOT_PLAYED = "*"

    @property
    def played(self) -> bool:
        """Whether the game was played over the board (and so can count)."""
        return self in (
            GameResult.WHITE_WINS,
            GameResult.BLACK_WINS,
            GameResult.DRAW,
            GameResult.BOTH_LOSE,
        )

    @property
    def white(self) -> Score:
        """White's result."""
        return _GAME_SCORES[self][0]

    @property
    def black(self) -> Score:
        """Black's result."""
        return _GAME_SCORES[self][1]


_GAME_SCORES: dict[GameResult, tuple[Score, Score]] = {
    GameResult.WHITE_WINS: (WIN, LOSS),
    GameResult.BLACK_WINS: (LOSS, WIN),
    GameResult.DRAW: (DRAW, DRAW),
    GameResult.BOTH_LOSE: (LOSS, LOSS),
    GameResult.WHITE_WINS_FORFEIT: (FORFEIT_WIN, FORFEIT_LOSS),
    GameResult.BLACK_WINS_FORFEIT: (FORFEIT_LOSS, FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (FORFEIT_LOSS, FORFEIT_LOSS),
    GameResult.NOT_PLAYED: (Score(ZERO, True), Score(ZERO, True)),
}

_GAME_SYMBOLS: dict[str, GameResult] = {}
for _result, _spellings in {
    GameResult.WHITE_WINS: ["1-0", "1:0", "1 - 0", "1–0"],
    GameResult.BLACK_WINS: ["0-1", "0:1", "0 - 1", "0–1"],
    GameResult.DRAW: ["½-½", "1/2-1/2", "0.5-0.5", "0,5-0,5", "=-=", "½:½", "remis", "draw", "½"],
    GameResult.BOTH_LOSE: ["0-0", "0:0"],
    GameResult.WHITE_WINS_FORFEIT: ["+-", "+:-", "+ - -", "+--", "1-0f", "1f-0f", "+/-"],
    GameResult.BLACK_WINS_FORFEIT: ["-+", "-:+", "- - +", "--+", "0f-1f", "0-1f", "-/+"],
    GameResult.DOUBLE_FORFEIT: ["--", "-:-", "- - -", "0f-0f", "-/-"],
    GameResult.NOT_PLAYED: ["*", ""],
}.items():
    for _spelling in _spellings:
        _GAME_SYMBOLS[_spelling.replace(" ", "")] = _result

ACCEPTED_GAME_RESULTS = (
    "1-0, 0-1, ½-½ (or 1/2-1/2), 0-0, +- and -+ (forfeits), -- (double forfeit), *"
)


def parse_game_result(
    value: object, *, field: str | None = None, **where: Unpack[Where]
) -> GameResult:
    """Read a pairing's result.

    >>> parse_game_result("1/2-1/2"), parse_game_result("+ - -")
    (<GameResult.DRAW: '½-½'>, <GameResult.WHITE_WINS_FORFEIT: '+-'>)
    """
    if isinstance(value, GameResult):
        return value
    if isinstance(value, str):
        key = value.strip().lower().replace(" ", "")
        if key in _GAME_SYMBOLS:
            return _GAME_SYMBOLS[key]
    raise InvalidResult(
        f"unknown game result {value!r}; accepted: {ACCEPTED_GAME_RESULTS}",
        code="result.unknown_game",
        params={"value": repr(value)},
        field=field,
        **where,
    )


class ByeKind(Enum):
    """Why a player has no opponent in a round (TRF letters in brackets)."""

    PAIRING = "U"  # pairing-allocated bye (odd number of players)
    FULL = "F"  # full-point bye
    HALF = "H"  # half-point bye (requested)
    ZERO = "Z"  # zero-point bye / absent
    FORFEIT_WIN = "+"  # scheduled opponent did not appear, opponent unknown


BYE_POINTS: dict[ByeKind, Fraction] = {
    ByeKind.PAIRING: ONE,
    ByeKind.FULL: ONE,
    ByeKind.HALF: HALF,
    ByeKind.ZERO: ZERO,
    ByeKind.FORFEIT_WIN: ONE,
}

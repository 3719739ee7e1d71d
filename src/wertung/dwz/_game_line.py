"""One game as it enters a DWZ evaluation: the game line.

Every derivation lists its games as :class:`GameLine` objects (counted or with the
reason why not). :func:`game_line` and :func:`with_expectancy` make them faster than
the dataclass constructor and :func:`dataclasses.replace` (the same objects).

>>> from wertung.kernel.results import WIN
>>> line = game_line(1600, WIN, WIN.points, True)
>>> line == GameLine(1600, WIN, WIN.points, True)
True
>>> with_expectancy(line, difference=-100.0, win_expectancy=0.36).to_dict()["win_expectancy"]
0.36
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from wertung.kernel.derivation import Derivation, plain_converter, register_plain
from wertung.kernel.results import Score

__all__ = ["GAME_LINE_FIELDS", "GameLine", "game_line", "with_expectancy"]

_new = object.__new__
_set = object.__setattr__


@dataclass(frozen=True)
class GameLine(Derivation):
    """One game as it enters the evaluation."""

    opponent_rating: int | None
    result: Score
    points: Fraction
    counted: bool
    difference: float | None = None
    win_expectancy: float | None = None
    reason: str | None = None  # why not counted
    round: int | None = None
    opponent: str | None = None
    opponent_name: str | None = None
    opponent_status: str | None = None
    carry_over: bool = False


#: The fields of a game line, in order.
GAME_LINE_FIELDS = tuple(field.name for field in dataclasses.fields(GameLine))
#: A game line's plain data (the result's symbol and the points read by identity when
#: they are the usual ones).
_line_plain = plain_converter(
    GAME_LINE_FIELDS,
    plain={
        "result": "_S.get(id(v := value.result)) or _P(v)",
        "points": "k if (k := _F.get(id(v := value.points))) is not None else _P(v)",
    },
)
register_plain(GameLine, _line_plain)


def game_line(
    opponent_rating: int | None,
    result: Score,
    points: Fraction,
    counted: bool,
    difference: float | None = None,
    win_expectancy: float | None = None,
    reason: str | None = None,
    round: int | None = None,
    opponent: str | None = None,
    opponent_name: str | None = None,
    opponent_status: str | None = None,
    carry_over: bool = False,
) -> GameLine:
    """``GameLine(...)`` with the same arguments, made faster (the fields set at once)."""
    line = _new(GameLine)
    _set(line, "__dict__", {
        "opponent_rating": opponent_rating, "result": result, "points": points,
        "counted": counted, "difference": difference, "win_expectancy": win_expectancy,
        "reason": reason, "round": round, "opponent": opponent, "opponent_name": opponent_name,
        "opponent_status": opponent_status, "carry_over": carry_over,
    })  # fmt: skip
    return line


def with_expectancy(line: GameLine, *, difference: float, win_expectancy: float) -> GameLine:
    """The line with its difference and win expectancy (faster than dataclasses.replace)."""
    if line.__class__ is GameLine:
        values = line.__dict__.copy()
        values["difference"] = difference
        values["win_expectancy"] = win_expectancy
        new = _new(GameLine)
        _set(new, "__dict__", values)
        return new
    return GameLine(
        line.opponent_rating, line.result, line.points, line.counted, difference,
        win_expectancy, line.reason, line.round, line.opponent, line.opponent_name,
        line.opponent_status, line.carry_over,
    )  # fmt: skip

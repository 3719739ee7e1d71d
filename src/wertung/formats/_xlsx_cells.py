"""The cells of a chess-results crosstable: labels, numbers, ratings, points, results.

>>> swiss_slot(" 41b1", 1, 20, "1")
Slot(round=1, opponent=41, colour='b', code='1')
>>> swiss_slot(-1, 2, 20, "1")
Slot(round=2, opponent=0, colour='-', code='U')
>>> rr_codes("1½", 3, "2", 4)
['1', '=']
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from wertung.formats._crosstable import Slot
from wertung.kernel.errors import FormatError, Where, message, places
from wertung.tournament._model import RATING_MAX

__all__ = ["label", "points", "rating", "rr_codes", "swiss_slot", "text", "whole"]

#: No player scores more points than this (a cell above it is not a points total).
MAX_POINTS = 1000
#: Starting numbers and ranks are 1 to this.
MAX_NUMBER = 99_999

GAME_CELL = re.compile(
    r"(\d{1,4})\s*([wbs])?\s*(1|0|½|=|\+|-|1/2|0[.,]5|\*)?\s*(?:k|f)?", re.IGNORECASE
)
BYE_CELL = re.compile(r"-\s*(1|½|0|1/2|0[.,]5)?|\+|bye|spf|spielfrei|\*", re.IGNORECASE)


def label(value: object) -> str:
    """A header label, lower case, without spaces and dots: ``'Pts. '`` -> ``'pts'``."""
    if value is None:
        return ""
    return re.sub(r"[\s.]", "", str(value)).lower()


def text(value: object) -> str:
    """A cell as stripped text (``12.0`` -> ``'12'``); ``''`` for an empty cell."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def whole(value: object) -> int | None:
    """A whole number from a cell (int, integral float or digit text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,6}\s*", value):
        return int(value)
    return None


def rating(value: object, row: int, pid: str, what: str) -> int | None:
    """A rating cell: None for empty or ``0`` (unrated), else 1 to 3500."""
    if value is None or value == "":
        return None
    number = whole(value)
    if number is None or not 0 <= number <= RATING_MAX:
        raise FormatError(
            f"row {row}: player {pid}: {what} {value!r} is not a rating (0 to {RATING_MAX})", code="xlsx.not_rating", params={"what": what, "value": repr(value), "high": RATING_MAX, "context": places(places(message("place.row", n=row)), places(message("place.player", p=str(pid))), sep=': ')},
            field="xlsx", line=row, player=pid,
        )  # fmt: skip
    return number or None


def points(value: object, row: int, pid: str) -> Fraction | None:
    """A points cell (``4.5``, ``'4,5'``, ``'4½'``): whole or half points, 0 to MAX_POINTS."""
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not math.isfinite(value) or not 0 <= value <= MAX_POINTS:
            raise FormatError(
                f"row {row}: player {pid}: points {value!r} are not a number of points "
                f"(0 to {MAX_POINTS})", code="xlsx.points_range", params={"value": repr(value), "high": MAX_POINTS, "context": places(places(message("place.row", n=row)), places(message("place.player", p=str(pid))), sep=': ')},
                field="xlsx", line=row, player=pid,
            )  # fmt: skip
        points = Fraction(str(value))
    else:
        text = str(value).strip().replace(",", ".").replace("½", ".5")
        if text.startswith("."):
            text = "0" + text
        if not re.fullmatch(r"[0-9]{1,4}(\.[0-9]{1,2})?", text):
            raise FormatError(
                f"row {row}: player {pid}: points {value!r} are not a number", code="xlsx.points_not_number", params={"value": repr(value), "context": places(places(message("place.row", n=row)), places(message("place.player", p=str(pid))), sep=': ')},
                field="xlsx", line=row, player=pid,
            )  # fmt: skip
        points = Fraction(text)
    if points < 0 or points > MAX_POINTS or (points * 2).denominator != 1:
        raise FormatError(
            f"row {row}: player {pid}: points {value!r} are not a number of points", code="xlsx.points_not_points", params={"value": repr(value), "context": places(places(message("place.row", n=row)), places(message("place.player", p=str(pid))), sep=': ')},
            field="xlsx", line=row, player=pid,
        )  # fmt: skip
    return points


RESULT = {"1": "1", "0": "0", "½": "=", "=": "=", "1/2": "=", "0.5": "=", "0,5": "=", "+": "+"}
RESULT["-"] = "-"


def swiss_slot(value: object, rnd: int, row: int, pid: str) -> Slot | None:
    """One cell of a Swiss crosstable as a TRF slot."""
    where: Where = {"line": row, "player": pid, "round": rnd}
    if value is None:
        return None
    if isinstance(value, bool):
        raise FormatError(
            f"row {row}: player {pid}, round {rnd}: {value!r} is not a result",
            code="xlsx.not_result",
            params={
                "value": repr(value),
                "context": places(
                    places(message("place.row", n=row)),
                    places(message("place.player", p=f"{pid}, round {rnd}")),
                    sep=": ",
                ),
            },
            field="xlsx",
            **where,
        )
    if isinstance(value, (int, float)):
        code = {-1: "U", 0: "Z", -0.5: "H"}.get(value)
        if code is None:
            raise FormatError(
                f"row {row}: player {pid}, round {rnd}: {value!r} is not a crosstable cell",
                code="xlsx.not_cell",
                params={
                    "value": repr(value),
                    "context": places(
                        places(message("place.row", n=row)),
                        places(message("place.player", p=f"{pid}, round {rnd}")),
                        sep=": ",
                    ),
                },
                field="xlsx",
                **where,
            )
        return Slot(rnd, 0, "-", code)
    text = str(value).strip()
    if not text:
        return None
    game = GAME_CELL.fullmatch(text)
    if game:
        number, colour, result = game.group(1), (game.group(2) or "-").lower(), game.group(3)
        code = " " if result in (None, "*") else RESULT[result.lower().replace(",", ".")]
        colour = "b" if colour == "s" else colour
        return Slot(rnd, int(number), colour, code)
    bye = BYE_CELL.fullmatch(text)
    if bye:
        lower = text.lower().replace(" ", "")
        if lower == "+":
            code = "+"
        elif lower in ("-1", "bye", "spf", "spielfrei"):
            code = "U"
        elif lower in ("-½", "-1/2", "-0.5", "-0,5"):
            code = "H"
        elif lower == "*":
            return None
        else:
            code = "Z"
        return Slot(rnd, 0, "-", code)
    raise FormatError(
        f"row {row}: player {pid}, round {rnd}: cell {text!r} is not a crosstable entry "
        "(such as 12w1, 5b½, 7w+, -1, -½, -0)",
        code="xlsx.cell_not_entry",
        params={
            "text": repr(text),
            "context": places(
                places(message("place.row", n=row)),
                places(message("place.player", p=f"{pid}, round {rnd}")),
                sep=": ",
            ),
        },
        field="xlsx",
        **where,
    )


def rr_codes(value: object, row: int, pid: str, opponent: int) -> list[str]:
    """The result codes of one round-robin cell (several for a double round robin)."""
    where: Where = {"line": row, "player": pid}
    if value is None:
        return []
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        code = {1: "1", 0: "0", 0.5: "="}.get(value)
        if code is None:
            raise FormatError(
                f"row {row}: player {pid} against {opponent}: {value!r} is not a result",
                code="xlsx.not_result",
                params={
                    "value": repr(value),
                    "context": places(
                        places(message("place.row", n=row)),
                        places(message("place.player_against", p=str(pid), o=str(opponent))),
                        sep=": ",
                    ),
                },
                field="xlsx",
                **where,
            )
        return [code]
    text = re.sub(r"\s", "", str(value)).replace("1/2", "½").replace("0.5", "½").replace("0,5", "½")
    if not text:
        return []
    codes = []
    for char in text:
        if char not in "10½=+-":
            raise FormatError(
                f"row {row}: player {pid} against {opponent}: cell {str(value)!r} is not a result",
                code="xlsx.cell_not_result",
                params={
                    "value": repr(str(value)),
                    "context": places(
                        places(message("place.row", n=row)),
                        places(message("place.player_against", p=str(pid), o=str(opponent))),
                        sep=": ",
                    ),
                },
                field="xlsx",
                **where,
            )
        codes.append(RESULT[char])
    return codes

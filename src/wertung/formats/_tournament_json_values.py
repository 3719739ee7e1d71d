"""The JSON tournament format's values, read exactly as strictly as its schema.

One reader per kind of value (whole numbers, ratings, dates, ids, points, results, lists),
each refusing what the schema refuses with an error naming the field; the schema's lists of
spellings are here once (``tests/formats/test_tournament_json_strict.py`` compares them).
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Literal, TypeGuard, Unpack, overload

from wertung.kernel.errors import (
    InvalidDate,
    InvalidIndex,
    InvalidInput,
    InvalidRating,
    InvalidResult,
    InvalidTournament,
    Where,
)
from wertung.kernel.results import GameResult, parse_game_result, parse_score
from wertung.kernel.time_control import Period
from wertung.tournament._model import (
    Game,
    Team,
    check_birth_year,
    check_index,
    check_rating,
)

#: The fields of each list's items.
_ITEM_FIELDS = {
    "games": {"round", "white", "black", "result", "board", "date"},
    "byes": {"round", "player", "points", "kind"},
    "upcoming": {"round", "white", "black", "board"},
    "carry_over": {"opponent_rating", "result", "end_date", "tournament"},
    "teams": {"id", "name", "players"},
}
#: The values the schema lists (``tests/formats/test_tournament_json_strict.py`` compares them).
GAME_RESULTS = ("1-0", "0-1", "½-½", "1/2-1/2", "0-0", "+-", "-+", "--", "*")
SCORE_SYMBOLS = ("1", "½", "0.5", "1/2", "=", "0", "+", "-")
BYE_KINDS = ("U", "F", "H", "Z", "+")
TIME_CONTROLS = ("standard", "rapid", "blitz")
#: White space as Python's ``str.isspace`` and ECMAScript's ``\\s`` see it (the schema's
#: patterns are ECMA-262): an id made only of these is blank for the schema and the reader.
SPACE = (
    "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)
#: The schema's pattern of a non-blank id: one character that is not in :data:`SPACE`.
NOT_BLANK = (
    "[^\\t\\n\\u000b\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029"
    "\\u202f\\u205f\\u3000\\ufeff]"
)
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: Points written as text (the schema's pattern): 3, 3.5, 3,5, 3.50, 3.0 or 3½, ½.
_POINTS_TEXT = re.compile(r"[0-9]+(?:[.,](?:0+|50*))?|[0-9]*½")
_ABSENT = object()


def _shown(value: object) -> str:
    """A value for a message: text as Python quotes it, anything else as JSON; short, and
    with no bare white space where the quoting could not hold it (the catalogue reads it).

    >>> _shown("1500"), _shown(None), _shown([1, "a b"])
    ("'1500'", 'null', '[1,"a\\\\u0020b"]')
    """
    if isinstance(value, str):
        short = value if len(value) <= 30 else value[:29] + "…"
        if not ("'" in short and '"' in short):
            return repr(short)
        text = json.dumps(short)
    else:
        try:
            text = json.dumps(value, separators=(",", ":"))
        except (TypeError, ValueError):
            text = repr(value)
        text = text if len(text) <= 40 else text[:39] + "…"
    return re.sub(r"\s", lambda space: f"\\u{ord(space.group()):04x}", text)


def _json_number(value: object) -> Any:
    """``value`` for a checker of numbers (``3.0`` as 3), or ``_ABSENT`` if it is no JSON
    number (text, ``true``, ``Infinity``, ``NaN``)."""
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        return value if math.isfinite(value) else _ABSENT
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    return _ABSENT


def _whole(value: object, *, field: str, **where: Unpack[Where]) -> int | None:
    """A JSON integer (``3.0`` too, as JSON Schema counts it) or None; text is refused."""
    if value is None or type(value) is int:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(
            f"{field} {_shown(value)} is not a whole number",
            code="json.not_whole",
            params={"label": field, "value": _shown(value)},
            field=field,
            **where,
        )
    return value


@overload
def _rating(
    value: object, *, field: str, allow_none: Literal[False], **where: Unpack[Where]
) -> int: ...
@overload
def _rating(
    value: object, *, field: str, allow_none: bool = True, **where: Unpack[Where]
) -> int | None: ...
def _rating(
    value: object, *, field: str, allow_none: bool = True, **where: Unpack[Where]
) -> int | None:
    """A rating 0–3500 as a JSON number (the schema has no ratings written as text)."""
    if type(value) is int and 0 <= value <= 3500:  # the usual case, without the checks
        return value
    number = _json_number(value)
    if number is _ABSENT:
        label = field.rsplit(".", 1)[-1].replace("_", " ")
        raise InvalidRating(
            f"{label} {_shown(value)} is not a rating (a whole number from 0 to 3500)",
            code="rating.not_a_rating",
            params={"label": label, "value": _shown(value)},
            field=field,
            **where,
        )
    return check_rating(number, field=field, allow_none=allow_none, **where)


def _index(value: object, **where: Unpack[Where]) -> int | None:
    number = _json_number(value)
    if number is _ABSENT or isinstance(number, float):
        raise InvalidIndex(
            f"index {_shown(value)} is not a DWZ index (a whole number, 0 or more)",
            code="index.not_an_index",
            params={"label": "index", "value": _shown(value)},
            field="index",
            **where,
        )
    return check_index(number, **where)


def _birth_year(value: object, **where: Unpack[Where]) -> int | None:
    number = _json_number(value)
    if number is _ABSENT or isinstance(number, float):
        raise InvalidDate(
            f"birth_year {_shown(value)} is not a year of birth",
            code="birth_year.invalid",
            params={"label": "birth_year", "value": _shown(value)},
            field="birth_year",
            **where,
        )
    return check_birth_year(number, **where)


def _string(
    data: Mapping[str, Any],
    key: str,
    /,
    *,
    field: str,
    nullable: bool = False,
    **where: Unpack[Where],
) -> str | None:
    """A text field: absent (or null, where the schema allows it) and blank text are None."""
    value = data.get(key, _ABSENT)
    if value is _ABSENT or (value is None and nullable):
        return None
    if not isinstance(value, str):
        raise InvalidInput(
            f"{field} must be text",
            code="json.not_text",
            params={"label": field},
            field=field,
            **where,
        )
    return value.strip() or None


def _boolean(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidInput(
            f"{key} must be true or false", code="json.not_bool", params={"label": key}, field=key
        )
    return value


def _date(
    data: Mapping[str, Any],
    key: str,
    /,
    *,
    field: str,
    nullable: bool = False,
    **where: Unpack[Where],
) -> dt.date | None:
    """A date written YYYY-MM-DD (the schema's ``format: date``); absent is no date."""
    value = data.get(key, _ABSENT)
    if value is _ABSENT or (value is None and nullable):
        return None
    if isinstance(value, str) and _ISO_DATE.fullmatch(value):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    if value == "":
        raise InvalidDate(
            f"{field} '' is not a date; use YYYY-MM-DD",
            code="json.empty_date",
            params={"label": field},
            field=field,
            **where,
        )
    raise InvalidDate(
        f"{field} {_shown(value)} is not a date; use YYYY-MM-DD",
        code="json.not_date",
        params={"label": field, "value": _shown(value)},
        field=field,
        **where,
    )


#: The most round dates a tournament has (the rounds' bound of every format).
MAX_ROUND_DATES = 999


def _round_dates(data: Mapping[str, Any]) -> tuple[dt.date | None, ...]:
    """``round_dates``: a list of dates (YYYY-MM-DD) or null, round 1 first."""
    items = _list(data, "round_dates")
    if len(items) > MAX_ROUND_DATES:
        raise InvalidInput(
            f"round_dates has {len(items)} dates; a tournament has at most "
            f"{MAX_ROUND_DATES} rounds",
            code="json.round_dates_many",
            params={"count": len(items), "high": MAX_ROUND_DATES},
            field="round_dates",
        )
    return tuple(
        _date({"round_dates": item}, "round_dates", field="round_dates", nullable=True, round=n)
        for n, item in enumerate(items, start=1)
    )


def _ref(value: object, *, field: str, **where: Unpack[Where]) -> str | None:
    """A player named by id: text or a whole number; None when missing or blank."""
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip(SPACE) or None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise InvalidInput(
        f"{field} {_shown(value)} is not a player id (text or a whole number)",
        code="json.not_player_id",
        params={"label": field, "value": _shown(value)},
        field=field,
        **where,
    )


def _points(value: object, *, field: str, **where: Unpack[Where]) -> Fraction | None:
    """A points total: a multiple of ½, 0 or more, as a number or as text (3.5, 3,5, 3½)."""
    if value is None:
        return None
    points: Fraction | None = None
    if isinstance(value, str):
        if _POINTS_TEXT.fullmatch(value):
            text = value.replace(",", ".").replace("½", ".5")
            points = Fraction("0" + text if text.startswith(".") else text)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            points = Fraction(value)
        except (ValueError, OverflowError):  # nan, inf (only from Python callers)
            points = None
        if points is not None and (points < 0 or (points * 2).denominator != 1):
            points = None
    if points is None:
        raise InvalidInput(
            f"{field} {_shown(value)} is not a number of points",
            code="json.not_points",
            params={"label": field, "value": _shown(value)},
            field=field,
            **where,
        )
    return points


def _is_score_number(value: object) -> bool:
    """1, 0.5 or 0 as a JSON number (``true`` is not 1)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value in (0, 0.5, 1)


def _score(value: object, *, field: str, **where: Unpack[Where]) -> Any:
    """One player's result as the schema lists it (1, 0.5, 0 or one of its symbols)."""
    if isinstance(value, str):
        if value not in SCORE_SYMBOLS:
            raise InvalidResult(
                f"unknown result symbol {_shown(value)}; accepted: 1, ½ (also 0.5, 1/2, =), 0, "
                "+ (won by forfeit), - (lost by forfeit)",
                code="result.unknown_symbol",
                params={"value": _shown(value)},
                field=field,
                **where,
            )
    elif not _is_score_number(value):
        raise InvalidResult(
            f"result {_shown(value)} is not a result; accepted: 1, ½ (also 0.5, 1/2, =), 0, "
            "+ (won by forfeit), - (lost by forfeit)",
            code="result.not_a_result",
            params={"value": _shown(value)},
            field=field,
            **where,
        )
    return parse_score(value, field=field, **where)


def _game_result(value: object, **where: Unpack[Where]) -> GameResult:
    if value not in GAME_RESULTS:
        raise InvalidResult(
            f"unknown game result {_shown(value)}; accepted: 1-0, 0-1, ½-½ (or 1/2-1/2), 0-0, "
            "+- and -+ (forfeits), -- (double forfeit), *",
            code="result.unknown_game",
            params={"value": _shown(value)},
            field="games.result",
            **where,
        )
    return parse_game_result(value, field="games.result", **where)


def _check_keys(item: Mapping[str, Any], what: str, number: int, **where: Unpack[Where]) -> None:
    """An item of a list names only the fields the format has."""
    unknown = set(item) - _ITEM_FIELDS[what]
    if unknown:
        raise InvalidTournament(
            f"{what}[{number}]: unknown field(s) {', '.join(sorted(map(str, unknown)))}",
            code="json.unknown_item_fields",
            params={"what": what, "number": number, "fields": ", ".join(sorted(map(str, unknown)))},
            field=what,
            **where,
        )


def _texts(data: Mapping[str, Any], key: str, /, **where: Unpack[Where]) -> tuple[str, ...]:
    """A list of texts (notes, reasons)."""
    items = _list(data, key, **where)
    if not all(isinstance(item, str) for item in items):
        raise InvalidTournament(
            f"{key} must be a list of texts",
            code="json.not_texts",
            params={"key": key},
            field=key,
            **where,
        )
    return tuple(items)


def _list(data: Mapping[str, Any], key: str, /, **where: Unpack[Where]) -> list[Any]:
    """The list under ``key`` (absent: empty); anything else, null included, is an error."""
    if key not in data:
        return []
    value = data[key]
    if not isinstance(value, list):
        if key == "teams":  # its own entry: the German keeps the JSON key
            raise InvalidTournament(
                "teams must be a list", code="json.teams_not_list", field=key, **where
            )
        raise InvalidTournament(
            f"{key} must be a list", code="json.not_a_list", params={"key": key}, field=key, **where
        )
    return value


def _count(data: Mapping[str, Any], key: str, *, minimum: int) -> int | None:
    """``rounds`` (1 or more) or ``played_rounds`` (0 or more); absent is None, null is not."""
    if key not in data:
        return None
    value = data[key]
    if value is None:
        raise InvalidInput(
            f"{key} null is not a whole number",
            code="json.not_whole",
            params={"label": key, "value": "null"},
            field=key,
        )
    count = _whole(value, field=key)
    assert count is not None
    if count < minimum:
        if minimum:
            raise InvalidInput(
                f"{key} {count} is not a number of rounds (1 or more)",
                code="json.rounds_total",
                params={"label": key, "value": count},
                field=key,
            )
        raise InvalidInput(
            f"{key} {count} is not a number of rounds (0 or more)",
            code="json.rounds_count",
            params={"label": key, "value": count},
            field=key,
        )
    return count


def _board(value: object, *, field: str, **where: Unpack[Where]) -> int | None:
    """A board number (1 or more) or None."""
    board = _whole(value, field=field, **where)
    if board is not None and board < 1:
        raise InvalidInput(
            f"{field} {board} is not a board number (1 or more)",
            code="json.board",
            params={"label": field, "value": board},
            field=field,
            **where,
        )
    return board


# -- the time control's figures and the age class (time_control_periods, age_class) ----------

#: A period's fields (the schema's ``time_control_periods`` items).
_PERIOD_FIELDS = {"minutes", "moves", "increment"}
MAX_PERIODS = 10
#: The age classes the format accepts (the schema's pattern): U6 … U25, or open.
AGE_CLASS = re.compile(r"U(?:[6-9]|1[0-9]|2[0-5])|open")


def _periods(data: Mapping[str, Any]) -> tuple[Period, ...]:
    """``time_control_periods``: 1 to 10 periods ``{"minutes", "moves", "increment"}``."""
    if "time_control_periods" not in data:
        return ()
    items = data["time_control_periods"]
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_PERIODS:
        raise InvalidInput(
            f"time_control_periods must be a list of 1 to {MAX_PERIODS} periods",
            code="json.tc_periods",
            params={"most": MAX_PERIODS},
            field="time_control_periods",
        )
    out = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, Mapping) or "minutes" not in item or set(item) - _PERIOD_FIELDS:
            raise InvalidInput(
                f"period {number} of time_control_periods must be an object with minutes "
                "(and moves, increment)",
                code="json.tc_period",
                params={"n": number},
                field="time_control_periods",
            )
        minutes, moves = item["minutes"], item.get("moves")
        increment = item.get("increment", 0)
        if not _number(minutes) or not 0 < minutes <= 600:
            raise InvalidInput(
                f"period {number}: minutes {_shown(minutes)} must be a number above 0 and at "
                "most 600",
                code="json.tc_minutes",
                params={"n": number, "value": _shown(minutes)},
                field="time_control_periods",
            )
        if "moves" in item and not (_number(moves) and moves == int(moves) and 1 <= moves <= 120):
            raise InvalidInput(
                f"period {number}: moves {_shown(moves)} must be a whole number from 1 to 120",
                code="json.tc_moves",
                params={"n": number, "value": _shown(moves)},
                field="time_control_periods",
            )
        if not _number(increment) or not 0 <= increment <= 300:
            raise InvalidInput(
                f"period {number}: increment {_shown(increment)} must be a number of seconds "
                "from 0 to 300",
                code="json.tc_increment",
                params={"n": number, "value": _shown(increment)},
                field="time_control_periods",
            )
        out.append(Period(float(minutes), None if moves is None else int(moves), float(increment)))
    return tuple(out)


def _number(value: object) -> TypeGuard[int | float]:
    """A JSON number (not a boolean, not NaN or infinite)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and value == value
        and abs(value) != float("inf")
    )


def _age_class(data: Mapping[str, Any], key: str) -> str | None:
    """``age_class``/``age_class_given``: ``U6`` … ``U25`` or ``open``."""
    if key not in data:
        return None
    value = data[key]
    if not isinstance(value, str) or not AGE_CLASS.fullmatch(value):
        raise InvalidInput(
            f"age class {_shown(value)} unknown; accepted: U6 to U25 or open",
            code="tc.age_class_unknown",
            params={"value": _shown(value)},
            field=key,
        )
    return value


def _upcoming(data: Mapping[str, Any]) -> tuple[Game, ...]:
    """Pairings of rounds not yet played: round, white, black (and board)."""
    out = []
    for number, item in enumerate(_list(data, "upcoming"), start=1):
        if not isinstance(item, Mapping):
            raise InvalidTournament(
                f"upcoming[{number}] is not an object",
                code="json.upcoming_not_object",
                params={"number": number},
                field="upcoming",
            )
        _check_keys(item, "upcoming", number)
        round_no = _whole(item.get("round"), field="upcoming.round", game=number)
        white = _ref(item.get("white"), field="upcoming.white", game=number)
        black = _ref(item.get("black"), field="upcoming.black", game=number)
        if round_no is None or round_no < 1 or white is None or black is None:
            raise InvalidTournament(
                f"upcoming[{number}] needs a round, white and black",
                code="json.upcoming_needs",
                params={"number": number},
                field="upcoming",
            )
        out.append(
            Game(
                round=round_no,
                white=white,
                black=black,
                result=GameResult.NOT_PLAYED,
                board=_board(item.get("board"), field="upcoming.board", game=number),
            )
        )
    return tuple(out)


def _teams(data: Mapping[str, Any]) -> tuple[Team, ...]:
    teams = []
    for number, item in enumerate(_list(data, "teams"), start=1):
        if not isinstance(item, Mapping) or not isinstance(item.get("id"), str) or not item["id"]:
            raise InvalidTournament(
                f"teams[{number}] needs an id",
                code="json.team_needs_id",
                params={"number": number},
                field="teams",
            )
        _check_keys(item, "teams", number)
        players = item.get("players", [])
        if not isinstance(players, list):
            raise InvalidTournament(
                f"teams[{number}]: players must be a list",
                code="json.team_players_list",
                params={"number": number},
                field="teams",
            )
        if not all(isinstance(p, str) for p in players):
            raise InvalidTournament(
                "teams.players must be a list of texts",
                code="json.not_texts",
                params={"key": "teams.players"},
                field="teams.players",
            )
        teams.append(
            Team(
                id=item["id"],
                name=_string(item, "name", field="teams.name") or "",
                players=tuple(p.strip() for p in players if p.strip()),
            )
        )
    return tuple(teams)

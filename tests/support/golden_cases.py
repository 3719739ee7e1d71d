"""The golden cases (``tests/golden/*.json.xz``): reading them and running one.

A case is ``{"call": name, "args": [...], "kwargs": {...}, "out": outcome}``. The inputs
are stored in a small tagged JSON (:func:`encode`, :func:`decode`): JSON's own values
as they are (floats by ``repr``), and ``{"$tuple": [...]}``, ``{"$fraction": "1/2"}``,
``{"$date": "2026-09-01"}``, ``{"$generator": [...]}``, ``{"$score": "WIN"}``, ... for
the rest, so that a case calls the library with the very values (types included) it
was recorded with. The outcome is the result's ``to_dict()`` (``to_plain`` for results
without one) or the error as ``{"$error": class, "code": ..., "params": ..., "field":
..., where}`` -- the code and its values, never the English text.

:func:`run` is used by ``tests/golden/record.py`` to make the outcomes and by
``tests/golden/test_golden.py`` to replay them: recording and replaying are the same code.
"""

from __future__ import annotations

import datetime as dt
import json
import lzma
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from wertung import dwz, fide
from wertung.dwz._performance import performance_rating
from wertung.kernel import results
from wertung.kernel.derivation import to_plain
from wertung.kernel.errors import WertungError
from wertung.kernel.expectancy import win_expectancy, win_expectancy_table
from wertung.tournament import _evaluation as evaluation
from wertung.tournament import _model as model

GOLDEN = Path(__file__).parents[1] / "golden"
#: The case sets, one file each.
SETS = ("dwz_forecast", "dwz_first", "dwz_other", "fide", "tournaments", "swiss_opens",
        "validate")  # fmt: skip

BYE_POINTS = {"U": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0),
              "+": Fraction(1)}  # fmt: skip
#: The named results a case may pass as objects (``{"$score": "WIN"}``).
SCORES = ("WIN", "DRAW", "LOSS", "FORFEIT_WIN", "FORFEIT_LOSS")


class StrSubclass(str):
    """A str subclass (never a fast path's plain ``str``)."""


# --- the tagged JSON -------------------------------------------------------------------


def encode(value: Any) -> Any:
    """``value`` as tagged JSON data (a generator is read to its end)."""
    kind = value.__class__
    if value is None or kind in (bool, int, float, str, list):
        return [encode(v) for v in value] if kind is list else value
    if kind is tuple:
        return {"$tuple": [encode(v) for v in value]}
    if kind is dict:
        if all(k.__class__ is str and not k.startswith("$") for k in value):
            return {k: encode(v) for k, v in value.items()}
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if kind is Fraction:
        return {"$fraction": str(value)}
    if kind is Decimal:
        return {"$decimal": str(value)}
    if kind is dt.datetime:
        return {"$datetime": value.isoformat()}
    if kind is dt.date:
        return {"$date": value.isoformat()}
    if kind is StrSubclass:
        return {"$str_subclass": str(value)}
    if isinstance(value, Iterator):
        return {"$generator": [encode(v) for v in value]}
    for name in SCORES:
        if value is getattr(results, name):
            return {"$score": name}
    raise TypeError(f"cannot record {value!r}")


_DECODE: dict[str, Callable[[Any], Any]] = {
    "$tuple": lambda items: tuple(decode(v) for v in items),
    "$dict": lambda pairs: {decode(k): decode(v) for k, v in pairs},
    "$fraction": Fraction,
    "$decimal": Decimal,
    "$datetime": dt.datetime.fromisoformat,
    "$date": dt.date.fromisoformat,
    "$str_subclass": StrSubclass,
    "$generator": lambda items: (decode(v) for v in items),
    "$score": lambda name: getattr(results, name),
}


def decode(data: Any) -> Any:
    """The value of tagged JSON ``data`` (a fresh one on every call)."""
    kind = data.__class__
    if kind is list:
        return [decode(v) for v in data]
    if kind is dict:
        if len(data) == 1:
            ((key, inner),) = data.items()
            if key in _DECODE:
                return _DECODE[key](inner)
        return {k: decode(v) for k, v in data.items()}
    return data


# --- running a case --------------------------------------------------------------------


def build_tournament(spec: dict[str, Any]) -> model.Tournament:
    """The tournament of a plain ``spec`` (players, games, byes as dicts)."""
    players = []
    for p in spec["players"]:
        fields = {k: v for k, v in p.items() if k != "carry_over"}
        carry = tuple(
            model.CarryOverGame(
                opponent_rating=g["opponent_rating"],
                result=results.parse_score(g["result"]),
                end_date=g["end_date"],
                tournament=g["tournament"],
            )
            for g in p.get("carry_over", ())
        )
        players.append(model.Player(**fields, carry_over=carry))
    games = tuple(
        model.Game(g["round"], g["white"], g["black"], results.parse_game_result(g["result"]))
        for g in spec["games"]
    )
    byes = tuple(
        model.Bye(b["round"], b["player"], b["points"], None)  # a bye of no kind
        if "points" in b
        else model.Bye(b["round"], b["player"], BYE_POINTS[b["kind"]], results.ByeKind(b["kind"]))
        for b in spec["byes"]
    )
    rest = {k: v for k, v in spec.items() if k not in ("players", "games", "byes")}
    return model.Tournament(players=tuple(players), games=games, byes=byes, **rest)


def error_outcome(error: Exception) -> dict[str, Any]:
    """An error as its class, code and values (and where it is), without the text."""
    if not isinstance(error, WertungError):
        return {"$error": type(error).__name__, "text": str(error)}
    data = error.to_dict()
    del data["message"]
    return {"$error": data.pop("error"), **encode(data)}


def _validate(spec: dict[str, Any]) -> str:
    try:
        tournament = build_tournament(spec)
    except WertungError as error:
        raise _Built(error) from None
    tournament.validate()
    return "valid"


class _Built(Exception):
    """An error raised while the tournament was built (before validate())."""

    def __init__(self, error: WertungError) -> None:
        self.error = error


def _curve(name: str) -> Callable[[float], float]:
    return {"exact": win_expectancy, "table": win_expectancy_table}[name]


CALLS: dict[str, Callable[..., Any]] = {
    "dwz.forecast": dwz.forecast,
    "dwz.first_dwz": dwz.first_dwz,
    "dwz.index_range": dwz.index_range,
    "dwz.needed": dwz.needed,
    "dwz.needed_first": dwz.needed_first,
    "dwz.upgrade": dwz.upgrade,
    "dwz.performance_rating": lambda opponents, score, curve, **kw: performance_rating(
        opponents, score, expectancy=_curve(curve), **kw
    ),
    "fide.rating_change": fide.rating_change,
    "fide.initial_rating": lambda *a, **kw: fide.initial_rating(*a, **kw),
    "fide.k_factor": fide.k_factor,
    "fide.needed": fide.needed,
    "fide.performance": fide.performance,
    "evaluate": lambda spec, **options: evaluation.evaluate(build_tournament(spec), **options),
    "validate": _validate,
}


def run(call: str, args: Any, kwargs: Any) -> Any:
    """The outcome of one case (its inputs as tagged JSON): plain data or the error."""
    try:
        value = CALLS[call](*decode(args), **decode(kwargs))
    except _Built as built:
        return {"$built": error_outcome(built.error)}
    except Exception as error:  # recorded and compared: class, code and values
        return error_outcome(error)
    if hasattr(value, "to_dict"):
        return mark_today(value.to_dict())
    return mark_today(to_plain(value))


#: What stands for the day of the run: a tournament evaluated with its regulations but no
#: end date rates its FIDE part as of today (``fide.rating_change``'s default date).
TODAY = "$today"


def mark_today(data: Any) -> Any:
    """``data`` with every ``"date"`` that is today's replaced by :data:`TODAY`.

    >>> mark_today({"elo": {"date": dt.date.today().isoformat()}, "end_date": "2026-09-01"})
    {'elo': {'date': '$today'}, 'end_date': '2026-09-01'}
    """
    if isinstance(data, dict):
        today = dt.date.today().isoformat()
        return {
            key: TODAY if key == "date" and value == today else mark_today(value)
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [mark_today(item) for item in data]
    return data


def canonical(data: Any) -> str:
    """The one text of an outcome: key order kept, floats by repr, ints and bools apart."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# --- the files -------------------------------------------------------------------------


def path_of(name: str) -> Path:
    return GOLDEN / f"{name}.json.xz"


@cache
def _load(name: str) -> dict[str, Any]:
    with lzma.open(path_of(name), "rt", encoding="utf-8") as file:
        return json.load(file)


def load(name: str) -> dict[str, Any]:
    """One case set: ``{"set", "commit", "python", "cases"}`` (read once per run)."""
    return _load(name)


def inputs(name: str, call: str | None = None) -> Iterator[tuple[Any, Any]]:
    """The decoded (args, kwargs) of a set's cases (of one ``call``): fresh values."""
    for case in load(name)["cases"]:
        if call is None or case["call"] == call:
            yield decode(case["args"]), decode(case["kwargs"])


def first_difference(new: Any, old: Any, where: str = "$") -> str | None:
    """Where two outcomes first differ (types, keys, lengths, values), or None."""
    if type(new) is not type(old):
        return f"{where}: {type(new).__name__} {new!r} != {type(old).__name__} {old!r}"
    if isinstance(old, dict):
        if list(new) != list(old):
            return f"{where}: keys {list(new)} != {list(old)}"
        for key in old:
            found = first_difference(new[key], old[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(old, list):
        if len(new) != len(old):
            return f"{where}: length {len(new)} != {len(old)}"
        for i, (a, b) in enumerate(zip(new, old, strict=True)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    if canonical(new) != canonical(old):
        return f"{where}: {new!r} != {old!r}"
    return None


def assert_same(new: Any, old: Any, where: str = "$") -> None:
    """Two outcomes alike in every field, type and bit (see :func:`first_difference`)."""
    found = first_difference(new, old, where)
    assert found is None, found

"""Reading the calculator forms and calling the engine.

A form arrives as a multi-dict (query string of a GET, or a POSTed form).
Each ``read_*`` function returns a :class:`FormState`: the values exactly as
typed (to render the form again), inline errors per field, and the engine's
derivation when the input was complete and valid. Nothing is computed here:
the engine does it; this module only converts text to arguments and engine
errors to field messages.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from wertung import dwz, fide
from wertung.kernel.checks import check_birth_year, check_index
from wertung.kernel.errors import (
    WertungError,
)
from wertung.kernel.results import parse_score
from wertung.tournament._model import CarryOverGame, check_rating, parse_date
from wertung.web.field_errors import error_text
from wertung.web.i18n import Translator
from wertung.web.pages.planner import STILL, plan_for
from wertung.web.rating_text import split_rating

__all__ = [
    "UNRATED",
    "FormState",
    "Row",
    "error_text",
    "is_unrated",
    "read_dwz",
    "read_elo",
    "read_first",
    "read_upgrade",
    "split_rating",
]

MAX_ROWS = 60
DEFAULT_ROWS = 5
#: What an opponent field may say for an opponent without any rating (both languages).
UNRATED = frozenset(("-", "–", "—", "unrated", "ohne", "ohne wertung", "ungewertet", "keine"))


def is_unrated(text: str) -> bool:
    """Whether an opponent field says "no rating" (``ohne Wertung``, ``unrated``, ``–``).

    >>> is_unrated("Ohne Wertung"), is_unrated("unrated"), is_unrated("1500"), is_unrated("")
    (True, True, False, False)
    """
    return " ".join(text.lower().split()) in UNRATED


class MultiDict(Protocol):
    """A query's or form's values (Starlette's ``QueryParams``/``FormData``)."""

    def get(self, key: str, /) -> Any: ...
    def getlist(self, key: str, /) -> list[Any]: ...


@dataclass
class Row:
    """One game row as typed."""

    opp: str = ""
    res: str = ""
    date: str = ""

    @property
    def blank(self) -> bool:
        return not self.opp.strip() and not self.res.strip()


@dataclass
class FormState:
    """The form as typed, its inline errors and the engine's result."""

    values: dict[str, str] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    carry: list[Row] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    result: Any = None
    submitted: bool = False
    missing: set[str] = field(default_factory=set)
    index_range: Any = None  # the new DWZ for every possible index, when the index is unknown
    plan: Any = (
        None  # the planner (:class:`wertung.web.pages.planner.Plan`) for games still to play
    )

    def shown_errors(self, live: bool) -> dict[str, str]:
        """Errors to show; while typing (``live``) a field not filled in yet is no error."""
        if not live:
            return self.errors
        return {k: v for k, v in self.errors.items() if k not in self.missing}

    def value(self, name: str) -> str:
        return self.values.get(name, "")


def _text(data: MultiDict, name: str) -> str:
    value = data.get(name)
    return "" if value is None else str(value)[:200].strip()


def _rows(data: MultiDict, opp: str, res: str, date: str | None = None) -> list[Row]:
    opps = [str(v)[:20] for v in data.getlist(opp)]
    ress = [str(v)[:10] for v in data.getlist(res)]
    dates = [str(v)[:20] for v in data.getlist(date)] if date else []
    count = min(max(len(opps), len(ress)), MAX_ROWS)
    return [
        Row(
            opps[i].strip() if i < len(opps) else "",
            ress[i].strip() if i < len(ress) else "",
            dates[i].strip() if i < len(dates) else "",
        )
        for i in range(count)
    ]


def _apply_row_actions(data: MultiDict, rows: list[Row], prefix: str = "") -> list[Row]:
    """The no-JavaScript buttons: ``add`` a row, ``remove`` row N (1-based)."""
    action = _text(data, "action")
    if action == f"{prefix}add" and len(rows) < MAX_ROWS:
        rows = [*rows, Row()]
    elif action.startswith(f"{prefix}remove-"):
        number = action.removeprefix(f"{prefix}remove-")
        if number.isdigit() and 1 <= int(number) <= len(rows):
            rows = rows[: int(number) - 1] + rows[int(number) :]
    return rows


def _int(text: str, name: str, errors: dict[str, str], t: Translator) -> int | None:
    if not text:
        return None
    cleaned = text.replace(".", "").replace(" ", "") if len(text) > 4 else text
    if cleaned.isascii() and cleaned.lstrip("-").isdigit():
        return int(cleaned)
    errors[name] = t("error.whole_number")
    return None


def _dwz(text: str, name: str, errors: dict[str, str], t: Translator) -> int | None:
    """A DWZ field: a number, or DWZ-index of which the DWZ counts."""
    return _int(split_rating(text)[0], name, errors, t)


# -- each field's range, checked before the engine runs (every bad field at once) ----------


def _checked(
    value: int | None, name: str, errors: dict[str, str], t: Translator, check: Callable[..., Any]
) -> int | None:
    """``value`` through the kernel's ``check`` (:mod:`wertung.kernel.checks`); its error
    goes beside field ``name``, the engine is not asked (None)."""
    if value is None or name in errors:
        return None
    try:
        check(value)
    except WertungError as error:
        errors[name] = error_text(error, t)
        return None
    return value


def _rating_in_range(
    value: int | None, name: str, errors: dict[str, str], t: Translator, *, own: bool = True
) -> int | None:
    """A rating field: 1 to 3500. 0 is no rating: the smallest DWZ the rules give is 1100
    (WO 2026) and a first DWZ under WO 2014 is at least 700 (SPEC §3.1, §5); FIDE publishes
    none below 1400 (SPEC §8). An opponent without a rating is typed as "–"."""
    checked = _checked(value, name, errors, t, lambda v: check_rating(v, field=_FIELD_OF[own]))
    if checked == 0:
        errors[name] = t("error.rating_zero" if own else "error.opponent_zero")
        return None
    return checked


_FIELD_OF = {True: "rating", False: "opponent_rating"}


def _index_in_range(value: int | None, errors: dict[str, str], t: Translator) -> int | None:
    """The DWZ index: 1 or more. A DWZ comes from an evaluation, and the first one gives
    index 1 (SPEC §5.5); no DWZ has index 0. Unknown: the field stays empty."""
    checked = _checked(value, "index", errors, t, lambda v: check_index(v))
    if checked == 0:
        errors["index"] = t("error.index_zero")
        return None
    return checked


def _year_in_range(value: int | None, errors: dict[str, str], t: Translator) -> int | None:
    return _checked(value, "birth_year", errors, t, lambda v: check_birth_year(v))


def _date_in_range(text: str, name: str, errors: dict[str, str], t: Translator) -> None:
    if text:
        try:
            parse_date(text, field=name)
        except WertungError as error:
            errors[name] = error_text(error, t)


def _number(text: str, name: str, errors: dict[str, str], t: Translator) -> float | None:
    if not text:
        return None
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        errors[name] = t("error.number")
        return None
    if not math.isfinite(value):  # "inf", "nan": numbers to float(), not to the engine
        errors[name] = t("error.number")
        return None
    return value


_GAME_FIELDS = {
    "games.opponent_rating": "opp",
    "opponent_rating": "opp",  # fide.rating_change names the game's field without "games."
    "result": "res",
    "games.result": "res",
    "carry_over.opponent_rating": "c_opp",
    "carry_over.result": "c_res",
}


def _place_error(
    error: WertungError,
    state: FormState,
    t: Translator,
    row_numbers: Sequence[int],
    carry_numbers: Sequence[int] = (),
    aliases: Mapping[str, str] | None = None,
) -> None:
    name = error.field or "form"
    game = error.where.get("game") or error.where.get("carry_over")
    if name in _GAME_FIELDS and isinstance(game, int):
        numbers = carry_numbers if name.startswith("carry_over") else row_numbers
        row = numbers[game - 1] if 0 < game <= len(numbers) else game
        name = f"{_GAME_FIELDS[name]}-{row}"
    elif aliases and name in aliases:
        name = aliases[name]
    elif name == "games" or name.startswith("games."):
        name = "games"
    state.errors[name] = error_text(error, t)


def _missing(state: FormState, name: str, message: str) -> None:
    state.errors[name] = message
    state.missing.add(name)


def _game_pairs(
    rows: Sequence[Row], state: FormState, t: Translator, prefix: str = "", dwz: bool = False
) -> tuple[list[tuple[object, str]], list[int]]:
    """The non-blank rows as engine input, and the form row number of each.

    ``dwz``: the opponents' ratings are DWZ, where ``1650-12`` means DWZ 1650.
    """
    games: list[tuple[object, str]] = []
    numbers: list[int] = []
    read = _dwz if dwz else _int
    for number, row in enumerate(rows, start=1):
        if row.blank or row.res == STILL:  # still to play: the planner's (web.planner)
            continue
        # an incomplete row is shown as such while typing, too (not "missing")
        unrated = is_unrated(row.opp)
        name = f"{prefix}opp-{number}"
        opp = None if unrated else read(row.opp, name, state.errors, t)
        opp = _rating_in_range(opp, name, state.errors, t, own=False)
        if not row.opp:
            state.errors[name] = t("error.opponent_missing")
        if not row.res:
            state.errors[f"{prefix}res-{number}"] = t("error.result_missing")
        else:
            try:
                parse_score(row.res, field="result")
            except WertungError as error:
                state.errors[f"{prefix}res-{number}"] = error_text(error, t)
        games.append((opp, row.res))
        numbers.append(number)
    return games, numbers


def _run(
    state: FormState,
    t: Translator,
    call: Callable[[], Any],
    row_numbers: Sequence[int],
    carry_numbers: Sequence[int] = (),
    aliases: Mapping[str, str] | None = None,
) -> None:
    if state.errors:
        return
    try:
        state.result = call()
    except WertungError as error:
        _place_error(error, state, t, row_numbers, carry_numbers, aliases)


def _start(data: MultiDict, names: Sequence[str]) -> FormState:
    state = FormState(values={name: _text(data, name) for name in names})
    state.submitted = any(state.values.values()) or bool(data.getlist("opp"))
    return state


def _pad(rows: list[Row], submitted: bool) -> list[Row]:
    if not rows and not submitted:
        return [Row() for _ in range(DEFAULT_ROWS)]
    return rows or [Row()]


def read_dwz(data: MultiDict, t: Translator) -> FormState:
    """The DWZ calculator: own DWZ and index, birth year, end date, games."""
    state = _start(
        data, ("rating", "index", "birth_year", "end_date", "k", "e", "method", "target")
    )
    rows = _apply_row_actions(data, _rows(data, "opp", "res"))
    state.rows = _pad(rows, state.submitted)
    if not state.submitted:
        return state
    v, errors = state.values, state.errors
    rating, index = _rating_and_index(state, t)
    birth_year = _year_in_range(_int(v["birth_year"], "birth_year", errors, t), errors, t)
    _date_in_range(v["end_date"], "end_date", errors, t)
    k = _number(v["k"], "k", errors, t)
    e = _int(v["e"], "e", errors, t)
    games, numbers = _game_pairs(state.rows, state, t, dwz=True)
    still = any(row.res == STILL for row in state.rows)
    if not games and not errors and not still:
        _missing(state, "games", t("error.no_games"))
    method = v["method"] if v["method"] in ("exact", "table") else "exact"
    options: dict[str, Any] = {
        "birth_year": birth_year,
        "end_date": v["end_date"] or None,
        "development_factor": k,
        "development_coefficient": e,
        "method": method,
    }
    aliases = {"development_factor": "k", "development_coefficient": "e"}
    if games or not still:
        _run(
            state,
            t,
            lambda: dwz.forecast(rating, index, games, **options),  # type: ignore[arg-type]
            numbers,
            aliases=aliases,
        )
    if state.result is not None and index is None and k is None and e is None:
        from wertung.web.unknown import forecast_range

        state.index_range = forecast_range(state.result)
    state.plan = plan_for(
        "dwz",
        state,
        t,
        lambda text, name: _dwz(text, name, errors, t),
        lambda opponents, target: dwz.needed(
            rating,  # type: ignore[arg-type]
            index,
            games,
            opponents,
            target,  # type: ignore[arg-type]
            **options,
        ),
        current=rating,
    )
    return state


def _rating_and_index(state: FormState, t: Translator) -> tuple[int | None, int | None]:
    """The own DWZ and index; ``1500-5`` in the DWZ field gives both (index field empty)."""
    v, errors = state.values, state.errors
    text, from_rating = split_rating(v["rating"])
    rating = _int(text, "rating", errors, t)
    if not v["rating"]:
        _missing(state, "rating", t("error.rating_missing"))
    index = _int(v["index"], "index", errors, t)
    if from_rating is not None:
        if index is not None and index != int(from_rating):
            errors["index"] = t("error.index_differs", index=from_rating)
        index = int(from_rating)
    return _rating_in_range(rating, "rating", errors, t), _index_in_range(index, errors, t)


def read_first(data: MultiDict, t: Translator) -> FormState:
    """The first-DWZ calculator: games, carry-over games, birth year, end date, membership."""
    state = _start(data, ("birth_year", "end_date", "unaffiliated", "target"))
    rows = _apply_row_actions(data, _rows(data, "opp", "res"))
    state.rows = _pad(rows, state.submitted)
    carry = _apply_row_actions(data, _rows(data, "c_opp", "c_res", "c_date"), prefix="c_")
    state.carry = carry
    if not state.submitted:
        return state
    v, errors = state.values, state.errors
    birth_year = _year_in_range(_int(v["birth_year"], "birth_year", errors, t), errors, t)
    _date_in_range(v["end_date"], "end_date", errors, t)
    games, numbers = _game_pairs(state.rows, state, t, dwz=True)
    carried: list[CarryOverGame] = []
    carry_numbers: list[int] = []
    for number, row in enumerate(carry, start=1):
        if row.blank:
            continue
        if split_rating(row.opp)[0].strip() == "0":
            errors[f"c_opp-{number}"] = t("error.opponent_zero")
            continue
        try:
            carried.append(
                CarryOverGame(
                    opponent_rating=check_rating(  # type: ignore[arg-type]
                        split_rating(row.opp)[0] or None,
                        field="carry_over.opponent_rating",
                        allow_none=False,
                    ),
                    result=parse_score(row.res, field="carry_over.result"),
                    end_date=parse_date(row.date, field="carry_over.end_date"),
                )
            )
            carry_numbers.append(number)
        except WertungError as error:
            target = {"carry_over.result": "c_res", "carry_over.end_date": "c_date"}.get(
                error.field or "", "c_opp"
            )
            errors[f"{target}-{number}"] = error_text(error, t)
    still = any(row.res == STILL for row in state.rows)
    if not games and not carried and not errors and not still:
        _missing(state, "games", t("error.no_games"))
    options: dict[str, Any] = {
        "carry_over": carried,
        "birth_year": birth_year,
        "end_date": v["end_date"] or None,
        "member": not v["unaffiliated"],
    }
    if games or carried or not still:
        _run(state, t, lambda: dwz.first_dwz(games, **options), numbers, carry_numbers)
    state.plan = plan_for(
        "first",
        state,
        t,
        lambda text, name: _dwz(text, name, errors, t),
        lambda opponents, target: dwz.needed_first(games, opponents, target, **options),
    )
    return state


def read_elo(data: MultiDict, t: Translator) -> FormState:
    """The Elo calculator: rating, rated games so far, birth year, peak, K override, games."""
    state = _start(
        data, ("rating", "games_played", "birth_year", "peak_rating", "k", "date", "target")
    )
    rows = _apply_row_actions(data, _rows(data, "opp", "res"))
    state.rows = _pad(rows, state.submitted)
    if not state.submitted:
        return state
    v, errors = state.values, state.errors
    rating = _rating_in_range(_int(v["rating"], "rating", errors, t), "rating", errors, t)
    played = _int(v["games_played"], "games_played", errors, t)
    if played is not None and played < 0:
        errors["games_played"] = t("error.games_played")
        played = None
    birth_year = _year_in_range(_int(v["birth_year"], "birth_year", errors, t), errors, t)
    peak = _int(v["peak_rating"], "peak_rating", errors, t)
    peak = _rating_in_range(peak, "peak_rating", errors, t)
    _date_in_range(v["date"], "date", errors, t)
    k = _int(v["k"], "k", errors, t)
    games, numbers = _game_pairs(state.rows, state, t)
    still = any(row.res == STILL for row in state.rows)
    if not games and not errors and not still:
        _missing(state, "games", t("error.no_games"))
    if not v["rating"]:
        if games:  # no rating yet: the first FIDE rating these games would give
            date = v["date"] or None
            _run(state, t, lambda: fide.initial_rating(games, date=date), numbers)
            return state
        _missing(state, "rating", t("error.rating_missing"))
    options: dict[str, Any] = {
        "k": k,
        "games_played": played,
        "birth_year": birth_year,
        "peak_rating": peak,
        "date": v["date"] or None,
    }
    if games or not still:
        _run(
            state,
            t,
            lambda: fide.rating_change(rating, games, **options),  # type: ignore[arg-type]
            numbers,
        )
    state.plan = plan_for(
        "elo",
        state,
        t,
        lambda text, name: _int(text, name, errors, t),
        lambda opponents, target: fide.needed(
            rating,  # type: ignore[arg-type]
            games,
            opponents,
            target,  # type: ignore[arg-type]
            **options,
        ),
        current=rating,
    )
    return state


def read_upgrade(data: MultiDict, t: Translator) -> FormState:
    """The 2026 upgrade converter: a DWZ and (optionally) its index."""
    state = _start(data, ("rating", "index"))
    if not state.submitted:
        return state
    rating, index = _rating_and_index(state, t)
    _run(state, t, lambda: dwz.upgrade(rating, index), ())  # type: ignore[arg-type]
    return state

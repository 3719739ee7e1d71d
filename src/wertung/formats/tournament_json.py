"""The JSON tournament format (schema: ``wertung/schemas/tournament.schema.json``).

The same format is the input of ``wertung tournament FILE.json``, of the API's
tournament route and the output of every importer (``--json``)::

    {
      "name": "Vereinsturnier 2026",
      "end_date": "2026-09-01",
      "players": [
        {"id": "1", "name": "Muster, Max", "dwz": 1500, "index": 5, "birth_year": 1980},
        {"id": "2", "name": "Neu, Nina", "birth_year": 2012,
         "carry_over": [{"opponent_rating": 1400, "result": "1", "end_date": "2025-11-02"}]}
      ],
      "games": [{"round": 1, "white": "1", "black": "2", "result": "1-0"}],
      "byes": [{"round": 2, "player": "2", "points": 1, "kind": "U"}],
      "round_dates": ["2026-08-30", "2026-09-01"]
    }

The reader is exactly as strict as the schema: a document the schema refuses is
refused with an error naming the field (a rating given as text, ``null`` where
the schema has no null, a negative games count, a date not written YYYY-MM-DD,
a result spelled otherwise than the schema lists), and every document the
schema accepts is read -- what can still fail is what no schema can say (games
naming players that do not exist, a player paired twice in a round).

>>> from_dict({"players": [{"id": 1, "fide_games": -1}]})
Traceback (most recent call last):
...
wertung.kernel.errors.InvalidInput: fide_games -1 is not a number of games (a whole number, 0 or more)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from wertung.fide._change import K_OVERRIDE_MAX, K_OVERRIDE_MIN
from wertung.formats._tournament_json_syntax import syntax_error
from wertung.formats._tournament_json_values import (  # noqa: F401 - the schema's lists re-exported
    _ABSENT,
    AGE_CLASS,
    BYE_KINDS,
    GAME_RESULTS,
    NOT_BLANK,
    SCORE_SYMBOLS,
    SPACE,
    TIME_CONTROLS,
    _age_class,
    _birth_year,
    _board,
    _boolean,
    _check_keys,
    _count,
    _date,
    _game_result,
    _index,
    _is_score_number,
    _list,
    _periods,
    _points,
    _rating,
    _ref,
    _round_dates,
    _score,
    _shown,
    _string,
    _teams,
    _texts,
    _upcoming,
    _whole,
)
from wertung.formats._tournament_json_write import to_dict
from wertung.kernel.errors import (
    FormatError,
    InvalidInput,
    InvalidTournament,
    Where,
)
from wertung.kernel.results import ByeKind
from wertung.tournament._model import (
    Bye,
    CarryOverGame,
    Game,
    Player,
    Tournament,
)

__all__ = [
    "FORMAT",
    "NOT_BLANK",
    "SPACE",
    "dump",
    "dumps",
    "from_dict",
    "load",
    "loads",
    "schema",
    "syntax_error",
    "to_dict",
]

#: The value of ``format`` (the only version there is).
FORMAT = "wertung-tournament/1"

_PLAYER_FIELDS = {
    "id", "name", "dwz", "index", "birth_year", "fide_rating", "fide_id", "member",
    "federation", "title", "club", "sex", "national_rating", "fide_k", "fide_games",
    "fide_peak", "points", "carry_over", "pkz", "zps", "member_number", "birth_date", "team",
}  # fmt: skip
_PLAYER_TEXTS = ("federation", "title", "club", "sex", "pkz", "zps", "member_number", "team")
_TOURNAMENT_FIELDS = {
    "$schema", "format", "name", "end_date", "start_date", "rounds", "place", "source",
    "players", "games", "byes", "rated_for_dwz", "rated_for_fide", "notes",
    "time_control", "time_control_text", "played_rounds", "incomplete", "teams", "upcoming",
    "time_control_periods", "time_control_given", "age_class", "age_class_given",
    "incomplete_later", "points_checked", "round_dates",
}  # fmt: skip


def schema() -> dict[str, Any]:
    """The JSON Schema of the tournament format."""
    text = resources.files("wertung").joinpath("schemas/tournament.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _player(data: object, number: int) -> Player:
    if not isinstance(data, Mapping):
        raise InvalidTournament(
            f"players[{number}] is not an object",
            code="json.player_not_object",
            params={"number": number},
            field="players",
        )
    unknown = set(data) - _PLAYER_FIELDS
    pid = _ref(data.get("id"), field="players.id", player=f"#{number}")
    if pid is None:
        raise InvalidTournament(
            f"players[{number}] has no id",
            code="json.player_no_id",
            params={"number": number},
            field="players.id",
        )
    where: Where = {"player": pid}
    if unknown:
        raise InvalidTournament(
            f"player {pid}: unknown field(s) {', '.join(sorted(unknown))}",
            code="json.unknown_player_fields",
            params={"id": str(pid), "fields": ", ".join(sorted(unknown))},
            field="players",
            **where,
        )
    member = data.get("member")
    if member is not None and not isinstance(member, bool):
        raise InvalidInput(
            f"player {pid}: member must be true or false",
            code="json.member_bool",
            params={"id": str(pid)},
            field="member",
            **where,
        )
    carry: list[CarryOverGame] = []
    for c_no, item in enumerate(_list(data, "carry_over", **where), start=1):
        if not isinstance(item, Mapping):
            raise InvalidInput(
                f"player {pid}: carry_over[{c_no}] is not an object",
                code="json.carry_not_object",
                params={"id": str(pid), "number": c_no},
                field="carry_over",
                **where,
            )
        _check_keys(item, "carry_over", c_no, **where)
        carry.append(
            CarryOverGame(
                opponent_rating=_rating(
                    item.get("opponent_rating"),
                    field="carry_over.opponent_rating",
                    allow_none=False,
                    carry_over=c_no,
                    player=pid,  # ``where`` spelt out: mypy cannot tell it holds no carry_over
                ),
                result=_score(
                    item.get("result"), field="carry_over.result", carry_over=c_no, player=pid
                ),
                end_date=_date(
                    item, "end_date", field="carry_over.end_date", nullable=True, **where
                ),
                tournament=_string(
                    item, "tournament", field="carry_over.tournament", nullable=True, **where
                ),
            )
        )
    fide_k = _whole(data.get("fide_k"), field="fide_k", **where)
    if fide_k is not None and not K_OVERRIDE_MIN <= fide_k <= K_OVERRIDE_MAX:
        raise InvalidInput(
            f"fide_k {fide_k} is not a K-factor (a whole number from {K_OVERRIDE_MIN} "
            f"to {K_OVERRIDE_MAX})",
            code="json.fide_k",
            params={
                "label": "fide_k",
                "value": fide_k,
                "low": K_OVERRIDE_MIN,
                "high": K_OVERRIDE_MAX,
            },
            field="fide_k",
            **where,
        )
    fide_games = _whole(data.get("fide_games"), field="fide_games", **where)
    if fide_games is not None and fide_games < 0:
        raise InvalidInput(
            f"fide_games {fide_games} is not a number of games (a whole number, 0 or more)",
            code="json.fide_games",
            params={"label": "fide_games", "value": fide_games},
            field="fide_games",
            **where,
        )
    fide_id = data.get("fide_id")
    if isinstance(fide_id, str):
        fide_id = fide_id.strip() or None
    elif fide_id is not None:
        fide_number = _whole(fide_id, field="fide_id", **where)
        fide_id = str(fide_number) if fide_number else None  # 0: no FIDE id
    texts = {}
    for key in _PLAYER_TEXTS:
        value = data.get(key)
        if value is None or type(value) is str:
            texts[key] = (value and value.strip()) or None
        else:
            texts[key] = _string(data, key, field=key, nullable=True, **where)
    fide = _rating(data.get("fide_rating"), field="fide_rating", **where)
    return Player(
        id=pid,
        name=_string(data, "name", field="name", **where) or "",
        dwz=_rating(data.get("dwz"), field="dwz", **where),
        index=_index(data.get("index"), **where),
        birth_year=_birth_year(data.get("birth_year"), **where),
        fide_rating=fide or None,
        fide_id=fide_id,
        member=member,
        national_rating=_rating(data.get("national_rating"), field="national_rating", **where),
        fide_k=fide_k,
        fide_games=fide_games,
        fide_peak=_rating(data.get("fide_peak"), field="fide_peak", **where),
        points=_points(data.get("points"), field="points", **where),
        carry_over=tuple(carry),
        birth_date=_date(data, "birth_date", field="birth_date", nullable=True, **where),
        **texts,
    )


def _round(item: Mapping[str, Any], what: str, number: int) -> int | None:
    """A round number (None if missing or below 1: the caller names what is missing)."""
    where: Where = {"bye": number} if what == "byes" else {"game": number}
    round_no = _whole(item.get("round"), field=f"{what}.round", **where)
    return round_no if round_no is not None and round_no >= 1 else None


def _games(data: Mapping[str, Any]) -> tuple[Game, ...]:
    games: list[Game] = []
    for number, item in enumerate(_list(data, "games"), start=1):
        if not isinstance(item, Mapping):
            raise InvalidTournament(
                f"games[{number}] is not an object",
                code="json.game_not_object",
                params={"number": number},
                field="games",
            )
        _check_keys(item, "games", number)
        round_no = _round(item, "games", number)
        if round_no is None:
            raise InvalidTournament(
                f"games[{number}] has no round number (1 or more)",
                code="json.game_no_round",
                params={"number": number},
                field="games.round",
                game=number,
            )
        sides = {}
        for side in ("white", "black"):
            sides[side] = _ref(item.get(side), field=f"games.{side}", round=round_no, game=number)
            if sides[side] is None:
                raise InvalidTournament(
                    f"round {round_no}: games[{number}] has no {side} player",
                    code="json.game_no_side",
                    params={"round": round_no, "number": number, "side": str(side)},
                    field=f"games.{side}",
                    round=round_no,
                )
        games.append(
            Game(
                round=round_no,
                white=str(sides["white"]),
                black=str(sides["black"]),
                result=_game_result(item.get("result"), round=round_no, game=number),
                board=_board(item.get("board"), field="games.board", game=number),
                date=_date(
                    item, "date", field="games.date", nullable=True, round=round_no, game=number
                ),
            )
        )
    return tuple(games)


def _byes(data: Mapping[str, Any]) -> tuple[Bye, ...]:
    byes: list[Bye] = []
    for number, item in enumerate(_list(data, "byes"), start=1):
        if not isinstance(item, Mapping):
            raise InvalidTournament(
                f"byes[{number}] is not an object",
                code="json.bye_not_object",
                params={"number": number},
                field="byes",
            )
        _check_keys(item, "byes", number)
        round_no = _round(item, "byes", number)
        player = _ref(item.get("player"), field="byes.player", bye=number)
        if round_no is None or player is None:
            raise InvalidTournament(
                f"byes[{number}] needs a round and a player",
                code="json.bye_needs",
                params={"number": number},
                field="byes",
            )
        kind = item.get("kind", _ABSENT)
        if kind is not _ABSENT and kind not in BYE_KINDS:
            raise InvalidTournament(
                f"round {round_no}: bye kind {_shown(kind)} unknown; accepted: U, F, H, Z, +",
                code="json.bye_kind_unknown",
                params={"round": round_no, "kind": _shown(kind)},
                field="byes.kind",
                round=round_no,
            )
        points = item.get("points", 0)
        if not _is_score_number(points):
            raise InvalidInput(
                f"byes.points {_shown(points)} is not the score of a bye (0, 0.5 or 1)",
                code="json.bye_points",
                params={"label": "byes.points", "value": _shown(points)},
                field="byes.points",
                round=round_no,
            )
        byes.append(
            Bye(
                round=round_no,
                player=player,
                points=Fraction(points),
                kind=ByeKind(kind) if kind is not _ABSENT else None,
            )
        )
    return tuple(byes)


def from_dict(data: object) -> Tournament:
    """Build and validate a :class:`Tournament` from parsed JSON.

    >>> t = from_dict({"end_date": "2026-09-01", "players": [{"id": 1}, {"id": 2}],
    ...                "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]})
    >>> t.games[0].white, t.end_date.isoformat()
    ('1', '2026-09-01')
    >>> from_dict({"players": [], "played_rounds": None})
    Traceback (most recent call last):
    ...
    wertung.kernel.errors.InvalidInput: played_rounds null is not a whole number
    """
    if not isinstance(data, Mapping):
        raise FormatError(
            "a tournament must be a JSON object", code="json.not_object", field="tournament"
        )
    unknown = set(data) - _TOURNAMENT_FIELDS
    if unknown:
        raise InvalidTournament(
            f"unknown tournament field(s): {', '.join(sorted(map(str, unknown)))}",
            code="json.unknown_fields",
            params={"fields": ", ".join(sorted(map(str, unknown)))},
            field="tournament",
        )
    _string(data, "$schema", field="$schema")
    if data.get("format", FORMAT) != FORMAT:
        raise InvalidInput(
            f"format {_shown(data['format'])} unknown; accepted: wertung-tournament/1",
            code="json.format_unknown",
            params={"value": _shown(data["format"])},
            field="format",
        )
    players_data = data.get("players")
    if not isinstance(players_data, list):
        raise InvalidTournament(
            "the tournament has no list of players", code="json.no_players", field="players"
        )
    players = tuple(_player(item, number) for number, item in enumerate(players_data, start=1))
    rounds = _count(data, "rounds", minimum=1)
    time_control = data.get("time_control", _ABSENT)
    if time_control is not _ABSENT and time_control not in TIME_CONTROLS:
        raise InvalidTournament(
            f"time control {_shown(time_control)} unknown; accepted: standard, rapid, blitz",
            code="json.time_control_unknown",
            params={"value": _shown(time_control)},
            field="time_control",
        )
    tournament = Tournament(
        name=_string(data, "name", field="name") or "",
        end_date=_date(data, "end_date", field="end_date"),
        start_date=_date(data, "start_date", field="start_date"),
        rounds=rounds,
        place=_string(data, "place", field="place"),
        source=_string(data, "source", field="source"),
        players=players,
        games=_games(data),
        byes=_byes(data),
        rated_for_dwz=_boolean(data, "rated_for_dwz", True),
        rated_for_fide=_boolean(data, "rated_for_fide", True),
        notes=_texts(data, "notes"),
        time_control=None if time_control is _ABSENT else str(time_control),
        time_control_text=_string(data, "time_control_text", field="time_control_text"),
        played_rounds=_count(data, "played_rounds", minimum=0),
        incomplete=_texts(data, "incomplete"),
        teams=_teams(data),
        upcoming=_upcoming(data),
        time_control_periods=_periods(data),
        time_control_given=_string(data, "time_control_given", field="time_control_given"),
        age_class=_age_class(data, "age_class"),
        age_class_given=_age_class(data, "age_class_given"),
        incomplete_later=_texts(data, "incomplete_later"),
        points_checked=_boolean(data, "points_checked", False),
        round_dates=_round_dates(data),
    )
    return tournament.validate()


def loads(text: str | bytes) -> Tournament:
    """Parse a tournament from JSON text.

    Text that is not JSON is a :class:`FormatError` naming the line and column in words
    the catalogue has in both languages (:func:`syntax_error`).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise syntax_error(exc) from None
    except UnicodeDecodeError as exc:
        raise FormatError(
            f"not valid JSON: byte {exc.start + 1} is not UTF-8 text",
            code="json.not_utf8",
            params={"n": exc.start + 1},
            field="tournament",
        ) from None
    except RecursionError:
        raise FormatError(
            "not valid JSON: the lists and objects are nested too deeply",
            code="json.too_deep",
            field="tournament",
        ) from None
    except ValueError as exc:  # pragma: no cover - json raises JSONDecodeError for text
        raise FormatError(
            f"not valid JSON: {exc}",
            code="json.invalid",
            params={"detail": str(exc)},
            field="tournament",
        ) from None
    return from_dict(data)


def load(path: str | os.PathLike[str]) -> Tournament:
    """Read a tournament JSON file."""
    return loads(Path(path).read_bytes())


def dumps(tournament: Tournament, *, indent: int | None = 2) -> str:
    """The tournament as JSON text."""
    return json.dumps(to_dict(tournament), ensure_ascii=False, indent=indent)


def dump(tournament: Tournament, path: str | Path) -> None:
    """Write the tournament as a JSON file."""
    Path(path).write_text(dumps(tournament) + "\n", encoding="utf-8")

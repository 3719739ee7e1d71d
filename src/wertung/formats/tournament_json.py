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
      "byes": [{"round": 2, "player": "2", "points": 1, "kind": "U"}]
    }
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import FormatError, InvalidDate, InvalidInput, InvalidTournament
from ..core.model import (
    Bye,
    CarryOverGame,
    Game,
    Player,
    Team,
    Tournament,
    check_birth_year,
    check_index,
    check_rating,
    parse_date,
)
from ..core.results import ByeKind, GameResult, parse_game_result, parse_score

__all__ = ["dump", "dumps", "from_dict", "load", "loads", "schema", "to_dict"]

_PLAYER_FIELDS = {
    "id", "name", "dwz", "index", "birth_year", "fide_rating", "fide_id", "member",
    "federation", "title", "club", "sex", "national_rating", "fide_k", "fide_games",
    "fide_peak", "points", "carry_over", "pkz", "zps", "member_number", "birth_date", "team",
}  # fmt: skip
_TOURNAMENT_FIELDS = {
    "$schema", "format", "name", "end_date", "start_date", "rounds", "place", "source",
    "players", "games", "byes", "rated_for_dwz", "rated_for_fide", "notes",
    "time_control", "time_control_text", "played_rounds", "incomplete", "teams", "upcoming",
}  # fmt: skip


def schema() -> dict[str, Any]:
    """The JSON Schema of the tournament format."""
    text = resources.files("wertung").joinpath("schemas/tournament.schema.json").read_text("utf-8")
    return json.loads(text)


def _points(value: object, *, field: str, **where: object) -> Fraction | None:
    if value is None:
        return None
    try:
        if isinstance(value, str):
            value = value.replace(",", ".").replace("½", ".5")
            if value.startswith("."):
                value = "0" + value
        points = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(
            f"{field} {value!r} is not a number of points", field=field, **where
        ) from None
    if points < 0 or points * 2 != int(points * 2):
        raise InvalidInput(f"{field} {value!r} is not a number of points", field=field, **where)
    return points


def _date(data: Mapping[str, Any], key: str, *, field: str, **where: object) -> Any:
    """A date field: absent or null is no date; an empty string is not a date."""
    value = data.get(key)
    if value == "":
        raise InvalidDate(f"{field} '' is not a date; use YYYY-MM-DD", field=field, **where)
    return parse_date(value, field=field, **where)


_ITEM_FIELDS = {
    "games": {"round", "white", "black", "result", "board"},
    "byes": {"round", "player", "points", "kind"},
    "upcoming": {"round", "white", "black", "board"},
    "carry_over": {"opponent_rating", "result", "end_date", "tournament"},
    "teams": {"id", "name", "players"},
}


def _check_keys(item: Mapping[str, Any], what: str, number: int, **where: object) -> None:
    """An item of a list names only the fields the format has."""
    unknown = set(item) - _ITEM_FIELDS[what]
    if unknown:
        raise InvalidTournament(
            f"{what}[{number}]: unknown field(s) {', '.join(sorted(map(str, unknown)))}",
            field=what,
            **where,
        )


def _texts(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of texts (notes, reasons)."""
    items = _list(data, key)
    if not all(isinstance(item, str) for item in items):
        raise InvalidTournament(f"{key} must be a list of texts", field=key)
    return tuple(items)


def _list(data: Mapping[str, Any], key: str, **where: object) -> list[Any]:
    """The list under ``key`` (absent: empty); anything else, null included, is an error."""
    if key not in data:
        return []
    value = data[key]
    if not isinstance(value, list):
        raise InvalidTournament(f"{key} must be a list", field=key, **where)
    return value


def _text(
    value: object, *, field: str, numbers: bool = True, **where: object
) -> str | None:
    """A text field (a number is taken as its digits unless ``numbers=False``); empty: None."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int) if numbers else str):
        raise InvalidInput(f"{field} must be text", field=field, **where)
    return str(value).strip() or None


def _int_or_none(value: object, *, field: str, **where: object) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise InvalidInput(f"{field} {value!r} is not a whole number", field=field, **where)
    try:
        number = int(str(value))
    except ValueError:
        raise InvalidInput(
            f"{field} {value!r} is not a whole number", field=field, **where
        ) from None
    return number


def _player(data: object, number: int) -> Player:
    if not isinstance(data, Mapping):
        raise InvalidTournament(f"players[{number}] is not an object", field="players")
    unknown = set(data) - _PLAYER_FIELDS
    pid = data.get("id")
    if isinstance(pid, bool) or not isinstance(pid, (str, int)) or str(pid).strip() == "":
        raise InvalidTournament(f"players[{number}] has no id", field="players.id")
    pid = str(pid).strip()
    where = {"player": pid}
    if unknown:
        raise InvalidTournament(
            f"player {pid}: unknown field(s) {', '.join(sorted(unknown))}", field="players", **where
        )
    member = data.get("member")
    if member is not None and not isinstance(member, bool):
        raise InvalidInput(f"player {pid}: member must be true or false", field="member", **where)
    carry: list[CarryOverGame] = []
    for c_no, item in enumerate(_list(data, "carry_over", **where), start=1):
        if not isinstance(item, Mapping):
            raise InvalidInput(
                f"player {pid}: carry_over[{c_no}] is not an object", field="carry_over", **where
            )
        _check_keys(item, "carry_over", c_no, **where)
        carry.append(
            CarryOverGame(
                opponent_rating=check_rating(
                    item.get("opponent_rating"),
                    field="carry_over.opponent_rating",
                    allow_none=False,
                    carry_over=c_no,
                    **where,
                ),
                result=parse_score(
                    item.get("result"), field="carry_over.result", carry_over=c_no, **where
                ),
                end_date=_date(item, "end_date", field="carry_over.end_date", **where),
                tournament=_text(
                    item.get("tournament"), field="carry_over.tournament", numbers=False, **where
                ),
            )
        )
    fide = check_rating(data.get("fide_rating"), field="fide_rating", **where)
    return Player(
        id=pid,
        name=_text(data.get("name"), field="name", **where) or "",
        dwz=check_rating(data.get("dwz"), field="dwz", **where),
        index=check_index(data.get("index"), **where),
        birth_year=check_birth_year(data.get("birth_year"), **where),
        fide_rating=fide or None,
        fide_id=_text(data.get("fide_id"), field="fide_id", **where)
        if data.get("fide_id") not in (None, "", 0)
        else None,
        member=member,
        federation=_text(data.get("federation"), field="federation", **where),
        title=_text(data.get("title"), field="title", **where),
        club=_text(data.get("club"), field="club", **where),
        sex=_text(data.get("sex"), field="sex", **where),
        national_rating=check_rating(data.get("national_rating"), field="national_rating", **where),
        fide_k=_int_or_none(data.get("fide_k"), field="fide_k", **where),
        fide_games=_int_or_none(data.get("fide_games"), field="fide_games", **where),
        fide_peak=check_rating(data.get("fide_peak"), field="fide_peak", **where),
        points=_points(data.get("points"), field="points", **where),
        carry_over=tuple(carry),
        pkz=_text(data.get("pkz"), field="pkz", numbers=False, **where),
        zps=_text(data.get("zps"), field="zps", numbers=False, **where),
        member_number=_text(data.get("member_number"), field="member_number", numbers=False, **where),
        birth_date=_date(data, "birth_date", field="birth_date", **where),
        team=_text(data.get("team"), field="team", numbers=False, **where),
    )



def from_dict(data: object) -> Tournament:
    """Build and validate a :class:`Tournament` from parsed JSON."""
    if not isinstance(data, Mapping):
        raise FormatError("a tournament must be a JSON object", field="tournament")
    unknown = set(data) - _TOURNAMENT_FIELDS
    if unknown:
        raise InvalidTournament(
            f"unknown tournament field(s): {', '.join(sorted(unknown))}", field="tournament"
        )
    players_data = data.get("players")
    if not isinstance(players_data, list):
        raise InvalidTournament("the tournament has no list of players", field="players")
    players = tuple(_player(item, number) for number, item in enumerate(players_data, start=1))
    games: list[Game] = []
    for number, item in enumerate(_list(data, "games"), start=1):
        if not isinstance(item, Mapping):
            raise InvalidTournament(f"games[{number}] is not an object", field="games")
        _check_keys(item, "games", number)
        round_no = _int_or_none(item.get("round"), field="games.round", game=number)
        if round_no is None or round_no < 1:
            raise InvalidTournament(
                f"games[{number}] has no round number (1 or more)", field="games.round", game=number
            )
        for side in ("white", "black"):
            if item.get(side) in (None, ""):
                raise InvalidTournament(
                    f"round {round_no}: games[{number}] has no {side} player",
                    field=f"games.{side}",
                    round=round_no,
                )
        games.append(
            Game(
                round=round_no,
                white=str(item["white"]),
                black=str(item["black"]),
                result=parse_game_result(
                    item.get("result"), field="games.result", round=round_no, game=number
                ),
                board=_board(item.get("board"), field="games.board", game=number),
            )
        )
    byes: list[Bye] = []
    for number, item in enumerate(_list(data, "byes"), start=1):
        if not isinstance(item, Mapping):
            raise InvalidTournament(f"byes[{number}] is not an object", field="byes")
        _check_keys(item, "byes", number)
        round_no = _int_or_none(item.get("round"), field="byes.round", bye=number)
        if round_no is None or round_no < 1 or item.get("player") in (None, ""):
            raise InvalidTournament(f"byes[{number}] needs a round and a player", field="byes")
        kind = item.get("kind")
        try:
            bye_kind = ByeKind(kind) if kind is not None else None
        except ValueError:
            raise InvalidTournament(
                f"round {round_no}: bye kind {kind!r} unknown; accepted: U, F, H, Z, +",
                field="byes.kind",
                round=round_no,
            ) from None
        byes.append(
            Bye(
                round=round_no,
                player=str(item["player"]),
                points=_points(item.get("points", 0), field="byes.points", round=round_no)
                or Fraction(0),
                kind=bye_kind,
            )
        )
    rounds = _int_or_none(data.get("rounds"), field="rounds")
    tournament = Tournament(
        name=_text(data.get("name"), field="name") or "",
        end_date=_date(data, "end_date", field="end_date"),
        start_date=_date(data, "start_date", field="start_date"),
        rounds=rounds,
        place=_text(data.get("place"), field="place"),
        source=_text(data.get("source"), field="source"),
        players=players,
        games=tuple(games),
        byes=tuple(byes),
        rated_for_dwz=bool(data.get("rated_for_dwz", True)),
        rated_for_fide=bool(data.get("rated_for_fide", True)),
        notes=_texts(data, "notes"),
        time_control=_time_control(data.get("time_control")),
        time_control_text=_text(data.get("time_control_text"), field="time_control_text"),
        played_rounds=_board(data.get("played_rounds"), field="played_rounds", minimum=0),
        incomplete=_texts(data, "incomplete"),
        teams=_teams(_list(data, "teams")),
        upcoming=_upcoming(data),
    )
    return tournament.validate()


def _board(value: object, *, field: str, minimum: int = 1, **where: object) -> int | None:
    """A board number (1 or more), or with ``minimum=0`` a count of rounds."""
    board = _int_or_none(value, field=field, **where)
    if board is not None and board < minimum:
        if minimum:
            raise InvalidInput(
                f"{field} {board} is not a board number (1 or more)", field=field, **where
            )
        raise InvalidInput(
            f"{field} {board} is not a number of rounds (0 or more)", field=field, **where
        )
    return board


def _upcoming(data: Mapping[str, Any]) -> tuple[Game, ...]:
    """Pairings of rounds not yet played: round, white, black (and board)."""
    out = []
    for number, item in enumerate(_list(data, "upcoming"), start=1):
        if not isinstance(item, Mapping):
            raise InvalidTournament(f"upcoming[{number}] is not an object", field="upcoming")
        _check_keys(item, "upcoming", number)
        round_no = _int_or_none(item.get("round"), field="upcoming.round", game=number)
        white = _text(item.get("white"), field="upcoming.white", game=number)
        black = _text(item.get("black"), field="upcoming.black", game=number)
        if round_no is None or round_no < 1 or white is None or black is None:
            raise InvalidTournament(
                f"upcoming[{number}] needs a round, white and black", field="upcoming"
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


def _teams(data: object) -> tuple[Team, ...]:
    if data in (None, []):
        return ()
    if not isinstance(data, list):
        raise InvalidTournament("teams must be a list", field="teams")
    teams = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, Mapping) or not isinstance(item.get("id"), str) or not item["id"]:
            raise InvalidTournament(f"teams[{number}] needs an id", field="teams")
        _check_keys(item, "teams", number)
        players = item.get("players") or []
        if not isinstance(players, list):
            raise InvalidTournament(f"teams[{number}]: players must be a list", field="teams")
        teams.append(
            Team(
                id=str(item["id"]),
                name=_text(item.get("name"), field="teams.name") or "",
                players=tuple(str(p) for p in players if _text(p, field="teams.players")),
            )
        )
    return tuple(teams)


def _time_control(value: object) -> str | None:
    if value in (None, ""):
        return None
    if value not in ("standard", "rapid", "blitz"):
        raise InvalidTournament(
            f"time control {value!r} unknown; accepted: standard, rapid, blitz",
            field="time_control",
        )
    return str(value)


def _num(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def to_dict(tournament: Tournament) -> dict[str, Any]:
    """The tournament as JSON-ready data (inverse of :func:`from_dict`)."""
    players = []
    for p in tournament.players:
        item: dict[str, Any] = {"id": p.id, "name": p.name}
        for key in (
            "dwz", "index", "birth_year", "fide_rating", "fide_id", "member", "federation",
            "title", "club", "sex", "national_rating", "fide_k", "fide_games", "fide_peak",
            "pkz", "zps", "member_number", "team",
        ):  # fmt: skip
            value = getattr(p, key)
            if value is not None:
                item[key] = value
        if p.birth_date is not None:
            item["birth_date"] = p.birth_date.isoformat()
        if p.points is not None:
            item["points"] = _num(p.points)
        if p.carry_over:
            item["carry_over"] = [
                {
                    "opponent_rating": c.opponent_rating,
                    "result": c.result.symbol,
                    **({"end_date": c.end_date.isoformat()} if c.end_date else {}),
                    **({"tournament": c.tournament} if c.tournament else {}),
                }
                for c in p.carry_over
            ]
        players.append(item)
    data: dict[str, Any] = {"format": "wertung-tournament/1", "name": tournament.name}
    if tournament.end_date:
        data["end_date"] = tournament.end_date.isoformat()
    if tournament.start_date:
        data["start_date"] = tournament.start_date.isoformat()
    if tournament.rounds:
        data["rounds"] = tournament.rounds
    if tournament.place:
        data["place"] = tournament.place
    if tournament.source:
        data["source"] = tournament.source
    if not tournament.rated_for_dwz:
        data["rated_for_dwz"] = False
    if not tournament.rated_for_fide:
        data["rated_for_fide"] = False
    if tournament.notes:
        data["notes"] = list(tournament.notes)
    if tournament.time_control:
        data["time_control"] = tournament.time_control
    if tournament.time_control_text:
        data["time_control_text"] = tournament.time_control_text
    if tournament.played_rounds is not None:
        data["played_rounds"] = tournament.played_rounds
    if tournament.incomplete:
        data["incomplete"] = list(tournament.incomplete)
    data["players"] = players
    if tournament.upcoming:
        data["upcoming"] = [
            {
                "round": g.round,
                "white": g.white,
                "black": g.black,
                **({"board": g.board} if g.board is not None else {}),
            }
            for g in tournament.upcoming
        ]
    if tournament.teams:
        data["teams"] = [
            {"id": t.id, "name": t.name, "players": list(t.players)} for t in tournament.teams
        ]
    data["games"] = [
        {
            "round": g.round,
            "white": g.white,
            "black": g.black,
            "result": g.result.value,
            **({"board": g.board} if g.board is not None else {}),
        }
        for g in tournament.games
    ]
    data["byes"] = [
        {
            "round": b.round,
            "player": b.player,
            "points": _num(b.points),
            **({"kind": b.kind.value} if b.kind else {}),
        }
        for b in tournament.byes
    ]
    return data


def loads(text: str | bytes) -> Tournament:
    """Parse a tournament from JSON text."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise FormatError(f"not valid JSON: {exc}", field="tournament", line=line) from None
    return from_dict(data)


def load(path: str | Path) -> Tournament:
    """Read a tournament JSON file."""
    return loads(Path(path).read_bytes())


def dumps(tournament: Tournament, *, indent: int | None = 2) -> str:
    """The tournament as JSON text."""
    return json.dumps(to_dict(tournament), ensure_ascii=False, indent=indent)


def dump(tournament: Tournament, path: str | Path) -> None:
    """Write the tournament as a JSON file."""
    Path(path).write_text(dumps(tournament) + "\n", encoding="utf-8")

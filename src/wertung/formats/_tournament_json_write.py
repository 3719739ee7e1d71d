"""The JSON tournament format written: a :class:`~wertung.tournament._model.Tournament` as
JSON-ready data (:func:`to_dict`, the inverse of
:func:`wertung.formats.tournament_json.from_dict`; a key only where the tournament has a
value).

Used through :func:`wertung.formats.tournament_json.to_dict`, ``dumps`` and ``dump``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from wertung.tournament._model import Tournament


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
    if tournament.time_control_periods:
        data["time_control_periods"] = [
            {k: v for k, v in p.to_dict().items() if v is not None}
            for p in tournament.time_control_periods
        ]
    for name in ("time_control_given", "age_class", "age_class_given"):
        if getattr(tournament, name):
            data[name] = getattr(tournament, name)
    if tournament.played_rounds is not None:
        data["played_rounds"] = tournament.played_rounds
    if tournament.incomplete:
        data["incomplete"] = list(tournament.incomplete)
    if tournament.incomplete_later:
        data["incomplete_later"] = list(tournament.incomplete_later)
    if tournament.points_checked:
        data["points_checked"] = True
    if tournament.round_dates:
        data["round_dates"] = [d.isoformat() if d else None for d in tournament.round_dates]
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
            **({"date": g.date.isoformat()} if g.date is not None else {}),
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

"""Edges of the model a generated request found (issue 8: no 500 for any valid input)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from web_helpers import client

from wertung import Bye, ByeKind, Game, GameResult, Player, Tournament
from wertung.catalogue import render
from wertung.kernel.errors import InvalidTournament
from wertung.tournament._model import CarryOverGame


@pytest.mark.parametrize(
    ("end", "expires"),
    [
        (dt.date(2024, 2, 29), dt.date(2026, 2, 28)),
        (dt.date(2024, 3, 1), dt.date(2026, 3, 1)),
        (dt.date(2022, 2, 28), dt.date(2024, 2, 28)),
        (dt.date(9997, 12, 31), dt.date(9999, 12, 31)),
        (dt.date(9998, 1, 1), dt.date.max),
        (dt.date(9999, 12, 31), dt.date.max),
    ],
)
def test_a_carry_over_game_expires_within_the_calendar(end: dt.date, expires: dt.date) -> None:
    assert CarryOverGame(1600, 1, end).expires() == expires


def test_the_first_dwz_api_takes_a_carry_over_game_of_the_year_9999(tmp_path: Path) -> None:
    web = client(tmp_path)
    body = {
        "games": [{"opponent_rating": 1500 + 20 * i, "result": "½"} for i in range(5)],
        "carry_over": [{"opponent_rating": 1600, "result": "1", "end_date": "9999-01-01"}],
        "end_date": "2026-09-01",
    }
    answer = web.post("/api/v1/dwz/first", json=body)
    assert answer.status_code == 200, answer.text  # was a 500: year 10001 in expires()
    # A game of a tournament that ends after this one is listed, not counted.
    assert answer.json()["counted_games"] == 5
    carried = [g for g in answer.json()["games"] if g["carry_over"]]
    assert [(g["counted"], g["reason"]) for g in carried] == [(False, "carry_over_later")]


def _problem(tournament) -> Exception:
    with pytest.raises(InvalidTournament) as info:
        tournament.validate()
    return info.value


@pytest.mark.parametrize(
    ("games", "byes", "german"),
    [
        ([("1", "x")], [], "Runde 1: die Partie '1'-'x' verweist auf den unbekannten Spieler 'x'"),
        ([], ["x"], "Runde 1: ein Freilos verweist auf den unbekannten Spieler 'x'"),
        ([("1", "2"), ("1", "a: b")], [],
         "Runde 1: Spieler '1' ist zweimal gepaart (die Partien '1'-'2' und '1'-'a: b')"),
        ([("a: b", "2")], ["a: b"],
         "Runde 1: Spieler 'a: b' ist zweimal gepaart (die Partie 'a: b'-'2' und ein Freilos)"),
        ([], ["1", "1"], "Runde 1: Spieler '1' ist zweimal gepaart (zwei Freilose)"),
    ],
)  # fmt: skip
def test_pairing_problems_are_german_every_word(games, byes, german) -> None:
    # Before, "a bye" stayed English on a German page, and an id with ": " left the
    # whole message untranslated.
    players = tuple(Player(pid) for pid in ("1", "2", "a: b"))
    tournament = Tournament(
        players=players,
        games=tuple(Game(1, w, b, GameResult.DRAW) for w, b in games),
        byes=tuple(Bye(1, pid, ByeKind.FULL) for pid in byes),
    )
    assert render(_problem(tournament), "de") == german

"""Evaluation: time control, completeness and the range an unknown index allows."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction

from wertung import Game, Player, Tournament, evaluate
from wertung.kernel.results import GameResult


def _tournament(**changes) -> Tournament:
    players = tuple(
        Player(id=str(i), name=f"P{i}", dwz=1500 + 40 * i, index=None if i == 1 else 8,
               fide_rating=1600 + 40 * i, birth_year=1980)
        for i in range(1, 7)
    )  # fmt: skip
    games = []
    rnd = 0
    ids = [p.id for p in players]
    for a in range(len(ids)):
        for b in range(a + 1, len(ids)):
            rnd += 1
            games.append(
                Game(rnd, ids[a], ids[b], GameResult.WHITE_WINS if (a + b) % 2 else GameResult.DRAW)
            )
    t = Tournament(name="T", end_date=dt.date(2026, 9, 1), players=players, games=tuple(games))
    return dataclasses.replace(t, **changes)


def test_rapid_event_gets_no_dwz_and_rapid_fide_rules():
    result = evaluate(_tournament(time_control="rapid"))
    assert not result.dwz_rated
    assert all(p.dwz_after is None and p.status == "not-rated" for p in result.players)
    assert "rapid" in result.warnings[0]
    elo = result.players[0].elo
    assert elo is not None and elo.rapid_blitz
    standard = evaluate(_tournament())
    assert standard.dwz_rated and all(p.dwz_after is not None for p in standard.players)
    assert not standard.players[0].elo.rapid_blitz


def test_not_dwz_rated_needs_no_end_date():
    result = evaluate(_tournament(rated_for_dwz=False, end_date=None, rated_for_fide=False))
    assert not result.dwz_rated and result.complete


def test_index_range_only_for_unknown_index_and_contains_the_rule_value():
    result = evaluate(_tournament())
    unknown = result.player("1")
    assert unknown.index_range is not None
    assert unknown.index_range.lowest <= unknown.dwz_after <= unknown.index_range.highest
    # unknown index → first K0 column, the same as index 1 (SPEC §3.1)
    assert unknown.index_range.by_index[1] == unknown.dwz_after
    assert result.player("2").index_range is None
    with_index = evaluate(
        _tournament(
            players=tuple(
                dataclasses.replace(p, index=11) if p.id == "1" else p
                for p in _tournament().players
            )
        )
    )
    assert with_index.player("1").dwz_after == unknown.index_range.by_index[11]
    assert "index_range" in result.to_dict()["players"][0]


def test_incomplete_import_and_points_that_differ_make_the_result_incomplete():
    t = _tournament(incomplete=("rounds 1–4 are missing",))
    result = evaluate(t)
    assert not result.complete and result.incomplete == ("rounds 1–4 are missing",)
    data = result.to_dict()
    assert data["complete"] is False and data["incomplete"]
    players = tuple(
        dataclasses.replace(p, points=Fraction(9)) if p.id == "3" else p
        for p in _tournament().players
    )
    wrong = evaluate(_tournament(players=players))
    assert not wrong.complete and "player 3" in wrong.incomplete[0]
    assert evaluate(_tournament()).complete

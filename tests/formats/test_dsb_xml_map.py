"""formats/dsb_map: a tournament → the DSB XML 2.5 report (SPEC §10), never inventing data."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from wertung.formats import dsb_map
from wertung.formats.dsb_map import report_from_tournament, split_name, tournament_uuid
from wertung.importers import load_tournament
from wertung.kernel.errors import InvalidInput
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._model import Bye, Game, Player, Team, Tournament

ROOT = Path(__file__).resolve().parents[2]
ILMENAU = ROOT / "examples" / "ilmenau-open-2024.json"


def _small(**changes: object) -> Tournament:
    t = Tournament(
        name="Open",
        players=(
            Player("a", "Muster, Max", birth_year=1990),
            Player("b", "Weiß, Anna"),
            Player("c", "Solo"),
        ),
        games=(
            Game(1, "a", "b", GameResult.DRAW),
            Game(2, "b", "c", GameResult.WHITE_WINS_FORFEIT),
            Game(3, "c", "a", GameResult.NOT_PLAYED),
        ),
        byes=(Bye(1, "c", Fraction(1), ByeKind.PAIRING), Bye(2, "a", Fraction(1, 2), ByeKind.HALF)),
        rounds=3,
        source="open.trf",
    )
    return dataclasses.replace(t, **changes)


def test_ilmenau_players_games_and_what_is_missing() -> None:
    t = load_tournament(ILMENAU)
    r = report_from_tournament(t)
    assert len(r.players) == 59 and [p.number for p in r.players] == list(range(1, 60))
    assert (r.players[0].surname, r.players[0].forename, r.players[0].birth_year) == (
        "Philipp", "Mathias", 1999)  # fmt: skip
    assert r.rounds == 7 and r.tournament_type == "SW" and r.label == "1. Ilmenauer Open 2024"
    # the source has no place, no start date, no time control: absent, not invented
    assert r.location is None and r.start_date is None and r.time_control is None
    assert r.end_date == dt.date(2024, 11, 3)
    assert r.header is None  # no sender given
    given = report_from_tournament(
        t, location="Ilmenau", start_date=dt.date(2024, 11, 1), time_control="90 min + 30 s",
        sender="Ilmenauer SV", now=lambda: dt.datetime(2024, 11, 4, 9, tzinfo=dt.UTC),
    )  # fmt: skip
    assert (given.location, given.start_date, given.time_control) == (
        "Ilmenau", dt.date(2024, 11, 1), "90 min + 30 s")  # fmt: skip
    assert given.header is not None and given.header.sender == "Ilmenauer SV"
    assert given.header.creation_date.tzinfo is not None
    assert given.tournament_uuid == r.tournament_uuid


def test_games_forfeits_byes_and_unplayed() -> None:
    r = report_from_tournament(_small())
    games = [(g.round, g.white, g.black, g.point_white, g.point_black) for g in r.games]
    assert games == [(1, 1, 2, "0.5", "0.5"), (1, 3, None, "+", "-"), (2, 2, 3, "+", "-"),
                     (2, 1, None, "0.5", "-")]  # fmt: skip
    assert r.players[1].birth_year is None  # never invented
    assert r.players[2].surname == r.players[2].forename == "Solo"


def test_round_dates_give_game_dates_and_the_days_played() -> None:
    days = {1: dt.date(2026, 9, 5), 2: dt.date(2026, 9, 6), 3: dt.date(2026, 9, 7)}
    r = report_from_tournament(_small(), round_dates=days)
    assert r.games[0].date == days[1]
    # round 2 has only a forfeit and a bye, round 3 no result: the last day played is round 1's
    assert (r.start_date, r.end_date) == (days[1], days[1])


def test_uuid_is_stable_and_follows_the_source_identity() -> None:
    t = _small()
    first = tournament_uuid(t)
    # a corrected export (other results, a birth year added) keeps it
    corrected = dataclasses.replace(t, games=t.games[:1], players=(
        dataclasses.replace(t.players[0], birth_year=1991), *t.players[1:]))  # fmt: skip
    assert tournament_uuid(corrected) == first
    assert tournament_uuid(dataclasses.replace(t, source="/elsewhere/open.trf")) == first
    assert tournament_uuid(dataclasses.replace(t, name="Other")) != first
    link = "https://chess-results.com/tnr123456.aspx?lan=1"
    a = tournament_uuid(dataclasses.replace(t, source=link))
    b = tournament_uuid(
        dataclasses.replace(t, name="renamed", source=link.replace("lan=1", "lan=0"))
    )
    assert a == b != first
    given = "6F1C3A52-8D0E-4C7B-9A3E-2B5D7E9F1A40"
    assert tournament_uuid(t, given=given) == given.lower()
    read_back = dataclasses.replace(t, source=f"urn:uuid:{given.lower()}")
    assert tournament_uuid(read_back) == given.lower()
    with pytest.raises(InvalidInput) as caught:
        tournament_uuid(t, given="not-a-uuid")
    assert caught.value.code == "dsbxml.uuid"


def test_tournament_type() -> None:
    assert report_from_tournament(_small(games=_small().games[:1])).tournament_type == "SW"
    with pytest.raises(InvalidInput) as caught:
        report_from_tournament(_small(), tournament_type="XX")
    assert caught.value.code == "dsbxml.tournament_type"
    assert report_from_tournament(_small(), tournament_type="sc-h").tournament_type == "SC-H"
    players = tuple(Player(x, x, team=x[0]) for x in ("a1", "a2", "b1", "b2"))
    teams = (Team("a", "A", ("a1", "a2")), Team("b", "B", ("b1", "b2")))
    games = (Game(1, "a1", "b1", GameResult.WHITE_WINS), Game(1, "b2", "a2", GameResult.DRAW))
    team_event = Tournament(players=players, teams=teams, games=games, rounds=1)
    assert report_from_tournament(team_event).tournament_type == "TR"
    three = (*teams, Team("c", "C", ()))
    assert (
        report_from_tournament(dataclasses.replace(team_event, teams=three)).tournament_type == "TW"
    )


def test_split_name() -> None:
    assert split_name("Gib,David") == ("Gib", "David")
    assert split_name("  de la  Cruz ,  Juan Carlos ") == ("de la Cruz", "Juan Carlos")
    assert split_name("Carlsen, ") == ("Carlsen", "Carlsen")
    assert split_name("") == ("", "")


def test_dsb_list_fills_only_what_is_missing_and_names_it() -> None:
    t = _small(players=(
        Player("a", "Muster, Max", birth_year=1990, zps="C0327", member_number="12"),
        Player("b", "Weiß, Anna"),
        Player("c", "Solo", zps="C0327-1", fide_id="0", member_number="123456"),
    ))  # fmt: skip
    rows = {
        "a": SimpleNamespace(birth_year=1989, pkz="NU1", zps="X9999", member_no="7", sex="M"),
        "b": SimpleNamespace(birth_year=2001, pkz="NU2", zps="C0327", member_no="0044",
                             club="SV Ilmenau", sex="W", fide_id="4711"),
    }  # fmt: skip
    r = report_from_tournament(t, dsb_list=lambda p: rows.get(p.id))
    a, b, c = r.players
    assert (a.birth_year, a.dsb_id, a.zps, a.member_number, a.sex) == (
        1990,
        "NU1",
        "C0327",
        12,
        "m",
    )
    assert (b.birth_year, b.zps, b.member_number, b.club, b.fide_id, b.sex) == (
        2001, "C0327", 44, "SV Ilmenau", 4711, "w")  # fmt: skip
    assert (c.zps, c.member_number, c.fide_id) == (None, None, None)
    notes = "\n".join(r.made_notes)
    assert "player 2 (Weiß, Anna): birth year 2001 from the DSB list" in notes
    assert "player 1 (Muster, Max): PKZ NU1 from the DSB list" in notes
    assert "club code 'C0327-1' is not 5 letters or digits" in notes
    assert "member number '123456' is not a number from 1 to 99999" in notes
    assert "birth year 1989" not in notes  # the source's own year stays


def test_made_notes_are_in_the_catalogue() -> None:
    from wertung.catalogue import render

    t = _small(players=(Player("a", "Muster, Max"), Player("b", "Weiß, Anna"), Player("c", "S")))
    rows = {"a": SimpleNamespace(birth_year=1989, pkz="NU1", zps="C0327", member_no="7")}
    r = report_from_tournament(t, dsb_list=lambda p: rows.get(p.id))
    assert (
        render(r.made_notes[0], "de")
        == "Spieler 1 (Muster, Max): Geburtsjahr 1989 aus der DSB-Liste"
    )
    assert all(render(n, "de") != n for n in r.made_notes)


def test_public_names() -> None:
    assert set(dsb_map.__all__) <= set(dir(dsb_map))

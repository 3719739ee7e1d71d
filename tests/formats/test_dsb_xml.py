"""formats/dsb_xml: every real sample exported as DSB XML 2.5, valid against the DSB's
schema (and against a copy whose key/keyref work), read back to the same players, games
and evaluation (SPEC §10, issue 20)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import uuid

import pytest
from dsb_xml_samples import (
    SAMPLES,
    evaluation_view,
    filled_options,
    games_view,
    load,
    player_view,
    schema_errors,
    with_ratings_of,
)
from lxml import etree

from wertung import evaluate
from wertung.formats import dsb_map, dsb_xml
from wertung.formats.dsb_report import NAMESPACE, Report, ReportGame, ReportHeader, ReportPlayer
from wertung.kernel.errors import WertungError
from wertung.tournament._model import Player

NAMES = list(SAMPLES)


@pytest.fixture(scope="module")
def loaded() -> dict:
    return {name: load(name) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_every_sample_exports_valid_once_the_missing_facts_are_given(loaded, name) -> None:
    tournament, options = filled_options(loaded[name])
    report = dsb_map.report_from_tournament(tournament, sender="Turnierleitung", **options)
    data = dsb_xml.write(report)
    assert schema_errors(data) == []
    assert schema_errors(data, prefixed=True) == []  # numbers unique, every game's players known
    assert data.startswith(b"<?xml version='1.0' encoding='UTF-8'?>")
    data.decode("utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_as_the_source_has_it_only_missing_facts_make_it_invalid(loaded, name) -> None:
    # Nothing is invented: what the schema then misses is exactly what the source lacks.
    report = dsb_map.report_from_tournament(loaded[name])
    errors = schema_errors(dsb_xml.write(report), prefixed=True)
    lacking = {"timecontrol": report.time_control, "startDate": report.start_date,
               "endDate": report.end_date, "location": report.location}  # fmt: skip
    for error in errors:
        assert "Missing child element" in error or "is not expected" in error, error
        assert any(f"{{{NAMESPACE}}}{el}" in error for el in ("dobYear", *lacking)), error
    if not errors:
        assert all(p.birth_year for p in report.players) and all(lacking.values())
    birthless = sum(p.birth_year is None for p in report.players)
    assert sum("dobYear" in e for e in errors) == birthless


@pytest.mark.parametrize("name", NAMES)
def test_read_back_gives_the_same_players_and_games(loaded, name) -> None:
    original = loaded[name]
    data = dsb_xml.write(dsb_map.report_from_tournament(original))
    back = dsb_xml.load(data)
    assert len(back.players) == len(original.players)
    assert [player_view(p) for p in back.players] == [player_view(p) for p in original.players]
    assert games_view(back) == games_view(original)
    assert (back.name, back.rounds) == (original.name, original.round_count())
    assert back.incomplete == ()


@pytest.mark.parametrize("name", NAMES)
def test_read_back_gives_the_same_evaluation_once_the_ratings_are_there(loaded, name) -> None:
    original = loaded[name]
    if original.end_date is None or not original.complete:
        pytest.skip("the source itself is not evaluated without more input")
    try:
        expected = evaluate(original)
    except WertungError:
        pytest.skip("the source itself is not evaluated as it stands")
    back = dsb_xml.load(dsb_xml.write(dsb_map.report_from_tournament(original)))
    assert evaluation_view(evaluate(with_ratings_of(back, original))) == evaluation_view(expected)


def test_the_ilmenau_open_as_the_issue_asks(loaded) -> None:
    original = loaded["ilmenau-open-2024.json"]
    report = dsb_map.report_from_tournament(
        original, location="Ilmenau", start_date=dt.date(2024, 11, 1),
        time_control="90 min + 30 s/Zug", sender="Ilmenauer SV",
    )  # fmt: skip
    data = dsb_xml.write(report)
    assert schema_errors(data, prefixed=True) == []
    back = dsb_xml.load(data)
    assert len(back.players) == 59
    assert games_view(back) == games_view(original)
    assert (back.place, back.start_date, back.end_date) == ("Ilmenau", dt.date(2024, 11, 1),
                                                             dt.date(2024, 11, 3))  # fmt: skip


def test_tournament_uuid_stays_and_file_uuid_is_new_for_each_export(loaded) -> None:
    original = loaded["SwissIndividual.SWT"]
    first = dsb_map.report_from_tournament(original, sender="a")
    second = dsb_map.report_from_tournament(original, sender="a")
    assert first.tournament_uuid == second.tournament_uuid
    assert first.header.file_uuid != second.header.file_uuid
    one, two = etree.fromstring(dsb_xml.write(first)), etree.fromstring(dsb_xml.write(second))
    ns = {"d": NAMESPACE}
    assert one.findtext("d:tournament/d:tournamentUUID", namespaces=ns) == first.tournament_uuid
    assert one.findtext("d:header/d:fileUUID", namespaces=ns) != two.findtext(
        "d:header/d:fileUUID", namespaces=ns
    )
    # a resend of the same file keeps its fileUUID; the file read back keeps the tournament's
    assert dsb_xml.write(first) == dsb_xml.write(first)
    back = dsb_xml.load(dsb_xml.write(first))
    assert dsb_map.report_from_tournament(back).tournament_uuid == first.tournament_uuid
    # a corrected source (a result changed) keeps the tournamentUUID
    corrected = dataclasses.replace(original, games=original.games[1:])
    assert dsb_map.report_from_tournament(corrected).tournament_uuid == first.tournament_uuid
    uuid.UUID(first.tournament_uuid)


def _report(*players: ReportPlayer, games: tuple[ReportGame, ...] = (), **fields) -> Report:
    base = dict(
        tournament_uuid="0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11", label="Open",
        tournament_type="SW", time_control="90 min + 30 s", rounds=1,
        start_date=dt.date(2026, 9, 1), end_date=dt.date(2026, 9, 1), location="Ilmenau",
        players=players, games=games or (ReportGame(1, 1, 2, "1", "0"),),
    )  # fmt: skip
    base.update(fields)
    return Report(**base)


def test_names_with_markup_characters_quotes_and_umlauts() -> None:
    odd = (
        "O'Brien & Söhne",
        'Anna "Nina" <Maria>',
        "Ærøskøbing ]]> ẞtraße",
        "Müller\x01Lüdenscheidt",
    )
    report = _report(
        ReportPlayer(1, odd[0], odd[1], 1990, club="SV <Rot> & 'Weiß'"),
        ReportPlayer(2, odd[2], odd[3], 2001),
        label='Open "A&B" <2026>', location="Köln & Umgebung", notes="a < b\n& c",
    )  # fmt: skip
    data = dsb_xml.write(report)
    assert schema_errors(data, prefixed=True) == []
    assert b"&amp;" in data and b"&lt;" in data and "Söhne".encode() in data
    back = dsb_xml.read(data)
    assert (back.players[0].surname, back.players[0].forename) == odd[:2]
    assert (back.players[1].surname, back.players[1].forename) == (odd[2], "MüllerLüdenscheidt")
    assert back.players[0].club == "SV <Rot> & 'Weiß'"
    assert (back.label, back.location, back.notes) == ('Open "A&B" <2026>', "Köln & Umgebung",
                                                       "a < b\n& c")  # fmt: skip


def test_header_creation_date_is_a_datetime_with_the_users_offset() -> None:
    zone = dt.timezone(dt.timedelta(hours=2))
    header = ReportHeader(dt.datetime(2026, 9, 1, 20, 15, 7, 123456, tzinfo=zone), "me", "wertung",
                          "c72222d0-d3bc-447a-9f48-7be7336f16a4")  # fmt: skip
    report = _report(
        ReportPlayer(1, "A", "B", 1990), ReportPlayer(2, "C", "D", 1991), header=header
    )
    data = dsb_xml.write(report)
    assert b"<creationDate>2026-09-01T20:15:07+02:00</creationDate>" in data
    assert schema_errors(data) == []
    again = dsb_xml.write(report, file_uuid="11111111-2222-3333-4444-555555555555",
                          created=dt.datetime(2026, 9, 2, 8, tzinfo=dt.UTC), notes="written with errors")  # fmt: skip
    assert b"<fileUUID>11111111-2222-3333-4444-555555555555</fileUUID>" in again
    assert b"<creationDate>2026-09-02T08:00:00+00:00</creationDate>" in again
    assert dsb_xml.read(again).notes == "written with errors"
    assert dsb_xml.read(again).header.creation_date == dt.datetime(2026, 9, 2, 8, tzinfo=dt.UTC)


def test_element_order_is_the_schemas() -> None:
    report = _report(
        ReportPlayer(1, "A", "B", 1990, dsb_id="NU1", birth_date=dt.date(1990, 5, 1), zps="C0327",
                     member_number=12, club="SV", fide_id=4711, fide_rating=2100, sex="w"),
        ReportPlayer(2, "C", "D", 1991),
        games=(ReportGame(1, 1, 2, "0.5", "0.5", date=dt.date(2026, 9, 1)),
               ReportGame(1, None, 1, "-", "+")),
        url="https://example.org/open", notes="n", age_class="U12",
    )  # fmt: skip
    data = dsb_xml.write(report)
    assert schema_errors(data, prefixed=True) == []
    back = dsb_xml.read(data)
    assert back.players == report.players and back.games == report.games
    assert (back.url, back.notes, back.age_class) == ("https://example.org/open", "n", "U12")


def test_the_fixed_schema_catches_what_the_published_one_misses() -> None:
    report = _report(ReportPlayer(1, "A", "B", 1990), ReportPlayer(1, "C", "D", 1991),
                     games=(ReportGame(1, 1, 7, "1", "0"),))  # fmt: skip
    data = dsb_xml.write(report)
    assert schema_errors(data) == []  # the published schema's key/keyref match nothing
    errors = " ".join(schema_errors(data, prefixed=True))
    assert "playerKey" in errors or "Duplicate key" in errors


def test_missing_birth_year_is_not_written() -> None:
    report = _report(ReportPlayer(1, "A", "B", None), ReportPlayer(2, "C", "D", 1991))
    data = dsb_xml.write(report)
    assert b"1900" not in data and data.count(b"<dobYear>") == 1
    assert dsb_xml.read(data).players[0].birth_year is None


def test_map_and_write_a_team_event(loaded) -> None:
    t = loaded["fxj_swiss_team_93players.TUMX"]
    report = dsb_map.report_from_tournament(t)
    assert report.tournament_type == "TW"
    assert t.teams and len(report.games) >= len(t.games)
    assert all(isinstance(p, ReportPlayer) for p in report.players)


def test_player_in_model_keeps_ids_for_the_check() -> None:
    t_players = (Player("x7", "A, B", birth_year=1990), Player("y9", "C, D", birth_year=1990))
    from wertung.kernel.results import GameResult
    from wertung.tournament._model import Game, Tournament

    t = Tournament(players=t_players, games=(Game(1, "x7", "y9", GameResult.BLACK_WINS),))
    report = dsb_map.report_from_tournament(t)
    assert [(p.number, p.player_id) for p in report.players] == [(1, "x7"), (2, "y9")]
    assert report.games[0] == ReportGame(1, 1, 2, "0", "1")

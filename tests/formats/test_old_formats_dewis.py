"""formats/dewis_xml: the older DeWIS XML file (root ``<dewis>``) a rating officer receives.

No real DeWIS XML file is public: every file here is built from the layout description
(``tests/support/old_format_fixtures.py`` says where it comes from), not a real file.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from old_format_fixtures import dewis_from_tournament, sample_dewis, sample_swi

from wertung.catalogue import UNTRANSLATED, message_for, render
from wertung.formats import dewis_xml, dsb_xml, swi
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import GameResult as R
from wertung.tournament._model import Bye, Game, Player, Team, Tournament


def _games(t: Tournament) -> list[tuple[int, str, str, R]]:
    return sorted((g.round, g.white, g.black, g.result) for g in t.games)


def test_the_sample_reads_to_its_players_games_byes_and_forfeits() -> None:
    t = dewis_xml.parse(sample_dewis(), source="herbst.xml")
    same = swi.parse(sample_swi())
    assert t.name == "Herbstopen Ilmenau 2026" and t.rounds == 5 and t.complete
    assert (t.start_date, t.end_date) == (dt.date(2026, 9, 6), dt.date(2026, 9, 8))
    assert _games(t) == _games(same) and len(t.games) == 14
    assert t.byes == (Bye(2, "5", Fraction(1)),)
    assert [(p.id, p.name, p.dwz, p.birth_year, p.birth_date, p.pkz, p.zps, p.member_number, p.club)
            for p in t.players] == [
        (p.id, p.name, p.dwz, p.birth_year, p.birth_date, p.pkz, p.zps, p.member_number, p.club)
        for p in same.players]  # fmt: skip
    assert t.notes == ("read as an older DeWIS XML file (root <dewis>, superseded by DSB XML 2.5)",)
    assert render(t.notes[0], "de").startswith("gelesen als ältere DeWIS-XML-Datei")


def test_a_team_section_gives_the_teams() -> None:
    players = tuple(Player(str(n), f"S{n}, V") for n in range(1, 5))
    t = Tournament(name="Liga", players=players, games=(Game(1, "1", "3", R.WHITE_WINS),
                   Game(1, "4", "2", R.DRAW)), rounds=1, end_date=dt.date(2026, 1, 1),
                   teams=(Team("1", "SV A & B", ("1", "2")), Team("2", "SK C", ("3", "4"))))  # fmt: skip
    back = dewis_xml.parse(dewis_from_tournament(t, kind="TR"))
    assert back.teams == t.teams and [p.team for p in back.players] == ["1", "1", "2", "2"]


def test_an_unknown_element_is_named_and_not_read() -> None:
    t = dewis_xml.parse(dewis_from_tournament(swi.parse(sample_swi()), extra_player="<sex>m</sex>"))
    unknown = [n for n in t.notes if "<sex>" in n]
    assert len(unknown) == 1 and unknown[0].startswith("line ")
    assert "das wertung nicht kennt" in render(unknown[0], "de")


@pytest.mark.parametrize(
    ("game", "reason"),
    [
        (
            "<round>6</round><noWhite>1</noWhite><noBlack>2</noBlack><result>½:0</result>",
            "round 6: the game 1-2 has the result ½:0, which wertung cannot evaluate; it is left out",
        ),
        (
            "<round>6</round><noWhite>1</noWhite><noBlack>2</noBlack><result>0:-</result>",
            "round 6: the game 1-2 has the result 0:-, which wertung cannot evaluate",
        ),
        (
            "<round>6</round><noWhite>1</noWhite><noBlack>9</noBlack><result>1:0</result>",
            "round 6: the game 1-9 names start number 9, which no player has; it is left out",
        ),
        (
            "<round>1</round><noWhite>1</noWhite><noBlack>6</noBlack><result>1:0</result>",
            "player 1 is paired twice in round 1 (first in line",
        ),
    ],
)
def test_what_no_rule_evaluates_is_left_out_and_named(game: str, reason: str) -> None:
    data = dewis_from_tournament(swi.parse(sample_swi()), games_extra=[f"<game>{game}</game>"])
    t = dewis_xml.parse(data)
    assert len(t.games) == 14 and len(t.incomplete) == 1 and reason in t.incomplete[0]
    assert message_for(t.incomplete[0]).code != UNTRANSLATED
    assert "bleibt weg" in render(t.incomplete[0], "de")


def test_a_game_without_result_is_not_played() -> None:
    game = "<game><round>6</round><noWhite>1</noWhite><noBlack>2</noBlack><result></result></game>"
    t = dewis_xml.parse(dewis_from_tournament(swi.parse(sample_swi()), games_extra=[game]))
    assert t.complete and len(t.games) == 14
    assert any("the game 1-2 has no result (not played)" in n for n in t.notes)


def _error(data: bytes) -> FormatError:
    with pytest.raises(FormatError) as caught:
        dewis_xml.parse(data)
    return caught.value


@pytest.mark.parametrize(
    ("old", "new", "code", "element", "german"),
    [
        ("<dob>1961</dob>", "<dob>61</dob>", "dewis.not_dob", "dob", "'61' ist kein Jahr (JJJJ)"),
        (
            "<rating>2080</rating>",
            "<rating>zwei</rating>",
            "dewis.not_rating",
            "rating",
            "'zwei' ist keine",
        ),
        (
            "<noPlayer>2</noPlayer>",
            "<noPlayer>x</noPlayer>",
            "dsbxml.not_positive",
            "noPlayer",
            "'x' ist keine",
        ),
        (
            "<result>½:½</result>",
            "<result>1:1:1</result>",
            "dewis.not_result",
            "result",
            "'1:1:1' ist kein Ergebnis",
        ),
        (
            "<endDate>2026-09-08</endDate>",
            "<endDate>8.9.26</endDate>",
            "dsbxml.not_date",
            "endDate",
            "kein Datum",
        ),
        (
            "<noPlayer>2</noPlayer>",
            "<noPlayer>1</noPlayer>",
            "dsbxml.number_twice",
            "player",
            "zweimal vergeben",
        ),
        (
            "<noPlayer>2</noPlayer>",
            "",
            "dewis.player_lacks",
            "player",
            "Dem Spieler fehlt <noPlayer>",
        ),
    ],
)
def test_what_cannot_be_read_names_line_and_element(
    old: str, new: str, code: str, element: str, german: str
) -> None:
    data = sample_dewis().decode()
    assert old in data
    error = _error(data.replace(old, new, 1).encode())
    assert error.code == code and error.where["element"] == element and error.where["line"] > 1
    assert error.message.startswith(f"line {error.where['line']}, element <{element}>: ")
    assert german in render(error, "de") and render(error, "de").startswith("Zeile ")


def test_not_xml_another_root_and_empty() -> None:
    assert _error(b"<dewis><playerSection>").code == "dsbxml.not_xml"
    error = _error(b'<?xml version="1.0"?><turnier/>')
    assert error.code == "dewis.root" and "keine DeWIS-XML-Datei" in render(error, "de")
    assert _error(b"  ").code == "file.empty"
    assert _error(b"<dewis><tournamentSection/></dewis>").code == "dsbxml.no_section"


def test_dsb_xml_still_names_a_dewis_file_for_what_it_is() -> None:
    with pytest.raises(FormatError, match="older DeWIS XML"):
        dsb_xml.read(sample_dewis())


def test_no_entity_is_resolved() -> None:
    bomb = (b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'
            b"<dewis><playerSection><players><player><noPlayer>1</noPlayer><surname>&b;</surname>"
            b"</player></players></playerSection></dewis>")  # fmt: skip
    try:
        t = dewis_xml.parse(bomb)
    except WertungError:
        return
    assert "aaaa" not in t.players[0].name


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.binary(max_size=1500))
def test_arbitrary_bytes_raise_only_our_errors(data: bytes) -> None:
    try:
        dewis_xml.parse(data)
    except WertungError as error:
        assert error.code != UNTRANSLATED, error.message


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data())
def test_a_mutated_file_raises_only_our_errors(data: st.DataObject) -> None:
    raw = bytearray(sample_dewis())
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "delete", "insert"]))
        byte = data.draw(st.sampled_from(list(b" 0123456789<>/:+-x")))
        if action == "flip":
            raw[at] = byte
        elif action == "delete":
            del raw[at]
        else:
            raw.insert(at, byte)
    try:
        t = dewis_xml.parse(bytes(raw))
    except WertungError as error:
        assert error.code != UNTRANSLATED, error.message
    else:
        for text in (*t.notes, *t.incomplete):
            assert message_for(text).code != UNTRANSLATED, text

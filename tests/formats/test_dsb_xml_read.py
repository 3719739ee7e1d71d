"""formats/_dsb_xml_read: DSB XML 2.5 files as a rating officer receives them (wertung's and
other writers', with or without a namespace prefix); every reading error names its line
and element, in German too; arbitrary and mutated bytes raise only wertung's errors."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.catalogue import render
from wertung.formats import dsb_xml
from wertung.importers import load_tournament, sniff_bytes, source_kind
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import GameResult

#: A file as another writer makes it: the ``ns:`` prefix, CLM's creationDate (not an
#: xs:dateTime), elements out of the schema's order, whitespace around values, a comment.
PREFIXED = """<?xml version="1.0" encoding="UTF-8"?>
<!-- written by another program -->
<ns:DSB_DWZ_TournamentReport xmlns:ns="http://www.schachbund.de/XMLSchema" version="2.5">
  <ns:header>
    <ns:creationDate>01.09.2026 20:15</ns:creationDate>
    <ns:sender>Staffelleiter</ns:sender>
    <ns:system>CLM</ns:system>
    <ns:fileUUID>C72222D0-D3BC-447A-9F48-7BE7336F16A4</ns:fileUUID>
  </ns:header>
  <ns:tournament>
    <ns:tournamentUUID>0B7E2C1E-4B7A-5D2F-9A57-3F1F7C0D9A11</ns:tournamentUUID>
    <ns:label>Bezirksliga &amp; Kreisklasse</ns:label>
    <ns:tournamentType>TR</ns:tournamentType>
    <ns:timecontrol>90/40 + 30</ns:timecontrol>
    <ns:rounds> 9 </ns:rounds>
    <ns:location>Thüringen</ns:location>
    <ns:startDate>2025-09-14</ns:startDate>
    <ns:endDate>2026-04-26</ns:endDate>
  </ns:tournament>
  <ns:players>
    <ns:player>
      <ns:tournamentPlayerNumber>1</ns:tournamentPlayerNumber>
      <ns:dsbId>NU4005017</ns:dsbId>
      <ns:surname>Müller</ns:surname>
      <ns:forename>Jörg</ns:forename>
      <ns:dobYear>1961</ns:dobYear>
      <ns:vkz>C0327</ns:vkz>
      <ns:numberClubMember>0012</ns:numberClubMember>
      <ns:club>SV Ilmenau</ns:club>
    </ns:player>
    <ns:player>
      <ns:tournamentPlayerNumber>2</ns:tournamentPlayerNumber>
      <ns:surname>Weiß</ns:surname>
      <ns:forename>Anna</ns:forename>
      <ns:dobYear>2001</ns:dobYear>
      <ns:sex>w</ns:sex>
    </ns:player>
    <ns:player>
      <ns:tournamentPlayerNumber>3</ns:tournamentPlayerNumber>
      <ns:surname>###COMPUTER###</ns:surname>
      <ns:forename>###COMPUTER###</ns:forename>
      <ns:dobYear>2020</ns:dobYear>
    </ns:player>
  </ns:players>
  <ns:games>
    <ns:game>
      <ns:round>1</ns:round>
      <ns:date>2025-09-14</ns:date>
      <ns:tournamentPlayerNumberWhite>1</ns:tournamentPlayerNumberWhite>
      <ns:tournamentPlayerNumberBlack>2</ns:tournamentPlayerNumberBlack>
      <ns:pointWhite>0.5</ns:pointWhite>
      <ns:pointBlack>0.5</ns:pointBlack>
    </ns:game>
    <ns:game>
      <ns:round>2</ns:round>
      <ns:tournamentPlayerNumberWhite>2</ns:tournamentPlayerNumberWhite>
      <ns:noneBlackPlayer>true</ns:noneBlackPlayer>
      <ns:pointWhite>+</ns:pointWhite>
      <ns:pointBlack>-</ns:pointBlack>
    </ns:game>
    <ns:game>
      <ns:round>2</ns:round>
      <ns:tournamentPlayerNumberWhite>1</ns:tournamentPlayerNumberWhite>
      <ns:tournamentPlayerNumberBlack>3</ns:tournamentPlayerNumberBlack>
      <ns:pointWhite>-</ns:pointWhite>
      <ns:pointBlack>-</ns:pointBlack>
    </ns:game>
  </ns:games>
</ns:DSB_DWZ_TournamentReport>
"""

PLAIN = PREFIXED.replace("ns:", "").replace("xmlns:ns=", "xmlns=")


@pytest.mark.parametrize("text", [PREFIXED, PLAIN, PLAIN.replace(
    ' xmlns="http://www.schachbund.de/XMLSchema"', "")], ids=["prefix", "default", "none"])  # fmt: skip
def test_other_writers_file_with_or_without_prefix(text: str) -> None:
    report = dsb_xml.read(text.encode("utf-8"))
    assert report.tournament_uuid == "0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11"
    assert (report.label, report.rounds, report.location) == (
        "Bezirksliga & Kreisklasse",
        9,
        "Thüringen",
    )
    assert report.header is None  # CLM's creationDate: the header is left, the file is read
    assert "01.09.2026 20:15" in report.made_notes[0]
    first = report.players[0]
    assert (first.surname, first.forename, first.dsb_id, first.zps, first.member_number) == (
        "Müller", "Jörg", "NU4005017", "C0327", 12)  # fmt: skip
    assert report.games[0].date == dt.date(2025, 9, 14) and report.games[0].line is not None
    t = dsb_xml.tournament_from_report(report)
    assert [p.name for p in t.players] == ["Müller, Jörg", "Weiß, Anna", "###COMPUTER###"]
    assert [g.result for g in t.games] == [GameResult.DRAW, GameResult.DOUBLE_FORFEIT]
    assert [(b.round, b.player, b.points) for b in t.byes] == [(2, "2", 1)]


def test_recognised_by_content_and_by_suffix(tmp_path: Path) -> None:
    data = PREFIXED.encode("utf-8")
    assert sniff_bytes(data) == "dsb-xml"
    assert sniff_bytes(b"\xef\xbb\xbf" + PLAIN.encode()) == "dsb-xml"
    assert sniff_bytes(b"<html><p>DSB_DWZ_TournamentReport</p></html>") == "html"
    assert source_kind("Meldung.XML") == "dsb-xml"
    unnamed = tmp_path / "meldung"  # no suffix: by content
    unnamed.write_bytes(data)
    assert load_tournament(str(unnamed)).name == "Bezirksliga & Kreisklasse"
    named = tmp_path / "meldung.xml"
    named.write_bytes(data)
    assert len(load_tournament(named).players) == 3


def _error(text: str) -> FormatError:
    with pytest.raises(FormatError) as caught:
        dsb_xml.load(text.encode("utf-8"))
    return caught.value


@pytest.mark.parametrize(
    ("change", "expected", "line"),
    [
        (
            ("<rounds> 9 </rounds>", "<rounds>neun</rounds>"),
            "element <rounds>: 'neun' is not a whole number",
            15,
        ),
        (("<dobYear>1961", "<dobYear>61"), "element <dobYear>: '61' is not a year (YYYY)", 26),
        (("<pointWhite>+", "<pointWhite>2"), "element <pointWhite>: '2' is not a point value", 58),
        (("<sex>w</sex>", "<sex>f</sex>"), "element <sex>: 'f' is not a sex (m or w)", 36),
        (
            ("<endDate>2026-04-26", "<endDate>2026-02-30"),
            "'2026-02-30' is not a date (YYYY-MM-DD)",
            18,
        ),
        (
            ("<club>SV Ilmenau</club>", "<clubName>SV Ilmenau</clubName>"),
            "element <clubName>: <player> has no element <clubName> in DSB XML 2.5",
            29,
        ),
        (
            ("<surname>Weiß</surname>", "<surname>Weiß</surname><surname>X</surname>"),
            "<surname> is given twice (first in line 33)",
            33,
        ),
        (
            ("<noneBlackPlayer>true</noneBlackPlayer>", ""),
            "the game has neither <tournamentPlayerNumberBlack> nor <noneBlackPlayer>",
            54,
        ),
        (
            ("<tournamentType>TR</tournamentType>", "<tournamentType>Liga</tournamentType>"),
            "'Liga' is not a tournament type (SR, SW",
            13,
        ),
        (
            ("<tournamentUUID>0B7E2C1E-4B7A-5D2F-9A57-3F1F7C0D9A11", "<tournamentUUID>42"),
            "'42' is not a UUID",
            11,
        ),
        (
            ("<label>Bezirksliga &amp; Kreisklasse</label>", "<label>A & B</label>"),
            "the file is not well-formed XML",
            12,
        ),
        (
            ("<tournamentPlayerNumberBlack>3<", "<tournamentPlayerNumberBlack>9<"),
            "round 2: the game names start number 9, which no player has",
            61,
        ),
        (
            ("<tournamentPlayerNumber>3<", "<tournamentPlayerNumber>2<"),
            "the start number 2 is given twice (players Weiß, Anna and ###COMPUTER###)",
            38,
        ),
    ],
)
def test_errors_name_line_and_element(change: tuple[str, str], expected: str, line: int) -> None:
    error = _error(PLAIN.replace(*change))
    assert expected in error.message
    assert error.where.get("line") == line and error.message.startswith(f"line {line}")
    german = render(error, "de")
    assert german != error.message and f"Zeile {line}" in german, german
    assert error.code != "untranslated"


def test_wrong_files() -> None:
    dewis = _error('<?xml version="1.0"?><dewis><turnier/></dewis>')
    assert "older DeWIS XML file" in dewis.message
    assert "Wurzel" in render(dewis, "de")
    other = _error("<html><body/></html>")
    assert "the root element is <html>" in other.message
    foreign = _error('<DSB_DWZ_TournamentReport xmlns="urn:other"/>')
    assert "namespace 'urn:other'" in foreign.message
    assert "has no <tournament> element" in _error("<DSB_DWZ_TournamentReport/>").message
    assert _error("   ").message == "the file is empty"


def test_no_external_entities_or_dtd_are_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("geheim")
    text = PLAIN.replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE x [<!ENTITY e SYSTEM "file://{secret}">]>',
    ).replace("<club>SV Ilmenau</club>", "<club>&e;</club>")
    try:
        report = dsb_xml.read(text.encode())
    except FormatError:
        return
    assert "geheim" not in (report.players[0].club or "")


def test_results_wertung_cannot_evaluate_make_the_tournament_incomplete() -> None:
    text = PLAIN.replace("<pointWhite>0.5</pointWhite>\n      <pointBlack>0.5",
                         "<pointWhite>1</pointWhite>\n      <pointBlack>1")  # fmt: skip
    report = dsb_xml.read(text.encode())
    assert (report.games[0].point_white, report.games[0].point_black) == ("1", "1")  # for the check
    t = dsb_xml.tournament_from_report(report)
    assert not t.complete
    assert (
        "round 1: the game 1-2 has the result 1:1, which wertung cannot evaluate" in t.incomplete[0]
    )
    assert "Runde 1" in render(t.incomplete[0], "de")


def test_missing_required_fields_are_none_for_the_check() -> None:
    text = PLAIN.replace("<location>Thüringen</location>", "").replace(
        "<dobYear>2001</dobYear>", ""
    )
    report = dsb_xml.read(text.encode())
    assert report.location is None and report.players[1].birth_year is None


# ------------------------------------------------------------------------ properties

_ELEMENTS = ["round", "pointWhite", "dobYear", "tournamentPlayerNumber", "rounds", "date",
             "noneBlackPlayer", "vkz", "fideId", "surname", "player", "game", "tournament"]  # fmt: skip


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_arbitrary_bytes_raise_only_our_errors(data: bytes) -> None:
    try:
        dsb_xml.load(data)
    except WertungError as error:
        assert error.code != "untranslated", error.message


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, len(PLAIN) - 1), st.integers(0, 30),
                  st.sampled_from(["", "<", ">", "&", "x", "0", "-1", "999999999999999999999",
                                   "</game>", "<game>", '"', "]]>", "\x00", "ä", *_ELEMENTS])),
        min_size=1, max_size=4,
    )
)  # fmt: skip
def test_mutated_files_raise_only_our_errors(edits: list[tuple[int, int, str]]) -> None:
    text = PLAIN
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    try:
        t = dsb_xml.load(text.encode("utf-8", "surrogatepass"))
    except WertungError as error:
        assert error.code != "untranslated", error.message
        return
    assert len(t.players) >= 0


@settings(max_examples=150)
@given(st.sampled_from(_ELEMENTS), st.text(max_size=12))
def test_any_value_in_any_element_raises_only_our_errors(element: str, value: str) -> None:
    from xml.sax.saxutils import escape

    start = PLAIN.find(f"<{element}>")
    end = PLAIN.find(f"</{element}>", start)
    text = PLAIN[: start + len(element) + 2] + escape(value) + PLAIN[end:]
    try:
        dsb_xml.load(text.encode("utf-8", "surrogatepass"))
    except WertungError as error:
        assert error.code != "untranslated", error.message

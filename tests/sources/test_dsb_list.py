"""The DSB rating list: reading the export, loading it into the store, matching players, CLI."""

from __future__ import annotations

import csv
import datetime as dt
import importlib.util
import io
import json
import tracemalloc
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wertung import FormatError, InvalidInput, InvalidRating, Player, Tournament
from wertung.sources.dsb_list import (
    ASSUMPTIONS,
    DSB_LIMITS,
    PROVENANCE_FIELDS,
    ListNotLoaded,
    MatchMethod,
    Provenance,
    club_key,
    clubs_match,
    enrich,
    load_list,
    load_sample,
    name_key,
    read_list,
    sample_path,
    search,
)
from wertung.sources.store import DsbClub, DsbPlayer, Store

DATA = Path(__file__).parents[1] / "data" / "dsb"
HEADER = (
    'ID,ZPS,Mitgliedsnummer,Status,"Name,Vorname",Geschlecht,Spielberechtigung,Geburtsjahr,'
    '"Letzte Auswertung",DWZ,Index,FIDE-Elozahl,FIDE-Titel,FIDE-ID,FIDE-Land,Vorname,Nachname'
)
ROW = 'NU9900001,Z0101,1001,A,"Bäumer,Jürgen",M,D,1968,202614,1843,87,,,,,Jürgen,Bäumer'


def _spec():
    spec = importlib.util.spec_from_file_location("make_sample", DATA / "make_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_sample = _spec()


def _write(path: Path, text: str, encoding: str = "cp1252") -> Path:
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    return path


@pytest.fixture
def store(tmp_path) -> Store:
    store = Store(tmp_path / "store")
    load_list(DATA / "spieler.csv", store=store)
    return store


def _t(*players: Player) -> Tournament:
    return Tournament(name="Test", end_date=dt.date(2026, 9, 1), players=players)


# -- the sample --------------------------------------------------------------------------------


def test_sample_files_are_what_the_generator_writes():
    files = make_sample.build()
    for name, data in files.items():
        assert (DATA / name).read_bytes() == data, f"run tests/data/dsb/make_sample.py ({name})"
    with zipfile.ZipFile(sample_path()) as archive:
        assert {n: archive.read(n) for n in archive.namelist()} == files


def test_sample_is_in_the_dsb_format():
    raw = (DATA / "spieler.csv").read_bytes()
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    assert "Bäumer".encode("cp1252") in raw  # windows-1252, not UTF-8
    first = raw.split(b"\r\n")[0].decode("cp1252")
    assert first.startswith(HEADER)
    assert first.endswith(",FIDE-Frauentitel,FIDE-Elozahl-Schnellschach,FIDE-Elozahl-Blitz")


# -- reading -----------------------------------------------------------------------------------


def test_read_the_zip():
    parsed = read_list(sample_path())
    info = parsed.info
    assert (info.format, info.memberships, info.players, info.clubs) == (
        "wertungsportal", 38, 36, 6,
    )  # fmt: skip
    assert info.list_date == dt.date(2026, 6, 20)  # the time stamp of spieler.csv in the zip
    assert info.newest_evaluation == "202620"
    assert info.source == "LV-0-csv-sample.zip"
    by_name = {p.name: p for p in parsed.players}
    baeumer = by_name["Bäumer,Jürgen"]
    assert (baeumer.dwz, baeumer.index, baeumer.birth_year, baeumer.status) == (1843, 87, 1968, "A")
    assert (baeumer.pkz, baeumer.zps, baeumer.member_no, baeumer.sex) == (
        "NU9900001", "Z0101", "1001", "M",
    )  # fmt: skip
    assert by_name["Krüger,Lena"].dwz is None and by_name["Krüger,Lena"].index is None
    assert by_name["Fröhlich,Bernd"].status == "P"
    simek = by_name["Šimek,Tomáš"]
    assert (simek.fide_id, simek.fide_rating, simek.fide_title, simek.fide_country) == (
        "99000105", 2290, "IM", "CZE",
    )  # fmt: skip
    assert by_name["Hoffmann,Klara"].fide_title == "WFM"
    assert DsbClub("Z0102", "Schachfreunde Bärenfels", "Z", "Z0100") in parsed.clubs


def test_read_plain_csv_with_vereine_beside_it(tmp_path):
    parsed = read_list(DATA / "spieler.csv")
    assert len(parsed.clubs) == 6
    lone = tmp_path / "spieler.csv"
    lone.write_bytes((DATA / "spieler.csv").read_bytes())
    assert read_list(lone).clubs == ()
    assert read_list(lone, clubs=DATA / "vereine.csv").clubs == parsed.clubs
    assert read_list(DATA).info.memberships == 38  # a directory


def test_list_date_from_the_file_name_or_argument(tmp_path):
    target = tmp_path / "LV-0-csv_20260701.zip"
    target.write_bytes(sample_path().read_bytes())
    assert read_list(target).info.list_date == dt.date(2026, 7, 1)
    assert read_list(target, list_date=dt.date(2026, 1, 2)).info.list_date == dt.date(2026, 1, 2)


def test_seventeen_column_export(tmp_path):
    path = _write(tmp_path / "spieler.csv", f"{HEADER}\n{ROW}\n")
    parsed = read_list(path)
    assert parsed.info.format == "wertungsportal"
    assert parsed.players[0].name == "Bäumer,Jürgen"


def test_legacy_dewis_export(tmp_path):
    text = (
        '"ZPS","Mgl-Nr","Status","Spielername","Geschlecht","Spielberechtigung","Geburtsjahr",'
        '"Letzte-Auswertung","DWZ","Index","FIDE-Elo","FIDE-Titel","FIDE-ID","FIDE-Land"\n'
        '"Z0101","201","","Groß,Dr. Friedrich","M","D","1949","201930","1902","210","","","",""\n'
        '"Z0102","302","P","Weiß,Jörg","M","D","1955","","","","1800","FM","99000201","GER"\n'
    )
    parsed = read_list(_write(tmp_path / "spieler.csv", text))
    first, second = parsed.players
    assert parsed.info.format == "dewis"
    assert (first.status, first.dwz, first.index, first.pkz) == ("A", 1902, 210, None)
    assert (second.status, second.dwz, second.fide_rating, second.fide_id) == (
        "P", None, 1800, "99000201",
    )  # fmt: skip


def test_legacy_dewis_v2_export(tmp_path):
    text = (
        "ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,"
        "Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"
        '10001,Z0101,7,,"Bäumer,Jürgen",M,D,1968,202614,1843,87,0,,0,\n'
    )
    parsed = read_list(_write(tmp_path / "spieler.csv", text))
    (row,) = parsed.players
    assert parsed.info.format == "dewis-v2"
    assert (row.pkz, row.zps, row.fide_rating, row.fide_id) == ("10001", "Z0101", None, None)


def test_utf8_with_bom_is_accepted(tmp_path):
    path = tmp_path / "spieler.csv"
    path.write_bytes(b"\xef\xbb\xbf" + f"{HEADER}\r\n{ROW}\r\n".encode())
    assert read_list(path).players[0].name == "Bäumer,Jürgen"


def test_blank_lines_are_skipped(tmp_path):
    path = _write(tmp_path / "spieler.csv", f"{HEADER}\n{ROW}\n\n\n")
    assert read_list(path).info.memberships == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"spieler\.csv is empty"),
        ("a,b,c\n1,2,3\n", r"spieler\.csv line 1: not a DSB player list; missing column"),
        (f"{HEADER}\n{ROW}\nNU1,Z0101,1\n", r"spieler\.csv line 3: 3 fields, the header has 17"),
        (f"{HEADER}\n{ROW.replace('1843', '18x3')}\n", r"line 2: DWZ '18x3' is not a number"),
        (f"{HEADER}\n{ROW.replace('1843', '4100')}\n", r"line 2: DWZ 4100 is out of range"),
        (f"{HEADER}\n{ROW.replace('1968', '1066')}\n", r"line 2: Geburtsjahr 1066 is not a year"),
        (f"{HEADER}\n{ROW.replace(',,,,,', ',,,12x,,')}\n", r"line 2: FIDE-ID '12x'"),
        (f"{HEADER}\n{ROW.replace('Z0101', '')}\n", r"line 2: the ZPS is empty"),
        (f'{HEADER}\n{ROW.replace(chr(34) + "Bäumer,Jürgen" + chr(34), chr(34) + chr(34))}\n',
         r"line 2: the name is empty"),
        (f'{HEADER}\n{ROW}\n{ROW.replace("Jürgen" + chr(34), "Jürgen" + chr(34) + "x")}\n',
         r"line 3: broken CSV"),
    ],
)  # fmt: skip
def test_broken_files_name_the_line(tmp_path, text, message):
    path = _write(tmp_path / "spieler.csv", text)
    with pytest.raises(FormatError, match=message):
        read_list(path)


def test_a_byte_that_is_not_windows_1252_names_the_line(tmp_path):
    path = tmp_path / "spieler.csv"
    path.write_bytes(f"{HEADER}\r\n{ROW}\r\n".encode("cp1252") + b'NU2,Z0101,1,A,"X\x81,Y"\r\n')
    with pytest.raises(FormatError, match=r"line 3: byte 0x81 is not windows-1252") as caught:
        read_list(path)
    assert caught.value.where["line"] == 3


def test_the_club_list_given_as_player_list_is_recognised():
    with pytest.raises(FormatError, match=r"looks like vereine\.csv"):
        read_list(DATA / "vereine.csv")


def test_broken_club_list(tmp_path):
    bad = _write(tmp_path / "vereine.csv", "a,b\n1,2\n")
    with pytest.raises(FormatError, match=r"vereine\.csv line 1: not a DSB club list"):
        read_list(DATA / "spieler.csv", clubs=bad)
    short = _write(
        tmp_path / "v2.csv", "ZPS-Nummer,Landesverband,UebergeordneterVerband,Vereinsname\nZ1,Z\n"
    )
    with pytest.raises(FormatError, match=r"v2\.csv line 2: 2 fields"):
        read_list(DATA / "spieler.csv", clubs=short)


def test_zip_problems(tmp_path):
    empty = tmp_path / "empty.zip"
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("README.txt", "hi")
    with pytest.raises(FormatError, match=r"the archive has no spieler\.csv"):
        read_list(empty)
    damaged = tmp_path / "damaged.zip"
    damaged.write_bytes(sample_path().read_bytes()[:200])
    with pytest.raises(FormatError, match="zip"):
        read_list(damaged)
    with pytest.raises(FormatError, match="no such file"):
        read_list(tmp_path / "missing.zip")
    with pytest.raises(FormatError, match=r"no spieler\.csv"):
        read_list(tmp_path)


def test_errors_inside_the_zip_name_the_member(tmp_path):
    target = tmp_path / "LV-0-csv.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr("spieler.csv", f"{HEADER}\r\n{ROW}\r\nNU2\r\n".encode("cp1252"))
    with pytest.raises(FormatError, match=r"LV-0-csv\.zip: spieler\.csv line 3"):
        read_list(target)


_name_text = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzäöüßÄÖÜéèáàšžABCXYZ -'.", min_size=1, max_size=20
).filter(lambda s: s.strip(" -'.") != "")


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(
        st.tuples(
            _name_text,
            _name_text,
            st.sampled_from(["A", "P"]),
            st.none() | st.integers(1900, 2020),
            st.none() | st.integers(1, 3000),
            st.integers(0, 200),
            st.none() | st.integers(1, 999999999),
        ),
        min_size=1,
        max_size=15,
    )
)
def test_any_written_list_reads_back(tmp_path_factory, rows):
    """What the DSB's writer produces (minimal quoting, cp1252, CRLF) reads back unchanged."""
    header = make_sample.SPIELER_HEADER
    lines: list[list[object]] = [list(header)]
    for i, (last, first, status, born, dwz, index, fide) in enumerate(rows):
        lines.append([
            f"NU{i:07d}", "Z0101", i, status, f"{last},{first}", "M", "D", born or "", "",
            dwz or "", index if dwz else "", "", "", fide or "", "", first, last, "", "", "",
        ])  # fmt: skip
    data = make_sample._csv(lines)
    # Bytes that are valid UTF-8 as well (e.g. "Äš" in cp1252 is "Ě" in UTF-8) are read as
    # UTF-8 by design; a real list always has an umlaut before a plain letter, which is not.
    assume(data.isascii() or not _is_utf8(data))
    path = tmp_path_factory.mktemp("prop") / "spieler.csv"
    path.write_bytes(data)
    parsed = read_list(path).players
    assert [
        (p.name, p.status, p.birth_year, p.dwz, p.index if p.dwz else None) for p in parsed
    ] == [(f"{r[0]},{r[1]}".strip(), r[2], r[3], r[4], r[5] if r[4] else None) for r in rows]
    assert [p.fide_id for p in parsed] == [str(r[6]) if r[6] else None for r in rows]


# -- loading -----------------------------------------------------------------------------------


def test_load_into_the_store_and_info(tmp_path):
    store = Store(tmp_path)
    info = load_list(sample_path(), store=store)
    assert store.list_info() == info
    assert info.store == store.path
    assert [p.name for p in search("weiss joerg", store=store)] == ["Weiß,Jörg", "Weiß,Jörg"]


def test_a_broken_file_leaves_the_previous_list(tmp_path):
    store = Store(tmp_path)
    before = load_list(sample_path(), store=store)
    broken = _write(tmp_path / "spieler.csv", f"{HEADER}\n{ROW}\nbroken\n")
    with pytest.raises(FormatError):
        load_list(broken, store=store)
    assert store.list_info() == before


def test_loading_replaces_the_list(tmp_path):
    store = Store(tmp_path)
    load_list(sample_path(), store=store)
    smaller = _write(tmp_path / "spieler.csv", f"{HEADER}\n{ROW}\n")
    info = load_list(smaller, store=store)
    assert (info.memberships, store.list_info().memberships) == (1, 1)
    assert search("Müller", store=store) == []


def test_load_sample_uses_the_default_store(tmp_path, monkeypatch):
    monkeypatch.setenv("WERTUNG_DATA_DIR", str(tmp_path))
    info = load_sample()
    assert info.store == tmp_path / "wertung.sqlite3"


def test_search_by_fide_id_and_partial_name(store):
    assert [p.name for p in search("99000105", store=store)] == ["Šimek,Tomáš"]
    assert [p.name for p in search("simek", store=store)] == ["Šimek,Tomáš"]
    assert {p.name for p in search("Mül", store=store)} == {"Müller,Hans-Peter", "Müller,Hans"}
    assert len(search("Müller", store=store, limit=2)) == 2


# -- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Müller,Hans", "Hans Müller"),
        ("Müller, Hans", "HANS MUELLER"),
        ("Mueller,Hans", "Muller, Hans"),
        ("Groß,Dr. Friedrich", "Friedrich Gross"),
        ("Dr. med. Friedrich Groß", "Groß, Friedrich"),
        ("Prof. Dr. Klara Hoffmann", "Hoffmann,Klara"),
        ("van der Berg,Jan", "Jan van der Berg"),
        ("Müller,Hans-Peter", "Hans Peter Müller"),
        ("Šimek,Tomáš", "Tomas Simek"),
        ("GM Hübner, Maximilian", "Maximilian Huebner"),
        ("O'Neill, Seán", "Sean ONeill"),
    ],
)
def test_name_spellings_share_a_key(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("Müller,Hans", "Müller,Hans-Peter"), ("Meier,Thomas", "Meyer,Thomas"), ("Im,Ho", "Ho")],
)
def test_different_names_have_different_keys(a, b):
    assert name_key(a) != name_key(b)


# Words that read as a chess title in capitals (CM, IM, ...) are stripped as titles by design.
_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüß", min_size=2, max_size=10).filter(
    lambda w: w.upper() not in {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "NM"}
)


@given(last=_word, first=_word)
def test_name_key_ignores_order_case_comma_and_umlaut_spelling(last, first):
    key = name_key(f"{last},{first}")
    assert key == name_key(f"{first} {last}")
    assert key == name_key(f"{last.upper()}, {first.title()}")
    spelled = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}
    assert key == name_key("".join(spelled.get(c, c) for c in f"{first} {last}"))
    assert key == name_key(f"Dr. {first} {last}")


def test_club_spellings():
    assert club_key("SK Musterstadt 1920 e.V.") == {"musterstadt", "1920"}
    row = DsbPlayer(zps="Z0101", name="X,Y", club="SK Musterstadt 1920 e.V.")
    assert clubs_match("Schachklub Musterstadt", row)
    assert clubs_match("z0101", row)
    assert not clubs_match("SK Beispielheim", row)
    assert not clubs_match("", row)
    assert not clubs_match("SK Musterstadt", DsbPlayer(zps="Z0101", name="X,Y"))


# -- matching ----------------------------------------------------------------------------------


def test_match_by_fide_id_even_with_another_spelling(store):
    result = enrich(_t(Player(id="1", name="Tomas Shimek", fide_id="99000105")), store=store)
    (match,) = result.matches
    assert match.method is MatchMethod.FIDE_ID and match.matched
    player = result.tournament.players[0]
    assert (player.dwz, player.index, player.birth_year, player.member, player.club) == (
        2251, 60, 1993, True, "SG Weißenhöhe",
    )  # fmt: skip
    assert player.fide_rating == 2290
    assert set(match.filled) == {"dwz", "index", "birth_year", "member", "club", "fide_rating"}


def test_match_by_name_and_birth_year(store):
    result = enrich(_t(Player(id="1", name="Hans Peter Mueller", birth_year=1988)), store=store)
    match = result.match("1")
    assert match.method is MatchMethod.NAME_BIRTH_YEAR
    assert (result.tournament.players[0].dwz, result.tournament.players[0].index) == (1650, 33)
    assert match.entry.club == "Schachfreunde Bärenfels"


def test_match_by_name_and_club(store):
    result = enrich(
        _t(Player(id="1", name="Müller, Hans-Peter", club="SK Musterstadt")), store=store
    )
    assert result.match("1").method is MatchMethod.NAME_CLUB
    player = result.tournament.players[0]
    assert (player.dwz, player.birth_year, player.fide_id, player.club) == (
        2012, 1975, "99000101", "SK Musterstadt",  # the given club is kept
    )  # fmt: skip


def test_same_name_and_birth_year_is_decided_by_the_club(store):
    anna = Player(id="1", name="Anna Schmidt", birth_year=2009, club="TuS Grünwiesen")
    result = enrich(_t(anna), store=store)
    match = result.match("1")
    assert match.method is MatchMethod.NAME_BIRTH_YEAR
    assert "club decided" in match.note
    assert result.tournament.players[0].dwz == 1188


def test_ambiguous_matches_are_reported_not_guessed(store):
    anna = Player(id="1", name="Anna Schmidt", birth_year=2009)
    hans_peter = Player(id="2", name="Hans-Peter Müller")
    result = enrich(_t(anna, hans_peter), store=store)
    assert [m.method for m in result.matches] == [MatchMethod.AMBIGUOUS, MatchMethod.AMBIGUOUS]
    assert {c.dwz for c in result.match("1").candidates} == {1402, 1188}
    assert {c.birth_year for c in result.match("2").candidates} == {1975, 1988}
    assert result.tournament.players == (anna, hans_peter)
    assert result.counts == {"ambiguous": 2}


def test_umlaut_and_ae_spellings_of_different_people_are_kept_apart_by_birth_year(store):
    result = enrich(
        _t(Player(id="1", name="Lukas Schäfer", birth_year=1985),
           Player(id="2", name="Lukas Schaefer", birth_year=2010)),
        store=store,
    )  # fmt: skip
    assert [p.dwz for p in result.tournament.players] == [1710, 1290]


def test_single_namesake_without_confirmation_is_unconfirmed(store):
    juergen = Player(id="1", name="Jürgen Bäumer")
    result = enrich(_t(juergen), store=store)
    match = result.match("1")
    assert match.method is MatchMethod.UNCONFIRMED and not match.matched
    assert [c.dwz for c in match.candidates] == [1843]
    assert result.tournament.players[0] == juergen
    accepted = enrich(_t(juergen), store=store, accept_name_only=True)
    assert accepted.match("1").method is MatchMethod.NAME
    assert accepted.tournament.players[0].dwz == 1843


def test_not_found_leaves_the_player_as_imported(store):
    nobody = Player(id="1", name="Erika Mustermann", dwz=1500, birth_year=1990)
    result = enrich(_t(nobody), store=store)
    match = result.match("1")
    assert match.method is MatchMethod.NOT_FOUND and match.entry is None
    assert result.tournament.players[0] is nobody


def test_a_different_birth_year_is_not_a_match(store):
    result = enrich(_t(Player(id="1", name="Jürgen Bäumer", birth_year=1970)), store=store)
    match = result.match("1")
    assert match.method is MatchMethod.NOT_FOUND
    assert "born in 1968" in match.note
    assert result.tournament.players[0].dwz is None


def test_titles_in_names_on_both_sides(store):
    result = enrich(_t(Player(id="1", name="Dr. Friedrich Gross", birth_year=1949)), store=store)
    assert result.tournament.players[0].dwz == 1902


def test_passive_members(store):
    bernd = Player(id="1", name="Bernd Fröhlich", birth_year=1958)
    result = enrich(_t(bernd), store=store)
    assert result.tournament.players[0].member is True
    assert "passive membership" in result.match("1").note
    strict = enrich(_t(bernd), store=store, passive_member=False)
    assert strict.tournament.players[0].member is None
    assert strict.tournament.players[0].dwz == 1455
    assert "member not set" in strict.match("1").note


def test_two_memberships_use_the_active_one_unless_the_club_names_the_other(store):
    joerg = Player(id="1", name="Jörg Weiß", birth_year=1955)
    result = enrich(_t(joerg), store=store)
    assert result.tournament.players[0].club == "Schachfreunde Bärenfels"
    assert result.match("1").entry.active
    other = replace_player(joerg, club="SC Königsspringer Beispielheim")
    result = enrich(_t(other), store=store)
    assert result.match("1").entry.status == "P"
    assert result.tournament.players[0].member is True  # he has an active membership elsewhere
    assert "passive" not in result.match("1").note


def replace_player(player: Player, **changes) -> Player:
    from dataclasses import replace

    return replace(player, **changes)


def test_given_values_are_never_overwritten(store):
    differing = Player(id="1", name="Jürgen Bäumer", birth_year=1968, dwz=1800, member=False)
    result = enrich(_t(differing), store=store)
    player, match = result.tournament.players[0], result.match("1")
    assert (player.dwz, player.index, player.member) == (1800, None, False)
    assert any("DWZ 1800 given, the list has 1843-87" in c for c in match.conflicts)
    assert any("not a DSB member" in c for c in match.conflicts)
    same = enrich(_t(Player(id="1", name="Jürgen Bäumer", birth_year=1968, dwz=1843)), store=store)
    assert (same.tournament.players[0].index, same.match("1").filled) == (
        87,
        ("index", "member", "club"),
    )


def test_a_differing_birth_year_is_a_conflict_for_a_fide_match(store):
    result = enrich(_t(Player(id="1", name="X", fide_id="99000105", birth_year=1994)), store=store)
    assert result.tournament.players[0].birth_year == 1994
    assert result.match("1").conflicts == ("birth year 1994 given, the list has 1993: kept",)


def test_overrides_always_win(store):
    t = _t(
        Player(id="1", name="Jürgen Bäumer", birth_year=1968),
        Player(id="2", name="Erika Mustermann"),
        Player(id="3", name="Hans Müller", birth_year=1960),
    )
    overrides = {
        "1": {"dwz": 1850},
        "2": {"dwz": 1400, "index": 3, "member": False},
        "3": {"index": 61, "member": None},
    }
    result = enrich(t, store=store, overrides=overrides)
    p1, p2, p3 = result.tournament.players
    assert (p1.dwz, p1.index, p1.birth_year) == (1850, None, 1968)
    m1 = result.match("1")
    assert m1.overridden == ("dwz",) and "dwz" not in m1.filled and "index" not in m1.filled
    assert "overridden by the user: dwz" in m1.note
    assert any("index was not used" in c for c in m1.conflicts)
    assert (p2.dwz, p2.index, p2.member) == (1400, 3, False)
    assert result.match("2").method is MatchMethod.NOT_FOUND
    assert result.match("2").overridden == ("dwz", "index", "member")
    assert (p3.dwz, p3.index, p3.member) == (1520, 61, None)
    result.tournament.validate()


def test_exact_ids_decide_before_names(store):
    t = _t(
        Player(id="1", name="H. Müller"),  # NU9900003 (born 1988), no birth year or club given
        Player(id="2", name="Jörg Weiß"),  # his passive membership Z0103/3002 named
        Player(id="3", name="Somebody Else", fide_id="99000101"),  # id wins over FIDE id
        Player(id="4", name="Jürgen Bäumer", birth_year=1968),  # unknown id: falls back
        Player(id="5", name="Anna Schmidt", birth_year=2009),  # two Annas born 2009
    )
    ids = {"1": "nu9900003", "2": ("Z0103", "03002"), "3": "NU9900004", "4": "NU0000000",
           "5": ("Z0104", "4001")}  # fmt: skip
    result = enrich(t, store=store, ids=ids)
    m1, m2, m3, m4, m5 = result.matches
    p1, p2, p3, p4, p5 = result.tournament.players
    assert (m1.method, m1.note, p1.dwz, p1.birth_year) == (
        MatchMethod.PKZ, "DSB person id NU9900003", 1650, 1988,
    )  # fmt: skip
    assert m1.conflicts == ("name 'H. Müller' given, the list has 'Müller,Hans-Peter': kept",)
    assert (m2.method, m2.entry.zps, m2.entry.status, p2.member, p2.club) == (
        MatchMethod.MEMBERSHIP, "Z0103", "P", True, "SC Königsspringer Beispielheim",
    )  # fmt: skip
    assert m2.note == "ZPS Z0103 member number 3002" and m2.conflicts == ()
    assert (m3.method, p3.dwz) == (MatchMethod.PKZ, 1520)
    assert m4.method is MatchMethod.NAME_BIRTH_YEAR and p4.dwz == 1843
    assert m4.note.startswith("DSB person id NU0000000 is not in the list; name and birth year")
    assert (m5.method, p5.dwz, m5.entry.zps) == (MatchMethod.MEMBERSHIP, 1188, "Z0104")
    without = enrich(t, store=store)
    assert [m.method.value for m in without.matches] == [
        "not_found", "unconfirmed", "fide_id", "name+birth_year", "ambiguous",
    ]  # fmt: skip
    assert result.match("1").to_dict()["method"] == "pkz"
    # the same ids carried by the players themselves (Swiss-Chess / Swiss-Manager files)
    own = _t(
        Player(id="1", name="H. Müller", pkz="NU9900003"),
        Player(id="2", name="Jörg Weiß", zps="Z0103", member_number="03002"),
    )
    matched = enrich(own, store=store)
    assert [m.method for m in matched.matches] == [MatchMethod.PKZ, MatchMethod.MEMBERSHIP]
    assert matched.tournament.players[0].dwz == 1650


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ({"9": "NU1"}, "ids: no player with id '9'"),
        ({"1": ""}, "neither a DSB person id"),
        ({"1": ("Z0101",)}, "neither a DSB person id"),
        ({"1": ("Z0101", 1001)}, "neither a DSB person id"),
        ({"1": 42}, "neither a DSB person id"),
    ],
)
def test_bad_ids(store, ids, message):
    with pytest.raises(InvalidInput, match=message):
        enrich(_t(Player(id="1", name="X")), store=store, ids=ids)


def _origins(match) -> tuple[str, str, str, str]:
    return tuple(match.provenance[f] for f in ("dwz", "index", "birth_year", "member"))


def test_provenance_of_every_field(store):
    t = _t(
        Player(id="1", name="Jürgen Bäumer", birth_year=1968),  # all from the list
        Player(id="2", name="Jürgen Bäumer", birth_year=1968, dwz=1843, member=False),
        Player(id="3", name="Erika Mustermann", dwz=1500),  # not in the list
        Player(id="4", name="Hans Müller", birth_year=1960),
        Player(id="5", name="Lena Krüger", birth_year=2014),  # in the list without DWZ
    )
    result = enrich(t, store=store, overrides={"4": {"dwz": 1600, "member": None}})
    assert _origins(result.match("1")) == ("list", "list", "source", "list")
    assert _origins(result.match("2")) == ("source", "list", "source", "source")
    assert _origins(result.match("3")) == ("source", "assumed", "assumed", "assumed")
    # the DWZ overridden: the list's index belongs to another DWZ and is not used
    assert _origins(result.match("4")) == ("user", "assumed", "source", "user")
    assert _origins(result.match("5")) == ("assumed", "assumed", "source", "list")
    assert result.match("3").to_dict()["provenance"] == {
        "dwz": "source", "index": "assumed", "birth_year": "assumed", "member": "assumed",
    }  # fmt: skip
    assert set(ASSUMPTIONS) == set(PROVENANCE_FIELDS)
    assert {v for m in result.matches for v in m.provenance.values()} == {
        p.value for p in Provenance
    }


def test_provenance_of_a_passive_member_not_counted(store):
    bernd = Player(id="1", name="Bernd Fröhlich", birth_year=1958)
    assert enrich(_t(bernd), store=store).match("1").provenance["member"] == "list"
    strict = enrich(_t(bernd), store=store, passive_member=False)
    assert strict.match("1").provenance["member"] == "assumed"


@pytest.mark.parametrize(
    ("overrides", "error", "message"),
    [
        ({"9": {"dwz": 1500}}, InvalidInput, "no player with id '9'"),
        ({"1": {"club": "x"}}, InvalidInput, "'club' cannot be overridden"),
        ({"1": {"dwz": 9000}}, InvalidRating, "out of range"),
        ({"1": {"member": "yes"}}, InvalidInput, "member 'yes'"),
        ({"1": [("dwz", 1)]}, InvalidInput, "must map fields"),
    ],
)
def test_bad_overrides(store, overrides, error, message):
    with pytest.raises(error, match=message):
        enrich(_t(Player(id="1", name="A B")), store=store, overrides=overrides)


def test_the_same_fide_id_for_two_people_is_ambiguous(tmp_path):
    store = Store(tmp_path)
    rows = [
        DsbPlayer(zps="Z1", name="A,B", pkz="NU1", fide_id="123", key=name_key("A,B")),
        DsbPlayer(zps="Z1", name="C,D", pkz="NU2", fide_id="123", key=name_key("C,D")),
    ]
    store.replace_dsb_list(rows, [], read_list(sample_path()).info)
    result = enrich(_t(Player(id="1", name="A B", fide_id="0123")), store=store)
    assert result.match("1").method is MatchMethod.AMBIGUOUS
    assert len(result.match("1").candidates) == 2


def test_enrich_without_a_list(tmp_path):
    with pytest.raises(ListNotLoaded, match="no DSB list is loaded"):
        enrich(_t(Player(id="1", name="A")), store=Store(tmp_path))


def test_enrichment_is_json_ready(store):
    result = enrich(
        _t(Player(id="1", name="Anna Schmidt", birth_year=2009), Player(id="2", name="X Y")),
        store=store,
    )
    data = json.loads(json.dumps(result.to_dict()))
    assert data["list"]["list_date"] == result.list_info.list_date.isoformat()
    assert [m["method"] for m in data["matches"]] == ["ambiguous", "not_found"]
    with pytest.raises(KeyError):
        result.match("nope")


def test_a_whole_field_of_players(store):
    players = [
        Player(id=str(i), name=p.name, birth_year=p.birth_year)
        for i, p in enumerate(read_list(sample_path()).players)
    ]
    players = list({p.name: p for p in players}.values())  # one entry per name
    result = enrich(_t(*players), store=store)
    methods = {m.name: m.method for m in result.matches}
    assert methods["Bäumer,Jürgen"] is MatchMethod.NAME_BIRTH_YEAR
    assert methods["Schmidt,Anna"] is MatchMethod.AMBIGUOUS
    assert sum(result.counts.values()) == len(players)
    result.tournament.validate()


# -- CLI ---------------------------------------------------------------------------------------

runner = CliRunner()


@pytest.fixture
def app():
    """The sub-app, imported here so that the loader tests do not depend on the CLI package."""
    from wertung.cli.dsb_list import app

    return app


def test_cli_load_info_show(tmp_path, app):
    where = str(tmp_path)
    result = runner.invoke(app, ["info", "--store", where])
    assert result.exit_code == 0 and "No DSB list loaded" in result.output
    result = runner.invoke(app, ["load", str(sample_path()), "--store", where])
    assert result.exit_code == 0, result.output
    assert "DSB list of 2026-06-20: 36 players (38 memberships) in 6 clubs" in result.output
    result = runner.invoke(app, ["info", "--store", where])
    assert result.exit_code == 0
    assert "LV-0-csv-sample.zip" in result.output and "schema 2" in result.output
    result = runner.invoke(app, ["show", "baeumer", "--store", where])
    assert result.exit_code == 0 and "1843-87" in result.output and "Bäumer" in result.output
    result = runner.invoke(app, ["show", "Nobody Here", "--store", where])
    assert result.exit_code == 1 and "No player matching" in result.output


def test_cli_json(tmp_path, app):
    where = str(tmp_path)
    loaded = runner.invoke(
        app, ["load", str(DATA), "--store", where, "--date", "2026-07-01", "--json"]
    )
    assert json.loads(loaded.output)["list_date"] == "2026-07-01"
    info = json.loads(runner.invoke(app, ["info", "--store", where, "--json"]).output)
    assert info["schema_version"] == 2 and info["list"]["players"] == 36
    shown = json.loads(runner.invoke(app, ["show", "99000108", "--store", where, "--json"]).output)
    assert [row["name"] for row in shown] == ["Hübner,Maximilian"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["load", "missing.zip"], "no such file"),
        (["load", str(DATA / "vereine.csv")], "looks like vereine.csv"),
        (["load", str(DATA), "--date", "2026-13-01"], "is not a date"),
        (["show", "x"], "no DSB list is loaded"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, app, args, message):
    result = runner.invoke(app, [*args, "--store", str(tmp_path)])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


# -- speed -------------------------------------------------------------------------------------


def _big_list(n: int) -> bytes:
    header = make_sample.SPIELER_HEADER
    lines: list[list[object]] = [list(header)]
    firsts = ["Jürgen", "Anna", "Hans-Peter", "Lena", "Jörg", "Ute", "Tomáš", "Klara"]
    lasts = ["Müller", "Schmidt", "Weiß", "Groß", "Bäumer", "Krüger", "Öztürk", "Schäfer"]
    for i in range(n):
        first, last = firsts[i % 8], f"{lasts[i // 8 % 8]}{i // 64}"
        lines.append([
            f"NU{i:07d}", f"Z{i % 2000:04d}", i % 500, "AP"[i % 17 == 0], f"{last},{first}", "M",
            "D", 1940 + i % 70, "202614", 1000 + i % 1500, i % 200, "", "", "", "", first, last,
            "", "", "",
        ])  # fmt: skip
    return make_sample._csv(lines)


def test_a_big_list_loads_every_row(tmp_path):
    # (its speed against a bare CSV pass is measured in benchmarks/, not asserted here)
    data = _big_list(20_000)
    path = tmp_path / "spieler.csv"
    path.write_bytes(data)
    rows = sum(1 for _ in csv.reader(io.StringIO(data.decode("cp1252"), newline="")))
    info = load_list(path, store=Store(tmp_path / "store"))
    assert rows == info.memberships + 1 == 20_001


# -- docstring examples --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "wertung.sources.dsb_list",
        "wertung.sources.dsb_csv",
        "wertung.sources.dsb_names",
        "wertung.sources.dsb_match",
        "wertung.formats._zipguard",
        "wertung.sources.dsb_download",
        "wertung.sources.dsb_ids",
        "wertung.sources._dsb_fetch",
        "wertung.sources.store",
        "wertung.sources.store_records",
    ],
)
def test_docstring_examples(name):
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
    assert tried > 0


# -- size limits (zip bombs) -------------------------------------------------------------------


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def declare_size(data: bytes, size: int) -> bytes:
    """The zip archive ``data`` with every member claiming ``size`` bytes uncompressed."""
    out = bytearray(data)
    for signature, offset in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        at = out.find(signature)
        while at >= 0:
            out[at + offset : at + offset + 4] = size.to_bytes(4, "little")
            at = out.find(signature, at + 4)
    return bytes(out)


def test_a_zip_bomb_is_refused_before_it_is_decompressed(tmp_path):
    bomb = _zip(tmp_path / "bomb.zip", {"spieler.csv": HEADER.encode() + b"\r\n" * 5_000_000})
    assert bomb.stat().st_size < 20_000
    tracemalloc.start()
    try:
        with pytest.raises(
            FormatError,
            match=r"bomb\.zip's spieler\.csv would unpack \d+ times its packed size .*; the limit is 100 times; this is not a DSB list",
        ):
            read_list(bomb)
        _size, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000  # refused before its 10 MB were unpacked (memory, not the clock)


def test_a_member_declaring_a_huge_size_is_refused(tmp_path):
    real = _zip(tmp_path / "real.zip", {"spieler.csv": (DATA / "spieler.csv").read_bytes()})
    huge = tmp_path / "huge.zip"
    huge.write_bytes(declare_size(real.read_bytes(), 3_000_000_000))
    with pytest.raises(
        FormatError,
        match=r"huge\.zip's spieler\.csv would unpack to 2\.8 GiB; the limit is 64 MiB; this is not a DSB",
    ):
        read_list(huge)


def test_a_member_holding_more_than_it_declares_is_refused(tmp_path):
    real = _zip(tmp_path / "real.zip", {"spieler.csv": (DATA / "spieler.csv").read_bytes()})
    lying = tmp_path / "lying.zip"
    lying.write_bytes(declare_size(real.read_bytes(), 100))
    with pytest.raises(FormatError, match=r"lying\.zip"):
        read_list(lying)


def test_many_members_and_a_big_total_are_refused(tmp_path):
    many = _zip(
        tmp_path / "many.zip", {f"f{i}.txt": b"x" for i in range(17)} | {"spieler.csv": b""}
    )
    with pytest.raises(
        FormatError, match=r"many\.zip has 18 members; the limit is 16; this is not a DSB list"
    ):
        read_list(many)
    sample = sample_path()
    with pytest.raises(
        FormatError,
        match=r"sample\.zip's vereine\.csv would bring the unpacked total to .*; the limit is 3\.7 KiB",
    ):
        read_list(sample, limits=replace(DSB_LIMITS, max_total_size=3800))
    with pytest.raises(
        FormatError, match=r"LV-0-csv-sample\.zip is 2\.0 KiB; the limit is 100 bytes; this is not"
    ):
        read_list(sample, limits=replace(DSB_LIMITS, max_archive_size=100))
    with pytest.raises(
        FormatError, match=r"'s spieler\.csv would unpack to .*; the limit is 1000 bytes"
    ):
        read_list(sample, limits=replace(DSB_LIMITS, max_member_size=1000))
    # the limits apply to plain files too
    with pytest.raises(
        FormatError, match=r"spieler\.csv is 3\.5 KiB; the limit is 1000 bytes; this is not a DSB"
    ):
        read_list(DATA / "spieler.csv", limits=replace(DSB_LIMITS, max_member_size=1000))
    clubs = tmp_path / "vereine.csv"
    clubs.write_bytes((DATA / "vereine.csv").read_bytes() * 20)
    with pytest.raises(
        FormatError, match=r"vereine\.csv is 6\.2 KiB; the limit is 3\.9 KiB"
    ) as caught:
        limits = replace(DSB_LIMITS, max_member_size=4000)
        read_list(DATA / "spieler.csv", clubs=clubs, limits=limits)
    assert caught.value.field == "clubs"


def test_load_refuses_a_bomb_and_keeps_the_list(store, tmp_path):
    before = store.list_info()
    bomb = _zip(tmp_path / "LV-0-csv.zip", {"spieler.csv": HEADER.encode() + b"\r\n" * 5_000_000})
    with pytest.raises(FormatError, match="times its packed size"):
        load_list(bomb, store=store)
    assert store.list_info() == before


def test_cli_load_refuses_a_bomb_in_one_line(tmp_path, app):
    bomb = _zip(tmp_path / "LV-0-csv.zip", {"spieler.csv": HEADER.encode() + b"\r\n" * 5_000_000})
    result = runner.invoke(app, ["load", str(bomb), "--store", str(tmp_path / "s")])
    assert result.exit_code == 2
    assert "times its packed size" in result.output and len(result.output.strip().splitlines()) == 1


def test_the_real_sample_is_well_within_the_limits():
    with zipfile.ZipFile(sample_path()) as archive:
        for info in archive.infolist():
            assert info.file_size < 10 * info.compress_size


@settings(max_examples=150, deadline=None)
@given(
    cuts=st.lists(st.tuples(st.integers(0, 2100), st.integers(0, 255)), min_size=1, max_size=6),
    length=st.none() | st.integers(0, 2100),
)
def test_a_damaged_zip_gives_only_our_errors(tmp_path_factory, cuts, length):
    data = bytearray(sample_path().read_bytes())
    for at, value in cuts:
        if at < len(data):
            data[at] = value
    if length is not None:
        data = data[:length]
    path = tmp_path_factory.mktemp("damaged") / "LV-0-csv.zip"
    path.write_bytes(bytes(data))
    try:
        parsed = read_list(path)
    except FormatError as exc:
        assert exc.message.startswith("LV-0-csv.zip")
    else:
        assert parsed.players  # a damage the zip format cannot see (e.g. in a date field)

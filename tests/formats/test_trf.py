"""FIDE TRF reader and writer: real files, every result code, bad input, round trips."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.formats import trf
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import BYE_POINTS, ByeKind, GameResult
from wertung.tournament._model import Bye, Game, Player, Tournament

DATA = Path(__file__).parents[1] / "data" / "trf"
KARL_MALA = DATA / "skl_example1_karl_mala_2005.trf"
ULSTER = DATA / "icu_UlsterMastersSeniors2022.tab"
CORK = DATA / "icu_cork_major_2018_swissmaster.tab"
JUNIORS = DATA / "icu_irish_junior_champs_2011.tab"
LICHESS = DATA / "skl_2020_06_lichess_swiss.trf"
SAMPLES = [KARL_MALA, ULSTER, CORK, JUNIORS, LICHESS]


def line001(
    number: int,
    name: str = "",
    *,
    rating: str = "",
    points: str = "",
    birth: str = "",
    fide_id: str = "",
    rounds: tuple[str, ...] = (),
    sex: str = " ",
    title: str = "",
    fed: str = "",
) -> str:
    """A 001 line built column by column from the TRF16 table (1-based positions)."""
    cols = [" "] * 89
    cols[0:3] = "001"

    def put(start: int, text: str, width: int, right: bool = False) -> None:
        text = text.rjust(width) if right else text.ljust(width)
        cols[start - 1 : start - 1 + width] = text

    put(5, str(number), 4, right=True)
    put(10, sex, 1)
    put(11, title, 3, right=True)
    put(15, name, 33)
    put(49, rating, 4, right=True)
    put(54, fed, 3)
    put(58, fide_id, 11, right=True)
    put(70, birth, 10)
    put(81, points, 4, right=True)
    text = "".join(cols)
    for block in rounds:  # "opp c r", e.g. "   2 w 1"
        text += "  " + block
    return text


def strip(t: Tournament) -> Tournament:
    """Without what names lines of the file (notes, incomplete) and the source."""
    return dataclasses.replace(t, notes=(), incomplete=(), source=None)


def warnings(t: Tournament) -> list[str]:
    """What makes the tournament incomplete (points that differ from the games)."""
    assert not any(n.startswith("warning:") for n in t.notes)
    return list(t.incomplete)


def independent_results(path: Path) -> dict[int, tuple[Fraction, list[tuple[int, str]]]]:
    """Points column and (opponent, code) per round, read with plain string splitting."""
    out = {}
    for raw in path.read_bytes().decode("latin-1").splitlines():
        if raw.startswith("001"):
            rounds = []
            for start in range(91, len(raw), 10):
                block = raw[start : start + 10]
                if block.strip():
                    rounds.append((int(block[:4].strip() or 0), block[7:8] or " "))
            out[int(raw[4:8])] = (Fraction(raw[80:84].strip()), rounds)
    return out


# --------------------------------------------------------------------------- real files


def test_karl_mala_players_and_header() -> None:
    t = trf.read(KARL_MALA)
    assert t.name == "9. Karl-Mala-Gedenkturnier"
    assert t.place == "Frankfurt (Main) /GER"
    assert (t.start_date, t.end_date) == (dt.date(2005, 7, 28), dt.date(2005, 7, 31))
    assert t.rounds == 7
    assert len(t.players) == 284  # the header says 284 too, but it is never used
    first = t.player("1")
    assert first == Player(
        id="1",
        name="Vasquez,Rodrigo",
        birth_year=1969,
        fide_rating=2558,
        fide_id="3400042",
        federation="CHI",
        title="GM",
        points=Fraction(6),
    )
    assert first.dwz is None and first.index is None
    assert t.player("151").fide_rating is None  # blank rating: unrated
    assert t.player("13").title == "FM"  # one-letter TRF06 titles are expanded
    assert t.player("204").sex == "f"
    assert t.player("278").federation == "SWE"


def test_karl_mala_points_equal_the_files_points_column() -> None:
    t = trf.read(KARL_MALA)
    assert warnings(t) == []
    assert trf.points_mismatches(t) == []
    totals = trf.computed_points(t)
    stated = independent_results(KARL_MALA)
    assert {pid: totals[pid] for pid in totals} == {str(n): v[0] for n, v in stated.items()}
    assert sum(totals.values()) == Fraction(1962, 2)  # 980 games + one forfeit-win bye


def test_karl_mala_games_forfeits_and_byes() -> None:
    t = trf.read(KARL_MALA)
    with_opponent = sum(
        1 for _, rounds in independent_results(KARL_MALA).values() for o, _ in rounds if o
    )
    assert len(t.games) == with_opponent // 2 == 980
    games = {(g.round, g.white, g.black): g.result for g in t.games}
    assert games[(1, "1", "141")] is GameResult.WHITE_WINS
    assert games[(1, "142", "2")] is GameResult.BLACK_WINS  # "142 b 1": player 2 had Black
    assert games[(6, "25", "1")] is GameResult.DRAW  # "25 b =": 25 had White
    # "153 - -" / "13 - +": a forfeit without colours; the lower number is White
    assert games[(1, "13", "153")] is GameResult.BLACK_WINS_FORFEIT
    assert games[(6, "59", "151")] is GameResult.BLACK_WINS_FORFEIT
    assert not any(r.played for (rnd, w, b), r in games.items() if "13" in (w, b))
    assert set(t.byes) == {
        Bye(5, "282", Fraction(1), ByeKind.FORFEIT_WIN),  # "0000 - +"
        Bye(5, "284", Fraction(0), ByeKind.ZERO),  # the "spielfrei" dummy: "0000 - -"
    }
    # player 13 withdrew after round 1: blank rounds are no entries at all
    assert [g.round for g in t.games if "13" in (g.white, g.black)] == [1]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_round_trip_of_every_sample(path: Path) -> None:
    t = trf.read(path)
    text = trf.dumps(t)
    again = trf.loads(text)
    assert strip(again) == strip(t)
    assert trf.dumps(again) == text
    drop_line = [dataclasses.replace(m, line=None) for m in trf.points_mismatches(t)]
    assert trf.points_mismatches(again) == drop_line


def test_write_and_read_a_file(tmp_path: Path) -> None:
    t = trf.read(ULSTER)
    target = tmp_path / "out.trf"
    trf.write(t, target)
    assert b"\r\n" in target.read_bytes()
    assert strip(trf.read(target)) == strip(t)
    assert trf.read(target).source == "out.trf"


def test_ulster_byes_of_every_kind_and_round_dates() -> None:
    t = trf.read(ULSTER)
    byes = {(b.round, b.player): b for b in t.byes}
    assert byes[(1, "2")] == Bye(1, "2", Fraction(1, 2), ByeKind.HALF)  # "0000 - ="
    assert byes[(1, "5")].kind is ByeKind.HALF  # "0000 - H"
    assert byes[(4, "12")] == Bye(4, "12", Fraction(0), ByeKind.ZERO)  # "0000 - Z"
    assert byes[(4, "15")] == Bye(4, "15", Fraction(1), ByeKind.FULL)  # "0000 - F"
    assert len(t.byes) == 8
    assert t.player("9").fide_rating is None  # "0000": unrated
    assert t.player("9").birth_year is None  # "   /  /"
    assert t.player("3").name == "Carroll, Peter"
    assert t.end_date == dt.date(2022, 11, 13)
    assert warnings(t) == []


def test_cork_forfeit_byes_and_missing_starting_number() -> None:
    t = trf.read(CORK)
    assert len(t.players) == 23 and "22" not in {p.id for p in t.players}
    byes = {(b.round, b.player): b for b in t.byes}
    assert byes[(1, "11")] == Bye(1, "11", Fraction(1), ByeKind.FORFEIT_WIN)  # "      - +"
    assert byes[(6, "11")] == Bye(6, "11", Fraction(0), ByeKind.ZERO)  # "      - -"
    assert byes[(4, "1")].kind is ByeKind.HALF  # "      - ="
    assert byes[(1, "24")].kind is ByeKind.FORFEIT_WIN  # "0000 - +"
    assert t.player("1").birth_year == 1980  # "1980/  /"
    assert t.player("14").birth_year is None  # "    .  ."
    assert t.player("18").fide_id == "0412"
    assert t.player("17").fide_id is None  # "N0001" is a local id
    assert any("N0001" in n for n in t.notes)
    assert warnings(t) == []


def test_latin1_file_and_its_blank_bye_cells() -> None:
    t = trf.read(JUNIORS)
    assert t.player("24").name == "Morgan, Mícheál"
    assert t.player("27").name == "Ó Muireagáin, Colm"
    assert "decoded as cp1252 (not UTF-8)" in t.notes
    assert t.player("1").birth_year == 1967
    # "0000 -" with a blank result where the total counts a bye: taken as that bye
    assert trf.points_mismatches(t) == [] and t.complete and warnings(t) == []
    taken = {(b.round, b.player): b for b in t.byes}
    assert taken == {
        (1, "4"): Bye(1, "4", Fraction(1, 2), ByeKind.HALF),  # 3 stated, 2½ from the games
        (4, "14"): Bye(4, "14", Fraction(1, 2), ByeKind.HALF),  # 1 more over rounds 4 and 5
        (5, "14"): Bye(5, "14", Fraction(1, 2), ByeKind.HALF),
        (1, "19"): Bye(1, "19", Fraction(1), ByeKind.FULL),
        (4, "24"): Bye(4, "24", Fraction(1), ByeKind.FULL),
        (5, "31"): Bye(5, "31", Fraction(1), ByeKind.FULL),
    }
    assert (
        "player 4 (Ogintas, Aligmantas, line 18): 0.5 point for round 1 taken as a bye; "
        "the file records no game in that round"
    ) in t.notes
    assert sum("taken as a bye" in n for n in t.notes) == 6
    assert trf.read(JUNIORS, strict=True) == t  # nothing left to be strict about


def test_lichess_export() -> None:
    t = trf.read(LICHESS)
    assert t.name == "Mai 5 Plus 0 Turnier"
    assert t.end_date == dt.date(2020, 5, 29)  # "May 29, 2020"
    assert t.rounds == 10  # XXR 10
    assert all(p.fide_rating is None and p.fide_id is None for p in t.players)
    assert t.player("1").points == 8
    kinds = {(b.round, b.player): b.kind for b in t.byes}
    assert kinds[(1, "5")] is ByeKind.HALF
    assert kinds[(2, "5")] is ByeKind.ZERO
    assert kinds[(2, "6")] is ByeKind.PAIRING
    assert sum(1 for k in kinds.values() if k is ByeKind.PAIRING) == 4
    assert "ignored 1 line with record 'XXC' (first at line 15)" in t.notes
    assert warnings(t) == []


# --------------------------------------------------------------------------- result codes


def two_players(r1: str, r2: str, p1: str = "", p2: str = "") -> str:
    return (
        "012 Test\n"
        + line001(1, "A", points=p1, rounds=(r1,))
        + "\n"
        + line001(2, "B", points=p2, rounds=(r2,))
        + "\n"
    )


@pytest.mark.parametrize(
    ("r1", "r2", "white", "result"),
    [
        ("   2 w 1", "   1 b 0", "1", GameResult.WHITE_WINS),
        ("   2 b 1", "   1 w 0", "2", GameResult.BLACK_WINS),
        ("   2 w =", "   1 b =", "1", GameResult.DRAW),
        ("   2 w 0", "   1 b 0", "1", GameResult.BOTH_LOSE),
        ("   2 w +", "   1 b -", "1", GameResult.WHITE_WINS_FORFEIT),
        ("   2 b +", "   1 w -", "2", GameResult.BLACK_WINS_FORFEIT),
        ("   2 - -", "   1 - -", "1", GameResult.DOUBLE_FORFEIT),
        ("   2 w  ", "   1 b  ", "1", GameResult.NOT_PLAYED),
        ("   2 w W", "   1 b L", "1", GameResult.WHITE_WINS_FORFEIT),
        ("   2 w l", "   1 b w", "1", GameResult.BLACK_WINS_FORFEIT),  # codes are case-insensitive
    ],
)
def test_game_codes(r1: str, r2: str, white: str, result: GameResult) -> None:
    t = trf.loads(two_players(r1, r2))
    black = "2" if white == "1" else "1"
    assert t.games == (Game(1, white, black, result),)


def test_unrated_games_are_not_counted_and_named() -> None:
    t = trf.loads(two_players("   2 w W", "   1 b L", "1.0", "0.0"))
    assert not t.games[0].result.played
    assert any("unrated game" in n and "1-2" in n for n in t.notes)
    assert warnings(t) == []
    d = trf.loads(two_players("   2 w D", "   1 b D", "0.5", "0.5"))
    assert d.games == ()
    assert set(d.byes) == {
        Bye(1, "1", Fraction(1, 2), ByeKind.HALF),
        Bye(1, "2", Fraction(1, 2), ByeKind.HALF),
    }
    assert any("unrated draw" in n for n in d.notes)
    assert warnings(d) == []


@pytest.mark.parametrize(
    ("block", "kind"),
    [
        ("0000 - H", ByeKind.HALF),
        ("0000 - =", ByeKind.HALF),
        ("0000 - D", ByeKind.HALF),
        ("0000 - F", ByeKind.FULL),
        ("     - 1", ByeKind.FULL),
        ("0000 - W", ByeKind.FULL),
        ("0000 - U", ByeKind.PAIRING),
        ("0000 - u", ByeKind.PAIRING),
        ("0000 - +", ByeKind.FORFEIT_WIN),
        ("0000 - Z", ByeKind.ZERO),
        ("0000 - -", ByeKind.ZERO),
        ("0000 - L", ByeKind.ZERO),
        ("0000 - 0", ByeKind.ZERO),
        ("0000 -  ", ByeKind.ZERO),
        ("       H", ByeKind.HALF),
    ],
)
def test_bye_codes(block: str, kind: ByeKind) -> None:
    t = trf.loads(line001(1, "A", rounds=(block,)))
    assert t.byes == (Bye(1, "1", BYE_POINTS[kind], kind),)


def test_points_check_uses_byes_and_scoring_record() -> None:
    text = two_players("   2 w 1", "   1 b 0", "1.0", "0.0")
    assert warnings(trf.loads(text)) == []
    assert len(warnings(trf.loads(two_players("   2 w 1", "   1 b 0", "3.0", "0.0")))) == 1
    scored = "162 W 3.0 D 1.0\n" + two_players("   2 w 1", "   1 b 0", "3.0", "0.0")
    assert warnings(trf.loads(scored)) == []


# --------------------------------------------------------------------------- bad pairings


def test_inconsistent_pair_names_both_lines_and_the_round() -> None:
    text = (
        line001(1, "A", rounds=("   2 w 1", "   3 w 1", "   2 w 1"))
        + "\n"
        + line001(2, "B", rounds=("   1 b 0", "0000 - U", "   3 b 0"))
        + "\n"
        + line001(3, "C", rounds=("0000 - U", "   1 b 0", "   2 w 1"))
        + "\n"
    )
    with pytest.raises(FormatError) as info:
        trf.loads(text)
    message = str(info.value)
    assert "round 3" in message
    assert "player 1 (line 1)" in message and "player 2 (line 2)" in message
    assert info.value.where == {"line": 1, "player": "1", "round": 3}


@pytest.mark.parametrize(
    ("r1", "r2", "match"),
    [
        ("   2 w 1", "   1 b 1", "results disagree"),
        ("   2 w =", "   1 b 0", "results disagree"),
        ("   2 w 1", "   1 b -", "results disagree"),
        ("   2 w 1", "   1 w 0", "both have colour 'w'"),
        ("   2 w 1", "0000 - U", "has no opponent"),
        ("   3 w 1", "0000 - U", "opponent 3, who is not in the file"),
        ("   1 w 1", "0000 - U", "paired against himself"),
        ("   2 x 1", "   1 b 0", "colour 'x'"),
        ("   2 w 7", "   1 b 0", "result '7'"),
        ("  2x w 1", "   1 b 0", "opponent '2x'"),
        ("   2 w 1 x", "   1 b 0", "not in the TRF columns"),
    ],
)
def test_bad_rounds(r1: str, r2: str, match: str) -> None:
    with pytest.raises(FormatError, match=match) as info:
        trf.loads(two_players(r1, r2))
    assert info.value.where["round"] == 1
    assert "line" in info.value.where


def test_missing_round_of_the_opponent() -> None:
    text = line001(1, "A", rounds=("   2 w 1",)) + "\n" + line001(2, "B") + "\n"
    with pytest.raises(FormatError, match=r"round 1: player 1 \(line 1\) played 2, but player 2 "):
        trf.loads(text)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rating": "25x0"}, "rating '25x0' is not a number"),
        ({"rating": "9999"}, "rating 9999 is out of range"),
        ({"points": "x.5"}, "points 'x.5' are not a number"),
        ({"birth": "abcdefghij"}, "birth date 'abcdefghij' is not a date"),
        ({"birth": "1700/01/01"}, "year of birth 1700 is not plausible"),
        ({"birth": "01/02/03"}, "has no year"),
    ],
)
def test_bad_player_fields(kwargs: dict[str, str], match: str) -> None:
    with pytest.raises(FormatError, match=match) as info:
        trf.loads("012 X\n" + line001(7, "A", **kwargs))
    assert info.value.where["line"] == 2
    assert info.value.where["player"] == "7"


def test_bad_starting_numbers() -> None:
    with pytest.raises(FormatError, match="line 1: starting number 'ab' "):
        trf.loads("001   ab A")
    twice = line001(3, "A") + "\n" + line001(3, "B")
    with pytest.raises(FormatError, match=r"starting number 3 is used twice \(lines 1 and 2\)"):
        trf.loads(twice)


def test_not_a_trf() -> None:
    with pytest.raises(FormatError, match="no player lines"):
        trf.loads("012 Only a header\n")
    with pytest.raises(FormatError, match="cannot read"):
        trf.read("/nonexistent/file.trf")
    with pytest.raises(FormatError):
        trf.loads(b"001" + b" " * 10)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- headers


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("28. 07. 2005", dt.date(2005, 7, 28)),
        ("2018/10/05", dt.date(2018, 10, 5)),
        ("2026-06-08", dt.date(2026, 6, 8)),
        ("08.06.2026", dt.date(2026, 6, 8)),
        ("1.9.2026", dt.date(2026, 9, 1)),
        ("May 29, 2020", dt.date(2020, 5, 29)),
        ("29 Mai 2020", dt.date(2020, 5, 29)),
        ("22/11/11", dt.date(2022, 11, 11)),
        ("05.10.18", dt.date(2018, 10, 5)),
        ("12/31/2024", dt.date(2024, 12, 31)),
        ("20240101", dt.date(2024, 1, 1)),
        ("", None),
        ("soon", None),
        ("2024/13/45", None),
        ("Foo 12, 2020", None),
    ],
)
def test_date_spellings(text: str, date: dt.date | None) -> None:
    assert trf.parse_trf_date(text) == date


def test_end_date_from_round_dates_and_unreadable_headers() -> None:
    text = (
        "012 Open\n042 sometime\n"
        "132" + " " * 88 + "26/06/06  26/06/07  26/06/08\n" + line001(1, "A", rounds=("0000 - U",))
    )
    t = trf.loads(text)
    assert t.end_date == dt.date(2026, 6, 8)
    assert t.start_date == dt.date(2026, 6, 6)
    assert any("'sometime'" in n for n in t.notes)
    assert any("last round date" in n for n in t.notes)


def test_trf2026_records_and_unknown_lines() -> None:
    text = "\n".join(
        [
            "### a comment line",
            "012 Open 2026",
            "142 3",
            "XXC white1",
            "DAT 0001 EMAIL someone",
            "DAT 0002 EMAIL someone",
            line001(1, "A", rating="1800", rounds=("   2 w 1",)),
            line001(2, "B", rounds=("   1 b 0",)),
            "GER" + line001(1, "Alpha,A", rating="1750")[3:],
            "GER" + line001(2, rating="1633")[3:],
            "GER" + line001(9, "Nobody", rating="1500")[3:],
            "240 H 002    1    2",
            "260 001 002    1    2",
        ]
    )
    t = trf.loads(text)
    assert t.rounds == 3
    assert [p.national_rating for p in t.players] == [1750, 1633]
    assert [p.dwz for p in t.players] == [None, None]
    assert set(t.byes) == {
        Bye(2, "1", Fraction(1, 2), ByeKind.HALF),
        Bye(2, "2", Fraction(1, 2), ByeKind.HALF),
    }
    assert "ignored 2 lines with record 'DAT' (first at line 5)" in t.notes
    assert "ignored 1 line with record '260' (first at line 13)" in t.notes
    assert any("unknown player 9" in n for n in t.notes)
    assert "national ratings from GER records" in t.notes
    again = trf.loads(trf.dumps(t))
    assert [p.national_rating for p in again.players] == [1750, 1633]


def test_encodings() -> None:
    text = "012 Straße\n" + line001(1, "Müller,Jörg") + "\n"
    assert trf.read(text.encode("utf-8")).player("1").name == "Müller,Jörg"
    assert trf.read(b"\xef\xbb\xbf" + text.encode("utf-8")).name == "Straße"
    latin = trf.read(text.encode("cp1252"))
    assert latin.player("1").name == "Müller,Jörg"
    assert "decoded as cp1252 (not UTF-8)" in latin.notes
    assert trf.decode(b"\x81\xe9") == ("\x81é", "latin-1")


def test_writer_numbers_other_ids_and_ranks_by_points() -> None:
    t = Tournament(
        name="Club",
        players=(Player("anna", "Anna", fide_rating=1900), Player("ben", "Ben")),
        games=(Game(1, "ben", "anna", GameResult.BLACK_WINS),),
    )
    text = trf.dumps(t)
    back = trf.loads(text)
    assert [p.id for p in back.players] == ["1", "2"]
    assert back.games == (Game(1, "2", "1", GameResult.BLACK_WINS),)
    rows = [line for line in text.splitlines() if line.startswith("001")]
    assert rows[0][80:89] == " 1.0    1" and rows[1][80:89] == " 0.0    2"
    with pytest.raises(FormatError):
        trf.dumps(t, national_federation="germany")


# --------------------------------------------------------------------------- property tests

names = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÄÖÜäöüß ,-", min_size=1, max_size=33).map(
    str.strip
)


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    count = draw(st.integers(2, 10))
    rounds = draw(st.integers(1, 5))
    players = [
        Player(
            id=str(n),
            name=draw(names),
            fide_rating=draw(st.none() | st.integers(1000, 2850)),
            national_rating=draw(st.none() | st.integers(800, 2700)),
            fide_id=draw(st.none() | st.integers(1, 99_999_999).map(str)),
            birth_year=draw(st.none() | st.integers(1900, 2020)),
            federation=draw(st.sampled_from([None, "GER", "IRL", "AUT"])),
            title=draw(st.sampled_from([None, "GM", "IM", "WFM", "CM"])),
            sex=draw(st.sampled_from([None, "m", "w"])),
        )
        for n in draw(st.lists(st.integers(1, 9999), min_size=count, max_size=count, unique=True))
    ]
    games, byes = [], []
    for rnd in range(1, rounds + 1):
        ids = draw(st.permutations([p.id for p in players]))
        present = ids[: draw(st.integers(0, len(ids)))]
        for k in range(0, len(present) - 1, 2):
            games.append(
                Game(rnd, present[k], present[k + 1], draw(st.sampled_from(list(GameResult))))
            )
        if len(present) % 2:
            kind = draw(st.sampled_from(list(ByeKind)))
            byes.append(Bye(rnd, present[-1], BYE_POINTS[kind], kind))
    t = Tournament(
        name=draw(names),
        place=draw(st.none() | names.filter(bool)),
        end_date=draw(st.none() | st.dates(dt.date(1990, 1, 1), dt.date(2030, 12, 31))),
        rounds=rounds,
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
    )
    totals = trf.computed_points(t)
    return t.with_players(dataclasses.replace(p, points=totals[p.id]) for p in players)


def canonical(t: Tournament) -> Tournament:
    t = strip(t)
    return dataclasses.replace(
        t,
        games=tuple(sorted(t.games, key=lambda g: (g.round, int(g.white)))),
        byes=tuple(sorted(t.byes, key=lambda b: (b.round, int(b.player)))),
        players=tuple(sorted(t.players, key=lambda p: int(p.id))),
        place=t.place or None,
        points_checked=False,  # what the reader did, not what the file holds
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_property_write_then_read_gives_the_same_tournament(t: Tournament) -> None:
    back = trf.loads(trf.dumps(t))
    assert canonical(back) == canonical(t)
    assert warnings(back) == []


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_fuzz_any_text_gives_a_tournament_or_a_format_error(text: str) -> None:
    try:
        result = trf.loads(text)
    except WertungError:
        return
    assert isinstance(result, Tournament)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_fuzz_any_bytes(data: bytes) -> None:
    try:
        result = trf.read(data)
    except WertungError:
        return
    assert result.players


SAMPLE_LINES = ULSTER.read_text("ascii").splitlines()


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(SAMPLE_LINES) - 1),
            st.integers(0, 160),
            st.sampled_from(list("0123456789 wb-+=HFUZWDL/.,xé\t")),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_fuzz_mutated_real_file(edits: list[tuple[int, int, str]]) -> None:
    lines = list(SAMPLE_LINES)
    for row, col, char in edits:
        text = lines[row].ljust(col + 1)
        lines[row] = text[:col] + char + text[col + 1 :]
    try:
        t = trf.loads("\n".join(lines))
    except WertungError as exc:
        assert exc.where.get("line") is None or exc.where["line"] >= 1
        return
    assert len(t.players) >= 1


def test_docstring_examples() -> None:
    import doctest

    result = doctest.testmod(trf, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5
    assert result.failed == 0


def test_read_refuses_text_given_as_a_path() -> None:
    with pytest.raises(FormatError, match="use loads"):
        trf.read(KARL_MALA.read_text("ascii"))


def test_writer_keeps_the_columns_with_awkward_text() -> None:
    t = Tournament(
        name="Line\nbreak",
        place="Tab\there",
        players=(
            Player(
                "1",
                "A\r\nvery long name that does not fit into thirty-three columns",
                fide_rating=2000,
            ),
            Player("2", "Zoë\tX", title="WGM", sex="w"),
        ),
        games=(Game(1, "1", "2", GameResult.DRAW),),
    )
    text = trf.dumps(t)
    back = trf.loads(text)
    assert back.name == "Line break" and back.place == "Tab here"
    assert back.player("1").name == "A  very long name that does not f"
    assert back.player("2").name == "Zoë X" and back.player("2").title == "WGM"
    assert back.games == t.games


def test_header_player_count_is_not_trusted() -> None:
    t = trf.loads("062 5\n" + line001(1, "A") + "\n")
    assert len(t.players) == 1
    assert (
        "line 1: the header says 5 players (062), the file has 1; the player lines are used"
        in t.notes
    )

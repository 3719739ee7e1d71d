"""chess-results Excel exports: both real samples, built workbooks, damaged files."""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.formats import trf, xlsx
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._model import Bye, Game, Tournament

DATA = Path(__file__).parents[1] / "data" / "xlsx"
ROUND_ROBIN = DATA / "kes26_winterClassicalB.xlsx"
SWISS = DATA / "kes_january.xlsx"


def sheet_rows(path: Path) -> list[tuple[object, ...]]:
    book = openpyxl.load_workbook(path, read_only=True)
    rows = list(book.worksheets[0].iter_rows(values_only=True))
    book.close()
    return rows


def workbook(rows: list[list[object]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def warnings(t: Tournament) -> list[str]:
    return [n for n in t.notes if n.startswith("warning:")]


# --------------------------------------------------------------------------- round robin


def test_round_robin_players() -> None:
    t = xlsx.read(ROUND_ROBIN)
    assert t.name == "Keshmat Winter Festival - Classic - 2026 - Group B"
    assert t.source == "https://chess-results.com/tnr1344765.aspx?lan=1"
    assert [(p.id, p.name, p.fide_rating, p.federation, p.points) for p in t.players] == [
        ("1", "Farhat, Jawad", 1886, "LBN", Fraction(1, 2)),
        ("2", "Saadeddine, Adam", 1930, "LBN", Fraction(9, 2)),
        ("3", "Kassar, Bashar", 1894, "LBN", Fraction(7, 2)),
        ("4", "Akl, Jad Eli", 1951, "LBN", Fraction(7, 2)),
        ("5", "Wadih, Michel", 1802, "LBN", Fraction(2)),
        ("6", "Salem, Ralph", 1774, "LBN", Fraction(1)),
    ]
    assert [p.title for p in t.players] == [None, None, None, "AFM", None, None]
    assert all(p.dwz is None and p.national_rating is None for p in t.players)
    assert t.end_date is None
    assert any("no tournament date (last update 08.02.2026" in n for n in t.notes)


def test_round_robin_results() -> None:
    t = xlsx.read(ROUND_ROBIN)
    assert len(t.games) == 15 and t.rounds == 5
    pairs = {frozenset((g.white, g.black)): g for g in t.games}
    assert len(pairs) == 15  # every pair exactly once
    assert pairs[frozenset("12")] == Game(
        pairs[frozenset("12")].round, "1", "2", GameResult.BLACK_WINS
    )
    assert pairs[frozenset("14")].result is GameResult.BLACK_WINS_FORFEIT  # 4 has "+", 1 has "-"
    assert pairs[frozenset("15")].result is GameResult.BLACK_WINS_FORFEIT
    assert pairs[frozenset("16")].result is GameResult.DRAW
    assert pairs[frozenset("34")].result is GameResult.DRAW
    assert pairs[frozenset("56")].result is GameResult.WHITE_WINS
    assert warnings(t) == []
    assert trf.computed_points(t) == {p.id: p.points for p in t.players}
    for rnd in range(1, 6):  # a real schedule: everybody plays once per round
        assert sorted(x for g in t.games if g.round == rnd for x in (g.white, g.black)) == list(
            "123456"
        )


def test_round_robin_matches_every_cell() -> None:
    rows = sheet_rows(ROUND_ROBIN)
    t = xlsx.read(ROUND_ROBIN)
    score = {frozenset((g.white, g.black)): g for g in t.games}
    cells = 0
    for row in rows[4:10]:
        me = str(row[0])
        for opponent, cell in enumerate(row[5:11], start=1):
            if str(opponent) == me:
                assert cell == "*"
                continue
            game = score[frozenset((me, str(opponent)))]
            mine = game.result.white if game.white == me else game.result.black
            expected = {
                1: (1, False),
                0: (0, False),
                "½": (0.5, False),
                "+": (1, True),
                "-": (0, True),
            }
            assert (float(mine.points), mine.forfeit) == expected[cell]
            cells += 1
    assert cells == 30


# --------------------------------------------------------------------------- swiss


def test_swiss_header_and_players() -> None:
    t = xlsx.read(SWISS)
    assert t.name == "Keshmat Circuit - Rapid - January 2025"
    assert (t.start_date, t.end_date) == (dt.date(2025, 1, 25), dt.date(2025, 1, 25))
    assert t.rounds == 7
    assert t.place == "Keshmat Chess Center (Dekweneh)"
    assert t.source == "http://chess-results.com/tnr1097672.aspx?lan=1"
    assert len(t.players) == 85
    first = t.player("1")
    assert (first.name, first.title, first.fide_rating, first.federation, first.points) == (
        "Khoder Akram",
        "FM",
        2185,
        "LBN",
        Fraction(7),
    )
    assert t.player("23").fide_rating is None  # Rtg 0: unrated
    assert t.player("16").title == "AIM"
    assert t.player("85").points == 0
    assert warnings(t) == []
    assert trf.computed_points(t) == {p.id: p.points for p in t.players}


def test_swiss_games_forfeits_and_byes() -> None:
    t = xlsx.read(SWISS)
    assert len(t.games) == 281
    games = {(g.round, g.white, g.black): g.result for g in t.games}
    assert games[(1, "41", "1")] is GameResult.BLACK_WINS  # " 41b1" in row of rank 1
    assert games[(3, "3", "25")] is GameResult.DRAW  # " 25w½"
    assert games[(1, "8", "82")] is GameResult.WHITE_WINS_FORFEIT  # " 82w+" / "  8b-"
    assert games[(1, "83", "77")] is GameResult.BLACK_WINS_FORFEIT  # " 77w-" / " 83b+"
    assert games[(2, "83", "44")] is GameResult.BLACK_WINS_FORFEIT
    assert Bye(1, "56", Fraction(1), ByeKind.PAIRING) in t.byes  # the cell -1
    assert Bye(6, "65", Fraction(0), ByeKind.ZERO) in t.byes  # the cell 0 ("-0")
    assert len(t.byes) == 33
    assert 2 * len(t.games) + len(t.byes) == 85 * 7  # every player has every round


def test_swiss_matches_every_cell() -> None:
    rows = sheet_rows(SWISS)
    t = xlsx.read(SWISS)
    games = {(g.round, g.white, g.black): g.result for g in t.games}
    checked = 0
    for row in rows[19:104]:
        me = str(row[0])
        for rnd, cell in enumerate(row[5:12], start=1):
            if not isinstance(cell, str):
                continue
            match = re.fullmatch(r"\s*(\d+)([wb])(.)", cell)
            assert match, cell
            opp, colour, res = match.groups()
            key = (rnd, me, opp) if colour == "w" else (rnd, opp, me)
            result = games[key]
            mine = result.white if colour == "w" else result.black
            assert mine.symbol == res
            checked += 1
    assert checked == 281 * 2


def test_read_from_bytes_and_file_object() -> None:
    data = SWISS.read_bytes()
    assert xlsx.read(data) == xlsx.read(SWISS)
    assert xlsx.read(io.BytesIO(data)).players == xlsx.read(SWISS).players


def test_excel_to_trf_and_back() -> None:
    t = xlsx.read(SWISS)
    back = trf.loads(trf.dumps(t))
    assert back.players == t.players
    assert set(back.games) == set(t.games)
    assert set(back.byes) == set(t.byes)


# --------------------------------------------------------------------------- built workbooks

HEADER = ["No.", None, "Name", "Rtg", "FED", "1.Rd", "2.Rd", "Pts.", "Rk."]


def swiss(*players: list[object], top: list[list[object]] | None = None) -> bytes:
    return workbook([*(top or [["A test"]]), HEADER, *players, [], ["footer"]])


def test_built_swiss_with_starting_numbers() -> None:
    data = swiss(
        [1, "GM", "Alpha", 2500, "GER", "2w1", "-½", 1.5, 1],
        [2, None, "Beta", 0, "AUT", "1b0", "3w=", 0.5, 3],
        [3, None, "Gamma", "1800", "SUI", "-1", "2b½", "1,5", 2],
    )
    t = xlsx.read(data)
    assert t.name == "A test"
    assert t.games == (
        Game(1, "1", "2", GameResult.WHITE_WINS),
        Game(2, "2", "3", GameResult.DRAW),
    )
    assert set(t.byes) == {
        Bye(2, "1", Fraction(1, 2), ByeKind.HALF),
        Bye(1, "3", Fraction(1), ByeKind.PAIRING),
    }
    assert t.player("3").fide_rating == 1800
    assert t.player("2").fide_rating is None
    assert warnings(t) == []


def test_national_ratings_and_rtgi_rtgn() -> None:
    top = [["Open"], ["Rating calculation : Rating national"], ["Date : 2026/06/01 to 2026/06/08"]]
    t = xlsx.read(swiss([1, None, "Alpha", 1500, "GER", "-1", "-1", 2, 1], top=top))
    assert t.player("1").national_rating == 1500 and t.player("1").fide_rating is None
    assert (t.start_date, t.end_date) == (dt.date(2026, 6, 1), dt.date(2026, 6, 8))
    header = ["No.", "Name", "RtgI", "RtgN", "1.Rd", "Pts."]
    t = xlsx.read(workbook([header, [1, "Alpha", 2000, 1950, "-1", 1]]))
    assert (t.player("1").fide_rating, t.player("1").national_rating) == (2000, 1950)


def test_points_mismatch_makes_it_incomplete_or_with_strict_an_error() -> None:
    data = swiss(
        [1, None, "Alpha", 2000, "GER", "2w1", "-0", 2, 1],
        [2, None, "Beta", 1900, "GER", "1b0", "-0", 0, 2],
    )
    t = xlsx.read(data)
    assert t.incomplete == (
        "points of player 1 (Alpha, row 3): the file says 2.0, the games and byes give 1.0",
    )
    assert not t.complete and warnings(t) == []
    with pytest.raises(FormatError, match="player 1") as info:
        xlsx.read(data, strict=True)
    assert info.value.where["line"] == 3


@pytest.mark.parametrize(
    ("cell_1", "cell_2", "match"),
    [
        ("2w1", "1b1", r"round 1: results disagree"),
        ("2w1", "1w0", r"both have colour 'w'"),
        (
            "2w1",
            "-1",
            r"round 1: player 1 \(row 3\) played 2, but player 2 \(row 4\) has no opponent",
        ),
        ("2w1", "hello", r"row 4: player 2, round 1: cell 'hello'"),
        ("2w1", 3, r"row 4: player 2, round 1: 3 is not a crosstable cell"),
    ],
)
def test_bad_swiss_cells(cell_1: object, cell_2: object, match: str) -> None:
    data = swiss(
        [1, None, "Alpha", 2000, "GER", cell_1, None, 1, 1],
        [2, None, "Beta", 1900, "GER", cell_2, None, 0, 2],
    )
    with pytest.raises(FormatError, match=match) as info:
        xlsx.read(data)
    assert info.value.where["round"] == 1


@pytest.mark.parametrize(
    ("rows", "match"),
    [
        ([["nothing here"]], "no crosstable found"),
        ([HEADER], "has no players"),
        ([["No.", "Name", "Pts."], [1, "A", 0]], "no round columns"),
        ([HEADER, [1, None, "A", 9999, "GER", None, None, 0, 1]], r"row 2: player 1: Rtg 9999"),
        ([HEADER, [1, None, "A", 1000, "GER", None, None, "lots", 1]], r"points 'lots'"),
        ([HEADER, [1, None, "A", 1000, "GER", None, None, 0, 1], [1, None, "B"]], "used twice"),
    ],
)
def test_bad_tables(rows: list[list[object]], match: str) -> None:
    with pytest.raises(FormatError, match=match):
        xlsx.read(workbook(rows))


def test_round_robin_built_and_inconsistent() -> None:
    header = ["No.", "Name", "Rtg", 1, 2, 3, "Pts."]
    good = workbook(
        [
            header,
            [1, "A", 2000, "*", 1, "½", 1.5],
            [2, "B", 1900, 0, "*", "+", 1],
            [3, "C", 0, "½", "-", "*", 0.5],
        ]
    )
    t = xlsx.read(good)
    assert {(g.white, g.black, g.result) for g in t.games} == {
        ("1", "2", GameResult.WHITE_WINS),
        ("1", "3", GameResult.DRAW),
        ("2", "3", GameResult.WHITE_WINS_FORFEIT),
    }
    assert t.rounds == 3  # three players: one sits out each round
    double = workbook(
        [header, [1, "A", 2000, "*", "1½", None, 1.5], [2, "B", 1900, "0½", "*", None, 0.5]]
    )
    assert len(xlsx.read(double).games) == 2
    bad = workbook([header, [1, "A", 2000, "*", 1, None, 1], [2, "B", 1900, 1, "*", None, 1]])
    with pytest.raises(FormatError, match=r"rows 2 and 3: results of 1 against 2 disagree"):
        xlsx.read(bad)
    uneven = workbook([header, [1, "A", 2000, "*", "1½", None, 1], [2, "B", 1900, 0, "*", None, 1]])
    with pytest.raises(FormatError, match="disagree on how often"):
        xlsx.read(uneven)


def test_not_an_excel_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="not a zip archive"):
        xlsx.read(b"No.;Name;Rtg\n1;A;2000\n")
    with pytest.raises(FormatError, match="cannot read"):
        xlsx.read(tmp_path / "missing.xlsx")
    with pytest.raises(FormatError, match=r"damaged|not an Excel|not a readable zip archive"):
        xlsx.read(SWISS.read_bytes()[:3000])


# --------------------------------------------------------------------------- fuzz

ORIGINAL = ROUND_ROBIN.read_bytes()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.integers(0, len(ORIGINAL) - 1), st.integers(0, 255)), min_size=1, max_size=8
    ),
    st.integers(100, len(ORIGINAL)),
)
def test_fuzz_damaged_bytes(edits: list[tuple[int, int]], length: int) -> None:
    data = bytearray(ORIGINAL[:length])
    for position, value in edits:
        if position < len(data):
            data[position] = value
    try:
        t = xlsx.read(bytes(data))
    except WertungError:
        return
    assert isinstance(t, Tournament)


cell_values = st.one_of(
    st.none(),
    st.integers(-3, 3000),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=5),
    st.sampled_from(
        ["*", "½", "+", "-", "-1", "-½", "-0", "1w1", "2b0", "3w½", "1b+", "2w-", "x", ""]
    ),
    st.text(alphabet="0123456789wbs½+-=* ", max_size=6),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        [
            ["No.", None, "Name", "Rtg", "FED", "1.Rd", "2.Rd", "Pts."],
            ["Rk.", "Name", "RtgI", "RtgN", "1.Rd", "2.Rd", "3.Rd", "Pts."],
            ["No.", "Name", "Rtg", 1, 2, 3, "Pts."],
        ]
    ),
    st.lists(st.lists(cell_values, min_size=8, max_size=8), min_size=1, max_size=5),
)
def test_fuzz_random_cells(header: list[object], body: list[list[object]]) -> None:
    rows = [
        [n + 1, *cells[1:]] if k % 2 == 0 else cells for k, (n, cells) in enumerate(enumerate(body))
    ]
    try:
        t = xlsx.read(workbook([header, *rows]))
    except WertungError:
        return
    assert t.players


def rezip(member: str, content: bytes) -> bytes:
    """The round-robin sample with one member of its zip archive replaced."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(ORIGINAL)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            target.writestr(info, content if info.filename == member else source.read(info))
    return out.getvalue()


MEMBERS = {
    name: zipfile.ZipFile(io.BytesIO(ORIGINAL)).read(name)
    for name in ("xl/worksheets/sheet1.xml", "xl/sharedStrings.xml", "xl/workbook.xml")
}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(MEMBERS)),
    st.lists(
        st.tuples(
            st.floats(0, 1, exclude_max=True), st.sampled_from(list(b'<>"/=0123456789 abc\xff'))
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_fuzz_damaged_xml_inside_the_archive(member: str, edits: list[tuple[float, int]]) -> None:
    content = bytearray(MEMBERS[member])
    for where, value in edits:
        content[int(where * len(content))] = value
    try:
        t = xlsx.read(rezip(member, bytes(content)))
    except WertungError:
        return
    assert isinstance(t, Tournament)


def test_docstring_examples() -> None:
    import doctest

    result = doctest.testmod(xlsx)
    assert result.attempted >= 5
    assert result.failed == 0

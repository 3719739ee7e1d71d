"""Round dates and game dates (issue 20): every real sample that has them gives them as the
file says, and the JSON format, DSB XML 2.5 and TRF keep them.

The expectations are read from the raw files by the tests themselves (the columns of a
TRF's ``132`` line, the field dump of ``fnogatz/swtparser.js`` beside each SWT sample, the
``YYYYMMDD`` numbers in a Swiss-Manager file, the "Round N on YYYY/MM/DD" headings of a
chess-results page), not by the parsers under test.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from pathlib import Path

import pytest
from lxml import etree

from wertung import evaluate
from wertung.formats import dsb_map, dsb_xml, swiss_manager, swt, tournament_json, trf
from wertung.formats.dsb_report import NAMESPACE
from wertung.kernel.errors import FormatError, InvalidDate, InvalidInput, InvalidTournament
from wertung.kernel.results import GameResult
from wertung.sources.chessresults import parse_saved_pages
from wertung.tournament._model import Bye, Game, Player, Tournament

DATA = Path(__file__).parents[1] / "data"
TRF_SAMPLES = {
    "icu_UlsterMastersSeniors2022.tab": "YY/MM/DD",
    "icu_cork_major_2018_swissmaster.tab": "YY/MM/DD",
    "icu_irish_junior_champs_2011.tab": "YY/MM/DD",
    # derived: the Irish league spelling YY.MM.DD (tests/data/trf/SOURCES.md)
    "icu_ulster_yymmdd_league_dates.tab": "YY.MM.DD",
}
D = dt.date


# ----------------------------------------------------------------------- independent readers


def raw_trf_round_dates(path: Path) -> list[dt.date | None]:
    """The ``132`` line's dates, round by round from column 92, each ten columns wide."""
    line = next(
        raw for raw in path.read_bytes().decode("latin-1").splitlines() if raw.startswith("132")
    )
    out: list[dt.date | None] = []
    for start in range(91, len(line), 10):
        text = line[start : start + 8].strip()
        if not text:
            out.append(None)
            continue
        yy, mm, dd = (int(part) for part in re.split(r"[/.]", text))
        out.append(dt.date(2000 + yy, mm, dd))
    return out


def swtparser_round_dates(path: Path) -> list[dt.date]:
    """Fields 89, 91, ... of the ``swtparser.js`` dump next to the sample ('Sun May 19 2013')."""
    general = json.loads(path.with_suffix(".json").read_text("utf-8"))["general"]
    out = []
    for field in range(89, 169, 2):
        text = general.get(str(field))
        if not text:
            break
        out.append(dt.datetime.strptime(text, "%a %b %d %Y").date())
    return out


def heading_dates(*paths: Path) -> dict[int, dt.date]:
    """The "Round N on YYYY/MM/DD" headings of saved chess-results pages."""
    out: dict[int, dt.date] = {}
    for path in paths:
        text = path.read_text("utf-8", errors="replace")
        for number, y, m, d in re.findall(r"Round (\d+) on (\d{4})/(\d{2})/(\d{2})", text):
            out.setdefault(int(number), dt.date(int(y), int(m), int(d)))
    return out


# ----------------------------------------------------------------------- the samples


@pytest.mark.parametrize("name", sorted(TRF_SAMPLES))
def test_trf_round_dates_as_the_132_line_says(name: str) -> None:
    path = DATA / "trf" / name
    t = trf.read(path)
    assert list(t.round_dates) == raw_trf_round_dates(path)
    assert len(t.round_dates) == t.rounds
    assert t.start_date <= min(t.round_dates) and max(t.round_dates) <= t.end_date


def test_trf_round_dates_of_two_samples_day_by_day() -> None:
    ulster = trf.read(DATA / "trf" / "icu_UlsterMastersSeniors2022.tab")
    assert ulster.round_dates == (D(2022, 11, 11), D(2022, 11, 12), D(2022, 11, 12),
                                  D(2022, 11, 13), D(2022, 11, 13))  # fmt: skip
    league = trf.read(DATA / "trf" / "icu_ulster_yymmdd_league_dates.tab")
    assert league.round_dates == (D(2010, 9, 13), D(2010, 10, 18), D(2010, 11, 22),
                                  D(2011, 1, 24), D(2011, 3, 13))  # fmt: skip


@pytest.mark.parametrize(
    "name", ["skl_2020_06_lichess_swiss.trf", "skl_example1_karl_mala_2005.trf"]
)
def test_trf_without_round_dates_has_none(name: str) -> None:
    assert trf.read(DATA / "trf" / name).round_dates == ()


def test_trf_round_dates_keep_their_columns_and_a_token_that_is_no_date() -> None:
    player = (
        "001    1 m    Muster,Max                        1850 GER     4600000 1980/01/01  0.0    1"
    )
    # round 2 blank, round 3 no date: rounds 1 and 4 dated where their columns are
    line = "132" + " " * 88 + "26/06/06" + " " * 12 + "soon    " + "  26/06/09"
    t = trf.loads(f"012 Open\n042 2026/06/06\n052 2026/06/09\n{line}\n{player}\n")
    assert t.round_dates == (D(2026, 6, 6), None, None, D(2026, 6, 9))
    assert any("not understood" in n for n in t.notes)
    # tokens not in the rounds' columns: rounds 1, 2, ... in their order
    t = trf.loads(f"012 Open\n132 26/06/06 26/06/07\n{player}\n")
    assert t.round_dates == (D(2026, 6, 6), D(2026, 6, 7))


@pytest.mark.parametrize("name", ["SwissIndividual.SWT", "SwissTeam.SWT"])
def test_swt_round_dates_as_the_field_dump_says(name: str) -> None:
    path = DATA / "swt" / name
    t = swt.read(path)
    expected = swtparser_round_dates(path)
    assert list(t.round_dates) == expected and len(expected) == t.rounds


def test_swt_round_dates_day_by_day() -> None:
    t = swt.read(DATA / "swt" / "SwissIndividual.SWT")
    assert t.round_dates[:3] == (D(2013, 5, 19), D(2013, 5, 19), D(2013, 5, 20))
    assert t.round_dates[-1] == D(2013, 5, 25)
    assert (t.start_date, t.end_date) == (D(2013, 5, 18), D(2013, 5, 26))  # the header's


SWISS_MANAGER = {
    "fxj_round_robin_6players.TURX": [D(2025, 6, 24), D(2025, 7, 1), D(2025, 7, 8),
                                      D(2025, 7, 15), D(2025, 7, 22)],
    "fxj_swiss_system_18players.TUNX": [D(2025, 5, 27), D(2025, 6, 3), D(2025, 6, 10),
                                        D(2025, 6, 17), D(2025, 6, 24), D(2025, 7, 1)],
    "fxj_swiss_team_93players.TUMX": [D(2025, 7, 26)] * 3 + [D(2025, 7, 27)] * 3,
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(SWISS_MANAGER))
def test_swiss_manager_round_dates_from_the_schedule(name: str) -> None:
    data = (DATA / "swiss-manager" / name).read_bytes()
    t = swiss_manager.read(DATA / "swiss-manager" / name)
    expected = SWISS_MANAGER[name]
    assert list(t.round_dates) == expected
    # each is stored as the number YYYYMMDD (4 bytes, little-endian), round after round
    at = -1
    for day in expected:
        stored = int(day.strftime("%Y%m%d")).to_bytes(4, "little")
        found = data.find(stored, at + 1)
        assert found > at, day
        at = found
    assert (t.start_date, t.end_date) == (expected[0], expected[-1])


def test_swiss_manager_round_date_that_is_no_date_is_refused() -> None:
    name = "fxj_round_robin_6players.TURX"
    data = bytearray((DATA / "swiss-manager" / name).read_bytes())
    stored = (20250701).to_bytes(4, "little")
    at = data.find(stored, data.find((20250624).to_bytes(4, "little")) + 1)
    data[at : at + 4] = (20251399).to_bytes(4, "little")
    with pytest.raises(
        FormatError, match=r"round 2 of the schedule: the date 20251399 is not a date"
    ):
        swiss_manager.parse(bytes(data))


CR = DATA / "chess-results"
BRITISH = [CR / "mjl_british2026_champ_crosstable.html"] + [
    CR / f"mjl_british2026_champ_{n}.html"
    for n in ("r2", "r3", "r4", "r5", "r6_finished", "r7_finished", "r8")
]
USSA = [
    CR / f"mjl_ussa2026_roundrobin_{n}.html" for n in ("crosstable", "pairings", "startingrank")
]


@pytest.mark.parametrize("pages", [BRITISH, USSA], ids=["british2026", "ussa2026"])
def test_chess_results_round_dates_from_the_pairings_headings(pages: list[Path]) -> None:
    t = parse_saved_pages(pages)
    headings = heading_dates(*pages)
    assert headings
    assert {r: t.round_date(r) for r in range(1, len(t.round_dates) + 1)} == {
        r: headings.get(r) for r in range(1, max(headings) + 1)
    }


def test_chess_results_round_dates_day_by_day() -> None:
    british = parse_saved_pages(BRITISH)
    assert british.round_dates[0] is None  # round 1's pairings page was not saved
    assert british.round_dates[1:] == tuple(D(2026, 8, day) for day in range(2, 9))
    ussa = parse_saved_pages(USSA)
    assert ussa.round_dates == (D(2026, 8, 8),) * 4 + (D(2026, 8, 9),) * 4 + (D(2026, 8, 10),)


#: A stand-in for the round-dates view (art=14; no real page of it was saved), of the Arad
#: event, whose round 9 date differs from a (synthetic) heading to show which one wins.
ROUND_DATES_VIEW = (
    '<html><body><form action="./tnr1342553.aspx?lan=1&amp;art=14"></form>'
    '<h2>19th Arad Open Grand Prix Classic</h2><table class="CRs1">'
    "<tr><th>Round</th><th>Date</th><th>Time</th></tr>"
    + "".join(
        f"<tr><td>Rd.{r}</td><td>2026/08/{2 + r:02d}</td><td>16:00</td></tr>" for r in range(1, 10)
    )
    + "</table></body></html>"
)


def test_chess_results_round_dates_view_comes_first() -> None:
    pages = [CR / "mjl_arad2026_a_crosstable.html", CR / "mjl_arad2026_a_startingrank.html"]
    t = parse_saved_pages([*pages, ROUND_DATES_VIEW])
    assert t.round_dates == tuple(D(2026, 8, 2 + r) for r in range(1, 10))
    assert parse_saved_pages(pages).round_dates == ()  # no page names a round date


# ----------------------------------------------------------------------- the model


def small(**fields: object) -> Tournament:
    players = tuple(Player(str(n), f"P{n}") for n in range(1, 5))
    games = (
        Game(1, "1", "2", GameResult.WHITE_WINS), Game(1, "3", "4", GameResult.DRAW),
        Game(2, "1", "3", GameResult.BLACK_WINS, date=D(2026, 9, 8)),
        Game(2, "2", "4", GameResult.WHITE_WINS_FORFEIT),
    )  # fmt: skip
    base: dict[str, object] = {
        "name": "Open", "players": players, "games": games, "rounds": 2, "source": "open.trf",
        "start_date": D(2026, 9, 5), "end_date": D(2026, 9, 6),
        "round_dates": (D(2026, 9, 5), D(2026, 9, 6)),
    }  # fmt: skip
    base.update(fields)
    return Tournament(**base).validate()  # type: ignore[arg-type]


def test_a_date_outside_start_and_end_is_kept_not_refused() -> None:
    t = small(round_dates=(D(2026, 9, 1), None, D(2027, 1, 1)))
    assert t.round_date(1) == D(2026, 9, 1) and t.round_date(2) is None
    assert t.round_date(3) == D(2027, 1, 1) and t.round_date(9) is None
    assert t.game_date(t.games[2]) == D(2026, 9, 8)  # the game's own date comes first
    assert t.game_date(t.games[0]) == D(2026, 9, 1)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"round_dates": (D(2026, 9, 5), "2026-09-06")}, "round 2: the round date '2026-09-06' is not a date"),
        ({"round_dates": (dt.datetime(2026, 9, 5, 10),)}, "round 1: the round date"),
        ({"round_dates": [D(2026, 9, 5)]}, "must be a tuple of dates"),
        ({"games": (Game(1, "1", "2", GameResult.DRAW, date="2026-09-05"),)},  # type: ignore[arg-type]
         "round 1: the date '2026-09-05' of the game '1'-'2' is not a date"),
    ],
)  # fmt: skip
def test_a_date_that_is_no_date_is_refused_by_the_model(fields: dict, message: str) -> None:
    with pytest.raises(InvalidTournament, match=re.escape(message)):
        small(**fields)


def test_the_dates_never_change_an_evaluation() -> None:
    players = tuple(Player(str(n), f"P{n}", dwz=1500 + 50 * n, index=5) for n in range(1, 5))
    dated = small(players=players)
    plain = dataclasses.replace(
        dated, round_dates=(), games=tuple(dataclasses.replace(g, date=None) for g in dated.games)
    )
    assert evaluate(dated).to_dict() == evaluate(plain).to_dict()
    assert "round_dates" not in json.dumps(evaluate(dated).to_dict())


# ----------------------------------------------------------------------- JSON


def test_json_writes_and_reads_the_dates() -> None:
    t = small(round_dates=(D(2026, 9, 5), None, D(2026, 9, 7)))
    data = tournament_json.to_dict(t)
    assert data["round_dates"] == ["2026-09-05", None, "2026-09-07"]
    assert [g.get("date") for g in data["games"]] == [None, None, "2026-09-08", None]
    assert tournament_json.loads(json.dumps(data)) == t
    assert "round_dates" not in tournament_json.to_dict(small(round_dates=()))


def test_json_dates_are_valid_for_the_schema() -> None:
    jsonschema_rs = pytest.importorskip("jsonschema_rs")
    validator = jsonschema_rs.validator_for(tournament_json.schema(), validate_formats=True)
    data = tournament_json.to_dict(small(round_dates=(D(2026, 9, 5), None)))
    assert validator.is_valid(data)
    for bad in (["2026-13-01"], ["05.09.2026"], [5], "2026-09-05"):
        assert not validator.is_valid({**data, "round_dates": bad})
    game = {**data["games"][0], "date": "2026-02-30"}
    assert not validator.is_valid({**data, "games": [game]})


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"round_dates": ["2026-13-01"]}, InvalidDate, "round_dates '2026-13-01' is not a date"),
        ({"round_dates": [None, "05.09.2026"]}, InvalidDate, "round_dates '05.09.2026' is not a date"),
        ({"round_dates": "2026-09-05"}, InvalidTournament, "round_dates must be a list"),
        ({"round_dates": [None] * 1000}, InvalidInput, "at most 999 rounds"),
    ],
)  # fmt: skip
def test_json_round_dates_that_are_no_dates_are_refused(change, error, message) -> None:
    data = {**tournament_json.to_dict(small()), **change}
    with pytest.raises(error, match=re.escape(message)):
        tournament_json.from_dict(data)


def test_json_game_date_that_is_no_date_is_refused() -> None:
    data = tournament_json.to_dict(small())
    data["games"][0]["date"] = "2026-02-30"
    with pytest.raises(InvalidDate, match=re.escape("games.date '2026-02-30' is not a date")):
        tournament_json.from_dict(data)


# ----------------------------------------------------------------------- DSB XML


def dates_in_file(data: bytes) -> list[tuple[int, str | None]]:
    """(round, date) of every game of a DSB XML file, read with lxml."""
    root = etree.fromstring(data)
    ns = {"d": NAMESPACE}
    return [
        (int(g.findtext("d:round", namespaces=ns)), g.findtext("d:date", namespaces=ns))
        for g in root.iterfind("d:games/d:game", ns)
    ]


def test_dsb_xml_dates_every_game_from_the_source() -> None:
    t = swt.read(DATA / "swt" / "SwissIndividual.SWT")
    report = dsb_map.report_from_tournament(t)
    data = dsb_xml.write(report)
    expected = swtparser_round_dates(DATA / "swt" / "SwissIndividual.SWT")
    assert dates_in_file(data) and all(
        day == expected[number - 1].isoformat() for number, day in dates_in_file(data)
    )
    # the days actually played, not the header's 2013-05-18 to 2013-05-26
    assert (report.start_date, report.end_date) == (D(2013, 5, 19), D(2013, 5, 25))
    root = etree.fromstring(data)
    ns = {"d": NAMESPACE}
    assert root.findtext("d:tournament/d:startDate", namespaces=ns) == "2013-05-19"
    assert root.findtext("d:tournament/d:endDate", namespaces=ns) == "2013-05-25"
    back = dsb_xml.load(data)
    assert back.round_dates == t.round_dates
    assert all(g.date is None for g in back.games)  # each game on its round's day


def test_dsb_xml_keeps_a_game_played_on_another_day() -> None:
    t = small()
    back = dsb_xml.load(dsb_xml.write(dsb_map.report_from_tournament(t)))
    assert back.round_dates == (D(2026, 9, 5), D(2026, 9, 6))
    assert [g.date for g in back.games] == [None, None, D(2026, 9, 8), None]
    # played over the board: round 1 (9-05) and the game of round 2 on 9-08
    report = dsb_map.report_from_tournament(back)
    assert (report.start_date, report.end_date) == (D(2026, 9, 5), D(2026, 9, 8))
    assert [g.date for g in report.games] == [D(2026, 9, 5), D(2026, 9, 5), D(2026, 9, 8),
                                              D(2026, 9, 6)]  # fmt: skip


def test_dsb_xml_round_dates_option_overrides_the_sources() -> None:
    report = dsb_map.report_from_tournament(small(), round_dates={2: D(2026, 9, 12)})
    assert [g.date for g in report.games] == [D(2026, 9, 5)] * 2 + [D(2026, 9, 12)] * 2


def test_dsb_xml_with_some_games_undated_keeps_the_tournaments_start_and_end() -> None:
    t = small(round_dates=(None, D(2026, 9, 6)))
    report = dsb_map.report_from_tournament(t)
    assert [g.date for g in report.games] == [None, None, D(2026, 9, 8), D(2026, 9, 6)]
    assert (report.start_date, report.end_date) == (D(2026, 9, 5), D(2026, 9, 6))
    back = dsb_xml.load(dsb_xml.write(report))
    assert back.round_dates == (None, D(2026, 9, 6)) and back.games[2].date == D(2026, 9, 8)


def test_dsb_xml_byes_share_their_rounds_date() -> None:
    t = small(byes=(Bye(3, "1", 1),), rounds=3, round_dates=(D(2026, 9, 5), D(2026, 9, 6), D(2026, 9, 7)),
              end_date=D(2026, 9, 7))  # fmt: skip
    data = dsb_xml.write(dsb_map.report_from_tournament(t))
    assert (3, "2026-09-07") in dates_in_file(data)
    assert dsb_xml.load(data).round_dates == t.round_dates


def test_dsb_xml_file_with_a_date_that_is_no_date_is_refused() -> None:
    data = dsb_xml.write(dsb_map.report_from_tournament(small()))
    broken = data.replace(b"<date>2026-09-08</date>", b"<date>2026-09-31</date>")
    assert broken != data
    with pytest.raises(FormatError, match=re.escape("'2026-09-31' is not a date (YYYY-MM-DD)")):
        dsb_xml.load(broken)


# ----------------------------------------------------------------------- TRF


@pytest.mark.parametrize("name", sorted(TRF_SAMPLES))
def test_trf_write_keeps_the_round_dates(name: str) -> None:
    t = trf.read(DATA / "trf" / name)
    text = trf.dumps(t)
    back = trf.loads(text)
    assert back.round_dates == t.round_dates
    line = next(raw for raw in text.splitlines() if raw.startswith("132"))
    assert line[91:99] == t.round_dates[0].strftime("%y/%m/%d")  # TRF16's spelling and column
    assert line[101:109] == t.round_dates[1].strftime("%y/%m/%d")


def test_trf_write_a_year_two_digits_cannot_hold_and_a_date_outside() -> None:
    t = small(
        start_date=D(1960, 5, 1), end_date=D(1960, 5, 9), round_dates=(D(1960, 5, 1), D(1960, 5, 9))
    )
    text = trf.dumps(t)
    assert "19600501  19600509" in text
    assert trf.loads(text).round_dates == t.round_dates
    # a round date outside the start and end written is left out (no reader takes it)
    t = small(round_dates=(D(2026, 9, 5), D(2026, 10, 1)))
    back = trf.loads(trf.dumps(t))
    assert back.round_dates == (D(2026, 9, 5),)
    assert trf.dumps(small(round_dates=())).count("\n132") == 0

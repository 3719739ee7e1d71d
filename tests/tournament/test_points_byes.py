"""The points check of every importer: a total a round without a game explains is a bye.

Golden file: ``tests/data/trf/icu_irish_junior_champs_2011.tab`` (five players whose round
cell ``0000 -`` has a blank result while the file's total counts a bye there).
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import wertung
from wertung.catalogue import render
from wertung.cli import app
from wertung.formats import trf, xlsx
from wertung.formats._points import bye_split, settle
from wertung.kernel.results import ByeKind, GameResult
from wertung.sources.chessresults import parse_saved_pages
from wertung.tournament._model import Bye, Game, Player, Tournament

DATA = Path(__file__).parents[1] / "data"
JUNIORS = DATA / "trf" / "icu_irish_junior_champs_2011.tab"
ARAD = [
    DATA / "chess-results" / "mjl_arad2026_a_crosstable.html",
    DATA / "chess-results" / "mjl_arad2026_a_startingrank.html",
]
runner = CliRunner()
ZERO, HALF, ONE = Fraction(0), Fraction(1, 2), Fraction(1)

#: The byes the Irish file's totals count in its blank cells: (line, round) → code.
JUNIOR_BYES = {(18, 1): "H", (28, 4): "H", (28, 5): "H", (33, 1): "F", (38, 4): "F", (45, 5): "F"}


def with_codes(text: str, codes: dict[tuple[int, int], str]) -> str:
    """``text`` with the result column of each (line, round) set to its code."""
    lines = text.split("\n")
    for (line, rnd), code in codes.items():
        row = lines[line - 1]
        at = 91 + 10 * (rnd - 1) + 7
        assert row[at - 7 : at - 3] == "0000" and row[at] == " ", row
        lines[line - 1] = row[:at] + code + row[at + 1 :]
    return "\n".join(lines)


def evaluation(t: Tournament) -> dict:
    data = wertung.evaluate(t).to_dict()
    data.pop("notes")
    return data


def line(number: int, points: str, cells: list[str]) -> str:
    """A TRF 001 line: starting number, FIDE rating 1500 + 10·number, points, round cells."""
    head = f"001 {number:>4} m    {'Player ' + str(number):<33} {1500 + 10 * number:>4} GER {'':>11} 1990/01/01 {points:>4} {number:>4}"
    return head + "".join(f"  {cell:<8}" for cell in cells)


def four_players(p1: str, p4: str, code1: str = " ", code4: str = " ") -> str:
    """Round 1: 1-2 and 3-4 played; round 2: 2-3 played, 1 and 4 without a game (their
    cells ``0000 -`` with the result ``code1``/``code4``, blank by default)."""
    return "\n".join([
        "012 Bye test", "052 2026/06/01", "122 90 min + 30 s",
        line(1, p1, ["   2 w 1", f"0000 - {code1}"]),
        line(2, "0.0", ["   1 b 0", "   3 w 0"]),
        line(3, "2.0", ["   4 b 1", "   2 b 1"]),
        line(4, p4, ["   3 w 0", f"0000 - {code4}"]),
    ]) + "\n"  # fmt: skip


# --------------------------------------------------------------------------- the rule


def test_bye_split_prefers_half_point_byes_and_never_invents_more_than_a_point_a_round() -> None:
    half, one = Fraction(1, 2), Fraction(1)
    assert bye_split(half, [3]) == ((3, ByeKind.HALF),)
    assert bye_split(one, [3]) == ((3, ByeKind.FULL),)
    assert bye_split(one, [5, 4]) == ((4, ByeKind.HALF), (5, ByeKind.HALF))
    assert bye_split(Fraction(2), [4, 5]) == ((4, ByeKind.FULL), (5, ByeKind.FULL))
    assert bye_split(half, [4, 5]) == ((4, ByeKind.HALF),)
    assert bye_split(Fraction(0), []) == ()
    for difference, rounds in (
        (Fraction(3, 2), [1]),
        (-half, [1]),
        (half, []),
        (Fraction(1, 3), [1]),
    ):
        assert bye_split(difference, rounds) is None
    # a scoring of 3/1/0 (TRF 162): a half-point bye is worth 1, a full one 3
    assert bye_split(Fraction(4), [1, 2], Fraction(1), Fraction(3)) == (
        (1, ByeKind.FULL), (2, ByeKind.HALF),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("p1", "p4", "byes", "notes"),
    [
        ("1.5", "0.0", [Bye(2, "1", HALF, ByeKind.HALF), Bye(2, "4", ZERO, ByeKind.ZERO)], 1),
        ("2.0", "1.0", [Bye(2, "1", ONE, ByeKind.FULL), Bye(2, "4", ONE, ByeKind.FULL)], 2),
        ("1.0", "0.5", [Bye(2, "1", ZERO, ByeKind.ZERO), Bye(2, "4", HALF, ByeKind.HALF)], 1),
    ],
    ids=["half", "full", "other player"],
)
def test_blank_cells_worth_a_bye_import_complete_and_evaluate_as_explicit_byes(
    p1: str, p4: str, byes: list[Bye], notes: int
) -> None:
    blank = trf.loads(four_players(p1, p4))
    assert blank.complete and list(blank.byes) == byes
    assert sum("taken as a bye; the file records no game" in n for n in blank.notes) == notes
    codes = {Fraction(0): "Z", Fraction(1, 2): "H", Fraction(1): "F"}
    by_player = {b.player: codes[b.points] for b in byes}
    explicit = trf.loads(four_players(p1, p4, by_player.get("1", " "), by_player.get("4", " ")))
    assert explicit.complete and [n for n in explicit.notes if "taken as a bye" in n] == []
    assert dataclasses.replace(blank, notes=()) == dataclasses.replace(explicit, notes=())
    assert evaluation(blank) == evaluation(explicit)


def test_a_difference_no_gameless_round_explains_is_still_refused(tmp_path: Path) -> None:
    # player 1: 2½ stated, 1 from the games, one round without a game (at most 1 more)
    text = four_players("2.5", "0.0")
    t = trf.loads(text)
    assert not t.complete and [b for b in t.byes if b.points] == []
    assert t.incomplete == (
        "points of player 1 (Player 1, line 4): the file says 2.5, the games and byes give 1.0",
    )
    result = wertung.evaluate(t)
    assert not result.complete and result.incomplete == t.incomplete  # listed once
    # a total below the games: no bye can explain it
    lower = trf.loads(four_players("0.5", "0.0"))
    assert lower.incomplete == (
        "points of player 1 (Player 1, line 4): the file says 0.5, the games and byes give 1.0",
    )
    # an explicit zero-point bye states its points: it explains nothing
    zero = trf.loads(four_players("1.5", "0.0", code1="Z"))
    assert not zero.complete
    path = tmp_path / "wrong.trf"
    path.write_text(text, encoding="utf-8")
    refused = runner.invoke(app, ["tournament", str(path)])
    assert refused.exit_code == 2
    assert refused.output.count("player 1 (Player 1") == 1
    partial = runner.invoke(app, ["tournament", str(path), "--partial", "--json"])
    data = json.loads(partial.stdout)
    assert data["complete"] is False and len(data["incomplete"]) == 1
    with pytest.raises(wertung.FormatError, match=r"player 1 .*line 4"):
        trf.loads(text, strict=True)


def test_a_tournament_built_by_hand_with_wrong_points_is_still_told() -> None:
    t = Tournament(
        name="hand", end_date=trf.loads(four_players("1.0", "0.0")).end_date,
        players=(Player("1", "A", dwz=1600, points=Fraction(2)), Player("2", "B", dwz=1500)),
        games=(Game(1, "1", "2", GameResult.WHITE_WINS),),
    )  # fmt: skip
    result = wertung.evaluate(t)
    assert not result.complete
    (reason,) = result.incomplete
    assert render(reason, "en") == "player 1 (A): the games give 1 point, the source says 2"
    assert render(reason, "de").startswith("Spieler 1 (A):")
    rapid = wertung.evaluate(dataclasses.replace(t, time_control="rapid"))
    assert rapid.incomplete == result.incomplete
    # once an import has named the differences, the evaluation does not repeat them
    named = dataclasses.replace(
        t, incomplete=("points of player 1 (A, line 4): ...",), points_checked=True
    )
    assert wertung.evaluate(named).incomplete == named.incomplete
    # ... and says so structurally, not by the words of its reasons
    worded = dataclasses.replace(t, incomplete=("points of player 1 (A, line 4): ...",))
    assert len(wertung.evaluate(worded).incomplete) == 2
    assert trf.loads(four_players("1.0", "0.0")).points_checked


def test_settle_rounds_without_any_entry_and_team_events() -> None:
    t = Tournament(
        rounds=3,
        players=(Player("1", "A", points=Fraction(2)), Player("2", "B"), Player("3", "C")),
        games=(Game(1, "1", "2", GameResult.WHITE_WINS), Game(2, "2", "3", GameResult.DRAW),
               Game(3, "2", "3", GameResult.DRAW)),
    )  # fmt: skip
    settled = settle(t)
    assert settled.complete
    assert list(settled.byes) == [
        Bye(2, "1", Fraction(1, 2), ByeKind.HALF), Bye(3, "1", Fraction(1, 2), ByeKind.HALF),
    ]  # fmt: skip
    team = settle(t, gameless={})  # a team event: a player not lined up scores nothing
    assert not team.complete and team.byes == ()


# --------------------------------------------------------------------------- real files


def test_golden_irish_juniors_complete_with_the_byes_named() -> None:
    t = trf.read(JUNIORS)
    assert t.complete and len(t.players) == 34
    notes = [n for n in t.notes if "taken as a bye" in n]
    assert notes == [
        "player 4 (Ogintas, Aligmantas, line 18): 0.5 point for round 1 taken as a bye; "
        "the file records no game in that round",
        "player 14 (McCarrick, Pat, line 28): 0.5 point for round 4 taken as a bye; "
        "the file records no game in that round",
        "player 14 (McCarrick, Pat, line 28): 0.5 point for round 5 taken as a bye; "
        "the file records no game in that round",
        "player 19 (Coughlan, Anne B, line 33): 1.0 point for round 1 taken as a bye; "
        "the file records no game in that round",
        "player 24 (Morgan, Mícheál, line 38): 1.0 point for round 4 taken as a bye; "
        "the file records no game in that round",
        "player 31 (Cormican, Fiona, line 45): 1.0 point for round 5 taken as a bye; "
        "the file records no game in that round",
    ]
    assert render(notes[0], "de") == (
        "Spieler 4 (Ogintas, Aligmantas, Zeile 18): ½ Punkt für Runde 1 als Freilos gewertet; "
        "die Datei verzeichnet in dieser Runde keine Partie"
    )
    assert render(notes[0], "en").startswith("player 4 (Ogintas, Aligmantas, line 18): ½ point")
    # the same file with the byes written out (H, F) gives the same evaluation, player by player
    text = JUNIORS.read_bytes().decode("cp1252")
    explicit = trf.loads(with_codes(text.replace("\r\n", "\n"), JUNIOR_BYES))
    assert explicit.complete and not [n for n in explicit.notes if "taken as a bye" in n]
    assert explicit.byes == t.byes
    blank, written = evaluation(t), evaluation(explicit)
    assert blank == written
    assert [p["dwz_after"] for p in blank["players"]] == [
        p["dwz_after"] for p in written["players"]
    ]
    assert all(p["elo"] is not None for p in blank["players"] if p["elo_before"])


def test_golden_irish_juniors_on_the_command_line() -> None:
    result = runner.invoke(app, ["tournament", str(JUNIORS), "--date", "2026-09-01"])
    assert result.exit_code == 0, result.output
    assert "½ point for round 1 taken as a bye" in " ".join(result.output.split())
    german = runner.invoke(
        app, ["tournament", str(JUNIORS), "--date", "2026-09-01", "--lang", "de"]
    )
    assert german.exit_code == 0
    assert "½ Punkt für Runde 1 als Freilos gewertet" in " ".join(german.output.split())
    data = json.loads(runner.invoke(app, ["tournament", str(JUNIORS), "--json"]).stdout)
    assert data["complete"] is True and data["incomplete"] == []


def test_excel_empty_cell_worth_a_bye() -> None:
    def book(points: float) -> bytes:
        workbook = openpyxl.Workbook()
        for row in (
            ["My Open"],
            ["No.", "Name", "Rtg", "1.Rd", "2.Rd", "Pts."],
            [1, "Alpha", 2100, "2w1", None, points],
            [2, "Beta", 1900, "1b0", -1, 1],
        ):
            workbook.active.append(row)  # fmt: skip
        buffer = io.BytesIO()
        workbook.save(buffer)
        return buffer.getvalue()

    t = xlsx.read(book(1.5))
    assert t.complete and Bye(2, "1", Fraction(1, 2), ByeKind.HALF) in t.byes
    assert (
        "player 1 (Alpha, row 3): 0.5 point for round 2 taken as a bye; the file records no game "
        "in that round"
    ) in t.notes
    wrong = xlsx.read(book(2.5))
    assert wrong.incomplete == (
        "points of player 1 (Alpha, row 3): the file says 2.5, the games and byes give 1.0",
    )
    assert render(wrong.incomplete[0], "en").startswith("points of player 1 (Alpha, row 3)")


def _arad_with_empty_cell(points: str) -> str:
    html = ARAD[0].read_text(encoding="utf-8")
    row = re.search(r'<tr class="CRng\d [A-Z]{3}"><td class="CRc">35</td>.*?</tr>', html)
    assert row and '<td class="CRc">   -&frac12;</td>' in row.group(0)
    changed = row.group(0).replace('<td class="CRc">   -&frac12;</td>', '<td class="CRc"></td>', 1)
    changed = changed.replace('<td class="CRc">5,5</td>', f'<td class="CRc">{points}</td>', 1)
    return html.replace(row.group(0), changed)


def test_chess_results_empty_cell_worth_a_bye() -> None:
    t = parse_saved_pages([_arad_with_empty_cell("5,5"), ARAD[1]])
    assert t.complete and Bye(1, "35", Fraction(1, 2), ByeKind.HALF) in t.byes
    assert (
        "player 35 (Terkiewicz Bruno): 0.5 point for round 1 taken as a bye; the page shows no "
        "game in that round"
    ) in t.notes
    assert render(
        t.notes[-1]
        if "taken" in t.notes[-1]
        else next(n for n in t.notes if "taken as a bye" in n),
        "de",
    ).startswith("Spieler 35")
    assert (
        wertung.evaluate(t).to_dict()["players"]
        == wertung.evaluate(parse_saved_pages(ARAD)).to_dict()["players"]
    )
    wrong = parse_saved_pages([_arad_with_empty_cell("7"), ARAD[1]])
    assert not wrong.complete and "player 35 (Terkiewicz Bruno)" in wrong.incomplete[0]


# --------------------------------------------------------------------------- property


@st.composite
def crosstables(draw: st.DrawFn) -> tuple[str, dict[int, dict]]:
    """A random Swiss crosstable as TRF text: players paired round by round, some rounds
    without a game (blank cell or no entry), each stated total the games' plus a random
    difference. Returns the text and per player what the check must conclude from."""
    count = draw(st.integers(2, 8))
    rounds = draw(st.integers(1, 4))
    cells: dict[int, list[str]] = {n: [] for n in range(1, count + 1)}
    points = dict.fromkeys(cells, Fraction(0))
    gameless: dict[int, int] = dict.fromkeys(cells, 0)
    for _ in range(rounds):
        order = draw(st.permutations(list(cells)))
        pairs = draw(st.integers(0, count // 2))
        for k in range(pairs):
            a, b = order[2 * k], order[2 * k + 1]
            score = draw(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(0)]))
            code = {Fraction(1): ("1", "0"), Fraction(1, 2): ("=", "="), Fraction(0): ("0", "1")}[
                score
            ]
            cells[a].append(f"{b:>4} w {code[0]}")
            cells[b].append(f"{a:>4} b {code[1]}")
            points[a] += score
            points[b] += 1 - score
        for n in order[2 * pairs :]:
            cells[n].append(draw(st.sampled_from(["0000 -  ", "        "])))
    # a round in which nobody has an entry is not in the file at all
    seen = max((r + 1 for row in cells.values() for r, c in enumerate(row) if c.strip()), default=0)
    for n, row in cells.items():
        gameless[n] = sum(1 for c in row[:seen] if c.strip() in ("", "0000 -"))
    expected: dict[int, dict] = {}
    lines = ["012 Random", "052 2026/06/01"]
    for n in cells:
        difference = Fraction(draw(st.integers(-2, 6)), 2)
        stated = points[n] + difference
        if stated < 0:
            stated, difference = points[n], Fraction(0)
        expected[n] = {"difference": difference, "gameless": gameless[n]}
        lines.append(line(n, f"{float(stated):.1f}", cells[n]))
    return "\n".join(lines) + "\n", expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crosstables())
def test_property_the_rule_never_invents_points_nor_hides_a_mismatch(
    case: tuple[str, dict[int, dict]],
) -> None:
    text, expected = case
    t = trf.loads(text)
    named = {
        m.group(1) for r in t.incomplete for m in [re.match(r"points of player (\d+) ", r)] if m
    }
    result = wertung.evaluate(t)
    for number, want in expected.items():
        pid = str(number)
        taken = [b for b in t.byes if b.player == pid and b.kind in (ByeKind.HALF, ByeKind.FULL)]
        difference, rounds = want["difference"], want["gameless"]
        if 0 <= difference <= rounds:  # at most one point per round without a game
            assert pid not in named
            assert sum(b.points for b in taken) == difference
            assert len({b.round for b in taken}) == len(taken) <= rounds
            assert all(b.points <= 1 for b in taken)
            assert result.player(pid).points == t.player(pid).points  # the total now holds
        else:
            assert pid in named  # never hidden
            assert taken == []  # nothing invented for him
    assert t.complete == (not named)
    assert result.complete == t.complete and result.incomplete == t.incomplete  # listed once

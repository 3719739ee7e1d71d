"""chess-results crosstable layouts: ranking order with tied ranks, SNo columns, time control,
cut exports. The workbooks are built from the real cells of the two samples in tests/data/xlsx."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest

from wertung.dwz._time_control_rule import check_tournament
from wertung.formats import xlsx
from wertung.kernel.errors import FormatError
from wertung.tournament._model import Tournament

DATA = Path(__file__).parents[1] / "data" / "xlsx"
ROUND_ROBIN = DATA / "kes26_winterClassicalB.xlsx"
SWISS = DATA / "kes_january.xlsx"  # a final-ranking crosstable (Rk., no SNo), 85 players

Row = list[object]


def real_rows(path: Path) -> list[Row]:
    book = openpyxl.load_workbook(path, read_only=True)
    rows = [list(r) for r in book.worksheets[0].iter_rows(values_only=True)]
    book.close()
    return rows


def build(rows: list[Row]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


SWISS_ROWS = real_rows(SWISS)
HEADER_AT = 18  # 'Rk.', None, 'Name', 'Rtg', 'FED', '1.Rd' ... '7.Rd', 'Pts. ', 'TB1' ...
FIRST, LAST = 19, 104  # the 85 player rows
assert SWISS_ROWS[HEADER_AT][0] == "Rk." and SWISS_ROWS[FIRST][0] == 1
assert SWISS_ROWS[LAST - 1][0] == 85


def game_set(t: Tournament, rename: dict[str, str] | None = None) -> set[tuple[object, ...]]:
    """Games and byes with player ids renamed (to compare tables that number players differently)."""
    name = rename or {}
    games = {
        (g.round, name.get(g.white, g.white), name.get(g.black, g.black), g.result) for g in t.games
    }
    byes = {(b.round, name.get(b.player, b.player), b.kind) for b in t.byes}
    return games | byes


ORIGINAL = xlsx.read(SWISS)


# --------------------------------------------------------------------------- header


def test_time_control_and_dates_from_the_header() -> None:
    assert ORIGINAL.time_control == "rapid"
    assert ORIGINAL.time_control_text == "Time control (Rapid) : 10 minutes + 3 secs per move"
    assert ORIGINAL.complete and ORIGINAL.played_rounds is None
    rr = xlsx.read(ROUND_ROBIN)  # no time control line, no date
    assert rr.time_control is None and rr.time_control_text is None
    assert rr.end_date is None
    note = next(n for n in rr.notes if "no tournament date" in n)
    assert "--date YYYY-MM-DD" in note  # says how to give it; nothing stops the import


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("Time control (Standard) : 90 min/40 moves + 30 min + 30 sec/move", "standard"),
        ("Time control (Blitz) : 3 minutes + 2 seconds", "blitz"),
        ("Time control : 90 minutes + 30 seconds per move", "standard"),
        ("Bedenkzeit (Schnellschach) : 15 Minuten + 5 Sekunden", "rapid"),
        ("Time control : see the invitation", None),
    ],
)
def test_time_control_lines(line: str, kind: str | None) -> None:
    rows = [["An event"], [line], ["No.", "Name", "1.Rd", "Pts."], [1, "A", -1, 1]]
    t = xlsx.read(build(rows))
    assert (t.time_control, t.time_control_text) == (kind, line)
    # a text not understood is named once, by the evaluation's time-control check
    assert not any("not understood" in n for n in t.notes)
    assert (check_tournament(t).rule == "unreadable") is (kind is None)


# --------------------------------------------------------------------------- ranking with ties


def with_tied_ranks(rows: list[Row]) -> tuple[list[Row], int]:
    """The real ranking with every rank cell emptied whose points equal the row above's.

    chess-results leaves the Rk. cell of a tied player empty; the sample has no such
    ties, so points alone make them here (61 of the 85 rank cells become empty).
    """
    out = [list(r) for r in rows]
    blanked = 0
    for k in range(FIRST + 1, LAST):
        if out[k][12] == out[k - 1][12]:  # Pts.
            out[k][0] = None
            blanked += 1
    return out, blanked


def test_final_ranking_with_empty_rank_cells_reads_every_player() -> None:
    rows, blanked = with_tied_ranks(SWISS_ROWS)
    assert blanked > 50
    t = xlsx.read(build(rows))
    assert len(t.players) == 85  # not just the rows before the first tie
    assert [p.id for p in t.players] == [str(n) for n in range(1, 86)]  # positions = ranks
    assert [p.name for p in t.players] == [p.name for p in ORIGINAL.players]
    assert game_set(t) == game_set(ORIGINAL)
    assert t.complete


def with_starting_numbers(rows: list[Row], cells_by_sno: bool) -> tuple[list[Row], dict[str, str]]:
    """A ranking layout ``Rk. | SNo | title | Name ...`` built from the real ranking.

    Starting numbers follow the starting-rank order (rating, then name); with
    ``cells_by_sno`` the round cells are rewritten to name opponents by SNo.
    """
    players = rows[FIRST:LAST]
    order = sorted(players, key=lambda r: (-(r[3] or 0), str(r[2])))
    sno = {r[0]: k for k, r in enumerate(order, start=1)}  # rank -> SNo
    out = [list(r) for r in rows[:HEADER_AT]]
    out.append([rows[HEADER_AT][0], "SNo", *rows[HEADER_AT][1:]])
    for r in players:
        cells = list(r)
        if cells_by_sno:
            for c in range(5, 12):
                cell = cells[c]
                if isinstance(cell, str) and cell.strip()[:-2].isdigit():
                    stripped = cell.strip()
                    cells[c] = f"{sno[int(stripped[:-2])]:>3}{stripped[-2:]}"
        out.append([cells[0], sno[r[0]], *cells[1:]])
    out.extend(list(r) for r in rows[LAST:])
    return out, {str(rank): str(n) for rank, n in sno.items()}


@pytest.mark.parametrize("cells_by_sno", [False, True], ids=["cells-by-rank", "cells-by-sno"])
@pytest.mark.parametrize("ties", [False, True], ids=["distinct-ranks", "tied-ranks"])
def test_final_ranking_with_sno_column(cells_by_sno: bool, ties: bool) -> None:
    rows, rank_to_sno = with_starting_numbers(SWISS_ROWS, cells_by_sno)
    if ties:
        for k in range(FIRST + 2, LAST + 1):
            if rows[k][13] == rows[k - 1][13]:  # Pts. (one column further right now)
                rows[k][0] = None
    t = xlsx.read(build(rows))
    assert len(t.players) == 85
    assert sorted(int(p.id) for p in t.players) == list(range(1, 86))  # ids are the SNo
    assert game_set(t) == game_set(ORIGINAL, rank_to_sno)
    assert t.complete
    assert t.player(rank_to_sno["1"]).name == "Khoder Akram"
    by_position = any("refer to the players by their positions" in n for n in t.notes)
    assert by_position is (not cells_by_sno)


def scores(t: Tournament) -> set[tuple[str, str, object]]:
    """Each player's (id, opponent, own score): independent of colours and round numbers."""
    out = set()
    for g in t.games:
        out.add((g.white, g.black, g.result.white))
        out.add((g.black, g.white, g.result.black))
    return out


def test_round_robin_in_ranking_order() -> None:
    """kes26's round robin re-ordered by its Rk. column, the opponent columns re-headed by rank
    (as a ranking crosstable numbers them), the starting number kept in an SNo column."""
    rows = real_rows(ROUND_ROBIN)
    header, players = rows[3], rows[4:10]
    assert header[5:11] == [1, 2, 3, 4, 5, 6] and header[12] == "Rk."
    rank_of = {r[0]: r[12] for r in players}  # No. -> Rk.
    out = [*rows[:3], ["Rk.", None, "Name", "Rtg", "FED", *range(1, 7), "Pts.", "SNo"]]
    for r in sorted(players, key=lambda r: r[12]):
        by_rank = {rank_of[no]: r[4 + no] for no in range(1, 7)}
        out.append([r[12], r[1], r[2], r[3], r[4], *(by_rank[k] for k in range(1, 7)), r[11], r[0]])
    t = xlsx.read(build(out))
    original = xlsx.read(ROUND_ROBIN)
    assert len(t.games) == 15 and t.complete
    assert {p.id: p.name for p in t.players} == {p.id: p.name for p in original.players}
    assert scores(t) == scores(original)


def test_round_robin_star_in_the_wrong_column_is_an_error() -> None:
    rows = [["No.", "Name", 1, 2, "Pts."], [1, "A", 1, "*", 1], [2, "B", "*", 0, 0]]
    with pytest.raises(FormatError, match=r"'\*' \(himself\)"):
        xlsx.read(build(rows))


# --------------------------------------------------------------------------- cut exports


def test_a_cut_export_is_incomplete_not_a_silent_subset() -> None:
    rows = SWISS_ROWS[: FIRST + 50] + SWISS_ROWS[LAST:]  # the first 50 of 85 ranks
    t = xlsx.read(build(rows))
    assert len(t.players) == 50
    assert not t.complete
    assert any("who is not in the file; the game is left out" in r for r in t.incomplete)
    assert any("the export may be cut" in r for r in t.incomplete)
    assert len(t.incomplete) <= 2 * xlsx.MAX_REASONS + 3  # summarised, not hundreds of lines
    ids = {p.id for p in t.players}
    assert all(g.white in ids and g.black in ids for g in t.games)


def test_rounds_announced_but_not_in_the_table() -> None:
    rows = [[*r[:11], *r[12:]] for r in SWISS_ROWS]  # drop the 7.Rd column
    t = xlsx.read(build(rows))
    assert t.rounds == 7 and t.played_rounds == 6
    assert any("announces 7 rounds" in n for n in t.notes)
    assert not t.complete  # the Pts. include round 7

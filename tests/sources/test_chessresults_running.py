"""Running events: the pairings of a round without (all) results are kept as ``upcoming``.

Real pages: Jeddah 2026 (round 1, round 2 live, round 3 not paired), the British 2026
mid-round pairings of rounds 6 and 7, and the British crosstable as it stood during
those rounds (derived from the real crosstable by :mod:`chessresults_midround`).
Expectations are read from the pages by regular expressions, not by the parser.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from chessresults_midround import CROSSTABLE, EARLIER, MIDROUND, crosstable_during, open_boards

from wertung import FormatError, Game, GameResult, Player, Tournament
from wertung.sources.chessresults import parse_saved_pages
from wertung.sources.chessresults._build import check_upcoming

DATA = Path(__file__).parents[1] / "data" / "chess-results"
JEDDAH = [DATA / f"mjl_jeddah2026_{n}.html" for n in ("r1", "r2_live")]
JEDDAH_R3 = DATA / "mjl_jeddah2026_r3_unpaired.html"
_ROW = re.compile(r"<tr[^>]*>.*?</tr>", re.S)
_CELL = re.compile(r"<t[dh][^>]*>.*?</t[dh]>", re.S)


def _text(cell: str) -> str:
    return re.sub(r"<[^>]+>", "", cell).replace("&nbsp;", " ").strip()


def key(name: str) -> str:
    return " ".join(sorted(name.replace("*)", " ").replace(",", " ").casefold().split()))


def open_rows(path: Path) -> dict[int, tuple[str, str]]:
    """Board number → (white name, black name) of the boards without result on a page."""
    html = path.read_text(encoding="utf-8")
    found: dict[int, tuple[str, str]] = {}
    header: list[str] | None = None
    for row in _ROW.findall(html[html.index('class="CRs1"') :]):
        texts = [_text(c) for c in _CELL.findall(row)]
        if "Result" in texts:
            header = texts
            continue
        if header is None or len(texts) < len(header):
            continue
        white, black, result = header.index("White"), header.index("Black"), header.index("Result")
        if not texts[result] and texts[black] and texts[black] not in ("bye", "not paired"):
            found[int(texts[header.index("Bo.")])] = (texts[white], texts[black])
    return found


def crosstable_names() -> dict[str, str]:
    """Start number → name in the real crosstable."""
    html = CROSSTABLE.read_text(encoding="utf-8")
    rows = _ROW.findall(html[html.index('class="CRs1"') :])
    labels = [_text(c) for c in _CELL.findall(rows[0])]
    number, name = labels.index("No."), labels.index("Name")
    names = {}
    for row in rows[1:]:
        texts = [_text(c) for c in _CELL.findall(row)]
        if len(texts) > name and texts[number].isdigit():
            names[texts[number]] = texts[name]
    return names


def assert_upcoming_is_the_page(tournament: Tournament, page: Path) -> None:
    shown = open_rows(page)
    names = {p.id: p.name for p in tournament.players}
    assert len(tournament.upcoming) == len(shown)
    for game in tournament.upcoming:
        assert game.result is GameResult.NOT_PLAYED and game.board is not None
        white, black = shown[game.board]
        assert (key(names[game.white]), key(names[game.black])) == (key(white), key(black))


def assert_never_twice(tournament: Tournament) -> None:
    entries = [(g.round, p) for g in (*tournament.games, *tournament.upcoming)
               for p in (g.white, g.black)] + [(b.round, b.player) for b in tournament.byes]  # fmt: skip
    assert len(entries) == len(set(entries))
    assert all(g.round > (tournament.played_rounds or 0) for g in tournament.upcoming)


# -- Jeddah: pairings pages only -----------------------------------------------------------


def test_jeddah_round_2_live_keeps_the_boards_without_result() -> None:
    tournament = parse_saved_pages(JEDDAH)
    assert tournament.played_rounds == 1
    assert {g.round for g in tournament.upcoming} == {2}
    assert_upcoming_is_the_page(tournament, JEDDAH[1])
    assert len(tournament.upcoming) == 7
    assert sum(g.round == 2 for g in tournament.games) + len(tournament.upcoming) == 16
    assert_never_twice(tournament)


def test_jeddah_round_3_not_paired_changes_nothing_upcoming() -> None:
    live = parse_saved_pages(JEDDAH)
    tournament = parse_saved_pages([*JEDDAH, JEDDAH_R3])
    assert tournament.upcoming == live.upcoming and tournament.played_rounds == 1
    assert (
        "after round 1 of 7; round 2 in progress: 9 of 16 results in; round 3 not paired yet"
        in (tournament.notes)
    )


def test_jeddah_round_1_alone_has_nothing_upcoming() -> None:
    assert parse_saved_pages(JEDDAH[0]).upcoming == ()


# -- British: the mid-round pairings, with and without the crosstable ------------------------


@pytest.mark.parametrize("round_no", [6, 7])
def test_british_crosstable_during_the_round_names_the_pairings_without_result(
    round_no: int,
) -> None:
    tournament = parse_saved_pages(crosstable_during(round_no))
    # round 6 is partly in (incomplete: a forecast after round 5 does not need it); round 7
    # has only its byes in, no game: nothing of it would count
    assert tournament.complete == (round_no == 7), tournament.incomplete
    assert tournament.complete_until_played
    assert tournament.played_rounds == round_no - 1
    pairs = {frozenset((int(g.white), int(g.black))) for g in tournament.upcoming}
    assert pairs == open_boards(MIDROUND[round_no])
    assert {g.round for g in tournament.upcoming} == {round_no}
    assert all(g.board is None for g in tournament.upcoming)  # the crosstable has no boards
    assert_never_twice(tournament)


@pytest.mark.parametrize(("round_no", "count"), [(6, 6), (7, 51)])
def test_british_crosstable_with_the_midround_pairings(round_no: int, count: int) -> None:
    tournament = parse_saved_pages([crosstable_during(round_no), MIDROUND[round_no]])
    assert tournament.complete == (round_no == 7) and tournament.complete_until_played
    assert tournament.played_rounds == round_no - 1
    assert len(tournament.upcoming) == count
    assert_upcoming_is_the_page(tournament, MIDROUND[round_no])
    # joined to the crosstable: its start numbers and names
    names = crosstable_names()
    assert all(names[g.white] and names[g.black] for g in tournament.upcoming)
    assert_never_twice(tournament)


def test_british_round_7_paired_without_results_says_so() -> None:
    tournament = parse_saved_pages([crosstable_during(7), MIDROUND[7]])
    assert "after round 6 of 9; round 7 paired, no results in yet" in tournament.notes
    assert not any(g.round == 7 for g in tournament.games)
    assert sum(b.round == 7 for b in tournament.byes) == 6  # the byes are in before the round


def test_british_pairings_alone_round_6_in_progress() -> None:
    tournament = parse_saved_pages([*(EARLIER[r] for r in (2, 3, 4, 5)), MIDROUND[6]])
    assert tournament.played_rounds == 5 and not tournament.complete  # round 1 missing
    assert_upcoming_is_the_page(tournament, MIDROUND[6])
    # the players are known by the card links: the crosstable's start numbers
    names = crosstable_names()
    for game in tournament.upcoming:
        assert key(names[game.white]) == key(tournament.player(game.white).name)


def test_a_newer_crosstable_wins_over_older_midround_pairings() -> None:
    tournament = parse_saved_pages([CROSSTABLE, MIDROUND[6], MIDROUND[7]])
    assert tournament.upcoming == () and tournament.played_rounds == 7


def test_results_on_the_pairings_fill_the_crosstable_and_leave_the_rest_upcoming() -> None:
    # the crosstable during round 6 with the finished round-6 pairings: nothing upcoming
    tournament = parse_saved_pages([crosstable_during(6), EARLIER[6]])
    assert tournament.upcoming == () and tournament.played_rounds == 6
    assert "6 results taken from the pairings (the crosstable did not show them yet)" in (
        tournament.notes
    )


# -- round robin ---------------------------------------------------------------------------


def test_round_robin_game_without_result_is_upcoming_in_its_round() -> None:
    html = (DATA / "mjl_ussa2026_roundrobin_crosstable.html").read_text(encoding="utf-8")
    one = re.search(r'<tr[^>]*>\s*<td class="CRc">1</td>.*?</tr>', html, re.S)
    two = re.search(r'<tr[^>]*>\s*<td class="CRc">2</td>.*?</tr>', html, re.S)
    assert one and two
    row1 = one.group(0).replace(
        '<td class="CRc">*</td><td class="CRc">0</td>',
        '<td class="CRc">*</td><td class="CRc"></td>',
        1,
    )
    row2 = two.group(0).replace(
        '<td class="CRc">1</td><td class="CRc">*</td>',
        '<td class="CRc"></td><td class="CRc">*</td>',
        1,
    )
    row2 = row2.replace('<td class="CRc">5</td>', '<td class="CRc">4</td>', 1)
    assert row1 != one.group(0) and row2 != two.group(0)
    changed = html.replace(one.group(0), row1).replace(two.group(0), row2)
    full = parse_saved_pages(
        [
            DATA / "mjl_ussa2026_roundrobin_crosstable.html",
            DATA / "mjl_ussa2026_roundrobin_pairings.html",
        ]
    )
    game = next(g for g in full.games if {g.white, g.black} == {"1", "2"})
    tournament = parse_saved_pages([changed, DATA / "mjl_ussa2026_roundrobin_pairings.html"])
    assert tournament.upcoming == (
        Game(
            game.round, game.white, game.black, GameResult.NOT_PLAYED, tournament.upcoming[0].board
        ),
    )
    assert tournament.upcoming[0].board is not None
    assert game.round == 2 and tournament.played_rounds == 1
    # the pairings page's menu names the final ranking "after 9 Rounds"
    assert "after round 1 of 9; round 2 in progress: 4 of 5 results in" in tournament.notes
    assert tournament.incomplete == ("round 2 is in progress: 4 of its 5 results are in",)


# -- consistency ---------------------------------------------------------------------------


def test_an_upcoming_pairing_of_a_player_already_paired_is_named() -> None:
    players = tuple(Player(str(n)) for n in range(1, 4))
    tournament = Tournament(
        players=players,
        games=(Game(2, "1", "2", GameResult.DRAW),),
        upcoming=(Game(2, "3", "1", GameResult.NOT_PLAYED, 4),),
    )
    with pytest.raises(FormatError, match=r"round 2: player 1 is paired twice") as info:
        check_upcoming(tournament, "pages")
    assert info.value.where == {"round": 2, "player": "1"} and info.value.field == "pairings"


# -- dates ---------------------------------------------------------------------------------


def test_a_pairings_heading_dates_its_round_only() -> None:
    # the British details give 2026/08/01 to 2026/08/09; round 6's heading says 2026/08/06
    assert parse_saved_pages([crosstable_during(6), MIDROUND[6]]).end_date == dt.date(2026, 8, 9)
    assert parse_saved_pages(list(EARLIER.values())).end_date == dt.date(2026, 8, 9)


def test_without_tournament_dates_the_last_round_heading_is_the_end_date() -> None:
    tournament = parse_saved_pages(JEDDAH)  # "Round 2 on 2026/08/10 at 17:40"
    assert tournament.end_date == dt.date(2026, 8, 10)
    assert (
        "end date 2026-08-10 from the round headings of the pairings (no tournament dates "
        "given: add the starting rank with details or the round dates)" in tournament.notes
    )

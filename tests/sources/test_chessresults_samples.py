"""Every real chess-results layout in tests/data/chess-results imports completely or says why.

The expectations are read from the pages themselves by a small independent
reader (not the parser under test): player counts, each player's total, the
pairings of each round.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from selectolax.lexbor import LexborHTMLParser

from wertung import FormatError, GameResult, Tournament
from wertung.sources.chessresults import (
    NotATournamentPage,
    TeamEventNotSupported,
    TournamentNotStarted,
    parse_page,
    parse_saved_pages,
)

DATA = Path(__file__).parents[1] / "data" / "chess-results"
BRITISH = DATA / "mjl_british2026_champ_crosstable.html"
BRITISH_ROUNDS = {
    r: DATA / f"mjl_british2026_champ_{name}.html"
    for r, name in [(2, "r2"), (3, "r3"), (4, "r4"), (5, "r5"), (6, "r6_finished"),
                    (7, "r7_finished"), (8, "r8")]
}  # fmt: skip
JEDDAH = [DATA / f"mjl_jeddah2026_{n}.html" for n in ("r1", "r2_live")]
ARAD = DATA / "mjl_arad2026_a_crosstable.html"
ARAD_START = DATA / "mjl_arad2026_a_startingrank.html"


# -- an independent reader of the pages -----------------------------------------------------


def table(path: Path | str) -> list[list[str]]:
    """The rows of the page's results table as texts (header first)."""
    html = path.read_text(encoding="utf-8") if isinstance(path, Path) else path
    rows = LexborHTMLParser(html).css_first("table.CRs1").css("tr")
    return [[c.text(deep=True, separator=" ", strip=True) for c in r.css("td, th")] for r in rows]


def points(text: str) -> Fraction:
    text = text.replace(",", ".").replace(" ", "")
    half = text.endswith("½")
    text = text.rstrip("½") or "0"
    return Fraction(text) + (Fraction(1, 2) if half else 0)


def column_totals(path: Path, label: str) -> dict[str, Fraction]:
    rows = table(path)
    header = rows[0]
    number, column = header.index("No."), header.index(label)
    return {r[number]: points(r[column]) for r in rows[1:] if r[number].isdigit()}


def key(name: str) -> str:
    return " ".join(sorted(name.replace("*)", " ").replace(",", " ").casefold().split()))


def boards(path: Path) -> list[tuple[str, str, str, str, str]]:
    """(white name, white Pts., result, black Pts., black name) of a pairings page."""
    rows = table(path)
    header = rows[0]
    white, black = header.index("White"), header.index("Black")
    result = header.index("Result")
    return [
        (r[white], r[result - 1], r[result], r[result + 1], r[black])
        for r in rows[1:]
        if len(r) > black
    ]


RESULTS = {
    "1 - 0": GameResult.WHITE_WINS,
    "0 - 1": GameResult.BLACK_WINS,
    "½ - ½": GameResult.DRAW,
    "+ - -": GameResult.WHITE_WINS_FORFEIT,
    "- - +": GameResult.BLACK_WINS_FORFEIT,
    "0 - 0": GameResult.BOTH_LOSE,
    "- - -": GameResult.DOUBLE_FORFEIT,
}


def unlinked(path: Path) -> str:
    """The page without the links to the player cards (as events older than 5 days show it)."""
    html = path.read_text(encoding="utf-8")
    return re.sub(r'<a href="[^"]*art=9[^"]*">([^<]*)</a>', r"\1", html)


def earned(tournament: Tournament, below: int | None = None) -> Counter[str]:
    got: Counter[str] = Counter({p.id: Fraction(0) for p in tournament.players})
    for g in tournament.games:
        if below is None or g.round < below:
            got[g.white] += g.result.white.points
            got[g.black] += g.result.black.points
    for b in tournament.byes:
        if below is None or b.round < below:
            got[b.player] += b.points
    return got


# -- British Championship 2026: TB1 instead of Pts., pairings without No. --------------------


@pytest.fixture(scope="module")
def british() -> Tournament:
    return parse_saved_pages(BRITISH)


def test_british_crosstable_points_come_from_tb1(british: Tournament) -> None:
    expected = column_totals(BRITISH, "TB1")
    assert len(british.players) == len(expected) == 108
    assert dict(earned(british)) == expected
    assert {p.id: p.points for p in british.players} == expected
    assert british.complete
    assert any("read from the column 'TB1'" in n for n in british.notes)


def test_british_crosstable_is_a_running_event(british: Tournament) -> None:
    assert british.rounds == 9 and british.played_rounds == 7
    assert {g.round for g in british.games} == set(range(1, 8))
    assert "after round 7 of 9" in british.notes


def test_british_time_control_from_the_details(british: Tournament) -> None:
    assert british.time_control == "standard"
    assert british.time_control_text == "Standard: 40/90’ + Game/30’ + 30”/move"


@pytest.fixture(scope="module")
def british_joined() -> Tournament:
    return parse_saved_pages([BRITISH, *BRITISH_ROUNDS.values()])


@pytest.mark.parametrize("round_no", sorted(BRITISH_ROUNDS))
def test_british_pairings_are_joined_to_the_crosstable(
    british_joined: Tournament, round_no: int
) -> None:
    names = {p.id: key(p.name) for p in british_joined.players}
    games = {
        (names[g.white], names[g.black]): g.result
        for g in british_joined.games
        if g.round == round_no
    }
    byes = {names[b.player]: b.points for b in british_joined.byes if b.round == round_no}
    before = earned(british_joined, below=round_no)
    by_name = {names[i]: v for i, v in before.items()}
    shown = boards(BRITISH_ROUNDS[round_no])
    assert shown
    for white, white_pts, result, black_pts, black in shown:
        assert by_name[key(white)] == points(white_pts), (round_no, white)
        if black in ("bye", "not paired"):
            assert byes[key(white)] == points(result)
            continue
        assert by_name[key(black)] == points(black_pts), (round_no, black)
        # same colours, same result as the crosstable (or, for round 8, as the pairings)
        assert games[(key(white), key(black))] is RESULTS[result]
    games_shown = sum(1 for *_, black in shown if black not in ("bye", "not paired"))
    assert games_shown == len(games)


def test_british_pairings_joined_by_name_and_rating_without_links(
    british_joined: Tournament,
) -> None:
    pages = [unlinked(p) for p in BRITISH_ROUNDS.values()]
    assert all("snr=" not in page for page in pages)
    assert parse_saved_pages([BRITISH, *pages]) == british_joined


def test_british_joined_runs_to_round_8(british_joined: Tournament) -> None:
    # the newest pages (round 7 finished, round 8) show round 9 paired ("Rd.9/9"): it is missing,
    # which a forecast after round 8 does not need
    assert british_joined.incomplete == ("only rounds 1–8 of 9: round 9 missing",)
    assert british_joined.incomplete_later == british_joined.incomplete
    assert british_joined.complete_until_played
    assert british_joined.played_rounds == 8
    assert "after round 8 of 9" in british_joined.notes
    # the crosstable's totals cover rounds 1–7 only: no total is claimed for round 8
    assert all(p.points is None for p in british_joined.players)
    forfeit = [g for g in british_joined.games if g.round == 8 and not g.result.played]
    assert [g.result for g in forfeit] == [GameResult.BLACK_WINS_FORFEIT]


def test_british_midround_pages_agree_with_the_crosstable(british: Tournament) -> None:
    mid = parse_saved_pages(
        [BRITISH, DATA / "mjl_british2026_champ_r6_midround.html",
         DATA / "mjl_british2026_champ_r7_midround.html"]
    )  # fmt: skip
    assert set(mid.games) == set(british.games) and mid.complete


def test_british_not_paired_block_is_a_round_not_paired_yet(british: Tournament) -> None:
    tournament = parse_saved_pages([BRITISH, DATA / "mjl_british2026_champ_r8_unpaired_only.html"])
    assert tournament.byes == british.byes
    assert "after round 7 of 9; round 8 not paired yet" in tournament.notes


def test_british_pairings_alone() -> None:
    # the names link to the player cards (snr=...): the players are known by start number
    alone = parse_saved_pages(BRITISH_ROUNDS[5])
    assert alone.incomplete == (
        "only the pairings of round 5 were given; rounds 1–4 missing (give the "
        "starting-rank crosstable (art=5) or every round's pairings)",
    )
    assert alone.played_rounds == 5 and "after round 5 of 9" in alone.notes
    # without those links the players are only names: a list is needed to match them
    with pytest.raises(FormatError, match="only by name and rating"):
        parse_saved_pages(unlinked(BRITISH_ROUNDS[2]))


def test_ambiguous_name_join_names_both_rows() -> None:
    html = BRITISH.read_text(encoding="utf-8")
    # give player 2 the name and rating of player 1: the pairings cannot tell them apart
    html = html.replace("Adams Michael</td>", "Mcshane Luke J</td>").replace(
        '<td class="CRr">2595</td>', '<td class="CRr">2597</td>'
    )
    with pytest.raises(FormatError, match=r"matches players 1 'Mcshane Luke J' \(2597\) and 2"):
        parse_saved_pages([html, unlinked(BRITISH_ROUNDS[2])])


def test_unknown_name_on_the_pairings_is_named() -> None:
    html = unlinked(BRITISH_ROUNDS[2]).replace("Wells, Peter K", "Nobody, X")
    with pytest.raises(FormatError, match=r"'Nobody, X' .* is not in the starting rank"):
        parse_saved_pages([BRITISH, html])


def test_pairings_points_before_the_round_are_checked() -> None:
    html = BRITISH_ROUNDS[3].read_text(encoding="utf-8")
    # board 1: Adams (2595) had 2 points before round 3; make the page claim 3
    wrong = html.replace(
        '<td class="CRc">2595</td><td class="CRc">2</td>',
        '<td class="CRc">2595</td><td class="CRc">3</td>',
        1,
    )
    assert wrong != html
    tournament = parse_saved_pages([BRITISH, wrong])
    assert not tournament.complete
    assert "the points before round 3 on its pairings" in tournament.incomplete[0]


def test_points_column_named_by_the_legend_only() -> None:
    html = BRITISH.read_text(encoding="utf-8").replace("points (game-points)", "Buchholz")
    tournament = parse_saved_pages(html)
    assert all(p.points is None for p in tournament.players)
    assert any("totals could not be checked" in n for n in tournament.notes)


def test_a_tie_break_above_the_round_count_is_not_points() -> None:
    html = BRITISH.read_text(encoding="utf-8")
    row = re.search(r'<tr class="CRng2 ENG"><td class="CRc">1</td>.*?</tr>', html, re.S)
    assert row
    changed = re.sub(r'<td class="CRc">5</td></tr>$', '<td class="CRc">12</td></tr>', row.group(0))
    assert changed != row.group(0)
    tournament = parse_saved_pages(html.replace(row.group(0), changed))
    assert all(p.points is None for p in tournament.players)
    assert any("'TB1' does not hold points" in n for n in tournament.notes)


# -- running events: Jeddah, Frome, Warsaw --------------------------------------------------


def test_jeddah_round_2_live() -> None:
    tournament = parse_saved_pages(JEDDAH)
    assert len(tournament.players) == 32
    assert tournament.played_rounds == 1 and tournament.rounds == 7
    assert "after round 1 of 7; round 2 in progress: 9 of 16 results in" in tournament.notes
    # evaluated as it is, it would count 9 of round 2's games: incomplete, but round 1 is whole
    assert tournament.incomplete == ("round 2 is in progress: 9 of its 16 results are in",)
    assert tournament.complete_until_played
    # every result that is in is read: round 1 complete, 9 of round 2's 16 boards
    assert sum(g.round == 2 for g in tournament.games) == 9
    # the points before round 2 (on its page) are what round 1 gave
    after_1 = earned(tournament, below=2)
    names = {key(p.name): p.id for p in tournament.players}
    for white, white_pts, _, black_pts, black in boards(JEDDAH[1]):
        assert after_1[names[key(white)]] == points(white_pts)
        assert after_1[names[key(black)]] == points(black_pts)


def test_jeddah_round_3_not_paired_yet() -> None:
    unpaired = DATA / "mjl_jeddah2026_r3_unpaired.html"
    tournament = parse_saved_pages(
        [*JEDDAH, unpaired, DATA / "mjl_jeddah2026_notpaired_midevent.html"]
    )
    assert tournament.played_rounds == 1
    assert any(n.endswith("round 3 not paired yet") for n in tournament.notes)
    federations = {p.id: p.federation for p in tournament.players}
    assert federations["32"] == "EGY"  # from the not-paired list
    with pytest.raises(TournamentNotStarted, match="round 3 is not paired yet"):
        parse_saved_pages(unpaired)


@pytest.mark.parametrize(
    "name", ["mjl_jeddah2026_notpaired_midevent.html", "mjl_frome2026_open_notpaired.html"]
)
def test_not_paired_list_alone_says_what_it_is(name: str) -> None:
    assert parse_page((DATA / name).read_bytes()).kind == "not-paired list"
    with pytest.raises(TournamentNotStarted, match=r"not-paired list \(art=40\) shows only"):
        parse_saved_pages(DATA / name)


def test_jeddah_round_1_alone_is_a_running_event() -> None:
    tournament = parse_saved_pages(JEDDAH[0])
    assert tournament.played_rounds == 1 and "after round 1 of 7" in tournament.notes
    assert len(tournament.games) == 15 and len(tournament.byes) == 2


def test_frome_round_1_with_half_point_byes() -> None:
    tournament = parse_saved_pages(DATA / "mjl_frome2026_standard_r1.html")
    assert len(tournament.players) == 31
    assert len(tournament.games) == 12
    assert sorted(b.points for b in tournament.byes) == [Fraction(1, 2)] * 6 + [1]
    # the page does not say how many rounds the event has (it had 5: its crosstable, not
    # among our files, shows 1.Rd-5.Rd): later rounds may be missing
    (reason,) = tournament.incomplete
    assert reason.startswith("only the pairings of round 1 were given, and the pages do not say")
    assert tournament.complete_until_played and tournament.played_rounds == 1
    assert tournament.rounds is None


def test_warsaw_not_started() -> None:
    with pytest.raises(TournamentNotStarted, match=r"has not started: round 1 is not paired yet"):
        parse_saved_pages(DATA / "mjl_warsaw2026_notstarted_r1.html")


def test_a_round_paired_without_results_is_not_started() -> None:
    html = JEDDAH[0].read_text(encoding="utf-8")
    html = re.sub(
        r'<td class="CRc">(?:1 - 0|0 - 1|½ - ½|\+ - -|- - \+)</td>', '<td class="CRc"></td>', html
    )
    with pytest.raises(TournamentNotStarted, match="round 1 is paired but no result is in yet"):
        parse_saved_pages(html)


# -- Arad, USSA, Portimão: complete, or what is missing ------------------------------------


def test_arad_complete_with_its_time_control() -> None:
    tournament = parse_saved_pages([ARAD, ARAD_START])
    assert tournament.complete and len(tournament.players) == 209
    assert {p.id: p.points for p in tournament.players} == column_totals(ARAD, "Pts.")
    assert tournament.time_control == "standard"
    assert "90 minutes/40 moves" in (tournament.time_control_text or "")
    assert tournament.played_rounds is None  # finished


def test_arad_crosstable_alone_has_no_ratings() -> None:
    tournament = parse_saved_pages(ARAD)
    assert not tournament.complete
    assert tournament.incomplete == (
        "no ratings: the pages give no player's rating; add the starting rank (art=0)",
    )


def test_arad_cut_starting_rank_is_named() -> None:
    tournament = parse_saved_pages([ARAD, DATA / "mjl_arad2026_a_startingrank_paginated.html"])
    (reason,) = tournament.incomplete
    assert reason.startswith("the starting rank lists 150 of 209 players (the page was cut")


def test_ussa_pairings_alone_list_the_players() -> None:
    tournament = parse_saved_pages(DATA / "mjl_ussa2026_roundrobin_pairings.html")
    assert len(tournament.players) == 9 and len(tournament.games) == 36
    assert tournament.complete
    expected = column_totals(DATA / "mjl_ussa2026_roundrobin_crosstable.html", "Pts.")
    assert dict(earned(tournament)) == expected


def test_portimao_final_round_only_is_incomplete() -> None:
    tournament = parse_saved_pages(
        [DATA / "bas_ended_standings.html", DATA / "bas_ended_pairings.html"]
    )
    assert not tournament.complete
    assert "rounds 1–8 missing" in tournament.incomplete[0]
    assert len(tournament.incomplete) == 1  # not one "points differ" line per player


# -- languages and team events --------------------------------------------------------------


def test_russian_page_with_unknown_labels_names_its_language() -> None:
    html = (DATA / "gwk_chess-results-russian.html").read_text(encoding="utf-8")
    html = html.replace(">&#1048;&#1084;&#1103;<", ">&#1059;&#1095;<")  # Имя → Уч
    with pytest.raises(NotATournamentPage, match="saved in Russian") as info:
        parse_page(html)
    assert "layout may have changed" not in info.value.message
    assert "English" in info.value.message


def test_portuguese_page_with_unknown_labels_names_its_language() -> None:
    html = (DATA / "bas_portuguese_standings.html").read_text(encoding="utf-8")
    with pytest.raises(NotATournamentPage, match="saved in Portuguese"):
        parse_page(html.replace(">Nome<", ">Jogador<"))


def test_team_pairings_alone_are_refused_naming_the_views() -> None:
    # the team pairings name teams, not players (team events: tests/sources/test_chessresults_teams.py)
    with pytest.raises(TeamEventNotSupported, match=r"team event.*art=3.*art=16"):
        parse_saved_pages(DATA / "mjl_cnyt2026_g14_teams_r1.html")


def test_portuguese_team_crosstable_is_named_a_team_event() -> None:
    html = (DATA / "mjl_cnyt2026_g14_teams_r1.html").read_text(encoding="utf-8")
    html = html.replace("lan=1&amp;art=2&amp;rd=1&amp;zeilen", "lan=10&amp;art=4&amp;zeilen")
    html = html.replace(">Team<", ">Equipa<").replace('lang="en"', 'lang="pt"')
    # without the team navigation links, only the table says it lists teams
    html = re.sub(r"art=(16|32)", "art=0", html)
    with pytest.raises(TeamEventNotSupported, match="team event") as info:
        parse_page(html)
    assert "keyed by rank" not in info.value.message


def test_round_robin_game_without_result_is_named() -> None:
    path = DATA / "mjl_ussa2026_roundrobin_crosstable.html"
    html = path.read_text(encoding="utf-8")
    one = re.search(r'<tr[^>]*>\s*<td class="CRc">1</td>.*?</tr>', html, re.S)
    two = re.search(r'<tr[^>]*>\s*<td class="CRc">2</td>.*?</tr>', html, re.S)
    assert one and two
    # player 1 lost to 2: clear both cells, and the totals with them
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
    tournament = parse_saved_pages(html.replace(one.group(0), row1).replace(two.group(0), row2))
    assert len(tournament.games) == 35 and tournament.complete
    assert any(
        n.startswith("1 game of the round robin without a result yet") for n in tournament.notes
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "mjl_british2026_champ_r7_midround.html",
            "round 7 is paired but none of its results is in",
        ),
        ("mjl_british2026_champ_r8_unpaired_only.html", "round 8 is not paired yet"),
        ("mjl_jeddah2026_r3_unpaired.html", "round 3 is not paired yet"),
    ],
)
def test_pages_of_a_running_event_without_results(name: str, message: str) -> None:
    with pytest.raises(TournamentNotStarted, match=message) as info:
        parse_saved_pages(DATA / name)
    assert "has not started" not in info.value.message  # the event runs; these pages are early

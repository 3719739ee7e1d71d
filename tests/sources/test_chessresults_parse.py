"""Parsing real chess-results pages (copies in tests/data/chess-results, see SOURCES.md)."""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from selectolax.lexbor import LexborHTMLParser

from wertung import ByeKind, FormatError, GameResult, SourceError, WertungError
from wertung.sources.chessresults import (
    BlockedPage,
    NotATournamentPage,
    PointsMismatch,
    TeamEventNotSupported,
    TournamentNotStarted,
    parse_page,
    parse_points,
    parse_saved_pages,
)

DATA = Path(__file__).parents[1] / "data" / "chess-results"
ARAD = [DATA / "mjl_arad2026_a_crosstable.html", DATA / "mjl_arad2026_a_startingrank.html"]
USSA = [
    DATA / "mjl_ussa2026_roundrobin_crosstable.html",
    DATA / "mjl_ussa2026_roundrobin_startingrank.html",
    DATA / "mjl_ussa2026_roundrobin_pairings.html",
]


def page_points(path: Path) -> dict[str, Fraction]:
    """The Pts. column of a crosstable, read independently of the parser under test."""
    tree = LexborHTMLParser(path.read_text(encoding="utf-8"))
    rows = tree.css_first("table.CRs1").css("tr")
    header = [c.text(strip=True) for c in rows[0].css("td, th")]
    number, points = header.index("No."), header.index("Pts.")
    result = {}
    for row in rows[1:]:
        cells = [c.text(strip=True) for c in row.css("td, th")]
        result[cells[number]] = Fraction(cells[points].replace(",", "."))
    return result


@pytest.fixture(scope="module")
def arad():
    return parse_saved_pages(ARAD)


def test_arad_players_rounds_and_dates(arad) -> None:
    assert len(arad.players) == 209
    assert arad.rounds == 9
    assert arad.round_count() == 9
    assert arad.name.startswith("19th Arad Open Grand Prix Classic")
    assert arad.start_date == dt.date(2026, 8, 3)
    assert arad.end_date == dt.date(2026, 8, 9)
    assert arad.source == "https://chess-results.com/tnr1342553.aspx?lan=1"
    assert arad.place == "Amiral Events & Style Arad"
    # every player has exactly one entry (game or bye) in each of the 9 rounds
    entries = 2 * len(arad.games) + len(arad.byes)
    assert entries == 209 * 9


def test_arad_every_players_points_equal_the_page(arad) -> None:
    expected = page_points(ARAD[0])
    totals = dict.fromkeys(expected, Fraction(0))
    for game in arad.games:
        totals[game.white] += game.result.white.points
        totals[game.black] += game.result.black.points
    for bye in arad.byes:
        totals[bye.player] += bye.points
    assert totals == expected
    assert {p.id: p.points for p in arad.players} == expected


def test_arad_forfeits_and_byes_classified(arad) -> None:
    results = {g.result for g in arad.games}
    forfeits = [g for g in arad.games if not g.result.played]
    assert GameResult.WHITE_WINS_FORFEIT not in results  # the page has only b+ forfeit wins
    assert sum(g.result is GameResult.BLACK_WINS_FORFEIT for g in forfeits) == 3
    assert sum(g.result is GameResult.DOUBLE_FORFEIT for g in forfeits) == 1
    assert len(forfeits) == 4
    kinds = {kind: [b for b in arad.byes if b.kind is kind] for kind in ByeKind}
    assert len(kinds[ByeKind.HALF]) == 20
    assert all(b.points == Fraction(1, 2) for b in kinds[ByeKind.HALF])
    assert all(b.points == 0 for b in kinds[ByeKind.ZERO])
    assert all(b.points == 1 for b in kinds[ByeKind.PAIRING])
    assert len(kinds[ByeKind.ZERO]) + len(kinds[ByeKind.PAIRING]) == 63
    assert kinds[ByeKind.PAIRING] and kinds[ByeKind.ZERO]
    # player 209 had the pairing bye in round 1 ("-1")
    assert any(b.player == "209" and b.round == 1 and b.kind is ByeKind.PAIRING for b in arad.byes)
    # player 1 drew 105 with black in round 1 ("105b½")
    assert any(
        g.round == 1 and g.white == "105" and g.black == "1" and g.result is GameResult.DRAW
        for g in arad.games
    )


def test_arad_keeps_fide_and_national_ratings(arad) -> None:
    first = arad.player("1")
    assert first.name == "Kovalenko, Igor"  # the starting rank's spelling wins
    assert first.fide_rating == 2669 and first.national_rating is None  # RtgN 0 = unrated
    assert first.fide_id == "14117908" and first.federation == "UKR" and first.title == "GM"
    # the page has both RtgI and RtgN; every RtgN is 0 (unrated), every RtgI is set
    assert all(p.fide_rating for p in arad.players)
    assert all(p.national_rating is None for p in arad.players)
    # a non-zero RtgN is kept beside the FIDE rating
    html = (
        ARAD[1]
        .read_text(encoding="utf-8")
        .replace(
            '<td class="CRr">2669</td><td class="CRr">0</td>',
            '<td class="CRr">2669</td><td class="CRr">2650</td>',
        )
    )
    both = parse_saved_pages([ARAD[0], html]).player("1")
    assert (both.fide_rating, both.national_rating) == (2669, 2650)
    # not a German event: RtgN is a national rating, not a DWZ
    assert all(p.dwz is None for p in arad.players)


def test_german_event_takes_rtgn_as_dwz() -> None:
    html = (
        ARAD[1]
        .read_text(encoding="utf-8")
        .replace(
            '<td class="CRr">2669</td><td class="CRr">0</td>',
            '<td class="CRr">2669</td><td class="CRr">2650</td>',
        )
    )
    cross = ARAD[0].read_text(encoding="utf-8").replace("Romania ( ROU )", "Germany ( GER )")
    tournament = parse_saved_pages([cross, html])
    rated = [p for p in tournament.players if p.national_rating]
    assert [p.id for p in rated] == ["1"] and rated[0].dwz == 2650
    assert all(p.dwz is None for p in tournament.players if p.id != "1")
    assert any("DWZ" in note for note in tournament.notes)


def test_saved_pages_are_identified_by_content_not_order(arad) -> None:
    again = parse_saved_pages(list(reversed(ARAD)))
    assert again == arad
    texts = parse_saved_pages([p.read_bytes() for p in ARAD])
    assert texts == arad


def test_crosstable_alone_gives_crosstable_names() -> None:
    tournament = parse_saved_pages(ARAD[0])
    assert tournament.player("1").name == "Kovalenko Igor"
    assert tournament.player("1").fide_rating is None  # ratings are on the starting rank


def test_points_mismatch_is_recorded_as_incomplete_or_raised_on_request() -> None:
    html = ARAD[0].read_text(encoding="utf-8")
    # player 2 scored 7; make the page claim 6,5
    row = re.search(r'<tr class="CRng\d [A-Z]{3}"><td class="CRc">2</td>.*?</tr>', html)
    assert row
    changed = html.replace(
        row.group(0), row.group(0).replace('<td class="CRc">7</td>', '<td class="CRc">6,5</td>', 1)
    )
    # by default: imported, but not complete, with the reason
    tournament = parse_saved_pages([changed, ARAD[1]])
    assert not tournament.complete
    (reason,) = tournament.incomplete
    assert "points do not add up for 1 player" in reason
    assert "player 2 (Santos Latasa Jaime): games give 7, the page says 6½" in reason
    assert parse_saved_pages(ARAD).complete
    # strict callers get the exception
    with pytest.raises(PointsMismatch, match=r"player 2 .*games give 7, the page says 6½") as info:
        parse_saved_pages(changed, check_points=True)
    assert info.value.where["player"] == "2"


def test_inconsistent_crosstable_is_an_error() -> None:
    html = ARAD[0].read_text(encoding="utf-8")
    row = re.search(r'<tr class="CRng\d [A-Z]{3}"><td class="CRc">2</td>.*?</tr>', html)
    assert row
    changed = row.group(0).replace("106w1", "106w½", 1)
    with pytest.raises(FormatError, match="round 1: players 2 and 106"):
        parse_saved_pages(html.replace(row.group(0), changed), check_points=False)


def test_portimao_english_and_portuguese_give_the_same_tournament() -> None:
    pairings = DATA / "bas_ended_pairings.html"
    english = parse_saved_pages([DATA / "bas_ended_standings.html", pairings])
    portuguese = parse_saved_pages([DATA / "bas_portuguese_standings.html", pairings])
    assert english == portuguese
    assert len(english.players) == 99
    first = english.player("5")  # Rk. 1, SNo 5
    assert first.name == "SPRAGGETT, Kevin" and first.fide_rating == 2447
    assert first.fide_k == 10 and first.federation == "CAN"
    # only the last round's pairings: the final totals cannot be checked, and it says why
    assert first.points is None
    assert not english.complete
    assert english.incomplete == (
        "only the pairings of round 9 were given; rounds 1–8 missing (give the "
        "starting-rank crosstable (art=5) or every round's pairings)",
    )
    assert {g.round for g in english.games} == {9}
    draw = next(g for g in english.games if {g.white, g.black} == {"4", "5"})
    assert draw.result is GameResult.DRAW and draw.white == "4"
    assert any(b.player == "81" and b.kind is ByeKind.ZERO for b in english.byes)


def test_portuguese_labels_are_read() -> None:
    page = parse_page((DATA / "bas_portuguese_standings.html").read_bytes())
    assert page.kind == "ranking" and page.language == 10
    assert page.players[0].number == 5 and page.players[0].fide_rating == 2447


def test_ussa_round_robin_with_pairings() -> None:
    tournament = parse_saved_pages(USSA)
    assert len(tournament.players) == 9 and tournament.round_count() == 9
    assert len(tournament.games) == 36  # 9·8/2
    assert len(tournament.byes) == 9  # one free player per round, 0 points
    assert all(b.points == 0 for b in tournament.byes)
    assert tournament.end_date == dt.date(2026, 8, 10)
    forfeit = next(g for g in tournament.games if {g.white, g.black} == {"2", "8"})
    assert not forfeit.result.played
    assert {forfeit.result.white.points, forfeit.result.black.points} == {0, 1}
    brander = tournament.player("1")
    assert brander.fide_rating == 1936 and brander.national_rating == 1955
    assert brander.points == Fraction(13, 2)
    # round 1 on the pairings page: 2 - 9 0-1
    assert any(
        g.round == 1 and g.white == "2" and g.black == "9" and g.result is GameResult.BLACK_WINS
        for g in tournament.games
    )


def test_ussa_round_robin_without_pairings_numbers_rounds_itself() -> None:
    alone = parse_saved_pages(USSA[:2])
    full = parse_saved_pages(USSA)
    assert len(alone.games) == 36
    assert any("circle schedule" in note for note in alone.notes)
    key = {
        frozenset((g.white, g.black)): g.result.white.points + 2 * g.result.black.points
        for g in full.games
    }
    for game in alone.games:
        pair = frozenset((game.white, game.black))
        assert pair in key


def test_russian_starting_rank_is_read_but_has_no_results() -> None:
    page = parse_page((DATA / "gwk_chess-results-russian.html").read_bytes())
    assert page.kind == "starting rank" and page.language == 11
    assert len(page.players) == 81
    first = page.players[0]
    assert (first.name, first.title, first.federation, first.rating) == (
        "Mehta, Vaibhav",
        "AIM",
        "IND",
        1489,
    )
    assert first.club == "St. Mary's" and first.fide_id == "577019601"
    with pytest.raises(TournamentNotStarted, match="none of the pages has results"):
        parse_saved_pages(DATA / "gwk_chess-results-russian.html")


def test_team_event_without_board_pairings_is_refused_clearly() -> None:
    # a player card of a team event is read as a card, but it holds no boards
    page = parse_page((DATA / "dbm_belyaladya1.html").read_bytes())
    assert page.team_event and page.kind == "player card"
    with pytest.raises(TeamEventNotSupported, match=r"team event.*board pairings"):
        parse_saved_pages(DATA / "dbm_belyaladya1.html")


def test_player_card_gives_birth_year() -> None:
    html = (DATA / "dbm_belyaladya1.html").read_text(encoding="utf-8")
    # the same card without the team navigation (as an individual event would show it)
    html = re.sub(r'href="tnr445831\.aspx\?lan=1&amp;art=(32|16)[^"]*"', 'href="#"', html)
    page = parse_page(html)
    assert page.kind == "player card"
    (card,) = page.players
    assert (card.number, card.birth_year, card.fide_rating) == (81, 2005, 1857)


def test_pages_of_different_tournaments_are_refused() -> None:
    with pytest.raises(FormatError, match="different tournaments"):
        parse_saved_pages([ARAD[0], USSA[1]])


def test_not_started_crosstable() -> None:
    html = ARAD[0].read_text(encoding="utf-8")
    html = re.sub(
        r'<td class="CRc">\s*(?:\d+[wb])?(?:[-+01½]|&frac12;)</td>', '<td class="CRc"></td>', html
    )
    with pytest.raises(TournamentNotStarted, match="has not started"):
        parse_saved_pages(html)


@pytest.mark.parametrize(
    ("html", "error", "message"),
    [
        ("<html><body><h1>Hello</h1></body></html>", NotATournamentPage, "not a chess-results"),
        ("", NotATournamentPage, "not a chess-results"),
        (
            "<html><body><h2>Too many requests</h2><p>Your IP has been blocked</p></body></html>",
            BlockedPage,
            "refusing service",
        ),
        (
            '<table class="CRs1"><tr><th>Foo</th><th>Bar</th><th>Baz</th></tr></table>',
            NotATournamentPage,
            "not a view wertung reads",
        ),
    ],
)
def test_non_tournament_pages(html: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_page(html)


def test_crosstable_keyed_by_rank_is_refused() -> None:
    html = (
        ARAD[0]
        .read_text(encoding="utf-8")
        .replace("&amp;art=5&amp;zeilen=99999&amp;SNode", "&amp;art=4&amp;zeilen=99999&amp;SNode")
    )
    with pytest.raises(NotATournamentPage, match=r"art=5\) instead"):
        parse_saved_pages(html)


def test_changed_layout_is_named() -> None:
    html = ARAD[0].read_text(encoding="utf-8").replace(">Name<", ">Player name<")
    with pytest.raises(NotATournamentPage, match="layout may have changed"):
        parse_saved_pages(html)


def test_crosstable_without_points_column_is_read_but_says_so() -> None:
    html = ARAD[0].read_text(encoding="utf-8").replace(">Pts.<", ">Score<")
    tournament = parse_saved_pages([html, ARAD[1]])
    assert len(tournament.games) == 899
    assert all(p.points is None for p in tournament.players)
    assert any(
        "no 'Pts.' column, so the totals could not be checked" in n for n in tournament.notes
    )


def test_blocked_page_is_a_source_error() -> None:
    assert issubclass(BlockedPage, SourceError)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("6", 6),
        ("3,5", Fraction(7, 2)),
        ("6½", Fraction(13, 2)),
        ("½", Fraction(1, 2)),
        ("0.5", Fraction(1, 2)),
        ("", None),
    ],
)
def test_points(text: str, value: Fraction | None) -> None:
    assert parse_points(text) == value


# -- fuzzing ---------------------------------------------------------------------------------

_CELLS = st.sampled_from(
    [
        "105b½",
        "121b+",
        "12w-",
        "-1",
        "-½",
        "-0",
        "",
        "*",
        "3w1",
        "7b0",
        "&frac12;",
        "1",
        "0",
        "½",
        "+",
        "-",
        "x",
        "12q1",
        "99999w1",
        "3,5",
        "GM",
        "Name",
        "Pts.",
        "No.",
        "1.Rd",
    ]
)


@st.composite
def mutated_pages(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from([*ARAD, *USSA, DATA / "bas_ended_pairings.html"]))
    html = _SMALL.get(source) or source.read_text(encoding="utf-8")
    cells = list(re.finditer(r'<td class="CRc?">[^<]*</td>', html))
    for _ in range(draw(st.integers(0, 6))):
        match = draw(st.sampled_from(cells))
        html = html.replace(match.group(0), f'<td class="CRc">{draw(_CELLS)}</td>', 1)
    if draw(st.booleans()):
        start = draw(st.integers(0, len(html)))
        html = html[:start] + draw(st.text(max_size=20)) + html[start + draw(st.integers(0, 200)) :]
    return html


def _shrink(path: Path, rows: int) -> str:
    html = path.read_text(encoding="utf-8")
    found = list(re.finditer(r"<tr[ >].*?</tr>", html, re.S))
    table = [m for m in found if "CRc" in m.group(0)]
    if len(table) <= rows:
        return html
    cut_from, cut_to = table[rows].start(), table[-1].end()
    return html[:cut_from] + html[cut_to:]


_SMALL = {ARAD[0]: _shrink(ARAD[0], 30), ARAD[1]: _shrink(ARAD[1], 30)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_pages())
def test_fuzz_mutated_pages_parse_or_raise_documented_errors(html: str) -> None:
    try:
        tournament = parse_saved_pages(html)
    except WertungError as exc:
        assert isinstance(exc, (FormatError, SourceError)), type(exc)
        assert exc.message
        return
    tournament.validate()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300))
def test_fuzz_arbitrary_input(data: str | bytes) -> None:
    with contextlib.suppress(FormatError, SourceError):
        parse_page(data)
    with contextlib.suppress(FormatError, SourceError):
        parse_saved_pages([data])


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "<tr>",
                "</tr>",
                "<td>",
                "</td>",
                "<th>",
                '<td class="CRc">',
                "No.",
                "Name",
                "Pts.",
                "1.Rd",
                "2.Rd",
                "1",
                "2",
                "3w1",
                "1b0",
                "-1",
                "½",
                "Rtg",
                "RtgI",
                "RtgN",
                "FED",
                "GER",
                "x",
            ]
        ),
        max_size=80,
    )
)
def test_fuzz_table_soup(parts: list[str]) -> None:
    html = '<form action="./tnr5.aspx?lan=1&art=5"></form><table class="CRs1">' + "".join(parts)
    with contextlib.suppress(FormatError, SourceError):
        parse_saved_pages([html + "</table>"])

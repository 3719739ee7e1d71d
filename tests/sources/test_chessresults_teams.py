"""chess-results team events: board pairings (art=3), team pairings (art=2), players (art=16).

The pages are the real ones of the Chinese National Youth Team Championship 2026 G14
(tournament 1472122, round 1 paired, no results yet; see tests/data/chess-results/SOURCES.md).
A *played* round is derived from the real board page in :func:`played` below: the empty
result cell that ends each of its 16 board rows (``<td class="CRc"></td> </tr>``) gets the
result of :data:`RESULTS` in page order, and each match header's ``0 : 0`` the score those
results give. Expectations (who played whom, with which colour, on which board) are read
from the raw markup by the small regex reader below, not by the parser under test.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_httpserver import HTTPServer

from wertung import FormatError, GameResult, WertungError
from wertung.kernel.results import ByeKind
from wertung.sources.chessresults import (
    CachePolicy,
    Client,
    Pacer,
    PointsMismatch,
    TeamEventNotSupported,
    TournamentNotStarted,
    View,
    import_tournament,
    parse_page,
    parse_saved_pages,
)

DATA = Path(__file__).parents[1] / "data" / "chess-results"
BOARDS = DATA / "mjl_cnyt2026_g14_boards_r1.html"
TEAMS = DATA / "mjl_cnyt2026_g14_teams_r1.html"
PLAYERS = DATA / "mjl_cnyt2026_g14_players.html"
NUMBER = 1472122

#: The results filled into the 16 board rows of the real page, in page order (first team's
#: player first): every kind chess-results prints, forfeits included.
RESULTS = [
    "1 - 0", "½ - ½", "0 - 1", "1 - 0", "+ - -", "0 - 1", "½ - ½", "½ - ½",
    "- - +", "1 - 0", "0 - 1", "0 - 1", "1 - 0", "½ - ½", "1 - 0", "1 - 0",
]  # fmt: skip
_POINTS = {
    "1": Fraction(1),
    "0": Fraction(0),
    "½": Fraction(1, 2),
    "+": Fraction(1),
    "-": Fraction(0),
}
_EMPTY_CELL = '<td class="CRc"></td> </tr>'
_ZERO_SCORE = '<th class="CRc">0 : 0</th>'


def _fmt(value: Fraction) -> str:
    whole, half = divmod(value, 1)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def played(results: list[str] = RESULTS, *, scores: bool = True) -> str:
    """The real board page with ``results`` filled in (and the match scores, if ``scores``)."""
    html = BOARDS.read_text(encoding="utf-8")
    assert html.count(_EMPTY_CELL) == 16 and html.count(_ZERO_SCORE) == 8
    parts = html.split(_EMPTY_CELL)
    html = parts[0] + "".join(
        f'<td class="CRc">{r}</td> </tr>' + rest for r, rest in zip(results, parts[1:], strict=True)
    )
    if scores:
        for match in range(8):
            one, two = results[2 * match : 2 * match + 2]
            first = sum((_POINTS[r.split(" - ")[0]] for r in (one, two) if r), Fraction(0))
            second = sum((_POINTS[r.split(" - ")[1]] for r in (one, two) if r), Fraction(0))
            html = html.replace(
                _ZERO_SCORE, f'<th class="CRc">{_fmt(first)} : {_fmt(second)}</th>', 1
            )
    return html


# -- an independent reader of the raw markup --------------------------------------------------

_SIDE = re.compile(r'<div class="Farbe([ws])T"></div></td><td class="CR"><a [^>]*snr=(\d+)">')


def raw_boards(html: str) -> list[tuple[str, int, str, int]]:
    """Per board row in page order: (first's colour, first's snr, second's colour, snr)."""
    start = html.index('<table class="CRs1"')
    table = html[start : html.index("</table></div>", start)]
    out = []
    for row in re.split(r'<td class="CRc">\d+\.\d+</td>', table)[1:]:
        sides = _SIDE.findall(row)
        assert len(sides) == 2, row
        out.append((sides[0][0], int(sides[0][1]), sides[1][0], int(sides[1][1])))
    return out


def raw_numbers() -> dict[int, tuple[int, str, int]]:
    """snr → (No., team, board) from the raw player list."""
    html = PLAYERS.read_text(encoding="utf-8")
    found = re.findall(
        r'<td class="CRc">(\d+)</td><td class="CR"></td><td class="CR">[^<]*</td><td class="CR">'
        r'<a [^>]*snr=(\d+)">.*?<td class="CR">([^<]+)</td><td class="CRc">(\d+)</td></tr>',
        html,
    )
    return {int(snr): (int(no), team.replace("&#39;", "'"), int(bo)) for no, snr, team, bo in found}


# -- the structure of the real pages ----------------------------------------------------------


def test_board_pairings_structure() -> None:
    page = parse_page(BOARDS.read_bytes())
    assert page.kind == "board pairings" and page.team_event and page.number == NUMBER
    assert page.round_dates == {1: dt.date(2026, 8, 11)}
    assert len(page.team_matches) == 8 and len(page.team_boards) == 16
    first = page.team_matches[0]
    assert (first.first.number, first.first.name) == (9, "Hangzhou Chess Association")
    assert (first.second.number, first.second.name) == (1, "Shanghai Chess Academy")
    one, two = page.team_boards[:2]
    assert (one.match, one.board, one.first.name, one.first.rating, one.first.white) == (
        1, 1, "Wang, Hanzhang", 1496, True,
    )  # fmt: skip
    assert (one.second.name, one.second.title, one.second.link) == ("Xue, Tianhao", "WIM", 13)
    assert two.first.white is False and two.second.white is True
    assert all(b.result is None for b in page.team_boards)
    expected = raw_boards(BOARDS.read_text(encoding="utf-8"))
    got = [(b.first.white, b.first.link, b.second.white, b.second.link) for b in page.team_boards]
    assert got == [(c1 == "w", s1, c2 == "w", s2) for c1, s1, c2, s2 in expected]


def test_player_list_and_team_pairings_structure() -> None:
    players = parse_page(PLAYERS.read_bytes())
    assert players.kind == "team players" and len(players.players) == 32
    numbers = raw_numbers()
    assert len(numbers) == 32
    for row in players.players:
        assert numbers[row.link] == (row.number, row.team, row.board)
    teams = parse_page(TEAMS.read_bytes())
    assert teams.kind == "team pairings" and len(teams.team_matches) == 8
    assert teams.team_matches[7].first.name == "Zhejiang Chess Association"
    assert teams.team_matches[7].second.number == 16


def test_team_event_before_its_results_has_not_started() -> None:
    with pytest.raises(TournamentNotStarted, match="round 1 is paired but no result"):
        parse_saved_pages([BOARDS, PLAYERS, TEAMS])


def test_the_portuguese_sample_is_an_individual_event_not_a_team_league() -> None:
    # bas_portuguese_standings.html is Portimão 2024 (individual, lan=10): no team views
    page = parse_page((DATA / "bas_portuguese_standings.html").read_bytes())
    assert not page.team_event and page.kind == "ranking" and page.language_name == "Portuguese"
    # the same team player list in Portuguese ("Equipa") is read as a team view
    html = PLAYERS.read_text(encoding="utf-8").replace(">Team<", ">Equipa<")
    html = html.replace('lang="en"', 'lang="pt"').replace(">Name<", ">Nome<")
    pt = parse_page(html.replace("lan=1&amp;art=16", "lan=10&amp;art=16"))
    assert pt.team_event and pt.kind == "team players" and pt.language_name == "Portuguese"
    assert pt.players[0].team == "Shanghai Chess Academy"


def test_team_pairings_alone_name_the_views_to_give() -> None:
    with pytest.raises(TeamEventNotSupported, match=r"art=3.*art=16"):
        parse_saved_pages([TEAMS, PLAYERS])


# -- a played round built from the real markup -------------------------------------------------


def _expected_games(html: str, results: list[str]) -> set[tuple[str, str, str, int]]:
    numbers = raw_numbers()
    games = set()
    for (c1, s1, _c2, s2), text, board in zip(raw_boards(html), results, [1, 2] * 8, strict=True):
        a, b = str(numbers[s1][0]), str(numbers[s2][0])
        left, right = text.split(" - ")
        if c1 == "w":
            games.add((a, b, f"{left}{right}", board))
        else:
            games.add((b, a, f"{right}{left}", board))
    return games


_SYMBOL = {
    GameResult.WHITE_WINS: "10", GameResult.BLACK_WINS: "01", GameResult.DRAW: "½½",
    GameResult.WHITE_WINS_FORFEIT: "+-", GameResult.BLACK_WINS_FORFEIT: "-+",
}  # fmt: skip


def test_played_round_gives_games_with_boards_and_results() -> None:
    html = played()
    tournament = parse_saved_pages([html, PLAYERS, TEAMS])
    assert tournament.complete, tournament.incomplete
    assert tournament.end_date == dt.date(2026, 8, 11) and tournament.played_rounds is None
    assert len(tournament.players) == 32 and len(tournament.teams) == 16
    got = {(g.white, g.black, _SYMBOL[g.result], g.board) for g in tournament.games}
    assert got == _expected_games(html, RESULTS)
    forfeits = [g for g in tournament.games if not g.result.played]
    assert len(forfeits) == 2  # "+ - -" and "- - +" stay games, with forfeit results
    numbers = raw_numbers()
    by_id = {p.id: p for p in tournament.players}
    for _snr, (no, team_name, board) in numbers.items():
        player = by_id[str(no)]
        team = next(t for t in tournament.teams if t.id == player.team)
        assert team.name == team_name and team.players[board - 1] == player.id
    shanghai = next(t for t in tournament.teams if t.name == "Shanghai Chess Academy")
    assert shanghai.id == "1" and [by_id[p].name for p in shanghai.players] == [
        "Xue, Tianhao", "Wu, Yiting",
    ]  # fmt: skip
    # the pages do not say which rating 'Rtg' is: a national rating (with a note), not FIDE Elo
    assert by_id["1"].national_rating == 2218 and by_id["1"].fide_rating is None
    assert by_id["1"].fide_id == "8626480"
    assert any("do not say which rating their column 'Rtg' holds" in n for n in tournament.notes)
    assert any(n.startswith("team event: 16 teams") for n in tournament.notes)


def test_match_score_that_the_boards_do_not_give_is_recorded() -> None:
    html = played().replace('<th class="CRc">1½ : ½</th>', '<th class="CRc">2 : 0</th>', 1)
    tournament = parse_saved_pages([html, PLAYERS])
    assert not tournament.complete
    assert "match scores do not add up for 1 match" in tournament.incomplete[0]
    assert "the boards give 1½ : ½, the page says 2 : 0" in tournament.incomplete[0]
    with pytest.raises(PointsMismatch, match="match scores"):
        parse_saved_pages([html, PLAYERS], check_points=True)


def test_names_without_links_are_matched_by_name() -> None:
    html = re.sub(r'<a Class="CRdb" href="[^"]*art=9[^"]*">([^<]*)</a>', r"\1", played())
    assert "art=9" not in html
    linked = parse_saved_pages([played(), PLAYERS])
    plain = parse_saved_pages([html, PLAYERS])
    assert plain.games == linked.games and plain.teams == linked.teams
    assert any("matched to the player list by name" in n for n in plain.notes)


def test_without_player_list_the_boards_give_the_players() -> None:
    tournament = parse_saved_pages(played())
    assert len(tournament.players) == 32 and len(tournament.teams) == 16
    assert any("players taken from the board pairings" in n for n in tournament.notes)
    xue = next(p for p in tournament.players if p.name == "Xue, Tianhao")
    assert xue.id == "13" and xue.national_rating == 2218 and xue.team == "1"


def test_empty_board_is_no_game_and_a_note() -> None:
    html = played()
    # derived: board 1.2's second player's name cell emptied (an empty board), result "+ - -"
    cell = re.search(r'<td class="CR"><table><tr><td><div class="FarbewT"></div></td><td class="CR">'
                     r'<a [^>]*snr=14">Wu, Yiting</a></td></tr></table></td>', html)  # fmt: skip
    assert cell
    html = html.replace(cell.group(0), '<td class="CR"></td>', 1)
    html = html.replace('<td class="CRc">½ - ½</td> </tr>', '<td class="CRc">+ - -</td> </tr>', 1)
    html = html.replace('<th class="CRc">1½ : ½</th>', '<th class="CRc">2 : 0</th>', 1)
    tournament = parse_saved_pages([html, PLAYERS])
    assert len(tournament.games) == 15 and tournament.complete, tournament.incomplete
    zhang = next(p for p in tournament.players if p.name == "Zhang, Jingrui")
    (bye,) = tournament.byes
    assert (bye.round, bye.player, bye.points, bye.kind) == (1, zhang.id, 1, ByeKind.FORFEIT_WIN)
    assert any("board 1.2: the opponent of Zhang, Jingrui was not present" in n
               for n in tournament.notes)  # fmt: skip


def test_partly_played_round_is_in_progress() -> None:
    results = RESULTS[:4] + [""] * 12
    tournament = parse_saved_pages([played(results, scores=False), PLAYERS])
    assert tournament.played_rounds == 0 and len(tournament.games) == 4
    assert any("round 1 in progress: 4 of 16 results in" in n for n in tournament.notes)


def test_board_pages_that_disagree_are_refused() -> None:
    other = played(["0 - 1", *RESULTS[1:]])
    with pytest.raises(FormatError, match="differs between two pages"):
        parse_saved_pages([played(), other, PLAYERS])


def test_unreadable_board_result_names_the_board() -> None:
    with pytest.raises(FormatError, match=r"round 1, board 1\.1: cannot read the result '2 - 0'"):
        parse_saved_pages([played(["2 - 0", *RESULTS[1:]], scores=False)])


def test_player_not_on_the_player_list_is_named() -> None:
    html = played().replace(">Xue, Tianhao<", ">Xue, Tianhai<").replace("snr=13", "snr=999")
    with pytest.raises(FormatError, match=r"'Xue, Tianhai'.*not on the player list"):
        parse_saved_pages([html, PLAYERS])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_board_pages_give_only_our_errors(data: st.DataObject) -> None:
    html = played()
    start = html.index('<table class="CRs1"')
    end = html.index("</table></div>", start)
    cut = data.draw(st.integers(start, end))
    size = data.draw(st.integers(0, 400))
    junk = data.draw(st.text(alphabet='<>/tdrh ="1.-½+:Bo', max_size=40))
    damaged = html[:cut] + junk + html[cut + size :]
    with contextlib.suppress(WertungError):
        parse_saved_pages([damaged, PLAYERS])


# -- imported by link ---------------------------------------------------------------------------

ROUND_DATES = (  # synthetic round-dates page (no real art=14 page of this event was available)
    f'<html><body><form action="./tnr{NUMBER}.aspx?lan=1&amp;art=14"></form>'
    '<a href="tnr1472122.aspx?lan=1&amp;art=16">players</a>'
    '<table class="CRs1"><tr><th>Round</th><th>Date</th></tr>'
    "<tr><td>Rd.1</td><td>2026/08/11</td></tr></table></body></html>"
)


def test_team_event_is_imported_by_link(httpserver: HTTPServer, tmp_path: Path) -> None:
    path = f"/tnr{NUMBER}.aspx"
    base = {"lan": "1", "zeilen": "99999"}
    # art=0 of a team event: no real page; the player list (a team view, with the navigation
    # links that tell a team event) stands in for it
    served = {
        "0": PLAYERS.read_bytes(),
        "14": ROUND_DATES.encode(),
        str(int(View.TEAM_PLAYERS)): PLAYERS.read_bytes(),
        str(int(View.BOARD_PAIRINGS)): played().encode(),
    }
    httpserver.expect_request(
        path, query_string={**base, "art": "0", "turdet": "YES"}
    ).respond_with_data(served["0"], content_type="text/html")
    for art in ("14", "16", "3"):
        httpserver.expect_request(path, query_string={**base, "art": art}).respond_with_data(
            served[art], content_type="text/html"
        )
    messages: list[str] = []
    client = Client(
        base_url=httpserver.url_for(""),
        cache=False,
        min_interval=0,
        pacer=Pacer(sleep=lambda s: None),
    )
    with client:
        tournament = import_tournament(
            NUMBER, client=client, progress=messages.append,
            policy=CachePolicy(today=lambda: dt.date(2026, 9, 1)),
        )  # fmt: skip
    assert [r.args["art"] for r, _ in httpserver.log] == ["0", "14", "16", "3"]
    assert all("rd" not in r.args for r, _ in httpserver.log)  # all rounds at once
    assert len(tournament.teams) == 16 and len(tournament.games) == 16
    assert tournament.games == parse_saved_pages([played(), PLAYERS]).games
    assert any("a team event" in m for m in messages) and any("16 teams" in m for m in messages)

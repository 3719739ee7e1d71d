"""Real chess-results pages, mutated (cells dropped, text garbled): only wertung's own errors.

Bounded: each property runs at most 50 examples on pages shrunk to a few dozen rows.
"""

from __future__ import annotations

import re
from pathlib import Path

from chessresults_derived import FROME, JEDDAH, in_language
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung import FormatError, GameResult, SourceError, Tournament, WertungError
from wertung.sources.chessresults import parse_saved_pages

DATA = Path(__file__).parents[1] / "data" / "chess-results"
GROUPS = [  # pages of one tournament each
    [
        DATA / "mjl_british2026_champ_crosstable.html",
        DATA / "mjl_british2026_champ_r5.html",
        DATA / "mjl_british2026_champ_r6_midround.html",
    ],
    [DATA / "mjl_jeddah2026_r1.html", DATA / "mjl_jeddah2026_r2_live.html",
     DATA / "mjl_jeddah2026_notpaired_midevent.html"],
    [DATA / "mjl_frome2026_standard_r1.html"],
    [DATA / "mjl_warsaw2026_notstarted_r1.html"],
    [DATA / "bas_portuguese_standings.html", DATA / "bas_ended_pairings.html"],
    [DATA / "gwk_chess-results-russian.html"],
    [DATA / "mjl_ussa2026_roundrobin_crosstable.html", DATA / "mjl_ussa2026_roundrobin_pairings.html"],
    [DATA / "mjl_cnyt2026_g14_boards_r1.html", DATA / "mjl_cnyt2026_g14_players.html",
     DATA / "mjl_cnyt2026_g14_teams_r1.html"],  # a team event
]  # fmt: skip
# derived: the Jeddah and Frome pages in Russian and Portuguese (chessresults_derived)
_DERIVED = {
    Path(f"derived-{language}-{page.name}"): in_language(page.read_text(encoding="utf-8"), language)
    for language in ("Russian", "Portuguese")
    for page in (*JEDDAH, FROME)
}
GROUPS += [[p for p in _DERIVED if language in p.name] for language in ("Russian", "Portuguese")]
PAGES = [path for group in GROUPS for path in group]
_ROW = re.compile(r"<tr class=\"CR[n]?g[12]\b[^\"]*\">.*?</tr>", re.S)
_CELL = re.compile(r"<td[^>]*>(?:(?!</?td).)*</td>", re.S)
_GARBLE = st.sampled_from(
    ["", "½", "1 - 0", "- - +", "bye", "not paired", "*", "3w1", "-1", "0F", "TB1", "Pts.",
     "No.", "Name", "White", "Result", "x", "99999", "2,5", "1½", "Rd.2/7", "&frac12;",
     "без пары", "spielfrei", "nicht ausgelost", "não emparceirado", "Тур5/7", "Rd.9",
     "Number of rounds", "Rating calculation", "Final Ranking after 9 Rounds"]
)  # fmt: skip


def _shrink(path: Path, rows: int = 24) -> str:
    html = _DERIVED[path] if path in _DERIVED else path.read_text(encoding="utf-8")
    found = list(_ROW.finditer(html))
    if len(found) <= rows:
        return html
    return html[: found[rows].start()] + html[found[-1].end() :]


SMALL = {path: _shrink(path) for path in PAGES}


@st.composite
def mutated(draw: st.DrawFn) -> list[str]:
    group = draw(st.sampled_from(GROUPS))
    chosen = draw(st.lists(st.sampled_from(group), min_size=1, max_size=3, unique=True))
    pages = []
    for path in chosen:
        html = SMALL[path]
        cells = list(_CELL.finditer(html))
        for _ in range(draw(st.integers(0, 5))):
            match = draw(st.sampled_from(cells))
            action = draw(st.sampled_from(["drop", "garble", "empty"]))
            if action == "drop":
                replacement = ""
            elif action == "empty":
                replacement = "<td></td>"
            else:
                replacement = f'<td class="CRc">{draw(_GARBLE)}</td>'
            html = html.replace(match.group(0), replacement, 1)
        if draw(st.booleans()):
            at = draw(st.integers(0, len(html)))
            html = html[:at] + draw(st.text(max_size=12)) + html[at + draw(st.integers(0, 80)) :]
        pages.append(html)
    return pages


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_real_pages_give_a_tournament_or_our_error(pages: list[str]) -> None:
    try:
        tournament = parse_saved_pages(pages)
    except WertungError as exc:
        assert isinstance(exc, (FormatError, SourceError)), type(exc)
        assert exc.message
        return
    assert isinstance(tournament, Tournament)
    tournament.validate()
    assert all(isinstance(reason, str) and reason for reason in tournament.incomplete)
    assert set(tournament.incomplete_later) <= set(tournament.incomplete)
    if tournament.played_rounds is not None:
        assert 0 <= tournament.played_rounds <= tournament.round_count()
    ids = {p.id for p in tournament.players}
    for game in tournament.upcoming:  # pairings without result: never counted, never a round done
        assert game.result is GameResult.NOT_PLAYED and {game.white, game.black} <= ids
        assert game.round > (tournament.played_rounds or 0)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PAGES), st.data())
def test_truncated_real_pages_give_a_tournament_or_our_error(
    path: Path, data: st.DataObject
) -> None:
    html = SMALL[path]
    cut = data.draw(st.integers(0, len(html)))
    try:
        parse_saved_pages(html[:cut])
    except WertungError as exc:
        assert isinstance(exc, (FormatError, SourceError)), type(exc)

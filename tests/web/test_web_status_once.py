"""One status line per fact on the tournament pages: "after round N of M" once, no
"after round 0", each points difference once, the same completeness rule for SWT and
TRF, absolute share links, the page width of the result page's header."""

from __future__ import annotations

import re

import pytest
from chessresults_derived import RUNNING_JEDDAH
from web_helpers import ROOT, client

CR = ROOT / "data" / "chess-results"
STATIC = ROOT.parent / "src" / "wertung" / "web" / "static" / "style.css"


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    return client(tmp_path_factory.mktemp("once"))


def _page(web, lang, paths, **kwargs):
    files = [("file", (p.name, p.read_bytes())) for p in paths]
    answer = web.post(f"/{lang}/tournament", files=files)
    assert answer.status_code == 303, answer.text[:2000]
    return web.get(answer.headers["location"], **kwargs).text


def _text(html: str) -> str:
    main = html[html.index("<main") : html.index("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


@pytest.mark.parametrize(
    ("lang", "said"), [("de", "nach Runde 1 von 7"), ("en", "after round 1 of 7")]
)
def test_a_running_event_says_after_round_once(web, lang, said):
    text = _text(_page(web, lang, list(RUNNING_JEDDAH)))
    assert text.lower().count(said.lower()) == 1, text[:3000]
    in_progress = "9 von 16" if lang == "de" else "9 of its 16"
    assert text.count(in_progress) == 1  # the incomplete reason, not the note as well


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_mid_round_pairings_page_never_says_after_round_0(web, lang):
    text = _text(_page(web, lang, [CR / "mjl_british2026_champ_r6_midround.html"]))
    assert "Runde 0" not in text and "round 0" not in text
    none = "Noch keine Runde vollständig." if lang == "de" else "No round complete yet."
    assert text.count(none) == 1


def test_one_missing_round_in_good_german(web):
    text = _text(_page(web, "de", [CR / "mjl_british2026_champ_r2.html"]))
    assert "Runde 1 fehlen" not in text


def test_each_points_difference_of_an_irish_trf_is_listed_once(web):
    text = _text(_page(web, "de", [ROOT / "data" / "trf" / "icu_irish_junior_champs_2011.tab"]))
    for player in ("Spieler 4 (Ogintas", "Spieler 19 (Coughlan", "Spieler 31 (Cormican"):
        assert text.count(player) == 1, player
    assert "Unvollständig" not in text  # explained by byes: notes


@pytest.mark.parametrize(
    "path",
    [
        ROOT / "data" / "swt" / "SwissTeam.SWT",
        ROOT / "data" / "trf" / "icu_cork_major_2018_swissmaster.tab",
    ],
)
def test_unexplained_points_differences_make_any_source_incomplete(web, path):
    """The rule of formats/_points.py for every source: SWT as TRF."""
    import wertung
    from wertung.web import tournaments

    tournament = tournaments.from_upload(path.name, path.read_bytes())
    evaluation = wertung.evaluate(tournament)
    html = _page(web, "de", [path])
    unexplained = [r for r in evaluation.incomplete if str(r).startswith("points of player")]
    assert ('data-testid="incomplete"' in html) == bool(unexplained) == (not evaluation.complete)
    if path.suffix == ".SWT":
        assert len(unexplained) == 7
        assert _text(html).count("Punkte von Spieler 20 (Arana") == 1


def test_the_share_link_is_absolute(tmp_path, web):
    html = _page(web, "de", [ROOT / "data" / "trf" / "skl_example1_karl_mala_2005.trf"])
    share = re.search(r'id="share-url" readonly value="([^"]+)"', html).group(1)
    assert share.startswith("http://testserver/de/tournament/")
    public = client(tmp_path, public_url="https://wertung.example/w/")
    html = _page(public, "en", [ROOT / "data" / "trf" / "skl_example1_karl_mala_2005.trf"])
    share = re.search(r'id="share-url" readonly value="([^"]+)"', html).group(1)
    assert share.startswith("https://wertung.example/w/en/tournament/")


def test_the_result_page_header_is_as_wide_as_the_result():
    css = STATIC.read_text(encoding="utf-8")
    rule = css[css.index("main:has(section.result-table)") :].split("}", 1)[0]
    assert "header .bar" in rule and "footer" in rule and "80rem" in rule

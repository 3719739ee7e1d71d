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


def _swiss_chess(*, gameless: bool = False, extra_points: int = 0) -> tuple[bytes, str]:
    """SwissIndividual.SWT with player 3's round-3 game taken out (both pairing records
    "none": a round without a game for both) and/or ``extra_points`` half points added to
    player 3's own total; the bytes and player 3's name."""
    from wertung.formats import _swt_layout as layout
    from wertung.formats import swt
    from wertung.formats._binary import Binary

    data = bytearray((ROOT / "data" / "swt" / "SwissIndividual.SWT").read_bytes())
    header = swt._header(Binary(bytes(data), "SWT"))
    tournament = swt.parse(bytes(data))
    ids = [p.id for p in tournament.players]
    game = next(g for g in tournament.games if g.round == 3 and g.white == "3")
    assert game.result.name == "WHITE_WINS"  # player 3 won it: 1 point more than the games
    if gameless:
        for pid in (game.white, game.black):
            k = ids.index(pid)
            at = header.layout.fixtures + (k * header.rounds + 2) * layout.PAIRING_LENGTH
            data[at + layout.PAIRING["colour"]] = layout.COLOUR_NONE
    if extra_points:
        base = header.layout.fixtures + header.players * header.rounds * layout.PAIRING_LENGTH
        at = base + ids.index("3") * header.layout.player_length + layout.PLAYER["points2"][0]
        value = int.from_bytes(data[at : at + 2], "little") + extra_points
        data[at : at + 2] = value.to_bytes(2, "little")
    return bytes(data), tournament.player("3").name


def _upload_bytes(web, lang: str, name: str, data: bytes) -> str:
    answer = web.post(f"/{lang}/tournament", files=[("file", (name, data))])
    assert answer.status_code == 303, answer.text[:2000]
    return web.get(answer.headers["location"]).text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_an_swt_total_a_round_without_game_explains_is_a_note_said_once(web, lang):
    """As for a TRF (the Irish juniors): the bye taken, a note, the import complete."""
    data, name = _swiss_chess(gameless=True)
    page = _upload_bytes(web, lang, "bye.SWT", data)
    text = _text(page)
    said = "für Runde 3 als Freilos gewertet" if lang == "de" else "for round 3 taken as a bye"
    assert text.count(said) == 1 and f"({name})" in text, text[:3000]
    assert 'data-testid="incomplete"' not in page
    assert ("Unvollständig" if lang == "de" else "Incomplete") not in text


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [({"extra_points": 2}, "die Datei nennt 8, Partien und Freilose ergeben 7"),
     ({"gameless": True, "extra_points": 2}, "die Datei nennt 8, Partien und Freilose ergeben 6")],
)  # fmt: skip
def test_an_swt_total_nothing_explains_makes_it_incomplete_said_once(web, kwargs, said):
    """As for a TRF: one point more than a round without a game allows, or a difference
    with no such round, is a reason (named once), and the import is incomplete."""
    import wertung
    from wertung.formats import swt

    data, _name = _swiss_chess(**kwargs)
    tournament = swt.parse(data)
    assert not tournament.complete and len(tournament.incomplete) == 1
    assert not wertung.evaluate(tournament).complete
    html = _upload_bytes(web, "de", "differs.SWT", data)
    assert 'data-testid="incomplete"' in html
    assert _text(html).count("Punkte von Spieler 3 (") == 1
    assert said in _text(html), list(tournament.incomplete)

"""Every page in both languages through the framework's test client (no browser)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from web_helpers import ROOT, SEED_QUERY, client, games_query

from wertung.dwz.regulations import WO_2026

PAGES = ("dwz", "first-dwz", "elo", "tournament", "upgrade")
LANGS = ("de", "en")


class Inputs(HTMLParser):
    """Collects form controls, labels, ids and in-page links of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str]] = []
        self.label_for: set[str] = set()
        self.ids: set[str] = set()
        self.anchors: list[str] = []
        self.assets: list[str] = []
        self._in_template = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "template":
            self._in_template += 1
        if "id" in a and not self._in_template:
            self.ids.add(a["id"])
        if tag == "label" and "for" in a:
            self.label_for.add(a["for"])
        if tag in ("input", "select", "textarea") and not self._in_template:
            self.controls.append(a)
        if tag == "a" and a.get("href", "").startswith("#"):
            self.anchors.append(a["href"][1:])
        if tag in ("script", "img") and a.get("src"):
            self.assets.append(a["src"])
        if tag == "link" and a.get("rel") in ("stylesheet", "icon"):
            self.assets.append(a.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "template":
            self._in_template -= 1


def parse(html: str) -> Inputs:
    parser = Inputs()
    parser.feed(html)
    return parser


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_accessibly(web, lang: str, page: str) -> None:
    response = web.get(f"/{lang}/{page}")
    assert response.status_code == 200
    html = response.text
    assert f'<html lang="{lang}">' in html
    assert ("Inoffizielle Prognose" if lang == "de" else "Unofficial forecast") in html
    other = "en" if lang == "de" else "de"
    assert f'href="/{other}/{page}"' in html  # the language switch keeps the page
    doc = parse(html)
    for control in doc.controls:
        if control.get("type") in ("hidden", "submit"):
            continue
        assert control.get("id") in doc.label_for or control.get("aria-label"), control
    for anchor in doc.anchors:
        assert anchor in doc.ids, f"link to #{anchor} has no target on /{lang}/{page}"
    for asset in doc.assets:  # everything is served locally
        assert asset.startswith("/static/"), asset


def test_root_redirects_by_language(web) -> None:
    assert web.get("/").headers["location"] == "/de/dwz"
    assert web.get("/", headers={"accept-language": "en-GB,en"}).headers["location"] == "/en/dwz"
    assert web.get("/en").headers["location"] == "/en/dwz"


def test_unknown_pages_are_404_pages_in_the_language(web) -> None:
    response = web.get("/en/nothing")
    assert response.status_code == 404 and "There is no such page." in response.text
    assert web.get("/fr/dwz").status_code == 404


def test_dwz_seed_example_german(web) -> None:
    html = web.get(f"/de/dwz?{SEED_QUERY}").text
    assert re.search(r'data-testid="new-rating">1547<', html)
    assert 'data-testid="change">+47<' in html
    assert "We = 3,4298" in html and "K = 44,0" in html and "K0 = 40" in html
    assert "b = 1" in html and "a = 4" in html
    assert "1547,09" in html  # Rn unrounded, decimal comma, no grouping
    # the user's K0 cell: adult row, index 5
    mine = re.findall(r'<td class="mine" aria-current="true">(\d+)', html)
    assert mine == ["40"]
    assert 'value="1500"' in html  # the form keeps the input


def test_dwz_seed_example_english_formatting(web) -> None:
    html = web.get(f"/en/dwz?{SEED_QUERY}").text
    assert "We = 3.4298" in html and "K = 44.0" in html and "W = 4½" in html


def test_k0_table_comes_from_the_constants(web) -> None:
    html = web.get("/en/dwz").text
    table = html[html.index('<table class="data k0">') :]
    table = table[: table.index("</table>")]
    cells = [int(v) for v in re.findall(r"<td[^>]*>(\d+)", table)]
    expected = [values[c] for c in range(11) for _row, values in WO_2026.k0_table]
    assert cells == expected


def test_wo_2014_path_when_the_date_says_so(web) -> None:
    html = web.get(f"/en/dwz?{SEED_QUERY.replace('2026-09-01', '2025-09-01')}").text
    assert "WO 2014" in html and 'id="step-e"' in html and "800·(W − We)/(E + n)" in html
    assert 'id="step-k0"' not in html


def test_forfeits_are_listed_not_counted(web) -> None:
    query = games_query([(1650, "+"), (1400, "1")], rating=1500, index=5, end_date="2026-09-01")
    html = web.get(f"/en/dwz?{query}").text
    assert 'class="not-counted"' in html and ">forfeit</a>" in html
    assert "W = 1</strong> — points scored in 1 counted game" in html


def test_rows_can_be_added_and_removed_without_javascript(web) -> None:
    query = games_query([(1650, "½"), (1400, "1")], rating=1500, index=5)
    added = web.get(f"/en/dwz?{query}&action=add").text
    assert added.count("<tr data-row>") == 3 + 1  # + the row template for JavaScript
    removed = web.get(f"/en/dwz?{query}&action=remove-1").text
    assert removed.count("<tr data-row>") == 1 + 1 and 'value="1400"' in removed


def test_bad_input_shows_inline_errors_and_keeps_everything(web) -> None:
    query = games_query([(1650, "½"), ("16x0", "1"), (1400, "")], rating="abc", index=5)
    response = web.get(f"/en/dwz?{query}")
    assert response.status_code == 200
    html = response.text
    assert 'id="err-rating" class="field-error" role="alert">Please enter a whole number.' in html
    assert 'id="err-opp-2" class="field-error" role="alert">Please enter a whole number.' in html
    assert 'id="err-res-3" class="field-error" role="alert">The result is missing.' in html
    assert 'value="abc"' in html and 'value="16x0"' in html
    assert "Please check the marked fields." in html


def test_engine_errors_land_next_to_their_field(web) -> None:
    query = games_query([(1650, "½"), (4000, "1")], rating=1500, index=5)
    html = web.get(f"/de/dwz?{query}").text
    # The catalogue's message alone: it names the field and the value (no label repeating it).
    assert re.search(
        r'id="err-opp-2" class="field-error" role="alert">Wertungszahl des Gegners 4000 liegt '
        r"außerhalb des Bereichs; Wertungszahlen gehen von 0 bis 3500<",
        html,
    )
    assert "Keine gültige Wertungszahl" not in html
    html = web.get(f"/en/dwz?{games_query([(1650, '½')], rating=1500, index=5, k='0')}").text
    assert re.search(r'id="err-k" class="field-error" role="alert">development factor', html)


def test_an_error_the_catalogue_does_not_know_keeps_the_page_label() -> None:
    from wertung.kernel.errors import InvalidRating
    from wertung.web.i18n import translator
    from wertung.web.pages.forms import error_text

    text = "something no catalogue entry matches"
    error = InvalidRating(text, code="untranslated", params={"text": text})
    assert error_text(error, translator("de")) == (
        "Keine gültige Wertungszahl (0 bis 3500) (something no catalogue entry matches)"
    )
    known = InvalidRating(
        "rating 9999 is out of range; ratings are 0 to 3500",
        code="rating.out_of_range",
        params={"label": "rating", "value": 9999, "low": 0, "high": 3500},
    )
    assert (
        error_text(known, translator("en")) == "Rating 9999 is out of range; ratings are 0 to 3500"
    )


def test_live_partial_updates_summary_and_errors_out_of_band(web) -> None:
    html = web.get(f"/de/dwz/result?{SEED_QUERY}").text
    assert '<div id="summary" class="summary" aria-live="polite" hx-swap-oob="true">' in html
    assert "1547" in html and "<html" not in html
    # while typing, a field not filled in yet is no error; a wrong one is
    typing = web.get("/de/dwz/result?rating=&opp=1650&res=").text
    assert "Bitte deine Wertungszahl eintragen." not in typing
    wrong = web.get("/de/dwz/result?rating=15a&opp=1650&res=1").text
    assert "Bitte eine ganze Zahl eingeben." in wrong


def test_unexpected_error_keeps_the_form(web, monkeypatch: pytest.MonkeyPatch) -> None:
    from wertung import dwz

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(dwz, "forecast", broken)
    response = web.get(f"/en/dwz?{SEED_QUERY}")
    assert response.status_code == 200
    assert "The calculation failed unexpectedly" in response.text
    assert 'value="1500"' in response.text and "Traceback" not in response.text


def test_first_dwz_with_working(web) -> None:
    games = [(1500, "1"), (1600, "0"), (1400, "½"), (1550, "1"), (1450, "0")]
    html = web.get(f"/en/first-dwz?{games_query(games, end_date='2026-09-01')}").text
    assert re.search(r'data-testid="new-rating">1540<', html)
    assert "Iteration steps" in html and "R1 = 1540" in html and "Stage</dt><dd>1" in html


def test_first_dwz_reason_and_carry_over(web) -> None:
    html = web.get(
        f"/en/first-dwz?{games_query([(1500, '1'), (1600, '0')], end_date='2026-09-01')}"
    ).text
    assert 'data-testid="no-first-dwz"' in html
    assert "Too few counted games: 2 of at least 5." in html
    assert "2 games are kept as carry-over games (usable until 1 Sept 2028)" in html
    carried = games_query([(1500, "1"), (1600, "0")], end_date="2026-09-01") + (
        "&c_opp=1400&c_res=%C2%BD&c_date=2025-10-01&c_opp=1550&c_res=1&c_date=2025-10-01"
        "&c_opp=1450&c_res=0&c_date=2025-10-01"
    )
    html = web.get(f"/en/first-dwz?{carried}").text
    assert re.search(r'data-testid="new-rating">1540<', html)
    assert html.count("(carry-over)") == 3


def test_first_dwz_unaffiliated_is_conditional(web) -> None:
    games = [(1500, "1"), (1600, "0"), (1400, "½"), (1550, "1"), (1450, "0")]
    html = web.get(
        f"/de/first-dwz?{games_query(games, end_date='2026-09-01', unaffiliated=1)}"
    ).text
    assert 'data-testid="conditional"' in html and "bedingt (vereinslos)" in html


def test_elo_single_game_and_working(web) -> None:
    query = games_query([(2000, "½")], rating=1800, games_played=50, date="2026-05-01")
    html = web.get(f"/en/elo?{query}").text
    assert re.search(r'data-testid="new-rating">1805<', html)
    assert re.search(r'data-testid="outcome-win">.*?\+15\.2', html, re.S)
    assert re.search(r'data-testid="outcome-loss">.*?−4\.8', html, re.S)
    assert "K·(W − We) = 20·(0.5 − 0.24)" in html


def test_elo_performance_shows_fide_and_labelled_approximation(web) -> None:
    games = [(1700, "1"), (1600, "½"), (1750, "0"), (1550, "1"), (1800, "½")]
    html = web.get(f"/de/elo?{games_query(games, rating=1650, games_played=12)}").text
    assert "Leistung (FIDE):" in html and "Näherung:" in html and "keine FIDE-Regel" in html
    assert 'data-testid="outcomes"' not in html  # only for a single game


def test_elo_gap_table_has_every_row_of_the_engine(web) -> None:
    from wertung import fide

    html = web.get("/en/elo").text
    table = html[html.index('data-testid="gap-table"') :]
    assert table[: table.index("</table>")].count('<tr><th scope="row">') == len(
        fide.expected_score_table().rows
    )
    assert "<svg" in html and 'role="img"' in html


def test_upgrade(web) -> None:
    html = web.get("/de/upgrade?rating=1366&index=21").text
    assert re.search(r'data-testid="new-rating">1634<', html) and "‑22" in html
    assert "0,64·1366 + 760" in html  # German decimal comma


def _json_tournament() -> bytes:
    data = {
        "name": "Vereinsturnier",
        "end_date": "2026-09-01",
        "players": [
            {"id": "1", "name": "Muster, Max", "dwz": 1500, "index": 5, "birth_year": 1980},
            {"id": "2", "name": "Beispiel, Bea", "dwz": 1600, "index": 12},
            {"id": "3", "name": "Neu, Nina", "birth_year": 2012},
        ],
        "games": [
            {"round": 1, "white": "1", "black": "2", "result": "1-0"},
            {"round": 2, "white": "3", "black": "1", "result": "0-1"},
            {"round": 3, "white": "2", "black": "3", "result": "+-"},
        ],
    }
    return json.dumps(data).encode()


def test_tournament_upload_share_player_and_exports(web) -> None:
    response = web.post(
        "/en/tournament", files={"file": ("t.json", _json_tournament(), "application/json")}
    )
    assert response.status_code == 303
    url = response.headers["location"]
    assert re.fullmatch(r"/en/tournament/[0-9a-f]{20}", url)
    html = web.get(url).text
    assert "Vereinsturnier" in html and "Muster, Max" in html and "3 players" in html
    assert web.get(url.replace("/en/", "/de/")).status_code == 200  # shareable, any language
    player = web.get(f"{url}/player/1")
    assert player.status_code == 200 and "Working" in player.text
    csv = web.get(f"{url}/export.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert "tournament,Vereinsturnier" in lines and "complete,yes" in lines
    header = lines[0]
    assert header.startswith("id,name,status,dwz_before") and header.endswith("member_source")
    assert lines[4] == ""  # three players, then the state rows
    german = web.get(url.replace("/en/", "/de/") + "/export.csv").text
    assert german.startswith("\ufeffKennung;Name;Status;DWZ alt") and "complete" not in german
    assert "\r\nvollständig;ja\r\n" in german and "\r\nTurnier;Vereinsturnier\r\n" in german
    exported = web.get(f"{url}/export.json").json()
    assert [p["id"] for p in exported["players"]] == ["1", "2", "3"]
    assert web.get(f"{url}/export.input.json").json()["name"] == "Vereinsturnier"
    # same input, same link
    again = web.post(
        "/en/tournament", files={"file": ("t.json", _json_tournament(), "application/json")}
    )
    assert again.headers["location"] == url


def test_tournament_trf_upload(web) -> None:
    trf = sorted((ROOT / "data" / "trf").glob("*"))
    sample = next(p for p in trf if p.suffix in (".trf", ".txt", ".tab"))
    response = web.post("/de/tournament", files={"file": (sample.name, sample.read_bytes())})
    assert response.status_code == 303
    assert web.get(response.headers["location"]).status_code == 200


def test_tournament_bad_file_shows_the_form_with_the_error(web) -> None:
    response = web.post(
        "/en/tournament", files={"file": ("t.json", b"{not json", "application/json")}
    )
    assert response.status_code == 422
    assert (
        'id="err-file" class="field-error" role="alert">line 1, column 2: JSON syntax error: '
        "a property name in double quotes is expected here"
    ) in response.text


def test_tournament_refuses_other_hosts_without_fetching(tmp_path: Path) -> None:
    def no_fetch() -> None:
        raise AssertionError("the importer must not be called for a foreign link")

    web = client(tmp_path, chessresults_client=no_fetch)
    response = web.post("/en/tournament", data={"link": "https://evil.example/tnr1342553.aspx"})
    assert response.status_code == 422
    assert "not to chess-results.com" in response.text
    assert 'value="https://evil.example/tnr1342553.aspx"' in response.text


def test_tournament_link_is_rate_limited_per_client(tmp_path: Path) -> None:
    calls: list[int] = []

    class Refusing:
        def fetch(self, *args: object, **kwargs: object) -> None:
            from wertung import SourceError

            calls.append(1)
            raise SourceError(
                "offline in tests", code="untranslated", params={"text": "offline in tests"}
            )

    web = client(tmp_path, chessresults_client=lambda: Refusing(), fetch_limit=2)
    for _ in range(2):
        response = web.post("/en/tournament", data={"link": "chess-results.com/tnr1342553.aspx"})
        assert response.status_code == 422 and "offline in tests" in response.text
    third = web.post("/en/tournament", data={"link": "https://chess-results.com/tnr1342553.aspx"})
    assert third.status_code == 429 and "at most 2 chess-results imports" in third.text
    assert len(calls) == 2


def test_tournament_without_input(web) -> None:
    response = web.post("/de/tournament", data={"link": ""})
    assert response.status_code == 422 and "Bitte einen chess-results-Link" in response.text


def test_unknown_shared_result_is_404(web) -> None:
    assert web.get("/en/tournament/0123456789abcdef0123").status_code == 404


def test_request_size_limit(tmp_path: Path) -> None:
    web = client(tmp_path, max_upload=1000)
    response = web.post("/en/tournament", files={"file": ("t.json", b"x" * 200_000)})
    assert response.status_code == 413


def test_root_path_for_a_reverse_proxy(tmp_path: Path) -> None:
    web = client(tmp_path, root_path="/wertung")
    html = web.get("/en/dwz", headers={}).text
    assert 'href="/wertung/static/style.css' in html and 'action="/wertung/en/dwz"' in html
    assert web.get("/").headers["location"] == "/wertung/de/dwz"


def test_health_and_docs_are_local(web) -> None:
    assert web.get("/healthz").json()["status"] == "ok"
    docs = web.get("/api/docs").text
    assert "/static/swagger/swagger-ui-bundle.js" in docs and "cdn" not in docs.lower()
    assert web.get("/static/htmx.min.js").status_code == 200


def test_import_with_progress_for_htmx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from wertung.formats import tournament_json
    from wertung.web import tournaments

    def fake_import(link: str, *, client: object = None, progress=None):
        progress("tournament 1342553: starting rank")
        progress("tournament 1342553: crosstable")
        return tournament_json.loads(_json_tournament())

    monkeypatch.setattr(tournaments, "import_link", fake_import)
    web = client(tmp_path)
    started = web.post(
        "/en/tournament/start", data={"link": "https://chess-results.com/tnr1342553.aspx"}
    )
    assert started.status_code == 200
    job = re.search(r'hx-get="/en/tournament/jobs/([0-9a-f]+)"', started.text).group(1)
    for _ in range(100):
        polled = web.get(f"/en/tournament/jobs/{job}")
        if "hx-redirect" in polled.headers:
            break
        time.sleep(0.02)
    assert re.fullmatch(r"/en/tournament/[0-9a-f]{20}", polled.headers["hx-redirect"])
    assert web.get(polled.headers["hx-redirect"]).status_code == 200


def test_import_errors_for_htmx_are_shown_next_to_the_field(tmp_path: Path) -> None:
    web = client(tmp_path)
    response = web.post("/de/tournament/start", data={"link": "https://example.org/tnr1.aspx"})
    assert re.search(
        r'id="err-link" class="field-error" role="alert" hx-swap-oob="true">.*example\.org',
        response.text,
    )
    upload = web.post("/en/tournament/start", files={"file": ("t.json", _json_tournament())})
    assert upload.headers["hx-redirect"].startswith("/en/tournament/")


WITH_RESULTS = {
    "dwz": SEED_QUERY,
    "dwz-2014": SEED_QUERY.replace("2026-09-01", "2025-09-01"),
    "first-dwz": games_query(
        [(1500, "1"), (1600, "0"), (1400, "½"), (1550, "1"), (1450, "+")], end_date="2026-09-01"
    ),
    "first-dwz-none": games_query([(1500, "1")], end_date="2026-09-01", unaffiliated=1),
    "elo": games_query([(2000, "½")], rating=1800),
    "upgrade": "rating=1200&index=3",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(WITH_RESULTS))
def test_every_rule_link_of_a_result_has_its_explanation(web, lang: str, case: str) -> None:
    page = case.removesuffix("-2014").removesuffix("-none")
    html = web.get(f"/{lang}/{page}?{WITH_RESULTS[case]}").text
    assert 'data-testid="new-rating"' in html or 'data-testid="no-first-dwz"' in html
    doc = parse(html)
    assert doc.anchors
    for anchor in doc.anchors:
        assert anchor in doc.ids, f"link to #{anchor} has no target ({case}, {lang})"

"""The history page and POST /api/v1/history: stored tournaments chained as the engine does."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from test_history import HERO, D, L, W, opponents, round_robin
from web_helpers import ROOT, client

import wertung
from wertung.formats import tournament_json


def season() -> list[wertung.Tournament]:
    """Three round robins of Muster, Max: January, March, September 2026 (the upgrade between)."""
    hero = dataclasses.replace(HERO)
    return [
        round_robin("Sep Open", dt.date(2026, 9, 20), [hero, *opponents("c", 1700)],
                    [D, W, L, L, D] + [D] * 10),
        round_robin("Jan Open", dt.date(2026, 1, 31), [hero, *opponents("a", 1400)],
                    [W, D, L, W, D] + [D] * 10),
        round_robin("Mar Open", dt.date(2026, 3, 15), [hero, *opponents("b", 1450)],
                    [W, W, D, L, D] + [D] * 10),
    ]  # fmt: skip


def as_file(tournament: wertung.Tournament, name: str) -> tuple[str, tuple[str, bytes]]:
    return ("file", (name, json.dumps(tournament_json.to_dict(tournament)).encode()))


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _post(web, files, lang="de", **data):
    return web.post(f"/{lang}/history", files=files, data=data)


def _rows(html: str, key: str) -> list[list[str]]:
    section = re.search(rf'data-key="{key}".*?</section>', html, re.S).group(0)
    body = re.search(r"<tbody>(.*?)</tbody>", section, re.S).group(1)
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([re.sub(r"<[^>]+>", "", c).strip() for c in cells])
    return rows


def test_upload_three_files_any_order_gives_the_engines_history(web) -> None:
    files = [as_file(t, f"{t.name}.json") for t in season()]
    response = _post(web, files)
    assert response.status_code == 303, response.text
    url = response.headers["location"]
    keys = parse_qs(urlsplit(url).query)["t"]
    assert url.startswith("/de/history?t=") and len(keys) == 3
    html = web.get(url).text
    expected = wertung.history(season()).player("Muster, Max")
    rows = _rows(html, expected.key)
    assert [r[0] for r in rows] == ["Jan Open", "Mar Open", "DWZ-Anhebung 2026", "Sep Open"]
    for shown, row in zip(rows, expected.rows, strict=True):
        assert shown[4] == f"{row.dwz_after}‑{row.index_after}"
        assert shown[6] == (str(row.performance) if row.performance is not None else "–")
    assert html.count('data-testid="upgrade-row"') >= 1
    chart = re.search(r'data-key="p1".*?<svg.*?</svg>', html, re.S).group(0)
    assert chart.count('data-testid="dwz-point"') == 3
    assert chart.count('data-testid="upgrade-point"') == 1
    assert chart.count('data-testid="perf-point"') == 3
    order = re.search(r'data-testid="history-order">(.*?)</ol>', html, re.S).group(1)
    assert order.index("Jan Open") < order.index("Mar Open") < order.index("Sep Open")
    assert "DWZ upgrade" not in html and "Evaluated in this order" not in html  # German page
    # the same URL again (in any language) gives the same history: shareable
    english = web.get(url.replace("/de/", "/en/")).text
    assert [r[4] for r in _rows(english, expected.key)] == [r[4] for r in rows]
    assert "DWZ upgrade 2026" in english


def test_one_player_by_name_and_errors_in_the_url(web) -> None:
    url = _post(web, [as_file(t, "t.json") for t in season()]).headers["location"]
    one = web.get(url + "&player=Muster,+Max").text
    assert one.count('data-testid="history-player"') == 1 and "Muster, Max" in one
    everyone = web.get(url).text
    assert everyone.count('data-testid="history-player"') == 12  # the page shows twelve ...
    assert 'data-testid="history-more"' in everyone  # ... and says how many more there are
    nobody = web.get(url + "&player=Niemand")
    assert nobody.status_code == 422 and "Kein (eindeutiger) Spieler „Niemand“" in nobody.text
    gone = web.get("/en/history?t=doesnotexist")
    assert gone.status_code == 422 and "No stored tournament “doesnotexist”" in gone.text


def test_adding_to_a_history_keeps_its_tournaments(web) -> None:
    first, *rest = season()
    url = _post(web, [as_file(first, "a.json")]).headers["location"]
    keys = parse_qs(urlsplit(url).query)["t"]
    response = _post(web, [as_file(t, "b.json") for t in rest], t=keys)
    assert response.status_code == 303
    assert parse_qs(urlsplit(response.headers["location"]).query)["t"][0] == keys[0]
    assert len(parse_qs(urlsplit(response.headers["location"]).query)["t"]) == 3


def test_bad_input_is_named_and_the_good_files_are_kept(web) -> None:
    nothing = _post(web, [], lang="en")
    assert nothing.status_code == 422 and "Please give at least one link or file" in nothing.text
    files = [as_file(season()[0], "good.json"), ("file", ("games.pgn", b'[Event "x"]\n1. e4 *'))]
    response = _post(web, files, lang="de")
    assert response.status_code == 422
    assert re.search(
        r'data-testid="err-file-2">games\.pgn: [^<]*eine PGN-Partiendatei', response.text
    )
    assert response.text.count('type="hidden" name="t"') >= 1  # the good file is stored
    no_date = dataclasses.replace(season()[0], end_date=None)
    response = _post(web, [as_file(no_date, "x.json")])
    assert response.status_code == 303  # stored; the history cannot order it
    page = web.get(response.headers["location"])
    assert page.status_code == 422 and "Das Turnier „Sep Open“ hat kein Enddatum" in page.text
    many = [as_file(season()[0], f"{n}.json") for n in range(13)]
    assert "Höchstens 12 Turniere" in _post(web, many).text


def test_a_chess_results_link_line(tmp_path: Path) -> None:
    from pytest_httpserver import HTTPServer

    from wertung.sources.chessresults import Client

    data = ROOT / "data" / "chess-results"
    dates = (
        '<html><body><form action="./tnr1342553.aspx?lan=1&amp;art=14"></form>'
        '<h2>19th Arad Open Grand Prix Classic</h2><table class="CRs1">'
        "<tr><th>Round</th><th>Date</th><th>Time</th></tr>"
        + "".join(
            f"<tr><td>Rd.{r}</td><td>2026/08/{2 + r:02d}</td><td>16:00</td></tr>"
            for r in range(1, 10)
        )
        + "</table></body></html>"
    )
    pages = {
        "0": (data / "mjl_arad2026_a_startingrank.html").read_bytes(),
        "5": (data / "mjl_arad2026_a_crosstable.html").read_bytes(),
        "14": dates.encode(),
    }
    server = HTTPServer(host="127.0.0.1", port=0)
    server.start()
    try:
        base = {"lan": "1", "zeilen": "99999"}
        for art, body in pages.items():
            query = {**base, "art": art, **({"turdet": "YES"} if art == "0" else {})}
            server.expect_request("/tnr1342553.aspx", query_string=query).respond_with_data(
                body, content_type="text/html"
            )
        url = server.url_for("")
        web = client(
            tmp_path, chessresults_client=lambda: Client(base_url=url, cache=False, min_interval=0)
        )
        response = _post(
            web,
            [as_file(season()[1], "jan.json")],
            lang="en",
            links="https://chess-results.com/tnr1342553.aspx?lan=1\n\n",
        )
        assert response.status_code == 303, response.text
        html = web.get(response.headers["location"]).text
        order = re.search(r'data-testid="history-order">(.*?)</ol>', html, re.S).group(1)
        assert order.index("Jan Open") < order.index("Arad")  # January, then August
        bad = _post(web, [], lang="en", links="https://example.org/tnr1.aspx")
        assert bad.status_code == 422 and 'data-testid="err-link-1"' in bad.text
    finally:
        server.stop()


# -- the API -------------------------------------------------------------------------------


def test_api_history_is_the_cli_json_with_keys(web) -> None:
    body = {"tournaments": [tournament_json.to_dict(t) for t in season()]}
    response = web.post("/api/v1/history", json=body)
    assert response.status_code == 200, response.text
    data = response.json()
    expected = wertung.history(season()).to_dict()
    hero = next(p for p in data["players"] if p["name"] == "Muster, Max")
    mine = next(p for p in expected["players"] if p["name"] == "Muster, Max")
    assert hero["history"] == json.loads(json.dumps(mine["rows"]))
    assert len(data["keys"]) == 3 and data["ambiguous"] == []
    # the stored keys alone give the same answer, and the page shows it
    again = web.post("/api/v1/history", json={"keys": data["keys"], "players": ["Muster, Max"]})
    assert again.status_code == 200 and again.json()["players"][0]["history"] == hero["history"]
    page = web.get("/en/history?" + "&".join(f"t={k}" for k in data["keys"]))
    assert page.status_code == 200 and "Sep Open" in page.text


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"keys": ["nope"]}, "t"),
        ({"tournaments": [{"name": "x", "players": "no"}]}, None),
        ({}, "t"),
    ],
)
def test_api_history_errors(web, body, field) -> None:
    response = web.post("/api/v1/history", json=body)
    assert response.status_code in (400, 422)
    assert response.headers["content-type"].startswith("application/problem+json")
    if field:
        assert response.json()["field"] == field


def test_a_player_from_the_dsb_list_search(tmp_path: Path) -> None:
    from urllib.parse import unquote_plus

    from web_helpers import ILMENAU_EXAMPLE, load_ilmenau_list

    load_ilmenau_list(tmp_path)
    web = client(tmp_path)
    response = _post(web, [("file", ("ilmenau.json", ILMENAU_EXAMPLE.read_bytes()))])
    url = response.headers["location"]
    found = web.get(url + "&q=Philipp").text
    links = re.findall(r'<a href="([^"]+)" data-testid="use">', found)
    assert links and all("t=" in link for link in links)
    link = unquote_plus(links[0].replace("&amp;", "&"))
    assert "player=Philipp" in link
    chosen = web.get(links[0].replace("&amp;", "&"))
    assert chosen.status_code == 200
    assert chosen.text.count('data-testid="history-player"') == 1
    assert "Philipp, Mathias" in chosen.text


def _history_share(html: str) -> str:
    import html as markup

    return markup.unescape(re.search(r'value="([^"]*)" data-testid="history-share"', html).group(1))


def test_the_history_share_link_honours_the_public_url(tmp_path: Path) -> None:
    """As the tournament page's: WERTUNG_PUBLIC_URL when set, else the request's base."""
    files = [as_file(t, f"{t.name}.json") for t in season()]
    local = client(tmp_path / "local")
    url = _post(local, files).headers["location"]
    share = _history_share(local.get(url).text)
    assert share == "http://testserver" + url  # absolute from the request
    public = client(tmp_path / "public", public_url="https://wertung.example/w/")
    url = _post(public, files, lang="en").headers["location"]
    share = _history_share(public.get(url).text)
    assert share == "https://wertung.example/w" + url  # never the request's host
    assert "testserver" not in share

"""DWZ page and forecast API: the unknown-index range, "1500-5" input, the DSB player search."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import pytest
from web_helpers import SEED, client, games_query, ilmenau_list, load_ilmenau_list


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


@pytest.fixture
def listed(tmp_path: Path):
    load_ilmenau_list(tmp_path)
    return client(tmp_path)


def _new(html: str) -> str:
    return re.search(r'data-testid="new-rating">(\d+)<', html).group(1)


# -- unknown index ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text", "unknown"),
    [("de", "1534–1568 je nach Index", "Index unbekannt"),
     ("en", "1534–1568 depending on the index", "Index unknown")],
)  # fmt: skip
def test_dwz_page_without_index_shows_the_range(web, lang: str, text: str, unknown: str) -> None:
    html = web.get(f"/{lang}/dwz?" + games_query(SEED, rating=1500, end_date="2026-09-01")).text
    summary = re.search(r'data-testid="unknown-index".*?</p>', html, re.S).group(0)
    assert unknown in summary
    headline = re.search(r'<div class="headline">.*?</div>', html, re.S).group(0)
    assert text in headline  # the range beside the rules' value
    assert 'data-testid="index-table"' in html  # the new DWZ for every index
    assert _new(html) == "1568"  # the unknown index's value (first K0 column), range beside it
    live = web.get(f"/{lang}/dwz/result?" + games_query(SEED, rating=1500, end_date="2026-09-01"))
    assert text in live.text


def test_dwz_page_with_index_or_own_k_shows_no_range(web) -> None:
    with_index = web.get(
        "/de/dwz?" + games_query(SEED, rating=1500, index=5, end_date="2026-09-01")
    )
    assert "je nach Index" not in with_index.text and _new(with_index.text) == "1547"
    own_k = web.get("/de/dwz?" + games_query(SEED, rating=1500, k=30, end_date="2026-09-01"))
    assert "je nach Index" not in own_k.text


def test_forecast_api_returns_the_index_range(web) -> None:
    games = [{"opponent_rating": o, "result": r} for o, r in SEED]
    body = web.post(
        "/api/v1/dwz/forecast", json={"rating": 1500, "games": games, "end_date": "2026-09-01"}
    ).json()
    span = body["index_range"]
    assert (span["lowest"], span["highest"]) == (1534, 1568)
    assert (span["lowest_index"], span["highest_index"]) == (11, 1)
    assert span["by_index"]["5"] == 1547
    known = web.post(
        "/api/v1/dwz/forecast",
        json={"rating": 1500, "index": 5, "games": games, "end_date": "2026-09-01"},
    ).json()
    assert known["index_range"] is None


def test_player_page_shows_the_range_for_a_player_without_index(web) -> None:
    data = (
        b'{"name":"R","end_date":"2026-09-01","players":[{"id":"1","name":"A","dwz":1500},'
        b'{"id":"2","name":"B","dwz":1600,"index":12}],'
        b'"games":[{"round":1,"white":"1","black":"2","result":"1-0"}]}'
    )
    url = web.post("/en/tournament", files={"file": ("t.json", data)}).headers["location"]
    page = web.get(f"{url}/player/1").text
    assert "depending on the index" in page and 'data-testid="unknown-index"' in page
    other = web.get(f"{url}/player/2").text
    assert "depending on the index" not in other


# -- "1500-5" ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rating", ["1500-5", "1500 - 5", "1500‑5", "1500–5"])
def test_dwz_index_in_the_rating_field(web, rating: str) -> None:
    html = web.get("/de/dwz?" + games_query(SEED, rating=rating, end_date="2026-09-01")).text
    assert _new(html) == "1547" and "je nach Index" not in html


def test_opponent_dwz_index_counts_the_dwz(web) -> None:
    games = [(f"{o}-12", r) for o, r in SEED]
    html = web.get("/en/dwz?" + games_query(games, rating=1500, index=5, end_date="2026-09-01"))
    assert _new(html.text) == "1547"
    first = web.get(
        "/en/first-dwz?"
        + games_query(
            [("1500-3", "1"), ("1600-20", "0"), ("1400-1", "½"), ("1550", "1"), ("1450-7", "0")],
            end_date="2026-09-01",
        )
    )
    assert _new(first.text) == "1540"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rating_index_and_a_different_index_is_an_error(web, lang: str) -> None:
    html = web.get(
        f"/{lang}/dwz?" + games_query(SEED, rating="1500-5", index=7, end_date="2026-09-01")
    ).text
    error = re.search(r'id="err-index" class="field-error" role="alert">([^<]+)<', html).group(1)
    assert "5" in error and ({"de": "nur einmal", "en": "give it once"}[lang] in error)


def test_upgrade_accepts_rating_index(web) -> None:
    html = web.get("/en/upgrade?rating=1366-21").text
    assert _new(html) == "1634"


def test_api_rating_fields_accept_dwz_index(web) -> None:
    games = [{"opponent_rating": f"{o}-12", "result": r} for o, r in SEED]
    body = web.post(
        "/api/v1/dwz/forecast", json={"rating": "1500-5", "games": games, "end_date": "2026-09-01"}
    )
    assert body.status_code == 200, body.text
    assert body.json()["new_rating"] == 1547 and body.json()["index"] == 5
    clash = web.post(
        "/api/v1/dwz/forecast",
        json={"rating": "1500-5", "index": 6, "games": games, "end_date": "2026-09-01"},
    )
    assert clash.status_code == 422 and clash.headers["content-type"] == "application/problem+json"
    bad = web.post("/api/v1/dwz/forecast", json={"rating": "15x0", "games": games})
    assert bad.status_code == 422
    up = web.post("/api/v1/dwz/upgrade", json={"rating": "1366-21"}).json()
    assert up["new_rating"] == 1634 and up["new_index"] == 22
    first = web.post(
        "/api/v1/dwz/first",
        json={"games": [{"opponent_rating": f"{o}-4", "result": r} for o, r in
                        ((1500, "1"), (1600, "0"), (1400, "½"), (1550, "1"), (1450, "0"))],
              "end_date": "2026-09-01"},
    )  # fmt: skip
    assert first.status_code == 200 and first.json()["rating"] == 1540


# -- player search ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
def test_dwz_page_search_fills_dwz_index_and_birth_year(listed, lang: str) -> None:
    query = games_query(SEED, end_date="2026-09-01", q="philipp mathias", action="search")
    html = listed.get(f"/{lang}/dwz?{query}").text
    results = re.search(r'data-testid="search-results">(.*?)</ul>', html, re.S).group(1)
    assert "Philipp,Mathias" in results and "2174‑6" in results and "1999" in results
    link = unquote(re.search(r'<a href="([^"]+)" data-testid="use">', results).group(1))
    link = link.replace("&amp;", "&")
    params = parse_qsl(urlsplit(link).query)
    assert ("rating", "2174") in params and ("index", "6") in params
    assert ("birth_year", "1999") in params and ("end_date", "2026-09-01") in params
    assert [v for k, v in params if k == "opp"] == [str(o) for o, _ in SEED]  # games kept
    assert not any(k in ("q", "action") for k, _ in params)
    page = listed.get(link).text
    assert 'value="2174"' in page and 'value="6"' in page and 'value="1999"' in page
    assert _new(page)


def test_search_by_fide_id_and_nothing_found(listed) -> None:
    html = listed.get("/en/dwz?q=zzzz+nobody").text
    assert 'data-testid="search-none"' in html
    short = listed.get("/en/dwz?q=a").text
    assert "at least 2" in short


def test_first_dwz_page_search_fills_the_birth_year(listed) -> None:
    html = listed.get("/de/first-dwz?q=Rybakov").text
    link = re.search(r'<a href="([^"]+)" data-testid="use">', html).group(1).replace("&amp;", "&")
    assert dict(parse_qsl(urlsplit(link).query)) == {"birth_year": "1993"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_search_without_list_says_how_to_load_one(web, lang: str) -> None:
    html = web.get(f"/{lang}/dwz?q=Philipp").text
    note = re.search(r'data-testid="search-missing">(.*?)</p>', html, re.S).group(1)
    assert "wertung dsb-list load" in note


def test_api_player_search(listed, tmp_path_factory) -> None:
    web = client(tmp_path_factory.mktemp("no-list"))
    found = listed.get("/api/v1/dsb/players", params={"q": "junge"}).json()
    names = sorted(p["name"] for p in found["players"])
    assert names == ["Junge,Jannis Samuel", "Junge,Mattheo Gabriel"]
    assert found["list"]["players"] == 58 and found["query"] == "junge"
    row = next(p for p in found["players"] if p["name"].startswith("Junge,Mattheo"))
    listed_row = next(r for r in ilmenau_list().players() if r["number"] == "20")
    assert (row["dwz"], row["index"], row["birth_year"]) == (1925, listed_row["index"], 2012)
    assert listed.get("/api/v1/dsb/players", params={"q": "x"}).status_code == 422
    assert listed.get("/api/v1/dsb/players", params={"q": "x" * 81}).status_code == 422
    missing = web.get("/api/v1/dsb/players", params={"q": "junge"})
    assert missing.status_code == 409 and missing.json()["type"].endswith("list-not-loaded")
    spec = listed.get("/api/openapi.json").json()
    assert "/api/v1/dsb/players" in spec["paths"]
    assert spec["paths"]["/api/v1/dsb/players"]["get"]["parameters"][0]["name"] == "q"

"""The evaluation's options on the web and in the API: method, exceptional players, printing
date (issue 19, item 6) -- the same numbers as the command line, kept in the share link."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from swiss_chess_printouts import dwz_printout, path
from web_helpers import client

import wertung
from wertung.formats import tournament_json

PROBLEM = "application/problem+json"
BODY = json.loads(path(2024).read_text(encoding="utf-8"))
PRINTED = "2025-01-07"


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _library(**options: object) -> dict[str, int | None]:
    evaluation = wertung.evaluate(tournament_json.from_dict(BODY), **options)
    return {p.id: p.dwz_after for p in evaluation.players}


def _evaluate(web, query: str) -> dict:
    response = web.post(f"/api/v1/tournament/evaluate?dsb_list=false&{query}", json=BODY)
    assert response.status_code == 200, response.text
    return response.json()


def test_api_swiss_chess_with_printing_date(web) -> None:
    data = _evaluate(web, f"method=swiss-chess&printed={PRINTED}")
    assert data["method"] == "swiss-chess" and data["exceptional_players"] == []
    mine = {p["id"]: p["dwz_after"] for p in data["players"]}
    assert mine == _library(method="swiss-chess", printed=PRINTED)
    printed = dwz_printout(2024)
    assert sum(mine[pid] == (printed[int(pid)]["Rn"] or None) for pid in mine) >= 44
    assert dict(parse_qsl(data["corrections"])) == {"method": "swiss-chess", "printed": PRINTED}
    # The stored evaluation again with the same query: the same numbers.
    again = web.get(f"/api/v1/tournaments/{data['key']}?{data['corrections']}").json()
    assert {p["id"]: p["dwz_after"] for p in again["players"]} == mine
    plain = web.get(f"/api/v1/tournaments/{data['key']}").json()
    assert plain["method"] == "exact" and plain["exceptional_players"] == ["4", "53"]


@pytest.mark.parametrize(
    ("query", "exceptional"),
    [
        ("", ["4", "53"]),
        ("exceptional=off", []),
        ("method=swiss-chess", []),
        ("method=swiss-chess&exceptional=on", ["4", "53"]),
        ("method=table&exceptional=off", []),
    ],
)
def test_api_exceptional_switch(web, query: str, exceptional: list[str]) -> None:
    data = _evaluate(web, query)
    assert data["exceptional_players"] == exceptional
    options = dict(parse_qsl(query))
    kwargs: dict[str, object] = {"method": options.get("method", "exact")}
    if "exceptional" in options:
        kwargs["exceptional_players"] = options["exceptional"] == "on"
    assert {p["id"]: p["dwz_after"] for p in data["players"]} == _library(**kwargs)


@pytest.mark.parametrize(
    ("query", "field", "text"),
    [
        ("method=nope", "method", None),
        ("exceptional=maybe", "exceptional", None),
        (f"printed={PRINTED}", "printed", "only to method swiss-chess"),
        ("method=swiss-chess&printed=soon", "printed", None),  # not YYYY-MM-DD: the schema
        ("method=swiss-chess&printed=2025-02-30", "printed", "is not a date"),
        ("method=swiss-chess&printed=2024-01-01", "printed", "is before the tournament"),
    ],
)
def test_api_bad_options_are_problems_naming_the_field(web, query, field, text) -> None:
    response = web.post(f"/api/v1/tournament/evaluate?dsb_list=false&{query}", json=BODY)
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["field"] == field, problem
    if text is not None:
        assert text in problem["detail"]
        assert problem["texts"]["de"] != problem["texts"]["en"]


def test_api_history_exceptional_switch(web) -> None:
    body = {"tournaments": [BODY], "players": ["Philipp, Mathias"]}
    on = web.post("/api/v1/history", json=body).json()
    off = web.post("/api/v1/history", json={**body, "exceptional_players": False}).json()
    sc = web.post("/api/v1/history", json={**body, "method": "swiss-chess"}).json()
    last = [d["players"][0]["history"][-1]["dwz_after"] for d in (on, off, sc)]
    assert last[0] != last[1]  # he met Demchenko, exceptional by the rules
    assert last[0] == _library()["1"] and last[1] == _library(exceptional_players=False)["1"]
    assert last[2] == _library(method="swiss-chess")["1"]


def test_api_forecast_accepts_swiss_chess(web) -> None:
    body = {"rating": 1274, "index": 20, "age": 40, "end_date": "2024-11-03",
            "games": [{"opponent_rating": 1700, "result": "0"},
                      {"opponent_rating": 1500, "result": "0"}]}  # fmt: skip
    table = web.post("/api/v1/dwz/forecast", json={**body, "method": "table"}).json()
    sc = web.post("/api/v1/dwz/forecast", json={**body, "method": "swiss-chess"}).json()
    assert (sc["development_coefficient"], table["development_coefficient"]) == (19, 18)


# -- the tournament page -----------------------------------------------------------------------


def _upload(web, lang: str) -> str:
    content = json.dumps(BODY).encode()
    response = web.post(
        f"/{lang}/tournament", files={"file": ("t.json", content, "application/json")}
    )
    assert response.status_code == 303, response.text
    return response.headers["location"]


def _shown(html: str, pid: str) -> str:
    match = re.search(rf'<tr data-player="{pid}">(.*?)</tr>', html, re.S)
    assert match, pid
    return match.group(1)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_page_options_are_a_form_control_and_part_of_the_link(web, lang: str) -> None:
    url = _upload(web, lang)
    html = web.get(url).text
    assert 'data-testid="option-method"' in html and 'name="printed"' in html
    assert 'data-testid="option-exceptional"' in html
    assert ("wie Swiss-Chess" if lang == "de" else "as Swiss-Chess") in html
    key = url.rsplit("/", 1)[1]
    form = {"method": "swiss-chess", "printed": PRINTED, "exceptional": "", "end_date": ""}
    posted = web.post(f"/{lang}/tournament/{key}/correct", data=form)
    assert posted.status_code == 303
    target = posted.headers["location"]
    assert urlsplit(target).path == url
    assert dict(parse_qsl(urlsplit(target).query)) == {"method": "swiss-chess", "printed": PRINTED}
    page = web.get(target).text
    assert re.search(r'<option value="swiss-chess" selected>', page)
    label = "wie Swiss-Chess" if lang == "de" else "as Swiss-Chess"
    assert re.search(rf'data-testid="method">[^<]*{label}', page)
    assert 'data-testid="method"' not in web.get(url).text  # exact: no label
    assert f'value="{PRINTED}"' in page
    expected = _library(method="swiss-chess", printed=PRINTED)
    exported = web.get(f"{url}/export.json?{urlsplit(target).query}").json()
    assert {p["id"]: p["dwz_after"] for p in exported["players"]} == expected
    assert str(expected["55"]) in _shown(page, "55")  # Pantleon: 1270 as printed
    # The exceptional rule switched on through the form: Demchenko and Eisenbach again.
    form["exceptional"] = "on"
    on = web.post(f"/{lang}/tournament/{key}/correct", data=form).headers["location"]
    assert dict(parse_qsl(urlsplit(on).query))["exceptional"] == "on"
    assert web.get(f"{url}/export.json?{urlsplit(on).query}").json()["exceptional_players"] == [
        "4", "53",
    ]  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "en"])
def test_page_bad_printing_date_is_shown_at_its_field(web, lang: str) -> None:
    url = _upload(web, lang)
    key = url.rsplit("/", 1)[1]
    form = {"method": "exact", "printed": PRINTED}
    response = web.post(f"/{lang}/tournament/{key}/correct", data=form)
    assert response.status_code == 422
    wanted = "Druckdatum gilt nur" if lang == "de" else "printing date applies only"
    assert wanted in response.text
    assert web.get(f"{url}?method=nope").status_code == 422

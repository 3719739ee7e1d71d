"""Web and API with the DSB list: provenance, ambiguous matches, corrections, share links."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from web_helpers import ILMENAU_EXAMPLE, client, ilmenau_list, load_ilmenau_list


@pytest.fixture
def listed(tmp_path: Path):
    load_ilmenau_list(tmp_path)
    return client(tmp_path)


@pytest.fixture
def bare(tmp_path: Path):
    return client(tmp_path)


def _example(**changes: object) -> dict:
    data = json.loads(ILMENAU_EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def _without_birth_years() -> bytes:
    """The example as chess-results shows it: clubs, no birth years."""
    data = _example()
    clubs = {r["number"]: r["club"] for r in ilmenau_list().players()}
    for player in data["players"]:
        player.pop("birth_year", None)
        if player["id"] in clubs:
            player["club"] = clubs[player["id"]]
    return json.dumps(data).encode()


def _upload(web, content: bytes, lang: str = "de") -> str:
    response = web.post(
        f"/{lang}/tournament", files={"file": ("t.json", content, "application/json")}
    )
    assert response.status_code == 303, response.text
    return response.headers["location"]


def _row(html: str, pid: str) -> str:
    match = re.search(rf'<tr data-player="{pid}">(.*?)</tr>', html, re.S)
    assert match, pid
    return match.group(1)


# -- the list builder -------------------------------------------------------------------


def test_ilmenau_list_reproduces_the_published_evaluation(tmp_path: Path) -> None:
    """With the list's indexes the published E comes out as well as with no cap at all."""
    import wertung
    from wertung.formats import tournament_json
    from wertung.sources import dsb_list
    from wertung.sources.store import Store

    load_ilmenau_list(tmp_path)
    tournament = tournament_json.loads(ILMENAU_EXAMPLE.read_bytes())
    enriched = dsb_list.enrich(tournament, store=Store(tmp_path)).tournament
    # Printed in January 2025: Swiss-Chess's ages are of 2025 (issue 19).
    evaluation = wertung.evaluate(enriched, method="swiss-chess", printed="2025-01-07")
    published = {
        row["Nr."]: row
        for row in ilmenau_list()._table("ilm24_auswertung_dwz.md")
        if row["Ro"] != "0"
    }
    unbounded = ilmenau_list().unbounded_e()
    equal = 0
    for number, row in published.items():
        result = evaluation.player(number)
        e = int(row["E"])
        if number in ("38", "49"):  # no club: not in the list, so no index
            assert result.index_before is None
            continue
        assert result.index_before is not None, number
        assert abs(result.development_coefficient - e) <= 1, (number, row["Teilnehmer"])
        equal += result.development_coefficient == e
        if result.development_coefficient == e:
            assert abs(result.dwz_after - int(row["Rn"])) <= 1, number
    assert equal >= sum(unbounded.get(n) == int(r["E"]) for n, r in published.items())


def test_ilmenau_list_rows() -> None:
    rows = {r["number"]: r for r in ilmenau_list().players()}
    assert rows["1"]["dwz"] == 2174 and rows["1"]["index"] == 6 and rows["1"]["birth_year"] == 1999
    assert "38" not in rows and "49" not in rows  # no club in the start list: not listed
    assert rows["58"]["dwz"] is None  # Ro 0: a member without DWZ
    assert rows["60"]["dwz"] == 1240 and rows["60"]["index"] is None
    assert "Philipp,Mathias" in ilmenau_list().spieler_csv()


# -- provenance -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "en"])
def test_upload_takes_index_from_the_list_with_marks(listed, lang: str) -> None:
    url = _upload(listed, ILMENAU_EXAMPLE.read_bytes(), lang)
    html = listed.get(url).text
    row = _row(html, "1")
    assert 'data-testid="index">6</span>' in row
    assert re.search(r'data-testid="index">6</span><abbr class="prov list"', row)
    assert 'class="prov source"' in row  # DWZ and birth year from the file
    assert "list-used" in html
    mark = {"de": "Q", "en": "S"}[lang]
    assert '<abbr class="prov source" title="' in html and f">{mark}</abbr>" in html
    exported = listed.get(f"{url}/export.json").json()
    p1 = next(p for p in exported["players"] if p["id"] == "1")
    assert p1["provenance"] == {
        "dwz": "source", "index": "list", "birth_year": "source", "member": "list",
    }  # fmt: skip
    assert p1["index_before"] == 6 and p1["index_range"] is None
    # Skopp (38) has no club, so is not in the list: index unknown, range shown
    p38 = next(p for p in exported["players"] if p["id"] == "38")
    assert p38["provenance"]["index"] == "assumed" and p38["provenance"]["member"] == "assumed"
    assert p38["index_range"]["lowest"] <= p38["dwz_after"] <= p38["index_range"]["highest"]
    text = {"de": "je nach Index", "en": "depending on the index"}[lang]
    assert text in _row(html, "38")


def test_birth_years_come_from_the_list(listed) -> None:
    url = _upload(listed, _without_birth_years(), "en")
    html = listed.get(url).text
    assert re.search(r'class="birth-year"[^>]*>1999<abbr class="prov list"', _row(html, "1"))
    body = listed.get(f"{url}/export.json").json()
    p1 = next(p for p in body["players"] if p["id"] == "1")
    assert p1["birth_year"] == 1999 and p1["provenance"]["birth_year"] == "list"
    player = listed.get(f"{url}/player/1").text
    assert re.search(r"1999<abbr class=\"prov list\"", player)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_ambiguous_matches_are_listed_not_guessed(listed, lang: str) -> None:
    data = {
        "name": "Zwei Felixe",
        "end_date": "2024-11-03",
        "players": [
            {"id": "1", "name": "Zimmermann, Felix"},
            {"id": "2", "name": "Philipp, Mathias", "birth_year": 1999},
        ],
        "games": [{"round": 1, "white": "1", "black": "2", "result": "0-1"}],
    }
    url = _upload(listed, json.dumps(data).encode(), lang)
    html = listed.get(url).text
    review = re.search(r'data-testid="review".*?</section>', html, re.S).group(0)
    assert "Zimmermann, Felix" in review and "1998" in review and "2004" in review
    title = {"de": "nicht eindeutig", "en": "not found unambiguously"}[lang]
    assert title in review
    body = listed.get(f"{url}/export.json").json()
    felix = body["players"][0]
    assert felix["dwz_before"] is None  # nothing taken from either namesake
    assert body["dsb_list"]["review"][0]["method"] == "ambiguous"
    assert len(body["dsb_list"]["review"][0]["candidates"]) == 2


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_list_loaded_is_a_note_not_an_error(bare, lang: str) -> None:
    url = _upload(bare, ILMENAU_EXAMPLE.read_bytes(), lang)
    response = bare.get(url)
    assert response.status_code == 200
    note = re.search(r'data-testid="list-missing">(.*?)</p>', response.text, re.S).group(1)
    assert "wertung dsb-list load LV-0-csv.zip" in note
    assert {"de": "Keine DSB-Wertungsliste", "en": "No DSB rating list"}[lang] in note
    body = bare.get(f"{url}/export.json").json()
    assert body["dsb_list"]["used"] is False and "dsb-list load" in body["dsb_list"]["note"]
    assert body["players"][0]["provenance"]["index"] == "assumed"


def test_api_evaluate_uses_the_list_and_reports_provenance(listed) -> None:
    response = listed.post("/api/v1/tournament/evaluate", json=_example())
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["complete"] is True and body["incomplete"] == [] and "notes" in body
    p1 = body["players"][0]
    assert p1["provenance"]["index"] == "list" and p1["index_before"] == 6
    assert body["dsb_list"]["used"] is True and body["dsb_list"]["list"]["players"] == 58
    off = listed.post("/api/v1/tournament/evaluate?dsb_list=false", json=_example()).json()
    assert off["players"][0]["provenance"]["index"] == "assumed"
    assert off["players"][0]["index_range"] is not None


def test_api_evaluate_without_list(bare) -> None:
    body = bare.post("/api/v1/tournament/evaluate", json=_example()).json()
    assert body["dsb_list"]["loaded"] is False and "dsb-list load" in body["dsb_list"]["note"]


# -- corrections --------------------------------------------------------------------------


def test_correction_in_the_url_is_reproduced_by_the_share_link(listed) -> None:
    url = _upload(listed, ILMENAU_EXAMPLE.read_bytes(), "en")
    plain = listed.get(f"{url}/export.json").json()
    corrected_url = f"{url}?index.4=2"
    page = listed.get(corrected_url).text
    share = re.search(r'id="share-url" readonly value="([^"]+)"', page).group(1)
    assert share.endswith("/tournament/" + url.rsplit("/", 1)[1] + "?index.4=2")
    assert re.search(r'data-testid="index">2</span><abbr class="prov user"', _row(page, "4"))
    corrected = listed.get(f"{url}/export.json?index.4=2").json()
    before = next(p for p in plain["players"] if p["id"] == "4")
    after = next(p for p in corrected["players"] if p["id"] == "4")
    assert after["index_before"] == 2 and after["provenance"]["index"] == "user"
    assert after["development_coefficient"] == 10  # E ≤ 5·index
    assert after["dwz_after"] != before["dwz_after"]
    assert corrected["corrections"] == "index.4=2"
    # the share link in another language gives the same numbers
    assert share.startswith("http://testserver/en/tournament/")  # the request's base URL
    again = listed.get(share.replace("/en/", "/de/"))
    assert again.status_code == 200
    assert str(after["dwz_after"]) in _row(again.text, "4")
    # the player's page and the exports keep the correction
    assert "?index.4=2" in _row(page, "4")
    player = listed.get(f"{url}/player/4?index.4=2").text
    assert re.search(r"2<abbr class=\"prov user\"", player)
    csv = listed.get(f"{url}/export.csv?index.4=2").text
    assert "corrections,index.4=2" in csv.splitlines()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_correction_form_posts_only_the_changes(listed, lang: str) -> None:
    url = _upload(listed, ILMENAU_EXAMPLE.read_bytes(), lang)
    key = url.rsplit("/", 1)[1]
    form = {"end_date": "2024-11-03", "index.1": "6", "index.4": "3", "birth_year.5": "1953",
            "birth_year.38": "1990", "member.38": "no", "member.1": "yes"}  # fmt: skip
    response = listed.post(f"/{lang}/tournament/{key}/correct", data=form)
    assert response.status_code == 303
    target = response.headers["location"]
    assert urlsplit(target).path == url
    assert dict(parse_qsl(urlsplit(target).query)) == {
        "index.4": "3", "birth_year.38": "1990", "member.38": "no",
    }  # fmt: skip
    body = listed.get(f"{url}/export.json?{urlsplit(target).query}").json()
    skopp = next(p for p in body["players"] if p["id"] == "38")
    assert skopp["member"] is False and skopp["provenance"]["member"] == "user"
    assert skopp["status"] == "conditional"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bad_correction_is_shown_at_its_field(listed, lang: str) -> None:
    url = _upload(listed, ILMENAU_EXAMPLE.read_bytes(), lang)
    key = url.rsplit("/", 1)[1]
    response = listed.post(f"/{lang}/tournament/{key}/correct", data={"index.4": "x"})
    assert response.status_code == 422
    assert 'value="x"' in response.text and "aria-invalid" in response.text
    assert "index.4" in response.text
    bad_url = listed.get(f"{url}?index.999=3")
    assert bad_url.status_code == 422 and "999" in bad_url.text
    assert listed.get(f"{url}?birth_year.1=12").status_code == 422


@pytest.mark.parametrize("lang", ["de", "en"])
def test_missing_end_date_asks_for_it(listed, lang: str) -> None:
    data = _example()
    del data["end_date"]
    url = _upload(listed, json.dumps(data).encode(), lang)
    response = listed.get(url)
    assert response.status_code == 200
    html = response.text
    assert 'data-testid="needs-end-date"' in html
    assert "share-url" not in html and "export.csv" not in html  # no links that answer 404
    assert listed.get(f"{url}/export.csv").status_code == 404
    assert re.search(r"<details class=\"corrections\" id=\"corrections\" open>", html)
    key = url.rsplit("/", 1)[1]
    posted = listed.post(f"/{lang}/tournament/{key}/correct", data={"end_date": "2024-11-03"})
    assert posted.status_code == 303
    target = posted.headers["location"]
    assert target == f"{url}?end_date=2024-11-03"
    done = listed.get(target).text
    assert "share-url" in done and "?end_date=2024-11-03" in done
    assert listed.get(f"{url}/export.csv?end_date=2024-11-03").status_code == 200
    body = listed.get(f"{url}/export.json?end_date=2024-11-03").json()
    assert body["end_date"] == "2024-11-03" and body["regulations"] == "WO 2014"


# -- completeness -----------------------------------------------------------------------------


def _partial() -> dict:
    return {
        "name": "Halbzeit",
        "end_date": "2026-09-01",
        "rounds": 7,
        "played_rounds": 3,
        "incomplete": ["round 4 is not paired yet"],
        "notes": ["imported from chess-results (synthetic test note)"],
        "players": [
            {"id": "1", "name": "A", "dwz": 1500, "index": 5},
            {"id": "2", "name": "B", "dwz": 1600, "index": 12},
        ],
        "games": [{"round": 1, "white": "1", "black": "2", "result": "1-0"}],
    }


@pytest.mark.parametrize(
    ("lang", "after", "incomplete"),
    [
        ("de", "nach Runde 3 von 7", "Unvollständig"),
        ("en", "after round 3 of 7", "Incomplete"),
    ],
)
def test_incomplete_tournament_says_so_above_the_results(
    bare, lang: str, after: str, incomplete: str
) -> None:
    url = _upload(bare, json.dumps(_partial()).encode(), lang)
    html = bare.get(url).text
    state = html.index('data-testid="incomplete"')
    assert state < html.index('data-testid="players"')
    from wertung.catalogue import render

    paired = render("round 4 is not paired yet", lang)  # the engine's text in the page's language
    assert after in html and incomplete in html and paired in html
    assert html.lower().count(after.lower()) == 1  # once: the running section's heading
    assert "synthetic test note" in html
    warnings = re.search(r'data-testid="notes">(.*?)</ul>', html, re.S).group(1)
    assert "synthetic test note" in warnings
    # the CLI's layout in the page's language: its separator, its words
    words = {
        "de": (";", "vollständig;nein", "unvollständig", "nach Runde", "Hinweis", "DSB-Liste"),
        "en": (",", "complete,no", "incomplete", "after_round", "note", "dsb_list"),
    }
    sep, complete, unfinished, after_round, note, dsb_list = words[lang]
    csv = bare.get(f"{url}/export.csv").text.splitlines()
    assert complete in csv and f"{unfinished}{sep}{paired}" in csv
    assert f"{after_round}{sep}3{sep}7" in csv
    assert any(line.startswith(f"{note}{sep}") for line in csv)
    assert any(line.startswith(f"{dsb_list}{sep}") for line in csv)


def test_api_reports_completeness_at_the_top(bare) -> None:
    body = bare.post("/api/v1/tournament/evaluate", json=_partial()).json()
    assert body["complete"] is False
    assert body["incomplete"] == ["round 4 is not paired yet"]
    assert body["notes"] == ["imported from chess-results (synthetic test note)"]
    assert body["played_rounds"] == 3 and body["rounds"] == 7
    # the source names no time control: the check says so (SPEC §4), first
    assert body["warnings"][0].startswith("the source gives no time control")
    others = body["warnings"][1:]
    assert any("DSB" in w or "index" in w for w in others) or others == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [("de", "Schnellschachturnier: keine DWZ-Auswertung"), ("en", "Rapid tournament: no DWZ")],
)
def test_rapid_event_gets_no_dwz(bare, lang: str, text: str) -> None:
    url = _upload(bare, json.dumps({**_partial(), "time_control": "rapid"}).encode(), lang)
    html = bare.get(url).text
    assert 'data-testid="no-dwz"' in html and text in html
    body = bare.post("/api/v1/tournament/evaluate", json={**_partial(), "time_control": "rapid"})
    assert body.json()["dwz_rated"] is False


def test_api_stored_tournament_with_corrections(listed) -> None:
    key = listed.post("/api/v1/tournament/evaluate", json=_example()).json()["key"]
    body = listed.get(f"/api/v1/tournaments/{key}", params={"index.4": "2"}).json()
    p4 = next(p for p in body["players"] if p["id"] == "4")
    assert p4["index_before"] == 2 and p4["provenance"]["index"] == "user"
    assert body["corrections"] == "index.4=2"
    bad = listed.get(f"/api/v1/tournaments/{key}", params={"index.4": "-1"})
    assert bad.status_code == 422 and bad.json()["field"] == "index.4"
    missing = listed.get("/api/v1/tournaments/0000")
    assert missing.status_code == 404 and missing.headers["content-type"].startswith(
        "application/problem+json"
    )
    no_date = {k: v for k, v in _example().items() if k != "end_date"}
    refused = listed.post("/api/v1/tournament/evaluate", json=no_date)
    assert refused.status_code == 422 and refused.json()["field"] == "end_date"


def test_unreadable_list_store_does_not_block_an_import(tmp_path: Path) -> None:
    (tmp_path / "wertung.sqlite3").write_bytes(b"this is not a database" * 100)
    web = client(tmp_path)
    url = _upload(web, ILMENAU_EXAMPLE.read_bytes(), "en")
    page = web.get(url)
    assert page.status_code == 200 and 'data-testid="list-missing"' in page.text


def test_share_link_does_not_change_when_the_list_is_replaced(listed, tmp_path: Path) -> None:
    """The list is read once, at import: a later list does not change a shared result."""
    from wertung.sources.dsb_list import load_sample
    from wertung.sources.store import Store

    url = _upload(listed, ILMENAU_EXAMPLE.read_bytes(), "en")
    before = listed.get(f"{url}/export.json?index.4=2").json()
    load_sample(store=Store(tmp_path))  # another list, without the Ilmenau players
    after = listed.get(f"{url}/export.json?index.4=2").json()
    assert after["players"] == before["players"] and after["dsb_list"] == before["dsb_list"]
    fresh = listed.post("/api/v1/tournament/evaluate", json=_example()).json()
    assert fresh["players"][0]["provenance"]["index"] == "assumed"  # a new import: new list

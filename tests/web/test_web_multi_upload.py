"""Several files in one tournament upload (the saved chess-results pages of one event),
through the page, the htmx path and the API: joined as the command line joins them, the
views named, other files among them refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from web_helpers import ROOT, client

CR = ROOT / "data" / "chess-results"
ARAD = [CR / "mjl_arad2026_a_crosstable.html", CR / "mjl_arad2026_a_startingrank.html"]
USSA = [
    CR / "mjl_ussa2026_roundrobin_crosstable.html",
    CR / "mjl_ussa2026_roundrobin_pairings.html",
    CR / "mjl_ussa2026_roundrobin_startingrank.html",
]
TRF = ROOT / "data" / "trf"


def _parts(paths: list[Path]) -> list[tuple[str, tuple[str, bytes]]]:
    return [("file", (path.name, path.read_bytes())) for path in paths]


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    return client(tmp_path_factory.mktemp("multi"))


def _page(web, lang: str, paths: list[Path]) -> str:
    answer = web.post(f"/{lang}/tournament", files=_parts(paths))
    assert answer.status_code == 303, answer.text[:2000]
    return web.get(answer.headers["location"]).text


@pytest.mark.parametrize(
    ("lang", "got", "done"),
    [
        ("de", "Gelesene Seiten: Kreuztabelle nach Startnummern (art=5), Startrangliste (art=0).",
         "Alle nötigen Seiten liegen vor."),
        ("en", "Pages read: starting-rank crosstable (art=5), starting rank (art=0).",
         "Every page needed is there."),
    ],
)  # fmt: skip
def test_crosstable_and_starting_rank_together_are_complete(web, lang, got, done):
    html = _page(web, lang, ARAD)
    assert got in html and done in html
    assert 'data-testid="incomplete"' not in html
    assert html.count("<tr data-player=") == 209


@pytest.mark.parametrize(
    ("lang", "missing", "incomplete"),
    [
        ("de", "Noch fehlend: Startrangliste (art=0)", "Keine Wertungszahlen"),
        ("en", "Still missing: starting rank (art=0)", "no ratings"),
    ],
)
def test_the_crosstable_alone_names_the_missing_starting_rank(web, lang, missing, incomplete):
    html = _page(web, lang, ARAD[:1])
    assert missing in html and 'data-testid="pages-missing"' in html
    assert 'data-testid="incomplete"' in html and incomplete in html


def test_three_pages_of_a_round_robin(web):
    html = _page(web, "de", USSA)
    assert (
        "Kreuztabelle nach Startnummern (art=5), Paarungen (art=2), Startrangliste (art=0)" in html
    )
    assert 'data-testid="pages-complete"' in html


def test_the_htmx_path_takes_several_files(web):
    answer = web.post("/de/tournament/start", files=_parts(ARAD))
    assert answer.status_code == 200 and answer.headers["hx-redirect"].startswith("/de/tournament/")
    assert "Alle nötigen Seiten liegen vor." in web.get(answer.headers["hx-redirect"]).text


@pytest.mark.parametrize("paths", [ARAD, USSA], ids=["2 files", "3 files"])
def test_the_api_takes_the_field_file_repeated(web, paths):
    answer = web.post("/api/v1/tournament/file", files=_parts(paths))
    assert answer.status_code == 200, answer.text[:2000]
    body = answer.json()
    assert body["complete"] is True and body["pages"]["missing"] == []
    assert "starting_rank" in body["pages"]["got"] and "crosstable" in body["pages"]["got"]


def test_the_api_names_what_the_crosstable_alone_lacks(web):
    body = web.post("/api/v1/tournament/file", files=_parts(ARAD[:1])).json()
    assert body["complete"] is False and body["pages"] == {
        "got": ["crosstable"], "missing": ["starting_rank"]
    }  # fmt: skip


def test_several_files_of_other_kinds_are_refused(web):
    trf = next(TRF.glob("*.tab"))
    parts = [*_parts(ARAD[:1]), ("file", (trf.name, trf.read_bytes()))]
    answer = web.post("/api/v1/tournament/file", files=parts)
    assert answer.status_code == 400
    assert answer.json()["field"] == "file"
    assert "several files at once can only be chess-results pages" in answer.text
    page = web.post("/de/tournament", files=parts)
    assert page.status_code == 422
    assert "mehrere Dateien auf einmal gehen nur als gespeicherte chess-results-Seiten" in page.text
    two_trf = [("file", (trf.name, trf.read_bytes())), ("file", ("b.tab", trf.read_bytes()))]
    assert web.post("/api/v1/tournament/file", files=two_trf).status_code == 400


def test_one_file_still_works_through_the_api(web):
    trf = next(TRF.glob("*.tab"))
    answer = web.post("/api/v1/tournament/file", files=_parts([trf]))
    assert answer.status_code == 200 and "pages" not in answer.json()


def test_the_form_takes_several_files(web):
    html = web.get("/de/tournament").text
    assert 'name="file" type="file" multiple' in html
    assert "alle Seiten eines Turniers auf einmal wählen" in html


def test_the_whole_body_stays_limited(tmp_path):
    small = client(tmp_path, max_upload=200_000)
    answer = small.post("/api/v1/tournament/file", files=_parts(ARAD * 2))
    assert answer.status_code == 413

"""Swiss-Chess and Swiss-Manager uploads through the page and the API; other files named."""

from __future__ import annotations

from pathlib import Path

import pytest
from web_helpers import ROOT, client

SWT = ROOT / "data" / "swt"
SM = ROOT / "data" / "swiss-manager"
FILES = [
    (SWT / "SwissIndividual.SWT", "Test Tournament with a very long title", 24),
    (SWT / "SwissTeam.SWT", "Test Tournament Team with a long title", 83),
    (SM / "fxj_round_robin_6players.TURX", "Torneio Aniversário JTC 2025", 6),
    (SM / "fxj_swiss_system_18players.TUNX", "XXIII Memorial Dijalma Caiafa", 18),
]
SWISS_CONFIG = 0x3C6  # the configuration marker of the TUNX (see test_swiss_manager.py)


def _team_file() -> bytes:
    """The real TUNX with its kind byte set to a team tournament (.TUMX)."""
    data = bytearray((SM / "fxj_swiss_system_18players.TUNX").read_bytes())
    data[SWISS_CONFIG + 15] = 3
    return bytes(data)


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


@pytest.mark.parametrize(("path", "name", "players"), FILES, ids=lambda v: getattr(v, "name", ""))
@pytest.mark.parametrize("filename", ["own", "upload.bin"])
def test_real_files_through_the_page(web, path: Path, name: str, players: int, filename: str):
    upload = path.name if filename == "own" else filename  # by name, then by content
    response = web.post("/de/tournament", files={"file": (upload, path.read_bytes())})
    assert response.status_code == 303, response.text
    page = web.get(response.headers["location"])
    assert page.status_code in (200, 422) and name in page.text
    assert page.text.count("<tr data-player=") == players


@pytest.mark.parametrize(("path", "name", "players"), FILES, ids=lambda v: getattr(v, "name", ""))
def test_real_files_through_the_api(web, path: Path, name: str, players: int):
    response = web.post("/api/v1/tournament/file", files={"file": (path.name, path.read_bytes())})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["name"].startswith(name) and len(body["players"]) == players
    again = web.post("/api/v1/tournament/file", files={"file": ("x", path.read_bytes())})
    assert again.status_code == 200 and again.json()["key"] == body["key"]


def test_the_htmx_upload_takes_an_swt_file(web):
    path = SWT / "SwissIndividual.SWT"
    response = web.post("/en/tournament/start", files={"file": (path.name, path.read_bytes())})
    assert response.status_code == 200
    assert response.headers["hx-redirect"].startswith("/en/tournament/")


OTHERS = [
    ("team.TUMX", _team_file(), "Swiss-Manager team file", "Mannschaftsdatei"),
    ("games.pgn", b'[Event "Club"]\n1. e4 e5 *\n', "a PGN game file", "PGN-Partiendatei"),
    ("download", b'[Event "Club"]\n1. e4 e5 *\n', "a PGN game file", "PGN-Partiendatei"),
    ("list.csv", b"name;dwz\nA;1500\n", "a CSV file", "eine CSV-Datei"),
    ("scan", b"%PDF-1.7 ...", "a PDF", "ein PDF"),
    ("x.bin", b"hello world", "a file of a kind wertung does not read", "nicht lesen kann"),
]


@pytest.mark.parametrize(("filename", "content", "english", "german"), OTHERS)
def test_other_files_are_named_on_the_page_never_a_link_error(
    web, filename, content, english, german
):
    for lang, text in (("en", english), ("de", german)):
        response = web.post(f"/{lang}/tournament", files={"file": (filename, content)})
        assert response.status_code == 422
        error = response.text.split('id="err-file" class="field-error" role="alert">', 1)[1]
        assert text in error.split("</span>", 1)[0]
        assert 'id="err-link" class="field-error" role="alert"></span>' in response.text
        if lang == "de":
            assert english not in response.text


@pytest.mark.parametrize(("filename", "content", "english", "german"), OTHERS)
def test_other_files_are_named_by_the_api(web, filename, content, english, german):
    response = web.post("/api/v1/tournament/file", files={"file": (filename, content)})
    assert response.status_code == 400
    body = response.json()
    assert english in body["detail"] and body["field"] in ("file", "swiss-manager")
    assert body["file_kind"] in ("team", "pgn", "csv", "pdf", "unknown")

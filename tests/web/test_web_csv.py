"""The web's CSV export is the CLI's layout (formats.results_csv) plus provenance and state."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from english_words import WORD, leaks
from web_helpers import ILMENAU_EXAMPLE, client

import wertung
from wertung.formats import results_csv, tournament_json


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _export(web, content: bytes, lang: str, query: str = "") -> str:
    response = web.post(f"/{lang}/tournament", files={"file": ("t.json", content)})
    assert response.status_code == 303, response.text
    export = web.get(response.headers["location"] + "/export.csv" + query)
    assert export.status_code == 200 and export.headers["content-type"].startswith("text/csv")
    return export.text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_web_csv_is_the_cli_layout_with_extra_columns(web, lang: str) -> None:
    content = ILMENAU_EXAMPLE.read_bytes()
    text = _export(web, content, lang)
    cli = results_csv.to_csv(wertung.evaluate(tournament_json.loads(content)), language=lang)
    sep = ";" if lang == "de" else ","
    assert text.startswith("\ufeff") == (lang == "de") and cli.startswith("\ufeff") == (
        lang == "de"
    )
    ours = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=sep))
    theirs = list(csv.reader(io.StringIO(cli.lstrip("\ufeff")), delimiter=sep))
    width = len(results_csv.COLUMNS)
    # the same players, the same numbers, the same cells in the shared columns ...
    assert [row[:width] for row in ours[: len(theirs)]] == [row[:width] for row in theirs]
    # ... then the web's columns: the values used and where they came from
    assert ours[0][width:] == {
        "en": ["birth_year", "member", "dwz_source", "index_source", "birth_year_source",
               "member_source"],
        "de": ["Geburtsjahr", "DSB-Mitglied", "Herkunft DWZ", "Herkunft Index",
               "Herkunft Geburtsjahr", "Herkunft Mitgliedschaft"],
    }[lang]  # fmt: skip
    players = [row for row in ours[1 : len(theirs)] if row and row[0].isdigit()]
    assert len(players) == len(tournament_json.loads(content).players)
    sources = {"en": {"source", "assumed"}, "de": {"Quelle", "angenommen"}}[lang]
    assert {row[width + 2] for row in players} <= sources
    name = tournament_json.loads(content).name
    tournament = "Turnier" if lang == "de" else "tournament"
    assert ours[len(theirs)] == [tournament, name]  # the state rows follow the CLI's


def test_formula_cells_are_neutralised_and_corrections_are_a_state_row(web) -> None:
    data = {
        "name": '=HYPERLINK("http://x")',
        "end_date": "2026-09-01",
        "players": [
            {"id": "1", "name": "=1+1", "dwz": 1500, "index": 5},
            {"id": "2", "name": "@SUM(A1)", "dwz": 1600, "index": 12},
        ],
        "games": [{"round": 1, "white": "1", "black": "2", "result": "1-0"}],
    }
    text = _export(web, json.dumps(data).encode(), "en", "?index.1=7")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][1] == "'=1+1" and rows[2][1] == "'@SUM(A1)"
    assert ["tournament", '\'=HYPERLINK("http://x")'] in rows
    assert ["corrections", "index.1=7"] in rows
    assert rows[1][4] == "7" and rows[1][rows[0].index("index_source")] == "user"


def test_the_german_web_csv_has_no_english_word(web) -> None:
    text = _export(web, ILMENAU_EXAMPLE.read_bytes(), "de")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert rows[0][-2:] == ["Herkunft Geburtsjahr", "Herkunft Mitgliedschaft"]
    tournament = tournament_json.loads(ILMENAU_EXAMPLE.read_bytes())
    names = {w for p in tournament.players for w in WORD.findall(f"{p.name} {p.club or ''}")}
    names |= set(WORD.findall(tournament.name or ""))
    cells = " ".join(" ".join(row) for row in rows)
    assert not leaks(cells, frozenset(names)), leaks(cells, frozenset(names))

"""The web's CSV export is the CLI's layout (formats.results_csv) plus provenance and state."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
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
    assert ours[0][width:] == [
        "birth_year", "member", "dwz_source", "index_source", "birth_year_source", "member_source",
    ]  # fmt: skip
    players = [row for row in ours[1 : len(theirs)] if row and row[0].isdigit()]
    assert len(players) == len(tournament_json.loads(content).players)
    assert {row[width + 2] for row in players} <= {"source", "assumed"}
    name = tournament_json.loads(content).name
    assert ours[len(theirs)] == ["tournament", name]  # the state rows follow the CLI's


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

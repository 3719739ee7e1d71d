"""Never a silent partial: real chess-results pages that do not account for every game."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner
from web_helpers import client

from wertung.cli import app

PAGES = Path(__file__).parents[1] / "data" / "chess-results"
PORTIMAO = [str(PAGES / "bas_ended_standings.html"), str(PAGES / "bas_ended_pairings.html")]
runner = CliRunner()


def test_portimao_standings_and_final_round_pairings_exit_2_in_the_cli():
    result = runner.invoke(app, ["tournament", *PORTIMAO])
    assert result.exit_code == 2
    assert "rounds 1–8 missing" in result.output and "--partial" in result.output
    assert runner.invoke(app, ["tournament", *PORTIMAO, "--json"]).exit_code == 2


def test_portimao_with_partial_says_complete_false_in_the_cli_and_the_api(tmp_path):
    result = runner.invoke(
        app, ["tournament", *PORTIMAO, "--json", "--partial", "--date", "2024-08-31"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["complete"] is False
    assert any("rounds 1–8 missing" in reason for reason in data["incomplete"])
    exported = json.loads(runner.invoke(app, ["tournament", *PORTIMAO, "--export"]).stdout)
    exported["end_date"] = exported.get("end_date") or "2024-08-31"
    with client(tmp_path) as web:
        answer = web.post("/api/v1/tournament/evaluate", json=exported)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["complete"] is False and any("rounds 1–8" in r for r in body["incomplete"])


def test_a_crosstable_without_ratings_is_incomplete_not_silently_unrated():
    crosstable = str(PAGES / "mjl_arad2026_a_crosstable.html")
    result = runner.invoke(app, ["tournament", crosstable])
    assert result.exit_code == 2 and "starting rank" in result.output
    data = json.loads(runner.invoke(app, ["tournament", crosstable, "--json", "--partial"]).stdout)
    assert data["complete"] is False and len(data["players"]) == 209
    full = runner.invoke(
        app, ["tournament", crosstable, str(PAGES / "mjl_arad2026_a_startingrank.html"), "--json"]
    )
    assert full.exit_code == 0, full.output
    assert json.loads(full.stdout)["complete"] is True


def test_british_crosstable_with_tb1_points_imports_completely():
    result = runner.invoke(
        app, ["tournament", str(PAGES / "mjl_british2026_champ_crosstable.html"), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["complete"] is True and data["players"]
    assert all(p["points"] == p["points"] for p in data["players"])

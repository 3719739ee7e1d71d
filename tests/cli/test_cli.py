"""The command line: readable tables, --json with the library keys, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wertung.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"
SEED = ["1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½"]


def run(*args: str):
    return runner.invoke(app, list(args))


def test_dwz_seed_example_table():
    result = run("dwz", *SEED, "--age", "40", "--date", "2026-09-01")
    assert result.exit_code == 0, result.output
    assert "New DWZ 1547 (+47)" in result.output
    assert "44.0" in result.output and "3.430" in result.output


def test_dwz_json_has_library_keys():
    result = run("dwz", *SEED, "--age", "40", "--date", "2026-09-01", "--json")
    data = json.loads(result.stdout)
    assert data["new_rating"] == 1547
    assert data["development_factor"] == 44
    assert data["base_value"] == 40 and data["success_bonus"] == 4
    assert {"win_expectancy", "counted", "opponent_rating", "result"} <= set(data["games"][0])


def test_first_dwz_with_carry_over_and_conditional():
    result = run(
        "dwz", "-", "1500:1", "1600:0", "1400:½", "--carry", "1550:1", "--carry", "1450:0",
        "--date", "2026-09-01", "--unaffiliated", "--json",
    )  # fmt: skip
    data = json.loads(result.stdout)
    assert data["rating"] == 1540 and data["stage"] == 1 and data["conditional"] is True


def test_elo_and_upgrade():
    result = run("elo", "2000", "2200:½", "--games", "40", "--born", "1990", "--date", "2026-09-01")
    assert result.exit_code == 0 and "New rating 2005" in result.output
    assert "win: +15" in result.output
    data = json.loads(run("elo", "2000", "2200:½", "--k", "10", "--json").stdout)
    assert data["k"] == 10
    assert "1600 → 1784" in run("upgrade", "1600").output


def test_tournament_outputs():
    result = run("tournament", str(EXAMPLE), "--json")
    data = json.loads(result.stdout)
    assert len(data["players"]) == 59
    wagner = next(p for p in data["players"] if p["id"] == "59")
    assert wagner["status"] == "first" and wagner["dwz_after"] == 1688
    csv_out = run("tournament", str(EXAMPLE), "--csv").stdout.splitlines()
    assert csv_out[0].startswith("id,name,status") and csv_out.index("") == 60
    assert "complete,yes" in csv_out
    assert "Wagner, Martin" in run("tournament", str(EXAMPLE), "--player", "59").output
    assert run("tournament", str(EXAMPLE), "--trf").stdout.startswith("012 ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dwz", "1500-x", "1400:1"], "RATING-INDEX"),
        (["dwz", "1500-5", "1400:q"], "unknown result symbol 'q'"),
        (["dwz", "1500-5", "4000:1"], "game 1: opponent rating 4000 is out of range"),
        (["dwz", "1500-5", "1400"], "OPPONENT:RESULT"),
        (["dwz", "1500-5", "1400:1", "--date", "31.02.2026"], "is not a date"),
        (["elo", "5000", "2000:1"], "out of range"),
        (["tournament", "missing.json"], "file not found"),
        (["tournament", "https://example.org/tnr123.aspx"], "chess-results"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


# Issue 22, item 6: nothing to calculate, a lone --target, a folder: each one clear line.


@pytest.mark.parametrize(
    ("args", "english", "german"),
    [
        (["dwz", "1500-5"], "no games given: write each game as OPPONENT:RESULT",
         "keine Partien angegeben: jede Partie als GEGNER:ERGEBNIS"),
        (["dwz", "-"], "no games given", "keine Partien angegeben"),
        (["elo", "1800"], "no games given", "keine Partien angegeben"),
        (["dwz", "1500-5", "1600:1", "--target", "1550"], "--target needs --remaining",
         "--target braucht --remaining"),
        (["elo", "1800", "1900:1", "--target", "1850"], "--target needs --remaining",
         "--target braucht --remaining"),
    ],
)  # fmt: skip
def test_nothing_to_calculate_is_refused(args: list[str], english: str, german: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert english in result.output
    result = run("--lang", "de", *args)
    assert result.exit_code == 2 and german in result.output


def test_planning_before_the_first_game_is_allowed() -> None:
    result = run("dwz", "1500-5", "--remaining", "1600,1650", "--target", "1550")
    assert result.exit_code == 0, result.output


def test_a_folder_as_source(tmp_path) -> None:
    result = run("tournament", str(tmp_path))
    assert result.exit_code == 2
    assert (
        f"{tmp_path} is a folder: give a tournament file in it, or a chess-results link"
        in " ".join(result.output.split())
    )
    result = run("--lang", "de", "tournament", str(tmp_path))
    assert "ist ein Ordner" in result.output and "points to no host" not in result.output


def test_tournament_help_names_every_source_kind() -> None:
    text = " ".join(run("tournament", "--help").output.split())
    for kind in (".json", ".trf", ".xlsx", ".SWT", ".TUNX", ".html", "chess-results"):
        assert kind in text

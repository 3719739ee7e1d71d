"""One entry point for every source: the right reader by suffix or content, clear refusals."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wertung.cli import app
from wertung.importers import load_tournament, sniff_bytes, source_kind
from wertung.kernel.errors import FormatError

DATA = Path(__file__).parents[1] / "data"
SWT = DATA / "swt" / "SwissIndividual.SWT"
TUNX = DATA / "swiss-manager" / "fxj_swiss_system_18players.TUNX"
TURX = DATA / "swiss-manager" / "fxj_round_robin_6players.TURX"
runner = CliRunner()


@pytest.mark.parametrize(
    ("name", "kind"),
    [("a.SWT", "swt"), ("b.TUNX", "swiss-manager"), ("c.turx", "swiss-manager"),
     ("d.TUMX", "swiss-manager"), ("e.trf", "trf"), ("f.xlsx", "xlsx"), ("g.pgn", "other"),
     ("h.json", "json"), ("https://chess-results.com/tnr1.aspx", "chess-results")],
)  # fmt: skip
def test_source_kind_by_suffix(name, kind):
    assert source_kind(name) == kind


def test_swiss_chess_and_swiss_manager_files_through_the_cli():
    for path, players in ((SWT, 24), (TUNX, 18), (TURX, 6)):
        result = runner.invoke(app, ["tournament", str(path), "--json", "--partial"])
        assert result.exit_code == 0, result.output
        assert len(json.loads(result.stdout)["players"]) == players


def test_files_without_a_suffix_are_recognised_by_content(tmp_path):
    for source in (SWT, TURX):
        copy = tmp_path / f"event-{source.stem}"
        shutil.copy(source, copy)
        assert load_tournament(copy).players
    assert sniff_bytes(b"012 Some tournament\n001 ...") == "trf"
    assert sniff_bytes(b"\x00\x01garbage") == "other"


def test_a_file_of_another_kind_is_named_not_taken_for_a_link(tmp_path):
    pgn = tmp_path / "games.pgn"
    pgn.write_text('[Event "x"]\n1. e4 e5', encoding="utf-8")
    with pytest.raises(FormatError, match="PGN"):
        load_tournament(pgn)
    other = tmp_path / "event.TUMX"
    other.write_bytes(b"\x00" * 64)
    result = runner.invoke(app, ["tournament", str(other)])
    assert result.exit_code == 2 and "link" not in result.output.lower()
    assert "Swiss-Manager" in result.output or "TUMX" in result.output
    mystery = tmp_path / "event.dat"
    mystery.write_bytes(b"\x00\x01\x02")
    result = runner.invoke(app, ["tournament", str(mystery)])
    assert result.exit_code == 2 and "chess-results.com" not in result.output


def test_team_swt_as_a_league_season_in_the_cli():
    team = DATA / "swt" / "SwissTeam.SWT"
    refused = runner.invoke(app, ["tournament", str(team), "--teams"])
    assert refused.exit_code == 2 and "points of player 21 (Collins,William)" in refused.output
    # seven players' own totals contradict their pairings (tests/formats/test_swt.py): --partial
    result = runner.invoke(app, ["tournament", str(team), "--teams", "--json", "--partial"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["complete"] is False and len(data["incomplete"]) == 7
    view = data["teams"]
    assert len(view["teams"]) == 10 and view["standings"][0]["rank"] == 1
    by_id = {p["id"]: p for p in data["players"]}
    for team_data in view["teams"]:
        for player in team_data["players"]:
            played = [g for g in player["games"] if g["counted"]]
            assert player["counted_games"] == len(played) == by_id[player["id"]]["counted_games"]
    table = runner.invoke(app, ["tournament", str(team), "--teams", "--partial"])
    assert table.exit_code == 0 and "Standings" in table.output
    refused = runner.invoke(app, ["tournament", str(SWT), "--teams"])
    assert refused.exit_code == 2 and "not a team event" in refused.output


def test_running_event_in_the_cli():
    pages = [str(DATA / "chess-results" / name)
             for name in ("derived_jeddah2026_r1_fide_details.html",  # FIDE-rated: see
                          "mjl_jeddah2026_r2_live.html")]  # chessresults_derived  # fmt: skip
    table = runner.invoke(app, ["tournament", *pages, "--running"])
    assert table.exit_code == 0, table.output
    assert "after round 1 of 7" in table.output and "Round 2" in table.output
    data = json.loads(runner.invoke(app, ["tournament", *pages, "--running", "--json"]).stdout)
    assert data["after_round"] == 1 and data["pairings"]
    game = data["pairings"][0]
    assert {"win", "draw", "loss"} <= set(game["white"])
    planned = runner.invoke(
        app, ["tournament", *pages, "--running", "--player", "1", "--target", "2100", "--json"]
    )
    assert planned.exit_code == 0, planned.output
    assert "need" in json.loads(planned.stdout)
    assert runner.invoke(app, ["tournament", *pages, "--target", "2100"]).exit_code == 2

"""The CLI never shows a partial result silently, names --date, and survives hostile text."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wertung.cli import app
from wertung.formats import tournament_json

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"


def run(*args: str):
    return runner.invoke(app, list(args))


def _example(tmp_path: Path, name: str = "t.json", **changes) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_incomplete_source_exits_2_with_the_reasons_unless_partial(tmp_path):
    path = _example(
        tmp_path, incomplete=["only the pairings of round 7 were given; rounds 1–6 are missing"]
    )
    refused = run("tournament", str(path))
    assert refused.exit_code == 2
    assert "rounds 1–6 are missing" in refused.output and "--partial" in refused.output
    assert run("tournament", str(path), "--json").exit_code == 2
    data = json.loads(run("tournament", str(path), "--json", "--partial").stdout)
    assert data["complete"] is False and "rounds 1–6" in data["incomplete"][0]
    table = run("tournament", str(path), "--partial")
    assert table.exit_code == 0
    head = table.output.split("┏")[0]  # the state is printed above the table
    assert "incomplete" in head and "rounds 1–6 are missing" in head
    rows = list(csv.reader(io.StringIO(run("tournament", str(path), "--csv", "--partial").stdout)))
    assert ["complete", "no"] in rows and any(r[:1] == ["incomplete"] for r in rows)


def test_points_that_differ_from_the_source_are_incomplete(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["points"] = 1
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run("tournament", str(path))
    assert result.exit_code == 2 and "the source says 1" in result.output


def test_notes_appear_in_table_json_and_csv(tmp_path):
    path = _example(
        tmp_path, notes=["German event: the national rating (RtgN) is taken as the DWZ"]
    )
    table = run("tournament", str(path))
    assert "RtgN" in table.output.split("┏")[0]
    assert json.loads(run("tournament", str(path), "--json").stdout)["notes"]
    assert "note,German event" in run("tournament", str(path), "--csv").stdout


def test_missing_end_date_names_the_date_option(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del data["end_date"]
    path = tmp_path / "nodate.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run("tournament", str(path))
    assert result.exit_code == 2 and "--date" in result.output
    assert run("tournament", str(path), "--date", "2024-11-03").exit_code == 0


def test_rapid_event_gets_no_dwz(tmp_path):
    path = _example(tmp_path, time_control="rapid")
    data = json.loads(run("tournament", str(path), "--json").stdout)
    assert data["dwz_rated"] is False
    assert all(p["dwz_after"] is None for p in data["players"])
    assert "rapid" in run("tournament", str(path)).output


def test_unknown_index_range_in_every_output(tmp_path):
    table = run("tournament", str(EXAMPLE))
    assert "index unknown" in table.output
    data = json.loads(run("tournament", str(EXAMPLE), "--json").stdout)
    first = data["players"][0]
    assert first["index_range"]["lowest"] <= first["dwz_after"] <= first["index_range"]["highest"]
    dwz = run("dwz", "1500", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½",
              "--age", "40", "--date", "2026-09-01")  # fmt: skip
    assert dwz.exit_code == 0 and "1534–1568" in dwz.output and "index unknown" in dwz.output
    known = run("dwz", "1500-5", "1650:½", "--date", "2026-09-01")
    assert "index unknown" not in known.output
    data = json.loads(run("dwz", "1500", "1650:½", "--date", "2026-09-01", "--json").stdout)
    assert data["index_range"]["lowest"] <= data["new_rating"]


def test_dwz_index_notation_for_opponents():
    a = json.loads(
        run("dwz", "1500-5", "1650-12:½", "1400-3:1", "--json", "--date", "2026-09-01").stdout
    )
    b = json.loads(
        run("dwz", "1500-5", "1650:½", "1400:1", "--json", "--date", "2026-09-01").stdout
    )
    assert a["new_rating"] == b["new_rating"]


def test_german_csv_conventions_and_formula_cells_neutralised(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["name"] = '=HYPERLINK("http://evil.example","x")'
    data["players"][1]["name"] = "@SUM(A1)"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = run("tournament", str(path), "--csv", "--lang", "de").stdout
    assert out.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff")), delimiter=";"))
    assert rows[1][1].startswith("'=HYPERLINK") and rows[2][1] == "'@SUM(A1)"
    assert any("," in cell for cell in rows[1][13:14])  # expected score with a decimal comma
    english = list(csv.reader(io.StringIO(run("tournament", str(path), "--csv").stdout)))
    assert english[1][1].startswith("'=") and "." in english[1][13]


@pytest.mark.parametrize(
    "args",
    [
        ["dwz", "²-5", "1600:1"],
        ["dwz", "1" * 5000, "1600:1"],
        ["dwz", "1500-5", "1" * 5000 + ":1"],
        ["dwz", "1500-5", "1600:1", "--k", "nan"],
        ["dwz", "1500-5", "1600:1", "--k", "inf"],
        ["dwz", "[/]", "1600:1"],
        ["dwz", "[link=http://evil.example]x[/link]", "1600:1"],
        ["tournament", "[/]nope.json"],
        ["tournament", "\x1b]8;;http://evil.example\x1b\\x.json"],
        ["elo", "2000", "[/]:1"],
        ["upgrade", "١٦٠٠"],
    ],
)
def test_hostile_arguments_give_one_clean_error(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(
        result.exception, SystemExit
    )
    assert "\x1b" not in result.output  # no escape sequence (and so no terminal hyperlink)


def test_markup_and_escapes_in_player_names_are_printed_literally(tmp_path):
    t = tournament_json.load(EXAMPLE)
    data = tournament_json.to_dict(t)
    data["players"][0]["name"] = (
        "[bold red]Evil[/] [link=http://evil.example]click[/link] :thumbs_up: \x1b[2J"
    )
    data["name"] = "[/]"
    path = tmp_path / "markup.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = run("tournament", str(path))
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and result.output.startswith("[/] — ")
    player = run("tournament", str(path), "--player", "1")
    assert player.exit_code == 0 and "\x1b" not in player.output
    assert "[bold red]Evil[/] [link=http://evil.example]click[/link] :thumbs_up:" in player.output


def test_running_planner_answers_first():
    data = Path(__file__).parents[1] / "data" / "chess-results"
    running = [str(data / "derived_jeddah2026_r1_fide_details.html"),
               str(data / "mjl_jeddah2026_r2_live.html")]  # fmt: skip
    out = run("tournament", *running, "--running", "--player", "1", "--target", "2300")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith(("You need", "Out of reach", "Reached already")), lines[:3]
    assert out.output.index("Score in the remaining games") > out.output.index("after round 1")
    german = run("--lang", "de", "tournament", *running, "--running", "--player", "1",
                 "--target", "2300").output.splitlines()  # fmt: skip
    assert german[0].startswith(("Du brauchst", "Außer Reichweite", "DWZ 2300 bereits")), german[:3]


def test_planner_in_the_cli():
    args = ["dwz", "1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½",
            "--remaining", "1350,1520", "--target", "1547", "--age", "40", "--date", "2026-09-01"]  # fmt: skip
    table = run(*args)
    assert table.exit_code == 0 and "You need 1½ from 2 games for DWZ 1547" in table.output
    # the answer is the headline; the result of the games played so far comes under its label
    lines = table.output.splitlines()
    assert lines[0].startswith("You need 1½ from 2 games for DWZ 1547")
    assert lines[1] == "After the 5 games played:" and lines[2].startswith("New DWZ 1533 (+33)")
    german = run("--lang", "de", *args).output.splitlines()
    assert german[0].startswith("Du brauchst 1½ aus 2 Partien für DWZ 1547")
    assert german[1] == "Nach den 5 gespielten Partien:"
    need = json.loads(run(*args, "--json").stdout)["need"]
    assert (
        need["points"] == 1.5 and need["new_rating"] == 1547 and need["remaining"] == [1350, 1520]
    )
    assert [row["points"] for row in need["table"]] == [0, 0.5, 1, 1.5, 2]
    out = run(
        "dwz", "1500-5", "1650:½", "--remaining", "1600", "--target", "3000", "--date", "2026-09-01"
    )
    assert "Out of reach" in out.output
    first = run(
        "dwz", "-", "1500:0", "1600:0", "1400:0", "--remaining", "1550,1450", "--date", "2026-09-01"
    )
    assert "You need ½ from 2 games for a first DWZ" in first.output
    elo = json.loads(run("elo", "2000", "2200:½", "--games", "40", "--born", "1990", "--remaining",
                         "2100,2150", "--target", "2010", "--date", "2026-09-01", "--json").stdout)  # fmt: skip
    assert elo["need"]["points"] == 1
    assert run("dwz", "1500-5", "1650:½", "--remaining", "1600").exit_code == 2
    assert run("dwz", "1500-5", "1650:½", "--remaining", "x", "--target", "1600").exit_code == 2

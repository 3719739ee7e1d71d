"""A Swiss-Manager team file through the CLI, the web page and the API, as a league season.

The files are made by ``swiss_manager_writer`` from the documented layout (see
``test_swiss_manager_team.py``; the real ``.TUMX`` through the CLI:
``test_swiss_manager_tumx.py``). Expectations are counted here from
the writer's input: every player's W and n are his board games over the board.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from swiss_manager_writer import (
    TEAM_NAMES,
    TEAM_ROUND_ROBIN_ROUNDS,
    TEAM_SWISS_ROUNDS,
    WRound,
    team_round_robin,
    team_swiss,
    write,
)
from typer.testing import CliRunner
from web_helpers import client

from wertung.cli import app

runner = CliRunner()
_POINTS = {1: (1, 0), 2: (Fraction(1, 2), Fraction(1, 2)), 3: (0, 1)}  # over the board


def board_games(rounds: list[WRound]) -> dict[str, tuple[Fraction, int]]:
    """W and n of every player: the games over the board (codes 1-3, two players)."""
    out: dict[str, tuple[Fraction, int]] = {}
    for rnd in rounds:
        for white, black, code in rnd.games:
            if white and black and code in _POINTS:
                for player, points in zip((white, black), _POINTS[code], strict=True):
                    w, n = out.get(str(player), (Fraction(0), 0))
                    out[str(player)] = (w + points, n + 1)
    return out


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("swiss-manager-team")
    out = {}
    for name, written in (("open.TUMX", team_swiss()), ("liga.TUTX", team_round_robin()),
                          ("no-suffix", team_swiss())):  # fmt: skip
        out[name] = folder / name
        out[name].write_bytes(written.data)
    return out


def _check_w_and_n(players: list[dict], expected: dict[str, tuple[Fraction, int]]) -> None:
    assert players
    for player in players:
        w, n = expected.get(player["id"], (Fraction(0), 0))
        assert (Fraction(player["score"]), player["counted_games"]) == (w, n), player["name"]


@pytest.mark.parametrize(
    ("name", "rounds", "teams"),
    [("open.TUMX", TEAM_SWISS_ROUNDS, 5), ("liga.TUTX", TEAM_ROUND_ROBIN_ROUNDS, 4),
     ("no-suffix", TEAM_SWISS_ROUNDS, 5)],
)  # fmt: skip
def test_cli_evaluates_a_team_file_as_a_league_season(files, name, rounds, teams) -> None:
    result = runner.invoke(app, ["tournament", str(files[name]), "--teams", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = board_games(rounds)
    _check_w_and_n(data["players"], expected)
    view = data["teams"]
    assert len(view["teams"]) == teams and view["standings"][0]["rank"] == 1
    for team in view["teams"]:
        for player in team["players"]:
            counted = [g for g in player["games"] if g["counted"]]
            assert player["counted_games"] == len(counted) == expected.get(player["id"], (0, 0))[1]
    table = runner.invoke(app, ["tournament", str(files["open.TUMX"]), "--teams"])
    assert table.exit_code == 0 and "Standings" in table.output
    assert all(team in table.output for team in TEAM_NAMES)


def test_cli_names_a_team_file_of_a_layout_not_known(tmp_path: Path) -> None:
    other = tmp_path / "event.TUMX"
    other.write_bytes(write("TUMX", "x", [], [], team_sections=False).data)
    result = runner.invoke(app, ["tournament", str(other)])
    assert result.exit_code == 2
    assert "a Swiss-Manager team file (.TUMX, a team Swiss tournament) of a layout" in " ".join(
        result.output.split()
    )


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory):
    return client(tmp_path_factory.mktemp("web-team-files"))


@pytest.mark.parametrize(
    ("filename", "written", "rounds"),
    [("open.TUMX", team_swiss(), TEAM_SWISS_ROUNDS), ("upload.bin", team_swiss(), TEAM_SWISS_ROUNDS),
     ("liga.TUTX", team_round_robin(), TEAM_ROUND_ROBIN_ROUNDS)],
)  # fmt: skip
def test_api_evaluates_a_team_file_as_a_league_season(web, filename, written, rounds) -> None:
    answer = web.post("/api/v1/tournament/file", files={"file": (filename, written.data)})
    assert answer.status_code == 200, answer.text[:2000]
    body = answer.json()
    _check_w_and_n(body["players"], board_games(rounds))
    teams = web.get(f"/api/v1/tournaments/{body['key']}/teams")
    assert teams.status_code == 200
    view = teams.json()
    by_id = {p["id"]: p for p in body["players"]}
    for team in view["teams"]:
        for player in team["players"]:
            assert player["counted_games"] == by_id[player["id"]]["counted_games"]
    assert {row["name"] for row in view["standings"]} <= set(TEAM_NAMES) | {
        f"Team {c}" for c in "ABCD"
    }


@pytest.mark.parametrize(("lang", "word"), [("de", "Tabelle"), ("en", "Standings")])
def test_the_page_takes_a_team_file_and_links_its_team_view(web, lang, word) -> None:
    answer = web.post(f"/{lang}/tournament", files={"file": ("open.TUMX", team_swiss().data)})
    assert answer.status_code == 303, answer.text[:2000]
    key = answer.headers["location"].rsplit("/", 1)[1]
    page = web.get(f"/{lang}/tournament/{key}").text
    assert "Mannschafts-Open 2026" in page and f'href="/{lang}/tournament/{key}/teams"' in page
    teams = web.get(f"/{lang}/tournament/{key}/teams").text
    assert word in teams and all(name in teams for name in TEAM_NAMES)


@pytest.mark.parametrize(("lang", "text"), [("en", "of a layout wertung does not know"),
                                            ("de", "in einem Aufbau, den wertung nicht kennt")])  # fmt: skip
def test_the_page_names_a_team_file_of_a_layout_not_known(web, lang, text) -> None:
    data = write("TUMX", "x", [], [], team_sections=False).data
    answer = web.post(f"/{lang}/tournament", files={"file": ("team.TUMX", data)})
    assert answer.status_code == 422
    error = answer.text.split('id="err-file" class="field-error" role="alert">', 1)[1]
    assert text in error.split("</span>", 1)[0]

"""The team view of a team tournament: page /{lang}/tournament/{key}/teams and the API."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_helpers import ILMENAU_EXAMPLE, ROOT, client

TEAM_SWT = ROOT / "data" / "swt" / "SwissTeam.SWT"


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory):
    return client(tmp_path_factory.mktemp("teams"))


def _upload(web, path: Path, lang: str = "en") -> str:
    answer = web.post(f"/{lang}/tournament", files={"file": (path.name, path.read_bytes())})
    assert answer.status_code == 303, answer.text[:2000]
    return answer.headers["location"].rsplit("/", 1)[1]


def test_team_tournament_links_its_team_view(web) -> None:
    key = _upload(web, TEAM_SWT)
    page = web.get(f"/en/tournament/{key}").text
    assert f'href="/en/tournament/{key}/teams"' in page and "Teams →" in page


@pytest.mark.parametrize(
    ("lang", "words"), [("de", ("Tabelle", "Brett")), ("en", ("Standings", "Board"))]
)
def test_team_page_shows_standings_and_every_team(web, lang, words) -> None:
    key = _upload(web, TEAM_SWT, lang)
    api = web.get(f"/api/v1/tournaments/{key}/teams").json()
    html = web.get(f"/{lang}/tournament/{key}/teams").text
    for word in words:
        assert word in html
    ranked = re.findall(r'<tr data-team="([^"]+)"><td>(\d+)</td>', html)
    assert [team for team, _rank in ranked] == [row["team"] for row in api["standings"]]
    assert html.count('data-testid="team"') == len(api["teams"]) > 1
    first = api["teams"][0]["players"][0]
    row = re.search(rf'<tr data-player="{re.escape(first["id"])}">(.*?)</tr>', html, re.S).group(1)
    assert first["name"] in row
    assert len(re.findall("<li", row)) == len(first["games"])  # one line per board game


def test_team_api_is_the_engine_view(web) -> None:
    from wertung import evaluate
    from wertung.formats import swt
    from wertung.tournament._league import team_view

    key = _upload(web, TEAM_SWT)
    answer = web.get(f"/api/v1/tournaments/{key}/teams")
    assert answer.status_code == 200
    body = answer.json()
    tournament = swt.read(TEAM_SWT.read_bytes())
    expected = team_view(tournament, evaluate(tournament)).to_dict()
    assert [r["name"] for r in body["standings"]] == [r["name"] for r in expected["standings"]]
    assert [r["match_points"] for r in body["standings"]] == [
        r["match_points"] for r in expected["standings"]
    ]
    assert {"teams", "matches", "standings"} <= set(body)


def test_no_teams_no_team_view(web) -> None:
    key = _upload(web, ILMENAU_EXAMPLE)
    assert "/teams" not in web.get(f"/en/tournament/{key}").text
    assert web.get(f"/en/tournament/{key}/teams").status_code == 404
    problem = web.get(f"/api/v1/tournaments/{key}/teams")
    assert problem.status_code == 404 and "no teams" in problem.json()["detail"]
    assert web.get("/api/v1/tournaments/0000/teams").status_code == 404

"""The time control on every front end: ``--time-control``/``--age-class`` on the CLI
(tournament, running event, history), the web page's correction fields (kept in the share
link), the API's fields; the reason in German and English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner
from web_helpers import client

from wertung.cli import app

runner = CliRunner()
DATA = Path(__file__).parents[1] / "data"
ROUND_ROBIN = (
    DATA / "swiss-manager" / "fxj_round_robin_6players.TURX"
)  # "45 min + 15 bônus ou 1 h ko"
SWISS = DATA / "swiss-manager" / "fxj_swiss_system_18players.TUNX"  # "60min + 30s"
EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"


def run(*args: str):
    return runner.invoke(app, list(args))


def _json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_cli_a_real_45_15_file_gets_no_dwz_and_says_why_in_german() -> None:
    data = _json("tournament", str(ROUND_ROBIN))
    assert data["dwz_rated"] is False and data["time_control_check"]["rule"] == "total"
    shown = _flat(run("tournament", str(ROUND_ROBIN), "--lang", "de").stdout)
    assert (
        "Warnung: Bedenkzeit 45 Min. + 15 Sek./Zug (oder 60 Min.) ergibt 60 Minuten für 60 "
        "Züge; DWZ-gewertet werden nur Partien mit mindestens 90 Minuten oder 60 Minuten + 30 "
        "Sekunden je Zug (WO 4.2)"
    ) in shown
    assert "keine DWZ-Auswertung" in shown
    english = _flat(run("tournament", str(ROUND_ROBIN)).stdout)
    assert "gives 60 minutes for 60 moves" in english


def test_cli_time_control_given() -> None:
    data = _json("tournament", str(ROUND_ROBIN), "--time-control", "90+30")
    check = data["time_control_check"]
    assert data["dwz_rated"] is True and check["given"] and check["text"] == "90+30"
    assert data["regulations"] == "WO 2014"  # evaluated (its players have no DWZ: none gets one)
    shown = _flat(
        run("tournament", str(ROUND_ROBIN), "--time-control", "90+30", "--lang", "de").stdout
    )
    assert "Hinweis: Bedenkzeit 90 Min. + 30 Sek./Zug: DWZ-gewertet" in shown
    assert "(mit --time-control angegeben)" in shown


def test_cli_time_control_not_understood_exits_2_in_german() -> None:
    refused = run("tournament", str(ROUND_ROBIN), "--time-control", "zwei Stunden", "--lang", "de")
    assert refused.exit_code == 2
    assert "Bedenkzeit 'zwei Stunden' nicht verstanden; bitte etwa 90+30 schreiben" in _flat(
        refused.output
    )


def test_cli_age_class() -> None:
    # "45 min + 15 s or 1 h KO": 60 minutes, enough in a U12 event
    data = _json("tournament", str(ROUND_ROBIN), "--age-class", "U12")
    assert data["dwz_rated"] is True
    assert data["time_control_check"]["age_class_from"] == "user"
    refused = run("tournament", str(ROUND_ROBIN), "--age-class", "Senioren", "--lang", "de")
    assert refused.exit_code == 2 and "Altersklasse 'Senioren' unbekannt" in refused.output


def test_cli_export_keeps_the_users_statements() -> None:
    result = run("tournament", str(ROUND_ROBIN), "--time-control", "90+30", "--age-class", "open",
                 "--export")  # fmt: skip
    data = json.loads(result.stdout)
    assert (data["time_control_given"], data["age_class_given"]) == ("90+30", "open")
    assert data["time_control_text"] == "45 min + 15 bônus ou 1 h ko"  # the source's kept


def test_cli_no_end_date_needed_when_the_time_control_rules_out_the_dwz(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.pop("end_date")
    path = tmp_path / "t.json"
    path.write_text(json.dumps({**data, "time_control_text": "45 min + 15 s"}), encoding="utf-8")
    assert run("tournament", str(path), "--json").exit_code == 0
    path.write_text(json.dumps({**data, "time_control_text": "90 min"}), encoding="utf-8")
    refused = run("tournament", str(path))
    assert refused.exit_code == 2 and "--date" in refused.output


def test_cli_running_event_with_time_control() -> None:
    data = _json("tournament", str(SWISS), "--running", "--time-control", "45+15")
    assert data["evaluation"]["dwz_rated"] is False
    assert any("not DWZ-rated" in n for n in data["notes"])


def test_cli_history_per_source(tmp_path: Path) -> None:
    base = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps({**base, "name": "A", "end_date": "2024-05-01"}), encoding="utf-8")
    second.write_text(json.dumps({**base, "name": "B", "end_date": "2024-06-01"}), encoding="utf-8")
    data = _json("history", str(first), str(second), "--time-control", "1=45+15")
    rated = {t["name"]: t["dwz_rated"] for t in data["tournaments"]}
    assert rated == {"A": False, "B": True}
    everyone = _json("history", str(first), str(second), "--time-control", "45+15")
    assert not any(t["dwz_rated"] for t in everyone["tournaments"])
    refused = run("--lang", "de", "history", str(first), str(second), "--time-control", "3=90+30")
    assert refused.exit_code == 2 and "es gibt kein Turnier 3 (1 bis 2)" in _flat(refused.output)


def test_cli_help_names_the_options() -> None:  # the German screens: test_cli_help_german
    for command in ("tournament", "history"):
        shown = _flat(run(command, "--help").stdout)
        assert "--time-control" in shown and "--age-class" in shown


# -- the web page and the API ---------------------------------------------------------------


def _doc(**changes: object) -> dict:
    return {
        "name": "Sommer-Open", "end_date": "2025-08-01", "time_control_text": "45 min + 15 s",
        "players": [{"id": "1", "name": "A", "dwz": 1500, "index": 5},
                    {"id": "2", "name": "B", "dwz": 1600, "index": 12}],
        "games": [{"round": 1, "white": "1", "black": "2", "result": "1-0"}],
        **changes,
    }  # fmt: skip


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _upload(web, doc: dict, lang: str = "de") -> str:
    response = web.post(
        f"/{lang}/tournament",
        files={"file": ("t.json", json.dumps(doc).encode(), "application/json")},
    )
    assert response.status_code == 303, response.text
    return response.headers["location"]


def _testid(html: str, name: str) -> str:
    match = re.search(rf'data-testid="{name}"[^>]*>(.*?)</p>', html, re.S)
    assert match, name
    return _flat(re.sub(r"<[^>]+>", "", match.group(1)))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_web_shows_why_there_is_no_dwz(web, lang: str) -> None:
    html = web.get(_upload(web, _doc(), lang)).text
    reason = _testid(html, "no-dwz")
    if lang == "de":
        assert reason.startswith("Keine DWZ-Auswertung: Bedenkzeit 45 Min. + 15 Sek./Zug ergibt 60")
        assert _testid(html, "time-control").startswith("Bedenkzeit: 45 Min. + 15 Sek./Zug")
    else:
        assert reason.startswith("No DWZ evaluation: time control 45 min + 15 s/move gives 60")
    assert 'data-testid="time-control-field"' in html and 'name="age_class"' in html


def test_web_time_control_correction_is_kept_in_the_share_link(web) -> None:
    url = _upload(web, _doc())
    key = url.rsplit("/", 1)[-1]
    corrected = web.post(f"/de/tournament/{key}/correct", data={"time_control": "90+30"})
    assert corrected.status_code == 303
    target = corrected.headers["location"]
    assert target.endswith(f"/de/tournament/{key}?time_control=90%2B30")
    html = web.get(target).text
    assert 'data-testid="no-dwz"' not in html
    assert _testid(html, "time-control").startswith("Bedenkzeit: 90 Min. + 30 Sek./Zug")
    share = re.search(r'id="share-url"[^>]*value="([^"]*)"', html).group(1)
    assert share.endswith("?time_control=90%2B30")
    assert 'value="90+30"' in html  # the field shows the correction


def test_web_age_class_correction(web) -> None:
    url = _upload(web, _doc(time_control_text="40 min + 30 s"))
    key = url.rsplit("/", 1)[-1]
    assert 'data-testid="no-dwz"' in web.get(url).text
    corrected = web.post(f"/de/tournament/{key}/correct", data={"age_class": "U12"})
    html = web.get(corrected.headers["location"]).text
    assert 'data-testid="no-dwz"' not in html and "Altersklasse U12" in html


def test_web_time_control_not_understood(web) -> None:
    key = _upload(web, _doc()).rsplit("/", 1)[-1]
    refused = web.post(f"/de/tournament/{key}/correct", data={"time_control": "zwei Stunden"})
    assert refused.status_code == 422
    error = re.search(r'id="err-time_control"[^>]*>(.*?)</span>', refused.text).group(1)
    assert "Bedenkzeit &#39;zwei Stunden&#39; nicht verstanden" in error
    link = web.get(f"/de/tournament/{key}", params={"time_control": "zwei Stunden"})
    assert link.status_code == 422


def test_api_time_control_fields(web) -> None:
    body = web.post("/api/v1/tournament/evaluate", json=_doc()).json()
    assert body["dwz_rated"] is False and body["time_control_check"]["rated"] is False
    assert "gives 60 minutes for 60 moves" in body["warnings"][0]
    given = web.post("/api/v1/tournament/evaluate", params={"time_control": "90+30"},
                     json=_doc()).json()  # fmt: skip
    assert given["dwz_rated"] is True and given["corrections"] == "time_control=90%2B30"
    stored = web.get(f"/api/v1/tournaments/{given['key']}").json()
    assert stored["dwz_rated"] is False  # the record is the source's; the correction is the link's
    again = web.get(f"/api/v1/tournaments/{given['key']}?{given['corrections']}").json()
    assert again["dwz_rated"] is True and again["time_control_check"]["given"] is True
    youth = web.get(f"/api/v1/tournaments/{given['key']}",
                    params={"time_control": "40+30", "age_class": "U12"}).json()  # fmt: skip
    assert youth["dwz_rated"] is True and youth["time_control_check"]["age_class"] == "U12"
    in_body = web.post(
        "/api/v1/tournament/evaluate", json=_doc(age_class_given="U12", time_control_given="45+15")
    ).json()
    assert in_body["dwz_rated"] is True


@pytest.mark.parametrize(
    ("params", "field"),
    [({"time_control": "lang"}, "time_control"), ({"age_class": "U30"}, "age_class")],
)
def test_api_refuses_what_it_cannot_read(web, params: dict, field: str) -> None:
    refused = web.post("/api/v1/tournament/evaluate", params=params, json=_doc())
    assert refused.status_code == 422
    problem = refused.json()
    assert field in json.dumps(problem)  # ours (naming the field), or the document's pattern

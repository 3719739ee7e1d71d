"""The JSON API: every documented example, problem details, uploads, limits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from web_helpers import ROOT, client

from wertung.dwz.regulations import WO_2026

PROBLEM = "application/problem+json"


@pytest.fixture
def api(tmp_path: Path):
    return client(tmp_path)


def _contains(actual: object, expected: object, path: str = "") -> None:
    """``actual`` holds every key of ``expected`` with the same value (floats to 4 decimals)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), path
        for key, value in expected.items():
            assert key in actual, f"{path}.{key} missing"
            _contains(actual[key], value, f"{path}.{key}")
    elif isinstance(expected, float) or (isinstance(expected, int) and isinstance(actual, float)):
        assert actual == pytest.approx(expected, abs=5e-5), path
    else:
        assert actual == expected, path


def _documented(api) -> list[tuple[str, str, dict | None, int, dict]]:
    spec = api.get("/api/openapi.json").json()
    routes = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody", {}).get("content", {})
            example = None
            if "application/json" in body:
                examples = body["application/json"].get("examples", {})
                assert examples, f"{method.upper()} {path} has no example request"
                example = next(iter(examples.values()))["value"]
            documented = [
                (int(status), content.get("example"))
                for status, response in operation["responses"].items()
                for content in response.get("content", {}).values()
                if content.get("example") is not None
            ]
            if "multipart/form-data" in body:
                continue  # uploads: tested below with real files
            assert documented, f"{method.upper()} {path} documents no example response"
            status, expected = documented[0]
            routes.append((method, path, example, status, expected))
    return routes


def test_every_route_is_documented_with_an_example(api) -> None:
    routes = _documented(api)
    assert {path for _m, path, *_ in routes} >= {
        "/api/v1/dwz/forecast",
        "/api/v1/dwz/first",
        "/api/v1/dwz/upgrade",
        "/api/v1/elo/rating-change",
        "/api/v1/elo/initial-rating",
        "/api/v1/tournament/evaluate",
        "/api/v1/tournament/link",
        "/api/v1/tables/k0",
        "/api/v1/tables/fide-expected-score",
        "/api/v1/tables/dwz-win-expectancy",
    }


def test_every_documented_example_gives_the_documented_response(api) -> None:
    for method, path, example, status, expected in _documented(api):
        response = api.request(method.upper(), path, json=example)
        assert response.status_code == status, (path, response.text)
        if status >= 400:
            assert response.headers["content-type"] == PROBLEM
        _contains(response.json(), expected, path)


def test_forecast_matches_the_seed_exactly(api) -> None:
    body = api.post(
        "/api/v1/dwz/forecast",
        json={
            "rating": 1500,
            "index": 5,
            "end_date": "2026-09-01",
            "games": [
                {"opponent_rating": 1650, "result": 0.5},
                {"opponent_rating": 1400, "result": 1},
                {"opponent_rating": 1550, "result": "0"},
                {"opponent_rating": 1480, "result": "1"},
                {"opponent_rating": 1600, "result": "="},
                {"opponent_rating": 1350, "result": "1"},
                {"opponent_rating": 1520, "result": "½"},
                {"opponent_rating": 1700, "result": "+"},
            ],
        },
    ).json()
    assert body["new_rating"] == 1547 and body["k0_row"] == "adult" and body["k0_column"] == 5
    assert body["counted_games"] == 7
    assert body["games"][-1] == {**body["games"][-1], "counted": False, "reason": "forfeit"}


def test_k0_table_is_the_regulations_constant(api) -> None:
    rows = api.get("/api/v1/tables/k0").json()["rows"]
    assert rows == {row: list(values) for row, values in WO_2026.k0_table}


@pytest.mark.parametrize(
    ("body", "field", "extra"),
    [
        ({"rating": 5000, "index": 5, "games": []}, "rating", {}),
        ({"rating": 1500, "index": -1, "games": []}, "index", {}),
        (
            {"rating": 1500, "games": [{"opponent_rating": 1400, "result": "x"}]},
            "games[0].result",  # refused by the model (an enum), before the engine
            {},
        ),
        (
            {"rating": 1500, "games": [{"opponent_rating": 1400, "result": "1"}] * 2
             + [{"opponent_rating": 9999, "result": "1"}]},
            "games[2].opponent_rating",
            {},
        ),
        ({"rating": 1500, "games": [], "end_date": "soon"}, "end_date", {}),
    ],
)  # fmt: skip
def test_engine_errors_are_problem_details_naming_the_field(api, body, field, extra) -> None:
    response = api.post("/api/v1/dwz/forecast", json=body)
    assert response.status_code == 422
    assert response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["field"] == field and problem["status"] == 422
    assert problem["instance"] == "/api/v1/dwz/forecast" and problem["detail"]
    for key, value in extra.items():
        assert problem[key] == value


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"played_rounds": None}, "played_rounds", "json.not_whole"),
        ({"players": [{"id": "1", "fide_games": -1}]}, "fide_games", "json.fide_games"),
        ({"players": [{"id": "1", "dwz": "1500"}]}, "dwz", "rating.not_a_rating"),
    ],
)
def test_a_tournament_its_schema_refuses_is_refused_naming_the_field(
    api, change, field, code
) -> None:
    body = {"end_date": "2026-09-01", "players": [{"id": "1"}], **change}
    response = api.post("/api/v1/tournament/evaluate", json=body)
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert (problem["field"], problem["code"]) == (field, code)
    assert problem["texts"]["de"] != problem["texts"]["en"]


def test_request_validation_errors_are_problem_details(api) -> None:
    response = api.post("/api/v1/dwz/forecast", json={"index": 5, "games": []})
    assert response.status_code == 422 and response.headers["content-type"] == PROBLEM
    assert response.json()["field"] == "rating"
    response = api.post(
        "/api/v1/elo/rating-change", json={"rating": 1800, "games": [{"result": "1"}], "k": "x"}
    )
    assert response.json()["field"] == "k"
    broken = api.post(
        "/api/v1/dwz/upgrade", content=b"{", headers={"content-type": "application/json"}
    )
    assert broken.status_code == 422 and broken.headers["content-type"] == PROBLEM


def test_elo_k_override_error_names_k(api) -> None:
    response = api.post(
        "/api/v1/elo/rating-change",
        json={"rating": 1800, "k": 500, "games": [{"opponent_rating": 1800, "result": "1"}]},
    )
    assert response.status_code == 422 and response.json()["field"] == "k"


def test_first_dwz_with_carry_over_and_conditional(api) -> None:
    body = api.post(
        "/api/v1/dwz/first",
        json={
            "games": [
                {"opponent_rating": 1500, "result": "1"},
                {"opponent_rating": 1600, "result": "0"},
            ],
            "carry_over": [
                {"opponent_rating": 1400, "result": "½", "end_date": "2025-10-01"},
                {"opponent_rating": 1550, "result": "1", "end_date": "2025-10-01"},
                {"opponent_rating": 1450, "result": "0", "end_date": "2025-10-01"},
            ],
            "end_date": "2026-09-01",
            "member": False,
        },
    ).json()
    assert body["rating"] == 1540 and body["conditional"] is True


def test_tournament_json_upload_and_trf_upload(api) -> None:
    data = {
        "name": "Club",
        "end_date": "2026-09-01",
        "players": [{"id": "1", "dwz": 1500, "index": 5}, {"id": "2", "dwz": 1600, "index": 12}],
        "games": [{"round": 1, "white": "1", "black": "2", "result": "½-½"}],
    }
    response = api.post(
        "/api/v1/tournament/file", files={"file": ("club.json", json.dumps(data).encode())}
    )
    assert response.status_code == 200
    body = response.json()
    assert len(body["key"]) == 20 and [p["id"] for p in body["players"]] == ["1", "2"]
    trf = ROOT / "data" / "trf" / "skl_example1_karl_mala_2005.trf"
    response = api.post("/api/v1/tournament/file", files={"file": (trf.name, trf.read_bytes())})
    assert response.status_code == 200 and response.json()["players"]


def test_unreadable_upload_is_a_400_problem(api) -> None:
    response = api.post("/api/v1/tournament/file", files={"file": ("x.json", b"{oops")})
    assert response.status_code == 400 and response.headers["content-type"] == PROBLEM
    assert response.json()["field"] == "tournament"


def test_link_rate_limit_and_retry_after(tmp_path: Path) -> None:
    class Offline:
        def fetch(self, *args: object, **kwargs: object) -> None:
            from wertung import SourceError

            raise SourceError(
                "offline in tests", code="untranslated", params={"text": "offline in tests"}
            )

    api = client(tmp_path, chessresults_client=lambda: Offline(), fetch_limit=1)
    first = api.post("/api/v1/tournament/link", json={"link": "1342553"})
    assert first.status_code == 502 and first.json()["detail"].startswith("offline")
    second = api.post("/api/v1/tournament/link", json={"link": "1342553"})
    assert second.status_code == 429 and second.headers["retry-after"] == "600"
    assert second.headers["content-type"] == PROBLEM and second.json()["field"] == "link"


def test_body_size_limit_is_a_413_problem(tmp_path: Path) -> None:
    api = client(tmp_path, max_upload=1000)
    response = api.post(
        "/api/v1/tournament/evaluate",
        content=b"{" + b" " * 100_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413 and response.headers["content-type"] == PROBLEM


def test_unexpected_errors_are_500_problems_without_traceback(
    api, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wertung import dwz

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(dwz, "upgrade", broken)
    response = api.post("/api/v1/dwz/upgrade", json={"rating": 1500})
    assert response.status_code == 500 and response.headers["content-type"] == PROBLEM
    assert "boom" not in response.text and "Traceback" not in response.text


def test_unknown_api_route_is_a_problem(api) -> None:
    response = api.get("/api/v1/nothing")
    assert response.status_code == 404 and response.headers["content-type"] == PROBLEM

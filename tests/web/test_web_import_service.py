"""The import service: evaluate before storing, the byte-bounded cache, the bounded
evaluation, share links from the public URL, and restarting a failed import job."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from web_helpers import ILMENAU_EXAMPLE, client

from wertung.formats import tournament_json
from wertung.web import import_service, tournaments
from wertung.web.bounded import WorkTimeout


def _stored_count(web) -> int:
    with web.app.state.store._connect() as db:
        return db.execute("SELECT COUNT(*) FROM shared").fetchone()[0]


def _ilmenau() -> dict:
    return json.loads(ILMENAU_EXAMPLE.read_text(encoding="utf-8"))


def test_a_tournament_whose_evaluation_fails_is_not_stored(tmp_path: Path) -> None:
    web = client(tmp_path, work_timeout=0.001)  # the evaluation's worker cannot finish in time
    answer = web.post("/api/v1/tournament/evaluate?dsb_list=false", json=_ilmenau())
    assert answer.status_code in (422, 502, 503)
    problem = answer.json()
    assert "longer than" in problem["detail"] and "Traceback" not in answer.text
    assert _stored_count(web) == 0


def test_the_evaluation_runs_bounded_then_is_stored_and_cached(tmp_path: Path) -> None:
    web = client(tmp_path)
    answer = web.post("/api/v1/tournament/evaluate?dsb_list=false", json=_ilmenau())
    assert answer.status_code == 200, answer.text
    key = answer.json()["key"]
    assert _stored_count(web) == 1
    cache = web.app.state.evaluations
    assert (key, "") in cache and cache.bytes > 0
    again = web.get(f"/api/v1/tournaments/{key}?index.1=9")
    assert again.status_code == 200
    assert (key, "index.1=9") in cache and len(cache) == 2
    assert again.json()["corrections"] == "index.1=9"


def test_a_cache_hit_does_not_evaluate_again(tmp_path: Path, monkeypatch) -> None:
    web = client(tmp_path)
    key = web.post("/api/v1/tournament/evaluate?dsb_list=false", json=_ilmenau()).json()["key"]
    calls: list[str] = []

    def counting(settings, cancelled=None):
        return lambda tournament: calls.append("guard")

    monkeypatch.setattr(import_service, "guard_for", counting)
    assert web.get(f"/api/v1/tournaments/{key}").status_code == 200
    assert calls == []  # served from the cache
    assert web.get(f"/api/v1/tournaments/{key}?end_date=2024-12-01").status_code == 200
    assert calls == ["guard"]  # a new correction: evaluated (bounded) once


def test_a_failed_bounded_step_is_not_cached(tmp_path: Path) -> None:
    web = client(tmp_path, work_timeout=0.001)
    from wertung.web import enrich

    tournament = tournament_json.from_dict(_ilmenau())
    record = enrich.import_record(tournament, tmp_path, use_list=False)
    outcome = tournaments.evaluate(
        "k1",
        record,
        cache=web.app.state.evaluations,
        guard=import_service.guard_for(web.app.state.settings),
    )
    assert isinstance(outcome.error, WorkTimeout)
    assert len(web.app.state.evaluations) == 0


def test_store_evaluated_keeps_a_tournament_that_only_lacks_its_end_date(tmp_path: Path) -> None:
    web = client(tmp_path)
    data = _ilmenau()
    data.pop("end_date")
    tournament = tournament_json.from_dict(data)
    key, outcome = import_service.store_evaluated(web.app, tournament, "json", use_list=False)
    assert outcome.needs_end_date and web.app.state.store.get(key) is not None
    with pytest.raises(Exception) as caught:
        import_service.store_evaluated(
            web.app, tournament, "json", use_list=False, allow_missing_end_date=False
        )
    assert "end date" in str(caught.value)


def test_the_result_page_shares_the_public_url(tmp_path: Path) -> None:
    web = client(tmp_path, public_url="https://wertung.example.org/app")
    key = web.post("/api/v1/tournament/evaluate?dsb_list=false", json=_ilmenau()).json()["key"]
    html = web.get(f"/en/tournament/{key}").text
    assert f'value="https://wertung.example.org/app/en/tournament/{key}"' in html


def test_the_page_upload_of_a_refused_tournament_is_not_stored(tmp_path: Path) -> None:
    web = client(tmp_path, work_timeout=0.001)
    body = ILMENAU_EXAMPLE.read_bytes()
    answer = web.post("/en/tournament", files={"file": ("ilmenau.json", body)})
    assert answer.status_code == 422 and "longer than" in answer.text
    assert _stored_count(web) == 0


def _failed_job(web, link: str = "https://chess-results.com/tnr1.aspx") -> str:
    store = web.app.state.store
    job = store.new_job(link, "en")
    store.job_done(job, error="the connection was reset")
    return job


def test_a_failed_job_offers_start_again_and_runs_the_link_again(tmp_path: Path, monkeypatch):
    tournament = tournament_json.from_dict(_ilmenau())
    seen: list[str] = []

    def fake_import(link, **kw):
        seen.append(link)
        return tournament

    monkeypatch.setattr(tournaments, "import_link", fake_import)
    web = client(tmp_path)
    job = _failed_job(web)
    page = web.get(f"/en/tournament/jobs/{job}")
    assert "the connection was reset" in page.text
    assert (
        f'hx-post="/en/tournament/jobs/{job}/restart"' in page.text and "Start again" in page.text
    )
    german = web.get(f"/de/tournament/jobs/{job}").text
    assert "Erneut starten" in german
    started = web.post(f"/en/tournament/jobs/{job}/restart", headers={"HX-Request": "true"})
    assert started.status_code == 200 and "hx-get" in started.text
    new = started.text.split("tournament/jobs/")[1].split('"')[0]
    assert new != job
    for _ in range(100):
        state = web.app.state.store.job(new)
        if state["status"] != "running":
            break
        time.sleep(0.1)
    assert state["status"] == "done", state
    assert seen == ["https://chess-results.com/tnr1.aspx"]
    done = web.get(f"/en/tournament/jobs/{new}")
    assert done.headers["HX-Redirect"] == f"/en/tournament/{state['key']}"


def test_start_again_counts_for_the_rate_limit(tmp_path: Path) -> None:
    web = client(tmp_path, fetch_limit=0)
    job = _failed_job(web)
    answer = web.post(f"/en/tournament/jobs/{job}/restart", headers={"HX-Request": "true"})
    assert "imports per" in answer.text and "Start again" in answer.text
    assert web.app.state.store.job(job)["status"] == "failed"


def test_start_again_without_htmx_fills_the_form(tmp_path: Path) -> None:
    web = client(tmp_path)
    job = _failed_job(web, "https://chess-results.com/tnr777.aspx")
    answer = web.post(f"/de/tournament/jobs/{job}/restart")
    assert answer.status_code == 200
    assert 'value="https://chess-results.com/tnr777.aspx"' in answer.text
    assert web.post("/de/tournament/jobs/nosuchjob/restart").status_code == 404


def test_jobs_remember_their_language(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(tournaments, "import_link", lambda link, **kw: time.sleep(5))
    web = client(tmp_path)
    answer = web.post("/de/tournament/start", data={"link": "https://chess-results.com/tnr5.aspx"})
    job = answer.text.split("tournament/jobs/")[1].split('"')[0]
    assert web.app.state.store.job(job)["lang"] == "de"


def test_app_api_and_pages_share_the_import_service() -> None:
    import ast
    import inspect

    from wertung.web import app
    from wertung.web.api import calculator_routes, routes, tournament_routes
    from wertung.web.pages import history as history_pages
    from wertung.web.pages import tournament as tournament_pages

    for module in (
        routes,
        calculator_routes,
        tournament_routes,
        tournament_pages,
        history_pages,
        import_service,
    ):
        tree = ast.parse(inspect.getsource(module))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                assert node.module != "app", f"{module.__name__} imports from .app"
    assert app.fetch_tournament is import_service.fetch_tournament


def test_tournament_routes_are_matched_before_the_generic_page_routes(tmp_path: Path) -> None:
    web = client(tmp_path)
    assert web.get("/de/tournament").status_code == 200  # the import form (pages.py)
    assert web.get("/de/tournament/result").status_code == 404  # a key, not a live partial
    assert web.get("/de/tournament/0123456789abcdef0123").status_code == 404
    assert web.get("/en/dwz/result?rating=1500&index=5").status_code == 200
    assert web.post("/de/tournament/start", data={}).status_code == 200  # not a 405

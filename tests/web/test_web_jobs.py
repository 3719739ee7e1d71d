"""Finding 6: an import job whose worker died (kill -9) ends, and so does the page's polling;
an import queued from the page (issue 23) is finished by another worker process instead."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
import warnings
from pathlib import Path

import httpx
import pytest
from chessresults_midround import MIDROUND, crosstable_during
from pg_store import process_env
from web_helpers import client

from wertung.sources.chessresults import Client
from wertung.web import Settings, create_app
from wertung.web.web_store import WebStore

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

WORKER = """
import os, sys, time
from pathlib import Path
from wertung.storage.backend import open_database
from wertung.web.web_store import WebStore
url = os.environ.get("WERTUNG_DATABASE_URL", "")  # --store=postgresql: the directory's database
backend = open_database(url) if url else None
store = WebStore(Path(sys.argv[1]), job_stale=float(sys.argv[2]), backend=backend)
print(store.new_job("https://chess-results.com/tnr1.aspx", "en"), flush=True)
time.sleep(120)   # an import that never finishes
"""


def test_job_of_a_killed_worker_fails_and_polling_stops(tmp_path: Path) -> None:
    worker = subprocess.Popen(
        [sys.executable, "-c", WORKER, str(tmp_path), "0.6"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **process_env(tmp_path)},
    )
    try:
        job = worker.stdout.readline().strip()  # type: ignore[union-attr]
        assert job
        web = client(tmp_path, job_stale=0.6)
        time.sleep(1.5)  # longer than the stale time: the live worker's heartbeat keeps it alive
        running = web.get(f"/en/tournament/jobs/{job}")
        assert running.status_code == 200 and "hx-get" in running.text
        assert web.app.state.store.job(job)["status"] == "running"
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(10)
    time.sleep(1.2)
    answer = web.get(f"/en/tournament/jobs/{job}")
    assert answer.status_code == 200
    assert "hx-get" not in answer.text  # no further poll: the page stops
    assert "interrupted" in answer.text and "start the import again" in answer.text
    state = web.app.state.store.job(job)
    assert state["status"] == "failed" and "interrupted" in state["error"]
    # it can be started again for the same link
    again = web.app.state.store.restart_job(job)
    assert again and again != job
    assert web.app.state.store.job(again)["link"] == "https://chess-results.com/tnr1.aspx"


def test_job_past_its_deadline_fails_even_with_a_heartbeat(tmp_path: Path) -> None:
    store = WebStore(tmp_path, job_stale=30, job_timeout=0.3)
    job = store.new_job("https://chess-results.com/tnr2.aspx", "de")
    assert store.job(job)["status"] == "running"
    assert store.restart_job(job) is None  # only failed jobs restart
    time.sleep(0.5)
    state = store.job(job)
    assert state["status"] == "failed" and "zu lange" in state["error"]
    store.job_done(job, key="late")  # a late finish does not overwrite the failure
    assert store.job(job)["key"] is None


def test_finished_job_stays_finished(tmp_path: Path) -> None:
    store = WebStore(tmp_path, job_stale=0.2)
    job = store.new_job("https://chess-results.com/tnr3.aspx")
    store.job_progress(job, "page 1 of 3")
    store.job_done(job, key="abc")
    time.sleep(0.4)
    state = store.job(job)
    assert state["status"] == "done" and state["key"] == "abc"
    assert state["messages"] == ["page 1 of 3"]


def test_job_without_language_fails_in_both(tmp_path: Path) -> None:
    store = WebStore(tmp_path, job_timeout=0.01)
    job = store.new_job("https://chess-results.com/tnr4.aspx")
    time.sleep(0.05)
    error = store.job(job)["error"]
    assert "Der Import" in error and "The import" in error


@pytest.mark.sqlite_only("the web store's SQLite file of a version before the job columns")
def test_old_store_file_gets_the_new_job_columns(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "wertung-web.sqlite3") as db:
        db.execute(
            "CREATE TABLE jobs (id TEXT PRIMARY KEY, created REAL NOT NULL, link TEXT NOT NULL,"
            " messages TEXT NOT NULL DEFAULT '[]', key TEXT, error TEXT)"
        )
        db.execute("INSERT INTO jobs (id, created, link) VALUES ('old1', ?, 'x')", (time.time(),))
    store = WebStore(tmp_path, job_stale=0.5)
    assert store.job("old1")["status"] == "running"
    time.sleep(0.7)  # its worker (of the version before) never beats: judged from its start
    assert store.job("old1")["status"] == "failed"
    assert store.job(store.new_job("y"))["status"] == "running"


DYING = """
import os, sys, time
from pathlib import Path
from wertung.storage.backend import open_database
from wertung.web.web_store import WebStore
url = os.environ.get("WERTUNG_DATABASE_URL", "")  # --store=postgresql: the directory's database
backend = open_database(url) if url else None
store = WebStore(Path(sys.argv[1]), job_stale=float(sys.argv[2]), backend=backend)
job, claim = store.queue_job(sys.argv[3], "de", params={"client": "testclient"}, claim=True)
store.job_progress(job, "the run that is killed", owner=claim.owner)
print(job, flush=True)
time.sleep(120)   # killed in the middle of the import
"""


def _chess_results() -> Client:
    """chess-results.com for the British 2026 during round 6 (no network)."""
    table = crosstable_during(6)

    def handler(request: httpx.Request) -> httpx.Response:
        art = request.url.params.get("art", "")
        if art == "0":
            return httpx.Response(
                200, text=table.replace("art=5&amp;flag=30", "art=0&amp;flag=30", 1)
            )
        if art == "5":
            return httpx.Response(200, text=table)
        if art == "2" and request.url.params.get("rd") == "6":
            return httpx.Response(200, content=MIDROUND[6].read_bytes())
        return httpx.Response(200, text="nothing here")

    return Client(
        transport=httpx.MockTransport(handler), cache=False, min_interval=0, max_retries=0
    )


def test_a_queued_import_of_a_killed_worker_is_finished_by_another(tmp_path: Path) -> None:
    link = "https://chess-results.com/tnr1452107.aspx"
    worker = subprocess.Popen(
        [sys.executable, "-c", DYING, str(tmp_path), "0.6", link],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **process_env(tmp_path)},
    )
    try:
        job = worker.stdout.readline().strip()  # type: ignore[union-attr]
        assert job
    finally:
        os.kill(worker.pid, signal.SIGKILL)
        worker.wait(10)
    settings = Settings(data_dir=tmp_path, job_stale=0.6, chessresults_client=_chess_results)
    with TestClient(create_app(settings), follow_redirects=False) as web:  # its queue runs
        for _ in range(300):
            page = web.get(f"/de/tournament/jobs/{job}")
            assert page.status_code == 200 and "unterbrochen" not in page.text
            if "hx-redirect" in page.headers:
                break
            time.sleep(0.1)
        key = page.headers["hx-redirect"].rsplit("/", 1)[1]
        state = web.app.state.store.job(job)
        assert (state["status"], state["key"], state["attempts"]) == ("done", key, 2)
        assert state["messages"] and "the run that is killed" not in state["messages"]
        assert web.get(f"/de/tournament/{key}").status_code == 200

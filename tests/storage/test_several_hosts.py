"""Several hosts on one PostgreSQL database (issue 23): what one host stores, claims, counts and
paces, every host sees.

Two kinds of "host": two app objects in this process with pools of their own (quick: rate
limits, share links, a lost database), and two server processes on their own ports
(``host_app.py``, uvicorn like ``wertung serve``) importing from a local stand-in for
chess-results.com: 20 import jobs started on both are each done exactly once, the pacing
holds for both together, the purge runs once for both, and a job whose host is killed in
the middle of it is finished by the other, its page polled there showing the result.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from chessresults_midround import MIDROUND, crosstable_during

from wertung.storage import periodic
from wertung.storage.backend import PostgresBackend
from wertung.web import Settings, create_app
from wertung.web.web_store import PURGE_NAME, WebStore

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

HERE = Path(__file__).parent
LINK = "https://chess-results.com/tnr1452107.aspx"
TABLE = crosstable_during(6)
EVENT = {
    "name": "Club",
    "end_date": "2026-09-01",
    "players": [{"id": "1", "dwz": 1500, "index": 5}, {"id": "2", "dwz": 1600, "index": 12}],
    "games": [{"round": 1, "white": "1", "black": "2", "result": "½-½"}],
}


def _host(url: str, tmp_path: Path, name: str, **settings: object) -> TestClient:
    """An app object of its own with a pool of its own on ``url``."""
    app = create_app(Settings(data_dir=tmp_path / name, database_url=url, **settings))
    app.state.store = WebStore(tmp_path / name, backend=PostgresBackend(url, pool_size=2))
    return TestClient(app, raise_server_exceptions=False, follow_redirects=False)


def test_a_result_stored_on_one_host_is_shared_from_the_other(pg_url, tmp_path: Path) -> None:
    one, other = _host(pg_url, tmp_path, "a"), _host(pg_url, tmp_path, "b")
    import json

    answer = one.post(
        "/api/v1/tournament/file", files={"file": ("club.json", json.dumps(EVENT).encode())}
    )
    assert answer.status_code == 200
    key = answer.json()["key"]
    shared = other.get(f"/api/v1/tournaments/{key}")
    assert shared.status_code == 200 and shared.json()["name"] == "Club"
    assert other.get(f"/en/tournament/{key}").status_code == 200


def test_the_rate_limit_is_one_for_both_hosts(pg_url, tmp_path: Path) -> None:
    class Offline:
        def fetch(self, *args: object, **kwargs: object) -> None:
            from wertung import SourceError

            raise SourceError("offline in tests", code="untranslated", params={"text": "x"})

    hosts = [
        _host(pg_url, tmp_path, name, chessresults_client=lambda: Offline(), fetch_limit=3)
        for name in ("a", "b")
    ]
    codes = [hosts[i % 2].post("/api/v1/tournament/link", json={"link": "1342553"}).status_code
             for i in range(5)]  # fmt: skip
    assert codes == [502, 502, 502, 429, 429]


def test_a_lost_database_is_a_503_in_the_users_language_and_recovers(
    pg_cluster, pg_url, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WERTUNG_DATABASE_TIMEOUT", "1")
    host = _host(pg_url, tmp_path, "a")
    key = host.app.state.store.put(EVENT)
    assert host.get(f"/de/tournament/{key}").status_code == 200
    pg_cluster.stop()
    try:
        page = host.get(f"/de/tournament/{key}")
        assert page.status_code == 503 and page.headers["retry-after"] == "5"
        assert "Datenbank dieses Servers ist gerade nicht erreichbar" in page.text
        assert "Traceback" not in page.text
        english = host.get(f"/en/tournament/{key}")
        assert english.status_code == 503 and "database cannot be reached" in english.text
        api = host.get(f"/api/v1/tournaments/{key}", headers={"accept-language": "de"})
        assert api.status_code == 503 and api.json()["code"] == "store.unavailable"
        assert "nicht erreichbar" in api.json()["detail"]
        assert api.json()["texts"]["en"].startswith("the database postgresql://")
    finally:
        pg_cluster.start()
    for _ in range(20):  # the pool reconnects by itself: no restart of the app
        if host.get(f"/de/tournament/{key}").status_code == 200:
            break
        time.sleep(0.25)
    assert host.get(f"/de/tournament/{key}").status_code == 200


def test_check_database_says_reachable_and_the_version(pg_cluster, pg_url, tmp_path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(HERE.parents[1] / "src"),
        "WERTUNG_DATA_DIR": str(tmp_path),
    }
    env.pop("WERTUNG_DATABASE_URL", None)
    command = [sys.executable, "-c", "from wertung.cli import main; main()"]
    WebStore(tmp_path, backend=PostgresBackend(pg_url, pool_size=1))  # made: web at version 2
    ok = subprocess.run([*command, "serve", "--check-database", "--database-url", pg_url],
                        env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert "Store reachable: postgresql://" in ok.stdout and "web 2" in ok.stdout
    down = subprocess.run(
        [*command, "--lang", "de", "serve", "--check-database", "--database-url",
         pg_cluster.url("postgres").replace(str(pg_cluster.port), str(_free_port()))],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert down.returncode == 1 and "nicht erreichbar" in down.stderr
    assert "Traceback" not in down.stderr
    sqlite = subprocess.run([*command, "serve", "--check-database"], env=env,
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert sqlite.returncode == 0 and "(sqlite)" in sqlite.stdout


# -- two server processes ----------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ChessResults:
    """A local stand-in for chess-results.com: the British 2026 during round 6.

    Records when each request started and ended; a request for ``art=5`` waits for
    ``gate`` while it is set up (to hold an import while its host is killed).
    """

    def __init__(self) -> None:
        self.times: list[tuple[float, float]] = []
        self.lock = threading.Lock()
        self.gate: threading.Event | None = None
        self.held = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                started = time.monotonic()
                query = parse_qs(urlsplit(self.path).query)
                art = query.get("art", [""])[0]
                if art == "5" and outer.gate is not None:
                    outer.held.set()
                    outer.gate.wait(30)
                if art == "0":
                    body = TABLE.replace("art=5&amp;flag=30", "art=0&amp;flag=30", 1).encode()
                elif art == "5":
                    body = TABLE.encode()
                elif art == "2" and query.get("rd") == ["6"]:
                    body = MIDROUND[6].read_bytes()
                else:
                    body = b"nothing here"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                with outer.lock:
                    outer.times.append((started, time.monotonic()))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Host:
    """``host_app.py`` on a port of its own."""

    def __init__(self, url: str, origin: str, data: Path) -> None:
        self.port = _free_port()
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                [str(HERE.parents[1] / "src"), str(HERE.parent / "support")]
            ),
        }
        env.pop("WERTUNG_DATABASE_URL", None)
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "host_app.py"), url, str(self.port), origin, str(data)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=60)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.http.get("/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"host did not start: {self.process.stderr.read()!r}")  # type: ignore[union-attr]
            time.sleep(0.1)

    def start_import(self) -> str:
        answer = self.http.post("/en/tournament/start", data={"link": LINK})
        assert answer.status_code == 200, answer.text[:500]
        return re.search(r"tournament/jobs/(\w+)", answer.text).group(1)  # type: ignore[union-attr]

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def close(self) -> None:
        self.http.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def two_hosts(pg_url, tmp_path: Path):
    site = ChessResults()
    hosts = [Host(pg_url, site.origin, tmp_path / name) for name in ("a", "b")]
    observer = WebStore(tmp_path / "observer", backend=PostgresBackend(pg_url, pool_size=2),
                        job_stale=1.0)  # fmt: skip
    try:
        yield hosts, site, observer
    finally:
        for host in hosts:
            host.close()
        site.close()
        observer.backend.close()


def _wait(observer: WebStore, jobs: list[str], timeout: float = 120) -> list[dict]:
    deadline = time.monotonic() + timeout
    while True:
        states = [observer.job(job) for job in jobs]
        if all(s["status"] != "running" for s in states) or time.monotonic() > deadline:
            return states
        time.sleep(0.2)


def test_twenty_jobs_on_two_hosts_each_done_once_and_paced_together(two_hosts) -> None:
    hosts, site, observer = two_hosts
    jobs = [hosts[i % 2].start_import() for i in range(20)]
    assert len(set(jobs)) == 20
    states = _wait(observer, jobs)
    assert [s["status"] for s in states] == ["done"] * 20, [s["error"] for s in states]
    keys = {s["key"] for s in states}
    assert len(keys) == 1  # the same tournament each time: one stored result
    assert len(site.times) == 20 * 4  # 4 views per import: no job ran twice
    spans = sorted(site.times)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start >= end  # one request at a time for both hosts together
        assert start - end >= 0.05 * 0.9  # and the pacing interval between them
    (key,) = keys
    for host in hosts:  # the result of any host's import, shared from both
        assert host.http.get(f"/api/v1/tournaments/{key}").status_code == 200
    # both hosts purged when they started and with every result stored: once for both
    assert periodic.runs(observer.backend, PURGE_NAME) == 1


def test_a_job_of_a_killed_host_is_finished_by_the_other(two_hosts) -> None:
    (one, other), site, observer = two_hosts
    site.gate = threading.Event()
    job = one.start_import()  # run by the first host at once (claimed when it was made)
    assert site.held.wait(60)  # the import is under way on the first host
    one.kill()
    site.gate.set()
    site.gate = None
    # the other host takes the job over once the first one's beat is a second old; the page
    # polled there shows the progress until the result, never an interruption
    deadline = time.monotonic() + 60
    while True:
        page = other.http.get(f"/en/tournament/jobs/{job}", headers={"hx-request": "true"})
        assert page.status_code == 200 and "interrupted" not in page.text, page.text[:500]
        if "hx-redirect" in page.headers or time.monotonic() > deadline:
            break
        assert "hx-get" in page.text  # polled on
        time.sleep(0.2)
    target = page.headers["hx-redirect"]
    key = target.rsplit("/", 1)[1]
    state = observer.job(job)
    assert (state["status"], state["key"], state["attempts"]) == ("done", key, 2)
    result = other.http.get(target)
    assert result.status_code == 200 and "British" in result.text
    assert observer.job(job)["key"] == key  # finished once: the key stays

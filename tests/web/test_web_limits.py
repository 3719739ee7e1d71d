"""Finding 2 and 7: request bodies over the limit or too slow, tournament size, bounded work."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest
from web_helpers import ROOT, client

from wertung.web import Settings, create_app

TRF = ROOT / "data" / "trf" / "skl_example1_karl_mala_2005.trf"


def test_file_over_the_limit_is_refused_not_shortened(tmp_path: Path) -> None:
    content = TRF.read_bytes()
    web = client(tmp_path, max_upload=len(content) - 300)  # the file is 300 bytes too large
    files = {"file": ("karl.trf", content, "text/plain")}
    api = web.post("/api/v1/tournament/file", files=files)
    assert api.status_code == 413, api.text[:300]
    assert api.headers["content-type"] == "application/problem+json"
    assert "at most" in api.json()["detail"]
    for lang, words in (("de", "zu groß"), ("en", "too large")):
        page = web.post(f"/{lang}/tournament", files=files)
        assert page.status_code == 413 and words in page.text
        assert (
            "There is no such page" not in page.text
            and "Diese Seite gibt es nicht" not in page.text
        )
    # nothing was stored under a shareable key
    with web.app.state.store.backend.connect() as db:  # the SQLite file or the database
        assert db.execute("SELECT COUNT(*) FROM shared").fetchone() == (0,)


def test_file_within_the_limit_is_read_whole(tmp_path: Path) -> None:
    content = TRF.read_bytes()
    web = client(tmp_path, max_upload=len(content) + 1024)
    answer = web.post("/en/tournament", files={"file": ("karl.trf", content)})
    assert answer.status_code == 303, answer.text[:300]
    key = answer.headers["location"].rsplit("/", 1)[1]
    stored = json.dumps(web.app.state.store.get(key), ensure_ascii=False)
    last = [line for line in content.decode("latin-1").splitlines() if line.startswith("001")][-1]
    assert last[14:47].strip() in stored  # the last player of the file is there


def test_streamed_body_over_the_limit_is_413(tmp_path: Path) -> None:
    web = client(tmp_path, max_upload=1000)

    def chunks():
        for _ in range(20):
            yield b"x" * 100

    answer = web.post(
        "/api/v1/tournament/evaluate",
        content=chunks(),
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 413
    assert answer.json()["type"] == "/api/v1/problems/too-large"
    page = web.post(
        "/en/tournament",
        content=chunks(),
        headers={"content-type": "multipart/form-data; boundary=xyz"},
    )
    assert page.status_code == 413 and "too large" in page.text


def test_language_of_the_refusal_from_accept_language(tmp_path: Path) -> None:
    web = client(tmp_path, max_upload=10)
    answer = web.post("/healthz", content=b"x" * 100, headers={"accept-language": "en-GB"})
    assert answer.status_code == 413 and "too large" in answer.text
    answer = web.post("/healthz", content=b"x" * 100, headers={"accept-language": "de-DE"})
    assert answer.status_code == 413 and "zu groß" in answer.text


# -- a real server: chunked uploads and slow bodies ------------------------------------------


@pytest.fixture
def server(tmp_path: Path):
    import uvicorn

    from wertung.web.server import NoDelayProtocol

    app = create_app(Settings(data_dir=tmp_path, max_upload=4096, body_timeout=0.6))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="warning", lifespan="off", http=NoDelayProtocol)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.02)
    yield sock.getsockname()[1]
    srv.should_exit = True
    thread.join(10)
    sock.close()


def test_chunked_upload_over_the_limit_real_server(server: int) -> None:
    def chunks():  # a well-formed multipart upload whose file part goes past the limit
        yield b'--b\r\nContent-Disposition: form-data; name="file"; filename="a.trf"\r\n\r\n'
        for _ in range(10):
            yield b"7" * 1000

    answer = httpx.post(
        f"http://127.0.0.1:{server}/api/v1/tournament/file",
        content=chunks(),
        headers={"content-type": "multipart/form-data; boundary=b"},
        timeout=10,
    )
    assert answer.status_code == 413
    assert answer.headers["content-type"] == "application/problem+json"


def _raw(port: int, request: bytes, wait: float) -> tuple[bytes, float]:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as conn:
        conn.sendall(request)
        data = b""
        try:
            while chunk := conn.recv(65536):
                data += chunk
        except TimeoutError:
            pass
    return data, time.monotonic() - started


def test_slow_upload_is_cut_after_the_body_timeout(server: int) -> None:
    head = (
        b"POST /en/tournament HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; "
        b"boundary=b\r\nContent-Length: 3000\r\n\r\n--b\r\n"
    )  # and then nothing more
    data, took = _raw(server, head, wait=5)
    assert data.startswith(b"HTTP/1.1 408"), data[:200]
    assert b"too slowly" in data
    assert took < 4  # answered and closed at the timeout, not held open


# -- tournament size ------------------------------------------------------------------------


def _karl():
    from wertung.web import tournaments

    return tournaments.from_upload("karl.trf", TRF.read_bytes())


def test_check_size_refuses_before_the_work() -> None:
    from wertung.web.limits import TournamentTooLarge, check_size

    tournament = _karl()
    check_size(tournament, Settings())  # the defaults take a real 284-player open
    for limits, field in (
        ({"max_players": 283}, "players"),
        ({"max_rounds": 5}, "rounds"),
        ({"max_games": 100}, "games"),
    ):
        with pytest.raises(TournamentTooLarge) as caught:
            check_size(tournament, Settings(**limits))
        assert caught.value.field == field and "at most" in caught.value.message


def test_chess_results_import_is_checked_for_size(monkeypatch: pytest.MonkeyPatch) -> None:
    from wertung.web import import_service as app_module
    from wertung.web import tournaments
    from wertung.web.limits import TournamentTooLarge

    tournament = _karl()
    monkeypatch.setattr(tournaments, "import_link", lambda link, **kw: tournament)
    assert app_module.run_import(Settings(), "tnr1") is tournament
    with pytest.raises(TournamentTooLarge):
        app_module.run_import(Settings(max_players=10), "tnr1")


# -- bounded work ----------------------------------------------------------------------------


def sleepy(seconds: float) -> str:
    time.sleep(seconds)
    return "woke"


def hungry(megabytes: int) -> int:
    block = bytearray(megabytes * 1024 * 1024)
    return len(block)


def test_run_bounded_returns_and_reraises_engine_errors() -> None:
    from wertung.kernel.errors import FormatError
    from wertung.web import tournaments
    from wertung.web.bounded import run_bounded

    parsed = run_bounded(tournaments.from_upload, "karl.trf", TRF.read_bytes(), timeout=60)
    assert len(parsed.players) == 284
    with pytest.raises(FormatError) as caught:
        run_bounded(tournaments.from_upload, "x.trf", b"   ", timeout=60)
    assert caught.value.field == "file" and "empty" in caught.value.message


def test_run_bounded_stops_at_the_deadline() -> None:
    from wertung.web.bounded import WorkTimeout, run_bounded

    started = time.monotonic()
    with pytest.raises(WorkTimeout) as caught:
        run_bounded(sleepy, 30, timeout=0.5)
    # the work sleeps 30 s: stopped at the deadline, not after it
    assert time.monotonic() - started < 25 and caught.value.field == "file"


def test_run_bounded_stops_when_cancelled() -> None:
    from wertung.web.bounded import WorkCancelled, run_bounded

    asked = time.monotonic()
    with pytest.raises(WorkCancelled):
        run_bounded(sleepy, 30, timeout=60, cancelled=lambda: time.monotonic() - asked > 0.3)


def test_run_bounded_memory_limit() -> None:
    from wertung.web.bounded import WorkOutOfMemory, run_bounded

    assert run_bounded(hungry, 10, timeout=60, memory_mb=1024) == 10 * 1024 * 1024
    with pytest.raises(WorkOutOfMemory, match="1024 MiB"):
        run_bounded(hungry, 4096, timeout=60, memory_mb=1024)


def test_read_upload_parses_within_the_limits(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from wertung.web.limits import TournamentTooLarge
    from wertung.web.uploads import read_upload

    def request(**limits: object) -> SimpleNamespace:
        settings = Settings(data_dir=tmp_path, **limits)
        return SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(settings=settings)))

    tournament = read_upload(request(), "karl.trf", TRF.read_bytes())
    assert len(tournament.players) == 284
    with pytest.raises(TournamentTooLarge):
        read_upload(request(max_games=10), "karl.trf", TRF.read_bytes())

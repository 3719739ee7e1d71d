"""uvicorn's timeouts as ``wertung serve`` sets them (issue 22): the workers' health check,
idle keep-alive connections, and connections that are slow to send their headers."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from wertung.web import Settings, server


async def _hello(scope, receive, send) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", b"2")]})  # fmt: skip
    await send({"type": "http.response.body", "body": b"hi"})


@pytest.fixture
def serving(monkeypatch: pytest.MonkeyPatch):
    import uvicorn

    monkeypatch.setattr(server.NoDelayProtocol, "header_timeout", 0.3)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    kwargs = server.options("127.0.0.1", 0, 1, settings=Settings(keep_alive_timeout=30))
    for name in ("host", "port", "workers", "log_level"):
        kwargs.pop(name)
    config = uvicorn.Config(_hello, log_level="warning", lifespan="off", **kwargs)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(500):
        if srv.started:
            break
        time.sleep(0.02)
    assert srv.started
    yield sock.getsockname()[1]
    srv.should_exit = True
    thread.join(10)
    sock.close()


def _connect(port: int) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=20)
    conn.settimeout(20)  # far longer than the header timeout: only the server closes it
    return conn


def _read_all(conn: socket.socket) -> bytes:
    data = b""
    while True:
        chunk = conn.recv(4096)
        if not chunk:
            return data
        data += chunk


def test_settings_reach_uvicorns_config() -> None:
    options = server.options("127.0.0.1", 8000, 2, settings=Settings())
    assert options["timeout_worker_healthcheck"] == 60
    assert options["timeout_keep_alive"] == 5
    assert options["h11_max_incomplete_event_size"] == 16 * 1024
    custom = Settings(worker_healthcheck_timeout=120, keep_alive_timeout=2)
    options = server.options("127.0.0.1", 8000, 2, settings=custom)
    assert options["timeout_worker_healthcheck"] == 120 and options["timeout_keep_alive"] == 2
    import inspect

    import uvicorn

    accepted = inspect.signature(uvicorn.Config).parameters
    assert all(name in accepted for name in options)


def test_the_environment_sets_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WERTUNG_WORKER_HEALTHCHECK_TIMEOUT", "90")
    monkeypatch.setenv("WERTUNG_KEEP_ALIVE_TIMEOUT", "3")
    monkeypatch.setenv("WERTUNG_HEADER_TIMEOUT", "7.5")
    s = Settings.from_env()
    assert (s.worker_healthcheck_timeout, s.keep_alive_timeout, s.header_timeout) == (90, 3, 7.5)
    monkeypatch.setenv("WERTUNG_WORKER_HEALTHCHECK_TIMEOUT", "0")
    with pytest.raises(ValueError, match="WERTUNG_WORKER_HEALTHCHECK_TIMEOUT"):
        Settings.from_env()


def test_a_connection_that_sends_nothing_is_closed(serving: int) -> None:
    with _connect(serving) as conn:
        assert _read_all(conn) == b""


def test_headers_sent_too_slowly_are_cut(serving: int) -> None:
    with _connect(serving) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and the rest never comes
        assert _read_all(conn) == b""


def test_a_request_in_time_is_answered_then_the_idle_connection_closed(serving: int) -> None:
    with _connect(serving) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        # keep-alive is 30 s here: the header deadline after the answer closes it
        answer = _read_all(conn)
        assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"hi")


def test_requests_one_after_another_are_each_answered(serving: int) -> None:
    with _connect(serving) as conn:
        request = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        conn.sendall(request + request + b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert _read_all(conn).count(b"HTTP/1.1 200") == 3


def test_headers_growing_past_16_kib_are_refused(serving: int) -> None:
    with _connect(serving) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (20 * 1024))
        assert _read_all(conn).startswith(b"HTTP/1.1 400")

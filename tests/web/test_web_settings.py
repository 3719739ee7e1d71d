"""Settings from the environment, the ASGI entry point and serve()."""

from __future__ import annotations

from pathlib import Path

import pytest

from wertung.web import Settings, serve


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WERTUNG_HOST", "0.0.0.0")
    monkeypatch.setenv("WERTUNG_PORT", "9000")
    monkeypatch.setenv("WERTUNG_ROOT_PATH", "/wertung/")
    monkeypatch.setenv("WERTUNG_MAX_UPLOAD", "1234")
    monkeypatch.setenv("WERTUNG_FETCH_LIMIT", "3")
    monkeypatch.setenv("WERTUNG_TRUST_PROXY", "yes")
    monkeypatch.setenv("WERTUNG_DATA_DIR", str(tmp_path))
    settings = Settings.from_env(port=9001)
    assert (settings.host, settings.port, settings.root_path) == ("0.0.0.0", 9001, "/wertung")
    assert settings.max_upload == 1234 and settings.fetch_limit == 3 and settings.trust_proxy
    assert settings.store_dir() == tmp_path


def test_bad_environment_value_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WERTUNG_PORT", "eighty")
    with pytest.raises(ValueError, match="WERTUNG_PORT"):
        Settings.from_env()


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_passes_settings_to_uvicorn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from wertung.web import server

    calls: list[tuple[object, dict]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    monkeypatch.setattr(server, "_run_workers", lambda held, kw: calls.append((held, kw)))
    # serve() hands the settings to the workers through the environment: restored afterwards
    monkeypatch.setenv("WERTUNG_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("WERTUNG_ROOT_PATH", "")
    monkeypatch.setenv("WERTUNG_DATABASE_URL", "")  # restored: set by serve() on PostgreSQL
    monkeypatch.delenv("WERTUNG_DATABASE_URL")
    port = _free_port()
    serve(port=port, settings=Settings(data_dir=tmp_path))
    app, options = calls[0]
    assert options["host"] == "127.0.0.1" and options["port"] == port
    assert hasattr(app, "openapi")
    # several workers: one socket each where the kernel spreads connections (Linux) ...
    monkeypatch.setattr(server, "reuse_port_spreads", lambda: True)
    serve(port=port, workers=3, settings=Settings(data_dir=tmp_path))
    held, options = calls[1]
    assert isinstance(held, server.HeldPort) and held.getsockname()[1] == port
    assert options["workers"] == 3
    held.close()
    # ... else uvicorn's one shared socket, as before
    monkeypatch.setattr(server, "reuse_port_spreads", lambda: False)
    serve(port=port, workers=3, settings=Settings(data_dir=tmp_path))
    app, options = calls[2]
    assert app == "wertung.web.asgi:app" and options["workers"] == 3
    for _app, options in calls:
        assert options["http"] is server.NoDelayProtocol and options["proxy_headers"] is False


@pytest.mark.parametrize("reuse_port", [True, False], ids=["own-sockets", "shared-socket"])
def test_serve_gives_the_workers_the_database(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, reuse_port: bool
) -> None:
    """Several workers read their settings from the environment: the database too (issue 23;
    before, a ``database_url`` given in code was lost and each worker used the SQLite files)."""
    import os

    import uvicorn

    from wertung.web import server

    seen: list[str | None] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.append(os.environ.get(URL_ENV)))
    monkeypatch.setattr(
        server,
        "_run_workers",
        lambda held, kw: held.close() or seen.append(os.environ.get(URL_ENV)),
    )
    monkeypatch.setattr(server, "reuse_port_spreads", lambda: reuse_port)
    for name in ("WERTUNG_DATA_DIR", "WERTUNG_ROOT_PATH", "WERTUNG_HEADER_TIMEOUT", URL_ENV):
        monkeypatch.setenv(name, "")  # each restored afterwards, unset while serve() runs
        monkeypatch.delenv(name)
    url = "postgresql://wertung@db.invalid:5432/site"
    serve(port=_free_port(), workers=2, settings=Settings(data_dir=tmp_path, database_url=url))
    assert seen == [url]


URL_ENV = "WERTUNG_DATABASE_URL"


class Offline:
    """A stand-in client: every fetch fails at once (no test reaches the internet)."""

    def fetch(self, *args: object, **kwargs: object) -> None:
        from wertung import SourceError

        raise SourceError(
            "offline in tests", code="untranslated", params={"text": "offline in tests"}
        )

    def close(self) -> None:
        pass


def _client(tmp_path: Path, peer: str, **settings: object):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from wertung.web import create_app

    app = create_app(Settings(data_dir=tmp_path, chessresults_client=Offline, **settings))
    return TestClient(
        app, raise_server_exceptions=False, follow_redirects=False, client=(peer, 40000)
    )


def _imports(web, forwarded: list[str]) -> list[int]:
    return [
        web.post(
            "/en/tournament",
            data={"link": "tnr1"},
            headers={"x-forwarded-for": value} if value else {},
        ).status_code
        for value in forwarded
    ]


def test_proxy_header_only_when_trusted(tmp_path: Path) -> None:
    headers = {"x-forwarded-for": "203.0.113.7"}
    for trusted in (False, True):
        web = _client(tmp_path / str(trusted), "127.0.0.1", fetch_limit=1, trust_proxy=trusted)
        first = web.post("/en/tournament", data={"link": "tnr1"})
        assert first.status_code == 422 and "offline in tests" in first.text
        again = web.post("/en/tournament", data={"link": "tnr1"}, headers=headers)
        # untrusted: the header is ignored, same client, limit reached; trusted: another client
        assert again.status_code == (422 if trusted else 429)


def test_forged_forwarded_for_does_not_bypass_the_limit(tmp_path: Path) -> None:
    """Finding 5: the client-controlled (left) part of X-Forwarded-For is never believed."""
    web = _client(tmp_path, "10.0.0.2", fetch_limit=3, trusted_proxies=("10.0.0.0/8",))
    # the proxy (10.0.0.2) appends the real client 198.51.100.9; the left part is forged
    forged = [f"203.0.113.{i}, 198.51.100.9" for i in range(6)]
    assert _imports(web, forged) == [422, 422, 422, 429, 429, 429]
    # behind two trusted proxies the right-most untrusted hop is still the client
    assert _imports(web, ["1.2.3.4, 198.51.100.9, 10.1.1.1"]) == [429]
    assert _imports(web, ["198.51.100.10"]) == [422]  # another real client


def test_forwarded_for_from_an_untrusted_peer_is_ignored(tmp_path: Path) -> None:
    web = _client(tmp_path, "192.0.2.50", fetch_limit=3, trusted_proxies=("10.0.0.0/8",))
    assert _imports(web, [f"203.0.113.{i}" for i in range(5)]) == [422, 422, 422, 429, 429]


def test_trusted_proxies_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WERTUNG_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.5,::1")
    assert Settings.from_env().proxies() == ("10.0.0.0/8", "192.168.1.5/32", "::1/128")
    monkeypatch.setenv("WERTUNG_TRUSTED_PROXIES", "10.0.0.0/8, proxy.local")
    with pytest.raises(ValueError, match=r"WERTUNG_TRUSTED_PROXIES.*proxy\.local"):
        Settings.from_env()
    monkeypatch.delenv("WERTUNG_TRUSTED_PROXIES")
    monkeypatch.setenv("WERTUNG_TRUST_PROXY", "1")
    assert Settings.from_env().proxies() == ("127.0.0.1/32", "::1/128")


def test_new_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    values = {
        "WERTUNG_PUBLIC_URL": "https://w.example/wertung/",
        "WERTUNG_BODY_TIMEOUT": "7.5",
        "WERTUNG_MAX_PLAYERS": "100",
        "WERTUNG_MAX_ROUNDS": "9",
        "WERTUNG_MAX_GAMES": "400",
        "WERTUNG_WORK_TIMEOUT": "20",
        "WERTUNG_WORK_MEMORY": "512",
        "WERTUNG_CACHE_MB": "32",
        "WERTUNG_JOB_STALE": "12",
        "WERTUNG_JOB_TIMEOUT": "600",
        "WERTUNG_SHARE_DAYS": "30",
        "WERTUNG_DSB_LIST": "AUTO",
        "WERTUNG_FRAME_ANCESTORS": "https://club.example",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    s = Settings.from_env()
    assert s.public_url == "https://w.example/wertung" and s.body_timeout == 7.5
    assert (s.max_players, s.max_rounds, s.max_games) == (100, 9, 400)
    assert (s.work_timeout, s.work_memory_mb, s.cache_mb) == (20, 512, 32)
    assert (s.job_stale, s.job_timeout, s.share_days) == (12, 600, 30)
    assert s.dsb_list == "auto" and s.frame_ancestors == "https://club.example"
    monkeypatch.setenv("WERTUNG_BODY_TIMEOUT", "inf")
    with pytest.raises(ValueError, match="WERTUNG_BODY_TIMEOUT"):
        Settings.from_env()


def test_defaults_cover_the_largest_real_events() -> None:
    s = Settings()
    assert s.max_players >= 2500 and s.max_rounds >= 15 and s.max_games >= 2500 * 15 // 2
    assert s.share_days == 180 and s.max_upload == 2 * 1024 * 1024


# -- a real uvicorn on loopback: TCP_NODELAY (issue 9) and the raw peer (finding 5) ----------


def _start(app: object, sock: object, **config: object):
    import threading
    import time

    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", **config))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    assert server.started
    return server, thread


def _stop(server, thread) -> None:
    server.should_exit = True
    thread.join(10)


def _bound_like_uvicorn_workers():
    import socket

    # what uvicorn's Config.bind_socket does for --workers: protocol number 0
    sock = socket.socket(family=socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


async def _nodelay_probe(scope, receive, send) -> None:
    import socket

    if scope["type"] != "http":
        return
    transport = receive.__self__.transport  # uvicorn's request cycle
    value = transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    body = str(int(bool(value))).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


@pytest.mark.parametrize("fixed", [False, True])
def test_accepted_connections_have_tcp_nodelay(fixed: bool) -> None:
    import httpx
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from wertung.web.server import NoDelayProtocol

    sock = _bound_like_uvicorn_workers()
    port = sock.getsockname()[1]
    server, thread = _start(_nodelay_probe, sock, http=NoDelayProtocol if fixed else H11Protocol)
    try:
        answer = httpx.get(f"http://127.0.0.1:{port}/", timeout=5).text
    finally:
        _stop(server, thread)
        sock.close()
    # uvicorn's own protocol on a worker socket leaves Nagle on; ours switches it off
    assert answer == ("1" if fixed else "0")


def test_uvicorn_proxy_headers_do_not_change_the_client(tmp_path: Path) -> None:
    """Plain uvicorn (proxy_headers on, 127.0.0.1 trusted) must not let a forged header in."""
    import httpx

    from wertung.web import create_app

    app = create_app(Settings(data_dir=tmp_path, fetch_limit=1, chessresults_client=Offline))
    sock = _bound_like_uvicorn_workers()
    port = sock.getsockname()[1]
    server, thread = _start(app, sock, proxy_headers=True, forwarded_allow_ips="127.0.0.1")
    try:
        url = f"http://127.0.0.1:{port}/en/tournament"
        codes = [
            httpx.post(
                url,
                data={"link": "tnr1"},
                headers={"x-forwarded-for": f"203.0.113.{i}"},
                timeout=10,
            ).status_code
            for i in range(3)
        ]
    finally:
        _stop(server, thread)
        sock.close()
    assert codes == [422, 429, 429]


# -- the DSB list refresh at start-up -----------------------------------------------------------


class _FakeRefresh:
    def __init__(self, store: object) -> None:
        self.store = store
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


def _fake_module(monkeypatch: pytest.MonkeyPatch, started: list[_FakeRefresh]) -> None:
    import sys
    import types

    module = types.ModuleType("wertung.sources.dsb_download")

    def start_daily_refresh(store: object, **kwargs: object) -> _FakeRefresh:
        started.append(_FakeRefresh(store))
        return started[-1]

    module.start_daily_refresh = start_daily_refresh  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "wertung.sources.dsb_download", module)


def test_dsb_refresh_starts_once_with_auto(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from web_helpers import client

    from wertung.sources.store import Store

    started: list[_FakeRefresh] = []
    _fake_module(monkeypatch, started)
    with client(tmp_path / "off"):
        pass
    assert started == []  # off by default
    with client(tmp_path, dsb_list="auto") as first, client(tmp_path, dsb_list="auto"):
        # a second worker on the same data directory does not start another refresh
        assert len(started) == 1 and first.get("/healthz").status_code == 200
        assert started[0].store.path == Store(tmp_path).path  # its file, or its database
    assert started[0].stopped  # stopped with the app


def test_dsb_refresh_missing_module_is_logged(tmp_path: Path, monkeypatch, caplog) -> None:
    import sys

    from web_helpers import client

    monkeypatch.setitem(sys.modules, "wertung.sources.dsb_download", None)  # import fails
    with client(tmp_path, dsb_list="auto") as web:
        assert web.get("/healthz").status_code == 200
    assert "not available" in caplog.text


def test_dsb_refresh_real_module_has_the_entry_point() -> None:
    import importlib

    module = importlib.import_module("wertung.sources.dsb_download")
    assert callable(module.start_daily_refresh)

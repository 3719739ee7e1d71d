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


def test_serve_passes_settings_to_uvicorn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    calls: list[tuple[object, dict]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    serve(port=8123, settings=Settings(data_dir=tmp_path))
    app, options = calls[0]
    assert options["host"] == "127.0.0.1" and options["port"] == 8123
    assert hasattr(app, "openapi")
    serve(workers=3, settings=Settings(data_dir=tmp_path))
    app, options = calls[1]
    assert app == "wertung.web.asgi:app" and options["workers"] == 3


class Offline:
    """A stand-in client: every fetch fails at once (no test reaches the internet)."""

    def fetch(self, *args: object, **kwargs: object) -> None:
        from wertung import SourceError

        raise SourceError("offline in tests")

    def close(self) -> None:
        pass


def test_proxy_header_only_when_trusted(tmp_path: Path) -> None:
    from web_helpers import client

    headers = {"x-forwarded-for": "203.0.113.7"}
    for trusted in (False, True):
        web = client(tmp_path / str(trusted), fetch_limit=1, trust_proxy=trusted,
                     chessresults_client=Offline)  # fmt: skip
        first = web.post("/en/tournament", data={"link": "tnr1"})
        assert first.status_code == 422 and "offline in tests" in first.text
        again = web.post("/en/tournament", data={"link": "tnr1"}, headers=headers)
        # untrusted: the header is ignored, same client, limit reached; trusted: another client
        assert again.status_code == (422 if trusted else 429)

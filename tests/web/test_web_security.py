"""Findings 3, 8 and 9: no 500 from odd input, security headers, safe redirects, HEAD/405, problems.

Each test fails on the code before the hardening (NaN → 500, surrogate → 500,
no CSP, ``Location`` from the Host header, HEAD → 405, 405 without ``Allow``,
problem responses undocumented).
"""

from __future__ import annotations

import asyncio
import doctest
import importlib
import json
import re
from pathlib import Path

import httpx
import pytest
from web_helpers import SEED_QUERY, client

from wertung.web import Settings, create_app

SEED_BODY = {
    "rating": 1500,
    "index": 5,
    "end_date": "2026-09-01",
    "games": [{"opponent_rating": 1650, "result": "½"}, {"opponent_rating": 1400, "result": "1"}],
}
MY_MODULES = [
    "wertung.web.bounded",
    "wertung.web.cache",
    "wertung.web.clients",
    "wertung.web.edge_text",
    "wertung.web.jobs",
    "wertung.web.limits",
    "wertung.web.api.openapi",
    "wertung.web.security",
    "wertung.web.settings",
    "wertung.web.strict_json",
]


@pytest.mark.parametrize("name", MY_MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


# -- finding 3: non-finite numbers, lone surrogates, unexpected errors -------------------------


def _run_coroutine(coroutine) -> None:
    """``asyncio.run`` in a thread of its own: a browser test in the same worker may leave
    an event loop running in this one (Playwright's sync API)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def _post(web, path: str, text: str):
    return web.post(path, content=text.encode(), headers={"content-type": "application/json"})


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_development_factor_is_a_422_naming_the_field(web, literal: str) -> None:
    body = json.dumps(SEED_BODY)[:-1] + f', "development_factor": {literal}}}'
    answer = _post(web, "/api/v1/dwz/forecast", body)
    assert answer.status_code == 422, answer.text
    problem = answer.json()
    assert answer.headers["content-type"] == "application/problem+json"
    assert problem["field"] == "development_factor" and literal in problem["detail"]


def test_non_finite_result_in_a_game_names_the_game(web) -> None:
    body = json.dumps(SEED_BODY).replace('"result": "1"', '"result": NaN')
    problem = _post(web, "/api/v1/dwz/forecast", body).json()
    assert problem["status"] == 422 and problem["field"] == "games[1].result"


def test_lone_surrogate_is_refused_with_the_field(web) -> None:
    body = '{"name": "Open \\ud800", "players": [], "games": []}'
    answer = _post(web, "/api/v1/tournament/evaluate", body)
    assert answer.status_code == 422
    assert answer.json()["field"] == "name" and "surrogate" in answer.json()["detail"]
    # a proper pair (an emoji) is no lone surrogate
    pair = json.dumps(SEED_BODY)[:-1] + ', "note": "\\ud83d\\ude00"}'
    fine = _post(web, "/api/v1/dwz/forecast", pair)
    assert fine.status_code == 200


def test_store_guards_non_finite_numbers_and_surrogates(tmp_path: Path) -> None:
    from wertung.web.web_store import InvalidStoredData, WebStore

    store = WebStore(tmp_path)
    with pytest.raises(InvalidStoredData, match="not finite"):
        store.put({"name": "x", "k": float("inf")})
    key = store.put({"name": "Open \ud800"}, "file\udfff")
    assert store.get(key) == {"name": "Open \ufffd"}


def test_k_inf_on_the_page_is_no_500(web) -> None:
    for value in ("inf", "nan", "-Infinity"):
        for path in ("/de/dwz", "/de/dwz/result"):
            answer = web.get(f"{path}?{SEED_QUERY}&k={value}")
            assert answer.status_code < 500, (path, value)
            assert "Traceback" not in answer.text


def test_unexpected_errors_are_500_without_traceback(tmp_path: Path, monkeypatch) -> None:
    from wertung.web.api import calculator_routes as api
    from wertung.web.pages import calculators as pages

    def broken(*args, **kwargs):
        raise RuntimeError("secret internal detail")

    web = client(tmp_path)
    monkeypatch.setattr(api.dwz, "forecast", broken)
    answer = web.post("/api/v1/dwz/forecast", json=SEED_BODY)
    assert (
        answer.status_code == 500 and answer.headers["content-type"] == "application/problem+json"
    )
    assert "secret" not in answer.text and "Traceback" not in answer.text
    # a page whose error page fails as well still gets a 500 page (the last resort)
    monkeypatch.setattr(pages, "error_page", broken)
    monkeypatch.setattr(web.app.state.store, "get", broken)
    answer = web.get("/en/tournament/abc")
    assert answer.status_code == 500 and "unexpected error" in answer.text
    assert "secret" not in answer.text and "Traceback" not in answer.text
    assert answer.headers["content-security-policy"]


def test_last_resort_catches_errors_outside_the_routes() -> None:
    from wertung.web.app import LastResort

    async def exploding(scope, receive, send):
        raise RuntimeError("boom")

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "path": "/api/v1/x", "headers": [], "method": "GET"}
    _run_coroutine(LastResort(exploding)(scope, receive, send))
    assert sent[0]["status"] == 500
    assert json.loads(sent[1]["body"])["type"] == "/api/v1/problems/internal"


# -- finding 3 (redirects) and 8: Location, headers, CSP, public links --------------------------


def _asgi_get(app, path: str, headers: list[tuple[bytes, bytes]]) -> tuple[int, dict]:
    """One GET straight through ASGI (headers exactly as given, e.g. a broken Host)."""
    result: dict = {}

    async def run() -> None:
        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            if message["type"] == "http.response.start":
                result["status"] = message["status"]
                result["headers"] = {k.decode(): v.decode("latin-1") for k, v in message["headers"]}

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 80),
        }
        await app(scope, receive, send)

    _run_coroutine(run())
    return result["status"], result["headers"]


@pytest.mark.parametrize(
    "host", [b"evil.example", b"bad host", b"[::1", b"x:99999", "é.x".encode()]
)
def test_redirect_location_never_comes_from_the_host_header(tmp_path: Path, host: bytes) -> None:
    app = create_app(Settings(data_dir=tmp_path))
    for path in ("/de/dwz/", "/", "/en"):
        status, headers = _asgi_get(app, path, [(b"host", host)])
        assert status in (301, 302, 303, 307, 308)
        location = headers["location"]
        assert location.startswith("/") and not location.startswith("//")
        httpx.URL(location)  # parseable
        assert "evil" not in location


def test_security_headers_on_every_kind_of_response(tmp_path: Path) -> None:
    web = client(tmp_path, max_upload=100)
    answers = [
        web.get("/de/dwz"),
        web.get("/de/nothing-here"),
        web.get("/static/app.js"),
        web.get("/api/openapi.json"),
        web.post("/api/v1/dwz/forecast", json={}),
        web.post("/api/v1/dwz/forecast", content=b"x" * 200),
        web.request("TRACE", "/de/dwz"),
        web.get("/healthz"),
    ]
    for answer in answers:
        h = answer.headers
        assert "frame-ancestors 'none'" in h["content-security-policy"], answer.url
        assert h["x-content-type-options"] == "nosniff"
        assert h["x-frame-options"] == "DENY"
        assert h["referrer-policy"] == "same-origin"


def test_frame_ancestors_setting(tmp_path: Path) -> None:
    web = client(tmp_path, frame_ancestors="https://club.example")
    h = web.get("/de/dwz").headers
    assert "frame-ancestors https://club.example" in h["content-security-policy"]
    assert "x-frame-options" not in h


INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.I)


def test_pages_need_no_inline_script_or_style(web) -> None:
    paths = [
        "/de/dwz",
        "/en/first-dwz",
        "/de/elo",
        "/en/upgrade",
        "/de/tournament",
        f"/de/dwz?{SEED_QUERY}",
        f"/en/elo?{SEED_QUERY}",
        f"/de/dwz/result?{SEED_QUERY}",
    ]
    for path in paths:
        answer = web.get(path)
        assert answer.status_code == 200, path
        assert not INLINE.findall(answer.text), (path, INLINE.findall(answer.text))
        assert "script-src 'self';" in answer.headers["content-security-policy"]


def test_htmx_indicator_style_hash_matches_the_vendored_htmx() -> None:
    from wertung.web.security import HTMX_INDICATOR_STYLE

    source = (Path(__file__).parents[2] / "src/wertung/web/static/htmx.min.js").read_text()
    template = HTMX_INDICATOR_STYLE.replace("htmx-indicator", "${t}").replace(
        "htmx-request", "${n}"
    )
    pieces = re.findall(
        r"`([^`]*)`", source[source.index("includeIndicatorStyles!==false") :][:600]
    )
    assert "".join(p for p in pieces if "${t}" in p) == template


def test_api_docs_policy_allows_exactly_its_inline_script(web) -> None:
    from wertung.web.security import csp_hash

    answer = web.get("/api/docs")
    (script,) = re.findall(r"<script>(.*?)</script>", answer.text, re.S)
    policy = answer.headers["content-security-policy"]
    assert csp_hash(script) in policy and "'unsafe-inline'" not in policy
    assert "validator.swagger.io" not in answer.text


def test_public_url(tmp_path: Path) -> None:
    from starlette.requests import Request

    from wertung.web.pages import calculators as pages
    from wertung.web.security import public_url

    for base, root, expected in (
        ("https://w.example/wertung", "", "https://w.example/wertung/de/tournament/k1"),
        ("", "/wertung", "/wertung/de/tournament/k1"),
        ("", "", "/de/tournament/k1"),
    ):
        app = create_app(Settings(data_dir=tmp_path, public_url=base))
        scope = {
            "type": "http",
            "app": app,
            "root_path": root,
            "headers": [(b"host", b"evil")],
            "path": "/",
            "query_string": b"",
        }
        assert public_url(Request(scope), "de/tournament/k1") == expected
    assert pages.ENV.globals["public_url"] is public_url  # for the templates


# -- finding 9: HEAD, 405 with Allow, the API document -----------------------------------------


def test_head_wherever_get(web) -> None:
    for path in ("/de/dwz", "/en/tournament", "/api/v1/tables/k0", "/healthz", "/static/app.js"):
        get, head = web.get(path), web.head(path)
        assert head.status_code == get.status_code == 200, path
        assert (
            head.content == b"" and head.headers["content-length"] == get.headers["content-length"]
        )


def test_405_carries_allow(web) -> None:
    cases = {
        ("TRACE", "/de/dwz"): "GET, HEAD",
        ("DELETE", "/de/tournament"): "GET, HEAD, POST",
        ("GET", "/api/v1/dwz/forecast"): "POST",
        ("PUT", "/api/openapi.json"): "GET, HEAD",
        ("HEAD", "/api/v1/dwz/forecast"): "POST",
    }
    for (method, path), allow in cases.items():
        answer = web.request(method, path)
        assert answer.status_code == 405, (method, path)
        assert answer.headers["allow"] == allow, (method, path)
        if path.startswith("/api/") and method != "HEAD":
            assert answer.headers["content-type"] == "application/problem+json"


def test_every_operation_documents_its_problems(web) -> None:
    doc = web.get("/api/openapi.json").json()
    assert "Problem" in doc["components"]["schemas"]
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            for status, response in responses.items():
                if status[0] in "45":
                    assert list(response["content"]) == ["application/problem+json"], (path, status)
            assert "500" in responses, (path, method)
            if "requestBody" in operation:
                assert {"400", "408", "413", "422"} <= set(responses), (path, method)
    assert "400" in doc["paths"]["/api/v1/tournament/file"]["post"]["responses"]
    assert "429" in doc["paths"]["/api/v1/tournament/link"]["post"]["responses"]

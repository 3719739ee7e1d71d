"""Browser tests: Debian's chromium driven by Playwright against a real uvicorn server.

The server runs in a thread on a free loopback port; a second local HTTP server
stands in for chess-results.com (the importer's ``base_url`` test hook), so no
test reaches the internet. Never run ``playwright install``: the tests use
``/usr/bin/chromium`` and are skipped with a reason when it is missing.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
DATA = ROOT / "tests" / "data" / "chess-results"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chess_results_server() -> Iterator[object]:
    """A local stand-in for chess-results.com serving the Arad 2026 sample pages."""
    from pytest_httpserver import HTTPServer

    server = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    server.start()
    base = {"lan": "1", "zeilen": "99999"}
    path = "/tnr1342553.aspx"
    dates = (
        '<html><body><form action="./tnr1342553.aspx?lan=1&amp;art=14"></form>'
        '<h2>19th Arad Open Grand Prix Classic</h2><table class="CRs1">'
        "<tr><th>Round</th><th>Date</th><th>Time</th></tr>"
        + "".join(
            f"<tr><td>Rd.{r}</td><td>2026/08/{2 + r:02d}</td><td>16:00</td></tr>"
            for r in range(1, 10)
        )
        + "</table></body></html>"
    )
    server.expect_request(
        path, query_string={**base, "art": "0", "turdet": "YES"}
    ).respond_with_data(
        (DATA / "mjl_arad2026_a_startingrank.html").read_bytes(), content_type="text/html"
    )
    server.expect_request(path, query_string={**base, "art": "14"}).respond_with_data(
        dates, content_type="text/html"
    )
    server.expect_request(path, query_string={**base, "art": "5"}).respond_with_data(
        (DATA / "mjl_arad2026_a_crosstable.html").read_bytes(), content_type="text/html"
    )
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory, chess_results_server) -> Iterator[str]:
    """A real uvicorn server with the app, on a free loopback port."""
    from wertung.sources.chessresults import Client
    from wertung.web import Settings

    url = chess_results_server.url_for("")
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("web"),
        chessresults_client=lambda: Client(base_url=url, cache=False, min_interval=0),
    )
    yield from _serve(settings)


@pytest.fixture(scope="session")
def offline_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose chess-results.com cannot be reached: the importer's stand-in address is
    a loopback port nothing listens on (every connection refused, at once, no retries)."""
    from wertung.sources.chessresults import Client
    from wertung.web import Settings

    closed = f"http://127.0.0.1:{_free_port()}/"
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("web-offline"),
        chessresults_client=lambda: Client(
            base_url=closed, cache=False, min_interval=0, max_retries=0, timeout=5
        ),
        fetch_limit=1,  # a counted attempt would refuse the second one (429)
    )
    yield from _serve(settings)


@pytest.fixture(scope="session")
def listed_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second server whose store holds the Ilmenau DSB list (tests/data/dsb/ilmenau_list.py)."""
    from web_helpers import load_ilmenau_list

    from wertung.web import Settings

    data_dir = tmp_path_factory.mktemp("web-listed")
    load_ilmenau_list(data_dir)
    yield from _serve(Settings(data_dir=data_dir))


def _serve(settings: object) -> Iterator[str]:
    import uvicorn

    from wertung.web import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser) -> Iterator[object]:
    # bypass_csp: Playwright's wait_for_function evaluates its string with eval(), which the
    # app's Content-Security-Policy (script-src 'self', no unsafe-eval) rightly forbids.
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="de-DE", bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def screenshot(page, name: str) -> None:
    """Full-page screenshots at 1280 px and 360 px under test-artifacts/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 740})
        page.wait_for_timeout(100)
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

"""Finding 8 in a real browser: the Content-Security-Policy breaks nothing.

Debian's chromium (through Playwright, never ``playwright install``) loads the
pages and the vendored Swagger UI from a real uvicorn server on loopback, with the
policy enforced (no ``bypass_csp``), and records every violation the browser
reports. Skipped when ``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from web_helpers import SEED_QUERY

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def policy_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from wertung.web import Settings, create_app

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    app = create_app(Settings(data_dir=tmp_path_factory.mktemp("csp")))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def policy_page(browser) -> Iterator[tuple[object, list[str]]]:
    """A page with the policy enforced (the shared ``browser`` of tests/browser/conftest.py)."""
    context = browser.new_context(locale="de-DE")  # the policy is enforced
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    yield page, violations
    context.close()


def test_calculator_pages_work_under_the_policy(policy_base_url: str, policy_page) -> None:
    page, violations = policy_page
    base_url = policy_base_url
    page.goto(f"{base_url}/de/dwz?{SEED_QUERY}")
    assert page.evaluate("() => typeof window.htmx") == "object"  # the vendored htmx ran
    before = page.inner_text("#result")
    with page.expect_response(lambda r: "/dwz/result" in r.url, timeout=10000):
        page.fill("#f-rating", "1600")
    page.wait_for_timeout(300)
    assert page.inner_text("#result") != before  # the live update (htmx) was swapped in
    page.goto(f"{base_url}/de/tournament")
    page.goto(f"{base_url}/en/elo")
    assert violations == []


def test_swagger_ui_works_under_its_policy(policy_base_url: str, policy_page) -> None:
    page, violations = policy_page
    base_url = policy_base_url
    page.goto(f"{base_url}/api/docs")
    page.wait_for_selector(".swagger-ui .info .title", timeout=15000)
    page.wait_for_selector(".opblock-summary-path", timeout=15000)
    assert violations == []

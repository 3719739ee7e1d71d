"""A running event's result page reloads itself to the newer state (issue 12), in a browser.

A real uvicorn server with the app; chess-results.com is the stand-in of
``tests/web/test_web_running_refresh.py`` (the British 2026 during round 6, later round 7,
through ``httpx.MockTransport``: no network). The app's clock runs ahead of the wall
clock by an offset the test sets, so the five minutes pass in two seconds.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from web.test_web_running_refresh import LINK, British

from .conftest import _free_port, screenshot

pytestmark = pytest.mark.browser


class AheadClock:
    """The wall clock plus ``offset`` seconds."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[str, object, British, AheadClock]]:
    """A server of its own: its base URL, the app, the chess-results stand-in, the clock."""
    import uvicorn

    from wertung.web import Settings, create_app

    site, clock = British(), AheadClock()
    app = create_app(Settings(data_dir=tmp_path, chessresults_client=site.client))
    app.state.clock = clock
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app, site, clock
    server.should_exit = True
    thread.join(timeout=10)


@pytest.mark.parametrize(
    ("lang", "before", "after", "every"),
    [
        ("de", "nach Runde 5 von 9", "nach Runde 6 von 9", "(wird alle 5 Minuten aktualisiert)"),
        ("en", "after round 5 of 9", "after round 6 of 9", "(refreshes every 5 minutes)"),
    ],
)
def test_the_result_page_reloads_itself_to_the_newer_state(
    page, live, lang, before, after, every
) -> None:
    from playwright.sync_api import expect

    base_url, app, site, clock = live
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # The page's own timers on a clock the test moves: its poll is due in five minutes, and
    # the test brings that moment without reloading the page itself (a reload of the test's
    # own would race with the page's on a slow machine).
    page.clock.install()
    page.goto(f"{base_url}/{lang}/tournament")
    page.fill("#f-link", LINK)
    page.click("button.primary")
    page.wait_for_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+$"), timeout=60000)
    url = page.url
    key = url.rsplit("/", 1)[1]
    assert page.locator("#running-h").inner_text() == before
    as_of = page.locator("[data-testid=as-of]").inner_text()
    assert as_of.endswith(every)

    # chess-results moves on to round 7; the app's clock and the page's to when the refresh
    # is due: the page polls, the app re-imports in the background, the next poll (2 s later)
    # answers with a reload, and the page reloads itself
    site.round = 7
    fetched = app.state.store.fetch_state(key)["as_of"]
    clock.offset = fetched + 300 + 1 - time.time()
    loads: list[str] = []  # the page's navigations from here on: only its own reload
    page.on("framenavigated", lambda frame: loads.append(frame.url))
    page.clock.fast_forward(301_000)
    expect(page.locator("#running-h")).to_have_text(after, timeout=60000)
    assert loads and page.url == url  # reloaded itself, under the same share link
    assert page.locator("#share-url").input_value().endswith(f"/{lang}/tournament/{key}")
    assert page.locator("[data-testid=as-of]").inner_text().endswith(every)
    assert app.state.store.newest(key) != key
    screenshot(page, f"tournament-running-refreshed-{lang}")
    assert errors == []

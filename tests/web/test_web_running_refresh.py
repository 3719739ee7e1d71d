"""The result page of a running chess-results event refreshes itself (issue 12).

A stand-in for chess-results.com (an ``httpx.MockTransport`` behind the real client, no
network) serves the British Championship 2026 during round 6 (the real mid-round pairings,
the crosstable of that moment from ``chessresults_midround``), later during round 7. The
app's clock is injected: time moves past the refresh interval without sleeping. The
refresh runs in a background thread, which the tests join.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
from collections import Counter
from pathlib import Path

import httpx
import pytest
from chessresults_midround import MIDROUND, crosstable_during
from web_helpers import client

from wertung.sources.chessresults import CachePolicy, Client
from wertung.web import import_service
from wertung.web.pages.running_view import refresh_interval
from wertung.web.web_store import WebStore

LINK = "https://chess-results.com/tnr1452107.aspx"
START = dt.datetime(2026, 8, 5, 10, 0).timestamp()  # 10:00 local time, during the event
TABLES = {r: crosstable_during(r) for r in (6, 7)}


class Clock:
    """The app's wall clock, moved by hand."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class British:
    """chess-results.com for the British 2026: the views of the round ``self.round`` is in.

    ``fail``: ``"down"`` answers 503, ``"changed"`` a page that is no tournament page;
    ``gate``: an event every request waits for (to hold a refresh while others view).
    """

    def __init__(self) -> None:
        self.round = 6
        self.fail: str | None = None
        self.gate: threading.Event | None = None
        self.views: Counter[str] = Counter()

    def handler(self, request: httpx.Request) -> httpx.Response:
        if self.gate is not None:
            assert self.gate.wait(30)
        art = request.url.params.get("art", "")
        self.views[art] += 1
        if self.fail == "down":
            return httpx.Response(503)
        if self.fail == "changed":
            return httpx.Response(200, text="<html><body><p>Wartungsarbeiten</p></body></html>")
        table = TABLES[self.round]
        if art == "0":
            return httpx.Response(
                200, text=table.replace("art=5&amp;flag=30", "art=0&amp;flag=30", 1)
            )
        if art == "5":
            return httpx.Response(200, text=table)
        if art == "2" and request.url.params.get("rd") == str(self.round):
            return httpx.Response(200, content=MIDROUND[self.round].read_bytes())
        return httpx.Response(200, text="nothing here")  # no round dates (art=14)

    def client(self) -> Client:
        transport = httpx.MockTransport(self.handler)
        return Client(transport=transport, cache=False, min_interval=0, max_retries=0)


def finish_refreshes() -> None:
    for thread in threading.enumerate():
        if thread.name.startswith("refresh-"):
            thread.join(60)
            assert not thread.is_alive()


def _web(tmp_path: Path, site: British, clock: Clock, **settings: object):
    web = client(tmp_path, chessresults_client=site.client, **settings)
    web.app.state.clock = clock
    return web


def _import(web) -> str:
    answer = web.post("/en/tournament", data={"link": LINK})
    assert answer.status_code == 303, answer.text[:2000]
    return answer.headers["location"].rsplit("/", 1)[1]


def _as_of(html: str) -> str:
    return re.search(r'data-testid="as-of">(.*?)</p>', html).group(1)


def _poll(html: str) -> tuple[str, str]:
    """The refresh area's poll: its URL and its delay."""
    match = re.search(r'hx-get="([^"]+/refresh\?shown=\w+)" hx-trigger="load delay:(\d+)s"', html)
    return match.group(1), match.group(2)


@pytest.fixture
def running(tmp_path: Path):
    site, clock = British(), Clock()
    web = _web(tmp_path, site, clock)
    return web, site, clock, _import(web)


def test_the_interval_is_the_cache_age_of_a_running_event() -> None:
    assert refresh_interval() == CachePolicy().live == 300


@pytest.mark.parametrize(
    ("lang", "before", "after", "as_of", "later"),
    [
        ("en", "after round 5 of 9", "after round 6 of 9",
         "as of 10:00 (refreshes every 5 minutes)", "as of 10:05 (refreshes every 5 minutes)"),
        ("de", "nach Runde 5 von 9", "nach Runde 6 von 9",
         "Stand 10:00 (wird alle 5 Minuten aktualisiert)",
         "Stand 10:05 (wird alle 5 Minuten aktualisiert)"),
    ],
)  # fmt: skip
def test_a_view_after_five_minutes_refreshes_to_the_later_round(
    running, lang, before, after, as_of, later
) -> None:
    web, site, clock, key = running
    page = web.get(f"/{lang}/tournament/{key}").text
    assert before in page and _as_of(page) == as_of
    url, delay = _poll(page)
    assert url == f"/{lang}/tournament/{key}/refresh?shown={key}" and delay == "301"
    imported = sum(site.views.values())

    clock.now = START + 299  # not yet: no refresh, the page asks again when it is due
    site.round = 7
    page = web.get(f"/{lang}/tournament/{key}").text
    assert before in page and _poll(page)[1] == "2"  # due in 1 s: the page asks in 2 s
    finish_refreshes()
    assert sum(site.views.values()) == imported

    clock.now = START + 301
    page = web.get(f"/{lang}/tournament/{key}").text
    assert before in page and 'data-testid="refreshing"' in page
    assert _poll(page)[1] == "2"
    finish_refreshes()
    assert site.views["2"] == 2 and site.views["5"] == 2  # imported again: once

    reload = web.get(url)  # the page's poll: a newer state is stored, so it reloads
    assert reload.headers["HX-Refresh"] == "true"
    page = web.get(f"/{lang}/tournament/{key}").text
    assert after in page and before not in page and _as_of(page) == later
    assert (
        f'value="http://testserver/{lang}/tournament/{key}"' in page
    )  # the share link keeps its key
    newest = web.app.state.store.newest(key)
    assert newest != key and _poll(page)[0] == f"/{lang}/tournament/{key}/refresh?shown={newest}"
    quiet = web.get(_poll(page)[0])  # nothing newer: the "as of" line again, no reload
    assert "HX-Refresh" not in quiet.headers and _as_of(quiet.text) == later


def test_the_old_key_shows_the_newest_state_with_its_corrections(running) -> None:
    web, site, clock, key = running
    corrected = web.get(f"/en/tournament/{key}?end_date=2026-08-20").text
    assert "after round 5 of 9" in corrected and "20 Aug 2026" in corrected
    clock.now, site.round = START + 400, 7
    web.get(f"/en/tournament/{key}?end_date=2026-08-20")
    finish_refreshes()
    page = web.get(f"/en/tournament/{key}?end_date=2026-08-20").text
    assert "after round 6 of 9" in page and "20 Aug 2026" in page
    assert f'value="http://testserver/en/tournament/{key}?end_date=2026-08-20"' in page
    player = web.get(f"/en/tournament/{key}/player/1").text
    assert "after round 6 of 9" in player
    export = web.get(f"/en/tournament/{key}/export.input.json").json()
    assert export["played_rounds"] == 6
    # the API names stored inputs: the old key is still the round-6 state
    assert web.get(f"/api/v1/tournaments/{key}").json()["played_rounds"] == 5


def test_the_import_job_records_when_the_link_was_fetched(tmp_path: Path) -> None:
    site, clock = British(), Clock()
    web = _web(tmp_path, site, clock)
    started = web.post("/de/tournament/start", data={"link": LINK})
    job = started.text.split("tournament/jobs/")[1].split('"')[0]
    for thread in threading.enumerate():
        if thread.name == f"import-{job}":
            thread.join(60)
    key = web.app.state.store.job(job)["key"]
    state = web.app.state.store.fetch_state(key)
    assert state["link"] == LINK and state["as_of"] == START and state["job"] is None
    assert "Stand 10:00 (wird alle 5 Minuten aktualisiert)" in web.get(f"/de/tournament/{key}").text


def test_a_finished_event_and_an_upload_are_never_refreshed(tmp_path: Path) -> None:
    data = Path(__file__).parents[1] / "data" / "chess-results"
    pages = {"0": "mjl_arad2026_a_startingrank.html", "5": "mjl_arad2026_a_crosstable.html"}
    requests: list[str] = []

    def arad(request: httpx.Request) -> httpx.Response:
        art = request.url.params.get("art", "")
        requests.append(art)
        if art in pages:
            return httpx.Response(200, content=(data / pages[art]).read_bytes())
        return httpx.Response(200, text="nothing here")

    clock = Clock()
    web = client(
        tmp_path,
        chessresults_client=lambda: Client(
            transport=httpx.MockTransport(arad), cache=False, min_interval=0
        ),
    )
    web.app.state.clock = clock
    answer = web.post("/en/tournament", data={"link": "https://chess-results.com/tnr1342553.aspx"})
    key = answer.headers["location"].rsplit("/", 1)[1]
    assert web.app.state.store.fetch_state(key) is not None  # a link import ...
    clock.now = START + 30 * 86400
    page = web.get(f"/en/tournament/{key}").text
    finish_refreshes()
    assert 'data-testid="refresh"' not in page and "as of" not in page  # ... but finished
    assert len(requests) == 3 and web.app.state.store.fetch_state(key)["job"] is None
    assert web.get(f"/en/tournament/{key}/refresh?shown={key}").text == ""  # nothing to poll

    from wertung.formats import tournament_json
    from wertung.sources.chessresults import parse_saved_pages

    during = parse_saved_pages([TABLES[6], MIDROUND[6].read_bytes()])
    upload = json.dumps(tournament_json.to_dict(during)).encode()
    answer = web.post("/en/tournament", files={"file": ("british.json", upload)})
    uploaded = answer.headers["location"].rsplit("/", 1)[1]
    page = web.get(f"/en/tournament/{uploaded}").text
    assert "after round 5 of 9" in page and 'data-testid="refresh"' not in page


@pytest.mark.parametrize("failure", ["down", "changed"])
def test_a_failing_refresh_keeps_the_old_state_with_a_note(running, failure) -> None:
    web, site, clock, key = running
    clock.now, site.fail = START + 360, failure
    web.get(f"/en/tournament/{key}")
    finish_refreshes()
    page = web.get(f"/en/tournament/{key}").text
    assert "after round 5 of 9" in page and web.app.state.store.newest(key) == key
    note = re.search(r'data-testid="refresh-failed">(.*?)</p>', page, re.S).group(1)
    assert note.startswith("The refresh failed (10:06): shown is the state last fetched (10:00).")
    reason = re.search(r"<small>(.*?)</small>", note, re.S).group(1)
    assert ("503" in reason) if failure == "down" else reason.strip()
    german = web.get(f"/de/tournament/{key}").text
    assert (
        "Aktualisierung fehlgeschlagen (10:06): gezeigt wird der zuletzt abgerufene Stand (10:00)."
        in german
    )
    assert _as_of(german) == "Stand 10:00 (wird alle 5 Minuten aktualisiert)"
    tried = sum(site.views.values())

    clock.now = START + 600  # within 5 minutes of the failed attempt: no new one
    web.get(f"/en/tournament/{key}")
    finish_refreshes()
    assert sum(site.views.values()) == tried
    clock.now, site.fail, site.round = START + 661, None, 7  # the site is back
    web.get(f"/en/tournament/{key}")
    finish_refreshes()
    page = web.get(f"/en/tournament/{key}").text
    assert "after round 6 of 9" in page and 'data-testid="refresh-failed"' not in page
    assert _as_of(page) == "as of 10:11 (refreshes every 5 minutes)"


def test_concurrent_viewers_start_one_refresh(running) -> None:
    from fastapi.testclient import TestClient

    web, site, clock, key = running
    clock.now, site.round = START + 301, 7
    site.gate = threading.Event()  # the refresh waits until every viewer has its page
    before = sum(site.views.values())
    pages: list[str] = []

    def view() -> None:
        viewer = TestClient(web.app, raise_server_exceptions=False)
        pages.append(viewer.get(f"/en/tournament/{key}").text)

    viewers = [threading.Thread(target=view) for _ in range(8)]
    try:
        for thread in viewers:
            thread.start()
        for thread in viewers:
            thread.join(60)
        running_jobs = [t for t in threading.enumerate() if t.name.startswith("refresh-")]
    finally:
        site.gate.set()
    assert len(pages) == 8 and all('data-testid="refreshing"' in p for p in pages)
    assert all("after round 5 of 9" in p for p in pages)
    assert len(running_jobs) == 1
    finish_refreshes()
    assert sum(site.views.values()) - before == 4  # one import: 4 views of chess-results
    assert "after round 6 of 9" in web.get(f"/en/tournament/{key}").text


def test_a_viewer_over_the_rate_limit_starts_no_refresh(tmp_path: Path) -> None:
    site, clock = British(), Clock()
    web = _web(tmp_path, site, clock, fetch_limit=1)
    key = _import(web)  # the one import allowed
    clock.now, site.round = START + 301, 7
    web.get(f"/en/tournament/{key}")  # the one refresh allowed (counted apart)
    finish_refreshes()
    assert site.views["5"] == 2
    newest = web.app.state.store.newest(key)
    clock.now = START + 700
    page = web.get(f"/en/tournament/{key}").text
    finish_refreshes()
    assert 'data-testid="refreshing"' not in page and _poll(page)[1] == "60"
    state = web.app.state.store.fetch_state(newest)
    assert state["job"] is None  # the claim was given back
    assert site.views["5"] == 2


def test_refreshes_do_not_use_up_the_viewers_imports(tmp_path: Path) -> None:
    """An open tab of a running event refreshes about twice in ten minutes: counted for
    the viewer apart from his imports, so he can still import what he may."""
    site, clock = British(), Clock()
    web = _web(tmp_path, site, clock, fetch_limit=2)
    key = _import(web)  # 1 of 2 imports
    for step, shown in ((301, 7), (700, 7)):
        clock.now, site.round = START + step, shown
        web.get(f"/en/tournament/{key}")
        finish_refreshes()
    assert site.views["5"] == 3  # the import and two refreshes
    _import(web)  # 2 of 2 imports: still allowed
    refused = web.post("/en/tournament", data={"link": LINK})
    assert refused.status_code != 303 and "at most 2" in refused.text  # the limit stands


def test_one_claim_among_workers_and_the_newest_key(tmp_path: Path) -> None:
    first, second = WebStore(tmp_path), WebStore(tmp_path)  # two worker processes' stores
    a, b = first.put({"name": "round 5"}), first.put({"name": "round 6"})
    first.mark_fetched(a, LINK, START)
    assert first.claim_refresh(a, now=START + 299, interval=300) is None
    claim = first.claim_refresh(a, now=START + 300, interval=300)
    assert claim is not None and claim[1] is None
    assert second.claim_refresh(a, now=START + 300, interval=300) is None
    job = claim[0]
    first.mark_fetched(b, LINK, START + 300)
    first.refreshed(a, b, job, checked=START + 300)
    first.job_done(job, key=b)
    assert second.newest(a) == b and second.newest(b) == b
    assert second.fetch_state(a)["job"] is None
    # the page went back to the round-5 state: b now shows a, and a itself again
    claim = second.claim_refresh(b, now=START + 600, interval=300)
    second.mark_fetched(a, LINK, START + 600)
    second.refreshed(b, a, claim[0], checked=START + 600)
    assert first.newest(a) == a and first.newest(b) == a
    # a fresh import of b's content shows b again under b
    first.mark_fetched(b, LINK, START + 700)
    assert first.newest(b) == b


def test_a_refresh_whose_process_died_is_failed_on_the_next_view(running) -> None:
    web, _site, clock, key = running
    store = web.app.state.store
    claim = store.claim_refresh(key, now=START + 300, interval=300)  # claimed, never run
    with store.backend.connect() as db:  # the SQLite file, or the database (--store)
        db.execute("UPDATE jobs SET deadline = 0 WHERE id = ?", (claim[0],))
    clock.now = START + 301
    page = web.get(f"/en/tournament/{key}").text
    assert "The refresh took too long." in page and "after round 5 of 9" in page
    assert store.fetch_state(key)["job"] is None
    assert import_service.refresh_state(web.app, key).failed == START + 301


def test_an_api_import_and_the_player_page_refresh_too(tmp_path: Path) -> None:
    site, clock = British(), Clock()
    web = _web(tmp_path, site, clock)
    answer = web.post("/api/v1/tournament/link", json={"link": LINK})
    assert answer.status_code == 200, answer.text[:2000]
    key = answer.json()["key"]
    assert web.app.state.store.fetch_state(key)["as_of"] == START
    player = web.get(f"/de/tournament/{key}/player/1").text
    assert _as_of(player) == "Stand 10:00 (wird alle 5 Minuten aktualisiert)"
    assert _poll(player)[0] == f"/de/tournament/{key}/refresh?shown={key}"
    clock.now, site.round = START + 301, 7
    assert 'data-testid="refreshing"' in web.get(f"/en/tournament/{key}/player/1").text
    finish_refreshes()
    assert "after round 6 of 9" in web.get(f"/en/tournament/{key}/player/1").text


def test_times_in_the_configured_time_zone(tmp_path: Path, monkeypatch) -> None:
    from wertung.web import Settings

    site = British()
    clock = Clock(dt.datetime(2026, 8, 5, 10, 0, tzinfo=dt.UTC).timestamp())
    web = _web(tmp_path, site, clock, timezone="Europe/Berlin")
    page = web.get(f"/de/tournament/{_import(web)}").text
    assert _as_of(page) == "Stand 12:00 (wird alle 5 Minuten aktualisiert)"  # CEST
    assert 'data-as-of="2026-08-05T12:00:00+02:00"' in page
    monkeypatch.setenv("WERTUNG_TIMEZONE", "Mars/Olympus")
    with pytest.raises(ValueError, match="WERTUNG_TIMEZONE='Mars/Olympus' is not a time zone"):
        Settings.from_env()

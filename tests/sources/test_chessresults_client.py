"""The real fetch path against a local HTTP server serving the sample pages.

No test reaches the internet: requests either go to ``base_url`` (the local
server) or through :class:`MapHosts`, a transport that sends every
``*.chess-results.com`` request to the local server while keeping the original
``Host`` header, so the client's host checks see the real host names.
"""

from __future__ import annotations

import datetime as dt
import itertools
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pytest_httpserver import HTTPServer
from pytest_httpserver.httpserver import HandlerType
from werkzeug import Request, Response

from wertung import SourceError
from wertung.sources.chessresults import (
    CachePolicy,
    Client,
    Pacer,
    PageCache,
    View,
    import_tournament,
    user_agent,
)

DATA = Path(__file__).parents[1] / "data" / "chess-results"
ARAD = 1342553
PATH = f"/tnr{ARAD}.aspx"

# Synthetic stand-in for the round-dates view (art=14): no real sample was available. Its last
# date (08/10) deliberately differs from the details' range (to 08/09) to show which one wins.
ROUND_DATES = (
    """<html><body><form action="./tnr1342553.aspx?lan=1&amp;art=14"></form>
<h2>19th Arad Open Grand Prix Classic</h2><table class="CRs1">
<tr><th>Round</th><th>Date</th><th>Time</th></tr>
"""
    + "".join(
        f"<tr><td>Rd.{r}</td><td>2026/08/{2 + r:02d}</td><td>16:00</td></tr>" for r in range(1, 8)
    )
    + "<tr><td>Rd.8</td><td>2026/08/09</td><td>09:00</td></tr>"
    "<tr><td>Rd.9</td><td>2026/08/10</td><td>09:00</td></tr></table></body></html>"
)


def page(name: str) -> bytes:
    return (DATA / name).read_bytes()


@pytest.fixture(scope="module")
def running_server() -> Iterator[HTTPServer]:
    srv = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def server(running_server: HTTPServer) -> Iterator[HTTPServer]:
    running_server.clear()
    yield running_server
    running_server.clear()


class MapHosts(httpx.BaseTransport):
    """Sends chess-results hosts to the local server (other hosts: refused loudly)."""

    def __init__(self, server: HTTPServer) -> None:
        self.server = server
        self.inner = httpx.HTTPTransport()
        self.hosts: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.hosts.append(request.url.host)
        if not request.url.host.endswith("chess-results.com"):
            raise AssertionError(f"the client tried to reach {request.url.host}")
        request.url = request.url.copy_with(
            scheme="http", host=self.server.host, port=self.server.port
        )
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


def serve_arad(server: HTTPServer, *, host: str | None = None) -> None:
    headers = {"Host": host} if host else None
    base = {"lan": "1", "zeilen": "99999"}
    server.expect_request(
        PATH, query_string={**base, "art": "0", "turdet": "YES"}, headers=headers
    ).respond_with_data(page("mjl_arad2026_a_startingrank.html"), content_type="text/html")
    server.expect_request(
        PATH, query_string={**base, "art": "14"}, headers=headers
    ).respond_with_data(ROUND_DATES, content_type="text/html")
    server.expect_request(
        PATH, query_string={**base, "art": "5"}, headers=headers
    ).respond_with_data(page("mjl_arad2026_a_crosstable.html"), content_type="text/html")


def fast_pacer() -> tuple[Pacer, list[float]]:
    waits: list[float] = []
    return Pacer(sleep=waits.append), waits


AFTER = CachePolicy(today=lambda: dt.date(2026, 9, 1))  # the tournament has ended
DURING = CachePolicy(today=lambda: dt.date(2026, 8, 5))  # the tournament is running


def test_import_over_http_and_second_import_is_cached(server: HTTPServer, tmp_path: Path) -> None:
    serve_arad(server)
    messages: list[str] = []
    client = Client(base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0)
    with client:
        first = import_tournament(
            f"https://chess-results.com/tnr{ARAD}.aspx?lan=1&SNode=S0",
            client=client,
            progress=messages.append,
            policy=AFTER,
        )
        hits = len(server.log)
        second = import_tournament(ARAD, client=client, policy=AFTER)
    assert hits == 3 and len(server.log) == 3  # the second import made no request
    assert first == second
    assert len(first.players) == 209 and len(first.games) == 899
    assert first.end_date == dt.date(2026, 8, 10)  # from the round dates, not the details
    assert first.source == f"https://chess-results.com/tnr{ARAD}.aspx?lan=1"
    assert first.player("1").fide_rating == 2669
    assert any("crosstable" in m for m in messages) and any("209 players" in m for m in messages)
    for request, _ in server.log:
        assert request.headers["User-Agent"] == user_agent()
        assert request.args["lan"] == "1" and request.args["zeilen"] == "99999"


def test_cache_survives_a_new_client(server: HTTPServer, tmp_path: Path, monkeypatch) -> None:
    serve_arad(server)
    monkeypatch.setenv("WERTUNG_CACHE_DIR", str(tmp_path / "env"))
    with Client(base_url=server.url_for(""), min_interval=0) as client:
        import_tournament(ARAD, client=client, policy=AFTER)
    assert (tmp_path / "env" / "chess-results.sqlite3").exists()
    with Client(base_url=server.url_for(""), min_interval=0) as client:
        import_tournament(ARAD, client=client, policy=AFTER)
    assert len(server.log) == 3


def test_live_tournament_pages_expire_after_minutes(server: HTTPServer, tmp_path: Path) -> None:
    serve_arad(server)
    now = [1_000_000.0]
    cache = PageCache(tmp_path, clock=lambda: now[0])
    with Client(base_url=server.url_for(""), cache=cache, min_interval=0) as client:
        import_tournament(ARAD, client=client, policy=DURING)
        now[0] += 60
        import_tournament(ARAD, client=client, policy=DURING)
        assert len(server.log) == 3  # one minute later: still fresh
        now[0] += 300
        import_tournament(ARAD, client=client, policy=DURING)
        assert len(server.log) == 6  # six minutes later: fetched again
        now[0] += 300
        import_tournament(ARAD, client=client, policy=AFTER)
        assert len(server.log) == 6  # ended: day-old pages are fine


def test_redirect_to_numbered_mirror_is_followed(server: HTTPServer, tmp_path: Path) -> None:
    serve_arad(server, host="s2.chess-results.com")
    server.expect_request(PATH, headers={"Host": "chess-results.com"}).respond_with_handler(
        lambda request: Response(
            status=302,
            headers={
                "Location": f"https://s2.chess-results.com{PATH}?{request.query_string.decode()}"
            },
        )
    )
    transport = MapHosts(server)
    with Client(transport=transport, cache_dir=tmp_path, min_interval=0) as client:
        tournament = import_tournament(ARAD, client=client, policy=AFTER)
        assert len(tournament.players) == 209
        assert transport.hosts.count("chess-results.com") == 3
        assert transport.hosts.count("s2.chess-results.com") == 3
        page_ = client.fetch(ARAD, View.CROSSTABLE, max_age=3600)
    assert page_.from_cache and page_.url.startswith("https://s2.chess-results.com/")
    assert page_.key.startswith("https://chess-results.com/")
    assert len(server.log) == 6  # the cache is keyed by the canonical URL: no 302 again


@pytest.mark.parametrize(
    "location",
    [
        "https://evil.example/tnr1342553.aspx",
        "https://chess-results.com.evil.example/tnr1342553.aspx",
        "https://chess-results.com@evil.example/tnr1342553.aspx",
        "//evil.example/x",
        "ftp://chess-results.com/x",
    ],
)
def test_redirect_to_a_foreign_host_is_refused(
    server: HTTPServer, tmp_path: Path, location: str
) -> None:
    server.expect_request(PATH).respond_with_response(
        Response(status=302, headers={"Location": location})
    )
    transport = MapHosts(server)
    with (
        Client(transport=transport, cache_dir=tmp_path, min_interval=0) as client,
        pytest.raises(SourceError, match=r"not a chess-results\.com host"),
    ):
        client.fetch(ARAD, View.CROSSTABLE)
    assert transport.hosts == ["chess-results.com"]  # nothing was sent elsewhere


def test_base_url_still_refuses_foreign_redirects(server: HTTPServer) -> None:
    server.expect_request(PATH).respond_with_response(
        Response(status=302, headers={"Location": "http://127.0.0.2:1/tnr1.aspx"})
    )
    with (
        Client(base_url=server.url_for(""), cache=False, min_interval=0) as client,
        pytest.raises(SourceError, match="refused"),
    ):
        client.fetch(ARAD, View.CROSSTABLE)


def test_production_client_only_talks_to_chess_results() -> None:
    client = Client(cache=False)
    assert client._allowed("https://s3.chess-results.com/tnr1.aspx")
    assert not client._allowed("http://127.0.0.1:8000/tnr1.aspx")
    assert not client._allowed("https://chess-results.com:8443/tnr1.aspx")
    client.close()


def test_429_with_retry_after_is_honoured(server: HTTPServer) -> None:
    server.expect_request(PATH, handler_type=HandlerType.ONESHOT).respond_with_response(
        Response("slow down", status=429, headers={"Retry-After": "7"})
    )
    server.expect_request(PATH).respond_with_data(
        page("mjl_arad2026_a_crosstable.html"), content_type="text/html"
    )
    pacer, waits = fast_pacer()
    with Client(base_url=server.url_for(""), cache=False, min_interval=0, pacer=pacer) as client:
        fetched = client.fetch(ARAD, View.CROSSTABLE)
    assert "Starting rank crosstable" in fetched.text
    assert waits == [7.0]
    assert len(server.log) == 2


def test_too_long_retry_after_is_an_error_not_a_wait(server: HTTPServer) -> None:
    server.expect_request(PATH).respond_with_response(
        Response("slow down", status=429, headers={"Retry-After": "3600"})
    )
    pacer, waits = fast_pacer()
    with (
        Client(base_url=server.url_for(""), cache=False, min_interval=0, pacer=pacer) as client,
        pytest.raises(SourceError, match="asks to wait 3600 s") as info,
    ):
        client.fetch(ARAD, View.CROSSTABLE)
    assert "crosstable (art=5)" in info.value.message
    assert waits == [] and len(server.log) == 1


def test_server_errors_are_retried_a_bounded_number_of_times(server: HTTPServer) -> None:
    server.expect_request(PATH).respond_with_data("oops", status=503)
    pacer, waits = fast_pacer()
    with (
        Client(
            base_url=server.url_for(""), cache=False, min_interval=0, pacer=pacer, max_retries=2
        ) as client,
        pytest.raises(SourceError, match="503"),
    ):
        client.fetch(ARAD, View.STARTING_RANK)
    assert len(server.log) == 3
    assert waits == [1.0, 2.0]  # backoff without Retry-After


def test_timeout(server: HTTPServer) -> None:
    def slow(request: Request) -> Response:
        time.sleep(1.0)
        return Response("late")

    server.expect_request(PATH).respond_with_handler(slow)
    pacer, _ = fast_pacer()
    with (
        Client(
            base_url=server.url_for(""),
            cache=False,
            min_interval=0,
            timeout=0.2,
            max_retries=1,
            pacer=pacer,
        ) as client,
        pytest.raises(SourceError, match="timed out") as info,
    ):
        client.fetch(ARAD, View.CROSSTABLE)
    assert "after 2 attempt(s)" in info.value.message


@pytest.mark.parametrize("chunked", [False, True])
def test_oversize_response_is_cut_off(server: HTTPServer, tmp_path: Path, chunked: bool) -> None:
    sent: list[int] = []

    def big(request: Request) -> Response:
        def body() -> Iterator[bytes]:
            for _ in range(64):
                sent.append(1)
                yield b"x" * 65536

        if chunked:
            return Response(body(), content_type="text/html")
        return Response(b"x" * (64 * 65536), content_type="text/html")

    server.expect_request(PATH).respond_with_handler(big)
    with (
        Client(
            base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0, max_bytes=1_000_000
        ) as client,
        pytest.raises(SourceError, match="limit of 1,000,000") as info,
    ):
        client.fetch(ARAD, View.CROSSTABLE)
    assert "crosstable" in info.value.message
    assert (
        PageCache(tmp_path).get(f"https://chess-results.com{PATH}?lan=1&zeilen=99999&art=5") is None
    )


def test_not_found_and_forbidden(server: HTTPServer) -> None:
    server.expect_request("/tnr1.aspx").respond_with_data("no", status=404)
    server.expect_request("/tnr2.aspx").respond_with_data("no", status=403)
    with Client(base_url=server.url_for(""), cache=False, min_interval=0) as client:
        with pytest.raises(SourceError, match="404"):
            client.fetch(1, View.CROSSTABLE)
        with pytest.raises(SourceError, match="refused access"):
            client.fetch(2, View.CROSSTABLE)


def test_pacing_keeps_requests_apart_on_the_server(server: HTTPServer) -> None:
    arrivals: list[float] = []

    def record(request: Request) -> Response:
        arrivals.append(time.monotonic())
        return Response(page("mjl_ussa2026_roundrobin_startingrank.html"))

    server.expect_request(PATH).respond_with_handler(record)
    with Client(
        base_url=server.url_for(""), cache=False, min_interval=0.25, pacer=Pacer()
    ) as client:
        for _ in range(3):
            client.fetch(ARAD, View.STARTING_RANK)
    gaps = [b - a for a, b in itertools.pairwise(arrivals)]
    assert len(gaps) == 2 and min(gaps) >= 0.24


def test_pacer_logic_with_a_fake_clock() -> None:
    now = [100.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        now[0] += seconds

    pacer = Pacer(clock=lambda: now[0], sleep=sleep)
    with pacer.slot(1.0):
        now[0] += 0.3  # the request takes 0.3 s
    with pacer.slot(1.0):  # starts immediately after: waits the full second
        now[0] += 0.1
    now[0] += 2.5
    with pacer.slot(1.0):  # 2.5 s later: no wait
        pass
    now[0] += 0.4
    with pacer.slot(1.0):
        pass
    assert waits == [1.0, pytest.approx(0.6)]


def test_one_request_in_flight_per_process(tmp_path: Path) -> None:
    state = {"now": 0, "max": 0}
    lock = threading.Lock()

    class Counting(httpx.BaseTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            with lock:
                state["now"] += 1
                state["max"] = max(state["max"], state["now"])
            time.sleep(0.05)
            with lock:
                state["now"] -= 1
            return httpx.Response(200, html="<html></html>")

    pacer = Pacer()  # shared by the two clients, as PROCESS_PACER is by default
    clients = [
        Client(transport=Counting(), cache=False, min_interval=0, pacer=pacer) for _ in range(2)
    ]
    threads = [
        threading.Thread(target=lambda c=c: [c.fetch(n, View.STARTING_RANK) for n in range(1, 5)])
        for c in clients
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert state["max"] == 1


def test_block_page_from_the_server_is_a_source_error(server: HTTPServer, tmp_path: Path) -> None:
    server.expect_request(PATH).respond_with_data(
        "<html><body><p>Too many requests from your IP. Access denied.</p></body></html>",
        content_type="text/html",
    )
    with (
        Client(base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0) as client,
        pytest.raises(SourceError, match="refusing service"),
    ):
        import_tournament(ARAD, client=client, policy=AFTER)


def test_birth_years_from_player_cards(server: HTTPServer, tmp_path: Path) -> None:
    number = 1471902
    path = f"/tnr{number}.aspx"
    base = {"lan": "1", "zeilen": "99999"}
    server.expect_request(
        path, query_string={**base, "art": "0", "turdet": "YES"}
    ).respond_with_data(page("mjl_ussa2026_roundrobin_startingrank.html"), content_type="text/html")
    server.expect_request(path, query_string={**base, "art": "14"}).respond_with_data(
        "nothing here", status=200
    )
    server.expect_request(path, query_string={**base, "art": "5"}).respond_with_data(
        page("mjl_ussa2026_roundrobin_crosstable.html"), content_type="text/html"
    )
    server.expect_request(path, query_string={**base, "art": "2"}).respond_with_data(
        page("mjl_ussa2026_roundrobin_pairings.html"), content_type="text/html"
    )

    def card(request: Request) -> Response:
        snr = request.args["snr"]
        html = (
            f'<html><body><form action="./tnr{number}.aspx?lan=1&amp;art=9&amp;snr={snr}"></form>'
            '<table class="CRs1"><tr><td class="CR">Name</td><td class="CR">X</td></tr>'
            f'<tr><td class="CR">Starting rank</td><td class="CR">{snr}</td></tr>'
            f'<tr><td class="CR">Year of birth</td><td class="CR">{1990 + int(snr)}</td></tr>'
            "</table></body></html>"
        )  # synthetic player card (the real sample is of a team event)
        return Response(html, content_type="text/html")

    for snr in range(1, 10):
        server.expect_request(
            path, query_string={**base, "art": "9", "snr": str(snr)}
        ).respond_with_handler(card)
    messages: list[str] = []
    with Client(base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0) as client:
        tournament = import_tournament(
            number, client=client, birth_years=True, progress=messages.append, policy=AFTER
        )
    assert [p.birth_year for p in tournament.players] == [1990 + n for n in range(1, 10)]
    assert len(server.log) == 4 + 9
    assert any("player card 9/9" in m for m in messages)
    assert tournament.round_count() == 9 and len(tournament.games) == 36


# -- a running event: the next round's pairings are read too ---------------------------------

BRITISH = 1452107


def serve_british(server: HTTPServer, round_no: int | None) -> None:
    """The British 2026 during round ``round_no`` (None: the real crosstable after round 7).

    The starting rank is the crosstable with its view changed to art=0 (no real starting
    rank of this event was saved); see chessresults_midround for the crosstable.
    """
    from chessresults_midround import CROSSTABLE, MIDROUND, crosstable_during

    table = (
        CROSSTABLE.read_text(encoding="utf-8") if round_no is None else crosstable_during(round_no)
    )
    path = f"/tnr{BRITISH}.aspx"
    base = {"lan": "1", "zeilen": "99999"}
    start = table.replace("art=5&amp;flag=30", "art=0&amp;flag=30", 1)
    server.expect_request(
        path, query_string={**base, "art": "0", "turdet": "YES"}
    ).respond_with_data(start, content_type="text/html")
    server.expect_request(path, query_string={**base, "art": "14"}).respond_with_data(
        "nothing here", status=200
    )
    server.expect_request(path, query_string={**base, "art": "5"}).respond_with_data(
        table, content_type="text/html"
    )
    if round_no is not None:
        server.expect_request(
            path, query_string={**base, "art": "2", "rd": str(round_no)}
        ).respond_with_data(MIDROUND[round_no].read_bytes(), content_type="text/html")


@pytest.mark.parametrize(("round_no", "upcoming"), [(6, 6), (7, 51)])
def test_a_running_event_reads_the_pairings_of_the_round_in_progress(
    server: HTTPServer, tmp_path: Path, round_no: int, upcoming: int
) -> None:
    serve_british(server, round_no)
    messages: list[str] = []
    with Client(base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0) as client:
        tournament = import_tournament(
            BRITISH, client=client, policy=DURING, progress=messages.append
        )
    assert len(server.log) == 4
    assert server.log[-1][0].args["rd"] == str(round_no)
    assert tournament.played_rounds == round_no - 1
    assert len(tournament.upcoming) == upcoming
    assert all(g.board is not None for g in tournament.upcoming)  # from the pairings page
    assert any(f"pairings of round {round_no}" in m for m in messages)
    assert messages[-1].endswith(f"{upcoming} pairings to play")


def test_a_running_event_whose_next_round_is_not_paired_costs_no_request(
    server: HTTPServer, tmp_path: Path
) -> None:
    serve_british(server, None)  # after round 7 of 9; the navigation says "Rd.7/9"
    with Client(base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0) as client:
        tournament = import_tournament(BRITISH, client=client, policy=DURING)
    assert len(server.log) == 3
    assert tournament.played_rounds == 7 and tournament.upcoming == ()


def test_a_finished_event_reads_no_pairings(server: HTTPServer, tmp_path: Path) -> None:
    serve_arad(server)
    with Client(base_url=server.url_for(""), cache_dir=tmp_path, min_interval=0) as client:
        tournament = import_tournament(ARAD, client=client, policy=AFTER)
    assert len(server.log) == 3 and tournament.played_rounds is None

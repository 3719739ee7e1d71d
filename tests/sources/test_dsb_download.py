"""Downloading the DSB list: conditional GET, limits, redirects, validation, the atomic swap.

Every test talks to a local server (pytest-httpserver) or an ``httpx.MockTransport``;
none reaches the internet.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import logging
import time
import zipfile
from dataclasses import replace
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner
from werkzeug.wrappers import Response

from wertung import SourceError
from wertung.catalogue import render
from wertung.sources import dsb_download
from wertung.sources.dsb_download import (
    DSB_LIST_URL,
    UpdateStatus,
    auto_refresh_enabled,
    check_url,
    refresh_if_due,
    start_daily_refresh,
    update_list,
)
from wertung.sources.dsb_list import DSB_LIMITS, load_list, search
from wertung.sources.store import Store

DATA = Path(__file__).parents[1] / "data" / "dsb"
PATH = "/download-dwz-daten.html"
NEW_ROW = (
    'NU9900099,Z0101,1099,A,"Neumann,Nora",W,D,1990,202620,1720,15,,,,,Nora,Neumann,,,\r\n'
).encode("cp1252")
ETAG = '"list-2026-06-20"'
LAST_MODIFIED = "Sat, 20 Jun 2026 02:15:00 GMT"


def build_zip(*, extra: bytes = b"", spieler: bytes | None = None) -> bytes:
    """LV-0-csv.zip from the sample CSVs, optionally with more player rows."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in ("spieler.csv", "vereine.csv", "verbaende.csv"):
            data = (DATA / name).read_bytes()
            if name == "spieler.csv":
                data = (spieler if spieler is not None else data) + extra
            info = zipfile.ZipInfo(name, date_time=(2026, 6, 20, 4, 15, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "store")


@pytest.fixture
def old_list(store) -> Store:
    """A store with the sample list loaded from a file (the "good list" to keep)."""
    load_list(DATA / "spieler.csv", store=store)
    return store


def _update(store: Store, httpserver, **kwargs):
    kwargs.setdefault("min_players", 1)
    return update_list(
        store, url=httpserver.url_for(PATH) + "?file=LV-0-csv.zip", allow_insecure=True, **kwargs
    )


def _serve(httpserver, body: bytes, **headers: str) -> None:
    httpserver.expect_request(PATH).respond_with_data(
        body, content_type="application/zip", headers=headers
    )


# -- the normal download -----------------------------------------------------------------------


def test_download_swaps_the_list_in_and_it_is_searchable(old_list, httpserver):
    assert search("Neumann", store=old_list) == []
    _serve(httpserver, build_zip(extra=NEW_ROW), ETag=ETAG, **{"Last-Modified": LAST_MODIFIED})
    result = _update(old_list, httpserver)
    assert result.status is UpdateStatus.UPDATED and result.ok
    info = old_list.list_info()
    assert info == result.info
    assert (info.players, info.memberships, info.clubs) == (37, 39, 6)
    assert info.list_date == dt.date(2026, 6, 20)
    assert (info.etag, info.last_modified) == (ETAG, LAST_MODIFIED)
    assert info.url == info.source and info.url.startswith("http://localhost")
    assert info.checked_at is not None and info.checked_at.tzinfo is not None
    assert [r.rating for r in search("Neumann Nora", store=old_list)] == ["1720-15"]
    assert result.bytes_read == len(build_zip(extra=NEW_ROW))
    size = result.bytes_read
    assert result.message == f"downloaded {size:,} bytes and loaded 37 players"
    german = f"{size:,} Bytes heruntergeladen und 37 Spieler geladen".replace(",", ".")
    assert result.text("de") == german and result.text("en") == result.message
    data = result.to_dict(lang="de")
    assert (data["message"], data["code"]) == (german, "dsb.downloaded")
    assert result.to_dict()["message"] == result.message
    ((request, _),) = httpserver.log
    assert request.headers.get("User-Agent", "").startswith("wertung/")
    assert "If-None-Match" not in request.headers  # the old list came from a file


def test_a_download_into_an_empty_store(store, httpserver):
    _serve(httpserver, build_zip())
    result = _update(store, httpserver)
    assert result.status is UpdateStatus.UPDATED and store.list_info().players == 36
    assert store.list_info().etag is None  # the server sent none


def test_the_old_list_stays_readable_while_the_new_one_downloads(old_list, httpserver):
    body = build_zip(extra=NEW_ROW)
    seen = []

    def slow(request):
        def chunks():
            yield body[:1000]
            # mid-download, another reader (here the server thread) sees the old list
            seen.append(
                (
                    [r.rating for r in search("Bäumer", store=old_list)],
                    search("Neumann", store=old_list),
                )
            )
            yield body[1000:]

        return Response(chunks(), headers={"Content-Length": str(len(body))})

    httpserver.expect_request(PATH).respond_with_handler(slow)
    assert _update(old_list, httpserver).status is UpdateStatus.UPDATED
    assert seen == [(["1843-87"], [])]
    assert len(search("Neumann", store=old_list)) == 1


# -- conditional GET ---------------------------------------------------------------------------


def test_not_modified_sends_the_validators_and_does_not_parse(store, httpserver, monkeypatch):
    _serve(httpserver, build_zip(), ETag=ETAG, **{"Last-Modified": LAST_MODIFIED})
    first = _update(store, httpserver)
    httpserver.clear()
    httpserver.expect_request(
        PATH, headers={"If-None-Match": ETAG, "If-Modified-Since": LAST_MODIFIED}
    ).respond_with_data(b"", status=304)

    def no_parse(*args, **kwargs):
        raise AssertionError("a 304 must not read the list again")

    monkeypatch.setattr(dsb_download, "read_list", no_parse)
    time.sleep(1.1)  # checked_at has whole seconds
    result = _update(store, httpserver)
    assert result.status is UpdateStatus.NOT_MODIFIED and result.bytes_read == 0
    assert result.text("de") == (
        "Die geladene DSB-Liste ist aktuell (der Server antwortete 304 Not Modified)"
    )
    assert result.to_dict()["code"] == "dsb.current"
    httpserver.check_assertions()
    info = store.list_info()
    assert info.loaded_at == first.info.loaded_at and info.players == 36
    assert info.checked_at > first.info.checked_at
    assert info.etag == ETAG


def test_force_downloads_without_validators(store, httpserver):
    _serve(httpserver, build_zip(), ETag=ETAG)
    _update(store, httpserver)
    _update(store, httpserver, conditional=False)
    assert [r.headers.get("If-None-Match") for r, _ in httpserver.log] == [None, None]


def test_validators_of_another_address_are_not_sent(store, httpserver):
    _serve(httpserver, build_zip(), ETag=ETAG)
    _update(store, httpserver)
    httpserver.expect_request("/other.zip").respond_with_data(build_zip(), status=200)
    update_list(store, url=httpserver.url_for("/other.zip"), allow_insecure=True, min_players=1)
    assert httpserver.log[-1][0].headers.get("If-None-Match") is None


def test_a_304_to_an_unconditional_request_is_an_error(old_list, httpserver):
    httpserver.expect_request(PATH).respond_with_data(b"", status=304)
    with pytest.raises(SourceError, match="not conditional"):
        _update(old_list, httpserver)


# -- failures keep the old list ----------------------------------------------------------------


def _kept(store: Store, before) -> None:
    assert store.list_info() == before
    assert [r.rating for r in search("Bäumer", store=store)] == ["1843-87"]


def test_a_truncated_body_keeps_the_old_list(old_list, httpserver):
    before = old_list.list_info()
    body = build_zip(extra=NEW_ROW)

    def truncated(request):
        return Response(
            iter([body[: len(body) // 2]]),
            headers={"Content-Length": str(len(body)), "Connection": "close"},
            content_type="application/zip",
        )

    httpserver.expect_request(PATH).respond_with_handler(truncated)
    with pytest.raises(SourceError) as caught:
        _update(old_list, httpserver)
    assert "the loaded list was kept" in caught.value.message
    assert "broke off (peer closed connection without sending complete message body" in (
        caught.value.message
    )
    _kept(old_list, before)


def test_a_half_zip_with_a_matching_length_keeps_the_old_list(old_list, httpserver):
    before = old_list.list_info()
    body = build_zip(extra=NEW_ROW)
    _serve(httpserver, body[: len(body) // 2])
    with pytest.raises(SourceError, match=r"is not usable \(.*\); the loaded list was kept"):
        _update(old_list, httpserver)
    _kept(old_list, before)


def test_a_web_page_instead_of_the_zip(old_list, httpserver):
    before = old_list.list_info()
    httpserver.expect_request(PATH).respond_with_data(
        "<!DOCTYPE html><html>Wartungsarbeiten</html>", content_type="text/html"
    )
    with pytest.raises(SourceError, match="the server sent a web page, not the zip archive"):
        _update(old_list, httpserver)
    _kept(old_list, before)


@pytest.mark.parametrize(
    ("status", "message"),
    [(404, "answered 404 NOT FOUND"), (500, "answered 500 INTERNAL SERVER ERROR")],
)
def test_http_errors(old_list, httpserver, status, message):
    before = old_list.list_info()
    httpserver.expect_request(PATH).respond_with_data(b"nope", status=status)
    with pytest.raises(SourceError, match=message):
        _update(old_list, httpserver)
    _kept(old_list, before)


def test_too_few_players_is_not_the_whole_list(old_list, httpserver):
    before = old_list.list_info()
    _serve(httpserver, build_zip())
    with pytest.raises(
        SourceError, match="only 36 players, fewer than the 10,000 expected"
    ) as caught:
        _update(old_list, httpserver, min_players=10_000)
    _kept(old_list, before)
    assert caught.value.code == "dsb.too_few"  # a grouped number is still this message
    assert "hat nur 36 Spieler, weniger als die 10000, die" in render(caught.value, "de")


def test_a_broken_player_list_keeps_the_old_list(old_list, httpserver):
    before = old_list.list_info()
    _serve(httpserver, build_zip(extra=b"NU1,Z0101\r\n"))
    with pytest.raises(SourceError, match=r"not usable \(spieler\.csv line 40: 2 fields"):
        _update(old_list, httpserver)
    _kept(old_list, before)


def test_unreachable_server(old_list, httpserver):
    url = httpserver.url_for(PATH)
    httpserver.stop()
    with pytest.raises(SourceError, match=r"could not be downloaded .* check the network"):
        update_list(old_list, url=url, allow_insecure=True, min_players=1)
    httpserver.start()


def test_a_timeout(old_list):
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    with pytest.raises(SourceError, match="no answer within 5 s"):
        update_list(old_list, transport=httpx.MockTransport(slow), timeout=5)


def test_a_trickling_server_is_stopped(old_list):
    sent = []

    def trickle(request: httpx.Request) -> httpx.Response:
        def chunks():
            for _ in range(1000):  # 20 s in all
                time.sleep(0.02)
                sent.append(1)
                yield b"PK" * 512

        return httpx.Response(200, content=chunks())

    with pytest.raises(SourceError, match=r"took too long \(.* bytes so far\); it was stopped"):
        update_list(old_list, transport=httpx.MockTransport(trickle), max_seconds=0.3)
    assert len(sent) < 1000  # stopped on the way, not after the whole trickle
    assert old_list.list_info().players == 36


# -- size limits -------------------------------------------------------------------------------


def test_a_content_length_over_the_cap_is_refused_before_reading(old_list, httpserver):
    before = old_list.list_info()
    body = build_zip()
    _serve(httpserver, body)
    with pytest.raises(SourceError, match=r"is 2,\d{3} bytes, more than the 1,000 bytes accepted"):
        _update(old_list, httpserver, limits=replace(DSB_LIMITS, max_archive_size=1000))
    _kept(old_list, before)


def test_a_streamed_body_over_the_cap_is_cut_off(old_list, httpserver):
    before = old_list.list_info()
    sent = []

    def endless(request):
        def chunks():
            for _ in range(400):  # 400 × 64 KiB = 25 MiB if nobody stops
                sent.append(1)
                yield b"\0" * 65536

        return Response(chunks(), content_type="application/zip")  # no Content-Length

    httpserver.expect_request(PATH).respond_with_handler(endless)
    with pytest.raises(
        SourceError, match=r"more than the 1\.0 MB accepted; the download was stopped"
    ):
        _update(old_list, httpserver, limits=replace(DSB_LIMITS, max_archive_size=1024 * 1024))
    _kept(old_list, before)
    ((_, response),) = httpserver.log
    assert "Content-Length" not in response.headers


def test_a_zip_bomb_is_refused(old_list, httpserver):
    before = old_list.list_info()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("spieler.csv", (DATA / "spieler.csv").read_bytes() + b"\r\n" * 3_000_000)
    _serve(httpserver, buffer.getvalue())
    with pytest.raises(
        SourceError,
        match=r"not usable \(LV-0-csv\.zip's spieler\.csv would unpack \d+ times its packed",
    ):
        _update(old_list, httpserver)
    _kept(old_list, before)


def test_a_member_declaring_a_huge_size_is_refused(old_list, httpserver):
    from test_dsb_list import declare_size

    before = old_list.list_info()
    _serve(httpserver, declare_size(build_zip(), 3_000_000_000))
    with pytest.raises(
        SourceError, match=r"would unpack to 2\.8 GiB; the limit is 64 MiB; this is not a DSB list"
    ):
        _update(old_list, httpserver)
    _kept(old_list, before)


# -- addresses and redirects -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://www.schachbund.de/x.zip", "only be downloaded over https"),
        (
            "https://schachbund.de.evil.example/x.zip",
            "only from schachbund.de or www.schachbund.de",
        ),
        ("https://evil.example/www.schachbund.de", "not from https://evil.example"),
        ("http://localhost:8000/x.zip", "not from http://localhost"),  # not without allow_insecure
        ("http://127.0.0.1:8000/x.zip", "not from"),
        ("https://www.schachbund.de:99999/", "is not a web address"),
        ("ftp://www.schachbund.de/x.zip", "over https"),
    ],
)
def test_refused_addresses(url, message, store):
    with pytest.raises(SourceError, match=message):
        check_url(url)
    with pytest.raises(SourceError, match=message):
        update_list(store, url=url, transport=httpx.MockTransport(_never))
    assert store.list_info() is None


def _never(request: httpx.Request) -> httpx.Response:
    raise AssertionError(f"no request may be made, got {request.url}")


def test_the_production_address_is_accepted_and_insecure_is_only_for_localhost():
    assert check_url(DSB_LIST_URL) == DSB_LIST_URL
    assert check_url("https://schachbund.de/x.zip")
    assert check_url("http://localhost:1/x", allow_insecure=True)
    with pytest.raises(SourceError):
        check_url("http://example.org/x", allow_insecure=True)


def test_a_redirect_on_the_same_host_is_followed(store, httpserver):
    httpserver.expect_request(PATH).respond_with_data(
        b"", status=302, headers={"Location": "/files/LV-0-csv.zip"}
    )
    _serve_at = httpserver.expect_request("/files/LV-0-csv.zip")
    _serve_at.respond_with_data(build_zip(), content_type="application/zip")
    assert _update(store, httpserver).status is UpdateStatus.UPDATED


def test_an_off_site_redirect_is_refused(old_list, httpserver):
    before = old_list.list_info()
    httpserver.expect_request(PATH).respond_with_data(
        b"", status=302, headers={"Location": "http://evil.example/LV-0-csv.zip"}
    )
    with pytest.raises(
        SourceError, match=r"redirects to http://evil\.example/LV-0-csv\.zip, another site"
    ):
        _update(old_list, httpserver)
    _kept(old_list, before)


def test_endless_redirects_are_refused(store, httpserver):
    httpserver.expect_request(PATH).respond_with_data(b"", status=302, headers={"Location": PATH})
    with pytest.raises(SourceError, match="more than 5 redirects"):
        _update(store, httpserver)


def test_production_redirects_between_the_dsb_hosts_but_never_to_http(store):
    seen = []

    def dsb(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        if request.url.host == "www.schachbund.de":
            return httpx.Response(301, headers={"Location": "https://schachbund.de/list.zip"})
        return httpx.Response(200, content=build_zip())

    result = update_list(store, transport=httpx.MockTransport(dsb), min_players=1)
    assert result.status is UpdateStatus.UPDATED
    assert seen == [DSB_LIST_URL, "https://schachbund.de/list.zip"]
    assert store.list_info().url == DSB_LIST_URL

    def downgrade(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"Location": "http://www.schachbund.de/list.zip"})

    with pytest.raises(SourceError, match="which is not https; refused"):
        update_list(store, transport=httpx.MockTransport(downgrade), min_players=1)

    def elsewhere(request: httpx.Request) -> httpx.Response:
        return httpx.Response(302, headers={"Location": "https://cdn.example.net/list.zip"})

    with pytest.raises(SourceError, match="another site"):
        update_list(store, transport=httpx.MockTransport(elsewhere), min_players=1)


def test_an_encoded_response_is_refused(old_list):
    import gzip

    body = gzip.compress(b"\0" * 3_000_000)  # 3 MB in 3 kB

    def gzip_bomb(request: httpx.Request) -> httpx.Response:
        assert request.headers["Accept-Encoding"] == "identity"
        return httpx.Response(200, content=body, headers={"Content-Encoding": "gzip"})

    with pytest.raises(
        SourceError, match="came gzip-encoded although wertung asked for it unencoded"
    ):
        update_list(old_list, transport=httpx.MockTransport(gzip_bomb), min_players=1)
    assert old_list.list_info().players == 36


# -- the daily refresh -------------------------------------------------------------------------


class Clock:
    def __init__(self, start: dt.datetime) -> None:
        self.now = start

    def __call__(self) -> dt.datetime:
        return self.now


def test_refresh_if_due(store, httpserver, caplog):
    caplog.set_level(logging.INFO, logger="wertung.sources.dsb_download")
    url = httpserver.url_for(PATH)
    _serve(httpserver, build_zip(), ETag=ETAG)
    kwargs = {"url": url, "allow_insecure": True, "min_players": 1}
    first = refresh_if_due(store, **kwargs)
    assert first.status is UpdateStatus.UPDATED
    not_due = refresh_if_due(store, **kwargs)
    assert not_due.status is UpdateStatus.NOT_DUE
    checked = first.info.checked_at
    assert not_due.message == f"the DSB list was confirmed current at {checked.isoformat(sep=' ')}"
    assert not_due.text("de") == (
        f"Die DSB-Liste wurde am {checked:%d.%m.%Y} {checked.timetz().isoformat()} "
        "als aktuell bestätigt"
    )
    assert len(httpserver.log) == 1
    clock = Clock(first.info.checked_at + dt.timedelta(days=1, minutes=1))
    httpserver.clear()
    httpserver.expect_request(PATH, headers={"If-None-Match": ETAG}).respond_with_data(
        b"", status=304
    )
    result = refresh_if_due(store, now=clock, **kwargs)
    assert result.status is UpdateStatus.NOT_MODIFIED
    assert store.list_info().checked_at >= first.info.checked_at
    assert store.list_info().loaded_at == first.info.loaded_at
    assert "DSB list refresh" in caplog.text


def test_a_failed_refresh_never_raises_keeps_the_list_and_waits_before_retrying(
    old_list, httpserver, caplog
):
    before = old_list.list_info()
    url = httpserver.url_for(PATH)
    httpserver.expect_request(PATH).respond_with_data(b"down", status=503)
    clock = Clock(before.loaded_at + dt.timedelta(days=2))
    kwargs = {"url": url, "allow_insecure": True, "min_players": 1, "now": clock}
    result = refresh_if_due(old_list, **kwargs)
    assert result.status is UpdateStatus.FAILED and not result.ok
    assert "answered 503" in result.message and isinstance(result.error, SourceError)
    assert "refresh failed" in caplog.text
    _kept(old_list, before)
    state = old_list.refresh_state()
    assert state.error == result.message and state.claimed_until is None
    clock.now += dt.timedelta(minutes=30)
    waiting = refresh_if_due(old_list, **kwargs)
    assert waiting.status is UpdateStatus.NOT_DUE and "the next try after" in waiting.message
    failed_at = state.attempted_at
    retry = failed_at + dt.timedelta(hours=1)
    assert waiting.message == (
        f"the last refresh failed at {failed_at.isoformat(sep=' ')} ({result.message}); "
        f"the next try after {retry.isoformat(sep=' ')}"
    )
    german = waiting.text("de")
    assert german.startswith(f"Die letzte Aktualisierung schlug am {failed_at:%d.%m.%Y} ")
    assert "der Server antwortete 503" in german  # the stored error in German too
    assert german.endswith(f"der nächste Versuch nach dem {retry:%d.%m.%Y} {retry.timetz()}")
    assert len(httpserver.log) == 1
    clock.now += dt.timedelta(minutes=31)
    httpserver.clear()
    _serve(httpserver, build_zip(extra=NEW_ROW))
    assert refresh_if_due(old_list, **kwargs).status is UpdateStatus.UPDATED
    assert old_list.refresh_state().error is None


def test_only_one_process_refreshes_at_a_time(store):
    now = dt.datetime(2026, 6, 20, 5, 0, tzinfo=dt.UTC)
    assert store.claim_dsb_refresh(now, now + dt.timedelta(minutes=15))
    result = refresh_if_due(store, transport=httpx.MockTransport(_never), now=lambda: now)
    assert result.status is UpdateStatus.BUSY
    assert result.text("de") == "Ein anderer Prozess aktualisiert gerade die DSB-Liste"


def test_refresh_turns_unexpected_errors_into_a_failed_result(store, monkeypatch, caplog):
    def boom(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(dsb_download, "update_list", boom)
    result = refresh_if_due(store)
    assert result.status is UpdateStatus.FAILED and "a bug" in result.message
    assert result.text("de") == (
        "Die Aktualisierung der DSB-Liste schlug unerwartet fehl (RuntimeError('a bug'))"
    )
    assert "unexpected error" in caplog.text


def test_a_broken_store_is_a_failed_result(tmp_path):
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"not sqlite" * 100)
    result = refresh_if_due(Store(path), transport=httpx.MockTransport(_never))
    assert (
        result.status is UpdateStatus.FAILED and "not a usable wertung database" in result.message
    )


def test_the_daily_thread_runs_logs_and_stops(store, httpserver):
    _serve(httpserver, build_zip())
    handle = start_daily_refresh(
        store,
        url=httpserver.url_for(PATH),
        allow_insecure=True,
        min_players=1,
        check_every=dt.timedelta(milliseconds=20),
    )
    try:
        assert handle.thread.daemon and handle.running
        assert handle.wait_for_runs(3, timeout=10)
        assert handle.last_result.status is UpdateStatus.NOT_DUE
        assert len(httpserver.log) == 1  # once a day, not once per check
        assert store.list_info().players == 36
    finally:
        handle.stop()
    assert not handle.running


def test_the_daily_thread_survives_failures(store, httpserver):
    httpserver.expect_request(PATH).respond_with_data(b"", status=500)
    handle = start_daily_refresh(
        store,
        url=httpserver.url_for(PATH),
        allow_insecure=True,
        check_every=dt.timedelta(milliseconds=20),
    )
    try:
        assert handle.wait_for_runs(2, timeout=10)
        assert handle.running and handle.last_result.status in (
            UpdateStatus.FAILED,
            UpdateStatus.NOT_DUE,
        )
    finally:
        handle.stop()
    assert store.list_info() is None


def test_the_thread_refuses_a_bad_address_at_once(store):
    with pytest.raises(SourceError):
        start_daily_refresh(store, url="http://localhost:1/x")


def test_auto_refresh_environment(monkeypatch):
    monkeypatch.delenv("WERTUNG_DSB_LIST", raising=False)
    assert auto_refresh_enabled()  # the web server has the list by default
    for value, expected in (
        ("auto", True),
        ("AUTO", True),
        ("off", False),
        (" OFF ", False),
        ("0", False),
        ("no", False),
        ("", True),
        ("1", True),
    ):
        monkeypatch.setenv("WERTUNG_DSB_LIST", value)
        assert auto_refresh_enabled() is expected


def test_the_result_is_json_ready(store, httpserver):
    _serve(httpserver, build_zip())
    data = json.loads(json.dumps(_update(store, httpserver).to_dict()))
    assert data["status"] == "updated" and data["list"]["players"] == 36 and data["error"] is None


# -- the CLI -----------------------------------------------------------------------------------

runner = CliRunner()


@pytest.fixture
def app():
    from wertung.cli.dsb_list import app

    return app


def _cli(app, store: Store, *args: str):
    return runner.invoke(app, ["update", "--store", str(store.path), *args])


def test_cli_update(app, store, httpserver):
    url = httpserver.url_for(PATH)
    _serve(httpserver, build_zip(), ETag=ETAG)
    result = _cli(app, store, "--url", url, "--insecure-localhost", "--min-players", "1")
    assert result.exit_code == 0, result.output
    assert "Updated to the DSB list of 2026-06-20: 36 players (38 memberships) in 6 clubs" in (
        result.output
    )
    assert f"(downloaded {len(build_zip()):,} bytes in 0." in result.output
    httpserver.clear()
    httpserver.expect_request(PATH, headers={"If-None-Match": ETAG}).respond_with_data(
        b"", status=304
    )
    result = _cli(app, store, "--url", url, "--insecure-localhost", "--min-players", "1")
    assert result.exit_code == 0
    assert "is current (the DSB reports no change)" in result.output
    result = _cli(app, store, "--url", url, "--insecure-localhost", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["status"] == "not_modified"
    info = runner.invoke(app, ["info", "--store", str(store.path)])
    assert url in info.output


def test_cli_update_json_speaks_the_cli_language(app, store, httpserver):
    """``--json`` gives the status line in the CLI's language, with its code and params."""
    from wertung.cli._lang import set_current

    url = httpserver.url_for(PATH)
    _serve(httpserver, build_zip())
    args = ["update", "--store", str(store.path), "--url", url, "--insecure-localhost",
            "--min-players", "1", "--json"]  # fmt: skip
    try:  # on its own, the command speaks the locale's language
        result = runner.invoke(app, args, env={"LANG": "de_DE.UTF-8", "LC_ALL": ""})
    finally:
        set_current(None)
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["status"] == "updated", result.output
    assert data["code"] == "dsb.downloaded"
    assert data["message"].endswith("heruntergeladen und 36 Spieler geladen"), data["message"]


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["--insecure-localhost", "--min-players", "1"], 503, "answered 503"),
        (["--insecure-localhost"], 200, "only 36 players, fewer than the 10,000"),
        ([], 200, "not from http://localhost"),  # a localhost URL needs the test switch
    ],
)
def test_cli_update_errors_are_one_line_and_exit_2(
    app, old_list, httpserver, args, status, message
):
    before = old_list.list_info()
    httpserver.expect_request(PATH).respond_with_data(build_zip(), status=status)
    result = _cli(app, old_list, "--url", httpserver.url_for(PATH), *args)
    assert result.exit_code == 2
    assert message in result.output
    if args:  # the download was tried
        assert "the loaded list was kept" in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    _kept(old_list, before)


def test_cli_update_options_for_tests_are_hidden(app):
    result = runner.invoke(app, ["update", "--help"])
    assert result.exit_code == 0
    assert "--force" in result.output
    assert "--url" not in result.output and "--insecure-localhost" not in result.output


def test_cli_default_path_is_the_dsb_over_https(app, store, monkeypatch):
    calls = []

    def fake_update(the_store, **kwargs):
        calls.append(kwargs)
        raise SourceError("stop here", code="untranslated", params={"text": "stop here"})

    import wertung.sources.dsb_download as download

    monkeypatch.setattr(download, "update_list", fake_update)  # the CLI imports it when it runs
    result = _cli(app, store)
    assert result.exit_code == 2 and "stop here" in result.output
    (kwargs,) = calls
    assert kwargs["url"] == DSB_LIST_URL and kwargs["allow_insecure"] is False
    assert kwargs["conditional"] is True and kwargs["min_players"] == 10_000
    _cli(app, store, "--force")
    assert calls[-1]["conditional"] is False


def test_cli_info_after_a_download(app, store, httpserver):
    _serve(httpserver, build_zip())
    _update(store, httpserver)
    result = runner.invoke(app, ["info", "--store", str(store.path)])
    assert "Last confirmed current by the server: " in result.output
    assert "wertung dsb-list update" in result.output


# -- speed -------------------------------------------------------------------------------------


def test_a_big_update_takes_every_row(store, httpserver):
    # (its speed against a bare CSV pass is measured in benchmarks/, not asserted here)
    import csv

    from test_dsb_list import _big_list

    data = _big_list(20_000)
    body = build_zip(spieler=data)
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        text = archive.read("spieler.csv").decode("cp1252")
    rows = sum(1 for _ in csv.reader(io.StringIO(text, newline="")))
    _serve(httpserver, body)
    result = _update(store, httpserver)
    assert rows == result.info.memberships + 1 == 20_001 and result.seconds > 0

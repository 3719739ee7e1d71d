"""The store's size quota (issue 22): past ``WERTUNG_STORE_MB`` the least recently stored
results nothing points to are purged; what cannot fit is refused, naming sizes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from web_helpers import client

from wertung.catalogue import render
from wertung.web.web_store import FILENAME, StoreFull, WebStore


def record(n: int, size: int = 1000) -> dict[str, object]:
    """A stored result of about ``size`` bytes of JSON (distinct by ``n``)."""
    return {"n": n, "pad": "x" * size}


def size_of(store: WebStore, data: dict[str, object]) -> int:
    return len(store._body(data).encode())


def test_storing_past_the_quota_purges_the_least_recently_stored(tmp_path: Path) -> None:
    one = size_of(WebStore(tmp_path / "probe"), record(0))
    store = WebStore(tmp_path, max_bytes=3 * one)
    keys = [store.put(record(n)) for n in range(3)]
    assert store.stored_bytes() == 3 * one
    store.put(record(0))  # stored again: renewed, now the most recent
    fourth = store.put(record(3))
    assert store.get(keys[1]) is None  # the least recently stored went
    assert all(store.get(k) is not None for k in (keys[0], keys[2], fourth))
    assert store.stored_bytes() == 3 * one


def test_the_newest_state_of_a_refreshed_import_and_a_running_refresh_are_kept(
    tmp_path: Path,
) -> None:
    one = size_of(WebStore(tmp_path / "probe"), record(0))
    store = WebStore(tmp_path, max_bytes=3 * one)
    old, newest, running = (store.put(record(n)) for n in range(3))
    store.mark_fetched(old, "https://chess-results.com/tnr1.aspx", 1.0)
    store.mark_fetched(newest, "https://chess-results.com/tnr1.aspx", 2.0)
    store.refreshed(old, newest, "job", checked=2.0)  # old now shows newest
    store.mark_fetched(running, "https://chess-results.com/tnr2.aspx", 1.0)
    assert store.claim_refresh(running, now=10_000.0, interval=1.0) is not None
    store.put(record(3))
    assert store.get(old) is None and store.get(newest) is not None
    assert store.get(running) is not None
    with pytest.raises(StoreFull):  # only newest and the running one are left to keep
        store.put(record(4, size=2 * 1000))


def test_what_cannot_fit_is_refused_naming_the_sizes_and_nothing_is_purged(
    tmp_path: Path,
) -> None:
    store = WebStore(tmp_path, max_bytes=4096)
    kept = store.put(record(1))
    with pytest.raises(StoreFull) as info:
        store.put(record(2, size=5000))
    assert info.value.message == (
        "the tournament needs 4.9 KiB; this server's store has 4.0 KiB of 4.0 KiB free"
    )
    assert render(info.value, "de") == (
        "Das Turnier braucht 4,9 KiB; im Speicher dieses Servers sind von 4 KiB noch 4 KiB frei"
    )
    assert store.get(kept) is not None


@pytest.mark.sqlite_only("the web store's SQLite file of a version before the sizes were kept")
def test_a_store_of_an_older_version_counts_its_sizes(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILENAME) as db:
        db.execute(
            "CREATE TABLE shared (key TEXT PRIMARY KEY, created REAL NOT NULL, source TEXT, "
            "body TEXT NOT NULL)"
        )
        db.execute(
            "INSERT INTO shared VALUES ('abc', 9e12, NULL, ?)", (json.dumps({"ü": "ß" * 10}),)
        )
    store = WebStore(tmp_path)
    assert store.stored_bytes() == len(json.dumps({"ü": "ß" * 10}).encode())


def test_the_app_uses_the_setting(tmp_path: Path) -> None:
    web = client(tmp_path, store_mb=3)
    assert web.app.state.store.max_bytes == 3 * 1024 * 1024

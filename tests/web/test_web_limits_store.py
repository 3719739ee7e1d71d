"""Finding 7: shared results expire, the purge is cheap, the evaluation cache is bounded by bytes."""

from __future__ import annotations

import time
from pathlib import Path

from web_helpers import ROOT, client

from wertung.storage import periodic
from wertung.web.cache import ByteLRU, approx_size
from wertung.web.web_store import PURGE_EVERY, PURGE_NAME, WebStore

DAY = 86400


def _created(store: WebStore, key: str) -> float:
    with store.backend.connect() as db:  # the SQLite file, or the database (--store)
        return db.execute("SELECT created FROM shared WHERE key = ?", (key,)).fetchone()[0]


def _age(store: WebStore, key: str, days: float) -> None:
    with store.backend.connect() as db:  # the SQLite file, or the database (--store)
        db.execute("UPDATE shared SET created = ? WHERE key = ?", (time.time() - days * DAY, key))


def test_shared_results_are_purged_after_share_days(tmp_path: Path) -> None:
    store = WebStore(tmp_path, share_days=30)
    old, new = store.put({"name": "old"}), store.put({"name": "new"})
    _age(store, old, 31)
    assert store.get(old) is None  # expired even before the purge ran
    assert store.purge() == 1
    assert store.get(new) == {"name": "new"}
    with store.backend.connect() as db:  # the SQLite file, or the database (--store)
        assert db.execute("SELECT COUNT(*) FROM shared").fetchone() == (1,)


def test_storing_again_renews(tmp_path: Path) -> None:
    store = WebStore(tmp_path, share_days=30)
    key = store.put({"name": "x"})
    _age(store, key, 29)
    assert store.put({"name": "x"}) == key
    assert time.time() - _created(store, key) < 60


def _shared_rows(store: WebStore) -> int:
    with store.backend.connect() as db:  # the SQLite file, or the database (--store)
        return int(db.execute("SELECT COUNT(*) FROM shared").fetchone()[0])


def _purged_an_hour_ago(store: WebStore) -> None:
    with store.backend.connect() as db:  # the SQLite file, or the database (--store)
        db.execute("UPDATE periodic SET ran_at = ran_at - ?", (PURGE_EVERY + 1,))


def test_purge_on_start_and_at_most_hourly_for_every_process(tmp_path: Path) -> None:
    store = WebStore(tmp_path, share_days=1)
    key = store.put({"name": "a"})  # the first put: this hour's purge (nothing to purge yet)
    assert periodic.runs(store.backend, PURGE_NAME) == 1
    _age(store, key, 2)
    client(tmp_path, share_days=1)  # another process starting within the hour: no purge
    fresh = WebStore(tmp_path, share_days=1)
    for i in range(20):
        fresh.put({"name": f"n{i}"})
    assert periodic.runs(store.backend, PURGE_NAME) == 1 and _shared_rows(store) == 21
    fresh._last_purge -= PURGE_EVERY + 1  # asked an hour ago, but the file was purged since
    fresh.put({"name": "later"})
    assert periodic.runs(store.backend, PURGE_NAME) == 1
    _purged_an_hour_ago(store)
    client(tmp_path, share_days=1)  # the app purges when it starts and the hour is over
    assert periodic.runs(store.backend, PURGE_NAME) == 2 and _shared_rows(store) == 21
    _purged_an_hour_ago(store)
    for other in (fresh, store):  # an hour later: the first store to ask purges, once
        other._last_purge -= PURGE_EVERY + 1
        other.put({"name": "later"})
    assert periodic.runs(store.backend, PURGE_NAME) == 3


def test_share_days_from_settings(tmp_path: Path) -> None:
    web = client(tmp_path, share_days=7)
    assert web.app.state.store.share_days == 7


# -- the byte-bounded cache -------------------------------------------------------------------


def test_byte_lru_stays_under_its_budget() -> None:
    cache: ByteLRU[bytes] = ByteLRU(max_bytes=10_000, sizer=len)
    for i in range(100):
        cache.put(i, bytes(1500))
        assert cache.bytes <= 10_000
    assert len(cache) == 6 and 99 in cache and 0 not in cache
    cache.get(94)  # recently used: survives the next eviction
    cache.put("new", bytes(1500))
    assert 94 in cache and 95 not in cache
    cache.put("huge", bytes(20_000))  # larger than the budget: not kept
    assert "huge" not in cache and cache.bytes <= 10_000


def test_approx_size_follows_the_evaluation_size() -> None:
    from wertung.web import tournaments

    trf = (ROOT / "data" / "trf" / "skl_example1_karl_mala_2005.trf").read_bytes()
    small = (ROOT / "data" / "trf" / "skl_2020_06_lichess_swiss.trf").read_bytes()
    big_size = approx_size(tournaments.from_upload("a.trf", trf))
    small_size = approx_size(tournaments.from_upload("b.trf", small))
    assert big_size > 10 * small_size > 0
    # a shared structure is counted once
    shared = list(range(1000))
    assert approx_size([shared, shared]) < 1.2 * approx_size([shared])


def test_byte_lru_threads() -> None:
    import threading

    cache: ByteLRU[int] = ByteLRU(max_bytes=50, sizer=lambda v: 1)

    def work(n: int) -> None:
        for i in range(500):
            cache.get_or_compute((n, i % 80), lambda i=i: i)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(cache) <= 50 and cache.bytes == len(cache)


def test_app_has_a_byte_bounded_evaluation_cache(tmp_path: Path) -> None:
    web = client(tmp_path, cache_mb=3)
    cache = web.app.state.evaluations
    assert isinstance(cache, ByteLRU) and cache.max_bytes == 3 * 1024 * 1024


def test_approx_size_is_close_to_the_real_memory() -> None:
    import tracemalloc

    import wertung
    from wertung.web import tournaments

    trf = (ROOT / "data" / "trf" / "skl_example1_karl_mala_2005.trf").read_bytes()
    wertung.evaluate(tournaments.from_upload("a.trf", trf))  # modules imported, caches warm
    # The cached evaluation holds its tournament: both are built under the trace.
    tracemalloc.start()
    try:
        evaluation = wertung.evaluate(tournaments.from_upload("a.trf", trf))
        traced, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    estimate = approx_size(evaluation)
    assert 0.5 * traced < estimate < 2 * traced


def test_key_for_is_the_key_of_put_without_storing(tmp_path: Path) -> None:
    store = WebStore(tmp_path)
    data = {"name": "Open", "players": []}
    key = store.key_for(data)
    assert store.get(key) is None  # nothing stored: a failed evaluation leaves no share
    assert store.put(data) == key and store.get(key) == data

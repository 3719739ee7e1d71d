"""The stores behind one interface, each test run on both backends (issue 23).

``backend`` (tests/conftest.py) is a SQLite file or a database on a throwaway PostgreSQL
cluster; the PostgreSQL runs are skipped with the reason when the server binaries are
missing. Every store is used through its public methods only.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from pathlib import Path

import pytest

from wertung.sources.chessresults._cache import PageCache
from wertung.sources.store import Store, StoreError
from wertung.sources.store_records import DsbClub, DsbPlayer, ListInfo, RefreshState
from wertung.storage import periodic
from wertung.storage.backend import PostgresBackend, SqliteBackend, translate
from wertung.storage.schema import SchemaTooNew, current_version, migrate, versions
from wertung.web.jobs import MAX_ATTEMPTS
from wertung.web.web_store import PURGE_EVERY, PURGE_NAME, StoreFull, WebStore

LINK = "https://chess-results.com/tnr1.aspx"


def web_store(backend, tmp_path: Path, **options) -> WebStore:
    return WebStore(tmp_path, backend=backend, **options)


def dsb_store(backend, tmp_path: Path) -> Store:
    if isinstance(backend, PostgresBackend):
        return Store(backend=backend)
    return Store(backend.path.with_name("dsb.sqlite3"))


def _age(backend, key: str, days: float) -> None:
    with backend.connect() as db:
        db.execute("UPDATE shared SET created = ? WHERE key = ?", (time.time() - days * 86400, key))


# -- schema -------------------------------------------------------------------------------------


def test_schema_is_made_once_and_versioned(backend, tmp_path: Path) -> None:
    web_store(backend, tmp_path)
    assert current_version(backend, "web") == versions()["web"] == 2
    assert migrate(backend, "web") == 2  # again: nothing to do
    assert migrate(backend, "pages") == versions()["pages"]


def test_a_newer_schema_is_refused(backend, tmp_path: Path) -> None:
    web_store(backend, tmp_path)
    with backend.connect() as db:
        db.execute("UPDATE wertung_schema SET version = 99 WHERE part = 'web'")
    fresh = SqliteBackend(backend.path) if isinstance(backend, SqliteBackend) else None
    fresh = fresh or PostgresBackend(backend.url, pool_size=1)
    try:
        with pytest.raises(SchemaTooNew, match="schema version 99"):
            WebStore(tmp_path, backend=fresh)
    finally:
        fresh.close()


def test_the_queries_are_written_once() -> None:
    sql = "UPDATE t SET a = greatest(a, ?) WHERE rowid = ? AND b LIKE '%x'"
    assert translate(sql, "postgresql") == (
        "UPDATE t SET a = greatest(a, %s) WHERE id = %s AND b LIKE '%%x'"
    )
    assert translate(sql, "sqlite") == "UPDATE t SET a = max(a, ?) WHERE rowid = ? AND b LIKE '%x'"


# -- shared results -----------------------------------------------------------------------------


def test_put_get_same_key_and_expiry(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path, share_days=30)
    key = store.put({"name": "Open", "n": 1.5, "text": "Bäumer \ud800"}, source="x.json")
    assert key == store.key_for({"name": "Open", "n": 1.5, "text": "Bäumer \ud800"})
    assert store.put({"name": "Open", "n": 1.5, "text": "Bäumer \ud800"}) == key
    assert store.get(key) == {"name": "Open", "n": 1.5, "text": "Bäumer \ufffd"}
    assert store.get("nope") is None and store.get("bad key!") is None
    old = store.put({"name": "old"})
    _age(backend, old, 31)
    assert store.get(old) is None
    assert store.purge() == 1
    assert store.get(key) is not None


def test_the_quota_purges_the_oldest_then_refuses(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path, max_bytes=300)
    first = store.put({"text": "a" * 100})
    second = store.put({"text": "b" * 100})
    assert store.stored_bytes() > 200
    third = store.put({"text": "c" * 100})  # the oldest goes
    assert store.get(first) is None and store.get(second) and store.get(third)
    with pytest.raises(StoreFull):
        store.put({"text": "d" * 400})


# -- rate limits --------------------------------------------------------------------------------


def test_rate_limit_counts_per_client_and_refunds(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path)
    assert [store.allow_fetch("1.2.3.4", 2, 600) for _ in range(3)] == [True, True, False]
    assert store.allow_fetch("5.6.7.8", 2, 600)
    store.refund_fetch("1.2.3.4")
    assert store.allow_fetch("1.2.3.4", 2, 600)
    assert not store.allow_fetch("1.2.3.4", 2, 600)


def test_rate_limit_holds_under_concurrent_requests(backend, tmp_path: Path) -> None:
    stores = [web_store(backend, tmp_path) for _ in range(2)]
    allowed: list[bool] = []
    lock = threading.Lock()

    def ask(store: WebStore) -> None:
        for _ in range(5):
            ok = store.allow_fetch("9.9.9.9", 6, 600)
            with lock:
                allowed.append(ok)

    threads = [threading.Thread(target=ask, args=(stores[i % 2],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert allowed.count(True) == 6 and len(allowed) == 20


# -- jobs ---------------------------------------------------------------------------------------


def test_job_progress_done_and_failure(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path, job_stale=30, job_timeout=0.2)
    job = store.new_job(LINK, "en")
    store.job_progress(job, "page 1 of 2")
    state = store.job(job)
    assert state["status"] == "running" and state["messages"] == ["page 1 of 2"]
    assert store.restart_job(job) is None
    time.sleep(0.3)
    state = store.job(job)
    assert state["status"] == "failed" and state["reason"] == "timeout"
    store.job_done(job, key="late")  # the failure stays
    assert store.job(job)["key"] is None
    again = store.restart_job(job)
    assert again and store.job(again)["link"] == LINK
    store.job_done(again, key="abc")
    assert store.job(again)["status"] == "done"
    assert store.job("missing") is None


def test_queued_jobs_are_each_claimed_once_by_many_claimers(backend, tmp_path: Path) -> None:
    stores = [web_store(backend, tmp_path) for _ in range(2)]
    jobs = {stores[0].queue_job(f"{LINK}?n={n}", "de", params={"client": "1.2.3.4"})[0]
            for n in range(12)}  # fmt: skip
    claims: list = []
    lock = threading.Lock()
    barrier = threading.Barrier(4)

    def claimer(store: WebStore) -> None:
        barrier.wait(30)
        while (claim := store.claim_job()) is not None:
            with lock:
                claims.append(claim)

    threads = [threading.Thread(target=claimer, args=(stores[i % 2],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(c.job for c in claims) == sorted(jobs)  # every job claimed exactly once
    assert {(c.lang, c.params["client"], c.attempt) for c in claims} == {("de", "1.2.3.4", 1)}
    assert len({c.owner for c in claims}) == 12
    for claim in claims:
        stores[1].drop_claim(claim)


def test_a_job_claimed_when_made_is_nobody_elses(backend, tmp_path: Path) -> None:
    mine, other = web_store(backend, tmp_path), web_store(backend, tmp_path)
    job, claim = mine.queue_job(LINK, "en", claim=True)
    assert claim is not None and claim.job == job and claim.attempt == 1
    assert other.claim_job() is None and other.claim_job(job) is None
    assert mine.job_progress(job, "page 1 of 4", owner=claim.owner)
    assert mine.job_done(job, key="k1", owner=claim.owner)
    assert not mine.job_done(job, key="k2", owner=claim.owner)  # finished once
    state = other.job(job)
    assert (state["status"], state["key"], state["messages"]) == ("done", "k1", ["page 1 of 4"])


def test_a_stale_claim_is_taken_over_and_the_old_one_finishes_nothing(
    backend, tmp_path: Path
) -> None:
    dead, live = (web_store(backend, tmp_path, job_stale=0.8) for _ in range(2))
    job, first = dead.queue_job(LINK, "de", params={"client": "9.9.9.9"}, claim=True)
    dead.job_progress(job, "page 1 of 4", owner=first.owner)
    dead.drop_claim(first)  # its host stops beating (killed)
    assert live.claim_job() is None  # beaten a moment ago: still its host's
    time.sleep(1.0)
    assert live.job(job)["status"] == "running"  # not interrupted: to be taken over
    second = live.claim_job()
    assert second is not None and (second.job, second.attempt) == (job, 2)
    assert second.params == {"client": "9.9.9.9"} and second.lang == "de"
    assert live.job(job)["messages"] == []  # the new run's progress only
    assert not dead.job_progress(job, "page 2 of 4", owner=first.owner)  # the old run stops
    assert not dead.job_done(job, key="old", owner=first.owner)
    assert live.job_progress(job, "page 1 of 4", owner=second.owner)
    assert live.job_done(job, key="new", owner=second.owner)
    state = dead.job(job)
    assert (state["status"], state["key"], state["attempts"]) == ("done", "new", 2)


def test_after_the_last_attempt_a_dead_job_fails_in_its_language(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path, job_stale=0.2)
    job, claim = store.queue_job(LINK, "de", claim=True)
    for attempt in range(2, MAX_ATTEMPTS + 1):
        store.drop_claim(claim)
        time.sleep(0.3)
        claim = store.claim_job()
        assert claim is not None and claim.attempt == attempt
    store.drop_claim(claim)
    time.sleep(0.3)
    assert store.claim_job() is None  # failed instead of a fourth run
    state = store.job(job)
    assert state["status"] == "failed" and "unterbrochen" in state["error"]
    assert store.restart_job(job) is not None  # and may be started again


def test_a_queued_job_waits_then_times_out(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path, job_stale=0.1, job_timeout=1.5)
    job, _ = store.queue_job(LINK, "en")
    time.sleep(0.3)
    assert store.job(job)["status"] == "running"  # waiting in the queue is not stalling
    time.sleep(1.3)
    assert store.claim_job() is None
    state = store.job(job)
    assert state["status"] == "failed" and "took too long" in state["error"]
    running, claim = store.queue_job(LINK, "en", claim=True)
    time.sleep(1.6)
    assert claim is not None and not store.job_progress(running, "late", owner=claim.owner)
    assert store.job(running)["status"] == "failed"  # past its deadline: no more progress


def test_the_purge_runs_once_for_all_stores(backend, tmp_path: Path) -> None:
    stores = [web_store(backend, tmp_path, share_days=30) for _ in range(4)]
    old = stores[0].put({"name": "old"})  # the first put: this period's purge
    assert periodic.runs(backend, PURGE_NAME) == 1
    _age(backend, old, 31)
    with backend.connect() as db:  # the period is over
        db.execute("UPDATE periodic SET ran_at = ran_at - ?", (PURGE_EVERY + 1,))
    results: list = []
    barrier = threading.Barrier(4)

    def ask(store: WebStore) -> None:
        store._last_purge = 0.0
        barrier.wait(30)
        results.append(store.maybe_purge())

    threads = [threading.Thread(target=ask, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(results, key=str) == [1, None, None, None]  # one purged (the old result)
    assert periodic.runs(backend, PURGE_NAME) == 2


# -- refreshes of running imports ---------------------------------------------------------------


def test_fetched_claim_refresh_and_newest(backend, tmp_path: Path) -> None:
    store = web_store(backend, tmp_path)
    old = store.put({"round": 5})
    store.mark_fetched(old, LINK, 100.0)
    assert store.fetch_state(old)["as_of"] == 100.0
    assert store.claim_refresh(old, now=200.0, interval=300) is None  # not due
    claim = store.claim_refresh(old, now=500.0, interval=300)
    assert claim is not None and claim[1] is None
    job, _checked = claim
    assert store.claim_refresh(old, now=900.0, interval=300) is None  # one at a time
    new = store.put({"round": 6})
    store.mark_fetched(new, LINK, 500.0)
    store.refreshed(old, new, job, checked=500.0)
    store.job_done(job, key=new)
    assert store.newest(old) == new and store.newest(new) == new
    assert store.fetch_state(old)["job"] is None
    assert store.fetch_state(new)["checked"] == 500.0
    claim = store.claim_refresh(new, now=900.0, interval=300)
    assert claim is not None
    store.refresh_failed(new, claim[0], {"en": "down", "de": "nicht da"}, now=901.0)
    assert store.fetch_state(new)["failure"] == {"en": "down", "de": "nicht da"}
    claim = store.claim_refresh(new, now=1300.0, interval=300)
    store.release_refresh(new, claim[0], claim[1], "not started")
    assert store.fetch_state(new)["checked"] == 900.0 and store.fetch_state(new)["job"] is None
    store.mark_fetched(new, LINK, 50.0)  # an older fetch does not move as_of back
    assert store.fetch_state(new)["as_of"] == 500.0 and store.fetch_state(new)["failure"] is None


def test_of_many_concurrent_viewers_one_claims(backend, tmp_path: Path) -> None:
    stores = [web_store(backend, tmp_path) for _ in range(2)]
    keys = [stores[0].put({"event": n}) for n in range(10)]
    for key in keys:
        stores[0].mark_fetched(key, LINK, 0.0)
    claims: list[tuple[str, str]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(4)

    def view(store: WebStore) -> None:
        barrier.wait(30)
        for key in keys:
            claim = store.claim_refresh(key, now=1000.0, interval=300)
            if claim is not None:
                with lock:
                    claims.append((key, claim[0]))

    threads = [threading.Thread(target=view, args=(stores[i % 2],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(k for k, _ in claims) == sorted(keys)  # every key claimed exactly once


# -- the DSB list -------------------------------------------------------------------------------


def _players(n: int) -> list[DsbPlayer]:
    return [
        DsbPlayer(zps="Z0101", name=f"p{i},Max", pkz=f"NU{i:07d}", dwz=1000 + i, index=i,
                  fide_id=f"9900{i:04d}", key=f"max p{i}")
        for i in range(1, n + 1)
    ]  # fmt: skip


def _info(n: int) -> ListInfo:
    return ListInfo(dt.date(2026, 6, 1), dt.datetime(2026, 6, 2, 10, tzinfo=dt.UTC), "x.zip",
                    "wertungsportal", n, n, 1)  # fmt: skip


def test_dsb_list_replace_read_and_search(backend, tmp_path: Path) -> None:
    store = dsb_store(backend, tmp_path)
    assert store.list_info() is None or isinstance(backend, PostgresBackend)
    store.replace_dsb_list(_players(30), [DsbClub("Z0101", "SK Test", "Z", "Z0100")], _info(30))
    info = store.list_info()
    assert (info.players, info.source, info.list_date) == (30, "x.zip", dt.date(2026, 6, 1))
    assert store.schema_version() == 2
    rows = store.players_by_key(["max p3"])["max p3"]
    assert [(r.name, r.dwz, r.club) for r in rows] == [("p3,Max", 1003, "SK Test")]
    assert store.players_by_fide_id(["99000001"])["99000001"][0].pkz == "NU0000001"
    assert len(store.players_by_zps(["Z0101"])["Z0101"]) == 30
    assert [r.dwz for r in store.search_players(["max"], limit=3)] == [1030, 1029, 1028]
    assert store.search_players(["100%"]) == []
    assert store.club("Z0101") == DsbClub("Z0101", "SK Test", "Z", "Z0100")
    store.replace_dsb_list(_players(2), [], _info(2))  # replaced whole
    assert store.list_info().players == 2 and store.club("Z0101") is None
    checked = dt.datetime(2026, 6, 3, tzinfo=dt.UTC)
    assert store.mark_dsb_list_checked(checked, etag='"e"').checked_at == checked


def test_dsb_search_orders_names_alike_on_both_backends(backend, tmp_path: Path) -> None:
    """Names of the same DWZ in the bytes of their UTF-8, as SQLite sorts them; before, the
    test cluster's German collation put "Ärztin" first and "von Müller" before "Weber"."""
    store = dsb_store(backend, tmp_path)
    names = ["von Müller,Jan", "Ärztin-Müller,Eva", "Müller,Zoe", "MÜLLER,Anna", "Weber-Müller,Udo"]
    players = [
        DsbPlayer(
            zps="Z0101", name=name, pkz=f"NU{i:07d}", dwz=None, index=None, key=f"mueller {i}"
        )
        for i, name in enumerate(names)
    ]
    store.replace_dsb_list(players, [], _info(len(names)))
    found = [row.name for row in store.search_players(["mueller"])]
    assert found == sorted(names, key=lambda name: name.encode())
    assert found[0] == "MÜLLER,Anna" and found[-1] == "Ärztin-Müller,Eva"


def test_dsb_refresh_claim(backend, tmp_path: Path) -> None:
    store = dsb_store(backend, tmp_path)
    now = dt.datetime(2026, 6, 2, 4, 0, tzinfo=dt.UTC)
    lease = now + dt.timedelta(minutes=10)
    assert store.claim_dsb_refresh(now, lease)
    assert not store.claim_dsb_refresh(now + dt.timedelta(minutes=5), lease)
    store.finish_dsb_refresh(now + dt.timedelta(minutes=6), "503")
    assert store.refresh_state() == RefreshState(now + dt.timedelta(minutes=6), "503", None)


def test_dsb_store_refuses_a_newer_schema(backend, tmp_path: Path) -> None:
    if isinstance(backend, SqliteBackend):
        pytest.skip("the SQLite file's PRAGMA user_version: tests/sources/test_store.py")
    store = dsb_store(backend, tmp_path)
    store.list_info()
    with backend.connect() as db:
        db.execute("UPDATE wertung_schema SET version = 7 WHERE part = 'dsb'")
    fresh = PostgresBackend(backend.url, pool_size=1)
    try:
        with pytest.raises(StoreError, match="schema version 7"):
            Store(backend=fresh).list_info()
    finally:
        fresh.close()


# -- the chess-results page cache ---------------------------------------------------------------


def test_page_cache(backend, tmp_path: Path) -> None:
    now = [1000.0]
    cache = PageCache(tmp_path / "cache", backend=backend, clock=lambda: now[0])
    assert cache.get("k") is None
    cache.put("k", "https://s1.chess-results.com/x", b"<html>\xc3\xa4</html>")
    page = cache.get("k")
    assert page.body == b"<html>\xc3\xa4</html>" and page.fetched_at == 1000.0
    now[0] = 1100.0
    assert cache.fresh("k", 200) is not None and cache.fresh("k", 50) is None
    cache.put("k", "https://chess-results.com/y", b"new")
    assert cache.get("k").url == "https://chess-results.com/y"
    cache.clear()
    assert cache.get("k") is None


def test_the_page_cache_purges_once_per_period(backend, tmp_path: Path) -> None:
    now = [1000.0]
    caches = [PageCache(tmp_path / "cache", backend=backend, clock=lambda: now[0])]
    caches[0].put("old", "https://chess-results.com/old", b"old")
    now[0] += 31 * 86400  # the page is older than the cache keeps, ...
    caches.append(PageCache(tmp_path / "cache", backend=backend, clock=lambda: now[0]))
    assert caches[0].get("old") is None  # ... purged by the first cache opened a period later
    assert periodic.runs(backend, "pages purge") == 2
    caches[0].put("old", "https://chess-results.com/old", b"old")
    now[0] += 31 * 86400 - 60
    caches += [PageCache(tmp_path / "cache", backend=backend, clock=lambda: now[0])
               for _ in range(3)]  # fmt: skip
    assert periodic.runs(backend, "pages purge") == 3


def test_the_doctests_of_the_periodic_claim() -> None:
    import doctest

    from wertung.storage import periodic as module

    assert doctest.testmod(module).failed == 0

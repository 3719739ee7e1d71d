"""The embedded SQLite store: location, schema version, atomic replacement, several processes."""

from __future__ import annotations

import dataclasses
import datetime as dt
import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from wertung.sources.store import (
    DB_FILENAME,
    SCHEMA_VERSION,
    DsbClub,
    DsbPlayer,
    ListInfo,
    RefreshState,
    Store,
    StoreError,
    default_data_dir,
)


def _info(n: int, source: str = "test.csv") -> ListInfo:
    return ListInfo(
        list_date=dt.date(2026, 6, 1),
        loaded_at=dt.datetime(2026, 6, 2, 10, 0, tzinfo=dt.UTC),
        source=source,
        format="wertungsportal",
        memberships=n,
        players=n,
        clubs=1,
    )


def _players(n: int, prefix: str = "p") -> list[DsbPlayer]:
    return [
        DsbPlayer(
            zps="Z0101",
            name=f"{prefix}{i},Max",
            pkz=f"NU{i:07d}",
            dwz=1000 + i,
            index=i,
            fide_id=str(99000000 + i) if i % 2 else None,
            key=f"max {prefix}{i}",
        )
        for i in range(n)
    ]


def test_default_location_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("WERTUNG_DATA_DIR", str(tmp_path / "data"))
    assert default_data_dir() == tmp_path / "data"
    assert Store().path == tmp_path / "data" / DB_FILENAME


def test_default_location_without_environment_is_the_user_data_dir(monkeypatch):
    monkeypatch.delenv("WERTUNG_DATA_DIR", raising=False)
    assert default_data_dir().name.lower() == "wertung"


def test_path_argument_directory_or_file(tmp_path):
    assert Store(tmp_path).path == tmp_path / DB_FILENAME
    assert Store(tmp_path / "new-dir").path == tmp_path / "new-dir" / DB_FILENAME
    assert Store(tmp_path / "x.db").path == tmp_path / "x.db"


def test_reading_an_empty_store_creates_nothing(tmp_path):
    store = Store(tmp_path / "sub")
    assert store.list_info() is None
    assert store.search_players("max") == []
    assert store.players_by_key(["max p1"]) == {"max p1": []}
    assert store.schema_version() == 0
    assert not store.path.exists()


def test_schema_is_versioned_and_wal(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(3), [DsbClub("Z0101", "SK Test")], _info(3))
    assert store.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_newer_schema_is_refused(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(1), [], _info(1))
    with sqlite3.connect(store.path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer"):
        store.list_info()


def test_a_file_that_is_not_a_database_gives_a_clear_error(tmp_path):
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a usable wertung database"):
        Store(path).list_info()


def test_replace_and_read_back(tmp_path):
    store = Store(tmp_path)
    info = store.replace_dsb_list(
        _players(5), [DsbClub("Z0101", "SK Test", "Z", "Z0100")], _info(5)
    )
    assert info.store == store.path
    assert store.list_info() == info
    rows = store.players_by_key(["max p3"])["max p3"]
    assert [(r.name, r.dwz, r.index, r.club, r.fide_id) for r in rows] == [
        ("p3,Max", 1003, 3, "SK Test", "99000003")
    ]
    assert store.players_by_fide_id(["99000001"])["99000001"][0].pkz == "NU0000001"
    assert store.club("Z0101") == DsbClub("Z0101", "SK Test", "Z", "Z0100")
    assert store.club("nope") is None


def test_replace_removes_the_old_list(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(5, "old"), [], _info(5))
    store.replace_dsb_list(_players(2, "new"), [], _info(2, "second.csv"))
    assert store.list_info().source == "second.csv"
    assert store.search_players(["old"]) == []
    assert len(store.search_players(["new"])) == 2


def test_a_failing_replacement_keeps_the_previous_list(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(4), [], _info(4))
    broken = [*_players(3, "new"), DsbPlayer(zps="Z0101", name=None, key="x")]  # type: ignore[arg-type]
    with pytest.raises(sqlite3.IntegrityError):
        store.replace_dsb_list(broken, [], _info(4, "broken.csv"))
    assert store.list_info().source == "test.csv"
    assert len(store.search_players(["max"])) == 4


def test_search_escapes_like_wildcards(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(
        [DsbPlayer(zps="Z1", name="A,B", key="a b"), DsbPlayer(zps="Z1", name="C,D", key="c d")],
        [],
        _info(2),
    )
    assert store.search_players(["%"]) == []
    assert store.search_players(["_"]) == []
    assert [p.name for p in store.search_players(["a"])] == ["A,B"]


def test_search_orders_by_dwz_and_limits(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(30), [], _info(30))
    rows = store.search_players(["max"], limit=5)
    assert [r.dwz for r in rows] == [1029, 1028, 1027, 1026, 1025]


def test_readers_see_the_old_list_while_a_new_one_is_written(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(3, "old"), [], _info(3))
    with store.connect(write=True) as conn:
        conn.execute("DELETE FROM dsb_players")
        conn.execute("DELETE FROM dsb_list")
        # another connection (as another process would) still sees the committed list
        assert Store(tmp_path).list_info() is not None
        assert len(Store(tmp_path).search_players(["old"])) == 3
        conn.rollback()
    assert len(store.search_players(["old"])) == 3


def _worker(args: tuple[str, int]) -> int:
    path, n = args
    store = Store(path)
    seen = 0
    for round_no in range(5):
        if n % 2:
            store.replace_dsb_list(_players(50 + n, f"w{n}r{round_no}x"), [], _info(50 + n))
        info = store.list_info()
        assert info is not None
        # the list is always complete: as many rows as its info says
        with store.connect() as conn:  # one statement: one snapshot
            count, memberships = conn.execute(
                "SELECT (SELECT COUNT(*) FROM dsb_players), (SELECT memberships FROM dsb_list)"
            ).fetchone()
        assert count == memberships
        seen += 1
    return seen


def test_several_processes_read_and_write_at_once(tmp_path):
    store = Store(tmp_path)
    store.replace_dsb_list(_players(10), [], _info(10))
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        results = pool.map(_worker, [(str(tmp_path), n) for n in range(4)])
    assert results == [5, 5, 5, 5]


def test_store_path_is_shown_in_repr(tmp_path):
    assert str(tmp_path) in repr(Store(tmp_path))


def test_unwritable_location_gives_a_store_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open the store"):
        Store(Path(blocker) / "sub" / "db.sqlite3").replace_dsb_list([], [], _info(0))


# -- schema version 2: the download's origin and the refresh state ------------------------------

_V1_SCHEMA = """
CREATE TABLE dsb_list (id INTEGER PRIMARY KEY CHECK (id = 1), list_date TEXT, loaded_at TEXT NOT NULL,
    source TEXT NOT NULL, format TEXT NOT NULL, memberships INTEGER NOT NULL,
    players INTEGER NOT NULL, clubs INTEGER NOT NULL, newest_evaluation TEXT);
CREATE TABLE dsb_clubs (zps TEXT PRIMARY KEY, name TEXT NOT NULL, region TEXT, parent TEXT);
CREATE TABLE dsb_players (pkz TEXT, zps TEXT NOT NULL, member_no TEXT, status TEXT NOT NULL,
    name TEXT NOT NULL, sex TEXT, eligibility TEXT, birth_year INTEGER, last_evaluation TEXT,
    dwz INTEGER, idx INTEGER, fide_rating INTEGER, fide_title TEXT, fide_id TEXT,
    fide_country TEXT, key TEXT NOT NULL);
INSERT INTO dsb_list VALUES (1, '2026-06-01', '2026-06-02T10:00:00+00:00', 'old.zip',
    'wertungsportal', 1, 1, 0, NULL);
INSERT INTO dsb_players (zps, status, name, key, dwz) VALUES ('Z0101', 'A', 'Alt,Max', 'alt max', 1500);
PRAGMA user_version = 1;
"""


def test_a_version_1_store_is_upgraded_and_keeps_its_list(tmp_path):
    path = tmp_path / DB_FILENAME
    with sqlite3.connect(path) as conn:
        conn.executescript(_V1_SCHEMA)
    store = Store(path)
    info = store.list_info()
    assert store.schema_version() == SCHEMA_VERSION == 2
    assert (info.source, info.url, info.etag, info.checked_at) == ("old.zip", None, None, None)
    assert [r.dwz for r in store.search_players(["alt"])] == [1500]
    assert store.refresh_state() == RefreshState()


def test_the_download_origin_is_stored_with_the_list_and_replaced_with_it(tmp_path):
    store = Store(tmp_path)
    checked = dt.datetime(2026, 6, 2, 4, 30, tzinfo=dt.UTC)
    downloaded = dataclasses.replace(
        _info(2), url="https://www.schachbund.de/x.zip", etag='"abc"',
        last_modified="Tue, 02 Jun 2026 02:15:00 GMT", checked_at=checked,
    )  # fmt: skip
    assert store.replace_dsb_list(_players(2), [], downloaded) == store.list_info()
    assert store.list_info().to_dict()["checked_at"] == "2026-06-02T04:30:00+00:00"
    later = checked + dt.timedelta(days=1)
    info = store.mark_dsb_list_checked(later, etag='"def"')
    assert (info.checked_at, info.etag, info.last_modified) == (
        later,
        '"def"',
        "Tue, 02 Jun 2026 02:15:00 GMT",
    )
    assert info.loaded_at == downloaded.loaded_at  # the list itself is untouched
    store.replace_dsb_list(_players(1), [], _info(1, "local.csv"))
    info = store.list_info()
    assert (info.url, info.etag, info.last_modified, info.checked_at) == (None, None, None, None)


def test_marking_without_a_list_does_nothing(tmp_path):
    store = Store(tmp_path)
    assert store.mark_dsb_list_checked(dt.datetime(2026, 6, 2, tzinfo=dt.UTC)) is None


def test_one_refresh_claim_at_a_time(tmp_path):
    store, other = Store(tmp_path), Store(tmp_path)
    now = dt.datetime(2026, 6, 2, 4, 0, tzinfo=dt.UTC)
    lease = now + dt.timedelta(minutes=10)
    assert store.claim_dsb_refresh(now, lease)
    assert not other.claim_dsb_refresh(now + dt.timedelta(minutes=5), lease)
    assert other.refresh_state().claimed_until == lease
    assert other.claim_dsb_refresh(now + dt.timedelta(minutes=11), lease + dt.timedelta(hours=1))
    other.finish_dsb_refresh(now + dt.timedelta(minutes=12), "the server answered 503")
    state = store.refresh_state()
    assert state == RefreshState(now + dt.timedelta(minutes=12), "the server answered 503", None)
    assert store.claim_dsb_refresh(now + dt.timedelta(minutes=13), lease)

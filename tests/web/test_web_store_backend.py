"""The web tests run on the store ``--store`` chose (issue 23; tests/support/pg_store.py).

Guards the PostgreSQL run of the web suite: were the fixtures not routed to the database,
every test would pass on the SQLite files and the run would show nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from web_helpers import client, load_ilmenau_list

from wertung.sources.store import Store
from wertung.web.web_store import WebStore


@pytest.fixture
def dialect(request) -> str:
    return request.config.getoption("--store")


def test_the_app_and_its_stores_use_the_chosen_backend(tmp_path: Path, dialect: str) -> None:
    load_ilmenau_list(tmp_path)  # before the app is made, as several tests do
    web = client(tmp_path)
    assert web.app.state.store.backend.dialect == dialect
    assert WebStore(tmp_path).backend.dialect == dialect
    assert (Store(tmp_path).location is None) == (dialect == "postgresql")
    found = web.get("/api/v1/dsb/players", params={"q": "junge"})
    assert found.status_code == 200 and found.json()["players"]  # the list loaded before


def test_each_data_directory_has_rows_of_its_own(tmp_path: Path) -> None:
    one, other = WebStore(tmp_path / "one"), WebStore(tmp_path / "other")
    key = one.put({"name": "Open"})
    assert one.get(key) == {"name": "Open"} and other.get(key) is None
    assert WebStore(tmp_path / "one").get(key) == {"name": "Open"}  # the same directory again

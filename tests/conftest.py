import os
import sys
from pathlib import Path

from hypothesis import settings

# The shared test modules (tests/support: builders, plain references, fixtures' data)
# import by their bare names from every test folder.
sys.path.insert(0, str(Path(__file__).parent / "support"))
sys.path.insert(0, str(Path(__file__).parent))
# A few tests reuse a neighbour area's builders by its bare module name (test_web_history
# takes test_history's season): every area folder is importable, also when a folder or a
# single file runs alone (pytest would otherwise put only the running file's folder there).
for _area in sorted(Path(__file__).parent.iterdir()):
    if (
        _area.is_dir()
        and _area.name not in ("support", "data", "golden", "reference")
        and any(_area.glob("test_*.py"))
    ):
        sys.path.append(str(_area))

# No test reaches the internet: a web app (or `wertung serve` process) started by a test
# does not fetch the DSB list unless the test asks for it with its own local server.
os.environ["WERTUNG_DSB_LIST"] = "off"

# No Hypothesis deadline anywhere: a test's speed depends on the machine (a busy CI
# machine runs an example ten times slower than a quiet one); timings belong in benchmarks/.
settings.register_profile("wertung", deadline=None)
settings.load_profile("wertung")


# -- PostgreSQL (issue 23): a throwaway cluster per test session, a database per test ----------

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def pg_cluster():
    """A PostgreSQL server started for these tests (skipped when its binaries are missing)."""
    from pg_cluster import MISSING, Cluster, binaries

    folder = binaries()
    if folder is None:
        pytest.skip(MISSING)
    cluster = Cluster(folder)
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.fixture
def pg_url(pg_cluster):
    """The URL of a new, empty database on the test cluster."""
    from wertung.storage import site

    url = pg_cluster.new_database()
    yield url
    site.use(None)  # no app of this test leaves its database as the process's site database
    from wertung.storage.backend import _BACKENDS, OPENED

    for key in [k for k in _BACKENDS if k[0] == url]:
        _BACKENDS.pop(key)
    for made in [b for b in OPENED if b.url == url]:
        made.close()  # no pool of this test keeps reconnecting after it


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    """A store backend of each kind: a SQLite file in ``tmp_path``, a PostgreSQL database."""
    from wertung.storage.backend import PostgresBackend, SqliteBackend

    if request.param == "sqlite":
        yield SqliteBackend(tmp_path / "store.sqlite3")
        return
    url = request.getfixturevalue("pg_url")
    made = PostgresBackend(url, pool_size=4)
    yield made
    made.close()


# -- the web tests on PostgreSQL (issue 23): `pytest --store=postgresql tests/web tests/browser` --


def pytest_addoption(parser):
    from pg_store import ENV

    parser.addoption(
        "--store",
        choices=("sqlite", "postgresql"),
        default=os.environ.get(ENV, "").strip() or "sqlite",
        help="where the web apps of the tests keep their state: SQLite files in their data "
        "directories (default), or a database of its own for each data directory on a "
        f"throwaway PostgreSQL cluster (tests/support/pg_store.py; also ${ENV})",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "sqlite_only(reason): a test of the SQLite files themselves, skipped with --store=postgresql",
    )


def pytest_collection_modifyitems(config, items):
    if config.getoption("--store") != "postgresql":
        return
    for item in items:
        for mark in item.iter_markers("sqlite_only"):
            reason = mark.args[0] if mark.args else mark.kwargs.get("reason", "")
            item.add_marker(pytest.mark.skip(reason=f"SQLite only: {reason}"))


@pytest.fixture(scope="session", autouse=True)
def _store_databases(request):
    """With ``--store=postgresql``: every data directory a database of its own (pg_store)."""
    if request.config.getoption("--store") != "postgresql":
        yield None
        return
    import pg_store
    from pg_cluster import MISSING, binaries

    if binaries() is None:
        pytest.exit(f"--store=postgresql: {MISSING}", returncode=4)
    cluster = request.getfixturevalue("pg_cluster")
    databases = pg_store.Databases(cluster)
    with pytest.MonkeyPatch.context() as patch:
        pg_store.install(databases, patch)
        try:
            yield databases
        finally:
            databases.after_test()
            pg_store.uninstall()


@pytest.fixture(autouse=True)
def _store_after_test(_store_databases):
    """With ``--store=postgresql``: no pool of a test stays open after it."""
    yield
    if _store_databases is not None:
        _store_databases.after_test()

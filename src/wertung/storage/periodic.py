"""Work done once per period for every process and host of a store: the purges.

Every process of every host may ask (:func:`claim`); within one transaction it takes the
kind's lock without waiting (:meth:`Conn.try_lock <wertung.storage.backend.Conn.try_lock>`:
a transaction-scoped advisory lock on PostgreSQL, the file's write lock on SQLite) and
reads when the work last ran from the table ``periodic``. Only when ``every`` seconds have
passed does it record the run (``ran_at``, ``runs`` + 1) and answer True; the caller does
the work in the same transaction, so a failed purge is rolled back with its claim and the
next caller tries again. Of many hosts asking at once, one runs it, the others go on
without waiting for it.

>>> from pathlib import Path; import tempfile
>>> from wertung.storage.backend import SqliteBackend
>>> from wertung.storage.schema import migrate
>>> db = SqliteBackend(Path(tempfile.mkdtemp()) / "x.sqlite3"); _ = migrate(db, "pages")
>>> with db.connect() as conn: claim(conn, "purge", every=60, now=1000.0)
True
>>> with db.connect() as conn: claim(conn, "purge", every=60, now=1030.0)
False
>>> with db.connect() as conn: claim(conn, "purge", every=60, now=1061.0)
True
>>> runs(db, "purge")
2
"""

from __future__ import annotations

from wertung.storage.backend import Backend, Conn

__all__ = ["claim", "runs"]


def claim(conn: Conn, name: str, *, every: float, now: float) -> bool:
    """Whether this transaction runs ``name`` now: last run ``every`` seconds ago or never,
    and no other transaction claiming it at this moment (see the module)."""
    if not conn.try_lock(f"periodic:{name}"):
        return False  # another host runs it right now
    row = conn.execute("SELECT ran_at FROM periodic WHERE name = ?", (name,)).fetchone()
    if row is not None and now - float(row[0]) < every:
        return False
    conn.execute(
        "INSERT INTO periodic (name, ran_at, runs) VALUES (?, ?, 1) ON CONFLICT (name) "
        "DO UPDATE SET ran_at = excluded.ran_at, runs = periodic.runs + 1",
        (name, now),
    )
    return True


def runs(backend: Backend, name: str) -> int:
    """How often ``name`` ran in ``backend`` (0: never)."""
    with backend.connect() as conn:
        row = conn.execute("SELECT runs FROM periodic WHERE name = ?", (name,)).fetchone()
    return 0 if row is None else int(row[0])

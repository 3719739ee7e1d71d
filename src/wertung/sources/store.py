"""The embedded store: one SQLite file holding the DSB rating list.

No server: :mod:`sqlite3` from the standard library. The file lives in the
user's data directory (``platformdirs.user_data_dir("wertung")``), or in the
directory named by the environment variable ``WERTUNG_DATA_DIR``, or wherever a
``path`` argument says. Several processes (web workers, a CLI run) may use it at
once: the database runs in WAL mode, every operation opens its own short-lived
connection, and a new list replaces the old one in a single transaction, so a
reader sees either the old list or the new one, never a mix. A list
downloaded from the DSB keeps with it the address and the ``ETag`` /
``Last-Modified`` the server sent (for the next conditional request), and the
store remembers the last refresh attempt (:class:`RefreshState`), so that
several processes refreshing the list do not download it at the same time.

The schema is versioned with ``PRAGMA user_version`` (:data:`SCHEMA_VERSION`); its tables
and migrations are part ``dsb`` of :mod:`wertung.storage.schema`. On a host of a site with
a PostgreSQL database (``WERTUNG_DATABASE_URL``), the store of the site's data directory is
that database instead (:mod:`wertung.storage.site`), versioned in its ``wertung_schema``.

>>> import tempfile
>>> store = Store(tempfile.mkdtemp())
>>> store.list_info() is None          # nothing loaded yet
True
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from wertung.kernel.errors import WertungError, inner
from wertung.sources.store_records import DsbClub, DsbPlayer, ListInfo, RefreshState
from wertung.storage import site
from wertung.storage.backend import Conn, PostgresBackend
from wertung.storage.schema import MIGRATIONS, SchemaTooNew, migrate, upgrade

__all__ = [
    "DB_FILENAME",
    "ENV_DATA_DIR",
    "SCHEMA_VERSION",
    "DsbClub",
    "DsbPlayer",
    "ListInfo",
    "RefreshState",
    "Store",
    "StoreError",
    "default_data_dir",
]

SCHEMA_VERSION = len(MIGRATIONS["dsb"])
"""Version of the database layout (part ``dsb`` of :mod:`wertung.storage.schema`)."""

ENV_DATA_DIR = "WERTUNG_DATA_DIR"
DB_FILENAME = "wertung.sqlite3"
_BUSY_TIMEOUT_S = 30.0


class StoreError(WertungError):
    """The store file cannot be used (not a database, made by a newer wertung, not writable)."""


def default_data_dir() -> Path:
    """The directory of the store: ``$WERTUNG_DATA_DIR`` or the platform's user data dir.

    >>> import os
    >>> os.environ["WERTUNG_DATA_DIR"] = "/tmp/wertung-example"
    >>> str(default_data_dir())
    '/tmp/wertung-example'
    >>> del os.environ["WERTUNG_DATA_DIR"]
    """
    env = os.environ.get(ENV_DATA_DIR, "").strip()
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("wertung", appauthor=False))


_PLAYER_INDEXES = (
    ("dsb_players_key", "(key)"),
    ("dsb_players_fide_id", "(fide_id) WHERE fide_id IS NOT NULL"),
    ("dsb_players_pkz", "(pkz) WHERE pkz IS NOT NULL"),
    ("dsb_players_zps", "(zps)"),
)
"""The indexes of ``dsb_players``: dropped before a new list is inserted, rebuilt after it."""
_LIST_COLUMNS = (
    "list_date, loaded_at, source, format, memberships, players, clubs, newest_evaluation, "
    "url, etag, last_modified, checked_at"
)


def _too_new(exc: SchemaTooNew) -> StoreError:
    """The store's own error for a schema newer than this wertung knows."""
    path, version, known = (str(exc.params[k]) for k in ("path", "version", "known"))
    return StoreError(
        f"the store {path} has schema version {version}, newer than this wertung "
        f"understands ({known}); update wertung or use another {ENV_DATA_DIR}",
        code="store.schema",
        params={"path": path, "version": version, "known": known},
        field="store",
    )


def _time(value: dt.datetime | None) -> str | None:
    return value.isoformat(timespec="seconds") if value else None


def _parse_time(text: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(text) if text else None


_PLAYER_COLUMNS = (
    "pkz, zps, member_no, status, name, sex, eligibility, birth_year, last_evaluation, "
    "dwz, idx, fide_rating, fide_title, fide_id, fide_country, key"
)
_SELECT_PLAYER = (
    "SELECT p.pkz, p.zps, p.member_no, p.status, p.name, p.sex, p.eligibility, p.birth_year, "
    "p.last_evaluation, p.dwz, p.idx, p.fide_rating, p.fide_title, p.fide_id, p.fide_country, "
    "p.key, c.name FROM dsb_players p LEFT JOIN dsb_clubs c ON c.zps = p.zps"
)


def _player_from_row(row: Sequence[object]) -> DsbPlayer:
    (pkz, zps, member_no, status, name, sex, elig, birth, last, dwz, idx) = row[:11]
    (fide_rating, fide_title, fide_id, fide_country, key, club) = row[11:]
    # an SQL row's values are typed as object; the schema holds each column's type
    return DsbPlayer(
        pkz=pkz,  # type: ignore[arg-type]
        zps=zps,  # type: ignore[arg-type]
        member_no=member_no,  # type: ignore[arg-type]
        status=status,  # type: ignore[arg-type]
        name=name,  # type: ignore[arg-type]
        sex=sex,  # type: ignore[arg-type]
        eligibility=elig,  # type: ignore[arg-type]
        birth_year=birth,  # type: ignore[arg-type]
        last_evaluation=last,  # type: ignore[arg-type]
        dwz=dwz,  # type: ignore[arg-type]
        index=idx,  # type: ignore[arg-type]
        fide_rating=fide_rating,  # type: ignore[arg-type]
        fide_title=fide_title,  # type: ignore[arg-type]
        fide_id=fide_id,  # type: ignore[arg-type]
        fide_country=fide_country,  # type: ignore[arg-type]
        key=key,  # type: ignore[arg-type]
        club=club,  # type: ignore[arg-type]
    )


class Store:
    """The SQLite store. ``path``: a directory (the file ``wertung.sqlite3`` in it) or a file.

    Without ``path``: :func:`default_data_dir`. Nothing is created until the first write.

    >>> import tempfile
    >>> store = Store(tempfile.mkdtemp())
    >>> store.path.name
    'wertung.sqlite3'
    >>> store.search_players("Müller")
    []
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        backend: PostgresBackend | None = None,
    ) -> None:
        self._pg = backend if backend is not None else site.for_directory(path)
        if self._pg is not None:
            self.path: Path = Path(self._pg.location)
            return
        if path is None:
            base = default_data_dir() / DB_FILENAME
        else:
            base = Path(path).expanduser()
            if base.is_dir() or (not base.suffix and not base.exists()):
                base = base / DB_FILENAME
        self.path = base

    def __repr__(self) -> str:
        if self._pg is not None:
            return f"Store({self._pg.location!r})"
        return f"Store({str(self.path)!r})"

    def _exists(self) -> bool:
        return self._pg is not None or self.path.exists()

    @property
    def location(self) -> Path | None:
        """The file of the store (None: a database server, see :attr:`path` for its URL)."""
        return None if self._pg is not None else self.path

    # -- connections -------------------------------------------------------------------------

    @contextmanager
    def connect(self, *, write: bool = False) -> Iterator[Conn]:
        """A short-lived connection; with ``write=True`` inside one ``BEGIN IMMEDIATE`` transaction
        (on PostgreSQL: one transaction holding the store's write lock).

        The schema is created or upgraded on the first connection.
        """
        if self._pg is not None:
            try:
                migrate(self._pg, "dsb")
            except SchemaTooNew as exc:
                raise _too_new(exc) from None
            with self._pg.connect() as db:
                if write:
                    db.lock("dsb")
                yield db
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=_BUSY_TIMEOUT_S, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(
                f"cannot open the store {self.path}: {exc}",
                code="store.cannot_open",
                params={"path": str(self.path), "detail": inner(exc)},
                field="store",
            ) from None
        try:
            try:
                conn.execute(f"PRAGMA busy_timeout = {int(_BUSY_TIMEOUT_S * 1000)}")
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("PRAGMA synchronous = NORMAL")
                self._migrate(conn)
                if write:
                    conn.execute("BEGIN IMMEDIATE")
            except SchemaTooNew as exc:
                raise _too_new(exc) from None
            except sqlite3.DatabaseError as exc:
                raise StoreError(
                    f"the store {self.path} is not a usable wertung database ({exc}); "
                    f"move it away or set {ENV_DATA_DIR}",
                    code="store.unusable",
                    params={"path": str(self.path), "detail": inner(exc)},
                    field="store",
                ) from None
            try:
                yield Conn(conn, "sqlite")
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
            else:
                if conn.in_transaction:
                    conn.commit()
        finally:
            conn.close()

    def _migrate(self, conn: sqlite3.Connection) -> None:
        upgrade(Conn(conn, "sqlite"), "dsb", location=str(self.path), pragma=True)

    def schema_version(self) -> int:
        """The schema version of the file (0 when it does not exist yet)."""
        if self._pg is not None:
            from wertung.storage.schema import current_version

            return current_version(self._pg, "dsb")
        if not self._exists():
            return 0
        with self.connect() as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

    # -- the DSB list ------------------------------------------------------------------------

    def replace_dsb_list(
        self, players: Iterable[DsbPlayer], clubs: Iterable[DsbClub], info: ListInfo
    ) -> ListInfo:
        """Replace the whole DSB list in one transaction and return ``info`` with ``store`` set.

        Readers keep seeing the previous list until the transaction commits; an
        error before the commit (a bad row, a full disk) leaves it in place.
        ``info.url``/``etag``/``last_modified``/``checked_at`` are stored with
        the list (None for a list loaded from a file).
        """
        player_rows = [
            (
                p.pkz, p.zps, p.member_no, p.status, p.name, p.sex, p.eligibility, p.birth_year,
                p.last_evaluation, p.dwz, p.index, p.fide_rating, p.fide_title, p.fide_id,
                p.fide_country, p.key,
            )
            for p in players
        ]  # fmt: skip
        club_rows = [(c.zps, c.name, c.region, c.parent) for c in clubs]
        with self.connect(write=True) as conn:
            # Inside the one transaction: readers keep the old rows and indexes until the
            # commit. Building the indexes once after the insert is faster than updating them
            # row by row.
            # (PostgreSQL keeps its indexes: dropping one would lock the readers out.)
            rebuild = conn.dialect == "sqlite"
            for name, _ in _PLAYER_INDEXES if rebuild else ():
                conn.execute(f"DROP INDEX IF EXISTS {name}")
            conn.execute("DELETE FROM dsb_players")
            conn.execute("DELETE FROM dsb_clubs")
            conn.execute("DELETE FROM dsb_list")
            conn.executemany(
                f"INSERT INTO dsb_players ({_PLAYER_COLUMNS}) VALUES ({', '.join('?' * 16)})",
                player_rows,
            )
            for name, columns in _PLAYER_INDEXES if rebuild else ():
                conn.execute(f"CREATE INDEX {name} ON dsb_players {columns}")
            conn.executemany(
                "INSERT INTO dsb_clubs (zps, name, region, parent) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (zps) DO UPDATE SET name = excluded.name, "
                "region = excluded.region, parent = excluded.parent",
                club_rows,
            )
            conn.execute(
                f"INSERT INTO dsb_list (id, {_LIST_COLUMNS}) VALUES (1, {', '.join('?' * 12)})",
                (
                    info.list_date.isoformat() if info.list_date else None,
                    _time(info.loaded_at),
                    info.source,
                    info.format,
                    info.memberships,
                    info.players,
                    info.clubs,
                    info.newest_evaluation,
                    info.url,
                    info.etag,
                    info.last_modified,
                    _time(info.checked_at),
                ),
            )
        return replace(info, store=self.location)

    def mark_dsb_list_checked(
        self,
        checked_at: dt.datetime,
        *,
        etag: str | None = None,
        last_modified: str | None = None,
    ) -> ListInfo | None:
        """Record that the server confirmed the loaded list is current (HTTP 304).

        A new ``etag``/``last_modified`` from the server replaces the stored one.
        Returns the updated information, or None when no list is loaded.
        """
        with self.connect(write=True) as conn:
            conn.execute(
                "UPDATE dsb_list SET checked_at = ?, etag = coalesce(?, etag), "
                "last_modified = coalesce(?, last_modified) WHERE id = 1",
                (_time(checked_at), etag, last_modified),
            )
        return self.list_info()

    # -- the refresh from the DSB ------------------------------------------------------------

    def refresh_state(self) -> RefreshState:
        """The last refresh attempt and the current claim (all None when there was none)."""
        if not self._exists():
            return RefreshState()
        with self.connect() as conn:
            row = conn.execute(
                "SELECT attempted_at, error, claimed_until FROM dsb_refresh WHERE id = 1"
            ).fetchone()
        if row is None:
            return RefreshState()
        return RefreshState(_parse_time(row[0]), row[1], _parse_time(row[2]))

    def claim_dsb_refresh(self, now: dt.datetime, until: dt.datetime) -> bool:
        """Claim the refresh until ``until``; False when another process holds a claim at ``now``.

        The claim keeps several processes (web workers) from downloading the list at
        the same time; it lapses by itself at ``until`` if its holder dies.
        """
        with self.connect(write=True) as conn:
            row = conn.execute("SELECT claimed_until FROM dsb_refresh WHERE id = 1").fetchone()
            held = _parse_time(row[0]) if row else None
            if held is not None and held > now:
                return False
            conn.execute(
                "INSERT INTO dsb_refresh (id, claimed_until) VALUES (1, ?) "
                "ON CONFLICT (id) DO UPDATE SET claimed_until = excluded.claimed_until",
                (_time(until),),
            )
        return True

    def finish_dsb_refresh(self, attempted_at: dt.datetime, error: str | None) -> None:
        """Record the end of a refresh attempt (``error``: None on success) and drop the claim."""
        with self.connect(write=True) as conn:
            conn.execute(
                "INSERT INTO dsb_refresh (id, attempted_at, error, claimed_until) "
                "VALUES (1, ?, ?, NULL) ON CONFLICT (id) DO UPDATE SET "
                "attempted_at = excluded.attempted_at, error = excluded.error, "
                "claimed_until = NULL",
                (_time(attempted_at), error),
            )

    def list_info(self) -> ListInfo | None:
        """What DSB list is loaded, or None."""
        if not self._exists():
            return None
        with self.connect() as conn:
            row = conn.execute(f"SELECT {_LIST_COLUMNS} FROM dsb_list WHERE id = 1").fetchone()
        if row is None:
            return None
        return ListInfo(
            list_date=dt.date.fromisoformat(row[0]) if row[0] else None,
            loaded_at=dt.datetime.fromisoformat(row[1]),
            source=row[2],
            format=row[3],
            memberships=row[4],
            players=row[5],
            clubs=row[6],
            newest_evaluation=row[7],
            store=self.location,
            url=row[8],
            etag=row[9],
            last_modified=row[10],
            checked_at=_parse_time(row[11]),
        )

    def _players_by(
        self, column: str, values: Iterable[str], group: Callable[[DsbPlayer], str]
    ) -> dict[str, list[DsbPlayer]]:
        """All rows whose ``column`` is one of ``values``, grouped by ``group(row)``."""
        wanted = sorted({v for v in values if v})
        found: dict[str, list[DsbPlayer]] = {v: [] for v in wanted}
        if not wanted or not self._exists():
            return found
        with self.connect() as conn:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ", ".join("?" * len(chunk))
                sql = f"{_SELECT_PLAYER} WHERE p.{column} IN ({marks}) ORDER BY p.rowid"
                for row in conn.execute(sql, chunk):
                    player = _player_from_row(row)
                    found[group(player)].append(player)
        return found

    def players_by_key(self, keys: Iterable[str]) -> dict[str, list[DsbPlayer]]:
        """All rows whose normalised name is one of ``keys``, grouped by key."""
        return self._players_by("key", keys, lambda p: p.key)

    def players_by_fide_id(self, fide_ids: Iterable[str]) -> dict[str, list[DsbPlayer]]:
        """All rows with one of these FIDE ids, grouped by id."""
        return self._players_by("fide_id", fide_ids, lambda p: p.fide_id or "")

    def players_by_pkz(self, pkzs: Iterable[str]) -> dict[str, list[DsbPlayer]]:
        """All rows (memberships) of the persons with these DSB person ids, grouped by id."""
        return self._players_by("pkz", pkzs, lambda p: p.pkz or "")

    def players_by_zps(self, zps_codes: Iterable[str]) -> dict[str, list[DsbPlayer]]:
        """All rows of the clubs with these ZPS codes, grouped by code."""
        return self._players_by("zps", zps_codes, lambda p: p.zps)

    def search_players(self, words: Sequence[str] | str, *, limit: int = 50) -> list[DsbPlayer]:
        """Rows whose normalised name contains every one of ``words`` (already normalised).

        Sorted by DWZ (highest first), then name (in the bytes of its UTF-8, as SQLite does:
        on PostgreSQL too, whatever the server's locale).
        """
        if isinstance(words, str):
            words = words.split()
        words = [w for w in words if w]
        if not words or not self._exists():
            return []
        where = " AND ".join("p.key LIKE ? ESCAPE '\\'" for _ in words)
        params: list[object] = [
            "%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            for w in words
        ]
        params.append(max(0, int(limit)))
        sql = (
            f"{_SELECT_PLAYER} WHERE {where} "
            'ORDER BY p.dwz IS NULL, p.dwz DESC, p.name COLLATE "C", p.status, p.zps LIMIT ?'
        )
        with self.connect() as conn:
            return [_player_from_row(row) for row in conn.execute(sql, params)]

    def club(self, zps: str) -> DsbClub | None:
        """The club with this ZPS code, or None."""
        if not self._exists():
            return None
        with self.connect() as conn:
            row = conn.execute(
                "SELECT zps, name, region, parent FROM dsb_clubs WHERE zps = ?", (zps,)
            ).fetchone()
        return DsbClub(*row) if row else None

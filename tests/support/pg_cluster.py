"""A throwaway PostgreSQL cluster for the tests: ``initdb`` + ``pg_ctl`` in a temporary folder.

No system service: the server runs as an ordinary user (``initdb`` refuses root; as root the
commands run through ``runuser`` as the ``postgres`` user Debian's package makes, or
``nobody``), listens on 127.0.0.1 on a free port and on a private socket folder, with
``fsync`` off (nothing here must survive a crash), and is stopped when the tests end. Its
text sorts by German rules (ICU), not in bytes as SQLite does (:func:`_locale`).
Every test gets a database of its own (:meth:`Cluster.new_database`).

The server binaries are found under ``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql``
package), in ``$WERTUNG_PG_BIN``, or on the ``PATH``; without them :func:`binaries` is None
and the PostgreSQL tests are skipped with that reason.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

__all__ = ["MISSING", "Cluster", "binaries"]

MISSING = "PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install postgresql"


def binaries() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``, or None."""
    configured = os.environ.get("WERTUNG_PG_BIN", "").strip()
    candidates = [configured] if configured else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    found = shutil.which("initdb")
    if found:
        candidates.append(str(Path(found).parent))
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _user() -> str | None:
    """The user the server runs as when the tests run as root (None: as ourselves)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and no ordinary user (postgres, nobody) to run the server")


def _locale() -> list[str]:
    """initdb's locale: text sorts by German rules (ICU ``de``), as on a server made in a
    German locale and unlike SQLite's byte order, so an ``ORDER BY`` that depends on the
    server's collation shows in the tests. ``$WERTUNG_PG_ICU_LOCALE`` another ICU locale,
    ``C`` the byte order."""
    icu = os.environ.get("WERTUNG_PG_ICU_LOCALE", "").strip() or "de"
    if icu == "C":
        return ["--locale=C"]
    return ["--locale=C", "--locale-provider=icu", f"--icu-locale={icu}"]


class Cluster:
    """One PostgreSQL server for a test session."""

    _numbers = itertools.count(1)

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.user = _user()
        self.root = Path(tempfile.mkdtemp(prefix="wertung-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.sockets.mkdir()
        self.log = self.root / "server.log"
        self.port = _free_port()
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            for path in (self.root, self.sockets):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "wertung", "-A", "trust", "-E", "UTF8",
                  "--no-sync", *_locale())  # fmt: skip
        self.start()

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120, cwd=self.root)

    def start(self) -> None:
        """Start the server (again) and wait until it accepts connections."""
        options = (
            f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")  # fmt: skip

    def stop(self) -> None:
        """Stop the server (fast: open connections are cut)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def url(self, database: str = "postgres") -> str:
        """The connection URL of ``database`` (TCP on 127.0.0.1)."""
        return f"postgresql://wertung@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def close(self) -> None:
        """Stop the server and remove its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

"""Run a command line in a pseudo-terminal (for the tests of what it writes to a terminal)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def in_terminal(code: str, args: list[str], environ: dict[str, str], columns: int = 0) -> bytes:
    """What ``python -c code args`` writes to a pseudo-terminal (stdout and stderr), whose
    size is ``columns`` × 30 (0: as opened). Not on Windows."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    if columns:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, columns, 0, 0))
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other end closed
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        subprocess.run(
            [sys.executable, "-c", code, *args], stdin=subprocess.DEVNULL, stdout=slave,
            stderr=slave, env=environ, timeout=60, check=False,
        )  # fmt: skip
    finally:
        os.close(slave)
        reader.join(10)
        os.close(master)
    return b"".join(chunks)


def terminal_environ(**extra: str) -> dict[str, str]:
    """A small environment for the command line (this checkout's ``src``), plus ``extra``."""
    keep = ("PATH", "HOME", "SYSTEMROOT", "TMPDIR")
    environ = {name: os.environ[name] for name in keep if name in os.environ}
    environ.update(LANG="C.UTF-8", PYTHONPATH=str(ROOT / "src"), PYTHONIOENCODING="utf-8")
    environ.update(extra)
    return environ

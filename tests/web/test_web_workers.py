"""Several web workers, one listening socket each (``SO_REUSEPORT``, issue 9).

The real ``wertung serve --workers 2`` runs on a free loopback port; what each process
holds is read from ``/proc`` (``/proc/net/tcp`` and ``/proc/<pid>/fd``), so nothing
in the app tells a client which worker answered. Linux only, like the feature.
"""

from __future__ import annotations

import contextlib
import doctest
import http.client
import os
import pickle
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.reduction import ForkingPickler
from pathlib import Path

import pytest
from pg_store import process_env

from wertung.web import server
from wertung.web.server import CannotListen, HeldPort, PortInUse, hold_port

linux = pytest.mark.skipif(not server.reuse_port_spreads(), reason="SO_REUSEPORT spreads on Linux")


def test_docstring_examples() -> None:
    assert doctest.testmod(server).failed == 0


# -- the held port and what a worker makes of it --------------------------------------------


def _reuse_port(sock: socket.socket) -> bool:
    return sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) != 0


@linux
def test_a_worker_unpickles_its_own_reuse_port_socket() -> None:
    held = hold_port("127.0.0.1", 0)
    port = held.getsockname()[1]
    # what uvicorn's supervisor does to hand its sockets to a spawned worker
    data = bytes(ForkingPickler.dumps([held]))
    first, second = pickle.loads(data)[0], pickle.loads(data)[0]
    try:
        assert type(first) is socket.socket and not isinstance(first, HeldPort)
        assert not _reuse_port(held)  # the check was made without it
        assert _reuse_port(first) and _reuse_port(second)
        assert first.getsockname() == second.getsockname() == ("127.0.0.1", port)
        # two listening sockets on one port: only with SO_REUSEPORT; the held one never listens
        first.listen(8)
        second.listen(8)
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        for sock in (first, second, held):
            sock.close()


def _listener(port: int = 0, *, reuse_port: bool = False) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(8)
    return sock


@pytest.mark.parametrize("reuse_port", [False, True], ids=["plain", "reuse-port"])
def test_a_busy_port_is_found_before_any_worker(reuse_port: bool) -> None:
    # another server, also one whose sockets have SO_REUSEPORT (another `wertung serve`)
    with _listener(reuse_port=reuse_port and hasattr(socket, "SO_REUSEPORT")) as other:
        port = other.getsockname()[1]
        with pytest.raises(PortInUse, match=f"^port {port} on 127.0.0.1 is in use: "):
            hold_port("127.0.0.1", port)


def test_an_address_not_of_this_machine_cannot_be_listened_on() -> None:
    # binding only: 192.0.2.1 (TEST-NET-1) is no address of this machine, nothing is sent
    with pytest.raises(CannotListen, match=r"^cannot listen on 192\.0\.2\.1 port 8000: "):
        hold_port("192.0.2.1", 8000)


def test_serve_on_a_busy_port_says_so_with_exit_code_2(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from wertung.cli import app

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("no worker may start on a busy port")

    monkeypatch.setattr(uvicorn, "run", never)
    monkeypatch.setattr(server, "_run_workers", never)
    with _listener() as other:
        port = other.getsockname()[1]
        for workers in ("1", "2"):
            result = CliRunner().invoke(app, ["serve", "--port", str(port), "--workers", workers])
            assert result.exit_code == 2, result.output
            assert f"port {port} on 127.0.0.1 is in use" in result.output


# -- the real server: two workers ---------------------------------------------------------------


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(tmp: Path, workers: int = 2) -> Served:
    port = _free_port()
    log = tmp / "server.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("WERTUNG_")}
    env["WERTUNG_DATA_DIR"] = str(tmp / "data")
    env.update(process_env(tmp / "data"))  # --store=postgresql: the data directory's database
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", "from wertung.cli import main; main()", "serve",
             "--port", str(port), "--workers", str(workers)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
        )  # fmt: skip
    served = Served(process, port, log)
    try:
        _wait_for_workers(served, workers)
    except BaseException:
        _stop(served)  # never leave a server running when its start wait fails
        raise
    return served


def _stop(served: Served) -> None:
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGTERM)
        try:
            served.process.wait(15)
        except subprocess.TimeoutExpired:  # pragma: no cover - only when shutdown hangs
            workers = _children(served.process.pid)  # before the supervisor is gone
            served.process.kill()
            for pid in workers:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            served.process.wait(5)


def _children(parent: int) -> list[int]:
    """The worker processes of ``parent`` (multiprocessing's spawned children)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return sorted(found)


def _tcp(port: int) -> list[tuple[int, int, str, int]]:
    """``(local port, remote port, state, inode)`` of this machine's TCP sockets on ``port``."""
    rows = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                local = int(fields[1].rsplit(":", 1)[1], 16)
                remote = int(fields[2].rsplit(":", 1)[1], 16)
                if local == port:
                    rows.append((local, remote, fields[3], int(fields[9])))
    return rows


def _socket_inodes(pid: int) -> set[int]:
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(int(target[8:-1]))
    return inodes


def _listening(served: Served) -> dict[int, set[int]]:
    """Every worker's listening sockets on the served port (inodes), by pid."""
    listening = {inode for _l, _r, state, inode in _tcp(served.port) if state == "0A"}
    return {pid: _socket_inodes(pid) & listening for pid in _children(served.process.pid)}


def _wait_for_workers(served: Served, workers: int, timeout: float = 120) -> dict[int, set[int]]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert served.process.poll() is None, served.text()
        held = _listening(served)
        if len(held) == workers and all(held.values()):
            return held
        time.sleep(0.05)
    raise AssertionError(f"{workers} workers did not start listening:\n{served.text()}")


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    if not server.reuse_port_spreads():
        pytest.skip("SO_REUSEPORT spreads on Linux")
    served = _start(tmp_path_factory.mktemp("two-workers"))
    try:
        yield served
    finally:
        _stop(served)


def test_each_worker_listens_on_its_own_socket(two_workers: Served) -> None:
    held = _wait_for_workers(two_workers, 2)
    inodes = [inode for each in held.values() for inode in each]
    # one listening socket per worker, none shared; the supervisor itself listens on none.
    # (Two listening sockets on one port: Linux allows that only with SO_REUSEPORT.)
    assert all(len(each) == 1 for each in held.values()) and len(set(inodes)) == 2
    listening = {inode for *_, state, inode in _tcp(two_workers.port) if state == "0A"}
    assert listening == set(inodes)
    assert not _socket_inodes(two_workers.process.pid) & listening
    assert "each with its own socket (SO_REUSEPORT)" in two_workers.text()


def test_keep_alive_connections_reach_both_workers(two_workers: Served) -> None:
    workers = _wait_for_workers(two_workers, 2)
    # sixteen connections opened at once, as a load generator does: with one shared socket
    # the worker that wakes first may take them all; here each lands on the socket the
    # kernel picks (all on one: 2 in 65,536)
    connections = [
        http.client.HTTPConnection("127.0.0.1", two_workers.port, timeout=10) for _ in range(16)
    ]
    try:
        for connection in connections:
            connection.connect()
        for _round in range(2):  # twice on each: the connections stay open (keep-alive)
            for connection in connections:
                connection.request("GET", "/healthz")
                answer = connection.getresponse()
                assert answer.status == 200 and answer.read()
        client_ports = {c.sock.getsockname()[1] for c in connections}  # type: ignore[union-attr]
        by_inode = {
            inode for _l, remote, state, inode in _tcp(two_workers.port)
            if state == "01" and remote in client_ports
        }  # fmt: skip
        served_by = {pid: len(_socket_inodes(pid) & by_inode) for pid in workers}
    finally:
        for connection in connections:
            connection.close()
    assert sum(served_by.values()) == 16, served_by
    assert all(served_by.values()), f"every connection on one worker: {served_by}"


def test_a_dead_worker_is_replaced_with_its_own_socket(two_workers: Served) -> None:
    before = _wait_for_workers(two_workers, 2)
    dead, kept = sorted(before)
    os.kill(dead, signal.SIGKILL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        after = _listening(two_workers)
        if dead not in after and len(after) == 2 and all(after.values()):
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"worker {dead} was not replaced:\n{two_workers.text()}")
    new = next(pid for pid in after if pid != kept)
    assert after[kept] == before[kept] and after[new] != before[dead]
    connection = http.client.HTTPConnection("127.0.0.1", two_workers.port, timeout=10)
    try:
        connection.request("GET", "/healthz")
        assert connection.getresponse().status == 200
    finally:
        connection.close()


@linux
def test_sigterm_stops_the_workers_and_frees_the_port(tmp_path: Path) -> None:
    served = _start(tmp_path)
    workers = _children(served.process.pid)
    try:
        served.process.send_signal(signal.SIGTERM)
        code = served.process.wait(15)
    finally:
        _stop(served)
    assert code == 0, served.text()
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    assert served.text().count("Finished server process") == 2
    hold_port("127.0.0.1", served.port).close()  # free again

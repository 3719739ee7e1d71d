"""Mixed load test of ``wertung serve`` with 2 workers on loopback (issue 8/9).

Starts the server through :func:`wertung.web.serve` (so with its TCP_NODELAY
protocol) on a free 127.0.0.1 port with a temporary data directory, then sends a
bounded number of requests from concurrent keep-alive clients:

- 60 % ``POST /api/v1/dwz/forecast`` (the seed example),
- 25 % pages (calculators with input, their htmx partials, the import page),
- 10 % ``POST /api/v1/tournament/file`` (a real 13-player TRF file, evaluated),
- 5 % the upload form (303) followed by the result page.

Reports requests, errors (any unexpected status or transport error; must be 0),
requests/s, p50/p99 latency (overall and per kind) and ``PRAGMA integrity_check``
of every SQLite file the server wrote. Stops issuing requests after ``--seconds``
(default 50) so a run stays under a minute. Only 127.0.0.1 is ever contacted.

    .venv/bin/python benchmarks/load_mixed.py                  # 3000 requests, 16 clients
    .venv/bin/python benchmarks/load_mixed.py --requests 500 --clients 8

``--compare`` (issue 23) runs the same load three times in one go and prints the figures
as ratios: SQLite on one host, PostgreSQL on one host, PostgreSQL on two hosts (two
servers on their own ports, one database, the clients split over both). The PostgreSQL
server is a throwaway cluster (``tests/support/pg_cluster.py``: Debian's ``postgresql``
binaries, as the tests use), or the database of ``--database-url``. Each host has
``--workers`` workers (1 with ``--compare`` unless given), so two hosts have twice the
processes of one.

    .venv/bin/python benchmarks/load_mixed.py --compare --requests 1500 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parents[1]
TRF = ROOT / "tests" / "data" / "trf" / "skl_2020_06_lichess_swiss.trf"
SEED = [(1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"), (1350, "1"), (1520, "½")]
FORECAST = {
    "rating": 1500,
    "index": 5,
    "end_date": "2026-09-01",
    "games": [{"opponent_rating": o, "result": r} for o, r in SEED],
}
QUERY = urlencode(
    [("rating", 1500), ("index", 5), ("end_date", "2026-09-01")]
    + [pair for o, r in SEED for pair in (("opp", o), ("res", r))]
)
PAGES = [
    f"/de/dwz?{QUERY}",
    f"/en/dwz/result?{QUERY}",
    f"/en/elo?{QUERY.replace('index=5&', '')}",
    f"/de/first-dwz?{QUERY.replace('rating=1500&index=5&', '')}",
    "/de/tournament",
    "/en/upgrade?rating=1500&index=5",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def start_server(
    port: int, data: Path, workers: int, database_url: str = "", cpu: int | None = None
) -> subprocess.Popen[bytes]:
    data.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "WERTUNG_DATA_DIR": str(data), "WERTUNG_DATABASE_URL": database_url}
    code = f"from wertung.web import serve; serve(host='127.0.0.1', port={port}, workers={workers})"
    return subprocess.Popen(
        [sys.executable, "-c", code],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(data / "server.log", "wb"),
        # --pin: the host (and the workers it starts) on one core, as if on a machine of its own
        preexec_fn=None if cpu is None else (lambda: os.sched_setaffinity(0, {cpu})),
    )


def wait_ready(base: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not start")


async def run_load(base: str | list[str], total: int, clients: int, seconds: float) -> dict:
    bases = [base] if isinstance(base, str) else base
    trf = TRF.read_bytes()
    kinds = ["forecast"] * 60 + ["page"] * 25 + ["upload"] * 10 + ["form"] * 5
    rng = random.Random(8)
    plan = [rng.choice(kinds) for _ in range(total)]
    latencies: dict[str, list[float]] = {k: [] for k in ("forecast", "page", "upload", "form")}
    errors: list[str] = []
    done = 0
    stop_at = time.monotonic() + seconds
    queue: asyncio.Queue[str] = asyncio.Queue()
    for kind in plan:
        queue.put_nowait(kind)

    async def one(client: httpx.AsyncClient, kind: str) -> None:
        if kind == "forecast":
            answer = await client.post("/api/v1/dwz/forecast", json=FORECAST)
            ok = answer.status_code == 200 and answer.json()["new_rating"] == 1547
        elif kind == "page":
            answer = await client.get(rng.choice(PAGES))
            ok = answer.status_code == 200
        elif kind == "upload":
            answer = await client.post("/api/v1/tournament/file", files={"file": ("s.trf", trf)})
            ok = answer.status_code == 200 and len(answer.json()["players"]) == 13
        else:
            answer = await client.post("/en/tournament", files={"file": ("s.trf", trf)})
            ok = answer.status_code == 303
            if ok:
                answer = await client.get(answer.headers["location"])
                ok = answer.status_code == 200
        if not ok:
            errors.append(f"{kind}: {answer.status_code} {answer.text[:120]!r}")

    async def worker(number: int) -> None:
        nonlocal done
        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
        address = bases[number % len(bases)]
        async with httpx.AsyncClient(base_url=address, timeout=30, limits=limits) as client:
            while time.monotonic() < stop_at:
                try:
                    kind = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                started = time.perf_counter()
                try:
                    await one(client, kind)
                except (httpx.HTTPError, ValueError, KeyError) as error:
                    errors.append(f"{kind}: {type(error).__name__}: {error}")
                latencies[kind].append(time.perf_counter() - started)
                done += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker(n) for n in range(clients)))
    elapsed = time.perf_counter() - started
    return {"latencies": latencies, "errors": errors, "done": done, "elapsed": elapsed}


def integrity(data: Path) -> dict[str, str]:
    results = {}
    for path in sorted(data.glob("*.sqlite3")):
        with sqlite3.connect(path) as db:
            results[path.name] = db.execute("PRAGMA integrity_check").fetchone()[0]
    return results


def run_hosts(args: argparse.Namespace, data: Path, urls: list[str], hosts: int) -> dict:
    """The load against ``hosts`` servers (each its data directory, one database URL)."""
    ports = [_free_port() for _ in range(hosts)]
    servers = [
        start_server(
            port,
            data / f"host{n}",
            args.workers,
            urls[0] if urls else "",
            cpu=n % (os.cpu_count() or 1) if args.pin else None,
        )
        for n, port in enumerate(ports)
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base in bases:
            wait_ready(base)
        return asyncio.run(run_load(bases, args.requests, args.clients, args.seconds))
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()


def _figures(result: dict) -> dict:
    every = [x for values in result["latencies"].values() for x in values]
    return {
        "requests": result["done"],
        "errors": len(result["errors"]),
        "rps": round(result["done"] / result["elapsed"], 1),
        "p50_ms": round(_percentile(every, 50) * 1000, 1),
        "p99_ms": round(_percentile(every, 99) * 1000, 1),
    }


def compare(args: argparse.Namespace) -> int:
    """SQLite 1 host, PostgreSQL 1 host, PostgreSQL 2 hosts: the figures and their ratios."""
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    cluster = None
    if args.database_url:
        urls = [args.database_url, args.database_url]
    else:
        from pg_cluster import MISSING, Cluster, binaries

        folder = binaries()
        if folder is None:
            raise SystemExit(MISSING)
        cluster = Cluster(folder)
        urls = [cluster.new_database(), cluster.new_database()]
    runs: dict[str, dict] = {}
    failures: list[str] = []
    try:
        with tempfile.TemporaryDirectory(prefix="wertung-load-") as tmp:
            for name, chosen, hosts in (
                ("sqlite_1_host", [], 1),
                ("postgresql_1_host", urls[:1], 1),
                ("postgresql_2_hosts", urls[1:], 2),
            ):
                result = run_hosts(args, Path(tmp) / name, chosen, hosts)
                runs[name] = _figures(result)
                failures += [f"{name}: {line}" for line in result["errors"][:5]]
    finally:
        if cluster is not None:
            cluster.close()
    base = runs["sqlite_1_host"]
    ratios = {
        name: {
            key: round(figures[key] / base[key], 2) if base[key] else None
            for key in ("rps", "p50_ms", "p99_ms")
        }
        for name, figures in runs.items()
    }
    one = runs["postgresql_1_host"]["rps"]
    summary = {
        "machine": f"{os.cpu_count()} cores, Python {sys.version.split()[0]}",
        "workers_per_host": args.workers,
        "clients": args.clients,
        "pinned": args.pin,
        "runs": runs,
        "ratios_to_sqlite_1_host": ratios,
        "second_host_adds": round(runs["postgresql_2_hosts"]["rps"] / one, 2) if one else None,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        pinned = "; each host pinned to a core of its own" if args.pin else ""
        print(
            f"{summary['machine']}; workers per host={args.workers} clients={args.clients}" + pinned
        )
        for name, figures in runs.items():
            ratio = ratios[name]
            print(
                f"  {name:19} requests={figures['requests']:5} errors={figures['errors']} "
                f"rps={figures['rps']:7.1f} ({ratio['rps']}x) p50={figures['p50_ms']} ms "
                f"({ratio['p50_ms']}x) p99={figures['p99_ms']} ms ({ratio['p99_ms']}x)"
            )
        print(f"  2 hosts / 1 host on PostgreSQL: {summary['second_host_adds']}x the requests/s")
    for line in failures[:10]:
        print("error:", line, file=sys.stderr)
    return 0 if not any(r["errors"] for r in runs.values()) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=50)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--compare",
        action="store_true",
        help="SQLite vs PostgreSQL (1 and 2 hosts) in one run, as ratios",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="with --compare: each host on a core of its own (host 1 on core 0, host 2 on core "
        "1), so that a second host brings capacity of its own as on a second machine",
    )
    parser.add_argument(
        "--database-url",
        default="",
        help="with --compare: this PostgreSQL database instead of a throwaway one",
    )
    args = parser.parse_args()
    if args.compare:
        if "--workers" not in sys.argv:
            args.workers = 1
        return compare(args)

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="wertung-load-") as tmp:
        data = Path(tmp)
        server = start_server(port, data, args.workers)
        try:
            wait_ready(base)
            result = asyncio.run(run_load(base, args.requests, args.clients, args.seconds))
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        checks = integrity(data)
    every = [x for values in result["latencies"].values() for x in values]
    summary = {
        "machine": f"{os.cpu_count()} cores, Python {sys.version.split()[0]}",
        "workers": args.workers,
        "clients": args.clients,
        "requests": result["done"],
        "errors": len(result["errors"]),
        "seconds": round(result["elapsed"], 1),
        "rps": round(result["done"] / result["elapsed"], 1),
        "p50_ms": round(_percentile(every, 50) * 1000, 1),
        "p99_ms": round(_percentile(every, 99) * 1000, 1),
        "by_kind": {
            kind: {
                "requests": len(values),
                "p50_ms": round(_percentile(values, 50) * 1000, 1),
                "p99_ms": round(_percentile(values, 99) * 1000, 1),
            }
            for kind, values in result["latencies"].items()
        },
        "integrity_check": checks,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(
            f"{summary['machine']}; workers={args.workers} clients={args.clients}\n"
            f"requests={summary['requests']} errors={summary['errors']} "
            f"rps={summary['rps']} p50={summary['p50_ms']} ms p99={summary['p99_ms']} ms"
        )
        for kind, figures in summary["by_kind"].items():
            print(
                f"  {kind:9} {figures['requests']:5} requests  p50 {figures['p50_ms']:7.1f} ms"
                f"  p99 {figures['p99_ms']:7.1f} ms"
            )
        print(f"integrity_check: {checks}")
    for line in result["errors"][:10]:
        print("error:", line, file=sys.stderr)
    intact = bool(checks) and all(value == "ok" for value in checks.values())
    return 0 if not result["errors"] and intact else 1


if __name__ == "__main__":
    raise SystemExit(main())

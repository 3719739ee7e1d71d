"""Benchmark: the whole process of ``wertung dwz`` / ``wertung elo`` against ``import typer, rich``.

Run: ``.venv/bin/python benchmarks/bench_cli.py [--runs N] [--python PATH] [--importtime]``

Each run starts a fresh interpreter, so this measures what a user waits for: the
interpreter's start, the imports and the calculation.  The baseline, in the same run and
interleaved with the commands (so that a busy machine slows all of them alike), is
``python -c "import typer, rich"`` -- the least a typer/rich command line costs.  The
target (issue 21) is a ratio of at most 1.5 for both commands written to a pipe, where the
output is plain text and rich is not loaded.  In a terminal rich draws the tables; its
console and table alone (the floor row) take about 1.45×, so the terminal rows are for
orientation.

Two clocks: the wall time (what the user waits for) and the CPU time of the child
process (user + system), which other work on the machine hardly disturbs; on a quiet
machine the two agree.  The ratios are of medians.  Two more rows, for orientation only:
the floor of any command that prints a rich table (``import typer, rich.console,
rich.table``), and the imports of ``wertung dwz`` without running it (the command line
and the forecast: what is left to the seed example is parsing the arguments, the
calculation and drawing the table).

The commands are the README's seed examples, started the way the console script starts
them (``from wertung.cli import main``) with the same interpreter and this checkout's
``src``.  The bytecode is kept (in a scratch folder, even under PYTHONDONTWRITEBYTECODE),
as it is for an installed wertung.  ``--importtime`` prints the slowest imports of one
``wertung dwz`` run instead (``--importtime elo``: of ``wertung elo``; with ``--terminal``:
of a run that writes to a pseudo-terminal).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BASELINE = "python -c 'import typer, rich'"
FLOOR = "floor: + rich.console, rich.table"
IMPORTS = "wertung dwz: its imports only"
ENTRY = ["-c", "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"]
PROGRAMS = {
    BASELINE: ["-c", "import typer, rich"],
    FLOOR: ["-c", "import typer, rich.console, rich.table"],
    IMPORTS: ["-c", "import wertung.cli, wertung.cli._calc, wertung.dwz"],
    "wertung dwz (seed example)": [
        *ENTRY, "dwz", "1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1",
        "1520:½", "--age", "40", "--date", "2026-09-01",
    ],
    "wertung elo (README example)": [
        *ENTRY, "elo", "2000", "2200:½", "--games", "40", "--born", "1990",
    ],
}  # fmt: skip
#: Both examples once more, written to a terminal (a pseudo-terminal, the size it was
#: opened with, COLUMNS as for the rows above): there rich writes styled bytes (ANSI
#: codes) and loads its console and table, to a pipe plain text without rich.
TERMINAL = "wertung dwz, to a terminal"
TERMINAL_ELO = "wertung elo, to a terminal"
PROGRAMS[TERMINAL] = PROGRAMS["wertung dwz (seed example)"]
PROGRAMS[TERMINAL_ELO] = PROGRAMS["wertung elo (README example)"]
TERMINALS = (TERMINAL, TERMINAL_ELO)
TARGET = 1.5


def _environment(cache: str) -> dict[str, str]:
    env = dict(os.environ)
    # An installed wertung has its bytecode (pip compiles it); a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every module on every start instead. The
    # bytecode goes to a scratch folder, not into the source tree.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    env.setdefault("COLUMNS", "100")
    return env


def _drain(descriptor: int) -> None:
    while True:
        try:
            if not os.read(descriptor, 65536):
                return
        except OSError:  # the terminal's other end closed
            return


def _once(
    python: str, args: list[str], env: dict[str, str], terminal: bool = False
) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``python args`` (``terminal``: stdout a pty)."""
    stdout: int = subprocess.DEVNULL
    if terminal:
        import pty
        import threading

        master, stdout = pty.openpty()
        reader = threading.Thread(target=_drain, args=(master,), daemon=True)
        reader.start()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [python, *args], env=env, stdout=stdout, stderr=subprocess.PIPE, check=False
    )
    wall = time.perf_counter() - start
    if terminal:
        os.close(stdout)
        reader.join(5)
        os.close(master)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def importtime(
    python: str, env: dict[str, str], command: str = "dwz", top: int = 30, terminal: bool = False
) -> None:
    """The slowest imports (cumulative) of one ``wertung dwz`` (or ``elo``) run (``terminal``:
    written to a pseudo-terminal)."""
    program = next(
        argv for name, argv in PROGRAMS.items() if name.startswith(f"wertung {command} (")
    )
    _once(python, program, env)  # the bytecode
    stdout: int = subprocess.DEVNULL
    if terminal:
        import pty
        import threading

        master, stdout = pty.openpty()
        reader = threading.Thread(target=_drain, args=(master,), daemon=True)
        reader.start()
    done = subprocess.run(
        [python, "-X", "importtime", *program],
        env=env, stdout=stdout, stderr=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    if terminal:
        os.close(stdout)
        reader.join(5)
        os.close(master)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|", 2)
        rows.append((int(cumulative), int(own), name.rstrip()))
    for cumulative, own, name in sorted(rows, reverse=True)[:top]:
        print(f"{cumulative / 1000:8.1f} ms  (own {own / 1000:5.1f})  {name}")


def measure(python: str, runs: int, env: dict[str, str]) -> None:
    """Print the medians and the ratios to the baseline."""
    for name, argv in PROGRAMS.items():  # the bytecode, the file cache
        _once(python, argv, env, name in TERMINALS)
    walls: dict[str, list[float]] = {name: [] for name in PROGRAMS}
    cpus: dict[str, list[float]] = {name: [] for name in PROGRAMS}
    for _ in range(runs):
        for name, argv in PROGRAMS.items():
            wall, cpu = _once(python, argv, env, name in TERMINALS)
            walls[name].append(wall)
            cpus[name].append(cpu)
    version = subprocess.run(
        [python, "-c", "import typer, importlib.metadata as m; "
         "print('typer', typer.__version__, '· rich', m.version('rich'))"],
        env=env, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    print(f"{runs} interleaved runs each; {version}; Python {sys.version.split()[0]}")
    wall_base = statistics.median(walls[BASELINE])
    cpu_base = statistics.median(cpus[BASELINE])
    print(f"{'':34} {'wall':>8} {'min':>8} {'ratio':>6}   {'CPU':>8} {'ratio':>6}")
    for name in PROGRAMS:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(
            f"{name:34} {wall * 1000:6.1f}ms {min(walls[name]) * 1000:6.1f}ms "
            f"{wall / wall_base:5.2f}×   {cpu * 1000:6.1f}ms {cpu / cpu_base:5.2f}×"
        )
    print(f"target (issue 21): ratio ≤ {TARGET:.2f} for both commands to a pipe")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each (default 21)")
    parser.add_argument("--python", default=sys.executable, help="interpreter to measure")
    parser.add_argument(
        "--importtime", nargs="?", const="dwz", choices=("dwz", "elo"),
        help="show the slowest imports of one run (default: of wertung dwz)",
    )  # fmt: skip
    parser.add_argument(
        "--terminal", action="store_true",
        help="with --importtime: the run writes to a pseudo-terminal",
    )  # fmt: skip
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as cache:
        env = _environment(cache)
        if args.importtime:
            importtime(args.python, env, args.importtime, terminal=args.terminal)
        else:
            measure(args.python, args.runs, env)


if __name__ == "__main__":
    main()

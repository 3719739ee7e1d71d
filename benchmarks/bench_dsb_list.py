"""Loading the DSB rating list against a bare CSV pass over the same file.

Builds a list of ``--players`` rows (the shape of the DSB's ``spieler.csv``, names with
umlauts, several memberships per club), then times, interleaved over ``--runs`` runs:
a bare ``csv.reader`` pass over the decoded text (the baseline) and
:func:`wertung.sources.dsb_list.load_list` into a fresh store (parse, check, index,
one SQLite transaction). Prints the median of each and the ratio.

Times are the process's CPU time (``time.process_time``): on a shared machine the wall
time also counts the waits for a core.

Run: ``.venv/bin/python benchmarks/bench_dsb_list.py`` (``--players 100000`` for the
size of the real list).
"""

from __future__ import annotations

import argparse
import csv
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "sources"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_dsb_list import _big_list  # the tests' generator: one shape for both

from wertung.sources.dsb_list import load_list
from wertung.sources.store import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = _big_list(args.players)
    bare: list[float] = []
    loaded: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "spieler.csv"
        path.write_bytes(data)
        for run in range(args.runs):
            start = time.process_time()
            rows = sum(1 for _ in csv.reader(io.StringIO(data.decode("cp1252"), newline="")))
            bare.append(time.process_time() - start)
            start = time.process_time()
            info = load_list(path, store=Store(Path(tmp) / f"store{run}"))
            loaded.append(time.process_time() - start)
            assert rows == info.memberships + 1
    b, m = statistics.median(bare), statistics.median(loaded)
    print(
        f"{args.players:,} rows: bare CSV pass {b * 1000:.1f} ms, load_list {m * 1000:.1f} ms "
        f"= {m / b:.1f}x the bare pass"
    )


if __name__ == "__main__":
    main()

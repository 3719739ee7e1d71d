"""Benchmark: importing the Arad 2026 pages (209 players, 9 rounds) from saved HTML.

Run: ``.venv/bin/python benchmarks/bench_import.py [--repeat N]``

Measured in the same run, so the ratios hold across machines:

* baseline   — a plain selectolax (lexbor) parse of the same bytes, plus walking every
               table cell's text once (what any parser of these pages must at least do);
* parse      — ``parse_saved_pages`` (both pages → a validated ``Tournament``,
               points checked against ``Pts.``);
* evaluate   — ``wertung.evaluate(tournament)`` alone (if it exists);
* parse+eval — both together.

No network: the pages come from ``tests/data/chess-results``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from selectolax.lexbor import LexborHTMLParser  # noqa: E402

import wertung  # noqa: E402
from wertung.sources.chessresults import parse_saved_pages  # noqa: E402

DATA = ROOT / "tests" / "data" / "chess-results"
PAGES = [DATA / "mjl_arad2026_a_crosstable.html", DATA / "mjl_arad2026_a_startingrank.html"]


def best_of(function: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(best, median) seconds of ``repeat`` runs after one warm-up run."""
    function()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    blobs = [path.read_bytes() for path in PAGES]

    def baseline() -> int:
        cells = 0
        for blob in blobs:
            tree = LexborHTMLParser(blob)
            for node in tree.css("table.CRs1 td, table.CRs1 th"):
                cells += len(node.text(deep=True, separator=" ", strip=True))
        return cells

    def parse() -> wertung.Tournament:
        return parse_saved_pages(blobs)

    tournament = parse()
    rows: list[tuple[str, float, float]] = [
        ("baseline (selectolax + cell texts)", *best_of(baseline, args.repeat))
    ]
    rows.append(("parse_saved_pages", *best_of(parse, args.repeat)))
    evaluate = getattr(wertung, "evaluate", None)
    if evaluate is not None:
        rows.append(("wertung.evaluate", *best_of(lambda: evaluate(tournament), args.repeat)))
        rows.append(("parse + evaluate", *best_of(lambda: evaluate(parse()), args.repeat)))
    base = rows[0][1]
    print(
        f"Arad 2026: {len(tournament.players)} players, {len(tournament.games)} games, "
        f"{len(tournament.byes)} byes; {sum(map(len, blobs)):,} bytes of HTML"
    )
    print(
        f"Python {platform.python_version()} on {platform.machine()} "
        f"({platform.system()}, {os.cpu_count()} CPUs); best of {args.repeat}"
    )
    print(f"{'step':<36}{'best ms':>10}{'median ms':>11}{'× baseline':>12}")
    for name, best, median in rows:
        print(f"{name:<36}{best * 1000:>10.1f}{median * 1000:>11.1f}{best / base:>12.1f}")
    if evaluate is None:
        print("wertung.evaluate is not available: parsing only")


if __name__ == "__main__":
    main()

"""DSB XML 2.5 export of a large open against its evaluation, in one run.

Builds a Swiss open of ``--players`` players over ``--rounds`` rounds (``swiss.py``: score
groups, no rematches, byes and forfeits), then times, interleaved over ``--runs`` runs:
:func:`wertung.evaluate` of it (the baseline) and the export (the report made with
:func:`wertung.formats.dsb_map.report_from_tournament` and written by
:func:`wertung.formats.dsb_xml.write`). Prints the median of each and the ratio (the
target: the export under 10x the evaluation). CPU time (``time.process_time``).

Run: ``.venv/bin/python benchmarks/bench_dsb_xml.py`` (``--players 2000 --rounds 9``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from swiss import swiss_open

from wertung import evaluate
from wertung.formats import dsb_map, dsb_xml


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    tournament = swiss_open(args.players, args.rounds, args.players // 10)
    evaluate(tournament).to_dict()  # warm up: imports, tables
    dsb_xml.write(dsb_map.report_from_tournament(tournament, location="x", sender="x"))
    evaluated: list[float] = []
    exported: list[float] = []
    size = 0
    for _ in range(args.runs):
        start = time.process_time()
        evaluate(tournament)
        evaluated.append(time.process_time() - start)
        start = time.process_time()
        report = dsb_map.report_from_tournament(tournament, location="x", sender="x")
        size = len(dsb_xml.write(report))
        exported.append(time.process_time() - start)
    e, x = statistics.median(evaluated), statistics.median(exported)
    print(
        f"{args.players:,} players, {args.rounds} rounds ({size:,} bytes of XML): "
        f"evaluate {e * 1000:.1f} ms, export {x * 1000:.1f} ms = {x / e:.2f}x the evaluation"
    )


if __name__ == "__main__":
    main()

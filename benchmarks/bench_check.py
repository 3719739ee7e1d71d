"""The pre-submission check of a large open against its evaluation, in one run.

Builds a Swiss open of ``--players`` players over ``--rounds`` rounds (``swiss.py``), makes
its DSB report once (:func:`wertung.formats.dsb_map.report_from_tournament`), then times,
interleaved over ``--runs`` runs: :func:`wertung.evaluate` (the baseline), the check
(:func:`wertung.submission.check` with the tournament) and the whole export as
``tournament --dsb-xml`` does it (report, gate, write). Prints the medians and the ratios
to the evaluation. CPU time (``time.process_time``).

Run: ``.venv/bin/python benchmarks/bench_check.py`` (``--players 2000 --rounds 9``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from swiss import swiss_open

from wertung import evaluate
from wertung.formats import dsb_map, dsb_xml
from wertung.submission import check, gate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    tournament = swiss_open(args.players, args.rounds, args.players // 10)
    today = dt.date(2026, 12, 1)
    report = dsb_map.report_from_tournament(tournament, location="x", sender="x")
    evaluate(tournament).to_dict()  # warm up: imports, tables, the catalogue
    found = check(report, tournament=tournament, today=today)
    evaluated: list[float] = []
    checked: list[float] = []
    exported: list[float] = []
    for _ in range(args.runs):
        start = time.process_time()
        evaluate(tournament)
        evaluated.append(time.process_time() - start)
        start = time.process_time()
        check(report, tournament=tournament, today=today)
        checked.append(time.process_time() - start)
        start = time.process_time()
        made = dsb_map.report_from_tournament(tournament, location="x", sender="x")
        dsb_xml.write(gate(made, tournament=tournament, today=today, force=True)[0])
        exported.append(time.process_time() - start)
    e, c, x = (statistics.median(v) for v in (evaluated, checked, exported))
    print(
        f"{args.players:,} players, {args.rounds} rounds, {len(found.problems)} problems: "
        f"evaluate {e * 1000:.1f} ms, check {c * 1000:.1f} ms = {c / e:.2f}x, "
        f"export with the check {x * 1000:.1f} ms = {x / e:.2f}x the evaluation"
    )


if __name__ == "__main__":
    main()

"""Reading a large ``.swi`` (ELOBASE/DeWIS text) file against reading the same tournament as
TRF, and a DeWIS XML file likewise, in one run.

Builds a Swiss open of ``--players`` players over ``--rounds`` rounds (``swiss.py``),
writes it as a ``.swi`` file (``tests/support/old_format_fixtures.py``, the layout as
Swiss-Chess writes it, CP850), as DeWIS XML and as TRF (:mod:`wertung.formats.trf`), then
times reading each from its bytes, interleaved over ``--runs`` runs, and prints the
medians and the ratios to TRF (the baseline). CPU time (``time.process_time``).

The ``.swi`` layout holds at most 999 players (three places for the opponent's number),
so the default open has 999, not 2,000.

Run: ``.venv/bin/python benchmarks/bench_old_formats.py`` (``--players 999 --rounds 9``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from old_format_fixtures import dewis_from_tournament, swi_from_tournament
from swiss import swiss_open

from wertung.formats import dewis_xml, swi, trf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=999)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if args.players > swi.MAX_NUMBER:
        parser.error(f"the .swi layout holds at most {swi.MAX_NUMBER} players")
    tournament = swiss_open(args.players, args.rounds, args.players // 10)
    swi_data = swi_from_tournament(tournament)
    dewis_data = dewis_from_tournament(tournament, pretty=False)
    trf_data = trf.dumps(tournament).encode("utf-8")
    back = swi.parse(swi_data)  # warm up, and the file reads back whole
    assert len(back.players) == args.players and len(back.games) == len(tournament.games), (
        back.incomplete
    )
    assert len(dewis_xml.parse(dewis_data).games) == len(tournament.games)
    trf.read(trf_data)
    times: dict[str, list[float]] = {"trf": [], "swi": [], "dewis": []}
    for _ in range(args.runs):
        for name, read, data in (("trf", trf.read, trf_data), ("swi", swi.parse, swi_data),
                                 ("dewis", dewis_xml.parse, dewis_data)):  # fmt: skip
            start = time.process_time()
            read(data)
            times[name].append(time.process_time() - start)
    t, s, d = (statistics.median(times[k]) for k in ("trf", "swi", "dewis"))
    print(
        f"{args.players:,} players, {args.rounds} rounds, {len(tournament.games):,} games: "
        f"TRF ({len(trf_data):,} bytes) {t * 1000:.1f} ms; "
        f".swi ({len(swi_data):,} bytes) {s * 1000:.1f} ms = {s / t:.2f}x TRF; "
        f"DeWIS XML ({len(dewis_data):,} bytes) {d * 1000:.1f} ms = {d / t:.2f}x TRF"
    )


if __name__ == "__main__":
    main()

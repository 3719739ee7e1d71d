"""Evaluation, forecast and FIDE benchmarks, each as a ratio to a baseline of the same run.

Run: ``.venv/bin/python benchmarks/bench_evaluate.py`` (``--season 2000`` for a shorter
season, ``--quick`` for fewer repetitions, ``--split`` only for where an evaluation's time
goes).

Times are the process's CPU time (``time.process_time``): on a shared machine the wall
time also counts the waits for a core. The baseline is the bare arithmetic of the same
games, measured in the same process:
Σ P(D) (one ``erf`` per player and game) for a tournament, the same sum for one
forecast or FIDE change. Ratios, not absolute times, are comparable across machines.

* ``evaluate``: the table figures (``evaluate(t)`` and every player's ``dwz_after``);
* ``table``: the same with ``method="table"`` (two-decimal P(D), as Swiss-Chess), as a
  ratio to the exact method's time (the median of the runs' ratios, interleaved);
* ``+ to_dict``: the full working of every player (derivations, iteration steps,
  performance, FIDE), as the web page and the JSON export need it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from swiss import repeated_pairings, swiss_open

from wertung import dwz, evaluate, fide

GAMES = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]
END = dt.date(2026, 9, 1)


def median_time(action: Callable[[], object], repeat: int) -> float:
    """Median CPU time of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times)


def per_run(action: Callable[[], object], loops: int) -> float:
    """CPU time of one run, from ``loops`` runs in a row (short actions measured long
    enough for the clock)."""
    start = time.process_time()
    for _ in range(loops):
        action()
    return (time.process_time() - start) / loops


def pd_sum(pairs: list[tuple[float, float]]) -> float:
    """Σ P(D) for both players of every game: the arithmetic floor of an evaluation."""
    erf = math.erf
    total = 0.0
    for a, b in pairs:
        d = (a - b) / 400.0
        total += 0.5 * (1.0 + erf(d)) + 0.5 * (1.0 + erf(-d))
    return total


def tournament_pairs(t) -> list[tuple[float, float]]:
    ratings = {p.id: float(p.dwz or p.fide_rating or 1500) for p in t.players}
    return [(ratings[g.white], ratings[g.black]) for g in t.games]


def table_figures(t, method: str = "exact") -> None:
    for p in evaluate(t, method=method).players:
        p.dwz_after  # noqa: B018 - the figure a results table reads


def bench_sizes(repeat: int) -> None:
    print("whole-tournament evaluation (Swiss, no rematches; ratio to the Σ P(D) baseline)")
    for players, rounds, new in ((10, 5, 2), (30, 7, 6), (100, 7, 20), (300, 9, 60),
                                 (2000, 11, 300)):  # fmt: skip
        t = swiss_open(players, rounds, new)
        pairs = tournament_pairs(t)
        reps = repeat if players < 2000 else max(3, repeat // 3)
        loops = max(1, 3000 // players)  # about 10 ms per sample of the table figures
        # Interleave baseline and work so that both see the same machine load.
        base, fast, full, table = [], [], [], []
        for _ in range(reps):
            base.append(per_run(lambda pairs=pairs: pd_sum(pairs), 20 * loops))
            fast.append(per_run(lambda t=t: table_figures(t), loops))
            table.append(per_run(lambda t=t: table_figures(t, "table"), loops))
            full.append(per_run(lambda t=t: evaluate(t).to_dict(), max(1, loops // 20)))
        b, f, w = (statistics.median(x) for x in (base, fast, full))
        # method="table" (the two-decimal P(D), Swiss-Chess's) as a ratio to the exact
        # method's figures, run by run (interleaved, so both see the same machine load).
        tab = statistics.median(x / y for x, y in zip(table, fast, strict=True))
        print(
            f"  {players:>5} players / {rounds:>2} rounds / {new:>3} without DWZ "
            f"({len(t.games)} games, {repeated_pairings(t)} repeats): "
            f"evaluate {f * 1000:8.2f} ms = {f / b:6.1f}× baseline; "
            f"table {tab:4.2f}× exact; "
            f"+ to_dict {w * 1000:8.2f} ms = {w / b:6.1f}×  (baseline {b * 1000:.3f} ms)"
        )


def bench_single(repeat: int) -> None:
    """Forecasts and FIDE changes of 7 games against Σ P(D) of the same 7 games.

    Short runs of the three, interleaved, ``2·repeat + 1`` times (medians), so that all
    see the same machine load; then the cost of the full working (``to_dict()``).
    """
    n = 1000
    pairs = [(1500.0, float(r)) for r, _ in GAMES]

    def base() -> None:
        erf = math.erf
        for _ in range(n):
            total = 0.0
            for a, b in pairs:
                total += 0.5 * (1.0 + erf((a - b) / 400.0))

    def forecasts() -> None:
        for _ in range(n):
            dwz.forecast(1500, 5, GAMES, age=40, end_date=END)

    def changes() -> None:
        for _ in range(n):
            fide.rating_change(1500, GAMES, k=20, date=END)

    b, f, c = [], [], []
    for _ in range(2 * repeat + 1):
        b.append(median_time(base, 1))
        f.append(median_time(forecasts, 1))
        c.append(median_time(changes, 1))
    b, f, c = (statistics.median(x) for x in (b, f, c))
    print(f"dwz.forecast, 7 games: {n / f:,.0f}/s ({f / n * 1e6:.1f} µs) = {f / b:.1f}× "
          f"the bare arithmetic ({b / n * 1e6:.2f} µs)")  # fmt: skip
    print(f"fide.rating_change, 7 games: {n / c:,.0f}/s ({c / n * 1e6:.1f} µs) = {c / b:.1f}× "
          "the bare arithmetic")  # fmt: skip
    full = 100
    f_full = median_time(
        lambda: [dwz.forecast(1500, 5, GAMES, age=40, end_date=END).to_dict() for _ in range(full)],
        repeat,
    )
    c_full = median_time(
        lambda: [fide.rating_change(1500, GAMES, k=20, date=END).to_dict() for _ in range(full)],
        repeat,
    )
    print(f"  + to_dict (the full working): forecast {f_full / full * 1e6:.0f} µs, "
          f"FIDE change {c_full / full * 1e6:.0f} µs")  # fmt: skip


def bench_season(count: int) -> None:
    rng = random.Random(7)
    print(f"season: generating {count:,} tournaments of 8–60 players ...", flush=True)
    season = []
    entries = 0
    for number in range(count):
        players = rng.randint(8, 60)
        rounds = min(players - 1, rng.choice((5, 7, 7, 9)))
        end = dt.date(2026, 6, 8) + dt.timedelta(days=rng.randint(0, 300))
        if rng.random() < 0.3:
            end = dt.date(2025, 6, 8) + dt.timedelta(days=rng.randint(0, 360))
        season.append(swiss_open(players, rounds, rng.randint(0, players // 5), seed=number,
                                 end_date=end))  # fmt: skip
        entries += players
    pairs = [tournament_pairs(t) for t in season]
    start = time.process_time()
    for p in pairs:
        pd_sum(p)
    base = time.process_time() - start
    start = time.process_time()
    for t in season:
        table_figures(t)
    elapsed = time.process_time() - start
    print(f"season: {count:,} tournaments, {entries:,} entries evaluated in {elapsed:.1f} s "
          f"({elapsed / count * 1000 * 1000:.0f} ms per 1,000 tournaments) = "
          f"{elapsed / base:.1f}× the Σ P(D) baseline ({base:.2f} s)")  # fmt: skip


def bench_split(repeat: int) -> None:
    """Where an evaluation's time goes, each part as a ratio to the Σ P(D) baseline: the
    games read and checked, the joint iteration (its input, start values and sweeps), the
    players' results, and the rest (classification, stages, exceptional players, the
    evaluation object, the loop reading every ``dwz_after``)."""
    from wertung.tournament import _evaluation as evaluation

    parts = {"read": "_read", "iteration": "_iterate", "results": "_results"}
    spent: dict[str, float] = {}
    originals = {name: getattr(evaluation, name) for name in parts.values()}

    def timed(label: str, function: Callable) -> Callable:
        def run(*args: object, **kwargs: object) -> object:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - start

        return run

    print("where the time goes (ratio to the Σ P(D) baseline of the same games)")
    for players, rounds, new in ((300, 9, 60), (2000, 11, 300)):
        t = swiss_open(players, rounds, new)
        pairs = tournament_pairs(t)
        loops = max(1, 3000 // players)
        base = statistics.median(
            per_run(lambda pairs=pairs: pd_sum(pairs), 20 * loops) for _ in range(repeat)
        )
        for label, name in parts.items():
            setattr(evaluation, name, timed(label, originals[name]))
        try:
            spent.clear()
            runs = repeat * loops
            start = time.process_time()
            for _ in range(runs):
                table_figures(t)
            total = (time.process_time() - start) / runs
        finally:
            for name, function in originals.items():
                setattr(evaluation, name, function)
        shares = {label: spent.get(label, 0.0) / runs for label in parts}
        shares["rest"] = total - sum(shares.values())
        text = ", ".join(f"{label} {value / base:.1f}×" for label, value in shares.items())
        print(f"  {players:>5} players: {total / base:.1f}× in all = {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--season", type=int, default=15_000, help="tournaments in the season")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--split", action="store_true", help="only where the time goes")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    if args.split:
        bench_split(repeat)
        return
    bench_single(repeat)
    bench_sizes(repeat)
    bench_split(repeat)
    if args.season:
        bench_season(args.season)


if __name__ == "__main__":
    main()

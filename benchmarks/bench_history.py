"""A rating office's season evaluated in order with ``wertung.history`` (issue 13, scale).

Generates ``--tournaments`` Swiss events of 8–60 players drawn from one pool of
people (each with a PKZ, so the same person is matched across events), spread
over a year that straddles the 2026 upgrade, and evaluates them one after
another: each player's DWZ carried from one evaluation to the next. Prints the
time per 1,000 tournaments and the ratio to a baseline measured in the same run:
evaluating the same tournaments independently with ``wertung.evaluate`` (what the
chaining adds), the same with every evaluation kept (as the history keeps them: the
garbage collector then walks a heap that grows with the season), and the bare Σ P(D)
over the same games.

Times are the process's CPU time (``time.process_time``): on a shared machine the wall
time also counts the waits for a core.

Run: ``.venv/bin/python benchmarks/bench_history.py`` (``--tournaments 2000`` for a
shorter run).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from swiss import swiss_open

from wertung import evaluate, history


def season(count: int, *, seed: int = 7) -> list:
    """``count`` tournaments over one year, players drawn from a shared pool."""
    rng = random.Random(seed)
    pool_size = max(200, count * 4)
    pool = [
        (f"PKZ{n:07d}", f"Spieler{n}, Vorname", rng.randint(1950, 2016)) for n in range(pool_size)
    ]
    start = dt.date(2026, 1, 1)
    out = []
    for number in range(count):
        players = rng.randint(8, 60)
        rounds = min(players - 1, rng.choice((5, 7, 9)))
        day = start + dt.timedelta(days=int(365 * number / count))
        t = swiss_open(players, rounds, rng.randint(0, players // 6), seed=number, end_date=day)
        people = rng.sample(pool, players)
        renamed = tuple(
            dataclasses.replace(p, name=name, pkz=pkz, birth_year=born)
            for p, (pkz, name, born) in zip(t.players, people, strict=True)
        )
        out.append(dataclasses.replace(t, name=f"Turnier {number:05d}", players=renamed))
    return out


def pd_sum(tournaments: list) -> float:
    """The bare Σ P(D) over every played game (the arithmetic floor)."""
    total = 0.0
    for t in tournaments:
        ratings = {p.id: p.dwz or p.fide_rating or 1500 for p in t.players}
        for g in t.games:
            d = (ratings[g.white] - ratings[g.black]) / 400
            total += 0.5 * (1 + math.erf(d)) + 0.5 * (1 + math.erf(-d))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=15_000)
    args = parser.parse_args()
    print(f"generating {args.tournaments:,} tournaments ...", flush=True)
    events = season(args.tournaments)
    entries = sum(len(t.players) for t in events)
    games = sum(len(t.games) for t in events)

    history(events[:2])  # the first call imports the name matching: not part of the run
    began = time.process_time()
    pd_sum(events)
    base = time.process_time() - began

    began = time.process_time()
    for t in events:
        evaluate(t).players  # noqa: B018  (the table figures of every player)
    independent = time.process_time() - began

    # The same, each evaluation kept (as the history keeps them): the garbage collector
    # then walks a heap that grows with the season.
    began = time.process_time()
    kept = [evaluate(t) for t in events]
    independent_kept = time.process_time() - began
    del kept

    began = time.process_time()
    chained = history(events)
    elapsed = time.process_time() - began

    per_1000 = elapsed / args.tournaments * 1000
    print(
        f"history: {args.tournaments:,} tournaments, {entries:,} entries, {games:,} games, "
        f"{len(chained.players):,} people"
    )
    print(f"  chained in order:      {elapsed:8.2f} s  ({per_1000:.2f} s per 1,000 tournaments)")
    print(
        f"  evaluated one by one:  {independent:8.2f} s  "
        f"(chaining costs {elapsed / independent:.2f}× independent evaluations)"
    )
    print(
        f"  ... results kept:      {independent_kept:8.2f} s  "
        f"(chaining costs {elapsed / independent_kept:.2f}× independent evaluations kept)"
    )
    print(f"  bare Σ P(D):           {base:8.2f} s  (history = {elapsed / base:.0f}× the bare sum)")


if __name__ == "__main__":
    main()

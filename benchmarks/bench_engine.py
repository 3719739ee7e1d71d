"""Engine benchmark: single forecasts and whole-tournament evaluations.

Run: ``.venv/bin/python benchmarks/bench_engine.py``

Figures are reported as absolute times on this machine *and* as ratios against a
baseline measured in the same process: summing the exact win expectancy of the
same games (the irreducible arithmetic of an evaluation), so that the numbers
can be compared across machines.
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from wertung import Game, GameResult, Player, Tournament, dwz, evaluate
from wertung.kernel.expectancy import win_expectancy

SEED_GAMES = [(1650, "½"), (1400, 1), (1550, 0), (1480, 1), (1600, "½"), (1350, 1), (1520, "½")]


def best_of(action: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def synthetic_open(players: int, rounds: int, without_dwz: int, seed: int = 1) -> Tournament:
    """A Swiss-like open: players paired by score groups, results drawn by rating."""
    rng = random.Random(seed)
    field = []
    for number in range(1, players + 1):
        rating = int(rng.gauss(1700, 300))
        rating = max(800, min(2600, rating))
        new = number > players - without_dwz
        field.append(
            Player(
                id=str(number),
                name=f"Spieler {number}",
                dwz=None if new else rating,
                index=None if new else rng.randint(1, 40),
                birth_year=rng.randint(1950, 2016),
                fide_rating=rating if rng.random() < 0.4 and not new else None,
            )
        )
    strength = {p.id: (p.dwz or int(rng.gauss(1300, 250))) for p in field}
    points = {p.id: 0.0 for p in field}
    games = []
    for round_no in range(1, rounds + 1):
        order = sorted(field, key=lambda p: (-points[p.id], -strength[p.id]))
        for a, b in zip(order[0::2], order[1::2], strict=False):
            p = win_expectancy(strength[a.id] - strength[b.id])
            x = rng.random()
            if x < 0.03:
                result = GameResult.WHITE_WINS_FORFEIT
                points[a.id] += 1
            elif x < p - 0.1:
                result = GameResult.WHITE_WINS
                points[a.id] += 1
            elif x < p + 0.1:
                result = GameResult.DRAW
                points[a.id] += 0.5
                points[b.id] += 0.5
            else:
                result = GameResult.BLACK_WINS
                points[b.id] += 1
            games.append(Game(round_no, a.id, b.id, result))
    return Tournament(
        name=f"synthetic {players}",
        end_date=dt.date(2026, 9, 1),
        players=tuple(field),
        games=tuple(games),
    ).validate()


def baseline(tournament: Tournament) -> float:
    """Sum P(D) once per player and game: the arithmetic floor of an evaluation."""
    ratings = {p.id: float(p.dwz or p.fide_rating or 1500) for p in tournament.players}

    def run() -> float:
        total = 0.0
        for g in tournament.games:
            d = ratings[g.white] - ratings[g.black]
            total += win_expectancy(d) + win_expectancy(-d)
        return total

    return best_of(run)


def main() -> None:
    n = 20_000
    start = time.perf_counter()
    for _ in range(n):
        dwz.forecast(1500, 5, SEED_GAMES, age=40, end_date="2026-09-01")
    elapsed = time.perf_counter() - start
    per_second = n / elapsed
    p_time = best_of(lambda: [win_expectancy(x) for x in range(-7, 0)] and None, repeat=20)
    print(f"single forecast (seed 001, 7 games): {per_second:,.0f} per second "
          f"({elapsed / n * 1e6:.1f} µs each; {elapsed / n / max(p_time, 1e-9):.0f}× seven erf calls)")  # fmt: skip

    for players, rounds, new in ((300, 9, 60), (2000, 11, 300)):
        t = synthetic_open(players, rounds, new)
        base = baseline(t)
        samples = [best_of(lambda t=t: evaluate(t), repeat=1) for _ in range(5)]
        result = evaluate(t)
        firsts = sum(1 for p in result.players if p.status == "first")
        print(
            f"{players} players, {rounds} rounds, {new} without DWZ "
            f"({len(result.stage_1)} stage 1, {len(result.stage_2)} stage 2, {firsts} first DWZ, "
            f"{result.iteration_sweeps} sweeps): evaluate {min(samples) * 1000:.1f} ms "
            f"(median {statistics.median(samples) * 1000:.1f} ms), "
            f"{min(samples) / base:.0f}× the P(D)-sum baseline ({base * 1000:.2f} ms)"
        )


if __name__ == "__main__":
    main()

"""The joint iteration of the new players' first DWZ alone, as ratios (issue 9).

Run: ``.venv/bin/python benchmarks/bench_joint.py`` (``--quick`` for fewer repetitions).

The systems are the ones ``evaluate`` solves for the realistic Swiss opens of
``bench_evaluate.py`` (caught on their way into ``solve_jointly``). Each is timed with

* ``reference``: the plain Gauss–Seidel sweeps (``tests/support/plain_sweeps.py``; the same sweeps
  as the frozen reference core in ``tests/reference``);
* ``solve_jointly``: the sweeps as the evaluation does them;
* ``table``: ``solve_jointly`` on the two-decimal table (``method="table"``);

each as a ratio to the bare Σ P(D) of the system's games (one ``erf`` per game, the
arithmetic of a single pass) measured in the same run, and ``reference`` over
``solve_jointly``. Times are the process's CPU time, the least of the repetitions
(on a shared machine a median also counts the waits for a core).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))

from plain_sweeps import _solve_gauss_seidel
from swiss import swiss_open

import wertung.tournament._evaluation as evaluation
from wertung import evaluate
from wertung.dwz._joint_iteration import solve_jointly
from wertung.kernel.expectancy import win_expectancy_table

SIZES = ((100, 7, 20), (300, 9, 60), (2000, 11, 300))


def systems(players: int, rounds: int, new: int) -> list[tuple[dict, dict]]:
    """The (games, options) of every joint iteration ``evaluate`` runs on the open."""
    caught: list[tuple[dict, dict]] = []
    solve = evaluation.solve_jointly

    def catch(games, **options):
        caught.append((dict(games), options))
        return solve(games, **options)

    evaluation.solve_jointly = catch
    try:
        evaluate(swiss_open(players, rounds, new)).players  # noqa: B018 - runs the iteration
    finally:
        evaluation.solve_jointly = solve
    return caught


def least_time(action: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` runs."""
    best = math.inf
    for _ in range(repeat):
        start = time.process_time()
        action()
        best = min(best, time.process_time() - start)
    return best


def pd_sum(games: dict) -> float:
    """Σ P(D) over the system's games at the start (every opponent's rating or 1500)."""
    erf = math.erf
    total = 0.0
    for lines in games.values():
        for opp, _points in lines:
            r = 1500.0 if isinstance(opp, str) else opp
            total += 0.5 * (1.0 + erf((1500.0 - r) / 400.0))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    rounds = 5 if args.quick else 15
    print("joint iteration alone (ratios to the Σ P(D) of the system's games, same run)")
    for size in SIZES:
        for games, options in systems(*size):
            table_options = {**options, "expectancy": win_expectancy_table}
            work = {
                "baseline": lambda games=games: pd_sum(games),
                "reference": lambda games=games, o=options: _solve_gauss_seidel(games, **o),
                "solve_jointly": lambda games=games, o=options: solve_jointly(games, **o),
                "table": lambda games=games, o=table_options: solve_jointly(games, **o),
            }
            best = dict.fromkeys(work, math.inf)
            reps = rounds if size[0] < 2000 else max(3, rounds // 3)
            for _ in range(reps):  # interleaved: all see the same machine load
                for name, action in work.items():
                    best[name] = min(best[name], least_time(action, 3 if name == "baseline"
                                                            else 1))  # fmt: skip
            sweeps = len(solve_jointly(games, **options)[1]) - 1
            base = best["baseline"]
            print(
                f"  {size[0]:>5} players, {len(games):>3} new in the iteration, "
                f"{sum(len(v) for v in games.values()):>4} games, {sweeps} sweeps: "
                f"reference {best['reference'] * 1e3:7.3f} ms = {best['reference'] / base:6.1f}×; "
                f"solve_jointly {best['solve_jointly'] * 1e3:7.3f} ms = "
                f"{best['solve_jointly'] / base:6.1f}× "
                f"({best['reference'] / best['solve_jointly']:.2f}× faster); "
                f"table {best['table'] * 1e3:7.3f} ms = {best['table'] / base:6.1f}×  "
                f"(baseline {base * 1e3:.3f} ms)"
            )


if __name__ == "__main__":
    main()

"""The fast joint iteration gives the plain Gauss–Seidel sweeps' working (issue 9).

:func:`solve_jointly` must give what :func:`_solve_gauss_seidel` (the plain sweeps, the
reference) gives: the same start values, the same number of sweeps, every sweep's
values and the solution within 1e-9 (relative, as the equivalence tests compare
``to_dict()``), keys in the same order. Seeded random systems: isolated new players,
chains, cliques, groups without any fixed opponent, repeated pairings, 100 % scores
with the fictitious draw, the two-decimal table. The table methods' faster P(D) and
bisection must give the very same floats and steps.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain_bisection import table_p
from plain_sweeps import _solve_gauss_seidel

from wertung.dwz._joint_iteration import solve_jointly
from wertung.dwz._performance import solve_rating
from wertung.kernel.expectancy import fide_expected_score, win_expectancy, win_expectancy_table

SHAPES = ("isolated", "chain", "clique", "random", "unanchored", "mixed")


def _system(rng: random.Random, shape: str) -> tuple[dict, dict]:
    """Games of new players (``n0``, ``n1``, ...) and who gets the fictitious draw."""
    size = rng.randint(1, 9)
    ids = [f"n{i}" for i in range(size)]
    games: dict[str, list] = {pid: [] for pid in ids}
    pairs: list[tuple[int, int]] = []
    if shape == "chain":
        pairs = [(i, i + 1) for i in range(size - 1)]
    elif shape in ("clique", "unanchored"):
        pairs = [(i, j) for i in range(size) for j in range(i + 1, size)]
    elif shape in ("random", "mixed"):
        pairs = [(i, j) for i in range(size) for j in range(i + 1, size) if rng.random() < 0.35]
        if pairs and rng.random() < 0.3:
            pairs.append(rng.choice(pairs))  # a repeated pairing
    level = rng.randint(700, 2300)
    for i, j in pairs:
        points = rng.choice((0.0, 0.5, 1.0))
        games[ids[i]].append((ids[j], points))
        games[ids[j]].append((ids[i], 1.0 - points))
    for pid in ids:
        fixed = 0 if shape == "unanchored" else rng.randint(0 if games[pid] else 1, 8)
        for _ in range(fixed):
            rating = float(max(0, min(3000, int(rng.gauss(level, 300)))))
            games[pid].append((rating, rng.choice((0.0, 0.5, 1.0, 1.0, 0.0))))
        rng.shuffle(games[pid])
    draw = {}
    for pid, lines in games.items():
        if not lines:
            games[pid] = lines = [(float(level), 0.5)]
        score = sum(points for _opp, points in lines)
        if score >= len(lines):
            draw[pid] = True  # 100 %: one fictitious draw against the average
        elif score <= 0:
            # 0 % gets no first DWZ: give the player half a point in his first game
            opp, _points = lines[0]
            lines[0] = (opp, 0.5)
            if isinstance(opp, str):
                other = games[opp]
                k = next(k for k, (o, _p) in enumerate(other) if o == pid)
                other[k] = (pid, 0.5)
    for pid, lines in games.items():  # the fixes above may have changed a score
        score = sum(points for _opp, points in lines)
        draw[pid] = score >= len(lines)
    return games, draw


def _close(new: float, old: float) -> bool:
    return abs(new - old) <= 1e-9 * max(1.0, abs(old))


def _assert_same_working(fast, plain, where: str) -> None:
    (values, history, starts), (ref_values, ref_history, ref_starts) = fast, plain
    assert starts == ref_starts and list(starts) == list(ref_starts), where
    assert list(values) == list(ref_values), where
    assert len(history) == len(ref_history), f"{where}: {len(history)} != {len(ref_history)}"
    for k, (sweep, ref_sweep) in enumerate(zip(history, ref_history, strict=True)):
        assert list(sweep) == list(ref_sweep), f"{where}, sweep {k}"
        for pid, value in ref_sweep.items():
            assert _close(sweep[pid], value), f"{where}, sweep {k}, {pid}"
    for pid, value in ref_values.items():
        assert _close(values[pid], value), f"{where}, {pid}"


@pytest.mark.parametrize("shape", SHAPES)
def test_same_sweeps_as_plain_gauss_seidel(shape: str) -> None:
    rng = random.Random(f"joint-{shape}")
    for case in range(80):
        games, draw = _system(rng, shape)
        where = f"{shape} case {case}: {games}"
        _assert_same_working(
            solve_jointly(games, fictitious_draw=draw),
            _solve_gauss_seidel(games, fictitious_draw=draw),
            where,
        )


def test_table_sweeps_are_the_plain_ones() -> None:
    """On the table curve (a step function) every float is the same. (Some of these
    systems never settle on a step function: the sweeps are cut at 40.)"""
    rng = random.Random("joint-table")
    table = {"expectancy": win_expectancy_table, "max_sweeps": 40}
    for case in range(120):
        games, draw = _system(rng, SHAPES[case % len(SHAPES)])
        fast = solve_jointly(games, fictitious_draw=draw, **table)
        plain = _solve_gauss_seidel(games, fictitious_draw=draw, **table)
        assert fast == plain, f"case {case}: {games}"
        assert [list(h) for h in fast[1]] == [list(h) for h in plain[1]]


def test_table_sweeps_are_those_of_the_plain_bisection() -> None:
    """The table sweeps (the crossing found directly, the fixed players' once) against
    the plain sweeps with every equation bisected as the rule reads (the sum evaluated
    at every point, tests/support/plain_bisection.py's table_p): the same floats in every sweep,
    the start values included."""
    rng = random.Random("joint-table-plain")
    for case in range(100):
        games, draw = _system(rng, SHAPES[case % len(SHAPES)])
        fast = solve_jointly(games, fictitious_draw=draw, expectancy=win_expectancy_table,
                             max_sweeps=30)  # fmt: skip
        plain = _solve_gauss_seidel(games, fictitious_draw=draw, expectancy=table_p,
                                    max_sweeps=30)  # fmt: skip
        assert repr(fast) == repr(plain), f"case {case}: {games}"


def test_groups_that_settle_at_different_speeds() -> None:
    """Isolated players settle in a few Newton steps, a long chain of new players takes
    many sweeps: the settled ones leave the sweeps, the working stays the same."""
    games: dict[str, list] = {}
    for i in range(6):  # isolated, far from their start values
        games[f"a{i}"] = [(2400.0, 1.0), (900.0, 0.0), (1500.0, 0.5), (2600.0, 0.5)]
    chain = [f"c{i}" for i in range(12)]
    for i, pid in enumerate(chain):
        games[pid] = [(1400.0 + 30 * i, 0.5), (1700.0, 1.0), (1100.0, 0.0)]
        if i:
            games[pid].append((chain[i - 1], 1.0))
        if i + 1 < len(chain):
            games[pid].append((chain[i + 1], 0.0))
    fast = solve_jointly(games)
    plain = _solve_gauss_seidel(games)
    _assert_same_working(fast, plain, "chain and isolated")
    assert len(plain[1]) > 12  # the chain needs many sweeps, the isolated players few


@given(st.data())
@settings(max_examples=150, deadline=None)
def test_same_sweeps_hypothesis(data: st.DataObject) -> None:
    seed = data.draw(st.integers(min_value=0, max_value=2**32 - 1))
    shape = data.draw(st.sampled_from(SHAPES))
    games, draw = _system(random.Random(seed), shape)
    _assert_same_working(
        solve_jointly(games, fictitious_draw=draw),
        _solve_gauss_seidel(games, fictitious_draw=draw),
        f"{shape} seed {seed}",
    )


def test_a_tolerance_of_zero_runs_every_sweep() -> None:
    games = {"a": [(1500.0, 1.0), ("b", 0.5)], "b": [(1600.0, 0.0), ("a", 0.5)]}
    fast = solve_jointly(games, tolerance=0.0, max_sweeps=40)
    plain = _solve_gauss_seidel(games, tolerance=0.0, max_sweeps=40)
    assert len(fast[1]) == len(plain[1]) == 41
    _assert_same_working(fast, plain, "tolerance 0")


def test_the_solution_solves_every_equation() -> None:
    rng = random.Random("joint-solves")
    for _ in range(40):
        games, draw = _system(rng, "mixed")
        values, _history, _starts = solve_jointly(games, fictitious_draw=draw)
        for pid, lines in games.items():
            ratings = [values[o] if isinstance(o, str) else o for o, _p in lines]
            score = sum(p for _o, p in lines)
            if draw[pid]:
                ratings.append(sum(ratings) / len(ratings))
                score += 0.5
            expected = sum(win_expectancy(values[pid] - r) for r in ratings)
            assert expected == pytest.approx(score, abs=1e-7)


# --- the table methods' P(D) and bisection ---------------------------------------------


def test_table_expectancy_is_the_fraction_as_float() -> None:
    rng = random.Random("table-pd")
    edges = [u + e for u in range(-800, 801) for e in (-1e-9, -0.5, 0.0, 1e-9, 0.5)]
    for d in [*edges, 0.0, -0.0, 1e300, -1e300, *(rng.uniform(-900, 900) for _ in range(5000))]:
        value = win_expectancy_table(d)
        assert type(value) is float and value == float(fide_expected_score(d)), d
    for d in (math.inf, -math.inf, math.nan):
        with pytest.raises((OverflowError, ValueError)):
            win_expectancy_table(d)


def test_table_bisection_takes_the_same_steps() -> None:
    """solve_rating on the table: the same trace and result as the bisection on the
    curve given as any other function (the general steps)."""

    def general(difference: float) -> float:
        return float(fide_expected_score(difference))

    rng = random.Random("table-bisection")
    for _ in range(1500):
        n = rng.randint(1, 12)
        kind = rng.random()
        if kind < 0.4:
            opponents = [float(rng.randint(0, 3000)) for _ in range(n)]
        elif kind < 0.7:
            opponents = [rng.uniform(0, 3000) for _ in range(n)]
        else:  # close together: many band edges near one another
            opponents = [rng.choice((1500.0, 1503.0, 1497.0, 1510.5)) for _ in range(n)]
        score = rng.randint(1, 2 * n - 1) / 2
        start = rng.choice((None, rng.uniform(-5000, 8000), opponents[0] + 3, 1500))
        fast_trace: list[float] = []
        general_trace: list[float] = []
        fast = solve_rating(
            opponents, score, start=start, expectancy=win_expectancy_table, trace=fast_trace
        )
        slow = solve_rating(opponents, score, start=start, expectancy=general,
                            trace=general_trace)  # fmt: skip
        assert fast == slow and fast_trace == general_trace, (opponents, score, start)

"""A tournament evaluation's table figures, every player's, on plain numbers [SPEC §4–§6].

Once the stages and the joint iteration are done (:mod:`._evaluation`), each player's row
is computed here in one pass in player order: an established or foreign-rated player's new
DWZ from his counted games (Σ P(D) from the table of the curve's floats where every
difference is in it), a new player's first DWZ or carry-over games from his equation; the
full working is built on first access (:mod:`._player_working`). This is the hot loop of
:func:`wertung.tournament._evaluation.evaluate`.
"""

from __future__ import annotations

from wertung.dwz._lean import _TENTHS, tenths_fraction, terms_function
from wertung.kernel.expectancy import (
    TABLE_OFFSET,
    expectancy_table_of,
    expected_score_of,
    expected_sum,
    table_score,
)
from wertung.kernel.results import _HALF_POINTS, half_points
from wertung.tournament._fide_part import FideTable
from wertung.tournament._player_working import State
from wertung.tournament._result import (
    CARRY_OVER,
    CONDITIONAL,
    ESTABLISHED,
    FIRST,
    FOREIGN,
    NOT_RATED,
    PlayerResult,
)
from wertung.tournament._stated_points import fmt_points as _fmt

#: Sets a result's fields (the eager ones, then the DWZ and the FIDE working), as
#: :func:`~wertung.tournament._result.made_result` does.
_SET_FIELDS = PlayerResult._f.__set__  # type: ignore[attr-defined]  # the slot's descriptor (mypy sees a field)


def _results(
    state: State, fide_table: FideTable | None
) -> tuple[list[PlayerResult], int, list[str]]:
    """Every player's result in player order; how many have a DWZ without index; one
    reason per player whose games do not give the source's own total."""
    regs = state.regs
    codes, fixed_at, points_at, ages = state.codes, state.fixed_at, state.points_at, state.ages
    r1, values, exceptional = state.r1, state.values, state.exceptional
    ratings = state.rating_list()  # what each opponent counts with, by position
    terms = terms_function(regs, state.method, exact=False)  # Rn in floats where certain
    expectancy = state.expectancy
    # P(D) of a whole-number D from a table of the same floats (either curve's), when
    # every D is in it.
    table = expectancy_table_of(expectancy) if _in_table(state) else None
    foreign_index = regs.foreign_start_index
    halves = _HALF_POINTS  # half-points → their one Fraction (results.half_points)
    factors = _TENTHS  # K as a fraction, by its tenths
    new_result, set_fields = object.__new__, _SET_FIELDS
    results: list[PlayerResult] = []
    append = results.append
    no_index = 0
    differ: list[str] = []
    equation_values: list[float | None] | None = None
    for i, p in enumerate(state.tournament.players):
        pid = p.id
        conditional = p.member is False
        points = points_at[i]
        if p.points is not None and points != p.points:
            differ.append(
                f"player {pid} ({p.name}): the games give {_fmt(points)} points, "
                f"the source says {_fmt(p.points)}"
            )
        rating = fixed_at[i]
        if rating is not None:
            dwz_before = p.dwz
            foreign = dwz_before is None
            index: int | None
            if foreign:
                index = foreign_index
            else:
                index = p.index
                if index is None:
                    no_index += 1
            # The counted games' opponents and half-points; Σ P(D) over them in game order.
            opponents: list[int] = []
            add = opponents.append
            half = 0
            for code in codes[i]:
                r = ratings[code >> 2]
                if r is not None:
                    add(r)
                    half += code & 3
            n = len(opponents)
            if table is not None:
                expected = table_score(table, rating, opponents)
            else:
                expected = expected_score_of(rating, opponents, expectancy)
            new, new_index, expected, tenths, e, _n, _d, _floor = terms(
                rating, index, ages[pid], n, expected, half
            )
            basis = FOREIGN if foreign else ESTABLISHED
            score = halves.get(half)
            if score is None:
                score = half_points(half)
            if tenths is not None:
                factor = factors.get(tenths)
                if factor is None:
                    factor = tenths_fraction(tenths)
            else:
                factor = None
            result = new_result(PlayerResult)
            set_fields(result, (
                pid, p.name, CONDITIONAL if conditional else basis, basis, conditional,
                dwz_before, p.index, new, new_index, new - rating,
                (p.fide_rating or None) if foreign else None, points, score, n, expected,
                factor, e, pid in exceptional, None, None, state, fide_table,
            ))  # fmt: skip
            append(result)
            continue
        if equation_values is None:
            equation_values = _equation_values(state)
        equation = []
        half = 0
        for code in codes[i]:
            value = equation_values[code >> 2]
            if value is not None:
                equation.append(value)
                half += code & 3
        for line in state.carried.get(pid, ()):
            equation.append(float(line.opponent_rating))  # type: ignore[arg-type]  # carry-over lines: all with a rating
            half += 2 * line.points.numerator // line.points.denominator
        score = halves.get(half)
        if score is None:
            score = half_points(half)
        first = r1.get(pid)
        if first is not None:
            status = basis = FIRST
            value = values[pid]
            first_expected: float | None = expected_sum(value, equation, expectancy)
            stage = state.stages.get(pid)
            index_after = 1
        else:
            # No first DWZ: the member keeps his counted games as carry-over games (WO 3.4.2).
            status = basis = CARRY_OVER if equation and not conditional else NOT_RATED
            first_expected = stage = index_after = None
        result = new_result(PlayerResult)
        set_fields(result, (
            pid, p.name, CONDITIONAL if conditional and first is not None else status,
            basis, conditional, p.dwz, p.index, first, index_after, None,
            p.foreign_rating, points, score, len(equation), first_expected, None, None,
            pid in exceptional, stage, None, state, fide_table,
        ))  # fmt: skip
        append(result)
    return results, no_index, differ


def _equation_values(state: State) -> list[float | None]:
    """By position, what an opponent counts with in a new player's equation: his value
    Ri if in the iteration, else his performance if exceptional, else R0, else R1
    (None: he does not count)."""
    values, exceptional, r1 = state.values, state.exceptional, state.r1
    out: list[float | None] = []
    for pid, rating in zip(state.ids, state.fixed_at, strict=True):
        value = values.get(pid)
        if value is None:
            if pid in exceptional:
                value = float(exceptional[pid])
            elif rating is not None:
                value = float(rating)
            elif pid in r1:
                value = float(r1[pid])
        out.append(value)
    return out


def _in_table(state: State) -> bool:
    """Whether every difference of two ratings the results use (R0, R1, the exceptional
    players' performances: whole numbers) is in :func:`expectancy_table_of`'s table."""
    groups = [g for g in (state.fixed.values(), state.r1.values(), state.exceptional.values()) if g]
    if not groups:
        return True
    low = min([min(g) for g in groups])
    high = max([max(g) for g in groups])
    return low.__class__ is int and high.__class__ is int and high - low <= TABLE_OFFSET

"""Geometry of the inline SVG chart "what a rating gap is worth".

The values come from the engine (FIDE table 8.1.2 with the 400-point rule,
and the DWZ normal curve); this module only maps them to SVG coordinates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from wertung import fide
from wertung.kernel.expectancy import win_expectancy
from wertung.kernel.needed import Needed

__all__ = [
    "Chart",
    "LineChart",
    "Point",
    "expected_score_chart",
    "history_chart",
    "needed_chart",
]

WIDTH, HEIGHT, PAD = 640, 320, 44
SPAN = 800


@dataclass(frozen=True)
class Chart:
    """Polylines and axis ticks in SVG user units."""

    width: int
    height: int
    fide: str
    dwz: str
    x_ticks: tuple[tuple[float, int], ...]
    y_ticks: tuple[tuple[float, float], ...]
    left: int
    right: int
    top: int
    bottom: int


def _x(d: float) -> float:
    return PAD + (d + SPAN) / (2 * SPAN) * (WIDTH - 2 * PAD)


def _y(p: float) -> float:
    return HEIGHT - PAD - p * (HEIGHT - 2 * PAD)


def expected_score_chart() -> Chart:
    """The expected score of the player whose rating is D above his opponent's."""
    cap = fide.expected_score_table().cap
    fide_points = []
    for d in range(-SPAN, SPAN + 1, 4):
        capped = max(-cap, min(cap, d))
        fide_points.append(f"{_x(d):.1f},{_y(float(fide.expected_score(capped))):.1f}")
    dwz_points = [f"{_x(d):.1f},{_y(win_expectancy(d)):.1f}" for d in range(-SPAN, SPAN + 1, 8)]
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        fide=" ".join(fide_points),
        dwz=" ".join(dwz_points),
        x_ticks=tuple((_x(d), d) for d in range(-SPAN, SPAN + 1, 200)),
        y_ticks=tuple((_y(p / 4), p / 4) for p in range(5)),
        left=PAD,
        right=WIDTH - PAD,
        top=PAD,
        bottom=HEIGHT - PAD,
    )


@dataclass(frozen=True)
class Point:
    """A marker: position, the values it shows, and whether it is the answer."""

    x: float
    y: float
    label: str
    value: int | None
    mark: bool = False


@dataclass(frozen=True)
class LineChart:
    """A small chart: a polyline with markers, axis ticks and horizontal guide lines."""

    width: int
    height: int
    line: str
    points: tuple[Point, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, int], ...]
    guides: tuple[tuple[float, int], ...]  # (y, value) of the target line(s)
    left: int
    right: int
    top: int
    bottom: int
    extra: tuple[Point, ...] = ()  # a second series (performances in the history chart)


_NW, _NH, _NPAD, _NTOP, _NBOTTOM = 560, 230, 48, 14, 42


def _nice_ticks(low: float, high: float, count: int = 5) -> list[int]:
    """Round tick values covering ``low``..``high`` (steps of 1, 2, 5 × 10ⁿ)."""
    span = max(high - low, 1)
    raw = span / count
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        step = candidate
        if candidate >= raw:
            break
    start = int(low // step * step)
    return list(range(start, int(high) + step, step))


def _frame(values: list[float]) -> tuple[float, float]:
    """The value range of a chart: the values with a margin of a tenth (at least 5)."""
    low, high = min(values), max(values)
    margin = max((high - low) * 0.1, 5)
    return low - margin, high + margin


def needed_chart(
    needed: Needed, target: int | None, score: Callable[[Fraction | float], str]
) -> LineChart | None:
    """The planner's table as a chart: points in the remaining games → new rating.

    ``score`` formats a number of points (``t.score``); the smallest total that reaches
    ``target`` is marked; totals without a rating (no first DWZ) are left out.
    """
    rows = [(r.points, r.new_rating) for r in needed.table if r.new_rating is not None]
    if not rows:
        return None
    values: list[float] = [rating for _, rating in rows]
    values += [target] if target is not None else []
    low, high = _frame(values)
    games = needed.remaining or 1

    def x(points: Fraction | float) -> float:
        return _NPAD + float(points) / games * (_NW - _NPAD - 16 - 8)

    def y(rating: float) -> float:
        return _NH - _NBOTTOM - (rating - low) / (high - low) * (_NH - _NBOTTOM - _NTOP)

    answer = needed.points
    points = tuple(
        Point(x(total), y(rating), score(total), rating, total == answer) for total, rating in rows
    )
    halves = 2 * games
    step = 1 if halves <= 12 else (2 if halves <= 24 else 4)
    x_ticks = tuple((x(h / 2), score(h / 2)) for h in range(0, halves + 1, step))
    y_ticks = tuple((y(v), v) for v in _nice_ticks(low, high) if low <= v <= high)
    guides = ((y(target), target),) if target is not None else ()
    return LineChart(
        width=_NW,
        height=_NH,
        line=" ".join(f"{p.x:.1f},{p.y:.1f}" for p in points),
        points=points,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        guides=guides,
        left=_NPAD,
        right=_NW - 16,
        top=_NTOP,
        bottom=_NH - _NBOTTOM,
    )


_HW, _HH = 640, 260


def history_chart(player: object, month: object) -> LineChart | None:
    """A player's DWZ over time: the DWZ after each evaluation, performances as extra points.

    x is the end date (evenly spread when all are on one day); upgrade rows are marked
    (``Point.mark``); ``month`` formats a date for the axis (``t.month``).
    """
    rows = [r for r in player.rows if r.dwz_after is not None and r.end_date]  # type: ignore[attr-defined]
    if not rows:
        return None
    first = rows[0]
    start = [first] if first.dwz_before is not None and not first.upgrade else []
    values = [float(r.dwz_after) for r in rows] + [float(r.dwz_before) for r in start]
    values += [float(r.performance) for r in rows if r.performance is not None]
    low, high = _frame(values)
    days = [r.end_date.toordinal() for r in rows]
    span = max(days) - min(days)
    left, right, top, bottom = 52, _HW - 20, 14, _HH - 42

    def x(i: int) -> float:
        if span == 0:
            share = (i + 1) / (len(rows) + 1)
        else:
            share = 0.06 + 0.88 * (days[i] - min(days)) / span
        return left + share * (right - left)

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    points = [
        Point(x(i), y(r.dwz_after), r.tournament, r.dwz_after, r.upgrade)
        for i, r in enumerate(rows)
    ]
    line = [f"{p.x:.1f},{p.y:.1f}" for p in points]
    if start:  # the DWZ before the first evaluation, drawn at the left edge
        line.insert(0, f"{left:.1f},{y(first.dwz_before):.1f}")
    extra = tuple(
        Point(x(i), y(r.performance), r.tournament, r.performance)
        for i, r in enumerate(rows)
        if r.performance is not None
    )
    ticks: list[tuple[float, str]] = []
    for i, r in enumerate(rows):  # date labels at least 70 units apart
        if not ticks or x(i) - ticks[-1][0] >= 70:
            ticks.append((x(i), month(r.end_date)))  # type: ignore[operator]
    return LineChart(
        width=_HW,
        height=_HH,
        line=" ".join(line),
        points=tuple(points),
        x_ticks=tuple(ticks),
        y_ticks=tuple((y(v), v) for v in _nice_ticks(low, high) if low <= v <= high),
        guides=(),
        left=left,
        right=right,
        top=top,
        bottom=bottom,
        extra=extra,
    )

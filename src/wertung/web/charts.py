"""Geometry of the inline SVG chart "what a rating gap is worth".

The values come from the engine (FIDE table 8.1.2 with the 400-point rule,
and the DWZ normal curve); this module only maps them to SVG coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import fide
from ..core.expectancy import win_expectancy

__all__ = ["Chart", "expected_score_chart"]

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

"""Dated parameter sets of the rating regulations (DSB WO 2014/2026, FIDE)."""

from .dwz import WO_2014, WO_2026, Dwz2014, Dwz2026, DwzRegulations, age_at, dwz_regulations_for

__all__ = [
    "WO_2014",
    "WO_2026",
    "Dwz2014",
    "Dwz2026",
    "DwzRegulations",
    "age_at",
    "dwz_regulations_for",
]

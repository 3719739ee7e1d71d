"""The rule texts of a forecast, written once per regulations from their own constants."""

from __future__ import annotations

import functools

from wertung.dwz.regulations import WO_2026, Dwz2014, Dwz2026

__all__ = ["rules_2014", "rules_2026"]


@functools.cache
def _rules_2026(regs: Dwz2026) -> dict[str, str]:
    """The WO 2026 rule texts, written from the regulations' own constants."""
    return {
        "regulations": f"{regs.name}, valid from {regs.valid_from} (tournament end date)",
        "win_expectancy": "P(D) = ½·(1 + erf(D/400)), WO Anhang (normal distribution)",
        "brake_factor": f"b = (R0 + {regs.u})/{regs.brake_below + regs.u} if W < We and "
        f"R0 < {regs.brake_below}, else 1",
        "success_bonus": f"a (only if W ≥ We): age ≤ {regs.junior_max_age} and "
        f"R0 < {regs.junior_bonus_below}: ({regs.junior_bonus_below} − R0)/{regs.t}; "
        f"age {regs.junior_max_age + 1}–{regs.youth_max_age} with R0 < {regs.bonus_below}: "
        f"{regs.a1}; age ≥ {regs.youth_max_age + 1} with R0 < {regs.bonus_below}: {regs.a2}; "
        "else 0",
        "development_factor": f"K = K0·b + a, one decimal half up, at most {regs.k_max}",
        "new_rating": f"Rn = R0 + K·(W − We), rounded half up; at least {regs.floor}",
        "performance": "Leistung: Σ P(Rp − Rj) = W (WO 3.6), shown from "
        f"{regs.performance_min_games} games",
    }


@functools.cache
def _rules_2014(regs: Dwz2014) -> dict[str, str]:
    """The WO 2014 rule texts, written from the regulations' own constants."""
    (junior_age, j1), (young_age, j2) = regs.age_coefficients
    return {
        "regulations": f"{regs.name}, for tournaments that ended before {WO_2026.valid_from}",
        "win_expectancy": "P(D) = ½·(1 + erf(D/400)), WO 3.3 (normal distribution)",
        "age_coefficient": f"J = {j1} (age ≤ {junior_age}), {j2} ({junior_age + 1}–{young_age}), "
        f"{regs.age_coefficient_default} (over {young_age})",
        "base_coefficient": "E0 = (R0/1000)^4 + J",
        "acceleration_factor": f"fB = R0/{regs.acceleration_divisor} within "
        f"[{float(regs.acceleration_min):g}, {float(regs.acceleration_max):g}] for age ≤ "
        f"{regs.acceleration_max_age} with W ≥ We, else 1",
        "braking_surcharge": f"SBr = e^(({regs.braking_below} − R0)/{regs.braking_scale}) − 1 "
        f"for R0 < {regs.braking_below} with W ≤ We, else 0",
        "development_coefficient": f"E = E0·fB + SBr rounded; {regs.e_min} ≤ E ≤ {regs.e_max} "
        f"and E ≤ {regs.e_max_per_index}·index (SBr > 0: E ≤ {regs.e_max_braking})",
        "new_rating": f"Rn = R0 + {regs.numerator}·(W − We)/(E + n), rounded half up",
        "performance": "Leistung: Σ P(Rp − Rj) = W (WO 3.6), shown from "
        f"{regs.performance_min_games} games",
    }


#: Swiss-Chess's P(D) (``method="swiss-chess"``, see :mod:`.swiss_chess`).
_TABLE_P = "P(D) from the two-decimal table, per game (Swiss-Chess, not the WO)"


@functools.cache
def _rules_2014_swiss_chess(regs: Dwz2014) -> dict[str, str]:
    """The WO 2014 rule texts as ``method="swiss-chess"`` computes (:mod:`.swiss_chess`)."""
    rules = dict(_rules_2014(regs))
    rules["win_expectancy"] = _TABLE_P
    rules["development_coefficient"] = (
        rules["development_coefficient"] + "; Swiss-Chess with SBr > 0: "
        "E = round(E0·fB) + round(SBr + 1), each half up"
    )
    rules["new_rating"] = (
        f"Rn = R0 + {regs.numerator}·(W − We)/(E + n), the change truncated towards zero "
        "(Swiss-Chess)"
    )
    return rules


@functools.cache
def _rules_2026_swiss_chess(regs: Dwz2026) -> dict[str, str]:
    """The WO 2026 rule texts as ``method="swiss-chess"`` computes (:mod:`.swiss_chess`)."""
    rules = dict(_rules_2026(regs))
    rules["win_expectancy"] = _TABLE_P
    rules["new_rating"] = (
        f"Rn = R0 + K·(W − We), the change truncated towards zero (Swiss-Chess); at least "
        f"{regs.floor}"
    )
    return rules


rules_2026 = _rules_2026
rules_2014 = _rules_2014

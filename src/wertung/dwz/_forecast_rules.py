"""The rule texts of the DWZ (a forecast's, a first DWZ's, the upgrade's), written from
the regulations' own constants into their English templates
(:data:`wertung.kernel.rule_text.TEMPLATES`, whose English the catalogue's
:mod:`~wertung.catalogue.data_rules` pairs with the German).

A rule text is a :class:`~wertung.kernel.rule_text.RuleText`: the English text (a ``str``, as the JSON shows it)
that also keeps its catalogue ``code`` and the ``values`` written into it, so that a
front end renders it in German by its code, without recognising the English text.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from wertung.dwz.regulations import WO_2026, Dwz2014, Dwz2026
from wertung.kernel.rule_text import TEMPLATES, RuleText

__all__ = ["TEMPLATES", "RuleText", "rule_text", "rules_2014", "rules_2026"]


def rule_text(code: str, **values: object) -> RuleText:
    """The rule text ``code`` of :data:`TEMPLATES` with ``values`` written into it.

    >>> text = rule_text("rule.dwz2026.development_factor", k_max=80)
    >>> text, text.code, text.values
    ('K = K0·b + a, one decimal half up, at most 80', 'rule.dwz2026.development_factor', {'k_max': '80'})
    """
    return RuleText.written(code, TEMPLATES[code], values)


def _num(value: Fraction | float) -> str:
    """A number as the rule texts write it (``0.5``, ``1``, ``3.5``)."""
    return f"{float(value):g}"


@functools.cache
def _rules_2026(regs: Dwz2026) -> dict[str, str]:
    """The WO 2026 rule texts, written from the regulations' own constants."""
    return {
        "regulations": rule_text("rule.dwz2026.regulations", regs=regs.name, date=regs.valid_from),
        "win_expectancy": rule_text("rule.win_expectancy_annex"),
        "brake_factor": rule_text("rule.dwz2026.brake_factor", u=regs.u,
                                  divisor=regs.brake_below + regs.u, below=regs.brake_below),
        "success_bonus": rule_text(
            "rule.dwz2026.success_bonus", junior=regs.junior_max_age,
            junior_below=regs.junior_bonus_below, t=regs.t, youth_from=regs.junior_max_age + 1,
            youth=regs.youth_max_age, below=regs.bonus_below, a1=regs.a1,
            adult_from=regs.youth_max_age + 1, a2=regs.a2,
        ),
        "development_factor": rule_text("rule.dwz2026.development_factor", k_max=regs.k_max),
        "new_rating": rule_text("rule.dwz2026.new_rating", floor=regs.floor),
        "performance": rule_text("rule.dwz.performance", games=regs.performance_min_games),
    }  # fmt: skip


@functools.cache
def _rules_2014(regs: Dwz2014) -> dict[str, str]:
    """The WO 2014 rule texts, written from the regulations' own constants."""
    (junior_age, j1), (young_age, j2) = regs.age_coefficients
    return {
        "regulations": rule_text("rule.dwz2014.regulations", regs=regs.name,
                                 date=WO_2026.valid_from),
        "win_expectancy": rule_text("rule.win_expectancy_3_3"),
        "age_coefficient": rule_text(
            "rule.dwz2014.age_coefficient", j1=j1, junior=junior_age, j2=j2,
            middle=junior_age + 1, young=young_age, j3=regs.age_coefficient_default,
        ),
        "base_coefficient": "E0 = (R0/1000)^4 + J",
        "acceleration_factor": rule_text(
            "rule.dwz2014.acceleration_factor", divisor=regs.acceleration_divisor,
            low=_num(regs.acceleration_min), high=_num(regs.acceleration_max),
            age=regs.acceleration_max_age,
        ),
        "braking_surcharge": rule_text("rule.dwz2014.braking_surcharge",
                                       below=regs.braking_below, scale=regs.braking_scale),
        "development_coefficient": rule_text(
            "rule.dwz2014.development_coefficient", low=regs.e_min, high=regs.e_max,
            per_index=regs.e_max_per_index, braking=regs.e_max_braking,
        ),
        "new_rating": rule_text("rule.dwz2014.new_rating", numerator=regs.numerator),
        "performance": rule_text("rule.dwz.performance", games=regs.performance_min_games),
    }  # fmt: skip


def base_value_rule(row: str, column: int) -> RuleText:
    """The K0 table's row and column as a rule text."""
    return rule_text(f"rule.dwz2026.base_value.{row}", column=column)


@functools.cache
def _rules_2014_swiss_chess(regs: Dwz2014) -> dict[str, str]:
    """The WO 2014 rule texts as ``method="swiss-chess"`` computes (:mod:`.swiss_chess`)."""
    rules = dict(_rules_2014(regs))
    rules["win_expectancy"] = rule_text("rule.swiss_chess.win_expectancy")
    written = rules["development_coefficient"]
    assert isinstance(written, RuleText)
    rules["development_coefficient"] = rule_text(
        "rule.swiss_chess.development_coefficient", **written.values
    )
    rules["new_rating"] = rule_text("rule.swiss_chess.new_rating_2014", numerator=regs.numerator)
    return rules


@functools.cache
def _rules_2026_swiss_chess(regs: Dwz2026) -> dict[str, str]:
    """The WO 2026 rule texts as ``method="swiss-chess"`` computes (:mod:`.swiss_chess`)."""
    rules = dict(_rules_2026(regs))
    rules["win_expectancy"] = rule_text("rule.swiss_chess.win_expectancy")
    rules["new_rating"] = rule_text("rule.swiss_chess.new_rating_2026", floor=regs.floor)
    return rules


rules_2026 = _rules_2026
rules_2014 = _rules_2014

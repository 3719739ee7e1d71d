"""Rule texts: the English a derivation shows for a rule, each written once, with its code.

:data:`TEMPLATES` is the one home of the rule texts' English, by catalogue code (the
catalogue's syntax: ``{name:kind}`` holes; :mod:`wertung.catalogue.data_rules` pairs each
with its German). The rules packages write a text from its template and the values of
the regulations (:func:`wertung.dwz._forecast_rules.rule_text`); the text is a
:class:`RuleText`, a ``str`` (the JSON's ``rules`` show it as it is) that also keeps the
``code`` and the ``values`` as written, so that the catalogue renders it in another
language by its code, never by recognising the English.

The templates are data of the rules, kept in the kernel so that the catalogue reads them
without loading a rating package.

>>> text = RuleText.written("rule.x", "at most {k_max:int} (of {k_max})", {"k_max": 80})
>>> text, text.code, text.values
('at most 80 (of 80)', 'rule.x', {'k_max': '80'})
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["TEMPLATES", "RuleText"]

#: The English templates of the rule texts by catalogue code (the catalogue's syntax:
#: ``{name:kind}`` the first time a value appears, ``{name}`` after).
TEMPLATES: dict[str, str] = {
    # a forecast, WO 2026
    "rule.dwz2026.regulations": "{regs}, valid from {date:date} (tournament end date)",
    "rule.win_expectancy_annex": "P(D) = ½·(1 + erf(D/400)), WO Anhang (normal distribution)",
    "rule.dwz2026.base_value.youth": "K0 table, row youth, index column {column:int}",
    "rule.dwz2026.base_value.adult": "K0 table, row adult, index column {column:int}",
    "rule.dwz2026.base_value.master": "K0 table, row master, index column {column:int}",
    "rule.dwz2026.brake_factor":
        "b = (R0 + {u:int})/{divisor:int} if W < We and R0 < {below:int}, else 1",
    "rule.dwz2026.success_bonus":
        "a (only if W ≥ We): age ≤ {junior:int} and R0 < {junior_below:int}: ({junior_below} − "
        "R0)/{t:int}; age {youth_from:int}–{youth:int} with R0 < {below:int}: {a1:num}; age ≥ "
        "{adult_from:int} with R0 < {below}: {a2:num}; else 0",
    "rule.dwz2026.development_factor": "K = K0·b + a, one decimal half up, at most {k_max:int}",
    "rule.dwz2026.new_rating": "Rn = R0 + K·(W − We), rounded half up; at least {floor:int}",
    "rule.dwz.performance":
        "Leistung: Σ P(Rp − Rj) = W (WO 3.6), shown from {games:int} games",
    # a forecast, WO 2014
    "rule.dwz2014.regulations": "{regs}, for tournaments that ended before {date:date}",
    "rule.win_expectancy_3_3": "P(D) = ½·(1 + erf(D/400)), WO 3.3 (normal distribution)",
    "rule.dwz2014.age_coefficient":
        "J = {j1:int} (age ≤ {junior:int}), {j2:int} ({middle:int}–{young:int}), {j3:int} (over "
        "{young})",
    "rule.dwz2014.acceleration_factor":
        "fB = R0/{divisor:int} within [{low:num}, {high:num}] for age ≤ {age:int} with W ≥ We, "
        "else 1",
    "rule.dwz2014.braking_surcharge":
        "SBr = e^(({below:int} − R0)/{scale:int}) − 1 for R0 < {below} with W ≤ We, else 0",
    "rule.dwz2014.development_coefficient":
        "E = E0·fB + SBr rounded; {low:int} ≤ E ≤ {high:int} and E ≤ {per_index:int}·index "
        "(SBr > 0: E ≤ {braking:int})",
    "rule.dwz2014.new_rating": "Rn = R0 + {numerator:int}·(W − We)/(E + n), rounded half up",
    # a forecast as Swiss-Chess computes it (method="swiss-chess", kernel/swiss_chess.py)
    "rule.swiss_chess.win_expectancy":
        "P(D) from the two-decimal table, per game (Swiss-Chess, not the WO)",
    "rule.swiss_chess.development_coefficient":
        "E = E0·fB + SBr rounded; {low:int} ≤ E ≤ {high:int} and E ≤ {per_index:int}·index "
        "(SBr > 0: E ≤ {braking:int}); Swiss-Chess with SBr > 0: E = round(E0·fB) + round(SBr + "
        "1), each half up",
    "rule.swiss_chess.new_rating_2014":
        "Rn = R0 + {numerator:int}·(W − We)/(E + n), the change truncated towards zero "
        "(Swiss-Chess)",
    "rule.swiss_chess.new_rating_2026":
        "Rn = R0 + K·(W − We), the change truncated towards zero (Swiss-Chess); at least "
        "{floor:int}",
    # a first DWZ (_first_dwz.py)
    "rule.first.stage":
        "WO 3.4.1: stage 1: ≥ {games:int} games against players with DWZ (carry-over games "
        "included) and ≥ {points:num} points among them; stage 2: ≥ {games} games against "
        "stage-1 and established players",
    "rule.first.iterated":
        "WO 3.4.4, Anhang 1.2.2: iterate until Σ P(Ri − Rj) = W; start Rc + D(W/n)",
    "rule.first.fictitious_draw": "{regs} (WO 3.4.4): at 100 % one fictitious draw against Rc",
    "rule.first.no_fictitious_draw":
        "{regs}: no fictitious draw; 100 % gives no first DWZ yet",
    "rule.first.correction_2026":
        "{regs}: R1 = Ri (≥ {upper:int}); Ri + {r:num}·({upper} − Ri) ({lower:int}–{upper}); "
        "{lower} + 9·{r}·Ri/11 (< {lower}, negative Ri as 0)",
    "rule.first.correction_2014":
        "{regs}: R1 = {base:int} + Ri/{divisor:int} below {below:int}, else R1 = Ri",
    "rule.first.carry_over":
        "WO 3.4.2, 4.1.1: games kept as carry-over games for {years:int} years",
    "rule.first.conditional":
        "WO 3.4.3: unaffiliated players get no published DWZ and no carry-over games",
    # the upgrade of 2026 (_upgrade.py): the formula of the band that stays unchanged
    "rule.upgrade.unchanged": "R ≥ {from_rating:int}: unchanged",
}  # fmt: skip


_HOLE = re.compile(r"\{([a-z_][a-z0-9_]*)(?::[a-z]+)?\}")


class RuleText(str):
    """An English rule text with its catalogue ``code`` and ``values`` (each as written)."""

    code: str
    values: dict[str, str]
    template: str

    @classmethod
    def written(cls, code: str, template: str, values: Mapping[str, object]) -> RuleText:
        """``template`` with ``str`` of each value in its holes."""
        texts = {name: str(value) for name, value in values.items()}
        text = cls(_HOLE.sub(lambda hole: texts[hole[1]], template))
        text.code, text.values, text.template = code, texts, template
        return text

    def __reduce__(self) -> tuple[object, tuple[str, str, dict[str, str]]]:
        return RuleText.written, (self.code, self.template, self.values)

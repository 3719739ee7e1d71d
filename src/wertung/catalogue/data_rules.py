"""The rule texts of a derivation (its ``rules``): what each quantity follows, in both languages.

Each text is written once: its English template is the engine's own
(:data:`wertung.kernel.rule_text.TEMPLATES`, which ``wertung.dwz._forecast_rules``,
``wertung.dwz._first_dwz`` and ``wertung.dwz._upgrade`` write the regulations' values
into); the German one stands here. The engine's rule texts carry their code and values
(:class:`~wertung.kernel.rule_text.RuleText`), so a front end shows them in German by their
code; an English text alone (one read back from JSON) is still recognised by its template,
whatever the constants::

    >>> from wertung.catalogue import render
    >>> render("K = K0·b + a, one decimal half up, at most 80", "de")
    'K = K0·b + a, auf eine Nachkommastelle kaufmännisch gerundet, höchstens 80'

The JSON output keeps the English texts (``rules`` is language-neutral data).
"""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E
from wertung.kernel.rule_text import TEMPLATES as EN

__all__ = ["RULES"]

RULES: tuple[E, ...] = (
    # a forecast, WO 2026 (dwz/_forecast_rules.py, dwz/_forecast.py)
    E(
        "rule.dwz2026.regulations",
        EN["rule.dwz2026.regulations"],
        "{regs}, gültig ab {date} (Turnierende)",
    ),
    E(
        "rule.win_expectancy_annex",
        EN["rule.win_expectancy_annex"],
        "P(D) = ½·(1 + erf(D/400)), WO Anhang (Normalverteilung)",
    ),
    E(
        "rule.dwz2026.base_value.youth",
        EN["rule.dwz2026.base_value.youth"],
        "K0-Tabelle, Zeile Jugend, Indexspalte {column}",
    ),
    E(
        "rule.dwz2026.base_value.adult",
        EN["rule.dwz2026.base_value.adult"],
        "K0-Tabelle, Zeile Erwachsene, Indexspalte {column}",
    ),
    E(
        "rule.dwz2026.base_value.master",
        EN["rule.dwz2026.base_value.master"],
        "K0-Tabelle, Zeile Meisterklasse, Indexspalte {column}",
    ),
    E(
        "rule.dwz2026.brake_factor",
        EN["rule.dwz2026.brake_factor"],
        "b = (R0 + {u})/{divisor}, wenn W < We und R0 < {below}, sonst 1",
    ),
    E(
        "rule.dwz2026.success_bonus",
        EN["rule.dwz2026.success_bonus"],
        "a (nur wenn W ≥ We): Alter ≤ {junior} und R0 < {junior_below}: ({junior_below} − R0)/{t}; "
        "Alter {youth_from}–{youth} mit R0 < {below}: {a1}; Alter ≥ {adult_from} mit R0 < {below}: {a2}; "
        "sonst 0",
    ),
    E(
        "rule.dwz2026.development_factor",
        EN["rule.dwz2026.development_factor"],
        "K = K0·b + a, auf eine Nachkommastelle kaufmännisch gerundet, höchstens {k_max}",
    ),
    E(
        "rule.dwz2026.new_rating",
        EN["rule.dwz2026.new_rating"],
        "Rn = R0 + K·(W − We), kaufmännisch gerundet; mindestens {floor}",
    ),
    E(
        "rule.dwz.performance",
        EN["rule.dwz.performance"],
        "Leistung: Σ P(Rp − Rj) = W (WO 3.6), angezeigt ab {games} Partien",
    ),
    # a forecast, WO 2014
    E(
        "rule.dwz2014.regulations",
        EN["rule.dwz2014.regulations"],
        "{regs}, für Turniere mit Ende vor dem {date}",
    ),
    E(
        "rule.win_expectancy_3_3",
        EN["rule.win_expectancy_3_3"],
        "P(D) = ½·(1 + erf(D/400)), WO 3.3 (Normalverteilung)",
    ),
    E(
        "rule.dwz2014.age_coefficient",
        EN["rule.dwz2014.age_coefficient"],
        "J = {j1} (Alter ≤ {junior}), {j2} ({middle}–{young}), {j3} (über {young})",
    ),
    E(
        "rule.dwz2014.acceleration_factor",
        EN["rule.dwz2014.acceleration_factor"],
        "fB = R0/{divisor} im Bereich [{low}; {high}] für Alter ≤ {age} mit W ≥ We, sonst 1",
    ),
    E(
        "rule.dwz2014.braking_surcharge",
        EN["rule.dwz2014.braking_surcharge"],
        "SBr = e^(({below} − R0)/{scale}) − 1 für R0 < {below} mit W ≤ We, sonst 0",
    ),
    E(
        "rule.dwz2014.development_coefficient",
        EN["rule.dwz2014.development_coefficient"],
        "E = E0·fB + SBr gerundet; {low} ≤ E ≤ {high} und E ≤ {per_index}·Index (SBr > 0: E ≤ {braking})",
    ),
    E(
        "rule.dwz2014.new_rating",
        EN["rule.dwz2014.new_rating"],
        "Rn = R0 + {numerator}·(W − We)/(E + n), kaufmännisch gerundet",
    ),
    # a first DWZ (dwz/_first_dwz.py)
    E(
        "rule.first.stage",
        EN["rule.first.stage"],
        "WO 3.4.1: Stufe 1: ≥ {games} Partien gegen Spieler mit DWZ (Restpartien eingeschlossen) und "
        "≥ {points} Punkte darin; Stufe 2: ≥ {games} Partien gegen Spieler der Stufe 1 und etablierte Spieler",
    ),
    E(
        "rule.first.iterated",
        EN["rule.first.iterated"],
        "WO 3.4.4, Anhang 1.2.2: iterieren, bis Σ P(Ri − Rj) = W; Start Rc + D(W/n)",
    ),
    E(
        "rule.first.fictitious_draw",
        EN["rule.first.fictitious_draw"],
        "{regs} (WO 3.4.4): bei 100 % ein fiktives Remis gegen Rc",
    ),
    E(
        "rule.first.no_fictitious_draw",
        EN["rule.first.no_fictitious_draw"],
        "{regs}: kein fiktives Remis; 100 % ergibt noch keine Erst-DWZ",
    ),
    E(
        "rule.first.correction_2026",
        EN["rule.first.correction_2026"],
        "{regs}: R1 = Ri (≥ {upper}); Ri + {r}·({upper} − Ri) ({lower}–{upper}); "
        "{lower} + 9·{r}·Ri/11 (< {lower}, negatives Ri als 0)",
    ),
    E(
        "rule.first.correction_2014",
        EN["rule.first.correction_2014"],
        "{regs}: R1 = {base} + Ri/{divisor} unter {below}, sonst R1 = Ri",
    ),
    E(
        "rule.first.carry_over",
        EN["rule.first.carry_over"],
        "WO 3.4.2, 4.1.1: die Partien bleiben {years} {years|Jahr|Jahre} als Restpartien erhalten",
    ),
    E(
        "rule.first.conditional",
        EN["rule.first.conditional"],
        "WO 3.4.3: Vereinslose erhalten keine veröffentlichte DWZ und keine Restpartien",
    ),
    # the upgrade of 2026 (dwz/_upgrade.py): the formula of the band that stays unchanged
    E("rule.upgrade.unchanged", EN["rule.upgrade.unchanged"], "R ≥ {from_rating}: unverändert"),
)

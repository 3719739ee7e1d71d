"""Swiss-Chess's own evaluation (``method="swiss-chess"``): its options, notes and rule texts."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E
from wertung.kernel.rule_text import TEMPLATES as EN

__all__ = ["SWISS_CHESS"]

SWISS_CHESS: tuple[E, ...] = (
    # the options (tournament/_evaluation.py, cli/_events.py, web/evaluation_options.py)
    E(
        "swiss_chess.printed_method",
        "printed: a printing date applies only to method swiss-chess (not {method:q})",
        "printed: ein Druckdatum gilt nur für die Methode swiss-chess (nicht {method})",
    ),
    E(
        "swiss_chess.printed_before",
        "printed {date:date} is before the tournament (it started {start:date})",
        "Druckdatum {date} liegt vor dem Turnier (Beginn {start})",
    ),
    E(
        "swiss_chess.cli_exceptional",
        "--exceptional {value:q}: use on or off",
        "--exceptional {value}: bitte on oder off angeben",
    ),
    E(
        "swiss_chess.cli_printed",
        "--printed needs --method swiss-chess (the date Swiss-Chess printed it)",
        "--printed verlangt --method swiss-chess (das Datum, an dem Swiss-Chess gedruckt hat)",
    ),
    E(
        "swiss_chess.cli_running",
        "--exceptional and --printed do not apply to --running (a running event's forecast)",
        "--exceptional und --printed gelten nicht mit --running (der Vorschau eines laufenden "
        "Turniers)",
    ),
    E(
        "swiss_chess.exceptional_value",
        "exceptional: {value:q} must be on or off",
        "Ausnahmespieler: {value} muss on oder off sein",
    ),
    E(
        "swiss_chess.method_value",
        "method: {value:q} must be exact, table or swiss-chess",
        "Methode: {value} muss exact, table oder swiss-chess sein",
    ),
    # a FIDE change rounded as Swiss-Chess rounds it (fide/_change.py)
    E(
        "swiss_chess.fide_rounding",
        "rounded as Swiss-Chess does (a positive change half up, a negative one truncated towards "
        "zero), not as FIDE 8.3.4",
        "gerundet wie Swiss-Chess (ein Gewinn kaufmännisch, ein Verlust abgeschnitten), nicht nach "
        "FIDE 8.3.4",
    ),
    # the rule texts (the English of a forecast's: dwz/_forecast_rules.py; tournament/_evaluation.py)
    E(
        "rule.swiss_chess.win_expectancy",
        EN["rule.swiss_chess.win_expectancy"],
        "P(D) aus der Tabelle mit zwei Nachkommastellen, je Partie (Swiss-Chess, nicht die WO)",
    ),
    E(
        "rule.swiss_chess.development_coefficient",
        EN["rule.swiss_chess.development_coefficient"],
        "E = E0·fB + SBr gerundet; {low} ≤ E ≤ {high} und E ≤ {per_index}·Index (SBr > 0: "
        "E ≤ {braking}); Swiss-Chess mit SBr > 0: E = rund(E0·fB) + rund(SBr + 1), jeweils "
        "kaufmännisch",
    ),
    E(
        "rule.swiss_chess.new_rating_2014",
        EN["rule.swiss_chess.new_rating_2014"],
        "Rn = R0 + {numerator}·(W − We)/(E + n), die Änderung abgeschnitten (Swiss-Chess)",
    ),
    E(
        "rule.swiss_chess.new_rating_2026",
        EN["rule.swiss_chess.new_rating_2026"],
        "Rn = R0 + K·(W − We), die Änderung abgeschnitten (Swiss-Chess); mindestens {floor}",
    ),
    E(
        "rule.swiss_chess.method",
        "Swiss-Chess's unofficial evaluation, not the rating office's: P(D) from the two-decimal "
        "table, the change truncated, E with the braking surcharge rounded in two parts, the FIDE "
        "change rounded as Swiss-Chess does",
        "Inoffizielle Auswertung wie Swiss-Chess, nicht die amtliche des DSB: P(D) aus der "
        "Tabelle mit zwei Nachkommastellen, die Änderung abgeschnitten, E mit Bremszuschlag in zwei "
        "Teilen gerundet, die Elo-Änderung gerundet wie Swiss-Chess",
    ),
    E(
        "rule.swiss_chess.no_exceptional",
        "no exceptional players (Swiss-Chess does not apply WO 3.6)",
        "keine Ausnahmespieler (Swiss-Chess wendet WO 3.6 nicht an)",
    ),
    E(
        "rule.swiss_chess.age",
        "age = {year} − year of birth (the printing date's year, Swiss-Chess)",
        "Alter = {year} − Geburtsjahr (Jahr des Druckdatums, Swiss-Chess)",
    ),
)

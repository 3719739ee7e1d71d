"""The time control: its reading, whether the games are DWZ-rated and why (SPEC §4).

Written by :mod:`wertung.kernel.time_control` (the reading, ``40 moves in 90 min + 30
s/move, then 30 min``) and :mod:`wertung.dwz._time_control_rule` (the decision), and by
the user-input checks of ``--time-control`` and ``--age-class``.
"""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["TIME"]

_UNCHECKED_EN = (
    "evaluated as standard games; whether they are DWZ-rated could not be checked; give the "
    "time control (command line: --time-control 90+30)"
)
_UNCHECKED_DE = (
    "als Partien mit langer Bedenkzeit ausgewertet; ob sie DWZ-gewertet werden, konnte nicht "
    "geprüft werden; bitte die Bedenkzeit angeben (Kommandozeile: --time-control 90+30)"
)

#: The reading of one period (TimeControl.describe): English, German.
_PERIODS = (
    ("tc.period", "{minutes:num} min", "{minutes} Min."),
    ("tc.period_increment", "{minutes:num} min + {increment:num} s/move", "{minutes} Min. + {increment} Sek./Zug"),
    ("tc.period_moves", "{moves:int} moves in {minutes:num} min", "{moves} Züge in {minutes} Min."),
    ("tc.period_moves_increment", "{moves:int} moves in {minutes:num} min + {increment:num} s/move",
     "{moves} Züge in {minutes} Min. + {increment} Sek./Zug"),
)  # fmt: skip
#: What may follow a period: nothing, the next period, another reading.
_AFTER = (
    ("", "", ""),
    (".then", ", then {rest:msg}", ", dann {rest}"),
    (".or", " (or {rest:msg})", " (oder {rest})"),
)

TIME: tuple[E, ...] = (
    # the reading, period by period (a generic "{a}, then {b}" would claim any text with a comma)
    *(E(code + c, en + e, de + d) for code, en, de in _PERIODS for c, e, d in _AFTER),
    # the decision (time_control_rule.check)
    E(
        "tc.not_rated",
        "time control {reading:msg} gives {minutes:num} minutes for 60 moves; only games with at least "
        "{need:num} minutes, or {base:num} minutes + {increment:num} s per move, are DWZ-rated ({ref})",
        "Bedenkzeit {reading} ergibt {minutes} Minuten für 60 Züge; DWZ-gewertet werden nur Partien mit "
        "mindestens {need} Minuten oder {base} Minuten + {increment} Sekunden je Zug ({ref})",
    ),
    E(
        "tc.not_rated_youth",
        "time control {reading:msg} gives {minutes:num} minutes for 60 moves; in a U{age:int} event (or "
        "younger) only games with at least {need:num} minutes, or {base:num} minutes + {increment:num} s "
        "per move, are DWZ-rated ({ref})",
        "Bedenkzeit {reading} ergibt {minutes} Minuten für 60 Züge; in einem U{age}-Turnier (oder jünger) "
        "werden nur Partien mit mindestens {need} Minuten oder {base} Minuten + {increment} Sekunden je Zug "
        "DWZ-gewertet ({ref})",
    ),
    E(
        "tc.first_period",
        "time control {reading:msg}: its first period has {first:num} minutes; with a split time control "
        "only games with at least {need:num} minutes for the first period are DWZ-rated ({ref})",
        "Bedenkzeit {reading}: die erste Periode hat {first} Minuten; bei geteilter Bedenkzeit werden nur "
        "Partien mit mindestens {need} Minuten für die erste Periode DWZ-gewertet ({ref})",
    ),
    E(
        "tc.rated_increment",
        "time control {reading:msg}: DWZ-rated ({base:num} minutes + {increment:num} s per move, {ref})",
        "Bedenkzeit {reading}: DWZ-gewertet ({base} Minuten + {increment} Sekunden je Zug, {ref})",
    ),
    E(
        "tc.rated_total",
        "time control {reading:msg}: DWZ-rated ({minutes:num} minutes for 60 moves, at least {need:num}, {ref})",
        "Bedenkzeit {reading}: DWZ-gewertet ({minutes} Minuten für 60 Züge, mindestens {need}, {ref})",
    ),
    E(
        "tc.missing",
        "the source gives no time control: " + _UNCHECKED_EN,
        "Die Quelle nennt keine Bedenkzeit: " + _UNCHECKED_DE,
    ),
    E(
        "tc.unreadable",
        "time control {text:q} not understood: " + _UNCHECKED_EN,
        "Bedenkzeit {text} nicht verstanden: " + _UNCHECKED_DE,
    ),
    E(
        "tc.kind_only",
        "the time control is only given as standard: " + _UNCHECKED_EN,
        "Die Bedenkzeit ist nur als „standard“ angegeben: " + _UNCHECKED_DE,
    ),
    E(
        "tc.alternatives",
        "time control {reading:msg}: its readings differ: " + _UNCHECKED_EN,
        "Bedenkzeit {reading}: die Lesarten widersprechen sich: " + _UNCHECKED_DE,
    ),
    E(
        "tc.age_from_name",
        "age class {age} taken from the tournament name {name:q}: the thresholds of U{up:int} events apply "
        "(if wrong: --age-class open)",
        "Altersklasse {age} aus dem Turniernamen {name} übernommen: es gelten die Grenzen für U{up}-Turniere "
        "(falls falsch: --age-class open)",
    ),
    E(
        "tc.increment_cap",
        "an increment above {cap:num} s counts as {cap} s (reported: DSB rating commission, April 2022)",
        "eine Zeitgutschrift über {cap} Sek. zählt nur als {cap} Sek. (berichtet: DSB-Wertungskommission, "
        "April 2022)",
    ),
    # the rule text (rules["time_control"])
    E(
        "rule.time_control",
        "DWZ-rated: at least {minutes:num} minutes per player for 60 moves (increments counted for 60 moves), "
        "a split control's first period at least {first:num} minutes, or {base:num} minutes + at least "
        "{increment:num} s per move; U{up:int} events: {youth:num}, {youth_first:num}, {youth_base:num} "
        "minutes + {increment} s; an increment above {cap:num} s counts as {cap} s (reported) ({ref})",
        "DWZ-gewertet: mindestens {minutes} Minuten je Spieler für 60 Züge (Zeitgutschrift für 60 Züge "
        "gerechnet), bei geteilter Bedenkzeit mindestens {first} Minuten für die erste Periode, oder {base} "
        "Minuten + mindestens {increment} Sekunden je Zug; U{up}-Turniere: {youth}, {youth_first}, "
        "{youth_base} Minuten + {increment} Sekunden; eine Zeitgutschrift über {cap} Sekunden zählt nur als "
        "{cap} Sekunden (berichtet) ({ref})",
    ),
    E(
        "rule.time_control_uncapped",
        "DWZ-rated: at least {minutes:num} minutes per player for 60 moves (increments counted for 60 moves), "
        "a split control's first period at least {first:num} minutes, or {base:num} minutes + at least "
        "{increment:num} s per move; U{up:int} events: {youth:num}, {youth_first:num}, {youth_base:num} "
        "minutes + {increment} s ({ref})",
        "DWZ-gewertet: mindestens {minutes} Minuten je Spieler für 60 Züge (Zeitgutschrift für 60 Züge "
        "gerechnet), bei geteilter Bedenkzeit mindestens {first} Minuten für die erste Periode, oder {base} "
        "Minuten + mindestens {increment} Sekunden je Zug; U{up}-Turniere: {youth}, {youth_first}, "
        "{youth_base} Minuten + {increment} Sekunden ({ref})",
    ),
    # the user's statements (--time-control, --age-class, the web fields, the API)
    E(
        "tc.given_unreadable",
        "time control {value:q} not understood; write it like 90+30 (minutes + seconds per move) or "
        "40/90+30, 30+30 (40 moves in 90 minutes, then 30 minutes)",
        "Bedenkzeit {value} nicht verstanden; bitte etwa 90+30 schreiben (Minuten + Sekunden je Zug) oder "
        "40/90+30, 30+30 (40 Züge in 90 Minuten, dann 30 Minuten)",
    ),
    E(
        "tc.age_class_unknown",
        "age class {value:q} unknown; accepted: U6 to U25 or open",
        "Altersklasse {value} unbekannt; zulässig: U6 bis U25 oder open (offen)",
    ),
    E(
        "cli.tc_no_source",
        "{option} {value:q}: there is no tournament {position:int} (1 to {count:int})",
        "{option} {value}: es gibt kein Turnier {position} (1 bis {count})",
    ),
    # the JSON format's time_control_periods (formats/tournament_json.py)
    E(
        "json.tc_periods",
        "time_control_periods must be a list of 1 to {most:int} periods",
        "time_control_periods muss eine Liste von 1 bis {most} Perioden sein",
    ),
    E(
        "json.tc_period",
        "period {n:int} of time_control_periods must be an object with minutes (and moves, increment)",
        "Periode {n} von time_control_periods muss ein Objekt mit minutes (und moves, increment) sein",
    ),
    E(
        "json.tc_minutes",
        "period {n:int}: minutes {value:q} must be a number above 0 and at most 600",
        "Periode {n}: minutes {value} muss eine Zahl über 0 und höchstens 600 sein",
    ),
    E(
        "json.tc_moves",
        "period {n:int}: moves {value:q} must be a whole number from 1 to 120",
        "Periode {n}: moves {value} muss eine ganze Zahl von 1 bis 120 sein",
    ),
    E(
        "json.tc_increment",
        "period {n:int}: increment {value:q} must be a number of seconds from 0 to 300",
        "Periode {n}: increment {value} muss eine Sekundenzahl von 0 bis 300 sein",
    ),
)

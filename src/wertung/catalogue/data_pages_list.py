"""Messages of the DSB list, provenance, corrections, completeness and the unknown index.

Same shape as :data:`wertung.catalogue.data_pages.PAGES` (key → German, English); one table
with it in :data:`wertung.catalogue.words.WORDS`.
"""

from __future__ import annotations

__all__ = ["PAGES_LIST"]

PAGES_LIST: dict[str, tuple[str, str]] = {
    # where a value came from
    "prov.legend": ("Herkunft der Angaben:", "Where the values come from:"),
    "prov.source": ("aus der Turnierdatei bzw. chess-results", "from the tournament file or chess-results"),
    "prov.source.mark": ("Q", "S"),
    "prov.list": ("aus der DSB-Wertungsliste", "from the DSB rating list"),
    "prov.list.mark": ("L", "L"),
    "prov.user": ("von dir korrigiert", "corrected by you"),
    "prov.user.mark": ("K", "C"),
    "prov.assumed": ("fehlt — die Regeln nehmen einen Wert an", "missing — the rules assume a value"),
    "prov.assumed.mark": ("A", "A"),
    "member.yes": ("ja", "yes"),
    "member.no": ("nein", "no"),
    "member.unknown": ("?", "?"),
    "tournament.member": ("DSB-Mitglied", "DSB member"),
    # the DSB list
    "list.missing": (
        "Keine DSB-Wertungsliste geladen: DWZ, Index, Geburtsjahr und Mitgliedschaft stammen nur "
        "aus der Quelle. Laden mit",
        "No DSB rating list is loaded: DWZ, index, birth year and membership come from the "
        "source only. Load one with",
    ),
    "list.used": (
        "Ergänzt aus der DSB-Wertungsliste vom {date} ({n} Spieler).",
        "Completed from the DSB rating list of {date} ({n} players).",
    ),
    "list.review_title": (
        "{n} Spieler nicht eindeutig in der DSB-Liste",
        "{n} players not found unambiguously in the DSB list",
    ),
    "list.review_text": (
        "Für diese Spieler wurde nichts aus der Liste übernommen. Trage Index, Geburtsjahr oder "
        "Mitgliedschaft unten selbst ein.",
        "Nothing was taken from the list for these players. Enter their index, birth year or "
        "membership below yourself.",
    ),
    "list.method.ambiguous": ("mehrere Treffer", "several matches"),
    "list.method.unconfirmed": ("ein Namensvetter, nicht bestätigt", "one namesake, not confirmed"),
    "list.conflicts": (
        "{n} Spieler mit anderen Werten in der Liste (Quelle behalten)",
        "{n} players with different values in the list (source kept)",
    ),
    # completeness
    "state.incomplete": ("Unvollständig", "Incomplete"),
    "state.after_round": ("Stand nach Runde {n} von {m}.", "After round {n} of {m}."),
    "state.no_dwz_rapid": (
        "Schnellschachturnier: keine DWZ-Auswertung (nur Standardpartien werden DWZ-gewertet).",
        "Rapid tournament: no DWZ evaluation (only standard games are DWZ-rated).",
    ),
    "state.no_dwz_blitz": (
        "Blitzturnier: keine DWZ-Auswertung (nur Standardpartien werden DWZ-gewertet).",
        "Blitz tournament: no DWZ evaluation (only standard games are DWZ-rated).",
    ),
    "state.no_dwz_time": ("Keine DWZ-Auswertung:", "No DWZ evaluation:"),
    "state.time_control": ("Bedenkzeit", "Time control"),
    "state.time_control_source": ("Quelle", "source"),
    "state.time_control_given": ("angegeben", "given"),
    "state.age_class": ("Altersklasse {age}", "age class {age}"),
    "state.no_dwz_other": (
        "Dieses Turnier ist nicht DWZ-gewertet.",
        "This tournament is not DWZ-rated.",
    ),
    # unknown index
    "range.text": ("{low}–{high} je nach Index", "{low}–{high} depending on the index"),
    "range.explain": (
        "{value} gilt für Index 0 bzw. einen unbekannten Index (erste K0-Spalte bzw. E ≤ 5); "
        "mit dem Index wird die Zahl genau.",
        "{value} is the value for index 0 or an unknown index (first K0 column or E ≤ 5); "
        "with the index the number is exact.",
    ),
    "range.caption": ("Neue DWZ je nach Index", "New DWZ by index"),
    "range.no_index_short": ("ohne Index", "no index"),
    "range.over_25": ("unbekannt (über 25)", "unknown (over 25)"),
    # corrections
    "correct.title": ("Angaben korrigieren", "Correct the data"),
    "correct.hint": (
        "Turnierende, Bedenkzeit, Altersklasse, Index, Geburtsjahr oder Mitgliedschaft ändern "
        "und neu auswerten. Die Korrekturen stehen im Link zu diesem Ergebnis.",
        "Change the end date, the time control, the age class, an index, a birth year or a "
        "membership and evaluate again. The corrections are part of the link to this result.",
    ),
    "correct.time_control": ("Bedenkzeit", "Time control"),
    "correct.time_control_hint": (
        "nur wenn die Quelle sie nicht oder falsch nennt, z. B. 90+30 (Minuten + Sekunden je "
        "Zug) oder 40/90+30, 30+30; die Quelle sagt: {source}",
        "only if the source lacks it or misstates it, e.g. 90+30 (minutes + seconds per move) "
        "or 40/90+30, 30+30; the source says: {source}",
    ),
    "correct.time_control_none": ("nichts", "nothing"),
    "correct.age_class": ("Altersklasse", "Age class"),
    "correct.age_class_source": ("wie Quelle bzw. Turniername", "as the source or the name says"),
    "correct.age_class_u12": ("U12 oder jünger", "U12 or younger"),
    "correct.age_class_open": ("älter oder offen", "older or open"),
    "correct.players": ("Spieler", "Players"),
    "correct.member": ("Mitglied", "Member"),
    "correct.index_of": ("Index von {name}", "Index of {name}"),
    "correct.birth_year_of": ("Geburtsjahr von {name}", "Year of birth of {name}"),
    "correct.member_of": ("DSB-Mitglied: {name}", "DSB member: {name}"),
    "correct.member_unknown": ("unbekannt", "unknown"),
    "correct.member_yes": ("ja", "yes"),
    "correct.member_no": ("nein (vereinslos)", "no (unaffiliated)"),
    "correct.submit": ("Neu auswerten", "Evaluate again"),
    "correct.in_link": (
        "Der Link enthält deine Korrekturen.",
        "The link contains your corrections.",
    ),
    "correct.end_date_needed": (
        "Das Turnierende fehlt: es entscheidet über die Wertungsordnung und das Alter. Bitte "
        "unten eintragen.",
        "The tournament's end date is missing: it decides the regulations and the ages. Please "
        "enter it below.",
    ),
    "error.index_differs": (
        "Der Index steht schon in der DWZ ({index}); bitte nur einmal angeben.",
        "The DWZ already gives the index ({index}); please give it once.",
    ),
    # player search
    "search.legend": ("In der DSB-Liste suchen", "Search the DSB list"),
    "search.label": ("Name oder FIDE-ID", "Name or FIDE id"),
    "search.hint": ("z. B. „Müller, Hans“ oder 4600010", "e.g. “Müller, Hans” or 4600010"),
    "search.submit": ("Suchen", "Search"),
    "search.use": ("übernehmen", "use"),
    "search.none": ("Niemand gefunden.", "Nobody found."),
    "search.results": ("{n} Treffer", "{n} found"),
    "search.missing": (
        "Keine DSB-Wertungsliste geladen; laden mit",
        "No DSB rating list is loaded; load one with",
    ),
}  # fmt: skip

"""The web pages' words by key (site, navigation, the calculators' forms and results).

Each key once, with its German and English text side by side; placeholders are
``{name}`` (``str.format``), plural forms ``key.one`` / ``key.other``. Long explanations
live in the ``templates/content/*_de.html`` and ``*_en.html`` files. The words the command
line shows as well (headings, status words, reasons, the working's labels) are in
:mod:`wertung.catalogue.data_terms`; all of them are one table,
:data:`wertung.catalogue.words.WORDS`, looked up by :func:`wertung.catalogue.words.word`.
"""

from __future__ import annotations

__all__ = ["PAGES"]

PAGES: dict[str, tuple[str, str]] = {
    # answers at the edge of the app (web/edge_text.py: too large, too slow, an error)
    "edge.too-large": (
        "Die Anfrage ist zu groß: höchstens {limit} Bytes sind erlaubt (Datei und Formular zusammen). Bitte eine kleinere Datei wählen.",
        "The request is too large: at most {limit} bytes are accepted (file and form together). Please choose a smaller file.",
    ),
    "edge.body-timeout": (
        "Die Daten kamen zu langsam an (nicht vollständig nach {seconds} s). Bitte erneut senden.",
        "The request body arrived too slowly (not complete after {seconds} s). Please send it again.",
    ),
    "edge.internal": (
        "Ein unerwarteter Fehler ist aufgetreten; die Eingabe wurde nicht verändert. Bitte erneut versuchen.",
        "An unexpected error occurred; the input was not changed. Please try again.",
    ),
    "edge.unavailable": (
        "Die Datenbank dieses Servers ist gerade nicht erreichbar; die Eingabe wurde nicht verändert. Bitte in einem Moment erneut versuchen.",
        "This server's database cannot be reached right now; the input was not changed. Please try again in a moment.",
    ),
    "edge.method-not-allowed": (
        "Diese Adresse kann nicht mit {method} abgerufen werden (erlaubt: {allow}).",
        "This address cannot be requested with {method} (allowed: {allow}).",
    ),
    "edge.non-finite": (
        "{field}: keine endliche Zahl ({value}); NaN und Infinity sind nicht erlaubt.",
        "{field}: not a finite number ({value}); NaN and Infinity are not accepted.",
    ),
    "edge.surrogate": (
        "{field}: der Text enthält ein einzelnes UTF-16-Surrogat ({value}) und ist kein gültiges Unicode.",
        "{field}: the text contains an unpaired UTF-16 surrogate ({value}) and is not valid Unicode.",
    ),
    # site and navigation
    "site.description": (
        "DWZ- und Elo-Rechner mit vollständigem Rechenweg: Prognose, Erst-DWZ, Turnierauswertung.",
        "DWZ and Elo calculator that shows its working: forecasts, first DWZ, tournament evaluation.",
    ),
    "nav.skip": ("Zum Inhalt springen", "Skip to content"),
    "nav.language": ("Sprache", "Language"),
    "nav.pages": ("Rechner", "Calculators"),
    "lang.de": ("Deutsch", "Deutsch"),
    "lang.en": ("English", "English"),
    "notice.unofficial": (
        "Inoffizielle Prognose — verbindlich ist nur die Auswertung des DSB bzw. der FIDE.",
        "Unofficial forecast — only the DSB's or FIDE's own evaluation is binding.",
    ),
    "footer.unofficial": (
        "wertung rechnet nach den veröffentlichten Regeln; die Ergebnisse sind inoffiziell.",
        "wertung follows the published rules; its results are unofficial.",
    ),
    "footer.api": ("JSON-API", "JSON API"),
    "rule.link": ("Regel", "rule"),
    # pages
    "page.dwz.nav": ("DWZ-Rechner", "DWZ calculator"),
    "page.dwz.title": ("DWZ-Rechner", "DWZ calculator"),
    "page.dwz.h1": ("DWZ-Rechner", "DWZ calculator"),
    "page.dwz.lead": (
        "Deine neue DWZ nach einem Turnier, mit jedem Rechenschritt: Punkterwartung, K0, "
        "Bremsfaktor, Erfolgsaufschlag, K.",
        "Your new DWZ after a tournament, with every step: expected score, K0, brake factor, "
        "success bonus, K.",
    ),
    "page.first-dwz.nav": ("Erst-DWZ", "First DWZ"),
    "page.first-dwz.title": ("Erst-DWZ-Rechner", "First DWZ calculator"),
    "page.first-dwz.h1": ("Erst-DWZ berechnen", "Calculate a first DWZ"),
    "page.first-dwz.lead": (
        "Für Spieler ohne DWZ: reicht es für eine Erst-DWZ, und wie hoch wäre sie?",
        "For players without a DWZ: is it enough for a first DWZ, and what would it be?",
    ),
    "page.elo.nav": ("Elo-Rechner", "Elo calculator"),
    "page.elo.title": ("Elo-Rechner", "Elo calculator"),
    "page.elo.h1": ("Elo-Rechner (FIDE)", "Elo calculator (FIDE)"),
    "page.elo.lead": (
        "Neue FIDE-Elo, Punkterwartung und K-Faktor — und bei einer Partie alle drei "
        "Ergebnisse nebeneinander.",
        "New FIDE rating, expected score and K-factor — and for a single game all three "
        "results side by side.",
    ),
    "page.tournament.nav": ("Turnier", "Tournament"),
    "page.tournament.title": ("Turnierauswertung", "Tournament evaluation"),
    "page.tournament.h1": ("Ganzes Turnier auswerten", "Evaluate a whole tournament"),
    "page.tournament.lead": (
        "Link von chess-results.com einfügen oder eine Datei hochladen: alle Spieler mit alter "
        "und neuer DWZ und Elo.",
        "Paste a chess-results.com link or upload a file: every player with old and new DWZ "
        "and Elo.",
    ),
    "page.upgrade.nav": ("Anhebung 2026", "Upgrade 2026"),
    "page.upgrade.title": ("DWZ-Anhebung 2026", "DWZ upgrade 2026"),
    "page.upgrade.h1": ("DWZ-Anhebung 2026", "DWZ upgrade 2026"),
    "page.upgrade.lead": (
        "Was aus einer DWZ bei der einmaligen Anhebung am 8. Juni 2026 wurde.",
        "What the one-time upgrade of 8 June 2026 made of a DWZ.",
    ),
    # forms
    "form.you": ("Deine Daten", "You"),
    "form.dwz": ("Deine DWZ", "Your DWZ"),
    "form.dwz_hint": ("vor dem Turnier (R0)", "before the tournament (R0)"),
    "form.index": ("DWZ-Index", "Rating index"),
    "form.index_hint": (
        "die Zahl hinter dem Strich, z. B. 5 bei 1500-5",
        "the number after the dash, e.g. 5 in 1500-5",
    ),
    "form.index_optional": ("optional", "optional"),
    "form.birth_year": ("Geburtsjahr", "Year of birth"),
    "form.birth_year_hint": ("optional; ohne Angabe: über 25", "optional; if empty: over 25"),
    "form.birth_year_elo_hint": (
        "optional; für K = 40 bei Jugendlichen",
        "optional; for K = 40 for juniors",
    ),
    "form.end_date": ("Turnierende", "Tournament end date"),
    "form.end_date_hint": (
        "letzte Runde; entscheidet WO 2014 oder 2026",
        "last round; decides WO 2014 or 2026",
    ),
    "form.games": ("Partien", "Games"),
    "form.games_hint": (
        "Eine Zeile pro Partie: DWZ des Gegners und dein Ergebnis. Kampflose Partien werden "
        "angezeigt, zählen aber nicht.",
        "One row per game: the opponent's DWZ and your result. Forfeits are shown but do not count.",
    ),
    "form.first_games_hint": (
        "Partien gegen Gegner mit DWZ (oder Fremdwertung) aus diesem Turnier.",
        "Games of this tournament against opponents with a DWZ (or foreign rating).",
    ),
    "form.carry_over": (
        "Restpartien früherer Turniere",
        "Carry-over games from earlier tournaments",
    ),
    "form.carry_over_hint": (
        "Optional: Partien, die noch nicht für eine Erst-DWZ gereicht haben (mit Turnierende).",
        "Optional: games that were not yet enough for a first DWZ (with their end date).",
    ),
    "form.unaffiliated": ("Ich bin vereinslos", "I am not a club member"),
    "form.unaffiliated_hint": (
        "Das Ergebnis ist dann nur bedingt.",
        "The result is then only conditional.",
    ),
    "form.advanced": ("Weitere Einstellungen", "More settings"),
    "form.k_override": ("Eigenes K (WO 2026)", "Own K (WO 2026)"),
    "form.k_override_hint": ("leer lassen: nach den Regeln", "leave empty: by the rules"),
    "form.e_override": ("Eigenes E (WO 2014)", "Own E (WO 2014)"),
    "form.e_override_hint": ("leer lassen: nach den Regeln", "leave empty: by the rules"),
    "form.method": ("P(D)", "P(D)"),
    "form.method_exact": ("exakt (DSB)", "exact (DSB)"),
    "form.method_table": (
        "auf 2 Stellen gerundet (wie Swiss-Chess)",
        "rounded to 2 decimals (as Swiss-Chess)",
    ),
    "form.calculate": ("Berechnen", "Calculate"),
    "form.convert": ("Umrechnen", "Convert"),
    "form.before_upgrade": ("DWZ vor dem 8. Juni 2026", "DWZ before 8 June 2026"),
    "form.elo": ("Deine Elo", "Your rating"),
    "form.games_played": ("Bisherige gewertete Partien", "Rated games played so far"),
    "form.games_played_hint": ("nur für K; leer: 30 oder mehr", "only for K; empty: 30 or more"),
    "form.k_fide": ("K-Faktor", "K-factor"),
    "form.k_fide_hint": ("optional; hat Vorrang vor den Regeln", "optional; overrides the rules"),
    "form.peak": ("Höchste Elo bisher", "Highest rating so far"),
    "form.peak_hint": ("optional; ab 2400 gilt K = 10", "optional; from 2400 on K = 10"),
    "form.elo_date": ("Datum", "Date"),
    "form.elo_date_hint": ("optional; leer: heute", "optional; empty: today"),
    # game rows
    "games.date": ("Turnierende", "End date"),
    "games.opponent_n": ("Wertung des Gegners in Partie {n}", "Opponent's rating in game {n}"),
    "games.result_n": ("Ergebnis von Partie {n}", "Result of game {n}"),
    "games.date_n": ("Turnierende von Partie {n}", "End date of game {n}"),
    "games.add": ("+ Partie hinzufügen", "+ Add a game"),
    "games.remove": ("Partie entfernen", "Remove game"),
    "games.remove_n": ("Partie {n} entfernen", "Remove game {n}"),
    "result.choose": ("–", "–"),
    "result.win": ("1 (Sieg)", "1 (win)"),
    "result.draw": ("½ (Remis)", "½ (draw)"),
    "result.loss": ("0 (Niederlage)", "0 (loss)"),
    "result.forfeit_win": ("+ (kampflos gewonnen)", "+ (won by forfeit)"),
    "result.forfeit_loss": ("− (kampflos verloren)", "− (lost by forfeit)"),
    # results
    "result.conditional": ("bedingt (vereinslos)", "conditional (unaffiliated)"),
    "result.stage": ("Stufe", "Stage"),
    "result.upgraded": ("Angehobene DWZ", "Upgraded DWZ"),
    "result.regulations": ("Regeln", "Rules"),
    "result.placeholder": (
        "Trag deine Zahlen ein — das Ergebnis erscheint hier.",
        "Enter your numbers — the result appears here.",
    ),
    "result.placeholder_upgrade": ("Trag eine DWZ ein.", "Enter a DWZ."),
    "result.check_input": (
        "Bitte prüfe die markierten Eingaben.",
        "Please check the marked fields.",
    ),
    # working
    "working.regulations": (
        "Regeln: {regs} (Turnierende {date}).",
        "Rules: {regs} (end date {date}).",
    ),
    "working.age": ("Alter für die Regeln: {age}.", "Age for the rules: {age}."),
    "working.age_assumed": (
        "Ohne Geburtsjahr gilt: über 25.",
        "No year of birth: treated as over 25.",
    ),
    "working.games_caption": ("Partien und Punkterwartung", "Games and win expectancy"),
    "working.we": ("Summe der P(D) aller gewerteten Partien", "sum of P(D) over the counted games"),
    "working.k0": (
        "Grundwert: Zeile {row}, Spalte {column} (Index {index})",
        "base value: row {row}, column {column} (index {index})",
    ),
    "working.b_applies": (
        "W < We und R0 = {r0} unter 1600: b = (R0 + 800)/2400",
        "W < We and R0 = {r0} below 1600: b = (R0 + 800)/2400",
    ),
    "working.b_none": ("kein Bremsfaktor", "no brake factor"),
    "working.k_override": ("von dir vorgegeben", "given by you"),
    "working.k_capped": ("begrenzt auf Kmax = {kmax}", "capped at Kmax = {kmax}"),
    "working.floor": ("Untergrenze {floor} angewandt", "floor of {floor} applied"),
    "working.index_new": ("Neuer Index: {index}", "New index: {index}"),
    "working.index_unknown": (
        "Neuer Index: unbekannt (der bisherige Index + 1)",
        "New index: unknown (the previous index + 1)",
    ),
    "working.performance": ("Leistung: {value}", "Performance: {value}"),
    "working.performance_text": ("Gegnerschnitt {avg}", "opponents' average {avg}"),
    "working.j": ("Alterskoeffizient", "age coefficient"),
    "working.fb_sbr": (
        "Beschleunigungsfaktor und Bremszuschlag",
        "acceleration factor and braking surcharge",
    ),
    "working.e_override": ("von dir vorgegeben", "given by you"),
    "working.e_bounds": (
        "gerundet, begrenzt auf {low} bis {high}",
        "rounded, bounded to {low}–{high}",
    ),
    "working.first_counted": (
        "gewertete Partien gegen Gegner mit Wertung (mit Restpartien)",
        "counted games against rated opponents (carry-over games included)",
    ),
    "working.stage_1": (
        "mindestens 5 Partien gegen Gegner mit DWZ und mindestens ½ Punkt",
        "at least 5 games against opponents with a DWZ and at least ½ point",
    ),
    "working.stage_2": (
        "mindestens 5 Partien gegen Spieler der 1. Stufe und etablierte Spieler",
        "at least 5 games against stage-1 and established players",
    ),
    "working.fictitious_draw": (
        "100 %: ein fiktives Remis gegen Rc wird hinzugefügt",
        "100 %: one fictitious draw against Rc is added",
    ),
    "working.start": ("Startwert {value}", "Start value {value}"),
    "working.iteration": (
        "Σ P(Ri − Rj) = W exakt gelöst",
        "Σ P(Ri − Rj) = W solved exactly",
    ),
    "working.iteration_caption": ("Iterationsschritte", "Iteration steps"),
    "working.step": ("Schritt", "Step"),
    "working.value": ("Wert", "Value"),
    "working.expected": ("Erwartung", "Expected"),
    "working.conditional": (
        "so wäre die Zahl; veröffentlicht wird sie für Vereinslose nicht",
        "what the number would be; it is not published for unaffiliated players",
    ),
    "working.conditional_no_carry": (
        "für Vereinslose werden keine Restpartien gespeichert",
        "no carry-over games are stored for unaffiliated players",
    ),
    # reasons
    "bonus.junior": (
        "bis 20 Jahre, DWZ unter 2000: (2000 − R0)/30",
        "age up to 20, DWZ below 2000: (2000 − R0)/30",
    ),
    "bonus.a1": ("21 bis 25 Jahre, DWZ unter 1600", "age 21 to 25, DWZ below 1600"),
    "bonus.a2": ("ab 26 Jahren, DWZ unter 1600", "age 26 or over, DWZ below 1600"),
    "bonus.none": ("kein Erfolgsaufschlag für diese Gruppe", "no success bonus for this group"),
    "bonus.below_expectation": ("W < We: kein Erfolgsaufschlag", "W < We: no success bonus"),
    "k0.caption": (
        "Grundwert K0 nach Index und Gruppe (WO 2026)",
        "Base value K0 by index and group (WO 2026)",
    ),
    "k0.index": ("Index", "Index"),
    "k0.row.youth": ("Jugend (bis 25, DWZ < 2200)", "Youth (≤ 25, DWZ < 2200)"),
    "k0.row.adult": ("Erwachsene (DWZ < 2000)", "Adults (DWZ < 2000)"),
    "k0.row.master": ("Meisterklasse", "Master class"),
    "k0.yours": ("dein Wert", "your value"),
    # Elo
    "elo.expected": ("Erwartung We", "Expected We"),
    "elo.score": ("Punkte W", "Score W"),
    "elo.unrated_below": (
        "Unter 1400 wird ein Spieler als ungewertet geführt.",
        "Below 1400 a player is listed as unrated.",
    ),
    "elo.regulations": ("Regeln: {regs} (Datum {date}).", "Rules: {regs} (date {date})."),
    "elo.games_caption": ("Partien, Abstand und Erwartung PD", "Games, gap and expected score PD"),
    "elo.delta": ("W − PD", "W − PD"),
    "elo.rounded": ("gerundet {value}", "rounded {value}"),
    "elo.performance": ("Leistung (FIDE): {value}", "Performance (FIDE): {value}"),
    "elo.performance_fide": ("Gegnerschnitt {avg} + dp", "opponents' average {avg} + dp"),
    "elo.performance_linear": ("Näherung: {value}", "Approximation: {value}"),
    "elo.performance_linear_text": (
        "Schnitt + 400·(Siege − Niederlagen)/n — keine FIDE-Regel",
        "average + 400·(wins − losses)/n — not a FIDE rule",
    ),
    "elo.chart_title": ("Punkterwartung nach Wertungsabstand", "Expected score by rating gap"),
    "elo.chart_desc": (
        "Die FIDE-Kurve steigt stufenweise und bleibt jenseits von ±{cap} Punkten flach; die "
        "DWZ-Kurve ist glatt.",
        "The FIDE curve rises in steps and stays flat beyond ±{cap} points; the DWZ curve is smooth.",
    ),
    "elo.chart_x": ("eigene Wertung − Gegnerwertung", "own rating − opponent's rating"),
    "elo.chart_fide": (
        "FIDE (Tabelle 8.1.2, 400-Punkte-Regel)",
        "FIDE (table 8.1.2, 400-point rule)",
    ),
    "elo.chart_dwz": ("DWZ (Normalverteilung)", "DWZ (normal curve)"),
    "elo.gap_caption": (
        "Erwartung nach Abstand (FIDE 8.1.2)",
        "Expected score by gap (FIDE 8.1.2)",
    ),
    "elo.gap_d": ("Abstand", "Gap"),
    "elo.gap_higher": ("Höher Gewerteter", "Higher rated"),
    "elo.gap_lower": ("Niedriger Gewerteter", "Lower rated"),
    "elo.cap_note": (
        "Mehr als {cap} Punkte Abstand zählen als {cap}; im Standardschach seit 1.10.2025 nur "
        "für Spieler unter {exempt}.",
        "A gap of more than {cap} counts as {cap}; in standard chess since 1 Oct 2025 only for "
        "players below {exempt}.",
    ),
    "elo.ex1_title": ("Remis gegen einen Stärkeren", "A draw against a stronger player"),
    "elo.ex1_text": (
        "1800 gegen 2000, Remis: Erwartung {pd}, K = {k}; Änderung {k}·(0,5 − {pd}) = {change}, neue Elo {new}.",
        "1800 against 2000, drawn: expected {pd}, K = {k}; change {k}·(0.5 − {pd}) = {change}, new rating {new}.",
    ),
    "elo.ex2_title": ("Die 400-Punkte-Regel", "The 400-point rule"),
    "elo.ex2_text": (
        "2100 schlägt 1500: Abstand {d}, gezählt {capped}, Erwartung {pd}; mit K = {k} ergibt der Sieg {change}, neue Elo {new}.",
        "2100 beats 1500: gap {d}, counted as {capped}, expected {pd}; with K = {k} the win is worth {change}, new rating {new}.",
    ),
    "elo.ex3_title": ("Ein Turnier mit fünf Partien", "An event of five games"),
    "elo.ex3_text": (
        "1650 mit 12 bisherigen Partien (K = {k}) holt {w} bei einer Erwartung von {we}: {change}, gerundet {rounded}, neue Elo {new}. Leistung nach FIDE {perf}, Näherung {linear}.",
        "1650 with 12 earlier games (K = {k}) scores {w} against an expectation of {we}: {change}, rounded {rounded}, new rating {new}. FIDE performance {perf}, approximation {linear}.",
    ),
    # upgrade
    "upgrade.band.below_1000": ("unter 1000: + 400", "below 1000: + 400"),
    "upgrade.band.1000_to_2109": (
        "1000 bis 2109: 0,64 · DWZ + 760",
        "1000 to 2109: 0.64 · DWZ + 760",
    ),
    "upgrade.band.unchanged": ("ab 2110: unverändert", "2110 and above: unchanged"),
    "upgrade.index": ("die Anhebung zählt als Auswertung", "the upgrade counts as an evaluation"),
    # tournament
    "tournament.link_legend": ("chess-results.com", "chess-results.com"),
    "tournament.link": ("Link zum Turnier", "Link to the tournament"),
    "tournament.link_hint": (
        "Jeder Link mit tnr…, z. B. https://chess-results.com/tnr123456.aspx",
        "Any link containing tnr…, e.g. https://chess-results.com/tnr123456.aspx",
    ),
    "tournament.file_legend": ("oder eine Datei", "or a file"),
    "tournament.file": ("Turnierdatei", "Tournament file"),
    "tournament.file_hint": (
        "TRF, Excel-Export (xlsx), JSON, Swiss-Chess (.SWT) oder Swiss-Manager (.TUNX, .TURX, .TUMX, .TUTX)",
        "TRF, Excel export (xlsx), JSON, Swiss-Chess (.SWT) or Swiss-Manager (.TUNX, .TURX, .TUMX, .TUTX)",
    ),
    "tournament.submit": ("Auswerten", "Evaluate"),
    "tournament.progress": (
        "Lade das Turnier … chess-results.com wird höflich abgefragt (einige Seiten, je etwa "
        "1 Sekunde Abstand).",
        "Loading the tournament … chess-results.com is asked politely (a few pages, about "
        "1 second apart).",
    ),
    "tournament.progress_log": ("Fortschritt", "Progress"),
    "tournament.how_title": ("So funktioniert es", "How it works"),
    "tournament.how_text": (
        "Alle Spieler werden gemeinsam ausgewertet, wie es die Wertungszentrale tut: Erst-DWZ "
        "neuer Spieler, danach die etablierten gegen die korrigierten Zahlen. chess-results.com "
        "zeigt keinen DWZ-Index; ist die DSB-Wertungsliste geladen, kommen Index, Geburtsjahr und "
        "Mitgliedschaft von dort (jeder Wert ist markiert). Fehlt ein Index, zeigt das Ergebnis "
        "die Spanne, die er erlaubt. Auf der Ergebnisseite lassen sich Turnierende, Index, "
        "Geburtsjahr und Mitgliedschaft korrigieren; der Link behält die Korrekturen.",
        "All players are evaluated together, as the rating office does: first DWZ of new "
        "players, then the established ones against the corrected numbers. chess-results.com "
        "shows no rating index; with the DSB rating list loaded, index, birth year and "
        "membership come from there (every value is marked). Where an index is missing, the "
        "result shows the range it allows. On the result page the end date, indexes, birth "
        "years and memberships can be corrected; the link keeps the corrections.",
    ),
    "tournament.share": ("Link zu diesem Ergebnis", "Link to this result"),
    "tournament.download": ("Herunterladen", "Download"),
    "tournament.input_json": ("Turnierdaten (JSON)", "tournament data (JSON)"),
    "tournament.source": ("Quelle", "Source"),
    "tournament.players_caption": ("{n} Spieler", "{n} players"),
    "tournament.dwz_old": ("DWZ alt", "DWZ old"),
    "tournament.dwz_new": ("DWZ neu", "DWZ new"),
    "tournament.elo_old": ("Elo alt", "Elo old"),
    "tournament.elo_new": ("Elo neu", "Elo new"),
    "tournament.performance": ("Leistung", "Perf."),
    "tournament.another": ("Anderes Turnier auswerten", "Evaluate another tournament"),
    "tournament.no_dwz": (
        "Keine DWZ-Auswertung für diesen Spieler.",
        "No DWZ evaluation for this player.",
    ),
    # errors
    "error.title": ("Das hat nicht geklappt", "That did not work"),
    "error.not_found": ("Diese Seite gibt es nicht.", "There is no such page."),
    "error.internal": (
        "Bei der Berechnung ist ein unerwarteter Fehler aufgetreten. Deine Eingaben sind "
        "erhalten; bitte prüfe sie oder versuche es erneut.",
        "The calculation failed unexpectedly. Your input is kept; please check it or try again.",
    ),
    "error.whole_number": ("Bitte eine ganze Zahl eingeben.", "Please enter a whole number."),
    "error.number": ("Bitte eine Zahl eingeben.", "Please enter a number."),
    "error.rating": ("Keine gültige Wertungszahl (0 bis 3500)", "Not a valid rating (0 to 3500)"),
    "error.index": ("Kein gültiger Index (0 oder mehr)", "Not a valid index (0 or more)"),
    "error.result": ("Unbekanntes Ergebnis", "Unknown result"),
    # a new Elo below the FIDE floor (SPEC §8: shown as unrated, no clamp)
    "elo.below_floor_headline": ("Ungewertet", "Unrated"),
    "elo.below_floor_label": ("Auf der nächsten Liste", "On the next list"),
    "elo.below_floor": (
        "Rechnerisch ergäbe sich {value} ({change}); unter {floor} wird ein Spieler als "
        "ungewertet geführt: er erscheint ohne Elo auf der Liste, eine Zahl unter {floor} "
        "gibt es nicht.",
        "The calculation gives {value} ({change}); below {floor} a player is listed as "
        "unrated: he appears on the list without a rating, there is no rating below {floor}.",
    ),
    "error.rating_zero": (
        "0 ist keine Wertungszahl (eine Wertungszahl ist 1 bis 3500).",
        "0 is not a rating (a rating is 1 to 3500).",
    ),
    "error.opponent_zero": (
        "0 ist keine Wertungszahl. Ein Gegner ohne Wertung: „–“ eintragen.",
        "0 is not a rating. For an opponent without a rating, enter “–”.",
    ),
    "error.index_zero": (
        "Einen Index 0 gibt es nicht: die erste Auswertung gibt Index 1. "
        "Index unbekannt: das Feld leer lassen.",
        "There is no index 0: the first evaluation gives index 1. "
        "Index unknown: leave the field empty.",
    ),
    "error.games_played": (
        "Die Zahl der gewerteten Partien kann nicht negativ sein.",
        "The number of rated games cannot be negative.",
    ),
    "error.date": ("Kein gültiges Datum", "Not a valid date"),
    "error.rating_missing": ("Bitte deine Wertungszahl eintragen.", "Please enter your rating."),
    "error.opponent_missing": ("Wertung des Gegners fehlt.", "The opponent's rating is missing."),
    "error.result_missing": ("Ergebnis fehlt.", "The result is missing."),
    "error.no_games": (
        "Bitte mindestens eine Partie eintragen.",
        "Please enter at least one game.",
    ),
    "error.too_large": ("Die Datei ist zu groß.", "The file is too large."),
    "error.link_or_file": (
        "Bitte einen chess-results-Link einfügen oder eine Datei wählen.",
        "Please paste a chess-results link or choose a file.",
    ),
}

"""The words around the numbers: headings, column names, labels, status words, working steps.

Each entry is ``key → (German, English)`` with ``{name}`` placeholders (``str.format``);
plural forms are ``key.one`` / ``key.other`` (chosen by Babel's plural rule of the
language, see :func:`wertung.catalogue.words.word`).

* :data:`TERMS` -- what both front ends show (with the web pages' own words,
  :mod:`wertung.catalogue.data_pages`, one table: :data:`wertung.catalogue.words.WORDS`).
* :data:`CLI` -- what only the command line shows (its table labels and sentences, and its
  help screens: :data:`wertung.catalogue.data_help.HELP`). The
  command line keeps the English text at its call site, so an English run never loads
  this module; ``tests/cli/test_cli_german.py`` checks that both Englishes agree.

>>> TERMS["working.title"]
('Rechenweg', 'Working')
"""

from __future__ import annotations

from wertung.catalogue.data_help import HELP

__all__ = ["CLI", "TERMS"]

TERMS: dict[str, tuple[str, str]] = {
    # the working of a calculation
    "working.title": ("Rechenweg", "Working"),
    "working.counted": ("gewertet", "counted"),
    "working.yes": ("ja", "yes"),
    "working.carry_over": ("Restpartie", "carry-over"),
    "working.rc": ("Gegnerschnitt", "opponents' average"),
    "working.w.one": (
        "erzielte Punkte in {n} gewerteten Partie",
        "points scored in {n} counted game",
    ),
    "working.w.other": (
        "erzielte Punkte in {n} gewerteten Partien",
        "points scored in {n} counted games",
    ),
    "working.carry_over_out.one": (
        "{n} Partie wird als Restpartie gespeichert (gültig bis {date}).",
        "{n} game is kept as a carry-over game (usable until {date}).",
    ),
    "working.carry_over_out.other": (
        "{n} Partien werden als Restpartien gespeichert (gültig bis {date}).",
        "{n} games are kept as carry-over games (usable until {date}).",
    ),
    "games.opponent": ("Gegner", "Opponent"),
    "games.result": ("Ergebnis", "Result"),
    # results
    "result.new_dwz": ("Neue DWZ", "New DWZ"),
    "result.new_elo": ("Neue Elo", "New rating"),
    "result.first_dwz": ("Erst-DWZ", "First DWZ"),
    "result.no_first_dwz": ("Noch keine Erst-DWZ", "No first DWZ yet"),
    # a tournament's players
    "tournament.name": ("Name", "Name"),
    "tournament.status": ("Status", "Status"),
    "tournament.birth_year": ("Jg.", "Born"),
    "status.established": ("DWZ", "DWZ"),
    "status.foreign": ("Fremdwertung", "foreign rating"),
    "status.first": ("Erst-DWZ", "first DWZ"),
    "status.carry-over": ("Restpartien", "carry-over"),
    "status.conditional": ("bedingt", "conditional"),
    "status.not-rated": ("nicht gewertet", "not rated"),
    # why a game does not count (the engine's reason codes)
    "reason.forfeit": ("kampflos", "forfeit"),
    "reason.opponent_unrated": ("Gegner ohne Wertung", "unrated opponent"),
    "reason.unrated_opponent": ("Gegner ohne Wertung", "unrated opponent"),
    "reason.carry_over_expired": ("verfallen", "expired"),
    "reason.carry_over_later": ("nach diesem Turnier gespielt", "played after this tournament"),
    "reason.600_point_rule": ("600-Punkte-Regel", "600-point rule"),
    "reason.other": ("nicht gewertet", "not counted"),
    "reason.bye": ("spielfrei", "bye"),
    "reason.not_played": ("nicht gespielt", "not played"),
    "reason.opponent_without_rating": ("Gegner ohne Wertung", "unrated opponent"),
    # why there is no first DWZ yet (the engine's reason codes)
    "reason.first.too_few_games": (
        "Zu wenige gewertete Partien: {n} von mindestens {min}.",
        "Too few counted games: {n} of at least {min}.",
    ),
    "reason.first.too_few_points": (
        "Weniger als ½ Punkt gegen Gegner mit Wertung.",
        "Less than ½ point against rated opponents.",
    ),
    "reason.first.zero_score": ("0 %: keine Erst-DWZ.", "0 %: no first DWZ."),
    "reason.first.full_score": (
        "100 % ergibt nach WO 2014 keine Erst-DWZ; die Partien bleiben erhalten.",
        "Under the WO 2014 a 100 % score gives no first DWZ; the games are kept.",
    ),
    # the FIDE K-factor (the engine's reason codes)
    "k.override": ("von dir vorgegeben", "given by you"),
    "k.fewer_than_30_games": ("weniger als 30 gewertete Partien", "fewer than 30 rated games"),
    "k.junior_below_2300": (
        "Jugendlicher (bis zum Jahr des 18. Geburtstags) unter 2300",
        "junior (until the year of the 18th birthday) below 2300",
    ),
    "k.peak_2400": ("hat schon einmal 2400 erreicht", "has reached 2400 before"),
    "k.standard": ("Standardwert", "standard value"),
    "k.k_times_n_cap_700": ("gesenkt, damit K·n ≤ 700", "lowered so that K·n ≤ 700"),
    # FIDE Elo
    "elo.change": ("Änderung", "Change"),
    "elo.single_game": ("Diese Partie, je nach Ergebnis:", "This game, by result:"),
    "elo.outcome.win": ("Sieg", "Win"),
    "elo.outcome.draw": ("Remis", "Draw"),
    "elo.outcome.loss": ("Niederlage", "Loss"),
    "elo.capped": ("D (gekappt)", "D (capped)"),
    "elo.initial": ("Erste FIDE-Wertung", "First FIDE rating"),
    "elo.initial_none": ("Noch keine FIDE-Wertung", "No FIDE rating yet"),
    "elo.initial_reason.fewer_than_5_rated_games": (
        "Dafür braucht es mindestens 5 Partien gegen Gegner mit FIDE-Wertung; gewertet: {n}.",
        "That needs at least 5 games against FIDE-rated opponents; counted: {n}.",
    ),
    "elo.initial_reason.zero_score": (
        "0 Punkte im ersten Turnier zählen nicht.",
        "A zero score in the first event is disregarded.",
    ),
    # the unknown index
    "range.unknown": ("Index unbekannt:", "Index unknown:"),
    # the planner ("what do I need?")
    "plan.what.dwz": ("DWZ", "DWZ"),
    "plan.what.first": ("Erst-DWZ", "first DWZ"),
    "plan.what.elo": ("Elo", "rating"),
    "plan.game.one": ("{n} Partie", "{n} game"),
    "plan.game.other": ("{n} Partien", "{n} games"),
    # the result of the games played so far, beside the planner's answer (web and CLI)
    "plan.after_played.one": ("Nach der 1 gespielten Partie", "After the 1 game played"),
    "plan.after_played.other": ("Nach den {n} gespielten Partien", "After the {n} games played"),
    "plan.need.target": (
        "Du brauchst {points} aus {games} für {target}.",
        "You need {points} from {games} for {target}.",
    ),
    "plan.need.first": (
        "Für eine Erst-DWZ brauchst du {points} aus {games}.",
        "For a first DWZ you need {points} from {games}.",
    ),
    "plan.reached.target": (
        "{target} bereits erreicht — auch mit 0 aus {games}.",
        "{target} reached already — even with 0 from {games}.",
    ),
    "plan.reached.first": (
        "Eine Erst-DWZ gibt es bereits mit 0 aus {games}.",
        "You get a first DWZ even with 0 from {games}.",
    ),
    "plan.out.target": (
        "{target} ist außer Reichweite: auch {all} aus {games} reichen nicht.",
        "{target} is out of reach: even {all} from {games} is not enough.",
    ),
    "plan.out.first": (
        "Eine Erst-DWZ ist außer Reichweite: auch mit {all} aus {games} nicht.",
        "A first DWZ is out of reach: not even with {all} from {games}.",
    ),
    "plan.then": ("Neue {what} dann: {rating}", "New {what} then: {rating}"),
    "plan.table_caption": (
        "Punkte aus {games} → neue {what}",
        "Points from {games} → new {what}",
    ),
    "plan.col_points": ("Punkte", "Points"),
    "plan.col_new": ("Neu", "New"),
    # team events
    "teams.standings": ("Tabelle", "Standings"),
    "teams.team": ("Mannschaft", "Team"),
    "teams.matches": ("Kämpfe", "Matches"),
    "teams.board": ("Brett", "Board"),
    "teams.games": ("Partien", "Games"),
    "teams.match_points_long": ("Mannschaftspunkte", "match points"),
    "teams.board_points_long": ("Brettpunkte", "board points"),
    "teams.totals": ("{mp} MP, {bp} BP", "{mp} MP, {bp} BP"),
    # a running event
    "running.after_round": ("nach Runde {n} von {m}", "after round {n} of {m}"),
    "running.after_round_open": ("nach Runde {n}", "after round {n}"),
    "running.board": ("Brett", "Board"),
    "running.white": ("Weiß", "White"),
    "running.black": ("Schwarz", "Black"),
    # the season history
    "history.col_tournament": ("Turnier", "Tournament"),
    "history.col_end": ("Ende", "End"),
    "history.col_status": ("Status", "Status"),
    "history.upgrade": ("DWZ-Anhebung 2026", "DWZ upgrade 2026"),
    "history.upgrade_regs": ("Anhebung", "upgrade"),
    "history.conditional": ("bedingt", "conditional"),
    "history.key_upgrade": ("Anhebung 2026", "2026 upgrade"),
    "history.ambiguous": (
        "Nicht eindeutig: {name} in {tournament} passt zu {candidates}; als neue Person "
        "behandelt, nicht geraten.",
        "Ambiguous: {name} in {tournament} fits {candidates}; treated as a new person, not "
        "guessed.",
    ),
    # the DSB list
    "search.passive": ("passiv", "passive"),
    # the web app's DSB list while it is not (yet) there (web/dsb_status.py)
    "list.loading": (
        "Die DSB-Wertungsliste wird gerade geladen (erster Start des Servers): bis dahin stammen "
        "DWZ, Index, Geburtsjahr und Mitgliedschaft nur aus der Quelle. Später erneut importieren.",
        "The DSB rating list is being loaded (the server's first start): until then DWZ, index, "
        "birth year and membership come from the source only. Import again later.",
    ),
    "list.failed": (
        "Die DSB-Wertungsliste konnte nicht geladen werden ({error}); ausgewertet wird ohne sie: "
        "DWZ, Index, Geburtsjahr und Mitgliedschaft stammen nur aus der Quelle. Der nächste "
        "Versuch folgt innerhalb einer Stunde.",
        "The DSB rating list could not be loaded ({error}); the evaluation carries on without "
        "it: DWZ, index, birth year and membership come from the source only. The next try "
        "follows within the hour.",
    ),
    "search.loading": (
        "Die DSB-Wertungsliste wird gerade geladen; die Suche geht gleich.",
        "The DSB rating list is being loaded; the search works in a moment.",
    ),
    "search.failed": (
        "Die DSB-Wertungsliste konnte nicht geladen werden ({error}); der nächste Versuch "
        "folgt innerhalb einer Stunde.",
        "The DSB rating list could not be loaded ({error}); the next try follows within the hour.",
    ),
}

CLI: dict[str, tuple[str, str]] = {
    # labels in front of a line
    "cli.error": ("Fehler:", "error:"),
    "cli.usage_hint": ("{command} --help zeigt die Optionen", "{command} --help shows the options"),
    "cli.note": ("Hinweis:", "note:"),
    "cli.warning": ("Warnung:", "warning:"),
    "cli.tc_given": ("(mit --time-control angegeben)", "(given with --time-control)"),
    "cli.incomplete": ("unvollständig:", "incomplete:"),
    "cli.not_accounted": (
        "die Partien sind nicht vollständig erfasst:",
        "the games are not fully accounted for:",
    ),
    "cli.refuse_head": (
        "die Quelle erfasst nicht jede Partie, das Ergebnis wäre also unvollständig:",
        "the source does not account for every game, so the result would be partial:",
    ),
    "cli.refuse_tail": (
        "Bitte die fehlenden Seiten oder Dateien hinzufügen oder mit --partial trotzdem auswerten "
        "(das Ergebnis sagt dann complete: false).",
        "Add the missing pages or files, or evaluate anyway with --partial (the result then says "
        "complete: false).",
    ),
    "cli.refuse_running": (
        "Die Runden davor sind vollständig: --running gibt die Prognose nach der letzten "
        "vollständigen Runde.",
        "The rounds before are complete: --running gives the forecast after the last "
        "complete round.",
    ),
    "cli.a_tournament": ("ein Turnier", "a tournament"),
    # a DWZ forecast
    "cli.forecast_tail": (
        "({change}), Index {index} — {regs}, Enddatum {date}, inoffizielle Prognose",
        "({change}), index {index} — {regs}, end date {date}, unofficial forecast",
    ),
    "cli.index_unknown": ("Index unbekannt:", "index unknown:"),
    "cli.index_unknown_text": (
        "die Regeln verwenden dann die erste K0-Spalte (WO 2026) bzw. E ≤ 5 (WO 2014); je nach "
        "Index ist die neue DWZ {low}–{high}. Bitte als WERTUNG-INDEX angeben (z. B. 1500-5) "
        "oder nachschlagen: wertung dsb-list show NAME",
        "the rules then use the first K0 column (WO 2026) or E ≤ 5 (WO 2014); depending on the "
        "index the new DWZ is {low}–{high}. Give it as RATING-INDEX (e.g. 1500-5) or look it "
        "up: wertung dsb-list show NAME",
    ),
    "cli.not_counted": ("nein ({reason})", "no ({reason})"),
    "cli.label.score": ("W (Punkte)", "W (score)"),
    "cli.label.expected": ("We (Punkterwartung)", "We (expected score)"),
    "cli.label.base_value": ("K0 (Grundwert)", "K0 (base value)"),
    "cli.label.brake": ("b (Bremsfaktor)", "b (brake factor)"),
    "cli.label.bonus": ("a (Erfolgsaufschlag)", "a (success bonus)"),
    "cli.label.k": ("K (Entwicklungsfaktor)", "K (development factor)"),
    "cli.label.j": ("J (Alterskoeffizient)", "J (age coefficient)"),
    "cli.label.e0": ("E0 (Grundwert)", "E0 (base value)"),
    "cli.label.e": ("E (Entwicklungskoeffizient)", "E (development coefficient)"),
    "cli.label.override": ("Vorgabe", "override"),
    "cli.label.new_dwz": ("Rn (neue DWZ)", "Rn (new DWZ)"),
    "cli.label.floor": ("Untergrenze", "floor"),
    "cli.label.performance": ("Leistung", "performance"),
    "cli.label.rc": ("Rc (Gegnerschnitt)", "Rc (opponent average)"),
    "cli.label.fictitious": ("fiktives Remis", "fictitious draw"),
    "cli.label.start": ("Start Rc + D(W/n)", "start Rc + D(W/n)"),
    "cli.label.step": ("Schritt {n}", "step {n}"),
    "cli.label.iterated": ("Ri (iteriert)", "Ri (iterated)"),
    "cli.label.corrected": ("R1 (korrigiert)", "R1 (corrected)"),
    "cli.override_rule": ("K/E von dir vorgegeben", "K/E given by the user"),
    "cli.floor_rule": ("kleinste DWZ (WO 2026)", "smallest DWZ (WO 2026)"),
    # a first DWZ
    "cli.conditional": ("bedingt: vereinsloser Spieler", "conditional: unaffiliated player"),
    "cli.first_tail": (
        "(Stufe {stage}, Index 1) — {regs}, inoffizielle Prognose",
        "(stage {stage}, index 1) — {regs}, unofficial forecast",
    ),
    "cli.against_rc": ("½ gegen Rc", "½ against Rc"),
    # FIDE Elo
    "cli.elo_tail": (
        "({rounded}) — Änderung {change}, Erwartung {expected}, Punkte {score}, K {k} ({reason}) "
        "— {regs}",
        "({rounded}) — change {change}, expected {expected}, score {score}, K {k} ({reason}) "
        "— {regs}",
    ),
    "cli.elo_rule": ("D (400-Punkte-Regel)", "D (400 rule)"),
    "cli.elo_performance": (
        "Leistung (FIDE, Ra + dp): {performance}; lineare Näherung "
        "Ra + 400·(Siege − Niederlagen)/n: {linear}",
        "performance (FIDE, Ra + dp): {performance}; linear approximation "
        "Ra + 400·(wins − losses)/n: {linear}",
    ),
    "cli.elo_unpublished": ("unter 1400: nicht veröffentlicht", "below 1400: not published"),
    "cli.elo_initial_tail": (
        "Ra {average} (mit zwei fiktiven Gegnern mit 1800) + dp({p}) {dp}",
        "Ra {average} (with two hypothetical 1800 opponents) + dp({p}) {dp}",
    ),
    # the upgrade of 2026
    "cli.upgrade_tail": ("{formula}, am {date}", "{formula}, on {date}"),
    # a whole tournament
    "cli.tournament_head": (
        "Enddatum {date}, {regs}, {n} Spieler, inoffizielle Auswertung",
        "end date {date}, {regs}, {n} players, unofficial evaluation",
    ),
    "cli.no_dwz_evaluation": ("keine DWZ-Auswertung", "no DWZ evaluation"),
    "cli.event_running": ("(Turnier läuft)", "(event running)"),
    "cli.index_unknown_table": (
        "Index unbekannt: die neue DWZ verwendet die erste K0-Spalte (WO 2026) bzw. E ≤ 5 "
        "(WO 2014); der Bereich in Klammern ist, was der Index zulässt (DSB-Liste laden: "
        "--dsb-list)",
        "index unknown: the new DWZ uses the first K0 column (WO 2026) or E ≤ 5 (WO 2014); the "
        "range in brackets is what the index allows (load the DSB list: --dsb-list)",
    ),
    "cli.col.number": ("Nr.", "No."),
    "cli.col.new": ("neu", "new"),
    "cli.col.points": ("Pkt.", "Pts"),
    "cli.col.new_elo": ("neue Elo", "new Elo"),
    "cli.dsb_matched": (
        "DSB-Liste: {found} von {n} Spielern zugeordnet.",
        "DSB list: {found} of {n} players matched.",
    ),
    "cli.columns_left_out": (
        "für die Breite der Konsole ausgelassen: {columns} (eine breitere Konsole zeigt sie; "
        "--csv hat alle Spalten)",
        "left out for the console's width: {columns} (a wider console shows them; "
        "--csv has every column)",
    ),
    # team events
    "cli.league_head": (
        "Enddatum {date}, {n} Mannschaften, inoffizielle Auswertung",
        "end date {date}, {n} teams, unofficial evaluation",
    ),
    "cli.not_counted_board": (
        "* nicht gewertet (kampflos oder Brett frei)",
        "* not counted (forfeit or empty board)",
    ),
    # a running event
    "cli.unofficial_forecast": ("(inoffizielle Prognose)", "(unofficial forecast)"),
    "cli.next_round": (
        "Runde {n}: neue DWZ nach Sieg / Remis / Niederlage (Änderung gegenüber jetzt)",
        "Round {n}: new DWZ after a win / draw / loss (change from now)",
    ),
    "cli.next_round_changes": (
        "Runde {n}: Änderung der DWZ nach Sieg / Remis / Niederlage (für die Breite der Konsole "
        "ohne die neue DWZ)",
        "Round {n}: change of DWZ after a win / draw / loss (for the console's width without the "
        "new DWZ)",
    ),
    # the DSB list (wertung dsb-list)
    "cli.list.summary": (
        "DSB-Liste vom {date}: {players} Spieler ({memberships} Mitgliedschaften) in {clubs} Vereinen",
        "DSB list of {date}: {players} players ({memberships} memberships) in {clubs} clubs",
    ),
    "cli.list.summary_undated": (
        "DSB-Liste mit unbekanntem Datum: {players} Spieler ({memberships} Mitgliedschaften) in "
        "{clubs} Vereinen",
        "DSB list of unknown date: {players} players ({memberships} memberships) in {clubs} clubs",
    ),
    "cli.list.loaded": ("Geladen: {summary}.", "Loaded the {summary}."),
    "cli.list.store": ("Speicher: {path}", "Store: {path}"),
    "cli.list.store_schema": (
        "Speicher: {path} (Schema {schema})",
        "Store: {path} (schema {schema})",
    ),
    "cli.list.current": (
        "Aktuell (der DSB meldet keine Änderung): {summary}.",
        "The {summary} is current (the DSB reports no change).",
    ),
    "cli.list.updated": (
        "Aktualisiert: {summary} ({size} in {seconds} s heruntergeladen).",
        "Updated to the {summary} (downloaded {size} in {seconds} s).",
    ),
    "cli.list.no_match": (
        "Kein Spieler passt zu {name} in der {summary}.",
        "No player matching {name} in the {summary}.",
    ),
    "cli.list.club": ("Verein", "Club"),
    "cli.list.active": ("aktiv", "active"),
    "cli.list.none": (
        "Keine DSB-Liste geladen. Laden mit: wertung dsb-list load LV-0-csv.zip",
        "No DSB list loaded. Load one with: wertung dsb-list load LV-0-csv.zip",
    ),
    "cli.list.loaded_at": (
        "Geladen am {at} aus {source} ({format})",
        "Loaded {at} from {source} ({format})",
    ),
    "cli.list.checked": (
        "Zuletzt vom Server als aktuell bestätigt: {at} (aktualisieren mit: wertung dsb-list update)",
        "Last confirmed current by the server: {at} (refresh with: wertung dsb-list update)",
    ),
    "cli.list.week": ("{year}, Woche {week}", "{year}, week {week}"),
    "cli.list.newest": (
        "Neueste Auswertung in der Liste: {shown}",
        "Newest evaluation in the list: {shown}",
    ),
    # the help screens (wertung --help, wertung dwz --help, ...): cli/_help.py, key = command.parameter
    **HELP,
}

"""The command line's help screens (``wertung --help``, ``wertung dwz --help``, ...) in
German and English: ``key → (German, English)`` as in
:data:`wertung.catalogue.data_terms.CLI`, which holds them (read by
:mod:`wertung.cli._help`).

The keys follow the command line: ``cli.help.wertung`` (the app), ``cli.help.dwz`` (a
command), ``cli.help.dwz.own`` (its parameter ``own``), ``cli.help.dsb-list.show.limit``
(a command of a group).

>>> HELP["cli.help.dsb-list.show.limit"]
('Höchstens so viele Zeilen.', 'At most this many rows.')
"""

from __future__ import annotations

__all__ = ["HELP"]

HELP: dict[str, tuple[str, str]] = {
    "cli.help.wertung": (
        "DWZ- und FIDE-Elo-Rechner, der seinen Rechenweg zeigt.",
        "DWZ and FIDE Elo calculator that shows its working.",
    ),
    "cli.help.wertung.lang": (
        "Sprache der Meldungen und Überschriften: en oder de (Vorgabe: de, wenn LC_ALL, "
        "LC_MESSAGES oder LANG mit de beginnt, sonst en).",
        "Language of messages and headings: en or de (default: de when LC_ALL, LC_MESSAGES or "
        "LANG starts with de, else en).",
    ),
    "cli.help.dwz": (
        "Neue DWZ nach einem Turnier oder eine Erst-DWZ (eigene Wertung '-'), mit Rechenweg.\n\n"
        "Mit --remaining (die noch zu spielenden Gegner) und --target: die in den restlichen "
        "Partien nötige Punktzahl und die Tabelle Punkte → neue DWZ.",
        "New DWZ after a tournament, or a first DWZ (own rating '-'), with the working.\n\n"
        "With --remaining (the opponents still to play) and --target: the score needed in "
        "the remaining games, and the table score → new DWZ.",
    ),
    "cli.help.dwz.own": (
        "Eigene DWZ als WERTUNG-INDEX (z. B. 1500-5), oder - ohne DWZ.",
        "Own DWZ as RATING-INDEX (e.g. 1500-5), or - without DWZ.",
    ),
    "cli.help.dwz.games": (
        "Partien als GEGNER:ERGEBNIS, z. B. 1650:½ 1400:1 1550:0 1700:+",
        "Games as OPPONENT:RESULT, e.g. 1650:½ 1400:1 1550:0 1700:+",
    ),
    "cli.help.dwz.age": ("Alter (sonst aus --born).", "Age (else from --born)."),
    "cli.help.dwz.born": ("Geburtsjahr.", "Year of birth."),
    "cli.help.dwz.date": (
        "Enddatum des Turniers JJJJ-MM-TT (Vorgabe: heute).",
        "Tournament end date YYYY-MM-DD (default: today).",
    ),
    "cli.help.dwz.carry": (
        "Restpartie GEGNER:ERGEBNIS (mehrfach möglich).",
        "Carry-over game OPP:RES (repeatable).",
    ),
    "cli.help.dwz.k": ("Entwicklungsfaktor K vorgeben.", "Development factor K override."),
    "cli.help.dwz.e": (
        "Entwicklungskoeffizient E vorgeben (WO 2014).",
        "Development coefficient E override (WO 2014).",
    ),
    "cli.help.dwz.unaffiliated": (
        "Kein DSB-Mitglied: eine Erst-DWZ gilt nur unter Vorbehalt.",
        "Not a DSB member: a first DWZ is conditional.",
    ),
    "cli.help.dwz.method": (
        "exact (Vorgabe), table oder swiss-chess.",
        "exact (default), table or swiss-chess.",
    ),
    "cli.help.dwz.remaining": (
        "Noch zu spielende Gegner, GEGNER[,GEGNER…] (mehrfach möglich): mit --target die "
        "Punktzahl, die Sie gegen sie brauchen.",
        "Opponents still to play, OPP[,OPP…] (repeatable): with --target, the score you need "
        "in them.",
    ),
    "cli.help.dwz.target": (
        "Ziel-DWZ (oder Ziel-Erst-DWZ) für --remaining.",
        "Target DWZ (or first DWZ) for --remaining.",
    ),
    "cli.help.dwz.as_json": ("Das Ergebnis als JSON ausgeben.", "Print the result as JSON."),
    "cli.help.elo": (
        "Änderung der FIDE-Elo (oder erste FIDE-Elo mit WERTUNG 0), mit Rechenweg.",
        "FIDE rating change (or first FIDE rating with RATING 0), with the working.",
    ),
    "cli.help.elo.rating": (
        "Eigene FIDE-Elo (0, wenn keine).",
        "Own FIDE rating (0 without one).",
    ),
    "cli.help.elo.games": (
        "Partien als GEGNER:ERGEBNIS, z. B. 2200:½",
        "Games as OPPONENT:RESULT, e.g. 2200:½",
    ),
    "cli.help.elo.games_played": (
        "Bisher gespielte FIDE-gewertete Partien.",
        "FIDE-rated games played so far.",
    ),
    "cli.help.elo.born": ("Geburtsjahr.", "Year of birth."),
    "cli.help.elo.peak": (
        "Höchste je veröffentlichte Elo.",
        "Highest published rating ever.",
    ),
    "cli.help.elo.k": ("K-Faktor vorgeben.", "K-factor override."),
    "cli.help.elo.date": (
        "Datum der Partien (Vorgabe: heute).",
        "Date of the games (default today).",
    ),
    "cli.help.elo.remaining": (
        "Noch zu spielende Gegner, GEGNER[,GEGNER…]: mit --target die nötige Punktzahl.",
        "Opponents still to play, OPP[,OPP…]: with --target, the score needed.",
    ),
    "cli.help.elo.target": ("Ziel-Elo für --remaining.", "Target rating for --remaining."),
    "cli.help.elo.as_json": ("Das Ergebnis als JSON ausgeben.", "Print the result as JSON."),
    "cli.help.upgrade": (
        "Die einmalige DWZ-Anhebung zum 08.06.2026.",
        "The one-time DWZ upgrade of 2026-06-08.",
    ),
    "cli.help.upgrade.own": (
        "DWZ vor dem 08.06.2026 als WERTUNG oder WERTUNG-INDEX.",
        "DWZ before 2026-06-08 as RATING or RATING-INDEX.",
    ),
    "cli.help.upgrade.as_json": ("Das Ergebnis als JSON ausgeben.", "Print the result as JSON."),
    "cli.help.tournament": (
        "Jeden Spieler eines Turniers auswerten (DWZ und FIDE-Elo).\n\n"
        "Bricht mit Exit-Code 2 und der Liste des Fehlenden ab, wenn die Quelle nicht jede "
        "Partie erfasst, außer mit --partial.",
        "Evaluate every player of a tournament (DWZ and FIDE Elo).\n\n"
        "Stops with exit code 2 and the list of what is missing when the source does not "
        "account for every game, unless --partial is given.",
    ),
    "cli.help.tournament.sources": (
        "chess-results-Link oder -Nummer, gespeicherte chess-results-Seiten (.html) oder eine "
        "Datei: .json, .trf (TRF16), .xlsx, Swiss-Chess .SWT, Swiss-Manager .TUNX/.TURX/.TUMX, "
        "DSB-XML 2.5 oder DeWIS .xml, die ELOBASE/DeWIS-Textdatei .swi.",
        "chess-results link or number, saved chess-results .html pages, or a file: .json, .trf (TRF16), .xlsx, Swiss-Chess .SWT, Swiss-Manager .TUNX/.TURX/.TUMX, DSB XML 2.5 or DeWIS .xml, the ELOBASE/DeWIS text file .swi.",
    ),
    "cli.help.tournament.player": (
        "Den Rechenweg dieses Spielers zeigen (Startnummer oder Name).",
        "Show this player's working (start number or name).",
    ),
    "cli.help.tournament.as_json": ("Die Auswertung als JSON.", "Evaluation as JSON."),
    "cli.help.tournament.as_csv": ("Die Tabelle als CSV.", "Table as CSV."),
    "cli.help.tournament.as_trf": ("Das Turnier als TRF16.", "The tournament as TRF16."),
    "cli.help.tournament.export_json": (
        "Das eingelesene Turnier (Eingabeformat) als JSON.",
        "The imported tournament (input format) as JSON.",
    ),
    "cli.help.tournament.dsb_list": (
        "DWZ, Index und Geburtsjahr aus der DSB-Liste ergänzen.",
        "Fill DWZ, index, birth year from the DSB list.",
    ),
    "cli.help.tournament.birth_years": (
        "chess-results: für das Geburtsjahr die Karteikarte jedes Spielers lesen.",
        "chess-results: read each player's card for his birth year.",
    ),
    "cli.help.tournament.method": (
        "exact (Vorgabe), table oder swiss-chess.",
        "exact (default), table or swiss-chess.",
    ),
    "cli.help.tournament.exceptional": (
        "Ausnahmespieler-Regel (WO 2014 3.6): on oder off (Vorgabe: die Regel der "
        "Wertungsordnung; mit --method swiss-chess off, wie Swiss-Chess).",
        "Exceptional-player rule (WO 2014 3.6): on or off (default: the regulations' rule; "
        "off with --method swiss-chess, as Swiss-Chess).",
    ),
    "cli.help.tournament.printed": (
        "Mit --method swiss-chess: das Datum, an dem Swiss-Chess die Auswertung gedruckt hat "
        "(JJJJ-MM-TT); das Alter zählt ab diesem Jahr (Vorgabe: das Jahr des Enddatums).",
        "With --method swiss-chess: the date Swiss-Chess printed its evaluation (YYYY-MM-DD); "
        "its ages count from that year (default: the end date's).",
    ),
    "cli.help.tournament.end_date": (
        "Enddatum, falls die Quelle es nicht nennt.",
        "End date if the source lacks it.",
    ),
    "cli.help.tournament.partial": (
        "Auch auswerten, wenn die Quelle nicht jede Partie erfasst (das Ergebnis sagt dann "
        "complete: false und warum).",
        "Evaluate even when the source does not account for every game (the result says "
        "complete: false and why).",
    ),
    "cli.help.tournament.lang": (
        "Sprache der Meldungen und CSV-Konventionen: en (,) oder de (; und 1,5).",
        "Language of messages and CSV conventions: en (,) or de (; and 1,5).",
    ),
    "cli.help.tournament.running": (
        "Ein laufendes Turnier: jede Prognose nach der letzten vollständigen Runde und die "
        "Paarungen der nächsten Runde mit der Wirkung von Sieg, Remis oder Niederlage.",
        "A running event: every forecast after the last complete round and the next round's "
        "pairings with the effect of a win, draw or loss.",
    ),
    "cli.help.tournament.target": (
        "Mit --running --player: die in den restlichen Runden nötige Punktzahl.",
        "With --running --player: the score needed in the remaining rounds.",
    ),
    "cli.help.tournament.opponent": (
        "Mit --target: die erwartete Wertung der späteren Gegner.",
        "With --target: the expected rating of the later opponents.",
    ),
    "cli.help.tournament.teams": (
        "Mannschaftsturnier / Ligasaison: die Sicht nach Mannschaften (Tabelle, Aufstellungen).",
        "Team event / league season: the view by team (standings, line-ups).",
    ),
    "cli.help.tournament.time_control": (
        "Die Bedenkzeit, falls die Quelle sie nicht oder falsch nennt: 90+30 (Minuten + "
        "Sekunden je Zug), 40/90+30, 30+30 (40 Züge in 90 Minuten, dann 30 Minuten).",
        "The time control, if the source lacks it or misstates it: 90+30 (minutes + seconds "
        "per move), 40/90+30, 30+30 (40 moves in 90 minutes, then 30 minutes).",
    ),
    "cli.help.tournament.age_class": (
        "Die Altersklasse des Turniers: U12 (oder jünger) senkt die Grenzen der Bedenkzeit; "
        "open: keine (was auch immer Quelle oder Name sagen).",
        "The event's age class: U12 (or younger) lowers the time-control thresholds; open: "
        "none (whatever the source or the name says).",
    ),
    "cli.help.tournament.dsb_xml": (
        "Das Turnier als DSB-XML 2.5 in diese Datei schreiben (- für die Standardausgabe): "
        "die Meldung an das Wertungsportal des DSB.",
        "Write the tournament as DSB XML 2.5 to this file (- for standard output): the report "
        "to the DSB's rating portal.",
    ),
    "cli.help.tournament.location": (
        "Mit --dsb-xml: der Spielort (in einer Liga die Region), wenn die Quelle ihn nicht nennt.",
        "With --dsb-xml: the venue (for a league the region), if the source lacks it.",
    ),
    "cli.help.tournament.start_date": (
        "Mit --dsb-xml: der Tag der ersten gespielten Partie (JJJJ-MM-TT), wenn die Quelle ihn "
        "nicht nennt.",
        "With --dsb-xml: the day the first game was played (YYYY-MM-DD), if the source lacks it.",
    ),
    "cli.help.tournament.uuid": (
        "Mit --dsb-xml: die tournamentUUID einer früheren Meldung (eine Korrektur muss sie "
        "behalten; sonst wird sie aus der Quelle abgeleitet).",
        "With --dsb-xml: the tournamentUUID of an earlier submission (a correction must keep it; "
        "by default it is derived from the source).",
    ),
    "cli.help.tournament.sender": (
        "Mit --dsb-xml: wer die Datei sendet (eine Person oder eine Organisation).",
        "With --dsb-xml: who sends the file (a person or an organisation).",
    ),
    "cli.help.tournament.tournament_type": (
        "Mit --dsb-xml: SR, SW, SC, TR, TW oder TC (-H für hybrid), wenn es nicht das ist, was "
        "die Paarungen zeigen (ein Pokal, ein Hybridturnier).",
        "With --dsb-xml: SR, SW, SC, TR, TW or TC (-H for hybrid), if it is not what the "
        "pairings show (a cup, a hybrid event).",
    ),
    "cli.help.history": (
        "Mehrere Turniere nacheinander ausgewertet, wie die Wertungsstelle es tut.\n\n"
        "Geordnet nach dem Datum der letzten Partie; die DWZ jedes Spielers wird von einer "
        "Auswertung zur nächsten übernommen, mit der Anhebung 2026 dazwischen und Restpartien "
        "auf dem Weg zur Erst-DWZ.",
        "Several tournaments evaluated one after another, as the rating office does.\n\n"
        "Ordered by the last game's date, each player's DWZ carried from one evaluation to the "
        "next, the 2026 upgrade in between, carry-over games towards a first DWZ.",
    ),
    "cli.help.history.sources": (
        "Turniere (Links, Nummern, .json-/.trf-/.xlsx-Dateien), in beliebiger Reihenfolge.",
        "Tournaments (links, numbers, .json/.trf/.xlsx files), any order.",
    ),
    "cli.help.history.player": (
        "Nur die Historie dieses Spielers (Name; mehrfach möglich).",
        "Only this player's history (name; repeatable).",
    ),
    "cli.help.history.as_json": ("Die Historie als JSON.", "The history as JSON."),
    "cli.help.history.as_csv": (
        "Eine Zeile je Spieler und Auswertung.",
        "One row per player and evaluation.",
    ),
    "cli.help.history.dsb_list": (
        "Index und Geburtsjahr aus der DSB-Liste ergänzen.",
        "Fill in index, birth year from the DSB list.",
    ),
    "cli.help.history.file_ratings": (
        "Die DWZ jeder Datei selbst verwenden statt der fortgeschriebenen.",
        "Use each file's own DWZ instead of the chained one.",
    ),
    "cli.help.history.method": (
        "exact (Vorgabe), table oder swiss-chess.",
        "exact (default), table or swiss-chess.",
    ),
    "cli.help.history.time_control": (
        "Die Bedenkzeit jedes Turniers (90+30) oder N=90+30 nur für die N-te Quelle (mehrfach "
        "möglich).",
        "The time control of every tournament (90+30), or N=90+30 for the N-th source only "
        "(repeatable).",
    ),
    "cli.help.history.age_class": (
        "Die Altersklasse jedes Turniers (U12, open) oder N=U12 nur für die N-te Quelle "
        "(mehrfach möglich).",
        "The age class of every tournament (U12, open), or N=U12 for the N-th source only "
        "(repeatable).",
    ),
    "cli.help.history.exceptional": (
        "Ausnahmespieler-Regel (WO 2014 3.6): on oder off (Vorgabe: die Regel der "
        "Wertungsordnung; mit --method swiss-chess off, wie Swiss-Chess).",
        "Exceptional-player rule (WO 2014 3.6): on or off (default: the regulations' rule; "
        "off with --method swiss-chess, as Swiss-Chess).",
    ),
    "cli.help.serve": (
        "Den Web-Rechner (Deutsch und Englisch) und die JSON-API starten.",
        "Start the web calculator (German and English) and the JSON API.",
    ),
    "cli.help.serve.host": ("Netzwerkschnittstelle.", "Interface."),
    "cli.help.serve.port": ("Port.", "Port."),
    "cli.help.serve.workers": ("Prozesse.", "Processes."),
    "cli.help.serve.database_url": (
        "PostgreSQL-Datenbank, die sich mehrere Hosts teilen (postgresql://…); Vorgabe: die "
        "SQLite-Dateien im Datenverzeichnis.",
        "PostgreSQL database shared by several hosts (postgresql://…); default: the SQLite "
        "files in the data directory.",
    ),
    "cli.help.serve.check_database": (
        "Nur den Speicher prüfen: erreichbar, und mit welcher Schemaversion (Exit-Code 0 oder 1).",
        "Only check the store: reachable, and at which schema version (exit 0 or 1).",
    ),
    "cli.database.ok": (
        "Speicher erreichbar: {database} ({backend}), Schemaversion {versions} (diese wertung-Version kennt {known})",
        "Store reachable: {database} ({backend}), schema version {versions} (this wertung knows {known})",
    ),
    "cli.database.behind": (
        "Der Speicher wird beim Start auf die neueste Schemaversion gebracht.",
        "The store is migrated to the newest schema version when the app starts.",
    ),
    "cli.database.newer": (
        "Der Speicher hat eine neuere Schemaversion, als diese wertung-Version kennt; bitte wertung aktualisieren.",
        "The store has a newer schema version than this wertung knows; please update wertung.",
    ),
    "cli.help.dsb-list": (
        "Die DSB-Wertungsliste laden und durchsuchen.",
        "Load and search the DSB rating list.",
    ),
    "cli.help.dsb-list.load": (
        "Eine DSB-Liste laden; sie ersetzt die zuvor geladene.",
        "Load a DSB list, replacing the one loaded before.",
    ),
    "cli.help.dsb-list.load.path": (
        "LV-0-csv.zip, spieler.csv oder ein Verzeichnis.",
        "LV-0-csv.zip, spieler.csv or a directory.",
    ),
    "cli.help.dsb-list.load.clubs": (
        "vereine.csv (Vereinsnamen), falls sie nicht daneben liegt.",
        "vereine.csv (club names), if not beside it.",
    ),
    "cli.help.dsb-list.load.date": (
        "Datum der Liste JJJJ-MM-TT (Vorgabe: aus der Datei).",
        "List date YYYY-MM-DD (default: from the file).",
    ),
    "cli.help.dsb-list.load.store": (
        "Speicherverzeichnis oder -datei (Vorgabe: $WERTUNG_DATA_DIR oder das "
        "Datenverzeichnis des Benutzers).",
        "Store directory or file (default: $WERTUNG_DATA_DIR or the user data directory).",
    ),
    "cli.help.dsb-list.load.as_json": ("JSON statt Text ausgeben.", "Print JSON instead of text."),
    "cli.help.dsb-list.update": (
        "Die heutige Liste vom DSB (schachbund.de) herunterladen und laden; sie ersetzt die "
        "alte.\n\n"
        "Sendet ETag und Datum des letzten Downloads, eine unveränderte Liste kostet also keinen "
        "Download. Ein gescheiterter oder unplausibler Download behält die geladene Liste "
        "(Exit-Code 2).",
        "Download today's list from the DSB (schachbund.de) and load it, replacing the old "
        "one.\n\n"
        "Sends the last download's ETag/date, so an unchanged list costs no download. "
        "A failed or implausible download keeps the loaded list (exit code 2).",
    ),
    "cli.help.dsb-list.update.force": (
        "Auch herunterladen, wenn der Server die Liste als unverändert meldet.",
        "Download even if the server says the list is unchanged.",
    ),
    "cli.help.dsb-list.show": (
        "Die geladene Liste nach Name (oder FIDE-ID) durchsuchen. Exit-Code 1, wenn nichts passt.",
        "Search the loaded list by name (or FIDE id). Exit code 1 when nothing matches.",
    ),
    "cli.help.dsb-list.show.name": (
        "Name (beliebige Reihenfolge, Umlaute oder ae/oe/ue) oder FIDE-ID.",
        "Name (any order, umlauts or ae/oe/ue) or FIDE id.",
    ),
    "cli.help.dsb-list.show.limit": ("Höchstens so viele Zeilen.", "At most this many rows."),
    "cli.help.dsb-list.info": (
        "Zeigen, welche Liste geladen ist und wo der Speicher liegt.",
        "Show what list is loaded and where the store is.",
    ),
}

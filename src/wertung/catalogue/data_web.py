"""The front ends: the command line's own messages and the web server's (limits, work, uploads)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["WEB"]

WEB: tuple[E, ...] = (
    # the web's DSB-list state (web/enrich.py: the API's note, the CSV's dsb_list row)
    E(
        "web.no_dsb_list",
        "no DSB list is loaded: DWZ, index, birth year and membership only from the source; load one "
        "with `{command}`",
        "Keine DSB-Liste geladen: DWZ, Index, Geburtsjahr und Mitgliedschaft nur aus der Quelle; "
        "laden mit `{command}`",
    ),
    E("web.file_too_large", "The file is too large.", "Die Datei ist zu groß."),
    # the command line (cli/)
    E(
        "cli.remaining_needs_target_dwz",
        "--remaining needs --target (the DWZ to reach)",
        "--remaining braucht --target (die DWZ, die erreicht werden soll)",
    ),
    E(
        "cli.remaining_needs_target",
        "--remaining needs --target (the rating to reach)",
        "--remaining braucht --target (die Wertungszahl, die erreicht werden soll)",
    ),
    E(
        "cli.target_needs_remaining",
        "--target needs --remaining (the opponents still to play, e.g. --remaining 1650,1700)",
        "--target braucht --remaining (die Gegner, gegen die noch gespielt wird, z. B. --remaining 1650,1700)",
    ),
    E(
        "cli.no_games",
        "no games given: write each game as OPPONENT:RESULT, e.g. 1650:½ 1400:1 1550:0",
        "keine Partien angegeben: jede Partie als GEGNER:ERGEBNIS, z. B. 1650:½ 1400:1 1550:0",
    ),
    E(
        "cli.carry_only_new",
        "--carry is only for players without DWZ (own rating '-')",
        "--carry gilt nur für Spieler ohne DWZ (eigene Wertung „-“)",
    ),
    E(
        "cli.not_rating_option",
        "{option} {value:q} is not a rating (a whole number, e.g. 2000)",
        "{option} {value} ist keine Wertungszahl (eine ganze Zahl, z. B. 2000)",
    ),
    E(
        "cli.remaining_part",
        "--remaining {value:q}: {part:q} is not a rating (e.g. 1650)",
        "--remaining {value}: {part} ist keine Wertungszahl (z. B. 1650)",
    ),
    E(
        "cli.pair_form",
        "{what:term} {text:q} must be OPPONENT:RESULT, e.g. 1650:½ (results 1 ½ 0.5 = 0 + -)",
        "{what} {text} muss GEGNER:ERGEBNIS sein, z. B. 1650:½ (Ergebnisse 1 ½ 0.5 = 0 + -)",
    ),
    E(
        "cli.pair_rating",
        "{what:term} {text:q}: opponent rating {rating:q} is not a whole number (or DWZ-index such as 1650-12)",
        "{what} {text}: die Wertungszahl des Gegners {rating} ist keine ganze Zahl (oder DWZ-Index wie 1650-12)",
    ),
    E("cli.usage_got", "{usage:msg}; got {text:q}", "{usage}; angegeben: {text}"),
    E(
        "cli.own_dwz_usage",
        "own DWZ must be RATING-INDEX (e.g. 1500-5), RATING, or - without DWZ",
        "Die eigene DWZ muss WERTUNG-INDEX (z. B. 1500-5), WERTUNG oder - ohne DWZ sein",
    ),
    E(
        "cli.dwz_usage",
        "DWZ must be RATING or RATING-INDEX, e.g. 1600 or 1600-12",
        "Die DWZ muss WERTUNG oder WERTUNG-INDEX sein, z. B. 1600 oder 1600-12",
    ),
    E(
        "cli.end_date_missing",
        "the tournament's end date is missing (the source does not give it); it decides the regulations and "
        "the ages: give it with --date YYYY-MM-DD",
        "Das Enddatum des Turniers fehlt (die Quelle nennt es nicht); es bestimmt die Wertungsordnung und das "
        "Alter: bitte mit --date JJJJ-MM-TT angeben",
    ),
    E(
        "cli.no_player_history",
        "no player {names} in these tournaments",
        "Kein Spieler {names} in diesen Turnieren",
    ),
    E(
        "cli.no_teams",
        "--teams: this tournament has no teams (it is not a team event)",
        "--teams: dieses Turnier hat keine Mannschaften (es ist kein Mannschaftsturnier)",
    ),
    E("cli.lang", "--lang {lang:q}: use en or de", "--lang {lang}: bitte en oder de verwenden"),
    E(
        "cli.target_needs_running",
        "--target needs --running and --player (the player whose score you plan)",
        "--target verlangt auch --running und --player (wessen Punkte du planst)",
    ),
    # the web server (web/)
    E(
        "web.port_in_use",
        "port {port} on {host} is in use: stop the server there or choose another port (--port or WERTUNG_PORT)",
        "Port {port} auf {host} ist belegt: den Server dort beenden oder einen anderen Port wählen "
        "(--port oder WERTUNG_PORT)",
    ),
    E(
        "web.cannot_listen",
        "cannot listen on {host} port {port}: {detail:msg}",
        "Port {port} auf {host} lässt sich nicht öffnen: {detail}",
    ),
    E(
        "web.rate_limited",
        "at most {limit:int} chess-results imports per {minutes:int} minutes; please wait or upload a file",
        "Höchstens {limit} chess-results-Importe je {minutes} Minuten; bitte warten oder eine Datei hochladen",
    ),
    E(
        "web.work_failed",
        "the work failed unexpectedly",
        "Die Berechnung ist unerwartet fehlgeschlagen",
    ),
    E(
        "web.work_memory",
        "the work needed more memory than this server allows{limit}",
        "Die Berechnung brauchte mehr Speicher, als dieser Server erlaubt{limit}",
    ),
    E(
        "web.work_timeout",
        "the work took longer than {timeout:num} s and was stopped",
        "Die Berechnung dauerte länger als {timeout} s und wurde abgebrochen",
    ),
    E("web.cancelled", "the request was cancelled", "Die Anfrage wurde abgebrochen"),
    E(
        "web.search_short",
        "the search needs at least {least:int} characters (a name or a FIDE id)",
        "Die Suche braucht mindestens {least} Zeichen (einen Namen oder eine FIDE-ID)",
    ),
    E(
        "web.search_long",
        "the search is longer than {most:int} characters",
        "Die Suche ist länger als {most} Zeichen",
    ),
    E(
        "web.yes_no",
        "{name:field}: {value:q} must be yes or no",
        "{name}: {value} muss ja oder nein sein",
    ),
    E(
        "web.not_index",
        "{name:field}: {value:q} is not a DWZ index (a whole number, 0 or more)",
        "{name}: {value} ist kein DWZ-Index (eine ganze Zahl, 0 oder mehr)",
    ),
    E(
        "web.not_birth_year",
        "{name:field}: {value:q} is not a year of birth",
        "{name}: {value} ist kein Geburtsjahr",
    ),
    E(
        "web.not_pkz",
        "{name:field}: {value:q} is not a DSB person id (PKZ)",
        "{name}: {value} ist keine DSB-Personenkennziffer (PKZ)",
    ),
    E(
        "web.no_player",
        "{name:field}: no player with id {id:q}",
        "{name}: kein Spieler mit der Kennung {id}",
    ),
    E(
        "web.history_too_many",
        "{count:int} tournaments: at most {most:int} in one history",
        "{count} Turniere: höchstens {most} in einer Historie",
    ),
    E(
        "web.history_most",
        "at most {most:int} tournaments in one history",
        "Höchstens {most} Turniere in einer Historie",
    ),
    E("web.history_none", "give at least one tournament", "Bitte mindestens ein Turnier angeben"),
    E("web.no_stored", "no stored tournament {key:q}", "Kein gespeichertes Turnier {key}"),
    E(
        "web.too_many_players",
        "the tournament has {count:int} {count|player|players}; this server accepts at most {most:int}",
        "Das Turnier hat {count} {count|Spieler|Spieler}; dieser Server nimmt höchstens {most} an",
    ),
    E(
        "web.too_many_rounds",
        "the tournament has {count:int} {count|round|rounds}; this server accepts at most {most:int}",
        "Das Turnier hat {count} {count|Runde|Runden}; dieser Server nimmt höchstens {most} an",
    ),
    E(
        "web.too_many_games",
        "the tournament has {count:int} {count|game|games}; this server accepts at most {most:int}",
        "Das Turnier hat {count} {count|Partie|Partien}; dieser Server nimmt höchstens {most} an",
    ),
    E(
        "web.cr_unavailable",
        "the chess-results import is not available yet; upload a file instead",
        "Der chess-results-Import ist noch nicht verfügbar; bitte stattdessen eine Datei hochladen",
    ),
    E(
        "web.evaluation_unavailable",
        "the tournament evaluation is not available yet",
        "Die Turnierauswertung ist noch nicht verfügbar",
    ),
    E(
        "web.xlsx_unavailable",
        "reading Excel files is not available yet",
        "Excel-Dateien lassen sich noch nicht lesen",
    ),
    E(
        "web.trf_unavailable",
        "reading TRF files is not available yet",
        "TRF-Dateien lassen sich noch nicht lesen",
    ),
    E(
        "web.not_finite",
        "the tournament contains a number that is not finite (NaN or infinity)",
        "Das Turnier enthält eine Zahl, die nicht endlich ist (NaN oder unendlich)",
    ),
    E(
        "web.internal",
        "the calculation failed unexpectedly; the input was not changed",
        "Die Berechnung ist unerwartet fehlgeschlagen; die Eingabe wurde nicht verändert",
    ),
    E(
        "web.method_not_allowed",
        "{method} is not allowed here (allowed: {allow})",
        "{method} ist hier nicht erlaubt (erlaubt: {allow})",
    ),
    E("request.invalid", "invalid input in the field {field}", "Ungültige Eingabe im Feld {field}"),
    # the season history's limits (web/history.py) and the store's quota (web/web_store.py)
    E(
        "web.history_games",
        "the tournaments have {count:int} games together; this server evaluates at most {most:int} in one history",
        "Die Turniere haben zusammen {count} Partien; dieser Server wertet höchstens {most} in einer Historie aus",
    ),
    E(
        "web.history_rate_limited",
        "at most {limit:int} season histories per {minutes:int} minutes; please wait a little",
        "Höchstens {limit} Saison-Historien je {minutes} Minuten; bitte etwas warten",
    ),
    E(
        "web.history_rows_left_out",
        "rows for the {shown:int} players in the most tournaments only; ask for the others by name or key (players)",
        "Zeilen nur für die {shown} Spieler mit den meisten Turnieren; die anderen mit Namen oder Schlüssel "
        "abfragen (Feld „players“)",
    ),
    # the store on a database server (storage/backend.py): the server down or the connection lost
    E(
        "store.unavailable",
        "the database {database} cannot be reached right now ({detail:msg}); please try again in a moment",
        "Die Datenbank {database} ist gerade nicht erreichbar ({detail}); bitte in einem Moment erneut versuchen",
    ),
    E(
        "store.no_driver",
        "a PostgreSQL database needs psycopg: pip install 'wertung[postgresql]'",
        "Eine PostgreSQL-Datenbank braucht psycopg: pip install 'wertung[postgresql]'",
    ),
    E(
        "web.store_full",
        "the tournament needs {size:size}; this server's store has {free:size} of {limit:size} free",
        "Das Turnier braucht {size}; im Speicher dieses Servers sind von {limit} noch {free} frei",
    ),
    # one upload of several files (web/tournaments.py from_uploads)
    E("web.no_file", "no file given", "Keine Datei angegeben"),
    E(
        "web.too_many_files",
        "at most {limit:int} files in one upload",
        "Höchstens {limit} Dateien in einem Upload",
    ),
    E("web.file_empty", "the file {label} is empty", "Die Datei {label} ist leer"),
    E(
        "web.files_mixed_here",
        "several files at once can only be chess-results pages saved as .html",
        "mehrere Dateien auf einmal gehen nur als gespeicherte chess-results-Seiten (.html)",
    ),
    E(
        "web.files_mixed",
        "{label}: several files at once can only be chess-results pages saved as .html",
        "{label}: mehrere Dateien auf einmal gehen nur als gespeicherte chess-results-Seiten (.html)",
    ),
    E(
        "web.cr_unreachable",
        "chess-results.com cannot be reached right now; this attempt does not count against the "
        "import limit; try again later or upload the saved pages",
        "chess-results.com ist gerade nicht erreichbar; dieser Versuch zählt nicht gegen die "
        "Importgrenze; später erneut versuchen oder die gespeicherten Seiten hochladen",
    ),
)

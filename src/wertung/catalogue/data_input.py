"""Input: ratings, indexes, dates, results, the calculators' arguments and the JSON tournament."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["INPUT"]

_ACCEPT_SYMBOL_EN = "1, ½ (also 0.5, 1/2, =), 0, + (won by forfeit), - (lost by forfeit)"
_ACCEPT_SYMBOL_DE = "1, ½ (auch 0.5, 1/2, =), 0, + (kampflos gewonnen), - (kampflos verloren)"

INPUT: tuple[E, ...] = (
    # ratings, indexes, years (tournament/_model.py)
    E("rating.missing", "{label:field} is missing", "{label} fehlt"),
    E(
        "rating.not_a_rating",
        "{label:field} {value:q} is not a rating (a whole number from 0 to 3500)",
        "{label} {value} ist keine Wertungszahl (eine ganze Zahl von 0 bis 3500)",
    ),
    E(
        "rating.not_whole",
        "{label:field} {value:q} is not a whole number (ratings are 0 to 3500)",
        "{label} {value} ist keine ganze Zahl (Wertungszahlen gehen von 0 bis 3500)",
    ),
    E(
        "rating.out_of_range",
        "{label:field} {value:int} is out of range; ratings are {low:int} to {high:int}",
        "{label} {value} liegt außerhalb des Bereichs; Wertungszahlen gehen von {low} bis {high}",
    ),
    E(
        "index.not_an_index",
        "{label:field} {value:q} is not a DWZ index (a whole number, 0 or more)",
        "{label} {value} ist kein DWZ-Index (eine ganze Zahl, 0 oder mehr)",
    ),
    E(
        "index.negative",
        "{label:field} {value:int} is negative; the DWZ index is 0 or more",
        "{label} {value} ist negativ; der DWZ-Index ist 0 oder mehr",
    ),
    E(
        "birth_year.invalid",
        "{label:field} {value:q} is not a year of birth",
        "{label} {value} ist kein Geburtsjahr",
    ),
    E(
        "date.invalid",
        "{label:field} {value:q} is not a date; use YYYY-MM-DD (or DD.MM.YYYY)",
        "{label} {value} ist kein Datum; bitte JJJJ-MM-TT (oder TT.MM.JJJJ) verwenden",
    ),
    E(
        "date.end_missing",
        "the tournament's end date is missing; it decides the regulations and the ages",
        "Das Enddatum des Turniers fehlt; es bestimmt die Wertungsordnung und das Alter",
    ),
    E(
        "date.end_needed_regulations",
        "the tournament's end date is needed to choose the regulations",
        "Das Enddatum des Turniers wird gebraucht, um die Wertungsordnung zu wählen",
    ),
    E(
        "date.end_needed_age",
        "the tournament's end date is needed to work out the age from the birth year",
        "Das Enddatum des Turniers wird gebraucht, um das Alter aus dem Geburtsjahr zu bestimmen",
    ),
    E(
        "regulations.unknown",
        "unknown regulations {name:q}; accepted: 2014, 2026",
        "Unbekannte Wertungsordnung {name}; zulässig: 2014, 2026",
    ),
    E(
        "birth_year.after_date",
        "year of birth {born} is after the date {when:date}",
        "Geburtsjahr {born} liegt nach dem Datum {when}",
    ),
    # results (kernel/results.py)
    E(
        "result.unknown_symbol",
        "unknown result symbol {value:q}; accepted: " + _ACCEPT_SYMBOL_EN,
        "Unbekanntes Ergebniszeichen {value}; zulässig: " + _ACCEPT_SYMBOL_DE,
    ),
    E(
        "result.not_a_result",
        "result {value:q} is not a result; accepted: " + _ACCEPT_SYMBOL_EN,
        "Ergebnis {value} ist kein Ergebnis; zulässig: " + _ACCEPT_SYMBOL_DE,
    ),
    E(
        "result.unknown_game",
        "unknown game result {value:q}; accepted: 1-0, 0-1, ½-½ (or 1/2-1/2), 0-0, +- and -+ "
        "(forfeits), -- (double forfeit), *",
        "Unbekanntes Partieergebnis {value}; zulässig: 1-0, 0-1, ½-½ (oder 1/2-1/2), 0-0, +- und -+ "
        "(kampflos), -- (beidseitig kampflos), *",
    ),
    E(
        "score.fraction_outside",
        "fractional score {p} is outside 0 to 1",
        "Der Punkteanteil {p} liegt nicht zwischen 0 und 1",
    ),
    # DWZ and FIDE calculators (dwz.py, fide_input.py, fide_rules.py, forecast.py)
    E(
        "age.invalid",
        "age {age:q} is not an age (0 to 120)",
        "Alter {age} ist kein Alter (0 bis 120)",
    ),
    E(
        "development_factor.invalid",
        "development factor {value:num} must be above 0 (and at most 200)",
        "Der Entwicklungsfaktor {value} muss größer als 0 sein (und höchstens 200)",
    ),
    E(
        "development_coefficient.invalid",
        "development coefficient {value:q} must be a whole number from 1 to 200",
        "Der Entwicklungskoeffizient {value} muss eine ganze Zahl von 1 bis 200 sein",
    ),
    E(
        "game.expected_pair",
        "game {number:int}: expected (opponent_rating, result)",
        "Partie {number}: erwartet wird (Wertungszahl des Gegners, Ergebnis)",
    ),
    E(
        "carry_over.expected_pair",
        "carry-over game {number:int}: expected (opponent_rating, result)",
        "Übertragene Partie {number}: erwartet wird (Wertungszahl des Gegners, Ergebnis)",
    ),
    E(
        "games.not_a_list",
        "games must be a list of (opponent_rating, result) pairs",
        "Die Partien müssen eine Liste von Paaren (Wertungszahl des Gegners, Ergebnis) sein",
    ),
    E(
        "game.not_a_pair",
        "game {number:int}: {item} is not an (opponent_rating, result) pair",
        "Partie {number}: {item} ist kein Paar (Wertungszahl des Gegners, Ergebnis)",
    ),
    E(
        "k.not_whole",
        "K {value:q} is not a whole number; give K from {low:int} to {high:int} (FIDE uses 40, 20 or 10)",
        "K {value} ist keine ganze Zahl; bitte K von {low} bis {high} angeben (die FIDE verwendet 40, 20 oder 10)",
    ),
    E(
        "k.out_of_range",
        "K {value:q} is out of range; give K from {low:int} to {high:int} (FIDE uses 40, 20 or 10; "
        "older periods 30, 25 and 15)",
        "K {value} liegt außerhalb des Bereichs; bitte K von {low} bis {high} angeben (die FIDE verwendet "
        "40, 20 oder 10; früher 30, 25 und 15)",
    ),
    E(
        "games_played.invalid",
        "games_played {value:q} is not a number of games (a whole number, 0 or more)",
        "Die Zahl gespielter Partien {value} ist keine Partienzahl (eine ganze Zahl, 0 oder mehr)",
    ),
    E(
        "games_played.negative",
        "games_played {value:num} is negative; the number of rated games is 0 or more",
        "Die Zahl gespielter Partien {value} ist negativ; die Zahl gewerteter Partien ist 0 oder mehr",
    ),
    E(
        "games_count.invalid",
        "n {n:q} is not a number of games (0 or more)",
        "n {n} ist keine Partienzahl (0 oder mehr)",
    ),
    E(
        "rating.zero_unrated",
        "rating 0 means unrated; an unrated player gets an initial rating instead",
        "Wertungszahl 0 bedeutet ohne Elo; ein Spieler ohne Elo erhält stattdessen eine Erstwertung",
    ),
    E(
        "forecast.unknown_method",
        "unknown method {method:q}; accepted: {accepted:list}",
        "Unbekannte Methode {method}; zulässig: {accepted}",
    ),
    # the planner (planner.py)
    E(
        "remaining.invalid",
        "remaining must be opponents' ratings or a count",
        "Die noch zu spielenden Partien sind als Wertungszahlen der Gegner oder als Anzahl anzugeben",
    ),
    E(
        "remaining.too_many",
        "{count:int} remaining games: at most {most:int}",
        "{count} noch zu spielende {count|Partie|Partien}: höchstens {most}",
    ),
    E(
        "remaining.out_of_range",
        "remaining {count:q} games: give 0 to {most:int}",
        "{count} noch zu spielende Partien: bitte 0 bis {most} angeben",
    ),
    E(
        "remaining.needs_opponent",
        "with a count of remaining games give the expected opponent rating (opponent=)",
        "Bei einer Anzahl noch zu spielender Partien bitte die erwartete Wertungszahl der Gegner angeben (opponent=)",
    ),
    # the model's checks (tournament/_model.py)
    E("tournament.no_player", "no player with id {id:q}", "Kein Spieler mit der Kennung {id}"),
    E(
        "tournament.start_after_end",
        "the start date {start:date} comes after the end date {end:date}",
        "Das Startdatum {start} liegt nach dem Enddatum {end}",
    ),
    E(
        "tournament.player_no_id",
        "player #{number:int} has no id",
        "Spieler Nr. {number} hat keine Kennung",
    ),
    E("tournament.duplicate_id", "duplicate player id {id:q}", "Doppelte Spielerkennung {id}"),
    E(
        "tournament.unknown_player_in_round",
        "round {round:int}: the game {white:q}-{black:q} refers to unknown player {id:q}",
        "Runde {round}: die Partie {white}-{black} verweist auf den unbekannten Spieler {id}",
    ),
    E(
        "tournament.unknown_player_bye",
        "round {round:int}: a bye refers to unknown player {id:q}",
        "Runde {round}: ein Freilos verweist auf den unbekannten Spieler {id}",
    ),
    E(
        "tournament.paired_twice",
        "round {round:int}: player {id:q} is paired twice (the games {w1:q}-{b1:q} and {w2:q}-{b2:q})",
        "Runde {round}: Spieler {id} ist zweimal gepaart (die Partien {w1}-{b1} und {w2}-{b2})",
    ),
    E(
        "tournament.paired_and_bye",
        "round {round:int}: player {id:q} is paired twice (the game {white:q}-{black:q} and a bye)",
        "Runde {round}: Spieler {id} ist zweimal gepaart (die Partie {white}-{black} und ein Freilos)",
    ),
    E(
        "tournament.upcoming_unknown",
        "round {round:int}: an upcoming pairing refers to unknown player {id:q}",
        "Runde {round}: eine angesetzte Paarung verweist auf den unbekannten Spieler {id}",
    ),
    E(
        "tournament.upcoming_twice",
        "round {round:int}: player {id:q} is paired twice (an upcoming pairing {white:q}-{black:q} "
        "and another entry)",
        "Runde {round}: Spieler {id} ist zweimal gepaart (eine angesetzte Paarung {white}-{black} "
        "und ein weiterer Eintrag)",
    ),
    E(
        "tournament.two_byes",
        "round {round:int}: player {id:q} is paired twice (two byes)",
        "Runde {round}: Spieler {id} ist zweimal gepaart (zwei Freilose)",
    ),
    E(
        "tournament.bad_round",
        "round {round:q} is not a round number (1 or more)",
        "Runde {round} ist keine Rundennummer (1 oder mehr)",
    ),
    E(
        "tournament.self_paired",
        "round {round:int}: player {id:q} is paired against himself",
        "Runde {round}: Spieler {id} ist gegen sich selbst gepaart",
    ),
    E(
        "tournament.upcoming_self",
        "round {round:int}: upcoming pairing of player {id:q} against himself",
        "Runde {round}: kommende Paarung von Spieler {id} gegen sich selbst",
    ),
    E(
        "tournament.no_player_key",
        "no player {key:q} in this tournament",
        "Kein Spieler {key} in diesem Turnier",
    ),
    E(
        "tournament.round_dates_not_tuple",
        "the round dates must be a tuple of dates (round 1 first)",
        "Die Rundendaten müssen ein Tupel von Daten sein (Runde 1 zuerst)",
    ),
    E(
        "tournament.round_date_not_date",
        "round {round:int}: the round date {value:q} is not a date",
        "Runde {round}: das Rundendatum {value} ist kein Datum",
    ),
    E(
        "tournament.game_date_not_date",
        "round {round:int}: the date {value:q} of the game {white:q}-{black:q} is not a date",
        "Runde {round}: das Datum {value} der Partie {white}-{black} ist kein Datum",
    ),
    # the JSON tournament (formats/tournament_json.py)
    E(
        "json.not_points",
        "{label:field} {value:q} is not a number of points",
        "{label} {value} ist keine Punktzahl",
    ),
    E("json.not_a_list", "{key:field} must be a list", "{key} muss eine Liste sein"),
    E(
        "json.round_dates_many",
        "round_dates has {count:int} dates; a tournament has at most {high:int} rounds",
        "round_dates hat {count} Daten; ein Turnier hat höchstens {high} Runden",
    ),
    E(
        "json.not_texts",
        "{key:field} must be a list of texts",
        "{key} muss eine Liste von Texten sein",
    ),
    E(
        "json.empty_date",
        "{label:field} '' is not a date; use YYYY-MM-DD",
        "{label} '' ist kein Datum; bitte JJJJ-MM-TT angeben",
    ),
    E(
        "json.unknown_item_fields",
        "{what:field}[{number:int}]: unknown field(s) {fields:list}",
        "{what}[{number}]: unbekannte Felder {fields}",
    ),
    E(
        "json.rounds_count",
        "{label:field} {value:int} is not a number of rounds (0 or more)",
        "{label} {value} ist keine Rundenzahl (0 oder mehr)",
    ),
    E("json.not_text", "{label:field} must be text", "{label} muss Text sein"),
    E(
        "json.not_whole",
        "{label:field} {value:q} is not a whole number",
        "{label} {value} ist keine ganze Zahl",
    ),
    E(
        "json.board",
        "{label:field} {value:int} is not a board number (1 or more)",
        "{label} {value} ist keine Brettnummer (1 oder mehr)",
    ),
    E(
        "json.player_not_object",
        "players[{number:int}] is not an object",
        "players[{number}] ist kein Objekt",
    ),
    E(
        "json.player_no_id",
        "players[{number:int}] has no id",
        "players[{number}] hat keine Kennung",
    ),
    E(
        "json.unknown_player_fields",
        "player {id:q}: unknown field(s) {fields:list}",
        "Spieler {id}: unbekannte Felder {fields}",
    ),
    E(
        "json.member_bool",
        "player {id:q}: member must be true or false",
        "Spieler {id}: member muss true oder false sein",
    ),
    E(
        "json.not_object",
        "a tournament must be a JSON object",
        "Ein Turnier muss ein JSON-Objekt sein",
    ),
    E(
        "json.unknown_fields",
        "unknown tournament field(s): {fields:list}",
        "Unbekannte Turnierfelder: {fields}",
    ),
    E(
        "json.no_players",
        "the tournament has no list of players",
        "Das Turnier hat keine Spielerliste",
    ),
    E("json.teams_not_list", "teams must be a list", "teams muss eine Liste sein"),
    E(
        "json.time_control_unknown",
        "time control {value:q} unknown; accepted: standard, rapid, blitz",
        "Bedenkzeit {value} unbekannt; zulässig: standard, rapid, blitz",
    ),
    E(
        "json.carry_not_object",
        "player {id:q}: carry_over[{number:int}] is not an object",
        "Spieler {id}: carry_over[{number}] ist kein Objekt",
    ),
    E(
        "json.game_not_object",
        "games[{number:int}] is not an object",
        "games[{number}] ist kein Objekt",
    ),
    E(
        "json.game_no_round",
        "games[{number:int}] has no round number (1 or more)",
        "games[{number}] hat keine Rundennummer (1 oder mehr)",
    ),
    E(
        "json.bye_not_object",
        "byes[{number:int}] is not an object",
        "byes[{number}] ist kein Objekt",
    ),
    E(
        "json.bye_needs",
        "byes[{number:int}] needs a round and a player",
        "byes[{number}] braucht eine Runde und einen Spieler",
    ),
    E(
        "json.upcoming_not_object",
        "upcoming[{number:int}] is not an object",
        "upcoming[{number}] ist kein Objekt",
    ),
    E(
        "json.upcoming_needs",
        "upcoming[{number:int}] needs a round, white and black",
        "upcoming[{number}] braucht eine Runde, Weiß und Schwarz",
    ),
    E(
        "json.team_needs_id",
        "teams[{number:int}] needs an id",
        "teams[{number}] braucht eine Kennung",
    ),
    E(
        "json.team_players_list",
        "teams[{number:int}]: players must be a list",
        "teams[{number}]: „players“ muss eine Liste sein",
    ),
    E("json.invalid", "not valid JSON: {detail}", "Kein gültiges JSON: {detail}"),
    E("json.empty", "not valid JSON: the text is empty", "Kein gültiges JSON: der Text ist leer"),
    E(
        "json.not_utf8",
        "not valid JSON: byte {n:int} is not UTF-8 text",
        "Kein gültiges JSON: Byte {n} ist kein UTF-8-Text",
    ),
    E(
        "json.too_deep",
        "not valid JSON: the lists and objects are nested too deeply",
        "Kein gültiges JSON: Listen und Objekte sind zu tief verschachtelt",
    ),
    E("json.syntax", "JSON syntax error: {what:msg}", "JSON-Syntaxfehler: {what}"),
    E("json.syntax.value", "a value is expected here", "hier wird ein Wert erwartet"),
    E(
        "json.syntax.name",
        "a property name in double quotes is expected here",
        "hier wird ein Eigenschaftsname in doppelten Anführungszeichen erwartet",
    ),
    E(
        "json.syntax.single_quotes",
        "a property name in single quotes; JSON needs double quotes",
        "ein Eigenschaftsname in einfachen Anführungszeichen; JSON verlangt doppelte",
    ),
    E("json.syntax.colon", "a ':' is expected here", "hier wird ein „:“ erwartet"),
    E("json.syntax.comma", "a ',' is expected here", "hier wird ein „,“ erwartet"),
    E(
        "json.syntax.string",
        "a text in double quotes is not closed before the end (is the file cut off?)",
        "ein Text in doppelten Anführungszeichen ist bis zum Ende nicht geschlossen (ist die Datei "
        "abgeschnitten?)",
    ),
    E(
        "json.syntax.control",
        "a control character (such as a line break) inside a text",
        "ein Steuerzeichen (etwa ein Zeilenumbruch) in einem Text",
    ),
    E(
        "json.syntax.escape",
        "a backslash (\\) inside a text that starts no valid escape",
        "ein Backslash (\\) in einem Text, mit dem keine gültige Escape-Folge beginnt",
    ),
    E(
        "json.syntax.extra",
        "more follows after the end of the JSON value",
        "nach dem Ende des JSON-Werts folgt noch etwas",
    ),
    E(
        "json.syntax.trailing_comma",
        "a comma before the closing {bracket:q}",
        "ein Komma vor der schließenden Klammer {bracket}",
    ),
    E(
        "json.syntax.cut_off",
        "the text ends before the JSON value is complete (is the file cut off?)",
        "der Text endet, bevor der JSON-Wert vollständig ist (ist die Datei abgeschnitten?)",
    ),
    E(
        "json.syntax.other",
        "the text is not well-formed JSON",
        "der Text ist kein wohlgeformtes JSON",
    ),
    E(
        "json.game_no_side",
        "round {round:int}: games[{number:int}] has no {side:term} player",
        "Runde {round}: games[{number}] hat keinen Spieler für {side}",
    ),
    E("json.not_bool", "{label:field} must be true or false", "{label} muss true oder false sein"),
    E(
        "json.not_date",
        "{label:field} {value:q} is not a date; use YYYY-MM-DD",
        "{label} {value} ist kein Datum; bitte JJJJ-MM-TT angeben",
    ),
    E(
        "json.not_player_id",
        "{label:field} {value:q} is not a player id (text or a whole number)",
        "{label} {value} ist keine Spielerkennung (Text oder ganze Zahl)",
    ),
    E(
        "json.fide_k",
        "{label:field} {value:int} is not a K-factor (a whole number from {low:int} to {high:int})",
        "{label} {value} ist kein K-Faktor (eine ganze Zahl von {low} bis {high})",
    ),
    E(
        "json.fide_games",
        "{label:field} {value:int} is not a number of games (a whole number, 0 or more)",
        "{label} {value} ist keine Partienzahl (eine ganze Zahl, 0 oder mehr)",
    ),
    E(
        "json.bye_points",
        "{label:field} {value:q} is not the score of a bye (0, 0.5 or 1)",
        "{label} {value} ist keine Punktzahl eines Freiloses (0, 0,5 oder 1)",
    ),
    E(
        "json.format_unknown",
        "format {value:q} unknown; accepted: wertung-tournament/1",
        "Format {value} unbekannt; zulässig: wertung-tournament/1",
    ),
    E(
        "json.rounds_total",
        "{label:field} {value:int} is not a number of rounds (1 or more)",
        "{label} {value} ist keine Rundenzahl (1 oder mehr)",
    ),
    E(
        "json.bye_kind_unknown",
        "round {round:int}: bye kind {kind:q} unknown; accepted: U, F, H, Z, +",
        "Runde {round}: Freilos-Art {kind} unbekannt; zulässig: U, F, H, Z, +",
    ),
)

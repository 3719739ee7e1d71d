"""The pre-submission check of a DSB XML 2.5 report (:mod:`wertung.submission`).

Each problem's text says what is wrong and what to do. The command line's own words of
``wertung check`` (headings, columns, the help texts) are :data:`CHECK_CLI`, beside the
other command-line words (:data:`wertung.catalogue.data_terms.CLI`).
"""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["CHECK", "CHECK_CLI", "CHECK_WEB"]

_EMPTY_EN = "the schema allows no empty elements: fill it in or leave it out"
_EMPTY_DE = "das Schema erlaubt keine leeren Elemente: bitte ausfüllen oder weglassen"
_FIX_EN = "give it in the source, or fill it from the DSB list with --fix-from-dsb-list"
_FIX_DE = "bitte in der Quelle ergänzen oder mit --fix-from-dsb-list aus der DSB-Liste übernehmen"

CHECK: tuple[E, ...] = (
    # the schema's own rules: the tournament
    E("check.field.invalid",
      "element {element:q} holds {value:q}, which the schema does not accept; correct it",
      "Das Element {element} enthält {value}; das Schema lässt diesen Wert nicht zu: bitte korrigieren"),
    E("check.field.empty", "element {element:q} is empty; " + _EMPTY_EN,
      "Das Element {element} ist leer; " + _EMPTY_DE),
    E("check.uuid.invalid",
      "{element:q} {value:q} is not a UUID (RFC 4122: 8-4-4-4-12 hexadecimal digits); export the "
      "file again with wertung",
      "{element} {value} ist keine UUID (RFC 4122: 8-4-4-4-12 Hexadezimalziffern); bitte die Datei "
      "mit wertung neu erzeugen"),
    E("check.label.missing", "the tournament has no name (label); give its name in the source",
      "Das Turnier hat keinen Namen (label); bitte den Namen in der Quelle angeben"),
    E("check.type.invalid",
      "tournament type {value:q} is unknown; the schema accepts SR, SW, SC, TR, TW and TC, each also "
      "with -H (hybrid)",
      "Turnierart {value} unbekannt; das Schema erlaubt SR, SW, SC, TR, TW und TC, jeweils auch mit "
      "-H (hybrid)"),
    E("check.time_control.missing", "the time control is missing; give it with --time-control 90+30",
      "Die Bedenkzeit fehlt; bitte mit --time-control 90+30 angeben"),
    E("check.rounds.range",
      "the number of rounds {value:q} is not a whole number from 1 to 999; give it in the source",
      "Die Rundenzahl {value} ist keine ganze Zahl von 1 bis 999; bitte in der Quelle angeben"),
    E("check.start_date.missing",
      "the start date (the day of the first game actually played) is missing; give it with "
      "--start-date YYYY-MM-DD",
      "Das Startdatum (der Tag der ersten tatsächlich gespielten Partie) fehlt; bitte mit "
      "--start-date JJJJ-MM-TT angeben"),
    E("check.end_date.missing",
      "the end date (the day of the last game actually played) is missing; give it with "
      "--date YYYY-MM-DD",
      "Das Enddatum (der Tag der letzten tatsächlich gespielten Partie) fehlt; bitte mit "
      "--date JJJJ-MM-TT angeben"),
    E("check.dates.order", "the start date {start:date} is after the end date {end:date}; correct the dates",
      "Das Startdatum {start} liegt nach dem Enddatum {end}; bitte die Daten korrigieren"),
    E("check.location.missing",
      "the location is missing; give it with --location (for a league: its region)",
      "Der Spielort fehlt; bitte mit --location angeben (bei einer Liga: ihre Region)"),
    E("check.header.incomplete",
      "the header's {element:q} is empty; a header needs creationDate, sender, system and fileUUID",
      "Im Kopf ist {element} leer; ein Kopf braucht creationDate, sender, system und fileUUID"),
    E("check.players.too_few",
      "the report has {n:int} {n|player|players}; the schema needs at least 2",
      "Die Meldung hat {n} Spieler; das Schema verlangt mindestens 2"),
    E("check.games.none", "the report has no games; the schema needs at least one",
      "Die Meldung enthält keine Partien; das Schema verlangt mindestens eine"),
    # the schema's own rules: a player
    E("check.player.number_range",
      "start number {value:q} is not a whole number from 1 to 999999; number the players 1 to n",
      "Startnummer {value} ist keine ganze Zahl von 1 bis 999999; bitte die Spieler von 1 bis n "
      "nummerieren"),
    E("check.player.surname_missing",
      "the surname is missing; if the player has only one name, write it as surname and as forename",
      "Der Nachname fehlt; hat die Person nur einen Namen, bitte ihn als Nach- und als Vornamen "
      "eintragen"),
    E("check.player.forename_missing",
      "the forename is missing; if the player has only one name, write it as surname and as forename",
      "Der Vorname fehlt; hat die Person nur einen Namen, bitte ihn als Nach- und als Vornamen "
      "eintragen"),
    E("check.birth_year.future",
      "birth year {year:int} is after the year the event ended ({end:int}); give the true year",
      "Geburtsjahr {year} liegt nach dem Jahr des Turnierendes ({end}); bitte das wahre Jahr angeben"),
    E("check.birth_year.old",
      "birth year {year:int} looks wrong (1900 or before; some programs write 1900 for an unknown "
      "year); give the true year",
      "Geburtsjahr {year} sieht falsch aus (1900 oder früher; manche Programme schreiben 1900 für ein "
      "unbekanntes Jahr); bitte das wahre Jahr angeben"),
    E("check.birth_date.year",
      "the date of birth {date:date} is not in the birth year {year:int}; correct one of them",
      "Das Geburtsdatum {date} liegt nicht im Geburtsjahr {year}; bitte eines davon korrigieren"),
    E("check.zps.format",
      "club code (ZPS) {value:q} is not 5 letters or digits; correct it or leave it out",
      "Vereinskennziffer (ZPS) {value} besteht nicht aus 5 Buchstaben oder Ziffern; bitte korrigieren "
      "oder weglassen"),
    E("check.member_number.range",
      "member number {value:q} is not a whole number from 1 to 99999; correct it or leave it out",
      "Mitgliedsnummer {value} ist keine ganze Zahl von 1 bis 99999; bitte korrigieren oder weglassen"),
    E("check.fide_id.range",
      "FIDE id {value:q} is not a FIDE id (1 or more, at most 14 digits; never 0); give the true id "
      "or leave it out",
      "FIDE-ID {value} ist keine FIDE-ID (ab 1, höchstens 14 Ziffern; nie 0); bitte die richtige "
      "angeben oder weglassen"),
    E("check.fide_rating.range",
      "FIDE rating {value:q} is not from 1 to 5000 (never 0); give the rating valid at the event's end "
      "or leave it out",
      "FIDE-Elo {value} liegt nicht zwischen 1 und 5000 (nie 0); bitte die am Turnierende gültige "
      "angeben oder weglassen"),
    E("check.sex.invalid", "sex {value:q} is neither m nor w; correct it or leave it out",
      "Geschlecht {value} ist weder m noch w; bitte korrigieren oder weglassen"),
    # the games
    E("check.game.round_range",
      "a game's round {value:q} is not a whole number from 1 to 999; correct the round",
      "Die Runde {value} einer Partie ist keine ganze Zahl von 1 bis 999; bitte die Runde korrigieren"),
    E("check.game.round_above",
      "round {round:int} is above the tournament's {rounds:int} rounds; correct the game's round or "
      "the number of rounds",
      "Runde {round} liegt über den {rounds} Runden des Turniers; bitte die Runde der Partie oder die "
      "Rundenzahl korrigieren"),
    E("check.game.unknown_player",
      "a game names start number {value:q}, which no player has; add the player or correct the game",
      "Eine Partie nennt die Startnummer {value}, die kein Spieler hat; bitte den Spieler ergänzen "
      "oder die Partie korrigieren"),
    E("check.game.no_player",
      "a game without either player (noneWhitePlayer and noneBlackPlayer); remove it",
      "Eine Partie ohne beide Spieler (noneWhitePlayer und noneBlackPlayer); bitte entfernen"),
    E("check.game.self", "the player is paired against himself; correct the pairing",
      "Der Spieler ist gegen sich selbst gepaart; bitte die Paarung korrigieren"),
    E("check.game.point_invalid",
      "result {value:q} is not a score the schema accepts (1, 0.5, 0, + or -); correct it",
      "Ergebnis {value} ist kein Wert, den das Schema zulässt (1, 0.5, 0, + oder -); bitte korrigieren"),
    E("check.game.points_sum",
      "result {result} gives {total:score} points; white and black together may have at most 1 point: "
      "correct the result",
      "Ergebnis {result} ergibt {total} Punkte; Weiß und Schwarz zusammen dürfen höchstens 1 Punkt "
      "haben: bitte das Ergebnis korrigieren"),
    E("check.game.date_outside.after",
      "the game was played on {date:date}, after the end date {end:date}; correct the game's date or "
      "the end date (--date)",
      "Die Partie wurde am {date} gespielt, nach dem Enddatum {end}; bitte das Datum der Partie oder "
      "das Enddatum (--date) korrigieren"),
    E("check.game.date_outside.before",
      "the game was played on {date:date}, before the start date {start:date}; correct the game's date "
      "or the start date (--start-date)",
      "Die Partie wurde am {date} gespielt, vor dem Startdatum {start}; bitte das Datum der Partie oder "
      "das Startdatum (--start-date) korrigieren"),
    E("check.dates.first_game",
      "the start date {start:date} is not the day of the first game ({first:date}); the DSB wants the "
      "first game actually played",
      "Das Startdatum {start} ist nicht der Tag der ersten Partie ({first}); der DSB verlangt die erste "
      "tatsächlich gespielte Partie"),
    E("check.dates.last_game",
      "the end date {end:date} is not the day of the last game ({last:date}); the DSB wants the last "
      "game actually played",
      "Das Enddatum {end} ist nicht der Tag der letzten Partie ({last}); der DSB verlangt die letzte "
      "tatsächlich gespielte Partie"),
    E("check.game.twice_in_round",
      "the player has {n:int} games in round {round:int}; a player plays at most once a round: remove "
      "the extra game",
      "Der Spieler hat {n} Partien in Runde {round}; jeder spielt höchstens einmal je Runde: bitte die "
      "überzählige Partie entfernen"),
    E("check.game.pairing_repeated",
      "meets start number {other:int} ({name}) {n:int} times; in this round robin each pair meets "
      "{cycles:int} {cycles|time|times}: remove the extra game or correct the pairing",
      "trifft {n}-mal auf Startnummer {other} ({name}); in diesem Rundenturnier trifft jedes Paar "
      "{cycles}-mal aufeinander: bitte die überzählige Partie entfernen oder die Paarung korrigieren"),
    # chess programs
    E("check.computer.half_marked",
      "a chess program must have ###COMPUTER### as surname and as forename",
      "Ein Schachprogramm muss ###COMPUTER### als Nach- und als Vornamen haben"),
    E("check.computer.points",
      "a chess program's game must be scored -:- (whatever its result), not {result}; change the result",
      "Eine Partie eines Schachprogramms muss mit -:- gewertet werden (gleich wie sie ausging), nicht "
      "mit {result}; bitte das Ergebnis ändern"),
    E("check.computer.unmarked",
      "the name looks like a chess program; a computer must be written as ###COMPUTER### (surname and "
      "forename) and its games as -:-",
      "Der Name sieht nach einem Schachprogramm aus; ein Computer muss als ###COMPUTER### (Nach- und "
      "Vorname) eingetragen werden und seine Partien als -:-"),
    # people
    E("check.player.number_duplicate",
      "start number {number:int} is given twice (also to {other}); every player needs his own start "
      "number",
      "Die Startnummer {number} ist doppelt vergeben (auch an {other}); jeder Spieler braucht eine "
      "eigene Startnummer"),
    E("check.player.listed_twice.id",
      "the same person as start number {other:int} (both have {what} {value}); a person may be listed "
      "only once: merge the two entries",
      "Dieselbe Person wie Startnummer {other} (beide haben {what} {value}); eine Person darf nur einmal "
      "aufgeführt sein: bitte die beiden Einträge zusammenführen"),
    E("check.player.listed_twice.name_year",
      "probably the same person as start number {other:int} (same name, born {year:int}); a person may "
      "be listed only once: merge the two entries (if they are two people, tell them apart by the PKZ)",
      "Vermutlich dieselbe Person wie Startnummer {other} (gleicher Name, Jahrgang {year}); eine Person "
      "darf nur einmal aufgeführt sein: bitte die Einträge zusammenführen (sind es zwei Personen, sie "
      "durch die PKZ unterscheiden)"),
    E("check.player.listed_twice.name",
      "probably the same person as start number {other:int} (same name); a person may be listed only "
      "once: merge the two entries (if they are two people, give both birth years)",
      "Vermutlich dieselbe Person wie Startnummer {other} (gleicher Name); eine Person darf nur einmal "
      "aufgeführt sein: bitte die Einträge zusammenführen (sind es zwei Personen, beide Geburtsjahre "
      "angeben)"),
    E("check.birth_year.missing",
      "the birth year is missing; the DSB needs the true year (no estimate): " + _FIX_EN,
      "Das Geburtsjahr fehlt; der DSB verlangt das wahre Jahr (keine Schätzung): " + _FIX_DE),
    E("check.birth_year.missing.listed",
      "the birth year is missing; the DSB list has {year:int}: fill it with --fix-from-dsb-list",
      "Das Geburtsjahr fehlt; die DSB-Liste nennt {year}: mit --fix-from-dsb-list übernehmen"),
    E("check.birth_year.list",
      "birth year {year:int} differs from the DSB list's {listed:int}; correct it in the source (or, if "
      "the list is wrong, in the DSB's member data)",
      "Geburtsjahr {year} weicht von dem der DSB-Liste ab ({listed}); bitte in der Quelle korrigieren "
      "(oder, falls die Liste irrt, in der Mitgliederverwaltung des DSB)"),
    E("check.member.no_ids",
      "a DSB member without PKZ, or club code (ZPS) and member number; " + _FIX_EN,
      "DSB-Mitglied ohne PKZ oder Vereinskennziffer (ZPS) und Mitgliedsnummer; " + _FIX_DE),
    E("check.member.not_in_list.pkz",
      "PKZ {pkz} is not in the current DSB list; check it (or the list is older than the membership)",
      "PKZ {pkz} steht nicht in der aktuellen DSB-Liste; bitte prüfen (oder die Liste ist älter als "
      "die Mitgliedschaft)"),
    E("check.member.not_in_list.membership",
      "club code {zps} with member number {number} is not in the current DSB list; check both (or the "
      "list is older than the membership)",
      "Vereinskennziffer {zps} mit Mitgliedsnummer {number} steht nicht in der aktuellen DSB-Liste; "
      "bitte beides prüfen (oder die Liste ist älter als die Mitgliedschaft)"),
    E("check.member.not_in_list.other_club",
      "the current DSB list has this player in {listed}, not in {zps}; check the club code and member "
      "number",
      "Die aktuelle DSB-Liste führt diese Person unter {listed}, nicht unter {zps}; bitte "
      "Vereinskennziffer und Mitgliedsnummer prüfen"),
    # the event
    E("check.time_control.not_rated",
      "{reason:msg}; the rating office does not evaluate such games (if the time control was misread: "
      "--time-control)",
      "{reason}; solche Partien wertet die Wertungsstelle nicht aus (falls die Bedenkzeit falsch "
      "gelesen wurde: --time-control)"),
    E("check.time_control.rapid_blitz",
      "{reason:msg}; the rating office evaluates no rapid or blitz event",
      "{reason}; Schnell- und Blitzturniere wertet die Wertungsstelle nicht aus"),
    E("check.time_control.unchecked", "the time-control rule could not be applied: {reason:msg}",
      "Die Bedenkzeitregel konnte nicht angewandt werden: {reason}"),
    E("check.source.incomplete",
      "the source does not account for every game ({reason:msg}); add what is missing before "
      "submitting",
      "Die Quelle enthält nicht alle Partien ({reason}); bitte vor dem Einreichen ergänzen"),
    E("check.source.not_dwz_rated",
      "the source marks the event as not DWZ-rated; check that it is to be submitted",
      "Die Quelle kennzeichnet das Turnier als nicht DWZ-gewertet; bitte prüfen, ob es eingereicht "
      "werden soll"),
    E("check.end_date.future",
      "the end date {end:date} is after today ({today:date}): the event is not over yet; submit it "
      "after its last round",
      "Das Enddatum {end} liegt nach dem heutigen Tag ({today}): das Turnier ist noch nicht beendet; "
      "bitte nach der letzten Runde einreichen"),
    E("check.deadline.passed",
      "the last round was on {end:date}, more than {weeks:int} weeks ago; later documents have no "
      "claim to an evaluation (WO 6.2): submit at once",
      "Die letzte Runde war am {end}, vor mehr als {weeks} Wochen; für später eingereichte Unterlagen "
      "besteht kein Anspruch auf Auswertung (WO 6.2): bitte sofort einreichen"),
    E("check.deadline.year",
      "the last round was on {end:date}, more than a year ago; the WO 6.2 allows an evaluation only "
      "within a year of the end: ask the rating officer",
      "Die letzte Runde war am {end}, vor mehr als einem Jahr; die WO 6.2 erlaubt eine Auswertung nur "
      "innerhalb eines Jahres nach Turnierende: bitte beim Wertungsreferenten nachfragen"),
    # what the check could not do
    E("check.not_checked.dsb_list",
      "birth years and memberships were not compared with the DSB list (--dsb-list does)",
      "Geburtsjahre und Mitgliedschaften wurden nicht mit der DSB-Liste verglichen (--dsb-list tut es)"),
    E("check.not_checked.time_control",
      "the time control could not be checked against the DWZ rule",
      "Die Bedenkzeit konnte nicht gegen die DWZ-Regel geprüft werden"),
    E("check.not_a_report", "the pre-submission check needs a DSB report",
      "Die Prüfung vor dem Einreichen braucht eine DSB-Meldung"),
    E("check.lookup.count", "the DSB list lookup answered {n:int} times for {m:int} players",
      "Die Abfrage der DSB-Liste antwortete {n}-mal für {m} Spieler"),
    # the gate
    E("check.refused",
      "the pre-submission check found errors ({n:int}); nothing was written: correct them (wertung "
      "check lists them) or write the file anyway with --force",
      "Die Prüfung vor dem Einreichen fand Fehler ({n}); nichts wurde geschrieben: bitte korrigieren "
      "(wertung check listet sie auf) oder die Datei trotzdem mit --force schreiben"),
    E("check.forced",
      "Written with --force although the pre-submission check found {n:int} {n|error|errors}: {errors}",
      "Mit --force geschrieben, obwohl die Prüfung vor dem Einreichen {n} {n|Fehler|Fehler} fand: "
      "{errors}"),
    # what --fix-from-dsb-list filled
    E("check.filled.birth_year", "birth year {value:int} from the DSB list",
      "Geburtsjahr {value} aus der DSB-Liste"),
    E("check.filled.dsb_id", "PKZ {value} from the DSB list", "PKZ {value} aus der DSB-Liste"),
    E("check.filled.zps", "club code (ZPS) {value} from the DSB list",
      "Vereinskennziffer (ZPS) {value} aus der DSB-Liste"),
    E("check.filled.member_number", "member number {value:int} from the DSB list",
      "Mitgliedsnummer {value} aus der DSB-Liste"),
    E("check.filled.club", "club name {value} from the DSB list", "Vereinsname {value} aus der DSB-Liste"),
)  # fmt: skip

_FORM_EN = "enter it in the form"
_FORM_DE = "bitte im Formular eintragen"
_LIST_FIX_EN = "on the command line, wertung check --fix-from-dsb-list fills it from the DSB list"
_LIST_FIX_DE = (
    "auf der Kommandozeile übernimmt wertung check --fix-from-dsb-list ihn aus der DSB-Liste"
)

#: The web page's wording of the problems that say what to fix (code ``web.`` + the
#: check's message code, the same parameters): the page's form first, then the command
#: line's option with its command (``wertung check --time-control``), never a bare option.
CHECK_WEB: tuple[E, ...] = (
    E("web.check.time_control.missing",
      "the time control is missing; " + _FORM_EN + " (on the command line: wertung check "
      "--time-control 90+30)",
      "Die Bedenkzeit fehlt; " + _FORM_DE + " (auf der Kommandozeile: wertung check "
      "--time-control 90+30)"),
    E("web.check.start_date.missing",
      "the start date (the day of the first game actually played) is missing; " + _FORM_EN
      + " (on the command line: wertung check --start-date YYYY-MM-DD)",
      "Das Startdatum (der Tag der ersten tatsächlich gespielten Partie) fehlt; " + _FORM_DE
      + " (auf der Kommandozeile: wertung check --start-date JJJJ-MM-TT)"),
    E("web.check.end_date.missing",
      "the end date (the day of the last game actually played) is missing; " + _FORM_EN
      + " (on the command line: wertung check --date YYYY-MM-DD)",
      "Das Enddatum (der Tag der letzten tatsächlich gespielten Partie) fehlt; " + _FORM_DE
      + " (auf der Kommandozeile: wertung check --date JJJJ-MM-TT)"),
    E("web.check.location.missing",
      "the location is missing; " + _FORM_EN + ", for a league its region (on the command "
      "line: wertung check --location)",
      "Der Spielort fehlt; " + _FORM_DE + ", bei einer Liga ihre Region (auf der "
      "Kommandozeile: wertung check --location)"),
    E("web.check.birth_year.missing",
      "the birth year is missing; the DSB needs the true year (no estimate): " + _FORM_EN
      + " or give it in the source (" + _LIST_FIX_EN + ")",
      "Das Geburtsjahr fehlt; der DSB verlangt das wahre Jahr (keine Schätzung): " + _FORM_DE
      + " oder in der Quelle ergänzen (" + _LIST_FIX_DE + ")"),
    E("web.check.birth_year.missing.listed",
      "the birth year is missing; the DSB list has {year:int}: " + _FORM_EN + " ("
      + _LIST_FIX_EN + ")",
      "Das Geburtsjahr fehlt; die DSB-Liste nennt {year}: " + _FORM_DE + " (" + _LIST_FIX_DE
      + ")"),
    E("web.check.member.no_ids",
      "a DSB member without PKZ, or club code (ZPS) and member number; enter the PKZ in the "
      "form or give it in the source (on the command line, wertung check --fix-from-dsb-list "
      "fills them from the DSB list)",
      "DSB-Mitglied ohne PKZ oder Vereinskennziffer (ZPS) und Mitgliedsnummer; bitte die PKZ "
      "im Formular eintragen oder in der Quelle ergänzen (auf der Kommandozeile übernimmt "
      "wertung check --fix-from-dsb-list sie aus der DSB-Liste)"),
    E("web.check.time_control.not_rated",
      "{reason:msg}; the rating office does not evaluate such games (if the time control was "
      "misread: correct it in the form; on the command line: wertung check --time-control)",
      "{reason}; solche Partien wertet die Wertungsstelle nicht aus (falls die Bedenkzeit falsch "
      "gelesen wurde: im Formular korrigieren; auf der Kommandozeile: wertung check "
      "--time-control)"),
    E("web.check.not_checked.dsb_list",
      "birth years and memberships were not compared with the DSB list: this server has none "
      "loaded (on the command line: wertung dsb-list load, then wertung check --dsb-list)",
      "Geburtsjahre und Mitgliedschaften wurden nicht mit der DSB-Liste verglichen: dieser Server "
      "hat keine geladen (auf der Kommandozeile: wertung dsb-list load, dann wertung check "
      "--dsb-list)"),
)  # fmt: skip

#: ``wertung check``'s own words (German, English), shown only by the command line.
CHECK_CLI: dict[str, tuple[str, str]] = {
    "cli.check.counts": (
        "Fehler: {errors}, Warnungen: {warnings}",
        "errors: {errors}, warnings: {warnings}",
    ),
    "cli.check.filled": ("Aus der DSB-Liste übernommen:", "Filled from the DSB list:"),
    "cli.check.filled_none": (
        "Aus der DSB-Liste war nichts zu übernehmen.",
        "Nothing to fill from the DSB list.",
    ),
    "cli.check.col.severity": ("Art", "kind"),
    "cli.check.col.round": ("Runde", "round"),
    "cli.check.col.problem": ("Befund", "problem"),
    "cli.check.error": ("Fehler", "error"),
    "cli.check.warning": ("Warnung", "warning"),
    "cli.check.refused": (
        "Mit diesen Fehlern lehnt der DSB die Datei ab.",
        "With these errors the DSB refuses the file.",
    ),
    "cli.check.warnings_only": (
        "Nur Warnungen: die Datei kann eingereicht werden; vorher lohnt ein Blick darauf.",
        "Warnings only: the file can be submitted; have a look first.",
    ),
    "cli.check.clean": (
        "Keine Befunde: die Datei kann eingereicht werden.",
        "No problems: the file can be submitted.",
    ),
    "cli.help.tournament.force": (
        "Mit --dsb-xml: die Datei schreiben, obwohl die Prüfung vor dem Einreichen Fehler fand "
        "(ihre Anmerkungen sagen es dann zuerst).",
        "With --dsb-xml: write the file although the pre-submission check found errors (its notes "
        "then begin by saying so).",
    ),
    # the help screens (cli/_check.py)
    "cli.help.check": (
        "Ein Turnier prüfen, bevor es an das Wertungsportal des DSB geht.\n\n"
        "Listet, was der DSB ablehnt (Fehler) und was einen Blick lohnt (Warnungen), jeweils mit "
        "Spieler und Runde, und was zu tun ist. Exit-Code 0 ohne Befund, 1 nur mit Warnungen, 2 mit "
        "Fehlern.",
        "Check a tournament before it is sent to the DSB's rating portal.\n\n"
        "Lists what the DSB refuses (errors) and what is worth a look (warnings), each with the "
        "player and round, and what to do. Exit code 0 without problems, 1 with warnings only, 2 "
        "with errors.",
    ),
    "cli.help.check.sources": (
        "Eine DSB-XML-Datei oder jede Quelle, die wertung liest (chess-results-Link oder -Nummer, "
        ".json/.trf/.xlsx/.SWT/Swiss-Manager-Datei, gespeicherte .html-Seiten).",
        "A DSB XML file, or any source wertung reads (chess-results link or number, "
        ".json/.trf/.xlsx/.SWT/Swiss-Manager file, saved .html pages).",
    ),
    "cli.help.check.dsb_list": (
        "Geburtsjahre und Mitgliedschaften mit der DSB-Liste im Speicher vergleichen.",
        "Compare birth years and memberships with the DSB list in the store.",
    ),
    "cli.help.check.fix_from_dsb_list": (
        "Fehlende Geburtsjahre, PKZ und Vereinsdaten aus der DSB-Liste übernehmen, wo die Zuordnung "
        "eindeutig ist, jeden übernommenen Wert nennen, dann prüfen.",
        "Fill missing birth years, PKZ and club data from the DSB list where the match is exact, "
        "list every value filled, then check.",
    ),
    "cli.help.check.as_json": ("Die Befunde als JSON.", "The problems as JSON."),
    "cli.help.check.lang": (
        "Sprache der Befunde: en oder de.",
        "Language of the problems: en or de.",
    ),
    "cli.help.check.location": (
        "Der Spielort (in einer Liga die Region), wenn die Quelle ihn nicht nennt.",
        "The venue (for a league the region), if the source lacks it.",
    ),
    "cli.help.check.time_control": (
        "Die Bedenkzeit, wenn die Quelle sie nicht oder falsch nennt: 90+30 (Minuten + Sekunden je "
        "Zug), 40/90+30, 30+30.",
        "The time control, if the source lacks it or misstates it: 90+30 (minutes + seconds per "
        "move), 40/90+30, 30+30.",
    ),
    "cli.help.check.start_date": (
        "Der Tag der ersten gespielten Partie (JJJJ-MM-TT), wenn die Quelle ihn nicht nennt.",
        "The day the first game was played (YYYY-MM-DD), if the source lacks it.",
    ),
    "cli.help.check.end_date": (
        "Der Tag der letzten gespielten Partie, wenn die Quelle ihn nicht nennt.",
        "The day the last game was played, if the source lacks it.",
    ),
    "cli.help.check.age_class": (
        "Die Altersklasse des Turniers (U12 senkt die Grenzen der Bedenkzeit).",
        "The event's age class (U12 lowers the time-control thresholds).",
    ),
    "cli.help.check.uuid": (
        "Die tournamentUUID einer früheren Meldung (wie bei --dsb-xml).",
        "The tournamentUUID of an earlier submission (as for --dsb-xml).",
    ),
    "cli.help.check.tournament_type": (
        "SR, SW, SC, TR, TW oder TC (-H für hybrid), wenn es nicht das ist, was die Paarungen zeigen.",
        "SR, SW, SC, TR, TW or TC (-H for hybrid), if it is not what the pairings show.",
    ),
}

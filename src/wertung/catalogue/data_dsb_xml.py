"""DSB XML 2.5: the tournament report for the rating portal (formats/dsb_map, dsb_xml)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["DSB_XML", "DSB_XML_PLACES"]

_FROM_LIST_DE = "aus der DSB-Liste"

DSB_XML: tuple[E, ...] = (
    # the user's options (formats/dsb_map.py)
    E("dsbxml.uuid", "{text:q} is not a UUID (32 hexadecimal digits in groups of 8-4-4-4-12)",
      "{text} ist keine UUID (32 hexadezimale Ziffern in Gruppen zu 8-4-4-4-12)"),
    E("dsbxml.tournament_type", "tournament type {given:q} is not one of {types}",
      "Turnierart {given} ist keine von {types}"),
    # what the mapping filled or left out (formats/dsb_map.py: Report.made_notes)
    E("dsbxml.note.birth_year", "player {n:int} ({name}): birth year {year:int} from the DSB list",
      "Spieler {n} ({name}): Geburtsjahr {year} " + _FROM_LIST_DE),
    E("dsbxml.note.pkz", "player {n:int} ({name}): PKZ {pkz} from the DSB list",
      "Spieler {n} ({name}): PKZ {pkz} " + _FROM_LIST_DE),
    E("dsbxml.note.club", "player {n:int} ({name}): club code {zps} and member number {member} from the DSB list",
      "Spieler {n} ({name}): ZPS {zps} und Mitgliedsnummer {member} " + _FROM_LIST_DE),
    E("dsbxml.note.member", "player {n:int} ({name}): member number {member} from the DSB list",
      "Spieler {n} ({name}): Mitgliedsnummer {member} " + _FROM_LIST_DE),
    E("dsbxml.note.fide_id", "player {n:int} ({name}): FIDE id {fide} from the DSB list",
      "Spieler {n} ({name}): FIDE-ID {fide} " + _FROM_LIST_DE),
    E("dsbxml.note.sex", "player {n:int} ({name}): sex from the DSB list",
      "Spieler {n} ({name}): Geschlecht " + _FROM_LIST_DE),
    E("dsbxml.note.bad_zps", "player {n:int} ({name}): club code {zps:q} is not 5 letters or digits; left out",
      "Spieler {n} ({name}): ZPS {zps} besteht nicht aus 5 Buchstaben oder Ziffern; weggelassen"),
    E("dsbxml.note.bad_member",
      "player {n:int} ({name}): member number {member:q} is not a number from 1 to 99999; left out",
      "Spieler {n} ({name}): Mitgliedsnummer {member} ist keine Zahl von 1 bis 99999; weggelassen"),
    E("dsbxml.note.bad_fide_id",
      "player {n:int} ({name}): FIDE id {fide:q} is not a number from 1 to 99999999999999; left out",
      "Spieler {n} ({name}): FIDE-ID {fide} ist keine Zahl von 1 bis 99999999999999; weggelassen"),
    # reading a file (formats/_dsb_xml_read.py, dsb_xml.py)
    E("dsbxml.read_takes", "read() takes the file's bytes or a path",
      "read() nimmt die Bytes der Datei oder einen Pfad"),
    E("dsbxml.not_xml", "the file is not well-formed XML", "Die Datei ist kein wohlgeformtes XML"),
    E("dsbxml.header_lacks", "the header lacks <{element}>; the header is not read",
      "Dem Kopf (header) fehlt <{element}>; der Kopf wird nicht gelesen"),
    E("dsbxml.creation_date",
      "the creationDate {text:q} is not a date and time (YYYY-MM-DDThh:mm:ss); the header is not read",
      "Das creationDate {text} ist kein Zeitpunkt (JJJJ-MM-TTThh:mm:ss); der Kopf (header) wird nicht gelesen"),
    E("dsbxml.no_section", "the file has no <{element}> element", "Die Datei hat kein Element <{element}>"),
    E("dsbxml.tournament_lacks", "the tournament has no <{element}>", "Dem Turnier fehlt <{element}>"),
    E("dsbxml.bad_type", "{text:q} is not a tournament type ({types})", "{text} ist keine Turnierart ({types})"),
    E("dsbxml.dewis",
      "this is an older DeWIS XML file (root <dewis>); wertung reads DSB XML 2.5 (root <{root}>)",
      "Das ist eine ältere DeWIS-XML-Datei (Wurzel <dewis>); wertung liest DSB-XML 2.5 (Wurzel <{root}>)"),
    E("dsbxml.root", "the root element is <{name}>, not <{root}>: this is not a DSB XML file",
      "Das Wurzelelement ist <{name}>, nicht <{root}>: das ist keine DSB-XML-Datei"),
    E("dsbxml.root_namespace", "the root element is in the namespace {namespace:q}, not {expected:q}",
      "Das Wurzelelement steht im Namensraum {namespace}, nicht {expected}"),
    E("dsbxml.namespace", "the element is in the namespace {namespace:q}, not {expected:q}",
      "Das Element steht im Namensraum {namespace}, nicht {expected}"),
    E("dsbxml.unknown_element", "<{parent}> has no element <{element}> in DSB XML 2.5",
      "<{parent}> hat in DSB-XML 2.5 kein Element <{element}>"),
    E("dsbxml.twice", "<{element}> is given twice (first in line {first})",
      "<{element}> steht zweimal da (zuerst in Zeile {first})"),
    E("dsbxml.nested", "the element holds other elements where a value belongs",
      "Das Element enthält weitere Elemente, wo ein Wert hingehört"),
    E("dsbxml.not_integer", "{text:q} is not a whole number", "{text} ist keine ganze Zahl"),
    E("dsbxml.not_positive", "{text:q} is not a whole number of 1 or more",
      "{text} ist keine ganze Zahl ab 1"),
    E("dsbxml.not_date", "{text:q} is not a date (YYYY-MM-DD)", "{text} ist kein Datum (JJJJ-MM-TT)"),
    E("dsbxml.not_year", "{text:q} is not a year (YYYY)", "{text} ist kein Jahr (JJJJ)"),
    E("dsbxml.not_point", "{text:q} is not a point value (1, 0.5, 0, + or -)",
      "{text} ist kein Punktwert (1, 0.5, 0, + oder -)"),
    E("dsbxml.not_true", "{text:q} is not true (the element stands for no player on that side)",
      "{text} ist nicht true (das Element steht für keinen Spieler auf dieser Seite)"),
    E("dsbxml.not_sex", "{text:q} is not a sex (m or w)", "{text} ist kein Geschlecht (m oder w)"),
    E("dsbxml.empty_element", "the element is empty", "Das Element ist leer"),
    E("dsbxml.player_number", "the player has no <tournamentPlayerNumber>",
      "Dem Spieler fehlt <tournamentPlayerNumber>"),
    E("dsbxml.game_lacks", "the game has no <{element}>", "Der Partie fehlt <{element}>"),
    E("dsbxml.game_both", "the game has both <{a}> and <{b}>", "Die Partie hat sowohl <{a}> als auch <{b}>"),
    E("dsbxml.game_neither", "the game has neither <{a}> nor <{b}>", "Die Partie hat weder <{a}> noch <{b}>"),
    E("dsbxml.game_nobody", "the game has no player on either side", "Die Partie hat auf keiner Seite einen Spieler"),
    # the report as a tournament (formats/dsb_xml.py)
    E("dsbxml.number_twice", "the start number {n:int} is given twice (players {a} and {b})",
      "Die Startnummer {n} ist zweimal vergeben (Spieler {a} und {b})"),
    E("dsbxml.unknown_number", "the game names start number {n:int}, which no player has",
      "Die Partie nennt die Startnummer {n}, die kein Spieler hat"),
    E("dsbxml.result_not_evaluated",
      "the game {white}-{black} has the result {result}, which wertung cannot evaluate; it is left out",
      "Die Partie {white}-{black} hat das Ergebnis {result}, das wertung nicht auswerten kann; sie bleibt weg"),
    # the CLI (cli/_dsb_xml_export.py)
    E("dsbxml.wrote",
      "wrote {path:path}: {players:int} {players|player|players}, {games:int} {games|game|games} "
      "(tournamentUUID {uuid})",
      "{path} geschrieben: {players} Spieler, {games} {games|Partie|Partien} (tournamentUUID {uuid})"),
)  # fmt: skip

#: Places in front of a reading error: ``line 12, element <player>: …``.
DSB_XML_PLACES: tuple[E, ...] = (E("place.element", "element <{name}>", "Element <{name}>"),)

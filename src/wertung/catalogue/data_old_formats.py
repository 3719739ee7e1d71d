"""The files a rating officer receives besides DSB XML 2.5: the ELOBASE/DeWIS text file
(``.swi``, formats/swi.py) and the older DeWIS XML (formats/dewis_xml.py)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["OLD_FORMATS"]

_LEFT_OUT_DE = "sie bleibt weg"

OLD_FORMATS: tuple[E, ...] = (
    # the .swi text file (formats/swi.py)
    E("swi.read_as",
      "read as an ELOBASE/DeWIS text file (.swi, as Swiss-Chess writes it for the rating office), "
      "text encoding {encoding}",
      "gelesen als ELOBASE/DeWIS-Textdatei (.swi, wie Swiss-Chess sie für den Wertungsreferenten "
      "schreibt), Zeichensatz {encoding}"),
    E("swi.no_key",
      "the file has no column key line (' ttt. rrr nnnn…'): this is not an ELOBASE/DeWIS text "
      "file (.swi)",
      "Die Datei hat keine Spaltenschlüssel-Zeile (' ttt. rrr nnnn…'): das ist keine "
      "ELOBASE/DeWIS-Textdatei (.swi)"),
    E("swi.key_columns", "the column key has no columns for the start number (t) and the name (n)",
      "Der Spaltenschlüssel hat keine Spalten für die Startnummer (t) und den Namen (n)"),
    E("swi.players_count", "the file says {stated:int} players and has {found:int} player lines",
      "Die Datei nennt {stated} Spieler und hat {found} Spielerzeilen"),
    E("swi.start_number", "the start number {text:q} is not a whole number from 1 to {limit:int}",
      "Die Startnummer {text} ist keine ganze Zahl von 1 bis {limit}"),
    E("swi.dwz", "the DWZ {text:q} is not a whole number from 0 to 3500",
      "Die DWZ {text} ist keine ganze Zahl von 0 bis 3500"),
    E("swi.elo", "the Elo {text:q} is not a whole number from 0 to 3500",
      "Die Elo {text} ist keine ganze Zahl von 0 bis 3500"),
    E("swi.fide_id", "the FIDE id {text:q} is not a whole number", "Die FIDE-ID {text} ist keine ganze Zahl"),
    E("swi.member", "the member number {text:q} is not a whole number",
      "Die Mitgliedsnummer {text} ist keine ganze Zahl"),
    E("swi.birth", "the birth date {text:q} is none of YYYY, DDMMYY and DDMMYYYY",
      "Das Geburtsdatum {text} ist weder JJJJ noch TTMMJJ noch TTMMJJJJ"),
    E("swi.birth_century", "the birth date {text:q} (DDMMYY) gives no century; the birth year is left out",
      "Das Geburtsdatum {text} (TTMMJJ) nennt kein Jahrhundert; das Geburtsjahr bleibt weg"),
    E("swi.block",
      "{text:q} is not a result (1, 0, R, +, - or :), a colour (W, B or :) and an opponent's number",
      "{text} ist kein Ergebnis (1, 0, R, +, - oder :) mit Farbe (W, B oder :) und Gegnernummer"),
    E("swi.start_date", "the start date {text:q} is not a date (DD.MM.YYYY)",
      "Das Anfangsdatum {text} ist kein Datum (TT.MM.JJJJ)"),
    E("swi.end_date", "the end date {text:q} is not a date (DD.MM.YYYY)",
      "Das Enddatum {text} ist kein Datum (TT.MM.JJJJ)"),
    E("swi.self", "player {a} has a game against himself; it is left out",
      "Spieler {a} hat eine Partie gegen sich selbst; " + _LEFT_OUT_DE),
    E("swi.unknown_opponent",
      "player {a} has a game against start number {b}, which no player has; it is left out",
      "Spieler {a} hat eine Partie gegen die Startnummer {b}, die kein Spieler hat; " + _LEFT_OUT_DE),
    E("swi.one_sided",
      "player {a} has a game against {b}, whose line has no game against him in that round; "
      "it is left out",
      "Spieler {a} hat eine Partie gegen {b}, dessen Zeile in dieser Runde keine Partie gegen ihn "
      "hat; " + _LEFT_OUT_DE),
    E("swi.same_colour",
      "players {a} and {b} both have the colour {colour} in their game; it is left out",
      "Die Spieler {a} und {b} haben in ihrer Partie beide die Farbe {colour}; " + _LEFT_OUT_DE),
    # the older DeWIS XML (formats/dewis_xml.py)
    E("dewis.read_as", "read as an older DeWIS XML file (root <dewis>, superseded by DSB XML 2.5)",
      "gelesen als ältere DeWIS-XML-Datei (Wurzel <dewis>, abgelöst durch DSB-XML 2.5)"),
    E("dewis.root", "the root element is <{name}>, not <dewis>: this is not a DeWIS XML file",
      "Das Wurzelelement ist <{name}>, nicht <dewis>: das ist keine DeWIS-XML-Datei"),
    E("dewis.unknown_element", "<{parent}> has an element <{element}> wertung does not know; it is not read",
      "<{parent}> hat ein Element <{element}>, das wertung nicht kennt; es wird nicht gelesen"),
    E("dewis.player_lacks", "the player has no <noPlayer>", "Dem Spieler fehlt <noPlayer>"),
    E("dewis.team_lacks", "the team has no <lot>", "Der Mannschaft fehlt <lot>"),
    E("dewis.not_rating", "{text:q} is not a whole number from 0 to 3500",
      "{text} ist keine ganze Zahl von 0 bis 3500"),
    E("dewis.not_dob", "{text:q} is not a year (YYYY) or a date (YYYY-MM-DD)",
      "{text} ist kein Jahr (JJJJ) und kein Datum (JJJJ-MM-TT)"),
    E("dewis.not_result",
      "{text:q} is not a result (1:0, 0:1, ½:½, 0:0, +:-, -:+, -:-, ½:0, 0:½, 0:-, -:0 or empty)",
      "{text} ist kein Ergebnis (1:0, 0:1, ½:½, 0:0, +:-, -:+, -:-, ½:0, 0:½, 0:-, -:0 oder leer)"),
    E("dewis.no_white", "the game has no white player", "Die Partie hat keinen Weißspieler"),
    E("dewis.not_played", "the game {white}-{black} has no result (not played); it is left out",
      "Die Partie {white}-{black} hat kein Ergebnis (nicht gespielt); " + _LEFT_OUT_DE),
    E("dewis.unknown_number",
      "the game {white}-{black} names start number {n:int}, which no player has; it is left out",
      "Die Partie {white}-{black} nennt die Startnummer {n}, die kein Spieler hat; " + _LEFT_OUT_DE),
    E("dewis.twice_in_round",
      "player {p} is paired twice in round {r:int} (first in line {first}); this pairing is left out",
      "Spieler {p} ist in Runde {r} zweimal gepaart (zuerst in Zeile {first}); diese Paarung bleibt weg"),
)  # fmt: skip

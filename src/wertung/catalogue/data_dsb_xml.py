"""DSB XML 2.5: the tournament report for the rating portal (formats/dsb_map, dsb_xml)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["DSB_XML"]

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
)  # fmt: skip

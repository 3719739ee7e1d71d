"""Notes and warnings of imports and evaluations (what was read how, what is missing)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["NOTES"]

_GIVE_DATE_EN = "give the end date (command line: --date YYYY-MM-DD)"
_GIVE_DATE_DE = "bitte das Enddatum angeben (Kommandozeile: --date JJJJ-MM-TT)"
_IGN_EN = "; ignored"
_IGN_DE = "; nicht verwendet"

NOTES: tuple[E, ...] = (
    # TRF (formats/trf.py, _trf_time.py)
    E(
        "note.trf.fide_id",
        "id {text:q} is not a FIDE id" + _IGN_EN,
        "Kennung {text} ist keine FIDE-ID" + _IGN_DE,
    ),
    E(
        "note.trf.scoring",
        "scoring record 162 not understood; default scoring used",
        "Punktwertung (Satz 162) nicht verstanden; die übliche Wertung wird verwendet",
    ),
    E(
        "note.trf.ignored_records",
        "ignored {count:msg} with record {code:q} (first at line {line:int})",
        "{count} mit Satzart {code} nicht verwendet (zuerst in Zeile {line})",
    ),
    E(
        "note.trf.decoded",
        "decoded as {encoding} (not UTF-8)",
        "Als {encoding} dekodiert (nicht UTF-8)",
    ),
    E(
        "note.trf.lines",
        "{count:int} {count|line|lines}",
        "{count} {count|Zeile|Zeilen}",
        ("{count:int} line(s)",),
    ),
    E(
        "note.trf.national",
        "national ratings from {feds:list} records",
        "Nationale Wertungszahlen aus den Sätzen {feds}",
    ),
    E(
        "note.trf.rounds_declared",
        "the file declares {declared:int} rounds but has results for {seen:int}",
        "Die Datei nennt {declared} Runden, hat aber Ergebnisse für {seen}",
    ),
    E(
        "note.trf.end_from_rounds",
        "end date {date:date} taken from the last round date (132)",
        "Enddatum {date} aus dem letzten Rundendatum (132) übernommen",
    ),
    E(
        "note.trf.no_end_date",
        "the file has no end date (052 or 132); " + _GIVE_DATE_EN,
        "Die Datei hat kein Enddatum (052 oder 132); " + _GIVE_DATE_DE,
    ),
    E(
        "note.trf.date",
        "date {value:q} ({code}) not understood" + _IGN_EN,
        "Datum {value} ({code}) nicht verstanden" + _IGN_DE,
    ),
    E(
        "note.trf.date_reading",
        "date {value:q} ({code}) read as {date:date} ({spelling}), the reading that agrees with the other dates",
        "Datum {value} ({code}) als {date} gelesen (Schreibweise {spelling}), die Lesart, die zu den anderen "
        "Daten passt",
    ),
    E(
        "note.trf.round_dates_reading",
        "round dates (132) read as {first:date} to {last:date} ({spelling}), the reading that agrees with the "
        "other dates",
        "Rundendaten (132) als {first} bis {last} gelesen (Schreibweise {spelling}), die Lesart, die zu den "
        "anderen Daten passt",
    ),
    E(
        "note.trf.bye_unreadable",
        "bye record not understood" + _IGN_EN,
        "Freilos-Satz nicht verstanden" + _IGN_DE,
    ),
    E(
        "note.trf.bye_round0",
        "bye record for round 0" + _IGN_EN,
        "Freilos-Satz für Runde 0" + _IGN_DE,
    ),
    E(
        "note.trf.bye_unknown",
        "bye record for unknown player {number}" + _IGN_EN,
        "Freilos-Satz für den unbekannten Spieler {number}" + _IGN_DE,
    ),
    E(
        "note.trf.bye_conflict",
        "bye record {code:q} for player {number} in round {round:int} conflicts with his 001 line; the 001 line is kept",
        "Freilos-Satz {code} für Spieler {number} in Runde {round} widerspricht seiner 001-Zeile; die 001-Zeile gilt",
    ),
    E(
        "note.trf.header_players",
        "the header says {stated:int} players (062), the file has {count:int}; the player lines are used",
        "Der Kopf nennt {stated} Spieler (062), die Datei hat {count}; die Spielerzeilen gelten",
    ),
    E(
        "note.trf.fed_unknown",
        "{fed} record for unknown player {number}" + _IGN_EN,
        "{fed}-Satz für den unbekannten Spieler {number}" + _IGN_DE,
    ),
    E(
        "note.trf.round_dates",
        "{count:int} round date(s) not understood (first {first:q})" + _IGN_EN,
        "{count} {count|Rundendatum|Rundendaten} nicht verstanden (zuerst {first})" + _IGN_DE,
    ),
    E(
        "note.trf.rounds",
        "number of rounds {value:q} not understood" + _IGN_EN,
        "Rundenzahl {value} nicht verstanden" + _IGN_DE,
    ),
    E(
        "note.trf.tc_encoded",
        "encoded time control {value:q} (222) not understood",
        "Verschlüsselte Bedenkzeit {value} (222) nicht verstanden",
    ),
    E(
        "note.trf.tc_type",
        "time control {kind:term} taken from the tournament type (092)",
        "Bedenkzeit {kind} aus der Turnierart (092) übernommen",
    ),
    E(
        "note.trf.tc_text",
        "time control {value:q} (122) not understood",
        "Bedenkzeit {value} (122) nicht verstanden",
    ),
    E(
        "note.trf.tc_conflict",
        "the time control text (122) reads as {text:term}, the encoded one (222) as {encoded:term}; 222 is used",
        "Der Bedenkzeit-Text (122) ergibt {text}, die verschlüsselte Angabe (222) {encoded}; 222 gilt",
    ),
    E(
        "note.tc_unknown",
        "time control {value:q} not understood",
        "Bedenkzeit {value} nicht verstanden",
    ),
    # crosstables and pairing programs
    E(
        "note.bye_code",
        "{who} has bye code {code} and opponent {opponent}; read as a bye",
        "{who} hat den Freilos-Code {code} und den Gegner {opponent}; als Freilos gelesen",
    ),
    E(
        "note.unrated_draw",
        "{white}-{black} is an unrated draw (D, less than one move): recorded as a half-point bye for both, not counted",
        "{white}-{black} ist ein ungewertetes Remis (D, weniger als ein Zug): für beide als halbes Freilos "
        "erfasst, nicht gewertet",
    ),
    E(
        "note.unrated_game",
        "{white}-{black} is an unrated game ({a}/{b}, less than one move): recorded as a forfeit, not counted",
        "{white}-{black} ist eine ungewertete Partie ({a}/{b}, weniger als ein Zug): als kampflos erfasst, "
        "nicht gewertet",
    ),
    E(
        "note.no_colours",
        "{white}-{black} has no colours; {first} taken as White",
        "{white}-{black} hat keine Farben; {first} gilt als Weiß",
    ),
    E(
        "note.empty_slot",
        "an empty slot beside player {id}" + _IGN_EN,
        "Ein leerer Platz neben Spieler {id}" + _IGN_DE,
    ),
    E(
        "note.empty_opponent",
        "player {id} has an empty opponent slot" + _IGN_EN,
        "Spieler {id} hat einen leeren Gegnerplatz" + _IGN_DE,
    ),
    E(
        "incomplete.result_code",
        "result code {code} of {white}-{black} is unknown; game left out",
        "Ergebniscode {code} von {white}-{black} ist unbekannt; Partie ausgelassen",
    ),
    E(
        "note.double_zero",
        "{white}-{black} is a double zero (no points, not rated)",
        "{white}-{black} ist eine doppelte Null (keine Punkte, nicht gewertet)",
    ),
    E(
        "note.birth_date",
        "birth date {text:q} not understood" + _IGN_EN,
        "Geburtsdatum {text} nicht verstanden" + _IGN_DE,
    ),
    E(
        "note.not_understood",
        "{what:term} {text:q} not understood" + _IGN_EN,
        "{what} {text} nicht verstanden" + _IGN_DE,
    ),
    E(
        "note.draw_without_game",
        "{white}-{black} is a draw without a game; counted as a half-point bye each",
        "{white}-{black} ist ein Remis ohne Partie; für beide als halbes Freilos gezählt",
    ),
    # Excel exports
    E(
        "note.xlsx.date",
        "tournament date {value:q} not understood" + _IGN_EN,
        "Turnierdatum {value} nicht verstanden" + _IGN_DE,
    ),
    E(
        "note.xlsx.refer",
        "the cells refer to the players by their {what:term}",
        "Die Zellen nennen die Spieler nach ihren {what}",
    ),
    E(
        "incomplete.xlsx.cut",
        "the crosstable names opponents who are not in it (the export may be cut): {count:int} game(s) left out",
        "Die Kreuztabelle nennt Gegner, die nicht in ihr stehen (der Export ist womöglich abgeschnitten): "
        "{count} {count|Partie|Partien} ausgelassen",
    ),
    E(
        "note.xlsx.round_robin",
        "a round-robin crosstable shows no rounds or colours: round numbers come from a round-robin "
        "schedule and the lower number is White",
        "Eine Rundenturnier-Kreuztabelle zeigt weder Runden noch Farben: Die Rundennummern stammen "
        "aus einem Rundenturnier-Spielplan, und die niedrigere Nummer hat Weiß",
    ),
    E(
        "note.xlsx.rounds",
        "the header announces {declared:int} rounds; the crosstable has {rounds:int}",
        "Der Kopf kündigt {declared} {declared|Runde|Runden} an; die Kreuztabelle hat {rounds}",
    ),
    E(
        "note.xlsx.no_date",
        "the export has no tournament date; " + _GIVE_DATE_EN,
        "Der Export hat kein Turnierdatum; " + _GIVE_DATE_DE,
    ),
    E(
        "note.xlsx.no_date_updated",
        "the export has no tournament date (last update {updated}); " + _GIVE_DATE_EN,
        "Der Export hat kein Turnierdatum (letzte Änderung {updated}); " + _GIVE_DATE_DE,
    ),
    # the evaluation (tournament/_evaluation.py, fide.py, tournament_fide.py)
    E(
        "warning.no_index",
        "{count:int} {count|player has|players have} a DWZ without index; the rules then use the first K0 "
        "column (WO 2026) or E ≤ 5 (WO 2014): load the DSB rating list or give the index",
        "{count} {count|Spieler hat|Spieler haben} eine DWZ ohne Index; die Regeln verwenden dann die erste "
        "K0-Spalte (WO 2026) bzw. E ≤ 5 (WO 2014): bitte die DSB-Wertungsliste laden oder den Index angeben",
        (
            "{count:int} players have a DWZ without index; the rules then use the first K0 column (WO 2026) or "
            "E ≤ 5 (WO 2014): load the DSB rating list or give the index",
        ),
    ),
    E(
        "incomplete.points_differ",
        "player {id} ({name}): the games give {got:score} {got|point|points}, the source says {stated:score}",
        "Spieler {id} ({name}): die Partien ergeben {got} {got|Punkt|Punkte}, die Quelle nennt {stated}",
    ),
    E(
        "note.fide.old_date",
        "the date is before 2024-03-01: the 2024 rules are applied (older rules are not modelled; give the K of that time)",
        "Das Datum liegt vor dem 01.03.2024: die Regeln von 2024 gelten (ältere Regeln sind nicht abgebildet; "
        "bitte das damalige K angeben)",
    ),
    E(
        "note.fide.games_played",
        "games_played not given: taken as 30 or more (K 40 for new players not used)",
        "Zahl gespielter Partien nicht angegeben: als 30 oder mehr angenommen (K 40 für neue Spieler nicht verwendet)",
    ),
    E(
        "warning.fide.none",
        "player {id} ({name}): no FIDE evaluation: {reason:msg}",
        "Spieler {id} ({name}): keine FIDE-Auswertung: {reason}",
    ),
    E(
        "warning.not_standard",
        "a {kind:term} tournament: only standard games are DWZ-rated (WO 4.2, time control)",
        "Ein Turnier mit Bedenkzeit {kind}: nur Partien mit langer Bedenkzeit werden für die DWZ gewertet "
        "(WO 4.2, Bedenkzeit)",
    ),
    # league seasons (tournament/_league.py) and the CLI's DSB matching
    E(
        "note.league.no_team",
        "{count:int} {count|player|players} with boards but no team: {shown}",
        "{count} {count|Spieler|Spieler} mit Brettern, aber ohne Mannschaft: {shown}",
        ("{count:int} player(s) with boards but no team: {shown}",),
    ),
    E(
        "note.league.divisions",
        "{name} played in {count:int} divisions ({where})",
        "{name} spielte in {count} Staffeln ({where})",
    ),
    E(
        "note.league.not_between_teams",
        "round {round:int}: the game {white}–{black} is not between two teams; left out of the team matches",
        "Runde {round}: die Partie {white}–{black} ist nicht zwischen zwei Mannschaften; bei den "
        "Mannschaftskämpfen nicht berücksichtigt",
    ),
    E(
        "note.league.boards_only",
        "round {round:int}: {team} has only boards without a game; the opponent team is not known",
        "Runde {round}: {team} hat nur Bretter ohne Partie; die gegnerische Mannschaft ist nicht bekannt",
    ),
    E(
        "note.league.also_played",
        "{name} also played in {others}: one evaluation per division, in the order of their last round",
        "{name} spielte auch in {others}: eine Auswertung je Staffel, in der Reihenfolge ihrer letzten Runde",
    ),
    E(
        "note.league.starts_from",
        "{name}: starts from the result of the earlier division (DWZ {dwz})",
        "{name}: beginnt mit dem Ergebnis der früheren Staffel (DWZ {dwz})",
    ),
    E(
        "note.dsb.candidates",
        "DSB list: {name}: several candidates ({names}); not used",
        "DSB-Liste: {name}: mehrere Kandidaten ({names}); nicht verwendet",
    ),
    E("note.dsb.conflict", "DSB list: {name}: {conflict:msg}", "DSB-Liste: {name}: {conflict}"),
)

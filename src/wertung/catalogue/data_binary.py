"""Binary pairing-program files: Swiss-Chess (.SWT) and Swiss-Manager (.TUNX/.TURX/.TUMX/.TUTX)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["BINARY"]

_LAYOUT_EN = "a layout wertung does not read"
_LAYOUT_DE = "ein Aufbau, den wertung nicht liest"

BINARY: tuple[E, ...] = (
    E(
        "binary.beyond_end",
        "{what:term} at offset {offset} lies beyond the end of the file ({size:int} bytes)",
        "{what} bei Offset {offset} liegt hinter dem Dateiende ({size} Bytes)",
    ),
    E(
        "binary.not_text",
        "{what:term} at offset {offset} is not valid text",
        "{what} bei Offset {offset} ist kein gültiger Text",
    ),
    E(
        "binary.past_section",
        "{what:term} at offset {offset} runs past the end of its section",
        "{what} bei Offset {offset} reicht über das Ende seines Abschnitts hinaus",
    ),
    E(
        "binary.text_past_section",
        "{what:term} at offset {offset}: a text of {count:int} characters runs past the end of its section ({end})",
        "{what} bei Offset {offset}: ein Text mit {count} Zeichen reicht über das Ende seines Abschnitts hinaus ({end})",
    ),
    E(
        "binary.control_chars",
        "{what:term} is not valid text (control characters)",
        "{what} ist kein gültiger Text (Steuerzeichen)",
    ),
    E(
        "binary.out_of_range_open",
        "{what:term} {value:q} is out of range",
        "{what} {value} liegt außerhalb des Bereichs",
    ),
    E("binary.colour_unknown", "colour code {code} is unknown", "Farbcode {code} ist unbekannt"),
    E(
        "binary.player_missing",
        "player {id} is not in the file",
        "Spieler {id} steht nicht in der Datei",
    ),
    E(
        "binary.team_number",
        "team number {number} is missing or used twice",
        "Mannschaftsnummer {number} fehlt oder kommt zweimal vor",
    ),
    E("binary.name_empty", "the name is empty", "Der Name ist leer"),
    E(
        "binary.opponent_unknown",
        "the opponent id {id} is not a player of the file",
        "Die Gegnerkennung {id} ist kein Spieler der Datei",
    ),
    E(
        "binary.pairing_differs",
        "the pairing with player {id} is not stored the same way on both sides (damaged file)",
        "Die Paarung mit Spieler {id} ist auf beiden Seiten verschieden gespeichert (beschädigte Datei)",
    ),
    E("binary.participant_zero", "the participant id is 0", "Die Teilnehmerkennung ist 0"),
    E(
        "binary.results_misfit",
        "the results of the two players ({a}, {b}) do not fit together (damaged file)",
        "Die Ergebnisse der beiden Spieler ({a}, {b}) passen nicht zusammen (beschädigte Datei)",
    ),
    E(
        "swt.version",
        "file version {version:num} (offset 0x261) is not a Swiss-Chess version wertung reads (7.xx and 8.xx)",
        "Dateiversion {version} (Offset 0x261) ist keine Swiss-Chess-Version, die wertung liest (7.xx und 8.xx)",
    ),
    E(
        "swt.too_short",
        "the file is too short ({size:int} bytes) for a Swiss-Chess file",
        "Die Datei ist zu kurz ({size} Bytes) für eine Swiss-Chess-Datei",
    ),
    E(
        "swt.participants",
        "the participant count {count} (offset 0x7) is not plausible",
        "Die Teilnehmerzahl {count} (Offset 0x7) ist nicht plausibel",
    ),
    E(
        "swt.size_mismatch",
        "the file has {size:int} bytes, but {what} and {rounds:int} rounds in the version-{version:num} layout "
        "make {expected}: the file is damaged or of " + _LAYOUT_EN,
        "Die Datei hat {size} Bytes, aber {what} und {rounds} Runden ergeben im Aufbau der Version {version} "
        "{expected}: die Datei ist beschädigt oder hat "
        + _LAYOUT_DE.replace("ein Aufbau", "einen Aufbau"),
    ),
    E("count.players", "{count:int} players", "{count} Spieler"),
    E(
        "count.players_teams",
        "{players:int} players, {teams:int} teams",
        "{players} Spieler, {teams} Mannschaften",
    ),
    E(
        "swm.no_config",
        "no configuration section at {offset} after the header texts",
        "Kein Konfigurationsabschnitt bei {offset} nach den Kopftexten",
    ),
    E(
        "swm.not_swiss_manager",
        "not a Swiss-Manager file (no Swiss-Manager header, directory or end marker)",
        "Keine Swiss-Manager-Datei (kein Swiss-Manager-Kopf, Verzeichnis oder Endmarke)",
    ),
    E(
        "swm.participant_twice",
        "player record {n:int} at offset {offset}: participant id {id} is also that of player record {other:int}",
        "Spielerdatensatz {n} bei Offset {offset}: die Teilnehmerkennung {id} hat auch Spielerdatensatz {other}",
    ),
    E(
        "swm.players_section",
        "the configuration says {count:int} players; the players section ({size:num} bytes) cannot hold them",
        "Die Konfiguration nennt {count} Spieler; der Spielerteil ({size} Bytes) fasst sie nicht",
    ),
    E(
        "swm.schedule_rounds",
        "the configuration says {rounds:int} rounds; the schedule cannot hold them",
        "Die Konfiguration nennt {rounds} Runden; der Rundenplan fasst sie nicht",
    ),
    E(
        "swm.round_date",
        "the date {value:int} is not a date (YYYYMMDD, 0 for none)",
        "das Datum {value} ist kein Datum (JJJJMMTT, 0 für keins)",
    ),
    E(
        "swm.config_short",
        "the configuration section is too short for the {name:term}",
        "Der Konfigurationsabschnitt ist zu kurz für {name}",
    ),
    E(
        "swm.directory_layout",
        "the directory at offset {offset} does not describe a layout wertung reads (the file is damaged, or of "
        "a Swiss-Manager version not known yet)",
        "Das Verzeichnis bei Offset {offset} beschreibt keinen Aufbau, den wertung liest (die Datei ist "
        "beschädigt oder von einer noch nicht bekannten Swiss-Manager-Version)",
        was=(
            "the directory at offset {offset} does not describe a layout wertung reads (a Swiss-Manager "
            "version not known yet)",
        ),
    ),
    E(
        "swm.cut_short",
        "the file ({size:int} bytes) has no directory and end marker in its last {length:int} bytes (from "
        "offset {offset}): cut short or damaged",
        "Die Datei ({size} Bytes) hat in ihren letzten {length} Bytes (ab Offset {offset}) kein Verzeichnis "
        "und keine Endmarke: abgeschnitten oder beschädigt",
    ),
    E(
        "swm.directory_order",
        "the directory at offset {offset} has offsets out of order",
        "Das Verzeichnis bei Offset {offset} hat Offsets in falscher Reihenfolge",
    ),
    E(
        "swm.directory_unknown",
        "the directory at offset {offset} lists unknown sections",
        "Das Verzeichnis bei Offset {offset} nennt unbekannte Abschnitte",
    ),
    E(
        "swm.section_marker",
        "section {n:int} of the directory does not start with a section marker at {offset}",
        "Abschnitt {n} des Verzeichnisses beginnt bei {offset} nicht mit einer Abschnittsmarke",
    ),
    E(
        "swm.section_known_tag",
        "section {n:int} of the directory (at {offset}) has the marker of the {name:term} section: "
        + _LAYOUT_EN,
        "Abschnitt {n} des Verzeichnisses (bei {offset}) hat die Marke des Abschnitts {name}: "
        + _LAYOUT_DE,
    ),
    # sections after the known ones: notes
    E(
        "swm.section_skipped",
        "section {n:int} ({size:int} bytes, marker {marker}) not known; skipped",
        "Abschnitt {n} ({size} Bytes, Marke {marker}) unbekannt; übersprungen",
    ),
    E(
        "swm.club_pairs_form",
        "section {n:int} ({size:int} bytes, marker {marker}) not in the known form (pairs of teams); skipped",
        "Abschnitt {n} ({size} Bytes, Marke {marker}) nicht in der bekannten Form (Mannschaftspaare); "
        "übersprungen",
    ),
    E(
        "swm.club_pairs",
        "section {n:int} ({size:int} bytes, marker {marker}): {count:int} {count|pair|pairs} of teams, each of one "
        "club ({pairs}); not needed for the evaluation",
        "Abschnitt {n} ({size} Bytes, Marke {marker}): {count} {count|Paar|Paare} von Mannschaften je eines "
        "Vereins ({pairs}); für die Auswertung nicht nötig",
    ),
    E(
        "swm.team_pairs",
        "section {n:int} ({size:int} bytes, marker {marker}): {count:int} {count|pair|pairs} of teams "
        "({pairs}), meaning not known; not needed for the evaluation",
        "Abschnitt {n} ({size} Bytes, Marke {marker}): {count} {count|Mannschaftspaar|Mannschaftspaare} "
        "({pairs}), Bedeutung unbekannt; für die Auswertung nicht nötig",
    ),
    E(
        "swm.players_end",
        "the players section ends at {end}, but {count:int} players end at {offset}: " + _LAYOUT_EN,
        "Der Spielerteil endet bei {end}, aber {count} Spieler enden bei {offset}: " + _LAYOUT_DE,
    ),
    E(
        "swm.schedule_end",
        "the schedule ends at {end}, but {rounds:int} rounds end at {offset}: " + _LAYOUT_EN,
        "Der Rundenplan endet bei {end}, aber {rounds} Runden enden bei {offset}: " + _LAYOUT_DE,
    ),
    E(
        "swm.schedule_games",
        "the schedule lists {total:int} games; the games section holds {held:num}: " + _LAYOUT_EN,
        "Der Rundenplan nennt {total} Partien; der Partienteil fasst {held}: " + _LAYOUT_DE,
    ),
    E(
        "swm.marker",
        "the {name:term} section does not start with its marker at {offset}",
        "Der Abschnitt {name} beginnt bei {offset} nicht mit seiner Marke",
    ),
    E(
        "swm.tournament_type",
        "tournament type {kind} (configuration offset 15) is unknown",
        "Turnierart {kind} (Konfigurations-Offset 15) ist unbekannt",
    ),
    # team files (.TUMX, .TUTX): a layout not known
    E(
        "swm.team_layout_kind",
        "a Swiss-Manager team file (.{ext}, {what}) of a layout wertung does not know: the directory at offset "
        "{offset} lists no team sections",
        "eine Swiss-Manager-Mannschaftsdatei (.{ext}, {what}) in einem Aufbau, den wertung nicht kennt: das "
        "Verzeichnis bei Offset {offset} nennt keine Mannschaftsabschnitte",
    ),
    E(
        "swm.team_layout_tumx",
        "a Swiss-Manager team file (.TUMX, a team Swiss tournament) of a layout wertung does not know: the "
        "directory at offset {offset} lists no team sections",
        "eine Swiss-Manager-Mannschaftsdatei (.TUMX, ein Mannschaftsturnier nach Schweizer System) in einem "
        "Aufbau, den wertung nicht kennt: das Verzeichnis bei Offset {offset} nennt keine Mannschaftsabschnitte",
    ),
    E(
        "swm.team_layout_tutx",
        "a Swiss-Manager team file (.TUTX, a team round robin) of a layout wertung does not know: the "
        "directory at offset {offset} lists no team sections",
        "eine Swiss-Manager-Mannschaftsdatei (.TUTX, ein Mannschaftsrundenturnier) in einem Aufbau, den "
        "wertung nicht kennt: das Verzeichnis bei Offset {offset} nennt keine Mannschaftsabschnitte",
    ),
    E(
        "swm.individual_with_teams",
        "a Swiss-Manager file of a layout wertung does not know: the directory at offset {offset} lists team "
        "sections, but the configuration says an individual tournament (.{ext})",
        "eine Swiss-Manager-Datei in einem Aufbau, den wertung nicht kennt: das Verzeichnis bei Offset {offset} "
        "nennt Mannschaftsabschnitte, die Konfiguration aber ein Einzelturnier (.{ext})",
    ),
    # team files: damaged or not fitting together
    E(
        "swm.marker_teams",
        "the teams section does not start with its marker at {offset}",
        "Der Mannschaftsteil beginnt bei {offset} nicht mit seiner Marke",
    ),
    E(
        "swm.marker_matches",
        "the matches section does not start with its marker at {offset}",
        "Der Teil der Mannschaftspaarungen beginnt bei {offset} nicht mit seiner Marke",
    ),
    E(
        "swm.player_team",
        "team record {team} is not in the file ({count:int} teams)",
        "Mannschaftsdatensatz {team} steht nicht in der Datei ({count} Mannschaften)",
    ),
    E(
        "swm.pairings_without_teams",
        "{count:int} team pairings in a file without teams: " + _LAYOUT_EN,
        "{count} Mannschaftspaarungen in einer Datei ohne Mannschaften: " + _LAYOUT_DE,
    ),
    E(
        "swm.bye_mark_on_board",
        "player {mark} (a bye mark) in a board pairing of a team event: " + _LAYOUT_EN,
        "Spieler {mark} (eine Freilos-Marke) in einer Brettpaarung eines Mannschaftsturniers: "
        + _LAYOUT_DE,
    ),
    E(
        "swm.no_boards",
        "the configuration says 0 boards per match (offset 53): " + _LAYOUT_EN,
        "Die Konfiguration nennt 0 Bretter je Mannschaftskampf (Offset 53): " + _LAYOUT_DE,
    ),
    E(
        "swm.teams_section",
        "the configuration says {count:int} teams; the teams section ({size:num} bytes) cannot hold them",
        "Die Konfiguration nennt {count} Mannschaften; der Mannschaftsteil ({size} Bytes) fasst sie nicht",
    ),
    E(
        "swm.teams_end",
        "the teams section ends at {end}, but {count:int} teams end at {offset}: " + _LAYOUT_EN,
        "Der Mannschaftsteil endet bei {end}, aber {count} Mannschaften enden bei {offset}: "
        + _LAYOUT_DE,
    ),
    E(
        "swm.schedule_pairings",
        "the schedule lists {total:int} team pairings; the team pairings section holds {held:num}: "
        + _LAYOUT_EN,
        "Der Rundenplan nennt {total} Mannschaftspaarungen; der Teil der Mannschaftspaarungen fasst {held}: "
        + _LAYOUT_DE,
    ),
    E(
        "swm.pairing_team",
        "round {round:int}, team pairing record at offset {offset}: team {team} is not in the file "
        "({count:int} teams)",
        "Runde {round}, Mannschaftspaarung bei Offset {offset}: Mannschaft {team} steht nicht in der Datei "
        "({count} Mannschaften)",
    ),
    E(
        "swm.pairing_twice",
        "round {round:int}, team pairing record at offset {offset}: team {team} is also in the team pairing "
        "at offset {other}",
        "Runde {round}, Mannschaftspaarung bei Offset {offset}: Mannschaft {team} steht auch in der "
        "Mannschaftspaarung bei Offset {other}",
    ),
    E(
        "swm.blocks",
        "{count:int} board pairings are not one block of {boards:int} boards for each of its {pairings:int} "
        "team pairings: " + _LAYOUT_EN,
        "{count} Brettpaarungen sind nicht ein Block von {boards} Brettern für jede ihrer {pairings} "
        "Mannschaftspaarungen: " + _LAYOUT_DE,
    ),
    # team files: notes
    E(
        "swm.empty_board_result",
        "an empty board with result code {code}; ignored",
        "ein leeres Brett mit Ergebniscode {code}; nicht berücksichtigt",
    ),
    E(
        "swm.board_result_code",
        "result code {code} of {white}-{black} is unknown; board left out",
        "Ergebniscode {code} von {white}-{black} ist unbekannt; Brett nicht berücksichtigt",
    ),
    E(
        "swm.no_opponent_team",
        "team {team} has no opponent team this round; no board number",
        "Mannschaft {team} hat in dieser Runde keine Gegnermannschaft; keine Brettnummer",
    ),
    E(
        "swm.not_of_teams",
        "player {id} (team {team}) is not of the teams {a} and {b}; no board number",
        "Spieler {id} (Mannschaft {team}) gehört zu keiner der Mannschaften {a} und {b}; keine Brettnummer",
    ),
    E(
        "swm.same_team",
        "the players {a} and {b} are of the same team; no board number",
        "Die Spieler {a} und {b} gehören zur selben Mannschaft; keine Brettnummer",
    ),
    E(
        "swm.no_pairing",
        "player {id} (team {team}) is in no team pairing of the round; no board number",
        "Spieler {id} (Mannschaft {team}) steht in keiner Mannschaftspaarung der Runde; keine Brettnummer",
    ),
    E(
        "swm.no_team",
        "player {id} has no team; no board number",
        "Spieler {id} hat keine Mannschaft; keine Brettnummer",
    ),
    E(
        "swm.team_bye",
        "{team} has a team bye ({points:score} board points stored; not in the team matches)",
        "{team} hat ein Mannschaftsfreilos ({points} Brettpunkte gespeichert; nicht in den Mannschaftskämpfen)",
    ),
    E(
        "swm.team_not_paired",
        "{team} is not paired this round",
        "{team} ist in dieser Runde nicht gepaart",
    ),
    E(
        "swm.match_without_boards",
        "{match} has no board pairings",
        "{match} hat keine Brettpaarungen",
    ),
    E(
        "swm.match_boards",
        "{match} has {count:int} boards; the configuration says {boards:int}",
        "{match} hat {count} Bretter; die Konfiguration nennt {boards}",
    ),
)

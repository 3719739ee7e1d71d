"""Formats: files and their limits (source, zip, Excel, TRF, crosstables, JSON reading)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E
from wertung.catalogue.data_pages_plan import PAGES_PLAN

__all__ = ["FORMATS"]

_EXP_CELL_EN = "(such as 12w1, 5b½, 7w+, -1, -½, -0)"
_EXP_CELL_DE = "(etwa 12w1, 5b½, 7w+, -1, -½, -0)"

FORMATS: tuple[E, ...] = (
    # reading a source (formats/_source.py, importers.py)
    E(
        "file.cannot_read_from",
        "cannot read a tournament from {what}",
        "Aus {what} lässt sich kein Turnier lesen",
    ),
    E(
        "file.read_takes",
        "read() takes a path or bytes; use loads() for TRF text",
        "read() nimmt einen Pfad oder Bytes; für TRF-Text loads() verwenden",
    ),
    E(
        "file.too_large",
        "the file has {size:count} bytes or more; the limit is {limit:count}",
        "Die Datei hat {size} Bytes oder mehr; die Grenze liegt bei {limit}",
    ),
    E(
        "file.not_bytes",
        "the file object did not return bytes",
        "Das Dateiobjekt hat keine Bytes geliefert",
    ),
    E(
        "file.cannot_read",
        "cannot read {path}: {reason:msg}",
        "{path} lässt sich nicht lesen: {reason}",
    ),
    E(
        "file.cannot_read_file",
        "{path}: cannot read the file ({reason:msg})",
        "{path}: die Datei lässt sich nicht lesen ({reason})",
    ),
    E(
        "file.cannot_write",
        "cannot write {path}: {reason:msg}",
        "{path} lässt sich nicht schreiben: {reason}",
    ),
    E("file.not_found", "file not found: {path}", "Datei nicht gefunden: {path}"),
    E("file.empty", "the file is empty", "Die Datei ist leer"),
    E("os.no_such_file", "No such file or directory", "Datei oder Verzeichnis nicht gefunden"),
    E("os.permission", "Permission denied", "Zugriff verweigert"),
    E("os.is_directory", "Is a directory", "Das ist ein Verzeichnis"),
    E(
        "os.address_not_available",
        "Cannot assign requested address",
        "Die Adresse gehört nicht zu diesem Rechner",
    ),
    E("zip.bad_file", "File is not a zip file", "keine ZIP-Datei"),
    # files of a kind wertung does not read (importers.py, web/tournaments.py: file_kind)
    E(
        "file.kind.pgn",
        "a PGN game file (moves, not a crosstable); export the tournament as TRF instead",
        "eine PGN-Partiendatei (Züge, keine Turniertabelle); exportiere das Turnier als TRF",
    ),
    E(
        "file.kind.pdf",
        "a PDF; wertung reads TRF, Excel, Swiss-Chess and Swiss-Manager files",
        "ein PDF; wertung liest TRF-, Excel-, Swiss-Chess- und Swiss-Manager-Dateien",
    ),
    E(
        "file.kind.xls",
        "an old Excel file (.xls); save it as .xlsx",
        "eine alte Excel-Datei (.xls); speichere sie als .xlsx",
    ),
    E(
        "file.kind.ods",
        "an OpenDocument spreadsheet; save it as .xlsx",
        "eine OpenDocument-Tabelle; speichere sie als .xlsx",
    ),
    E(
        "file.kind.csv",
        "a CSV file; wertung reads TRF, Excel (.xlsx), Swiss-Chess and Swiss-Manager files",
        "eine CSV-Datei; wertung liest TRF-, Excel- (.xlsx), Swiss-Chess- und Swiss-Manager-Dateien",
    ),
    E("file.kind.zip", "a zip archive; unpack it first", "ein Zip-Archiv; entpacke es zuerst"),
    E(
        "file.kind.doc",
        "a text document (Word); wertung reads tournament files (TRF, Excel, Swiss-Chess, Swiss-Manager)",
        "ein Textdokument (Word); wertung liest Turnierdateien (TRF, Excel, Swiss-Chess, Swiss-Manager)",
    ),
    E(
        "file.kind.tun",
        "an old Swiss-Manager file (.TUN); save it as .TUNX in Swiss-Manager",
        "eine alte Swiss-Manager-Datei (.TUN); speichere sie in Swiss-Manager als .TUNX",
    ),
    E(
        "file.kind.tur",
        "an old Swiss-Manager file (.TUR); save it as .TURX in Swiss-Manager",
        "eine alte Swiss-Manager-Datei (.TUR); speichere sie in Swiss-Manager als .TURX",
    ),
    E(
        "file.kind.team",
        "a Swiss-Manager team file (.TUMX/.TUTX) of a layout wertung does not know (another Swiss-Manager version) — for a team event the chess-results link works too",
        "eine Swiss-Manager-Mannschaftsdatei (.TUMX/.TUTX) in einem Aufbau, den wertung nicht kennt (eine andere Swiss-Manager-Version) — für ein Mannschaftsturnier geht auch der chess-results-Link",
    ),
    E(
        "file.kind.unknown",
        "a file of a kind wertung does not read; upload a TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT) or Swiss-Manager (.TUNX, .TURX, .TUMX, .TUTX) file",
        "eine Datei, die wertung nicht lesen kann; lade eine TRF-, JSON-, Excel- (.xlsx), Swiss-Chess- (.SWT) oder Swiss-Manager-Datei (.TUNX, .TURX, .TUMX, .TUTX) hoch",
    ),
    E(
        "file.kind.other",
        "a file of a kind wertung does not read",
        "eine Datei, die wertung nicht lesen kann",
    ),
    E("source.none", "no tournament source given", "Keine Turnierquelle angegeben"),
    E(
        "source.folder",
        "{path:path} is a folder: give a tournament file in it, or a chess-results link",
        "{path} ist ein Ordner: gib eine Turnierdatei darin an oder einen chess-results-Link",
    ),
    E(
        "source.several_html",
        "several sources can only be chess-results pages saved as .html",
        "Mehrere Quellen können nur als .html gespeicherte chess-results-Seiten sein",
    ),
    # TRF writing (formats/_trf_write.py)
    E("trf.too_many_players", "TRF holds at most 9999 players", "TRF fasst höchstens 9999 Spieler"),
    E(
        "trf.federation_code",
        "national federation {value:q} is not a 3-letter code",
        "Nationaler Verband {value} ist kein Kürzel aus drei Buchstaben",
    ),
    # zip archives (formats/_zipguard.py: the one guard of the Excel and the DSB list readers)
    E(
        "zip.unreadable",
        "{what:term} is not a readable zip archive ({detail:msg})",
        "{what} ist kein lesbares ZIP-Archiv ({detail})",
    ),
    E(
        "zip.too_large",
        "{what:term} is {size:size}; the limit is {limit:size}",
        "{what} ist {size} groß; die Grenze liegt bei {limit}",
    ),
    E(
        "zip.too_many_members",
        "{what:term} has {count:int} members; the limit is {limit:int}",
        "{what} hat {count} Einträge; die Grenze liegt bei {limit}",
    ),
    E(
        "zip.unnamed_member",
        "{what:term} has a member without a name",
        "{what}: ein Eintrag ohne Namen",
    ),
    E("zip.encrypted", "{what:term}'s {name} is encrypted", "{what}: {name} ist verschlüsselt"),
    E(
        "zip.method",
        "{what:term}'s {name} uses compression method {method}; only stored and deflate are read",
        "{what}: {name} verwendet die Kompressionsmethode {method}; gelesen werden nur „stored“ und „deflate“",
    ),
    E(
        "zip.member_too_large",
        "{what:term}'s {name} would unpack to {size:size}; the limit is {limit:size}",
        "{what}: {name} würde entpackt {size} groß; die Grenze liegt bei {limit}",
    ),
    E(
        "zip.ratio",
        "{what:term}'s {name} would unpack {ratio} times its packed size ({packed:size} to {size:size}); "
        "the limit is {limit} times",
        "{what}: {name} würde entpackt {ratio}-mal so groß wie gepackt ({packed} zu {size}); "
        "die Grenze liegt beim {limit}-Fachen",
    ),
    E(
        "zip.total",
        "{what:term}'s {name} would bring the unpacked total to {size:size}; the limit is {limit:size}",
        "{what}: {name} würde die entpackte Gesamtgröße auf {size} bringen; die Grenze liegt bei {limit}",
    ),
    E(
        "zip.damaged",
        "{what:term}'s {name} is damaged ({detail:msg})",
        "{what}: {name} ist beschädigt ({detail})",
    ),
    E(
        "zip.unpacks_more",
        "{what:term}'s {name} unpacks to more than {limit:size} (the limit)",
        "{what}: {name} wird entpackt größer als {limit} (die Grenze)",
    ),
    E("zip.bad_magic", "Bad magic number for file header", "ungültige Kennung im Dateikopf"),
    E(
        "zip.bad_crc",
        "Bad CRC-32 for file {name:q}",
        "falsche CRC-32-Prüfsumme für die Datei {name}",
    ),
    # Excel workbooks (formats/_xlsx_book.py, _xlsx_cells.py, xlsx.py)
    E(
        "xlsx.not_zip",
        "not an Excel file (.xlsx): it is not a zip archive",
        "Keine Excel-Datei (.xlsx): sie ist kein ZIP-Archiv",
    ),
    E(
        "xlsx.not_excel",
        "not an Excel file (.xlsx): {detail:msg}",
        "Keine Excel-Datei (.xlsx): {detail}",
    ),
    E(
        "xlsx.damaged",
        "the Excel file is damaged or not a workbook ({detail:msg})",
        "Die Excel-Datei ist beschädigt oder keine Arbeitsmappe ({detail})",
    ),
    E(
        "xlsx.doctype",
        "the workbook's {name} declares a document type (entities); Excel never writes one",
        "{name} der Arbeitsmappe erklärt einen Dokumenttyp (Entitäten); Excel schreibt nie einen",
    ),
    E(
        "xlsx.not_utf8",
        "the workbook's {name} is not UTF-8 XML",
        "{name} der Arbeitsmappe ist kein UTF-8-XML",
    ),
    E(
        "xlsx.too_many_tags",
        "the workbook's {name} has more than {limit:count} {what} (the limit)",
        "{name} der Arbeitsmappe hat mehr als {limit} {what} (die Grenze)",
    ),
    E(
        "xlsx.shared_strings",
        "the workbook's {name} declares {count:count} shared strings; the limit is {limit:count}",
        "{name} der Arbeitsmappe erklärt {count} gemeinsame Texte; die Grenze liegt bei {limit}",
    ),
    E(
        "xlsx.too_many_rows",
        "sheet {title:q} has more than {limit:count} rows (the limit)",
        "Blatt {title} hat mehr als {limit} Zeilen (die Grenze)",
    ),
    E(
        "xlsx.cell_too_long",
        "sheet {title:q}, row {row:int}, column {column}: a cell of {length:count} characters; the limit is {limit:count}",
        "Blatt {title}, Zeile {row}, Spalte {column}: eine Zelle mit {length} Zeichen; die Grenze liegt bei {limit}",
    ),
    E(
        "xlsx.too_many_cells",
        "the workbook has more than {limit:count} cells (the limit) by its {name}",
        "Die Arbeitsmappe hat mit {name} mehr als {limit} Zellen (die Grenze)",
    ),
    E(
        "xlsx.cell_not_entry",
        "cell {text:q} is not a crosstable entry " + _EXP_CELL_EN,
        "Zelle {text} ist kein Eintrag einer Kreuztabelle " + _EXP_CELL_DE,
    ),
    E(
        "xlsx.not_rating",
        "{what:term} {value:q} is not a rating (0 to {high:int})",
        "{what} {value} ist keine Wertungszahl (0 bis {high})",
    ),
    E(
        "xlsx.points_not_points",
        "points {value:q} are not a number of points",
        "Punkte {value} sind keine Punktzahl",
    ),
    E(
        "xlsx.points_range",
        "points {value:q} are not a number of points (0 to {high:int})",
        "Punkte {value} sind keine Punktzahl (0 bis {high})",
    ),
    E(
        "xlsx.points_not_number",
        "points {value:q} are not a number",
        "Punkte {value} sind keine Zahl",
    ),
    E("xlsx.not_result", "{value:q} is not a result", "{value} ist kein Ergebnis"),
    E(
        "xlsx.not_cell",
        "{value:q} is not a crosstable cell",
        "{value} ist keine Zelle einer Kreuztabelle",
    ),
    E("xlsx.cell_not_result", "cell {value:q} is not a result", "Zelle {value} ist kein Ergebnis"),
    E(
        "xlsx.no_crosstable",
        "no crosstable found: no row has the labels Name and No./Rk. (a chess-results export){more}",
        "Keine Kreuztabelle gefunden: keine Zeile hat die Beschriftungen Name und No./Rk. "
        "(ein chess-results-Export){more}",
    ),
    E("xlsx.no_players", "the crosstable has no players", "Die Kreuztabelle hat keine Spieler"),
    E(
        "xlsx.no_rounds",
        "the crosstable has no round columns (1.Rd, 2.Rd ... or 1, 2 ...)",
        "Die Kreuztabelle hat keine Rundenspalten (1.Rd, 2.Rd … oder 1, 2 …)",
    ),
    E(
        "xlsx.star_column",
        "player {id:q} has '*' (himself) in column {column}, not in his own column {own}",
        "Spieler {id} hat „*“ (sich selbst) in Spalte {column}, nicht in seiner eigenen Spalte {own}",
    ),
    E(
        "xlsx.number_twice",
        "number {number} is used twice in the crosstable (rows {a:int} and {b:int})",
        "Nummer {number} kommt in der Kreuztabelle zweimal vor (Zeilen {a} und {b})",
    ),
    E(
        "xlsx.no_column_for",
        "the crosstable has no column for player {id:q}",
        "Die Kreuztabelle hat keine Spalte für Spieler {id}",
    ),
    E(
        "xlsx.how_often",
        "players {a} and {b} disagree on how often they played",
        "Die Spieler {a} und {b} sind sich nicht einig, wie oft sie gegeneinander gespielt haben",
    ),
    E(
        "xlsx.results_disagree",
        "results of {a} against {b} disagree ({x} and {y})",
        "Die Ergebnisse von {a} gegen {b} widersprechen sich ({x} und {y})",
    ),
    E(
        "mismatch.differ",
        "{first:msg} ({count:int} {count|player differs|players differ})",
        "{first} (bei {count} {count|Spieler|Spielern} abweichend)",
        ("{first:msg} ({count:int} player(s) differ)",),
    ),
    E(
        "mismatch.points_of",
        "points of player {id} ({name}): the file says {stated:score}, the games and byes give {computed:score}",
        "Punkte von Spieler {id} ({name}): die Datei nennt {stated}, Partien und Freilose ergeben {computed}",
    ),
    E(
        "mismatch.points_of_line",
        "points of player {id} ({name}, line {line:int}): the file says {stated:score}, the games and byes "
        "give {computed:score}",
        "Punkte von Spieler {id} ({name}, Zeile {line}): die Datei nennt {stated}, Partien und Freilose "
        "ergeben {computed}",
    ),
    E(
        "mismatch.points_of_row",
        "points of player {id} ({name}, row {line:int}): the file says {stated:score}, the games and byes "
        "give {computed:score}",
        "Punkte von Spieler {id} ({name}, Zeile {line}): die Datei nennt {stated}, Partien und Freilose "
        "ergeben {computed}",
    ),
    E(
        "mismatch.bye_taken",
        "player {id} ({name}): {points:score} point for round {round:int} taken as a bye; the file records no "
        "game in that round",
        "Spieler {id} ({name}): {points} Punkt für Runde {round} als Freilos gewertet; die Datei verzeichnet in "
        "dieser Runde keine Partie",
    ),
    E(
        "mismatch.bye_taken_line",
        "player {id} ({name}, line {line:int}): {points:score} point for round {round:int} taken as a bye; the "
        "file records no game in that round",
        "Spieler {id} ({name}, Zeile {line}): {points} Punkt für Runde {round} als Freilos gewertet; die Datei "
        "verzeichnet in dieser Runde keine Partie",
    ),
    E(
        "mismatch.bye_taken_row",
        "player {id} ({name}, row {line:int}): {points:score} point for round {round:int} taken as a bye; the "
        "file records no game in that round",
        "Spieler {id} ({name}, Zeile {line}): {points} Punkt für Runde {round} als Freilos gewertet; die Datei "
        "verzeichnet in dieser Runde keine Partie",
    ),
    E(
        "mismatch.bye_taken_page",
        "player {id} ({name}): {points:score} point for round {round:int} taken as a bye; the page shows no "
        "game in that round",
        "Spieler {id} ({name}): {points} Punkt für Runde {round} als Freilos gewertet; die Seite zeigt in "
        "dieser Runde keine Partie",
    ),
    E(
        "mismatch.swt_same_games",
        "the file's own records of players {ids} count as many games as their pairings but other wins, draws "
        "and losses: results differ, no game is missing",
        "Die eigenen Sätze der Datei zu den Spielern {ids} zählen so viele Partien wie ihre Paarungen, aber "
        "andere Siege, Remis und Niederlagen: Ergebnisse weichen ab, es fehlt keine Partie",
    ),
    E(
        "mismatch.more",
        "... and {count:int} more players whose points differ",
        "… und {count} weitere {count|Spieler|Spieler}, deren Punkte abweichen",
    ),
    E("mismatch.more_what", "... and {count:int} more {what:term}", "… und {count} weitere {what}"),
    # crosstables of files (formats/_crosstable.py)
    E(
        "crosstable.self_paired",
        "{who} is paired against himself",
        "{who} ist gegen sich selbst gepaart",
    ),
    E(
        "crosstable.opponent_missing",
        "{who} has opponent {opponent}, who is not in the file",
        "{who} hat den Gegner {opponent}, der nicht in der Datei steht",
    ),
    E(
        "crosstable.played_other",
        "{who} played {other}, but {theirs} {said} in that round",
        "{who} spielte gegen {other}, aber {theirs} {said} in dieser Runde",
    ),
    E(
        "crosstable.same_colour",
        "{who} and {theirs} both have colour {colour:term}",
        "{who} und {theirs} haben beide die Farbe {colour}",
    ),
    E(
        "crosstable.results_disagree",
        "results disagree: {who} has {a:term}, {theirs} has {b:term}",
        "Die Ergebnisse widersprechen sich: {who} hat {a}, {theirs} hat {b}",
    ),
    # TRF reading (formats/trf.py)
    E(
        "trf.not_string",
        "TRF text must be a string (use read() for bytes)",
        "TRF-Text muss eine Zeichenkette sein (für Bytes read() verwenden)",
    ),
    E(
        "trf.no_players",
        "no player lines (001): this is not a TRF file",
        "Keine Spielerzeilen (001): das ist keine TRF-Datei",
    ),
    E(
        "trf.rounds_range",
        "number of rounds {value:q} ({code}) is out of range (1 to {high:int})",
        "Rundenzahl {value} ({code}) liegt außerhalb des Bereichs (1 bis {high})",
    ),
    E(
        "trf.players_range",
        "player count {value:q} ({code}) is out of range (0 to {high:int})",
        "Spielerzahl {value} ({code}) liegt außerhalb des Bereichs (0 bis {high})",
    ),
    E("trf.colour", "colour {colour:q} is not w, b or -", "Farbe {colour} ist nicht w, b oder -"),
    E(
        "trf.opponent",
        "opponent {text:q} is not a starting number",
        "Gegner {text} ist keine Startnummer",
    ),
    E(
        "trf.result_code",
        "result {code:q} is not a TRF result code (1 0 = + - W D L H F U Z)",
        "Ergebnis {code} ist kein TRF-Ergebniszeichen (1 0 = + - W D L H F U Z)",
    ),
    E(
        "trf.columns",
        "{block:q} is not in the TRF columns (opponent 92-95, colour 97, result 99, then every 10 columns)",
        "{block} steht nicht in den TRF-Spalten (Gegner 92-95, Farbe 97, Ergebnis 99, dann alle 10 Spalten)",
    ),
    E(
        "trf.too_many_rounds",
        "the line has more than {high:int} rounds ({length:count} characters)",
        "Die Zeile hat mehr als {high} Runden ({length} Zeichen)",
    ),
    E("trf.birth_no_year", "birth date {text:q} has no year", "Geburtsdatum {text} hat kein Jahr"),
    E(
        "trf.birth_not_date",
        "birth date {text:q} is not a date",
        "Geburtsdatum {text} ist kein Datum",
    ),
    E(
        "trf.birth_implausible",
        "year of birth {year} is not plausible",
        "Geburtsjahr {year} ist nicht plausibel",
    ),
    E("value.not_number", "{what:term} {text:q} is not a number", "{what} {text} ist keine Zahl"),
    E(
        "trf.out_of_range",
        "{what:term} {value:q} is out of range (0 to {high:int})",
        "{what} {value} liegt außerhalb des Bereichs (0 bis {high})",
    ),
    E(
        "trf.scoring_not_points",
        "{code} {value:q} is not a number of points (0 to {high:int})",
        "{code} {value} ist keine Punktzahl (0 bis {high})",
    ),
    E(
        "trf.scoring_too_high",
        "{code} {value:q} is more than {high:int} points",
        "{code} {value} ist mehr als {high} Punkte",
    ),
    E(
        "trf.start_after_end",
        "the start date {start:q} (042) comes after the end date {end:q} (052) in every reading of them",
        "Das Startdatum {start} (042) liegt in jeder Lesart nach dem Enddatum {end} (052)",
    ),
    E(
        "trf.rounds_outside",
        "the round dates (132) do not lie between the start date {start:q} (line {a:int}, 042) and the end "
        "date {end:q} (line {b:int}, 052) in any reading of them",
        "Die Rundendaten (132) liegen in keiner Lesart zwischen dem Startdatum {start} (Zeile {a}, 042) und "
        "dem Enddatum {end} (Zeile {b}, 052)",
    ),
    E(
        "trf.rounds_before_start",
        "some round dates (132) come before the start date {start:q} (line {a:int}, 042) in every reading "
        "of them",
        "Einige Rundendaten (132) liegen in jeder Lesart vor dem Startdatum {start} (Zeile {a}, 042)",
    ),
    E(
        "trf.rounds_after_end",
        "some round dates (132) come after the end date {end:q} (line {b:int}, 052) in every reading of them",
        "Einige Rundendaten (132) liegen in jeder Lesart nach dem Enddatum {end} (Zeile {b}, 052)",
    ),
    E(
        "trf.start_twice",
        "starting number {number} is used twice (lines {a:int} and {b:int})",
        "Startnummer {number} kommt zweimal vor (Zeilen {a} und {b})",
    ),
    E(
        "trf.not_start_number",
        "{what:term} {text:q} is not a starting number (1 to 9999)",
        "{what} {text} ist keine Startnummer (1 bis 9999)",
    ),
)

#: A file of a kind wertung does not read (``importers.load_tournament``): the command line's
#: error names what it is in the web's words (``upload.kind.<kind>``, held once there).
_OTHER_KINDS = ("tun", "tur", "pgn", "csv", "xls", "ods", "pdf", "zip")
FORMATS = (
    *FORMATS,
    *(E(f"file.other.{kind}", "{source}: " + PAGES_PLAN[f"upload.kind.{kind}"][1],
        "{source}: " + PAGES_PLAN[f"upload.kind.{kind}"][0]) for kind in _OTHER_KINDS),
    E("file.other", "{source}: a file of a kind wertung does not read",
      "{source}: eine Datei, die wertung nicht lesen kann"),
)  # fmt: skip

"""Messages of the planner ("what do I need?"), the season history and the uploads.

Same shape as :data:`wertung.web.messages.MESSAGES` (key → German, English), merged into it.
"""

from __future__ import annotations

__all__ = ["PLAN_MESSAGES"]

PLAN_MESSAGES: dict[str, tuple[str, str]] = {
    # uploads: what a file wertung does not read is
    "upload.kind.pgn": (
        "eine PGN-Partiendatei (Züge, keine Turniertabelle); exportiere das Turnier als TRF",
        "a PGN game file (moves, not a crosstable); export the tournament as TRF instead",
    ),
    "upload.kind.pdf": (
        "ein PDF; wertung liest TRF-, Excel-, Swiss-Chess- und Swiss-Manager-Dateien",
        "a PDF; wertung reads TRF, Excel, Swiss-Chess and Swiss-Manager files",
    ),
    "upload.kind.xls": (
        "eine alte Excel-Datei (.xls); speichere sie als .xlsx",
        "an old Excel file (.xls); save it as .xlsx",
    ),
    "upload.kind.ods": (
        "eine OpenDocument-Tabelle; speichere sie als .xlsx",
        "an OpenDocument spreadsheet; save it as .xlsx",
    ),
    "upload.kind.csv": (
        "eine CSV-Datei; wertung liest TRF-, Excel- (.xlsx), Swiss-Chess- und "
        "Swiss-Manager-Dateien",
        "a CSV file; wertung reads TRF, Excel (.xlsx), Swiss-Chess and Swiss-Manager files",
    ),
    "upload.kind.zip": ("ein Zip-Archiv; entpacke es zuerst", "a zip archive; unpack it first"),
    "upload.kind.doc": (
        "ein Textdokument (Word); wertung liest Turnierdateien (TRF, Excel, Swiss-Chess, "
        "Swiss-Manager)",
        "a text document (Word); wertung reads tournament files (TRF, Excel, Swiss-Chess, "
        "Swiss-Manager)",
    ),
    "upload.kind.tun": (
        "eine alte Swiss-Manager-Datei (.TUN); speichere sie in Swiss-Manager als .TUNX",
        "an old Swiss-Manager file (.TUN); save it as .TUNX in Swiss-Manager",
    ),
    "upload.kind.tur": (
        "eine alte Swiss-Manager-Datei (.TUR); speichere sie in Swiss-Manager als .TURX",
        "an old Swiss-Manager file (.TUR); save it as .TURX in Swiss-Manager",
    ),
    "upload.kind.team": (
        "eine Swiss-Manager-Mannschaftsdatei (.TUMX/.TUTX); wertung liest davon nur "
        "Einzelturniere (.TUNX, .TURX) — für ein Mannschaftsturnier den chess-results-Link "
        "verwenden",
        "a Swiss-Manager team file (.TUMX/.TUTX); wertung reads only individual tournaments "
        "(.TUNX, .TURX) of it — for a team event use the chess-results link",
    ),
    "upload.kind.unknown": (
        "eine Datei, die wertung nicht lesen kann; lade eine TRF-, JSON-, Excel- (.xlsx), "
        "Swiss-Chess- (.SWT) oder Swiss-Manager-Datei (.TUNX, .TURX) hoch",
        "a file of a kind wertung does not read; upload a TRF, JSON, Excel (.xlsx), "
        "Swiss-Chess (.SWT) or Swiss-Manager (.TUNX, .TURX) file",
    ),
    "upload.the_file": ("die Datei", "the file"),
    "form.file_kinds": (
        "TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT), Swiss-Manager (.TUNX, .TURX) oder "
        "gespeicherte chess-results-Seite",
        "TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT), Swiss-Manager (.TUNX, .TURX) or a saved "
        "chess-results page",
    ),
}

"""Messages of the planner ("what do I need?"), the season history and the uploads.

Same shape as :data:`wertung.catalogue.data_pages.PAGES` (key → German, English); one table
with it in :data:`wertung.catalogue.words.WORDS`.
"""

from __future__ import annotations

__all__ = ["PAGES_PLAN"]

PAGES_PLAN: dict[str, tuple[str, str]] = {
    # an import job that failed (web/jobs.py failure_text: job.<reason>)
    "job.stalled": (
        "Der Import wurde unterbrochen (der Server-Prozess antwortet nicht mehr). "
        "Bitte den Import neu starten.",
        "The import was interrupted (the server process stopped responding). "
        "Please start the import again.",
    ),
    "job.timeout": (
        "Der Import hat zu lange gedauert und wurde abgebrochen. Bitte später neu starten "
        "oder die Turnierdatei hochladen.",
        "The import took too long and was stopped. Please start it again later or upload "
        "the tournament file.",
    ),
    # a chess-results link while chess-results.com does not answer (web.import_service)
    "import.unreachable": (
        "chess-results.com ist gerade nicht erreichbar. Der Versuch zählt nicht für die "
        "Import-Grenze. Versuche es später noch einmal, oder speichere die Seiten des Turniers "
        "im Browser (Startrangliste und Kreuztabelle) und lade sie unten als Datei hoch.",
        "chess-results.com cannot be reached right now. This attempt does not count against "
        "the import limit. Try again later, or save the tournament's pages in your browser "
        "(starting rank and crosstable) and upload them below as files.",
    ),
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
        "eine Swiss-Manager-Mannschaftsdatei (.TUMX/.TUTX) in einem Aufbau, den wertung nicht "
        "kennt (eine andere Swiss-Manager-Version) — für ein Mannschaftsturnier geht auch der "
        "chess-results-Link",
        "a Swiss-Manager team file (.TUMX/.TUTX) of a layout wertung does not know (another "
        "Swiss-Manager version) — for a team event the chess-results link works too",
    ),
    "upload.kind.unknown": (
        "eine Datei, die wertung nicht lesen kann; lade eine TRF-, JSON-, Excel- (.xlsx), "
        "Swiss-Chess- (.SWT) oder Swiss-Manager-Datei (.TUNX, .TURX, .TUMX, .TUTX) hoch",
        "a file of a kind wertung does not read; upload a TRF, JSON, Excel (.xlsx), "
        "Swiss-Chess (.SWT) or Swiss-Manager (.TUNX, .TURX, .TUMX, .TUTX) file",
    ),
    "upload.the_file": ("die Datei", "the file"),
    "form.file_kinds": (
        "TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT), Swiss-Manager (.TUNX, .TURX, .TUMX, "
        ".TUTX) oder gespeicherte chess-results-Seite",
        "TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT), Swiss-Manager (.TUNX, .TURX, .TUMX, "
        ".TUTX) or a saved chess-results page",
    ),
    # the planner: "what do I need?"
    "result.still_to_play": ("noch zu spielen", "still to play"),
    "plan.legend": ("Was brauche ich?", "What do I need?"),
    "plan.hint": (
        "Markiere die Partien, die noch kommen, mit „noch zu spielen“ (Gegner-DWZ eintragen, "
        "kein Ergebnis) und gib dein Ziel an: hier steht dann, wie viele Punkte du brauchst.",
        "Mark the games still to come as “still to play” (the opponent's DWZ, no result) and "
        "give your target: you then see how many points you need.",
    ),
    "plan.hint_elo": (
        "Markiere die Partien, die noch kommen, mit „noch zu spielen“ (Gegner-Elo eintragen, "
        "kein Ergebnis) und gib deine Ziel-Elo an.",
        "Mark the games still to come as “still to play” (the opponent's rating, no result) and "
        "give your target rating.",
    ),
    "plan.hint_first": (
        "Markiere die Partien, die noch kommen, mit „noch zu spielen“. Ohne Ziel steht hier, "
        "was du für eine Erst-DWZ überhaupt brauchst.",
        "Mark the games still to come as “still to play”. Without a target you see what you "
        "need for a first DWZ at all.",
    ),
    "plan.target": ("Ziel-DWZ", "Target DWZ"),
    "plan.target_hint": (
        "leer: was du brauchst, um deine DWZ zu halten",
        "empty: what you need to keep your DWZ",
    ),
    "plan.target_elo": ("Ziel-Elo", "Target rating"),
    "plan.target_elo_hint": (
        "leer: was du brauchst, um deine Elo zu halten",
        "empty: what you need to keep your rating",
    ),
    "plan.target_first": ("Ziel-DWZ (freiwillig)", "Target DWZ (optional)"),
    "plan.target_first_hint": (
        "leer: was du für eine Erst-DWZ überhaupt brauchst",
        "empty: what you need for a first DWZ at all",
    ),
    "plan.mark_games": (
        "Markiere mindestens eine Partie als „noch zu spielen“.",
        "Mark at least one game as “still to play”.",
    ),
    "plan.need.keep": (
        "Um deine {what} von {target} zu halten, brauchst du {points} aus {games}.",
        "To keep your {what} of {target} you need {points} from {games}.",
    ),
    "plan.reached.keep": (
        "Deine {what} von {target} hältst du auch mit 0 aus {games}.",
        "You keep your {what} of {target} even with 0 from {games}.",
    ),
    "plan.out.keep": (
        "Deine {what} von {target} ist außer Reichweite: auch {all} aus {games} reichen nicht.",
        "Keeping your {what} of {target} is out of reach: even {all} from {games} is not enough.",
    ),
    "plan.out.best": ("Höchstens {best}.", "At most {best}."),
    # the planner's headline: the answer itself (web/templates/partials/plan_summary.html)
    "plan.headline.target": (
        "{points} aus {games} für {target}",
        "{points} from {games} for {target}",
    ),
    "plan.headline.keep": (
        "{points} aus {games}, um {target} zu halten",
        "{points} from {games} to keep {target}",
    ),
    "plan.headline.first": (
        "{points} aus {games} für eine Erst-DWZ",
        "{points} from {games} for a first DWZ",
    ),
    "plan.chart_title": (
        "Neue {what} je nach Punkten in den restlichen Partien",
        "New {what} by points in the remaining games",
    ),
    "plan.chart_desc": (
        "Punkte auf der waagerechten Achse, neue Wertungszahl auf der senkrechten; die "
        "gestrichelte Linie ist das Ziel.",
        "Points on the horizontal axis, new rating on the vertical one; the dashed line is "
        "the target.",
    ),
    "plan.axis_points": ("Punkte aus {n}", "points from {n}"),
    "plan.target_line": ("Ziel {target}", "target {target}"),
    "plan.col_change": ("±", "±"),
    "plan.none": ("keine", "none"),
    "plan.played_only": (
        "Der Rechenweg unten zeigt die bereits gespielten Partien.",
        "The working below shows the games played so far.",
    ),
    "plan.rule": (
        "Die neue Zahl hängt nur von der Summe der Punkte in den restlichen Partien ab; "
        "gezeigt ist die kleinste Summe (in halben Punkten), die das Ziel erreicht.",
        "The new rating depends only on the total in the remaining games; shown is the "
        "smallest total (in half points) that reaches the target.",
    ),
    # the season history
    "page.history.nav": ("Saison", "Season"),
    "page.history.title": ("DWZ-Verlauf einer Saison", "DWZ over a season"),
    "page.history.h1": ("DWZ-Verlauf über mehrere Turniere", "DWZ over several tournaments"),
    "page.history.lead": (
        "Mehrere Turniere nacheinander ausgewertet, wie es die Wertungsstelle tut: jede "
        "Auswertung beginnt mit dem Ergebnis der vorigen, die Anhebung 2026 dazwischen.",
        "Several tournaments evaluated one after another, as the rating office does: each "
        "evaluation starts from the result of the one before, the 2026 upgrade in between.",
    ),
    "history.sources_legend": ("Turniere", "Tournaments"),
    "history.add_legend": ("Weitere Turniere hinzufügen", "Add more tournaments"),
    "history.links": ("chess-results-Links", "chess-results links"),
    "history.links_hint": (
        "einer pro Zeile (oder die Turniernummer)",
        "one a line (or the tournament number)",
    ),
    "history.file_n": ("Turnierdatei {n}", "Tournament file {n}"),
    "history.files_hint": (
        "TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT) oder Swiss-Manager (.TUNX, .TURX, "
        ".TUMX, .TUTX); Reihenfolge egal",
        "TRF, JSON, Excel (.xlsx), Swiss-Chess (.SWT) or Swiss-Manager (.TUNX, .TURX, .TUMX, "
        ".TUTX); any order",
    ),
    "history.submit": ("Verlauf berechnen", "Show the history"),
    "history.nothing": (
        "Bitte mindestens einen Link oder eine Datei angeben.",
        "Please give at least one link or file.",
    ),
    "history.too_many": (
        "Höchstens {n} Turniere in einem Verlauf.",
        "At most {n} tournaments in one history.",
    ),
    "history.missing_key": (
        "Kein gespeichertes Turnier „{stored}“ — der Link ist unvollständig oder abgelaufen.",
        "No stored tournament “{stored}” — the link is incomplete or has expired.",
    ),
    "history.no_player": (
        "Kein (eindeutiger) Spieler „{name}“ in diesen Turnieren.",
        "No (single) player “{name}” in these tournaments.",
    ),
    "history.no_end_date": (
        "Das Turnier „{name}“ hat kein Enddatum; es bestimmt die Reihenfolge der Auswertungen. "
        "Trag es auf der Turnierseite ein und füge den Link mit dem Datum hier ein.",
        "The tournament “{name}” has no end date; it decides the order of the evaluations. "
        "Give it on the tournament page.",
    ),
    "history.order": (
        "Ausgewertet in dieser Reihenfolge (Turnierende, dann Name):",
        "Evaluated in this order (end date, then name):",
    ),
    "history.players_n": ("{n} Spieler", "{n} players"),
    "history.incomplete": ("unvollständig", "incomplete"),
    "history.share": ("Link zu diesem Verlauf", "Link to this history"),
    "history.player_legend": ("Spieler", "Player"),
    "history.player_pick": ("Spieler wählen", "Choose a player"),
    "history.player_all": (
        "alle (die in mehreren Turnieren zuerst)",
        "all (those in several tournaments first)",
    ),
    "history.player_show": ("Anzeigen", "Show"),
    "history.search_hint": (
        "oder in der DSB-Liste suchen und den Spieler übernehmen:",
        "or search the DSB list and take the player:",
    ),
    "history.more": (
        "{n} weitere Spieler — wähle einen aus der Liste oben.",
        "{n} more players — pick one from the list above.",
    ),
    "history.born": ("Jg. {year}", "born {year}"),
    "history.matched": ("zugeordnet über {how}", "matched by {how}"),
    "history.match.pkz": ("PKZ", "PKZ"),
    "history.match.zps": ("ZPS + Mitgliedsnummer", "ZPS + member number"),
    "history.match.fide": ("FIDE-ID", "FIDE id"),
    "history.match.name+birth_year": ("Name + Geburtsjahr", "name + birth year"),
    "history.match.name": ("Name", "name"),
    "history.col_regs": ("Regeln", "Rules"),
    "history.col_before": ("DWZ vorher", "DWZ before"),
    "history.col_after": ("DWZ nachher", "DWZ after"),
    "history.col_change": ("±", "±"),
    "history.col_perf": ("Leistung", "Performance"),
    "history.from_source": (
        "aus der Turnierdatei (erstes Auftreten)",
        "from the tournament file (first appearance)",
    ),
    "history.from_source.mark": ("Q", "S"),
    "history.chart_title": ("DWZ von {name} über die Zeit", "DWZ of {name} over time"),
    "history.chart_desc": (
        "Die Linie zeigt die DWZ nach jeder Auswertung, die Quadrate die Leistung im Turnier, "
        "die Rauten die Anhebung 2026.",
        "The line shows the DWZ after each evaluation, the squares the performance in the "
        "tournament, the diamonds the 2026 upgrade.",
    ),
    "history.key_dwz": ("DWZ nach dem Turnier", "DWZ after the tournament"),
    "history.key_perf": ("Leistung", "performance"),
    "history.no_chart": (
        "Noch keine DWZ — nichts zu zeichnen.",
        "No DWZ yet — nothing to draw.",
    ),
    "history.how_title": ("So wird gerechnet", "How it is computed"),
    "history.how_text": (
        "Die Turniere werden nach dem Datum der letzten Runde, dann nach Namen ausgewertet. "
        "Die DWZ aus einer Turnierdatei gilt nur beim ersten Auftreten eines Spielers; danach "
        "zählt die fortgeschriebene. Spieler werden über PKZ, ZPS + Mitgliedsnummer, FIDE-ID, "
        "dann Name + Geburtsjahr zugeordnet; Zweifelsfälle werden genannt, nicht geraten. "
        "Partien ohne Erst-DWZ werden als Restpartien bis zu zwei Jahre mitgenommen.",
        "The tournaments are evaluated by the date of their last round, then by name. A "
        "tournament file's DWZ counts only at a player's first appearance; after that the "
        "chained one does. Players are matched by PKZ, ZPS + member number, FIDE id, then name "
        "+ birth year; doubtful cases are named, never guessed. Games without a first DWZ are "
        "carried over for up to two years.",
    ),
}

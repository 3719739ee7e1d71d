"""The tournament pages' own messages (German, English): result layout, team view, running event.

One table with the other words by key in :data:`wertung.catalogue.words.WORDS` (a key
twice with other texts is a catalogue mistake and stops the app).
"""

from __future__ import annotations

__all__ = ["PAGES_TOURNAMENT"]

PAGES_TOURNAMENT: dict[str, tuple[str, str]] = {
    # how the tournament is evaluated (partials/corrections.html, evaluation_options.py)
    "options.method": ("Methode", "Method"),
    # the options' labels fit a 360 px wide select (about 30 characters)
    "options.method_exact": ("nach Wertungsordnung (Vorgabe)", "by the regulations (default)"),
    "options.method_table": ("Tabelle mit zwei Nachkommastellen", "two-decimal table"),
    "options.method_swiss_chess": (
        "wie Swiss-Chess (inoffiziell)",
        "as Swiss-Chess (unofficial)",
    ),
    "options.exceptional": ("Ausnahmespieler (WO 2014 3.6)", "Exceptional players (WO 2014 3.6)"),
    "options.exceptional_default": (
        "nach Methode (Swiss-Chess: aus)",
        "by the method (Swiss-Chess: off)",
    ),
    "options.exceptional_on": ("anwenden", "apply"),
    "options.exceptional_off": ("nicht anwenden", "do not apply"),
    "options.printed": ("Druckdatum (nur Swiss-Chess)", "Printing date (Swiss-Chess only)"),
    "options.printed_hint": (
        "Swiss-Chess rechnet das Alter ab dem Jahr des Druckdatums (Vorgabe: Turnierende).",
        "Swiss-Chess counts the ages from the printing date's year (default: the end date).",
    ),
    # several files in one upload (tournaments.from_uploads, tournament_state.html)
    "tournament.files_hint": (
        "Gespeicherte Seiten von chess-results.com (.html): alle Seiten eines Turniers auf "
        "einmal wählen, z. B. Kreuztabelle und Startrangliste.",
        "Pages saved from chess-results.com (.html): choose all pages of one event at once, "
        "e.g. the crosstable and the starting rank.",
    ),
    "upload.kind.mixed": (
        "mehrere Dateien auf einmal gehen nur als gespeicherte chess-results-Seiten (.html); "
        "bitte diese Datei allein hochladen",
        "several files at once can only be pages saved from chess-results (.html); "
        "upload this file on its own",
    ),
    "upload.views_got": ("Gelesene Seiten: {views}.", "Pages read: {views}."),
    "upload.views_missing": (
        "Noch fehlend: {views} – bitte zusammen mit den anderen Seiten erneut hochladen.",
        "Still missing: {views} – upload it again together with the other pages.",
    ),
    "upload.views_complete": (
        "Alle nötigen Seiten liegen vor.",
        "Every page needed is there.",
    ),
    "upload.view.starting_rank": ("Startrangliste (art=0)", "starting rank (art=0)"),
    "upload.view.ranking": ("Rangliste (art=1)", "ranking (art=1)"),
    "upload.view.pairings": ("Paarungen (art=2)", "pairings (art=2)"),
    "upload.view.crosstable": (
        "Kreuztabelle nach Startnummern (art=5)",
        "starting-rank crosstable (art=5)",
    ),
    "upload.view.player_card": ("Spielerkarte (art=9)", "player card (art=9)"),
    "upload.view.round_dates": ("Rundentermine (art=14)", "round dates (art=14)"),
    "upload.view.not_paired": ("nicht gepaarte Spieler (art=40)", "players not paired (art=40)"),
    "upload.view.board_pairings": ("Brettpaarungen (art=3)", "board pairings (art=3)"),
    "upload.view.team_pairings": ("Mannschaftspaarungen (art=2)", "team pairings (art=2)"),
    "upload.view.team_players": ("Spielerliste (art=16)", "player list (art=16)"),
    "upload.view.team_other": ("andere Seite des Mannschaftsturniers", "other team event page"),
    "state.no_round_complete": (
        "Noch keine Runde vollständig.",
        "No round complete yet.",
    ),
    "tournament.restart": ("Erneut starten", "Start again"),
    "tournament.points": ("Punkte", "Points"),
    "tournament.rated_points": ("gewertete Punkte", "rated points"),
    "tournament.w_explained": (
        "W = gewertete Punkte: nur Partien gegen Gegner, die für die DWZ zählen (keine "
        "kampflosen Partien, keine Freilose). Wer {n} Punkte hat und W 0, hat diese Punkte "
        "nicht in gewerteten Partien geholt.",
        "W = rated points: only games against opponents that count for the DWZ (no forfeits, "
        "no byes). A player with {n} points and W 0 scored none of them in rated games.",
    ),
    "tournament.w_short": (
        "W = gewertete Punkte (nur Partien, die für die DWZ zählen).",
        "W = rated points (only the games that count for the DWZ).",
    ),
    "tournament.teams_link": ("Mannschaften", "Teams"),
    "teams.title": ("Mannschaften: {name}", "Teams: {name}"),
    "teams.h1": ("Mannschaften", "Teams"),
    "teams.rank": ("Platz", "Rank"),
    "teams.match_points": ("MP", "MP"),
    "teams.board_points": ("BP", "BP"),
    "teams.round": ("Runde", "Round"),
    "teams.opponent": ("Gegner", "Opponent"),
    "teams.result": ("Ergebnis", "Result"),
    "teams.wn": ("W/n", "W/n"),
    "teams.players": ("Spieler", "Players"),
    "teams.back": ("Zurück zum Ergebnis", "Back to the result"),
    "teams.matches_title": ("{n} Mannschaftskämpfe", "{n} team matches"),
    "teams.game_line": ("R{round} Br. {board}:", "R{round} b. {board}:"),
    "teams.game_short": ("R{round}", "R{round}"),
    "teams.none": (
        "Dieses Turnier hat keine Mannschaften.",
        "This tournament has no teams.",
    ),
    "running.next_round": ("Paarungen der Runde {n}", "Pairings of round {n}"),
    "running.effects": (
        "Jede Zeile: die Änderung der Wertung für Sieg / Remis / Niederlage.",
        "Each line: the rating change for a win / draw / loss.",
    ),
    "running.win": ("Sieg", "win"),
    "running.draw": ("Remis", "draw"),
    "running.loss": ("Niederlage", "loss"),
    "running.left_out": ("Noch nicht gewertet: {what}", "Not evaluated yet: {what}"),
    "running.target": ("Ziel-DWZ", "Target DWZ"),
    "running.target_submit": ("Berechnen", "Calculate"),
    "running.remaining": (
        "In den {n} restlichen Runden",
        "In the {n} remaining rounds",
    ),
    "running.need": (
        "Für DWZ {target} braucht {name} {points} aus {n} restlichen Partien.",
        "For DWZ {target}, {name} needs {points} from {n} remaining games.",
    ),
    "running.need_reached": (
        "DWZ {target} ist schon erreicht.",
        "DWZ {target} is reached already.",
    ),
    "running.need_out_of_reach": (
        "DWZ {target} ist in den restlichen Partien nicht mehr erreichbar.",
        "DWZ {target} is out of reach in the remaining games.",
    ),
    "running.need_title": ("Was brauche ich noch?", "What do I still need?"),
    "running.as_of.one": (
        "Stand {time} (wird jede Minute aktualisiert)",
        "as of {time} (refreshes every minute)",
    ),
    "running.as_of.other": (
        "Stand {time} (wird alle {minutes} Minuten aktualisiert)",
        "as of {time} (refreshes every {minutes} minutes)",
    ),
    "running.refreshing": ("Wird aktualisiert …", "Refreshing …"),
    "running.refresh_failed": (
        "Aktualisierung fehlgeschlagen ({failed}): gezeigt wird der zuletzt abgerufene Stand "
        "({time}).",
        "The refresh failed ({failed}): shown is the state last fetched ({time}).",
    ),
    "running.refresh_stalled": (
        "Der Server-Prozess antwortet nicht mehr.",
        "The server process stopped responding.",
    ),
    "running.refresh_timeout": (
        "Die Aktualisierung hat zu lange gedauert.",
        "The refresh took too long.",
    ),
    "running.no_games_left": (
        "Für diesen Spieler sind keine Partien mehr angesetzt.",
        "No games are left for this player.",
    ),
    # "submit to the rating office" (partials/submission.html, web/submission_view.py)
    "submit.title": ("An die Wertungsstelle senden", "Submit to the rating office"),
    "submit.intro": (
        "Die Prüfung vor dem Einreichen: Fehler lehnt die Wertungsstelle ab, Hinweise sind "
        "einen Blick wert. Fehlende Angaben hier eintragen, erneut prüfen, dann die "
        "DSB-XML-Datei herunterladen und im Wertungsportal hochladen.",
        "The check before submitting: what the rating office refuses (errors) and what is worth "
        "a look (warnings). Enter missing values here, check again, then download the DSB XML "
        "file and upload it to the rating portal.",
    ),
    "submit.counts": (
        "Fehler: {errors}, Hinweise: {warnings}",
        "Errors: {errors}, warnings: {warnings}",
    ),
    "submit.error": ("Fehler", "Error"),
    "submit.warning": ("Hinweis", "Warning"),
    "submit.player": ("Nr. {n} {name}", "No. {n} {name}"),
    "submit.round": ("Runde {n}", "Round {n}"),
    "submit.birth_year_of": ("Geburtsjahr von {name}", "Birth year of {name}"),
    "submit.pkz_of": ("PKZ (DSB-Personenkennziffer) von {name}", "PKZ (DSB person id) of {name}"),
    "submit.location": ("Spielort", "Venue"),
    "submit.start_date": (
        "Startdatum (Tag der ersten Partie)",
        "Start date (day of the first game)",
    ),
    "submit.recheck": ("Erneut prüfen", "Check again"),
    "submit.source_incomplete": (
        "Die Quelle erfasst nicht jede Partie (die Gründe stehen oben über den Ergebnissen); "
        "so nimmt die Wertungsstelle die Datei nicht an.",
        "The source does not account for every game (the reasons stand above the results); "
        "the rating office does not take the file like this.",
    ),
    "submit.refused": (
        "Mit diesen Fehlern lehnt die Wertungsstelle die Datei ab.",
        "With these errors the rating office refuses the file.",
    ),
    "submit.warnings_only": (
        "Nur Hinweise: die Datei kann eingereicht werden; bitte vorher ansehen.",
        "Warnings only: the file can be submitted; have a look first.",
    ),
    "submit.clean": (
        "Keine Probleme: die Datei kann eingereicht werden.",
        "No problems: the file can be submitted.",
    ),
    "submit.download": ("DSB-XML herunterladen", "Download DSB XML"),
    "submit.download_anyway": ("Trotz Fehlern herunterladen", "Download anyway, with the errors"),
    "submit.download_anyway_hint": (
        "Die Datei wird dann trotz der Fehler geschrieben; ihre Bemerkungen beginnen mit einer "
        "Zeile, die jeden Fehler nennt.",
        "The file is then written despite the errors; its notes begin with a line that names "
        "every error.",
    ),
}

"""Sources: chess-results.com links, the client, pages, lists, pairings and building."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["SOURCES"]

_EXPECTED_EN = (
    "; expected a chess-results.com link containing tnrNNNNNN (for example "
    "https://chess-results.com/tnr1342553.aspx?lan=1&art=5) or just the tournament number"
)
_EXPECTED_DE = (
    "; erwartet wird ein chess-results.com-Link mit tnrNNNNNN (zum Beispiel "
    "https://chess-results.com/tnr1342553.aspx?lan=1&art=5) oder nur die Turniernummer"
)
_SAME_EN = "; are the pages from the same tournament?"
_SAME_DE = "; stammen die Seiten aus demselben Turnier?"
_GIVE_EN = "give the starting-rank crosstable (art=5) or the pairings"
_GIVE_DE = "bitte die Kreuztabelle nach Startnummern (art=5) oder die Paarungen angeben"
_LAYOUT_EN = "; the chess-results layout may have changed"
_LAYOUT_DE = "; womöglich hat chess-results den Seitenaufbau geändert"


def _link(code: str, en: str, de: str) -> E:
    return E(f"link.{code}", "{link:q} " + en + _EXPECTED_EN, "{link} " + de + _EXPECTED_DE)


SOURCES: tuple[E, ...] = (
    # links (sources/chessresults/_links.py)
    _link(
        "not_number",
        "is not a tournament number (a whole number above 0)",
        "ist keine Turniernummer (eine ganze Zahl über 0)",
    ),
    _link(
        "not_link",
        "is not a link or a tournament number",
        "ist weder ein Link noch eine Turniernummer",
    ),
    _link("empty", "is empty", "ist leer"),
    _link(
        "bad_chars",
        "contains spaces, control characters or backslashes",
        "enthält Leerzeichen, Steuerzeichen oder umgekehrte Schrägstriche",
    ),
    _link("invalid", "is not a valid link ({detail})", "ist kein gültiger Link ({detail})"),
    _link(
        "scheme",
        "uses the scheme {scheme:q}; only http(s) links are accepted",
        "verwendet das Schema {scheme}; nur http(s)-Links sind zulässig",
    ),
    _link(
        "user",
        "contains a user name (user@host); that is not a chess-results link",
        "enthält einen Benutzernamen (user@host); das ist kein chess-results-Link",
    ),
    _link(
        "port",
        "names port {port}; chess-results.com uses the standard ports",
        "nennt den Port {port}; chess-results.com verwendet die Standard-Ports",
    ),
    _link(
        "host",
        "points to {host:term}, not to chess-results.com",
        "zeigt auf {host}, nicht auf chess-results.com",
    ),
    _link(
        "no_tournament",
        "names no tournament (no tnrNNNNNN in the path)",
        "nennt kein Turnier (kein tnrNNNNNN im Pfad)",
    ),
    # the client (sources/chessresults/_client.py)
    E(
        "client.not_host",
        "refusing to fetch {url} (not a chess-results.com host)",
        "{url} wird nicht abgerufen (kein Rechner von chess-results.com)",
    ),
    E(
        "client.404",
        "chess-results.com has no such page (404)",
        "chess-results.com hat diese Seite nicht (404)",
    ),
    E(
        "client.refused",
        "chess-results.com refused access ({status}); it may be blocking automated requests for a while",
        "chess-results.com hat den Zugriff verweigert ({status}); womöglich sperrt es automatische Abrufe für eine Weile",
    ),
    E(
        "client.http",
        "chess-results.com answered HTTP {status}",
        "chess-results.com antwortete mit HTTP {status}",
    ),
    E(
        "client.redirects",
        "too many or empty redirects (at {url})",
        "Zu viele oder leere Weiterleitungen (bei {url})",
    ),
    E(
        "client.redirect_host",
        "chess-results.com redirected to {target}, which is not a chess-results.com host; refused",
        "chess-results.com leitete auf {target} weiter, keinen Rechner von chess-results.com; abgelehnt",
    ),
    E(
        "client.busy",
        "chess-results.com answered {status} (too many requests) {count:int} time(s); try again later",
        "chess-results.com antwortete {count}-mal mit {status} (zu viele Anfragen); bitte später erneut versuchen",
    ),
    E(
        "client.server_error",
        "chess-results.com answered {status} (server error) {count:int} time(s); try again later",
        "chess-results.com antwortete {count}-mal mit {status} (Serverfehler); bitte später erneut versuchen",
    ),
    E(
        "client.wait",
        "chess-results.com answered {status} and asks to wait {wait:num} s (more than {most:num} s); try again later",
        "chess-results.com antwortete mit {status} und bittet, {wait} s zu warten (mehr als {most} s); "
        "bitte später erneut versuchen",
    ),
    E(
        "client.declared_size",
        "the page is {size:count} bytes, more than the limit of {limit:count}; refused",
        "Die Seite hat {size} Bytes, mehr als die Grenze von {limit}; abgelehnt",
    ),
    E(
        "client.request_failed",
        "the request {kind:term} ({error}) after {count:int} attempt(s); chess-results.com may be slow or down",
        "Die Anfrage {kind} ({error}) nach {count} {count|Versuch|Versuchen}; chess-results.com ist womöglich "
        "langsam oder nicht erreichbar",
    ),
    E(
        "client.too_large",
        "the page is larger than the limit of {limit:count} bytes; stopped reading",
        "Die Seite ist größer als die Grenze von {limit} Bytes; das Lesen wurde abgebrochen",
    ),
    # pages (_page.py, _lists.py, _pairings.py)
    E(
        "page.not_view",
        "not a chess-results tournament view (no results table found)",
        "Keine Turnieransicht von chess-results (keine Ergebnistabelle gefunden)",
    ),
    E(
        "page.unread_view",
        "a chess-results page, but not a view wertung reads (art={art}); save the starting rank and the "
        "starting-rank crosstable",
        "Eine chess-results-Seite, aber keine Ansicht, die wertung liest (art={art}); bitte die Startrangliste "
        "und die Kreuztabelle nach Startnummern speichern",
    ),
    E(
        "page.blocked",
        "chess-results.com answered with a page refusing service instead of the tournament; wait a while and try again",
        "chess-results.com antwortete mit einer Sperrseite statt des Turniers; bitte eine Weile warten und erneut versuchen",
    ),
    E(
        "page.rank_crosstable",
        "this is the crosstable keyed by rank (art=4), whose cells name ranks, not start numbers; save the "
        "starting-rank crosstable (art=5) instead",
        "Das ist die Kreuztabelle nach Rängen (art=4), deren Zellen Ränge statt Startnummern nennen; bitte "
        "stattdessen die Kreuztabelle nach Startnummern (art=5) speichern",
    ),
    E(
        "page.card_no_rank",
        "the player card names no starting rank",
        "Die Spielerkarte nennt keinen Startrang",
    ),
    E(
        "page.team_event",
        "tournament {number} is a team event (its crosstable lists teams); save the board pairings of all "
        "rounds (art=3) and the player list (art=16) instead",
        "Turnier {number} ist ein Mannschaftsturnier (seine Kreuztabelle nennt Mannschaften); bitte stattdessen "
        "die Brettpaarungen aller Runden (art=3) und die Spielerliste (art=16) speichern",
        (
            "tournament  is a team event (its crosstable lists teams); save the board pairings of all "
            "rounds (art=3) and the player list (art=16) instead",
        ),
    ),
    E(
        "labels.language",
        "the {what:term} is saved in {language:term} and its column labels {labels} are not all known to "
        "wertung; save the page in {other:term}, or paste the link",
        "Die Seite „{what}“ ist auf {language} gespeichert, und wertung kennt nicht alle ihre "
        "Spaltenbeschriftungen {labels}; bitte die Seite auf {other} speichern oder den Link einfügen",
    ),
    E(
        "labels.unexpected",
        "the {what:term} has an unexpected header {labels}" + _LAYOUT_EN,
        "Die Seite „{what}“ hat einen unerwarteten Tabellenkopf {labels}" + _LAYOUT_DE,
    ),
    E(
        "labels.no_columns",
        "{reason:msg} (no 'No.' and 'Name' columns)",
        "{reason} (keine Spalten „No.“ und „Name“)",
    ),
    E(
        "labels.no_round_columns",
        "{reason:msg} (no round columns found)",
        "{reason} (keine Rundenspalten gefunden)",
    ),
    E(
        "labels.no_name_columns",
        "{reason:msg} (cannot tell the name columns)",
        "{reason} (die Namensspalten sind nicht zu erkennen)",
    ),
    E(
        "list.cell",
        "player {number} against {opponent}: cannot read the crosstable cell {text:q}",
        "Spieler {number} gegen {opponent}: die Zelle {text} der Kreuztabelle ist nicht lesbar",
    ),
    E(
        "list.cell_round",
        "player {number}, round {round:int}: cannot read the crosstable cell {text:q} (expected e.g. 105b½, 12w-, -1)",
        "Spieler {number}, Runde {round}: die Zelle {text} der Kreuztabelle ist nicht lesbar "
        "(erwartet z. B. 105b½, 12w-, -1)",
    ),
    E(
        "list.team_event",
        "the {kind:term} lists teams; this is a team event, whose games are read from the board pairings of "
        "all rounds (art=3) and the player list (art=16)",
        "Die Seite „{kind}“ nennt Mannschaften; das ist ein Mannschaftsturnier, dessen Partien aus den "
        "Brettpaarungen aller Runden (art=3) und der Spielerliste (art=16) gelesen werden",
    ),
    E(
        "list.start_twice",
        "start number {number} appears twice in the {kind:term}",
        "Startnummer {number} kommt in der Seite „{kind}“ zweimal vor",
    ),
    E(
        "list.points",
        "player {number}: points {text:q} cannot be read",
        "Spieler {number}: Punkte {text} sind nicht lesbar",
    ),
    E(
        "list.no_pts",
        "the page has no 'Pts.' column, so the totals could not be checked",
        "Die Seite hat keine Spalte „Pts.“, daher ließen sich die Summen nicht prüfen",
    ),
    E(
        "list.pts_from_column",
        "the points were read from the column {label:q} (no 'Pts.' column)",
        "Die Punkte wurden aus der Spalte {label} gelesen (keine Spalte „Pts.“)",
    ),
    E(
        "list.pts_column_not_points",
        "the page has no 'Pts.' column and its column {label:q} does not hold points (a value is not a score "
        "of the rounds played), so the totals could not be checked",
        "Die Seite hat keine Spalte „Pts.“, und ihre Spalte {label} enthält keine Punkte (ein Wert ist keine "
        "Punktzahl der gespielten Runden), daher ließen sich die Summen nicht prüfen",
    ),
    E(
        "pairings.no_result_column",
        "the pairings have no header with a 'Result' column; {reason:msg}",
        "Die Paarungen haben keinen Tabellenkopf mit einer Spalte „Result“; {reason}",
    ),
    E(
        "pairings.opponent",
        "round {round:int}, board with player {number}: cannot read the opponent {text:q}",
        "Runde {round}, Brett mit Spieler {number}: der Gegner {text} ist nicht lesbar",
    ),
    E(
        "pairings.word_language",
        "round {round:int}: the pairings are saved in {language:term}, and its word {text:q} for {white}'s "
        "missing opponent is not known to wertung; save the page in {other:term}, or paste the link",
        "Runde {round}: die Paarungen sind auf {language} gespeichert, und wertung kennt ihr Wort {text} für "
        "den fehlenden Gegner von {white} nicht; bitte die Seite auf {other} speichern oder den Link einfügen",
    ),
    E(
        "pairings.word_unknown",
        "round {round:int}: {white} has no opponent, written {text:q}, a word wertung does not know for a "
        "player without opponent" + _LAYOUT_EN,
        "Runde {round}: {white} hat keinen Gegner, geschrieben {text}, ein Wort, das wertung für einen Spieler "
        "ohne Gegner nicht kennt" + _LAYOUT_DE,
    ),
    E(
        "pairings.one_side_no",
        "the pairings header {labels} has a 'No.' column for one side only",
        "Der Tabellenkopf der Paarungen {labels} hat nur für eine Seite eine Spalte „No.“",
    ),
    E(
        "pairings.result",
        "round {round:int}: {white} against {black}: cannot read the result {text:q}",
        "Runde {round}: {white} gegen {black}: das Ergebnis {text} ist nicht lesbar",
    ),
    E(
        "pairings.points",
        "round {round:int}: {white} ({black:term}): cannot read the points {text:q}",
        "Runde {round}: {white} ({black}): die Punkte {text} sind nicht lesbar",
    ),
    E(
        "importer.no_pages",
        "no pages given; save the starting-rank crosstable",
        "Keine Seiten angegeben; bitte die Kreuztabelle nach Startnummern speichern",
    ),
    E(
        "importer.not_page",
        "page {number:int}: {kind} is not a path or HTML text",
        "Seite {number}: {kind} ist weder ein Pfad noch HTML-Text",
    ),
    E(
        "importer.view_kind",
        "tournament {number}: the crosstable view came back as a {kind:term} page",
        "Turnier {number}: die Kreuztabelle kam als Seite der Art „{kind}“ zurück",
    ),
    E(
        "importer.boards_kind",
        "tournament {number}: the board pairings view came back as a {kind:term} page",
        "Turnier {number}: die Brettpaarungen kamen als Seite der Art „{kind}“ zurück",
    ),
    # joining pages (_join.py) and building (_build.py)
    E(
        "join.not_listed",
        "round {round:int}: {name} ({rating:term}) on the pairings is not in the starting rank or crosstable given"
        + _SAME_EN,
        "Runde {round}: {name} ({rating}) aus den Paarungen steht nicht in der angegebenen Startrangliste oder "
        "Kreuztabelle" + _SAME_DE,
    ),
    E(
        "join.ambiguous",
        "round {round:int}: {name} ({rating:term}) on the pairings matches players {shown}; the pairings have no "
        "start numbers, so they cannot be told apart (save the pairings with the 'No.' columns)",
        "Runde {round}: {name} ({rating}) aus den Paarungen passt zu den Spielern {shown}; die Paarungen haben "
        "keine Startnummern, daher sind sie nicht zu unterscheiden (bitte die Paarungen mit den Spalten „No.“ speichern)",
    ),
    E(
        "join.name_differs",
        "player {number} is {old} on one page and {new} on another" + _SAME_EN,
        "Spieler {number} heißt auf einer Seite {old} und auf einer anderen {new}" + _SAME_DE,
    ),
    E(
        "join.number_missing",
        "round {round:int}: player {number} ({name}) is not in the starting rank or crosstable given",
        "Runde {round}: Spieler {number} ({name}) steht nicht in der angegebenen Startrangliste oder Kreuztabelle",
    ),
    E(
        "join.list_differs",
        "round {round:int}: player {number} is {name} on the pairings and {other} on the list"
        + _SAME_EN,
        "Runde {round}: Spieler {number} heißt in den Paarungen {name} und in der Liste {other}"
        + _SAME_DE,
    ),
    E(
        "build.none_results",
        "none of the pages has results (found: {kinds:list}){hint:msg}; " + _GIVE_EN,
        "Keine der Seiten enthält Ergebnisse (gefunden: {kinds}){hint}; " + _GIVE_DE,
    ),
    E(
        "build.not_paired_hint",
        "; the not-paired list (art=40) shows only the players without a game",
        "; die Liste der Ungepaarten (art=40) zeigt nur die Spieler ohne Partie",
    ),
    E(
        "build.not_started",
        "{label:term} has not started: the crosstable has no results yet",
        "{label} hat noch nicht begonnen: die Kreuztabelle enthält noch keine Ergebnisse",
    ),
    E(
        "build.disagree",
        "round {round:int}: the crosstable and the pairings disagree about {shown} ({result:term} on the "
        "pairings; {what})" + _SAME_EN,
        "Runde {round}: Kreuztabelle und Paarungen widersprechen sich bei {shown} ({result} in den Paarungen; "
        "{what})" + _SAME_DE,
    ),
    E(
        "build.different_tournaments",
        "the pages belong to different tournaments ({numbers}); give the pages of one tournament",
        "Die Seiten gehören zu verschiedenen Turnieren ({numbers}); bitte die Seiten eines Turniers angeben",
    ),
    E(
        "build.names_only",
        "the pairings name the players only by name and rating (no 'No.' columns); add the starting rank "
        "(art=0) or the starting-rank crosstable (art=5) so that they can be matched",
        "Die Paarungen nennen die Spieler nur mit Name und Wertungszahl (keine Spalten „No.“); bitte die "
        "Startrangliste (art=0) oder die Kreuztabelle nach Startnummern (art=5) hinzufügen, damit sie "
        "zugeordnet werden können",
    ),
    E(
        "build.round_unpaired",
        "the pages hold no results: round {rounds} is not paired yet; give the starting-rank crosstable "
        "(art=5) or the pairings of the rounds played",
        "Die Seiten enthalten keine Ergebnisse: Runde {rounds} ist noch nicht gepaart; bitte die Kreuztabelle "
        "nach Startnummern (art=5) oder die Paarungen der gespielten Runden angeben",
    ),
    E(
        "build.round1_no_results",
        "{label:term} has not started: round 1 is paired but no result is in yet",
        "{label} hat noch nicht begonnen: Runde 1 ist gepaart, aber noch kein Ergebnis liegt vor",
    ),
    E(
        "build.no_results_yet",
        "the pages hold no results yet: round {round:int} is paired but none of its results is in; give the "
        "starting-rank crosstable (art=5) or the pairings of the rounds played",
        "Die Seiten enthalten noch keine Ergebnisse: Runde {round} ist gepaart, aber keines ihrer Ergebnisse "
        "liegt vor; bitte die Kreuztabelle nach Startnummern (art=5) oder die Paarungen der gespielten Runden angeben",
    ),
    E(
        "build.inconsistent",
        "the pages do not form a consistent tournament: {detail:msg}",
        "Die Seiten ergeben kein stimmiges Turnier: {detail}",
    ),
    E(
        "build.not_paired_round1",
        "{label:term} has not started: round 1 is not paired yet",
        "{label} hat noch nicht begonnen: Runde 1 ist noch nicht gepaart",
    ),
    E(
        "build.not_paired_round1_when",
        "{label:term} has not started: round 1 is not paired yet (it is scheduled for {dates})",
        "{label} hat noch nicht begonnen: Runde 1 ist noch nicht gepaart (sie ist für {dates} angesetzt)",
    ),
    E(
        "build.paired_twice",
        "round {round:int}: player {id} is paired twice (a pairing {white}–{black} without result and another "
        "entry)" + _SAME_EN,
        "Runde {round}: Spieler {id} ist zweimal gepaart (eine Paarung {white}–{black} ohne Ergebnis und ein "
        "weiterer Eintrag)" + _SAME_DE,
    ),
    E(
        "games.one_row",
        "the round-robin crosstable shows the game in one row only",
        "Die Rundenturnier-Kreuztabelle zeigt die Partie nur in einer Zeile",
    ),
    E(
        "games.misfit",
        "their results do not fit together in the round-robin crosstable",
        "Ihre Ergebnisse passen in der Rundenturnier-Kreuztabelle nicht zusammen",
    ),
    E(
        "games.not_shown",
        "round {round:int}: player {number} is paired with {opponent}, whose crosstable row does not show that game",
        "Runde {round}: Spieler {number} ist mit {opponent} gepaart, dessen Zeile der Kreuztabelle diese Partie nicht zeigt",
    ),
    E(
        "games.round_misfit",
        "round {round:int}: players {white} and {black} show results that do not fit together in the crosstable",
        "Runde {round}: die Spieler {white} und {black} zeigen Ergebnisse, die in der Kreuztabelle nicht zusammenpassen",
    ),
)

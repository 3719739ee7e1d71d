"""Team events and leagues (chess-results team pages, league seasons, histories), and the
notes and reasons of chess-results imports."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["TEAMS"]

_SAME_EN = "; are the pages from the same tournament?"
_SAME_DE = "; stammen die Seiten aus demselben Turnier?"
_SAME_Q_EN = "; are they from the same tournament?"
_LAYOUT_EN = "; the chess-results layout may have changed"
_LAYOUT_DE = "; womöglich hat chess-results den Seitenaufbau geändert"
_T_EN = "give the board pairings of all rounds (art=3) and the player list (art=16)"
_T_DE = "bitte die Brettpaarungen aller Runden (art=3) und die Spielerliste (art=16) angeben"

TEAMS: tuple[E, ...] = (
    # chess-results team events (_team_build.py, _teams.py)
    E(
        "team.no_boards",
        "{label:term} is a team event and the pages given ({given:list}) show no board pairings; "
        + _T_EN,
        "{label} ist ein Mannschaftsturnier, und die angegebenen Seiten ({given}) zeigen keine Brettpaarungen; "
        + _T_DE,
    ),
    E(
        "team.named_twice",
        "two teams are named {name} (numbers {a} and {b})",
        "Zwei Mannschaften heißen {name} (Nummern {a} und {b})",
    ),
    E(
        "team.ambiguous",
        "{name} ({rating:term}) matches players {found} of the player list; they cannot be told apart",
        "{name} ({rating}) passt zu den Spielern {found} der Spielerliste; sie sind nicht zu unterscheiden",
    ),
    E(
        "team.not_listed",
        "{name} ({rating:term}) of team {team} is not on the player list (art=16)" + _SAME_EN,
        "{name} ({rating}) der Mannschaft {team} steht nicht auf der Spielerliste (art=16)"
        + _SAME_DE,
    ),
    E(
        "team.name_two_lists",
        "player {number} is {old} on one player list and {new} on another",
        "Spieler {number} heißt auf einer Spielerliste {old} und auf einer anderen {new}",
    ),
    E(
        "team.links_to",
        "{name} links to player {other} of the player list" + _SAME_EN,
        "{name} verweist auf den Spieler {other} der Spielerliste" + _SAME_DE,
    ),
    E(
        "team.plays_for",
        "{name} plays for {team} but the player list names the team {listed}",
        "{name} spielt für {team}, aber die Spielerliste nennt die Mannschaft {listed}",
    ),
    E(
        "team.match_differs",
        "round {round:int}, match {match} is {a} – {b} on one page and {c} – {d} on another"
        + _SAME_EN,
        "Runde {round}, Mannschaftskampf {match} ist auf einer Seite {a} – {b} und auf einer anderen {c} – {d}"
        + _SAME_DE,
    ),
    E(
        "team.board_differs",
        "round {round:int}, board {board} differs between two pages" + _SAME_Q_EN,
        "Runde {round}, Brett {board} unterscheidet sich zwischen zwei Seiten; stammen sie aus demselben Turnier?",
    ),
    E(
        "team.team_differs",
        "team {number} is {known} on one page and {name} on another" + _SAME_EN,
        "Mannschaft {number} heißt auf einer Seite {known} und auf einer anderen {name}" + _SAME_DE,
    ),
    E(
        "teams.no_match_header",
        "the board pairings have no match header ('Bo.' and the two teams); {reason:msg}",
        "Die Brettpaarungen haben keinen Kopf eines Mannschaftskampfs („Bo.“ und die beiden Mannschaften); {reason}",
    ),
    E(
        "teams.no_team_columns",
        "the team pairings have no header with two 'Team' columns; {reason:msg}",
        "Die Mannschaftspaarungen haben keinen Tabellenkopf mit zwei Spalten „Team“; {reason}",
    ),
    E(
        "teams.no_team_column",
        "the player list of a team event has no 'Team' column; {reason:msg}",
        "Die Spielerliste eines Mannschaftsturniers hat keine Spalte „Team“; {reason}",
    ),
    E(
        "teams.no_dash",
        "round {round:int}: the match header {texts} has no '-' between the teams" + _LAYOUT_EN,
        "Runde {round}: der Kopf des Mannschaftskampfs {texts} hat kein „-“ zwischen den Mannschaften"
        + _LAYOUT_DE,
    ),
    E(
        "teams.two_teams",
        "round {round:int}: cannot tell the two teams in the match header {texts}",
        "Runde {round}: die beiden Mannschaften im Kopf des Mannschaftskampfs {texts} sind nicht zu erkennen",
    ),
    E(
        "teams.too_many_boards",
        "more than {most:int} board rows; refused",
        "Mehr als {most} Brettzeilen; abgelehnt",
    ),
    E(
        "teams.board_under",
        "round {round:int}: board {board} stands under match {match} of the round" + _LAYOUT_EN,
        "Runde {round}: Brett {board} steht unter Mannschaftskampf {match} der Runde" + _LAYOUT_DE,
    ),
    E(
        "teams.no_round",
        "the board pairings name no round (no heading 'Round N on DATE' and no rd= in the page's address)",
        "Die Brettpaarungen nennen keine Runde (keine Überschrift „Round N on DATE“ und kein rd= in der Adresse der Seite)",
    ),
    E(
        "teams.result",
        "round {round:int}, board {board}: cannot read the result {text:q}",
        "Runde {round}, Brett {board}: das Ergebnis {text} ist nicht lesbar",
    ),
    # notes and reasons of chess-results imports (_build.py, _team_build.py, _games.py)
    E(
        "note.cr.rtgn",
        "German event: the national rating (RtgN) is taken as the DWZ",
        "Deutsches Turnier: die nationale Wertungszahl (RtgN) wird als DWZ übernommen",
    ),
    E(
        "note.cr.from_boards",
        "players taken from the board pairings (no player list, art=16, given): no FIDE ids or federations",
        "Spieler aus den Brettpaarungen übernommen (keine Spielerliste, art=16, angegeben): keine FIDE-IDs oder Verbände",
    ),
    E(
        "note.cr.by_name",
        "{count:int} board entries matched to the player list by name (the pages show no player links)",
        "{count} {count|Bretteintrag|Bretteinträge} über den Namen der Spielerliste zugeordnet (die Seiten zeigen "
        "keine Spielerverweise)",
    ),
    E(
        "note.cr.from_pairings",
        "results from the pairings of {rounds:msg}",
        "Ergebnisse aus den Paarungen von {rounds}",
    ),
    E(
        "note.cr.players_from_pairings",
        "players taken from the pairings (no starting rank given): no FIDE ids or clubs",
        "Spieler aus den Paarungen übernommen (keine Startrangliste angegeben): keine FIDE-IDs oder Vereine",
    ),
    E(
        "incomplete.cr.no_ratings",
        "no ratings: the pages give no player's rating; {hint:msg}",
        "Keine Wertungszahlen: die Seiten nennen keine Wertungszahl eines Spielers; {hint}",
    ),
    E(
        "note.cr.covers",
        "the crosstable covers rounds 1–{covered:int}; {rounds:msg} from the pairings",
        "Die Kreuztabelle umfasst die Runden 1–{covered}; {rounds} aus den Paarungen",
    ),
    E(
        "cr.count_results",
        "{count:int} {count|result|results}",
        "{count} {count|Ergebnis|Ergebnisse}",
    ),
    E(
        "note.cr.filled",
        "{count:int} {count|result|results} taken from the pairings (the crosstable did not show them yet)",
        "{count} {count|Ergebnis|Ergebnisse} aus den Paarungen übernommen (die Kreuztabelle zeigte sie noch nicht)",
    ),
    E(
        "incomplete.cr.only_pairings",
        "only the pairings of {given:msg} were given; {missing:msg} missing (give the starting-rank crosstable "
        "(art=5) or every round's pairings)",
        "Nur die Paarungen von {given} wurden angegeben; fehlend: {missing} (bitte die Kreuztabelle nach "
        "Startnummern (art=5) oder die Paarungen jeder Runde angeben)",
    ),
    E(
        "incomplete.cr.covers_missing",
        "the crosstable covers rounds 1–{covered:int} and the pairings of {given:msg} were given; {missing:msg} missing",
        "Die Kreuztabelle umfasst die Runden 1–{covered}, und die Paarungen von {given} wurden angegeben; fehlend: {missing}",
    ),
    E("cr.round", "round {rounds}", "Runde {rounds}"),
    E("cr.rounds", "rounds {rounds}", "Runden {rounds}"),
    E(
        "incomplete.cr.starting_rank",
        "the starting rank lists {listed:int} of {total:int} players{why}: no rating data for {count:int} "
        "{count|player|players} ({shown})",
        "Die Startrangliste nennt {listed} von {total} Spielern{why}: keine Wertungsdaten für {count} "
        "{count|Spieler|Spieler} ({shown})",
    ),
    E(
        "cr.points_mismatch",
        "points do not add up for {count:int} {count|player|players} ({what:term}): {shown:msg}; the page may use "
        "a special scoring or was read wrongly",
        "Die Punkte gehen bei {count} {count|Spieler|Spielern} nicht auf ({what}): {shown}; die Seite verwendet "
        "womöglich eine besondere Wertung oder wurde falsch gelesen",
    ),
    E(
        "cr.points_mismatch_more",
        "points do not add up for {count:int} {count|player|players} ({what:term}): {shown:msg} (and {more:int} more); "
        "the page may use a special scoring or was read wrongly",
        "Die Punkte gehen bei {count} {count|Spieler|Spielern} nicht auf ({what}): {shown} (und {more} weitere); "
        "die Seite verwendet womöglich eine besondere Wertung oder wurde falsch gelesen",
    ),
    E(
        "teams.match_scores",
        "match scores do not add up for {count:int} {count|match|matches}: {shown:msg}",
        "Die Ergebnisse der Mannschaftskämpfe gehen bei {count} {count|Kampf|Kämpfen} nicht auf: {shown}",
    ),
    E(
        "cr.player_points",
        "player {number} ({name}): games give {got:score}, the page says {stated:score}",
        "Spieler {number} ({name}): die Partien ergeben {got}, die Seite nennt {stated}",
    ),
    E(
        "note.cr.round_robin",
        "round robin without pairings: round numbers and colours are not on the crosstable; games are numbered "
        "by a circle schedule",
        "Rundenturnier ohne Paarungen: Rundennummern und Farben stehen nicht in der Kreuztabelle; die Partien "
        "werden nach einem Rundenplan nummeriert",
    ),
    E(
        "note.cr.waiting",
        "{count:int} {count|game|games} of the round robin without a result yet (add the pairings to see their rounds)",
        "{count} {count|Partie|Partien} des Rundenturniers noch ohne Ergebnis (die Paarungen hinzufügen, um ihre "
        "Runden zu sehen)",
    ),
    E("note.cr.after_round", "after round {played:int}", "nach Runde {played}"),
    E(
        "note.cr.after_round_of",
        "after round {played:int} of {total:int}",
        "nach Runde {played} von {total}",
    ),
    E(
        "note.cr.in_progress",
        "round {round:int} in progress: {done:int} of {total:int} results in",
        "Runde {round} läuft: {done} von {total} Ergebnissen liegen vor",
    ),
    E(
        "note.cr.paired_no_results",
        "round {round:int} paired, no results in yet",
        "Runde {round} gepaart, noch keine Ergebnisse",
    ),
    E("note.cr.not_paired", "round {round:int} not paired yet", "Runde {round} noch nicht gepaart"),
    E(
        "note.cr.not_paired_is",
        "round {round:int} is not paired yet",
        "Runde {round} ist noch nicht gepaart",
    ),
    # rounds after the last complete one (_rounds.py) and the lone rating column (_rating_reading.py)
    E(
        "incomplete.cr.in_progress",
        "round {round:int} is in progress: {done:int} of its {total:int} results are in",
        "Runde {round} läuft noch: {done} von {total} Ergebnissen liegen vor",
    ),
    E(
        "incomplete.cr.round_missing",
        "only {given:msg} of {total:int}: round {missing} missing",
        "nur {given} von {total}: Runde {missing} fehlt",
    ),
    E(
        "incomplete.cr.rounds_missing",
        "only {given:msg} of {total:int}: rounds {missing} missing",
        "nur {given} von {total}: Runden {missing} fehlen",
    ),
    E(
        "incomplete.cr.rounds_unknown",
        "only the pairings of {given:msg} were given, and the pages do not say how many rounds the event has: "
        "later rounds may be missing (add the tournament details, turdet=YES, or the starting-rank crosstable, art=5)",
        "Nur die Paarungen von {given} wurden angegeben, und die Seiten sagen nicht, wie viele Runden das Turnier "
        "hat: spätere Runden fehlen womöglich (bitte die Turnierdetails, turdet=YES, oder die Kreuztabelle nach "
        "Startnummern, art=5, hinzufügen)",
    ),
    E(
        "note.cr.rtg_fide",
        "the rating column 'Rtg' is taken as FIDE Elo: the tournament details say the event is FIDE-rated "
        "(its rating calculation includes the international rating)",
        "Die Wertungsspalte „Rtg“ wird als Elo übernommen: laut Turnierdetails ist das Turnier FIDE-gewertet "
        "(die internationale Wertungszahl wird berechnet)",
    ),
    E(
        "note.cr.rtg_fide_event",
        "the rating column 'Rtg' is taken as FIDE Elo: the tournament details say the event is FIDE-rated "
        "(FIDE-Event-ID {event})",
        "Die Wertungsspalte „Rtg“ wird als Elo übernommen: laut Turnierdetails ist das Turnier FIDE-gewertet "
        "(FIDE-Event-ID {event})",
    ),
    E(
        "note.cr.rtg_dwz",
        "German event: the rating column 'Rtg' is taken as the DWZ (the pages do not say it is FIDE Elo)",
        "Deutsches Turnier: die Wertungsspalte „Rtg“ wird als DWZ übernommen (die Seiten sagen nicht, dass sie "
        "die Elo enthält)",
    ),
    E(
        "note.cr.rtg_national_said",
        "the rating column 'Rtg' is taken as a national rating, not as FIDE Elo: the tournament details say "
        "only the national rating is calculated",
        "Die Wertungsspalte „Rtg“ wird als nationale Wertungszahl übernommen, nicht als Elo: laut "
        "Turnierdetails wird nur die nationale Wertungszahl berechnet",
    ),
    E(
        "note.cr.rtg_national",
        "the pages do not say which rating their column 'Rtg' holds (no 'Rating calculation' among the "
        "tournament details): it is taken as a national rating, not as FIDE Elo; add the starting rank with "
        "the tournament details (turdet=YES) if the event is FIDE-rated",
        "Die Seiten sagen nicht, welche Wertungszahl ihre Spalte „Rtg“ enthält (keine Angabe „Rating "
        "calculation“ in den Turnierdetails): sie wird als nationale Wertungszahl übernommen, nicht als Elo; "
        "bitte die Startrangliste mit den Turnierdetails (turdet=YES) hinzufügen, falls das Turnier "
        "FIDE-gewertet ist",
    ),
    E(
        "note.cr.rtg_national_low",
        "the pages do not say which rating their column 'Rtg' holds (no 'Rating calculation' among the "
        "tournament details): it is taken as a national rating, not as FIDE Elo; {below:int} of its "
        "{count:int} ratings are below 1400, which no FIDE rating is; add the starting rank with the "
        "tournament details (turdet=YES) if the event is FIDE-rated",
        "Die Seiten sagen nicht, welche Wertungszahl ihre Spalte „Rtg“ enthält (keine Angabe „Rating "
        "calculation“ in den Turnierdetails): sie wird als nationale Wertungszahl übernommen, nicht als Elo; "
        "{below} ihrer {count} Wertungszahlen liegen unter 1400, wo keine Elo liegt; bitte die Startrangliste "
        "mit den Turnierdetails (turdet=YES) hinzufügen, falls das Turnier FIDE-gewertet ist",
    ),
    # leagues (tournament/_league.py) and histories (tournament/_season.py)
    E("league.no_team", "no team {key:q} in this league", "Keine Mannschaft {key} in dieser Liga"),
    E(
        "league.no_teams",
        "{name:term} has no teams; the team view needs a team event (a league division or team tournament)",
        "{name} hat keine Mannschaften; die Mannschaftsansicht braucht ein Mannschaftsturnier (eine Ligastaffel "
        "oder ein Mannschaftsturnier)",
    ),
    E(
        "league.other_evaluation",
        "the evaluation is not of this tournament (its players differ)",
        "Die Auswertung gehört nicht zu diesem Turnier (ihre Spieler unterscheiden sich)",
    ),
    E(
        "league.other_evaluation_missing",
        "the evaluation is not of this tournament (its players differ: {missing} missing)",
        "Die Auswertung gehört nicht zu diesem Turnier (ihre Spieler unterscheiden sich: {missing} fehlen)",
    ),
    E("league.no_division", "no division {name:q}", "Keine Staffel {name}"),
    E(
        "league.unknown_team",
        "player {id} ({name}) names the unknown team {team:q}",
        "Spieler {id} ({name}) nennt die unbekannte Mannschaft {team}",
    ),
    E(
        "league.unknown_player",
        "team {team} lists the unknown player {id:q}",
        "Mannschaft {team} nennt den unbekannten Spieler {id}",
    ),
    E(
        "league.two_lineups",
        "player {id:q} is in the line-ups of two teams ({a} and {b}); a player's games count for one team in one division",
        "Spieler {id} steht in den Aufstellungen zweier Mannschaften ({a} und {b}); die Partien eines Spielers "
        "zählen in einer Staffel für eine Mannschaft",
    ),
    E(
        "league.lineup_other",
        "player {id} ({name}) is in team {team:q} but in the line-up of team {other:q}",
        "Spieler {id} ({name}) gehört zur Mannschaft {team}, steht aber in der Aufstellung der Mannschaft {other}",
    ),
    E(
        "season.no_single_player",
        "no single player {key:q} in the history",
        "Kein eindeutiger Spieler {key} in der Historie",
    ),
    E(
        "season.several_players",
        "no single player {key:q} in the history ({count:int} with that name)",
        "Kein eindeutiger Spieler {key} in der Historie ({count} mit diesem Namen)",
    ),
    E(
        "season.no_end_date",
        "tournament {name:term} has no end date; it decides the order of the evaluations",
        "Turnier {name} hat kein Enddatum; es bestimmt die Reihenfolge der Auswertungen",
    ),
)

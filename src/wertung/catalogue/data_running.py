"""Running tournaments: the forecast after the last complete round and what the next round does."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["RUNNING"]

RUNNING: tuple[E, ...] = (
    E(
        "running.later_pairings",
        "pairings of round {rounds} given: only round {next:int}'s are shown",
        "Paarungen der Runde {rounds} angegeben: nur die der Runde {next} werden gezeigt",
    ),
    E(
        "running.not_dwz",
        "not DWZ-rated: the effects show the FIDE rating only",
        "nicht DWZ-gewertet: die Auswirkungen zeigen nur die Elo",
    ),
    E(
        "running.left_out",
        "round {round:int} (not complete): {parts:msg} with a result left out of the forecast",
        "Runde {round} (nicht vollständig): {parts} mit Ergebnis in der Vorschau nicht berücksichtigt",
    ),
    E("running.games", "{count:int} {count|game|games}", "{count} {count|Partie|Partien}"),
    E("running.byes", "{count:int} {count|bye|byes}", "{count} {count|Freilos|Freilose}"),
    E(
        "running.games_and_byes",
        "{games:int} {games|game|games} and {byes:int} {byes|bye|byes}",
        "{games} {games|Partie|Partien} und {byes} {byes|Freilos|Freilose}",
    ),
    E(
        "running.no_rating",
        "the game does not count for the DWZ: {opponent} ({name}) has no rating",
        "Die Partie zählt nicht für die DWZ: {opponent} ({name}) hat keine Wertungszahl",
    ),
    E("running.no_first_dwz", "no first DWZ yet", "noch keine Erst-DWZ"),
    E(
        "running.result_words",
        "result {result:q}: give win, draw or loss",
        "Ergebnis {result}: bitte win, draw oder loss angeben",
    ),
    E(
        "running.result_symbols",
        "result {result:q}: give 1-0, ½-½ or 0-1",
        "Ergebnis {result}: bitte 1-0, ½-½ oder 0-1 angeben",
    ),
    E(
        "running.not_dwz_plan",
        "the tournament is not DWZ-rated: no DWZ to plan for",
        "Das Turnier ist nicht DWZ-gewertet: keine DWZ zu planen",
    ),
    E(
        "running.rounds_unknown",
        "the number of rounds is unknown: cannot tell how many remain",
        "Die Rundenzahl ist unbekannt: es lässt sich nicht sagen, wie viele Runden bleiben",
    ),
    E(
        "running.none_remain",
        "no rounds remain after round {round:int}",
        "Nach Runde {round} bleiben keine Runden",
    ),
    E(
        "running.no_counted_game",
        "player {id} has no counted game yet: give the expected opponent rating (remaining_opponent)",
        "Spieler {id} hat noch keine gewertete Partie: bitte die erwartete Wertungszahl der Gegner angeben "
        "(remaining_opponent)",
    ),
    E(
        "running.expected",
        "expected opponent rating {rating:int}: their average opponent so far",
        "Erwartete Wertungszahl der Gegner {rating}: der Schnitt seiner bisherigen Gegner",
    ),
    E(
        "running.no_rating_next",
        "round {round:int}: {opponent} has no rating, the game cannot count",
        "Runde {round}: {opponent} hat keine Wertungszahl, die Partie kann nicht zählen",
    ),
    E(
        "running.against",
        "round {round:int}: against {opponent} ({rating})",
        "Runde {round}: gegen {opponent} ({rating})",
    ),
    E(
        "running.bye",
        "round {round:int}: a bye (no game)",
        "Runde {round}: spielfrei (keine Partie)",
    ),
    E(
        "note.cr.end_from_rounds",
        "end date {date:date} from the round headings of the pairings (no tournament dates given: add the starting "
        "rank with details or the round dates)",
        "Enddatum {date} aus den Rundenüberschriften der Paarungen (keine Turnierdaten angegeben: bitte die "
        "Startrangliste mit Details oder die Rundentermine hinzufügen)",
    ),
)

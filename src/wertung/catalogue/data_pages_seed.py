"""Messages of the calculator pages' working: plural forms, opponent marks, the first FIDE
rating, the engine's reasons and the pages' source lines.

Plural messages are ``key.one`` / ``key.other`` (chosen by Babel's CLDR rules through
:func:`wertung.catalogue.words.word`).
"""

from __future__ import annotations

__all__ = ["PAGES_SEED"]

PAGES_SEED: dict[str, tuple[str, str]] = {
    # plural forms
    "elo.step_expected.one": (
        "PD der {n} gewerteten Partie",
        "PD of the {n} counted game",
    ),
    "elo.step_expected.other": (
        "Summe der PD über {n} gewertete Partien",
        "sum of PD over {n} counted games",
    ),
    # the engine's reasons a game does not count
    # opponents in a player's working
    "games.unrated": ("ohne Wertung", "unrated"),
    "games.unrated_hint": (
        "Gegner ohne jede Wertung: „ohne Wertung“ (oder –) statt einer Zahl eintragen.",
        "An opponent without any rating: type “unrated” (or –) instead of a number.",
    ),
    "opponent.foreign": ("Fremdwertung", "foreign rating"),
    "opponent.first": ("Erst-DWZ", "first DWZ"),
    # the first FIDE rating (Elo page without an own rating)
    "elo.initial_intro": (
        "Ohne eigene Wertung rechnet die Seite die erste FIDE-Wertung aus diesen Partien.",
        "Without a rating of your own the page works out the first FIDE rating of these games.",
    ),
    "elo.initial_ra": (
        "Ra: Schnitt der {n} Gegner und zweier fiktiver Gegner mit {fictitious} (Remis)",
        "Ra: average of the {n} opponents and two hypothetical opponents rated {fictitious} "
        "(draws)",
    ),
    "elo.initial_p": ("p: Punkteanteil mit den zwei Remis", "p: score share with the two draws"),
    "elo.initial_dp": ("dp aus Tabelle 8.1.1", "dp from table 8.1.1"),
    "elo.initial_ru": ("Ru = Ra + dp, gerundet", "Ru = Ra + dp, rounded"),
    "elo.initial_capped": ("höchstens {max}", "at most {max}"),
    "elo.initial_unpublished": (
        "Unter {floor} wird die Wertung nicht veröffentlicht.",
        "Below {floor} the rating is not published.",
    ),
    # the worked example on the DWZ page
    "example.caption": (
        "DWZ {rating}, Index {index}, {n} Partien",
        "DWZ {rating}, index {index}, {n} games",
    ),
    "example.round": ("Runde", "Round"),
    "example.opponent": ("Gegner-DWZ", "Opponent's DWZ"),
    # source lines
    "first.source": (
        "Quelle: DSB-Wertungsordnung, gültig ab {date}. Stand dieser Seite: {updated}. "
        "Inoffizielle Erklärung, keine Rechtsauskunft.",
        "Source: DSB rating regulations, valid from {date}. Last updated: {updated}. "
        "Unofficial explanation, not legal advice.",
    ),
}

"""The command line's language: English by default, German with ``--lang de`` or a German locale.

Messages (errors, notes, warnings, reasons) are rendered through :mod:`wertung.catalogue`;
the terminal's own words (table headings, labels) come from :data:`WORDS`.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["WORDS", "current", "explicit", "set_current", "tr", "word"]

Lang = Literal["de", "en"]
_chosen: dict[str, Lang | None] = {"lang": None}

#: The terminal's words: English → German.
WORDS: dict[str, str] = {
    "error:": "Fehler:",
    "note:": "Hinweis:",
    "warning:": "Warnung:",
    "incomplete:": "unvollständig:",
    "the games are not fully accounted for:": "die Partien sind nicht vollständig erfasst:",
    "Games": "Partien",
    "Working": "Rechenweg",
    "Standings": "Tabelle",
    "opponent": "Gegner",
    "result": "Ergebnis",
    "counted": "gewertet",
    "quantity": "Größe",
    "value": "Wert",
    "rule": "Regel",
    "No.": "Nr.",
    "name": "Name",
    "status": "Status",
    "new": "neu",
    "Pts": "Pkt.",
    "new Elo": "neue Elo",
    "team": "Mannschaft",
    "tournament": "Turnier",
    "carry-over": "Übertrag",
    "Score in the remaining games → new rating": "Punkte in den restlichen Partien → neue Wertung",
    "* not counted (forfeit or empty board)": "* nicht gewertet (kampflos oder Brett frei)",
    "no DWZ evaluation": "keine DWZ-Auswertung",
    "unofficial evaluation": "inoffizielle Auswertung",
    "end date": "Enddatum",
    "players": "Spieler",
    "(event running)": "(Turnier läuft)",
    "after round": "nach Runde",
    "of": "von",
    "DSB list": "DSB-Liste",
    "players matched.": "Spieler zugeordnet.",
    "index unknown: the new DWZ uses the first K0 column (WO 2026) or E ≤ 5 (WO 2014); the range in "
    "brackets is what the index allows (load the DSB list: --dsb-list)": (
        "Index unbekannt: die neue DWZ verwendet die erste K0-Spalte (WO 2026) bzw. E ≤ 5 (WO 2014); "
        "der Bereich in Klammern ist, was der Index zulässt (DSB-Liste laden: --dsb-list)"
    ),
    "the source does not account for every game, so the result would be partial:": (
        "die Quelle erfasst nicht jede Partie, das Ergebnis wäre also unvollständig:"
    ),
    "Add the missing pages or files, or evaluate anyway with --partial (the result then says "
    "complete: false).": (
        "Bitte die fehlenden Seiten oder Dateien hinzufügen oder mit --partial trotzdem auswerten "
        "(das Ergebnis sagt dann complete: false)."
    ),
}


def current() -> Lang:
    """The chosen language: ``--lang``, else ``LC_ALL``/``LC_MESSAGES``/``LANG``, else English."""
    chosen = _chosen["lang"]
    if chosen is not None:
        return chosen
    from ..catalogue import lang_from_env

    return lang_from_env()


def explicit() -> Lang | None:
    """The language given with ``--lang`` (None: not given)."""
    return _chosen["lang"]


def set_current(lang: str | None) -> None:
    """Choose the language (``None``: from the environment)."""
    _chosen["lang"] = None if lang is None else ("de" if lang == "de" else "en")


def tr(item: object) -> str:
    """A message (text or :class:`~wertung.core.errors.WertungError`) in the current language."""
    from ..catalogue import render

    return render(item, current())


def word(text: str) -> str:
    """A terminal word (heading, label) in the current language."""
    return WORDS.get(text, text) if current() == "de" else text

"""Header labels of chess-results views, by column meaning, and the page languages.

Columns are found by their header labels, never by position. chess-results
prints the labels in the page's language (``lan=``; the importer forces
``lan=1``, English). The English, Portuguese and Russian spellings below were
read from the real saved pages in ``tests/data/chess-results``; the Spanish
pairings labels (Mesa, Blancas, Negras) from another project's chess-results
scraper; the German and other spellings are carried over unverified (no saved
German page was available). A page in a language whose labels are not known is
refused naming its language, never with "the layout may have changed".

>>> column_map(["No.", "", "Name", "Rtg", "Pts."])
{'start': 0, 'name': 2, 'rating': 3, 'points': 4}
>>> language_name(11, None)
'Russian'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wertung.kernel.errors import message


def label_key(text: str) -> str:
    """A header label without spaces, dots and colons, case-folded."""
    return re.sub(r"[\s.:]+", "", text).casefold()


def _labels(*spellings: str) -> frozenset[str]:
    return frozenset(label_key(s) for s in spellings)


#: Header labels by column meaning (first matching meaning wins, in this order).
COLUMN_LABELS: dict[str, frozenset[str]] = {
    "start": _labels(
        "No.", "SNo", "Snr", "Nr.", "Nº", "Nº.Inic.", "Ном.", "Ном", "Nr", "Nº.Ini.", "№"
    ),
    "rank": _labels("Rk.", "Rg.", "Cl.", "Pos.", "Место", "Pl.", "Lp."),
    "name": _labels("Name", "Nome", "Nombre", "Nom", "Имя", "Spieler", "Player"),
    "white": _labels("White", "Blancas"),
    "black": _labels("Black", "Negras"),
    "fide_id": _labels("FideID", "FIDE-ID", "Fide ID", "код FIDE", "Código FIDE", "ID FIDE"),
    "national_id": _labels("ID", "Ident-Number", "ID Nac.", "Ид"),
    "federation": _labels("FED", "Land", "ФЕД.", "ФЕД", "Fed."),
    "rating": _labels("Rtg", "Elo", "Рейт.", "Рейт", "Rating"),
    # "FIDE" as a rating column's label: a project reading Spanish lists (lan=2) finds it
    "fide_rating": _labels("RtgI", "EloI", "ЭлоИ", "Рейт.м", "RtgInt", "IRtg", "Elo int.", "FIDE"),
    "national_rating": _labels("RtgN", "EloN", "Рейт.н", "NRtg", "DWZ", "Elo nac.", "RtgNat"),
    "club": _labels(
        "Club/City", "Clube/Cidade", "Club/Ciudad", "Клуб/Город", "Verein/Ort", "Club/Ville"
    ),
    "sex": _labels("sex", "sexo", "пол", "Geschl.", "sexe"),
    "type": _labels("Type", "Typ", "Tipo", "Тип"),
    "points": _labels("Pts.", "Pkt.", "Pts", "Очки", "Pt.", "Ptos.", "Pontos"),
    "k": _labels("K"),
    "result": _labels("Result", "Resultado", "Ergebnis", "Результат", "Résultat", "Res."),
    "board": _labels("Bo.", "Br.", "Mesa", "Tab.", "Дос.", "Bo"),
    "birth_year": _labels("Year of birth", "Geburtsjahr", "Ano de nascimento", "Год рождения"),
    "date": _labels("Date", "Datum", "Data", "Fecha", "Дата"),
    "rounds": _labels(
        "Number of rounds", "Anzahl der Runden", "Número de rondas", "Количество туров"
    ),
    "location": _labels("Location", "Ort", "Local", "Lugar", "Место проведения"),
    "federation_detail": _labels("Federation", "Verband", "Federação", "Federación", "Федерация"),
    "tournament_type": _labels("Tournament type", "Turnierart", "Tipo de torneo"),
}
#: The meanings a list or pairings header may hold (the tournament details are other rows).
TABLE_MEANINGS = tuple(
    m for m in COLUMN_LABELS if m not in ("birth_year", "date", "rounds", "location")
)
TEAM_LABELS = _labels("Team", "Mannschaft", "Equipa", "Equipo", "Команда", "Équipe", "Squadra")
# The "no opponent" words of a pairings row, per language with their sources: ``_byes.py``.
#: The words of an empty board in the board pairings of a team event (English and German
#: as chess-results writes them; the others unverified).
NOT_PRESENT = _labels(
    "not present",
    "nicht anwesend",
    "nicht angetreten",
    "não presente",
    "no presentado",
    "ausente",
    "absent",
    "n.a.",
    "n.a",
    "unbesetzt",
    "nicht besetzt",
)
#: The match points column of the team pairings (art=2).
MATCH_POINTS = _labels("MP", "MPkt.", "MPts.", "Mannschaftspunkte")
#: Row labels of the tournament details that name the time control ("Time control (Rapid)").
#: The details row of the time control ("Time control (Standard)", "Контроль времени (Standard)", …).
TIME_CONTROL_PREFIXES = (
    "timecontrol",
    "bedenkzeit",
    "ritmodejuego",
    "ritmodejogo",
    "контрольвремени",
)
#: Tie-break columns: TB1 (English), Desp1 (Portuguese), Des1 (Spanish), Wtg1 (German).
TIE_BREAK_HEADER = re.compile(r"(?:tb|desp|des|wtg|fw)(\d{1,2})")
#: The legend under a ranking or crosstable: "Tie Break1: points (game-points)".
TIE_BREAK_LEGEND = re.compile(
    r"(?:tie\s*break|desempate|feinwertung|wertung)\s*(\d{1,2})\s*:\s*([^\n]{0,80})", re.I
)
_POINTS_LEGEND = re.compile(r"\s*(?:points|game[- ]?points|punkte|puntos|pontos)\b", re.I)

#: The heading or menu link of the final ranking, which names the event's number of rounds
#: ("Final Ranking after 9 Rounds"). English and Portuguese from the real pages
#: ``bas_ended_standings.html``, ``bas_portuguese_standings.html`` and the menus of
#: ``mjl_ussa2026_*``; Spanish as a project reading Spanish pages (lan=2) quotes it.
FINAL_RANKING = (
    re.compile(r"\bfinal\b[^\d]{0,40}?\bafter\s+(\d{1,3})\s+rounds?\b", re.I),  # English
    re.compile(r"\bfinal\s+após\s+(\d{1,3})\s+rondas\b", re.I),  # Portuguese
    re.compile(r"\bfinal\s+despu[eé]s\s+de\s+(\d{1,3})\s+rondas\b", re.I),  # Spanish
)

#: What the tournament details say about the rating calculation (``Rating calculation:
#: Rating national, Rating international``, English real pages: Arad, British, Warsaw;
#: ``FIDE-Event-ID`` on the British details): a label, and the words of a FIDE rating.
RATING_CALCULATION = _labels("Rating calculation")
FIDE_EVENT_ID = _labels("FIDE-Event-ID", "FIDE Event ID")
_INTERNATIONAL = re.compile(r"\b(?:rating\s+international|international|fide)\b", re.I)
_NATIONAL = re.compile(r"\b(?:rating\s+national|national)\b", re.I)


def rating_statement(text: str) -> str | None:
    """``fide`` when a "Rating calculation" value names the international (FIDE) rating,
    ``national`` when it names the national rating only, else None.

    >>> rating_statement("Rating national, Rating international"), rating_statement("Rating national")
    ('fide', 'national')
    """
    if _INTERNATIONAL.search(text):
        return "fide"
    if _NATIONAL.search(text):
        return "national"
    return None


#: chess-results' ``lan=`` codes: its language menu on every real page (``Default.aspx?lan=N``
#: behind ENG, GER, ESP, ...; e.g. ``mjl_frome2026_standard_r1.html``; FAI read as Farsi).
LANGUAGES = {
    0: "German", 1: "English", 2: "Spanish", 3: "Polish", 4: "Slovak", 5: "Czech",
    6: "Swedish", 7: "Persian", 8: "Turkish", 9: "Catalan", 10: "Portuguese", 11: "Russian",
    12: "Ukrainian", 13: "Croatian", 14: "Serbian", 15: "Bosnian", 16: "Italian", 17: "Dutch",
    18: "Finnish", 19: "Greek", 20: "French", 21: "Macedonian", 22: "Japanese",
    24: "Bulgarian", 26: "Indonesian", 27: "Romanian", 28: "Armenian", 29: "Vietnamese",
    30: "Lithuanian", 32: "Danish", 33: "Chinese", 34: "Azerbaijani", 35: "Arabic",
}  # fmt: skip
_ISO_LANGUAGES = {
    "de": "German", "en": "English", "es": "Spanish", "pt": "Portuguese", "ru": "Russian",
    "fr": "French", "it": "Italian", "pl": "Polish", "nl": "Dutch", "cs": "Czech",
    "sk": "Slovak", "hu": "Hungarian", "ro": "Romanian", "tr": "Turkish", "uk": "Ukrainian",
    "bg": "Bulgarian", "hr": "Croatian", "sr": "Serbian", "sl": "Slovenian", "sv": "Swedish",
    "da": "Danish", "fi": "Finnish", "el": "Greek", "ar": "Arabic", "zh": "Chinese",
    "ja": "Japanese", "vi": "Vietnamese", "id": "Indonesian", "ca": "Catalan", "lt": "Lithuanian",
    "mk": "Macedonian", "hy": "Armenian", "az": "Azerbaijani", "bs": "Bosnian", "fa": "Persian",
}  # fmt: skip


def column_map(labels: Sequence[str]) -> dict[str, int]:
    """Column meaning → index (first occurrence), from a header row's labels."""
    columns: dict[str, int] = {}
    for index, label in enumerate(labels):
        key = label_key(label)
        if not key:
            continue
        for meaning in TABLE_MEANINGS:
            if key in COLUMN_LABELS[meaning] and meaning not in columns:
                columns[meaning] = index
                break
    return columns


def is_label(text: str, meaning: str) -> bool:
    """Whether a header label means ``meaning``."""
    return label_key(text) in COLUMN_LABELS[meaning]


def points_tie_break(page_text: str) -> int | None:
    """The tie-break number that the page's legend names as the points ("points (game-points)")."""
    for match in TIE_BREAK_LEGEND.finditer(page_text):
        description = match.group(2)
        if _POINTS_LEGEND.match(description) and "match" not in description.casefold():
            return int(match.group(1))
    return None


def language_name(lan: int | None, html_lang: str | None) -> str | None:
    """The page's language from its ``lan=`` parameter or its ``<html lang>``; None if unknown."""
    if lan is not None and lan in LANGUAGES:
        return LANGUAGES[lan]
    code = (html_lang or "").split("-")[0].strip().casefold()
    if code in _ISO_LANGUAGES:
        return _ISO_LANGUAGES[code]
    return f"the language lan={lan}" if lan is not None else None


def unknown_labels(
    language: str | None, what: str, found: Sequence[str]
) -> tuple[str, dict[str, object]]:
    """Why a header could not be read, in English and as catalogue data: the page's language
    if it is not English, else the layout."""
    shown = [x for x in found if x][:12]
    if language and language != "English":
        other = "English" if language == "German" else "English or German"
        text = (
            f"the {what} is saved in {language} and its column labels {shown} are not all "
            f"known to wertung; save the page in {other}, or paste the link"
        )
        data = message(
            "labels.language", what=what, language=language, labels=str(shown), other=other
        )
        return text, data
    text = f"the {what} has an unexpected header {shown}; the chess-results layout may have changed"
    return text, message("labels.unexpected", what=what, labels=str(shown))


def unknown_labels_reason(language: str | None, what: str, found: Sequence[str]) -> str:
    """Why a header could not be read (the English text of :func:`unknown_labels`)."""
    return unknown_labels(language, what, found)[0]

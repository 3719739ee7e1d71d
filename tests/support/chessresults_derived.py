"""chess-results pages in other languages or with tournament details, derived from real pages.

No real pairings page saved in German, Spanish, Portuguese or Russian is available (the
real non-English pages are a Portuguese ranking and a Russian starting rank). The pages
here are the real English pairings pages (``mjl_frome2026_standard_r1.html`` with a
"bye" and six "not paired" rows, the Jeddah rounds 1 and 2) as chess-results shows them
in another language: the header labels as wertung knows them for that language
(``src/wertung/sources/chessresults/_labels.py``), the page's ``lan=`` and ``<html
lang>``, the navigation's "Rd."/"not paired" and the no-opponent words of
``_byes.py`` (the word the real Russian page shows for "not paired", ``без пары``, is
the one of its not-paired link). Everything else (names, ratings, results, layout) is
the real page's. Plain string replacements, not the parser under test.
"""

from __future__ import annotations

import re
from pathlib import Path

DATA = Path(__file__).parents[1] / "data" / "chess-results"
FROME = DATA / "mjl_frome2026_standard_r1.html"
JEDDAH = [DATA / "mjl_jeddah2026_r1.html", DATA / "mjl_jeddah2026_r2_live.html"]

#: lan= and <html lang> of each language (the lan= codes of chess-results' language menu,
#: as every real page lists them: GER 0, ESP 2, POR 10, RUS 11, FRA 20).
CODES = {"English": (1, "en"), "German": (0, "de"), "Spanish": (2, "es"),
         "Portuguese": (10, "pt"), "Russian": (11, "ru"), "French": (20, "fr")}  # fmt: skip
#: The pairings header labels by language, as wertung knows them (English → language).
LABELS = {
    "German": {"Bo.": "Br.", "No.": "Nr.", "White": "Weiß", "Black": "Schwarz", "Typ": "Typ",
               "Rtg": "Elo", "Pts.": "Pkt.", "Result": "Ergebnis"},
    "Spanish": {"Bo.": "Mesa", "No.": "Nº", "White": "Blancas", "Black": "Negras",
                "Typ": "Tipo", "Rtg": "Elo", "Pts.": "Ptos.", "Result": "Resultado"},
    "Portuguese": {"Bo.": "Mesa", "No.": "Nº", "White": "Brancas", "Black": "Pretas",
                   "Typ": "Tipo", "Rtg": "Elo", "Pts.": "Pontos", "Result": "Resultado"},
    "Russian": {"Bo.": "Дос.", "No.": "Ном.", "White": "Белые", "Black": "Черные",
                "Typ": "Тип", "Rtg": "Рейт.", "Pts.": "Очки", "Result": "Результат"},
    "French": {},  # labels as on the English page: only the words are French
}  # fmt: skip
#: The round's name in the navigation and headings ("Rd.2/7", "Round 2 on ...").
ROUND = {"German": ("Rd.", "Runde"), "Spanish": ("Rd.", "Ronda"), "Portuguese": ("Rd.", "Ronda"),
         "Russian": ("Тур", "Тур"), "French": ("Rd.", "Ronde")}  # fmt: skip
_HEADER = re.compile(r'<tr class="CRg1b">.*?</tr>', re.S)


def in_language(html: str, language: str, words: dict[str, str] | None = None) -> str:
    """The English page ``html`` as chess-results shows it in ``language``.

    ``words``: the no-opponent words, English → language (default: ``_byes.py``'s).
    """
    if words is None:
        words = default_words(language)
    lan, code = CODES[language]
    html = re.sub(r"lan=1(?=&|\")", f"lan={lan}", html)
    html = html.replace('<html lang="en"', f'<html lang="{code}"', 1)

    def header(match: re.Match[str]) -> str:
        row = match.group(0)
        for english, label in LABELS[language].items():
            row = row.replace(f">{english}<", f">{label}<")
        return row

    html = _HEADER.sub(header, html)
    for english, word in words.items():
        html = html.replace(f'<td class="CR">{english}</td>', f'<td class="CR">{word}</td>')
        html = html.replace(f">{english}</a>", f">{word}</a>")  # the not-paired link
    nav, heading = ROUND[language]
    html = re.sub(r">Rd\.(\d)", rf">{nav}\1", html)
    return re.sub(r"<h3>Round (\d+) on", rf"<h3>{heading} \1 on", html)


def default_words(language: str) -> dict[str, str]:
    """English no-opponent word → the word of ``language`` in wertung's table."""
    from wertung.sources.chessresults._byes import NO_OPPONENT_WORDS

    own = {w.meaning: w.text for w in NO_OPPONENT_WORDS if w.language == language}
    return {"not paired": own.get("not paired", "not paired"), "bye": own.get("bye", "bye")}


def with_details(html: str, rows: dict[str, str], *, navigation: bool = True) -> str:
    """The page with a tournament-details block (label → value), as ``turdet=YES`` shows it;
    ``navigation=False`` also drops the pairings row of the navigation (as on the page of an
    event that ended more than five days ago, where chess-results hides the links)."""
    cells = "".join(
        f'<tr><td class="CR">{label}</td><td class="CR">{value}</td></tr>'
        for label, value in rows.items()
    )
    block = f'<div class="defaultDialog"><table>{cells}</table></div>'
    at = html.index('<div class="defaultDialog"')
    html = html[:at] + block + html[at:]
    if not navigation:
        html = re.sub(r'<a [^>]*art=2&amp;rd=\d+"[^>]*>[^<]*</a>', "", html)
        html = re.sub(r"<i><b>Rd\.[^<]*</b></i>", "", html)
    return html


#: The Jeddah round-1 page as if saved with the tournament details (``turdet=YES``) saying the
#: event is FIDE-rated (its players carry FIDE ids; the real pages, saved without the details,
#: do not say which rating their ``Rtg`` is, so imported alone they give national ratings).
#: Committed as ``DERIVED_JEDDAH_R1`` for the tests of running events; ``jeddah_r1_fide()``
#: makes it (``tests/sources/test_chessresults_edges.py`` checks that the file is its output).
DERIVED_JEDDAH_R1 = DATA / "derived_jeddah2026_r1_fide_details.html"
RUNNING_JEDDAH = [DERIVED_JEDDAH_R1, JEDDAH[1]]


def jeddah_r1_fide() -> str:
    """The real Jeddah round-1 page with a details block "Rating calculation: Rating
    international" (see ``DERIVED_JEDDAH_R1``)."""
    html = JEDDAH[0].read_text(encoding="utf-8")
    return with_details(html, {"Rating calculation": "Rating international"})

"""The words of a pairings row without opponent, per page language, each with its source.

chess-results writes a player who has no opponent in a round as a pairings row whose
opponent cell holds a word instead of a name, and whose result cell holds his points:
the pairing-allocated bye ("bye", 1 point) and "not paired" (0, ½ or 1 point: the
zero-point bye of an absent player, a requested half-point bye, a full-point bye). The
points decide the kind of bye, never the word. The not-paired view (``art=40``) is
labelled with the same words in the navigation of every page ("not paired" on the real
English pages, in the rows as in the link), which is how the Russian word below was
read from a real Russian page.

Which words a page may use depends on its language (``lan=``, else ``<html lang>``):
the words of that language, plus the untranslated "bye". A page whose language is not
in the table (its column labels are not known either) is refused naming its language;
a page without a language may use any known word.

>>> is_no_opponent("без пары", "Russian"), is_no_opponent("Mcshane, Luke J", "English")
(True, False)
>>> is_no_opponent("not paired", None), is_no_opponent("spielfrei", "English")
(True, False)
>>> sorted(KNOWN_LANGUAGES)
['English', 'German', 'Portuguese', 'Russian', 'Spanish']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BYE = "bye"
NOT_PAIRED = "not paired"

#: The sources named in the table.
_REAL_EN = (
    "real pages: tests/data/chess-results/mjl_frome2026_standard_r1.html (board 13 'bye' 1; "
    "boards 14-19 'not paired' ½), mjl_jeddah2026_r1.html, mjl_british2026_champ_r5.html and "
    "the other British pairings, bas_ended_pairings.html"
)
_REAL_RU = (
    "real page: tests/data/chess-results/gwk_chess-results-russian.html (lan=11): its link to "
    "the not-paired view (art=40) reads 'без пары', where the English pages read 'not paired' "
    "in the link and in the rows"
)
_DE = (
    "German chess-results pages (lan=0) as other projects read them: a German crawler's test "
    "quotes the real team pairings of tnr1469895 with the opponent 'nicht ausgelost'; "
    "'spielfrei' is the bye in the same crawler's list of bye words (not seen on a page here)"
)
_PT = (
    "Portuguese pages (lan=10) as two other projects read them: a scraper of the pairings "
    "view and an importer of chess-results' Portuguese Excel export both take "
    "'não emparceirado' as the player without opponent (not seen on a page here)"
)
_ES = (
    "unverified: carried over from wertung's earlier list; no Spanish pairings page or "
    "parser of one was found (Spanish pages are read by others only for lists and cards)"
)
_BYE_EVERYWHERE = (
    "untranslated in every language: a project reading Spanish pages (lan=2) notes that the "
    "bye's opponent reads 'bye' in any language of the page; the Portuguese scraper above "
    "also takes 'bye' on lan=10 pages"
)


@dataclass(frozen=True, slots=True)
class NoOpponentWord:
    """One word of the table: its language, meaning (``bye``/``not paired``) and source."""

    language: str
    text: str
    meaning: str
    source: str


#: Every known word, by language (the languages whose column labels wertung knows).
NO_OPPONENT_WORDS: tuple[NoOpponentWord, ...] = (
    NoOpponentWord("English", "bye", BYE, _REAL_EN),
    NoOpponentWord("English", "not paired", NOT_PAIRED, _REAL_EN),
    NoOpponentWord("German", "spielfrei", BYE, _DE),
    NoOpponentWord("German", "nicht ausgelost", NOT_PAIRED, _DE),
    NoOpponentWord("Russian", "без пары", NOT_PAIRED, _REAL_RU),
    NoOpponentWord("Portuguese", "não emparceirado", NOT_PAIRED, _PT),
    NoOpponentWord("Spanish", "no emparejado", NOT_PAIRED, _ES),
)
#: Words chess-results writes in every language.
UNTRANSLATED: tuple[NoOpponentWord, ...] = (NoOpponentWord("", "bye", BYE, _BYE_EVERYWHERE),)
#: The languages the table covers.
KNOWN_LANGUAGES = frozenset(w.language for w in NO_OPPONENT_WORDS)


def word_key(text: str) -> str:
    """A cell's text as the table compares it: case-folded, spaces collapsed, no dots."""
    return " ".join(re.sub(r"[.:]", " ", text).casefold().split())


_BY_LANGUAGE = {
    language: frozenset(
        word_key(w.text) for w in (*NO_OPPONENT_WORDS, *UNTRANSLATED)
        if w.language in (language, "")
    )
    for language in KNOWN_LANGUAGES
}  # fmt: skip
_ALL = frozenset(word_key(w.text) for w in (*NO_OPPONENT_WORDS, *UNTRANSLATED))


def is_no_opponent(text: str, language: str | None) -> bool:
    """Whether a pairings cell's text is a page of this language's word for "no opponent".

    A page of a language the table does not cover, or of none, may use any known word.
    """
    key = word_key(text)
    return key in _BY_LANGUAGE.get(language or "", _ALL)


def words_of(language: str) -> tuple[str, ...]:
    """The words a page of ``language`` may use (its own and the untranslated ones)."""
    return tuple(
        w.text for w in (*NO_OPPONENT_WORDS, *UNTRANSLATED) if w.language in (language, "")
    )

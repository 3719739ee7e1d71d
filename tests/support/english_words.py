"""The catalogue's English words: what German output may not show (issue 21).

:func:`english_only` -- every word (three letters or more) of the catalogue's English side
that its German side does not have (the words by key, the messages, the field names, typer's
words);
:func:`leaks` -- those of them in a text, the command lines, options and paths it quotes
and the data's own names aside.
"""

from __future__ import annotations

import re
from functools import cache

WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", text))}


@cache
def english_only() -> frozenset[str]:
    """The words (three letters or more) of the catalogue's English side that its German side
    does not have: ``the``, ``and``, ``after``, ``established``, ``warning``, …"""
    from wertung import catalogue
    from wertung.catalogue._words import FIELDS, TERMS
    from wertung.catalogue.data_typer import TYPER
    from wertung.catalogue.words import WORDS

    english: set[str] = set()
    german: set[str] = set()
    for de, en in [*WORDS.values(), *FIELDS.values(), *TERMS.values(), *TYPER.values()]:
        english |= _words(en)
        german |= _words(de)
    for entry in catalogue.ENTRIES:
        english |= _words(entry.en) | {w for was in entry.was for w in _words(was)}
        german |= _words(entry.de)
    return frozenset(w for w in english - german if len(w) >= 3)


def leaks(text: str, data: frozenset[str] = frozenset()) -> list[str]:
    """The catalogue's English words in ``text`` (paths, options and command lines aside)."""
    text = re.sub(r"wertung [a-z -]+[A-Z]*|--[a-z-]+|\bno-[a-z-]+|complete: false|\S*/\S*|\S+\.(json|zip)\b",
                  " ", text)  # fmt: skip
    return sorted({w for w in WORD.findall(text) if w.lower() in english_only()} - data)

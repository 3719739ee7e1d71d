"""The web's languages: the catalogue's words and figures for one language at a time.

The words are the catalogue's (:data:`wertung.catalogue.words.WORDS`: each key once, its
German and English text side by side, so a missing translation cannot happen); the
figures are :mod:`wertung.catalogue.formatting`'s (decimal comma in German, point in
English, ``½`` for half points in both, dates by Babel).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from fractions import Fraction

from wertung.catalogue import Lang
from wertung.catalogue import formatting as _fmt
from wertung.catalogue.words import WORDS, plural_key

__all__ = ["LANGUAGES", "Lang", "Translator", "translator"]

LANGUAGES: tuple[Lang, ...] = ("de", "en")


class Translator:
    """Words and figures for one language."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self.locale = _fmt.LOCALES[lang]
        self._column = LANGUAGES.index(lang)

    def __call__(self, key: str, **values: object) -> str:
        """The word ``key`` in this language, with ``{name}`` placeholders filled."""
        entry = WORDS.get(key)
        if entry is None:  # an engine value without a word: show the value itself
            return key.rsplit(".", 1)[-1].replace("_", " ")
        text = entry[self._column]
        return text.format(**values) if values else text

    def n(self, key: str, count: int, **values: object) -> str:
        """The plural form of ``key`` for ``count`` (Babel's CLDR rules: ``key.one``, ``key.other``).

        >>> translator("de").n("working.w", 1, n=1)
        'erzielte Punkte in 1 gewerteten Partie'
        """
        return self(plural_key(key, count, self.lang), **values)

    def formula(self, text: str) -> str:
        """An engine formula with this language's decimal sign (``0.08`` → ``0,08``)."""
        return _fmt.formula(text, self.lang)

    def num(self, value: float | Fraction | int | None, digits: int = 0) -> str:
        """A number with exactly ``digits`` decimals, no grouping (``3,4298``, ``1547,09``)."""
        return _fmt.fixed(value, digits, self.lang)

    def plain(self, value: float | Fraction | int | None, max_digits: int = 4) -> str:
        """A number with up to ``max_digits`` decimals and no grouping (``0,08``)."""
        return _fmt.plain(value, max_digits, self.lang)

    def signed(self, value: float | Fraction | int | None, digits: int = 0) -> str:
        """A change with its sign: ``+47``, ``−3``, ``±0``."""
        return _fmt.signed(value, digits, self.lang)

    def score(self, value: float | Fraction | int | None) -> str:
        """Points with ``½``: ``4½``, ``½``, ``3``."""
        return _fmt.points(value, self.lang)

    def date(self, value: dt.date | str | None) -> str:
        """A date as users of the language write it (``01.09.2026`` / ``1 Sept 2026``)."""
        return _fmt.medium_date(value, self.lang)

    def month(self, value: dt.date | str | None) -> str:
        """Month and year, short (``Sept. 2026`` / ``Sept 2026``), for chart axes."""
        return _fmt.month(value, self.lang)


_CACHE: dict[str, Translator] = {}


def translator(lang: str) -> Translator:
    """The (cached) translator of ``lang`` (``de`` or ``en``)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang not in _CACHE:
        _CACHE[lang] = Translator(lang)
    return _CACHE[lang]


Gettext = Callable[..., str]

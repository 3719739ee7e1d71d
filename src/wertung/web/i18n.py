"""Languages, the message catalog and number/date formatting (Babel).

The catalog (:mod:`wertung.web.messages`) holds each message once with its
German and English text side by side, so a missing translation cannot happen.
Numbers use Babel: decimal comma in German, point in English; half points
are written ``½`` in both languages.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Literal

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal

from wertung.web.messages import MESSAGES

__all__ = ["LANGUAGES", "Lang", "Translator", "translator"]

Lang = Literal["de", "en"]
LANGUAGES: tuple[Lang, ...] = ("de", "en")
_LOCALES = {"de": "de_DE", "en": "en_GB"}
MINUS = "−"


@functools.lru_cache(maxsize=16384)
def _decimal(value: float, pattern: str, locale: str) -> str:
    """Babel's ``format_decimal`` with the minus sign typeset, kept for the numbers that
    recur (a results table formats the same ratings, K and scores many times; Babel
    takes about 25 µs a number)."""
    return format_decimal(value, format=pattern, locale=locale).replace("-", MINUS)


class Translator:
    """Messages and formatting for one language."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self.locale = _LOCALES[lang]
        self._column = LANGUAGES.index(lang)
        self._plural = Locale.parse(self.locale).plural_form

    def __call__(self, key: str, **values: object) -> str:
        """The message ``key`` in this language, with ``{name}`` placeholders filled."""
        entry = MESSAGES.get(key)
        if entry is None:  # an engine value without a message: show the value itself
            return key.rsplit(".", 1)[-1].replace("_", " ")
        text = entry[self._column]
        return text.format(**values) if values else text

    def n(self, key: str, count: int, **values: object) -> str:
        """The plural form of ``key`` for ``count`` (Babel's CLDR rules: ``key.one``, ``key.other``).

        >>> translator("de").n("working.w", 1, n=1)
        'erzielte Punkte in 1 gewerteten Partie'
        """
        form = self._plural(count)
        key = f"{key}.{form}" if f"{key}.{form}" in MESSAGES else f"{key}.other"
        return self(key, **values)

    def formula(self, text: str) -> str:
        """An engine formula with this language's decimal sign (``0.08`` → ``0,08``)."""
        if self.lang == "en":
            return text
        return _DECIMAL_POINT.sub(r"\1,\2", text)

    def num(self, value: float | Fraction | int | None, digits: int = 0) -> str:
        """A number with exactly ``digits`` decimals, no grouping (``3,4298``, ``1547,09``)."""
        if value is None:
            return "–"
        pattern = "0" + ("." + "0" * digits if digits else "")
        return _decimal(float(value), pattern, self.locale)

    def plain(self, value: float | Fraction | int | None, max_digits: int = 4) -> str:
        """A number with up to ``max_digits`` decimals and no grouping (``0,08``)."""
        if value is None:
            return "–"
        pattern = "0" + ("." + "#" * max_digits if max_digits else "")
        return _decimal(float(value), pattern, self.locale)

    def signed(self, value: float | Fraction | int | None, digits: int = 0) -> str:
        """A change with its sign: ``+47``, ``−3``, ``±0``."""
        if value is None:
            return "–"
        if value == 0:
            return "±" + self.num(0, digits)
        text = self.num(abs(value), digits)
        return ("+" if value > 0 else MINUS) + text

    def score(self, value: float | Fraction | int | None) -> str:
        """Points with ``½``: ``4½``, ``½``, ``3``."""
        if value is None:
            return "–"
        exact = Fraction(value).limit_denominator(2)
        whole, half = divmod(exact, 1)
        if half == Fraction(1, 2):
            return ("" if whole == 0 else str(int(whole))) + "½"
        if half == 0:
            return str(int(whole))
        return self.plain(value, 2)

    def date(self, value: dt.date | str | None) -> str:
        """A date as users of the language write it (``1. Sept. 2026`` / ``1 Sept 2026``)."""
        if value is None or value == "":
            return "–"
        if isinstance(value, str):
            value = dt.date.fromisoformat(value)
        return format_date(value, format="medium", locale=self.locale)

    def month(self, value: dt.date | str | None) -> str:
        """Month and year, short (``Sept. 2026`` / ``Sept 2026``), for chart axes."""
        if value is None or value == "":
            return "–"
        if isinstance(value, str):
            value = dt.date.fromisoformat(value)
        return format_date(value, format="MMM yyyy", locale=self.locale)


_DECIMAL_POINT = re.compile(r"(\d)\.(\d)")
_CACHE: dict[str, Translator] = {}


def translator(lang: str) -> Translator:
    """The (cached) translator of ``lang`` (``de`` or ``en``)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang not in _CACHE:
        _CACHE[lang] = Translator(lang)  # type: ignore[arg-type]
    return _CACHE[lang]


Gettext = Callable[..., str]

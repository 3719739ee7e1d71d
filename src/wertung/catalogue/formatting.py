"""Numbers and dates in German and English: the one formatter of the web, the CLI and the messages.

German writes the decimal comma, the typeset minus ``−`` and dates as ``01.12.2026``
(Babel, locale ``de_DE``); English the decimal point (``en_GB``). Half points are ``½``
in both languages. Babel is imported on first use: an English command line never loads
it (start-up), and :class:`English` needs none.

Three ways of rounding stay as each output has always had them:

* the web's figures (:func:`decimal`, :func:`fixed`, :func:`plain`, :func:`signed`,
  :func:`points`): Babel's rounding of the shortest decimal of a float, cached (a results table formats the same ratings, K and scores many times;
  Babel takes about 25 µs a number);
* the terminal's figures (:class:`English`, :class:`German`): Python's rounding of the
  float's exact binary value, so a German figure is the English one with other signs;
* the messages' figures (:func:`number`, :func:`score`, :func:`size`).

>>> decimal(1547.09, "0.00", "de"), decimal(-2.5, "0.0", "de"), decimal(3.42983, "0.####", "en")
('1547,09', '−2,5', '3.4298')
>>> number(0.08, "de"), score(2.5, "de"), score(-0.5, "en"), date("2026-08-10", "de")
('0,08', '2½', '−½', '10.08.2026')
>>> en, de = English(), German()
>>> en.num(0.36183), de.num(0.36183, 4), de.fixed(44, 1), de.num(Fraction(3, 2))
('0.362', '0,3618', '44,0', '1½')
>>> en.signed(-3), de.signed(-3), de.signed(0), de.date("2026-12-01")
('-3', '−3', '±0', '01.12.2026')
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from babel import Locale

    from wertung.catalogue import Lang

__all__ = [
    "LOCALES", "MINUS", "English", "German", "date", "decimal", "exact", "figures", "fixed",
    "formula", "grouped", "locale", "medium_date", "month", "number", "plain", "plural_form",
    "points", "score", "short_time", "signed", "size",
]  # fmt: skip

MINUS = "−"
#: The Babel locale of each language.
LOCALES: dict[str, str] = {"de": "de_DE", "en": "en_GB"}


@lru_cache(maxsize=4)
def locale(lang: str) -> Locale:
    """Babel's locale of ``lang`` (``de`` or ``en``)."""
    from babel import Locale  # first use only: an English command line never loads Babel

    return Locale.parse(LOCALES[lang])


@lru_cache(maxsize=4)
def plural_form(lang: str) -> Callable[[float], str]:
    """The plural rule of ``lang`` (CLDR, Babel): ``plural_form("de")(1) == "one"``."""
    return locale(lang).plural_form


# -- the web's figures ------------------------------------------------------------------


@lru_cache(maxsize=16384)
def decimal(value: float, pattern: str, lang: str) -> str:
    """Babel's ``format_decimal`` of ``value`` with the ``pattern`` (``0.00``, ``0.##``), the
    minus sign typeset; cached for the numbers that recur on a page."""
    from babel.numbers import format_decimal  # first use only (start-up)

    return format_decimal(value, format=pattern, locale=LOCALES[lang]).replace("-", MINUS)


def fixed(value: float | Fraction | int | None, digits: int, lang: str) -> str:
    """A number with exactly ``digits`` decimals, no grouping (``3,4298``, ``1547,09``; ``–``
    for none)."""
    if value is None:
        return "–"
    return decimal(float(value), "0" + ("." + "0" * digits if digits else ""), lang)


def plain(value: float | Fraction | int | None, max_digits: int, lang: str) -> str:
    """A number with up to ``max_digits`` decimals and no grouping (``0,08``)."""
    if value is None:
        return "–"
    return decimal(float(value), "0" + ("." + "#" * max_digits if max_digits else ""), lang)


def signed(value: float | Fraction | int | None, digits: int, lang: str) -> str:
    """A change with its sign: ``+47``, ``−3``, ``±0`` (``digits`` decimals)."""
    if value is None:
        return "–"
    if value == 0:
        return "±" + fixed(0, digits, lang)
    return ("+" if value > 0 else MINUS) + fixed(abs(float(value)), digits, lang)


def points(value: float | Fraction | int | None, lang: str) -> str:
    """Points with ``½`` (``4½``, ``½``, ``3``); a value that is no half point with up to two
    decimals."""
    if value is None:
        return "–"
    exact = Fraction(value).limit_denominator(2)
    whole, half = divmod(exact, 1)
    if half == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    if half == 0:
        return str(int(whole))
    return plain(value, 2, lang)


def medium_date(value: dt.date | str | None, lang: str) -> str:
    """A date as users of the language write it (``01.09.2026`` / ``1 Sept 2026``)."""
    if value is None or value == "":
        return "–"
    if isinstance(value, str):
        value = dt.date.fromisoformat(value)
    from babel.dates import format_date  # first use only (start-up)

    return format_date(value, format="medium", locale=LOCALES[lang])


def month(value: dt.date | str | None, lang: str) -> str:
    """Month and year, short (``Sept. 2026`` / ``Sept 2026``), for chart axes."""
    if value is None or value == "":
        return "–"
    if isinstance(value, str):
        value = dt.date.fromisoformat(value)
    from babel.dates import format_date  # first use only (start-up)

    return format_date(value, format="MMM yyyy", locale=LOCALES[lang])


def short_time(moment: dt.datetime, lang: str, *, with_date: bool) -> str:
    """A moment as ``HH:MM`` (``with_date``: with its short date before), in its own zone."""
    from babel.dates import format_datetime, format_time  # first use only (start-up)

    if with_date:
        return format_datetime(moment, format="short", locale=LOCALES[lang], tzinfo=moment.tzinfo)
    return format_time(moment, format="short", locale=LOCALES[lang], tzinfo=moment.tzinfo)


_DECIMAL_POINT = re.compile(r"(\d)\.(\d)")


def formula(text: str, lang: str) -> str:
    """An engine formula with the language's decimal sign (``0.08`` → ``0,08``)."""
    return _DECIMAL_POINT.sub(r"\1,\2", text) if lang == "de" else text


def grouped(count: int, lang: str) -> str:
    """A count with the thousands separator (``12.345`` / ``12,345``)."""
    return decimal(count, "#,##0", lang)


# -- the messages' figures --------------------------------------------------------------


def number(value: object, lang: str) -> str:
    """``0.08`` → ``0,08`` in German; whole numbers without grouping (``1547``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return str(value).replace("-", MINUS) if value < 0 else str(value)
    from babel.numbers import format_decimal  # first use only (start-up)

    text = format_decimal(value, format="0.0#####", locale=LOCALES[lang])
    return text.replace("-", MINUS)


def count(value: object, lang: str) -> str:
    """A whole number with thousands separators: ``16,777,216``, German ``16.777.216``."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    from babel.numbers import format_decimal  # first use only (start-up)

    return format_decimal(value, format="#,##0", locale=LOCALES[lang]).replace("-", MINUS)


def score(value: object, lang: str) -> str:
    """Points with ``½``: ``2½``, ``½``, ``3``."""
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and value * 2 == int(value * 2)
    ):
        sign = MINUS if value < 0 else ""
        whole = int(abs(value))
        if abs(value) - whole:
            return sign + ("" if whole == 0 else str(whole)) + "½"
        return sign + str(whole)
    return number(value, lang)


_SIZE = re.compile(r"(\d[\d,]*(?:\.\d+)?) (GiB|MiB|KiB|MB|kB|bytes)\Z")


def size(value: object, lang: str) -> str:
    """``1.5 MiB`` → ``1,5 MiB``; ``12,345 bytes`` → ``12.345 Bytes``."""
    found = _SIZE.match(str(value))
    if found is None:
        return str(value)
    amount, unit = found.groups()
    figure = float(amount.replace(",", ""))
    pattern = "#,##0" if unit == "bytes" else "#,##0.#"
    from babel.numbers import format_decimal  # first use only (start-up)

    shown = format_decimal(figure, format=pattern, locale=LOCALES[lang])
    if unit == "bytes":
        unit = "Bytes" if lang == "de" else "bytes"
    return f"{shown} {unit}"


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


def date(value: object, lang: str) -> str:
    """An ISO date as German users write it (``2026-08-10`` → ``10.08.2026``); English keeps ISO.

    The German form is Babel's ``medium`` date, as on the web pages and in the CLI's tables.
    What is not a valid ISO date (``2026-13-45``, ``soon``, a date with a time) stays as it is.

    >>> date("2026-08-10", "de"), date("2026-08-10", "en"), date("2026-13-45", "de")
    ('10.08.2026', '2026-08-10', '2026-13-45')
    """
    if lang != "de":
        return str(value)
    day: dt.date | None = None
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        day = value
    elif isinstance(value, str) and _ISO_DATE.match(value):
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            day = None
    if day is None:
        return str(value)
    return medium_date(day, lang)


# -- the terminal's figures -------------------------------------------------------------


def exact(value: Any, pattern: str, lang: str) -> str:
    """``value`` by Babel's ``pattern``, rounded from the float's exact binary value (as
    Python's ``f"{value:.2f}"`` rounds it), the minus sign typeset.

    >>> exact(2.675, "0.00", "de"), exact(1234.56, "#,##0.0", "de")
    ('2,67', '1.234,6')
    """
    from decimal import Decimal

    from babel.numbers import format_decimal  # first use only (start-up)

    figure = Decimal(float(value))  # the float's exact value: rounded as English rounds it
    return format_decimal(figure, format=pattern, locale=LOCALES[lang]).replace("-", MINUS)


class English:
    """The terminal's English figures (unchanged since the first release: tests pin them)."""

    lang: Lang = "en"

    def num(self, value: Any, places: int = 3) -> str:
        """Whole numbers plain, halves with ``½``, others with ``places`` decimals."""
        if value is None:
            return "–"
        if isinstance(value, Fraction):
            if value.denominator == 1:
                return self.whole(int(value))
            if value.denominator == 2:
                whole = int(value)
                return f"{self.whole(whole)}½" if whole else "½"
            return self.fixed(value, places)
        if isinstance(value, float):
            return self.fixed(value, places)
        if isinstance(value, int) and not isinstance(value, bool):
            return self.whole(value)
        return str(value)

    def whole(self, value: int) -> str:
        """A whole number."""
        return str(value)

    def fixed(self, value: Any, places: int) -> str:
        """Exactly ``places`` decimals."""
        return f"{float(value):.{places}f}"

    def signed(self, value: int | None) -> str:
        """A whole change with its sign (``+14``)."""
        return "–" if value is None else f"{value:+d}"

    def signed_fixed(self, value: Any, places: int) -> str:
        """A change with its sign and ``places`` decimals (``+5.2``)."""
        return f"{float(value):+.{places}f}"

    def short(self, value: Any) -> str:
        """The shortest form (``36.5``, ``35``)."""
        return f"{float(value):g}"

    def date(self, value: Any) -> str:
        """A date (ISO)."""
        return str(value)

    def formula(self, text: str) -> str:
        """An engine formula (``0.64·1600 + 760``)."""
        return text


class German(English):
    """Decimal comma, ``−`` and ``±0``, dates as ``01.12.2026`` (Babel, locale de_DE)."""

    lang: Lang = "de"

    def whole(self, value: int) -> str:
        return str(value).replace("-", MINUS)

    def fixed(self, value: Any, places: int) -> str:
        return exact(value, "0." + "0" * places if places else "0", "de")

    def signed(self, value: int | None) -> str:
        if value is None:
            return "–"
        if value == 0:
            return "±0"
        return ("+" if value > 0 else MINUS) + str(abs(value))

    def signed_fixed(self, value: Any, places: int) -> str:
        text = self.fixed(abs(float(value)), places)
        if float(value) == 0:
            return "±" + text
        return ("+" if float(value) > 0 else MINUS) + text

    def short(self, value: Any) -> str:
        return super().short(value).replace(".", ",").replace("-", MINUS)

    def date(self, value: Any) -> str:
        if value is None or value == "":
            return "–"
        if isinstance(value, str):
            try:
                value = dt.date.fromisoformat(value)
            except ValueError:
                return value
        if not isinstance(value, dt.date):
            return str(value)
        return medium_date(value, "de")

    def formula(self, text: str) -> str:
        return formula(text, "de")


_FIGURES = {"en": English(), "de": German()}


def figures(lang: str) -> English:
    """The terminal's figures of ``lang``."""
    return _FIGURES["de" if lang == "de" else "en"]

"""Numbers and dates as the terminal shows them: English as ever, German through Babel.

The German figures are the English ones with the decimal comma, the minus sign ``−`` and
dates as ``01.12.2026``: both round the same binary value the same way (half to even on
its exact decimal expansion), so a figure never differs between the languages but for
its signs. English needs no Babel; :func:`numbers` gives the formats of the chosen
language.

>>> en, de = English(), German()
>>> en.num(0.36183), de.num(0.36183, 4), de.fixed(44, 1), de.num(Fraction(3, 2))
('0.362', '0,3618', '44,0', '1½')
>>> en.signed(-3), de.signed(-3), de.signed(0), de.date("2026-12-01")
('-3', '−3', '±0', '01.12.2026')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["English", "German", "numbers"]

MINUS = "−"


class English:
    """The terminal's English figures (unchanged since the first release: tests pin them)."""

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

    locale = "de_DE"

    def whole(self, value: int) -> str:
        return str(value).replace("-", MINUS)

    def fixed(self, value: Any, places: int) -> str:
        from decimal import Decimal

        from babel.numbers import format_decimal

        pattern = "0." + "0" * places if places else "0"
        exact = Decimal(float(value))  # the float's exact value: rounded as English rounds it
        return format_decimal(exact, format=pattern, locale=self.locale).replace("-", MINUS)

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
        import datetime as dt

        if value is None or value == "":
            return "–"
        if isinstance(value, str):
            try:
                value = dt.date.fromisoformat(value)
            except ValueError:
                return value
        if not isinstance(value, dt.date):
            return str(value)
        from babel.dates import format_date

        return format_date(value, format="medium", locale=self.locale)

    def formula(self, text: str) -> str:
        import re

        return re.sub(r"(\d)\.(\d)", r"\1,\2", text)


_FORMATS = {"en": English(), "de": German()}


def numbers() -> English:
    """The figures of the chosen language."""
    from wertung.cli._lang import current

    return _FORMATS[current()]

"""A message in German or English: numbers, plurals and field names by Babel's rules."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Literal

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal

from wertung.catalogue._entry import Entry, Hole
from wertung.catalogue._message import PLACE, UNTRANSLATED, Message
from wertung.catalogue._words import FIELDS, TERMS

__all__ = ["Lang", "render_message"]

Lang = Literal["de", "en"]
_LOCALES = {"de": "de_DE", "en": "en_GB"}
_COLUMN = {"de": 0, "en": 1}
MINUS = "−"


@lru_cache(maxsize=4)
def _locale(lang: str) -> Locale:
    return Locale.parse(_LOCALES[lang])


def number(value: object, lang: str) -> str:
    """``0.08`` → ``0,08`` in German; whole numbers without grouping (``1547``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return str(value).replace("-", MINUS) if value < 0 else str(value)
    text = format_decimal(value, format="0.0#####", locale=_LOCALES[lang])
    return text.replace("-", MINUS)


def count(value: object, lang: str) -> str:
    """A whole number with thousands separators: ``16,777,216``, German ``16.777.216``."""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    return format_decimal(value, format="#,##0", locale=_LOCALES[lang]).replace("-", MINUS)


def score(value: object, lang: str) -> str:
    """Points with ``½``: ``2½``, ``½``, ``3``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value * 2 == int(value * 2):
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
    shown = format_decimal(figure, format=pattern, locale=_LOCALES[lang])
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
    return format_date(day, format="medium", locale=_LOCALES[lang])


def field_name(value: object, lang: str) -> str:
    """A field name as a word: ``birth_year`` → ``Geburtsjahr`` / ``year of birth``."""
    text = str(value)
    key = re.sub(r"\[\d+\]", "", text).rsplit(".", 1)[-1].strip().replace(" ", "_").lower()
    words = FIELDS.get(key)
    if words is None:
        return text
    return words[_COLUMN[lang]]


def term(value: object, lang: str) -> str:
    """A word or phrase the catalogue knows (``crosstable`` → ``Kreuztabelle``)."""
    text = str(value)
    words = TERMS.get(text) or TERMS.get(text.lower())
    return text if words is None else words[_COLUMN[lang]]


def listing(value: object, lang: str) -> str:
    """Values joined by commas; ``and``/``or`` and known words in the language."""
    text = str(value)
    parts = re.split(r"(, | and | or )", text)
    joiners = {"de": {" and ": " und ", " or ": " oder "}, "en": {}}[lang]
    return "".join(joiners.get(p, p) if i % 2 else term(p, lang) for i, p in enumerate(parts))


def plural(count: object, forms: tuple[str, str], lang: str) -> str:
    """The word form for ``count`` by the language's plural rule."""
    if isinstance(count, Message) or not isinstance(count, (int, float)):
        return forms[1]
    return forms[0] if _locale(lang).plural_form(count) == "one" else forms[1]


def _value(entry: Entry, hole: Hole, params: Mapping[str, object], lang: str) -> str:
    value = params.get(hole.name, "")
    if hole.forms is not None:
        return plural(value, hole.forms, lang)
    if isinstance(value, Message):
        return render_message(value, lang)
    kind = entry.kinds.get(hole.name, "text")
    if kind in ("int", "num"):
        return number(value, lang)
    if kind == "count":
        return count(value, lang)
    if kind == "score":
        return score(value, lang)
    if kind == "size":
        return size(value, lang)
    if kind == "field":
        return field_name(value, lang)
    if kind == "term":
        return term(value, lang)
    if kind == "list":
        return listing(value, lang)
    if kind == "date":
        return date(value, lang)
    return str(value)


def render_message(message: Message, lang: str, entries: Mapping[str, Entry] | None = None) -> str:
    """The text of ``message`` in ``lang`` (``de`` or ``en``)."""
    from wertung.catalogue import BY_CODE  # the catalogue's index (built once on import)

    index = BY_CODE if entries is None else entries
    if message.code == UNTRANSLATED:
        return str(message.params.get("text", ""))
    if message.code == PLACE:
        parts = message.params.get("parts", [])
        assert isinstance(parts, list)
        sep = str(message.params.get("sep", ", "))
        text = sep.join(render_message(p, lang, index) for p in parts)
    else:
        entry = index[message.code]
        pieces = entry.de_pieces if lang == "de" else entry.en_pieces
        text = "".join(
            p if isinstance(p, str) else _value(entry, p, message.params, lang) for p in pieces
        )
    if message.context is not None:
        return f"{render_message(message.context, lang, index)}: {text}"
    return text

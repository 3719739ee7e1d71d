"""A message in German or English: numbers, plurals and field names by Babel's rules."""

from __future__ import annotations

import re
from collections.abc import Mapping

from wertung.catalogue._entry import Entry, Hole
from wertung.catalogue._message import PLACE, UNTRANSLATED, Message
from wertung.catalogue._words import FIELDS, TERMS
from wertung.catalogue.formatting import count, date, number, plural_form, score, size

__all__ = ["render_message"]

_COLUMN = {"de": 0, "en": 1}


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
    return forms[0] if plural_form(lang)(count) == "one" else forms[1]


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

"""Personal names in the form used for matching (a player across tournaments, a source's
player against the DSB list).

Two spellings of one person's name share a :func:`name_key`: order, case, umlauts
written as ``ä``/``ae``/``a``, hyphens and titles do not matter.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["fold", "name_key", "name_tokens"]


_FOLD = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th"})
_ACADEMIC = frozenset(
    {"dr", "prof", "dipl", "ing", "med", "rer", "nat", "phil", "jur", "mag", "habil", "hc"}
)
_ACADEMIC_BARE = frozenset({"dr", "prof"})  # also recognised without a dot
_CHESS_TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "NM"})
_SPLIT = re.compile(r"[\s,;/\-–]+")
_NON_ALNUM = re.compile(r"[^0-9a-z]+")
_VOWEL_E = re.compile(r"([aou])e+")


def _fold(text: str) -> str:
    """Lower case ASCII without diacritics; ä/ae, ö/oe, ü/ue all become a, o, u."""
    text = text.casefold().translate(_FOLD)  # casefold: ß -> ss
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    # "ae" -> "a" and so on, to a fixed point: "äe", "aee" and "ae" all become "a"
    return _VOWEL_E.sub(r"\1", text)


@lru_cache(maxsize=1 << 16)
def _word_token(word: str) -> str:
    """The matching form of one word of a name ("" for an academic title)."""
    bare = word.casefold().replace(".", "")
    if bare in _ACADEMIC_BARE or (word.endswith(".") and bare in _ACADEMIC):
        return ""
    return _NON_ALNUM.sub("", _fold(word))


def name_tokens(name: str) -> list[str]:
    """The matching forms of the words of a name, in order (titles dropped).

    >>> name_tokens("GM Dr. Jörg Weiß")
    ['jorg', 'weiss']
    """
    words = [w for w in _SPLIT.split(name.strip()) if w]
    if words and words[0].rstrip(".") in _CHESS_TITLES:
        words = words[1:]
    return [token for token in map(_word_token, words) if token]


def name_key(name: str) -> str:
    """The key two spellings of one name share (used for matching only).

    Order ("Name,Vorname", "Name, Vorname", "Vorname Name"), case, umlauts
    written as ``ä`` or ``ae`` (or plain ``a``), hyphens and academic titles do
    not matter:

    >>> name_key("Müller,Hans-Peter")
    'hans muller peter'
    >>> name_key("Dr. Hans Peter Mueller") == name_key("MÜLLER, Hans-Peter") == name_key("Muller, Hans Peter")
    True
    >>> name_key("Weiß, Jörg") == name_key("Joerg Weiss")
    True
    """
    return " ".join(sorted(name_tokens(name)))


fold = _fold

"""Names and clubs of the DSB list in the form used for matching.

Two spellings of one person's name share a :func:`name_key` (order, case,
umlauts written as ``ä``/``ae``/``a``, hyphens and titles do not matter); two
spellings of one club share their significant words (:func:`club_key`).
"""

from __future__ import annotations

import re

from wertung.kernel.names import fold as _fold
from wertung.kernel.names import name_key, name_tokens
from wertung.sources.store import DsbPlayer

__all__ = ["club_key", "clubs_match", "name_key", "name_tokens"]


_NON_ALNUM = re.compile(r"[^0-9a-z]+")


_CLUB_NOISE = frozenset(
    {
        "sc", "sk", "sv", "sg", "sf", "sfr", "ssv", "tsv", "tus", "tv", "spvgg", "sportverein",
        "schachclub", "schachklub", "schachverein", "schachgemeinschaft", "schachfreunde",
        "schachabteilung", "schachabt", "sabt", "abt", "schach", "club", "klub", "verein",
        "ev", "e", "v", "der", "des", "von", "und", "im", "am", "in",
    }
)  # fmt: skip


def club_key(name: str) -> frozenset[str]:
    """The significant words of a club name (for comparing club spellings).

    >>> sorted(club_key("Schachklub Zehlendorf 1903 e.V."))
    ['1903', 'zehlendorf']
    """
    words = {w for w in _NON_ALNUM.split(_fold(name)) if w}
    significant = words - _CLUB_NOISE
    return frozenset(significant or words)


def clubs_match(given: str | None, entry: DsbPlayer) -> bool:
    """Whether the club a tournament gives (a name or a ZPS code) is this row's club.

    >>> row = DsbPlayer(zps="C0327", name="X,Y", club="SK Zehlendorf 1903 e.V.")
    >>> clubs_match("Schachklub Zehlendorf", row), clubs_match("c0327", row), clubs_match("SC Kreuzberg", row)
    (True, True, False)
    """
    if not given or not given.strip():
        return False
    if given.strip().casefold() == entry.zps.casefold():
        return True
    if not entry.club:
        return False
    a, b = club_key(given), club_key(entry.club)
    return bool(a and b) and (a <= b or b <= a)

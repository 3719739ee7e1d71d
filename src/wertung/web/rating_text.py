"""A rating as users type it: a DWZ alone, or DWZ-index as the DSB card shows it.

Shared by the pages' forms (:mod:`wertung.web.pages.forms`) and the API's fields
(:mod:`wertung.web.api.fields`).
"""

from __future__ import annotations

__all__ = ["split_rating"]

_DASHES = "-‑–"


def split_rating(text: str) -> tuple[str, str | None]:
    """``"1500-5"`` (DWZ-index, as on the DSB card) → ``("1500", "5")``; else ``(text, None)``.

    >>> split_rating("1500-5"), split_rating("1650 – 12"), split_rating("1500")
    (('1500', '5'), ('1650', '12'), ('1500', None))
    """
    cleaned = text.strip()
    for dash in _DASHES:
        head, sep, tail = cleaned.partition(dash)
        head, tail = head.strip(), tail.strip()
        if sep and head.isascii() and head.isdigit() and tail.isascii() and tail.isdigit():
            return head, tail
    return text, None

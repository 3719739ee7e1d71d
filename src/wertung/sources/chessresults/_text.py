"""Small readers of chess-results cell texts: numbers, points, ratings, dates, names.

>>> parse_points("6½"), parse_points("3,5"), parse_points("")
(Fraction(13, 2), Fraction(7, 2), None)
>>> name_key("Mcshane, Luke J") == name_key("Mcshane Luke J")
True
"""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction

from selectolax.lexbor import LexborNode

from wertung.kernel.results import HALF

_DATE_PATTERNS = (
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), (3, 2, 1)),
    (re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})"), (3, 2, 1)),
)
_FOOTNOTE = re.compile(r"\*\)|\(\*\)|\*")


def clean(text: str) -> str:
    """Collapse white space (including no-break spaces)."""
    return " ".join(text.replace("\xa0", " ").split())


def node_text(node: LexborNode) -> str:
    """The cleaned text of an HTML node."""
    return clean(node.text(deep=True, separator=" ", strip=True))


def parse_points(text: str) -> Fraction | None:
    """``6``, ``3,5``, ``6½``, ``½``, ``0.5`` as an exact number; None for an empty cell.

    Raises ValueError for anything else.
    """
    text = clean(text).replace(" ", "")
    if not text:
        return None
    half = text.endswith("½")
    if half:
        text = text[:-1]
    if not text:
        return HALF
    text = text.replace(",", ".")
    if not re.fullmatch(r"\d{1,4}(?:\.\d{1,2})?", text):
        raise ValueError(text)
    value = Fraction(text)
    return value + HALF if half else value


def safe_points(text: str) -> Fraction | None:
    """:func:`parse_points`, or None for a text that is not points."""
    try:
        return parse_points(text)
    except ValueError:
        return None


def to_int(text: str) -> int | None:
    """A whole number of up to 9 ASCII digits, else None."""
    text = clean(text).replace(" ", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def to_rating(text: str) -> int | None:
    """A rating 1–3500; ``0`` (chess-results' "unrated") and anything else give None."""
    value = to_int(text)
    return value if value and 0 < value <= 3500 else None


def dates_in(text: str) -> list[dt.date]:
    """The dates in a text, in the order they appear."""
    found: list[tuple[int, dt.date]] = []
    for pattern, (y, m, d) in _DATE_PATTERNS:
        for match in pattern.finditer(text):
            try:
                found.append((match.start(), dt.date(int(match[y]), int(match[m]), int(match[d]))))
            except ValueError:
                continue
    return [date for _, date in sorted(found, key=lambda item: item[0])]


def name_key(name: str) -> str:
    """A player's name for matching across views (order, commas, dots, footnote marks ignored)."""
    text = _FOOTNOTE.sub(" ", name).replace(",", " ").replace(".", " ").casefold()
    return " ".join(sorted(text.split()))


def display_name(name: str) -> str:
    """A name without chess-results' footnote mark (``Hebden, Mark L *)``)."""
    return clean(_FOOTNOTE.sub(" ", name)).rstrip(" ,")


def fmt_points(value: Fraction | None) -> str:
    """Points as chess-results writes them (``6½``); ``?`` for None."""
    if value is None:
        return "?"
    whole, half = divmod(value, 1)
    if half == 0:
        return str(whole)
    if half == HALF:
        return f"{whole}½" if whole else "½"
    return str(float(value))

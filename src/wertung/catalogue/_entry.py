"""One catalogue entry: a stable code, an English and a German template, and a matcher.

Template syntax (both languages):

* ``{name}`` – a parameter; in the English template it may carry a kind, ``{name:kind}``
  (the German template uses the same names, the kind comes from the English one);
* ``{name|one|other}`` – a word chosen by the plural form of the number ``name``
  (Babel's plural rules of the language: ``1 gewertete Partie``, ``2 gewertete Partien``).

Kinds: ``text`` (default, kept verbatim: what the user typed or a name), ``q`` (a quoted
value as Python's ``repr`` writes it, kept verbatim), ``int``, ``count`` (a whole number written with thousands separators, ``16,777,216``:
``16.777.216`` in German), ``num`` (decimal comma in
German), ``score`` (points with ``½``), ``size`` (``1.5 MiB``), ``field`` (a field name,
rendered as the word of the language), ``term`` (an English word or phrase the catalogue
knows, e.g. ``crosstable``), ``list`` (values joined by commas and ``and``/``or``),
``msg`` (another catalogue message, rendered recursively), ``where`` (a place such as
``line 12, player 3``), ``path`` (a file name or address: no spaces, a dot or slash), ``exc`` (the name of
an exception class, ``BadZipFile``) and ``date`` (a date as the code writes it, ISO ``2026-08-10``:
German shows it as the web pages and the CLI do, ``10.08.2026``; English keeps it as written.
Anything else in a date slot -- ``2026-13-45``, a text -- is matched and kept as it is, like
``text``, so a malformed date never makes a known message unknown).

The matcher is a regular expression derived from the English template (and from the
``was`` templates: the wording today's code produces, where it differs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

__all__ = ["KINDS", "Entry", "Hole", "parse_template"]

KINDS = frozenset(
    {
        "text",
        "q",
        "int",
        "count",
        "num",
        "score",
        "size",
        "field",
        "term",
        "list",
        "msg",
        "where",
        "path",
        "exc",
        "date",
    }
)

_TOKEN = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z]+))?(?:\|([^{}|]*)\|([^{}|]*))?\}")

_PATTERNS = {
    "text": r"(?:(?!: ).)+?",
    "q": r"(?:'[^']*'|\"[^\"]*\"|\S+?)",
    "int": r"-?\d+",
    "count": r"-?\d{1,3}(?:,\d{3})+|-?\d+",
    "num": r"[-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+|nan|inf|-inf|NaN|Infinity|-Infinity|Fraction\(\d+, \d+\))",
    "score": r"-?(?:\d+(?:\.\d+)?|\d*½)",
    "size": r"\S+?(?: (?:GiB|MiB|KiB|MB|kB|bytes))?",
    "field": r"(?:(?!: ).)+?",
    "term": r"(?:(?!: ).)+?",
    "list": r"(?:(?!: ).)+?",
    "exc": r"[A-Z][a-z]+(?:[A-Z][a-z]*)+",
    "msg": r".+?",
    "where": r".+?",
    "path": r"[^\s;]*[./\\][^\s;]*|[^\s;]+\.[A-Za-z]{2,5}",
    # an ISO date first; anything else as ``text`` would take it (kept verbatim on rendering)
    "date": r"\d{4}-\d{2}-\d{2}|(?:(?!: ).)+?",
}


@dataclass(frozen=True)
class Hole:
    """A placeholder of a template: ``{name:kind}`` or a plural choice ``{name|one|other}``."""

    name: str
    kind: str = "text"
    forms: tuple[str, str] | None = None


def parse_template(text: str) -> list[str | Hole]:
    """The literal pieces and holes of ``text``.

    >>> parse_template("{n:int} {n|game|games}")
    [Hole(name='n', kind='int', forms=None), ' ', Hole(name='n', kind='text', forms=('game', 'games'))]
    """
    pieces: list[str | Hole] = []
    pos = 0
    for token in _TOKEN.finditer(text):
        if token.start() > pos:
            pieces.append(text[pos : token.start()])
        name, kind, one, other = token.groups()
        if kind is not None and kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r} in {text!r}")
        forms = (one, other) if one is not None else None
        pieces.append(Hole(name, kind or "text", forms))
        pos = token.end()
    if pos < len(text):
        pieces.append(text[pos:])
    return pieces


def _regex(pieces: list[str | Hole], kinds: dict[str, str]) -> re.Pattern[str]:
    out: list[str] = []
    seen: set[str] = set()
    for piece in pieces:
        if isinstance(piece, str):
            out.append(re.escape(piece))
        elif piece.forms is not None:
            out.append(
                "(?:"
                + "|".join(re.escape(f) for f in sorted(set(piece.forms), key=len, reverse=True))
                + ")"
            )
        elif piece.name in seen:
            out.append(f"(?P={piece.name})")
        else:
            seen.add(piece.name)
            out.append(f"(?P<{piece.name}>{_PATTERNS[kinds.get(piece.name, piece.kind)]})")
    return re.compile("".join(out) + r"\Z", re.DOTALL)


@dataclass(frozen=True)
class Entry:
    """A message: its code, its English and German templates, and older English wordings."""

    code: str
    en: str
    de: str
    was: tuple[str, ...] = ()
    kinds: dict[str, str] = field(init=False, repr=False, compare=False)
    en_pieces: list[str | Hole] = field(init=False, repr=False, compare=False)
    de_pieces: list[str | Hole] = field(init=False, repr=False, compare=False)
    all_pieces: list[list[str | Hole]] = field(init=False, repr=False, compare=False)
    weight: int = field(init=False, repr=False, compare=False)
    anchor_cache: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        en_pieces = parse_template(self.en)
        kinds: dict[str, str] = {}
        for template in (self.en, *self.was):
            for piece in parse_template(template):
                if isinstance(piece, Hole) and piece.forms is None and piece.kind != "text":
                    kinds.setdefault(piece.name, piece.kind)
        for piece in en_pieces:
            if isinstance(piece, Hole) and piece.forms is None:
                kinds.setdefault(piece.name, "text")
        de_pieces = parse_template(self.de)
        for piece in de_pieces:
            if isinstance(piece, Hole) and piece.name not in kinds:
                raise ValueError(f"{self.code}: German placeholder {piece.name!r} not in English")
        all_pieces = [en_pieces] + [parse_template(w) for w in self.was]
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "en_pieces", en_pieces)
        object.__setattr__(self, "de_pieces", de_pieces)
        object.__setattr__(self, "all_pieces", all_pieces)
        weight = min(sum(len(p) for p in pieces if isinstance(p, str)) for pieces in all_pieces)
        object.__setattr__(self, "weight", weight)
        object.__setattr__(self, "anchor_cache", self.anchor())

    @cached_property
    def matchers(self) -> tuple[re.Pattern[str], ...]:
        """The regexes that recognise this message (compiled on first use: start-up stays fast)."""
        return tuple(_regex(pieces, self.kinds) for pieces in self.all_pieces)

    def anchor(self) -> tuple[str, ...]:
        """The longest literal piece of each template (a quick test before the regex)."""
        out = []
        for pieces in self.all_pieces:
            literals = [p for p in pieces if isinstance(p, str)]
            out.append(max(literals, key=len) if literals else "")
        return tuple(out)

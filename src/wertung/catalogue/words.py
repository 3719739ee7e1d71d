"""Every word by key in one table, and its one look-up (web pages, command line, formats).

The catalogue holds two kinds of text: *messages* (errors, notes, warnings, rule texts:
:class:`~wertung.catalogue.Entry`, recognised from the English text the engine writes)
and *words by key* -- headings, labels, column names, status words, reasons -- each
``key → (German, English)`` with ``{name}`` placeholders (``str.format``) and plural forms
``key.one`` / ``key.other`` (chosen by the language's plural rule, Babel). The keyed
tables live in the data modules; :data:`WORDS` is all of them:

* :mod:`~wertung.catalogue.data_terms` -- what the web and the command line both show
  (``TERMS``) and what only the command line shows (``CLI``);
* :mod:`~wertung.catalogue.data_csv` -- the results CSV's columns, values and rows (``CSV``);
* :mod:`~wertung.catalogue.data_pages` and ``data_pages_*`` -- the web pages' own words.

A key given twice with different texts is a catalogue mistake and stops the import.

>>> word("working.title", "de"), word("nav.language", "en")
('Rechenweg', 'Language')
>>> word("plan.game", "de", count=1, n=1), word("plan.game", "en", count=2, n=2)
('1 Partie', '2 games')
>>> word("reason.no_such_reason", "de", default="no_such_reason")
'no_such_reason'
"""

from __future__ import annotations

from wertung.catalogue.data_check import CHECK_CLI
from wertung.catalogue.data_csv import CSV
from wertung.catalogue.data_pages import PAGES
from wertung.catalogue.data_pages_list import PAGES_LIST
from wertung.catalogue.data_pages_plan import PAGES_PLAN
from wertung.catalogue.data_pages_seed import PAGES_SEED
from wertung.catalogue.data_pages_tournament import PAGES_TOURNAMENT
from wertung.catalogue.data_terms import CLI, TERMS
from wertung.catalogue.formatting import plural_form

__all__ = ["WORDS", "plural_key", "word"]


def _joined(*tables: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    joined: dict[str, tuple[str, str]] = {}
    for table in tables:
        twice = sorted(k for k in set(joined) & set(table) if joined[k] != table[k])
        if twice:  # pragma: no cover - a catalogue mistake
            raise RuntimeError(f"word keys twice with different texts: {twice}")
        joined.update(table)
    return joined


#: Every word by key: ``key → (German, English)``.
WORDS: dict[str, tuple[str, str]] = _joined(
    TERMS, CLI, CHECK_CLI, CSV, PAGES, PAGES_LIST, PAGES_PLAN, PAGES_SEED, PAGES_TOURNAMENT
)


def plural_key(key: str, count: float, lang: str) -> str:
    """``key.one`` or ``key.other`` as the plural rule of ``lang`` says for ``count``
    (``key.other`` when the catalogue has no such form)."""
    form = plural_form("de" if lang == "de" else "en")(count)
    specific = f"{key}.{form}"
    return specific if specific in WORDS else f"{key}.other"


def word(
    key: str,
    lang: str = "en",
    /,
    *,
    count: float | None = None,
    default: str | None = None,
    **values: object,
) -> str:
    """The word or sentence ``key`` in ``lang``, ``{name}`` placeholders filled from ``values``.

    With ``count`` the plural form (``key.one`` / ``key.other``) is chosen by the language's
    plural rule. A key the catalogue lacks gives ``default`` (a :class:`KeyError` without one).
    """
    if count is not None:
        key = plural_key(key, count, lang)
    entry = WORDS.get(key)
    if entry is None:
        if default is None:
            raise KeyError(key)
        return default
    text = entry[0] if lang == "de" else entry[1]
    return text.format(**values) if values else text

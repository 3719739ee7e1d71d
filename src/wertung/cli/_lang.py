"""The command line's language: English by default, German with ``--lang de`` or a German locale.

Messages (errors, notes, warnings, reasons, the rule texts) are rendered through
:mod:`wertung.catalogue`; the terminal's own words (headings, labels, sentences) are
:func:`say` calls: the English text stands at the call site, the German one is the
catalogue's (:mod:`wertung.catalogue.data_terms`, shared with the web where both show it).
The figures are :mod:`wertung.catalogue.formatting`'s (:func:`numbers`). An English run never
loads the catalogue's data or Babel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from wertung.catalogue.formatting import English, figures

if TYPE_CHECKING:  # pragma: no cover
    from wertung.catalogue import Lang

__all__ = [
    "asked_for", "current", "explicit", "german", "is_german", "numbers", "say", "set_current",
    "tr", "verbatim",
]  # fmt: skip

_chosen: dict[str, Lang | None] = {"lang": None}


def current() -> Lang:
    """The chosen language: ``--lang``, else ``LC_ALL``/``LC_MESSAGES``/``LANG``, else English."""
    chosen = _chosen["lang"]
    if chosen is not None:
        return chosen
    from wertung.catalogue import lang_from_env

    return lang_from_env()


def asked_for(args: Sequence[str]) -> Lang:
    """The language of a command line ``args``: its ``--lang``, else as :func:`current` says.

    Read before typer parses ``args`` (the help screens are built before any option runs):
    the last ``--lang de`` / ``--lang=en`` before ``--`` counts, an invalid value does not.

    >>> set_current("en"); asked_for(["--lang", "de", "dwz", "--help"]), asked_for(["--lang=en"])
    ('de', 'en')
    >>> asked_for(["tournament", "--lang", "de", "x.json"]), asked_for(["--", "--lang", "de"])
    ('de', 'en')
    >>> set_current(None)
    """
    found: Lang | None = None
    words = iter(args)
    for word in words:
        if word == "--":
            break
        if word == "--lang":
            value = next(words, None)
        else:
            value = word[7:] if word.startswith("--lang=") else None
        if value in ("de", "en"):
            found = "de" if value == "de" else "en"
    return found if found is not None else current()


def explicit() -> Lang | None:
    """The language given with ``--lang`` (None: not given)."""
    return _chosen["lang"]


def set_current(lang: str | None) -> None:
    """Choose the language (``None``: from the environment)."""
    _chosen["lang"] = None if lang is None else ("de" if lang == "de" else "en")


def is_german() -> bool:
    """True when the output is German."""
    return current() == "de"


def tr(item: object) -> str:
    """A message (text or :class:`~wertung.kernel.errors.WertungError`) in the current language."""
    from wertung.catalogue import render

    return render(item, current())


def verbatim(text: str) -> str:
    """An engine text (a note, a rule text): as it is in English, the catalogue's German else."""
    return tr(text) if is_german() else text


def say(key: str, english: str, /, *, count: int | None = None, **values: object) -> str:
    """``english`` with ``{name}`` filled from ``values``, or in German the catalogue's ``key``.

    ``count`` picks the German plural form (``key.one`` / ``key.other``).

    >>> set_current("en"); say("working.yes", "yes"), say("cli.label.step", "step {n}", n=2)
    ('yes', 'step 2')
    >>> set_current("de"); say("working.yes", "yes"), say("cli.label.step", "step {n}", n=2)
    ('ja', 'Schritt 2')
    >>> set_current(None)
    """
    if current() != "de":
        return english.format(**values) if values else english
    return german(key, count=count, default=None, **values)


def german(
    key: str, /, *, count: int | None = None, default: str | None = None, **values: object
) -> str:
    """The catalogue's German text of ``key`` (``default`` when it has none)."""
    from wertung.catalogue import front_text

    return front_text(key, "de", count=count, default=default, **values)


def numbers() -> English:
    """The figures of the chosen language (:class:`wertung.catalogue.formatting.English` or
    ``German``)."""
    return figures(current())

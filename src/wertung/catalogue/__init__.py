"""The message catalogue: every error, warning and note a user can see, in German and English.

Each message is held once as data (:class:`Entry`): a stable dotted ``code``, the English
and the German template.  Messages the library writes as English text get their code and
parameters from a matcher derived from the English template, so::

    >>> message_for("rating 9999 is out of range; ratings are 0 to 3500").code
    'rating.out_of_range'
    >>> render("rating 9999 is out of range; ratings are 0 to 3500", "de")
    'Wertungszahl 9999 liegt außerhalb des Bereichs; Wertungszahlen gehen von 0 bis 3500'

A text no entry matches comes back with the code ``untranslated`` (and its English text);
the tests make sure no message of ``src/wertung`` does.  Matching needs no third-party
package; rendering uses Babel (plural forms, decimal comma, ``½``).

The words around the numbers -- headings, labels, status words -- are held by key
(:mod:`wertung.catalogue.data_terms`, German and English side by side) and looked up with
:func:`front_text`::

    >>> front_text("running.after_round", "de", n=3, m=7)
    'nach Runde 3 von 7'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from wertung.kernel import errors as _errors
from wertung.kernel.rule_text import RuleText

if TYPE_CHECKING:  # pragma: no cover
    from wertung.catalogue._entry import Entry
    from wertung.catalogue._message import Matcher, Message

__all__ = [
    "BY_CODE",
    "ENTRIES",
    "PLACES",
    "UNTRANSLATED",
    "Entry",
    "Lang",
    "Message",
    "front_text",
    "lang_from_env",
    "message_for",
    "render",
    "render_all",
]

Lang = Literal["de", "en"]

#: What is built on first use (the message data, about 20 ms to import and index): a
#: command that shows no message (``wertung dwz …``) never loads it.
_LAZY_NAMES = frozenset({"ENTRIES", "PLACES", "BY_CODE", "_MATCHER"})
#: The front ends' words by key (``data_terms``), loaded on first use like the messages.
_TERM_NAMES = frozenset({"TERMS", "CLI_TERMS"})
_CLASSES = {"Entry": "._entry", "Message": "._message", "UNTRANSLATED": "._message"}


def _load() -> None:
    """Import every area's messages and build the matcher (once)."""
    from wertung.catalogue._message import Matcher
    from wertung.catalogue.data_binary import BINARY
    from wertung.catalogue.data_dsb import DSB
    from wertung.catalogue.data_dsb_xml import DSB_XML, DSB_XML_PLACES
    from wertung.catalogue.data_formats import FORMATS
    from wertung.catalogue.data_input import INPUT
    from wertung.catalogue.data_notes import NOTES
    from wertung.catalogue.data_places import PLACES
    from wertung.catalogue.data_rules import RULES
    from wertung.catalogue.data_running import RUNNING
    from wertung.catalogue.data_sources import SOURCES
    from wertung.catalogue.data_swiss_chess import SWISS_CHESS
    from wertung.catalogue.data_teams import TEAMS
    from wertung.catalogue.data_time import TIME
    from wertung.catalogue.data_web import WEB

    #: Every message entry (places are separate: they only stand in front of messages).
    entries: tuple[Entry, ...] = (
        *INPUT, *FORMATS, *BINARY, *SOURCES, *TEAMS, *NOTES, *RUNNING, *DSB, *WEB, *RULES,
        *TIME,
        *SWISS_CHESS,
        *DSB_XML,
    )  # fmt: skip
    places = (*PLACES, *DSB_XML_PLACES)
    matcher = Matcher(entries, places)
    globals().update(ENTRIES=entries, PLACES=places, _MATCHER=matcher, BY_CODE=matcher.by_code)


def _load_terms() -> None:
    from wertung.catalogue.data_terms import CLI, TERMS

    globals().update(TERMS=TERMS, CLI_TERMS=CLI)


def __getattr__(name: str) -> Any:
    if name in _LAZY_NAMES:
        _load()
        return globals()[name]
    if name in _TERM_NAMES:
        _load_terms()
        return globals()[name]
    module = _CLASSES.get(name)
    if module is not None:
        import importlib

        value = getattr(importlib.import_module(module, __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_NAMES, *_TERM_NAMES, *_CLASSES})


def _matcher() -> Matcher:
    matcher = globals().get("_MATCHER")
    if matcher is None:
        _load()
        matcher = globals()["_MATCHER"]
    return matcher  # type: ignore[no-any-return]


def message_for(text: str) -> Message:
    """The catalogue message ``text`` is (code ``untranslated`` when none fits)."""
    return _matcher().message(str(text))


def _message_of(item: object) -> Message:
    from wertung.catalogue._message import Message

    if isinstance(item, Message):
        return item
    if isinstance(item, RuleText):  # by its code and values, not by its English
        matcher = _matcher()
        return matcher._build(matcher.by_code[item.code], dict(item.values), str(item), 0)
    if isinstance(item, _errors.WertungError):
        found = message_for(item.message)
        explicit = item._code  # an explicit code wins over the matcher
        # (the code the matcher gave on ``error.code`` is no explicit one: its params are
        # plain data, so the message found from the text, with its places, is rendered)
        if (
            explicit is not None
            and explicit != found.code
            and explicit in _matcher().by_code
            and item._params is not None
        ):
            return Message(explicit, item._params, text=item.message)
        return found
    return message_for(str(item))


def render(item: object, lang: str = "en") -> str:
    """``item`` (a text, a :class:`WertungError` or a :class:`Message`) in ``lang``.

    Unknown texts are returned as they are (English).
    """
    from wertung.catalogue._message import UNTRANSLATED
    from wertung.catalogue._render import render_message

    language = "de" if lang == "de" else "en"
    message = _message_of(item)
    if message.code == UNTRANSLATED and isinstance(item, str) and "; " in item:
        # a note made of several messages joined with "; " (e.g. the state of a running event)
        return "; ".join(render(part, language) for part in item.split("; "))
    return render_message(message, language)


def render_all(items: object, lang: str = "en") -> list[str]:
    """Every text of ``items`` (notes, warnings, reasons) in ``lang``."""
    return [render(item, lang) for item in items]  # type: ignore[attr-defined]


def texts(item: object) -> dict[str, str]:
    """Both texts: ``{"de": ..., "en": ...}``."""
    return {"de": render(item, "de"), "en": render(item, "en")}


def front_text(
    key: str, lang: str = "en", /, *, count: int | None = None, default: str | None = None,
    **values: object,
) -> str:
    """The front-end word or sentence ``key`` (``TERMS`` or ``CLI_TERMS``) in ``lang``.

    ``{name}`` placeholders are filled from ``values``. With ``count`` the plural form
    ``key.one`` / ``key.other`` is chosen by the language's plural rule (Babel). A key
    the catalogue lacks gives ``default`` (a :class:`KeyError` without one).

    >>> front_text("plan.game", "de", count=1, n=1), front_text("plan.game", "en", count=2, n=2)
    ('1 Partie', '2 games')
    >>> front_text("reason.no_such_reason", "de", default="no_such_reason")
    'no_such_reason'
    """
    if "TERMS" not in globals():
        _load_terms()
    terms: dict[str, tuple[str, str]] = globals()["TERMS"]
    cli: dict[str, tuple[str, str]] = globals()["CLI_TERMS"]
    if count is not None:
        from wertung.catalogue._render import plural

        key = f"{key}.{plural(count, ('one', 'other'), 'de' if lang == 'de' else 'en')}"
    entry = terms.get(key) or cli.get(key)
    if entry is None:
        if default is None:
            raise KeyError(key)
        return default
    text = entry[0] if lang == "de" else entry[1]
    return text.format(**values) if values else text


def lang_from_env(environ: Mapping[str, str] | None = None) -> Lang:
    """``de`` when ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first set) starts with ``de``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def _lookup(text: str) -> tuple[str, Mapping[str, object]]:
    message = message_for(text)
    data = message.to_dict()
    params = data["params"]
    assert isinstance(params, dict)
    if "context" in data:
        params = {**params, "context": data["context"]}
    return message.code, params


_errors.set_message_lookup(_lookup)

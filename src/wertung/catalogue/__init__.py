"""The message catalogue: every error, warning and note a user can see, in German and English.

Each message is held once as data (:class:`Entry`): a stable dotted ``code``, the English
and the German template.  An error carries its code and parameters from the raise
(:mod:`wertung.kernel.errors`) and is rendered from them::

    >>> from wertung.kernel.errors import InvalidRating
    >>> error = InvalidRating("rating 9999 is out of range; ratings are 0 to 3500",
    ...     code="rating.out_of_range", params={"label": "rating", "value": 9999, "low": 0, "high": 3500})
    >>> render(error, "de")
    'Wertungszahl 9999 liegt außerhalb des Bereichs; Wertungszahlen gehen von 0 bis 3500'

Notes and warnings the library writes as English text are still recognised by a matcher
derived from the English template (:func:`message_for`)::

    >>> message_for("rating 9999 is out of range; ratings are 0 to 3500").code
    'rating.out_of_range'

A text no entry matches comes back with the code ``untranslated`` (and its English text);
the tests make sure no message of ``src/wertung`` does.  Matching needs no third-party
package; rendering uses Babel (plural forms, decimal comma, ``½``).

The words around the numbers -- headings, labels, status words, the web pages' texts --
are held by key (:mod:`wertung.catalogue.words`: ``data_terms``, ``data_pages``, German and
English side by side) and looked up with :func:`front_text`::

    >>> front_text("running.after_round", "de", n=3, m=7)
    'nach Runde 3 von 7'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
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
    "render_place",
    "render_where",
    "says_where",
]

#: The two languages: the one definition, imported by the web, the command line and the formats.
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
    from wertung.catalogue.data_check import CHECK
    from wertung.catalogue.data_dsb import DSB
    from wertung.catalogue.data_dsb_xml import DSB_XML, DSB_XML_PLACES
    from wertung.catalogue.data_formats import FORMATS
    from wertung.catalogue.data_input import INPUT
    from wertung.catalogue.data_notes import NOTES
    from wertung.catalogue.data_old_formats import OLD_FORMATS
    from wertung.catalogue.data_places import PLACES, WHERE_PLACES
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
        *CHECK,
        *DSB_XML,
        *OLD_FORMATS,
    )  # fmt: skip
    places = (*PLACES, *DSB_XML_PLACES)
    matcher = Matcher(entries, places)
    by_code = {**matcher.by_code, **{e.code: e for e in WHERE_PLACES}}
    globals().update(
        ENTRIES=entries, PLACES=(*places, *WHERE_PLACES), _MATCHER=matcher, BY_CODE=by_code
    )


def _load_terms() -> None:
    from wertung.catalogue.data_check import CHECK_CLI
    from wertung.catalogue.data_terms import CLI, TERMS

    globals().update(TERMS=TERMS, CLI_TERMS={**CLI, **CHECK_CLI})


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
    return matcher


def message_for(text: str) -> Message:
    """The catalogue message ``text`` is (code ``untranslated`` when none fits)."""
    return _matcher().message(str(text))


def _message_of(item: object) -> Message:
    from wertung.catalogue._message import Message, from_data

    if isinstance(item, Message):
        return item
    if isinstance(item, RuleText):  # by its code and values, not by its English
        matcher = _matcher()
        return matcher._build(matcher.by_code[item.code], dict(item.values), str(item), 0)
    if isinstance(item, _errors.WertungError):
        # the code and params the raise gave (the English text is not read)
        return from_data(item.code, item.params, item.message)
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


def render_place(error: _errors.WertungError, lang: str = "en") -> str:
    """The place written in front of ``error``'s message in ``lang`` (``""`` when none).

    >>> from wertung.kernel.errors import FormatError, place_of
    >>> render_place(FormatError("games.pgn: …", code="file.kind.pgn",
    ...     params={"context": place_of("games.pgn")}))
    'games.pgn'
    """
    from wertung.catalogue._message import from_data
    from wertung.catalogue._render import render_message

    context = error.params.get("context")
    if not isinstance(context, Mapping) or "code" not in context:
        return ""
    params = context.get("params")
    place = from_data(str(context["code"]), params if isinstance(params, Mapping) else {})
    return render_message(place, "de" if lang == "de" else "en")


def says_where(error: _errors.WertungError) -> bool:
    """True when ``error``'s message begins with where it is (``round 3: …`` for an error
    whose first ``where`` key is ``round``), as its code and params say.

    The beginning is the place in front of the message, else its template's first words
    with the values the raise gave (the English text is not read).

    >>> from wertung.kernel.errors import InvalidTournament
    >>> says_where(InvalidTournament("round 2: player 'a' is paired twice (…)",
    ...     code="tournament.paired_twice", params={"round": 2, "id": "'a'", "w1": "'a'",
    ...     "b1": "'b'", "w2": "'a'", "b2": "'c'"}, round=2, player="a"))
    True
    """
    from wertung.catalogue._message import from_data

    first = next(iter(error.where), None)
    if first is None:
        return False
    return _opening(from_data(error.code, error.params)).startswith(f"{first} ")


def _opening(message: Message) -> str:
    """The first words of ``message`` (its place's, when it has one): the template's first
    two pieces with their values as given."""
    from wertung.catalogue._message import PLACE, UNTRANSLATED, Message

    if message.context is not None:
        return _opening(message.context)
    if message.code == UNTRANSLATED:
        return str(message.params.get("text", ""))
    if message.code == PLACE:
        parts = message.params.get("parts")
        first = parts[0] if isinstance(parts, list) and parts else None
        return _opening(first) if isinstance(first, Message) else ""
    from wertung.catalogue import BY_CODE  # the index, built on first use

    entry = BY_CODE.get(message.code)
    if entry is None:
        return ""
    out = []
    for piece in entry.en_pieces[:2]:
        if isinstance(piece, str):
            out.append(piece)
            continue
        value = message.params.get(piece.name, "")
        out.append(_opening(value) if isinstance(value, Message) else str(value))
    return "".join(out)


def render_where(error: _errors.WertungError, lang: str = "en") -> str:
    """Where ``error`` is, from its ``where`` keys, in ``lang`` (``""`` when it has none).

    >>> from wertung.kernel.errors import InvalidInput
    >>> error = InvalidInput("…", code="file.empty", player="p1", round=3)
    >>> render_where(error), render_where(error, "de")
    ('player p1, round 3', 'Spieler p1, Runde 3')
    """
    from wertung.catalogue import BY_CODE  # the index, built on first use
    from wertung.catalogue._message import from_data
    from wertung.catalogue._render import render_message

    if not error.where:
        return ""
    parts = [
        _errors.message(f"place.where.{key}", value=value)
        if f"place.where.{key}" in BY_CODE
        else _errors.message("place.where.other", key=key, value=value)
        for key, value in error.where.items()
    ]
    place = from_data("place", {"parts": parts})
    return render_message(place, "de" if lang == "de" else "en")


def render_all(items: Iterable[object], lang: str = "en") -> list[str]:
    """Every text of ``items`` (notes, warnings, reasons) in ``lang``."""
    return [render(item, lang) for item in items]


def texts(item: object) -> dict[str, str]:
    """Both texts: ``{"de": ..., "en": ...}``."""
    return {"de": render(item, "de"), "en": render(item, "en")}


def front_text(
    key: str,
    lang: str = "en",
    /,
    *,
    count: int | None = None,
    default: str | None = None,
    **values: object,
) -> str:
    """The word or sentence ``key`` in ``lang`` (:func:`wertung.catalogue.words.word`).

    ``{name}`` placeholders are filled from ``values``. With ``count`` the plural form
    ``key.one`` / ``key.other`` is chosen by the language's plural rule (Babel). A key
    the catalogue lacks gives ``default`` (a :class:`KeyError` without one).

    >>> front_text("plan.game", "de", count=1, n=1), front_text("plan.game", "en", count=2, n=2)
    ('1 Partie', '2 games')
    >>> front_text("reason.no_such_reason", "de", default="no_such_reason")
    'no_such_reason'
    """
    from wertung.catalogue.words import word  # the words load on first use (start-up)

    return word(key, lang, count=count, default=default, **values)


def lang_from_env(environ: Mapping[str, str] | None = None) -> Lang:
    """``de`` when ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first set) starts with ``de``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"

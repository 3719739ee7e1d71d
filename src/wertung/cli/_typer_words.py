"""typer's own words ("Usage:", "Options", "Error", its error messages) in German.

Two ways in, both without changing typer's code:

* typer marks part of its words with the standard library's :func:`gettext.gettext` (the
  global domain): the help panels' titles, "[default: …]", "[required]", "Try '… --help'
  for help.", "No such command …". For a German run :func:`use` binds the domain
  ``wertung-cli`` to ``locale/`` (the ``.mo`` compiled from the catalogue's typer words,
  :mod:`wertung.catalogue.data_typer`) and makes it the global domain; ``LANGUAGE=de`` makes the standard
  library pick the German catalogue whatever the locale says (``--lang de`` wins).
  typer reads its panel titles when ``typer.rich_utils`` is first imported: :func:`use`
  runs before that (``wertung.cli.main`` decides the language before building the help).
* The rest are plain English text in typer 0.28's own copy of click (``typer._click``):
  the usage line's "Usage: ", the help option's "Show this message and exit.", the
  messages of a wrong command line. :class:`Group` and :class:`Command` (typer's
  ``cls=``) give the usage prefix and the help option's text through the same catalogue,
  and :class:`Group` renders a usage error anew in German from what the exception carries
  (the parameter, the option's name) or, for a value's message, from the English template
  it was written with (:data:`TEMPLATES`). ``tests/cli/test_cli_typer_words.py`` fails when
  typer changes a text so that it would stay English.

An English run changes nothing: the domain stays unbound, every look-up gives back its
English text, and errors are not touched. Nothing here loads Babel.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer.core

try:  # typer 0.28 has its own copy of click
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover - typer before it, with click
    # the same class under click's own name: mypy sees typer's copy as another type
    from click.exceptions import UsageError  # type: ignore[assignment]

__all__ = ["DOMAIN", "LOCALE_DIR", "TEMPLATES", "Command", "Group", "german_message", "use"]

DOMAIN = "wertung-cli"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The English templates of typer's usage errors (``{name}`` stands for a part that is
#: kept); the catalogue has each as a message id. The first that matches the whole text wins.
TEMPLATES = (
    "Missing argument {hint}.",
    "Missing option {hint}.",
    "Missing parameter {hint}.",
    "No such option: {name}",
    "(Possible options: {options})",
    "{message}. Did you mean {suggestions}?",
    "Invalid value for {hint}: {message}",
    "Invalid value: {message}",
    "{value} is not a valid int.",
    "{value} is not a valid integer.",
    "{value} is not a valid float.",
    "{value} is not a valid boolean. Recognized values: {states}",
    "{value} is not in the range {range}.",
    "{value} is not one of {choices}.",
    "Option {name} requires an argument.",
    "Option {name} requires {count} arguments.",
    "Option {name} does not take a value.",
    "Argument {name} takes {count} values.",
    "Got unexpected extra argument(s) ({args})",
    "Got unexpected extra argument ({args})",
    "Got unexpected extra arguments ({args})",
    "Value must be an iterable.",
    "Takes {count} values but {given} given.",
    "{count} values are required, but {given} given.",
)
#: The part of a parameter's hint naming its environment variable (``--port`` of ``serve``).
ENV_VAR = "(env var: {var})"
#: Words of the usage line and the help option: looked up as they are.
WORDS = ("Usage: ", "[OPTIONS]", "COMMAND [ARGS]...", "Show this message and exit.")

_state: dict[str, Any] = {"de": False, "domain": None, "language": None}


def use(lang: str) -> None:
    """typer's words in ``lang`` from now on (``de``; anything else: English, as typer has them).

    >>> use("de"); gettext.gettext("Options"), german_message("Missing argument 'own'.")
    ('Optionen', "Argument 'own' fehlt.")
    >>> use("en"); gettext.gettext("Options")
    'Options'
    """
    if lang == "de":
        if not _state["de"]:
            _state.update(de=True, domain=gettext.textdomain(), language=os.environ.get("LANGUAGE"))
        gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
        gettext.textdomain(DOMAIN)
        os.environ["LANGUAGE"] = "de"
    elif _state["de"]:
        gettext.textdomain(_state["domain"])
        if _state["language"] is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = _state["language"]
        _state.update(de=False, domain=None, language=None)


#: A parameter's hint as typer writes it: quoted names joined by " / ", maybe its variable.
_HINT = r"'[^']*'(?: / '[^']*')*(?: \(env var: '[^']*'\))?"
_ENV = re.compile(r"\(env var: ('[^']*')\)")


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    body = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>{_HINT if part == 'hint' else '.+?'})"
        for i, part in enumerate(parts)
    )
    return re.compile(f"{body}\\Z", re.DOTALL)


def _part(key: str, value: str) -> str:
    if key == "message":
        return german_message(value)
    if key == "hint":
        return _ENV.sub(lambda found: gettext.gettext(ENV_VAR).format(var=found[1]), value)
    return value


_PATTERNS: list[tuple[str, re.Pattern[str]]] = []


def german_message(text: str) -> str:
    """``text`` (an English usage error of typer) in the catalogue's language.

    The parts a template keeps are rendered too (a value's message inside
    "Invalid value for …"); a text no template matches comes back as it is.
    """
    if not _PATTERNS:
        _PATTERNS.extend((template, _pattern(template)) for template in TEMPLATES)
    for template, pattern in _PATTERNS:
        found = pattern.match(text)
        if found is None:
            continue
        parts = {key: _part(key, value) for key, value in found.groupdict().items()}
        return gettext.gettext(template).format(**parts)
    return text


def _rendered(exc: Any) -> str:
    """The English text typer would show for the usage error ``exc``, in German."""
    possibilities = getattr(exc, "possibilities", None)
    if possibilities and hasattr(exc, "option_name"):  # NoSuchOption with suggestions
        tail = german_message(f"(Possible options: {', '.join(sorted(possibilities))})")
        return f"{german_message(exc.message)} {tail}"
    return german_message(exc.format_message())


@contextmanager
def _german_errors() -> Iterator[None]:
    try:
        yield
    except UsageError as exc:
        if (
            not _state["de"]
            or type(exc).__name__ == "NoArgsIsHelpError"
            or getattr(exc, "_de", False)
        ):
            raise
        german = UsageError(_rendered(exc), ctx=exc.ctx)
        german.exit_code = exc.exit_code
        # a mark on this one exception (rendered once, not again by an outer group)
        german._de = True  # type: ignore[attr-defined]
        raise german from None


if TYPE_CHECKING:  # pragma: no cover - what _Words is mixed into (Command, Group)
    _WordsBase = typer.core.TyperCommand
else:
    _WordsBase = object


class _Words(_WordsBase):
    """The usage prefix, the usage pieces and the help option's text through the catalogue."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = [gettext.gettext(piece) for piece in self.collect_usage_pieces(ctx)]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=gettext.gettext("Usage: "))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None and isinstance(option.help, str):
            option.help = gettext.gettext("Show this message and exit.")
        return option


class Command(_Words, typer.core.TyperCommand):
    """A command whose usage line and ``--help`` text follow the language (typer's ``cls=``)."""


class Group(_Words, typer.core.TyperGroup):
    """A group as :class:`Command`; the whole command line's usage errors in German too."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        with _german_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        with _german_errors():
            return super().invoke(ctx)


def compiled() -> bytes:
    """The ``.mo`` of the catalogue's typer words (:data:`wertung.catalogue.data_typer.TYPER`;
    Babel: only for building it and for the tests)."""
    import datetime as dt
    from io import BytesIO

    from babel.messages.catalog import Catalog  # building only: a run reads the .mo
    from babel.messages.mofile import write_mo

    from wertung.catalogue.data_typer import TYPER  # building only

    fixed = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)  # the same bytes on every build
    catalog = Catalog(
        locale="de", domain=DOMAIN, project="wertung", version="1", fuzzy=False,
        creation_date=fixed, revision_date=fixed, last_translator="wertung",
        language_team="wertung", msgid_bugs_address="",
    )  # fmt: skip
    for msgid, (german, _english) in TYPER.items():
        catalog.add(msgid, german)
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


MO = LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.mo"

if __name__ == "__main__":  # pragma: no cover - the maintainer's step after editing data_typer
    import sys

    if sys.argv[1:] == ["--compile"]:
        MO.write_bytes(compiled())

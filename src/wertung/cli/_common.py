"""What every command shares: the app, the consoles, one-line errors, argument parsing."""

# No ``from __future__ import annotations``: typer then reads the annotations as they are
# instead of evaluating their text on every start (see ``wertung.cli``).

import math
import sys
from collections.abc import Callable
from typing import Annotated, Any, NoReturn

import typer

from wertung.cli._lang import current, is_german, say, set_current, tr
from wertung.cli._output import Console
from wertung.cli._text import safe
from wertung.cli._typer_words import Group
from wertung.kernel.errors import WertungError

app = typer.Typer(
    name="wertung",
    help="DWZ and FIDE Elo calculator that shows its working.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
)
#: Standard output and error: rich's ``Console(emoji=False)`` in a terminal (``:smile:`` in
#: a name stays text), made when it first prints; plain text to a pipe (:mod:`._output`).
console = Console()
err_console = Console(stderr=True)


@app.callback()
def _options(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language of messages and headings: en or de (default: de when LC_ALL, "
            "LC_MESSAGES or LANG starts with de, else en).",
        ),
    ] = None,
) -> None:
    """DWZ and FIDE Elo calculator that shows its working."""
    if lang is not None and lang not in ("en", "de"):
        set_current(None)
        fail(f"--lang {lang!r}: use en or de")
    set_current(lang)


def fail(message: str | WertungError) -> NoReturn:
    """One clear line on stderr in the chosen language, exit code 2 (an error: as
    :func:`describe` gives it)."""
    text = safe(describe(message) if isinstance(message, WertungError) else tr(message))
    err_console.print(
        f"[bold red]{say('cli.error', 'error:')}[/] {text}", highlight=False, soft_wrap=True
    )
    raise typer.Exit(2)


def describe(exc: WertungError) -> str:
    """The error's message in the chosen language, with where it happened in front
    (``player 3, round 2: …``) unless the message begins with it already.

    Made from the error's code, params and ``where`` through the catalogue (the English
    text is not read).
    """
    # the catalogue is imported only when an error is shown (``wertung dwz …`` starts without it)
    from wertung.catalogue import render_where, says_where

    lang = current()
    text = tr(exc)
    if exc.where and not says_where(exc):
        return f"{render_where(exc, lang)}: {text}"
    return text


def run(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except WertungError as exc:
        fail(exc)


def digits(text: str, *, longest: int = 6) -> int | None:
    """A whole number written in ASCII digits (at most ``longest`` of them), else None."""
    text = text.strip()
    if not text or len(text) > longest or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def pair(text: str, what: str) -> tuple[int, str]:
    """``OPP:RES`` (``1650:½``, ``1650-12:1``, ``1600:+``) → (rating, result symbol).

    An opponent written as DWZ-index (``1650-12``, as on the DSB card) counts with his DWZ.
    """
    if ":" not in text:
        fail(f"{what} {text!r} must be OPPONENT:RESULT, e.g. 1650:½ (results 1 ½ 0.5 = 0 + -)")
    opponent, result = text.rsplit(":", 1)
    rating_text, dash, index_text = opponent.strip().partition("-")
    rating = digits(rating_text)
    if rating is None or (dash and digits(index_text, longest=4) is None):
        fail(
            f"{what} {text!r}: opponent rating {opponent.strip()!r} is not a whole number "
            "(or DWZ-index such as 1650-12)"
        )
    return rating, result.strip()


def dwz_and_index(text: str, usage: str) -> tuple[int, int | None]:
    """``RATING`` or ``RATING-INDEX`` (``1500-5``) → (rating, index or None)."""
    rating_text, dash, index_text = text.partition("-")
    rating = digits(rating_text)
    index = digits(index_text, longest=4) if dash else None
    if rating is None or (dash and index is None):
        fail(f"{usage}; got {text!r}")
    return rating, index


def finite(value: float | None, option: str) -> float | None:
    if value is not None and not math.isfinite(value):
        fail(f"{option} {value!r} is not a number")
    return value


def print_json(data: Any) -> None:
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def refuse_incomplete(reasons: Any, *, running: bool = False) -> NoReturn:
    """Exit 2 with what is missing (a partial result is never shown silently).

    ``running``: every reason concerns only the rounds after the last complete one, so
    ``--running`` would give the forecast after it (the tail says so)."""
    lines = "\n".join(f"  – {safe(tr(reason))}" for reason in reasons)
    head = say(
        "cli.refuse_head",
        "the source does not account for every game, so the result would be partial:",
    )
    tail = say(
        "cli.refuse_tail",
        "Add the missing pages or files, or evaluate anyway with --partial (the result then says "
        "complete: false).",
    )
    if running:
        tail += " " + say(
            "cli.refuse_running",
            "The rounds before are complete: --running gives the forecast after the last "
            "complete round.",
        )
    err_console.print(
        f"[bold red]{say('cli.error', 'error:')}[/] {head}\n{lines}\n{tail}",
        highlight=False,
        soft_wrap=True,
    )
    raise typer.Exit(2)


def progress(message: str) -> None:
    """A progress line on stderr (in German as far as the catalogue knows it)."""
    text = tr(message) if is_german() else message
    err_console.print(f"[dim]… {safe(text)}[/]", highlight=False)

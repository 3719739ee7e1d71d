"""The help screens (``--help``) in German: every help text of the app, by catalogue key.

The English help texts stand in the source, where typer reads them (``help=`` of each
argument and option, the commands' docstrings). For a German run :func:`localise` gives
typer the catalogue's German ones (``cli.help.…`` in
:mod:`wertung.catalogue.data_terms`) before it builds the help, and puts the English ones
back for an English run. The keys follow the command line: ``cli.help.wertung`` (the
app), ``cli.help.dwz`` (a command), ``cli.help.dwz.own`` (its parameter ``own``),
``cli.help.dsb-list.show.limit`` (a command of a group). A parameter object shared by
several commands (``--store`` of ``dsb-list``) has the key of the first.

Only what typer takes from wertung changes here: typer's own words ("Usage:", "Options",
"Show this message and exit.", its error messages) are :mod:`._typer_words`' business.

>>> import typer
>>> demo = typer.Typer(help="Demo.")
>>> @demo.command()
... def go(n: int = typer.Option(1, help="How many.")) -> None:
...     '''Go.'''
>>> [key for key, _ in help_items(demo)], [key for key, _ in help_items(demo, "demo")][1:]
(['cli.help.wertung', 'cli.help.go', 'cli.help.go.n'], ['cli.help.demo.go', 'cli.help.demo.go.n'])
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import typer

__all__ = ["help_items", "localise"]

#: The help of every holder changed so far, as the source gave it (``id`` → (holder, help)).
_ENGLISH: dict[int, tuple[Any, Any]] = {}


def _params(callback: Any) -> Iterator[tuple[str, Any]]:
    """(name, typer parameter info) of each argument and option of ``callback``."""
    for name, param in inspect.signature(callback).parameters.items():
        infos = [*getattr(param.annotation, "__metadata__", ()), param.default]
        for info in infos:
            if isinstance(info, typer.models.ParameterInfo):
                yield name, info
                break


def _command_name(info: typer.models.CommandInfo) -> str:
    if info.name:
        return info.name
    assert info.callback is not None  # typer names a command without a name by its function
    return info.callback.__name__.replace("_", "-")


def help_items(app: typer.Typer, name: str = "wertung") -> Iterator[tuple[str, Any]]:
    """(catalogue key, holder) of every help text ``app`` shows; a holder has ``.help``.

    A command without ``help=`` (its docstring is its help) is given as its
    :class:`typer.models.CommandInfo`, whose ``help`` is None in English.
    """
    seen: set[int] = set()

    def fresh(holder: Any) -> bool:
        if id(holder) in seen:
            return False
        seen.add(id(holder))
        return True

    yield f"cli.help.{name}", app.info
    callback = app.registered_callback
    if callback is not None and callback.callback is not None:
        for param, info in _params(callback.callback):
            if not info.hidden and fresh(info):
                yield f"cli.help.{name}.{param}", info
    prefix = "cli.help." if name == "wertung" else f"cli.help.{name}."
    for command in app.registered_commands:
        if command.hidden or command.callback is None:
            continue
        key = prefix + _command_name(command)
        yield key, command
        for param, info in _params(command.callback):
            if not info.hidden and fresh(info):
                yield f"{key}.{param}", info
    for group in app.registered_groups:
        instance = group.typer_instance
        if instance is None or group.hidden:
            continue
        group_name = group.name or instance.info.name
        yield prefix + str(group_name), group
        inner = help_items(instance, str(group_name))
        next(inner)  # the group's own help is the one given where it is mounted
        yield from ((key.replace("cli.help.", prefix, 1), h) for key, h in inner)


def english_of(holder: Any) -> str:
    """The English help text of ``holder`` (a command's docstring when it has no ``help=``)."""
    text = _ENGLISH[id(holder)][1] if id(holder) in _ENGLISH else holder.help
    if isinstance(text, str):
        return text
    callback = getattr(holder, "callback", None)
    return (inspect.getdoc(callback) or "") if callback is not None else ""


def localise(app: typer.Typer, lang: str) -> None:
    """Give typer the help texts of ``app`` in ``lang`` (``de``; anything else: English).

    English puts back what the source says (nothing to do when nothing was changed).
    """
    if lang != "de":
        for holder, english in _ENGLISH.values():
            holder.help = english
        _ENGLISH.clear()
        return
    from wertung.cli._lang import german

    for key, holder in help_items(app):
        text = german(key, default="")
        if not text:
            continue  # no German text (a test makes sure every help has one)
        if id(holder) not in _ENGLISH:
            _ENGLISH[id(holder)] = (holder, holder.help)
        holder.help = text

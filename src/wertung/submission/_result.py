"""What the pre-submission check finds: problems (error / warning), and what it filled in.

A :class:`Problem` is data: its ``severity`` (``error``: the DSB refuses the file or the
rating officer sends it back; ``warning``: worth a look), a stable ``code``
(``check.birth_year.missing``), the player (start number and name) and round where it
applies, and a catalogue :class:`~wertung.catalogue.Message` that says what to do, in
German or English (:meth:`Problem.text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from wertung.catalogue import Message

__all__ = ["ERROR", "WARNING", "CheckResult", "Filled", "Problem", "Severity"]

Severity = Literal["error", "warning"]
ERROR: Severity = "error"
WARNING: Severity = "warning"


def _render(message: Message, lang: str) -> str:
    from wertung.catalogue import render

    return render(message, "de" if lang == "de" else "en")


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding of :func:`wertung.submission.check`.

    ``code`` is the check's stable code; ``message`` the catalogue message (its code may
    be a variant of ``code``, e.g. ``check.birth_year.missing.listed`` when the DSB list
    knows the year). ``player``: the start number (None: the problem is the event's, or
    the number itself is not a number); ``name``: the player's name as the file has it;
    ``round``: the round it concerns (None: none in particular).
    """

    severity: Severity
    code: str
    message: Message
    player: int | None = None
    name: str | None = None
    round: int | None = None

    def text(self, lang: str = "en") -> str:
        """What is wrong and what to do, in ``lang`` (``de`` or ``en``)."""
        return _render(self.message, lang)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """``{"severity", "code", "player", "name", "round", "text"}`` (JSON-ready)."""
        return {
            "severity": self.severity,
            "code": self.code,
            "player": self.player,
            "name": self.name,
            "round": self.round,
            "text": self.text(lang),
        }


@dataclass(frozen=True, slots=True)
class Filled:
    """One value :func:`wertung.submission.fix_from_dsb_list` took from the DSB list.

    ``field``: the report player's field (``birth_year``, ``dsb_id``, ``zps``,
    ``member_number``, ``club``); ``value``: what it now holds."""

    player: int | None
    name: str
    field: str
    value: object

    @property
    def message(self) -> Message:
        """``birth year 1990 from the DSB list`` as a catalogue message."""
        return Message(f"check.filled.{self.field}", {"value": self.value})

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``."""
        return _render(self.message, lang)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """``{"player", "name", "field", "value", "text"}`` (JSON-ready)."""
        return {
            "player": self.player,
            "name": self.name,
            "field": self.field,
            "value": self.value,
            "text": self.text(lang),
        }


@dataclass(frozen=True, slots=True)
class CheckResult:
    """Every problem found, errors first (each group in the order the checks found them).

    ``complete``: every check could be made (False when the DSB list was not consulted
    or the time control could not be read; ``not_checked`` says what was left out).
    ``exit_code``: 0 clean, 1 warnings only, 2 errors (the command line's).
    """

    problems: tuple[Problem, ...]
    complete: bool
    not_checked: tuple[Message, ...] = field(default=())

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems the DSB refuses."""
        return tuple(p for p in self.problems if p.severity == ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The problems worth a look."""
        return tuple(p for p in self.problems if p.severity == WARNING)

    @property
    def ok(self) -> bool:
        """No errors (warnings allowed): the file may be submitted."""
        return not self.errors

    @property
    def exit_code(self) -> int:
        """0 without problems, 1 with warnings only, 2 with errors."""
        return 2 if self.errors else (1 if self.problems else 0)

    def codes(self) -> list[str]:
        """The problems' codes, in order."""
        return [p.code for p in self.problems]

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """``{"problems": [...], "complete": ..., "not_checked": [...]}`` (JSON-ready)."""
        return {
            "problems": [p.to_dict(lang) for p in self.problems],
            "complete": self.complete,
            "not_checked": [_render(m, lang) for m in self.not_checked],
        }


def message(code: str, params: Mapping[str, object] | None = None) -> Message:
    """A catalogue message (code and parameters)."""
    return Message(code, dict(params or {}))

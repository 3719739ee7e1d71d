"""A message as data (code + parameters) and how a text is recognised as one."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from wertung.catalogue._entry import Entry
from wertung.catalogue._words import TERMS

__all__ = ["UNTRANSLATED", "Matcher", "Message", "from_data"]

UNTRANSLATED = "untranslated"
PLACE = "place"


@dataclass(frozen=True)
class Message:
    """A message as data: a stable ``code`` and its parameters.

    ``context`` is the place the message is about when it was written in front of it
    (``line 12: …``); ``text`` is the English text it was recognised from.
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    context: Message | None = None
    text: str = ""

    @property
    def translated(self) -> bool:
        """True when this message and every message inside it has a catalogue entry."""
        if self.code == UNTRANSLATED:
            return False
        if self.context is not None and not self.context.translated:
            return False
        return all(v.translated for v in self._nested())

    def _nested(self) -> Iterable[Message]:
        for value in self.params.values():
            if isinstance(value, Message):
                yield value
            elif isinstance(value, list):
                yield from (v for v in value if isinstance(v, Message))

    def untranslated(self) -> list[str]:
        """The texts inside this message that the catalogue does not know."""
        if self.code == UNTRANSLATED:
            return [str(self.params.get("text", ""))]
        out = self.context.untranslated() if self.context is not None else []
        for value in self._nested():
            out.extend(value.untranslated())
        return out

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data: ``{"code": ..., "params": {...}}`` (nested messages likewise)."""

        def plain(value: object) -> object:
            if isinstance(value, Message):
                return value.to_dict()
            if isinstance(value, list):
                return [plain(v) for v in value]
            return value

        data: dict[str, object] = {
            "code": self.code,
            "params": {k: plain(v) for k, v in self.params.items()},
        }
        if self.context is not None:
            data["context"] = self.context.to_dict()
        return data


def _value(value: object) -> object:
    if (
        isinstance(value, Mapping)
        and set(value) <= {"code", "params", "context"}
        and "code" in value
    ):
        params = value.get("params")
        return from_data(
            str(value["code"]),
            params if isinstance(params, Mapping) else {},
            "",
            value.get("context"),
        )
    if isinstance(value, list):
        return [_value(v) for v in value]
    return value


def from_data(
    code: str, params: Mapping[str, object], text: str = "", context: object = None
) -> Message:
    """The message an error's ``code`` and ``params`` (plain data, as in JSON) describe.

    Messages inside (a ``msg`` or ``where`` parameter, the places of ``params["context"]``)
    are plain ``{"code": ..., "params": ...}`` data too.

    >>> from_data("rating.missing", {"label": "rating", "context": {"code": "place",
    ...     "params": {"parts": [{"code": "place.line", "params": {"n": 3}}]}}}).context.code
    'place'
    """
    values = dict(params)
    if context is None:
        context = values.pop("context", None)
    place = _value(context) if isinstance(context, Mapping) else None
    return Message(
        code,
        {k: _value(v) for k, v in values.items()},
        place if isinstance(place, Message) else None,
        text,
    )


def _number(text: str) -> int | float | str:
    cleaned = text.replace(",", "")
    try:
        return int(cleaned)
    except ValueError:
        pass
    try:
        value = float(cleaned)
    except ValueError:
        return text
    return value if value == value and value not in (float("inf"), float("-inf")) else text


def _score(text: str) -> int | float | str:
    if text.endswith("½"):
        whole = text[:-1]
        sign = -1 if whole.startswith("-") else 1
        whole = whole.lstrip("-")
        return sign * ((int(whole) if whole else 0) + 0.5)
    return _number(text)


class Matcher:
    """Recognises texts as catalogue messages (the most specific entry that fits wins)."""

    def __init__(self, entries: Iterable[Entry], places: Iterable[Entry]) -> None:
        self.entries = sorted(entries, key=lambda e: -e.weight)
        self.places = sorted(places, key=lambda e: -e.weight)
        self.by_code: dict[str, Entry] = {}
        for entry in [*self.entries, *self.places]:
            if entry.code in self.by_code:
                raise ValueError(f"duplicate catalogue code {entry.code!r}")
            self.by_code[entry.code] = entry
        self.message = lru_cache(maxsize=8192)(self._message)

    # -- messages -------------------------------------------------------------------------
    def _message(self, text: str, depth: int = 0) -> Message:
        best = self._best(self.entries, text, depth)
        if best is not None and best.translated:
            return best
        if depth < 6:
            composed = self._composed(text, depth)
            if composed is not None and (composed.translated or best is None):
                return composed
        return best if best is not None else Message(UNTRANSLATED, {"text": text}, text=text)

    def _composed(self, text: str, depth: int) -> Message | None:
        """``PLACE: MESSAGE`` – a place written in front of a message."""
        partial: Message | None = None
        for found in re.finditer(": ", text):
            place = self.place(text[: found.start()], depth + 1)
            if place is None:
                continue
            rest = self.message(text[found.end() :], depth + 1)
            if rest.code == UNTRANSLATED:
                continue
            context = place if rest.context is None else _join_places(place, rest.context)
            composed = Message(rest.code, rest.params, context, text)
            if rest.translated:
                return composed
            partial = partial or composed
        return partial

    def _best(
        self, entries: list[Entry], text: str, depth: int, known_terms: bool = False
    ) -> Message | None:
        best: Message | None = None
        for entry in entries:
            if not any(a in text for a in entry.anchor_cache):
                continue
            for matcher in entry.matchers:
                found = matcher.match(text)
                if found is None:
                    continue
                groups = found.groupdict()
                if known_terms and any(
                    entry.kinds.get(k) == "term" and v not in TERMS for k, v in groups.items()
                ):
                    continue  # a place names only things the catalogue knows
                message = self._build(entry, groups, text, depth)
                if message.translated:
                    return message
                if best is None:
                    best = message
        return best

    def _build(self, entry: Entry, groups: dict[str, str], text: str, depth: int) -> Message:
        params: dict[str, object] = {}
        for name, value in groups.items():
            kind = entry.kinds.get(name, "text")
            if kind == "int":
                params[name] = int(value)
            elif kind == "count":
                params[name] = int(value.replace(",", ""))
            elif kind == "num":
                params[name] = _number(value)
            elif kind == "score":
                params[name] = _score(value)
            elif kind == "msg":
                params[name] = (
                    self.message(value, depth + 1)
                    if depth < 6
                    else Message(UNTRANSLATED, {"text": value}, text=value)
                )
            elif kind == "where":
                params[name] = self.place(value, depth + 1) or Message(
                    UNTRANSLATED, {"text": value}, text=value
                )
            else:
                params[name] = value
        return Message(entry.code, params, None, text)

    # -- places ---------------------------------------------------------------------------
    def place(self, text: str, depth: int = 0) -> Message | None:
        """A place (``line 12``, ``tournament 5, crosstable (URL)``) or None."""
        return self._place(text, depth)

    @lru_cache(maxsize=4096)  # noqa: B019 - one matcher per process
    def _place(self, text: str, depth: int) -> Message | None:
        if not text or len(text) > 400 or depth > 8:
            return None
        whole = self._best(self.places, text, depth, known_terms=True)
        if whole is not None and whole.translated:
            return Message(PLACE, {"parts": [whole]}, text=text)
        for found in re.finditer(", ", text):
            first = self._best(self.places, text[: found.start()], depth, known_terms=True)
            if first is None or not first.translated:
                continue
            rest = self._place(text[found.end() :], depth + 1)
            if rest is not None:
                parts = rest.params["parts"]
                assert isinstance(parts, list)
                return Message(PLACE, {"parts": [first, *parts]}, text=text)
        return None


def _join_places(first: Message, second: Message) -> Message:
    return Message(
        PLACE, {"parts": [first, second], "sep": ": "}, text=f"{first.text}: {second.text}"
    )

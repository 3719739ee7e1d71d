"""Plain-data conversion shared by every derivation.

A derivation is a frozen dataclass holding all inputs, every intermediate
value and the rule references of one computation. :func:`to_plain` turns it
into JSON-ready data: fractions become floats (or ints when whole), dates ISO
strings, enums their values, nested derivations dictionaries.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from enum import Enum
from fractions import Fraction
from typing import Any

from .results import Score

_ATOMS = frozenset((bool, type(None), str, int, float))
#: Dataclass derivations with the default ``to_dict``: their public field names, by class.
_FIELDS: dict[type, tuple[str, ...]] = {}


def to_plain(value: Any) -> Any:
    """Convert a derivation (or any value inside one) to JSON-ready data."""
    # The usual exact types first; everything else by the general rules (_general).
    kind = value.__class__
    if kind in _ATOMS:
        return value
    names = _FIELDS.get(kind)
    if names is not None:
        return {name: to_plain(getattr(value, name)) for name in names}
    if kind is Fraction:
        return int(value) if value.denominator == 1 else float(value)
    if kind is Score:
        return value.symbol
    if kind is tuple or kind is list:
        return [to_plain(v) for v in value]
    if kind is dict:
        return {str(k): to_plain(v) for k, v in value.items()}
    return _general(value)


def _general(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, (str, int)):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, Score):
        return value.symbol
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and (
        not isinstance(value, Derivation) or type(value).to_dict is not Derivation.to_dict
    ):
        return to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = tuple(
            field.name for field in dataclasses.fields(value) if not field.name.startswith("_")
        )
        if isinstance(value, Derivation):
            # Decided by the class alone (its to_dict is Derivation's): the same next time.
            _FIELDS[type(value)] = names
        return {name: to_plain(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    return str(value)


class Derivation:
    """Mixin giving derivation dataclasses ``to_dict()``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """All inputs, intermediate values and rule references as plain data."""
        return to_plain(self)


class Figure:
    """An attribute read from position ``position`` of the instance's ``_f`` tuple.

    The lazy derivations (forecast, FIDE rating change) keep the figures they compute
    when made in one tuple; each field is one of these. A non-data descriptor: a value in
    the instance's ``__dict__`` comes first, as for a plain attribute.
    """

    def __init__(self, position: int, name: str, doc: str | None = None) -> None:
        self.position = position
        self.name = name
        self.__doc__ = doc

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        return instance._f[self.position]

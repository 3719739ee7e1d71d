"""Dated parameter sets of the rating regulations (DSB WO 2014/2026, FIDE).

The sets themselves live with their rating system (:mod:`wertung.dwz.regulations`,
:mod:`wertung.fide.regulations`); this module holds only what they share. A set is a :class:`ParameterSet`: its constants are class attributes, each
defined once with its default and its source; an instance is frozen, compares
and hashes by its values and may change any constant when it is made:

>>> from wertung.dwz.regulations import WO_2026
>>> what_if = WO_2026.replace(k_max=90)
>>> what_if.k_max, WO_2026.k_max, what_if == WO_2026, what_if.name
(90, 80, False, 'WO 2026')
>>> WO_2026.k_max = 90
Traceback (most recent call last):
    ...
dataclasses.FrozenInstanceError: cannot assign to field 'k_max'
"""

from __future__ import annotations

import datetime as dt
from dataclasses import FrozenInstanceError
from typing import Any

__all__ = ["ParameterSet"]


class ParameterSet:
    """A dated set of rule constants (the base of the DWZ and FIDE regulations).

    A subclass declares each constant as an annotated class attribute with its
    default; ``name`` and ``valid_from`` are given when a set is made, any constant
    may be changed then (``Dwz2026(name=..., valid_from=..., k_max=90)``) or in a
    copy (:meth:`replace`). Sets are frozen and compare, hash and print by their
    values, in the order the constants are declared, as frozen dataclasses do.
    Plain classes rather than dataclasses: defining them costs nothing at import
    (a dataclass compiles its methods there), and every calculator's start pays
    for the import.
    """

    #: The constants' names in declaration order (base classes first), by subclass.
    _fields: tuple[str, ...] = ()
    #: Short name shown to users.
    name: str
    #: First date to which the set applies.
    valid_from: dt.date

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for key in vars(klass).get("__annotations__", ()):
                if not key.startswith("_") and key not in names:
                    names.append(key)
        cls._fields = tuple(names)

    def __init__(self, name: str, valid_from: dt.date, **changes: Any) -> None:
        # object.__setattr__, not self.__dict__: the instance keeps Python's compact
        # attribute layout, so that reading a constant stays as fast as a dataclass's.
        kind = type(self)
        set_value = object.__setattr__
        set_value(self, "name", name)
        set_value(self, "valid_from", valid_from)
        for key in self._fields[2:]:
            set_value(self, key, changes.pop(key) if key in changes else getattr(kind, key))
        if changes:
            raise TypeError(
                f"{kind.__qualname__}.__init__() got an unexpected keyword argument "
                f"{next(iter(changes))!r}"
            )

    def replace(self, **changes: Any) -> Any:
        """A copy with some constants (or the name, or the date) changed."""
        values = {key: getattr(self, key) for key in self._fields}
        unknown = changes.keys() - values.keys()
        if unknown:
            raise TypeError(
                f"{type(self).__qualname__}.__init__() got an unexpected keyword argument "
                f"{min(unknown)!r}"
            )
        values.update(changes)
        return type(self)(**values)

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, key) for key in self._fields])

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        shown = ", ".join(f"{key}={getattr(self, key)!r}" for key in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

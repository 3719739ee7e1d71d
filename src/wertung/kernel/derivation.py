"""Plain-data conversion shared by every derivation.

A derivation is a frozen dataclass holding all inputs, every intermediate
value and the rule references of one computation. :func:`to_plain` turns it
into JSON-ready data: fractions become floats (or ints when whole), dates ISO
strings, enums their values, nested derivations dictionaries.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from enum import Enum
from fractions import Fraction
from typing import Any

from wertung.kernel.results import _FRACTIONS, HALF, ONE, ZERO, Score, known_fraction
from wertung.kernel.results import _SYMBOLS as _SCORE_SYMBOLS

_ATOMS = frozenset((bool, type(None), str, int, float))
#: Dataclass derivations with the default ``to_dict``: their public field names, by class.
_FIELDS: dict[type, tuple[str, ...]] = {}
#: The conversion of a value by its exact class (what :func:`to_plain_general` gives for
#: it, faster): fractions, scores, sequences, the derivation dataclasses met so far and
#: the classes registered with :func:`register_plain`.
_CONVERT: dict[type, Callable[[Any], Any]] = {}


def to_plain(value: Any) -> Any:
    """Convert a derivation (or any value inside one) to JSON-ready data.

    >>> from fractions import Fraction
    >>> to_plain({"w": Fraction(7, 2), "n": (Fraction(2), None)})
    {'w': 3.5, 'n': [2, None]}
    """
    # The usual exact types by one look-up; everything else by the general rules.
    kind = value.__class__
    if kind in _ATOMS:
        return value
    convert = _CONVERT.get(kind)
    if convert is not None:
        return convert(value)
    return _general(value, to_plain)


def to_plain_general(value: Any) -> Any:
    """:func:`to_plain` by the general rules alone, at every level (no converter by class).

    The reference the fast converters are tested against; the same data, slower.
    """
    return _general(value, to_plain_general)


def register_plain(kind: type, convert: Callable[[Any], Any]) -> None:
    """Convert instances of exactly ``kind`` with ``convert`` (which must give what
    :func:`to_plain_general` gives for them)."""
    _CONVERT[kind] = convert


def _fraction(value: Fraction) -> int | float:
    known = _FRACTIONS.get(id(value))
    if known is not None:
        return known
    return int(value) if value.denominator == 1 else float(value)


_SYMBOLS = _SCORE_SYMBOLS


def _score(value: Score) -> str:
    known = _SYMBOLS.get(id(value))
    return known if known is not None else value.symbol


def _sequence(value: Any) -> list[Any]:
    atoms = _ATOMS
    return [v if v.__class__ in atoms else to_plain(v) for v in value]


def _mapping(value: dict[Any, Any]) -> dict[str, Any]:
    atoms = _ATOMS
    return {
        (k if k.__class__ is str else str(k)): (v if v.__class__ in atoms else to_plain(v))
        for k, v in value.items()
    }


_CONVERT.update(
    {Fraction: _fraction, Score: _score, tuple: _sequence, list: _sequence, dict: _mapping}
)
for _value in (ONE, HALF, ZERO):
    known_fraction(_value)
del _value


def plain_converter(
    names: tuple[str, ...],
    reads: dict[str, str] | None = None,
    prelude: str = "",
    plain: dict[str, str] | None = None,
) -> Callable[[Any], dict[str, Any]]:
    """A function giving ``{name: to_plain(value.name) ...}`` for ``names`` in order.

    Written out as one dictionary display (no loop, no ``getattr``); ``reads`` gives,
    for some fields, the expression reading them from ``value`` (after ``prelude``,
    lines run first), e.g. ``"f[3]"``; ``plain`` the expression giving a field's plain
    value itself (it may use ``_P``: :func:`to_plain`, ``_S``: score symbols and
    ``_F``: known fractions, both by ``id``).

    >>> convert = plain_converter(("numerator", "denominator"))
    >>> convert(Fraction(3, 4))
    {'numerator': 3, 'denominator': 4}
    """
    reads = reads or {}
    plain = plain or {}
    for name in names:
        if not name.isidentifier():
            raise ValueError(f"not a field name: {name!r}")
    items = "".join(
        f"        {name!r}: {plain[name]},\n"
        if name in plain
        else f"        {name!r}: v if (v := {reads.get(name, 'value.' + name)}).__class__ in _A"
        f" else _P(v),\n"
        for name in names
    )
    body = "".join(f"    {line}\n" for line in prelude.splitlines())
    source = f"def convert(value):\n{body}    return {{\n{items}    }}\n"
    scope: dict[str, Any] = {"_A": _ATOMS, "_P": to_plain, "_S": _SYMBOLS, "_F": _FRACTIONS}
    exec(compile(source, f"<plain converter {', '.join(names[:3])}...>", "exec"), scope)
    convert: Callable[[Any], dict[str, Any]] = scope["convert"]  # the function just defined
    return convert


def lazy_plain_converter(
    names: tuple[str, ...], eager: tuple[str, ...]
) -> Callable[[Any], dict[str, Any]]:
    """:func:`plain_converter` for a lazy derivation: the fields in ``eager`` read from
    the instance's ``_f`` tuple (in that order), the others from its ``__dict__`` (the
    working, once built)."""
    positions = {name: i for i, name in enumerate(eager)}
    reads = {
        name: f"f[{positions[name]}]" if name in positions else f"d[{name!r}]" for name in names
    }
    return plain_converter(names, reads, prelude="f = value._f\nd = value.__dict__")


def _general(value: Any, inner: Callable[[Any], Any]) -> Any:
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
        if inner is to_plain_general:
            general = getattr(value, "to_dict_general", None)
            if general is not None:
                return general()
        return to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = tuple(
            field.name for field in dataclasses.fields(value) if not field.name.startswith("_")
        )
        if isinstance(value, Derivation) and inner is to_plain:
            # Decided by the class alone (its to_dict is Derivation's): the same next time.
            kind = type(value)
            _FIELDS[kind] = names
            _CONVERT[kind] = plain_converter(names)
        return {name: inner(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): inner(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [inner(v) for v in value]
    return str(value)


class Derivation:
    """Mixin giving derivation dataclasses ``to_dict()``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """All inputs, intermediate values and rule references as plain data."""
        plain: dict[str, Any] = to_plain(self)  # a dataclass's fields by name
        return plain


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

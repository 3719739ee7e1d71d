"""A least-recently-used cache bounded by the approximate bytes of its values.

``functools.lru_cache(64)`` bounds the number of entries, not their size: 64
evaluations of large tournaments hold gigabytes. :class:`ByteLRU` evicts the least
recently used entries until the sum of :func:`approx_size` of the values is under
``max_bytes``; a value larger than the whole budget is returned but not kept.
Thread-safe (sync routes run in a thread pool).

>>> cache = ByteLRU(max_bytes=1000, sizer=len)
>>> cache.get_or_compute("a", lambda: "x" * 600)[:3]
'xxx'
>>> _ = cache.get_or_compute("b", lambda: "y" * 600)   # evicts "a"
>>> "a" in cache, "b" in cache, cache.bytes
(False, True, 600)
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import fields, is_dataclass
from typing import Any, Generic, TypeVar

__all__ = ["ByteLRU", "approx_size"]

V = TypeVar("V")

_ATOMS = (int, float, complex, bool, str, bytes, type(None))
_ATOM_TYPES = frozenset(_ATOMS)


_LAYOUT: dict[type, tuple[tuple[str, ...], bool]] = {}


def _layout(kind: type) -> tuple[tuple[str, ...], bool]:
    """The attribute names (dataclass fields, slots) of ``kind`` and whether it has a __dict__."""
    found = _LAYOUT.get(kind)
    if found is None:
        names: list[str] = []
        if is_dataclass(kind):
            names.extend(f.name for f in fields(kind))
        for klass in kind.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            for slot in (slots,) if isinstance(slots, str) else slots:
                if slot not in names and slot not in ("__dict__", "__weakref__"):
                    names.append(slot)
        found = (tuple(names), "__dict__" in dir(kind))
        _LAYOUT[kind] = found
    return found


def approx_size(value: Any, *, limit: int = 5_000_000) -> int:
    """Approximate bytes held by ``value`` and everything it refers to (each object once).

    Walks containers, dataclasses and ``__dict__``/``__slots__`` objects (about a
    microsecond per object); after ``limit`` objects the rest is not walked.

    >>> approx_size([1, 2, 3]) > approx_size([])
    True
    """
    seen: set[int] = set()
    stack = [value]
    total = 0
    getsizeof = sys.getsizeof
    while stack and len(seen) < limit:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += getsizeof(item, 64)
        kind = type(item)
        if kind in _ATOM_TYPES or isinstance(item, type):
            continue
        if kind is dict or isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            names, has_dict = _layout(kind)
            for name in names:
                child = getattr(item, name, None)
                if child is not None:
                    stack.append(child)
            if has_dict:
                attributes = getattr(item, "__dict__", None)
                if attributes is not None:
                    stack.append(attributes)
    return total


class ByteLRU(Generic[V]):
    """LRU cache whose values together stay under ``max_bytes`` (as ``sizer`` measures)."""

    def __init__(self, max_bytes: int, sizer: Callable[[Any], int] = approx_size) -> None:
        self.max_bytes = max_bytes
        self.sizer = sizer
        self.bytes = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._items

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def get(self, key: Hashable) -> V | None:
        """The cached value (marked as recently used), or None."""
        with self._lock:
            entry = self._items.get(key)
            if entry is None:
                return None
            self._items.move_to_end(key)
            return entry[0]

    def put(self, key: Hashable, value: V, size: int | None = None) -> None:
        """Keep ``value`` (``size``: its bytes if known), evicting the least recently used."""
        size = self.sizer(value) if size is None else size
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if size > self.max_bytes:
                return
            self._items[key] = (value, size)
            self.bytes += size
            while self.bytes > self.max_bytes and self._items:
                _key, (_value, freed) = self._items.popitem(last=False)
                self.bytes -= freed

    def get_or_compute(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The cached value of ``key``, or ``compute()`` kept for next time."""
        found = self.get(key)
        if found is not None:
            return found
        value = compute()
        self.put(key, value)
        return value

    def clear(self) -> None:
        """Drop everything."""
        with self._lock:
            self._items.clear()
            self.bytes = 0

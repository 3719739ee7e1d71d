"""How a stored tournament is evaluated: method, exceptional-player rule, printing date.

The tournament page and the API take them as URL query parameters, beside the
corrections (and so in the share link, which reproduces the same evaluation)::

    /de/tournament/<key>?method=swiss-chess&printed=2025-01-07&exceptional=on

``method``: ``exact`` (default), ``table`` or ``swiss-chess``; ``exceptional``: ``on`` or
``off`` (default: the regulations' rule; off for ``swiss-chess``, as Swiss-Chess);
``printed`` (``swiss-chess`` only): the date Swiss-Chess printed its evaluation, whose
year its ages count from. The defaults are not written into the query.

>>> o = Options.from_query({"method": "swiss-chess", "printed": "7.1.2025", "exceptional": "off"})
>>> o.pairs(), o.kwargs()["printed"]
([('method', 'swiss-chess'), ('exceptional', 'off'), ('printed', '2025-01-07')], datetime.date(2025, 1, 7))
>>> Options.from_query({}).pairs(), bool(Options())
([], False)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wertung.kernel.errors import InvalidInput
from wertung.tournament._model import parse_date

__all__ = ["METHODS", "NAMES", "Options", "changes"]

#: The methods a page or the API may ask for (``exact`` is the default).
METHODS = ("exact", "table", "swiss-chess")
#: The query parameters of the options.
NAMES = ("method", "exceptional", "printed")
_SWITCH = {"on": True, "off": False}


@dataclass(frozen=True)
class Options:
    """The evaluation's options (the defaults: the regulations' evaluation)."""

    method: str = "exact"
    exceptional: bool | None = None
    printed: dt.date | None = None

    @classmethod
    def from_query(cls, query: Mapping[str, Any]) -> Options:
        """Read ``method``, ``exceptional`` and ``printed`` (empty: the default); a wrong
        value is an :class:`InvalidInput` naming the parameter."""
        method = str(query.get("method") or "").strip() or "exact"
        if method not in METHODS:
            raise InvalidInput(
                f"method: {method[:40]!r} must be exact, table or swiss-chess",
                code="swiss_chess.method_value",
                params={"value": repr(method[:40])},
                field="method",
            )
        switch = str(query.get("exceptional") or "").strip().lower()
        if switch and switch not in _SWITCH:
            raise InvalidInput(
                f"exceptional: {switch[:40]!r} must be on or off",
                code="swiss_chess.exceptional_value",
                params={"value": repr(switch[:40])},
                field="exceptional",
            )
        text = str(query.get("printed") or "").strip()[:40]
        printed = parse_date(text, field="printed") if text else None
        if printed is not None and method != "swiss-chess":
            raise InvalidInput(
                f"printed: a printing date applies only to method swiss-chess (not {method!r})",
                code="swiss_chess.printed_method",
                params={"method": repr(method)},
                field="printed",
            )
        return cls(method, _SWITCH.get(switch), printed)

    def pairs(self) -> list[tuple[str, str]]:
        """The options that differ from the defaults, as (name, value) query pairs."""
        pairs = []
        if self.method != "exact":
            pairs.append(("method", self.method))
        if self.exceptional is not None:
            pairs.append(("exceptional", "on" if self.exceptional else "off"))
        if self.printed is not None:
            pairs.append(("printed", self.printed.isoformat()))
        return pairs

    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of :func:`wertung.evaluate`."""
        options: dict[str, Any] = {"method": self.method}
        if self.exceptional is not None:
            options["exceptional_players"] = self.exceptional
        if self.printed is not None:
            options["printed"] = self.printed
        return options

    def __bool__(self) -> bool:
        return bool(self.pairs())


def changes(typed: Mapping[str, str]) -> dict[str, str]:
    """The options the tournament page's form sets (the defaults left out)."""
    changed = {}
    for name in NAMES:
        value = typed.get(name, "").strip()
        if value and not (name == "method" and value == "exact"):
            changed[name] = value
    return changed

"""The time control of a TRF: record 222 of TRF-2026, else 122 of TRF16, else the type (092).

* **222** (TRF-2026, *encoded time control*): periods ``[moves/]seconds[+increment]``
  joined by ``:``; an Armageddon game gives each colour its own, ``W300-B240``.
  ``5400+30`` is 90 minutes plus 30 seconds a move; ``40/6000+30:900+30`` is 100
  minutes for 40 moves, then 15 minutes, 30 seconds a move throughout. Read by
  :func:`wertung.kernel.time_control.encoded`; its periods go into
  ``Tournament.time_control_periods``.
* **122** (TRF16, *allotted times per moves/game*): free text such as ``90 min/40
  moves + 30 min + 30 sec increment``, read by
  :func:`wertung.kernel.time_control.classify` (the evaluation reads the text again and
  says so when it cannot: nothing is noted here).
* **092** (type of tournament): Swiss-Manager writes the rating kind in brackets,
  ``Individual: Swiss-System (Standard)``; used only when neither of the others is
  there, and a note says so.

The kind follows FIDE's totals for 60 moves (increments counted for 60 moves):
blitz up to 10 minutes, rapid below 60, standard from 60. Whether the games are
DWZ-rated is decided by :mod:`wertung.dwz._time_control_rule` from these figures.

>>> encoded("40/6000+30:900+30").minutes, encoded("40/6000+30:900+30").kind
(145.0, 'standard')
>>> encoded("W300-B240").kind
'blitz'
>>> encoded("90 min") is None
True
"""

from __future__ import annotations

import re
from typing import NamedTuple

from wertung.kernel.time_control import Period, TimeControl, classify, encoded

__all__ = ["TrfTimeControl", "encoded", "trf_time_control"]

_TYPE_KIND = re.compile(r"\((standard|rapid|blitz)\)", re.IGNORECASE)


class TrfTimeControl(NamedTuple):
    """What a TRF's header says about its time control."""

    kind: str | None
    text: str | None
    periods: tuple[Period, ...] = ()


def trf_time_control(header: dict[str, tuple[int, str]], notes: list[str]) -> TrfTimeControl:
    """The time control from the header records (line, text) of a TRF."""
    found: TimeControl | None = None
    unread: str | None = None
    if header.get("222", (0, ""))[1]:
        line, value = header["222"]
        found = encoded(value)
        if found is None:
            unread = value
            notes.append(f"line {line}: encoded time control {value[:40]!r} (222) not understood")
    if header.get("122", (0, ""))[1]:
        line, value = header["122"]
        text = classify(value)
        if found is None:
            found = text
        elif text is not None and text.kind not in (None, found.kind):
            notes.append(
                f"line {line}: the time control text (122) reads as {text.kind}, the encoded "
                f"one (222) as {found.kind}; 222 is used"
            )
    if found is not None and found.kind is not None:
        structured = found.periods if encoded(found.text) is not None else ()
        return TrfTimeControl(found.kind, found.text, structured)
    if header.get("092", (0, ""))[1]:
        line, value = header["092"]
        label = _TYPE_KIND.search(value)
        if label:
            kind = label.group(1).lower()
            notes.append(f"line {line}: time control {kind} taken from the tournament type (092)")
            return TrfTimeControl(kind, found.text if found is not None else value)
    return TrfTimeControl(None, found.text if found is not None else unread)

"""The time control of a TRF: record 222 of TRF-2026, else 122 of TRF16, else the type (092).

* **222** (TRF-2026, *encoded time control*): periods ``[moves/]seconds[+increment]``
  joined by ``:``; an Armageddon game gives each colour its own, ``W300-B240``.
  ``5400+30`` is 90 minutes plus 30 seconds a move; ``40/6000+30:900+30`` is 100
  minutes for 40 moves, then 15 minutes, 30 seconds a move throughout.
* **122** (TRF16, *allotted times per moves/game*): free text such as ``90 min/40
  moves + 30 min + 30 sec increment``, read by
  :func:`wertung.core.time_control.classify`.
* **092** (type of tournament): Swiss-Manager writes the rating kind in brackets,
  ``Individual: Swiss-System (Standard)``; used only when neither of the others is
  there, and a note says so.

The kind follows FIDE's totals for 60 moves (increments counted for 60 moves):
blitz up to 10 minutes, rapid below 60, standard from 60.

>>> encoded("40/6000+30:900+30").minutes, encoded("40/6000+30:900+30").kind
(145.0, 'standard')
>>> encoded("W300-B240").kind
'blitz'
>>> encoded("90 min") is None
True
"""

from __future__ import annotations

import re

from ..core.time_control import INCREMENT_MOVES, TimeControl, classify, kind_of

__all__ = ["encoded", "trf_time_control"]

_PERIOD = r"(?:[0-9]{1,3}/)?[0-9]{1,6}(?:\+[0-9]{1,4})?"
_PERIODS = rf"{_PERIOD}(?::{_PERIOD}){{0,9}}"
_ENCODED = re.compile(rf"({_PERIODS})|W({_PERIODS})-B({_PERIODS})")
_TYPE_KIND = re.compile(r"\((standard|rapid|blitz)\)", re.IGNORECASE)


def _periods(text: str) -> tuple[float, float | None]:
    """Total minutes for 60 moves and the first period's minutes (None: one period)."""
    periods = []
    for part in text.split(":"):
        moves, _, rest = part.rpartition("/")
        seconds, _, increment = rest.partition("+")
        periods.append((int(moves) if moves else None, int(seconds), int(increment or 0)))
    total = 0.0
    first_move = 1
    by_move: list[int] = []  # the increment of each of the first 60 moves
    for moves, seconds, increment in periods:
        if first_move > INCREMENT_MOVES:
            break
        total += seconds / 60
        length = moves if moves else INCREMENT_MOVES
        by_move += [increment] * length
        first_move += length
    while len(by_move) < INCREMENT_MOVES:
        by_move.append(periods[-1][2])
    total += sum(by_move[:INCREMENT_MOVES]) / 60
    first = periods[0][1] / 60 if len(periods) > 1 else None
    return total, first


def encoded(text: str) -> TimeControl | None:
    """A TRF-2026 encoded time control (record 222); None if the text is not one."""
    clean = text.strip()
    match = _ENCODED.fullmatch(clean)
    if not match:
        return None
    if match.group(1):
        minutes, first = _periods(match.group(1))
    else:  # Armageddon: the shorter of the two times classes the game
        minutes, first = min(_periods(match.group(2)), _periods(match.group(3)))
    return TimeControl(clean, kind_of(minutes), minutes, first)


def trf_time_control(
    header: dict[str, tuple[int, str]], notes: list[str]
) -> tuple[str | None, str | None]:
    """``(time_control, time_control_text)`` from the header records (line, text) of a TRF."""
    found: TimeControl | None = None
    if header.get("222", (0, ""))[1]:
        line, value = header["222"]
        found = encoded(value)
        if found is None:
            notes.append(f"line {line}: encoded time control {value[:40]!r} (222) not understood")
    if header.get("122", (0, ""))[1]:
        line, value = header["122"]
        text = classify(value)
        if found is None:
            found = text
            if text is None or text.kind is None:
                notes.append(f"line {line}: time control {value[:60]!r} (122) not understood")
        elif text is not None and text.kind not in (None, found.kind):
            notes.append(
                f"line {line}: the time control text (122) reads as {text.kind}, the encoded "
                f"one (222) as {found.kind}; 222 is used"
            )
    if found is not None and found.kind is not None:
        return found.kind, found.text
    if header.get("092", (0, ""))[1]:
        line, value = header["092"]
        label = _TYPE_KIND.search(value)
        if label:
            kind = label.group(1).lower()
            notes.append(f"line {line}: time control {kind} taken from the tournament type (092)")
            return kind, value
    return None, found.text if found is not None else None

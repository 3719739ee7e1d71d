"""Time control: which kind of game a tournament's thinking time makes.

Only standard games are DWZ-rated (SPEC §4): at least 90 minutes of total
thinking time per player and game (U12 events and younger: 60), an increment
counted for 60 moves; with a split time control at least 60 minutes (U12: 40)
for the first period. FIDE classes a game by the same total: blitz up to 10
minutes, rapid more than 10 and less than 60, standard 60 or more.

Sources label the time control in their own words ("Time control (Rapid) : 10
minutes + 3 secs per move", "40/90' + Game/30' + 30\"/move", "90 min + 30 s").
:func:`classify` reads such a text: an explicit label (Standard, Rapid, Blitz,
Schnellschach, Klassisch, …) wins; otherwise the minutes and the increment are
read from the text.

>>> classify("Time control (Rapid) : 10 minutes + 3 secs per move").kind
'rapid'
>>> classify("90 minutes/40 moves + 15 min KO + 30 sec/move").kind
'standard'
>>> classify("3+2").kind
'blitz'
>>> classify("Standard: 90min +30sec increment per move starting from move 1").dwz_rated
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "BLITZ",
    "DWZ_MINUTES",
    "DWZ_MINUTES_FIRST_PERIOD",
    "INCREMENT_MOVES",
    "RAPID",
    "STANDARD",
    "TimeControl",
    "classify",
    "kind_of",
]

STANDARD = "standard"
RAPID = "rapid"
BLITZ = "blitz"

#: SPEC §4: total thinking time per player that makes a game DWZ-rated. (The SPEC's
#: lower U12 figures, 60 and 40, are not applied: no source says an event is U12.)
DWZ_MINUTES = 90
#: With a split time control: the first period must be at least this long.
DWZ_MINUTES_FIRST_PERIOD = 60
#: An increment counts for this many moves (SPEC §4; FIDE Appendix: 60 moves).
INCREMENT_MOVES = 60
#: FIDE Laws of Chess, appendices A and B: blitz up to 10 minutes, rapid below 60, standard
#: from 60 (totals for 60 moves). Not in the SPEC (assumed): only used to name the kind of an
#: unlabelled time control; whether games are DWZ-rated follows DWZ_MINUTES above.
BLITZ_MAX_MINUTES = 10
RAPID_MAX_MINUTES = 60

_LABELS: tuple[tuple[str, str], ...] = (
    (r"blitz", BLITZ),
    (r"rapid|schnellschach|schnell|semi-?rapid|rápid|rapide|быстр", RAPID),
    (r"standard|classical|classic|klassisch|langpartie|normal|estándar|standart|стандарт|классич", STANDARD),
)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control as read from a source.

    ``kind``: ``standard``, ``rapid``, ``blitz`` or None (not readable);
    ``minutes``: total thinking time per player for 60 moves when the text gives
    numbers; ``first_period``: the minutes of the first period of a split control;
    ``text``: the source's wording.
    """

    text: str
    kind: str | None
    minutes: float | None = None
    first_period: float | None = None
    labelled: bool = False

    @property
    def dwz_rated(self) -> bool | None:
        """Whether games at this time control are DWZ-rated (None: not known)."""
        if self.minutes is not None:
            if self.first_period is not None and self.first_period < self.minutes:
                return self.minutes >= DWZ_MINUTES and self.first_period >= DWZ_MINUTES_FIRST_PERIOD
            return self.minutes >= DWZ_MINUTES
        if self.kind is None:
            return None
        return self.kind == STANDARD


_NUMBER = r"(\d+(?:[.,]\d+)?)"
_MOVES_FIRST = re.compile(
    r"(\d+)\s*(?:moves|züge|z|/)\s*(?:in\s*)?(\d+)\s*(?:min|m|['’′]|$|\s|\+|,|;)", re.I
)
_MINUTES_PER_MOVES = re.compile(rf"{_NUMBER}\s*(?:minutes|minuten|mins?|m|['’′])?\s*(?:/|for|für)\s*(\d+)\s*(?:moves|züge|z)", re.I)
_MINUTES = re.compile(rf"{_NUMBER}\s*(?:minutes|minuten|mins?\b|min\.?|m\b|['’′](?!['’′]))", re.I)
_SECONDS = re.compile(rf"{_NUMBER}\s*(?:seconds|sekunden|secs?|sek\.?|s\b|[\"”″]|['’′]{{2}})", re.I)
_SHORT = re.compile(r"^\s*(?:G\s*/\s*)?(\d+)\s*\+\s*(\d+)\s*$", re.I)
_HOURS_MINUTES = re.compile(r"\b(\d{1,2}):([0-5]\d)\b")
_BARE = re.compile(r"(?:^|[,;+]|\bthen\b|\bdann\b)\s*(\d{1,3})\s*(?=$|[,;+])", re.I)
_HOURS = re.compile(rf"{_NUMBER}\s*(?:stunden|std\.?|hours?|hrs?|h\b)", re.I)


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def classify(text: str | None) -> TimeControl | None:
    """Read a time control text; None for an empty text."""
    if text is None or not text.strip():
        return None
    clean = " ".join(text.split())
    lowered = clean.lower()
    label = None
    for pattern, kind in _LABELS:
        if re.search(pattern, lowered):
            label = kind
            break
    minutes, first = _minutes(clean)
    if label is not None:
        return TimeControl(clean, label, minutes, first, labelled=True)
    if minutes is None:
        return TimeControl(clean, None)
    return TimeControl(clean, kind_of(minutes), minutes, first)


def kind_of(minutes: float) -> str:
    """``blitz``, ``rapid`` or ``standard`` for a total of ``minutes`` per player (60 moves).

    >>> kind_of(5), kind_of(25), kind_of(120)
    ('blitz', 'rapid', 'standard')
    """
    if minutes <= BLITZ_MAX_MINUTES:
        return BLITZ
    if minutes < RAPID_MAX_MINUTES:
        return RAPID
    return STANDARD


def _minutes(text: str) -> tuple[float | None, float | None]:
    """Total minutes per player for 60 moves, and the first period's minutes."""
    short = _SHORT.match(text)
    if short:
        return int(short.group(1)) + int(short.group(2)) * INCREMENT_MOVES / 60, None
    periods: list[float] = [
        int(m.group(1)) * 60 + int(m.group(2)) for m in _HOURS_MINUTES.finditer(text)
    ]
    text = _HOURS_MINUTES.sub(" ", text)
    periods += [_num(m.group(1)) * 60 for m in _HOURS.finditer(text)]
    rest = _HOURS.sub(" ", text)
    match = None if periods else _MOVES_FIRST.search(rest)
    per_moves = _MINUTES_PER_MOVES.search(rest)
    if periods:
        rest = re.sub(r"\d+\s*(?:moves|züge|z)\b", " ", rest, flags=re.I)
    elif per_moves:
        periods.append(_num(per_moves.group(1)))
        rest = rest[: per_moves.start()] + " " + rest[per_moves.end() :]
    elif match:
        periods.append(_num(match.group(2)))
        rest = rest[: match.start()] + " " + rest[match.end() :]
    seconds = [_num(m.group(1)) for m in _SECONDS.finditer(rest)]
    rest_no_seconds = _SECONDS.sub(" ", rest)
    periods += [_num(m.group(1)) for m in _MINUTES.finditer(rest_no_seconds)]
    if periods:  # "40/120, 60": a bare number after a period is the next period's minutes
        periods += [_num(m.group(1)) for m in _BARE.finditer(_MINUTES.sub(" ", rest_no_seconds))]
    if not periods:
        return None, None
    increment = seconds[0] if seconds else 0.0
    total = sum(periods) + increment * INCREMENT_MOVES / 60
    first = periods[0] if len(periods) > 1 else None
    return total, first

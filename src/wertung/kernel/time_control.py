"""Time control: a source's wording read into periods (base time, moves, increment).

Every source names its time control in its own words ("Time control (Rapid) : 10
minutes + 3 secs per move", "40/90’ + Game/30’ + 30”/move", "90 min + 30 s",
"45 min + 15 bônus ou 1 h ko"); TRF-2026 encodes it (record 222, ``5400+30``).
This module is the one place that reads them, into a :class:`TimeControl`: its
:class:`Period` s (base minutes, the moves they are for, the increment in seconds
per move), the source's own text, and FIDE's kind of game (standard, rapid,
blitz: FIDE Laws of Chess, appendices A and B, by the total for 60 moves).

Whether the games are DWZ-rated is decided from this value by
:mod:`wertung.dwz._time_control_rule` (SPEC §4): FIDE's "standard" is not enough
(45 min + 15 s is FIDE standard, but not DWZ-rated).

>>> tc = classify("Time control (Rapid) : 10 minutes + 3 secs per move")
>>> tc.kind, tc.minutes, tc.periods
('rapid', 13.0, (Period(minutes=10.0, moves=None, increment=3.0),))
>>> classify("40/90’ + Game/30’ + 30”/move").describe()
'40 moves in 90 min + 30 s/move, then 30 min + 30 s/move'
>>> classify("45 min + 15 bônus ou 1 h ko").describe()
'45 min + 15 s/move (or 60 min)'
>>> classify("3+2").kind, encoded("40/6000+30:900+30").minutes
('blitz', 145.0)

Reading rules of the free text (documented, tested on every real file's wording):
a bare ``A+B`` is A minutes plus B seconds a move (``90+30``, ``G/45+5``); a bare
``N/M`` is N moves in M minutes (the smaller number is the moves: ``40/120`` and
``90/40`` both mean 40 moves); a bare number after ``,``, ``;``, ``then``/``dann``
starts the next period in minutes (``40/120, 60``); one increment stated once holds
for every period (``40/90 + 30 min + 30 s/move``); ``from move 41`` (``ab Zug 41``)
starts it later; ``or``/``oder``/``ou`` give alternatives, each read on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

__all__ = [
    "BLITZ",
    "BLITZ_MAX_MINUTES",
    "INCREMENT_MOVES",
    "RAPID",
    "RAPID_MAX_MINUTES",
    "STANDARD",
    "Period",
    "TimeControl",
    "classify",
    "encoded",
    "kind_of",
    "total_minutes",
]

STANDARD = "standard"
RAPID = "rapid"
BLITZ = "blitz"

#: An increment counts for this many moves (SPEC §4; FIDE Laws, appendices A and B).
INCREMENT_MOVES = 60
#: FIDE Laws of Chess, appendices A and B: blitz up to 10 minutes, rapid below 60, standard
#: from 60 (totals for 60 moves). Only used to name FIDE's kind of game; whether games
#: are DWZ-rated follows :mod:`wertung.dwz._time_control_rule`.
BLITZ_MAX_MINUTES = 10
RAPID_MAX_MINUTES = 60

#: Readings beyond these are not a time control (a year, a rating, a page number).
_MAX_MINUTES = 600.0
_MAX_SECONDS = 300.0
_MAX_MOVES = 120


@dataclass(frozen=True, slots=True)
class Period:
    """One period of a time control: ``minutes`` of base time for ``moves`` moves
    (None: the rest of the game), ``increment`` seconds added per move."""

    minutes: float
    moves: int | None = None
    increment: float = 0.0

    def describe(self, *, increment: bool = False) -> str:
        """The period in the catalogue's words (``40 moves in 90 min + 30 s/move``);
        ``increment``: say it even when it is 0 (a control whose periods differ in it)."""
        head = f"{_figure(self.minutes)} min"
        if self.moves is not None:
            head = f"{self.moves} moves in {head}"
        if self.increment or increment:
            return f"{head} + {_figure(self.increment)} s/move"
        return head

    def to_dict(self) -> dict[str, float | int | None]:
        """``{"minutes", "moves", "increment"}`` (the JSON format's period)."""
        return {"minutes": _plain(self.minutes), "moves": self.moves,
                "increment": _plain(self.increment)}  # fmt: skip


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control as read from a source.

    ``text``: the source's wording; ``kind``: FIDE's ``standard``, ``rapid``, ``blitz``
    or None (not readable); ``periods``: what the text says (empty: no figures read);
    ``labelled``: the kind is the source's own word (Rapid, Schnellschach, …);
    ``alternatives``: every reading of a text that offers a choice ("45 min + 15 s or
    60 min"); ``periods`` are then the first one's.
    """

    text: str
    kind: str | None
    periods: tuple[Period, ...] = ()
    labelled: bool = False
    alternatives: tuple[TimeControl, ...] = ()

    @property
    def minutes(self) -> float | None:
        """Total thinking time per player for 60 moves (increments counted for 60 moves)."""
        return total_minutes(self.periods) if self.periods else None

    @property
    def first_period(self) -> float | None:
        """The first period's base minutes of a split control (None: one period)."""
        return self.periods[0].minutes if len(self.periods) > 1 else None

    @property
    def base_minutes(self) -> float | None:
        """The first period's base time in minutes."""
        return self.periods[0].minutes if self.periods else None

    @property
    def increment_seconds(self) -> float | None:
        """The increment per move of the first period, in seconds."""
        return self.periods[0].increment if self.periods else None

    @property
    def readable(self) -> bool:
        """Whether the text gave figures or at least a kind of game."""
        return bool(self.periods) or self.kind is not None

    def describe(self) -> str:
        """The reading in the catalogue's words (what the messages show); '' without figures."""
        if self.alternatives:
            first, *others = [a.describe() for a in self.alternatives if a.periods]
            return first + "".join(f" (or {o}" for o in others) + ")" * len(others)
        increments = {p.increment for p in self.periods}
        explicit = len(increments) > 1 and 0 in increments  # "+ 0 s/move": read back as said
        return ", then ".join(p.describe(increment=explicit) for p in self.periods)

    def to_dict(self) -> dict[str, object]:
        """Text, kind, periods and the total for 60 moves as plain data."""
        return {
            "text": self.text,
            "kind": self.kind,
            "periods": [p.to_dict() for p in self.periods],
            "minutes": _plain(self.minutes) if self.minutes is not None else None,
            "labelled": self.labelled,
            "alternatives": [a.to_dict() for a in self.alternatives],
        }


def _figure(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _plain(value: float) -> float | int:
    return int(value) if value == int(value) else value


def total_minutes(periods: tuple[Period, ...], cap: float | None = None) -> float:
    """Base times of the periods begun within 60 moves plus the increments of moves 1–60.

    The last period's increment continues after it. ``cap``: an increment counts at most
    this many seconds (the DWZ's reported rule; FIDE counts it in full).

    >>> total_minutes((Period(90, 40, 30), Period(30, None, 30)))
    150.0
    >>> total_minutes((Period(45, None, 45),)), total_minutes((Period(45, None, 45),), cap=30)
    (90.0, 75.0)
    """
    total = 0.0
    move = 1  # the first move of the next period
    increments = 0.0
    for period in periods:
        if move > INCREMENT_MOVES:
            break
        total += period.minutes
        increment = period.increment if cap is None else min(period.increment, cap)
        length = period.moves if period.moves else INCREMENT_MOVES + 1 - move
        increments += increment * min(length, INCREMENT_MOVES + 1 - move)
        move += length
    if move <= INCREMENT_MOVES and periods:  # the last period's increment goes on
        last = periods[-1].increment if cap is None else min(periods[-1].increment, cap)
        increments += last * (INCREMENT_MOVES + 1 - move)
    return total + increments / 60


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


# -- TRF-2026 record 222 (encoded: seconds) ------------------------------------------------

_PERIOD = r"(?:[0-9]{1,3}/)?[0-9]{1,6}(?:\+[0-9]{1,4})?"
_PERIODS = rf"{_PERIOD}(?::{_PERIOD}){{0,9}}"
_ENCODED = re.compile(rf"({_PERIODS})|W({_PERIODS})-B({_PERIODS})")


def _encoded_periods(text: str) -> tuple[Period, ...] | None:
    """The periods of an encoded control; None if a figure is beyond any game's."""
    periods = []
    for part in text.split(":"):
        moves, _, rest = part.rpartition("/")
        seconds, _, increment = rest.partition("+")
        period = Period(int(seconds) / 60, int(moves) or None if moves else None,
                        float(increment or 0))  # fmt: skip
        if (
            period.minutes > _MAX_MINUTES
            or period.increment > _MAX_SECONDS
            or (period.moves is not None and period.moves > _MAX_MOVES)
        ):
            return None
        periods.append(period)
    return tuple(periods)


def encoded(text: str) -> TimeControl | None:
    """A TRF-2026 encoded time control (record 222: ``[moves/]seconds[+increment]``
    periods joined by ``:``; Armageddon ``W…-B…``, classed by the shorter side); None if
    the text is not one.

    >>> encoded("5400+30").periods
    (Period(minutes=90.0, moves=None, increment=30.0),)
    >>> encoded("W300-B240").kind, encoded("90 min") is None
    ('blitz', True)
    """
    clean = text.strip()
    match = _ENCODED.fullmatch(clean)
    if not match:
        return None
    if match.group(1):
        periods = _encoded_periods(match.group(1))
    else:
        sides = [_encoded_periods(match.group(2)), _encoded_periods(match.group(3))]
        # `None in sides` does not narrow the list's items: min sees no None here.
        periods = None if None in sides else min(sides, key=total_minutes)  # type: ignore[arg-type]
    if periods is None:
        return None
    return TimeControl(clean, kind_of(total_minutes(periods)), periods)


# -- free text ---------------------------------------------------------------------------------

_LABELS: tuple[tuple[str, str], ...] = (
    (r"blitz|блиц", BLITZ),
    (r"rapid|schnellschach|schnell|semi-?rapid|rápid|rapide|быстр", RAPID),
    (r"standard|classical|classic|klassisch|langpartie|normal|estándar|standart|стандарт|классич", STANDARD),
)  # fmt: skip
_QUOTES = str.maketrans({"’": "'", "‘": "'", "′": "'", "´": "'", "`": "'", "”": '"', "“": '"',
                         "″": '"', "„": '"', "×": "x", "–": "-", "—": "-"})  # fmt: skip
#: "from move 1" and the like: the increment holds throughout (removed); a later move starts it later.
_FROM_MOVE = re.compile(
    r"(?:starting\s+)?(?:from|after|ab|nach|desde|a\s+partir\s+d[eo]|à\s+partir\s+du)\s+"
    r"(?:(?:the|dem|der|el|o|le)\s+)?(?:(?:move|zug|jugada|lance|coup)\s*(?:no\.?\s*)?(\d{1,3})"
    r"|(\d{1,3})\s*(?:\.|st|nd|rd|th|º|°)?\s*(?:move|zug|jugada|lance|coup)\b"
    r"|(?:first|ersten|primer|primeiro|premier)\s+(?:move|zug|jugada|lance|coup))\b",
    re.IGNORECASE,
)
#: "1:30" and "1h30": hours and minutes (up to 4 hours: a later hour is a starting time).
_CLOCK = re.compile(r"\b([0-4])\s*(?::|h)\s*([0-5]\d)\b")
_TIME_OF_DAY = re.compile(r"\b\d{1,2}:\d{2}\b(?:\s*uhr\b)?")
_UNITS = (
    ("moves", r"moves?\b|züge?\b|zuege\b|zug\b|z\b\.?|jugadas?\b|lances?\b|coups?\b|mosse\b|"
              r"ruch(?:ów)?\b|ход(?:ов|а)?"),
    ("hours", r"std\b\.?|stunden?\b|hours?\b|hrs?\b|h\b|horas?\b|heures?\b|ore\b|час(?:а|ов)?"),
    ("minutes", r"min(?:utes?|uten|utos?|uti|ut|s)?\b\.?|mn\b|m\b|'|мин(?:ут[аы]?)?\.?"),
    ("seconds", r"s\b\.?|secs?\b\.?|seconds?\b|secondes?\b|secondi\b|sek\b\.?|sekunden?\b|"
                r"sekund\b|seg\b\.?|segundos?\b|\"|сек(?:унд[аы]?)?\.?"),
)  # fmt: skip
_UNIT = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _UNITS)
_PER = (
    r"(?:/|\bper|\bpro|\bje|\beach|\ba|\bpor|\bpar|\bna|\bза)\s*(?:move|zug|jugada|lance|coup|"
    r"mossa|ruch|ход)\b|\bincrement\b|\binc\b\.?|\binkrement\b|bonus|bônus|\bbonificaci[oó]n\b|"
    r"\bincremento\b|\bfischer\b|\bdelay\b|\bzuschlag\b|gutschrift\b|\bd(?=\d)"
)
_TOKEN = re.compile(
    rf"(?P<per>{_PER})"
    rf"|(?P<num>\d+(?:[.,]\d+)?)\s*(?:{_UNIT})?"
    r"|(?P<rest>\bko\b|\bk\.o\.|\brest\b|\brest\s+of\s+the\s+game\b|\brest\s+der\s+partie\b|"
    r"\bgame\b|\bg\b|\bsd\b|\bpartie\b|\bresto\b|\bfin\b)"
    r"|(?P<x>\bx(?=\s*\d)|(?<=')\s*x)"
    r"|(?P<slash>/)"
    r"|(?P<plus>\+|\bplus\b|\bmais\b|\bmás\b)"
    r"|(?P<sep>[,;]|->|→|=>|\bthen\b|\bdann\b|\bdanach\b|\bfollowed\s+by\b|\bpuis\b|\bluego\b|"
    r"\bdepois\b|\bpotem\b|\bзатем\b|\bпотом\b)",
    re.IGNORECASE,
)
_ALTERNATIVE = re.compile(r"\s(?:or|oder|ou|o|или|oppure)\s", re.IGNORECASE)


@dataclass(slots=True)
class _Quantity:
    value: float
    unit: str | None  # moves, minutes, seconds (hours become minutes), None: bare
    before: str | None  # the last joining token before it: plus, sep, slash, x
    rest: bool = False  # a "rest of the game" word came before it
    per: bool = False  # an increment word belongs to it


def _quantities(text: str) -> list[_Quantity]:
    out: list[_Quantity] = []
    joiner: str | None = None
    rest = False
    pending_per = False
    last_end = -1
    for token in _TOKEN.finditer(text):
        kind = token.lastgroup
        if token.group("num") is not None:
            unit = next((n for n, _ in _UNITS if token.group(n) is not None), None)
            value = float(token.group("num").replace(",", "."))
            if unit == "hours":
                unit, value = "minutes", value * 60
            out.append(_Quantity(value, unit, joiner, rest, pending_per and unit is None))
            joiner, rest, pending_per, last_end = None, False, False, token.end()
        elif token.group("per") is not None:
            previous = out[-1] if out else None
            gap = text[last_end : token.start()].strip() if previous else ""
            if previous is not None and previous.unit in (None, "seconds") and gap in ("", "s"):
                previous.per = True
            else:
                pending_per = True
        elif kind == "rest":
            previous = out[-1] if out else None
            gap = text[last_end : token.start()].strip() if previous else "-"
            if previous is not None and previous.unit is None and gap in ("", "/"):
                previous.rest = True  # "30/KO", "30 KO": the rest of the game in 30 minutes
            else:
                rest = True
        elif kind in ("plus", "sep", "slash", "x") and not (kind == "slash" and rest):
            joiner = kind if joiner != "sep" else joiner  # "Game/30": the slash is the word's
    return out


def _pairs(found: list[_Quantity]) -> None:
    """Type the bare numbers of "N/M" and "M'xN" pairs (moves and minutes)."""
    for first, second in pairwise(found):
        if second.before == "slash" and not first.per and not second.per:
            units = (first.unit, second.unit)
            if units == (None, None):
                small, large = sorted((first, second), key=lambda q: q.value)
                small.unit, large.unit = "moves", "minutes"
                if first.value == second.value:
                    first.unit, second.unit = "moves", "minutes"
            elif None in units:
                known = first.unit or second.unit
                other = first if first.unit is None else second
                other.unit = "moves" if known == "minutes" else "minutes"
        elif second.before == "x" and second.unit is None and first.unit == "minutes":
            second.unit = "moves"


def _periods(found: list[_Quantity], start_move: int) -> tuple[Period, ...]:
    periods: list[list[float | int | None]] = []  # [minutes, moves, increment or None]
    stated: list[tuple[int, float]] = []  # (period, seconds) of every increment stated
    for q in found:
        unit = q.unit
        current = periods[-1] if periods else None
        if unit is None:
            if q.per:
                unit = "seconds"
            elif current is None or q.before == "sep" or q.rest:
                unit = "minutes"
            elif q.before == "plus" and current[0] is not None and current[2] is None:
                unit = "seconds"
            else:
                continue  # a number without meaning here
        if unit == "seconds":
            if q.value <= _MAX_SECONDS:
                stated.append((max(len(periods) - 1, 0), q.value))
        elif unit == "moves":
            if not 0 < q.value <= _MAX_MOVES or q.value != int(q.value):
                continue
            if (
                current is not None
                and current[1] is None
                and current[0] is not None
                and (q.before in (None, "slash", "x"))
            ):
                current[1] = int(q.value)
            else:
                periods.append([None, int(q.value), None])
        elif 0 < q.value <= _MAX_MINUTES:
            if current is not None and current[0] is None:
                current[0] = q.value
            else:
                periods.append([q.value, None, None])
    readable = [p for p in periods if p[0] is not None]
    if not readable:
        return ()
    for number, seconds in stated:
        target = periods[min(number, len(periods) - 1)]
        target[2] = seconds
    single = len(stated) == 1
    out: list[Period] = []
    move = 1
    for minutes, moves, increment in readable:
        if single:
            increment = stated[0][1] if move >= start_move else 0.0
        # readable: each with its minutes (the filter above does not narrow the lists' items).
        out.append(Period(float(minutes), None if moves is None else int(moves),  # type: ignore[arg-type]
                          float(increment or 0.0)))  # fmt: skip
        move += int(moves) if moves else INCREMENT_MOVES
    return tuple(out)


def _read(text: str) -> tuple[Period, ...]:
    """The periods of one reading (no alternatives)."""
    start_move = 1
    for match in _FROM_MOVE.finditer(text):
        later = match.group(1) or match.group(2)
        if later and int(later) > 1:
            start_move = int(later)
    text = _FROM_MOVE.sub(" ", text)
    text = _CLOCK.sub(lambda m: f" {int(m.group(1)) * 60 + int(m.group(2))} min ", text)
    text = _TIME_OF_DAY.sub(" ", text)
    found = _quantities(text)
    _pairs(found)
    return _periods(found, start_move)


def _seconds_code(text: str) -> tuple[Period, ...] | None:
    """A free text that is the encoded (seconds) form, ``5400+30``: its periods, else None."""
    match = _ENCODED.fullmatch(text)
    if match and match.group(1):
        periods = _encoded_periods(match.group(1))
        if periods and periods[0].minutes * 60 >= 400:  # as minutes, 400 is no base time
            return periods
    return None


@lru_cache(maxsize=512)
def classify(text: str | None) -> TimeControl | None:
    """Read a time control text; None for an empty text.

    An explicit label (Standard, Rapid, Blitz, Schnellschach, Klassisch, …) names the
    kind; otherwise it follows the figures. A text without figures or label gives a
    :class:`TimeControl` with ``kind`` None and no periods (``readable`` is False).

    >>> classify("40 Züge in 2 Std, dann 30 min").periods
    (Period(minutes=120.0, moves=40, increment=0.0), Period(minutes=30.0, moves=None, increment=0.0))
    >>> classify("wie immer").readable
    False
    """
    if text is None or not text.strip():
        return None
    clean = " ".join(text.split())
    lowered = clean[:300].lower().translate(_QUOTES).replace("''", '"')
    label = next((kind for pattern, kind in _LABELS if re.search(pattern, lowered)), None)
    code = _seconds_code(lowered.strip())
    parts = [p for p in _ALTERNATIVE.split(lowered) if p.strip()]
    readings = [code] if code else [_read(p) for p in parts]
    found = [r for r in readings if r]
    alternatives: tuple[TimeControl, ...] = ()
    if len(found) > 1 and len(found) == len(readings):
        alternatives = tuple(
            TimeControl(part.strip(), kind_of(total_minutes(r)), r)
            for part, r in zip(parts, readings, strict=True)
        )
    elif len(readings) > 1:  # "or" inside a text that is not a choice: read it whole
        found = [r for r in [_read(lowered)] if r]
    periods = found[0] if found else ()
    if label is not None:
        return TimeControl(clean, label, periods, labelled=True, alternatives=alternatives)
    if not periods:
        return TimeControl(clean, None)
    if alternatives:
        kinds = {a.kind for a in alternatives}
        kind = kinds.pop() if len(kinds) == 1 else kind_of(total_minutes(periods))
        return TimeControl(clean, kind, periods, alternatives=alternatives)
    return TimeControl(clean, kind_of(total_minutes(periods)), periods)

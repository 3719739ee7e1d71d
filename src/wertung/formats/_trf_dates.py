"""The dates of a TRF: start (``042``), end (``052``) and round dates (``132``), read together.

Real files spell dates every way: ``2011/07/02`` (the TRF16 text), ``11/07/02`` (its round
dates), ``28. 07. 2005``, ``May 29, 2020``, and an Irish league file ``042 10.09.13`` /
``052 11.03.13``, which is ``YY.MM.DD`` (2010-09-13 to 2011-03-13), while read as the German
``DD.MM.YY`` it would start on 2013-09-10, after its end. Three two-digit parts can be read
three ways (:func:`~wertung.formats._source.date_readings`), so the readings are chosen
together, one spelling per line:

* the start is on or before the end, and every round date lies between them; a start and
  an end whose order of parts is in doubt are read in the same order: what no reading of
  the lines allows is an error naming the lines (:class:`FormatError`);
* among the readings that agree, round dates in order beat dates out of order, dates within
  a year beat a longer span, and then the likelier spelling of each line wins (``DD.MM.YY``
  with dots, ``YY/MM/DD`` otherwise);
* a line read in a spelling other than its likeliest gets a note saying so.

>>> d = trf_dates((4, "10.09.13"), (5, "11.03.13"), [(14, ["10.09.13", "11.03.13"])])
>>> d.start, d.end
(datetime.date(2010, 9, 13), datetime.date(2011, 3, 13))
>>> d.notes[0]
"line 4: date '10.09.13' (042) read as 2010-09-13 (YY.MM.DD), the reading that agrees with the other dates"
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from wertung.formats._source import date_readings
from wertung.kernel.errors import FormatError, message, places

__all__ = ["TrfDates", "trf_dates"]

#: A tournament whose dates span more than this (a league season is shorter) is unlikely.
MAX_SPAN_DAYS = 366
#: A header date: (line number, text); a round-dates line: (line number, its tokens).
Header = tuple[int, str]
RoundLine = tuple[int, Sequence[str]]


@dataclass(frozen=True, slots=True)
class TrfDates:
    """The dates chosen: start, end, every round date, and what the reader wants said.

    ``per_line``: for each round-dates line given, the date of each of its tokens in their
    order (None for a token that is no date), so the reader can give each its round."""

    start: dt.date | None
    end: dt.date | None
    rounds: tuple[dt.date, ...]
    notes: tuple[str, ...] = field(default=())
    per_line: tuple[tuple[dt.date | None, ...], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class _Line:
    line: int
    code: str
    texts: tuple[str, ...]
    readings: dict[str, tuple[dt.date, ...]]  # spelling → the line's dates, likeliest first


def _line(line: int, code: str, texts: Sequence[str]) -> _Line | None:
    """The spellings in which every text of the line reads as a date (None: a text is none)."""
    per_text = [date_readings(t) for t in texts]
    if not per_text or not all(per_text):
        return None
    names = [n for n in per_text[0] if all(n in r for r in per_text[1:])]
    if not names:  # texts in different spellings: each its likeliest
        return _Line(
            line, code, tuple(texts), {"": tuple(next(iter(r.values())) for r in per_text)}
        )
    return _Line(line, code, tuple(texts), {n: tuple(r[n] for r in per_text) for n in names})


def trf_dates(
    start: Header | None, end: Header | None, round_lines: Sequence[RoundLine]
) -> TrfDates:
    """The dates of ``042`` (``start``), ``052`` (``end``) and the ``132`` lines, read together.

    A header whose text is no date at all is left out (the reader notes it); a round-dates
    line with a token that is none has its other tokens read one by one, in their likeliest
    spelling. Raises :class:`FormatError` when no reading gives a start on or before the
    end with the round dates between them.
    """
    lines: list[_Line] = []
    line_of: list[_Line | None] = []  # per round-dates line: its _Line, None when read loose
    for header, code in ((start, "042"), (end, "052")):
        if header is not None and header[1].strip():
            found = _line(header[0], code, [header[1]])
            if found is not None:
                lines.append(found)
    loose: list[dt.date] = []
    for number, tokens in round_lines:
        found = _line(number, "132", tokens) if tokens else None
        line_of.append(found)
        if found is not None:
            lines.append(found)
            continue
        for token in tokens:  # some token is no date (the reader notes it)
            readings = date_readings(token)
            if readings:
                loose.append(next(iter(readings.values())))
    best: tuple[tuple[int, int, int], tuple[str, ...]] | None = None
    for choice in itertools.product(*(list(item.readings) for item in lines)):
        rank = _rank(lines, choice, loose)
        if rank is not None and (best is None or rank < best[0]):
            best = (rank, choice)
    if best is None:
        raise _inconsistent(lines, round_lines[0][0] if round_lines else 0)
    heads: dict[str, dt.date] = {}
    round_dates: list[dt.date] = []
    notes: list[str] = []
    chosen: dict[int, tuple[dt.date, ...]] = {}
    for item, name in zip(lines, best[1], strict=True):
        values = item.readings[name]
        chosen[id(item)] = values
        if item.code == "132":
            round_dates += values
        else:
            heads[item.code] = values[0]
        if name == next(iter(item.readings)):
            continue
        if item.code == "132":
            notes.append(
                f"line {item.line}: round dates (132) read as {min(values).isoformat()} to "
                f"{max(values).isoformat()} ({name}), the reading that agrees with the other dates"
            )
        else:
            notes.append(
                f"line {item.line}: date {item.texts[0]!r} ({item.code}) read as "
                f"{values[0].isoformat()} ({name}), the reading that agrees with the other dates"
            )
    per_line = tuple(
        chosen[id(item)] if item is not None else tuple(_likeliest(t) for t in tokens)
        for item, (_number, tokens) in zip(line_of, round_lines, strict=True)
    )
    return TrfDates(
        heads.get("042"), heads.get("052"), (*round_dates, *loose), tuple(notes), per_line
    )


def _likeliest(token: str) -> dt.date | None:
    readings = date_readings(token)
    return next(iter(readings.values())) if readings else None


def _rank(
    lines: Sequence[_Line], choice: Sequence[str], loose: Sequence[dt.date]
) -> tuple[int, int, int] | None:
    """How well one spelling per line fits (lower is better): round dates out of order, a
    tournament longer than a year, the less likely spellings. None: the start comes after the end, a round date lies outside
    them, or the start and the end, both in doubt, are read in two orders."""
    start = end = None
    rounds: list[dt.date] = list(loose)
    disorder = preference = 0
    spellings: dict[str, str] = {}
    for item, name in zip(lines, choice, strict=True):
        preference += list(item.readings).index(name)
        values = item.readings[name]
        if item.code == "042":
            start = values[0]
        elif item.code == "052":
            end = values[0]
        else:
            rounds += values
            disorder += sum(1 for a, b in itertools.pairwise(values) if b < a)
        if len(item.readings) > 1:  # the order of its parts is in doubt
            spellings[item.code] = re.sub(r"[^DMY]", "", name.replace("YYYY", "YY"))
    if start is not None and end is not None and start > end:
        return None
    if "042" in spellings and "052" in spellings and spellings["042"] != spellings["052"]:
        return None  # a file writes its start and end in one order
    if start is not None and any(d < start for d in rounds):
        return None
    if end is not None and any(d > end for d in rounds):
        return None
    every = [d for d in (start, end) if d is not None] + rounds
    too_long = int(bool(every) and (max(every) - min(every)).days > MAX_SPAN_DAYS)
    return (disorder, too_long, preference)


def _inconsistent(lines: Sequence[_Line], round_line: int) -> FormatError:
    """The error of dates that no reading makes agree, naming their lines (``round_line``:
    the first 132 line)."""
    heads = {item.code: item for item in lines if item.code != "132"}
    start, end = heads.get("042"), heads.get("052")
    alone = list(heads.values())
    if (
        start is not None
        and end is not None
        and not any(
            _rank(alone, choice, ()) is not None
            for choice in itertools.product(*(list(item.readings) for item in alone))
        )
    ):
        return FormatError(
            f"lines {start.line} and {end.line}: the start date {start.texts[0]!r} (042) "
            f"comes after the end date {end.texts[0]!r} (052) in every reading of them", code="trf.start_after_end", params={"start": repr(start.texts[0]), "end": repr(end.texts[0]), "context": places(message("place.lines", a=start.line, b=end.line))},
            field="dates", line=start.line,
        )  # fmt: skip
    rounds = next((item.line for item in lines if item.code == "132"), round_line)
    if start is not None and end is not None:
        return FormatError(
            f"line {rounds}: the round dates (132) do not lie between the start date "
            f"{start.texts[0]!r} (line {start.line}, 042) and the end date {end.texts[0]!r} "
            f"(line {end.line}, 052) in any reading of them", code="trf.rounds_outside", params={"start": repr(start.texts[0]), "a": start.line, "end": repr(end.texts[0]), "b": end.line, "context": places(message("place.line", n=rounds))},
            field="dates", line=rounds,
        )  # fmt: skip
    if start is not None:
        return FormatError(
            f"line {rounds}: some round dates (132) come before the start date "
            f"{start.texts[0]!r} (line {start.line}, 042) in every reading of them", code="trf.rounds_before_start", params={"start": repr(start.texts[0]), "a": start.line, "context": places(message("place.line", n=rounds))},
            field="dates", line=rounds,
        )  # fmt: skip
    assert end is not None  # without a header every reading agrees
    return FormatError(
        f"line {rounds}: some round dates (132) come after the end date "
        f"{end.texts[0]!r} (line {end.line}, 052) in every reading of them", code="trf.rounds_after_end", params={"end": repr(end.texts[0]), "b": end.line, "context": places(message("place.line", n=rounds))},
        field="dates", line=rounds,
    )  # fmt: skip

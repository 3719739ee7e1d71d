"""Whether a tournament's games are DWZ-rated by their time control (SPEC §4, WO 4.2).

Only standard games are DWZ-rated: at least 90 minutes of total thinking time per
player and game (U12 events and younger: 60), an increment counted for 60 moves;
with a split time control at least 60 minutes (U12: 40) for the first period
[regional DSB rating officers' FAQ quoting the WO]; since the WO of 2022 also 60
minutes plus at least 30 s per move (U12: 40 minutes plus 30 s) [WO 4.2]. An
increment above 30 s reportedly counts only as 30 s [DSB rating commission, April
2022: one secondary source] -- :attr:`TimeRule.increment_cap`, marked as reported.

:func:`check` is the one place the decision is made; the evaluation, running events,
leagues and histories all take it from there. It returns a :class:`TimeControlCheck`:
rated (True), not rated (False) or unknown (None: no time control, or one that could
not be read -- the tournament is then evaluated as standard games and the check says
clearly that this was not checked), the rule that decided, the figures and the rule
text. FIDE's kind of game (standard, rapid, blitz: which FIDE rules apply) is separate:
45 min + 15 s is FIDE standard but not DWZ-rated.

>>> from wertung.kernel.time_control import classify
>>> c = check(classify("45 min + 15 s"))
>>> c.rated, c.rule, c.minutes, c.kind
(False, 'total', 60.0, 'standard')
>>> c.reason
'time control 45 min + 15 s/move gives 60 minutes for 60 moves; only games with at least 90 minutes, or 60 minutes + 30 s per move, are DWZ-rated (WO 4.2)'
>>> check(classify("60 min + 30 s")).rule, check(classify("90 min")).rated
('increment', True)
>>> check(classify("40 min + 30 s"), age_class="U12").rated, check(classify("40 min + 30 s")).rated
(True, False)

The age class (U12 and younger lower the thresholds) comes from the user, from the
source, or from the tournament's name ("BJEM U12"), and the check says which.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from wertung.kernel.derivation import Derivation
from wertung.kernel.errors import InvalidInput
from wertung.kernel.time_control import (
    BLITZ,
    RAPID,
    STANDARD,
    Period,
    TimeControl,
    classify,
    kind_of,
    total_minutes,
)

__all__ = [
    "DWZ_TIME_RULE",
    "OPEN",
    "Thresholds",
    "TimeControlCheck",
    "TimeRule",
    "age_class_in_name",
    "check",
    "check_tournament",
    "given_age_class",
    "given_time_control",
    "with_given",
]

#: The age class of an event without an age limit (the adult thresholds).
OPEN = "open"


@dataclass(frozen=True, slots=True)
class TimeRule:
    """The figures of the DWZ's time-control rule (SPEC §4), one named parameter each."""

    #: Total thinking time per player for 60 moves, adult events and U12 events.
    minutes: float = 90
    youth_minutes: float = 60
    #: A split control's first period (its base time: the FAQ does not count increments).
    first_period: float = 60
    youth_first_period: float = 40
    #: Since the WO of 2022: this base time plus at least ``increment`` seconds per move.
    increment_base: float = 60
    youth_increment_base: float = 40
    increment: float = 30
    #: **Reported** (DSB rating commission, April 2022; one secondary source): an
    #: increment counts at most this many seconds. None: counted in full.
    increment_cap: float | None = 30
    #: Age classes up to this one (U12, U10, U8, …) are youth events.
    youth_up_to: int = 12
    #: Where the rule stands.
    reference: str = "WO 4.2"


#: The rule as the SPEC states it.
DWZ_TIME_RULE = TimeRule()


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The figures a check applied (adult or U12 events): total ``minutes`` for 60 moves, a
    split control's ``first_period``, ``increment_base`` minutes + ``increment`` seconds."""

    minutes: float
    first_period: float
    increment_base: float
    increment: float


@dataclass(frozen=True, slots=True)
class TimeControlCheck(Derivation):
    """Whether the games are DWZ-rated by their time control, and why.

    ``rated``: True, False, or None (not known: evaluated as standard games).
    ``rule``: what decided -- ``total`` (total thinking time for 60 moves),
    ``increment`` (base time + 30 s a move), ``first_period`` (a split control's first
    period too short), ``kind`` (only the kind of game is known: rapid or blitz, or
    standard without figures: ``kind_only``), ``alternatives`` (the readings of a text
    that offers a choice disagree), ``unreadable`` (a text not understood),
    ``missing`` (no time control at all). ``text``: the source's wording;
    ``given``: the control was stated by the user (``text`` is then his). ``kind``:
    FIDE's kind of game (the FIDE rules applied). ``minutes``: the total for 60 moves
    as the DWZ counts it (increments capped); ``base_minutes``, ``increment`` (counted
    seconds), ``first_period`` (base minutes of a split control's first period).
    ``age_class`` and where it came from (``user``, ``source``, ``name``); ``youth``:
    the U12 thresholds apply. ``capped``: the increment cap lowered the total.
    ``required``: the thresholds applied. ``reason``: the sentence the front ends show
    (a catalogue message); ``notes``: further remarks (the age class read from the
    name, the cap); ``rules``: the rule text.
    """

    rated: bool | None
    rule: str
    text: str | None
    given: bool
    kind: str | None
    reading: str
    periods: tuple[Period, ...]
    minutes: float | None
    base_minutes: float | None
    increment: float | None
    first_period: float | None
    age_class: str | None
    age_class_from: str | None
    youth: bool
    capped: bool
    required: Thresholds
    reason: str
    notes: tuple[str, ...]
    rules: str


def _thresholds(rule: TimeRule, youth: bool) -> Thresholds:
    if youth:
        return Thresholds(rule.youth_minutes, rule.youth_first_period, rule.youth_increment_base,
                          rule.increment)  # fmt: skip
    return Thresholds(rule.minutes, rule.first_period, rule.increment_base, rule.increment)


def _figure(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


@lru_cache(maxsize=16)
def _rule_text(rule: TimeRule) -> str:
    cap = (
        f"; an increment above {_figure(rule.increment_cap)} s counts as "
        f"{_figure(rule.increment_cap)} s (reported)"
        if rule.increment_cap is not None
        else ""
    )
    return (
        f"DWZ-rated: at least {_figure(rule.minutes)} minutes per player for 60 moves "
        f"(increments counted for 60 moves), a split control's first period at least "
        f"{_figure(rule.first_period)} minutes, or {_figure(rule.increment_base)} minutes + "
        f"at least {_figure(rule.increment)} s per move; U{rule.youth_up_to} events: "
        f"{_figure(rule.youth_minutes)}, {_figure(rule.youth_first_period)}, "
        f"{_figure(rule.youth_increment_base)} minutes + {_figure(rule.increment)} s"
        f"{cap} ({rule.reference})"
    )


def _need(need: Thresholds, rule: TimeRule, youth: bool) -> str:
    event = f"in a U{rule.youth_up_to} event (or younger) " if youth else ""
    return (
        f"{event}only games with at least {_figure(need.minutes)} minutes, or "
        f"{_figure(need.increment_base)} minutes + {_figure(need.increment)} s per move, "
        f"are DWZ-rated ({rule.reference})"
    )


def _youth(age_class: str | None, rule: TimeRule) -> bool:
    """Whether ``age_class`` (``U12``) is a youth event's; anything else is not."""
    match = re.fullmatch(r"U(\d{1,2})", age_class or "")
    return match is not None and int(match.group(1)) <= rule.youth_up_to


def _decide(
    control: TimeControl, youth: bool, rule: TimeRule
) -> tuple[bool | None, str, float | None, bool]:
    """(rated, rule, counted minutes, capped) of one reading with figures (or a label)."""
    if not control.periods:
        if control.kind in (RAPID, BLITZ):
            return False, "kind", None, False
        return None, "kind_only" if control.kind == STANDARD else "unreadable", None, False
    need = _thresholds(rule, youth)
    first = control.periods[0]
    cap = rule.increment_cap
    counted_increment = first.increment if cap is None else min(first.increment, cap)
    minutes = total_minutes(control.periods, cap)
    capped = cap is not None and minutes < total_minutes(control.periods)
    with_increment = (
        need.increment_base <= first.minutes < need.minutes and counted_increment >= need.increment
    )
    if with_increment:  # the WO 2022 wording: base time plus 30 s a move
        rated, decided = True, "increment"
    elif len(control.periods) > 1 and first.moves and first.minutes < need.first_period:
        rated, decided = False, "first_period"
    else:
        rated, decided = minutes >= need.minutes, "total"
    if rated and control.labelled and control.kind in (RAPID, BLITZ):
        return False, "kind", minutes, capped  # the source itself calls it rapid or blitz
    return rated, decided, minutes, capped


def check(
    control: TimeControl | None,
    *,
    age_class: str | None = None,
    age_class_from: str | None = None,
    name: str | None = None,
    given: bool = False,
    kind: str | None = None,
    rule: TimeRule = DWZ_TIME_RULE,
) -> TimeControlCheck:
    """The DWZ decision for ``control`` (None: the source gives none).

    ``age_class`` (``U12``, ``open``, …; ``age_class_from`` says where it came from:
    ``user`` or ``source``), else the one the tournament's ``name`` carries. ``given``:
    the control was stated by the user. ``kind``: FIDE's kind when the source states it
    without a text (a TRF's tournament type, a JSON ``time_control``). The check is
    immutable and shared between equal inputs (computed once).
    """
    return _check(control, age_class, age_class_from, name, given, kind, rule)


@lru_cache(maxsize=1024)
def _check(
    control: TimeControl | None,
    age_class: str | None,
    age_class_from: str | None,
    name: str | None,
    given: bool,
    kind: str | None,
    rule: TimeRule,
) -> TimeControlCheck:
    notes: list[str] = []
    source = age_class_from or ("source" if age_class else None)
    if age_class is None and name:
        age_class = age_class_in_name(name)
        if age_class is not None:
            source = "name"
    youth = _youth(age_class, rule)
    if youth and source == "name":
        notes.append(
            f"age class {age_class} taken from the tournament name {name!r}: the thresholds "
            f"of U{rule.youth_up_to} events apply (if wrong: --age-class open)"
        )
    need = _thresholds(rule, youth)
    text = control.text if control is not None else None
    fide_kind = (control.kind if control is not None else None) or kind
    if control is None and kind is not None:
        control = TimeControl(kind, kind, labelled=True)
    if control is None:
        rated, decided, minutes, capped = None, "missing", None, False
    elif control.alternatives:
        outcomes = [_decide(a, youth, rule) for a in control.alternatives]
        verdicts = {o[0] for o in outcomes}
        if len(verdicts) == 1:
            best = max(outcomes, key=lambda o: o[2] or 0.0)
            rated, decided, minutes, capped = best
        else:
            rated, decided, minutes, capped = None, "alternatives", None, False
    else:
        rated, decided, minutes, capped = _decide(control, youth, rule)
    reading = control.describe() if control is not None else ""
    reason = _reason(rated, decided, reading, text, control, minutes, need, rule, youth)
    if capped and rated is False:
        notes.append(
            f"an increment above {_figure(rule.increment_cap or 0)} s counts as "
            f"{_figure(rule.increment_cap or 0)} s (reported: DSB rating commission, April 2022)"
        )
    first = control.periods[0] if control is not None and control.periods else None
    cap = rule.increment_cap
    return TimeControlCheck(
        rated=rated,
        rule=decided,
        text=text,
        given=given,
        kind=fide_kind,
        reading=reading,
        periods=control.periods if control is not None else (),
        minutes=minutes,
        base_minutes=first.minutes if first is not None else None,
        increment=(first.increment if cap is None else min(first.increment, cap))
        if first is not None
        else None,
        first_period=first.minutes
        if first is not None and control is not None and len(control.periods) > 1
        else None,
        age_class=age_class,
        age_class_from=source if age_class is not None else None,
        youth=youth,
        capped=capped,
        required=need,
        reason=reason,
        notes=tuple(notes),
        rules=_rule_text(rule),
    )


def _reason(
    rated: bool | None,
    decided: str,
    reading: str,
    text: str | None,
    control: TimeControl | None,
    minutes: float | None,
    need: Thresholds,
    rule: TimeRule,
    youth: bool,
) -> str:
    """The sentence saying why (English; a catalogue message for the German)."""
    hint = "give the time control (command line: --time-control 90+30)"
    unchecked = "evaluated as standard games; whether they are DWZ-rated could not be checked"
    if decided == "missing":
        return f"the source gives no time control: {unchecked}; {hint}"
    if decided == "unreadable":
        return f"time control {(text or '')[:80]!r} not understood: {unchecked}; {hint}"
    if decided == "kind_only":
        return f"the time control is only given as {STANDARD}: {unchecked}; {hint}"
    if decided == "alternatives":
        return f"time control {reading}: its readings differ: {unchecked}; {hint}"
    if decided == "kind":
        kind = control.kind if control is not None else None
        return f"a {kind} tournament: only standard games are DWZ-rated (WO 4.2, time control)"
    assert minutes is not None
    if decided == "first_period":
        first = control.periods[0].minutes if control is not None else 0.0
        return (
            f"time control {reading}: its first period has {_figure(first)} minutes; with a "
            f"split time control only games with at least {_figure(need.first_period)} "
            f"minutes for the first period are DWZ-rated ({rule.reference})"
        )
    if rated:
        if decided == "increment":
            return (
                f"time control {reading}: DWZ-rated ({_figure(need.increment_base)} minutes "
                f"+ {_figure(need.increment)} s per move, {rule.reference})"
            )
        return (
            f"time control {reading}: DWZ-rated ({_figure(minutes)} minutes for 60 moves, at "
            f"least {_figure(need.minutes)}, {rule.reference})"
        )
    return f"time control {reading} gives {_figure(minutes)} minutes for 60 moves; " + _need(
        need, rule, youth
    )


def check_tournament(tournament: Any, rule: TimeRule = DWZ_TIME_RULE) -> TimeControlCheck:
    """:func:`check` for a :class:`~wertung.tournament._model.Tournament`: the user's control
    (``time_control_given``) before the source's (``time_control_periods``, then
    ``time_control_text``, then the kind ``time_control``); the user's age class
    (``age_class_given``) before the source's (``age_class``) and the name's."""
    given = getattr(tournament, "time_control_given", None)
    age_given = getattr(tournament, "age_class_given", None)
    age_source = getattr(tournament, "age_class", None)
    age = age_given or age_source
    age_from = "user" if age_given else ("source" if age_source else None)
    name = tournament.name
    if given:
        control = classify(given)
        return check(control, age_class=age, age_class_from=age_from, name=name, given=True,
                     rule=rule)  # fmt: skip
    periods = getattr(tournament, "time_control_periods", ())
    text = tournament.time_control_text
    kind = tournament.time_control
    if periods:
        control = TimeControl(text or "", kind or kind_of(total_minutes(periods)), tuple(periods))
    else:
        control = classify(text)  # not understood: said so, even if the kind is known
    if control is not None and kind in (RAPID, BLITZ) and control.kind != kind:
        control = replace(control, kind=kind, labelled=True)  # the source calls it so
    return check(control, age_class=age, age_class_from=age_from, name=name, kind=kind,
                 rule=rule)  # fmt: skip


# -- the age class --------------------------------------------------------------------------

_AGE = re.compile(
    r"(?<![\w-])(?:u|under|unter|sub|до)\s?-?\s?(\d{1,2})(?:\s?[wmgb]\b)?(?![\d.,])", re.IGNORECASE
)
_OPEN_WORDS = frozenset({"open", "offen", "adult", "adults", "erwachsene", "none", "keine"})


@lru_cache(maxsize=256)
def age_class_in_name(name: str) -> str | None:
    """The age class a tournament's name carries (``U12``), the oldest if several; None.

    Rating classes (``U1400``) are not age classes; ages above 25 are none.

    >>> age_class_in_name("Bezirksjugendeinzelmeisterschaft U10/U12"), age_class_in_name("Open U1400")
    ('U12', None)
    >>> age_class_in_name("Deutsche Meisterschaft U-14 weiblich"), age_class_in_name("Under 8 Rapid")
    ('U14', 'U8')
    """
    ages = [int(m.group(1)) for m in _AGE.finditer(name)]
    ages = [a for a in ages if 6 <= a <= 25]
    return f"U{max(ages)}" if ages else None


def given_age_class(text: str, *, field: str = "age_class") -> str:
    """The user's age class (``U12``, ``u10``, ``open``/``offen``) in its stored form.

    >>> given_age_class("u 12"), given_age_class("offen")
    ('U12', 'open')
    """
    clean = " ".join(text.split())
    if clean.lower() in _OPEN_WORDS:
        return OPEN
    match = re.fullmatch(r"(?:u|under|unter)\s?-?\s?(\d{1,2})", clean, re.IGNORECASE)
    if match and 6 <= int(match.group(1)) <= 25:
        return f"U{int(match.group(1))}"
    raise InvalidInput(
        f"age class {clean[:40]!r} unknown; accepted: U6 to U25 or open",
        code="tc.age_class_unknown",
        params={"value": repr(clean[:40])},
        field=field,
    )


def given_time_control(text: str, *, field: str = "time_control") -> str:
    """The user's time control, checked: it must give figures (``90+30``, ``40/90+30, 30+30``,
    ``45 min + 15 s``); the text as typed (trimmed).

    >>> given_time_control(" 90+30 ")
    '90+30'
    """
    clean = " ".join(text.split())
    control = classify(clean) if len(clean) <= 120 else None
    if control is None or not control.periods:
        raise InvalidInput(
            f"time control {clean[:60]!r} not understood; write it like 90+30 (minutes + "
            "seconds per move) or 40/90+30, 30+30 (40 moves in 90 minutes, then 30 minutes)",
            code="tc.given_unreadable",
            params={"value": repr(clean[:60])},
            field=field,
        )
    return clean


def with_given(
    tournament: Any, *, time_control: str | None = None, age_class: str | None = None
) -> Any:
    """``tournament`` with the user's time control and age class (each checked; None:
    unchanged). They come before what the source says (:func:`check_tournament`).

    >>> from wertung.tournament._model import Tournament
    >>> t = with_given(Tournament(name="Open"), time_control="45+15")
    >>> t.time_control_given, check_tournament(t).rated
    ('45+15', False)
    >>> check_tournament(with_given(t, age_class="U12")).rated  # 60 minutes: enough for U12
    True
    """
    changes: dict[str, str] = {}
    if time_control is not None:
        changes["time_control_given"] = given_time_control(time_control)
    if age_class is not None:
        changes["age_class_given"] = given_age_class(age_class)
    return replace(tournament, **changes) if changes else tournament

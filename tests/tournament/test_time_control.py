"""Time control texts as real sources write them → periods, FIDE's kind, the DWZ decision (SPEC §4).

The reading (``core/time_control.py``) on every text of the real files and on the SPEC's
examples; the decision (``core/time_control_rule.py``): 90 minutes for 60 moves, or 60 minutes
+ 30 s a move, a split control's first period 60 minutes, U12 events 60 / 40 + 30 s / 40, the
reported 30 s cap; properties: the reader never fails, the decision is monotone.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wertung.dwz._time_control_rule import (
    DWZ_TIME_RULE,
    TimeRule,
    age_class_in_name,
    check,
    given_age_class,
    given_time_control,
)
from wertung.kernel.errors import InvalidInput
from wertung.kernel.time_control import Period, TimeControl, classify

# (text, kind, minutes for 60 moves, DWZ-rated); the texts are from the real samples in tests/data
REAL = [
    ("Time control (Rapid) : 10 minutes + 3 secs per move", "rapid", 13, False),  # kes_january.xlsx
    (
        "90 minutes/40 moves + 15 min KO + 30 sec/move",
        "standard",
        135,
        True,
    ),  # chess-results details
    ("40/90’ + Game/30’ + 30”/move", "standard", 150, True),  # chess-results details (British 2026)
    ("Standard: 90min +30sec increment per move starting from move 1", "standard", 120, True),
    ("40/120, 60", "standard", 180, True),  # Karl-Mala 2005 TRF 122
    ("90 mins + 30sec increment", "standard", 120, True),  # Ulster 2022 TRF 122
    ("1:30+30sec", "standard", 120, True),  # Cork 2018 TRF 122
    ("All moves in 90 minutes, plus 10 seconds per move", "standard", 100, True),  # Irish 2011
]
WRITTEN = [
    ("3+2", "blitz", 5, False),
    ("G/45+5", "rapid", 50, False),
    ("15 min + 10 sec", "rapid", 25, False),
    ("60 min", "standard", 60, False),  # FIDE standard, but below the DWZ's 90 minutes
    ("40 Züge in 2 Std, dann 30 min", "standard", 150, True),
    ("Schnellschach 15 Minuten", "rapid", 15, False),
]


@pytest.mark.parametrize(("text", "kind", "minutes", "rated"), REAL + WRITTEN)
def test_real_wordings(text, kind, minutes, rated):
    tc = classify(text)
    assert tc.kind == kind and tc.minutes == pytest.approx(minutes) and check(tc).rated is rated


def test_empty_and_unreadable():
    assert classify("") is None and classify(None) is None
    unreadable = classify("wie immer")
    assert unreadable.kind is None and check(unreadable).rated is None


@given(st.text(max_size=80))
def test_any_text_gives_a_time_control_or_none(text):
    result = classify(text)
    assert result is None or result.kind in (None, "standard", "rapid", "blitz")


# -- the structured reading: every time-control text of the real files ----------------------

DATA = Path(__file__).parents[1] / "data"

#: (text, periods as (minutes, moves, increment), FIDE kind, DWZ-rated in an adult event).
REAL_FILES = [
    # TRF 122 lines (tests/data/trf)
    ("90 mins + 30sec increment", [(90, None, 30)], "standard", True),
    ("1:30+30sec", [(90, None, 30)], "standard", True),
    ("All moves in 90 minutes, plus 10 seconds per move", [(90, None, 10)], "standard", True),
    ("40/120, 60", [(120, 40, 0), (60, None, 0)], "standard", True),
    # the Excel export's header (tests/data/xlsx/kes_january.xlsx)
    ("Time control (Rapid) : 10 minutes + 3 secs per move", [(10, None, 3)], "rapid", False),
    # Swiss-Chess (tests/data/swt): the three period fields joined
    ("40/90min + 30s/move; Rest/30min+30s/move", [(90, 40, 30), (30, None, 30)], "standard", True),
    ("40/90min + 30s/move; Rest/30min + 30s/mov", [(90, 40, 30), (30, None, 30)], "standard", True),
    # Swiss-Manager header text 14 (tests/data/swiss-manager): "45 min + 15 s, or 1 h KO"
    ("45 min + 15 bônus ou 1 h ko", [(45, None, 15)], "standard", False),
    ("60min + 30s", [(60, None, 30)], "standard", True),
    # header text 14 of ../shared/data/swiss-manager/fxj_swiss_team_93players.TUMX
    ("45 min + 30s bonus", [(45, None, 30)], "standard", False),
    # chess-results details ("Time control (Standard)": the label's kind put in front)
    ("Standard: 40/90’ + Game/30’ + 30”/move", [(90, 40, 30), (30, None, 30)], "standard", True),
    ("Standard: 90 minutes/40 moves + 15 min KO + 30 sec/move", [(90, 40, 30), (15, None, 30)],
     "standard", True),
    ("Standard: 90min +30sec increment per move starting from move 1", [(90, None, 30)],
     "standard", True),
]  # fmt: skip


def _periods(control) -> list[tuple[float, int | None, float]]:
    return [(p.minutes, p.moves, p.increment) for p in control.periods]


@pytest.mark.parametrize(("text", "periods", "kind", "rated"), REAL_FILES)
def test_every_real_time_control_text_read_into_periods(text, periods, kind, rated) -> None:
    control = classify(text)
    assert _periods(control) == periods
    assert control.kind == kind
    assert check(control).rated is rated
    assert control.text == text  # the source's wording is kept


def _real_texts() -> set[str]:
    """Every time-control text the real files in tests/data carry, read by the importers."""
    from wertung.importers import load_tournament
    from wertung.sources.chessresults import parse_page

    texts: set[str] = set()
    for kind, pattern in (("trf", "*.t*"), ("xlsx", "*.xlsx"), ("swt", "*.SWT"),
                          ("swiss-manager", "*.TU?X")):  # fmt: skip
        for path in sorted((DATA / kind).glob(pattern)):
            text = load_tournament(str(path)).time_control_text
            if text:
                texts.add(text)
    for path in sorted((DATA / "chess-results").glob("*.html")):
        text = parse_page(path.read_text(encoding="utf-8")).details.get("time_control")
        if text:
            texts.add(text)
    return texts


def test_the_table_holds_every_real_files_text() -> None:
    found = _real_texts()
    assert len(found) >= 10
    assert found <= {text for text, *_ in REAL_FILES}


#: The SPEC's examples (§4) and wordings a German tournament announcement uses.
SPEC = [
    ("45 min + 15 s", None, [(45, None, 15)], False, "total"),  # 60 minutes for 60 moves
    ("45 min + 15 s", "U12", [(45, None, 15)], True, "total"),  # U12: 60 minutes are enough
    ("60 min + 30 s", None, [(60, None, 30)], True, "increment"),  # WO 2022
    ("90 min", None, [(90, None, 0)], True, "total"),
    ("40 min + 30 s", "U12", [(40, None, 30)], True, "increment"),
    ("40 min + 30 s", None, [(40, None, 30)], False, "total"),
    ("40 min + 30 s", "U14", [(40, None, 30)], False, "total"),  # only U12 and younger
    ("40 min + 30 s", "U8", [(40, None, 30)], True, "increment"),
    ("60 min", "U10", [(60, None, 0)], True, "total"),
    ("60 min", None, [(60, None, 0)], False, "total"),  # FIDE standard, not DWZ
    # split controls: the first period at least 60 minutes (U12: 40)
    ("40/90 + 30 min", None, [(90, 40, 0), (30, None, 0)], True, "total"),
    ("40/90 + 30", None, [(90, 40, 30)], True, "total"),  # a bare "+30" is seconds a move
    ("40/45 + 45 min", None, [(45, 40, 0), (45, None, 0)], False, "first_period"),
    ("40/45 + 45 min", "U12", [(45, 40, 0), (45, None, 0)], True, "total"),
    ("30/30 + 30 min + 30 s", "U12", [(30, 30, 30), (30, None, 30)], False, "first_period"),
    ("40 Züge in 2 Std., dann 30 Min. für den Rest", None, [(120, 40, 0), (30, None, 0)], True,
     "total"),
    ("90 Min. für 40 Züge + 30 Min. + 30 Sek./Zug ab dem 1. Zug", None,
     [(90, 40, 30), (30, None, 30)], True, "total"),
    ("2 Std. / 40 Züge + 1 Std. KO", None, [(120, 40, 0), (60, None, 0)], True, "total"),
    ("90 Min. + 30 Sek. je Zug", None, [(90, None, 30)], True, "total"),
    # the reported cap: an increment above 30 s counts as 30 s
    ("45 min + 45 s", None, [(45, None, 45)], False, "total"),
    ("60 min + 60 s", None, [(60, None, 60)], True, "increment"),
    # rapid and blitz never
    ("Schnellschach 25 Minuten", None, [(25, None, 0)], False, "total"),
    ("Blitz 5 + 3", None, [(5, None, 3)], False, "total"),
    ("Rapid: 90 min", None, [(90, None, 0)], False, "kind"),  # the source calls it rapid
]  # fmt: skip


@pytest.mark.parametrize(("text", "age", "periods", "rated", "rule"), SPEC)
def test_the_spec_examples(text, age, periods, rated, rule) -> None:
    control = classify(text)
    assert _periods(control) == periods
    found = check(control, age_class=age)
    assert (found.rated, found.rule) == (rated, rule), found.reason
    assert found.youth is (age in ("U8", "U10", "U12"))


def test_fide_kind_stays_separate_from_the_dwz_decision() -> None:
    found = check(classify("45 min + 15 s"))
    assert found.kind == "standard" and found.rated is False  # FIDE standard, not DWZ-rated
    assert check(classify("15 min + 10 s")).kind == "rapid"


def test_the_increment_cap_is_a_named_reported_parameter() -> None:
    assert DWZ_TIME_RULE.increment_cap == 30
    capped = check(classify("45 min + 45 s"))
    assert (capped.rated, capped.minutes, capped.capped) == (False, 75, True)
    assert any("reported" in n for n in capped.notes)
    uncapped = check(classify("45 min + 45 s"), rule=TimeRule(increment_cap=None))
    assert (uncapped.rated, uncapped.minutes, uncapped.capped) == (True, 90, False)
    assert "counts as" not in uncapped.rules


def test_alternatives_decide_together() -> None:
    both = check(classify("45 min + 15 bônus ou 1 h ko"))
    assert (both.rated, both.reading) == (False, "45 min + 15 s/move (or 60 min)")
    differ = check(classify("90 min or 45 min + 15 s"))
    assert (differ.rated, differ.rule) == (None, "alternatives")


def test_unknown_time_controls_are_evaluated_but_named() -> None:
    missing = check(None)
    assert (missing.rated, missing.rule) == (None, "missing")
    assert "could not be checked" in missing.reason and "--time-control" in missing.reason
    unreadable = check(classify("wie immer"))
    assert (unreadable.rated, unreadable.rule) == (None, "unreadable")
    assert "'wie immer'" in unreadable.reason
    kind_only = check(None, kind="standard")
    assert (kind_only.rated, kind_only.rule) == (None, "kind_only")
    assert (check(None, kind="blitz").rated, check(None, kind="blitz").rule) == (False, "kind")


@pytest.mark.parametrize(
    ("name", "age"),
    [("Bezirksjugendeinzelmeisterschaft U12", "U12"), ("BJEM U10/U12", "U12"),
     ("Kreis-EM U-10 weiblich", "U10"), ("British Championships: Under 8", "U8"),
     ("Jugend-EM U12 bis U16", "U16"), ("Open U1400", None), ("Stadtmeisterschaft 2026", None),
     ("Senioren-Cup Ü60", None), ("U12w", "U12"), ("Turnier 12", None)],
)  # fmt: skip
def test_the_age_class_in_a_tournament_name(name, age) -> None:
    assert age_class_in_name(name) == age


def test_where_the_age_class_came_from_is_said() -> None:
    from_name = check(classify("40 min + 30 s"), name="BJEM U12")
    assert (from_name.rated, from_name.age_class, from_name.age_class_from) == (True, "U12", "name")
    assert any("tournament name" in n for n in from_name.notes)
    overruled = check(classify("40 min + 30 s"), age_class="open", age_class_from="user",
                      name="BJEM U12")  # fmt: skip
    assert (overruled.rated, overruled.age_class_from, overruled.notes) == (False, "user", ())


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("90+30", "90+30"),
        (" 40/90+30,  30+30 ", "40/90+30, 30+30"),
        ("45 min + 15 s", "45 min + 15 s"),
    ],
)
def test_the_users_time_control(text, stored) -> None:
    assert given_time_control(text) == stored


@pytest.mark.parametrize("text", ["", "lang", "wie immer", "x" * 200])
def test_a_users_time_control_without_figures_is_refused(text) -> None:
    with pytest.raises(InvalidInput) as error:
        given_time_control(text)
    assert error.value.field == "time_control" and "90+30" in error.value.message


@pytest.mark.parametrize(("text", "stored"), [("U12", "U12"), ("u 10", "U10"), ("under 8", "U8"),
                                              ("offen", "open"), ("Open", "open")])  # fmt: skip
def test_the_users_age_class(text, stored) -> None:
    assert given_age_class(text) == stored


@pytest.mark.parametrize("text", ["U5", "U26", "Senioren", "12", ""])
def test_an_unknown_age_class_is_refused(text) -> None:
    with pytest.raises(InvalidInput):
        given_age_class(text)


# -- properties ---------------------------------------------------------------------------------

_WORDS = st.sampled_from([
    "90", "40", "30", "15", "60", "1:30", "2", "min", "minutes", "Min.", "'", "’", "s", "sec",
    "Sek.", '"', "”", "+", "/", ",", ";", "then", "dann", "moves", "Züge", "Std.", "h", "KO",
    "Game", "G/", "per move", "/move", "je Zug", "increment", "bonus", "ou", "or", "x", "from move",
    "ab Zug 41", "Rapid", "Standard", "Blitz", "Schnellschach", "5400", "W300-B240", "0", "-1",
    "1e9", "99999", "½", " ", "(", ")",
])  # fmt: skip


@given(st.lists(_WORDS, max_size=14).map(" ".join) | st.text(max_size=120))
def test_the_reader_never_fails_and_reads_only_sensible_figures(text) -> None:
    control = classify(text)
    if control is None:
        assert not text.strip()
        return
    assert control.kind in (None, "standard", "rapid", "blitz")
    for period in control.periods:
        assert 0 < period.minutes <= 600 and 0 <= period.increment <= 300
        assert period.moves is None or 1 <= period.moves <= 120
    if control.periods:
        assert control.minutes is not None and control.minutes > 0
    found = check(control)  # the decision never fails either
    assert found.rated in (True, False, None) and found.reason


@given(st.text(max_size=200))
def test_a_users_time_control_fails_only_with_our_error(text) -> None:
    try:
        given_time_control(text)
    except InvalidInput as error:
        assert error.field == "time_control"


_PERIOD = st.builds(
    Period,
    minutes=st.integers(1, 240).map(float),
    moves=st.one_of(st.none(), st.integers(10, 60)),
    increment=st.sampled_from([0.0, 2.0, 5.0, 10.0, 15.0, 30.0, 45.0, 60.0]),
)


@given(
    st.lists(_PERIOD, min_size=1, max_size=3),
    st.sampled_from([None, "U8", "U12", "U14", "open"]),
    st.integers(0, 2),
    st.sampled_from(["minutes", "increment"]),
    st.integers(1, 120),
)
def test_more_time_never_turns_rated_into_not_rated(periods, age, which, what, more) -> None:
    which = min(which, len(periods) - 1)
    before = TimeControl("", None, tuple(periods))
    bigger = list(periods)
    p = bigger[which]
    bigger[which] = (
        Period(p.minutes + more, p.moves, p.increment)
        if what == "minutes"
        else Period(p.minutes, p.moves, p.increment + more)
    )
    after = TimeControl("", None, tuple(bigger))
    if check(before, age_class=age).rated:
        assert check(after, age_class=age).rated, (periods, bigger)
    # and the younger class never needs more than the older one
    if check(before, age_class="open").rated:
        assert check(before, age_class="U12").rated


@given(st.lists(_PERIOD, min_size=1, max_size=3))
def test_the_reading_in_words_reads_back_the_same(periods) -> None:
    # the last period runs to the end of the game (a reading never ends on a move count)
    periods = [*periods[:-1], Period(periods[-1].minutes, None, periods[-1].increment)]
    if any(p.moves is None for p in periods[:-1]):
        return  # "90 min, then 30 min": two rest-of-game periods are no time control
    control = TimeControl("", None, tuple(periods))
    again = classify(control.describe())
    assert again.periods == control.periods, control.describe()

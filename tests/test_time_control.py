"""Time control texts as real sources write them → standard / rapid / blitz (SPEC §4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wertung.core.time_control import classify

# (text, kind, minutes for 60 moves, DWZ-rated); the texts are from the real samples in tests/data
REAL = [
    ("Time control (Rapid) : 10 minutes + 3 secs per move", "rapid", 13, False),  # kes_january.xlsx
    ("90 minutes/40 moves + 15 min KO + 30 sec/move", "standard", 135, True),  # chess-results details
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
    assert tc.kind == kind and tc.minutes == pytest.approx(minutes) and tc.dwz_rated is rated


def test_empty_and_unreadable():
    assert classify("") is None and classify(None) is None
    unreadable = classify("wie immer")
    assert unreadable.kind is None and unreadable.dwz_rated is None


@given(st.text(max_size=80))
def test_any_text_gives_a_time_control_or_none(text):
    result = classify(text)
    assert result is None or result.kind in (None, "standard", "rapid", "blitz")

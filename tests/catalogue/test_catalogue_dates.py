"""Dates inside catalogue messages: ``10.08.2026`` in German, ISO as written in English."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from babel.dates import format_date
from hypothesis import given
from hypothesis import strategies as st

from wertung.catalogue import BY_CODE, UNTRANSLATED, message_for, render
from wertung.catalogue._entry import KINDS, Entry
from wertung.catalogue._message import Message
from wertung.catalogue._render import render_message
from wertung.dwz._forecast_rules import rules_2014, rules_2026
from wertung.dwz.regulations import WO_2014, WO_2026
from wertung.fide._rules import k_factor
from wertung.formats import trf
from wertung.kernel.errors import InvalidDate

ULSTER = Path(__file__).parents[1] / "data" / "trf" / "icu_UlsterMastersSeniors2022.tab"

#: The entries whose English template carries a date slot, with a text the code writes
#: (``{}`` is where the ISO date goes).
DATED = {
    "note.trf.end_from_rounds": "end date {} taken from the last round date (132)",
    "note.cr.end_from_rounds": "end date {} from the round headings of the pairings (no "
    "tournament dates given: add the starting rank with details or the round dates)",
    "birth_year.after_date": "year of birth 2030 is after the date {}",
    "rule.dwz2026.regulations": "WO 2026, valid from {} (tournament end date)",
    "rule.dwz2014.regulations": "WO 2014, for tournaments that ended before {}",
}


def _german(day: dt.date) -> str:
    """Babel's medium German date (``dd.MM.y``), written out by hand."""
    return f"{day.day:02d}.{day.month:02d}.{day.year}"


def test_date_is_a_kind_and_the_dated_entries_use_it() -> None:
    assert "date" in KINDS
    for code in DATED:
        assert "date" in BY_CODE[code].kinds.values(), code


def test_the_trf_end_date_note_in_german() -> None:
    text = ULSTER.read_text(encoding="utf-8", errors="replace")
    without_end = "\n".join(line for line in text.splitlines() if not line.startswith("052"))
    notes = [n for n in trf.loads(without_end).notes if "taken from the last round date" in n]
    assert notes == ["end date 2022-11-13 taken from the last round date (132)"]
    assert (
        render(notes[0], "de") == "Enddatum 13.11.2022 aus dem letzten Rundendatum (132) übernommen"
    )
    assert render(notes[0], "en") == notes[0]


def test_a_birth_year_after_the_date_in_german() -> None:
    with pytest.raises(InvalidDate) as caught:
        k_factor(1500, birth_year=2030, date="2026-08-10")
    assert render(caught.value, "de") == "Geburtsjahr 2030 liegt nach dem Datum 10.08.2026"
    assert render(caught.value, "en") == "year of birth 2030 is after the date 2026-08-10"


def test_the_regulations_rule_texts_in_german() -> None:
    new, old = rules_2026(WO_2026)["regulations"], rules_2014(WO_2014)["regulations"]
    assert render(new, "de") == "WO 2026, gültig ab 08.06.2026 (Turnierende)"
    assert render(old, "de") == "WO 2014, für Turniere mit Ende vor dem 08.06.2026"
    assert render(new, "en") == "WO 2026, valid from 2026-06-08 (tournament end date)"
    assert render(old, "en") == old


def test_the_chess_results_end_date_note_after_a_place() -> None:
    text = "tournament 5: " + DATED["note.cr.end_from_rounds"].format("2026-08-10")
    german = render(text, "de")
    assert german.startswith("Turnier 5: Enddatum 10.08.2026 aus den Rundenüberschriften")
    assert render(text, "en") == text


@pytest.mark.parametrize(
    "shown", ["2026-13-45", "2026-02-30", "soon", "10.08.2026", "2026-08-10T12:00"]
)
def test_a_malformed_date_is_kept_as_written(shown: str) -> None:
    text = DATED["note.trf.end_from_rounds"].format(shown)
    message = message_for(text)
    assert message.code == "note.trf.end_from_rounds" and message.params == {"date": shown}
    assert render(text, "de") == f"Enddatum {shown} aus dem letzten Rundendatum (132) übernommen"
    assert render(text, "en") == text


def test_a_text_no_entry_fits_stays_untranslated() -> None:
    text = "end date 2026-08-10 taken from somewhere else"
    assert message_for(text).code == UNTRANSLATED
    assert render(text, "de") == text


def test_date_objects_and_datetimes_as_parameters() -> None:
    day = Message("note.trf.end_from_rounds", {"date": dt.date(2026, 8, 10)})
    assert render_message(day, "de").startswith("Enddatum 10.08.2026 ")
    assert render_message(day, "en").startswith("end date 2026-08-10 ")
    moment = Message("note.trf.end_from_rounds", {"date": dt.datetime(2026, 8, 10, 12, 30)})
    assert render_message(moment, "de").startswith("Enddatum 2026-08-10 12:30:00 ")


def test_a_date_slot_in_a_new_entry() -> None:
    entry = Entry(
        "x.until", "open until {day:date}, then closed", "offen bis {day}, dann geschlossen"
    )
    assert entry.kinds == {"day": "date"}
    found = entry.matchers[0].match("open until 2026-12-01, then closed")
    assert found is not None and found["day"] == "2026-12-01"
    index = {"x.until": entry}
    assert render_message(Message("x.until", {"day": "2026-12-01"}), "de", index) == (
        "offen bis 01.12.2026, dann geschlossen"
    )


@given(day=st.dates(), code=st.sampled_from(sorted(DATED)))
def test_every_date_in_every_dated_entry(day: dt.date, code: str) -> None:
    text = DATED[code].format(day.isoformat())
    message = message_for(text)
    assert message.code == code
    assert day.isoformat() in message.params.values()
    german = render(text, "de")
    assert _german(day) in german and day.isoformat() not in german
    assert _german(day) == format_date(day, format="medium", locale="de_DE")
    assert render(text, "en") == text


@given(shown=st.from_regex(r"\A\d{4}-\d{2}-\d{2}\Z"))
def test_iso_shaped_values_are_formatted_only_when_they_are_dates(shown: str) -> None:
    text = DATED["birth_year.after_date"].format(shown)
    try:
        day: dt.date | None = dt.date.fromisoformat(shown)
    except ValueError:
        day = None
    expected = shown if day is None else _german(day)
    assert render(text, "de") == f"Geburtsjahr 2030 liegt nach dem Datum {expected}"
    assert render(text, "en") == text


@given(shown=st.text(st.characters(blacklist_categories=("Cs",)), max_size=30))
def test_any_text_in_a_date_slot_never_crashes(shown: str) -> None:
    text = DATED["rule.dwz2026.regulations"].format(shown)
    for lang in ("de", "en"):
        assert isinstance(render(text, lang), str)

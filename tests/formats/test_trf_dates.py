"""TRF dates: every spelling real files use, read so that start, end and round dates agree.

Golden file: ``tests/data/trf/icu_ulster_yymmdd_league_dates.tab`` (a real Irish file with the
``YY.MM.DD`` header and round dates of an Irish league file; see SOURCES.md).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wertung.catalogue import render
from wertung.cli import app
from wertung.formats import tournament_json, trf
from wertung.formats._source import date_readings
from wertung.kernel.errors import FormatError, InvalidTournament
from wertung.tournament._model import Tournament

DATA = Path(__file__).parents[1] / "data" / "trf"
LEAGUE = DATA / "icu_ulster_yymmdd_league_dates.tab"
ULSTER = DATA / "icu_UlsterMastersSeniors2022.tab"
runner = CliRunner()

PLAYER = "001    1 m    Muster,Max                        1850 GER     4600000 1980/01/01  0.0    1"


def header_text(start: str | None, end: str | None, rounds: list[str] | None = None) -> str:
    lines = ["012 Dates"]
    if start is not None:
        lines.append(f"042 {start}")
    if end is not None:
        lines.append(f"052 {end}")
    if rounds:
        lines.append("132" + " " * 88 + "  ".join(rounds))
    lines.append(PLAYER)
    return "\n".join(lines) + "\n"


def test_golden_league_file_in_yy_mm_dd() -> None:
    t = trf.read(LEAGUE)
    assert (t.start_date, t.end_date) == (dt.date(2010, 9, 13), dt.date(2011, 3, 13))
    notes = [n for n in t.notes if "the reading that agrees" in n]
    assert notes == [
        "line 4: date '10.09.13' (042) read as 2010-09-13 (YY.MM.DD), the reading that agrees "
        "with the other dates",
        "line 5: date '11.03.13' (052) read as 2011-03-13 (YY.MM.DD), the reading that agrees "
        "with the other dates",
        "line 13: round dates (132) read as 2010-09-13 to 2011-03-13 (YY.MM.DD), the reading "
        "that agrees with the other dates",
    ]
    assert render(notes[0], "de") == (
        "Zeile 4: Datum '10.09.13' (042) als 13.09.2010 gelesen (Schreibweise YY.MM.DD), die "
        "Lesart, die zu den anderen Daten passt"
    )
    # everything else as in the file it is derived from
    original = trf.read(ULSTER)
    assert t.players == original.players and t.games == original.games and t.byes == original.byes
    result = runner.invoke(app, ["tournament", str(LEAGUE), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["end_date"] == "2011-03-13"


def test_the_headers_alone_decide() -> None:
    # without round dates: as DD.MM.YY the start would come after the end
    t = trf.loads(header_text("10.09.13", "11.03.13"))
    assert (t.start_date, t.end_date) == (dt.date(2010, 9, 13), dt.date(2011, 3, 13))
    # the German spelling where it fits (the likeliest with dots): no note
    t = trf.loads(header_text("05.10.18", "07.10.18"))
    assert (t.start_date, t.end_date) == (dt.date(2018, 10, 5), dt.date(2018, 10, 7))
    assert not [n for n in t.notes if "reading" in n]


def test_round_dates_decide_the_header_reading_and_the_other_way_round() -> None:
    # YYYY/MM/DD headers and YY/MM/DD round dates (the TRF16 text; the Irish files)
    t = trf.loads(header_text("2011/07/02", "2011/07/03", ["11/07/02", "11/07/02", "11/07/03"]))
    assert (t.start_date, t.end_date) == (dt.date(2011, 7, 2), dt.date(2011, 7, 3))
    # DD/MM/YY round dates: read so that they lie between the headers
    t = trf.loads(header_text("2026/06/20", "2026/06/22", ["20/06/26", "21/06/26", "22/06/26"]))
    assert t.end_date == dt.date(2026, 6, 22)
    assert any(
        "round dates (132) read as 2026-06-20 to 2026-06-22 (DD/MM/YY)" in n for n in t.notes
    )
    # no 052: the end is the last round date, read in the spelling that fits 042
    t = trf.loads(header_text("05.10.18", None, ["05.10.18", "06.10.18", "07.10.18"]))
    assert (t.start_date, t.end_date) == (dt.date(2018, 10, 5), dt.date(2018, 10, 7))


@pytest.mark.parametrize(
    ("start", "end", "rounds", "lines", "message"),
    [
        ("13.09.10", "11.03.10", None, "lines 2 and 3", "the start date '13.09.10' (042) comes after the end date '11.03.10' (052) in every reading of them"),
        ("2026/06/10", "2026/06/12", ["26/06/01", "26/06/02"], "line 4", "the round dates (132) do not lie between the start date '2026/06/10' (line 2, 042) and the end date '2026/06/12' (line 3, 052) in any reading of them"),
        ("2026/06/10", None, ["26/06/01", "26/06/02"], "line 3", "some round dates (132) come before the start date '2026/06/10' (line 2, 042) in every reading of them"),
        (None, "2026/06/01", ["2026/06/02", "2026/06/03"], "line 3", "some round dates (132) come after the end date '2026/06/01' (line 2, 052) in every reading of them"),
    ],
)  # fmt: skip
def test_dates_no_reading_makes_agree_are_an_error_naming_the_lines(
    start: str | None, end: str | None, rounds: list[str] | None, lines: str, message: str,
    tmp_path: Path,
) -> None:  # fmt: skip
    text = header_text(start, end, rounds)
    with pytest.raises(FormatError) as info:
        trf.loads(text)
    assert str(info.value) == f"{lines}: {message}"
    assert info.value.field == "dates" and info.value.where["line"] == int(lines.split()[1])
    german = render(info.value, "de")
    assert german.startswith(("Zeile", "Zeilen")) and "Lesart" in german
    path = tmp_path / "dates.trf"
    path.write_text(text, encoding="utf-8")
    refused = runner.invoke(app, ["tournament", str(path), "--lang", "de"])
    assert refused.exit_code == 2 and "Lesart" in refused.output


def test_a_round_dates_line_with_a_token_that_is_no_date() -> None:
    text = header_text("2026/06/10", None, ["26/06/10", "soon"])
    t = trf.loads(text)
    assert t.start_date == dt.date(2026, 6, 10) and t.end_date == dt.date(2026, 6, 10)
    assert any("1 round date(s) not understood (first 'soon')" in n for n in t.notes)
    with pytest.raises(FormatError, match=r"^line 3: some round dates \(132\) come before"):
        trf.loads(header_text("2026/06/10", None, ["26/06/01", "soon"]))


def test_start_after_end_is_refused_wherever_a_source_gives_both() -> None:
    with pytest.raises(
        InvalidTournament, match="the start date 2013-09-10 comes after the end date 2013-03-11"
    ) as info:
        Tournament(start_date=dt.date(2013, 9, 10), end_date=dt.date(2013, 3, 11)).validate()
    assert info.value.field == "start_date"
    assert (
        render(info.value, "de") == "Das Startdatum 10.09.2013 liegt nach dem Enddatum 11.03.2013"
    )
    document = {"name": "x", "start_date": "2013-09-10", "end_date": "2013-03-11",
                "players": [{"id": "1"}]}  # fmt: skip
    with pytest.raises(InvalidTournament, match="start date"):
        tournament_json.loads(json.dumps(document))


# --------------------------------------------------------------------------- every spelling

#: The spellings real files use (TRF16's YYYY/MM/DD and YY/MM/DD round dates, the Irish
#: YY.MM.DD, the German DD.MM.YYYY and DD.MM.YY, ISO, the US MM/DD/YYYY, month names).
SPELLINGS = {
    "YYYY/MM/DD": lambda d: d.strftime("%Y/%m/%d"),
    "YYYY-MM-DD": lambda d: d.isoformat(),
    "YYYY.MM.DD": lambda d: d.strftime("%Y.%m.%d"),
    "YY/MM/DD": lambda d: d.strftime("%y/%m/%d"),
    "YY.MM.DD": lambda d: d.strftime("%y.%m.%d"),
    "DD.MM.YYYY": lambda d: d.strftime("%d.%m.%Y"),
    "DD. MM. YYYY": lambda d: d.strftime("%d. %m. %Y"),
    "DD/MM/YYYY": lambda d: d.strftime("%d/%m/%Y"),
    "DD.MM.YY": lambda d: d.strftime("%d.%m.%y"),
    "DD/MM/YY": lambda d: d.strftime("%d/%m/%y"),
    "MM/DD/YYYY": lambda d: d.strftime("%m/%d/%Y"),
    "YYYYMMDD": lambda d: d.strftime("%Y%m%d"),
    "Mon DD, YYYY": lambda d: d.strftime("%b %d, %Y"),
}

#: Each spelling's order of year, month and day (what the test reads the texts back with).
ORDERS = {"YMD": (0, 1, 2), "DMY": (2, 1, 0), "MDY": (2, 0, 1)}


def _readings(text: str) -> list[dt.date]:
    """Every reading of ``text``, computed here without the reader under test."""
    if any(c.isalpha() for c in text):
        return [dt.datetime.strptime(text, "%b %d, %Y").date()]
    digits = "".join(c if c.isdigit() else " " for c in text).split()
    if len(digits) == 1:
        return [dt.date(int(digits[0][:4]), int(digits[0][4:6]), int(digits[0][6:]))]
    out = []
    for y, m, d in ORDERS.values():
        if len(digits[y]) not in (2, 4) or any(len(digits[k]) > 2 for k in (m, d)):
            continue
        year = int(digits[y])
        year = year if len(digits[y]) == 4 else (2000 + year if year < 70 else 1900 + year)
        with contextlib.suppress(ValueError):
            out.append(dt.date(year, int(digits[m]), int(digits[d])))
    return sorted(set(out))


@st.composite
def written_dates(draw: st.DrawFn) -> tuple[list[dt.date], list[str], str]:
    start = draw(st.dates(dt.date(1971, 1, 1), dt.date(2068, 12, 31)))
    length = draw(st.integers(0, 300))
    end = start + dt.timedelta(days=length)
    rounds = sorted(
        draw(
            st.lists(st.integers(0, length), max_size=6).map(
                lambda xs: [start + dt.timedelta(days=x) for x in xs]
            )
        )
    )
    spelling = draw(st.sampled_from(sorted(SPELLINGS)))
    dates = [start, end, *rounds]
    return dates, [SPELLINGS[spelling](d) for d in dates], spelling


@settings(max_examples=400, deadline=None)
@given(written_dates())
def test_property_a_date_in_any_spelling_reads_back_when_the_other_dates_decide(
    case: tuple[list[dt.date], list[str], str],
) -> None:
    dates, texts, spelling = case
    start, end, *rounds = texts
    t = trf.loads(header_text(start, end, rounds or None))  # a consistent reading exists
    got = [t.start_date, t.end_date]
    assert all(any(g == r for r in _readings(x)) for g, x in zip(got, texts, strict=False))
    assert got[0] <= got[1]
    # every reading of the texts the reader could have chosen that agrees with itself
    others = {
        (a, b) for a in _readings(start) for b in _readings(end)
        if (a, b) != (dates[0], dates[1]) and a <= b and all(
            any(a <= r <= b for r in _readings(x)) for x in rounds
        )
    }  # fmt: skip
    if not others:  # the other dates decide: it reads back to itself
        assert got == dates[:2]
    if "YYYY" in spelling and all(d.day > 12 or d.day == d.month for d in dates):
        assert got == dates[:2]  # a four-digit year and an unmistakable day: always itself


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_every_spelling_of_the_irish_league_dates(spelling: str) -> None:
    write = SPELLINGS[spelling]
    start, end = dt.date(2010, 9, 13), dt.date(2011, 3, 13)
    rounds = [write(d) for d in (start, dt.date(2010, 10, 18), dt.date(2011, 1, 24), end)]
    t = trf.loads(header_text(write(start), write(end), rounds))
    assert (t.start_date, t.end_date) == (start, end), spelling
    assert date_readings(write(start))  # every spelling is one the reader knows


_DATE_TEXT = st.one_of(
    st.text(alphabet="0123456789./- ", max_size=12),
    st.builds(lambda d, f: SPELLINGS[f](d), st.dates(), st.sampled_from(sorted(SPELLINGS))),
)


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(st.none(), _DATE_TEXT),
    st.one_of(st.none(), _DATE_TEXT),
    st.lists(st.lists(_DATE_TEXT.filter(lambda t: t.strip() and " " not in t.strip()), max_size=4), max_size=2),
)  # fmt: skip
def test_property_any_dates_give_agreeing_dates_or_an_error_naming_a_line(
    start: str | None, end: str | None, rounds: list[list[str]]
) -> None:
    lines = ["012 Dates"]
    if start is not None:
        lines.append(f"042 {start}")
    if end is not None:
        lines.append(f"052 {end}")
    lines += ["132" + " " * 88 + "  ".join(tokens) for tokens in rounds]
    try:
        t = trf.loads("\n".join([*lines, PLAYER]) + "\n")
    except FormatError as error:
        assert error.field == "dates" and 1 <= error.where["line"] <= len(lines)
        return
    if t.start_date is not None and t.end_date is not None:
        assert t.start_date <= t.end_date

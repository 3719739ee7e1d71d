"""TRF: time control (222, 122, 092), every number bounded, incomplete points, fuzzing."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.formats import trf
from wertung.formats._trf_time import encoded
from wertung.kernel.errors import FormatError, WertungError
from wertung.tournament._model import Tournament

DATA = Path(__file__).parents[1] / "data" / "trf"
KARL_MALA = DATA / "skl_example1_karl_mala_2005.trf"
SAMPLES = sorted(DATA.glob("*.t*"))
KARL_TEXT = KARL_MALA.read_bytes().decode("utf-8")
LINES = KARL_TEXT.splitlines()


def with_header(*lines: str, drop: tuple[str, ...] = ()) -> str:
    """The Karl-Mala file with header records replaced (same code) or added before 001."""
    codes = {line[:3] for line in lines}
    body = [line for line in LINES if line[:3] not in codes and line[:3] not in drop]
    first = next(k for k, line in enumerate(body) if line.startswith("001"))
    return "\n".join([*body[:first], *lines, *body[first:]]) + "\n"


def line_of(text: str, start: str) -> int:
    return next(k for k, line in enumerate(text.splitlines(), start=1) if line.startswith(start))


# --------------------------------------------------------------------------- time control


def test_karl_mala_time_control_comes_from_its_122_line() -> None:
    t = trf.read(KARL_MALA)  # "122 40/120, 60": 40 moves in 120 minutes, then 60 minutes
    assert t.time_control == "standard"
    assert t.time_control_text == "40/120, 60"
    assert not any("not understood" in n for n in t.notes)


@pytest.mark.parametrize(
    ("lines", "kind", "text"),
    [
        (("222 5400+30",), "standard", "5400+30"),
        (("222 40/6000+30:900+30",), "standard", "40/6000+30:900+30"),
        (("222 600+5",), "rapid", "600+5"),
        (("222 180+2",), "blitz", "180+2"),
        (("222 W300-B240",), "blitz", "W300-B240"),
        (("122 90 min/40 moves + 30 min + 30 sec increment",), "standard", None),
        (("122 Rapid: 15 min + 10 sec",), "rapid", None),
        (("122 3+2",), "blitz", None),
        (("122 15 min + 10 sec", "222 5400+30"), "standard", "5400+30"),  # 222 wins
    ],
)
def test_time_control_records(lines: tuple[str, ...], kind: str, text: str | None) -> None:
    own_122 = any(line.startswith("122") for line in lines)
    t = trf.loads(with_header(*lines, drop=("092",) if own_122 else ("092", "122")))
    assert t.time_control == kind
    assert t.time_control_text == (text or lines[0][4:])
    disagree = any("222 is used" in n for n in t.notes)
    assert disagree is (len(lines) == 2)


def test_no_time_control_anywhere() -> None:
    t = trf.loads(with_header(drop=("092", "122")))
    assert (t.time_control, t.time_control_text) == (None, None)
    t = trf.loads(with_header("222 ninety minutes", drop=("092", "122")))
    assert t.time_control is None
    assert any("encoded time control 'ninety minutes' (222) not understood" in n for n in t.notes)


@pytest.mark.parametrize(
    ("text", "minutes", "first", "kind"),
    [
        ("5400+30", 120, None, "standard"),
        ("40/6000+30:900+30", 145, 100, "standard"),
        ("40/5400:1800", 120, 90, "standard"),
        ("3600", 60, None, "standard"),
        ("3000+30", 80, None, "standard"),
        ("1500+10", 35, None, "rapid"),
        ("600", 10, None, "blitz"),
        ("W300-B240", 4, None, "blitz"),
    ],
)
def test_encoded_time_controls(text: str, minutes: float, first: float | None, kind: str) -> None:
    control = encoded(text)
    assert control is not None
    assert (control.minutes, control.first_period, control.kind) == (minutes, first, kind)


@pytest.mark.parametrize("text", ["", "90'", "5400+", "+30", "W300", "1234567+30", "40/", "a+b"])
def test_not_encoded_time_controls(text: str) -> None:
    assert encoded(text) is None


def test_time_control_survives_writing() -> None:
    for lines in (("222 5400+30",), ("122 Rapid: 15 min + 10 sec",)):
        t = trf.loads(with_header(*lines, drop=("092",)))
        back = trf.loads(trf.dumps(t))
        assert (back.time_control, back.time_control_text) == (t.time_control, t.time_control_text)


# --------------------------------------------------------------------------- bounded numbers


def test_an_overflowing_date_is_a_note_not_a_crash() -> None:
    rounds = "132" + " " * 88 + "05/07/28  05/07/29  05/07/31"
    t = trf.loads(with_header("052 2018/9999999999999999999999/05", rounds))  # OverflowError before
    assert t.end_date == dt.date(2005, 7, 31)  # from the round dates (132)
    assert any("(052) not understood" in n for n in t.notes)
    t = trf.loads(with_header("052 2018/9999999999999999999999/05"))
    assert t.end_date is None
    assert any(
        "no end date (052 or 132); give the end date (command line: --date" in n for n in t.notes
    )
    assert trf.parse_trf_date("9" * 5000) is None  # int() of 5000 digits would raise


@pytest.mark.parametrize(
    ("record", "match"),
    [
        (
            "142 99999999999999999999999",
            r"number of rounds '9+' \(142\) is out of range \(1 to 999\)",
        ),
        ("XXR 1000", r"number of rounds '1000' \(XXR\) is out of range"),
        ("142 0", r"number of rounds '0' \(142\)"),
        ("062 123456789012345678901234567890", r"player count '1234.*' \(062\) is out of range"),
        ("072 10000", r"player count '10000' \(072\)"),
        ("162 W " + "9" * 5000, r"scoring record 162: W '9+' is not a number of points"),
        ("162 W 101.0", r"scoring record 162: W '101.0' is more than 100 points"),
    ],
)
def test_huge_header_numbers_are_errors_with_their_line(record: str, match: str) -> None:
    text = with_header(record)
    with pytest.raises(FormatError, match=match) as info:
        trf.loads(text)
    assert info.value.where["line"] == line_of(text, record[:3])
    assert str(info.value).startswith(f"line {info.value.where['line']}: ")


def test_huge_player_fields_are_errors_with_their_line() -> None:
    first = next(k for k, line in enumerate(LINES) if line.startswith("001"))
    player = LINES[first]
    cases = [
        (player[:48] + "9999" + player[52:], r"rating 9999 is out of range \(0 to 3500\)"),
        (player[:4] + "0000" + player[8:], r"starting number '0000' is not a starting number"),
        (player[:4] + "99a9" + player[8:], r"starting number '99a9'"),
        (player + "     2 w 1" * 1000, r"the line has more than 999 rounds"),
    ]
    for line, match in cases:
        lines = list(LINES)
        lines[first] = line
        with pytest.raises(FormatError, match=match) as info:
            trf.loads("\n".join(lines))
        assert info.value.where["line"] == first + 1


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.trf"
    with big.open("wb") as out:
        out.truncate(trf.MAX_BYTES + 1)  # sparse: nothing is written or read
    with pytest.raises(FormatError, match=r"the limit is 16,777,216"):
        trf.read(big)
    with pytest.raises(FormatError, match="the limit"):
        trf.read(io.BytesIO(b"0" * (trf.MAX_BYTES + 10)))


def test_many_bad_round_dates_make_one_note() -> None:
    t = trf.loads(with_header("132" + " x" * 10_000))
    assert sum("round date" in n for n in t.notes) == 1


# --------------------------------------------------------------------------- incomplete


def test_points_that_differ_make_the_tournament_incomplete() -> None:
    t = trf.read(KARL_MALA)
    assert t.complete
    first = next(k for k, line in enumerate(LINES) if line.startswith("001"))
    lines = list(LINES)
    lines[first] = lines[first][:80] + "99.0" + lines[first][84:]
    t = trf.loads("\n".join(lines))
    assert not t.complete
    assert len(t.incomplete) == 1 and f"line {first + 1}" in t.incomplete[0]
    assert "the file says 99.0" in t.incomplete[0]
    assert not any(n.startswith("warning:") for n in t.notes)


def test_many_differing_points_are_summarised() -> None:
    lines = [line[:80] + "99.0" + line[84:] if line.startswith("001") else line for line in LINES]
    t = trf.loads("\n".join(lines))
    assert len(t.incomplete) == trf.MAX_REASONS + 1
    assert t.incomplete[-1] == "... and 274 more players whose points differ"


# --------------------------------------------------------------------------- fuzz

ORIGINALS = [p.read_bytes() for p in SAMPLES]
DIGITS = st.text(alphabet="0123456789", min_size=1, max_size=40)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(ORIGINALS))),
    st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.one_of(DIGITS, st.text(max_size=12))),
        min_size=1,
        max_size=6,
    ),
    st.floats(0.05, 1),
)
def test_fuzz_mutated_real_files_give_only_our_errors(
    sample: int, edits: list[tuple[float, str]], keep: float
) -> None:
    """Real files with texts (often long digit runs) written over them and cut short."""
    data = bytearray(ORIGINALS[sample])
    for where, text in edits:
        at = int(where * len(data))
        data[at : at + len(text)] = text.encode()
    data = data[: max(1, int(keep * len(data)))]
    try:
        t = trf.read(bytes(data))
    except WertungError:
        return
    assert isinstance(t, Tournament)

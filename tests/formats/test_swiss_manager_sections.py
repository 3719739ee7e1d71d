"""Swiss-Manager files: the directory's sections beyond the known ones, and free texts.

The real ``.TUMX`` lists one section more than the documented layout (``c5``, the club
pairs); a section nobody knows is skipped and named in the notes, never fatal, but the
directory still has to fit the file exactly. Free header texts (the remarks) keep their
line breaks. The crafted files are the real ones with a section inserted before the
directory (:func:`with_section`), or written by ``swiss_manager_writer`` (``.TUTX``: no
real file is at hand; it shares these code paths with the ``.TUMX``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import doctest
import importlib
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swiss_manager_writer import (
    MARKER,
    TEAM_NAMES,
    TEAM_SWISS_ROUNDS,
    WPlayer,
    WTeam,
    team_round_robin,
    team_swiss,
    team_swiss_players,
    write,
)

from wertung import evaluate
from wertung.catalogue import message_for, render
from wertung.formats import _swiss_manager_sections as S
from wertung.formats import swiss_manager as sm
from wertung.formats._binary import Binary
from wertung.kernel.errors import FormatError, WertungError
from wertung.tournament._model import Tournament

DATA = Path(__file__).parents[1] / "data" / "swiss-manager"
TUNX = (DATA / "fxj_swiss_system_18players.TUNX").read_bytes()
TURX = (DATA / "fxj_round_robin_6players.TURX").read_bytes()
TUMX = (DATA / "fxj_swiss_team_93players.TUMX").read_bytes()
TUMX_CLUB_PAIRS = 0x9DFB  # the real file's sixth section (c5)


def with_section(data: bytes, tag: int, body: bytes) -> bytes:
    """``data`` with a section (``tag``, its marker, ``body``) before the directory,
    listed in the directory after the others."""
    directory = len(data) - 36
    entries = list(struct.unpack_from("<7I", data, directory + 4))
    k = entries.index(directory)
    section = bytes([tag]) + MARKER + body
    entries[k], entries[k + 1] = directory, directory + len(section)
    return (data[:directory] + section + b"\xd3" + MARKER + struct.pack("<7I", *entries)
            + b"\xe3" + MARKER)  # fmt: skip


def without(t: Tournament, notes: list[str]) -> Tournament:
    assert all(note in t.notes for note in notes), t.notes
    return dataclasses.replace(t, notes=tuple(n for n in t.notes if n not in notes))


def _translated(text: str) -> None:
    assert message_for(text).translated, text
    assert render(text, "de") != text


# --------------------------------------------------------------------------- skipped sections


SAMPLES = {
    "TUNX": lambda: TUNX,
    "TURX": lambda: TURX,
    "TUMX (written)": lambda: team_swiss().data,
    "TUTX (written)": lambda: team_round_robin().data,
}


@pytest.mark.parametrize("name", SAMPLES)
def test_an_unknown_section_is_skipped_and_named(name: str) -> None:
    data = SAMPLES[name]()
    before = sm.parse(data)
    crafted = with_section(data, 0xC7, bytes(range(30)))
    after = sm.parse(crafted)
    number = 4 if name in ("TUNX", "TURX") else 6
    note = f"section {number} (34 bytes, marker c7 ff 89 44) not known; skipped"
    assert after.notes[0] == note
    _translated(note)
    assert without(after, [note]) == before
    assert evaluate(after).players == evaluate(before).players


def test_the_real_tumx_with_its_sixth_section_not_known() -> None:
    """The real file's c5 section under another tag: skipped with a note, the rest the same."""
    before = sm.parse(TUMX)
    crafted = bytearray(TUMX)
    crafted[TUMX_CLUB_PAIRS] = 0xC9
    after = sm.parse(bytes(crafted))
    note = "section 6 (20 bytes, marker c9 ff 89 44) not known; skipped"
    assert after.notes == (note,)
    assert dataclasses.replace(after, notes=()) == dataclasses.replace(before, notes=())


def test_several_sections_are_each_named_in_directory_order() -> None:
    data = with_section(with_section(TUNX, 0xD1, b""), 0xC5, bytes(8))
    t = sm.parse(with_section(data, 0x01, b"\xff" * 3))
    # the individual file has no teams: c5 is not known there
    assert t.notes[:3] == (
        "section 4 (4 bytes, marker d1 ff 89 44) not known; skipped",
        "section 5 (12 bytes, marker c5 ff 89 44) not known; skipped",
        "section 6 (7 bytes, marker 01 ff 89 44) not known; skipped",
    )
    assert without(t, list(t.notes[:3])) == sm.parse(TUNX)


def test_a_team_round_robin_reads_the_club_pairs_like_a_team_swiss() -> None:
    written = team_round_robin()
    t = sm.parse(with_section(written.data, 0xC5, struct.pack("<4H", 1, 2, 4, 3)))
    note = ("section 6 (12 bytes, marker c5 ff 89 44): 2 pairs of teams (Team A / Team B, "
            "Team D / Team C), meaning not known; not needed for the evaluation")  # fmt: skip
    assert t.notes[0] == note
    _translated(note)
    assert without(t, [note]) == sm.parse(written.data)


# --------------------------------------------------------------------------- the club pairs


def _club_note(body: bytes, clubs: list[str] | None = None) -> str:
    players = team_swiss_players()
    if clubs is not None:
        players = [dataclasses.replace(p, club=clubs[p.team - 1]) for p in players]
    data = write("TUMX", "x", players, TEAM_SWISS_ROUNDS, [WTeam(n) for n in TEAM_NAMES],
                 boards=4, extras=[(0xC5, body)]).data  # fmt: skip
    t = sm.parse(data)
    _translated(t.notes[0])
    return t.notes[0]


def test_club_pairs_of_one_club() -> None:
    clubs = ["SK Alpha", "SK Alpha", "SV Beta", "SV Beta", "SC Gamma"]
    assert _club_note(struct.pack("<4H", 2, 1, 3, 4), clubs) == (
        "section 6 (12 bytes, marker c5 ff 89 44): 2 pairs of teams, each of one club "
        "(SV Beta / SK Alpha, SC Gamma / TSV Delta); not needed for the evaluation"
    )
    assert _club_note(struct.pack("<2H", 5, 1), ["A"] * 5).startswith(
        "section 6 (8 bytes, marker c5 ff 89 44): 1 pair of teams, each of one club "
        "(SG Epsilon / SK Alpha)"
    )


def test_club_pairs_whose_clubs_differ_are_named_without_a_meaning() -> None:
    # the sample's teams are five clubs: one pair of one club is not enough
    clubs = ["SK Alpha", "SK Alpha", "SV Beta", "SV Beta2", "SC Gamma"]
    note = _club_note(struct.pack("<4H", 1, 2, 3, 4), clubs)
    assert note.endswith("2 pairs of teams (SK Alpha / SV Beta, SC Gamma / TSV Delta), "
                         "meaning not known; not needed for the evaluation")  # fmt: skip


def test_many_club_pairs_are_counted_after_eight() -> None:
    pairs = [(a, b) for a in range(1, 6) for b in range(a + 1, 6)]
    note = _club_note(struct.pack(f"<{2 * len(pairs)}H", *sum(pairs, ())))
    assert "10 pairs of teams" in note and ", SC Gamma / TSV Delta, … (10 in all))" in note
    assert note.count(" / ") == 8


@pytest.mark.parametrize(
    "body",
    [b"", bytes(2), bytes(6), struct.pack("<2H", 1, 6), struct.pack("<2H", 0, 1),
     struct.pack("<2H", 3, 3), struct.pack("<4H", 1, 2, 2, 1), struct.pack("<2H", 0xFFFF, 1)],
    ids=["empty", "half a pair", "odd", "no such team", "team 0", "itself", "twice", "a mark"],
)  # fmt: skip
def test_club_pairs_not_of_the_known_form_are_skipped(body: bytes) -> None:
    assert _club_note(body) == (
        f"section 6 ({4 + len(body)} bytes, marker c5 ff 89 44) not in the known form "
        "(pairs of teams); skipped"
    )


# --------------------------------------------------------------------------- a directory that does not fit


def _entries(data: bytes, *values: int) -> bytes:
    return data[:-32] + struct.pack("<7I", *values) + data[-4:]


def test_a_section_with_a_known_marker_after_the_known_ones_is_refused() -> None:
    players = TUNX.index(b"\xa5" + MARKER)
    with pytest.raises(FormatError) as error:
        sm.parse(with_section(TUNX, 0xA5, bytes(4)))
    assert error.value.message == (
        f"Swiss-Manager: section 4 of the directory (at {len(TUNX) - 36:#x}) has the marker of "
        "the players section: a layout wertung does not read"
    )
    _translated(error.value.message)
    assert players < len(TUNX) - 36
    with pytest.raises(FormatError, match="has the marker of the directory section"):
        sm.parse(with_section(TUNX, 0xD3, bytes(4)))


def test_a_section_without_a_marker_is_refused() -> None:
    data = bytearray(with_section(TUNX, 0xC7, bytes(8)))
    data[len(TUNX) - 36 + 2] = 0x88
    with pytest.raises(FormatError) as error:
        sm.parse(bytes(data))
    assert error.value.message == (
        "Swiss-Manager: section 4 of the directory does not start with a section marker at "
        f"{len(TUNX) - 36:#x}"
    )
    _translated(error.value.message)


def test_the_teams_without_their_team_pairings_are_refused() -> None:
    written = team_swiss()
    entries = list(struct.unpack_from("<7I", written.data, len(written.data) - 32))
    # the team pairings merged into the teams section: five entries, the fifth the directory
    cut = _entries(written.data, *entries[:4], entries[5], 0, 0)
    with pytest.raises(FormatError, match=r"the directory at offset 0x[0-9a-f]+ does not "
                                          r"describe a layout wertung reads"):  # fmt: skip
        sm.parse(cut)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        # the directory's own offset missing, or among the first three
        (lambda e, d: [*e[:3], d - 1, 0, 0, 0], "does not describe a layout"),
        (lambda e, d: [e[0], e[1], d, 0, 0, 0, 0], "does not describe a layout"),
        # something after the directory's own offset
        (lambda e, d: [*e[:3], d, 0, 7, 0], "lists unknown sections"),
        # an extra section starting beyond the directory, or before the one before it
        (lambda e, d: [*e[:3], d + 4, d, 0, 0], "offsets out of order"),
        (lambda e, d: [*e[:3], e[2] - 1, d, 0, 0], "offsets out of order"),
        (lambda e, d: [*e[:3], e[2], d, 0, 0], "offsets out of order"),
    ],
    ids=["no self", "self too early", "after self", "beyond", "backwards", "twice"],
)
def test_directories_that_do_not_fit_are_refused(entries, expected) -> None:
    directory = len(TUNX) - 36
    first = list(struct.unpack_from("<7I", TUNX, directory + 4))
    with pytest.raises(FormatError, match=expected) as error:
        sm.parse(_entries(TUNX, *entries(first, directory)))
    _translated(error.value.message)


# --------------------------------------------------------------------------- free texts


def test_the_remarks_keep_their_line_breaks_in_every_kind() -> None:
    remarks = "Erste Zeile\r\nzweite Zeile\ndritte"
    for kind in ("TUNX", "TURX", "TUMX", "TUTX"):
        teams = [WTeam("A"), WTeam("B")] if kind in ("TUMX", "TUTX") else []
        players = [WPlayer("Eins", team=1 if teams else 0), WPlayer("Zwei", team=2 if teams else 0)]
        data = write(kind, "Open\r\n2026", players, [], teams, boards=1, place="Bad\nBerka",
                     texts={2: remarks}).data  # fmt: skip
        binary = Binary(data, "Swiss-Manager")
        texts, _ = sm._header(binary, S.read(binary))
        assert texts[2] == remarks
        t = sm.parse(data)
        assert (t.name, t.place) == ("Open 2026", "Bad Berka")  # one-line values


@pytest.mark.parametrize(
    ("where", "text"),
    [("remarks", "Zeile\x01"), ("remarks", "Tab\tstop"), ("name", "Müller\r\nHans")],
)
def test_other_control_characters_and_line_breaks_in_names_are_refused(where, text) -> None:
    if where == "remarks":
        data = write("TUNX", "Open", [WPlayer("A")], [], texts={2: text}).data
        expected = r"tournament header, text 2 at offset 0x[0-9a-f]+ is not valid text"
    else:
        data = write("TUMX", "Open", [WPlayer(text, team=1)], [], [WTeam("A")], boards=1).data
        expected = r"player record 1 at offset 0x[0-9a-f]+, text 0 at offset 0x[0-9a-f]+ is not"
    with pytest.raises(FormatError, match=expected) as error:
        sm.parse(data)
    _translated(error.value.message)


# --------------------------------------------------------------------------- fuzzing


_WITH_EXTRAS = [
    with_section(team_round_robin().data, 0xC5, struct.pack("<4H", 1, 2, 3, 4)),
    with_section(with_section(TUNX, 0xC7, bytes(12)), 0xC5, bytes(8)),
    TUMX,
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(_WITH_EXTRAS),
    entries=st.lists(
        st.one_of(st.integers(0, 2**32 - 1), st.integers(0, 50_000), st.just(0)),
        min_size=7, max_size=7,
    ),
    keep=st.integers(0, 7),
)  # fmt: skip
def test_any_directory_gives_only_our_errors(sample: bytes, entries: list[int], keep: int) -> None:
    """The first ``keep`` directory entries as they are, the rest anything at all."""
    real = list(struct.unpack_from("<7I", sample, len(sample) - 32))
    with contextlib.suppress(WertungError):
        sm.parse(_entries(sample, *real[:keep], *entries[keep:]))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(_WITH_EXTRAS),
    changes=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 255)), min_size=1, max_size=6),
)
def test_damaged_extra_sections_give_only_our_errors(
    sample: bytes, changes: list[tuple[int, int]]
) -> None:
    """Bytes changed in the last 400: the team pairings, the extra sections, the directory."""
    data = bytearray(sample)
    for offset, value in changes:
        data[len(data) - 1 - offset % 400] = value
    with contextlib.suppress(WertungError):
        sm.parse(bytes(data))


@pytest.mark.parametrize(
    "name",
    ["wertung.formats._swiss_manager_sections", "wertung.formats._swiss_manager_team"],
)  # fmt: skip
def test_the_docstring_examples_are_true(name: str) -> None:
    """The reader's own modules (``test_doctests.py`` covers ``swiss_manager`` and ``_binary``)."""
    failures, tried = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried >= 4

"""Swiss-Manager .TUNX/.TURX reader: the two real files record by record, errors, fuzzing.

Team files (.TUMX/.TUTX): ``test_swiss_manager_team.py``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.formats import swiss_manager as sm
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import ByeKind, GameResult

DATA = Path(__file__).parents[1] / "data" / "swiss-manager"
SWISS = DATA / "fxj_swiss_system_18players.TUNX"
ROUND_ROBIN = DATA / "fxj_round_robin_6players.TURX"
SWISS_CONFIG = 0x3C6  # the configuration marker of the TUNX
SWISS_GAMES = 0x3035 + 4  # its first game record
NP = 0xFFFE  # "not paired"

# The TUNX's game records as stored (white, black, result code), round by round.
SWISS_GAMES_BY_ROUND = [
    [(9, 2, 3), (3, 10, 1), (13, 4, 3), (6, 14, 1), (15, 7, 3), (8, 17, 3),
     (1, NP, 3), (5, NP, 3), (11, NP, 3), (12, NP, 3), (16, NP, 3), (18, NP, 3)],
    [(2, 6, 1), (7, 3, 2), (4, 17, 2), (12, 1, 3), (14, 8, 2), (16, 9, 3), (10, 13, 3),
     (11, 15, 1), (5, NP, 3), (18, NP, 3)],
    [(3, 2, 2), (17, 7, 1), (1, 4, 1), (6, 11, 3), (9, 14, 3), (8, 10, 3), (5, 16, 1),
     (15, 12, 3), (13, NP, 3), (18, NP, 3)],
    [(17, 1, 3), (11, 3, 3), (4, 7, 1), (14, 5, 3), (10, 6, 3), (12, 8, 2), (16, 15, 3),
     (2, NP, 3), (9, NP, 3), (13, NP, 3), (18, NP, 3)],
    [(1, 3, 1), (5, 4, 3), (6, 17, 3), (7, 11, 1), (14, 12, 1), (15, 10, 2), (2, NP, 3),
     (8, NP, 3), (9, NP, 3), (13, NP, 3), (16, NP, 3), (18, NP, 3)],
    [(2, 1, 3), (3, 17, 3), (4, 14, 1), (7, 6, 1), (11, 5, 1), (10, 12, 3), (9, 15, 1),
     (18, 16, 5), (8, NP, 3), (13, NP, 3)],
]  # fmt: skip
CODES = {1: GameResult.WHITE_WINS, 2: GameResult.DRAW, 3: GameResult.BLACK_WINS,
         4: GameResult.WHITE_WINS_FORFEIT, 5: GameResult.BLACK_WINS_FORFEIT}  # fmt: skip


def patched(path: Path, changes: dict[int, int]) -> bytes:
    data = bytearray(path.read_bytes())
    for offset, value in changes.items():
        data[offset] = value
    return bytes(data)


# --------------------------------------------------------------------------- real files


def test_swiss_file_tournament_data() -> None:
    t = sm.read(SWISS)
    assert t.name.startswith("XXIII Memorial Dijalma Caiafa")
    assert (t.rounds, len(t.players)) == (6, 18)
    assert (t.start_date, t.end_date) == (dt.date(2025, 5, 27), dt.date(2025, 7, 1))
    assert (t.time_control_text, t.time_control) == ("60min + 30s", "standard")
    assert t.played_rounds is None and t.complete and t.notes == ()


def test_swiss_file_every_game_and_bye() -> None:
    t = sm.read(SWISS)
    expected_games, expected_byes = [], []
    for rnd, records in enumerate(SWISS_GAMES_BY_ROUND, start=1):
        for white, black, code in records:
            if black == NP:  # not paired: code 3 = no point for White
                expected_byes.append((rnd, str(white), Fraction(0), ByeKind.ZERO))
            else:
                expected_games.append((rnd, str(white), str(black), CODES[code]))
    assert [(g.round, g.white, g.black, g.result) for g in t.games] == expected_games
    assert sorted((b.round, b.player, b.points, b.kind) for b in t.byes) == sorted(expected_byes)
    # that project's test: 42 games played over the board, byes and forfeits excluded
    assert sum(g.result.played for g in t.games) == 42
    assert [g for g in t.games if not g.result.played] == [t.games[-1]] and t.games[
        -1
    ].result is GameResult.BLACK_WINS_FORFEIT


def test_swiss_file_players() -> None:
    t = sm.read(SWISS)
    ratings = [p.national_rating for p in t.players]
    assert ratings == [1887, 1823, 1815, 1760, 1695, 1662, 1656, 1651, 1632, 1631, 1625,
                       1593, 1547, 1503, 1475, 10, 10, 10]  # fmt: skip
    first, eleventh, last = t.players[0], t.players[10], t.players[17]
    assert (first.id, first.name, first.club, first.federation) == (
        "1",
        "Sergio, Murilo Soares Guimaraes",
        "Cxmeier",
        "BRA",
    )
    assert (first.birth_year, first.birth_date) == (1958, None)  # stored 19580000
    assert eleventh.name == "Marques Kempel, Jose Eduardo" and eleventh.birth_year is None
    assert last.name == "Newton, Gomes"
    # a Brazilian event: the national rating is no DWZ; no FIDE data in this file
    assert all(p.dwz is None and p.index is None for p in t.players)
    assert all(p.fide_rating is None and p.fide_id is None for p in t.players)
    birth = {p.id: p.birth_year for p in t.players}
    # the birth years agree with the categories in the file (U18, S65)
    assert birth["6"] == 2009 and birth["16"] is None


def test_round_robin_file() -> None:
    t = sm.read(ROUND_ROBIN)
    assert t.name == "Torneio Aniversário JTC 2025"
    assert (t.rounds, len(t.players), len(t.games), t.byes) == (5, 6, 15, ())
    # a round robin: every pair meets exactly once, every player once a round
    pairs = sorted(tuple(sorted((int(g.white), int(g.black)))) for g in t.games)
    assert pairs == list(itertools.combinations(range(1, 7), 2))
    assert [(g.round, g.white, g.black, g.result) for g in t.games[:3]] == [
        (1, "1", "6", GameResult.WHITE_WINS),
        (1, "2", "5", GameResult.WHITE_WINS_FORFEIT),
        (1, "3", "4", GameResult.BLACK_WINS),
    ]
    assert sum(g.result.played for g in t.games) == 10
    assert [p.national_rating for p in t.players] == [1816, 1950, 1946, 1804, 1849, None]
    assert [p.birth_year for p in t.players] == [
        1964,
        1962,
        1964,
        1959,
        1959,
        None,
    ]  # S50, S50, S50, S65, S65
    assert (t.start_date, t.end_date) == (dt.date(2025, 6, 24), dt.date(2025, 7, 22))
    assert t.time_control_text == "45 min + 15 bônus ou 1 h ko"


def test_looks_like() -> None:
    assert sm.looks_like(SWISS.read_bytes()) and sm.looks_like(ROUND_ROBIN.read_bytes())
    assert not sm.looks_like(SWISS.read_bytes()[:-1])
    assert not sm.looks_like(b"012 Club Championship\n")


# --------------------------------------------------------------------------- classification


def test_result_not_yet_in() -> None:
    # the last round's first game (2-1) without a result
    offset = SWISS_GAMES + 21 * sum(len(r) for r in SWISS_GAMES_BY_ROUND[:5]) + 4
    t = sm.parse(patched(SWISS, {offset: 0}))
    assert t.played_rounds == 5
    assert len(t.games) == 42
    assert any("after round 5 of 6" in n for n in t.notes)


def test_double_zero_and_double_forfeit_are_not_rated() -> None:
    t = sm.parse(patched(SWISS, {SWISS_GAMES + 4: 10, SWISS_GAMES + 21 + 4: 6}))
    assert t.games[0].result is GameResult.DOUBLE_FORFEIT
    assert t.games[1].result is GameResult.DOUBLE_FORFEIT
    assert any("double zero" in n for n in t.notes)


def test_bye_kinds() -> None:
    first_bye = SWISS_GAMES + 21 * 6  # round 1: 1 not paired
    changes = {first_bye + 2: 0xFF, first_bye + 3: 0xFF, first_bye + 4: 9}  # a pairing bye
    changes[first_bye + 21 + 4] = 2  # 5 not paired, ½ point
    t = sm.parse(patched(SWISS, changes))
    byes = {(b.round, b.player): (b.points, b.kind) for b in t.byes}
    assert byes[(1, "1")] == (Fraction(1), ByeKind.PAIRING)
    assert byes[(1, "5")] == (Fraction(1, 2), ByeKind.HALF)


def test_unknown_result_code_makes_it_incomplete() -> None:
    t = sm.parse(patched(SWISS, {SWISS_GAMES + 4: 77}))
    assert not t.complete and "result code 77" in t.incomplete[0]


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kind", "what"), [(2, "TUTX, a team round robin"), (3, "TUMX, a team Swiss tournament")]
)
def test_a_team_kind_without_team_sections_is_a_layout_not_known(kind: int, what: str) -> None:
    # the kind byte says team file, the directory is an individual file's
    with pytest.raises(
        FormatError,
        match=rf"a Swiss-Manager team file \(\.{what}\) of a layout wertung does not know: "
        r"the directory at offset 0x358e lists no team sections",
    ):
        sm.parse(patched(SWISS, {SWISS_CONFIG + 15: kind}))


def test_team_pairings_in_an_individual_schedule_are_refused() -> None:
    # round 1's team-pairing count (schedule block offset 8): 0 in both real files
    block = 0x1AC5 + 4 + 2 + 2 * 5 + 2 * 15  # the schedule marker, "19:00", 15 empty strings
    assert SWISS.read_bytes()[block + 6] == 12  # round 1 has 12 game records
    with pytest.raises(FormatError, match=r"round 1 of the schedule: 3 team pairings in a file"):
        sm.parse(patched(SWISS, {block + 8: 3}))


def test_truncated_and_foreign_files() -> None:
    with pytest.raises(
        FormatError,
        match=r"the file \(13736 bytes\) has no directory and end marker in its last 36 bytes "
        r"\(from offset 0x3584\): cut short or damaged",
    ):
        sm.parse(SWISS.read_bytes()[:-10])
    with pytest.raises(FormatError, match="not a Swiss-Manager file"):
        sm.parse(b"")


def test_player_reference_out_of_range() -> None:
    with pytest.raises(FormatError, match=r"round 1, game record at offset 0x3039: player 40"):
        sm.parse(patched(SWISS, {SWISS_GAMES: 40}))


def test_string_running_past_its_section() -> None:
    with pytest.raises(FormatError, match=r"runs past the end of its section"):
        sm.parse(patched(SWISS, {0x1D8D + 4: 0xFF, 0x1D8D + 5: 0x7F}))


def test_player_paired_twice() -> None:
    with pytest.raises(FormatError, match=r"round 1: player '9' is paired twice"):
        sm.parse(patched(SWISS, {SWISS_GAMES + 21: 9}))


def test_broken_directory() -> None:
    data = bytearray(SWISS.read_bytes())
    data[-36 + 4] ^= 0x40  # the schedule offset
    with pytest.raises(FormatError, match="section does not start with its marker"):
        sm.parse(bytes(data))


# --------------------------------------------------------------------------- fuzzing

_SAMPLES = [SWISS.read_bytes(), ROUND_ROBIN.read_bytes()]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(_SAMPLES),
    changes=st.lists(
        st.tuples(st.integers(0, 13_745), st.integers(0, 255)), min_size=1, max_size=8
    ),
    cut=st.one_of(st.none(), st.integers(0, 13_746)),
)
def test_damaged_files_give_only_our_errors(
    sample: bytes, changes: list[tuple[int, int]], cut: int | None
) -> None:
    data = bytearray(sample)
    for offset, value in changes:
        data[offset % len(data)] = value
    if cut is not None:
        data = data[: cut % (len(data) + 1)]
    with contextlib.suppress(WertungError):
        sm.parse(bytes(data))

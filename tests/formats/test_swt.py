"""Swiss-Chess .SWT reader: every field of the two real files against the source project's dump."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wertung
from wertung.catalogue import render
from wertung.formats import swt
from wertung.formats._points import points_mismatches as swt_points
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import ByeKind, GameResult

DATA = Path(__file__).parents[1] / "data" / "swt"
INDIVIDUAL = DATA / "SwissIndividual.SWT"
TEAM = DATA / "SwissTeam.SWT"
FIXTURES = 13384  # version 8: first pairing record
RECORD = 19


def dump(path: Path) -> dict:
    return json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))


def pairing_offset(player_index: int, round_no: int, rounds: int) -> int:
    return FIXTURES + (player_index * rounds + round_no - 1) * RECORD


def patched(path: Path, changes: dict[int, int]) -> bytes:
    data = bytearray(path.read_bytes())
    for offset, value in changes.items():
        data[offset] = value
    return bytes(data)


# --------------------------------------------------------------------------- real files


@pytest.mark.parametrize("path", [INDIVIDUAL, TEAM], ids=["individual", "team"])
def test_every_player_field_of_the_dump(path: Path) -> None:
    expected = dump(path)
    t = swt.read(path)
    assert len(t.players) == len(expected["players"]) == expected["general"]["4"]
    for player, fields in zip(t.players, expected["players"], strict=True):
        assert player.id == str(int(fields["2020"], 16)) == str(fields["2021"])
        assert player.name == fields["2000"]
        assert player.club == (fields["2001"] or None)
        assert player.title == (fields["2002"] or None)
        assert player.fide_rating == (int(fields["2003"]) if fields["2003"] else None)
        assert player.dwz == player.national_rating == (int(fields["2004"] or 0) or None)
        assert player.index is None  # the file has no DWZ index
        assert player.federation == (fields["2006"] or None)
        birth = fields["2008"].strip()
        assert player.birth_year == (int(birth[:4]) if birth else None)
        assert player.birth_date == (
            dt.date(int(birth[:4]), int(birth[4:6]), int(birth[6:8])) if len(birth) == 8 else None
        )
        assert player.zps == (fields["2010"] or None)
        assert player.member_number == (fields["2011"] or None)
        assert player.sex == fields["2013"].lower()
        stale = any(f"points of player {player.id} " in n for n in t.notes)
        # a stale standings figure is reported in the notes and not kept as the total
        assert player.points == (None if stale else Fraction(fields["2030"], 2))
        assert player.fide_id == (fields["2033"] or None)
        assert player.pkz == (fields["2034"] or None)


def _result_of(code: str) -> int:
    return int(code.split("-")[1]) & 3  # 4002-n: low two bits 1 = 0, 2 = ½, 3 = 1


@pytest.mark.parametrize("path", [INDIVIDUAL, TEAM], ids=["individual", "team"])
def test_every_pairing_of_the_dump(path: Path) -> None:
    expected = dump(path)
    t = swt.read(path)
    games = {}
    for g in t.games:
        games[(g.round, g.white)] = g
        games[(g.round, g.black)] = g
    team_file = path == TEAM
    seen = set()
    for p in expected["pairings_players"]:
        pid, opp = str(int(p["player"], 16)), str(int(p["4001"], 16))
        game = games[(p["round"], pid)]
        seen.add(game)
        white = p["4000"] == "4000-1"
        assert p["4000"] in ("4000-1", "4000-2")  # no byes in the samples
        assert (game.white, game.black) == ((pid, opp) if white else (opp, pid))
        score = game.result.white if white else game.result.black
        assert score.points == {1: 0, 2: Fraction(1, 2), 3: 1}[_result_of(p["4002"])]
        assert score.forfeit == (p["4005"] == "3006-1")
        assert game.board == (p["4006"] if team_file else None)
    assert len(seen) == len(t.games) == len(expected["pairings_players"]) // 2
    assert t.byes == ()


def test_individual_tournament_data() -> None:
    general = dump(INDIVIDUAL)["general"]
    t = swt.read(INDIVIDUAL)
    assert t.name == general["65"] == "Test Tournament with a very long title"
    assert t.place == general["66"]
    assert t.rounds == general["1"] == 9
    assert (t.start_date, t.end_date) == (dt.date(2013, 5, 18), dt.date(2013, 5, 26))
    assert t.time_control_text == "40/90min + 30s/move; Rest/30min+30s/move"
    assert t.time_control == "standard"
    assert t.played_rounds is None and t.complete and t.notes == ()
    assert len(t.games) == 24 * 9 // 2
    assert all(g.result.played for g in t.games)
    assert t.teams == ()


def test_team_file_teams_boards_and_forfeit() -> None:
    expected = dump(TEAM)
    t = swt.read(TEAM)
    assert len(t.teams) == len(expected["teams"]) == 10
    for team, fields in zip(t.teams, expected["teams"], strict=True):
        assert team.id == str(fields["1019"])
        assert team.name == fields["1000"]
        assert len(team.players) == fields["1016"]
    by_id = {p.id: p for p in t.players}
    for fields in expected["players"]:
        player = by_id[str(fields["2021"])]
        assert player.team == str(fields["2016"])
        assert player.id in t.teams[fields["2016"] - 1].players
    assert t.teams[0].players[0] == "1"  # line-up order (board 1 first)
    forfeits = [g for g in t.games if not g.result.played]
    assert len(forfeits) == 1 and forfeits[0].result is GameResult.BLACK_WINS_FORFEIT
    assert all(g.board for g in t.games)
    # the team file's own totals of seven players differ from its pairings (their records
    # count as many games, with other wins, draws and losses; every team's board points agree
    # with the pairings): incomplete, each named once, no bye taken (a team event has none)
    assert [(m.player, m.stated, m.computed) for m in swt_points(t)] == [
        ("20", 5, Fraction(11, 2)), ("21", 3, 5), ("22", 5, 3), ("24", 4, Fraction(9, 2)),
        ("26", 5, 4), ("55", 4, Fraction(7, 2)), ("56", Fraction(9, 2), 5),
    ]  # fmt: skip
    assert not t.complete and len(t.incomplete) == 7
    assert t.incomplete[1] == (
        "points of player 21 (Collins,William): the file says 3.0, the games and byes give 5.0"
    )
    assert not [b for b in t.byes if b.player == "26"]  # round 2 without a game: not a bye
    assert (
        "the file's own records of players 20, 21, 22, 24, 26, 55, 56 count as many games as "
        "their pairings but other wins, draws and losses: results differ, no game is missing"
    ) in t.notes
    evaluation = wertung.evaluate(t)
    assert evaluation.incomplete == t.incomplete  # the evaluation does not list them again


def test_looks_like() -> None:
    assert swt.looks_like(INDIVIDUAL.read_bytes())
    assert swt.looks_like(TEAM.read_bytes())
    assert not swt.looks_like(b"012 Club Championship\n")
    assert not swt.looks_like(INDIVIDUAL.read_bytes()[:-1])
    assert not swt.looks_like(b"")


# --------------------------------------------------------------------------- classification


def test_result_not_yet_in_is_no_game_and_sets_played_rounds() -> None:
    # player 1 (index 0) plays 13 (index 12) in round 1; clear both results
    changes = {pairing_offset(0, 9, 9) + 11: 0, pairing_offset(6, 9, 9) + 11: 0}
    t = swt.parse(patched(INDIVIDUAL, changes))
    assert t.played_rounds == 8
    assert len(t.games) == 107
    assert not any(g.round == 9 and "1" in (g.white, g.black) for g in t.games)
    assert any("after round 8 of 9" in n for n in t.notes)


def test_forfeit_status_makes_a_forfeit() -> None:
    changes = {pairing_offset(0, 1, 9) + 15: 0x02, pairing_offset(12, 1, 9) + 15: 0x02}
    t = swt.parse(patched(INDIVIDUAL, changes))
    game = next(g for g in t.games if g.round == 1 and g.white == "1")
    assert game.result is GameResult.WHITE_WINS_FORFEIT


def test_byes_by_colour_spielfrei() -> None:
    # player 1 and 13 in round 1 both get "spielfrei" colours: 1 point and ½ point
    changes = {
        pairing_offset(0, 1, 9) + 8: 2,
        pairing_offset(12, 1, 9) + 8: 4,
        pairing_offset(12, 1, 9) + 11: 2,
    }
    t = swt.parse(patched(INDIVIDUAL, changes))
    assert [(b.player, b.points, b.kind) for b in t.byes if b.round == 1] == [
        ("1", Fraction(1), ByeKind.PAIRING),
        ("13", Fraction(1, 2), ByeKind.HALF),
    ]


# --------------------------------------------------------------------------- errors


def test_unknown_version_is_named() -> None:
    data = patched(INDIVIDUAL, {0x261: 0x2C, 0x262: 0x01})  # 300
    with pytest.raises(FormatError, match=r"file version 3\.00 .*7\.xx and 8\.xx"):
        swt.parse(data)


def test_truncated_file_names_sizes() -> None:
    with pytest.raises(FormatError, match="33207 bytes, but 24 players and 9 rounds") as caught:
        swt.parse(INDIVIDUAL.read_bytes()[:-1])
    german = render(caught.value, "de")
    assert "33207 Bytes, aber 24 Spieler und 9 Runden" in german  # no English inside
    data = TEAM.read_bytes()[:-1]
    with pytest.raises(FormatError, match=r"players, \d+ teams and") as caught:
        swt.parse(data)
    assert re.search(r"\d+ Spieler, \d+ Mannschaften und", render(caught.value, "de"))
    with pytest.raises(FormatError, match="too short"):
        swt.parse(b"\xff\x09")


def test_bad_name_names_the_record_and_offset() -> None:
    base = FIXTURES + 24 * 9 * RECORD + 6 * 655
    with pytest.raises(
        FormatError, match=r"player record 7 at offset 0x53aa: the name .* is not valid text"
    ):
        swt.parse(patched(INDIVIDUAL, {base: 0x07}))


def test_one_sided_pairing_is_refused() -> None:
    with pytest.raises(FormatError, match=r"round 1, player 1 .*not stored the same way"):
        swt.parse(patched(INDIVIDUAL, {pairing_offset(0, 1, 9) + 9: 14}))


def test_rating_that_is_not_a_number() -> None:
    base = FIXTURES + 24 * 9 * RECORD
    with pytest.raises(FormatError, match=r"player record 1 .*fide rating 'x085'"):
        swt.parse(patched(INDIVIDUAL, {base + 0x46: ord("x")}))


def test_rating_with_a_non_ascii_digit() -> None:
    base = FIXTURES + 24 * 9 * RECORD
    with pytest.raises(FormatError, match=r"player record 1 .*fide rating '2²85'"):
        swt.parse(patched(INDIVIDUAL, {base + 0x47: 0xB2}))  # cp1252 0xB2 is "²"


def test_duplicate_participant_id() -> None:
    base = FIXTURES + 24 * 9 * RECORD
    with pytest.raises(FormatError, match="participant id 1 is also that of player record 1"):
        swt.parse(patched(INDIVIDUAL, {base + 655 + 0xD9: 1}))


def test_read_missing_file() -> None:
    with pytest.raises(FormatError, match="cannot read"):
        swt.read(DATA / "missing.SWT")


# --------------------------------------------------------------------------- fuzzing

_SAMPLES = [INDIVIDUAL.read_bytes(), TEAM.read_bytes()]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(_SAMPLES),
    changes=st.lists(
        st.tuples(st.integers(0, 86_667), st.integers(0, 255)), min_size=1, max_size=8
    ),
    cut=st.one_of(st.none(), st.integers(0, 86_668)),
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
        swt.parse(bytes(data))

"""Swiss-Manager team files (.TUMX team Swiss, .TUTX team round robin): reading, damage, fuzzing.

The files here are written by ``swiss_manager_writer`` from the documented layout (the
public notes of zyf0717/chess-results-api), not by Swiss-Manager: byes, teams not paired,
forfeits, reserves and the ``.TUTX``'s fixed blocks, which the one real team file (a
``.TUMX``, ``test_swiss_manager_tumx.py``) does not all have. The writer's individual part
is checked against the real ``.TUNX`` here, its team part against the real ``.TUMX``
there (both must read back the same). Expectations are written out from the
writer's input, not taken from the reader.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swiss_manager_writer import (
    BYE,
    NOT_PAIRED,
    TEAM_NAMES,
    TEAM_ROUND_ROBIN_ROUNDS,
    TEAM_SWISS_ROUNDS,
    WPlayer,
    Written,
    WRound,
    WTeam,
    patch,
    pid,
    rr,
    team_round_robin,
    team_swiss,
    team_swiss_players,
    write,
)
from test_swiss_manager import SWISS, SWISS_GAMES_BY_ROUND

from wertung import evaluate
from wertung.catalogue import message_for, render
from wertung.formats import swiss_manager as sm
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._league import team_view
from wertung.tournament._model import Bye, Game

R = GameResult
CODE = {1: R.WHITE_WINS, 2: R.DRAW, 3: R.BLACK_WINS, 4: R.WHITE_WINS_FORFEIT,
        5: R.BLACK_WINS_FORFEIT, 6: R.DOUBLE_FORFEIT, 10: R.DOUBLE_FORFEIT}  # fmt: skip
OVER_THE_BOARD = {1: (1, 0), 2: (Fraction(1, 2), Fraction(1, 2)), 3: (0, 1)}


def team(number: int) -> int:
    """The team of a sample team-Swiss player (five players a team, in file order)."""
    return (number - 1) // 5 + 1


# --------------------------------------------------------------------------- the writer


def test_the_writer_reads_back_like_the_real_tunx() -> None:
    """The writer's header, schedule, player and game records are the verified layout:
    the real file rewritten by it reads the same."""
    real = sm.read(SWISS)
    players = []
    for p in real.players:
        last, _, first = p.name.partition(", ")
        birth = p.birth_date.strftime("%Y%m%d") if p.birth_date else f"{p.birth_year or 0}0000"
        players.append(WPlayer(last, first, national_rating=p.national_rating or 0,
                               birth=int(birth), club=p.club or "", federation=p.federation or "",
                               title=p.title or ""))  # fmt: skip
    rounds = [WRound(games=list(games), time="19:00") for games in SWISS_GAMES_BY_ROUND]
    copy = write("TUNX", real.name, players, rounds, federation="BRA", place=real.place or "",
                 time_control=real.time_control_text or "", start=20250527, end=20250701)  # fmt: skip
    again = sm.parse(copy.data, source=real.source)
    assert again.players == real.players
    assert (again.games, again.byes, again.notes) == (real.games, real.byes, real.notes)
    assert (again.name, again.start_date, again.end_date, again.time_control) == (
        real.name, real.start_date, real.end_date, real.time_control)  # fmt: skip
    assert again.teams == () and all(p.team is None for p in again.players)


# --------------------------------------------------------------------------- team Swiss


@pytest.fixture(scope="module")
def swiss():
    return sm.parse(team_swiss().data)


def test_team_swiss_teams_and_line_ups(swiss) -> None:
    assert [(t.id, t.name) for t in swiss.teams] == [(str(k), n) for k, n in
                                                    enumerate(TEAM_NAMES, start=1)]  # fmt: skip
    # line-up order is the roster board: team 2's players stand in reverse file order
    assert swiss.teams[0].players == ("1", "2", "3", "4", "5")
    assert swiss.teams[1].players == ("10", "9", "8", "7", "6")
    assert [p.team for p in swiss.players] == [str(team(k)) for k in range(1, 26)]
    first = swiss.players[0]
    assert (first.name, first.dwz, first.national_rating, first.fide_rating, first.fide_id) == (
        "Spieler11, Max",
        2100,
        2100,
        2150,
        "24000011",
    )
    assert (first.birth_year, first.birth_date) == (1981, dt.date(1981, 1, 1))
    assert swiss.players[2].birth_date is None and swiss.players[2].birth_year == 1981
    assert (swiss.name, swiss.place, swiss.rounds, swiss.time_control) == (
        "Mannschafts-Open 2026",
        "Ilmenau",
        3,
        "standard",
    )
    assert (swiss.start_date, swiss.end_date) == (dt.date(2026, 1, 10), dt.date(2026, 2, 7))


#: Boards as the team Swiss file gives them: the order of the slots within their team pairing.
BOARDS = [[1, 1, 2, 3, 4, 2, 3, 4], [1, 2, 3, 4] * 2, [1, 2, 3, 4] * 2]


def test_team_swiss_board_pairings(swiss) -> None:
    games, byes = [], []
    for rnd, (info, boards) in enumerate(zip(TEAM_SWISS_ROUNDS, BOARDS, strict=True), start=1):
        for (white, black, code), board in zip(info.games, boards, strict=True):
            if white and black:
                games.append(Game(rnd, str(white), str(black), CODE[code], board))
            else:  # an empty place: the player there wins by forfeit, no game
                byes.append(Bye(rnd, str(white or black), Fraction(1), ByeKind.FORFEIT_WIN))
    assert list(swiss.games) == games
    assert (
        list(swiss.byes)
        == byes
        == [
            Bye(1, str(pid(3, 3)), Fraction(1), ByeKind.FORFEIT_WIN),
            Bye(2, str(pid(2, 3)), Fraction(1), ByeKind.FORFEIT_WIN),
        ]
    )
    # reserves: the player on roster board 5 plays board 4 (round 1) and board 3 (round 3)
    assert Game(1, str(pid(4, 5)), str(pid(3, 4)), R.BLACK_WINS, 4) in swiss.games
    assert Game(3, str(pid(1, 5)), str(pid(5, 3)), R.DRAW, 3) in swiss.games


def test_team_swiss_notes(swiss) -> None:
    assert swiss.notes == (
        "round 2: 22-7 is a double zero (no points, not rated)",
        "round 1: SG Epsilon has a team bye (2 board points stored; not in the team matches)",
        "round 2: TSV Delta is not paired this round",
        "round 3: SC Gamma has a team bye (2 board points stored; not in the team matches)",
    )
    assert swiss.complete and swiss.played_rounds is None


def test_team_swiss_is_a_league_season(swiss) -> None:
    """Every player's W and n are his board games over the board (all have a DWZ)."""
    n: dict[str, int] = {}
    w: dict[str, Fraction] = {}
    for rnd in TEAM_SWISS_ROUNDS:
        for white, black, code in rnd.games:
            if white and black and code in OVER_THE_BOARD:
                for player, points in zip((white, black), OVER_THE_BOARD[code], strict=True):
                    n[str(player)] = n.get(str(player), 0) + 1
                    w[str(player)] = w.get(str(player), Fraction(0)) + points
    evaluation = evaluate(swiss)
    assert sum(n.values()) == 2 * 18  # 24 boards: 2 empty places, 2 forfeits, 2 double
    for result in evaluation.players:
        assert (result.counted_games, result.score) == (n.get(result.id, 0), w.get(result.id, 0))
    view = team_view(swiss, evaluation)
    # board points per team and round, counted from the file's codes (empty places: 1)
    points: dict[tuple[int, int], Fraction] = {}
    for rnd, info in enumerate(TEAM_SWISS_ROUNDS, start=1):
        for white, black, code in info.games:
            scores = {1: (1, 0), 2: (Fraction(1, 2),) * 2, 3: (0, 1), 4: (1, 0), 5: (0, 1)}
            for player, score in zip((white, black), scores.get(code, (0, 0)), strict=True):
                if player:
                    points[(rnd, team(player))] = points.get((rnd, team(player)), 0) + score
    assert len(view.matches) == 6 and all(m.boards == 4 and m.complete for m in view.matches)
    for match in view.matches:
        assert match.first_points == points[(match.round, int(match.first))]
        assert match.second_points == points[(match.round, int(match.second))]


# --------------------------------------------------------------------------- team round robin


def test_team_round_robin_fixed_blocks() -> None:
    t = sm.parse(team_round_robin().data)
    assert [(x.id, x.name) for x in t.teams] == [("1", "Team A"), ("2", "Team B"),
                                                 ("3", "Team C"), ("4", "Team D")]  # fmt: skip
    # the board is the position in the team pairing's block of 3: an empty board 2 keeps board 3
    assert list(t.games) == [
        Game(1, str(rr(1, 1)), str(rr(2, 1)), R.WHITE_WINS, 1),
        Game(1, str(rr(1, 3)), str(rr(2, 3)), R.DRAW, 3),
        Game(1, str(rr(3, 1)), str(rr(4, 1)), R.BLACK_WINS, 1),
        Game(1, str(rr(4, 2)), str(rr(3, 2)), R.DRAW, 2),
        Game(2, str(rr(3, 1)), str(rr(1, 1)), R.DRAW, 1),
        Game(2, str(rr(1, 2)), str(rr(3, 2)), R.WHITE_WINS, 2),
        Game(2, str(rr(3, 4)), str(rr(1, 3)), R.BLACK_WINS, 3),
    ]
    assert t.byes == (Bye(1, str(rr(3, 3)), Fraction(1), ByeKind.FORFEIT_WIN),)
    # round 3 has only empty blocks: not played yet
    assert t.played_rounds == 2
    assert t.notes == ("round 2: Team D – Team B has no board pairings", "after round 2 of 3")
    assert len(TEAM_ROUND_ROBIN_ROUNDS[2].games) == 6


def test_team_round_robin_player_outside_his_block_gets_no_board() -> None:
    written = team_round_robin()
    first = written.games[0][0]  # round 1, block Team A - Team B, board 1
    t = sm.parse(patch(written.data, first + 2, "H", rr(4, 4)))  # Black now of Team D
    assert Game(1, str(rr(1, 1)), str(rr(4, 4)), R.WHITE_WINS, None) in t.games
    assert f"round 1, game record at offset {first:#x}: player {rr(4, 4)} (team 4) is not of " \
           "the teams 1 and 2; no board number" in t.notes  # fmt: skip


# --------------------------------------------------------------------------- results and links


def test_results_not_yet_in() -> None:
    written = team_swiss()
    data = patch(written.data, written.games[2][0] + 4, "B", 0)  # round 3, a game
    data = patch(data, written.games[0][6] + 4, "B", 0)  # round 1, an empty place
    t = sm.parse(data)
    assert t.played_rounds == 0
    assert t.notes[-1] == "no round complete yet of 3; results not yet in: round 1, 3"
    assert len(t.games) == 21 and len(t.byes) == 1


def test_unknown_result_codes_are_incomplete() -> None:
    written = team_swiss()
    data = patch(written.data, written.games[0][6] + 4, "B", 77)
    data = patch(data, written.games[0][0] + 4, "B", 78)
    t = sm.parse(data)
    offsets = written.games[0][6], written.games[0][0]
    assert t.incomplete == (
        f"round 1, game record at offset {offsets[1]:#x}: result code 78 of 1-6 is unknown; "
        "game left out",
        f"round 1, game record at offset {offsets[0]:#x}: result code 77 of 13-0 is unknown; "
        "board left out",
    )


def test_empty_board_with_a_result_is_noted() -> None:
    written = team_round_robin()
    t = sm.parse(patch(written.data, written.games[0][1] + 4, "B", 1))
    assert (
        f"round 1, game record at offset {written.games[0][1]:#x}: an empty board with result "
        "code 1; ignored" in t.notes
    )


@pytest.mark.parametrize(
    ("change", "note"),
    [
        ((0, 0, 2, pid(5, 1)), "player 21 (team 5) is not of the teams 1 and 2"),
        ((0, 0, 2, pid(1, 5)), "the players 1 and 5 are of the same team"),
        ((1, 4, 0, pid(4, 5)), "team 4 has no opponent team this round"),
    ],
)
def test_boards_that_fit_no_team_pairing_are_noted(change, note) -> None:
    written = team_swiss()
    rnd, k, at, player = change
    offset = written.games[rnd][k]
    t = sm.parse(patch(written.data, offset + at, "H", player))
    assert f"round {rnd + 1}, game record at offset {offset:#x}: {note}; no board number" in t.notes
    game = next(g for g in t.games if g.round == rnd + 1 and str(player) in (g.white, g.black))
    assert game.board is None


def test_a_player_without_team() -> None:
    written = team_swiss()
    data = patch(written.data, written.player_blocks[pid(3, 3) - 1] + 52, "H", 0)
    t = sm.parse(data)
    assert t.players[pid(3, 3) - 1].team is None
    assert pid(3, 3) not in [int(x) for x in t.teams[2].players]
    offset = written.games[0][6]  # 3.3 against an empty place
    assert f"round 1, game record at offset {offset:#x}: player 13 has no team; no board number" \
        in t.notes  # fmt: skip


# --------------------------------------------------------------------------- another layout


def test_a_tunx_with_team_sections_is_a_layout_not_known() -> None:
    written = write("TUNX", "x", team_swiss_players(), TEAM_SWISS_ROUNDS[:1], team_sections=True)
    with pytest.raises(FormatError, match=r"lists team sections, but the configuration says an "
                                          r"individual tournament \(\.TUNX\)"):  # fmt: skip
        sm.parse(written.data)


@pytest.mark.parametrize(("kind", "what"), [("TUMX", "a team Swiss tournament"),
                                            ("TUTX", "a team round robin")])  # fmt: skip
def test_a_team_file_without_team_sections_is_a_layout_not_known(kind: str, what: str) -> None:
    written = write(kind, "x", team_swiss_players(), [], team_sections=False)
    with pytest.raises(FormatError) as error:
        sm.parse(written.data)
    assert error.value.message == (
        f"Swiss-Manager: a Swiss-Manager team file (.{kind}, {what}) of a layout wertung does "
        f"not know: the directory at offset {len(written.data) - 36:#x} lists no team sections"
    )
    german = render(error.value, "de")
    assert "Mannschaftsdatei" in german and "nicht kennt" in german and "team" not in german


def test_an_unknown_kind_and_an_unknown_directory_entry() -> None:
    written = team_swiss()
    with pytest.raises(FormatError, match=r"tournament type 9 \(configuration offset 15\)"):
        sm.parse(patch(written.data, written.config + 15, "H", 9))
    with pytest.raises(FormatError, match=r"the directory at offset 0x[0-9a-f]+ lists unknown"):
        sm.parse(patch(written.data, len(written.data) - 8, "I", 5))


# --------------------------------------------------------------------------- damaged files


def _config(name: str, value: int) -> Callable[[Written], bytes]:
    at = {"teams": 51, "boards": 53, "players": 23}[name]
    return lambda w: patch(w.data, w.config + at, "H", value)


def _orphan_team_5(w: Written) -> bytes:
    data = patch(w.data, w.config + 51, "H", 4)
    for k in range(pid(5, 1), pid(5, 5) + 1):
        data = patch(data, w.player_blocks[k - 1] + 52, "H", 0)
    return data


def _bad_blocks(_w: Written) -> bytes:
    rounds = [WRound(games=r.games[:5], matches=r.matches) for r in TEAM_ROUND_ROBIN_ROUNDS[:1]]
    players = [WPlayer(f"P{k}", team=(k - 1) // 4 + 1, board=(k - 1) % 4 + 1) for k in range(1, 17)]
    return write("TUTX", "x", players, rounds, [WTeam(c) for c in "ABCD"], boards=3).data


def _no_team_name(_w: Written) -> bytes:
    teams = [WTeam(n) for n in TEAM_NAMES]
    teams[2] = WTeam("  ")
    return write("TUMX", "x", team_swiss_players(), TEAM_SWISS_ROUNDS, teams, boards=4).data


DAMAGED: list[tuple[str, str, Callable[[Written], bytes], str]] = [
    ("cut short", "TUMX", lambda w: w.data[:-1],
     r"the file \(\d+ bytes\) has no directory and end marker in its last 36 bytes \(from offset "
     r"0x[0-9a-f]+\): cut short or damaged"),
    ("not a Swiss-Manager file", "TUMX", lambda w: b"\x93\xff\x88" + w.data[3:],
     r"not a Swiss-Manager file"),
    ("a record cut out", "TUMX", lambda w: w.data[: w.matches[2][2]] + w.data[w.matches[2][2] + 15:],
     r"the directory at offset 0x[0-9a-f]+ does not describe a layout wertung reads \(the file "
     r"is damaged"),
    ("teams marker", "TUMX", lambda w: patch(w.data, w.sections["teams"], "B", 0xB6),
     r"the teams section does not start with its marker at 0x[0-9a-f]+"),
    ("team pairings marker", "TUMX", lambda w: patch(w.data, w.sections["matches"] + 1, "B", 0),
     r"the matches section does not start with its marker at 0x[0-9a-f]+"),
    ("far more teams than the section holds", "TUMX", _config("teams", 60),
     r"the configuration says 60 teams; the teams section \(\d+ bytes\) cannot hold them"),
    ("one team more than the section holds", "TUMX", _config("teams", 6),
     r"team record 6 at offset 0x[0-9a-f]+, text 0 at offset 0x[0-9a-f]+: a text of 65475 "
     r"characters runs past the end of its section"),
    ("fewer teams than the section holds", "TUMX", _orphan_team_5,
     r"the teams section ends at 0x[0-9a-f]+, but 4 teams end at 0x[0-9a-f]+: a layout"),
    ("a player's team out of range", "TUMX", lambda w: patch(w.data, w.player_blocks[0] + 52, "H", 9),
     r"player record 1 at offset 0x[0-9a-f]+: team record 9 is not in the file \(5 teams\)"),
    ("a pairing's team out of range", "TUMX", lambda w: patch(w.data, w.matches[0][0], "H", 7),
     r"round 1, team pairing record at offset 0x[0-9a-f]+: team 7 is not in the file \(5 teams\)"),
    ("a sentinel as first team", "TUMX", lambda w: patch(w.data, w.matches[1][0], "H", BYE),
     r"round 2, team pairing record at offset 0x[0-9a-f]+: team 65535 is not in the file"),
    ("a team in two pairings", "TUMX", lambda w: patch(w.data, w.matches[0][1], "H", 1),
     r"round 1, team pairing record at offset 0x[0-9a-f]+: team 1 is also in the team pairing "
     r"at offset 0x[0-9a-f]+"),
    ("a pairing count not using up its section", "TUMX",
     lambda w: patch(w.data, w.schedule_blocks[0] + 8, "H", 4),
     r"the schedule lists 10 team pairings; the team pairings section holds 9: a layout"),
    ("a board count not using up its section", "TUMX",
     lambda w: patch(w.data, w.schedule_blocks[1] + 6, "H", 7),
     r"the schedule lists 23 games; the games section holds 24: a layout"),
    ("a player out of range", "TUMX", lambda w: patch(w.data, w.games[0][3] + 2, "H", 99),
     r"round 1, game record at offset 0x[0-9a-f]+: player 99 is not in the file"),
    ("a bye mark on a board", "TUMX", lambda w: patch(w.data, w.games[0][3] + 2, "H", NOT_PAIRED),
     r"round 1, game record at offset 0x[0-9a-f]+: player 0xfffe \(a bye mark\) in a board "
     r"pairing of a team event"),
    ("a player on two boards", "TUMX", lambda w: patch(w.data, w.games[2][1], "H", pid(1, 1)),
     r"round 3: player '1' is paired twice"),
    ("a team without a name", "TUMX", _no_team_name,
     r"team record 3 at offset 0x[0-9a-f]+: the name is empty"),
    ("a FIDE rating out of range", "TUMX", lambda w: patch(w.data, w.player_blocks[1] + 32, "H", 9999),
     r"player record 2 at offset 0x[0-9a-f]+: FIDE rating 9999 is out of range"),
    ("blocks that do not fit", "TUTX", _bad_blocks,
     r"round 1 of the schedule: 5 board pairings are not one block of 3 boards for each of its "
     r"2 team pairings"),
    ("no boards per match", "TUTX", _config("boards", 0),
     r"the configuration says 0 boards per match \(offset 53\)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("damage", "kind", "change", "expected"), DAMAGED, ids=[d[0] for d in DAMAGED]
)
def test_damaged_team_files_are_named(damage, kind, change, expected) -> None:
    written = team_swiss() if kind == "TUMX" else team_round_robin()
    with pytest.raises(FormatError, match=expected) as error:
        sm.parse(change(written))
    # every one of them is a catalogue message (German on a German page)
    message = message_for(error.value.message)
    assert message.translated, error.value.message
    assert render(error.value, "de") != error.value.message


def test_every_note_is_a_catalogue_message() -> None:
    notes = [*sm.parse(team_swiss().data).notes, *sm.parse(team_round_robin().data).notes]
    written = team_swiss()
    for change in ((0, 0, 2, pid(5, 1)), (0, 0, 2, pid(1, 5)), (1, 4, 0, pid(4, 5))):
        rnd, k, at, player = change
        notes += sm.parse(patch(written.data, written.games[rnd][k] + at, "H", player)).notes
    for note in notes:
        assert message_for(note).translated, note
        assert render(note, "de") != note


# --------------------------------------------------------------------------- fuzzing

_SAMPLES = [team_swiss(), team_round_robin()]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    sample=st.sampled_from(_SAMPLES),
    team_part=st.booleans(),
    changes=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1, max_size=8),
    cut=st.one_of(st.none(), st.integers(0, 2**20)),
)
def test_damaged_team_files_give_only_our_errors(
    sample: Written, team_part: bool, changes: list[tuple[int, int]], cut: int | None
) -> None:
    data = bytearray(sample.data)
    start = sample.sections["games"] if team_part else 0  # half the time: the team sections
    for offset, value in changes:
        data[start + offset % (len(data) - start)] = value
    if cut is not None:
        data = data[: cut % (len(data) + 1)]
    with contextlib.suppress(WertungError):
        sm.parse(bytes(data))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(codes=st.lists(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 10, 77]), min_size=24, max_size=24))
def test_any_results_read_as_boards_and_board_points(codes: list[int]) -> None:
    """The sample's slots with other result codes: every slot is one game, bye or open board."""
    rounds = []
    it = iter(codes)
    for info in TEAM_SWISS_ROUNDS:
        games = [(w, b, next(it)) for w, b, _ in info.games]
        rounds.append(WRound(games=games, matches=info.matches, date=info.date))
    t = sm.parse(write("TUMX", "x", team_swiss_players(), rounds,
                       [WTeam(n) for n in TEAM_NAMES], boards=4).data)  # fmt: skip
    known = [c for c in codes if c not in (0, 77)]
    assert len(t.games) + len(t.byes) == len(known)
    assert len(t.incomplete) == codes.count(77)
    assert all(g.board in (1, 2, 3, 4) for g in t.games)
    pending = {r for r, info in enumerate(rounds, start=1) if any(c == 0 for *_, c in info.games)}
    assert t.played_rounds == (None if not pending else min(pending) - 1)

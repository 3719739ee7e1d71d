"""A small writer of Swiss-Manager files for the tests (never a real file).

It follows the documented layout (``src/wertung/formats/_swiss_manager_layout.py``:
the public notes of ``zyf0717/chess-results-api``, ``docs/tumx-format.md`` and
``docs/swiss-manager-format.md``), not a file written by Swiss-Manager. Bytes the
layout does not describe are zero. :func:`write` returns the bytes and where each
section and record starts, so a test can damage one exactly.

The individual part is checked against the real ``.TUNX`` (the writer's copy of it
reads the same, ``test_swiss_manager_team.py``), the team part against the real
``.TUMX`` (``test_swiss_manager_tumx.py``); no real ``.TUTX`` is at hand: its fixed
blocks come from the notes and share every other code path with the ``.TUMX``.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

MARKER = b"\xff\x89\x44"
TAGS = {"header": 0x93, "configuration": 0x95, "schedule": 0xA3, "players": 0xA5,
        "games": 0xB3, "teams": 0xB5, "matches": 0xC3, "directory": 0xD3, "end": 0xE3}  # fmt: skip
CONFIG_LENGTH = 5887  # configuration section with its marker (both real files and the notes)
KINDS = {"TUNX": 0, "TURX": 1, "TUTX": 2, "TUMX": 3}
BYE, NOT_PAIRED = 0xFFFF, 0xFFFE


@dataclass
class WPlayer:
    last: str
    first: str = ""
    fide_rating: int = 0
    national_rating: int = 0
    birth: int = 0  # YYYYMMDD
    fide_id: int = 0
    team: int = 0  # team record number (1, 2, ...)
    board: int = 0  # roster board
    title: str = ""
    club: str = ""
    federation: str = ""
    national_id: str = ""


@dataclass
class WTeam:
    name: str
    display: str = ""
    captain: str = ""
    federation: str = ""


@dataclass
class WRound:
    #: (white, black, result code); 0 for an empty place, BYE / NOT_PAIRED as opponent.
    games: list[tuple[int, int, int]] = field(default_factory=list)
    #: (first team, second team or BYE / NOT_PAIRED, stored half points of each).
    matches: list[tuple[int, int, int, int]] = field(default_factory=list)
    date: int = 0
    time: str = "15:00"


@dataclass
class Written:
    data: bytes
    sections: dict[str, int]  # section name -> offset of its marker
    config: int  # offset of the configuration marker
    players: list[int]  # offset of each player record
    player_blocks: list[int]  # offset of each player's 134 bytes
    schedule_blocks: list[int]  # offset of each round's 76 bytes
    games: list[list[int]]  # per round, the offset of each game record
    teams: list[int]  # offset of each team record
    matches: list[list[int]]  # per round, the offset of each team pairing record
    extras: list[int] = field(default_factory=list)  # offset of each extra section's marker


def _text(value: str) -> bytes:
    raw = value.encode("utf-16-le")
    return struct.pack("<H", len(raw) // 2) + raw


def _marker(name: str) -> bytes:
    return bytes([TAGS[name]]) + MARKER


def write(
    kind: str,
    name: str,
    players: list[WPlayer],
    rounds: list[WRound],
    teams: list[WTeam] = (),  # type: ignore[assignment]
    *,
    boards: int = 0,
    federation: str = "",
    place: str = "",
    time_control: str = "90 min/40 moves + 30 min + 30 s/move",
    start: int = 0,
    end: int = 0,
    team_sections: bool | None = None,
    texts: dict[int, str] | None = None,
    extras: list[tuple[int, bytes]] = (),  # type: ignore[assignment]
) -> Written:
    """A Swiss-Manager file of ``kind`` (``TUNX``, ``TUTX``, ``TUMX``, ``TURX``).

    ``team_sections``: write the teams and team pairings sections and the team
    directory (default: for the team kinds). ``texts``: further header strings by
    index (2: the remarks). ``extras``: sections after the known ones, as (tag byte,
    bytes after the marker), listed in the directory (the real ``.TUMX`` has one,
    ``c5``).
    """
    team_sections = kind in ("TUMX", "TUTX") if team_sections is None else team_sections
    out = bytearray(_marker("header") + bytes(104))
    strings = [""] * 132
    strings[0], strings[5], strings[14], strings[20] = name, place, time_control, federation
    for index, text in (texts or {}).items():
        strings[index] = text
    for text in strings:
        out += _text(text)
    config = len(out)
    block = bytearray(CONFIG_LENGTH)
    block[:4] = _marker("configuration")
    struct.pack_into("<H", block, 15, KINDS[kind])
    struct.pack_into("<H", block, 23, len(players))
    struct.pack_into("<H", block, 27, len(rounds))
    struct.pack_into("<H", block, 51, len(teams))
    struct.pack_into("<H", block, 53, boards)
    struct.pack_into("<I", block, 75, start)
    struct.pack_into("<I", block, 79, end)
    out += block
    sections = {"schedule": len(out)}
    out += _marker("schedule")
    schedule_blocks = []
    for rnd in rounds:
        out += _text(rnd.time) + _text("") * 15
        numbers = bytearray(76)
        struct.pack_into("<IxxHH", numbers, 0, rnd.date, len(rnd.games), len(rnd.matches))
        schedule_blocks.append(len(out))
        out += numbers
    sections["players"] = len(out)
    out += _marker("players")
    player_offsets, player_blocks = [], []
    for p in players:
        player_offsets.append(len(out))
        texts = [""] * 18
        texts[0], texts[1], texts[4], texts[5] = p.last, p.first, p.title, p.national_id
        texts[9], texts[10] = p.club, p.federation
        for text in texts:
            out += _text(text)
        numbers = bytearray(134)
        struct.pack_into("<HH", numbers, 32, p.fide_rating, p.national_rating)
        struct.pack_into("<I", numbers, 38, p.birth)
        struct.pack_into("<IHH", numbers, 48, p.fide_id, p.team, p.board)
        player_blocks.append(len(out))
        out += numbers
    sections["games"] = len(out)
    out += _marker("games")
    games = []
    for rnd in rounds:
        games.append([])
        for white, black, code in rnd.games:
            games[-1].append(len(out))
            out += struct.pack("<HHB", white, black, code) + bytes(16)
    team_offsets: list[int] = []
    matches: list[list[int]] = []
    if team_sections:
        sections["teams"] = len(out)
        out += _marker("teams")
        for team in teams:
            team_offsets.append(len(out))
            for text in (team.name, team.display, team.captain, team.federation, ""):
                out += _text(text)
            out += bytes(96)
        sections["matches"] = len(out)
        out += _marker("matches")
        for rnd in rounds:
            matches.append([])
            for first, second, a, b in rnd.matches:
                matches[-1].append(len(out))
                out += struct.pack("<HHHH", first, second, a, b) + bytes(7)
    extra_offsets = []
    for tag, body in extras:
        extra_offsets.append(len(out))
        out += bytes([tag]) + MARKER + body
    directory = len(out)
    order = ["schedule", "players", "games"] + (["teams", "matches"] if team_sections else [])
    values = [sections[n] for n in order] + extra_offsets + [directory]
    values += [0] * (7 - len(values))
    out += _marker("directory") + struct.pack("<7I", *values) + _marker("end")
    return Written(bytes(out), sections, config, player_offsets, player_blocks,
                   schedule_blocks, games, team_offsets, matches, extra_offsets)  # fmt: skip


def patch(data: bytes, offset: int, fmt: str, *values: int) -> bytes:
    """``data`` with ``values`` packed (little-endian ``fmt``) at ``offset``."""
    out = bytearray(data)
    struct.pack_into("<" + fmt, out, offset, *values)
    return bytes(out)


# --------------------------------------------------------------------------- the samples


def pid(team: int, roster: int, per_team: int = 5) -> int:
    """The file position of a sample player: teams one after another, by roster board."""
    return (team - 1) * per_team + roster


TEAM_SWISS_ROUNDS = [
    WRound(
        date=20260110,
        # team 1 - team 2 and team 3 - team 4, their slots interleaved; an empty place
        # (3.3 wins by forfeit), a reserve on board 4 (4.5), a forfeit (2.4 - 1.4)
        games=[(pid(1, 1), pid(2, 1), 1), (pid(3, 1), pid(4, 1), 2), (pid(2, 2), pid(1, 2), 2),
               (pid(1, 3), pid(2, 3), 3), (pid(2, 4), pid(1, 4), 4), (pid(4, 2), pid(3, 2), 1),
               (pid(3, 3), 0, 4), (pid(4, 5), pid(3, 4), 3)],
        matches=[(1, 2, 0, 0), (3, 4, 0, 0), (5, BYE, 4, 0)],
    ),
    WRound(
        date=20260124,
        # a double forfeit, a double zero, an empty White place (2.3 wins)
        games=[(pid(1, 1), pid(3, 1), 3), (pid(3, 2), pid(1, 2), 2), (pid(1, 3), pid(3, 3), 1),
               (pid(3, 4), pid(1, 4), 6), (pid(2, 1), pid(5, 1), 2), (pid(5, 2), pid(2, 2), 10),
               (0, pid(2, 3), 5), (pid(5, 4), pid(2, 4), 1)],
        matches=[(1, 3, 0, 0), (2, 5, 0, 0), (4, NOT_PAIRED, 0, 0)],
    ),
    WRound(
        date=20260207,
        games=[(pid(1, 1), pid(5, 1), 1), (pid(5, 2), pid(1, 2), 3), (pid(1, 5), pid(5, 3), 2),
               (pid(5, 4), pid(1, 4), 2), (pid(2, 1), pid(4, 1), 1), (pid(4, 2), pid(2, 2), 1),
               (pid(2, 3), pid(4, 3), 5), (pid(4, 4), pid(2, 4), 2)],
        matches=[(1, 5, 0, 0), (2, 4, 0, 0), (3, BYE, 4, 0)],
    ),
]  # fmt: skip
TEAM_NAMES = ["SK Alpha", "SV Beta", "SC Gamma", "TSV Delta", "SG Epsilon"]


def team_swiss_players(per_team: int = 5) -> list[WPlayer]:
    """Five players a team, all with a DWZ; team 2's roster boards in reverse file order."""
    players = []
    for team in range(1, len(TEAM_NAMES) + 1):
        for roster in range(1, per_team + 1):
            board = per_team + 1 - roster if team == 2 else roster
            players.append(
                WPlayer(
                    last=f"Spieler{team}{roster}",
                    first="Max" if roster % 2 else "Erika",
                    national_rating=2200 - 40 * team - 60 * board,
                    fide_rating=2250 - 40 * team - 60 * board if board <= 2 else 0,
                    fide_id=24_000_000 + 10 * team + roster if board <= 2 else 0,
                    birth=19800000 + team * 10000 + (roster * 100 + 1 if roster < 3 else 0),
                    team=team,
                    board=board,
                    club=TEAM_NAMES[team - 1],
                    federation="GER",
                )
            )
    return players


def team_swiss() -> Written:
    """A team Swiss (``.TUMX``): 5 teams of 5 players, 4 boards, 3 rounds, a team bye each
    round but one, a team not paired, forfeits and empty places."""
    return write(
        "TUMX", "Mannschafts-Open 2026", team_swiss_players(), TEAM_SWISS_ROUNDS,
        [WTeam(n, federation="GER") for n in TEAM_NAMES], boards=4, federation="GER",
        place="Ilmenau", start=20260110, end=20260207,
    )  # fmt: skip


def rr(team: int, roster: int) -> int:
    return pid(team, roster, per_team=4)


TEAM_ROUND_ROBIN_ROUNDS = [
    WRound(
        date=20260920,
        # block 1: board 2 empty on both sides; block 2: board 3 without a Black player
        games=[(rr(1, 1), rr(2, 1), 1), (0, 0, 0), (rr(1, 3), rr(2, 3), 2),
               (rr(3, 1), rr(4, 1), 3), (rr(4, 2), rr(3, 2), 2), (rr(3, 3), 0, 4)],
        matches=[(1, 2, 0, 0), (3, 4, 0, 0)],
    ),
    WRound(
        date=20261018,
        # the second block is empty: team 4 - team 2 was not entered
        games=[(rr(3, 1), rr(1, 1), 2), (rr(1, 2), rr(3, 2), 1), (rr(3, 4), rr(1, 3), 3),
               (0, 0, 0), (0, 0, 0), (0, 0, 0)],
        matches=[(3, 1, 0, 0), (4, 2, 0, 0)],
    ),
    WRound(date=20261115, games=[(0, 0, 0)] * 6, matches=[(1, 4, 0, 0), (2, 3, 0, 0)]),
]  # fmt: skip


def team_round_robin() -> Written:
    """A team round robin (``.TUTX``): 4 teams of 4, 3 boards, round 3 not yet played."""
    players = [
        WPlayer(last=f"Rr{team}{roster}", first="A", national_rating=1900 - 50 * roster - 10 * team,
                team=team, board=roster, federation="GER")
        for team in range(1, 5) for roster in range(1, 5)
    ]  # fmt: skip
    return write(
        "TUTX", "Bezirksliga 2026/27", players, TEAM_ROUND_ROBIN_ROUNDS,
        [WTeam(f"Team {n}") for n in "ABCD"], boards=3, federation="GER",
        start=20260920, end=20261115,
    )  # fmt: skip

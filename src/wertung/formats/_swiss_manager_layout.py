"""Where the fields of a Swiss-Manager file lie (plain data, no code).

Facts from the public notes ``docs/swiss-manager-format.md`` and
``docs/tumx-format.md`` of ``zyf0717/chess-results-api`` and from the record
layouts of ChessLeagueManager's importer (``site/clm/api/db_swm_import.php``, GPL:
read for the facts only), each checked against the real files in
``tests/data/swiss-manager``. All numbers are little-endian; a string is a
``uint16`` count of UTF-16 code units followed by UTF-16LE text.

A file is a row of sections, each starting with a tag byte and ``ff 89 44``:
header (``93``: 108 fixed bytes, then 132 strings), configuration (``95``, 5887
bytes with its marker), schedule (``a3``: per round 16 strings and 76 bytes),
players (``a5``: per player 18 strings and 134 bytes), board pairings (``b3``: 21
bytes each), in team files teams (``b5``: per team 5 strings and 96 bytes) and
team pairings (``c3``: 15 bytes each), then sections the notes do not know (the
real ``.TUMX``: ``c5``), and at the end a 36-byte directory (``d3``, seven
``uint32``: the offsets of the sections from the schedule on, then the
directory's own offset, then zeros; end marker ``e3``).

The real files (``tests/formats/test_swiss_manager.py``, ``tests/formats/test_swiss_manager_tumx.py``):

======================  =============  ==============================================
file                    size           directory (offsets; tags)
======================  =============  ==============================================
``.TUNX``, 18 players   13746 bytes    1ac5 1d8d 3035 358e 0 0 0 (a3 a5 b3)
``.TURX``, 6 players    9074 bytes     197f 1bd1 220f 234e 0 0 0 (a3 a5 b3)
``.TUMX``, 93 players   40499 bytes    1d31 1ff9 8119 90dd 9b27 9dfb 9e0f
                                       (a3 a5 b3 b5 c3 c5)
======================  =============  ==============================================

What is checked against real files and what is not:

* **Checked** byte by byte, all three files: the markers; the header and its
  strings (the name 0, the remarks 2 — two lines with CR LF in the ``.TUMX`` —,
  the place 5, the time control 14, the federation 20, the chief arbiter 21);
  the configuration fields ``kind``, ``players``, ``rounds``, the dates; the
  schedule (date, board pairings, team pairings at 8: 0 in the individual files,
  8 a round in the ``.TUMX``); the player record (names, title, national id,
  club, federation; FIDE rating at 32 — 0 in all three —, national rating at 34 —
  the Brazilian ratings of those files —, birth date at 38, FIDE id at 48); the
  game record and the result codes 1–5, an empty place (player 0) beside a
  forfeit win (4, 5).
* **Checked on the ``.TUMX``** (a team Swiss: 16 teams, 6 rounds, 4 boards): the
  team directory with one extra section; the configuration's team count (51) and
  boards per match (53); the player's team record number (52) and roster board
  (54: the line-up, 1–6); the team record (name, display name, captain, 96 bytes
  not read); the team pairing record (first and second team, the stored board
  points: 0 for every ordinary match, the results are the boards' sums). Its 32
  board pairings a round come four a team pairing in the order of the team
  pairings, every board's players of that pairing's two teams: what the players'
  teams give (the reader's way, below) and what ChessLeagueManager takes (blocks
  of *boards per match* records) agree.
* **The club pairs section** ``c5`` (the ``.TUMX``'s sixth, 20 bytes): after its
  marker the team record numbers ``3 14 4 9 6 12 7 16``, four pairs, each two teams
  of one club (ALEX-A01 and ALEX-A02, CMUN-A01 and CMUN-A02, CXG-A01 and CXG-A02,
  CXP-A01 and CXP-A02; the players' clubs agree). What Swiss-Manager does with
  them is not known (CXG-A01 met CXG-A02 in round 2: no ban on pairing them); the
  reader names the pairs in a note and nothing of it counts. Neither public
  description lists this section; any other section after the known ones is
  skipped and named.
* **From the notes only** (no real file has them): the team round robin
  (``.TUTX``, the notes' Croatian league file) with its fixed block of *boards per
  match* slots per team pairing, in order; a team bye (second team ``ffff``) and a
  team not paired (``fffe``) with their stored board points; the result codes 6,
  9, 10 and 0 (not yet in); the team record's federation and group strings.
"""

from __future__ import annotations

__all__ = [
    "BYE_CODE",
    "CLUB_PAIR_LENGTH",
    "CONFIG",
    "DIRECTORY_LENGTH",
    "EXTRA_TAGS",
    "GAME_LENGTH",
    "HEADER_FIXED",
    "HEADER_STRINGS",
    "INDIVIDUAL_SECTIONS",
    "KINDS",
    "MARKER",
    "MATCH",
    "MATCH_LENGTH",
    "NO_OPPONENT",
    "PLAYER",
    "PLAYER_NUMBERS",
    "PLAYER_NUMBERS_AT",
    "PLAYER_STRINGS",
    "REMARKS",
    "RESULTS",
    "ROUND",
    "ROUND_NUMBERS",
    "ROUND_STRINGS",
    "TAGS",
    "TEAM",
    "TEAM_KINDS",
    "TEAM_NUMBERS",
    "TEAM_SECTIONS",
    "TEAM_STRINGS",
    "TEXT",
    "UNREPORTED",
]

MARKER = b"\xff\x89\x44"  # follows the tag byte of every section
TAGS = {
    "header": 0x93,
    "configuration": 0x95,
    "schedule": 0xA3,
    "players": 0xA5,
    "games": 0xB3,
    "teams": 0xB5,
    "matches": 0xC3,
    "directory": 0xD3,
    "end": 0xE3,
}
#: Sections after the known ones that the reader takes (team files); any other is skipped.
EXTRA_TAGS = {"club_pairs": 0xC5}
DIRECTORY_LENGTH = 36
#: The directory's seven offsets: individual files (then three zeros), team files (then a zero).
INDIVIDUAL_SECTIONS = ("schedule", "players", "games")
TEAM_SECTIONS = ("schedule", "players", "games", "teams", "matches")

HEADER_FIXED = 108
HEADER_STRINGS = 132
#: Header strings read as one-line values, by index.
TEXT = {"name": 0, "place": 5, "time_control": 14, "federation": 20, "arbiter": 21}
#: The header string of the tournament's remarks: a free text of several lines (CR LF).
REMARKS = 2

#: Configuration: offsets from its marker, (offset, size in bytes).
CONFIG = {
    "kind": (15, 2),  # 0 TUNX, 1 TURX, 2 TUTX, 3 TUMX
    "players": (23, 2),
    "rounds": (27, 2),  # the scheduled rounds
    "teams": (51, 2),  # team files
    "boards": (53, 2),  # boards per team match, team files
    "start_date": (75, 4),  # YYYYMMDD
    "end_date": (79, 4),
}
KINDS = {
    0: ("TUNX", "an individual Swiss tournament"),
    1: ("TURX", "an individual round robin"),
    2: ("TUTX", "a team round robin"),
    3: ("TUMX", "a team Swiss tournament"),
}
TEAM_KINDS = frozenset({2, 3})

ROUND_STRINGS = 16
ROUND_NUMBERS = 76
#: In a round's 76 bytes: its date, its board pairings and (team files) its team pairings.
ROUND = {"date": (0, 4), "games": (6, 2), "matches": (8, 2)}

PLAYER_STRINGS = 18
PLAYER_NUMBERS = 134
#: Player strings by index.
PLAYER = {
    "last_name": 0,
    "first_name": 1,
    "title": 4,
    "national_id": 5,
    "club": 9,
    "federation": 10,
}
#: In a player's 134 bytes.
PLAYER_NUMBERS_AT = {
    "fide_rating": (32, 2),
    "national_rating": (34, 2),
    "birth_date": (38, 4),  # YYYYMMDD, 0000 for an unknown month and day
    "fide_id": (48, 4),
    "team": (52, 2),  # team files: the team's record number (1, 2, ...; 0: none)
    "roster_board": (54, 2),  # team files: the place in the team's line-up
}

TEAM_STRINGS = 5
TEAM_NUMBERS = 96
#: Team strings by index (the 96 bytes after them are not read).
TEAM = {"name": 0, "display_name": 1, "captain": 2, "federation": 3, "group": 4}

#: A team pairing: two team record numbers, the board points stored (half points;
#: only special entries carry them), seven bytes not read.
MATCH_LENGTH = 15
MATCH = {"first": (0, 2), "second": (2, 2), "first_points2": (4, 2), "second_points2": (6, 2)}

#: The club pairs section (``c5``): after its marker, two ``uint16`` team record numbers
#: a pair, nothing else (one real file: four pairs, each two teams of one club).
CLUB_PAIR_LENGTH = 4

#: A game: white and black player numbers (file positions from 1), result code.
GAME_LENGTH = 21
#: As the second player of a game (individual files) or the second team of a team pairing.
NO_OPPONENT = {0xFFFF: "bye", 0xFFFE: "not paired"}

#: Result codes: (white's points, black's points, played over the board).
RESULTS = {
    1: "1-0",
    2: "½-½",
    3: "0-1",
    4: "+-",  # white wins by forfeit
    5: "-+",  # black wins by forfeit
    6: "--",  # double forfeit
    10: "0-0",  # double zero: neither player scores, not a game over the board
}
UNREPORTED = 0
BYE_CODE = 9

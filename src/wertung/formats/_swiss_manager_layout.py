"""Where the fields of a Swiss-Manager file lie (plain data, no code).

Facts from the public notes ``docs/swiss-manager-format.md`` and
``docs/tumx-format.md`` of ``zyf0717/chess-results-api``. All numbers are
little-endian; a string is a ``uint16`` count of UTF-16 code units followed by
UTF-16LE text.

A file is a row of sections, each starting with a tag byte and ``ff 89 44``:
header (``93``: 108 fixed bytes, then 132 strings), configuration (``95``),
schedule (``a3``: per round 16 strings and 76 bytes), players (``a5``: per player
18 strings and 134 bytes), games (``b3``: 21 bytes each), in team files teams
(``b5``: per team 5 strings and 96 bytes) and team pairings (``c3``: 15 bytes
each), and at the end a 36-byte directory (``d3``, seven ``uint32`` section
offsets, end marker ``e3``).

What is checked against real files and what is not:

* **Checked** byte by byte against the two real files in ``tests/data/swiss-manager``
  (a ``.TUNX`` and a ``.TURX``): the markers, the header and its strings, the
  configuration fields ``kind``, ``players``, ``rounds``, the dates, the schedule
  (date, games; the team-pairing count at 8 is 0 there), the player record (names,
  title, national id, club, federation; FIDE rating at 32, national rating at 34 — the
  Brazilian ratings of those files —, birth date at 38, FIDE id at 48; team and roster
  board at 52/54 are 0 there), the game record and the result codes, the
  individual directory (schedule, players, games, directory, three zeros).
* **From one file each, not checked here** (no real team file is at hand): the
  team directory (schedule, players, games, teams, team pairings, directory, 0),
  the configuration's team count (51) and boards per match (53), the player's team
  record number (52) and roster board (54), the team record, the team pairing
  record with its sentinels, and how board pairings belong to team pairings: in a
  team Swiss file (``.TUMX``, the notes' 2026 Olympiad file) through the players'
  teams, in a team round robin (``.TUTX``, the notes' Croatian league file) as a
  fixed block of *boards per match* board slots per team pairing, in order. The
  player record of team files is taken to be the one checked above (the notes
  document the same size and the same offsets 32, 38 and 48 for it).
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
    "teams": (51, 2),  # team files (one file)
    "boards": (53, 2),  # boards per team match, team files (one file)
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
    "team": (52, 2),  # team files: the team's record number (1, 2, ...; one file)
    "roster_board": (54, 2),  # team files: the place in the team's line-up (one file)
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

"""Where the fields of a Swiss-Manager file lie (plain data, no code).

Facts from the public notes ``docs/swiss-manager-format.md`` and
``docs/tumx-format.md`` of ``zyf0717/chess-results-api``, every offset checked
against the two real files in ``tests/data/swiss-manager`` (a ``.TUNX`` and a
``.TURX``). All numbers are little-endian; a string is a ``uint16`` count of
UTF-16 code units followed by UTF-16LE text.

A file is a row of sections, each starting with a tag byte and ``ff 89 44``:
header (``93``: 108 fixed bytes, then 132 strings), configuration (``95``),
schedule (``a3``: per round 16 strings and 76 bytes), players (``a5``: per player
18 strings and 134 bytes), games (``b3``: 21 bytes each), in team files teams
(``b5``) and team matches (``c3``), and at the end a 36-byte directory (``d3``,
seven ``uint32`` section offsets, end marker ``e3``).
"""

from __future__ import annotations

__all__ = [
    "BYE_CODE",
    "CONFIG",
    "DIRECTORY_LENGTH",
    "GAME_LENGTH",
    "HEADER_FIXED",
    "HEADER_STRINGS",
    "KINDS",
    "MARKER",
    "NO_OPPONENT",
    "PLAYER",
    "PLAYER_NUMBERS",
    "PLAYER_NUMBERS_AT",
    "PLAYER_STRINGS",
    "RESULTS",
    "ROUND",
    "ROUND_NUMBERS",
    "ROUND_STRINGS",
    "TAGS",
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
DIRECTORY_LENGTH = 36

HEADER_FIXED = 108
HEADER_STRINGS = 132
#: Header strings by index.
TEXT = {"name": 0, "place": 5, "time_control": 14, "federation": 20, "arbiter": 21}

#: Configuration: offsets from its marker, (offset, size in bytes).
CONFIG = {
    "kind": (15, 2),  # 0 TUNX, 1 TURX, 2 TUTX, 3 TUMX
    "players": (23, 2),
    "rounds": (27, 2),  # the scheduled rounds
    "start_date": (75, 4),  # YYYYMMDD
    "end_date": (79, 4),
}
KINDS = {
    0: ("TUNX", "an individual Swiss tournament"),
    1: ("TURX", "an individual round robin"),
    2: ("TUTX", "a team round robin"),
    3: ("TUMX", "a team Swiss tournament"),
}

ROUND_STRINGS = 16
ROUND_NUMBERS = 76
#: In a round's 76 bytes.
ROUND = {"date": (0, 4), "games": (6, 2)}

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
}

#: A game: white and black player numbers (file positions from 1), result code.
GAME_LENGTH = 21
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

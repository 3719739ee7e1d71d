"""Where the fields of a Swiss-Chess ``.SWT`` file lie (plain data, no code).

Facts from the public layout tables of the project ``fnogatz/SWT-structure-files``
(directories ``700`` and ``800``; field numbers as there, German names in its
``field-names/de.csv``) and checked byte by byte against the two sample files in
``tests/data/swt`` (both written by Swiss-Chess 8.83). Offsets are 0-based byte
positions; a field is ``(offset, length)``.

A file is: the general block (tournament data) from offset 0; from
``fixtures`` on, per participant (all players first, then in a team file all
teams) and per round one pairing record of ``PAIRING_LENGTH`` bytes; then the
player records, then the team records.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "GENERAL",
    "LAYOUTS",
    "PAIRING",
    "PAIRING_LENGTH",
    "PLAYER",
    "TEAM",
    "Layout",
]


@dataclass(frozen=True, slots=True)
class Layout:
    """The sizes that differ between program versions."""

    version: int  # 700 or 800: the lowest program version with this layout
    fixtures: int  # offset of the first pairing record
    player_length: int
    team_length: int


#: structure.csv of 700/ and 800/.
LAYOUTS: dict[int, Layout] = {
    700: Layout(700, fixtures=3894, player_length=292, team_length=292),
    800: Layout(800, fixtures=13384, player_length=655, team_length=655),
}

PAIRING_LENGTH = 19

#: General block (general.csv); numbers are little-endian.
GENERAL: dict[str, tuple[int, int]] = {
    "rounds": (0x01, 1),  # 1 Anzahl der Runden
    "current_round": (0x03, 1),  # 2 aktuelle Runde
    "paired_rounds": (0x05, 1),  # 3 ausgeloste Runden
    "players": (0x07, 2),  # 4 Teilnehmerzahl
    "team_event": (0x25E, 1),  # 35 Mannschaftsturnier (00 no, FF yes)
    "version": (0x261, 2),  # 9999 file version (883 = 8.83)
    "teams": (0x534, 1),  # 80 Mannschaftszahl
    "name": (0x316, 40),  # 65 Turniername
    "place": (0x33F, 40),  # 66 Ort/Land
    "start_date": (0x41F, 20),  # 70 Datum Start (text, DD.MM.YYYY)
    "end_date": (0x434, 20),  # 71 Datum Ende
    "period_1": (0x449, 20),  # 72 1. Periode Züge/Std.
    "period_2": (0x45E, 20),  # 73 2. Periode
    "period_3": (0x473, 21),  # 74 3. Periode
}

#: Round dates (fields 89, 91, ...; version 8 only): per round 2 bytes date
#: (days since 1899-12-30) and 2 bytes time (hour, minute), from this offset on.
ROUND_DATES = 0x2CC1
ROUND_DATES_MAX = 40

#: Player record (player.csv, record length 655 in version 8).
PLAYER: dict[str, tuple[int, int]] = {
    "name": (0x00, 32),  # 2000 Spielername "Last,First"
    "club": (0x21, 32),  # 2001 Verein (team name in team files)
    "title": (0x42, 3),  # 2002 FIDE-Titel
    "fide_rating": (0x46, 4),  # 2003 FIDE-Elo (text)
    "national_rating": (0x4B, 4),  # 2004 NWZ (text; the DWZ in German events)
    "federation": (0x69, 3),  # 2006 Land
    "birth_date": (0x80, 10),  # 2008 Geburtsdatum (YYYYMMDD or YYYY, blank-padded)
    "zps": (0x99, 5),  # 2010 ZPS Vereins-Nr.
    "member_number": (0x9F, 4),  # 2011 ZPS Mitglieds-Nr.
    "sex": (0xB8, 1),  # 2013 Attribut: m / w (an asterisk marks inactive)
    "team": (0xC9, 2),  # 2016 MNr. (team number in team files)
    "lineup_board": (0xCB, 2),  # 2017 Brett
    "id": (0xD9, 2),  # 2020 TNr.-ID (the number pairing records refer to)
    "number": (0xDB, 2),  # 2021 TNr.-ID dez
    "games": (0xE1, 2),  # 2024 Spiele gesamt
    "won": (0xE3, 2),  # 2025 Spiele gewonnen
    "drawn": (0xE5, 2),  # 2026 Spiele unentschieden
    "lost": (0xE7, 2),  # 2027 Spiele verloren
    "points2": (0x124, 2),  # 2030 Brettpunkte * 2 (version 8)
    "fide_id": (0x144, 12),  # 2033 FIDE-ID (version 8)
    "pkz": (0x151, 12),  # 2034 PKZ (version 8)
}

#: Team record (team.csv).
TEAM: dict[str, tuple[int, int]] = {
    "name": (0x00, 32),  # 1000 Mannschaftsname
    "number": (0xDB, 2),  # 1019 MNr.
}

#: Pairing record of a player (individual-pairings.csv), offsets inside the record.
PAIRING: dict[str, int] = {
    "colour": 0x08,  # 4000: 0 none, 1 white, 3 black, 2 white (bye), 4 black (bye)
    "opponent": 0x09,  # 4001: the opponent's TNr.-ID (2 bytes)
    "result": 0x0B,  # 4002: low 2 bits 1 = 0, 2 = ½, 3 = 1, 0 = not yet in
    "table": 0x0D,  # 4004 Tisch
    "status": 0x0F,  # 4005 (selection 3006): 0 normal, 02/22 forfeit,
    #                  03/33 not used (nicht eingesetzt), 01/11 adjourned
    "board": 0x12,  # 4006 Brett (team files)
}

COLOUR_NONE = 0
COLOUR_WHITE = 1
COLOUR_WHITE_BYE = 2
COLOUR_BLACK = 3
COLOUR_BLACK_BYE = 4

STATUS_FORFEIT = frozenset({0x02, 0x22})
STATUS_NOT_USED = frozenset({0x03, 0x33})
STATUS_ADJOURNED = frozenset({0x01, 0x11})

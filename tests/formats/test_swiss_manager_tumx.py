"""The real Swiss-Manager team file (``.TUMX``): every player, team, line-up and board game.

``fxj_swiss_team_93players.TUMX`` (see ``data/swiss-manager/SOURCES.md``): the 48th FEXERJ
Interclubes 2025, class A, a team Swiss of 16 teams (93 players), 6 rounds on 4 boards,
written by Swiss-Manager. Its directory lists one section more than the documented layout
(``c5``, 20 bytes: four pairs of teams, each two teams of one club), and its remarks are two
lines (CR LF).

The expectations are written out from the file's bytes, decoded here with ``struct`` after
the layout (``_swiss_manager_layout``), not taken from the reader. The file stores no match
scores for ordinary team pairings (their stored board points are 0); the match results are
the sums of the boards, which this test adds up from the raw records itself.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import json
import struct
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from swiss_manager_writer import WPlayer, WRound, WTeam, write
from typer.testing import CliRunner

from wertung import evaluate
from wertung.catalogue import message_for, render
from wertung.cli import app
from wertung.formats import _swiss_manager_layout as L
from wertung.formats import _swiss_manager_sections as S
from wertung.formats import swiss_manager as sm
from wertung.formats._binary import Binary
from wertung.kernel.errors import WertungError
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._league import team_view
from wertung.tournament._model import Bye, Game

TUMX = Path(__file__).parents[1] / "data" / "swiss-manager" / "fxj_swiss_team_93players.TUMX"
DATA = TUMX.read_bytes()
R = GameResult

#: The directory (the last 36 bytes): schedule, players, board pairings, teams, team
#: pairings, the extra section ``c5``, then the directory itself.
DIRECTORY = [0x1D31, 0x1FF9, 0x8119, 0x90DD, 0x9B27, 0x9DFB, 0x9E0F]
TAGS = [0xA3, 0xA5, 0xB3, 0xB5, 0xC3, 0xC5]
CLUB_PAIRS = [(3, 14), (4, 9), (6, 12), (7, 16)]  # ALEX, CMUN, CXG, CXP: A01 and A02

#: Per team (file order), its players in line-up order: (file position, name, national
#: rating, birth year, title, club, federation).
TEAMS = {
    "TTC-A01": [
        (88, "Romeo, Salvador Freitas", 2305, 1975, "FM", "Ttc", "BRA"),
        (89, "Arthur, Santa Cruz", 2283, 1982, "", "Ttc", "BRA"),
        (90, "Jose, Eduardo Bastos De Oliveira Maia", 2183, 1965, "FM", "Ttc", "BRA"),
        (91, "Fernando, Ventura De Oliveira", 2180, 1992, "", "Ttc", "BRA"),
        (92, "Jorge, Antonio Torres Chaves", 1988, 1963, "NM", "Ttc", "BRA"),
        (93, "Oscar, Antonio Solano Rueda", 1927, 1989, "", "Ttc", "BRA"),
    ],
    "NXN-A01": [
        (82, "Daniel, Rangel", 2308, 1993, "FM", "Nxn", "BRA"),
        (83, "Cristiano, Nogueira Porto", 2234, 1971, "NM", "Nxn", "BRA"),
        (84, "Rafael, Ventura Dos Santos", 2194, 1992, "FM", "Nxn", "BRA"),
        (85, "Tiago, Sobreira Barbosa", 2192, 1995, "", "Nxn", "BRA"),
        (86, "Jose, Costa Fernandes Jr", 2135, 1956, "FM", "Nxn", "BRA"),
        (87, "Leopoldo, Tetsuo Ishida", 2024, 1995, "CNM", "Nxn", "BRA"),
    ],
    "ALEX-A01": [
        (7, "Joao, Carlos Tonidandel Camizao Soares", 2309, 2000, "NM", "Alex", "BRA"),
        (8, "Ian, Telek Cavalcanti De Albuquerque", 2272, 2008, "", "Alex", "BRA"),
        (9, "Carlos, Henrique Batista Fontes", 2179, 1969, "FM", "Alex", "BRA"),
        (10, "Diego, Lucio Villela Pereira", 2156, 1988, "", "Alex", "BRA"),
        (11, "Alberto, Pinheiro Mascarenhas", 2147, 1957, "FM", "Alex", "BRA"),
        (12, "Eduardo, Moraes Lopes", 2075, 1996, "", "Alex", "BRA"),
    ],
    "CMUN-A01": [
        (24, "Adwilhans, Luciano De Souza", 2280, 1973, "FM", "Cmun", "BRA"),
        (25, "Paolo, Ghiu De Moraes Rego Da Silva", 2262, 1983, "NM", "Cmun", "BRA"),
        (26, "Wagner, Peixoto Guimaraes", 2220, 1971, "FM", "Cmun", "BRA"),
        (27, "Roberto, Cid Coutinho", 2154, 1962, "", "Cmun", "BRA"),
        (28, "Luiz, Antonio Bardaro Manzi", 2086, 1972, "", "Cmun", "BRA"),
        (29, "Selmo, Bastos Pinto", 2073, 1961, "", "Cmun", "BRA"),
    ],
    "AFLUX-A01": [
        (1, "Carlos, Alejandro Martinez", 2496, 1955, "IM", "Aflux", "BRA"),
        (2, "Iago, Henrique Da Silva Souza", 2141, 1993, "", "Aflux", "BRA"),
        (3, "Eduardo, Cesar Da Matta", 2130, 1996, "NM", "Aflux", "BRA"),
        (4, "Corentin, Berenger Gilles Louis", 2129, 1994, "", "Aflux", "FRA"),
        (5, "Bruno, Leonardo Do Nascimento Dias", 2019, 1984, "NM", "Aflux", "BRA"),
        (6, "Maicon, Rodrigo Da Silva", 2002, 1987, "", "Aflux", "BRA"),
    ],
    "CXG-A01": [
        (36, "Eduardo, Thelio Da Silva Limp", 2362, 1955, "IM", "Cxg", "BRA"),
        (37, "Haroldo, Cunha Dos Santos Jr", 2253, 1958, "FM", "Cxg", "BRA"),
        (38, "Angelo, Bil Ramos", 2107, 1957, "NM", "Cxg", "BRA"),
        (39, "Octacilio, Freire Velloso Rebello", 2089, 1963, "", "Cxg", "BRA"),
        (40, "Tadeu, Sousa Santos Filho", 2079, 1965, "NM", "Cxg", "BRA"),
        (41, "Paulo, Moses Fucs", 2051, 1967, "", "Cxg", "BRA"),
    ],
    "CXP-A01": [
        (54, "Carlos, Alessandro Alves Da Silva", 2269, 1966, "NM", "Cxp", "BRA"),
        (55, "Pedro, Lucas Bastos Seixas", 2214, 1997, "NM", "Cxp", "BRA"),
        (56, "Rafael, Araujo Serpa", 2119, 1997, "NM", "Cxp", "BRA"),
        (57, "Luis, Gustavo Magalhaes Neves Gomes", 2091, 1996, "", "Cxp", "BRA"),
        (58, "Matheus, Correa Mussel Tavares Do Prado", 2062, 1993, "", "Cxp", "BRA"),
        (59, "Fillipe, Fernandes Rodrigues De Oliveira", 2006, 1993, "", "Cxp", "BRA"),
    ],
    "ICC-A01": [
        (71, "Igor, Tokuichi Kikuchi Cadilhac", 2335, 2000, "FM", "Icc", "BRA"),
        (72, "Enzo, Federzoni", 2190, 2002, "NM", "Icc", "BRA"),
        (73, "Lucas, Dos Santos Peixoto Guimaraes", 2066, 1998, "", "Icc", "BRA"),
        (74, "Matheus, Braga Dias", 2013, 1999, "NM", "Icc", "BRA"),
        (75, "Marcelo, Dos Santos Silva", 1961, 1968, "", "Icc", "BRA"),
        (76, "Eduardo, Rodrigues Chermont De Miranda", 1911, 2009, "", "Icc", "BRA"),
    ],
    "CMUN-A02": [
        (30, "Christian, Endre Rego Toth", 2354, 1968, "IM", "Cmun", "BRA"),
        (31, "Silas, Carvalho Fernandes", 2109, 1968, "", "Cmun", "BRA"),
        (32, "Ivan, Frolov", 2096, 1999, "", "Cmun", "RUS"),
        (33, "Natacio, Goncalves Bezerra", 2012, 1993, "NM", "Cmun", "BRA"),
        (34, "Guilherme, Vieira Espinosa", 1994, 1995, "", "Cmun", "BRA"),
        (35, "Igor, Rigolon La-Cava Veiga", 1908, 2001, "", "Cmun", "BRA"),
    ],
    "CXMEIER-A01": [
        (48, "Rodrigo, Medeiros Zacarias", 2147, 1979, "", "Cxmeier", "BRA"),
        (49, "Pedro, Pessoa Gomes", 2142, 2005, "", "Cxmeier", "BRA"),
        (50, "David, Teles Yunes", 2057, 1992, "", "Cxmeier", "BRA"),
        (51, "Leo, Ramos Simoes", 2017, 1990, "", "Cxmeier", "BRA"),
        (52, "Luis, Felipe Garcia De Oliveira", 1948, 1998, "", "Cxmeier", "BRA"),
        (53, "Wagner, Soares De Morais", 1924, 1975, "CNM", "Cxmeier", "BRA"),
    ],
    "CFCSN-A01": [
        (19, "Nicolas, Daniel Da Trindade Nascimento", 2195, 2008, "", "Cfcsn", "BRA"),
        (20, "Kaio, Vinicius Da Trindade Nascimento", 2108, 2010, "", "Cfcsn", "BRA"),
        (21, "Marcelo, Da Silva Schiavo", 2080, 1976, "", "Cfcsn", "BRA"),
        (22, "Luiz, Eduardo Da Trindade Nascimento", 1937, 2015, "", "Cfcsn", "BRA"),
        (23, "Fernando, Celso Poiani", 1923, 1954, "", "Cfcsn", "BRA"),
    ],
    "CXG-A02": [
        (42, "David, Borensztajn", 2271, 1947, "FM", "Cxg", "BRA"),
        (43, "Jose, Toledano", 2036, 1957, "", "Cxg", "BRA"),
        (44, "Vicente, De Paulo Alencar De Brito", 1971, 1957, "NM", "Cxg", "BRA"),
        (45, "Camila, Novak De Souza", 1968, 1994, "", "Cxg", "BRA"),
        (46, "Virginia, Lagrange Moutinho Dos Reis", 1932, 1968, "NM", "Cxg", "BRA"),
        (47, "Jose, Antonio Marcondes De Oliveira Gomes", 1835, 1968, "", "Cxg", "BRA"),
    ],
    "JTC-A01": [
        (77, "Nilton, Rosa De Oliveira Jr", 2292, 1968, "", "Jtc", "BRA"),
        (78, "Sidney, Rocha De Araujo", 2023, 1977, "", "Jtc", "BRA"),
        (79, "Willy, Petrenko", 1956, 1962, "", "Jtc", "BRA"),
        (80, "Marco, De Castro Coutinho", 1908, 1964, "", "Jtc", "BRA"),
        (81, "Bruno, Cravo Guttler", 1810, 1974, "", "Jtc", "BRA"),
    ],
    "ALEX-A02": [
        (13, "Fernando, Antonio De Barros Madeu", 2109, 1956, "", "Alex", "BRA"),
        (14, "Braulio, Dos Santos Jr", 2019, 1965, "", "Alex", "BRA"),
        (15, "Alvaro, De Moraes Frota", 1993, 1957, "", "Alex", "BRA"),
        (16, "Daniel, Nobre Falcao", 1936, 2000, "", "Alex", "BRA"),
        (17, "Paulo, Roberto Costa Veiga Da Silva", 1930, 1996, "", "Alex", "BRA"),
        (18, "Juarez, Antonio Alves De Castro Lima", 1918, 1952, "", "Alex", "BRA"),
    ],
    "CXTR-A01": [
        (65, "Anthony, Lennard", 2074, 1950, "", "Cxtr", "BRA"),
        (66, "Evandro, De Laet Reis Jr", 2009, 1976, "", "Cxtr", "BRA"),
        (67, "Bernardo, Cunha Mattos", 1997, 2011, "", "Cxtr", "BRA"),
        (68, "Marcio, De Lucca Cardoso", 1969, 1965, "NM", "Cxtr", "BRA"),
        (69, "Rafael, De Souza Carvalho", 1923, 1985, "", "Cxtr", "BRA"),
        (70, "Lucca, Pimenta Cardoso", 1857, 2003, "NM", "Cxtr", "BRA"),
    ],
    "CXP-A02": [
        (60, "Marcos, Arruda D'oliveira", 2025, 1970, "", "Cxp", "BRA"),
        (61, "Roberto, De Oliveira Beserra", 1967, 1961, "", "Cxp", "BRA"),
        (62, "Agostinho, Arruda D'oliveira", 1964, 1963, "", "Cxp", "BRA"),
        (63, "Fernando, Cardoso Wanderley", 1941, 2002, "", "Cxp", "BRA"),
        (64, "Roger, De Souza Passos", 1926, 2000, "", "Cxp", "BRA"),
    ],
}
MATCHES = [
    [(1, 9), (10, 2), (3, 11), (12, 4), (5, 13), (14, 6), (7, 15), (16, 8)],
    [(5, 1), (2, 7), (8, 3), (4, 14), (6, 12), (9, 13), (15, 10), (11, 16)],
    [(3, 2), (1, 4), (6, 5), (7, 11), (10, 8), (14, 9), (12, 15), (13, 16)],
    [(4, 3), (8, 1), (2, 5), (9, 7), (11, 6), (12, 10), (13, 14), (16, 15)],
    [(3, 1), (9, 2), (6, 4), (5, 8), (7, 14), (10, 11), (16, 12), (15, 13)],
    [(1, 2), (5, 3), (4, 7), (10, 6), (8, 9), (14, 16), (11, 15), (13, 12)],
]


#: The result codes of the board records and their board points (white, black).
POINTS = {1: (1, 0), 2: (Fraction(1, 2),) * 2, 3: (0, 1), 4: (1, 0), 5: (0, 1), 6: (0, 0)}
CODE = {1: R.WHITE_WINS, 2: R.DRAW, 3: R.BLACK_WINS, 4: R.WHITE_WINS_FORFEIT,
        5: R.BLACK_WINS_FORFEIT}  # fmt: skip


def _strings(offset: int, count: int) -> tuple[list[str], int]:
    out = []
    for _ in range(count):
        (n,) = struct.unpack_from("<H", DATA, offset)
        out.append(DATA[offset + 2 : offset + 2 + 2 * n].decode("utf-16-le"))
        offset += 2 + 2 * n
    return out, offset


def _raw_players() -> list[tuple[list[str], bytes]]:
    offset, out = DIRECTORY[1] + 4, []
    for _ in range(93):
        texts, offset = _strings(offset, 18)
        out.append((texts, DATA[offset : offset + 134]))
        offset += 134
    assert offset == DIRECTORY[2]
    return out


def _raw_boards() -> list[list[tuple[int, int, int]]]:
    """(white, black, code) of every board record, round by round (32 a round)."""
    offset = DIRECTORY[2] + 4
    out = []
    for _ in range(6):
        out.append([struct.unpack_from("<HHB", DATA, offset + 21 * k) for k in range(32)])
        offset += 21 * 32
    assert offset == DIRECTORY[3]
    return out


def _raw_matches() -> list[list[tuple[int, int, int, int]]]:
    offset = DIRECTORY[4] + 4
    out = [[struct.unpack_from("<4H", DATA, offset + 15 * (8 * r + k)) for k in range(8)]
           for r in range(6)]  # fmt: skip
    assert offset + 15 * 48 == DIRECTORY[5]
    return out


TEAM_OF = {
    k: struct.unpack_from("<H", block, 52)[0] for k, (_, block) in enumerate(_raw_players(), 1)
}
BOARDS = _raw_boards()


@pytest.fixture(scope="module")
def t():
    return sm.read(TUMX)


# --------------------------------------------------------------------------- the layout


def test_the_directory_and_its_sections() -> None:
    assert len(DATA) == 40499
    assert DATA[-36:-32] == b"\xd3\xff\x89\x44" and DATA[-4:] == b"\xe3\xff\x89\x44"
    assert list(struct.unpack_from("<7I", DATA, len(DATA) - 32)) == DIRECTORY
    assert DIRECTORY[-1] == len(DATA) - 36  # the seventh entry: the directory itself
    for start, tag in zip(DIRECTORY, TAGS, strict=False):
        assert DATA[start : start + 4] == bytes([tag]) + b"\xff\x89\x44"
    # header (108 bytes, 132 strings) and configuration (5887 bytes) before the schedule
    assert DATA[:4] == b"\x93\xff\x89\x44" and DATA[0x632:0x636] == b"\x95\xff\x89\x44"
    assert _strings(108, 132)[1] == 0x632 and DIRECTORY[0] - 0x632 == 5887
    # the configuration: type 3 (team Swiss), 93 players, 6 rounds, 16 teams, 4 boards
    config = {at: struct.unpack_from("<H", DATA, 0x632 + at)[0] for at in (15, 23, 27, 51, 53)}
    assert config == {15: 3, 23: 93, 27: 6, 51: 16, 53: 4}
    assert struct.unpack_from("<2I", DATA, 0x632 + 75) == (20250726, 20250727)
    # the sixth section: 20 bytes, its marker and eight uint16 (four pairs of team numbers)
    assert DIRECTORY[6] - DIRECTORY[5] == 20
    pairs = struct.unpack_from("<8H", DATA, DIRECTORY[5] + 4)
    assert list(zip(pairs[::2], pairs[1::2], strict=True)) == CLUB_PAIRS
    names = list(TEAMS)
    assert [(names[a - 1], names[b - 1]) for a, b in CLUB_PAIRS] == [
        ("ALEX-A01", "ALEX-A02"), ("CMUN-A01", "CMUN-A02"), ("CXG-A01", "CXG-A02"),
        ("CXP-A01", "CXP-A02")]  # fmt: skip
    directory = S.read(Binary(DATA, "Swiss-Manager"))
    assert [(e.number, e.tag, e.size) for e in directory.extras] == [(6, 0xC5, 20)]
    assert [(s.start, s.end) for s in directory.sections.values()] == list(
        itertools.pairwise(DIRECTORY[:6]))  # fmt: skip


def test_the_schedule() -> None:
    offset = DIRECTORY[0] + 4
    rounds = []
    for _ in range(6):
        texts, offset = _strings(offset, 16)
        date, games, matches = struct.unpack_from("<IxxHH", DATA, offset)
        rounds.append((texts[0], date, games, matches))
        offset += 76
    assert offset == DIRECTORY[1]
    assert rounds == [("10h00", 20250726, 32, 8), ("14h30", 20250726, 32, 8),
                      ("18h00", 20250726, 32, 8), ("10h00", 20250727, 32, 8),
                      ("14h30", 20250727, 32, 8), ("18h00", 20250727, 32, 8)]  # fmt: skip


# --------------------------------------------------------------------------- the tournament


def test_the_tournament(t) -> None:
    assert (t.name, t.rounds, t.start_date, t.end_date) == (
        "48 Interclubes FEXERJ 2025", 6, dt.date(2025, 7, 26), dt.date(2025, 7, 27))  # fmt: skip
    assert t.place == "ASP CMUN  – Salão 6 And- R. Haddock Lobo, 359 - Tijuca, RJ"
    assert t.time_control_text == "45 min + 30s bonus"
    assert t.complete and t.incomplete == () and t.played_rounds is None
    assert t.notes == (
        "section 6 (20 bytes, marker c5 ff 89 44): 4 pairs of teams, each of one club "
        "(ALEX-A01 / ALEX-A02, CMUN-A01 / CMUN-A02, CXG-A01 / CXG-A02, CXP-A01 / CXP-A02); "
        "not needed for the evaluation",
    )
    for note in t.notes:
        assert message_for(note).translated and render(note, "de") != note


def test_the_remarks_keep_their_line_break() -> None:
    binary = Binary(DATA, "Swiss-Manager")
    texts, config = sm._header(binary, S.read(binary))
    assert config == 0x632
    assert texts[L.REMARKS] == (
        "O emparceiramento inicial apresentara os 4 titulares. \r\nOs capitães deverão "
        "preencher as sumulas antes do inicio da rodada e o CR retificado durante a mesma.\r\n"
        "Jogadores com o mesmo rating estao listados alfabéticamente, mas podem ser escalados "
        "em qualquer ordem entre eles."
    )
    assert texts[L.REMARKS].count("\r\n") == 2 and texts[21] == "IA Marcelo Einhorn"


def test_all_93_players(t) -> None:
    expected = {p[0]: (p, team) for team, players in enumerate(TEAMS.values(), 1) for p in players}
    assert len(t.players) == len(expected) == 93
    for player in t.players:
        (number, name, rating, born, title, club, federation), team = expected[int(player.id)]
        assert (player.id, player.name, player.national_rating, player.birth_year) == (
            str(number), name, rating, born), player  # fmt: skip
        assert (player.title, player.club, player.federation, player.team) == (
            title or None, club, federation, str(team))  # fmt: skip
        # a Brazilian event: the national rating is no DWZ; the file has no FIDE data
        assert player.dwz is None and player.fide_rating is None and player.fide_id is None
        assert player.birth_date is None  # stored YYYY0000
    # the FIDE rating and id fields of all 93 records are 0
    assert all(struct.unpack_from("<HxxxxxxxxxxxxxxI", b, 32) == (0, 0) for _, b in _raw_players())


def test_all_16_teams_with_their_line_ups(t) -> None:
    assert [(team.id, team.name) for team in t.teams] == [
        (str(k), name) for k, name in enumerate(TEAMS, 1)]  # fmt: skip
    for team, players in zip(t.teams, TEAMS.values(), strict=True):
        assert team.players == tuple(str(p[0]) for p in players)
    assert Counter(len(team.players) for team in t.teams) == {6: 13, 5: 3}


def test_the_team_pairings(t) -> None:
    raw = _raw_matches()
    assert [[(a, b) for a, b, _, _ in r] for r in raw] == MATCHES
    # no byes, no teams not paired, no stored board points (ordinary matches store 0)
    assert all(first == second == 0 for r in raw for _, _, first, second in r)
    assert all(sorted(t for m in r for t in m) == list(range(1, 17)) for r in MATCHES)
    # the one pair of teams of one club that met: CXG-A01 - CXG-A02 in round 2
    assert [(r, m) for r, ms in enumerate(MATCHES, 1) for m in ms
            if tuple(sorted(m)) in CLUB_PAIRS] == [(2, (6, 12))]  # fmt: skip


def test_every_board_game_of_every_round(t) -> None:
    games, byes = [], []
    for rnd, (records, pairs) in enumerate(zip(BOARDS, MATCHES, strict=True), 1):
        for k, (white, black, code) in enumerate(records):
            # four board records a team pairing, in the order of the pairings
            teams = set(pairs[k // 4])
            assert {TEAM_OF[p] for p in (white, black) if p} <= teams and code in POINTS
            if white and black:
                games.append(Game(rnd, str(white), str(black), CODE[code], k % 4 + 1))
            else:  # an empty place: the other player's board point, no game
                byes.append(Bye(rnd, str(white or black), Fraction(1), ByeKind.FORFEIT_WIN))
    assert list(t.games) == games and list(t.byes) == byes
    assert sum(len(r) for r in BOARDS) == 192 == len(t.games) + len(t.byes)
    # 183 over the board (so the source project's games: all 0, ½ or 1), 4 forfeits, 5 empty
    assert len(games) == 187 and sum(g.result.played for g in games) == 183
    assert Counter(g.result for g in games if not g.result.played) == {
        R.WHITE_WINS_FORFEIT: 3, R.BLACK_WINS_FORFEIT: 1}  # fmt: skip
    assert [(b.round, b.player) for b in byes] == [
        (2, "34"), (3, "63"), (4, "15"), (6, "43"), (6, "44")]  # fmt: skip
    # a sample, as the file stores it
    assert t.games[0] == Game(1, "88", "30", R.DRAW, 1)  # TTC-A01 - CMUN-A02, board 1
    assert t.games[1] == Game(1, "31", "89", R.BLACK_WINS, 2)
    assert Game(1, "2", "77", R.WHITE_WINS_FORFEIT, 1) in t.games  # AFLUX-A01 - JTC-A01
    assert Game(2, "6", "12", R.DRAW, 4) not in t.games  # players of the same team never meet
    assert Game(6, "47", "81", R.WHITE_WINS, 4) == t.games[-1]


def _match_scores() -> dict[tuple[int, int], Fraction]:
    """Board points of each team in each round, added up here from the raw records."""
    out: dict[tuple[int, int], Fraction] = {}
    for rnd, records in enumerate(BOARDS, 1):
        for white, black, code in records:
            for player, points in zip((white, black), POINTS[code], strict=True):
                if player:
                    key = (rnd, TEAM_OF[player])
                    out[key] = out.get(key, Fraction(0)) + points
    return out


def test_the_league_view(t) -> None:
    view = team_view(t, evaluate(t))
    scores = _match_scores()
    assert len(view.matches) == 48 and all(m.boards == 4 and m.complete for m in view.matches)
    for match in view.matches:
        first, second = int(match.first), int(match.second)
        assert (first, second) in MATCHES[match.round - 1] or (second, first) in MATCHES[
            match.round - 1
        ]
        assert (match.first_points, match.second_points) == (
            scores[(match.round, first)], scores[(match.round, second)])  # fmt: skip
        assert match.first_points + match.second_points == 4
    # round 1, TTC-A01 - CMUN-A02: ½, 1 (89 wins with Black), 1, ½
    first = next(m for m in view.matches if m.round == 1 and {m.first, m.second} == {"1", "9"})
    assert {first.first: first.first_points, first.second: first.second_points} == {
        "1": 3, "9": 1}  # fmt: skip
    # the standings' match points (2 a win, 1 a draw) and board points, counted here
    match_points: Counter[int] = Counter()
    board_points: Counter[int] = Counter()
    for rnd, pairs in enumerate(MATCHES, 1):
        for a, b in pairs:
            sa, sb = scores[(rnd, a)], scores[(rnd, b)]
            match_points[a] += 2 if sa > sb else 1 if sa == sb else 0
            match_points[b] += 2 if sb > sa else 1 if sa == sb else 0
            board_points[a] += sa
            board_points[b] += sb
    rows = {
        int(row.team): (row.matches, row.match_points, row.board_points) for row in view.standings
    }
    assert rows == {k: (6, match_points[k], board_points[k]) for k in range(1, 17)}
    assert sum(board_points.values()) == 192 and sum(match_points.values()) == 96
    assert (view.standings[0].name, view.standings[0].match_points) == ("NXN-A01", 9)


runner = CliRunner()


def test_the_league_view_on_the_command_line() -> None:
    args = ["tournament", str(TUMX), "--teams", "--date", "2026-09-01"]
    table = runner.invoke(app, [*args])
    assert table.exit_code == 0, table.output
    assert "Standings" in table.output and all(name in table.output for name in TEAMS)
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["complete"] is True and data["incomplete"] == []
    assert len(data["players"]) == 93 and len(data["teams"]["teams"]) == 16
    # nobody is rated, and truly so: the time control "45 min + 30s bonus" (75 minutes for 60
    # moves) is below the DWZ minimum, and no player has a DWZ (a Brazilian event: the
    # national rating is no DWZ) or a FIDE rating (all 0 in the file, see above)
    assert data["dwz_rated"] is False
    assert {(p["status"], p["counted_games"], p["dwz"]) for p in data["players"]} == {
        ("not-rated", 0, None)}  # fmt: skip
    assert all("75 minutes for 60 moves" in p["note"] for p in data["players"])
    assert not any(p["elo_before"] for p in data["players"])


# --------------------------------------------------------------------------- the writer


def test_the_writer_reads_back_like_the_real_tumx(t) -> None:
    """The writer's team part is the layout of the real file: its copy reads the same."""
    players = []
    for texts, block in _raw_players():
        (national,) = struct.unpack_from("<H", block, 34)
        (birth,) = struct.unpack_from("<I", block, 38)
        team, board = struct.unpack_from("<HH", block, 52)
        players.append(WPlayer(texts[0], texts[1], national_rating=national, birth=birth,
                               team=team, board=board, title=texts[4], club=texts[9],
                               federation=texts[10], national_id=texts[5]))  # fmt: skip
    offset, teams = DIRECTORY[3] + 4, []
    for _ in range(16):
        texts, offset = _strings(offset, 5)
        teams.append(WTeam(texts[0], texts[1], texts[2]))
        offset += 96
    dates = [20250726] * 3 + [20250727] * 3
    rounds = [WRound(games=list(games), matches=list(matches), date=date, time=time)
              for games, matches, date, time in zip(BOARDS, _raw_matches(), dates,
                                                    ["10h00", "14h30", "18h00"] * 2, strict=True)]  # fmt: skip
    header, _ = _strings(108, 132)
    copy = write("TUMX", header[0], players, rounds, teams, boards=4, federation="BRA",
                 place=header[5], time_control=header[14], start=20250726, end=20250727,
                 texts={2: header[2]}, extras=[(0xC5, DATA[DIRECTORY[5] + 4 : DIRECTORY[6]])])  # fmt: skip
    again = sm.parse(copy.data, source=t.source)
    assert again == t


# --------------------------------------------------------------------------- fuzzing


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    where=st.sampled_from(["anywhere", "team part", "tail"]),
    changes=st.lists(st.tuples(st.integers(0, 2**20), st.integers(0, 255)), min_size=1, max_size=8),
    cut=st.one_of(st.none(), st.integers(0, 2**20)),
)
def test_the_damaged_real_file_gives_only_our_errors(
    where: str, changes: list[tuple[int, int]], cut: int | None
) -> None:
    """Bytes changed anywhere, in the team sections or in the club pairs and directory."""
    data = bytearray(DATA)
    start = {"anywhere": 0, "team part": DIRECTORY[3], "tail": DIRECTORY[5]}[where]
    for offset, value in changes:
        data[start + offset % (len(data) - start)] = value
    if cut is not None:
        data = data[: cut % (len(data) + 1)]
    with contextlib.suppress(WertungError):
        sm.parse(bytes(data))


def test_the_real_file_on_the_web_page_and_through_the_api(tmp_path: Path) -> None:
    from web_helpers import client

    web = client(tmp_path)
    answer = web.post("/api/v1/tournament/file", files={"file": (TUMX.name, DATA)})
    assert answer.status_code == 200, answer.text[:2000]
    body = answer.json()
    assert len(body["players"]) == 93 and body["complete"] is True
    teams = web.get(f"/api/v1/tournaments/{body['key']}/teams")
    assert teams.status_code == 200 and len(teams.json()["teams"]) == 16
    page = web.post("/de/tournament", files={"file": (TUMX.name, DATA)})
    assert page.status_code == 303, page.text[:2000]
    key = page.headers["location"].rsplit("/", 1)[1]
    text = web.get(f"/de/tournament/{key}").text
    assert "48 Interclubes FEXERJ 2025" in text
    assert "4 Paare von Mannschaften je eines Vereins" in text

"""formats/swi: the ELOBASE/DeWIS text file (``.swi``) a rating officer receives.

No real ``.swi`` file is public: every file here is built from the layout description
(``tests/support/old_format_fixtures.py`` says where it comes from), not a real file.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from old_format_fixtures import KEY, SwiPlayer, sample_swi, swi_bytes, swi_from_tournament

from wertung import evaluate
from wertung.catalogue import UNTRANSLATED, message_for, render
from wertung.formats import swi
from wertung.kernel.errors import FormatError, WertungError
from wertung.kernel.results import GameResult as R
from wertung.tournament._model import Bye, Game, Player, Tournament


def _games(t: Tournament) -> list[tuple[int, str, str, R]]:
    return sorted((g.round, g.white, g.black, g.result) for g in t.games)


# --------------------------------------------------------------------------- golden


def test_the_sample_reads_to_its_players_games_byes_and_forfeits() -> None:
    """A file built from the layout description (not a real file): six players, five rounds."""
    t = swi.parse(sample_swi(), source="herbst.swi")
    assert t.name == "Herbstopen Ilmenau 2026" and t.place == "Ilmenau" and t.rounds == 5
    assert (t.start_date, t.end_date) == (dt.date(2026, 9, 6), dt.date(2026, 9, 8))
    assert (
        t.time_control_text == "40 Züge in 90 Min., 30 Min. Rest" and t.time_control == "standard"
    )
    assert t.source == "herbst.swi" and t.complete
    assert [(p.id, p.name) for p in t.players] == [
        ("1", "Müller, Jörg"), ("2", "Weiß, Anna"), ("3", "Schröder, Paul"),
        ("4", "Nagy, Ákos"), ("5", "Öztürk, Elif"), ("6", "Klein, Ben"),
    ]  # fmt: skip
    first, second, fourth, sixth = t.players[0], t.players[1], t.players[3], t.players[5]
    assert (first.dwz, first.fide_rating, first.fide_id, first.pkz, first.zps, first.member_number,
            first.birth_year, first.club, first.federation, first.member) == (
        2080, 2105, "4600010", "10001234", "C0327", "12", 1961, "SV Ilmenau", "GER", True)  # fmt: skip
    assert (
        second.birth_date == dt.date(2001, 5, 4)
        and second.birth_year == 2001
        and second.fide_rating is None
    )
    assert (fourth.dwz, fourth.fide_rating, fourth.zps, fourth.member) == (None, 1990, None, None)
    assert (sixth.dwz, sixth.birth_year, sixth.club) == (None, None, None)
    assert _games(t) == [
        (1, "1", "4", R.WHITE_WINS), (1, "3", "6", R.WHITE_WINS), (1, "5", "2", R.WHITE_WINS),
        (2, "2", "1", R.DRAW), (2, "4", "3", R.WHITE_WINS),
        (3, "1", "3", R.WHITE_WINS), (3, "4", "5", R.BLACK_WINS), (3, "6", "2", R.BOTH_LOSE),
        (4, "2", "4", R.WHITE_WINS), (4, "3", "6", R.BLACK_WINS_FORFEIT), (4, "5", "1", R.WHITE_WINS),
        (5, "1", "6", R.WHITE_WINS_FORFEIT), (5, "3", "2", R.DRAW), (5, "4", "5", R.DOUBLE_FORFEIT),
    ]  # fmt: skip
    assert t.byes == (Bye(2, "5", Fraction(1)),)  # round 2: 6 was not in it (six spaces)
    assert t.notes[0].startswith("read as an ELOBASE/DeWIS text file (.swi")
    assert "Zeichensatz CP850" in render(t.notes[0], "de")


def test_the_sample_evaluates() -> None:
    evaluation = evaluate(swi.parse(sample_swi()))
    assert [p.id for p in evaluation.players] == ["1", "2", "3", "4", "5", "6"]
    assert evaluation.complete and evaluation.dwz_rated


@pytest.mark.parametrize("encoding", ["cp850", "latin-1", "utf-8"])
def test_umlauts_in_each_encoding_writers_use(encoding: str) -> None:
    t = swi.parse(sample_swi(encoding=encoding))
    assert t.players[1].name == "Weiß, Anna" and t.players[4].name == "Öztürk, Elif"
    assert t.time_control_text == "40 Züge in 90 Min., 30 Min. Rest"
    assert {"cp850": "CP850", "latin-1": "Latin-1", "utf-8": "UTF-8"}[encoding] in t.notes[0]


def test_lf_line_ends_no_kind_line_and_no_footer() -> None:
    t = swi.parse(sample_swi(newline="\n", kind_line=None, footer=False))
    assert len(t.games) == 14 and t.name == "Herbstopen Ilmenau 2026" and t.end_date is None
    assert t.rounds == 5


def test_a_key_line_at_line_three_and_fields_a_place_early() -> None:
    """A league writer without the kind line puts the club code one column early."""
    line1 = swi.parse(sample_swi()).players[0]
    data = sample_swi(kind_line=None).decode("cp850").replace(" C0327  ", "C0327   ", 1)
    t = swi.parse(data.encode("cp850"))
    assert t.players[0].zps == line1.zps == "C0327"


def test_the_stated_number_of_players_is_compared() -> None:
    t = swi.parse(sample_swi(kind_line="ES  7  5  1"))
    assert "the file says 7 players and has 6 player lines" in t.notes
    assert render("the file says 7 players and has 6 player lines", "de") == (
        "Die Datei nennt 7 Spieler und hat 6 Spielerzeilen"
    )


def test_a_six_digit_birth_date_gives_no_year() -> None:
    data = swi_bytes([SwiPlayer(1, "A, B", birth="040501", blocks=["1W  2"]),
                      SwiPlayer(2, "C, D", blocks=["0B  1"])])  # fmt: skip
    t = swi.parse(data)
    assert t.players[0].birth_year is None
    assert any("(DDMMYY) gives no century" in n for n in t.notes)
    assert all(message_for(n).code != UNTRANSLATED for n in t.notes)


# --------------------------------------------------------------------------- what the check is for


def _pair(a: str, b: str) -> bytes:
    return swi_bytes([SwiPlayer(1, "Eins, A", blocks=[a]), SwiPlayer(2, "Zwei, B", blocks=[b]),
                      SwiPlayer(3, "Drei, C", blocks=[""])])  # fmt: skip


@pytest.mark.parametrize(
    ("a", "b", "reason"),
    [
        (
            "RW  2",
            "0B  1",
            "round 1: the game 1-2 has the result ½:0, which wertung cannot evaluate",
        ),
        (
            "1W  2",
            "1B  1",
            "round 1: the game 1-2 has the result 1:1, which wertung cannot evaluate",
        ),
        (
            "+:  2",
            "+:  1",
            "round 1: the game 1-2 has the result +:+, which wertung cannot evaluate",
        ),
        ("1W  2", "0W  1", "line 5, round 1: players 1 and 2 both have the colour W in their game"),
        ("1W  2", "", "line 5, round 1: player 1 has a game against 2, whose line has no game"),
        (
            "1W  2",
            "0B  3",
            "line 5, round 1: player 1 has a game against 2, whose line has no game",
        ),
        (
            "1W  9",
            "",
            "line 5, round 1: player 1 has a game against start number 9, which no player",
        ),
        ("1W  1", "", "line 5, round 1: player 1 has a game against himself"),
    ],
)
def test_what_no_rule_evaluates_is_left_out_and_named(a: str, b: str, reason: str) -> None:
    t = swi.parse(_pair(a, b))
    assert not t.complete and t.games == ()
    assert any(r.startswith(reason) for r in t.incomplete), t.incomplete
    assert all(message_for(r).code != UNTRANSLATED for r in t.incomplete)
    assert "bleibt weg" in render(t.incomplete[0], "de")


def test_the_other_games_stay_when_one_is_left_out() -> None:
    data = (
        sample_swi().decode("cp850").replace("RB  2", "0B  2", 1)
    )  # 1 vs 2 in round 2: R against 0
    t = swi.parse(data.encode("cp850"))
    assert len(t.games) == 13 and t.incomplete == (
        "round 2: the game 2-1 has the result ½:0, which wertung cannot evaluate; it is left out",
    )


# --------------------------------------------------------------------------- errors


def _error(data: bytes) -> FormatError:
    with pytest.raises(FormatError) as caught:
        swi.parse(data)
    return caught.value


def test_a_file_without_column_key_is_named_for_what_it_is_not() -> None:
    error = _error(b"012 Open\r\n001    1 m    Muster,Max\r\n")
    assert "no column key line" in error.message and error.code == "swi.no_key"
    assert "keine ELOBASE/DeWIS-Textdatei" in render(error, "de")
    assert _error(b" \r\n").code == "file.empty"


@pytest.mark.parametrize(
    ("field", "value", "column", "code", "german"),
    [
        (
            "dwz",
            "17x0",
            117,
            "swi.dwz",
            "Zeile 5, Spalte 117: Die DWZ '17x0' ist keine ganze Zahl von 0 bis 3500",
        ),
        ("dwz", "4000", 117, "swi.dwz", "Zeile 5, Spalte 117"),
        ("elo", "abc", 112, "swi.elo", "Die Elo 'abc'"),
        ("fide_id", "12-4", 81, "swi.fide_id", "Die FIDE-ID '12-4'"),
        ("member", "1a", 129, "swi.member", "Die Mitgliedsnummer '1a'"),
        ("birth", "1961x", 103, "swi.birth", "Das Geburtsdatum '1961x'"),
        ("birth", "31021990", 103, "swi.birth", "Das Geburtsdatum '31021990'"),
    ],
)
def test_a_field_that_is_none_names_line_and_column(
    field: str, value: str, column: int, code: str, german: str
) -> None:
    player = SwiPlayer(1, "Eins, A", blocks=["1W  2"])
    setattr(player, field, value)
    error = _error(swi_bytes([player, SwiPlayer(2, "Zwei, B", blocks=["0B  1"])]))
    assert error.where["line"] == 5 and error.where["column"] == column and error.code == code
    assert error.message.startswith(f"line 5, column {column}: ")
    assert german in render(error, "de")


def test_a_start_number_that_is_none_or_given_twice() -> None:
    data = swi_bytes([SwiPlayer(1, "Eins, A"), SwiPlayer(2, "Zwei, B")]).decode("cp850")
    error = _error(data.replace("   2.   2", "  x2.   2").encode("cp850"))
    assert error.code == "swi.start_number" and error.where == {"line": 6, "column": 2}
    error = _error(data.replace("   2.   2", "   1.   2").encode("cp850"))
    assert error.code == "dsbxml.number_twice" and error.where == {"line": 6}
    assert "Die Startnummer 1 ist zweimal vergeben (Spieler Eins, A und Zwei, B)" in render(
        error, "de"
    )


@pytest.mark.parametrize("block", ["XW  2", "1Q  2", "1W  x", "1W2 2"])
def test_a_round_block_that_is_none(block: str) -> None:
    line = SwiPlayer(1, "Eins, A", blocks=["", "1W  2"])
    data = swi_bytes([line, SwiPlayer(2, "Zwei, B", blocks=["", "0B  1"])]).decode("cp850")
    data = data.replace(" 1W  2", " " + block, 1)
    error = _error(data.encode("cp850"))
    assert error.code == "swi.block" and error.where == {"line": 5, "column": 140, "round": 2}
    assert render(error, "de").startswith("Zeile 5, Runde 2, Spalte 140: ")


def test_a_date_that_is_none_names_its_line() -> None:
    error = _error(sample_swi(end="31.02.2026"))
    assert error.code == "swi.end_date" and error.where == {"line": 15}
    assert "Das Enddatum '31.02.2026' ist kein Datum (TT.MM.JJJJ)" in render(error, "de")
    assert _error(sample_swi(start="morgen")).code == "swi.start_date"


def test_a_column_key_without_number_or_name_columns() -> None:
    data = sample_swi().decode("cp850").replace(KEY, KEY.replace("n" * 32, "x" * 32))
    assert _error(data.encode("cp850")).code == "swi.no_key"


# --------------------------------------------------------------------------- properties


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_raise_only_our_errors(data: bytes) -> None:
    try:
        swi.parse(data)
    except WertungError as error:
        assert error.code != UNTRANSLATED, error.message


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data())
def test_a_mutated_file_raises_only_our_errors(data: st.DataObject) -> None:
    raw = bytearray(sample_swi())
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "delete", "insert"]))
        byte = data.draw(st.sampled_from(list(b" 0123456789WBR+-:.\r\n#x\xe1\x81")))
        if action == "flip":
            raw[at] = byte
        elif action == "delete":
            del raw[at]
        else:
            raw.insert(at, byte)
    try:
        t = swi.parse(bytes(raw))
    except WertungError as error:
        assert error.code != UNTRANSLATED, error.message
    else:
        for text in (*t.notes, *t.incomplete):
            assert message_for(text).code != UNTRANSLATED, text


_RESULTS = [R.WHITE_WINS, R.BLACK_WINS, R.DRAW, R.BOTH_LOSE, R.WHITE_WINS_FORFEIT,
            R.BLACK_WINS_FORFEIT, R.DOUBLE_FORFEIT]  # fmt: skip


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    count = draw(st.integers(2, 14))
    ids = [str(n) for n in range(1, count + 1)]
    players = tuple(
        Player(id=pid, name=f"Spieler{pid}, Ä{pid}", dwz=draw(st.one_of(st.none(), st.integers(800, 2600))),
               fide_rating=draw(st.one_of(st.none(), st.integers(1400, 2700))),
               birth_year=draw(st.one_of(st.none(), st.integers(1930, 2016))))
        for pid in ids
    )  # fmt: skip
    rounds = draw(st.integers(1, 7))
    games, byes = [], []
    for round_no in range(1, rounds + 1):
        order = draw(st.permutations(ids))
        pairs = draw(st.integers(0, count // 2))
        for k in range(pairs):
            games.append(
                Game(round_no, order[2 * k], order[2 * k + 1], draw(st.sampled_from(_RESULTS)))
            )
        for pid in order[2 * pairs :]:
            if draw(st.booleans()):
                byes.append(
                    Bye(
                        round_no,
                        pid,
                        draw(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(0)])),
                    )
                )
    return Tournament(name="Generiert", players=players, games=tuple(games), byes=tuple(byes),
                      rounds=rounds, end_date=dt.date(2026, 9, 6), start_date=dt.date(2026, 9, 1),
                      place="Ilmenau", time_control_text="90 min + 30 s").validate()  # fmt: skip


def _normalised(t: Tournament) -> list[tuple[int, str, str, R]]:
    """Games with the colourless forfeits' lower number first (the file has no colours)."""
    out = []
    for g in t.games:
        if g.result in (R.WHITE_WINS_FORFEIT, R.BLACK_WINS_FORFEIT, R.DOUBLE_FORFEIT) and int(
            g.black
        ) < int(g.white):
            flipped = {
                R.WHITE_WINS_FORFEIT: R.BLACK_WINS_FORFEIT,
                R.BLACK_WINS_FORFEIT: R.WHITE_WINS_FORFEIT,
            }
            out.append((g.round, g.black, g.white, flipped.get(g.result, g.result)))
        else:
            out.append((g.round, g.white, g.black, g.result))
    return sorted(out)


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(tournaments())
def test_a_generated_tournament_reads_back_the_same(t: Tournament) -> None:
    back = swi.parse(swi_from_tournament(t))
    assert back.complete, back.incomplete
    assert [(p.id, p.name, p.dwz, p.fide_rating, p.birth_year) for p in back.players] == [
        (p.id, p.name, p.dwz, p.fide_rating, p.birth_year) for p in t.players]  # fmt: skip
    assert _normalised(back) == _normalised(t)
    assert sorted(back.byes, key=lambda b: (b.round, b.player)) == sorted(
        t.byes, key=lambda b: (b.round, b.player)
    )
    assert (back.end_date, back.start_date, back.place, back.rounds) == (
        t.end_date,
        t.start_date,
        t.place,
        t.rounds,
    )

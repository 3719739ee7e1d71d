"""Properties of DSB XML 2.5 over generated tournaments: every export is valid (the schema
with working key/keyref), reads back to the same players and games, and gives the same
evaluation once the ratings the file does not carry are filled in again."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from dsb_xml_samples import evaluation_view, games_view, player_view, schema_errors, with_ratings_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung import evaluate
from wertung.formats import dsb_map, dsb_xml
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._model import Bye, Game, Player, Tournament

_NAME_PART = st.text(
    alphabet=st.sampled_from("aeioußäöüÄÖÜéAMZ &<>\"'-.]"), min_size=1, max_size=10
).filter(lambda s: s.strip() and "," not in s)
_RESULTS = [GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.BOTH_LOSE,
            GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS_FORFEIT,
            GameResult.DOUBLE_FORFEIT, GameResult.NOT_PLAYED]  # fmt: skip
_RESULT = st.sampled_from(_RESULTS)


_OPTIONAL_NAME = st.one_of(st.none(), _NAME_PART)
_DWZ = st.one_of(st.none(), st.integers(800, 2600))
_INDEX = st.one_of(st.none(), st.integers(1, 40))
_ELO = st.one_of(st.none(), st.integers(1400, 2700))
_FIDE_ID = st.one_of(st.none(), st.integers(1, 10**9).map(str))
_ZPS = st.one_of(st.none(), st.sampled_from(["C0327", "G1234", "10101"]))
_MEMBER = st.one_of(st.none(), st.integers(1, 9999).map(str))
_SEX = st.one_of(st.none(), st.sampled_from(["m", "w"]))
_PKZ = st.one_of(st.none(), st.integers(1, 10**7).map(lambda n: f"NU{n}"))
_BYE_POINTS = st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(0)])


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    count = draw(st.integers(2, 12))
    players = []
    for number in range(1, count + 1):
        surname, forename = draw(_NAME_PART), draw(_OPTIONAL_NAME)
        name = f"{surname.strip()}, {forename.strip()}" if forename else surname.strip()
        players.append(
            Player(
                id=f"p{number * 7}",
                name=" ".join(name.split()),
                dwz=draw(_DWZ),
                index=draw(_INDEX),
                birth_year=draw(st.integers(1930, 2016)),
                fide_rating=draw(_ELO),
                fide_id=draw(_FIDE_ID),
                zps=draw(_ZPS),
                member_number=draw(_MEMBER),
                club=draw(_OPTIONAL_NAME),
                sex=draw(_SEX),
                pkz=draw(_PKZ),
            )
        )
    rounds = draw(st.integers(1, 5))
    games, byes = [], []
    ids = [p.id for p in players]
    for round_no in range(1, rounds + 1):
        order = draw(st.permutations(ids))
        pairs = draw(st.integers(0, count // 2))
        for k in range(pairs):
            games.append(Game(round_no, order[2 * k], order[2 * k + 1], draw(_RESULT)))
        for pid in order[2 * pairs :]:
            if draw(st.booleans()):
                points = draw(_BYE_POINTS)
                kind = ByeKind.PAIRING if points == 1 and draw(st.booleans()) else None
                byes.append(Bye(round_no, pid, points, kind))
    return Tournament(
        name=draw(_NAME_PART), players=tuple(players), games=tuple(games), byes=tuple(byes),
        rounds=rounds, end_date=dt.date(2026, 9, 6), start_date=dt.date(2026, 9, 1),
        place=draw(_NAME_PART), time_control_text="90 min + 30 s", source="gen.trf",
    ).validate()  # fmt: skip


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tournaments())
def test_export_is_valid_and_reads_back_to_the_same_event(t: Tournament) -> None:
    report = dsb_map.report_from_tournament(t, sender="prop")
    data = dsb_xml.write(report)
    if report.games:  # the schema wants at least one game
        assert schema_errors(data, prefixed=True) == []
    back = dsb_xml.load(data)
    assert [player_view(p) for p in back.players] == [player_view(p) for p in t.players]
    assert games_view(back) == games_view(t)
    assert dsb_map.report_from_tournament(back).tournament_uuid == report.tournament_uuid


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tournaments())
def test_same_evaluation_once_the_ratings_are_filled_again(t: Tournament) -> None:
    back = dsb_xml.load(dsb_xml.write(dsb_map.report_from_tournament(t)))
    assert evaluation_view(evaluate(with_ratings_of(back, t))) == evaluation_view(evaluate(t))

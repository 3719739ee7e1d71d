"""``fix_from_dsb_list`` fills only what the list knows exactly; the export gate; any report
gives problems, never an exception (hypothesis)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from submission_reports import CLEAN, TODAY, confirming, lookup_of, with_game, with_player

from wertung.formats.dsb_report import POINTS, TOURNAMENT_TYPES, Report, ReportGame, ReportPlayer
from wertung.kernel.errors import WertungError
from wertung.submission import (
    CheckResult,
    ListMatch,
    ListMembership,
    Problem,
    SubmissionRefused,
    check,
    fix_from_dsb_list,
    forced_note,
    gate,
)

MEMBERSHIP = ListMembership("Z0303", "0042", "SV Erfurt West")


def _bare(report: Report, number: int) -> Report:
    return with_player(report, number, birth_year=None, dsb_id=None, zps=None, member_number=None,
                       club=None)  # fmt: skip


def test_fix_fills_what_the_list_knows_and_lists_it() -> None:
    answer = ListMatch(
        "name+club", exact=True, birth_year=2001, pkz="NU2000002", membership=MEMBERSHIP
    )
    fixed, filled = fix_from_dsb_list(_bare(CLEAN, 2), lookup_of(p2=answer))
    anna = fixed.player(2)
    assert (anna.birth_year, anna.dsb_id, anna.zps, anna.member_number, anna.club) == (
        2001,
        "NU2000002",
        "Z0303",
        42,
        "SV Erfurt West",
    )
    assert [(f.player, f.field, f.value) for f in filled] == [
        (2, "birth_year", 2001), (2, "dsb_id", "NU2000002"), (2, "zps", "Z0303"),
        (2, "member_number", 42), (2, "club", "SV Erfurt West"),
    ]  # fmt: skip
    assert [f.text("de") for f in filled][:2] == [
        "Geburtsjahr 2001 aus der DSB-Liste",
        "PKZ NU2000002 aus der DSB-Liste",
    ]
    assert filled[0].to_dict()["text"] == "birth year 2001 from the DSB list"
    assert fixed.players[0] == CLEAN.players[0]  # the others as they were
    assert check(fixed, dsb_list=lookup_of(p2=answer), today=TODAY).problems == ()


def test_fix_never_overwrites_and_keeps_club_data_together() -> None:
    answer = ListMatch("pkz", exact=True, birth_year=1991, pkz="NU9", membership=MEMBERSHIP,
                       memberships=(MEMBERSHIP,))  # fmt: skip
    fixed, filled = fix_from_dsb_list(CLEAN, lookup_of(p1=answer))
    assert fixed == CLEAN and filled == ()
    # a ZPS the report gives: only that membership's number and name
    partial = with_player(CLEAN, 1, member_number=None, club=None)
    fixed, filled = fix_from_dsb_list(partial, lookup_of(p1=answer))
    assert filled == () and fixed == partial  # the list has him in Z0303, not Z0101
    own = replace(answer, memberships=(MEMBERSHIP, ListMembership("Z0101", "7", "SK Ilmenau")))
    fixed, filled = fix_from_dsb_list(partial, lookup_of(p1=own))
    assert [(f.field, f.value) for f in filled] == [("member_number", 7), ("club", "SK Ilmenau")]


def test_fix_takes_nothing_from_an_inexact_match() -> None:
    unsure = ListMatch(
        "unconfirmed", exact=False, birth_year=2001, pkz="NU2", membership=MEMBERSHIP
    )
    fixed, filled = fix_from_dsb_list(_bare(CLEAN, 2), lookup_of(p2=unsure))
    assert filled == () and fixed == _bare(CLEAN, 2)
    fixed, filled = fix_from_dsb_list(_bare(CLEAN, 2), lookup_of(p2=None))
    assert filled == ()


def test_a_lookup_must_answer_for_every_player() -> None:
    with pytest.raises(WertungError, match="answered 1 times for 4 players"):
        check(CLEAN, dsb_list=lambda players: [None])
    with pytest.raises(WertungError, match="answered 0 times"):
        fix_from_dsb_list(CLEAN, lambda players: [])


# -- the gate ---------------------------------------------------------------------------------

BROKEN = with_player(with_game(CLEAN, 1, point_white="1", point_black="1"), 3, birth_year=None)


def test_the_gate_passes_a_clean_report() -> None:
    report, result = gate(CLEAN, dsb_list=confirming, today=TODAY)
    assert report is CLEAN and result.ok


def test_the_gate_passes_warnings() -> None:
    warned = with_player(CLEAN, 3, birth_year=1900)
    report, result = gate(warned, dsb_list=confirming, today=TODAY)
    assert report is warned and len(result.warnings) == 1


def test_the_gate_refuses_errors() -> None:
    with pytest.raises(SubmissionRefused) as refused:
        gate(BROKEN, dsb_list=confirming, today=TODAY)
    assert refused.value.result.codes() == ["check.birth_year.missing", "check.game.points_sum"]
    assert refused.value.code == "check.refused"
    from wertung.catalogue import render

    assert render(refused.value, "de").startswith(
        "Die Prüfung vor dem Einreichen fand Fehler (2); nichts wurde"
    )


def test_a_forced_file_says_so_first_in_its_notes() -> None:
    report, result = gate(replace(BROKEN, notes="Stichkampf am 16.09."), force=True, dsb_list=confirming,
                          today=TODAY)  # fmt: skip
    first, rest = report.notes.split("\n")
    assert first == (
        "Mit --force geschrieben, obwohl die Prüfung vor dem Einreichen 2 Fehler fand: "
        "check.birth_year.missing (Spieler Nr. 3); check.game.points_sum (Spieler Nr. 2, Runde 1)"
    )
    assert rest == "Stichkampf am 16.09." and report.players == BROKEN.players
    assert forced_note(result, "en").startswith(
        "Written with --force although the pre-submission check found 2 errors: "
    )
    alone, _ = gate(BROKEN, force=True, result=result)
    assert alone.notes == first


# -- any report ---------------------------------------------------------------------------------

_ANY = st.one_of(
    st.none(), st.integers(-5, 10**15), st.text(max_size=8), st.booleans(), st.floats()
)
_DATES = st.one_of(st.none(), st.dates(dt.date(1800, 1, 1), dt.date(2100, 1, 1)), _ANY)
_POINTS = st.one_of(st.sampled_from(POINTS), _ANY)
_NUMBERS = st.one_of(st.integers(-2, 12), st.none(), _ANY)

_PLAYERS = st.builds(
    ReportPlayer,
    number=_NUMBERS,
    surname=st.one_of(st.text(max_size=12), st.just("###COMPUTER###"), st.just("Stockfish"), _ANY),
    forename=st.one_of(st.text(max_size=12), st.just("###COMPUTER###"), _ANY),
    birth_year=st.one_of(st.integers(1850, 2100), _ANY),
    dsb_id=st.one_of(st.none(), st.sampled_from(["NU1", "NU2", ""]), _ANY),
    birth_date=_DATES,
    zps=st.one_of(st.none(), st.sampled_from(["Z0101", "Z01", "Z0202"]), _ANY),
    member_number=_ANY,
    club=st.one_of(st.none(), st.text(max_size=6), _ANY),
    fide_id=_ANY,
    fide_rating=_ANY,
    sex=st.one_of(st.sampled_from(["m", "w", None]), _ANY),
    player_id=st.one_of(st.none(), st.text(max_size=3)),
)
_GAMES = st.builds(ReportGame, round=_NUMBERS, white=_NUMBERS, black=_NUMBERS, point_white=_POINTS,
                   point_black=_POINTS, date=_DATES)  # fmt: skip
_MATCHES = st.one_of(st.none(), st.builds(
    ListMatch, method=st.sampled_from(["pkz", "name+club", "ambiguous"]), exact=st.booleans(),
    pkz=st.one_of(st.none(), st.just("NU7")), birth_year=st.one_of(st.none(), st.integers(1900, 2020)),
    membership=st.one_of(st.none(), st.just(MEMBERSHIP)), given_id_found=st.sampled_from([None, True, False]),
))  # fmt: skip

REPORTS = st.builds(
    Report,
    tournament_uuid=st.one_of(st.just(CLEAN.tournament_uuid), _ANY),
    label=st.one_of(st.text(max_size=20), _ANY),
    tournament_type=st.one_of(st.sampled_from(TOURNAMENT_TYPES), _ANY),
    time_control=st.one_of(st.sampled_from(["90+30", "45 min", "Blitz", "wie immer", ""]), _ANY),
    rounds=_NUMBERS,
    start_date=_DATES,
    end_date=_DATES,
    location=st.one_of(st.text(max_size=8), _ANY),
    players=st.lists(_PLAYERS, max_size=6).map(tuple),
    games=st.lists(_GAMES, max_size=10).map(tuple),
    url=st.one_of(st.none(), st.text(max_size=4)),
    notes=st.one_of(st.none(), st.text(max_size=4), _ANY),
    age_class=st.one_of(st.none(), st.sampled_from(["U12", "open", ""]), _ANY),
)


@given(report=REPORTS, answers=st.lists(_MATCHES, min_size=6, max_size=6), today=st.dates())
def test_any_report_gives_problems_never_an_exception(
    report: Report, answers, today: dt.date
) -> None:  # type: ignore[no-untyped-def]
    def lookup(players):  # type: ignore[no-untyped-def]
        return answers[: len(players)]

    for dsb_list in (None, lookup):
        result = check(report, dsb_list=dsb_list, today=today)
        assert isinstance(result, CheckResult)
        for problem in result.problems:
            assert isinstance(problem, Problem) and problem.severity in ("error", "warning")
            assert problem.player is None or isinstance(problem.player, int)
            assert problem.round is None or isinstance(problem.round, int)
            assert problem.text("de") and problem.text("en")
        assert result.to_dict("de")["complete"] is result.complete
    fixed, filled = fix_from_dsb_list(report, lookup)
    assert len(fixed.players) == len(report.players) and all(f.text("de") for f in filled)
    try:
        gate(report, dsb_list=lookup, today=today, force=False)
    except SubmissionRefused as refused:
        assert refused.result.errors
    forced, _ = gate(report, dsb_list=lookup, today=today, force=True)
    assert forced.notes is None or isinstance(forced.notes, str)

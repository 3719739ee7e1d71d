"""Each check of the pre-submission check with a report that has exactly that defect.

The clean report (``submission_reports.CLEAN``: a four-player round robin, every field
as the DSB wants it) gives no problem at all; each case below changes one thing, and the
check must find exactly the problem that thing is, with its player and round.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from submission_reports import (
    CLEAN,
    DAY,
    TODAY,
    confirming,
    lookup_of,
    player,
    with_game,
    with_player,
)

from wertung.formats.dsb_report import ReportGame, ReportHeader
from wertung.submission import (
    ERROR,
    WARNING,
    CheckResult,
    ListMatch,
    ListMembership,
    check,
)
from wertung.tournament import Tournament

COMPUTER = "###COMPUTER###"


def run(report, lookup=confirming, **options) -> CheckResult:  # type: ignore[no-untyped-def]
    return check(report, dsb_list=lookup, today=options.pop("today", TODAY), **options)


def found(result: CheckResult) -> list[tuple[str, str, int | None, int | None]]:
    return [(p.severity, p.code, p.player, p.round) for p in result.problems]


def test_the_clean_report_has_no_problem() -> None:
    result = run(CLEAN)
    assert result.problems == () and result.complete and result.exit_code == 0
    assert result.to_dict() == {"problems": [], "complete": True, "not_checked": []}


def test_without_the_dsb_list_the_check_is_not_complete() -> None:
    result = check(CLEAN, today=TODAY)
    assert result.problems == () and not result.complete and result.exit_code == 0
    assert result.to_dict("de")["not_checked"] == [
        "Geburtsjahre und Mitgliedschaften wurden nicht mit der DSB-Liste verglichen (--dsb-list tut es)"
    ]


def _later(days: int) -> dt.date:
    return DAY + dt.timedelta(days=days)


def _undated(report):  # type: ignore[no-untyped-def]
    return replace(report, games=tuple(replace(g, date=None) for g in report.games))


G = CLEAN.games
#: (defect, report, [(severity, code, player, round), ...]) -- the problems, in order.
CASES = [
    # the schema's own rules: the tournament
    ("uuid", replace(CLEAN, tournament_uuid="x"), [(ERROR, "check.uuid.invalid", None, None)]),
    ("label", replace(CLEAN, label=" "), [(ERROR, "check.label.missing", None, None)]),
    ("type", replace(CLEAN, tournament_type="XX"), [(ERROR, "check.type.invalid", None, None)]),
    ("time control", replace(CLEAN, time_control=""), [(ERROR, "check.time_control.missing", None, None)]),
    ("rounds", replace(CLEAN, rounds=0), [(ERROR, "check.rounds.range", None, None)]),
    ("start date", replace(CLEAN, start_date=None), [(ERROR, "check.start_date.missing", None, None)]),
    ("end date", replace(CLEAN, end_date=None), [(ERROR, "check.end_date.missing", None, None)]),
    ("start after end", replace(_undated(CLEAN), start_date=_later(15)),
     [(ERROR, "check.dates.order", None, None)]),
    ("location", replace(CLEAN, location=None), [(ERROR, "check.location.missing", None, None)]),
    ("empty url", replace(CLEAN, url=""), [(ERROR, "check.field.empty", None, None)]),
    ("date type", replace(CLEAN, end_date="2026-09-15"), [(ERROR, "check.field.invalid", None, None)]),
    ("header", replace(CLEAN, header=ReportHeader(dt.datetime(2026, 9, 16, 12), "", "wertung",
                                                  "6f1c4d2a-0c1e-4f7a-9b3d-2e5f8a9c7b10")),
     [(ERROR, "check.header.incomplete", None, None)]),
    ("header uuid", replace(CLEAN, header=ReportHeader(dt.datetime(2026, 9, 16, 12), "TL", "wertung", "1")),
     [(ERROR, "check.uuid.invalid", None, None)]),
    ("one player", replace(CLEAN, players=CLEAN.players[:1], games=(ReportGame(1, 1, None, "+", "-"),)),
     [(ERROR, "check.players.too_few", None, None)]),
    ("no games", replace(CLEAN, games=()), [(ERROR, "check.games.none", None, None)]),
    # the schema's own rules: a player
    ("number", replace(with_player(CLEAN, 4, number=1000000),
                       games=tuple(replace(g, white=1000000 if g.white == 4 else g.white,
                                           black=1000000 if g.black == 4 else g.black) for g in G)),
     [(ERROR, "check.player.number_range", 1000000, None)]),
    ("surname", with_player(CLEAN, 2, surname=""), [(ERROR, "check.player.surname_missing", 2, None)]),
    ("forename", with_player(CLEAN, 2, forename=""), [(ERROR, "check.player.forename_missing", 2, None)]),
    ("birth year", with_player(CLEAN, 3, birth_year=None), [(ERROR, "check.birth_year.missing", 3, None)]),
    ("born later", with_player(CLEAN, 3, birth_year=2030), [(ERROR, "check.birth_year.future", 3, None)]),
    ("born 1900", with_player(CLEAN, 3, birth_year=1900), [(WARNING, "check.birth_year.old", 3, None)]),
    ("birth date", with_player(CLEAN, 3, birth_date=dt.date(1969, 1, 2)),
     [(ERROR, "check.birth_date.year", 3, None)]),
    ("zps", with_player(CLEAN, 1, zps="Z01"), [(ERROR, "check.zps.format", 1, None)]),
    ("member number", with_player(CLEAN, 1, member_number=0), [(ERROR, "check.member_number.range", 1, None)]),
    ("empty club", with_player(CLEAN, 1, club=""), [(ERROR, "check.field.empty", 1, None)]),
    ("fide id", with_player(CLEAN, 1, fide_id=0), [(ERROR, "check.fide_id.range", 1, None)]),
    ("fide rating", with_player(CLEAN, 1, fide_rating=6000), [(ERROR, "check.fide_rating.range", 1, None)]),
    ("sex", with_player(CLEAN, 1, sex="x"), [(ERROR, "check.sex.invalid", 1, None)]),
    # the games
    ("round 0", with_game(CLEAN, 0, round=0), [(ERROR, "check.game.round_range", 1, 0)]),
    ("round above", with_game(CLEAN, 0, round=4), [(ERROR, "check.game.round_above", 1, 4)]),
    ("unknown player", with_game(CLEAN, 0, black=9), [(ERROR, "check.game.unknown_player", None, 1)]),
    ("no player", replace(CLEAN, games=(*G, ReportGame(3, None, None, "+", "-"))),
     [(ERROR, "check.game.no_player", None, 3)]),
    ("against himself", with_game(CLEAN, 0, black=1), [(ERROR, "check.game.self", 1, 1)]),
    ("score", with_game(CLEAN, 1, point_black="2"), [(ERROR, "check.game.point_invalid", 2, 1)]),
    ("1:1", with_game(CLEAN, 1, point_white="1", point_black="1"), [(ERROR, "check.game.points_sum", 2, 1)]),
    ("1:½", with_game(CLEAN, 2, point_white="1", point_black="0.5"), [(ERROR, "check.game.points_sum", 4, 2)]),
    ("after the end", with_game(CLEAN, 5, date=_later(15)), [(ERROR, "check.game.date_outside", 3, 3)]),
    ("before the start", with_game(CLEAN, 0, date=_later(-1)), [(ERROR, "check.game.date_outside", 1, 1)]),
    ("start before the first game", replace(CLEAN, start_date=_later(-1)),
     [(WARNING, "check.dates.first_game", None, None)]),
    ("end after the last game", replace(CLEAN, end_date=_later(15)),
     [(WARNING, "check.dates.last_game", None, None)]),
    ("twice in a round", replace(CLEAN, games=(*G, ReportGame(1, 1, None, "+", "-", DAY))),
     [(ERROR, "check.game.twice_in_round", 1, 1)]),
    ("pairing twice", replace(CLEAN, games=(*G[:4], replace(G[0], round=3, date=_later(14)),
                                            replace(G[1], round=3, date=_later(14)))),
     [(ERROR, "check.game.pairing_repeated", 1, 3), (ERROR, "check.game.pairing_repeated", 2, 3)]),
    # chess programs
    ("computer's games", with_player(CLEAN, 4, surname=COMPUTER, forename=COMPUTER),
     [(ERROR, "check.computer.points", 4, 1), (ERROR, "check.computer.points", 4, 2),
      (ERROR, "check.computer.points", 4, 3)]),
    ("half marked", replace(with_player(CLEAN, 4, surname=COMPUTER),
                            games=tuple(replace(g, point_white="-", point_black="-")
                                        if 4 in (g.white, g.black) else g for g in G)),
     [(ERROR, "check.computer.half_marked", 4, None)]),
    ("program not marked", with_player(CLEAN, 4, surname="Stockfish", forename="16"),
     [(WARNING, "check.computer.unmarked", 4, None)]),
    # people
    ("same number", replace(CLEAN, players=(*CLEAN.players, player(3, "Neu", "Nora", 2010, dsb_id="NU1000009",
                                                                   member_number=9))),
     [(ERROR, "check.player.number_duplicate", 3, None)]),
    ("same PKZ", with_player(CLEAN, 4, dsb_id="NU1000001"), [(ERROR, "check.player.listed_twice", 4, None)]),
    ("same name and year", replace(CLEAN, players=(*CLEAN.players, player(5, "Muster", "Max", 1990, dsb_id=None))),
     [(WARNING, "check.player.listed_twice", 5, None)]),
    ("same name", replace(CLEAN, players=(*CLEAN.players, player(5, "MUSTER", "Max", None, dsb_id=None))),
     [(ERROR, "check.birth_year.missing", 5, None), (WARNING, "check.player.listed_twice", 5, None)]),
    ("member without ids", with_player(CLEAN, 2, dsb_id=None, member_number=None),
     [(WARNING, "check.member.no_ids", 2, None)]),
    # the event
    ("45 min + 15 s", replace(CLEAN, time_control="45 min + 15 s"),
     [(ERROR, "check.time_control.not_rated", None, None)]),
    ("rapid", replace(CLEAN, time_control="Schnellschach 15 min + 10 s"),
     [(ERROR, "check.time_control.rapid_blitz", None, None)]),
    ("60 min, U12", replace(CLEAN, time_control="60 min", age_class="U12"), []),
    ("60 min", replace(CLEAN, time_control="60 min"), [(ERROR, "check.time_control.not_rated", None, None)]),
    ("45 min", replace(CLEAN, time_control="45 min"), [(ERROR, "check.time_control.rapid_blitz", None, None)]),
    ("unreadable", replace(CLEAN, time_control="wie immer"), [(WARNING, "check.time_control.unchecked", None, None)]),
]  # fmt: skip


@pytest.mark.parametrize(("defect", "report", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_defect_is_found_alone(defect: str, report, expected) -> None:  # type: ignore[no-untyped-def]
    result = run(report)
    assert found(result) == expected, [p.text() for p in result.problems]
    for problem in result.problems:
        for lang in ("de", "en"):
            assert problem.text(lang).strip()
    assert result.exit_code == (2 if any(e[0] == ERROR for e in expected) else 1 if expected else 0)


def test_a_problem_names_the_player_and_what_to_do() -> None:
    result = run(with_game(CLEAN, 1, point_white="1", point_black="1"))
    (problem,) = result.problems
    assert problem.to_dict() == {
        "severity": "error", "code": "check.game.points_sum", "player": 2, "name": "Weiß, Anna",
        "round": 1, "text": "result 1:1 gives 2 points; white and black together may have at most 1 point: "
        "correct the result",
    }  # fmt: skip


# -- the DSB list -----------------------------------------------------------------------------

LISTED = ListMembership("Z0101", "1", "SK Ilmenau")


def test_a_birth_year_the_list_knows() -> None:
    listed = ListMatch("name+club", exact=True, birth_year=1990, membership=LISTED)
    result = run(with_player(CLEAN, 1, birth_year=None), lookup_of(p1=listed))
    assert found(result) == [(ERROR, "check.birth_year.missing", 1, None)]
    assert result.problems[0].message.code == "check.birth_year.missing.listed"
    assert "die DSB-Liste nennt 1990" in result.problems[0].text("de")


def test_a_birth_year_against_the_list() -> None:
    listed = ListMatch("pkz", exact=True, birth_year=1991, pkz="NU1000001", membership=LISTED,
                       given_id_found=True)  # fmt: skip
    result = run(CLEAN, lookup_of(p1=listed))
    assert found(result) == [(ERROR, "check.birth_year.list", 1, None)]
    assert (
        result.problems[0]
        .text("de")
        .startswith("Geburtsjahr 1990 weicht von dem der DSB-Liste ab (1991)")
    )


def test_an_inexact_match_is_not_compared() -> None:
    unsure = ListMatch("unconfirmed", exact=False, birth_year=1991)
    assert run(CLEAN, lookup_of(p1=unsure)).problems == ()


@pytest.mark.parametrize(
    ("answer", "variant"),
    [
        (ListMatch("name+birth_year", exact=True, birth_year=1990, membership=LISTED, given_id_found=False),
         "check.member.not_in_list.pkz"),
        (ListMatch("pkz", exact=True, birth_year=1990, given_id_found=True,
                   membership=ListMembership("Z0202", "1", "SC Erfurt")), "check.member.not_in_list.other_club"),
        (ListMatch("pkz", exact=True, birth_year=1990, given_id_found=True,
                   membership=ListMembership("Z0101", "77", "SK Ilmenau")), "check.member.not_in_list.membership"),
    ],
)  # fmt: skip
def test_a_membership_the_list_does_not_show(answer: ListMatch, variant: str) -> None:
    result = run(CLEAN, lookup_of(p1=answer))
    assert found(result) == [(WARNING, "check.member.not_in_list", 1, None)]
    assert result.problems[0].message.code == variant


def test_a_membership_without_ids_found_by_the_list() -> None:
    bare = with_player(CLEAN, 2, dsb_id=None, zps=None, member_number=None, club=None)
    assert run(bare).problems == ()  # nothing says he is a member
    member = ListMatch("name+birth_year", exact=True, birth_year=2001, membership=LISTED)
    assert found(run(bare, lookup_of(p2=member))) == [(WARNING, "check.member.no_ids", 2, None)]


def test_the_source_says_he_is_a_member() -> None:
    from wertung import Player

    bare = with_player(
        CLEAN, 2, dsb_id=None, zps=None, member_number=None, club=None, player_id="b"
    )
    tournament = Tournament(
        players=(Player(id="b", name="Weiß, Anna", member=True),), time_control_text="90+30"
    )
    assert found(run(bare, tournament=tournament)) == [(WARNING, "check.member.no_ids", 2, None)]


# -- the event against today and its source ---------------------------------------------------


@pytest.mark.parametrize(
    ("today", "code"),
    [(_later(13), "check.end_date.future"), (_later(14 + 43), "check.deadline.passed"),
     (_later(14 + 366), "check.deadline.year"), (_later(14 + 42), None)],
)  # fmt: skip
def test_the_deadline(today: dt.date, code: str | None) -> None:
    result = run(CLEAN, today=today)
    assert found(result) == ([(WARNING, code, None, None)] if code else [])


def test_what_the_source_does_not_account_for() -> None:
    tournament = Tournament(incomplete=("points of 2 players differ from their games",))
    result = run(CLEAN, tournament=tournament)
    assert found(result) == [(ERROR, "check.source.incomplete", None, None)]
    assert "points of 2 players differ" in result.problems[0].text()


def test_a_source_that_is_not_dwz_rated() -> None:
    result = run(CLEAN, tournament=Tournament(rated_for_dwz=False))
    assert found(result) == [(WARNING, "check.source.not_dwz_rated", None, None)]


def test_the_tournaments_time_control_decides() -> None:
    """The user's --time-control on the tournament is what the evaluation would read."""
    from wertung.dwz._time_control_rule import with_given

    tournament = with_given(
        Tournament(name="Open", time_control_text="90 min"), time_control="45+15"
    )
    assert found(run(CLEAN, tournament=tournament)) == [
        (ERROR, "check.time_control.not_rated", None, None)
    ]
    assert run(CLEAN, tournament=Tournament(time_control_text="90 min")).problems == ()


def test_a_team_round_robin_repeats_a_pairing_as_a_warning() -> None:
    games = (
        *G[:4],
        replace(G[0], round=3, date=_later(14)),
        replace(G[1], round=3, date=_later(14)),
    )
    result = run(replace(CLEAN, tournament_type="TR", games=games))
    assert [p.severity for p in result.problems] == [WARNING, WARNING]


def test_a_double_round_robin_meets_twice() -> None:
    second = tuple(replace(g, round=g.round + 3, white=g.black, black=g.white, point_white=g.point_black,
                           point_black=g.point_white, date=g.date + dt.timedelta(days=21)) for g in G)  # fmt: skip
    double = replace(CLEAN, rounds=6, games=(*G, *second), end_date=_later(35))
    assert run(double, today=_later(40)).problems == ()


def test_errors_come_first() -> None:
    report = with_player(with_game(CLEAN, 1, point_white="1", point_black="1"), 3, birth_year=1900)
    assert [p.severity for p in run(report).problems] == [ERROR, WARNING]


def test_a_foreign_player_with_a_club_is_no_member_by_it() -> None:
    from wertung import Player

    bare = with_player(CLEAN, 2, dsb_id=None, zps=None, member_number=None, player_id="b")
    foreign = Tournament(
        players=(Player(id="b", name="Weiß, Anna", federation="BRA", club="Alex"),)
    )
    assert check(bare, tournament=foreign, today=TODAY).problems == ()
    german = Tournament(players=(Player(id="b", name="Weiß, Anna", federation="GER", club="Alex"),))
    assert found(check(bare, tournament=german, today=TODAY)) == [
        (WARNING, "check.member.no_ids", 2, None)
    ]

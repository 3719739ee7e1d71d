"""The time-control rule applied everywhere: every source's text, the evaluation, running
events, leagues, histories (SPEC §4).

A Swiss-Manager file (written by ``tests/support/swiss_manager_writer.py``) and a TRF whose time
control reads "45 min + 15 s" (60 minutes for 60 moves: FIDE standard) get no DWZ
evaluation and say why in both languages; "60 min + 30 s" and "90 min" are evaluated; a
U12 event with "40 min + 30 s" is evaluated, an adult one is not; a time control that is
missing or not understood is evaluated, with a warning that it could not be checked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest
from swiss_manager_writer import WPlayer, WRound, write

from wertung import Game, Player, Tournament, evaluate, history
from wertung.catalogue import render
from wertung.dwz._time_control_rule import check_tournament, with_given
from wertung.formats import swiss_manager, trf
from wertung.formats import tournament_json as tj
from wertung.kernel.results import GameResult
from wertung.kernel.time_control import Period
from wertung.tournament._league import team_view
from wertung.tournament._model import Team
from wertung.tournament._running import running_forecast

DATA = Path(__file__).parents[1] / "data"
KARL_MALA = DATA / "trf" / "skl_example1_karl_mala_2005.trf"  # "122 40/120, 60"
W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS

#: The brief's German wording of the refusal.
GERMAN_45_15 = (
    "Bedenkzeit 45 Min. + 15 Sek./Zug ergibt 60 Minuten für 60 Züge; DWZ-gewertet werden nur "
    "Partien mit mindestens 90 Minuten oder 60 Minuten + 30 Sekunden je Zug (WO 4.2)"
)


def _swiss_manager(time_control: str) -> Tournament:
    """A small German Swiss-Manager file (national ratings = DWZ) with this time control."""
    players = [WPlayer(f"Spieler{i}", "A", fide_rating=1700 + 30 * i, national_rating=1650 + 30 * i,
                       birth=19800101, federation="GER") for i in range(1, 5)]  # fmt: skip
    rounds = [WRound([(1, 2, 1), (3, 4, 2)], date=20250601),
              WRound([(2, 3, 3), (4, 1, 1)], date=20250602)]  # fmt: skip
    written = write("TUNX", "Sommer-Open", players, rounds, federation="GER",
                    time_control=time_control, start=20250601, end=20250602)  # fmt: skip
    return swiss_manager.parse(written.data)


@pytest.mark.parametrize(
    ("text", "rated"),
    [("45 min + 15 s", False), ("45 min + 15s", False), ("60 min + 30 s", True), ("90 min", True),
     ("40/90 + 30 min + 30 s/move", True), ("15 min + 10 s", False)],
)  # fmt: skip
def test_swiss_manager_time_control_decides(text: str, rated: bool) -> None:
    t = _swiss_manager(text)
    assert t.time_control_text == text
    result = evaluate(t)
    assert result.dwz_rated is rated
    assert all((p.dwz_after is not None) is rated for p in result.players)
    check = result.time_control_check
    assert check.rated is rated and check.text == text


def test_swiss_manager_45_15_says_why_in_both_languages() -> None:
    result = evaluate(_swiss_manager("45 min + 15 s"))
    reason = result.warnings[0]
    assert reason == (
        "time control 45 min + 15 s/move gives 60 minutes for 60 moves; only games with at "
        "least 90 minutes, or 60 minutes + 30 s per move, are DWZ-rated (WO 4.2)"
    )
    assert render(reason, "de") == GERMAN_45_15
    assert all(p.status == "not-rated" and p.note == reason for p in result.players)
    assert result.time_control == "standard"  # FIDE standard: the FIDE rules of standard games
    assert result.players[0].elo is not None and not result.players[0].elo.rapid_blitz


def test_fide_part_is_the_same_for_every_standard_control() -> None:
    slow = evaluate(_swiss_manager("90 min + 30 s")).to_dict()["players"]
    short = evaluate(_swiss_manager("45 min + 15 s")).to_dict()["players"]
    assert [p["elo"] for p in slow] == [p["elo"] for p in short]


def _trf(line: str, kind: str = "092 Individual: Swiss-System (Standard)") -> Tournament:
    text = KARL_MALA.read_text(encoding="latin-1")
    assert "122 40/120, 60" in text and "092 Individual: Swiss-System (Standard)" in text
    text = text.replace("092 Individual: Swiss-System (Standard)", kind)
    return trf.loads(text.replace("122 40/120, 60", line))


@pytest.mark.parametrize(
    ("line", "rated", "periods"),
    [("122 45 min + 15 s", False, ()), ("122 60 min + 30 s", True, ()), ("122 90 min", True, ()),
     ("222 2700+15", False, (Period(45, None, 15),)), ("222 5400", True, (Period(90, None, 0),)),
     ("222 40/2700+30:1800+30", False, (Period(45, 40, 30), Period(30, None, 30)))],
)  # fmt: skip
def test_trf_time_control_decides(line: str, rated: bool, periods: tuple[Period, ...]) -> None:
    t = _trf(line)
    assert t.time_control_periods == periods  # the encoded record's figures are kept
    result = evaluate(t)
    assert result.dwz_rated is rated
    if not rated:
        assert "DWZ-rated" in result.warnings[0]


def test_trf_first_period_too_short_names_the_rule() -> None:
    check = evaluate(_trf("222 40/2700+30:1800+30")).time_control_check
    assert check.rule == "first_period" and check.first_period == 45
    assert render(check.reason, "de").startswith(
        "Bedenkzeit 40 Züge in 45 Min. + 30 Sek./Zug, dann 30 Min. + 30 Sek./Zug: die erste "
        "Periode hat 45 Minuten"
    )


def test_trf_without_122_is_evaluated_and_says_it_was_not_checked() -> None:
    result = evaluate(_trf("122 ", kind="092 Individual: Swiss-System"))
    assert result.dwz_rated and result.time_control_check.rule == "missing"
    assert result.warnings[0].startswith("the source gives no time control")
    assert render(result.warnings[0], "de").startswith("Die Quelle nennt keine Bedenkzeit")
    only_kind = evaluate(_trf("122 "))  # 092 says "(Standard)": FIDE's kind, no figures
    assert only_kind.dwz_rated and only_kind.time_control_check.rule == "kind_only"
    assert render(only_kind.warnings[0], "de").startswith(
        "Die Bedenkzeit ist nur als „standard“ angegeben"
    )
    rapid = evaluate(_trf("122 ", kind="092 Individual: Swiss-System (Rapid)"))
    assert not rapid.dwz_rated and rapid.time_control_check.rule == "kind"


def test_trf_unreadable_122_is_named() -> None:
    result = evaluate(_trf("122 wie in der Ausschreibung"))
    assert result.dwz_rated and result.time_control_check.rule == "unreadable"
    assert "'wie in der Ausschreibung' not understood" in result.warnings[0]
    assert not any("not understood" in n for n in result.notes)  # named once


def test_the_users_time_control_comes_first_and_survives_export() -> None:
    t = with_given(_trf("122 wie in der Ausschreibung"), time_control="45+15")
    assert evaluate(t).time_control_check.given and not evaluate(t).dwz_rated
    back = tj.from_dict(tj.to_dict(t))
    assert back.time_control_given == "45+15" and not evaluate(back).dwz_rated
    again = trf.loads(trf.dumps(t))  # the TRF carries the user's control in its 122 line
    assert again.time_control_text == "45+15" and not evaluate(again).dwz_rated


# -- the JSON format, the age class ---------------------------------------------------------


def _round_robin(name: str = "Open", **changes: object) -> Tournament:
    players = tuple(Player(str(i), f"P{i}", dwz=1500 + 40 * i, index=8, birth_year=2014)
                    for i in range(1, 5))  # fmt: skip
    pairs = [(a, b) for a in range(1, 5) for b in range(a + 1, 5)]
    games = tuple(Game(n, str(a), str(b), (W, D, L)[n % 3]) for n, (a, b) in enumerate(pairs, 1))
    t = Tournament(name=name, end_date=dt.date(2025, 6, 1), players=players, games=games)
    return dataclasses.replace(t, **changes)


def test_json_structured_periods() -> None:
    data = tj.to_dict(_round_robin())
    data["time_control_periods"] = [{"minutes": 45, "increment": 15}]
    t = tj.from_dict(data)
    assert t.time_control_periods == (Period(45, None, 15),)
    assert not evaluate(t).dwz_rated
    data["age_class"] = "U12"
    assert evaluate(tj.from_dict(data)).dwz_rated  # 60 minutes: enough in a U12 event
    assert tj.to_dict(tj.from_dict(data))["time_control_periods"] == [
        {"minutes": 45, "increment": 15}
    ]


def test_json_text_time_control() -> None:
    data = {**tj.to_dict(_round_robin()), "time_control_text": "45 min + 15 s"}
    assert not evaluate(tj.from_dict(data)).dwz_rated
    data["time_control_text"] = "60 min + 30 s"
    assert evaluate(tj.from_dict(data)).dwz_rated


def test_a_u12_event_by_its_name() -> None:
    youth = _round_robin("Bezirksjugendmeisterschaft U12", time_control_text="40 min + 30 s")
    result = evaluate(youth)
    assert result.dwz_rated
    check = result.time_control_check
    assert (check.age_class, check.age_class_from, check.youth) == ("U12", "name", True)
    assert any("taken from the tournament name" in w for w in result.warnings)
    adult = _round_robin("Stadtmeisterschaft", time_control_text="40 min + 30 s")
    assert not evaluate(adult).dwz_rated
    overruled = with_given(youth, age_class="open")
    assert not evaluate(overruled).dwz_rated
    assert evaluate(with_given(adult, age_class="U12")).time_control_check.age_class_from == "user"


def test_a_labelled_kind_without_figures() -> None:
    rapid = evaluate(_round_robin(time_control="rapid"))
    assert not rapid.dwz_rated and rapid.time_control_check.rule == "kind"
    standard = evaluate(_round_robin(time_control="standard"))
    assert standard.dwz_rated and standard.time_control_check.rule == "kind_only"
    assert "only given as standard" in standard.warnings[0]
    # the source's kind wins over figures that say otherwise
    clash = evaluate(_round_robin(time_control="rapid", time_control_text="90 min"))
    assert not clash.dwz_rated


def test_the_check_is_in_the_evaluations_data() -> None:
    data = evaluate(_round_robin(time_control_text="90 min + 30 s")).to_dict()
    check = data["time_control_check"]
    assert (check["rated"], check["rule"], check["minutes"]) == (True, "total", 120)
    assert check["periods"] == [{"minutes": 90, "moves": None, "increment": 30}]
    assert "WO 4.2" in data["rules"]["time_control"]
    refused = evaluate(_round_robin(time_control_text="45 min + 15 s")).to_dict()
    assert refused["dwz_rated"] is False and refused["rules"]["time_control"] == check_rules()


def check_rules() -> str:
    return check_tournament(_round_robin()).rules


# -- running events, leagues, histories --------------------------------------------------------


def _running(**changes: object) -> Tournament:
    players = tuple(Player(str(n), f"P{n}", dwz=1500 + 50 * n, index=10) for n in range(1, 5))
    return Tournament(
        name="Open", end_date=dt.date(2026, 9, 1), players=players, rounds=3, played_rounds=1,
        games=(Game(1, "1", "2", W), Game(1, "3", "4", D)),
        upcoming=(Game(2, "1", "3", GameResult.NOT_PLAYED, board=1),),
        **changes,
    )  # fmt: skip


def test_running_event_follows_the_check() -> None:
    short = running_forecast(_running(time_control_text="45 min + 15 s"))
    assert not short.evaluation.dwz_rated
    assert any("not DWZ-rated" in n for n in short.notes)
    given = running_forecast(with_given(_running(time_control_text="45 min + 15 s"),
                                        time_control="90+30"))  # fmt: skip
    assert given.evaluation.dwz_rated


def test_league_boards_of_a_short_time_control_do_not_count() -> None:
    players = tuple(Player(str(i), f"P{i}", dwz=1600 + 20 * i, index=10, birth_year=1980,
                           team="A" if i <= 2 else "B") for i in range(1, 5))  # fmt: skip
    league = Tournament(
        name="Kreisliga", end_date=dt.date(2026, 4, 1), players=players,
        games=(Game(1, "1", "3", W, 1), Game(1, "4", "2", D, 2)),
        teams=(Team("A", "Alpha", ("1", "2")), Team("B", "Beta", ("3", "4"))),
        time_control_text="45 min + 15 s",
    )  # fmt: skip
    view = team_view(league, evaluate(league))
    reasons = {g.reason for team in view.teams for p in team.players for g in p.games}
    assert reasons == {"not_dwz_rated"}


def test_history_skips_the_dwz_of_a_short_time_control() -> None:
    hero = Player("1", "Muster, Max", dwz=1500, index=5, birth_year=1980)
    others = [Player(f"o{i}", f"Gegner, G{i}", dwz=1500 + 50 * i, index=10, birth_year=1970)
              for i in range(1, 4)]  # fmt: skip

    def event(name: str, end: dt.date, text: str) -> Tournament:
        games = tuple(Game(i, "1", o.id, W) for i, o in enumerate(others, 1))
        return Tournament(name=name, end_date=end, players=(hero, *others), games=games,
                          time_control_text=text)  # fmt: skip

    h = history([event("Blitz-Abend", dt.date(2025, 3, 1), "45 min + 15 s"),
                 event("Open", dt.date(2025, 5, 1), "90 min + 30 s")])  # fmt: skip
    rows = next(p for p in h.players if p.name == "Muster, Max").rows
    assert [r.status for r in rows] == ["not-rated", "established"]
    assert rows[1].dwz_before == 1500  # the short event changed nothing

"""Properties of the round and game dates over generated tournaments: the JSON format keeps
them exactly, a TRF keeps the round dates (record 132), a DSB XML file keeps the day of
every game; and only our own errors come out of a JSON document with any round dates."""

from __future__ import annotations

import datetime as dt
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.formats import dsb_map, dsb_xml, tournament_json, trf
from wertung.kernel.errors import WertungError
from wertung.kernel.results import GameResult
from wertung.tournament._model import Game, Player, Tournament

_RESULTS = st.sampled_from([GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW,
                            GameResult.WHITE_WINS_FORFEIT, GameResult.DOUBLE_FORFEIT])  # fmt: skip
_DAY = st.dates(dt.date(1900, 1, 1), dt.date(2099, 12, 31))


@st.composite
def dated(draw: st.DrawFn, *, game_dates: bool = True, within: bool = True) -> Tournament:
    count = draw(st.integers(2, 8))
    players = tuple(Player(str(n), f"Spieler, {n}") for n in range(1, count + 1))
    rounds = draw(st.integers(1, 9))
    games = []
    for round_no in range(1, rounds + 1):
        order = draw(st.permutations([p.id for p in players]))
        for k in range(draw(st.integers(0, count // 2))):
            own = draw(st.one_of(st.none(), _DAY)) if game_dates and draw(st.booleans()) else None
            games.append(Game(round_no, order[2 * k], order[2 * k + 1], draw(_RESULTS), date=own))
    start = draw(_DAY)
    end = start + dt.timedelta(days=draw(st.integers(0, 400)))
    if within:
        span = (end - start).days
        day = st.integers(0, span).map(lambda n: start + dt.timedelta(days=n))
    else:
        day = _DAY
    round_dates = tuple(
        draw(st.one_of(st.none(), day)) for _ in range(draw(st.integers(0, rounds)))
    )
    headers = draw(st.booleans())
    return Tournament(
        name="Gen", players=players, games=tuple(games), rounds=rounds,
        start_date=start if headers else None, end_date=end if headers else None,
        round_dates=round_dates,
    ).validate()  # fmt: skip


def _trimmed(days: tuple[dt.date | None, ...]) -> tuple[dt.date | None, ...]:
    out = list(days)
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


@settings(max_examples=150, deadline=None)
@given(dated(within=False))
def test_json_keeps_every_date(t: Tournament) -> None:
    text = json.dumps(tournament_json.to_dict(t))
    assert tournament_json.loads(text) == t


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dated(game_dates=False))
def test_trf_keeps_the_round_dates(t: Tournament) -> None:
    back = trf.loads(trf.dumps(t))
    assert back.round_dates == _trimmed(t.round_dates)
    if t.start_date is not None:
        assert (back.start_date, back.end_date) == (t.start_date, t.end_date)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dated(within=False))
def test_dsb_xml_keeps_the_day_of_every_game(t: Tournament) -> None:
    report = dsb_map.report_from_tournament(t)
    back = dsb_xml.load(dsb_xml.write(report))
    rated = [g for g in t.games if g.result is not GameResult.NOT_PLAYED]
    assert [back.game_date(g) for g in back.games] == [t.game_date(g) for g in rated]
    assert [g.date for g in dsb_map.report_from_tournament(back).games] == [
        g.date for g in report.games
    ]


_JSON_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=12),
    st.dates().map(dt.date.isoformat),
    st.dates().map(lambda d: d.isoformat()[:-1] + "9"),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(_JSON_VALUE, st.lists(_JSON_VALUE, max_size=6)),
    st.one_of(st.just("absent"), _JSON_VALUE),
)
def test_json_round_dates_give_only_our_errors(round_dates: object, game_date: object) -> None:
    data = {
        "end_date": "2026-09-01",
        "players": [{"id": 1}, {"id": 2}],
        "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}],
        "round_dates": round_dates,
    }
    if game_date != "absent":
        data["games"][0]["date"] = game_date
    try:
        t = tournament_json.from_dict(data)
    except WertungError:
        return
    assert isinstance(round_dates, list)
    assert all(d is None or isinstance(d, dt.date) for d in t.round_dates)
    assert tournament_json.from_dict(tournament_json.to_dict(t)) == t

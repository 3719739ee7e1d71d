"""The season history's bounds (issue 22): the games counted before any work, the work in a
worker process with its deadline, rows only for the players asked for, the answer cached by
its bytes, the client's rate limit."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
import slow_work
from web_helpers import client

import wertung
from wertung.formats import tournament_json
from wertung.kernel.results import GameResult
from wertung.web import history

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def event(name: str, day: dt.date, others: str, results: list[GameResult]) -> wertung.Tournament:
    """A round robin of Muster, Max and three others (named by ``others``)."""
    players = [wertung.Player("1", "Muster, Max", dwz=1500, index=5, birth_year=1980)] + [
        wertung.Player(str(n), f"{others}{n}, Vorname", dwz=1400 + 50 * n, index=3 + n,
                       birth_year=1970 + n)
        for n in range(2, 5)
    ]  # fmt: skip
    rounds = [((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3))]
    games = tuple(
        wertung.Game(r, str(a), str(b), results[(2 * r + k) % len(results)])
        for r, pairs in enumerate(rounds, start=1)
        for k, (a, b) in enumerate(pairs)
    )
    return wertung.Tournament(name=name, end_date=day, players=tuple(players), games=games)


def season() -> list[wertung.Tournament]:
    return [
        event("Spring Open", dt.date(2026, 3, 15), "Anders", [W, D, L]),
        event("Winter Open", dt.date(2026, 1, 31), "Berger", [D, W, W]),
    ]


def body(**more: object) -> dict[str, object]:
    return {"tournaments": [tournament_json.to_dict(t) for t in season()], **more}


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _keys(web) -> list[str]:
    response = web.post("/api/v1/history", json=body(players=["Muster, Max"]))
    assert response.status_code == 200, response.text
    return response.json()["keys"]


def _no_work(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("the history was evaluated")


# -- the games are counted before any work -------------------------------------------------------


def test_a_history_over_the_games_limit_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = client(tmp_path, history_max_games=11)  # the two round robins have 6 games each
    monkeypatch.setattr(history, "run_bounded", _no_work)
    monkeypatch.setattr(history, "work", _no_work)
    monkeypatch.setattr(wertung, "history", _no_work)
    response = web.post("/api/v1/history", json=body(), headers={"Accept-Language": "de"})
    assert response.status_code == 422
    problem = response.json()
    assert problem["field"] == "t"
    assert problem["texts"]["en"] == (
        "the tournaments have 12 games together; this server evaluates at most 11 in one history"
    )
    assert (
        problem["detail"]
        == problem["texts"]["de"]
        == (
            "Die Turniere haben zusammen 12 Partien; dieser Server wertet höchstens 11 in einer "
            "Historie aus"
        )
    )


def test_the_page_names_the_games_and_the_limit_in_its_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = _keys(client(tmp_path))
    web = client(tmp_path, history_max_games=11)
    monkeypatch.setattr(history, "run_bounded", _no_work)
    page = web.get("/de/history?" + "&".join(f"t={k}" for k in keys))
    assert page.status_code == 422
    assert "Die Turniere haben zusammen 12 Partien" in page.text
    assert "höchstens 11 in einer Historie" in page.text
    assert 'data-testid="history-player"' not in page.text


def test_the_default_allows_a_season_of_large_opens() -> None:
    assert wertung.web.Settings().history_max_games >= 4 * 15_000


# -- the work runs in a worker process with a deadline -------------------------------------------


def test_an_over_long_history_is_stopped_at_the_work_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = _keys(client(tmp_path))
    web = client(tmp_path, work_timeout=0.5)
    monkeypatch.setattr(history, "work", slow_work.never_done)  # waits for ever
    response = web.post("/api/v1/history", json={"keys": keys})
    assert response.status_code == 422
    assert response.json()["detail"] == "the work took longer than 0.5 s and was stopped"
    page = web.get("/en/history?" + "&".join(f"t={k}" for k in keys))
    assert page.status_code == 422 and "took longer than 0.5 s" in page.text


def test_the_work_is_what_the_engine_computes(web) -> None:
    response = web.post("/api/v1/history", json=body(players=["Muster, Max"]))
    hero = response.json()["players"][0]
    expected = wertung.history(season()).player("Muster, Max").to_dict()
    assert hero["history"] == json.loads(json.dumps(expected["rows"]))
    # his working in each evaluation comes with his rows
    first = wertung.history(season()).tournaments[0].player("1").to_dict()
    assert hero["workings"][0] == json.loads(json.dumps(first))


# -- rows only for the players asked for ---------------------------------------------------------


def test_without_a_filter_every_player_is_listed_with_rows_up_to_the_cap(
    web, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "MAX_ROWS", 2)
    data = web.post("/api/v1/history", json=body()).json()
    assert data["players_total"] == len(data["players"]) == 7  # Muster and 3 + 3 others
    with_rows = [p for p in data["players"] if p["history"] is not None]
    assert len(with_rows) == data["rows_limit"] == 2
    assert data["rows_left_out"] == 5
    assert with_rows[0]["name"] == "Muster, Max"  # the one in both tournaments comes first
    assert all(p["name"] and p["key"] for p in data["players"])
    assert all("workings" not in p for p in data["players"])
    assert "rows for the 2 players" in data["note"]["en"]
    assert "Zeilen nur für die 2 Spieler" in data["note"]["de"]


def test_the_tournaments_are_summaries_without_every_players_working(web) -> None:
    data = web.post("/api/v1/history", json=body()).json()
    assert [t["name"] for t in data["tournaments"]] == ["Winter Open", "Spring Open"]
    assert [t["key"] for t in data["tournaments"]] == data["keys"]
    assert all(t["players"] == 4 and t["complete"] for t in data["tournaments"])
    assert data["note"] is None and data["rows_left_out"] == 0


def test_a_player_filter_gives_only_that_player(web) -> None:
    data = web.post("/api/v1/history", json=body(players=["Muster, Max"])).json()
    assert [p["name"] for p in data["players"]] == ["Muster, Max"]
    assert data["players_total"] == 7 and data["rows_limit"] is None
    missing = web.post("/api/v1/history", json=body(players=["Niemand, Nie"]))
    assert missing.status_code == 422 and missing.json()["field"] == "player"


def test_the_page_keeps_showing_the_players_and_the_picker(web) -> None:
    keys = _keys(web)
    page = web.get("/de/history?" + "&".join(f"t={k}" for k in keys))
    assert page.status_code == 200
    assert page.text.count('data-testid="history-player"') == 7
    assert page.text.count("<option value=") == 8  # everyone, and "all"
    one = web.get("/de/history?" + "&".join(f"t={k}" for k in keys) + "&player=Muster,+Max")
    assert one.text.count('data-testid="history-player"') == 1
    assert one.text.count("<option value=") == 8  # the picker still lists everyone


# -- the cache -----------------------------------------------------------------------------------


def test_a_cached_answer_is_the_same_bytes_without_work(
    web, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = _keys(web)
    first = web.post("/api/v1/history", json={"keys": keys})
    cache = history.cache_of(web.app)
    held = cache.bytes
    assert held >= len(first.content)  # charged by the bytes of its answers
    monkeypatch.setattr(history, "run_bounded", _no_work)
    again = web.post("/api/v1/history", json={"keys": list(reversed(keys))})  # same key set
    assert again.status_code == 200 and again.content == first.content
    assert cache.bytes == held


def test_the_cache_is_bounded_by_bytes(tmp_path: Path) -> None:
    cache = history.cache_of(client(tmp_path).app)
    assert cache.max_bytes == 64 * 1024 * 1024
    big = history.Answer(b"x" * 40 * 1024 * 1024)
    cache.put("a", big)
    cache.put("b", big)
    assert "a" not in cache and "b" in cache and cache.bytes == big.size


# -- the rate limit ------------------------------------------------------------------------------


def test_the_rate_limit_answers_429_in_the_users_language(tmp_path: Path) -> None:
    web = client(tmp_path, history_limit=1, history_window=600)
    keys = _keys(web)  # the one history this client may have computed
    cached = web.post("/api/v1/history", json=body(players=["Muster, Max"]))
    assert cached.status_code == 200  # from the cache: not counted
    response = web.post("/api/v1/history", json={"keys": keys}, headers={"Accept-Language": "de"})
    assert response.status_code == 429
    assert response.headers["retry-after"] == "600"
    assert response.json()["detail"] == (
        "Höchstens 1 Saison-Historien je 10 Minuten; bitte etwas warten"
    )
    page = web.get("/en/history?" + "&".join(f"t={k}" for k in keys))
    assert page.status_code == 429
    assert "at most 1 season histories per 10 minutes" in page.text


def test_each_kind_of_work_keeps_its_own_window(tmp_path: Path) -> None:
    from wertung.web.web_store import WebStore

    store = WebStore(tmp_path)
    assert store.allow_fetch("1.2.3.4", 1, 600)  # an import, counted for 10 minutes
    assert store.allow_fetch("history 1.2.3.4", 5, 0.001)  # a short window elsewhere ...
    assert not store.allow_fetch("1.2.3.4", 1, 600)  # ... does not forget the import

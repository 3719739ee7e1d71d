"""A season in order: chained evaluations, the 2026 upgrade between them, carry-over games."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from wertung import Game, Player, Tournament, dwz, evaluate, history
from wertung.kernel.errors import InvalidTournament
from wertung.kernel.results import GameResult

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def round_robin(name, end, players, results):
    """A round robin of ``players``; ``results`` gives white's result per pairing in order."""
    games = []
    pairs = [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
    for number, ((a, b), result) in enumerate(zip(pairs, results, strict=True), start=1):
        games.append(Game(number, a.id, b.id, result))
    return Tournament(name=name, end_date=end, players=tuple(players), games=tuple(games))


def field(hero: Player, *others: Player) -> list[Player]:
    return [hero, *others]


def opponents(tag: str, base: int) -> list[Player]:
    return [
        Player(f"{tag}{i}", f"Gegner{tag}, G{i}", dwz=base + 50 * i, index=10, birth_year=1970 + i)
        for i in range(1, 6)
    ]


HERO = Player("1", "Muster, Max", dwz=1500, index=5, birth_year=1980)


def test_three_tournaments_across_the_upgrade_equal_evaluation_by_hand():
    t1 = round_robin("Jan Open", dt.date(2026, 1, 31), field(HERO, *opponents("a", 1400)),
                     [W, D, L, W, D] + [D] * 10)  # fmt: skip
    t2 = round_robin("Mar Open", dt.date(2026, 3, 15), field(
        dataclasses.replace(HERO, dwz=1500, index=5), *opponents("b", 1450)), [W, W, D, L, D] + [D] * 10)  # fmt: skip
    t3 = round_robin("Sep Open", dt.date(2026, 9, 20), field(
        dataclasses.replace(HERO, dwz=1500, index=5), *opponents("c", 1700)), [D, W, L, L, D] + [D] * 10)  # fmt: skip
    h = history([t3, t1, t2])  # any order in, the rating office's order out
    rows = h.player("Muster, Max").rows
    assert [r.tournament for r in rows] == ["Jan Open", "Mar Open", "DWZ upgrade 2026", "Sep Open"]
    # by hand: each evaluation from the previous result, the upgrade in between
    r1 = evaluate(t1).player("1")
    t2_hand = dataclasses.replace(t2, players=(
        dataclasses.replace(HERO, dwz=r1.dwz_after, index=r1.index_after), *t2.players[1:]))  # fmt: skip
    r2 = evaluate(t2_hand).player("1")
    up = dwz.upgrade(r2.dwz_after, r2.index_after)
    t3_hand = dataclasses.replace(t3, players=(
        dataclasses.replace(HERO, dwz=up.new_rating, index=up.new_index), *t3.players[1:]))  # fmt: skip
    r3 = evaluate(t3_hand).player("1")
    assert (rows[0].dwz_after, rows[1].dwz_before, rows[1].dwz_after) == (
        r1.dwz_after, r1.dwz_after, r2.dwz_after)  # fmt: skip
    assert rows[2].upgrade and (rows[2].dwz_after, rows[2].index_after) == (
        up.new_rating,
        up.new_index,
    )
    assert (rows[3].dwz_before, rows[3].index_before) == (up.new_rating, up.new_index)
    assert (rows[3].dwz_after, rows[3].index_after) == (r3.dwz_after, r3.index_after)
    assert rows[0].regulations == "WO 2014" and rows[3].regulations == "WO 2026"
    assert h.player("Muster, Max").dwz == r3.dwz_after


def test_carry_over_games_give_a_first_dwz_later_and_expire_after_two_years():
    new = Player("1", "Neu, Nina", birth_year=2010)
    first = round_robin(
        "Herbst", dt.date(2025, 10, 5), [new, *opponents("a", 1300)[:3]], [W, D, L, D, D, D]
    )  # fmt: skip  3 games: too few
    second = round_robin(
        "Winter", dt.date(2026, 1, 20), [new, *opponents("b", 1350)[:2]], [D, W, D]
    )  # fmt: skip  2 more games: 5 with the carried ones
    h = history([first, second])
    rows = h.player("Neu, Nina").rows
    assert rows[0].status == "carry-over" and rows[0].dwz_after is None
    assert rows[1].status == "first" and rows[1].dwz_after is not None
    # the same second tournament more than two years later: the carried games have expired
    late = dataclasses.replace(second, name="Später", end_date=dt.date(2027, 11, 1))
    h2 = history([first, late])
    assert h2.player("Neu, Nina").rows[1].dwz_after is None


def test_matching_by_pkz_fide_id_and_name_with_birth_year():
    a = opponents("a", 1400)
    t1 = round_robin("One", dt.date(2026, 2, 1), [
        dataclasses.replace(HERO, pkz="10012345"), *a], [W] * 5 + [D] * 10)  # fmt: skip
    renamed = dataclasses.replace(HERO, name="Muster-Schulz, Max", pkz="10012345", dwz=1400)
    t2 = round_robin("Two", dt.date(2026, 3, 1), [renamed, *opponents("b", 1400)], [D] * 15)
    h = history([t1, t2])
    person = h.player("Muster, Max")
    assert len(person.rows) == 2 and "pkz" in person.matched_by
    assert person.rows[1].dwz_before == person.rows[0].dwz_after  # not the file's 1400
    fide1 = dataclasses.replace(HERO, fide_id="4711", birth_year=None)
    fide2 = dataclasses.replace(HERO, name="M. Muster", fide_id="4711", birth_year=None)
    h = history([round_robin("F1", dt.date(2026, 2, 1), [fide1, *a], [D] * 15),
                 round_robin("F2", dt.date(2026, 3, 1), [fide2, *a], [D] * 15)])  # fmt: skip
    assert "fide" in h.player("Muster, Max").matched_by
    by_name = history([t1, round_robin("N", dt.date(2026, 4, 1),
                       [dataclasses.replace(HERO, pkz=None), *a], [D] * 15)])  # fmt: skip
    assert "name+birth_year" in by_name.player("Muster, Max").matched_by
    other = dataclasses.replace(HERO, birth_year=1999, pkz=None)
    split = history([t1, round_robin("N", dt.date(2026, 4, 1), [other, *a], [D] * 15)])
    assert len([p for p in split.players if p.name == "Muster, Max"]) == 2


def test_ambiguous_match_is_listed_and_not_guessed():
    twin1 = Player("1", "Muster, Max", dwz=1500, index=5)
    twin2 = Player("2", "Muster, Max", dwz=1900, index=30)
    a = opponents("a", 1400)
    t1 = round_robin("One", dt.date(2026, 2, 1), [twin1, twin2, *a[:3]], [D] * 10)
    t2 = round_robin("Two", dt.date(2026, 3, 1), [Player("9", "Muster, Max", dwz=1600, index=7), *a],
                     [D] * 15)  # fmt: skip
    h = history([t1, t2])
    assert h.ambiguous and h.ambiguous[0]["name"] == "Muster, Max"
    assert len(h.ambiguous[0]["candidates"]) == 2
    third = [p for p in h.players if p.rows[0].tournament == "Two" and p.name == "Muster, Max"]
    assert len(third) == 1 and third[0].rows[0].dwz_before == 1600  # a new person, the file's DWZ
    with pytest.raises(InvalidTournament):
        h.player("Muster, Max")


def test_opponents_count_with_their_chained_rating():
    a = opponents("a", 1400)
    t1 = round_robin("One", dt.date(2026, 2, 1), [HERO, *a], [W] * 5 + [D] * 10)
    t2 = round_robin("Two", dt.date(2026, 3, 1), [HERO, *a], [D] * 15)
    h = history([t1, t2])
    after = {p.id: p.dwz_after for p in h.tournaments[0].players}
    second = h.tournaments[1]
    assert second.player("a1").dwz_before == after["a1"]
    assert h.to_dict()["players"][0]["rows"][0]["tournament"] == "One"


def test_a_tournament_without_end_date_is_refused():
    with pytest.raises(InvalidTournament, match="no end date"):
        history([Tournament(name="X", players=(HERO,))])


def test_history_cli(tmp_path):
    import json

    from typer.testing import CliRunner

    from wertung.cli import app
    from wertung.formats import tournament_json

    a = opponents("a", 1400)
    paths = []
    for name, day in (("Two", dt.date(2026, 9, 1)), ("One", dt.date(2026, 2, 1))):
        path = tmp_path / f"{name}.json"
        tournament_json.dump(round_robin(name, day, [HERO, *a], [W] * 5 + [D] * 10), path)
        paths.append(str(path))
    runner = CliRunner()
    out = runner.invoke(app, ["history", *paths, "--player", "Muster, Max", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    rows = data["players"][0]["history"]
    assert data["players"][0]["name"] == "Muster, Max"
    assert [r["tournament"] for r in rows] == ["One", "DWZ upgrade 2026", "Two"]
    assert rows[1]["upgrade"] is True and rows[2]["dwz_before"] == rows[1]["dwz_after"]
    table = runner.invoke(app, ["history", *paths])
    assert table.exit_code == 0 and "upgrade" in table.output
    csv_out = runner.invoke(app, ["history", *paths, "--csv"]).stdout
    assert csv_out.startswith("name,tournament") and "DWZ upgrade 2026" in csv_out
    assert runner.invoke(app, ["history", *paths, "--player", "Nobody"]).exit_code == 2

"""The fast ``to_dict()`` conversions give exactly what the general conversion gives (issue 9).

The whole-tournament working is converted by converters written out per class (game
lines, forecasts, results, FIDE games and initial ratings); :func:`to_plain_general`
(and each class's ``to_dict_general``) is the general recursion they replace. Every
field is compared exactly -- same keys in the same order, same types, floats by
``repr`` -- on the golden tournaments (``tests/golden``) and on the real files under ``tests/data``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from golden_cases import build_tournament, inputs

from wertung.dwz._forecast import Forecast
from wertung.dwz._game_line import GameLine, game_line, with_expectancy
from wertung.fide._change import RatingChange
from wertung.fide._initial import InitialRating, initial_rating_plain
from wertung.fide._rules import FideGame
from wertung.fide._rules import game_plain as _game_plain
from wertung.formats import swt, trf
from wertung.kernel.derivation import to_plain, to_plain_general
from wertung.kernel.results import DRAW, WIN
from wertung.tournament import _evaluation as evaluation

DATA = Path(__file__).parents[1] / "data"
#: Every seventh of the golden tournaments (``tests/golden/tournaments.json.xz``).
TOURNAMENTS = list(inputs("tournaments", "evaluate"))[::7]


def typed(value: Any) -> Any:
    """The value with every type and key order spelt out (floats by repr)."""
    if isinstance(value, dict):
        return ("dict", [(type(k).__name__, k, typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value).__name__, repr(value))


def assert_identical(fast: Any, general: Any, where: str) -> None:
    assert typed(fast) == typed(general), where


def _check_evaluation(result: Any, where: str) -> None:
    assert_identical(result.to_dict(), result.to_dict_general(), where)
    for player in result.players:
        here = f"{where}, player {player.id}"
        assert_identical(player.to_dict(), player.to_dict_general(), here)
        derivation = player.dwz
        if derivation is not None:
            if derivation.__class__ is Forecast:
                assert_identical(derivation.to_dict(), derivation.to_dict_general(), here)
            else:
                assert_identical(to_plain(derivation), to_plain_general(derivation), here)
                for step in derivation.iteration:
                    assert_identical(to_plain(step), to_plain_general(step), here)
            for line in derivation.games:
                assert line.__class__ is GameLine
                assert_identical(to_plain(line), to_plain_general(line), here)
        if player.index_range is not None:
            assert_identical(
                to_plain(player.index_range), to_plain_general(player.index_range), here
            )
        elo = player.elo
        if elo is not None:
            for game in elo.games:
                assert game.__class__ is FideGame
                assert_identical(_game_plain(game), game.to_dict(), here)
            if elo.__class__ is InitialRating:
                assert_identical(initial_rating_plain(elo), elo.to_dict(), here)
            else:
                assert elo.__class__ is RatingChange


@pytest.mark.parametrize("start", range(0, len(TOURNAMENTS), 40))
def test_random_tournaments(start: int) -> None:
    checked = 0
    for number, ((spec,), options) in enumerate(TOURNAMENTS[start : start + 40], start):
        try:
            result = evaluation.evaluate(build_tournament(spec), **options)
        except Exception:  # invalid cases: their errors are recorded in the golden cases
            continue
        _check_evaluation(result, f"tournament {7 * number}")
        checked += 1
    assert checked > 10


def _real_files() -> list[tuple[str, Any]]:
    found = []
    for path in sorted((DATA / "trf").glob("*.tab")) + sorted((DATA / "trf").glob("*.trf")):
        found.append((path.name, trf.read))
    for path in sorted((DATA / "swt").glob("*.SWT")):
        found.append((path.name, swt.read))
    return found


@pytest.mark.parametrize(("name", "reader"), _real_files())
def test_real_files(name: str, reader: Any) -> None:
    path = next(DATA.glob(f"*/{name}"))
    tournament = reader(path)
    result = evaluation.evaluate(tournament)
    _check_evaluation(result, name)


def test_real_files_found() -> None:
    assert len(_real_files()) >= 2


def test_game_line_made_at_once_is_the_dataclass() -> None:
    args = (1650, DRAW, DRAW.points, True, 12, 0.53, None, 3, "a", "Anna", "established", False)
    fast, plain = game_line(*args), GameLine(*args)
    assert fast == plain
    assert list(vars(fast)) == [f.name for f in dataclasses.fields(GameLine)]
    assert typed(to_plain(fast)) == typed(to_plain_general(plain))
    filled = with_expectancy(
        GameLine(1500, WIN, WIN.points, True), difference=-7, win_expectancy=0.49
    )
    assert filled == dataclasses.replace(
        GameLine(1500, WIN, WIN.points, True), difference=-7, win_expectancy=0.49
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.counted = False  # type: ignore[misc]


def test_partly_given_deferred_fields_keep_their_order() -> None:
    """A result given some deferred fields converts field by field (the general way)."""
    from wertung.tournament._result import PlayerResult

    class Working:
        def fill(self, values: dict[str, Any]) -> None:
            values.update(performance=1, dwz=None, index_range=None)

    values = dict(
        id="a", name="A", status="established", basis="established", conditional=False,
        dwz_before=1500, index_before=3, dwz_after=1510, index_after=4, change=10,
        foreign_rating=None, points=WIN.points, score=WIN.points, counted_games=1,
        expected_score=0.5, development_factor=None, development_coefficient=None,
        exceptional=False, stage=None,
    )  # fmt: skip
    fast = PlayerResult(dwz_working=Working(), performance=2, **values).to_dict()
    general = PlayerResult(dwz_working=Working(), performance=2, **values).to_dict_general()
    assert typed(fast) == typed(general)
    assert fast["performance"] == 2  # read before the working filled it

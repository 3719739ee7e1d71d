"""Tournament.validate() with its bulk fast path decides as the frozen reference does.

Seeded random tournaments, each with one random defect (or none), are checked by the
current model and by ``tests/reference/wertung_ref``: both accept, or both raise the same
error class with the same message (the first problem, in the same order).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "reference"))

import wertung_ref.core.model as ref_model
import wertung_ref.core.results as ref_results
from generate import build_tournament, tournament_case

from wertung.kernel import results
from wertung.tournament import _model as model


class _Package:
    def __init__(self, model: Any, results: Any) -> None:
        self.model = model
        self.results = results


NEW = _Package(model, results)
REF = _Package(ref_model, ref_results)
CASES = 3000

_PLAYER_DEFECTS = (
    ("id", ""), ("dwz", -1), ("dwz", 3501), ("dwz", 1500.0), ("dwz", 1500.5), ("dwz", True),
    ("dwz", "1600"), ("index", -1), ("index", True), ("index", "7"), ("birth_year", 1879),
    ("birth_year", 2101), ("birth_year", "1990"), ("fide_rating", 4000), ("fide_rating", 0),
    ("national_rating", -3), ("national_rating", Fraction(3001, 2)), ("dwz", None),
)  # fmt: skip


def _defective(spec: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The tournament of ``spec`` with one defect (or none) of the kinds validate() finds."""
    players, games, byes = spec["players"], spec["games"], spec["byes"]
    kind = rng.choice(("none", "player", "player", "duplicate", "carry", "game", "game", "bye"))
    if kind == "player" and players:
        field, value = rng.choice(_PLAYER_DEFECTS)
        rng.choice(players)[field] = value
    elif kind == "duplicate" and len(players) > 1:
        rng.choice(players[1:])["id"] = players[0]["id"]
    elif kind == "carry":
        carrying = [p for p in players if p.get("carry_over")]
        if carrying:
            game = rng.choice(rng.choice(carrying)["carry_over"])
            game["opponent_rating"] = rng.choice((-5, 3600, 1500.0, 1500.5, None))
    elif kind == "game" and games:
        game = rng.choice(games)
        defect = rng.choice(("round0", "roundbool", "roundtext", "self", "unknown", "twice"))
        if defect == "round0":
            game["round"] = 0
        elif defect == "roundbool":
            game["round"] = True
        elif defect == "roundtext":
            game["round"] = "1"
        elif defect == "self":
            game["black"] = game["white"]
        elif defect == "unknown":
            game[rng.choice(("white", "black"))] = "nobody"
        else:
            other = rng.choice(games)
            games.append({**other, "black": other["white"], "white": other["black"]})
    elif kind == "bye" and players:
        if byes and rng.random() < 0.5:
            rng.choice(byes)["player"] = "nobody"
        elif games:
            game = rng.choice(games)
            byes.append({"round": game["round"], "player": game["white"], "kind": "U"})
    return spec


def _outcome(package: _Package, spec: dict[str, Any]) -> Any:
    try:
        tournament = build_tournament(package, spec)
    except Exception as error:  # compared: same class and message
        return ("build", type(error).__name__, str(error))
    try:
        tournament.validate()
    except Exception as error:
        return ("error", type(error).__name__, str(error))
    return "valid"


@pytest.mark.parametrize("start", range(0, CASES, 1000))
def test_validate_same_as_reference(start: int) -> None:
    seen = set()
    for seed in range(start, start + 1000):
        rng = random.Random(seed)
        spec = tournament_case(seed)["tournament"]
        for p in spec["players"]:
            p["carry_over"] = [dict(g) for g in p.get("carry_over", ())]
        spec = _defective(spec, rng)
        new = _outcome(NEW, spec)
        old = _outcome(REF, spec)
        assert new == old, f"seed {seed}: {new!r} != {old!r}"
        seen.add(new if new == "valid" else new[1])
    # The defects are found, and valid tournaments pass.
    assert "valid" in seen and "InvalidTournament" in seen and "InvalidRating" in seen


def test_fast_path_taken_for_plain_tournaments() -> None:
    """A plain valid tournament is accepted by the bulk check alone."""
    tournament = build_tournament(NEW, tournament_case(3)["tournament"])
    assert model._plainly_valid(tournament)
    broken = dataclasses.replace(tournament, players=(*tournament.players, tournament.players[0]))
    assert not model._plainly_valid(broken)

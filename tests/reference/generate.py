"""Seeded random inputs for the equivalence tests: tournaments, forecasts, FIDE changes.

Every case is plain data (dicts, tuples, strings) so that the same case can be built
with the current core (``wertung``) and with the frozen reference (``wertung_ref``).
The generators cover every status (established with and without index, foreign,
first DWZ stage 1 and 2, carry-over, conditional, not rated), both regulations (end
dates around 2016-08-01 and 2026-06-08), forfeits, byes, unplayed games, carry-over
games (valid and expired), 100 % and 0 % scores, the three methods, rapid/blitz.
"""

from __future__ import annotations

import datetime as dt
import math
import random
from fractions import Fraction
from typing import Any

END_DATES = (
    dt.date(2015, 3, 1),
    dt.date(2016, 7, 31),
    dt.date(2016, 8, 1),
    dt.date(2020, 5, 17),
    dt.date(2024, 2, 28),
    dt.date(2025, 9, 30),
    dt.date(2025, 10, 1),
    dt.date(2026, 6, 7),
    dt.date(2026, 6, 8),
    dt.date(2026, 9, 1),
    dt.date(2027, 12, 31),
)
METHODS = ("exact", "exact", "exact", "table", "swiss-chess")
RESULTS = ("1-0", "0-1", "½-½", "1-0", "0-1", "½-½", "0-0", "+-", "-+", "--", "*")
BYES = ("U", "F", "H", "Z", "+")
BYE_POINTS = {"U": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0),
              "+": Fraction(1)}  # fmt: skip


def _rating(rng: random.Random, mean: float = 1650, sd: float = 350) -> int:
    return max(0, min(3500, int(rng.gauss(mean, sd))))


def tournament_case(seed: int) -> dict[str, Any]:
    """One random tournament with its evaluate() options."""
    rng = random.Random(seed)
    end = rng.choice(END_DATES) if rng.random() < 0.97 else None
    size = rng.choice((2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 24)) if rng.random() < 0.96 else 40
    players = []
    for number in range(1, size + 1):
        kind = rng.choices(("established", "foreign", "new"), (0.6, 0.1, 0.3))[0]
        rating = _rating(rng)
        p: dict[str, Any] = {"id": f"p{number}", "name": f"Player {number}"}
        if kind == "established":
            p["dwz"] = rating
            p["index"] = rng.choice((None, None, 0, 1, 2, 3, 5, 6, 10, 11, 40))
        elif kind == "foreign":
            p["fide_rating"] = max(1000, rating)
        else:
            carry = []
            for _ in range(rng.choice((0, 0, 0, 1, 2, 3, 5, 6))):
                when = None
                if end is not None and rng.random() < 0.8:
                    when = end - dt.timedelta(days=rng.randint(1, 1000))
                carry.append(
                    {
                        "opponent_rating": _rating(rng),
                        "result": rng.choice(("1", "½", "0", "1", "0", "+", "-")),
                        "end_date": when,
                        "tournament": rng.choice((None, "Earlier open")),
                    }
                )
            p["carry_over"] = carry
        if kind != "foreign" and rng.random() < 0.25:
            p["fide_rating"] = rng.choice((0, max(1000, rating + rng.randint(-150, 150))))
        if rng.random() < 0.85:
            p["birth_year"] = rng.randint(1940, 2018)
        p["member"] = rng.choices((True, None, False), (0.6, 0.3, 0.1))[0]
        if rng.random() < 0.2:
            p["fide_k"] = rng.choice((10, 20, 40))
        if rng.random() < 0.3:
            p["fide_games"] = rng.choice((0, 5, 29, 30, 200))
        if rng.random() < 0.15:
            p["fide_peak"] = rng.choice((2299, 2300, 2400, 2500))
        # Some players win or lose everything.
        p["_bias"] = rng.choices((0, 1, -1), (0.8, 0.1, 0.1))[0]
        players.append(p)
    rounds = rng.randint(1, 11) if size > 2 else rng.randint(1, 8)
    games = []
    byes = []
    for round_no in range(1, rounds + 1):
        order = [p["id"] for p in players]
        rng.shuffle(order)
        if rng.random() < 0.3 and len(order) > 2:  # an absent player
            byes.append({"round": round_no, "player": order.pop(), "kind": "Z"})
        if len(order) % 2:
            byes.append({"round": round_no, "player": order.pop(), "kind": rng.choice(BYES)})
        bias = {p["id"]: p["_bias"] for p in players}
        for white, black in zip(order[0::2], order[1::2], strict=True):
            result = rng.choice(RESULTS) if rng.random() < 0.25 else None
            if result is None:
                edge = bias[white] - bias[black]
                x = rng.random()
                result = (
                    "1-0" if edge > 0 else "0-1" if edge < 0
                    else "1-0" if x < 0.4 else "½-½" if x < 0.65 else "0-1"
                )  # fmt: skip
            games.append({"round": round_no, "white": white, "black": black, "result": result})
    for p in players:
        del p["_bias"]
        if rng.random() < 0.1:
            p["points"] = Fraction(rng.randint(0, 2 * rounds), 2)
    options: dict[str, Any] = {"method": rng.choice(METHODS)}
    if rng.random() < 0.1 or (end is None and rng.random() < 0.7):
        options["regulations"] = rng.choice(("2014", "2026"))
    if rng.random() < 0.15:
        options["exceptional_players"] = rng.choice((True, False))
    if rng.random() < 0.3:
        options["fide"] = rng.choice((True, False, None))
    return {
        "tournament": {
            "name": f"Random {seed}",
            "end_date": end,
            "players": players,
            "games": games,
            "byes": byes,
            "rounds": rng.choice((None, rounds)),
            "rated_for_fide": rng.random() < 0.7,
            "rated_for_dwz": rng.random() < 0.97,
            "time_control": rng.choices((None, "standard", "rapid", "blitz"), (6, 2, 1, 1))[0],
            "played_rounds": rng.choice((None, rounds)),
            "incomplete": rng.choice(((), (), ("points differ in the source",))),
            "notes": rng.choice(((), ("imported",))),
        },
        "options": options,
    }


def build_tournament(package: Any, spec: dict[str, Any]) -> Any:
    """The tournament of ``spec`` as ``package``'s model (``wertung.core`` or its reference)."""
    model = package.model
    results = package.results
    players = []
    for p in spec["players"]:
        fields = {k: v for k, v in p.items() if k != "carry_over"}
        carry = tuple(
            model.CarryOverGame(
                opponent_rating=g["opponent_rating"],
                result=results.parse_score(g["result"]),
                end_date=g["end_date"],
                tournament=g["tournament"],
            )
            for g in p.get("carry_over", ())
        )
        players.append(model.Player(**fields, carry_over=carry))
    games = tuple(
        model.Game(g["round"], g["white"], g["black"], results.parse_game_result(g["result"]))
        for g in spec["games"]
    )
    byes = tuple(
        model.Bye(b["round"], b["player"], BYE_POINTS[b["kind"]], results.ByeKind(b["kind"]))
        for b in spec["byes"]
    )
    rest = {k: v for k, v in spec.items() if k not in ("players", "games", "byes")}
    return model.Tournament(players=tuple(players), games=games, byes=byes, **rest)


def forecast_case(seed: int) -> dict[str, Any]:
    """Arguments of one ``dwz.forecast`` call (occasionally invalid ones)."""
    rng = random.Random(seed)
    n = rng.choice((0, 1, 2, 3, 5, 7, 7, 9, 12, 20))
    own = _rating(rng)
    games: list[Any] = []
    for _ in range(n):
        opp = _rating(rng, own, 250) if rng.random() < 0.95 else None
        result = rng.choice((1, 0, "½", 0.5, "1", "0", "=", "+", "-", Fraction(1, 2)))
        games.append((opp, result))
    bias = rng.random()
    if bias < 0.08:
        games = [(o, 1) for o, _ in games]
    elif bias < 0.16:
        games = [(o, 0) for o, _ in games]
    kwargs: dict[str, Any] = {
        "end_date": rng.choice((*END_DATES, "2026-09-01", "1.9.2025")),
        "method": rng.choice(METHODS),
    }
    if rng.random() < 0.5:
        kwargs["age"] = rng.randint(5, 90)
    elif rng.random() < 0.5:
        kwargs["birth_year"] = rng.randint(1940, 2018)
    if rng.random() < 0.08:
        kwargs["development_factor"] = rng.choice((12, 30.5, Fraction(77, 2), 0, 250))
    if rng.random() < 0.08:
        kwargs["development_coefficient"] = rng.choice((5, 17, 30, 0, 2.5))
    if rng.random() < 0.1:
        kwargs["regulations"] = rng.choice(("2014", "2026", "1999"))
    if rng.random() < 0.1:
        kwargs["foreign_rating"] = True
    index = rng.choice((None, 0, 1, 2, 3, 5, 8, 10, 11, 25))
    if rng.random() < 0.02:
        own = rng.choice((-5, 3600, "1500", 1500.5))
    if rng.random() < 0.02:
        games.append((1500, "x"))
    return {"args": (own, index, games), "kwargs": kwargs}


def first_dwz_case(seed: int) -> dict[str, Any]:
    """Arguments of one ``dwz.first_dwz`` call."""
    rng = random.Random(seed)
    games = [
        (_rating(rng), rng.choice((1, 0, "½", "+", "-")))
        for _ in range(rng.choice((0, 3, 5, 6, 8, 11)))
    ]
    if rng.random() < 0.1:
        games = [(o, 1) for o, _ in games]
    carry = [(_rating(rng), rng.choice((1, 0, "½"))) for _ in range(rng.choice((0, 0, 2, 4)))]
    kwargs: dict[str, Any] = {
        "end_date": rng.choice(END_DATES),
        "member": rng.random() < 0.8,
        "method": rng.choice(METHODS),
        "carry_over": carry,
    }
    if rng.random() < 0.5:
        kwargs["birth_year"] = rng.randint(1940, 2018)
    return {"args": (games,), "kwargs": kwargs}


def fide_case(seed: int) -> dict[str, Any]:
    """Arguments of one ``fide.rating_change`` or ``fide.initial_rating`` call."""
    rng = random.Random(seed)
    own = max(1000, _rating(rng, 1900, 350))
    games = []
    for _ in range(rng.choice((0, 1, 1, 3, 5, 7, 9, 12, 25, 40))):
        opp = rng.choice((None, 0)) if rng.random() < 0.05 else _rating(rng, own, 300)
        games.append((opp, rng.choice((1, 0, "½", 0.5, "+", "-", "="))))
    if rng.random() < 0.05:
        games.append({"opponent_rating": 2000, "result": "1"})
    kwargs: dict[str, Any] = {
        "date": rng.choice((*END_DATES, "2025-10-01", None)),
    }
    if rng.random() < 0.2:
        kwargs["k"] = rng.choice((10, 15, 20, 40, 0, 101, "20"))
    if rng.random() < 0.5:
        kwargs["games_played"] = rng.choice((0, 10, 29, 30, 500, -1))
    if rng.random() < 0.4:
        kwargs["birth_year"] = rng.randint(1950, 2018)
    if rng.random() < 0.2:
        kwargs["peak_rating"] = rng.choice((2300, 2400, 2700))
    if rng.random() < 0.2:
        kwargs["rapid_blitz"] = True
    if rng.random() < 0.1:
        own = rng.choice((2650, 2700, 2800))
    initial = rng.random() < 0.2
    if initial:
        return {"initial": True, "args": (games,), "kwargs": {"date": kwargs["date"]}}
    return {"initial": False, "args": (own, games), "kwargs": kwargs}


def assert_same(new: Any, old: Any, where: str = "$") -> None:
    """Every value equal: same types, ints/strings/bools exactly, floats within 1e-9."""
    if isinstance(old, float) and isinstance(new, float):
        if math.isnan(old) and math.isnan(new):
            return
        assert abs(new - old) <= 1e-9 * max(1.0, abs(old)), f"{where}: {new!r} != {old!r}"
        return
    assert type(new) is type(old), f"{where}: type {type(new).__name__} != {type(old).__name__}"
    if isinstance(old, dict):
        assert list(new) == list(old), f"{where}: keys {list(new)} != {list(old)}"
        for key in old:
            assert_same(new[key], old[key], f"{where}.{key}")
    elif isinstance(old, (list, tuple)):
        assert len(new) == len(old), f"{where}: length {len(new)} != {len(old)}"
        for i, (a, b) in enumerate(zip(new, old, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    else:
        assert new == old, f"{where}: {new!r} != {old!r}"

"""Record the golden cases: seeded inputs and today's outcomes, one ``.json.xz`` per set.

    PYTHONPATH=src python tests/golden/record.py            # every set
    PYTHONPATH=src python tests/golden/record.py fide ...   # some sets

Regenerating is a deliberate, reviewed act (``tests/golden/README.md``): the outcomes
are what the code computes *now*, and every later change is compared with them. The
inputs come from the seeded generators below (plain data: dicts, tuples, strings,
dates, fractions); every status (established with and without index, foreign, first
DWZ stage 1 and 2, carry-over, conditional, not rated), both regulations (end dates
around 2016-08-01 and 2026-06-08), forfeits, byes, unplayed games, carry-over games
(valid and expired), 100 % and 0 % scores, the three methods, rapid/blitz, arguments
and games in every shape the facades accept or refuse. No case leaves a date to
"today" (its outcome would change with the day of the run).
"""

from __future__ import annotations

import datetime as dt
import json
import lzma
import math
import platform
import random
import subprocess
import sys
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "support"))

from golden_cases import SCORES, SETS, StrSubclass, decode, encode, path_of, run

from wertung.kernel import results

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
END = dt.date(2026, 9, 1)
METHODS = ("exact", "exact", "exact", "table", "swiss-chess")
RESULTS = ("1-0", "0-1", "½-½", "1-0", "0-1", "½-½", "0-0", "+-", "-+", "--", "*")
BYES = ("U", "F", "H", "Z", "+")


def _rating(rng: random.Random, mean: float = 1650, sd: float = 350) -> int:
    return max(0, min(3500, int(rng.gauss(mean, sd))))


# --- tournaments -----------------------------------------------------------------------


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


def odd_byes_tournament() -> dict[str, Any]:
    """Games listed backwards and byes worth ¼ or 1½ points."""
    players = [{"id": f"p{i}", "name": f"P{i}"} | ({"dwz": 1500 + 10 * i} if i % 3 else {})
               for i in range(8)]  # fmt: skip
    games = [
        {"round": rd, "white": f"p{a}", "black": f"p{b}",
         "result": "½-½" if (a + b + rd) % 3 == 0 else "1-0"}
        for rd in range(1, 6)
        for a, b in ((rd % 7, (rd + 1) % 7), ((rd + 2) % 7, (rd + 4) % 7),
                     ((rd + 3) % 7, (rd + 5) % 7))
    ]  # fmt: skip
    byes = [{"round": 2, "player": "p7", "points": Fraction(1, 4)},
            {"round": 3, "player": "p7", "points": Fraction(3, 2)},
            {"round": 4, "player": "p7", "points": Fraction(1)}]  # fmt: skip
    return {"name": "x", "end_date": END, "players": players, "games": games[::-1],
            "byes": byes}  # fmt: skip


def swiss_open(players: int, rounds: int, new: int, seed: int) -> dict[str, Any]:
    """A Swiss open: score groups paired top-down (rematches allowed), results by the
    strengths' win expectancy, the last ``new`` players without DWZ (a fifth of them
    foreign-rated), forfeits now and then."""
    rng = random.Random(seed)
    field: list[dict[str, Any]] = []
    strength: dict[str, int] = {}
    for number in range(1, players + 1):
        rating = max(800, min(2600, int(rng.gauss(1650, 320))))
        pid = f"p{number}"
        p: dict[str, Any] = {"id": pid, "name": f"Player {number}",
                             "birth_year": rng.randint(1950, 2012)}  # fmt: skip
        if number <= players - new:
            p["dwz"] = rating
            p["index"] = rng.choice((None, *range(1, 40)))
            strength[pid] = rating
        else:
            if rng.random() < 0.2:
                p["fide_rating"] = rating
            strength[pid] = max(600, int(rng.gauss(1250, 250)))
        field.append(p)
    points = dict.fromkeys(strength, 0)
    games: list[dict[str, Any]] = []
    byes: list[dict[str, Any]] = []
    for round_no in range(1, rounds + 1):
        order = sorted(strength, key=lambda pid: (-points[pid], -strength[pid], pid))
        if len(order) % 2:
            out = order.pop()
            byes.append({"round": round_no, "player": out, "kind": "U"})
            points[out] += 2
        for a, b in zip(order[0::2], order[1::2], strict=True):
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            p_white = 0.5 * (1 + math.erf((strength[white] - strength[black]) / 400))
            x = rng.random()
            result = ("+-" if x < 0.02 else "1-0" if x < p_white - 0.12
                      else "½-½" if x < p_white + 0.12 else "0-1")  # fmt: skip
            half = {"+-": 2, "1-0": 2, "½-½": 1, "0-1": 0}[result]
            points[white] += half
            points[black] += 2 - half
            games.append({"round": round_no, "white": white, "black": black, "result": result})
    end = rng.choice((dt.date(2026, 9, 1), dt.date(2020, 5, 17), dt.date(2015, 3, 1)))
    return {"name": f"Swiss open {players}/{seed}", "end_date": end, "players": field,
            "games": games, "byes": byes, "rounds": rounds}  # fmt: skip


SWISS_OPENS = ((12, 5, 6, 1), (30, 7, 6, 2), (40, 9, 30, 3), (60, 7, 15, 4), (120, 9, 40, 5),
               (200, 11, 60, 6))  # fmt: skip

_PLAYER_DEFECTS = (
    ("id", ""), ("dwz", -1), ("dwz", 3501), ("dwz", 1500.0), ("dwz", 1500.5), ("dwz", True),
    ("dwz", "1600"), ("index", -1), ("index", True), ("index", "7"), ("birth_year", 1879),
    ("birth_year", 2101), ("birth_year", "1990"), ("fide_rating", 4000), ("fide_rating", 0),
    ("national_rating", -3), ("national_rating", Fraction(3001, 2)), ("dwz", None),
)  # fmt: skip


def defective(spec: dict[str, Any], rng: random.Random) -> dict[str, Any]:
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


# --- DWZ -------------------------------------------------------------------------------


def forecast_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Arguments of one ``dwz.forecast`` call (occasionally invalid ones)."""
    rng = random.Random(seed)
    n = rng.choice((0, 1, 2, 3, 5, 7, 7, 9, 12, 20))
    own: Any = _rating(rng)
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
    return (own, index, games), kwargs


def _odd_result(rng: random.Random) -> object:
    choice = rng.random()
    if choice < 0.6:
        return rng.choice((1, 0, "½", 0.5, 1.0, 0.0, "1", "0", "=", "1/2", "w", "l", "0,5"))
    if choice < 0.7:
        return rng.choice(("+", "-", "−"))
    if choice < 0.8:
        return rng.choice((" ½ ", "D", Fraction(1, 2), Fraction(1), Decimal("0.5"),
                           StrSubclass("1")))  # fmt: skip
    if choice < 0.9:
        return getattr(results, rng.choice(SCORES))
    return rng.choice((True, False, "x", 2, 0.25, [1], float("nan"), None))


def _odd_opponent(rng: random.Random) -> object:
    choice = rng.random()
    if choice < 0.7:
        return rng.randint(1000, 2800)
    if choice < 0.85:
        return rng.choice((0, 3500, None))
    return rng.choice((3501, -1, "2000", " 1900", 2000.0, 2000.5, True, False, "abc", [1]))


def _odd_games(seed: int) -> Any:
    rng = random.Random(seed)
    shape = rng.choice(("tuples", "tuples", "lists", "mixed", "tuple", "generator"))
    games: list[Any] = []
    for _ in range(rng.choice((0, 1, 2, 5, 7, 12))):
        plain = rng.random() < 0.85
        opponent = rng.randint(1000, 2800) if plain else _odd_opponent(rng)
        result = rng.choice((1, 0, "½", 0.5)) if plain else _odd_result(rng)
        kind = shape if shape in ("lists", "mixed") else "tuples"
        if kind == "mixed":
            kind = rng.choice(("tuples", "lists", "triple", "single", "text"))
        if kind == "tuples":
            games.append((opponent, result))
        elif kind == "lists":
            games.append([opponent, result])
        elif kind == "triple":
            games.append((opponent, result, 1))
        elif kind == "single":
            games.append((opponent,))
        else:
            games.append("15")  # a pair of characters: the rating check's error
    if shape == "tuple":
        return tuple(games)
    if shape == "generator":
        return (g for g in games)
    return games


def odd_forecast_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """``dwz.forecast``'s arguments and games in every shape, plain or not, valid or not."""
    rng = random.Random(seed)
    rating: object = rng.randint(800, 2600)
    if rng.random() < 0.1:
        rating = rng.choice((0, 3500, -1, 3501, 1500.0, 1500.5, "1500", True, None))
    index: object = rng.choice((None, 0, 1, 5, 11, 30))
    if rng.random() < 0.1:
        index = rng.choice((-1, True, "5", 5.0, " 7"))
    kwargs: dict[str, Any] = {"end_date": END}
    if rng.random() < 0.3:
        kwargs["end_date"] = rng.choice(
            (dt.date(2026, 6, 8), dt.date(2026, 6, 7), dt.date(2020, 1, 1),
             dt.datetime(2026, 9, 1, 12), "2026-09-01", "1.9.2020", " 2026-09-01 ", "someday",
             20260901)
        )  # fmt: skip
    if rng.random() < 0.6:
        kwargs["age"] = rng.randint(0, 120)
        if rng.random() < 0.15:
            kwargs["age"] = rng.choice((121, -1, True, 40.0, "40"))
    if rng.random() < 0.15:
        kwargs["birth_year"] = rng.choice((1990, 2010, 1879, "2000", True))
    if rng.random() < 0.1:
        kwargs["method"] = rng.choice(("exact", "table", "swiss-chess", StrSubclass("exact"),
                                       "nope"))  # fmt: skip
    if rng.random() < 0.05:
        kwargs["regulations"] = rng.choice(("2014", "2026", "wo 2026", "1999"))
    if rng.random() < 0.05:
        kwargs["development_factor"] = rng.choice((20, 30.5, 0, 250))
    if rng.random() < 0.05:
        kwargs["development_coefficient"] = rng.choice((5, 30, 0))
    if rng.random() < 0.1:
        kwargs["foreign_rating"] = True
    return (rating, index, _odd_games(seed)), kwargs


def first_dwz_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
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
    if rng.random() < 0.05:
        kwargs["age"] = rng.randint(8, 80)
    if rng.random() < 0.05:
        kwargs["regulations"] = rng.choice(("2014", "2026"))
    return (games,), kwargs


def _games(rng: random.Random, own: int, count: int) -> list[tuple[int, object]]:
    return [(_rating(rng, own, 250), rng.choice((1, 0, "½", "+", "-"))) for _ in range(count)]


def index_range_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    own = _rating(rng)
    kwargs: dict[str, Any] = {"end_date": rng.choice(END_DATES), "method": rng.choice(METHODS)}
    if rng.random() < 0.5:
        kwargs["age"] = rng.randint(8, 80)
    elif rng.random() < 0.5:
        kwargs["birth_year"] = rng.randint(1940, 2018)
    return (own, _games(rng, own, rng.choice((0, 1, 3, 5, 7, 9, 12)))), kwargs


def needed_case(seed: int) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    own = _rating(rng, 1700, 300)
    played = _games(rng, own, rng.choice((0, 2, 4, 6)))
    remaining: Any = [_rating(rng, own, 250) for _ in range(rng.choice((1, 2, 3, 5)))]
    kwargs: dict[str, Any] = {"end_date": rng.choice(END_DATES)}
    if rng.random() < 0.2:
        kwargs["opponent"] = _rating(rng, own, 200)
        remaining = rng.choice((1, 2, 4))
    if rng.random() < 0.5:
        kwargs["age"] = rng.randint(8, 80)
    if rng.random() < 0.2:
        kwargs["method"] = rng.choice(("table", "swiss-chess"))
    if seed % 3 == 0:  # a first DWZ
        target = rng.choice((None, own, own + 200))
        kwargs["member"] = rng.random() < 0.9
        return "dwz.needed_first", (played, remaining, target), kwargs
    target = own + rng.choice((-50, 0, 5, 20, 60, 150, 400))
    return "dwz.needed", (own, rng.choice((None, 1, 5, 20)), played, remaining, target), kwargs


def upgrade_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    rating: Any = rng.choice((rng.randint(0, 3500), rng.randint(600, 1400), 0, 3500))
    index: Any = rng.choice((None, 0, 1, 3, 5, 6, 10, 30))
    if rng.random() < 0.05:
        rating = rng.choice((-1, 3501, "1500", 1500.5, None))
    if rng.random() < 0.03:
        index = rng.choice((-1, "5"))
    return (rating, index), {}


def performance_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    n = rng.choice((1, 2, 3, 5, 7, 9, 12, 20))
    opponents: list[Any] = [rng.randint(600, 2700) for _ in range(n)]
    if rng.random() < 0.3:  # the joint iteration's values: any float
        opponents = [r + rng.random() for r in opponents]
    score: Any = rng.randint(0, 2 * n) / 2
    if rng.random() < 0.2:
        score = rng.uniform(0, n)
    return (opponents, score, rng.choice(("exact", "table"))), {}


# --- FIDE ------------------------------------------------------------------------------


def fide_case(seed: int) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
    """Arguments of one ``fide.rating_change`` or ``fide.initial_rating`` call."""
    rng = random.Random(seed)
    own = max(1000, _rating(rng, 1900, 350))
    games: list[Any] = []
    for _ in range(rng.choice((0, 1, 1, 3, 5, 7, 9, 12, 25, 40))):
        opp = rng.choice((None, 0)) if rng.random() < 0.05 else _rating(rng, own, 300)
        games.append((opp, rng.choice((1, 0, "½", 0.5, "+", "-", "="))))
    if rng.random() < 0.05:
        games.append({"opponent_rating": 2000, "result": "1"})
    kwargs: dict[str, Any] = {"date": rng.choice((*END_DATES, "2025-10-01"))}
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
    if rng.random() < 0.2:
        return "fide.initial_rating", (games,), {"date": kwargs["date"]}
    return "fide.rating_change", (own, games), kwargs


def _fide_odd_games(seed: int) -> Any:
    rng = random.Random(seed)
    shape = rng.choice(("tuples", "lists", "mixed", "tuple", "generator"))
    games: list[Any] = []
    for _ in range(rng.choice((0, 1, 2, 5, 7, 12))):
        # Mostly valid games: a bad entry ends the call with its error.
        opponent: object = rng.randint(1200, 2800)
        if rng.random() < 0.15:
            choice = rng.random()
            opponent = (rng.randint(1200, 2800) if choice < 0.8
                        else rng.choice((0, None, 3500)) if choice < 0.9
                        else rng.choice((3501, -1, "2000", 2000.0, 2000.5, True, "abc")))  # fmt: skip
        result: object = rng.choice((1, 0, "½", "+"))
        if rng.random() < 0.3:
            choice = rng.random()
            result = (
                rng.choice((1, 0, "½", 0.5, 1.0, 0.0, "+", "-", "=", "1/2", "w", "l"))
                if choice < 0.6 else rng.choice((" ½ ", "D", Fraction(1, 2), Fraction(1)))
                if choice < 0.75 else getattr(results, rng.choice(SCORES)) if choice < 0.9
                else rng.choice((True, "x", 2, [1], float("nan"), None))
            )  # fmt: skip
        kind = {"tuples": "tuple", "lists": "list", "tuple": "tuple", "generator": "tuple"}.get(
            shape, rng.choice(("tuple", "list", "dict", "triple"))
        )
        if kind == "tuple":
            games.append((opponent, result))
        elif kind == "list":
            games.append([opponent, result])
        elif kind == "dict":
            games.append({"opponent_rating": opponent, "result": result})
        else:
            games.append((opponent, result, 1))
    if shape == "tuple":
        return tuple(games)
    if shape == "generator":
        return (g for g in games)
    if rng.random() < 0.02:
        return rng.choice(("1-0", 5, None))
    return games


def odd_fide_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """``fide.rating_change`` with games in every shape (tuples, lists, dicts, objects)."""
    rng = random.Random(seed)
    own = rng.choice((rng.randint(1000, 2800), 2650, 2700, 2800))
    kwargs: dict[str, Any] = {"date": rng.choice((END, dt.date(2025, 9, 30), dt.date(2023, 1, 1)))}
    if rng.random() < 0.5:
        kwargs["k"] = rng.choice((10, 20, 40, "20", 20.0, 0, True))
    if rng.random() < 0.3:
        kwargs["games_played"] = rng.choice((0, 29, 30, -1))
    if rng.random() < 0.3:
        kwargs["rapid_blitz"] = True
    return (own, _fide_odd_games(seed)), kwargs


def k_factor_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    kwargs: dict[str, Any] = {rng.choice(("date", "end_date")): rng.choice(END_DATES)}
    kwargs["n"] = rng.choice((1, 5, 10, 17, 18, 35, 36, 71))
    for name, values in (("games_played", (None, 0, 29, 30, -1)),
                         ("birth_year", (None, 2000, 2008, 2010, 1960)),
                         ("peak_rating", (None, 2399, 2400)), ("k", (None, 10, 20, 40, 0)),
                         ("rapid_blitz", (False, True))):  # fmt: skip
        value = rng.choice(values)
        if value is not None:
            kwargs[name] = value
    return (rng.choice((rng.randint(1000, 2800), 2299, 2300, 2400)),), kwargs


def fide_needed_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    own = max(1000, _rating(rng, 1900, 300))
    played = [(_rating(rng, own, 250), rng.choice((1, 0, "½"))) for _ in range(rng.randint(0, 6))]
    remaining: Any = [_rating(rng, own, 250) for _ in range(rng.choice((1, 2, 3, 5)))]
    kwargs: dict[str, Any] = {"date": rng.choice(END_DATES)}
    if rng.random() < 0.2:
        kwargs["opponent"] = _rating(rng, own, 200)
        remaining = rng.choice((1, 3))
    if rng.random() < 0.4:
        kwargs["k"] = rng.choice((10, 20, 40))
    return (own, played, remaining, own + rng.choice((-10, 0, 3, 10, 30, 100))), kwargs


def fide_performance_case(seed: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    rng = random.Random(seed)
    n = rng.choice((0, 1, 3, 5, 9))
    score: Any = Fraction(rng.randint(0, 2 * n), 2)
    if rng.random() < 0.3:
        score = float(score)
    return ([rng.randint(1000, 2800) for _ in range(n)], score), {}


# --- the sets --------------------------------------------------------------------------


def _set_dwz_forecast() -> list[tuple[str, Any, Any]]:
    cases = [("dwz.forecast", *forecast_case(seed)) for seed in range(4000)]
    cases += [("dwz.forecast", *odd_forecast_case(seed)) for seed in range(4000)]
    return cases


def _set_dwz_first() -> list[tuple[str, Any, Any]]:
    return [("dwz.first_dwz", *first_dwz_case(seed)) for seed in range(2000)]


def _set_dwz_other() -> list[tuple[str, Any, Any]]:
    cases = [("dwz.index_range", *index_range_case(seed)) for seed in range(600)]
    cases += [needed_case(seed) for seed in range(300)]
    cases += [("dwz.upgrade", *upgrade_case(seed)) for seed in range(600)]
    cases += [("dwz.performance_rating", *performance_case(seed)) for seed in range(2000)]
    return cases


def _set_fide() -> list[tuple[str, Any, Any]]:
    cases = [fide_case(seed) for seed in range(4000)]
    cases += [("fide.rating_change", *odd_fide_case(seed)) for seed in range(3000)]
    cases += [("fide.k_factor", *k_factor_case(seed)) for seed in range(1000)]
    cases += [("fide.needed", *fide_needed_case(seed)) for seed in range(300)]
    cases += [("fide.performance", *fide_performance_case(seed)) for seed in range(300)]
    return cases


def _set_tournaments() -> list[tuple[str, Any, Any]]:
    cases = []
    for seed in range(1000):
        case = tournament_case(seed)
        cases.append(("evaluate", (case["tournament"],), case["options"]))
    # The exact method's tournaments once more with a table method.
    for seed in range(1, 1000, 6):
        case = tournament_case(seed)
        if case["options"]["method"] == "exact":
            options = dict(case["options"], method=("table", "swiss-chess")[seed % 4 // 2])
            cases.append(("evaluate", (case["tournament"],), options))
    cases.append(("evaluate", (odd_byes_tournament(),), {}))
    return cases


def _set_swiss_opens() -> list[tuple[str, Any, Any]]:
    """Swiss opens with many new players: the joint iteration's every sweep."""
    cases = []
    for players, rounds, new, seed in SWISS_OPENS:
        spec = swiss_open(players, rounds, new, seed)
        for method in ("table", "swiss-chess", "exact"):
            cases.append(("evaluate", (spec,), {"method": method}))
    return cases


def _set_validate() -> list[tuple[str, Any, Any]]:
    cases = []
    for seed in range(3000):
        rng = random.Random(seed)
        spec = tournament_case(seed)["tournament"]
        cases.append(("validate", (defective(spec, rng),), {}))
    return cases


MAKERS = {
    "dwz_forecast": _set_dwz_forecast,
    "dwz_first": _set_dwz_first,
    "dwz_other": _set_dwz_other,
    "fide": _set_fide,
    "tournaments": _set_tournaments,
    "swiss_opens": _set_swiss_opens,
    "validate": _set_validate,
}
assert tuple(MAKERS) == SETS


def _commit() -> str:
    root = Path(__file__).parents[2]
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                          text=True, check=True).stdout.strip()  # fmt: skip
    dirty = subprocess.run(["git", "status", "--porcelain", "src"], cwd=root,
                           capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    return head + (" (src changed)" if dirty else "")


def record(name: str, commit: str) -> None:
    cases = []
    for call, args, kwargs in MAKERS[name]():
        args_data, kwargs_data = encode(args), encode(kwargs)
        # The very values the replay decodes (a generator is read once, into the file).
        assert encode(decode(args_data)) == args_data, (call, args)
        cases.append({"call": call, "args": args_data, "kwargs": kwargs_data,
                      "out": run(call, args_data, kwargs_data)})  # fmt: skip
    head = {"set": name, "commit": commit, "python": platform.python_version(),
            "count": len(cases)}  # fmt: skip
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "cases": [']
    lines += [json.dumps(case, ensure_ascii=False, separators=(",", ":")) + ","
              for case in cases]  # fmt: skip
    lines[-1] = lines[-1][:-1]
    lines.append("]}")
    text = "\n".join(lines) + "\n"
    json.loads(text)  # one JSON document
    path_of(name).write_bytes(lzma.compress(text.encode(), preset=9))


def main(names: list[str]) -> None:
    commit = _commit()
    for name in names or SETS:
        start = time.perf_counter()
        record(name, commit)
        size = path_of(name).stat().st_size
        print(f"{name}: {size / 1e6:.2f} MB, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])

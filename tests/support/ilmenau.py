"""Build the Ilmenau Open 2024 tournament from the Swiss-Chess case file.

The case (``tests/data/cases/dwz2014_swisschess_ilmenau_open_2024.json``) lists every
player's games with opponent numbers; the pairings are joined into one tournament.
"""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path

from wertung import Bye, Game, Player, Tournament
from wertung.kernel.results import GameResult

CASES = Path(__file__).parents[1] / "data" / "cases"


def load_case(name: str) -> dict:
    return json.loads((CASES / name).read_text(encoding="utf-8"))


def ilmenau_tournament(system: str = "dwz", index: dict[int, int] | None = None) -> Tournament:
    """The tournament; ``system='dwz'`` fills DWZ, ``'fide'`` fills FIDE ratings."""
    name = (
        "dwz2014_swisschess_ilmenau_open_2024.json"
        if system == "dwz"
        else "fide_swisschess_ilmenau_open_2024.json"
    )
    case = load_case(name)
    players = []
    games: dict[tuple[int, str, str], GameResult] = {}
    byes = []
    for entry in case["players"]:
        inp = entry["inputs"]
        nr = str(inp["nr"])
        rating = inp["Ro"] or None
        players.append(
            Player(
                id=nr,
                name=inp["name"],
                dwz=rating if system == "dwz" else None,
                index=(index or {}).get(inp["nr"], 99) if system == "dwz" and rating else None,
                fide_rating=rating if system == "fide" else None,
                birth_year=inp["birth_year"],
                federation=inp.get("federation"),
            )
        )
        for g in inp["games"]:
            opp = g.get("opponent_nr")
            if not opp:
                points = 1 if g["result_raw"] == "+" else (g["result"] or 0)
                byes.append(Bye(g["round"], nr, Fraction(str(points))))
                continue
            opp = str(opp)
            white, black = (nr, opp) if g["color"] == "white" else (opp, nr)
            if g["result"] is None:
                games[(g["round"], white, black)] = GameResult("--")
                continue
            mine = Fraction(str(g["result"]))
            if g["played_over_board"]:
                res = {1: "1-0", Fraction(1, 2): "½-½", 0: "0-1"}[mine]
                if g["color"] == "black":
                    res = {"1-0": "0-1", "0-1": "1-0", "½-½": "½-½"}[res]
            else:
                white_won = (mine == 1) == (g["color"] == "white")
                res = (
                    "+-"
                    if (white_won and mine == 1) or (g["color"] == "black" and mine == 0)
                    else "-+"
                )
            games[(g["round"], white, black)] = GameResult(res)
    return Tournament(
        name=case["tournament"]["name"],
        end_date=dt.date(2024, 11, 3),
        players=tuple(players),
        games=tuple(
            Game(r, w, b, res)
            for (r, w, b), res in sorted(games.items(), key=lambda x: (x[0][0], int(x[0][1])))
        ),
        byes=tuple(byes),
        rated_for_fide=system == "fide",
    ).validate()

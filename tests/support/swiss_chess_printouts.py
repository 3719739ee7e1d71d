"""The Ilmenau Open printouts of Swiss-Chess, read; the tournament files built from them.

``tests/data/swiss-chess/`` holds the organiser's Markdown exports of Swiss-Chess's
"Inoffizielle Turnierauswertung nach DWZ" and its Elo evaluation (2024 and 2025), the
round pairings and the start lists (provenance in that folder's ``SOURCES.md``). This
module reads them (:func:`dwz_printout`, :func:`elo_printout`, :func:`pairings`) and
builds the tournament each printout was made from (:func:`tournament`), written as
``ilmenau_2024.json`` / ``ilmenau_2025.json`` beside them::

    .venv/bin/python tests/support/swiss_chess_printouts.py      # rebuilds both files

What the tournament files hold, and where from:

* players, numbers and names: the DWZ printout (its numbers are the pairings' numbers);
* ``dwz``: the DWZ printout's Ro (0: none); ``fide_rating``: the Elo printout's Ro;
  ``fide_k``: the K the Elo printout shows (``/2`` → 20, ``/4`` → 40), as Swiss-Chess
  takes it from its player data; ``federation``: the Elo printout's country;
* ``index``: not printed by Swiss-Chess; given as 99, large enough never to cap E
  (E ≤ 5·index), so that E is the formula's;
* ``birth_year``: the start list (2024: all players; 2025: the published lists, an early
  start list and the U18 group, matched by name). The 2025 players in neither list get
  the latest birth year their printed age group J allows for an evaluation in 2025
  (J 15: over 25, J 10: 21–25, J 5: up to 20); only the group enters a WO 2014 evaluation,
  so the figures are the same for any year in it. They are named in the file's notes.
* games: the round pages (2025: the last complete version of each page, see SOURCES.md);
  a forfeit as ``+-``/``-+``, an unplayed game as ``--``, "spielfrei" as a bye.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

DATA = Path(__file__).parents[1] / "data" / "swiss-chess"

#: The two events: end date, the printout's date (the age year Swiss-Chess used), source.
EVENTS = {
    2024: {
        "name": "1. Ilmenauer Open 2024",
        "start_date": "2024-10-31",
        "end_date": "2024-11-03",
        # Printed in the January after the event: its age groups J are those of 2025.
        "printed": "2025-01-07",
        "source": "IlmenauerSchachverein/IlmenauerOpen content/de/2024 (Swiss-Chess "
        "printouts), commit 5413901a80ba; built by tests/support/swiss_chess_printouts.py",
    },
    2025: {
        "name": "2. Ilmenauer Open 2025",
        "start_date": "2025-10-29",
        "end_date": "2025-11-02",
        # Printed on the event's last day: its age groups J are those of 2025.
        "printed": "2025-11-02",
        "source": "IlmenauerSchachverein/IlmenauerOpen content/de/2025 (Swiss-Chess "
        "printouts, see tests/data/swiss-chess/SOURCES.md); built by "
        "tests/support/swiss_chess_printouts.py",
    },
}

#: A large index: E ≤ 5·index never caps E (the printouts show no index).
INDEX = 99


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(path: Path) -> list[list[str]]:
    """The rows of the Markdown table in ``path`` (header and rule left out)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        if cells[0] in ("Nr.", "Tisch", "TlnNr", "Rang") or set(cells[0]) <= set("-: "):
            continue
        rows.append(cells)
    return rows


def _number(text: str) -> float | None:
    return float(text) if text else None


def dwz_printout(year: int) -> dict[int, dict]:
    """The DWZ printout by number: Ro, Niv, W, We, n, E, J, Rh, X, Rn, Diff (None: blank)."""
    out = {}
    for c in _table(DATA / f"ilm{year % 100}_auswertung_dwz.md"):
        nr = int(c[0])
        out[nr] = {
            "nr": nr, "name": c[1].replace("\\*", "*"), "attr": c[3].replace("\\*", "*"),
            "Ro": int(c[4]), "Niv": int(c[5]), "W": float(c[6]), "We": float(c[7]),
            "n": int(c[8]), "E": int(c[9]) if c[9] else None, "J": int(c[11]),
            "Rh": int(c[12]) if c[12] else None, "X": c[13], "Rn": int(c[14]),
            "Diff": int(c[15]),
        }  # fmt: skip
    return out


def elo_printout(year: int) -> dict[int, dict]:
    """The Elo printout by number: Ro, Niv, W, We, n, Rp, Rn, change, K (Diff./K: K/10)."""
    out = {}
    for c in _table(DATA / f"ilm{year % 100}_auswertung_elo.md"):
        nr = int(c[0])
        change, k = c[12].replace(" ", "").split("/")
        out[nr] = {
            "nr": nr, "name": c[1], "federation": c[4], "Ro": int(c[5]), "Niv": int(c[6]),
            "W": float(c[7]), "We": float(c[8]), "n": int(c[9]), "Rp": int(c[10]),
            "Rn": int(c[11]), "change": float(change), "K": 10 * int(k),
        }  # fmt: skip
    return out


_SCORES = {"1 - 0": "1-0", "0 - 1": "0-1", "½ - ½": "½-½", "+ - -": "+-", "- - +": "-+", "-": "--"}


def pairings(year: int) -> list[tuple[int, int, int | None, str]]:
    """Every pairing: (round, white, black or None for a bye, result as the JSON writes it)."""
    out = []
    for path in sorted(DATA.glob(f"ilm{year % 100}_runde_*.md")):
        rnd = int(path.stem.rsplit("_", 1)[1])
        text = path.read_text(encoding="utf-8")
        if "<runde>" in text:  # tab-separated: board, no., name, title, (points), -, ...
            block = text.split("<runde>", 1)[1].split("</runde>", 1)[0]
            for line in block.splitlines():
                f = line.split("\t")
                if len(f) < 13:
                    continue
                result = " ".join(x.strip() for x in f[10:13]).strip()
                out.append((rnd, int(f[1]), int(f[6]), _SCORES[result]))
            continue
        for c in _table(path):
            # board, no., name, [title,] (points), -, no., name, [title,] (points), result
            white = int(c[1])
            dash = c.index("-", 2)
            black_cell = c[dash + 1]
            result = c[-1]
            if not black_cell:  # "spielfrei"
                out.append((rnd, white, None, result))
                continue
            out.append((rnd, white, int(black_cell), _SCORES[result]))
    return out


def _key(name: str) -> str:
    """A name for matching across the lists: no accents, no spaces after commas."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"\s*,\s*", ",", plain).lower()


def _tab_list(path: Path) -> dict[str, int]:
    """Birth years of a tab-separated start list (<startrangliste> block), by name key."""
    text = path.read_text(encoding="utf-8")
    block = text.split("<startrangliste>", 1)[1].split("</startrangliste>", 1)[0]
    years = {}
    for line in block.splitlines():
        f = line.split("\t")
        if len(f) >= 9 and f[8].strip().isdigit():
            years[_key(f[1])] = int(f[8])
    return years


def birth_years(year: int) -> tuple[dict[int, int], list[str]]:
    """Each player's birth year by number, and a note per year not published."""
    dwz = dwz_printout(year)
    if year == 2024:
        out = {}
        for c in _table(DATA / "ilm24_startrangliste.md"):
            nr = int(c[0])
            if nr in dwz and c[7].isdigit():
                out[nr] = int(c[7])
        return out, []
    # The same player in the 2024 start list (a name listed twice there is left out).
    names = [_key(c[1]) for c in _table(DATA / "ilm24_startrangliste.md")]
    known = {
        _key(c[1]): int(c[7])
        for c in _table(DATA / "ilm24_startrangliste.md")
        if c[7].isdigit() and names.count(_key(c[1])) == 1
    }
    known.update(_tab_list(DATA / "ilm25_startrangliste_2025-10-07.md"))
    known.update(_tab_list(DATA / "ilm25_gruppe_u18.md"))
    out, derived = {}, []
    for nr, row in dwz.items():
        found = known.get(_key(row["name"]))
        if found is None:
            found = year - {5: 20, 10: 25, 15: 26}[row["J"]]
            derived.append(f"{nr} {row['name']} (J {row['J']}): {found}")
        out[nr] = found
    notes = [
        "birth years not published for "
        + "; ".join(derived)
        + " — the latest year that fits the printout's age group J (the evaluation "
        "uses only the group)"
    ]
    return out, notes


def tournament(year: int) -> dict:
    """The tournament the printouts of ``year`` were made from, as wertung's JSON format."""
    event = EVENTS[year]
    dwz, elo = dwz_printout(year), elo_printout(year)
    born, notes = birth_years(year)
    players = []
    for nr, row in sorted(dwz.items()):
        e = elo[nr]
        player = {"id": str(nr), "name": row["name"]}
        if row["Ro"]:
            player["dwz"] = row["Ro"]
            player["index"] = INDEX
        if e["Ro"]:
            player["fide_rating"] = e["Ro"]
            player["fide_k"] = e["K"]
        player["birth_year"] = born[nr]
        player["federation"] = e["federation"]
        players.append(player)
    games, byes = [], []
    for rnd, white, black, result in pairings(year):
        if black is None:
            byes.append({"round": rnd, "player": str(white), "points": 1, "kind": "F"})
        else:
            games.append({"round": rnd, "white": str(white), "black": str(black),
                          "result": result})  # fmt: skip
    data = {
        "format": "wertung-tournament/1",
        "name": event["name"],
        "start_date": event["start_date"],
        "end_date": event["end_date"],
        "rounds": 7,
        "source": event["source"],
        "rated_for_fide": True,
        "players": players,
        "games": games,
    }
    if byes:
        data["byes"] = byes
    if notes:
        data["notes"] = notes
    return data


def path(year: int) -> Path:
    """Where the tournament file of ``year`` lies."""
    return DATA / f"ilmenau_{year}.json"


def main() -> None:
    for year in EVENTS:
        text = json.dumps(tournament(year), ensure_ascii=False, indent=1) + "\n"
        path(year).write_text(text, encoding="utf-8")
        print(f"wrote {path(year)}", file=sys.stderr)


if __name__ == "__main__":
    main()

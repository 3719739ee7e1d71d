"""A DSB list (``LV-0-csv.zip``) with the players of the 1. Ilmenauer Open 2024.

Derived from the published start list and DWZ evaluation (``ilmenau/``, provenance and
the derivation of each column in ``ilmenau/SOURCES.md``): names, birth years and clubs
from the start list, DWZ = the evaluation's ``Ro``, an index consistent with the
published ``E``. Used by the web and CLI tests::

    from ilmenau_list import write_zip      # with tests/data/dsb on sys.path
    write_zip(tmp_path / "LV-0-csv.zip")

or, from the repository root, ``.venv/bin/python tests/data/dsb/ilmenau_list.py OUT.zip``.
"""

from __future__ import annotations

import math
import sys
import zipfile
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "ilmenau"
EXAMPLE = HERE.parents[2] / "examples" / "ilmenau-open-2024.json"

SPIELER_HEADER = [
    "ID", "ZPS", "Mitgliedsnummer", "Status", "Name,Vorname", "Geschlecht", "Spielberechtigung",
    "Geburtsjahr", "Letzte Auswertung", "DWZ", "Index", "FIDE-Elozahl", "FIDE-Titel", "FIDE-ID",
    "FIDE-Land", "Vorname", "Nachname", "FIDE-Frauentitel", "FIDE-Elozahl-Schnellschach",
    "FIDE-Elozahl-Blitz",
]  # fmt: skip
VEREINE_HEADER = ["ZPS-Nummer", "Landesverband", "UebergeordneterVerband", "Vereinsname"]
LAST_EVALUATION = "202444"


def _table(name: str) -> list[dict[str, str]]:
    """The rows of the markdown table in ``ilmenau/<name>`` as dicts by header."""
    lines = [
        line for line in (SOURCE / name).read_text(encoding="utf-8").splitlines()
        if line.startswith("|")
    ]  # fmt: skip
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        cells = [cell.strip().replace("\\*", "*") for cell in line.strip().strip("|").split("|")]
        rows.append(dict(zip(header, cells, strict=False)))
    return rows


@lru_cache(maxsize=1)
def unbounded_e() -> dict[str, int]:
    """E of every rated player when no index caps it (every index 99), by start number.

    Evaluated as Swiss-Chess did (its P(D) table and ages, no exceptional players), the
    way the published E was computed.
    """
    import wertung
    from wertung.formats import tournament_json

    tournament = tournament_json.loads(EXAMPLE.read_bytes())
    players = [replace(p, index=99) if p.dwz is not None else p for p in tournament.players]
    evaluation = wertung.evaluate(
        tournament.with_players(players), method="swiss-chess", exceptional_players=False
    )
    return {
        p.id: p.development_coefficient
        for p in evaluation.players
        if p.development_coefficient is not None
    }


def derived_index(number: str, published_e: int) -> int:
    """The index that gives the published E: 6 when nothing capped it, else ⌈E/5⌉.

    Capped means: E is below 30, a multiple of 5 (a cap 5·index always is) and below
    the E that no index bounds.
    """
    unbounded = unbounded_e().get(number)
    if published_e >= 30 or published_e % 5 or unbounded is None or unbounded <= published_e:
        return 6
    return math.ceil(published_e / 5)


def players() -> list[dict[str, object]]:
    """One dict per list row: number, name, birth year, club, DWZ, index."""
    evaluation = {row["Nr."]: row for row in _table("ilm24_auswertung_dwz.md")}
    rows = []
    for entry in _table("ilm24_startrangliste.md"):
        club = entry["Verein/Ort"]
        if not club:
            continue  # no club: not a DSB member, not in the list
        number = entry["TlnNr"]
        result = evaluation.get(number)
        dwz: int | None
        index: int | None
        if result is None:  # only in the start list: its TWZ, no index
            dwz, index = int(entry["TWZ"]) if entry["TWZ"] else None, None
        elif int(result["Ro"]) == 0:
            dwz, index = None, None
        else:
            dwz = int(result["Ro"])
            index = derived_index(number, int(result["E"]))
        rows.append(
            {
                "number": number,
                "name": entry["Teilnehmer"],
                "birth_year": int(entry["Geburt"]) if entry["Geburt"].isdigit() else None,
                "club": club,
                "sex": "W" if entry["Attr."] == "W" else "M",
                "dwz": dwz,
                "index": index,
            }
        )
    return rows


def _field(value: object) -> str:
    text = "" if value is None else str(value)
    if any(ch in text for ch in ', "'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _csv(rows: list[list[object]]) -> bytes:
    return "".join(",".join(_field(v) for v in row) + "\r\n" for row in rows).encode("cp1252")


def build() -> dict[str, bytes]:
    """``spieler.csv`` and ``vereine.csv`` (windows-1252, CRLF) as in the DSB's export."""
    clubs: dict[str, str] = {}
    spieler: list[list[object]] = [list(SPIELER_HEADER)]
    for row in players():
        club = str(row["club"])
        zps = clubs.setdefault(club, f"I{len(clubs) + 1:04d}")
        last, _, first = str(row["name"]).partition(", ")
        dwz = row["dwz"]
        spieler.append(
            [
                f"IL{int(str(row['number'])):07d}", zps, row["number"], "A", f"{last},{first}",
                row["sex"], "D", row["birth_year"], LAST_EVALUATION if dwz else "", dwz,
                row["index"], "", "", "", "", first, last, "", "", "",
            ]
        )  # fmt: skip
    vereine = [list(VEREINE_HEADER)] + [[zps, "I", "I0000", name] for name, zps in clubs.items()]
    return {"spieler.csv": _csv(spieler), "vereine.csv": _csv(vereine)}


def spieler_csv() -> str:
    """The ``spieler.csv`` text."""
    return build()["spieler.csv"].decode("cp1252")


def write_zip(target: str | Path) -> Path:
    """Write ``LV-0-csv.zip`` with both files to ``target``; returns the path."""
    target = Path(target)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in build().items():
            info = zipfile.ZipInfo(name, date_time=(2024, 11, 4, 6, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return target


def load(store: object) -> object:
    """Write the zip next to the store and load it (``wertung.sources.store.Store``); the ListInfo."""
    import datetime as dt
    import tempfile

    from wertung.sources.dsb_list import load_list

    with tempfile.TemporaryDirectory() as tmp:
        path = write_zip(Path(tmp) / "LV-0-csv.zip")
        return load_list(path, store=store, list_date=dt.date(2024, 11, 4))  # type: ignore[arg-type]


if __name__ == "__main__":
    print(write_zip(sys.argv[1] if len(sys.argv) > 1 else "LV-0-csv.zip"))

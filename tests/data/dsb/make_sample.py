"""Write the synthetic DSB list sample (invented people and clubs) in the DSB's export format.

Format of ``LV-0-csv.zip`` as published by the DSB Wertungsportal: windows-1252, CRLF,
comma-separated, a field quoted only when it contains a comma, a space or a quote.
Run from the repository root::

    .venv/bin/python tests/data/dsb/make_sample.py

It rewrites ``tests/data/dsb/{spieler,vereine,verbaende}.csv`` and the packaged
``src/wertung/data/LV-0-csv-sample.zip`` (the same three files).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE_ZIP = HERE.parents[2] / "src" / "wertung" / "data" / "LV-0-csv-sample.zip"

SPIELER_HEADER = [
    "ID", "ZPS", "Mitgliedsnummer", "Status", "Name,Vorname", "Geschlecht", "Spielberechtigung",
    "Geburtsjahr", "Letzte Auswertung", "DWZ", "Index", "FIDE-Elozahl", "FIDE-Titel", "FIDE-ID",
    "FIDE-Land", "Vorname", "Nachname", "FIDE-Frauentitel", "FIDE-Elozahl-Schnellschach",
    "FIDE-Elozahl-Blitz",
]  # fmt: skip
VEREINE_HEADER = ["ZPS-Nummer", "Landesverband", "UebergeordneterVerband", "Vereinsname"]
VERBAENDE_HEADER = ["Verbandnummer", "Landesverband", "UebergeordneterVerband", "Verbandname"]

VERBAENDE = [
    ("Z0000", "Z", "00000", "Schachverband Beispielland"),
    ("Z0100", "Z", "Z0000", "Bezirk Nord"),
    ("Z0200", "Z", "Z0000", "Bezirk Süd"),
]
VEREINE = [
    ("Z0101", "Z", "Z0100", "SK Musterstadt 1920 e.V."),
    ("Z0102", "Z", "Z0100", "Schachfreunde Bärenfels"),
    ("Z0103", "Z", "Z0100", "SC Königsspringer Beispielheim"),
    ("Z0104", "Z", "Z0200", "TuS Grünwiesen Schachabteilung"),
    ("Z0105", "Z", "Z0200", "Schachverein Löwenstadt 1949"),
    ("Z0201", "Z", "Z0200", "SG Weißenhöhe"),
]

# ID, ZPS, Mgl, Status, Nachname, Vorname, Geschlecht, Berechtigung, Geburtsjahr, Auswertung,
# DWZ, Index, Elo, Titel, FIDE-ID, Land, Frauentitel, Schnell, Blitz
SPIELER = [
    ("NU9900001", "Z0101", "1001", "A", "Bäumer", "Jürgen", "M", "D", 1968, "202614", 1843, 87, "", "", "", "", "", "", ""),
    ("NU9900002", "Z0101", "1002", "A", "Müller", "Hans-Peter", "M", "D", 1975, "202618", 2012, 120, 2055, "", "99000101", "GER", "", 2031, 2010),
    ("NU9900003", "Z0102", "2001", "A", "Müller", "Hans-Peter", "M", "D", 1988, "202541", 1650, 33, "", "", "", "", "", "", ""),
    ("NU9900004", "Z0103", "3001", "A", "Müller", "Hans", "M", "D", 1960, "202512", 1520, 60, "", "", "", "", "", "", ""),
    ("NU9900005", "Z0101", "1003", "A", "Schmidt", "Anna", "W", "D", 2009, "202620", 1402, 12, "", "", "", "", "", "", ""),
    ("NU9900006", "Z0104", "4001", "A", "Schmidt", "Anna", "W", "D", 2009, "202611", 1188, 5, "", "", "", "", "", "", ""),
    ("NU9900007", "Z0102", "2002", "A", "Weiß", "Jörg", "M", "D", 1955, "202602", 1765, 140, "", "", "", "", "", "", ""),
    ("NU9900007", "Z0103", "3002", "P", "Weiß", "Jörg", "M", "D", 1955, "202602", 1765, 140, "", "", "", "", "", "", ""),
    ("NU9900008", "Z0102", "2003", "A", "Öztürk", "Ayse", "W", "A", 1999, "202615", 1611, 25, 1680, "", "99000102", "TUR", "", "", ""),
    ("NU9900009", "Z0105", "5001", "A", "Groß", "Dr. Friedrich", "M", "D", 1949, "202550", 1902, 210, "", "", "", "", "", "", ""),
    ("NU9900010", "Z0101", "1004", "A", "Krüger", "Lena", "W", "D", 2014, "", "", "", "", "", "", "", "", "", ""),
    ("NU9900011", "Z0102", "2004", "P", "Fröhlich", "Bernd", "M", "D", 1958, "201933", 1455, 77, "", "", "", "", "", "", ""),
    ("NU9900012", "Z0201", "6001", "A", "Nguyen", "Van Minh", "M", "D", 2001, "202619", 2188, 45, 2201, "FM", "99000103", "GER", "", 2150, 2177),
    ("NU9900013", "Z0104", "4002", "A", "Schäfer", "Lukas", "M", "D", 2010, "202617", 1290, 8, "", "", "", "", "", "", ""),
    ("NU9900014", "Z0105", "5002", "A", "Schaefer", "Lukas", "M", "D", 1985, "202604", 1710, 50, "", "", "", "", "", "", ""),
    ("NU9900015", "Z0103", "3003", "A", "van der Berg", "Jan", "M", "A", 1970, "202606", 1980, 95, 1975, "", "99000104", "NED", "", 1940, ""),
    ("NU9900016", "Z0201", "6002", "A", "Šimek", "Tomáš", "M", "A", 1993, "202616", 2251, 60, 2290, "IM", "99000105", "CZE", "", 2260, 2241),
    ("NU9900017", "Z0105", "5003", "A", "Hoffmann", "Klara", "W", "D", 1980, "202613", 1833, 70, 1850, "WFM", "99000106", "GER", "WFM", 1802, ""),
    ("NU9900018", "Z0105", "5004", "A", "Zimmermann", "Ute", "W", "D", 1947, "202549", 1350, 180, "", "", "", "", "", "", ""),
    ("NU9900019", "Z0102", "2005", "A", "Lehmann", "Tobias", "M", "D", 2005, "202612", 1725, 30, "", "", "", "", "", "", ""),
    ("NU9900020", "Z0104", "4003", "A", "Yilmaz", "Emre", "M", "D", 2011, "202620", 1105, 3, "", "", "", "", "", "", ""),
    ("NU9900021", "Z0201", "6003", "A", "Kowalczyk", "Marta", "W", "E", 1996, "202610", 1560, 18, "", "", "", "", "", "", ""),
    ("NU9900022", "Z0101", "1005", "A", "Meier", "Thomas", "M", "D", 1966, "202608", 1601, 95, "", "", "", "", "", "", ""),
    ("NU9900023", "Z0102", "2006", "A", "Meyer", "Thomas", "M", "D", 1966, "202608", 1588, 90, "", "", "", "", "", "", ""),
    ("NU9900024", "Z0103", "3004", "A", "Meier", "Thomas", "M", "D", 1972, "202537", 1490, 40, "", "", "", "", "", "", ""),
    ("NU9900025", "Z0104", "4004", "A", "Brandt", "Sophie", "W", "D", 2012, "", "", "", "", "", "", "", "", "", ""),
    ("NU9900026", "Z0105", "5005", "A", "Koch", "Elias", "M", "D", 2008, "202618", 1543, 22, 1602, "", "99000107", "GER", "", "", ""),
    ("NU9900027", "Z0103", "3005", "A", "Wagner", "Günther", "M", "D", 1939, "202501", 1698, 250, "", "", "", "", "", "", ""),
    ("NU9900028", "Z0201", "6004", "A", "Becker", "Nele", "W", "D", 2003, "202614", 1877, 41, "", "", "", "", "", "", ""),
    ("NU9900028", "Z0101", "1006", "P", "Becker", "Nele", "W", "D", 2003, "202614", 1877, 41, "", "", "", "", "", "", ""),
    ("NU9900029", "Z0101", "1007", "A", "Hübner", "Maximilian", "M", "D", 1990, "202619", 2302, 110, 2310, "FM", "99000108", "GER", "", 2288, 2295),
    ("NU9900030", "Z0102", "2007", "A", "Jäger", "Paul", "M", "D", 2000, "202609", 1499, 15, "", "", "", "", "", "", ""),
    ("NU9900031", "Z0104", "4005", "A", "Süß", "Greta", "W", "D", 2013, "202620", 1135, 4, "", "", "", "", "", "", ""),
    ("NU9900032", "Z0105", "5006", "A", "Ziegler", "Marco", "M", "D", 1984, "202605", 1955, 66, "", "", "", "", "", "", ""),
    ("NU9900033", "Z0103", "3006", "A", "Lorenz", "Ida", "W", "D", 1977, "", "", "", "", "", "", "", "", "", ""),
    ("NU9900034", "Z0104", "4006", "A", "Roth", "Felix", "M", "D", 2007, "202615", 1666, 27, 1701, "", "99000109", "GER", "", "", ""),
    ("NU9900035", "Z0101", "1008", "A", "Ernst", "Karl-Heinz", "M", "D", 1952, "202547", 1820, 160, "", "", "", "", "", "", ""),
    ("NU9900036", "Z0102", "2008", "A", "Vogel", "Mia", "W", "D", 2015, "202620", 1100, 1, "", "", "", "", "", "", ""),
]  # fmt: skip


def _field(value: object) -> str:
    text = "" if value is None else str(value)
    if any(ch in text for ch in ', "'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _csv(rows: list[list[object]]) -> bytes:
    text = "".join(",".join(_field(v) for v in row) + "\r\n" for row in rows)
    return text.encode("cp1252")


def build() -> dict[str, bytes]:
    spieler: list[list[object]] = [list(SPIELER_HEADER)]
    for (pkz, zps, mgl, status, last, first, sex, elig, born, week, dwz, idx, elo, title,
         fide_id, land, wtitle, rapid, blitz) in SPIELER:  # fmt: skip
        spieler.append(
            [pkz, zps, mgl, status, f"{last},{first}", sex, elig, born, week, dwz, idx, elo, title,
             fide_id, land, first, last, wtitle, rapid, blitz]
        )  # fmt: skip
    return {
        "spieler.csv": _csv(spieler),
        "vereine.csv": _csv([list(VEREINE_HEADER), *map(list, VEREINE)]),
        "verbaende.csv": _csv([list(VERBAENDE_HEADER), *map(list, VERBAENDE)]),
    }


def write_zip(files: dict[str, bytes], target: Path) -> None:
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 6, 20, 4, 15, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)


def main() -> None:
    files = build()
    for name, data in files.items():
        (HERE / name).write_bytes(data)
    write_zip(files, PACKAGE_ZIP)


if __name__ == "__main__":
    main()

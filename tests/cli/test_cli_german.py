"""The command line in German (issue 10): every word German, every figure German, English as ever.

Each command runs with ``--lang de``; the English labels and words it used to leak are
asserted absent (a list per output, and a word check against common English words with
the data's own names taken out), the German figures present (decimal comma, ``01.12.2026``).
The English output is pinned where this change touched it; ``--json`` is the same in both
languages. The German texts come from the catalogue (``wertung.catalogue.data_terms``,
``data_rules``), shared with the web.
"""

from __future__ import annotations

import ast
import datetime as dt
import doctest
import importlib
import json
import random
import re
import string
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wertung import Game, Player, Tournament
from wertung.catalogue.formatting import English, German
from wertung.cli import _common, app
from wertung.formats import tournament_json
from wertung.kernel.results import GameResult

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "src" / "wertung" / "cli"
DATA = ROOT / "tests" / "data"
EXAMPLE = ROOT / "examples" / "ilmenau-open-2024.json"
# Jeddah with round 1's page saved with the details saying the event is FIDE-rated (chessresults_derived)
RUNNING = [
    str(DATA / "chess-results" / n)
    for n in ("derived_jeddah2026_r1_fide_details.html", "mjl_jeddah2026_r2_live.html")
]
TEAMS = str(DATA / "swt" / "SwissTeam.SWT")
ENV = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "250"}
SEED = ["1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½"]

runner = CliRunner()


@pytest.fixture(autouse=True)
def _width_and_language_from_the_environment(monkeypatch):
    """The consoles' width from ``COLUMNS`` (a test elsewhere may have fixed it); ``--lang de``
    is process state: the next test starts from the environment again."""
    from wertung.cli import _common
    from wertung.cli._lang import set_current

    monkeypatch.setattr(_common.console, "_width", None)
    monkeypatch.setattr(_common.err_console, "_width", None)
    yield
    set_current(None)


#: Common English words; none of them is a German word (``Index``, ``Name``, ``Status``,
#: ``Start``, ``was``, ``in`` are both and not listed).
_ENGLISH_WORDS = (
    "the of and with new yes no end date unofficial forecast score expected base value brake "
    "factor success bonus development performance opponent opponents average counted games game "
    "table row column if else one decimal half up at most shown from first stage carry over draw "
    "win loss change rating players player evaluation established foreign rated matches points "
    "board round white black note warning upgrade conditional list store loaded active club born "
    "step iterated corrected fictitious against need reach reached already remaining unchanged "
    "below published hypothetical linear approximation single rule override floor smallest given "
    "user until kept yet age only team teams standings you even does not give out by are is for "
    "source missing pages add anyway partial result results says were has have than error "
    "incomplete matched week newest confirmed refresh"
)
ENGLISH = frozenset(_ENGLISH_WORDS.split())


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=ENV)
    return result.exit_code, result.stdout + result.stderr


def german(*args: str) -> str:
    code, out = run("--lang", "de", *args)
    assert code == 0, out
    return out


def _english_words(text: str, data: set[str] = frozenset()) -> set[str]:
    """The English words of ``text`` (command lines, options, paths and the data's names aside)."""
    text = re.sub(
        r"wertung [a-z -]+[A-Z]*|--[a-z-]+|complete: false|\S*/\S*"
        r"|table oder swiss-chess|chess-results",  # the help's option values, a site's name
        " ",
        text,
    )
    words = set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text)) - data
    return {w for w in words if w.lower() in ENGLISH}


def _names(path: str | Path, *more: str) -> set[str]:
    """The words of the names in a tournament (players, teams, the event): data, not text."""
    code, out = run("tournament", str(path), *more, "--json", "--partial")
    assert code == 0, out
    found = json.loads(out)
    texts = [found.get("name") or ""] + [p.get("name") or "" for p in found.get("players", [])]
    texts += [t.get("name") or "" for t in (found.get("teams") or {}).get("teams", [])]
    evaluation = found.get("evaluation") or {}
    texts += [evaluation.get("name") or ""] + [
        p.get("name") or "" for p in evaluation.get("players", [])
    ]
    return {w for t in texts for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", t)}


def _decimal_points(text: str) -> list[str]:
    """Numbers written with a decimal point (dates, section numbers like WO 3.4.4 aside)."""
    text = re.sub(r"\b\d{2}\.\d{2}\.\d{4}\b", " ", text)  # 01.12.2026
    text = re.sub(r"(WO|Anhang|SPEC §)\s?[\d.]+|\d+\.\d+\.\d+", " ", text)  # WO 3.6, 4.1.1
    return re.findall(r"\d+\.\d+", text)


def _iso_dates(text: str) -> list[str]:
    """ISO dates outside the FIDE regulations' names (``FIDE 2025-10-01`` names a rule set)."""
    return re.findall(r"(?<!FIDE )\b\d{4}-\d{2}-\d{2}\b", text)


# -- the calculators ------------------------------------------------------------------------

FORECAST_LEAKS = (
    "New DWZ", "index 6", "end date", "unofficial forecast", "yes", "W (score)",
    "We (expected score)", "K0 (base value)", "b (brake factor)", "a (success bonus)",
    "K (development factor)", "Rn (new DWZ)", "performance", "opponent average", "counted games",
    "K0 table", "if W < We", "else", "one decimal half up", "at most", "shown from", "Games",
    "Working", "opponent", "result", "counted",
)  # fmt: skip


def test_the_forecast_of_issue_10_in_german() -> None:
    out = german("dwz", "1500-5", "1600:1", "1450:0.5", "1700:0", "--date", "2026-12-01")
    for leak in FORECAST_LEAKS:
        assert leak not in out, leak
    assert out.startswith(
        "Neue DWZ 1514 (+14), Index 6 — WO 2026, Enddatum 01.12.2026, inoffizielle Prognose"
    )
    for figure in ("0,3618", "1,172", "44,0", "1514,44", "1583,3", "−100", "−200"):
        assert figure in out, figure
    for word in ("Rechenweg", "W (Punkte)", "We (Punkterwartung)", "K0 (Grundwert)", "b (Bremsfaktor)",
                 "a (Erfolgsaufschlag)", "K (Entwicklungsfaktor)", "Rn (neue DWZ)", "Leistung",
                 "Gegnerschnitt", "erzielte Punkte in 3 gewerteten Partien", "K0-Tabelle, Zeile Erwachsene",
                 "höchstens 80", "sonst 1", "ja"):  # fmt: skip
        assert word in out, word
    assert not _english_words(out) and not _decimal_points(out) and not _iso_dates(out)


@pytest.mark.parametrize(
    "args",
    [
        [*SEED, "--age", "17", "--date", "2024-05-01"],  # WO 2014: J, E0, fB, SBr, E
        ["1500", *SEED[1:], "--age", "40", "--date", "2026-09-01"],  # index unknown
        ["1500", *SEED[1:], "--age", "17", "--date", "2024-05-01"],
        [*SEED, "--k", "30", "--date", "2026-09-01"],  # override
        [*SEED, "--e", "20", "--date", "2024-05-01"],
        ["1110-5", "1600:0", "1700:0", "1650:0", "--date", "2026-09-01"],  # brake factor
        [
            "1500-5",
            "1600:+",
            "1650:-",
            "1700:1",
            "1400:0",
            "1300:1",
            "--date",
            "2026-09-01",
        ],  # forfeits
        ["1500-5", "1600:1", "1650:½", "1700:1", "--born", "2010", "--date", "2026-09-01"],  # youth
        ["1500-5", "1650:½", "--date", "2026-09-01"],  # one game
    ],
)
def test_every_forecast_in_german(args: list[str]) -> None:
    out = german("dwz", *args)
    assert out.startswith("Neue DWZ ") and "Rechenweg" in out
    assert not _english_words(out), _english_words(out)
    assert not _decimal_points(out) and not _iso_dates(out)
    for leak in ("index unknown", "RATING-INDEX", "override", "no (forfeit)", "K/E given", "floor"):
        assert leak not in out
    if "--k" in args or "--e" in args:
        assert "Vorgabe" in out and "K/E von dir vorgegeben" in out
    if "1600:+" in args:
        assert "nein (kampflos)" in out
    if args[0] == "1500":
        assert "Index unbekannt: die Regeln verwenden" in out and "WERTUNG-INDEX" in out
    if "2024-05-01" in args:
        assert "J (Alterskoeffizient)" in out and "im Bereich [0,5; 1]" in out and "über 25" in out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["-", "1500:1", "1600:0", "1400:½", "--carry", "1550:1", "--carry", "1450:0", "--date",
          "2026-09-01", "--unaffiliated"],
         ["Erst-DWZ 1540 (bedingt: vereinsloser Spieler) (Stufe 1, Index 1) — WO 2026, inoffizielle Prognose",
          "Restpartie", "R1 = Ri + 0,08·(2000 − Ri) = 1540,00", "Rc (Gegnerschnitt)", "−100,0"]),
        (["-", "1500:1", "1600:1", "1400:1", "1550:1", "1450:1", "--date", "2026-09-01"],
         ["fiktives Remis", "½ gegen Rc", "bei 100 % ein fiktives Remis gegen Rc", "Schritt 1",
          "We = 5,4993 (W = 5,5)", "iterieren, bis", "Ri (iteriert)", "R1 (korrigiert)"]),
        (["-", "1500:1", "1600:0", "--date", "2026-09-01"],
         ["Noch keine Erst-DWZ: Zu wenige gewertete Partien: 2 von mindestens 5. WO 2026.",
          "2 Partien werden als Restpartien gespeichert (gültig bis 01.09.2028)."]),
        (["-", "1500:1", "1600:1", "1400:1", "1550:1", "1450:1", "--date", "2024-05-01"],
         ["Noch keine Erst-DWZ: 100 % ergibt nach WO 2014 keine Erst-DWZ"]),
    ],
)  # fmt: skip
def test_a_first_dwz_in_german(args: list[str], expected: list[str]) -> None:
    out = german("dwz", *args)
    for text in expected:
        assert text in out, text
    for leak in ("First DWZ", "No first DWZ yet", "stage", "carry-over", "fictitious draw", "start Rc",
                 "step", "iterated", "corrected", "iterate until", "conditional", "unaffiliated", "kept until"):  # fmt: skip
        assert leak not in out, leak
    assert not _english_words(out) and not _decimal_points(out) and not _iso_dates(out)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "--remaining", "1350,1520",
          "--target", "1547", "--age", "40", "--date", "2026-09-01"],
         "Du brauchst 1½ aus 2 Partien für DWZ 1547. Neue DWZ dann: 1547"),
        (["1500-5", "1650:½", "--remaining", "1600", "--target", "3000", "--date", "2026-09-01"],
         "DWZ 3000 ist außer Reichweite: auch 1 aus 1 Partie reichen nicht."),
        (["1500-5", "1650:½", "--remaining", "1600", "--target", "1400", "--date", "2026-09-01"],
         "DWZ 1400 bereits erreicht — auch mit 0 aus 1 Partie. Neue DWZ dann: 1494"),
        (["-", "1500:0", "1600:0", "1400:0", "--remaining", "1550,1450", "--date", "2026-09-01"],
         "Für eine Erst-DWZ brauchst du ½ aus 2 Partien. Neue Erst-DWZ dann: 1196"),
    ],
)  # fmt: skip
def test_the_planner_in_german(args: list[str], expected: str) -> None:
    out = german("dwz", *args)
    assert expected in out and "Punkte aus" in out and "Neu" in out
    for leak in ("You need", "Out of reach", "Reached already", "Score in the remaining", "new DWZ",
                 "new first DWZ", "score"):  # fmt: skip
        assert leak not in out, leak
    assert not _english_words(out) and not _decimal_points(out)


def test_elo_in_german() -> None:
    out = german("elo", "2000", "2200:½", "1500:1", "--games", "10", "--born", "2010", "--date", "2026-09-01",
                 "--remaining", "2100,2150", "--target", "2030")  # fmt: skip
    for leak in ("New rating", "change", "expected", "score", "400 rule", "single game", "win:", "draw:",
                 "loss:", "performance", "linear approximation", "fewer_than_30_games", "You need", "new rating"):  # fmt: skip
        assert leak not in out, leak
    for text in ("Neue Elo ", "Änderung", "Erwartung", "K 40 (weniger als 30 gewertete Partien)",
                 "D (400-Punkte-Regel)", "Änderung = K·(W − We) = 40·(1½ − 1,16)", "Leistung (FIDE, Ra + dp)",
                 "lineare Näherung", "für Elo 2030", "−200", "0,92"):  # fmt: skip
        assert text in out, text
    single = german(
        "elo", "2000", "2200:½", "--games", "40", "--born", "1990", "--date", "2026-09-01"
    )
    assert (
        "Diese Partie, je nach Ergebnis: Sieg: +15 → 2015  Remis: +5 → 2005  Niederlage: −5 → 1995"
        in single
    )
    assert "Änderung +5,2, Erwartung 0,24, Punkte ½, K 20 (Standardwert)" in single
    for text in (out, single):
        assert not _english_words(text) and not _decimal_points(text) and not _iso_dates(text)


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        (["2200:½", "1500:1", "1990:0", "2050:1", "1800:1"],
         "Erste FIDE-Wertung 1979: Ra 1877,1 (mit zwei fiktiven Gegnern mit 1800) + dp(0,64) 102"),
        (["1400:0", "1500:0", "1450:0", "1300:1", "1350:0"],
         "Erste FIDE-Wertung 1356 (unter 1400: nicht veröffentlicht): Ra 1514,3"),
        (["2200:½", "1500:1"],
         "Noch keine FIDE-Wertung: Dafür braucht es mindestens 5 Partien gegen Gegner mit FIDE-Wertung; gewertet: 2"),
    ],
)  # fmt: skip
def test_a_first_fide_rating_in_german(games: list[str], expected: str) -> None:
    out = german("elo", "0", *games, "--date", "2026-09-01")
    assert expected in out
    assert not _english_words(out) and "fewer_than" not in out and not _decimal_points(out)


@pytest.mark.parametrize(
    ("own", "expected"),
    [
        ("1600-12", "1600 → 1784-13 (+184): 0,64·1600 + 760, am 08.06.2026"),
        ("900-3", "900 → 1300-4 (+400): 900 + 400, am 08.06.2026"),
        ("2200-40", "2200 → 2200-41 (±0): R ≥ 2110: unverändert, am 08.06.2026"),
    ],
)
def test_the_upgrade_in_german(own: str, expected: str) -> None:
    assert german("upgrade", own).strip() == expected


# -- whole events ---------------------------------------------------------------------------

TOURNAMENT_LEAKS = (
    "end date", "players,", "unofficial evaluation", "No.", "Pts", "new Elo", "established",
    "foreign", "not-rated", "carry-over", "first", "note:", "warning:", "index unknown",
)  # fmt: skip


def test_a_tournament_in_german() -> None:
    out = german("tournament", str(EXAMPLE))
    for leak in TOURNAMENT_LEAKS:
        assert leak not in out, leak
    assert (
        "1. Ilmenauer Open 2024 — Enddatum 03.11.2024, WO 2014, 59 Spieler, inoffizielle Auswertung"
        in out
    )
    for text in ("Nr.", "Pkt.", "neue Elo", "Restpartien", "Erst-DWZ", "4,905", "2280? (2208–2280)", "−113",
                 "Warnung:", "Index unbekannt:"):  # fmt: skip
        assert text in out, text
    assert (
        not _english_words(out, _names(EXAMPLE))
        and not _decimal_points(out)
        and not _iso_dates(out)
    )


@pytest.mark.parametrize("player", ["1", "59"])
def test_a_players_working_in_a_tournament_in_german(player: str) -> None:
    out = german("tournament", str(EXAMPLE), "--player", player)
    assert "Rechenweg" in out
    if player == "1":
        assert (
            "— DWZ" in out and "Enddatum 03.11.2024" in out and "E (Entwicklungskoeffizient)" in out
        )
    else:
        assert "— Erst-DWZ" in out and "Erst-DWZ 1688" in out
        assert "nein (spielfrei)" in out and "R1 = Ri = 1688,21" in out
    assert (
        not _english_words(out, _names(EXAMPLE))
        and not _decimal_points(out)
        and not _iso_dates(out)
    )


def test_the_team_view_in_german() -> None:
    out = german("tournament", TEAMS, "--teams", "--partial")  # seven players' totals differ
    for leak in ("Standings", "team", "matches", "match points", "board points", "board", "games", "Pts",
                 "end date", "teams,", "not counted", "new Elo"):  # fmt: skip
        assert leak not in out, leak
    for text in ("Enddatum 21.11.2010, 10 Mannschaften, inoffizielle Auswertung", "Tabelle", "Mannschaft",
                 "Kämpfe", "Mannschaftspunkte", "Brettpunkte", "Los Angeles: 12 MP, 40½ BP", "Brett",
                 "Partien", "* nicht gewertet (kampflos oder Brett frei)"):  # fmt: skip
        assert text in out, text
    assert (
        "Punkte von Spieler 21 (Collins,William): die Datei nennt 3, Partien und Freilose ergeben 5"
        in out
    )
    assert not _english_words(out, _names(TEAMS, "--teams", "--partial")) and not _decimal_points(
        out
    )


def test_a_running_event_and_its_planner_in_german() -> None:
    out = german("tournament", *RUNNING, "--running", "--player", "1", "--target", "2100")
    for leak in ("after round", "(unofficial forecast)", "Round 2", "win / draw / loss", "change from now",
                 "Bo.", "white", "black", "note:", "Reached already", "round 2: against", "expected opponent"):  # fmt: skip
        assert leak not in out, leak
    for text in ("— nach Runde 1 von 7 (inoffizielle Prognose)", "nach Runde 1 von 7 (Turnier läuft)",
                 "Runde 2: neue DWZ nach Sieg / Remis / Niederlage (Änderung gegenüber jetzt)", "Brett",
                 "Weiß", "Schwarz", "Hinweis: Runde 2 (nicht vollständig)", "DWZ 2100 bereits erreicht",
                 "Runde 2: gegen 10 (1746)", "Erwartete Wertungszahl der Gegner 1645", "Fremdwertung"):  # fmt: skip
        assert text in out, text
    names = _names(RUNNING[0], RUNNING[1], "--running")
    assert not _english_words(out, names) and not _decimal_points(out)


def test_an_incomplete_tournament_in_german(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["incomplete"] = ["the source says 1 point for player 3, the games give 4½"]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, refused = run("--lang", "de", "tournament", str(path))
    assert code == 2 and "Fehler: die Quelle erfasst nicht jede Partie" in refused
    out = german("tournament", str(path), "--partial")
    assert "unvollständig: die Partien sind nicht vollständig erfasst:" in out
    assert "incomplete:" not in out and "the games are not fully" not in out


def _round_robin(name: str, end: dt.date, players: list[Player]) -> Tournament:
    pairs = [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
    results = [GameResult.WHITE_WINS] * 5 + [GameResult.DRAW] * (len(pairs) - 5)
    games = tuple(
        Game(n, a.id, b.id, r)
        for n, ((a, b), r) in enumerate(zip(pairs, results, strict=True), start=1)
    )
    return Tournament(name=name, end_date=end, players=tuple(players), games=games)


def test_a_history_in_german(tmp_path: Path) -> None:
    hero = Player("1", "Muster, Max", dwz=1500, index=5, birth_year=1980)
    others = [Player(f"a{i}", f"Gegner, G{i}", dwz=1400 + 50 * i, index=10, birth_year=1970 + i)
              for i in range(1, 6)]  # fmt: skip
    paths = []
    for name, day in (
        ("Herbstturnier", dt.date(2026, 9, 1)),
        ("Winterturnier", dt.date(2026, 2, 1)),
    ):
        path = tmp_path / f"{name}.json"
        tournament_json.dump(_round_robin(name, day, [hero, *others]), path)
        paths.append(str(path))
    out = german("history", *paths, "--player", "Muster, Max")
    for leak in ("tournament", "end date", "new", "status", "DWZ upgrade 2026", "upgrade", "established",
                 "2026-02-01"):  # fmt: skip
        assert leak not in out, leak
    for text in ("Turnier", "Ende", "Status", "DWZ-Anhebung 2026", "Anhebung", "Anhebung 2026", "01.02.2026",
                 "08.06.2026", "1500-5"):  # fmt: skip
        assert text in out, text
    assert not _english_words(out) and not _iso_dates(out)


def test_the_dsb_list_in_german(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    loaded = german("dsb-list", "load", str(DATA / "dsb"), "--store", store)
    assert (
        loaded.startswith("Geladen: DSB-Liste vom ")
        and "Spieler (" in loaded
        and "Speicher: " in loaded
    )
    info = german("dsb-list", "info", "--store", store)
    assert (
        "Geladen am " in info and "Neueste Auswertung in der Liste: " in info and "(Schema " in info
    )
    shown = german("dsb-list", "show", "Müller", "--store", store)
    assert "Jg." in shown and "aktiv" in shown and "Verein"[:4] in shown
    code, none = run("--lang", "de", "dsb-list", "show", "Niemand", "--store", store)
    assert code == 1 and none.startswith("Kein Spieler passt zu 'Niemand' in der DSB-Liste vom ")
    code, missing = run(
        "--lang", "de", "dsb-list", "load", str(tmp_path / "nothing.zip"), "--store", store
    )
    assert code == 2 and missing.startswith("Fehler: ")
    empty = german("dsb-list", "info", "--store", str(tmp_path / "empty"))
    assert empty.startswith("Keine DSB-Liste geladen. Laden mit: wertung dsb-list load")
    for text in (loaded, info, shown, none, empty):
        names = {"Hans", "Peter", "Müller", "SK", "Musterstadt", "Schachfreunde", "Bärenhausen", "SC",
                 "Königsspringer", "Beispielheim", "V", "dsb", "wertungsportal"}  # fmt: skip
        assert not _english_words(text, names), _english_words(text, names)
        assert not _iso_dates(text.split("Speicher:")[0])


def test_german_from_the_locale_by_default() -> None:
    result = runner.invoke(app, ["upgrade", "1600"], env={**ENV, "LANG": "de_DE.UTF-8"})
    assert result.stdout.strip() == "1600 → 1784 (+184): 0,64·1600 + 760, am 08.06.2026"


# -- English as ever, JSON in neither language -----------------------------------------------

ENGLISH_WIDTH = {**ENV, "COLUMNS": "90"}

#: Outputs as they were before the German command line (trailing spaces aside).
PINNED = {
    ("dwz", *SEED, "--age", "40", "--date", "2026-09-01"): """\
New DWZ 1547 (+47), index 6 — WO 2026, end date 2026-09-01, unofficial forecast
Games
┏━━━┳━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━┓
┃ # ┃ opponent ┃ result ┃ D = R0 − Rj ┃   P(D) ┃ counted ┃
┡━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━┩
│ 1 │     1650 │      ½ │        -150 │ 0.2979 │     yes │
│ 2 │     1400 │      1 │         100 │ 0.6382 │     yes │
│ 3 │     1550 │      0 │         -50 │ 0.4298 │     yes │
│ 4 │     1480 │      1 │          20 │ 0.5282 │     yes │
│ 5 │     1600 │      ½ │        -100 │ 0.3618 │     yes │
│ 6 │     1350 │      1 │         150 │ 0.7021 │     yes │
│ 7 │     1520 │      ½ │         -20 │ 0.4718 │     yes │
└───┴──────────┴────────┴─────────────┴────────┴─────────┘
Working
┌────────────────────────┬────────┬──────────────────────────────────────────────────────┐
│ W (score)              │     4½ │ 7 counted games                                      │
│ We (expected score)    │  3.430 │ Σ P(D)                                               │
│ K0 (base value)        │     40 │ K0 table, row adult, index column 5                  │
│ b (brake factor)       │      1 │ b = (R0 + 800)/2400 if W < We and R0 < 1600, else 1  │
│ a (success bonus)      │      4 │ a (only if W ≥ We): age ≤ 20 and R0 < 2000: (2000 −  │
│                        │        │ R0)/30; age 21–25 with R0 < 1600: 4; age ≥ 26 with   │
│                        │        │ R0 < 1600: 4; else 0                                 │
│ K (development factor) │   44.0 │ K = K0·b + a, one decimal half up, at most 80        │
│ Rn (new DWZ)           │   1547 │ 1500 + 44.0·(4½ − 3.430) = 1547.09 → 1547            │
│ performance            │   1617 │ Leistung: Σ P(Rp − Rj) = W (WO 3.6), shown from 5    │
│                        │        │ games                                                │
│ opponent average       │ 1507.1 │ Rc                                                   │
└────────────────────────┴────────┴──────────────────────────────────────────────────────┘
""",
    ("dwz", "-", "1500:1", "1600:1", "1400:1", "1550:1", "1450:1", "--date", "2026-09-01"): """\
First DWZ 1909 (stage 1, index 1) — WO 2026, unofficial forecast
Games
┏━━━┳━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━━┓
┃ # ┃ opponent ┃ result ┃ D = Ri − Rj ┃   P(D) ┃ counted ┃
┡━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━━┩
│ 1 │     1500 │      1 │       401.3 │ 0.9220 │     yes │
│ 2 │     1600 │      1 │       301.3 │ 0.8566 │     yes │
│ 3 │     1400 │      1 │       501.3 │ 0.9618 │     yes │
│ 4 │     1550 │      1 │       351.3 │ 0.8929 │     yes │
│ 5 │     1450 │      1 │       451.3 │ 0.9447 │     yes │
└───┴──────────┴────────┴─────────────┴────────┴─────────┘
Working
┌───────────────────────┬──────────────┬─────────────────────────────────────────────────┐
│ W (score)             │            5 │ 5 counted games                                 │
│ Rc (opponent average) │       1500.0 │                                                 │
│ fictitious draw       │ ½ against Rc │ WO 2026 (WO 3.4.4): at 100 % one fictitious     │
│                       │              │ draw against Rc                                 │
│ start Rc + D(W/n)     │       1891.2 │ WO 3.4.4, Anhang 1.2.2: iterate until Σ P(Ri −  │
│                       │              │ Rj) = W; start Rc + D(W/n)                      │
│   step 1              │      1901.03 │ We = 5.4993 (W = 5.5)                           │
│   step 2              │      1901.27 │ We = 5.5000 (W = 5.5)                           │
│   step 3              │      1901.27 │ We = 5.5000 (W = 5.5)                           │
│   step 4              │      1901.27 │ We = 5.5000 (W = 5.5)                           │
│ Ri (iterated)         │      1901.27 │                                                 │
│ R1 (corrected)        │         1909 │ R1 = Ri + 0.08·(2000 − Ri) = 1909.17            │
│ performance           │         2177 │                                                 │
└───────────────────────┴──────────────┴─────────────────────────────────────────────────┘
""",
    ("elo", "2000", "2200:½", "--games", "40", "--born", "1990", "--date", "2026-09-01"): """\
New rating 2005 (+5) — change +5.2, expected 0.24, score ½, K 20 (standard value) — FIDE
2025-10-01
Games
┏━━━┳━━━━━━━━━━┳━━━━━━━━┳━━━━━━┳━━━━━━━━━━━━━━┳━━━━━━┳━━━━━━━━━┓
┃ # ┃ opponent ┃ result ┃    D ┃ D (400 rule) ┃   PD ┃ counted ┃
┡━━━╇━━━━━━━━━━╇━━━━━━━━╇━━━━━━╇━━━━━━━━━━━━━━╇━━━━━━╇━━━━━━━━━┩
│ 1 │     2200 │      ½ │ -200 │         -200 │ 0.24 │     yes │
└───┴──────────┴────────┴──────┴──────────────┴──────┴─────────┘
change = K·(W − We) = 20·(½ − 0.24) = +5.2 → +5
single game: win: +15 → 2015  draw: +5 → 2005  loss: -5 → 1995
performance (FIDE, Ra + dp): 2200; linear approximation Ra + 400·(wins − losses)/n: 2200
""",
    ("upgrade", "1600-12"): "1600 → 1784-13 (+184): 0.64·1600 + 760, on 2026-06-08\n",
}


@pytest.mark.parametrize("args", list(PINNED), ids=lambda a: " ".join(a[:2]))
def test_english_is_as_it_was(args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """In a terminal (rich's drawing, as a terminal gets it)."""
    monkeypatch.setattr(_common.console, "plain", False)
    result = runner.invoke(app, list(args), env=ENGLISH_WIDTH)
    assert result.exit_code == 0
    assert "\n".join(line.rstrip() for line in result.stdout.split("\n")) == PINNED[args]


#: The same outputs written to a pipe: plain text (no box lines, no wrapping).
PINNED_PLAIN = {
    ("dwz", *SEED, "--age", "40", "--date", "2026-09-01"): """\
New DWZ 1547 (+47), index 6 — WO 2026, end date 2026-09-01, unofficial forecast
Games
#  opponent  result  D = R0 − Rj    P(D)  counted
1      1650       ½         -150  0.2979      yes
2      1400       1          100  0.6382      yes
3      1550       0          -50  0.4298      yes
4      1480       1           20  0.5282      yes
5      1600       ½         -100  0.3618      yes
6      1350       1          150  0.7021      yes
7      1520       ½          -20  0.4718      yes
Working
W (score)                   4½  7 counted games
We (expected score)      3.430  Σ P(D)
K0 (base value)             40  K0 table, row adult, index column 5
b (brake factor)             1  b = (R0 + 800)/2400 if W < We and R0 < 1600, else 1
a (success bonus)            4  a (only if W ≥ We): age ≤ 20 and R0 < 2000: (2000 − R0)/30; \
age 21–25 with R0 < 1600: 4; age ≥ 26 with R0 < 1600: 4; else 0
K (development factor)    44.0  K = K0·b + a, one decimal half up, at most 80
Rn (new DWZ)              1547  1500 + 44.0·(4½ − 3.430) = 1547.09 → 1547
performance               1617  Leistung: Σ P(Rp − Rj) = W (WO 3.6), shown from 5 games
opponent average        1507.1  Rc
""",
    ("elo", "2000", "2200:½", "--games", "40", "--born", "1990", "--date", "2026-09-01"): """\
New rating 2005 (+5) — change +5.2, expected 0.24, score ½, K 20 (standard value) — FIDE 2025-10-01
Games
#  opponent  result     D  D (400 rule)    PD  counted
1      2200       ½  -200          -200  0.24      yes
change = K·(W − We) = 20·(½ − 0.24) = +5.2 → +5
single game: win: +15 → 2015  draw: +5 → 2005  loss: -5 → 1995
performance (FIDE, Ra + dp): 2200; linear approximation Ra + 400·(wins − losses)/n: 2200
""",
    ("upgrade", "1600-12"): "1600 → 1784-13 (+184): 0.64·1600 + 760, on 2026-06-08\n",
}


@pytest.mark.parametrize("args", list(PINNED_PLAIN), ids=lambda a: " ".join(a[:2]))
def test_english_to_a_pipe(args: tuple[str, ...]) -> None:
    """To a pipe: the same words and figures as plain text, at any COLUMNS."""
    result = runner.invoke(app, list(args), env=ENGLISH_WIDTH)
    assert result.exit_code == 0
    assert result.stdout == PINNED_PLAIN[args]
    assert not set("┃│┏━") & set(result.stdout)


@pytest.mark.parametrize(
    "args",
    [
        ["dwz", *SEED, "--date", "2026-09-01", "--json"],
        ["dwz", "-", "1500:1", "1600:0", "--date", "2026-09-01", "--json"],
        [
            "elo",
            "2000",
            "2200:½",
            "--remaining",
            "2100",
            "--target",
            "2010",
            "--date",
            "2026-09-01",
            "--json",
        ],
        ["upgrade", "1600-12", "--json"],
        ["tournament", str(EXAMPLE), "--json"],
        ["tournament", *RUNNING, "--running", "--player", "1", "--target", "2100", "--json"],
    ],
    ids=lambda a: a[0],
)
def test_json_is_the_same_in_both_languages(args: list[str]) -> None:
    code, english = run(*args)
    assert code == 0 and json.loads(english)
    assert run("--lang", "de", *args) == (code, english)


# -- where the German texts come from -------------------------------------------------------


def _say_calls() -> list[tuple[str, str, str | None]]:
    """Every ``say("key", "English", …)`` and ``german("key", …)`` of the command line."""
    calls = []
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("say", "german") or not node.args:
                continue
            key = node.args[0]
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue  # a key built from an engine code: covered by the tests above
            english = None
            if node.func.id == "say":
                english_node = node.args[1]
                english = ast.literal_eval(english_node)
            calls.append((path.name, key.value, english))
    return calls


def test_every_word_of_the_command_line_is_in_the_catalogue() -> None:
    from wertung.catalogue import CLI_TERMS, TERMS
    from wertung.cli import app as cli_app
    from wertung.cli._help import help_items

    calls = _say_calls()
    assert len(calls) > 80
    for where, key, english in calls:
        assert key in TERMS or key in CLI_TERMS or f"{key}.one" in TERMS, (where, key)
        if english is not None and key in CLI_TERMS:
            assert CLI_TERMS[key][1] == english, (where, key)  # the two Englishes agree
    used = {key for _where, key, _english in calls}
    used |= {key for key, _holder in help_items(cli_app)}  # the help screens (tested on their own)
    assert not set(CLI_TERMS) - used, "command-line words no command shows"


def test_the_terms_have_both_languages_with_the_same_placeholders() -> None:
    from wertung.catalogue import CLI_TERMS, TERMS

    for key, (de, en) in {**TERMS, **CLI_TERMS}.items():
        assert de.strip() and en.strip(), key
        assert set(re.findall(r"{(\w+)}", de)) == set(re.findall(r"{(\w+)}", en)), key
        assert not _english_words(re.sub(r"{\w+}", " ", de)), key


def test_the_web_shows_the_shared_terms_unchanged() -> None:
    from wertung.catalogue import TERMS
    from wertung.catalogue.words import WORDS as MESSAGES
    from wertung.web.i18n import translator

    for key, texts in TERMS.items():
        assert MESSAGES[key] == texts, key
    assert translator("de")("working.title") == "Rechenweg"
    assert translator("de").n("working.w", 2, n=2) == "erzielte Punkte in 2 gewerteten Partien"


def test_every_rule_text_the_engine_writes_is_in_german() -> None:
    import dataclasses

    from wertung.catalogue import message_for, render
    from wertung.dwz._first_dwz import _first_dwz_rules
    from wertung.dwz._forecast_rules import rules_2014, rules_2026
    from wertung.dwz.regulations import WO_2014, WO_2026

    def changed(regs, **changes):  # other constants: the templates are not the constants'
        own = getattr(regs, "replace", None)
        return own(**changes) if own is not None else dataclasses.replace(regs, **changes)

    other_2026 = changed(WO_2026, k_max=90, floor=1000, brake_below=1700, bonus_below=1500)
    other_2014 = changed(WO_2014, e_max=35, braking_below=1250)
    texts = [*rules_2026(WO_2026).values(), *rules_2014(WO_2014).values(),
             *rules_2026(other_2026).values(), *rules_2014(other_2014).values(),
             *_first_dwz_rules(WO_2026).values(), *_first_dwz_rules(WO_2014).values(),
             "K0 table, row youth, index column 11", "K0 table, row master, index column 3",
             "R ≥ 2110: unchanged"]  # fmt: skip
    plain_formulas = {"E0 = (R0/1000)^4 + J"}
    for text in texts:
        if text in plain_formulas:
            continue
        assert message_for(text).code.startswith("rule."), text
        assert not _english_words(render(text, "de")), render(text, "de")
    assert "höchstens 90" in render(rules_2026(other_2026)["development_factor"], "de")


def test_german_figures_round_as_the_english_ones() -> None:
    en, de = English(), German()
    rng = random.Random(10)
    values = [rng.uniform(-3000, 3000) for _ in range(400)] + [
        0.125,
        2.675,
        1514.445,
        0.5,
        -0.25,
        44,
    ]
    values += [Fraction(rng.randint(-9000, 9000), rng.randint(1, 700)) for _ in range(200)]
    for value in values:
        for places in (0, 1, 2, 3, 4):
            english = en.fixed(value, places)
            assert de.fixed(value, places) == english.replace(".", ",").replace("-", "−"), (
                value,
                places,
            )
        assert de.num(value, 3).replace("−", "-").replace(",", ".") == en.num(value, 3)
    assert de.num(Fraction(9, 2)) == en.num(Fraction(9, 2)) == "4½"
    assert (de.signed(14), de.signed(-3), de.signed(0), de.signed(None)) == ("+14", "−3", "±0", "–")
    assert de.signed_fixed(Fraction(26, 5), 1) == "+5,2" and de.short(36.5) == "36,5"
    assert (de.date(dt.date(2026, 12, 1)), de.date("2026-06-08"), de.date(None)) == (
        "01.12.2026",
        "08.06.2026",
        "–",
    )
    assert de.formula("R1 = Ri + 0.08·(2000 − Ri)") == "R1 = Ri + 0,08·(2000 − Ri)"
    assert not set(string.ascii_letters) & set(de.fixed(1e-7, 3))


@pytest.mark.parametrize(
    "module",
    ["wertung.cli._lang", "wertung.catalogue.formatting", "wertung.catalogue.words",
     "wertung.cli.render", "wertung.catalogue",
     "wertung.catalogue.data_terms", "wertung.catalogue.data_rules"],
)  # fmt: skip
def test_doctests(module: str) -> None:
    from wertung.cli._lang import set_current

    try:
        assert doctest.testmod(importlib.import_module(module)).failed == 0
    finally:
        set_current(None)

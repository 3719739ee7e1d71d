"""``wertung check SOURCE``: the problems of a file before it is sent, exit 0/1/2, JSON, German;
the DSB list (``--dsb-list``, ``--fix-from-dsb-list``); the export's gate (``--force``)."""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from submission_reports import CLEAN, with_player
from test_cli_german import _english_words, _iso_dates
from typer.testing import CliRunner

from wertung.cli import app
from wertung.formats import dsb_xml
from wertung.formats.dsb_report import Report, ReportGame, ReportPlayer

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "examples" / "check-demo.xml"
EXAMPLE = ROOT / "examples" / "ilmenau-open-2024.json"
ENV = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "200"}

runner = CliRunner()


@pytest.fixture(autouse=True)
def _fresh_console_and_language(monkeypatch):  # type: ignore[no-untyped-def]
    from wertung.cli import _common
    from wertung.cli._lang import set_current

    monkeypatch.setattr(_common.console, "_width", None)
    monkeypatch.setattr(_common.err_console, "_width", None)
    yield
    set_current(None)


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={**ENV, **(env or {})})
    return result.exit_code, result.stdout, result.stderr


def _recent(report: Report) -> Report:
    """``report`` with its games three days ago and a week before (no deadline warning)."""
    end = dt.date.today() - dt.timedelta(days=3)
    shift = end - report.end_date  # type: ignore[operator]
    games = tuple(replace(g, date=g.date + shift) for g in report.games)  # type: ignore[operator]
    return replace(report, start_date=report.start_date + shift, end_date=end, games=games)  # type: ignore[operator]


def _file(tmp_path: Path, report: Report, name: str = "report.xml") -> str:
    path = tmp_path / name
    path.write_bytes(dsb_xml.write(report))
    return str(path)


# -- the demo: six defects --------------------------------------------------------------------

SIX = {
    "check.birth_year.missing": (3, None),
    "check.player.number_duplicate": (6, None),
    "check.game.points_sum": (5, 2),
    "check.game.round_above": (1, 6),
    "check.game.date_outside": (3, 5),
    "check.time_control.rapid_blitz": (None, None),
}
#: What the German table says for each (its start).
SIX_GERMAN = (
    "Das Geburtsjahr fehlt", "Die Startnummer 6 ist doppelt vergeben", "Ergebnis 1:1 ergibt 2 Punkte",
    "Runde 6 liegt über den 5 Runden", "Die Partie wurde am 29.11.2026 gespielt, nach dem Enddatum 28.11.2026",
    "Bedenkzeit 45 Min. ergibt 45 Minuten",
)  # fmt: skip
#: What a later run may add: the deadline passes as the demo ages.
LATER = {"check.deadline.passed", "check.deadline.year"}


def test_the_demo_lists_all_six_with_player_and_round() -> None:
    code, out, _err = run("check", str(DEMO), "--json")
    assert code == 2
    data = json.loads(out)
    found = {p["code"]: (p["player"], p["round"]) for p in data["problems"]}
    assert {c: found[c] for c in SIX} == SIX
    assert set(found) - set(SIX) <= LATER
    assert data["complete"] is False and data["not_checked"]
    assert all(
        set(p) == {"severity", "code", "player", "name", "round", "text"} for p in data["problems"]
    )
    assert {p["name"] for p in data["problems"] if p["player"] == 3} == {"Bäumer, Jürgen"}


def test_the_demo_in_german() -> None:
    code, out, _err = run("--lang", "de", "check", str(DEMO))
    assert code == 2
    flat = " ".join(out.replace("│", " ").split())
    for start in SIX_GERMAN:
        assert " ".join(start.split()) in flat, start
    assert "Fehler: 6" in out or "Fehler: 7" in out or "Fehler: 6, Warnungen: 1" in out
    assert "Mit diesen Fehlern lehnt der DSB die Datei ab." in out
    names = {
        "Bäumer",
        "Jürgen",
        "Lehmann",
        "Tom",
        "Krause",
        "Paul",
        "Muster",
        "Max",
        "Herbstopen",
        "Ilmenau",
    }
    assert not _english_words(out, names), _english_words(out, names)
    assert not _iso_dates(out)
    code, json_de, _ = run("check", str(DEMO), "--json", "--lang", "de")
    texts = [p["text"] for p in json.loads(json_de)["problems"]]
    assert not _english_words(" ".join(texts), names)


def test_the_demo_in_english() -> None:
    code, out, _err = run("check", str(DEMO))
    assert code == 2
    flat = " ".join(out.replace("│", " ").split())
    assert "the birth year is missing" in flat and "result 1:1 gives 2 points" in flat
    assert "With these errors the DSB refuses the file." in out


# -- exit codes ---------------------------------------------------------------------------------


def test_a_clean_file_exits_0(tmp_path: Path) -> None:
    path = _file(tmp_path, _recent(CLEAN))
    code, out, _err = run("check", path)
    assert code == 0 and "No problems: the file can be submitted." in out
    code, out, _err = run("check", path, "--json")
    assert code == 0 and json.loads(out) == {"problems": [], "complete": False, "not_checked": [
        "birth years and memberships were not compared with the DSB list (--dsb-list does)"]}  # fmt: skip


def test_warnings_only_exit_1(tmp_path: Path) -> None:
    path = _file(tmp_path, _recent(with_player(CLEAN, 3, birth_year=1900)))
    code, out, _err = run("check", path, "--json")
    assert code == 1
    (problem,) = json.loads(out)["problems"]
    assert (problem["severity"], problem["code"], problem["player"], problem["round"]) == (
        "warning",
        "check.birth_year.old",
        3,
        None,
    )


def test_a_source_of_another_kind_with_the_exports_options() -> None:
    code, out, _err = run("check", str(EXAMPLE), "--json")
    assert code == 2
    codes = [p["code"] for p in json.loads(out)["problems"]]
    assert {
        "check.time_control.missing",
        "check.start_date.missing",
        "check.location.missing",
    } <= set(codes)
    code, out, _err = run("check", str(EXAMPLE), "--json", "--location", "Ilmenau", "--time-control", "90+30",
                          "--start-date", "2024-11-01")  # fmt: skip
    assert code == 1 and {p["code"] for p in json.loads(out)["problems"]} <= LATER
    code, out, _err = run("check", str(EXAMPLE), "--json", "--location", "Ilmenau", "--time-control", "45+15",
                          "--start-date", "2024-11-01")  # fmt: skip
    assert code == 2 and "check.time_control.not_rated" in out


def test_a_file_that_cannot_be_read_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text('<?xml version="1.0"?><DSB_DWZ_TournamentReport xmlns="http://www.schachbund.de/XMLSchema">'
                   "<tournament><rounds>x</rounds>", encoding="utf-8")  # fmt: skip
    code, _out, err = run("check", str(bad))
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err
    code, _out, err = run("check", str(DEMO), "--lang", "fr")
    assert code == 2 and "use en or de" in err


# -- the DSB list ---------------------------------------------------------------------------------


def _listed(tmp_path: Path) -> str:
    """A report of six players the sample DSB list knows, each with one thing to say."""
    from wertung.sources.dsb_list import load_sample
    from wertung.sources.store import Store

    load_sample(store=Store(tmp_path / "store"))
    players = (
        ReportPlayer(1, "Bäumer", "Jürgen", None, zps="Z0101"),  # the list has 1968, PKZ, number
        ReportPlayer(2, "Weiß", "Jörg", 1955, dsb_id="NU9900007", zps="Z0103", member_number=3002),
        ReportPlayer(3, "Schmidt", "Anna", 2009, zps="Z0101", member_number=1003),
        ReportPlayer(4, "Müller", "Hans", 1961, dsb_id="NU9900004"),  # the list: 1960
        ReportPlayer(5, "Krüger", "Lena", 2014, dsb_id="NU9999999"),  # no such PKZ
        ReportPlayer(
            6, "Schäfer", "Lukas", 2010, zps="Z0999", member_number=1
        ),  # no such membership
    )
    games = tuple(
        ReportGame(1, w, b, "0.5", "0.5", CLEAN.start_date) for w, b in ((1, 2), (3, 4), (5, 6))
    )
    report = replace(CLEAN, rounds=1, players=players, games=games, end_date=CLEAN.start_date)
    return _file(tmp_path, _recent(report), "listed.xml")


def test_the_dsb_list_is_compared(tmp_path: Path) -> None:
    path = _listed(tmp_path)
    store = {"WERTUNG_DATA_DIR": str(tmp_path / "store")}
    code, out, _err = run("check", path, "--dsb-list", "--json", env=store)
    data = json.loads(out)
    found = [(p["code"], p["player"]) for p in data["problems"]]
    assert code == 2 and data["complete"] is True
    assert found == [
        ("check.birth_year.missing", 1), ("check.birth_year.list", 4),
        ("check.member.no_ids", 1), ("check.member.not_in_list", 5), ("check.member.not_in_list", 6),
    ]  # fmt: skip
    texts = {p["player"]: p["text"] for p in data["problems"] if p["severity"] == "error"}
    assert (
        texts[1]
        == "the birth year is missing; the DSB list has 1968: fill it with --fix-from-dsb-list"
    )
    assert texts[4].startswith("birth year 1961 differs from the DSB list's 1960")


def test_fix_from_the_dsb_list(tmp_path: Path) -> None:
    path = _listed(tmp_path)
    store = {"WERTUNG_DATA_DIR": str(tmp_path / "store")}
    code, out, _err = run("check", path, "--fix-from-dsb-list", "--json", env=store)
    assert code == 2  # the birth year against the list stays an error
    data = json.loads(out)
    musterstadt, beispielheim = "SK Musterstadt 1920 e.V.", "SC Königsspringer Beispielheim"
    assert [(f["player"], f["field"], f["value"]) for f in data["filled"]] == [
        (1, "birth_year", 1968), (1, "dsb_id", "NU9900001"), (1, "member_number", 1001),
        (1, "club", musterstadt), (2, "club", beispielheim), (3, "dsb_id", "NU9900005"),
        (3, "club", musterstadt), (4, "zps", "Z0103"), (4, "member_number", 3001), (4, "club", beispielheim),
        (5, "zps", "Z0101"), (5, "member_number", 1004), (5, "club", musterstadt), (6, "dsb_id", "NU9900013"),
    ]  # fmt: skip
    assert [(p["code"], p["player"]) for p in data["problems"]] == [
        ("check.birth_year.list", 4),
        ("check.member.not_in_list", 5),
        ("check.member.not_in_list", 6),
    ]
    _code, out, _err = run("--lang", "de", "check", path, "--fix-from-dsb-list", env=store)
    assert "Aus der DSB-Liste übernommen:" in out and "Geburtsjahr 1968 aus der DSB-Liste" in out
    names = {"Bäumer", "Jürgen", "Weiß", "Jörg", "Schmidt", "Anna", "Müller", "Hans", "Krüger", "Lena", "Schäfer",
             "Lukas", "Vereinsmeisterschaft", "SK", "SC", "Musterstadt", "Königsspringer", "Beispielheim", "V"}  # fmt: skip
    assert not _english_words(out, names), _english_words(out, names)


def test_no_list_loaded(tmp_path: Path) -> None:
    code, _out, err = run(
        "check", str(DEMO), "--dsb-list", env={"WERTUNG_DATA_DIR": str(tmp_path / "none")}
    )
    assert code == 2 and "no DSB list is loaded" in err


# -- the export's gate ----------------------------------------------------------------------------


def test_the_export_writes_nothing_with_errors_unless_forced(tmp_path: Path) -> None:
    out_file = tmp_path / "out.xml"
    code, _out, err = run(
        "tournament", str(EXAMPLE), "--dsb-xml", str(out_file), "--location", "Ilmenau"
    )
    assert code == 2 and not out_file.exists()
    assert "nothing was written" in err and "check.time_control.missing" not in err
    assert "the time control is missing" in " ".join(err.split())
    code, _out, err = run("tournament", str(EXAMPLE), "--dsb-xml", str(out_file), "--location", "Ilmenau",
                          "--force")  # fmt: skip
    assert code == 0 and out_file.exists()
    report = dsb_xml.read(out_file.read_bytes())
    first = (report.notes or "").split("\n")[0]
    assert re.fullmatch(
        r"Mit --force geschrieben, obwohl die Prüfung vor dem Einreichen 2 Fehler fand: "
        r"check\.time_control\.missing; check\.start_date\.missing",
        first,
    ), first


def test_the_export_of_a_checked_file(tmp_path: Path) -> None:
    out_file = tmp_path / "out.xml"
    code, _out, _err = run("tournament", str(EXAMPLE), "--dsb-xml", str(out_file), "--location", "Ilmenau",
                           "--time-control", "90+30", "--start-date", "2024-11-01")  # fmt: skip
    assert code == 0 and out_file.exists()
    assert dsb_xml.read(out_file.read_bytes()).notes is None


def test_the_export_refused_in_german(tmp_path: Path) -> None:
    code, _out, err = run(
        "--lang", "de", "tournament", str(EXAMPLE), "--dsb-xml", str(tmp_path / "o.xml")
    )
    assert code == 2
    assert "Die Prüfung vor dem Einreichen fand Fehler (3); nichts wurde geschrieben" in " ".join(
        err.split()
    )
    assert not _english_words(err, {"Ilmenauer", "Open"}), _english_words(
        err, {"Ilmenauer", "Open"}
    )

"""``wertung tournament SOURCE --dsb-xml FILE``: the report to the DSB's rating portal, and
the file read back as a source (issue 20)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from dsb_xml_samples import DATA, schema_errors
from lxml import etree
from typer.testing import CliRunner

from wertung.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"
NS = {"d": "http://www.schachbund.de/XMLSchema"}
GIVEN = ("--location", "Ilmenau", "--time-control", "90+30", "--start-date", "2024-11-01")


def run(*args: str):
    return runner.invoke(app, list(args))


def test_the_ilmenau_open_as_the_issue_asks(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    done = run(
        "tournament", str(EXAMPLE), "--dsb-xml", str(out), *GIVEN, "--sender", "Ilmenauer SV"
    )
    assert done.exit_code == 0, done.output
    assert f"wrote {out}: 59 players, 205 games (tournamentUUID " in done.output
    data = out.read_bytes()
    assert schema_errors(data) == [] and schema_errors(data, prefixed=True) == []
    root = etree.fromstring(data)
    assert root.findtext("d:tournament/d:timecontrol", namespaces=NS) == "90+30"
    assert root.findtext("d:header/d:sender", namespaces=NS) == "Ilmenauer SV"
    # the file read back: the same 59 players and the same games as the source's --export
    source = json.loads(run("tournament", str(EXAMPLE), "--export").stdout)
    back = json.loads(run("tournament", str(out), "--export").stdout)
    assert [p["name"] for p in back["players"]] == [p["name"] for p in source["players"]]
    assert [p.get("birth_year") for p in back["players"]] == [
        p.get("birth_year") for p in source["players"]
    ]
    number = {p["id"]: str(k) for k, p in enumerate(source["players"], start=1)}

    def games(data: dict, ids: dict) -> list:
        return sorted((g["round"], ids.get(g["white"], g["white"]), ids.get(g["black"], g["black"]),
                       g["result"]) for g in data["games"])  # fmt: skip

    assert games(back, {}) == games(source, number)
    assert len(back["byes"]) == len(source["byes"])


def test_uuid_stays_across_exports_and_can_be_given(tmp_path: Path) -> None:
    first, second, given = tmp_path / "a.xml", tmp_path / "b.xml", tmp_path / "c.xml"
    for path in (first, second):
        assert (
            run(
                "tournament", str(EXAMPLE), "--dsb-xml", str(path), *GIVEN, "--sender", "x"
            ).exit_code
            == 0
        )

    def field(path: Path, name: str) -> str:
        return etree.fromstring(path.read_bytes()).findtext(name, namespaces=NS)

    assert field(first, "d:tournament/d:tournamentUUID") == field(
        second, "d:tournament/d:tournamentUUID"
    )
    assert field(first, "d:header/d:fileUUID") != field(second, "d:header/d:fileUUID")
    uuid = "6F1C3A52-8D0E-4C7B-9A3E-2B5D7E9F1A40"
    assert (
        run("tournament", str(EXAMPLE), "--dsb-xml", str(given), "--uuid", uuid, *GIVEN).exit_code
        == 0
    )
    assert field(given, "d:tournament/d:tournamentUUID") == uuid.lower()
    # re-exporting the file read back keeps the tournamentUUID
    again = tmp_path / "again.xml"
    assert run("tournament", str(first), "--dsb-xml", str(again)).exit_code == 0
    assert field(again, "d:tournament/d:tournamentUUID") == field(
        first, "d:tournament/d:tournamentUUID"
    )


def test_nothing_is_invented_when_the_facts_are_missing(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    refused = run("tournament", str(EXAMPLE), "--dsb-xml", str(out))
    assert refused.exit_code == 2 and not out.exists()  # the check's gate (issue 20, item 2)
    assert run("tournament", str(EXAMPLE), "--dsb-xml", str(out), "--force").exit_code == 0
    root = etree.fromstring(out.read_bytes())
    for missing in ("location", "startDate", "timecontrol"):
        assert root.find(f"d:tournament/d:{missing}", namespaces=NS) is None
    assert root.find("d:header", namespaces=NS) is None  # no --sender
    assert schema_errors(out.read_bytes())  # the check names them, and so do the notes
    notes = root.find("d:tournament/d:notes", namespaces=NS).text
    assert notes.startswith(
        "Mit --force geschrieben, obwohl die Prüfung vor dem Einreichen 3 Fehler fand: "
    )


def test_bad_options_in_both_languages(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    bad = run("tournament", str(EXAMPLE), "--dsb-xml", str(out), "--uuid", "zz")
    assert bad.exit_code != 0 and "'zz' is not a UUID" in bad.output and not out.exists()
    german = run(
        "tournament", str(EXAMPLE), "--dsb-xml", str(out), "--tournament-type", "XY", "--lang", "de"
    )
    assert german.exit_code != 0 and "Turnierart 'XY' ist keine von SR, SW" in german.output
    date = run("tournament", str(EXAMPLE), "--dsb-xml", str(out), "--start-date", "gestern")
    assert date.exit_code != 0 and not out.exists()
    written = run("tournament", str(EXAMPLE), "--dsb-xml", str(out), *GIVEN, "--lang", "de")
    assert f"{out} geschrieben: 59 Spieler, 205 Partien" in written.output


def test_to_standard_output_and_the_tournament_type(tmp_path: Path) -> None:
    done = run("tournament", str(EXAMPLE), "--dsb-xml", "-", *GIVEN, "--tournament-type", "SW-H")
    assert done.exit_code == 0
    root = etree.fromstring(done.stdout_bytes)
    assert root.findtext("d:tournament/d:tournamentType", namespaces=NS) == "SW-H"


def test_the_dsb_list_fills_club_data_and_names_each_value(tmp_path: Path, monkeypatch) -> None:
    sys.path.insert(0, str(DATA / "dsb"))
    from ilmenau_list import write_zip

    monkeypatch.setenv("WERTUNG_DATA_DIR", str(tmp_path / "store"))
    write_zip(tmp_path / "LV-0-csv.zip")
    assert run("dsb-list", "load", str(tmp_path / "LV-0-csv.zip")).exit_code == 0
    out = tmp_path / "out.xml"
    done = run("tournament", str(EXAMPLE), "--dsb-list", "--dsb-xml", str(out), *GIVEN)
    assert done.exit_code == 0, done.output
    root = etree.fromstring(out.read_bytes())
    assert root.findall("d:players/d:player/d:vkz", namespaces=NS)
    assert "from the DSB list" in done.output
    assert schema_errors(out.read_bytes(), prefixed=True) == []

"""The ``.swi`` text file and the DeWIS XML as sources like any other: recognised by
content, read by ``wertung tournament`` (which says what the file is) and by the web upload.

The files are built from the layout description (``tests/support/old_format_fixtures.py``),
not real files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from old_format_fixtures import sample_dewis, sample_swi
from typer.testing import CliRunner
from web_helpers import client

from wertung.cli import app
from wertung.importers import load_tournament, refine_kind, sniff_bytes, source_kind
from wertung.web import tournaments
from wertung.web.pages.rendering import UPLOAD_ACCEPT

runner = CliRunner()


def test_kinds_by_name_and_by_content() -> None:
    assert source_kind("Herbst.SWI") == "swi" and source_kind("x.xml") == "dsb-xml"
    assert sniff_bytes(sample_swi()) == "swi" and sniff_bytes(sample_dewis()) == "dewis-xml"
    assert (
        refine_kind("trf", sample_swi()) == "swi"
        and refine_kind("dsb-xml", sample_dewis()) == "dewis-xml"
    )
    assert refine_kind("trf", b"012 Open\r\n") == "trf"
    assert tournaments.upload_kind("auswertung.txt", sample_swi()) == "swi"
    assert tournaments.upload_kind("dewis.xml", sample_dewis()) == "dewis-xml"
    assert tournaments.upload_kind("", sample_swi()) == "swi"
    assert ".swi" in UPLOAD_ACCEPT.split(",")


@pytest.mark.parametrize(
    ("name", "data"),
    [("herbst.swi", sample_swi()), ("herbst.txt", sample_swi()), ("herbst", sample_swi()),
     ("herbst.xml", sample_dewis()), ("herbst.dewis", sample_dewis())],
)  # fmt: skip
def test_load_tournament_reads_them_by_content(tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    t = load_tournament(path)
    assert len(t.players) == 6 and len(t.games) == 14 and t.notes[0].startswith("read as ")


def test_the_cli_reads_a_swi_file_and_says_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "herbst.swi"
    path.write_bytes(sample_swi())
    done = runner.invoke(app, ["tournament", str(path)])
    assert done.exit_code == 0, done.output
    assert "Herbstopen Ilmenau 2026" in done.output and "Öztürk, Elif" in done.output
    assert "ELOBASE/DeWIS text file" in " ".join(done.output.split())
    german = runner.invoke(app, ["--lang", "de", "tournament", str(path)])
    assert "ELOBASE/DeWIS-Textdatei" in " ".join(german.output.split()), german.output
    exported = json.loads(runner.invoke(app, ["tournament", str(path), "--export"]).stdout)
    assert (
        len(exported["players"]) == 6
        and len(exported["games"]) == 14
        and len(exported["byes"]) == 1
    )


def test_the_cli_reads_a_dewis_file_and_says_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "herbst.xml"
    path.write_bytes(sample_dewis())
    done = runner.invoke(app, ["tournament", str(path)])
    assert done.exit_code == 0, done.output
    assert "older DeWIS XML file" in " ".join(done.output.split())


def test_the_cli_names_an_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "kaputt.swi"
    path.write_bytes(sample_swi(end="31.02.2026"))
    done = runner.invoke(app, ["--lang", "de", "tournament", str(path)])
    assert done.exit_code != 0 and "Zeile 15" in done.output and "Enddatum" in done.output


def test_the_web_upload_takes_them(tmp_path: Path) -> None:
    assert len(tournaments.from_upload("herbst.swi", sample_swi()).games) == 14
    assert len(tournaments.from_upload("herbst.xml", sample_dewis()).games) == 14
    api = client(tmp_path)
    for name, data in (("herbst.swi", sample_swi()), ("dewis.xml", sample_dewis())):
        response = api.post("/api/v1/tournament/file", files={"file": (name, data)})
        assert response.status_code in (200, 201, 303), response.text


def test_the_web_upload_names_a_swi_error_as_a_file_error() -> None:
    from wertung.kernel.errors import FormatError

    with pytest.raises(FormatError) as caught:
        tournaments.from_upload("herbst.swi", sample_swi(end="31.02.2026"))
    assert caught.value.field == "file" and caught.value.where["line"] == 15

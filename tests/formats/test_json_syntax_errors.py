"""A JSON tournament that does not parse: the syntax error in the user's language, with line
and column, on every front end (library, CLI, web page, API)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner
from web_helpers import ROOT, client

from wertung.catalogue import UNTRANSLATED, message_for, render
from wertung.cli import app
from wertung.formats import tournament_json
from wertung.kernel.errors import FormatError, WertungError

EXAMPLE = ROOT.parent / "examples" / "ilmenau-open-2024.json"
runner = CliRunner()

CASES = [
    ("{'a': 1}", 1, 2, "a property name in single quotes; JSON needs double quotes",
     "ein Eigenschaftsname in einfachen Anführungszeichen; JSON verlangt doppelte"),
    ('{"a" 1}', 1, 6, "a ':' is expected here", "hier wird ein „:“ erwartet"),
    ('{"a": 1 "b": 2}', 1, 9, "a ',' is expected here", "hier wird ein „,“ erwartet"),
    ('{"a": }', 1, 7, "a value is expected here", "hier wird ein Wert erwartet"),
    ('{\n  "a": 1,\n}', 3, 1, "a comma before the closing '}'", "ein Komma vor der schließenden Klammer '}'"),
    ('{"a": "x\ny"}', 1, 9, "a control character (such as a line break) inside a text",
     "ein Steuerzeichen (etwa ein Zeilenumbruch) in einem Text"),
    ('{"a": "\\q"}', 1, 8, "a backslash (\\) inside a text that starts no valid escape",
     "ein Backslash (\\) in einem Text, mit dem keine gültige Escape-Folge beginnt"),
    ('{"a": 1} {}', 1, 10, "more follows after the end of the JSON value",
     "nach dem Ende des JSON-Werts folgt noch etwas"),
    ('{"a": "x', 1, 7, "a text in double quotes is not closed before the end (is the file cut off?)",
     "ein Text in doppelten Anführungszeichen ist bis zum Ende nicht geschlossen (ist die Datei "
     "abgeschnitten?)"),
    ('{\n  "name": "Open",\n  "players": [\n', 4, 1,
     "the text ends before the JSON value is complete (is the file cut off?)",
     "der Text endet, bevor der JSON-Wert vollständig ist (ist die Datei abgeschnitten?)"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "column", "english", "german"), CASES)
def test_each_kind_of_syntax_error_has_its_words_line_and_column(
    text: str, line: int, column: int, english: str, german: str
) -> None:
    with pytest.raises(FormatError) as info:
        tournament_json.loads(text)
    error = info.value
    assert error.where == {"line": line, "column": column} and error.field == "tournament"
    assert str(error) == f"line {line}, column {column}: JSON syntax error: {english}"
    assert error.code == "json.syntax"
    assert render(error, "de") == f"Zeile {line}, Spalte {column}: JSON-Syntaxfehler: {german}"
    assert render(error, "en") == str(error)


@pytest.mark.parametrize(
    ("data", "english", "german"),
    [
        (b"", "not valid JSON: the text is empty", "Kein gültiges JSON: der Text ist leer"),
        (b'{"a": "\xff"}', "not valid JSON: byte 8 is not UTF-8 text", "Kein gültiges JSON: Byte 8 ist kein UTF-8-Text"),
        (b"[" * 100_000, "not valid JSON: the lists and objects are nested too deeply",
         "Kein gültiges JSON: Listen und Objekte sind zu tief verschachtelt"),
    ],
)  # fmt: skip
def test_text_that_is_no_json_at_all(data: bytes, english: str, german: str) -> None:
    with pytest.raises(FormatError) as info:
        tournament_json.loads(data)
    assert str(info.value) == english and render(info.value, "de") == german


def test_the_command_line_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{'a': 1}", encoding="utf-8")
    german = runner.invoke(app, ["tournament", str(path), "--lang", "de"])
    assert german.exit_code == 2
    assert (
        "Zeile 1, Spalte 2: JSON-Syntaxfehler: ein Eigenschaftsname in einfachen" in german.output
    )
    assert "Expecting" not in german.output and "line" not in german.output
    english = runner.invoke(app, ["tournament", str(path), "--lang", "en"])
    assert english.exit_code == 2
    assert "line 1, column 2: JSON syntax error: a property name in single quotes" in english.output
    assert "Expecting" not in english.output
    cut = tmp_path / "cut.json"
    cut.write_bytes(EXAMPLE.read_bytes()[:200])
    result = runner.invoke(app, ["tournament", str(cut), "--lang", "de"])
    assert result.exit_code == 2 and "abgeschnitten" in result.output


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_tournament_page(web, lang: str) -> None:
    response = web.post(f"/{lang}/tournament", files={"file": ("broken.json", b"{'a': 1}")})
    assert response.status_code == 422
    expected = {
        "de": "Zeile 1, Spalte 2: JSON-Syntaxfehler: ein Eigenschaftsname in einfachen "
        "Anführungszeichen; JSON verlangt doppelte",
        "en": "line 1, column 2: JSON syntax error: a property name in single quotes; JSON needs "
        "double quotes",
    }[lang]
    assert expected in response.text and "Expecting" not in response.text


def test_the_api_upload_and_body(web) -> None:
    upload = web.post(
        "/api/v1/tournament/file",
        files={"file": ("broken.json", b'{"name": "x",\n "players": [}')},
        headers={"accept-language": "de"},
    )
    assert upload.status_code == 400
    assert upload.headers["content-type"].startswith("application/problem+json")
    body = upload.json()
    assert (body["field"], body["line"], body["column"], body["code"]) == (
        "tournament",
        2,
        14,
        "json.syntax",
    )
    assert body["detail"] == "Zeile 2, Spalte 14: JSON-Syntaxfehler: hier wird ein Wert erwartet"
    assert body["texts"]["en"] == "line 2, column 14: JSON syntax error: a value is expected here"
    posted = web.post(
        "/api/v1/tournament/evaluate?lang=de",
        content=b'{"name": "x", "players": [{"id": "1",}]}',
        headers={"content-type": "application/json"},
    )
    assert posted.status_code == 422
    assert posted.headers["content-type"].startswith("application/problem+json")
    body = posted.json()
    assert (body["line"], body["column"], body["code"]) == (1, 38, "json.syntax")
    assert (
        body["detail"]
        == "Zeile 1, Spalte 38: JSON-Syntaxfehler: ein Komma vor der schließenden Klammer '}'"
    )
    valid = web.post("/api/v1/tournament/evaluate", json=json.loads(EXAMPLE.read_text("utf-8")))
    assert valid.status_code == 200


def _mutations() -> st.SearchStrategy[str]:
    text = EXAMPLE.read_text(encoding="utf-8")[:600]
    return st.tuples(st.integers(0, len(text)), st.integers(0, 5), st.sampled_from(["", "'", ",", "}", "]", '"', ":", "\\", "\n", "x"])).map(
        lambda edit: text[: edit[0]] + edit[2] + text[edit[0] + edit[1] :]
    )  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), _mutations()))
def test_property_every_syntax_error_is_ours_and_translated(text: str) -> None:
    try:
        tournament_json.loads(text)
    except WertungError as error:
        if error.message.startswith(("line ", "not valid JSON")):
            assert message_for(error.message).code != UNTRANSLATED, error.message
            german = render(error, "de")
            assert "Expecting" not in german and "delimiter" not in german

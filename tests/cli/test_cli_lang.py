"""The CLI speaks English by default and German with --lang de or a German LANG/LC_ALL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wertung.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"
ENGLISH_ENV = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "250"}
GERMAN_ENV = {"LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "250"}


def run(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), env=env or ENGLISH_ENV)


def test_english_by_default() -> None:
    result = run("dwz", "1500-5", "9999:1")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: game 1: opponent rating 9999 is out of range; ratings are 0 to 3500"
    )


def test_german_with_lang_option() -> None:
    result = run("--lang", "de", "dwz", "1500-5", "9999:1")
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Fehler: Partie 1: Wertungszahl des Gegners 9999 liegt außerhalb des Bereichs; "
        "Wertungszahlen gehen von 0 bis 3500"
    )


@pytest.mark.parametrize("env", [GERMAN_ENV, {"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}])
def test_german_from_the_environment(env: dict[str, str]) -> None:
    result = run("dwz", "1500-5", "1600:x", env=env)
    assert result.exit_code == 2
    assert result.output.startswith("Fehler: Partie 1: Unbekanntes Ergebniszeichen 'x'; zulässig")


def test_lang_option_wins_over_the_environment() -> None:
    result = run("--lang", "en", "dwz", "1500-5", "1600:x", env=GERMAN_ENV)
    assert result.output.startswith("error: game 1: unknown result symbol 'x'")


def test_cli_own_messages_in_german() -> None:
    result = run("--lang", "de", "dwz", "1500-5", "abc")
    assert result.output.strip() == (
        "Fehler: Partie 'abc' muss GEGNER:ERGEBNIS sein, z. B. 1650:½ (Ergebnisse 1 ½ 0.5 = 0 + -)"
    )
    assert run("--lang", "xx", "dwz", "1500").output.strip() == "error: --lang 'xx': use en or de"


def _example(tmp_path: Path, **changes: object) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_incomplete_reasons_and_refusal_in_german(tmp_path: Path) -> None:
    reason = (
        "only the pairings of round 7 were given; rounds 1–6 missing (give the starting-rank "
        "crosstable (art=5) or every round's pairings)"
    )
    path = _example(tmp_path, incomplete=[reason])
    refused = run("tournament", str(path), "--lang", "de")
    assert refused.exit_code == 2
    german = " ".join(refused.output.split())
    assert "die Quelle erfasst nicht jede Partie" in german
    assert "Nur die Paarungen von Runde 7 wurden angegeben; fehlend: Runden 1–6" in german
    assert "--partial trotzdem auswerten" in german
    english = " ".join(run("tournament", str(path)).output.split())
    assert reason in english and "the source does not account for every game" in english


def test_notes_and_headings_in_german(tmp_path: Path, monkeypatch) -> None:
    from wertung.cli import _common

    monkeypatch.setattr(_common.console, "_width", 240)  # headings are never cut at this width
    path = _example(
        tmp_path,
        notes=[
            "the file has no end date (052 or 132); give the end date "
            "(command line: --date YYYY-MM-DD)"
        ],
    )
    german = run("--lang", "de", "tournament", str(path))
    assert german.exit_code == 0, german.output
    text = " ".join(german.output.split())  # the console may wrap at any width
    assert "Hinweis: Die Datei hat kein Enddatum (052 oder 132)" in text
    assert "inoffizielle Auswertung" in text and "Enddatum" in text
    assert "Nr." in text and "Pkt." in text
    english = " ".join(run("tournament", str(path)).output.split())
    assert "note: the file has no end date" in english and "Pts" in english


def test_csv_stays_english_unless_asked(tmp_path: Path) -> None:
    path = _example(tmp_path)
    plain = run("tournament", str(path), "--csv", env=GERMAN_ENV)
    assert plain.exit_code == 0 and ";" not in plain.stdout.splitlines()[0]
    german = run("--lang", "de", "tournament", str(path), "--csv")
    assert ";" in german.stdout.splitlines()[0]

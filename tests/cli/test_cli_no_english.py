"""No English in German output: every command of the command line and both CSVs (issue 21).

Each command runs with ``--lang de`` on a shipped example (``examples/``, ``tests/data``);
its output may hold no word of the catalogue's English side that is not also a word of
its German side (:func:`english_only`: the words by key, the messages, the field names),
apart from the data's own names (players, clubs, events, files) and the command lines it
quotes. Where ``test_cli_german.py`` lists the leaks each output once had, this test knows
every English word wertung can write, so a new leak shows wherever it appears.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from english_words import WORD, english_only, leaks
from typer.testing import CliRunner

from wertung.cli import app

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
EXAMPLE = str(ROOT / "examples" / "ilmenau-open-2024.json")
SEASON = [str(ROOT / "examples" / "season" / n) for n in ("ilmenau-2024.json", "ilmenau-2025.json")]
RUNNING = [
    str(DATA / "chess-results" / n)
    for n in ("derived_jeddah2026_r1_fide_details.html", "mjl_jeddah2026_r2_live.html")
]
TEAMS = str(DATA / "swt" / "SwissTeam.SWT")
SEED = ["1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½"]
ENV = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "250"}

runner = CliRunner()


@pytest.fixture(autouse=True)
def _language_from_the_environment():
    from wertung.cli._lang import set_current

    yield
    set_current(None)


def test_the_english_words_are_many_and_none_is_german() -> None:
    words = english_only()
    assert len(words) > 500
    assert {"the", "and", "after", "established", "warning", "decoded", "fewer"} <= words
    assert not {"name", "status", "index", "dwz", "elo", "partie", "runde"} & words


@cache
def names(*sources: str) -> frozenset[str]:
    """The words of the names in tournaments (players, clubs, teams, the events): data."""
    found: set[str] = set()
    for source in sources:
        result = runner.invoke(app, ["tournament", source, "--json", "--partial"], env=ENV)
        data = json.loads(result.stdout)
        texts = [data.get("name") or ""]
        for p in [*data.get("players", []), *(data.get("evaluation") or {}).get("players", [])]:
            texts += [p.get("name") or "", p.get("club") or ""]
        texts += [t.get("name") or "" for t in (data.get("teams") or {}).get("teams", [])]
        found |= {w for t in texts for w in WORD.findall(t)}
    return frozenset(found)


@cache
def list_names() -> frozenset[str]:
    """The words of the sample DSB list's players and clubs."""
    text = "".join(p.read_text("cp1252", "replace") for p in (DATA / "dsb").glob("*.csv"))
    return frozenset(WORD.findall(text))


def german(*args: str, code: int | None = 0) -> str:
    result = runner.invoke(app, ["--lang", "de", *args], env=ENV)
    if code is not None:
        assert result.exit_code == code, result.stdout + result.stderr
    return result.stdout + result.stderr


#: Every command (and its kinds of output) with ``--lang de`` on a shipped example.
COMMANDS = [
    ["dwz", *SEED],
    ["dwz", *SEED, "--date", "2026-09-01"],
    ["dwz", "-", "1500:1", "1600:½", "1400:0", "1550:1", "1450:1"],
    ["dwz", *SEED[:6], "--remaining", "1350,1520", "--target", "1547", "--date", "2026-09-01"],
    ["dwz", *SEED, "--json"],
    ["elo", "1800", "2000:1", "1900:½", "--games", "5"],
    ["elo", "0", "2000:1", "1900:½"],
    ["elo", "2000", "2200:½", "--games", "40", "--born", "1990"],
    ["elo", "2000", "2100:1", "--remaining", "2100,2150", "--target", "2030"],
    ["upgrade", "1600"],
    ["tournament", EXAMPLE],
    ["tournament", EXAMPLE, "--player", "1"],
    ["tournament", EXAMPLE, "--csv"],
    ["tournament", TEAMS, "--partial"],
    ["tournament", *RUNNING, "--running"],
    ["history", *SEASON],
    ["history", *SEASON, "--csv"],
]


def _id(args: list[str]) -> str:
    return " ".join(Path(a).name if "/" in a else a for a in args)[:60]


@pytest.mark.parametrize("args", COMMANDS, ids=_id)
def test_every_command_in_german_has_no_english_word(args: list[str]) -> None:
    out = german(*args)
    if "--json" in args:  # JSON keys are the same in both languages: only the texts count
        out = " ".join(v for v in _strings(json.loads(out)))
    data = names(*SEASON) if args[0] == "history" else names(*(a for a in args[1:] if "/" in a))
    assert not leaks(out, data), leaks(out, data)


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []  # the JSON's strings are the engine's codes and English on purpose


def test_the_dsb_list_commands_in_german(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    outputs = [
        german("dsb-list", "load", str(DATA / "dsb"), "--store", store),
        german("dsb-list", "info", "--store", store),
        german("dsb-list", "show", "Müller", "--store", store),
        german("dsb-list", "show", "Niemand", "--store", store, code=1),
        german("dsb-list", "info", "--store", str(tmp_path / "empty")),
        german("dsb-list", "load", str(tmp_path / "nothing.zip"), "--store", store, code=2),
    ]
    for out in outputs:
        assert not leaks(out, list_names()), (out, leaks(out, list_names()))


def test_errors_in_german(tmp_path: Path) -> None:
    noise = tmp_path / "random.bin"
    noise.write_bytes(bytes(range(256)) * 8)
    (tmp_path / "games.pgn").write_text('[Event "x"]\n1. e4 e5 *\n', encoding="utf-8")
    outputs = {
        "random": german("tournament", str(noise), code=2),
        "pgn": german("tournament", str(tmp_path / "games.pgn"), code=2),
        "missing": german("tournament", str(tmp_path / "nothing.json"), code=2),
        "result": german("dwz", "1500-5", "1600:x", code=2),
        "rating": german("elo", "9999", "2000:1", code=2),
    }
    for out in outputs.values():
        assert not leaks(out), (out, leaks(out))
    assert "eine Datei, die wertung nicht lesen kann" in outputs["random"]
    assert "eine PGN-Partiendatei" in outputs["pgn"]


def test_notes_of_a_cp1252_file_and_a_round_robin_workbook_in_german(tmp_path: Path) -> None:
    from wertung.catalogue import render

    for note in ("decoded as cp1252 (not UTF-8)",
                 "a round-robin crosstable shows no rounds or colours: round numbers come from a "
                 "round-robin schedule and the lower number is White"):  # fmt: skip
        shown = render(note, "de")
        assert shown != note and not leaks(shown), shown


def test_k_reasons_are_words_in_both_languages() -> None:
    from wertung.catalogue.words import WORDS
    from wertung.cli.render import INITIAL_REASONS, K_REASONS

    for code, english in K_REASONS.items():
        assert WORDS[f"k.{code}"][1] == english, code
    for code, english in INITIAL_REASONS.items():
        assert WORDS[f"elo.initial_reason.{code}"][1] == english, code
    # --lang en given: the language a test before chose must not carry over
    en = " ".join(  # the console's width may wrap the line (a worker without a terminal)
        runner.invoke(
            app, ["--lang", "en", "elo", "1800", "2000:1", "1900:½", "--games", "5"], env=ENV
        ).stdout.split()
    )
    assert "K 40 (fewer than 30 rated games)" in en and "fewer_than_30_games" not in en
    de = " ".join(german("elo", "1800", "2000:1", "1900:½", "--games", "5").split())
    assert "K 40 (weniger als 30 gewertete Partien)" in de
    first = " ".join(
        runner.invoke(app, ["--lang", "en", "elo", "0", "2000:1", "1900:½"], env=ENV).stdout.split()
    )
    assert "No FIDE rating yet: That needs at least 5 games" in first and "_" not in first


# -- the CSVs ---------------------------------------------------------------------------------


def _table(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))


def test_the_german_csv_has_german_headers_values_and_closing_rows() -> None:
    rows = _table(german("tournament", EXAMPLE, "--csv"))
    assert rows[0][:7] == [
        "Kennung",
        "Name",
        "Status",
        "DWZ alt",
        "Index alt",
        "DWZ neu",
        "Index neu",
    ]
    statuses = {row[2] for row in rows[1:] if row and row[0].isdigit()}
    assert statuses == {"DWZ", "Restpartien", "Erst-DWZ"}
    closing = [row for row in rows[rows.index([]) + 1 :]]
    assert closing[0] == ["vollständig", "ja"] and {r[0] for r in closing[1:]} == {"Warnung"}
    assert "Bedenkzeit" in closing[1][1]
    text = " ".join(" ".join(row) for row in rows)
    assert not leaks(text, names(EXAMPLE)), leaks(text, names(EXAMPLE))


def test_the_english_csv_keeps_the_engine_names() -> None:
    out = runner.invoke(app, ["tournament", EXAMPLE, "--csv"], env=ENV).stdout
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:4] == ["id", "name", "status", "dwz_before"] and ["complete", "yes"] in rows
    assert {row[2] for row in rows[1:] if row and row[0].isdigit()} == {
        "established",
        "carry-over",
        "first",
    }


def test_the_german_history_csv() -> None:
    rows = _table(german("history", *SEASON, "--csv"))
    assert rows[0][:4] == ["Name", "Turnier", "Enddatum", "Wertungsordnung"]
    assert rows[1][2] == "03.11.2024" and rows[1][-1] == "nein"
    text = " ".join(" ".join(row) for row in rows)
    assert not leaks(text, names(*SEASON)), leaks(text, names(*SEASON))
    english = runner.invoke(app, ["history", *SEASON, "--csv"], env=ENV).stdout.splitlines()
    assert english[0].startswith("name,tournament,end_date") and ",-15," in english[2]


# -- the help screens and typer's words (built before any option runs: a process each) --------

HELP = [[], ["dwz"], ["elo"], ["upgrade"], ["tournament"], ["history"], ["serve"], ["dsb-list"],
        ["dsb-list", "load"], ["dsb-list", "update"], ["dsb-list", "show"], ["dsb-list", "info"]]  # fmt: skip


def _parameter_names() -> frozenset[str]:
    """The commands' and arguments' names: English in both languages (``wertung history``,
    ``{own}``), as the command line takes them."""
    import typer.main

    found: set[str] = set()
    todo = [typer.main.get_command(app)]
    while todo:
        command = todo.pop()
        found |= set(WORD.findall(command.name or ""))
        found |= {w for p in command.params for w in WORD.findall(p.name or "")}
        todo.extend(getattr(command, "commands", {}).values())
    return frozenset(found)


COMMAND_NAMES = _parameter_names()
MAIN = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"


def _main(*args: str) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPROFILE", "FORCE_"))}
    env.update(ENV, NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-c", MAIN, *args], capture_output=True, text=True, env=env, timeout=120,
        check=False,
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


def test_every_help_screen_and_usage_error_in_german() -> None:
    for command in HELP:
        code, out = _main("--lang", "de", *command, "--help")
        assert code == 0, out
        out = re.sub(
            r"<[a-z ]+>", " ", out
        )  # the values' types (``<int range>``), as typer names them
        assert not leaks(out, COMMAND_NAMES), (command, leaks(out, COMMAND_NAMES))
    for wrong in (["dwz"], ["tournament", EXAMPLE, "--nope"], ["nosuch"]):
        code, out = _main("--lang", "de", *wrong)
        assert code == 2 and not leaks(out, COMMAND_NAMES), (wrong, leaks(out, COMMAND_NAMES))


def test_the_files_wertung_does_not_read_are_named_in_the_web_s_words() -> None:
    """``importers`` names a file it does not read as the web does (``upload.kind.<kind>``),
    so the catalogue's message for it (``file.other.<kind>``) has its German."""
    from wertung.catalogue import message_for
    from wertung.catalogue.words import WORDS
    from wertung.importers import _KNOWN_OTHERS

    for suffix, english in _KNOWN_OTHERS.items():
        assert WORDS[f"upload.kind.{suffix[1:]}"][1] == english, suffix
        assert message_for(f"x{suffix}: {english}").code == f"file.other.{suffix[1:]}"

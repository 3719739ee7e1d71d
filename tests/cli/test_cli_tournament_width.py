"""The tournament table fits the console: a narrow one leaves columns out and says which.

(In a terminal. Written to a pipe, a table keeps every column: the last test.)

At 80 columns the fourteen columns had been squeezed below a cell each (names gone,
ratings cut to "2…"); now the least needed columns go first (the Elo pair, n, W, status,
Rp, K/E, We, points), number, name, DWZ, new DWZ and the change always stay, and a line
under the table names what was left out.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wertung.cli import _common, app
from wertung.cli._lang import set_current
from wertung.cli.render_events import _fitting, _screen

EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"


def _table(columns: str, lang: str = "en") -> str:
    pin = pytest.MonkeyPatch()
    pin.setattr(_common.console, "_width", None)  # the width from COLUMNS, as in a new process
    pin.setattr(_common.console, "plain", False)  # a terminal's (to a pipe: every column)
    try:
        result = CliRunner().invoke(
            app, ["--lang", lang, "tournament", str(EXAMPLE)], env={"COLUMNS": columns}
        )
    finally:
        pin.undo()
        set_current(None)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("columns", ["60", "80", "100"])
def test_a_narrow_console_keeps_the_names_and_ratings_whole(columns: str) -> None:
    out = _table(columns)
    lines = out.splitlines()
    assert all(len(line) <= int(columns) for line in lines)
    assert "2280? (2208–2280)" in out and "+106" in out and "Philipp," in out
    assert "left out for the console's width: Elo, new Elo" in out
    assert "┃┃" not in out and "2…" not in out  # no squeezed columns


def test_a_wide_console_shows_every_column_and_no_note() -> None:
    out = _table("250")
    assert "left out" not in out
    for header in ("status", "Rp", "new Elo", "K/E", "We"):
        assert header in out


def test_the_note_in_german() -> None:
    out = _table("80", "de")
    assert "für die Breite der Konsole ausgelassen: Elo, neue Elo, n, W, Status, Rp" in out


def test_columns_go_in_their_order_until_the_table_fits() -> None:
    set_current("en")
    try:
        screen = _screen()
    finally:
        set_current(None)
    row = {column: "x" * 4 for _header, column in screen} | {"name": "A long name, Firstname"}
    everything = 1 + sum(3 + max(len(h), 4) for h, c in screen if c != "name") + 3 + 14
    kept, left = _fitting(screen, [row], everything)
    assert kept == screen and left == []
    kept, left = _fitting(screen, [row], everything - 1)
    assert left == ["Elo", "new Elo"]
    kept, left = _fitting(screen, [row], 10)
    assert [c for _h, c in kept] == ["id", "name", "dwz_before", "dwz_after", "change"]


RUNNING = [
    str(Path(__file__).parents[1] / "data" / "chess-results" / name)
    # round 1 saved with the details saying the event is FIDE-rated (chessresults_derived)
    for name in ("derived_jeddah2026_r1_fide_details.html", "mjl_jeddah2026_r2_live.html")
]


def _running(columns: str, lang: str = "en") -> str:
    pin = pytest.MonkeyPatch()
    pin.setattr(_common.console, "_width", None)
    pin.setattr(_common.console, "plain", False)  # a terminal's
    try:
        result = CliRunner().invoke(
            app, ["--lang", lang, "tournament", *RUNNING, "--running"], env={"COLUMNS": columns}
        )
    finally:
        pin.undo()
        set_current(None)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_next_round_fits_a_narrow_console_with_the_changes_alone() -> None:
    narrow = _running("80")
    assert "Round 2: change of DWZ after a win / draw / loss" in narrow
    assert all(len(line) <= 80 for line in narrow.splitlines())
    assert "│   3 │ Al       │ 2061 │  +4 │ -14 │ -31 │" in narrow  # the figures whole
    wide = _running("250")
    assert "Round 2: new DWZ after a win / draw / loss (change from now)" in wide
    assert "2065 (+4)" in wide and "Al Jabri, Mohammed Ali" in wide
    german = _running("80", "de")
    assert "Runde 2: Änderung der DWZ nach Sieg / Remis / Niederlage" in german


def test_to_a_pipe_every_column_at_any_width() -> None:
    result = CliRunner().invoke(app, ["tournament", str(EXAMPLE)], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert "left out" not in result.output and "┃" not in result.output
    header = next(line for line in result.output.splitlines() if line.startswith("No."))
    assert header.split() == ["No.", "name", "status", "DWZ", "new", "±", "Pts", "W", "We",
                              "n", "K/E", "Rp", "Elo", "new", "Elo"]  # fmt: skip
    assert "Wagner, Martin" in result.output  # names whole, never wrapped

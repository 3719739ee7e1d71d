"""Every ``wertung`` command the README shows runs as written from the clone (issue 22, item 7).

The command lines are read from the README's ``sh`` blocks (a line continued with ``\\`` is
joined); a command that needs the network (a chess-results link) or a server is skipped by
name. Each runs in a folder of its own that sees the clone's ``examples/``, through the real
console entry point, and must end as the README says: exit 0, or 2 for the check's demo file
with its six defects (or 1 where only warnings are left: the 2024 example is older than the
rating office's one-year deadline). The DSB list commands use the sample list that ships, in
the folder's own store; ``dsb-list update`` (the network) is skipped.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAIN = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"
#: Exit codes the README states for its commands (all others: 0).
EXPECTED = {"check examples/check-demo.xml": 2, "check out.xml": 1}


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        for line in joined.splitlines():
            line = line.split("  #", 1)[0].strip()
            words = line.split()
            if not words or words[0] != "wertung":
                continue
            if "serve" in words or "update" in words or any(w.startswith("http") for w in words):
                continue  # a server, or the network
            found.append(line.replace("[", "").replace("]", ""))  # optional parts given
    return found


COMMANDS = _commands()


def test_the_readme_has_its_commands() -> None:
    assert len(COMMANDS) >= 15, COMMANDS
    assert any("--dsb-xml out.xml" in c for c in COMMANDS)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that sees ``examples/`` and in which ``out.xml`` is written first."""
    here = tmp_path_factory.mktemp("readme")
    (here / "examples").symlink_to(ROOT / "examples")
    (here / "src").symlink_to(ROOT / "src")
    writes = [c for c in COMMANDS if "dsb-list load" in c or "--dsb-xml out.xml" in c]
    for command in writes:
        assert _run(command, here)[0] == 0, command
    return here


def _run(command: str, cwd: Path) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FORCE_")}
    env.update(COLUMNS="120", NO_COLOR="1", PYTHONPATH=str(ROOT / "src"))
    env["WERTUNG_DATA_DIR"] = str(cwd / "data")  # the folder's own store, never the user's
    done = subprocess.run(
        [sys.executable, "-c", MAIN, *shlex.split(command)[1:]],
        cwd=cwd, capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_runs_as_written(command: str, folder: Path) -> None:
    code, output = _run(command, folder)
    want = next((c for part, c in EXPECTED.items() if part in command), 0)
    assert code == want, f"{command}\n{output[-2000:]}"
    assert "Traceback" not in output

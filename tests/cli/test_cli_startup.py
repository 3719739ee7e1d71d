"""What ``wertung dwz`` / ``wertung elo`` load at start-up (issue 9: a calculator loads only
what it uses), and that loading less changes nothing the user sees.

The start-up time itself is measured by ``benchmarks/bench_cli.py``, never here; these
tests look at the modules a real process imports (``python -X importtime``).
"""

from __future__ import annotations

import doctest
import os
import subprocess
import sys

import pytest

import wertung.cli

SEED_DWZ = [
    "dwz", "1500-5", "1650:½", "1400:1", "1550:0", "1480:1", "1600:½", "1350:1", "1520:½",
    "--age", "40", "--date", "2026-09-01",
]  # fmt: skip
SEED_ELO = ["elo", "2000", "2200:½", "--games", "40", "--born", "1990"]

#: How the console script starts the command line, and the whole app for comparison.
MAIN = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"
#: The same entry point with every command registered (no calculator shortcut).
WHOLE = (
    "import sys; import wertung.cli as cli; cli.CALCULATORS = frozenset(); "
    "sys.argv[0] = 'wertung'; cli.main()"
)

#: Never needed by a calculator: the web stack, the sources and formats, the tournament
#: engine, the catalogue's message data and Babel (a calculator that succeeds shows no
#: catalogue message), the other commands.
NEVER = (
    "pydantic", "fastapi", "httpx", "selectolax", "openpyxl", "babel", "jinja2", "uvicorn",
    "wertung.web", "wertung.sources", "wertung.formats", "wertung.importers", "wertung.sources.store",
    "wertung.tournament._season", "wertung.tournament._running", "wertung.tournament._league", "wertung.tournament._evaluation",
    "wertung.catalogue.data_", "wertung.catalogue._message", "wertung.catalogue._render",
    "wertung.cli._events", "wertung.cli.dsb_list",
)  # fmt: skip
#: A forecast with a known index needs neither the first-DWZ iteration, nor the
#: unknown-index range, nor the planner, nor the upgrade, nor the tournament model (its
#: input checks are in ``kernel.checks``).
NOT_FOR_DWZ = (
    "wertung.dwz._first_dwz", "wertung.dwz._joint_iteration", "wertung.dwz._unknown_index",
    "wertung.kernel.needed", "wertung.dwz._upgrade", "wertung.tournament._model",
    "wertung.fide.regulations", "wertung.kernel.time_control",
)  # fmt: skip
#: A FIDE rating change needs none of the DWZ machinery (nor the DWZ regulations).
NOT_FOR_ELO = (
    "wertung.dwz", "wertung.dwz._forecast", "wertung.kernel.needed",
    "wertung.dwz.regulations", "wertung.kernel.time_control", "wertung.tournament._model",
)  # fmt: skip


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPROFILE", "FORCE_"))}
    env.update(COLUMNS="100", LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", NO_COLOR="1")
    return env


def _run(code: str, args: list[str], *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *flags, "-c", code, *args],
        capture_output=True, text=True, env=_env(), timeout=60, check=False,
    )  # fmt: skip


def imported(args: list[str]) -> set[str]:
    """The modules ``wertung ARGS`` imports (it must succeed)."""
    done = _run(MAIN, args, "-X", "importtime")
    lines = done.stderr.splitlines()
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in lines
        if line.startswith("import time:") and "cumulative" not in line
    }
    errors = [line for line in lines if not line.startswith("import time:")]
    assert done.returncode == 0, "\n".join(errors)
    assert "wertung.cli._calc" in modules  # the listing is complete enough to judge
    return modules


def _loaded(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m.startswith(prefixes))


def test_dwz_loads_only_the_forecast() -> None:
    modules = imported(SEED_DWZ)
    assert "wertung.dwz._forecast" in modules
    assert _loaded(modules, NEVER + NOT_FOR_DWZ) == []


def test_elo_loads_only_the_fide_rules() -> None:
    modules = imported(SEED_ELO)
    assert "wertung.fide._change" in modules
    assert _loaded(modules, NEVER + NOT_FOR_ELO) == []


def test_no_pydantic_at_run_time() -> None:
    """typer 0.29 validates every parameter with pydantic (+85 ms a start): the pin."""
    modules = imported(["upgrade", "1600-12"])
    assert _loaded(modules, ("pydantic", "typer._adapters")) == []


@pytest.mark.parametrize(
    "args",
    [
        SEED_DWZ,
        SEED_ELO,
        ["--lang", "de", "dwz", "1500-5", "1650:x"],
        ["dwz", "--help"],
        ["elo", "abc"],
        ["upgrade", "1600-12", "--json"],
        ["--help"],
        ["bogus"],
    ],
    ids=[
        "dwz",
        "elo",
        "dwz-error-de",
        "dwz-help",
        "elo-bad-number",
        "upgrade-json",
        "help",
        "bogus",
    ],
)
def test_main_prints_what_the_whole_app_prints(args: list[str]) -> None:
    """main() registers only the calculators for a calculator: the same output, byte for byte."""
    fast, whole = _run(MAIN, args), _run(WHOLE, args)
    assert (fast.returncode, fast.stdout, fast.stderr) == (
        whole.returncode, whole.stdout, whole.stderr,
    )  # fmt: skip
    assert fast.stdout or fast.stderr


def test_the_app_has_every_command_in_order() -> None:
    from typer.main import get_command

    group = get_command(wertung.cli.app)
    assert list(group.commands) == [  # type: ignore[attr-defined]
        "dwz", "elo", "upgrade", "tournament", "history", "check", "serve", "dsb-list",
    ]  # fmt: skip


def test_command_of() -> None:
    assert doctest.testmod(wertung.cli).failed == 0
    assert wertung.cli.command_of(["--lang", "dwz"]) is None  # 'dwz' is --lang's value
    assert wertung.cli.command_of(["-h", "dwz"]) is None
    assert wertung.cli.command_of(["upgrade", "--lang", "de"]) == "upgrade"


def test_the_public_names_are_still_there() -> None:
    """The lazy names of the facades and the catalogue resolve to the core's objects."""
    from wertung import catalogue, dwz, fide
    from wertung.dwz._first_dwz import FirstDwz
    from wertung.dwz._unknown_index import IndexRange
    from wertung.dwz._upgrade import Upgrade
    from wertung.kernel.needed import Needed

    assert (dwz.FirstDwz, dwz.IndexRange, dwz.Upgrade, dwz.Needed) == (
        FirstDwz, IndexRange, Upgrade, Needed,
    )  # fmt: skip
    assert fide.Needed is Needed
    assert {"FirstDwz", "IndexRange", "Upgrade"} <= set(dir(dwz))
    namespace: dict[str, object] = {}
    exec("from wertung.dwz import *", namespace)
    assert set(dwz.__all__) <= set(namespace)
    assert catalogue.BY_CODE["rating.out_of_range"].code == "rating.out_of_range"
    assert len(catalogue.ENTRIES) > 100 and catalogue.PLACES
    assert {"ENTRIES", "BY_CODE", "Message"} <= set(dir(catalogue))
    with pytest.raises(AttributeError):
        _ = dwz.no_such_name
    with pytest.raises(AttributeError):
        _ = catalogue.no_such_name


RICH_DRAWING = ("rich.console", "rich.table", "rich.text", "rich.markup")


def test_json_loads_no_rich_console() -> None:
    """rich draws every table and styled text in a terminal; ``--json`` prints neither, so
    rich's console and table (about 35 ms of start-up: ``benchmarks/bench_cli.py``) stay
    unloaded."""
    for args in (SEED_DWZ, SEED_ELO, ["upgrade", "1600-12"]):
        modules = imported([*args, "--json"])
        assert _loaded(modules, RICH_DRAWING) == []


@pytest.mark.parametrize(
    "args", [SEED_DWZ, SEED_ELO, ["upgrade", "1600-12"]], ids=["dwz", "elo", "upgrade"]
)
def test_to_a_pipe_rich_stays_unloaded(args: list[str]) -> None:
    """To a pipe the tables are plain text (:mod:`wertung.cli._output`): no rich drawing is
    loaded, and the table is there."""
    modules = imported(args)
    assert _loaded(modules, RICH_DRAWING) == []
    out = _run(MAIN, args).stdout
    assert "┃" not in out and out.count("\n") >= 1


def test_force_color_asks_for_rich_in_a_pipe() -> None:
    env = {**_env(), "FORCE_COLOR": "1"}
    env.pop("NO_COLOR")
    done = subprocess.run(
        [sys.executable, "-c", MAIN, *SEED_DWZ], capture_output=True, text=True, env=env,
        timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and "┏━━━┳" in done.stdout and "\x1b[" in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminal")
@pytest.mark.parametrize(
    "environ", [{"TERM": "xterm-256color"}, {"TERM": "xterm", "NO_COLOR": "1"}]
)
@pytest.mark.parametrize("args", [SEED_DWZ, SEED_ELO], ids=["dwz", "elo"])
def test_calculators_on_a_terminal_are_styled_by_rich(
    args: list[str], environ: dict[str, str]
) -> None:
    """On a terminal rich styles the output (bold headings: NO_COLOR keeps the attributes)
    and draws the tables; to a pipe the output is plain text (``test_to_a_pipe_…``)."""
    from in_terminal import in_terminal, terminal_environ

    code = (
        "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'\n"
        "try:\n    main()\nfinally:\n"
        "    print('rich.console' in sys.modules, file=sys.stderr)"
    )
    out = in_terminal(code, args, terminal_environ(COLUMNS="100", **environ)).decode()
    assert "\x1b[1m" in out  # bold: written as on a terminal
    assert "┏━━━┳" in out  # rich's table
    assert out.rstrip().endswith("True"), out[-300:]  # by rich's console

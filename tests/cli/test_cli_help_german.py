"""The help screens (``--help``) in German with ``--lang de`` or a German locale, English else.

The help is built before any option runs, so these tests start the real console entry
point (``wertung.cli.main``) in a process of its own, as a user does. typer's own words
("Usage:", "Options", "Show this message and exit.") are tested in
``test_cli_typer_words.py``.
"""

from __future__ import annotations

import doctest
import os
import subprocess
import sys

import pytest

from wertung import cli
from wertung.catalogue import CLI_TERMS
from wertung.cli._help import english_of, help_items, localise

MAIN = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"
WHOLE = "import sys; from wertung.cli import app; sys.argv[0] = 'wertung'; app()"


def run(*args: str, lang: str = "C.UTF-8", columns: int = 250, code: str = MAIN) -> str:
    """What ``wertung ARGS`` prints (it must succeed)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPROFILE", "FORCE_"))}
    env.update(COLUMNS=str(columns), LANG=lang, LC_ALL="", LC_MESSAGES="", NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def flat(text: str) -> str:
    """The help screen's words in one line (rich wraps them and draws boxes)."""
    return " ".join(text.replace("│", " ").split())


def german(key: str) -> str:
    return CLI_TERMS[key][0]


def english(key: str) -> str:
    return CLI_TERMS[key][1]


#: English help sentences none of the German screens may show.
ENGLISH_HELP = [
    "DWZ and FIDE Elo calculator that shows its working.",
    "Language of messages and headings",
    "New DWZ after a tournament",
    "FIDE rating change",
    "The one-time DWZ upgrade",
    "Evaluate every player of a tournament",
    "Several tournaments evaluated one after another",
    "Start the web calculator",
    "Load and search the DSB rating list.",
    "Own DWZ as RATING-INDEX",
    "Games as OPPONENT:RESULT",
    "Year of birth.",
    "Print the result as JSON.",
    "Opponents still to play",
    "Development factor K override.",
    "Show this player's working",
    "Fill DWZ, index, birth year from the DSB list.",
    "Evaluate even when the source does not account for every game",
    "the score needed in the remaining rounds",
    "Team event / league season",
]


def _keys(prefix: str) -> list[str]:
    return [key for key, _holder in help_items(cli.app) if key.startswith(prefix)]


def _shown(text: str, keys: list[str]) -> None:
    """Every key's German text is in the screen, none of the English ones."""
    screen = flat(text)
    for key in keys:
        assert flat(german(key)) in screen, key
    for sentence in ENGLISH_HELP:
        assert sentence not in screen, sentence


def test_the_main_help_in_german() -> None:
    out = run("--lang", "de", "--help")
    commands = ["cli.help.dwz", "cli.help.elo", "cli.help.upgrade", "cli.help.tournament",
                "cli.help.history", "cli.help.serve", "cli.help.dsb-list"]  # fmt: skip
    screen = flat(out)
    assert flat(german("cli.help.wertung")) in screen
    assert flat(german("cli.help.wertung.lang")) in screen
    for key in commands:  # the listing shows each command's first paragraph
        assert german(key).split("\n\n")[0] in screen, key
    _shown(out, [])
    assert run("--lang=de", "--help") == out
    assert run("--help", lang="de_DE.UTF-8") == out


def test_a_calculator_help_in_german() -> None:
    out = run("--lang", "de", "dwz", "--help")
    _shown(out, _keys("cli.help.dwz"))
    assert "Rechenweg" in out and "Own DWZ" not in out


@pytest.mark.parametrize("command", ["elo", "upgrade", "history", "serve"])
def test_every_command_help_in_german(command: str) -> None:
    _shown(run("--lang", "de", command, "--help"), _keys(f"cli.help.{command}"))


def test_the_tournament_help_from_the_locale() -> None:
    out = run("tournament", "--help", lang="de_DE.UTF-8")
    _shown(out, _keys("cli.help.tournament"))
    assert run("tournament", "--lang", "de", "--help") == out  # the command's own --lang


def test_the_dsb_list_help_in_german() -> None:
    out = run("--lang", "de", "dsb-list", "--help")
    assert flat(german("cli.help.dsb-list")) in flat(out)
    assert english("cli.help.dsb-list.load") not in out
    _shown(run("--lang", "de", "dsb-list", "show", "--help"), _keys("cli.help.dsb-list.show"))


def test_lang_en_wins_over_a_german_locale() -> None:
    assert run("--lang", "en", "dwz", "--help", lang="de_DE.UTF-8") == run(
        "--lang", "en", "dwz", "--help"
    )


@pytest.mark.parametrize("columns", [100, 250])
@pytest.mark.parametrize(
    ("args", "prefix"),
    [(["--help"], "cli.help.wertung"), (["dwz", "--help"], "cli.help.dwz"),
     (["tournament", "--help"], "cli.help.tournament"),
     (["dsb-list", "show", "--help"], "cli.help.dsb-list.show")],
)  # fmt: skip
def test_english_help_is_what_the_source_says(args: list[str], prefix: str, columns: int) -> None:
    """main() in English gives typer the source's texts untouched: the whole app's screen."""
    out = run(*args, columns=columns)
    assert out == run(*args, columns=columns, code=WHOLE)
    for key in _keys(prefix):
        assert flat(english(key)) in flat(out), key


def test_every_help_text_has_german_and_the_same_english() -> None:
    """The catalogue's English is the source's (they cannot drift apart) beside its German."""
    items = list(help_items(cli.app))
    assert len(items) > 70
    for key, holder in items:
        assert key in CLI_TERMS, key
        assert english(key) == english_of(holder), key
        assert german(key) != english(key) or key == "cli.help.serve.port", key


def test_no_help_paragraph_breaks_a_line() -> None:
    """typer joins the lines of a help text's first paragraph but keeps every line break of
    the later ones: a paragraph wrapped in the source would show a word alone on a line."""
    for key, _holder in help_items(cli.app):
        for text in (english(key), german(key)):
            for paragraph in text.split("\n\n")[1:]:
                assert "\n" not in paragraph, (key, paragraph)


def test_localise_puts_the_english_back() -> None:
    app = cli.app
    before = [(key, holder.help) for key, holder in help_items(app)]
    localise(app, "de")
    try:
        assert app.info.help == german("cli.help.wertung")
        assert all(english_of(h) == english(k) for k, h in help_items(app))
    finally:
        localise(app, "en")
    assert [(key, holder.help) for key, holder in help_items(app)] == before


def test_doctests() -> None:
    from wertung.cli import _help, _lang

    try:
        assert doctest.testmod(_help).failed == 0
        assert doctest.testmod(_lang).failed == 0
    finally:
        _lang.set_current(None)

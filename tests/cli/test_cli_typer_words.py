"""typer's own words ("Usage:", "Options", "Error", its usage errors) in German, English else.

The language is chosen before typer imports its help panels' titles, so these tests start
the real console entry point in a process of its own, as a user does. The catalogue tests
read the installed typer's sources: a text typer adds or rewords fails here, not silently
in front of a German user.
"""

from __future__ import annotations

import ast
import doctest
import gettext
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from wertung.cli import _typer_words
from wertung.cli._typer_words import DOMAIN, LOCALE_DIR, TEMPLATES, WORDS, compiled, german_message

MAIN = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"
TYPER = Path(typer.__file__).parent
PO = LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO = PO.with_suffix(".mo")

#: typer's English words that no German screen of ours may show.
ENGLISH = [
    "Usage", "Options", "OPTIONS", "Arguments", "Commands", "COMMAND", "ARGS", "Error",
    "Try ", "for help", "Show this message", "Missing", "missing", "No such", "Invalid value",
    "is not a valid", "requires", "Did you mean", "default:", "required", "Aborted",
]  # fmt: skip


def run(*args: str, lang: str = "C.UTF-8", language: str | None = None) -> tuple[int, str]:
    """(exit code, stdout + stderr) of ``wertung ARGS``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPROFILE", "FORCE_"))}
    env.update(COLUMNS="250", LANG=lang, LC_ALL="", LC_MESSAGES="", NO_COLOR="1")
    env.pop("LANGUAGE", None)
    if language is not None:
        env["LANGUAGE"] = language
    done = subprocess.run(
        [sys.executable, "-c", MAIN, *args],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    return done.returncode, done.stdout + done.stderr


def english_left(text: str) -> list[str]:
    return [word for word in ENGLISH if word in text]


@pytest.mark.parametrize(
    "args",
    [
        ["--help"], ["dwz", "--help"], ["elo", "--help"], ["tournament", "--help"],
        ["dsb-list", "--help"], ["dsb-list", "show", "--help"], ["serve", "--help"],
    ],
)  # fmt: skip
def test_help_screens_have_no_typer_english_in_german(args: list[str]) -> None:
    code, text = run("--lang", "de", *args)
    assert code == 0, text
    assert "Aufruf: wertung" in text and "Optionen" in text
    assert "Diese Hilfe zeigen und beenden." in text
    assert english_left(text) == []


def test_help_screen_words() -> None:
    _, text = run("--lang", "de", "dwz", "--help")
    assert "Aufruf: wertung dwz [OPTIONEN]" in text
    assert "─ Argumente ─" in text and "─ Optionen ─" in text
    assert "[erforderlich]" in text and "[Vorgabe: exact]" in text
    _, text = run("--lang", "de", "--help")
    assert "Aufruf: wertung [OPTIONEN] BEFEHL [ARGUMENTE]..." in text and "─ Befehle ─" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dwz"], "Argument 'own' fehlt."),
        (["dwz", "1500", "1600:1", "--age", "x"], "Ungültiger Wert für '--age': 'x' ist keine ganze Zahl."),
        (["dwz", "1500", "--k", "x"], "Ungültiger Wert für '--k': 'x' ist keine Zahl."),
        (["dwz", "1500", "--foo"], "Unbekannte Option: --foo"),
        (["dwz", "1500", "--age"], "Option '--age' verlangt einen Wert."),
        (["dwzz"], "Unbekannter Befehl 'dwzz'. Meinten Sie 'dwz'?"),
        (["elo", "abc"], "Ungültiger Wert für 'rating': 'abc' ist keine ganze Zahl."),
        (
            ["serve", "--port", "x"],
            "Ungültiger Wert für '--port' (Umgebungsvariable: 'WERTUNG_PORT'): 'x' ist keine ganze Zahl.",
        ),
        (["dsb-list", "nope"], "Unbekannter Befehl 'nope'."),
        (["upgrade", "1500", "1600", "1700"], "Unerwartete zusätzliche Argumente"),
    ],
)  # fmt: skip
def test_usage_errors_in_german(args: list[str], message: str) -> None:
    code, text = run("--lang", "de", *args)
    assert code == 2, text
    assert message.rstrip(".") in text
    assert text.startswith("Fehler: ") and text.count("\n") == 1, text  # one line, no panel
    assert english_left(text) == [], text


def test_error_hint_in_german() -> None:
    _, text = run("--lang", "de", "dwz")
    assert text == "Fehler: Argument 'own' fehlt; wertung dwz --help zeigt die Optionen\n"


def test_german_locale_and_language_variable() -> None:
    """A German locale gives German; ``--lang de`` wins over ``LANGUAGE=en``; ``--lang en`` over the locale."""
    assert "Fehler: Argument 'own' fehlt;" in run("dwz", lang="de_DE.UTF-8")[1]
    assert "Fehler: Argument 'own' fehlt;" in run("--lang", "de", "dwz", language="en")[1]
    english = run("--lang", "en", "dwz", lang="de_DE.UTF-8")[1]
    assert english.startswith("error: Missing argument 'own'; wertung dwz --help")


def test_english_usage_error_is_one_line() -> None:
    """The README's promise: a wrong argument gets one line naming it, exit code 2."""
    code, text = run("dwz")
    assert code == 2
    assert text == "error: Missing argument 'own'; wertung dwz --help shows the options\n"
    code, text = run("dwz", "1500-5", "--bogus")
    assert code == 2 and text.startswith("error: No such option: --bogus") and text.count("\n") == 1
    code, text = run("--bogus")
    assert (code, text) == (2, "error: No such option: --bogus; wertung --help shows the options\n")
    _, text = run("dwz", "--help")
    assert " Usage: wertung dwz [OPTIONS] {own} [games]..." in text
    assert "─ Arguments ─" in text and "─ Options ─" in text
    assert "Show this message and exit." in text and "[required]" in text
    assert not re.search("Aufruf|Optionen|Fehler|Hilfe|Vorgabe", text)


# The catalogue: up to date, and covering what the installed typer can print.


def _catalogue() -> dict[str, str]:
    with MO.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)  # type: ignore[attr-defined]


def test_mo_is_compiled_from_po() -> None:
    """After editing the .po: ``python -m wertung.cli._typer_words --compile``."""
    assert MO.read_bytes() == compiled(PO)


def test_every_template_and_word_has_german() -> None:
    catalogue = _catalogue()
    for msgid in (*TEMPLATES, *WORDS, _typer_words.ENV_VAR):
        assert catalogue.get(msgid), msgid
        assert catalogue[msgid] != msgid
        # the German text keeps the template's placeholders
        assert sorted(re.findall(r"\{\w*(?:!r)?\}", catalogue[msgid])) == sorted(
            re.findall(r"\{\w*(?:!r)?\}", msgid)
        ), msgid


def _gettext_calls(path: Path) -> set[str]:
    """The texts ``path`` marks with ``_("…")`` / ``gettext(…)`` / ``ngettext(…)``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
            "_",
            "gettext",
            "ngettext",
        ):
            found.update(
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
    return found


def test_every_text_typer_marks_for_gettext_is_german() -> None:
    marked = set().union(*(_gettext_calls(path) for path in TYPER.rglob("*.py")))
    assert {"Options", "Arguments", "Commands", "Error"} <= marked  # the listing finds them
    catalogue = _catalogue()
    assert sorted(marked - catalogue.keys()) == []


def _literal_messages(path: Path) -> list[str]:
    """The messages ``path`` gives a usage error or a ``fail`` as text: f-strings as templates."""
    calls = (
        "fail",
        "UsageError",
        "BadParameter",
        "BadOptionUsage",
        "BadArgumentUsage",
        "NoSuchOption",
    )
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
        if name not in calls:
            continue
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append(arg.value)
            elif isinstance(arg, ast.JoinedStr):
                found.append(
                    "".join(
                        part.value if isinstance(part, ast.Constant) else "{x}"
                        for part in arg.values
                    )
                )
    return found


#: Messages of typer's click copy our commands cannot meet (no such parameter type), and
#: the pieces a template puts together (the template is what must match).
NOT_OURS = {
    "{x} is not a valid UUID.", "{x}: {x}", "'{x}': {x}", "{x} does not match the formats {x}.", "{x}",
    "Option {x} requires {x}",
}  # fmt: skip


def test_every_literal_usage_error_of_typer_has_a_template() -> None:
    """typer 0.28's click copy writes these in English: each must match one of TEMPLATES."""
    messages = {m for path in (TYPER / "_click").glob("*.py") for m in _literal_messages(path)}
    messages |= {m for m in _literal_messages(TYPER / "core.py") if m}
    assert "{x} is not a valid {x}." in messages  # the listing finds them
    from typer._click import types

    patterns = [_typer_words._pattern(template) for template in TEMPLATES]
    texts = []
    for message in messages - NOT_OURS:
        if message == "{x} is not a valid {x}.":  # the number types our commands have
            texts += [f"'a' is not a valid {kind.name}." for kind in (types.INT, types.FLOAT)]
        else:
            texts.append(message.replace("{x}", "'a'"))
    assert [text for text in texts if not any(p.match(text) for p in patterns)] == []


def test_rendering_the_templates() -> None:
    _typer_words.use("de")
    try:
        assert german_message("Missing option '--x'.") == "Option '--x' fehlt."
        assert german_message("Invalid value for 'n': 'a' is not a valid float.") == (
            "Ungültiger Wert für 'n': 'a' ist keine Zahl."
        )
        assert german_message("something else") == "something else"
        assert german_message(
            "Invalid value for '-n' / '--n' (env var: 'N'): 'a' is not a valid int."
        ) == (
            "Ungültiger Wert für '-n' / '--n' (Umgebungsvariable: 'N'): 'a' ist keine ganze Zahl."
        )
    finally:
        _typer_words.use("en")
    assert german_message("Missing option '--x'.") == "Missing option '--x'."


def test_doctests() -> None:
    failed, _ = doctest.testmod(_typer_words)
    _typer_words.use("en")
    assert failed == 0


PROBE = (
    "import gettext, sys; from wertung.cli import main; sys.argv[0] = 'wertung'\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "print(sorted(path for _, path in gettext._translations), 'babel' in sys.modules, file=sys.stderr)"
)


@pytest.mark.parametrize(("lang", "loaded"), [("en", False), ("de", True)])
def test_only_a_german_run_loads_the_catalogue(lang: str, loaded: bool) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPROFILE", "FORCE_"))}
    env.update(COLUMNS="100", LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "--lang", lang, "dwz"],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    last = done.stderr.strip().splitlines()[-1]
    assert (str(MO) in last) is loaded, last
    assert last.endswith("False")  # Babel: never for typer's words

"""typer's own words (its help panels, usage line, usage errors) in German, keyed by typer's English.

typer marks them for :mod:`gettext` (and :mod:`wertung.cli._typer_words` looks its usage
errors and the usage line up the same way), so each key is the English text as typer
writes it (the message id) and the entry is ``(German, English)`` like every keyed table of
the catalogue, the English equal to the key. The ``.mo`` file gettext reads
(``cli/locale/de/LC_MESSAGES/wertung-cli.mo``) is compiled from this table
(``python -m wertung.cli._typer_words --compile``; a test checks it is current).

>>> TYPER["Options"]
('Optionen', 'Options')
"""

from __future__ import annotations

__all__ = ["TYPER"]

TYPER: dict[str, tuple[str, str]] = {
    # typer.rich_utils: the help screens and the error box
    "Arguments": ("Argumente", "Arguments"),
    "Options": ("Optionen", "Options"),
    "Commands": ("Befehle", "Commands"),
    "Error": ("Fehler", "Error"),
    "Aborted.": ("Abgebrochen.", "Aborted."),
    "Try [blue]'{command_path} {help_option}'[/] for help.": (
        "Hilfe: [blue]'{command_path} {help_option}'[/]",
        "Try [blue]'{command_path} {help_option}'[/] for help.",
    ),
    "(deprecated) ": ("(veraltet) ", "(deprecated) "),
    "[default: {}]": ("[Vorgabe: {}]", "[default: {}]"),
    "[env var: {}]": ("[Umgebungsvariable: {}]", "[env var: {}]"),
    "[required]": ("[erforderlich]", "[required]"),
    # typer.core: plain (not rich) help and errors
    "(dynamic)": ("(dynamisch)", "(dynamic)"),
    "Aborted!": ("Abgebrochen!", "Aborted!"),
    "default: {default}": ("Vorgabe: {default}", "default: {default}"),
    "required": ("erforderlich", "required"),
    "env var: {var}": ("Umgebungsvariable: {var}", "env var: {var}"),
    "Missing command.": ("Befehl fehlt.", "Missing command."),
    "No such command {name!r}.": ("Unbekannter Befehl {name!r}.", "No such command {name!r}."),
    # wertung.cli._typer_words.WORDS: the usage line and the help option
    "Usage: ": ("Aufruf: ", "Usage: "),
    "[OPTIONS]": ("[OPTIONEN]", "[OPTIONS]"),
    "COMMAND [ARGS]...": ("BEFEHL [ARGUMENTE]...", "COMMAND [ARGS]..."),
    "Show this message and exit.": (
        "Diese Hilfe zeigen und beenden.",
        "Show this message and exit.",
    ),
    # wertung.cli._typer_words.TEMPLATES: usage errors
    "Missing argument {hint}.": ("Argument {hint} fehlt.", "Missing argument {hint}."),
    "Missing option {hint}.": ("Option {hint} fehlt.", "Missing option {hint}."),
    "Missing parameter {hint}.": ("Parameter {hint} fehlt.", "Missing parameter {hint}."),
    "No such option: {name}": ("Unbekannte Option: {name}", "No such option: {name}"),
    "(Possible options: {options})": (
        "(mögliche Optionen: {options})",
        "(Possible options: {options})",
    ),
    "{message}. Did you mean {suggestions}?": (
        "{message}. Meinten Sie {suggestions}?",
        "{message}. Did you mean {suggestions}?",
    ),
    "Invalid value for {hint}: {message}": (
        "Ungültiger Wert für {hint}: {message}",
        "Invalid value for {hint}: {message}",
    ),
    "Invalid value: {message}": ("Ungültiger Wert: {message}", "Invalid value: {message}"),
    "{value} is not a valid int.": ("{value} ist keine ganze Zahl.", "{value} is not a valid int."),
    "{value} is not a valid integer.": (
        "{value} ist keine ganze Zahl.",
        "{value} is not a valid integer.",
    ),
    "{value} is not a valid float.": ("{value} ist keine Zahl.", "{value} is not a valid float."),
    "{value} is not a valid boolean. Recognized values: {states}": (
        "{value} ist kein Wahrheitswert. Erkannt werden: {states}",
        "{value} is not a valid boolean. Recognized values: {states}",
    ),
    "{value} is not in the range {range}.": (
        "{value} liegt nicht im Bereich {range}.",
        "{value} is not in the range {range}.",
    ),
    "{value} is not one of {choices}.": (
        "{value} ist keiner der Werte {choices}.",
        "{value} is not one of {choices}.",
    ),
    "Option {name} requires an argument.": (
        "Option {name} verlangt einen Wert.",
        "Option {name} requires an argument.",
    ),
    "Option {name} requires {count} arguments.": (
        "Option {name} verlangt {count} Werte.",
        "Option {name} requires {count} arguments.",
    ),
    "Option {name} does not take a value.": (
        "Option {name} nimmt keinen Wert.",
        "Option {name} does not take a value.",
    ),
    "Argument {name} takes {count} values.": (
        "Argument {name} nimmt {count} Werte.",
        "Argument {name} takes {count} values.",
    ),
    "Got unexpected extra argument(s) ({args})": (
        "Unerwartete zusätzliche Argumente ({args})",
        "Got unexpected extra argument(s) ({args})",
    ),
    "Got unexpected extra argument ({args})": (
        "Unerwartetes zusätzliches Argument ({args})",
        "Got unexpected extra argument ({args})",
    ),
    "Got unexpected extra arguments ({args})": (
        "Unerwartete zusätzliche Argumente ({args})",
        "Got unexpected extra arguments ({args})",
    ),
    "Value must be an iterable.": ("Der Wert muss eine Folge sein.", "Value must be an iterable."),
    "Takes {count} values but {given} given.": (
        "Nimmt {count} Werte, angegeben sind {given}.",
        "Takes {count} values but {given} given.",
    ),
    "{count} values are required, but {given} given.": (
        "{count} Werte sind nötig, angegeben sind {given}.",
        "{count} values are required, but {given} given.",
    ),
    "(env var: {var})": ("(Umgebungsvariable: {var})", "(env var: {var})"),
}

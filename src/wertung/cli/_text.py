"""Text from the user or a file, made safe for the terminal.

Anything that did not come from wertung itself -- arguments, file names, player
and tournament names, error messages quoting them -- may hold rich markup
(``[/]``, ``[link=…]``) or control characters (terminal escape sequences). Both
are neutralised here before rich sees them: markup is escaped, control
characters (and lone surrogates) are replaced by ``�``; tabs become spaces.

>>> safe("[link=http://evil]x[/link]")
'\\\\[link=http://evil]x\\\\[/link]'
>>> safe("a\\x1b[31mred")
'a\\ufffd[31mred'
"""

from __future__ import annotations

import re

__all__ = ["safe", "strip_controls"]

# C0 and C1 control characters and DEL; bidirectional overrides that can disguise text;
# lone surrogates (not encodable). Compiled on first use (``re``'s cache): about 0.6 ms,
# which the text of a calculator -- printable throughout -- never needs.
_CONTROLS = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


def strip_controls(text: str) -> str:
    """``text`` with control characters replaced (tabs and newlines kept as spaces/newlines)."""
    if text.isprintable():  # none of them: each is a control, format or surrogate character
        return text
    return re.sub(_CONTROLS, "\ufffd", text.replace("\t", " "))


def safe(value: object) -> str:
    """``value`` as text that rich prints literally."""
    text = strip_controls(str(value))
    if "[" not in text and not text.endswith("\\"):
        return text  # nothing rich would read as markup (and rich.markup stays unloaded)
    from rich.markup import escape

    return escape(text)

"""JSON that is not JSON: :func:`syntax_error` turns ``json``'s error into a
:class:`~wertung.kernel.errors.FormatError` naming the line and column in words the
catalogue has in both languages.

Used through :func:`wertung.formats.tournament_json.loads` and
:func:`wertung.formats.tournament_json.syntax_error`.
"""

from __future__ import annotations

import json

from wertung.kernel.errors import FormatError, message, places

#: ``json``'s own words for what it expected (``JSONDecodeError.msg``) → ours.
_SYNTAX = {
    "Expecting value": ("json.syntax.value", "a value is expected here"),
    "Expecting property name enclosed in double quotes": (
        "json.syntax.name",
        "a property name in double quotes is expected here",
    ),
    "Expecting ':' delimiter": ("json.syntax.colon", "a ':' is expected here"),
    "Expecting ',' delimiter": ("json.syntax.comma", "a ',' is expected here"),
    "Unterminated string starting at": (
        "json.syntax.string",
        "a text in double quotes is not closed before the end (is the file cut off?)",
    ),
    "Invalid control character at": (
        "json.syntax.control",
        "a control character (such as a line break) inside a text",
    ),
    "Invalid \\escape": (
        "json.syntax.escape",
        "a backslash (\\) inside a text that starts no valid escape",
    ),
    "Invalid \\uXXXX escape": (
        "json.syntax.escape",
        "a backslash (\\) inside a text that starts no valid escape",
    ),
    "Extra data": ("json.syntax.extra", "more follows after the end of the JSON value"),
}


def syntax_error(exc: json.JSONDecodeError) -> FormatError:
    """A JSON syntax error with its line and column, in words the catalogue translates.

    >>> try:
    ...     json.loads("{'a': 1}")
    ... except json.JSONDecodeError as exc:
    ...     print(syntax_error(exc))
    line 1, column 2: JSON syntax error: a property name in single quotes; JSON needs double quotes
    """
    doc, pos = exc.doc, exc.pos
    before = doc[:pos].rstrip()
    if not doc.strip():
        return FormatError(
            "not valid JSON: the text is empty", code="json.empty", field="tournament"
        )
    if pos >= len(doc.rstrip()) and exc.msg != "Extra data":
        return FormatError(
            f"line {exc.lineno}, column {exc.colno}: JSON syntax error: the text ends before "
            "the JSON value is complete (is the file cut off?)", code="json.syntax", params={"what": message("json.syntax.cut_off"), "context": places(message("place.line", n=exc.lineno), message("place.column", c=str(exc.colno)))},
            field="tournament", line=exc.lineno, column=exc.colno,
        )  # fmt: skip
    if before.endswith(",") and doc[pos : pos + 1] in ("}", "]"):
        return FormatError(
            f"line {exc.lineno}, column {exc.colno}: JSON syntax error: a comma before the "
            f"closing {doc[pos]!r}", code="json.syntax", params={"what": message("json.syntax.trailing_comma", bracket=repr(doc[pos])), "context": places(message("place.line", n=exc.lineno), message("place.column", c=str(exc.colno)))},
            field="tournament", line=exc.lineno, column=exc.colno,
        )  # fmt: skip
    if exc.msg.startswith("Expecting property name") and doc[pos : pos + 1] == "'":
        return FormatError(
            f"line {exc.lineno}, column {exc.colno}: JSON syntax error: a property name in "
            "single quotes; JSON needs double quotes", code="json.syntax", params={"what": message("json.syntax.single_quotes"), "context": places(message("place.line", n=exc.lineno), message("place.column", c=str(exc.colno)))},
            field="tournament", line=exc.lineno, column=exc.colno,
        )  # fmt: skip
    code, what = _SYNTAX.get(exc.msg, ("json.syntax.other", "the text is not well-formed JSON"))
    return FormatError(
        f"line {exc.lineno}, column {exc.colno}: JSON syntax error: {what}", code="json.syntax", params={"what": message(code), "context": places(message("place.line", n=exc.lineno), message("place.column", c=str(exc.colno)))},
        field="tournament", line=exc.lineno, column=exc.colno,
    )  # fmt: skip

"""A tournament evaluation as CSV: one layout for the CLI and the web.

One row per player with the column names as headers, numbers rounded as the
tables show them, then (after an empty row) what the user must know about the
result: whether it is complete, why not, the import's notes and the
evaluation's warnings — a CSV never looks complete when the result is not.

Conventions by language: English uses ``,`` and a decimal point; German uses
``;``, a decimal comma and a UTF-8 byte-order mark, so that German Excel opens
it in columns. The words are the catalogue's (:mod:`wertung.catalogue.data_csv`):
English keeps the engine's names (``dwz_after``, ``established``, ``complete``,
``yes``), German has German column names, status words, row labels and texts
(``DWZ neu``, ``Erst-DWZ``, ``vollständig``, ``ja``; notes and warnings rendered by
the catalogue). Minus signs stay ``-`` in both: a spreadsheet reads the numbers.
Text cells that a spreadsheet would evaluate as a formula (starting with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return) are neutralised with a leading
``'`` (OWASP "CSV injection"); numbers are ours and stay numbers. The history
(``wertung history --csv``, :func:`history_to_csv`) follows the same conventions.

>>> neutralise("=HYPERLINK(\\"http://x\\")")
'\\'=HYPERLINK("http://x")'
>>> neutralise("Müller, Hans")
'Müller, Hans'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from wertung.catalogue import render
from wertung.catalogue.formatting import date
from wertung.catalogue.words import word

__all__ = [
    "COLUMNS",
    "HISTORY_COLUMNS",
    "history_rows",
    "history_to_csv",
    "neutralise",
    "rows",
    "to_csv",
]

COLUMNS = (
    "id", "name", "status", "dwz_before", "index_before", "dwz_after", "index_after", "change",
    "dwz_after_lowest", "dwz_after_highest", "points", "score", "counted_games",
    "expected_score", "development_factor", "development_coefficient", "performance",
    "elo_before", "elo_after", "elo_change",
)  # fmt: skip

#: The history's columns (``wertung history --csv``): one row per player and evaluation.
HISTORY_COLUMNS = (
    "name", "tournament", "end_date", "regulations", "dwz_before", "index_before", "dwz_after",
    "index_after", "change", "performance", "status", "upgrade",
)  # fmt: skip

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: Decimal places as the tables show them.
_PLACES = {"expected_score": 3, "development_factor": 1, "elo_change": 1}


def neutralise(text: str) -> str:
    """A text cell a spreadsheet will not evaluate (prefix ``'`` before a formula start)."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _number(value: Any, places: int | None, comma: bool) -> str:
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else float(value)
    if isinstance(value, float):
        text = f"{value:.{places}f}" if places is not None else f"{value:g}"
    else:
        text = str(value)
    return text.replace(".", ",") if comma else text


def _yes_no(value: bool, lang: str) -> str:
    return word("csv.yes" if value else "csv.no", lang)


def _cell(column: str, value: Any, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return _yes_no(value, lang)
    if isinstance(value, (int, float, Fraction)):
        return _number(value, _PLACES.get(column), lang == "de")
    text = str(value)
    if lang == "de":
        if column == "status":
            text = word(f"status.{text}", "de", default=text)
        elif column.endswith("_source"):
            text = word(f"csv.source.{text}", "de", default=text)
    return neutralise(text)


def _label(key: str, lang: str) -> str:
    """A column's or a closing row's name (``dwz_after`` / ``DWZ neu``; unknown: as it is)."""
    return word(key, lang, default=key.rsplit(".", 1)[-1])


def _text(text: str, lang: str) -> str:
    """A note, warning or reason of the engine in ``lang`` (the catalogue's German)."""
    return neutralise(render(text, lang) if lang == "de" else text)


def _player_values(p: Any) -> dict[str, Any]:
    unknown = getattr(p, "index_range", None)
    return {
        "id": p.id, "name": p.name, "status": p.status,
        "dwz_before": p.dwz_before if p.dwz_before is not None else p.foreign_rating,
        "index_before": p.index_before, "dwz_after": p.dwz_after,
        # an unknown index stays unknown after the evaluation: never a made-up "1"
        "index_after": None if unknown else p.index_after, "change": p.change,
        "dwz_after_lowest": unknown.lowest if unknown else None,
        "dwz_after_highest": unknown.highest if unknown else None,
        "points": p.points, "score": p.score, "counted_games": p.counted_games,
        "expected_score": p.expected_score, "development_factor": p.development_factor,
        "development_coefficient": p.development_coefficient, "performance": p.performance,
        "elo_before": p.elo_before, "elo_after": p.elo_after, "elo_change": p.elo_change,
    }  # fmt: skip


def rows(
    evaluation: Any,
    *,
    language: str = "en",
    notes: Sequence[str] = (),
    extra_columns: Sequence[str] = (),
    extra: Mapping[str, Mapping[str, Any]] | None = None,
    state: Sequence[tuple[str, str]] = (),
) -> list[list[str]]:
    """The CSV rows: header, players, an empty row, then completeness, notes and warnings.

    ``notes`` are further lines to add (e.g. the DSB-list matching summary).
    ``extra_columns`` follow :data:`COLUMNS` (e.g. ``birth_year``, ``member``,
    ``dwz_source``) with the values ``extra[player id][column]``; ``state`` rows
    (``(what, text)``, e.g. ``("dsb_list", ...)``, ``("corrections", ...)``) follow
    the warnings.
    """
    lang = "de" if language == "de" else "en"
    columns = (*COLUMNS, *(c for c in extra_columns if c not in COLUMNS))
    more = extra or {}
    out = [[_label(f"csv.column.{c}", lang) for c in columns]]
    for p in evaluation.players:
        values = {**_player_values(p), **more.get(p.id, {})}
        out.append([_cell(c, values.get(c), lang) for c in columns])
    out.append([])
    complete = getattr(evaluation, "complete", True)
    out.append([_label("csv.row.complete", lang), _yes_no(complete, lang)])
    if getattr(evaluation, "played_rounds", None) is not None:
        rounds = getattr(evaluation, "rounds", None)
        row = _label("csv.row.after_round", lang)
        out.append([row, str(evaluation.played_rounds), str(rounds or "")])
    for reason in getattr(evaluation, "incomplete", ()):
        out.append([_label("csv.row.incomplete", lang), _text(reason, lang)])
    for note in [*getattr(evaluation, "notes", ()), *notes]:
        out.append([_label("csv.row.note", lang), _text(note, lang)])
    for warning in getattr(evaluation, "warnings", ()):
        out.append([_label("csv.row.warning", lang), _text(warning, lang)])
    for what, text in state:
        out.append([neutralise(_label(f"csv.row.{what}", lang)), neutralise(text)])
    return out


def _history_cell(column: str, value: Any, lang: str, upgrade: bool) -> str:
    if value is None:
        return ""
    if lang == "en":  # as the English history CSV has always written its cells
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)  # a number, never a formula (``-15``)
        return neutralise(str(value))
    if upgrade and column in ("tournament", "regulations", "status"):
        key = {"tournament": "history.upgrade", "regulations": "history.upgrade_regs"}
        return word(key.get(column, "history.key_upgrade"), "de")
    if column == "end_date":
        return date(value, "de")
    return _cell(column, value, "de")


def history_rows(history: Any, *, language: str = "en") -> list[list[str]]:
    """The history CSV's rows: the header (:data:`HISTORY_COLUMNS`), then one row per player
    and evaluation (the 2026 upgrade a row of its own)."""
    lang = "de" if language == "de" else "en"
    out = [[_label(f"csv.column.{c}", lang) for c in HISTORY_COLUMNS]]
    for p in history.players:
        for row in p.rows:
            values = {"name": p.name, **row.to_dict()}
            upgrade = bool(values.get("upgrade"))
            out.append([_history_cell(c, values[c], lang, upgrade) for c in HISTORY_COLUMNS])
    return out


def history_to_csv(history: Any, *, language: str = "en") -> str:
    """The history as CSV text in the conventions of ``language`` (as :func:`to_csv`)."""
    return _write(history_rows(history, language=language), language)


def _write(table: list[list[str]], language: str) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if language == "de" else ",", lineterminator="\r\n")
    writer.writerows(table)
    text = buffer.getvalue()
    return "\ufeff" + text if language == "de" else text


def to_csv(
    evaluation: Any,
    *,
    language: str = "en",
    notes: Sequence[str] = (),
    extra_columns: Sequence[str] = (),
    extra: Mapping[str, Mapping[str, Any]] | None = None,
    state: Sequence[tuple[str, str]] = (),
) -> str:
    """The evaluation as CSV text in the conventions of ``language`` (``de`` or ``en``).

    The keyword arguments as in :func:`rows`.
    """
    table = rows(
        evaluation,
        language=language,
        notes=notes,
        extra_columns=extra_columns,
        extra=extra,
        state=state,
    )
    return _write(table, language)

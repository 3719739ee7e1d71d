"""A tournament evaluation as CSV: one layout for the CLI and the web.

One row per player with the engine's names as headers, numbers rounded as the
tables show them, then (after an empty row) what the user must know about the
result: whether it is complete, why not, the import's notes and the
evaluation's warnings — a CSV never looks complete when the result is not.

Conventions by language: English uses ``,`` and a decimal point; German uses
``;``, a decimal comma and a UTF-8 byte-order mark, so that German Excel opens
it in columns. Text cells that a spreadsheet would evaluate as a formula
(starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) are
neutralised with a leading ``'`` (OWASP "CSV injection"); numbers are ours and
stay numbers.

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

__all__ = ["COLUMNS", "neutralise", "rows", "to_csv"]

COLUMNS = (
    "id", "name", "status", "dwz_before", "index_before", "dwz_after", "index_after", "change",
    "dwz_after_lowest", "dwz_after_highest", "points", "score", "counted_games",
    "expected_score", "development_factor", "development_coefficient", "performance",
    "elo_before", "elo_after", "elo_change",
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


def _cell(column: str, value: Any, comma: bool) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float, Fraction)):
        return _number(value, _PLACES.get(column), comma)
    return neutralise(str(value))


def _player_values(p: Any) -> dict[str, Any]:
    unknown = getattr(p, "index_range", None)
    return {
        "id": p.id, "name": p.name, "status": p.status,
        "dwz_before": p.dwz_before if p.dwz_before is not None else p.foreign_rating,
        "index_before": p.index_before, "dwz_after": p.dwz_after,
        "index_after": p.index_after, "change": p.change,
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
    comma = language == "de"
    columns = (*COLUMNS, *(c for c in extra_columns if c not in COLUMNS))
    more = extra or {}
    out = [list(columns)]
    for p in evaluation.players:
        values = {**_player_values(p), **more.get(p.id, {})}
        out.append([_cell(c, values.get(c), comma) for c in columns])
    out.append([])
    complete = getattr(evaluation, "complete", True)
    out.append(["complete", "yes" if complete else "no"])
    if getattr(evaluation, "played_rounds", None) is not None:
        rounds = getattr(evaluation, "rounds", None)
        out.append(["after_round", str(evaluation.played_rounds), str(rounds or "")])
    for reason in getattr(evaluation, "incomplete", ()):
        out.append(["incomplete", neutralise(reason)])
    for note in [*getattr(evaluation, "notes", ()), *notes]:
        out.append(["note", neutralise(note)])
    for warning in getattr(evaluation, "warnings", ()):
        out.append(["warning", neutralise(warning)])
    for what, text in state:
        out.append([neutralise(what), neutralise(text)])
    return out


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
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";" if language == "de" else ",", lineterminator="\r\n")
    writer.writerows(
        rows(
            evaluation,
            language=language,
            notes=notes,
            extra_columns=extra_columns,
            extra=extra,
            state=state,
        )
    )
    text = buffer.getvalue()
    return "\ufeff" + text if language == "de" else text

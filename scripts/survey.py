"""Every real tournament file in a folder, imported and evaluated as a user would: one line each.

    .venv/bin/python scripts/survey.py ../shared/data            # Markdown table
    .venv/bin/python scripts/survey.py tests/data --lang de      # reasons in German
    .venv/bin/python scripts/survey.py FILE [FILE ...]           # chosen files

Each source (a file, or the saved chess-results pages of one event taken together)
is read with :func:`wertung.importers.load_tournament` and evaluated with
:func:`wertung.evaluate`; a source without an end date is evaluated as of
2026-09-01 (``--date``). The verdict is ``complete``, ``incomplete`` (with the
reasons), ``refused`` (the error), or ``no DWZ`` (with why), plus the import's notes
when ``--notes`` is given. Saved chess-results pages are also tried together when
their names differ only in the view (``mjl_arad2026_a_crosstable.html`` +
``mjl_arad2026_a_startingrank.html``); ``--together`` takes the files given as one source.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import re
import sys
from collections import defaultdict
from pathlib import Path

from wertung import WertungError, evaluate
from wertung.catalogue import render
from wertung.importers import load_tournament

SUFFIXES = {
    ".trf", ".tab", ".txt", ".xlsx", ".swt", ".tunx", ".turx", ".tumx", ".tutx", ".html",
    ".htm", ".json",
}  # fmt: skip
#: Saved pages of one event: the name up to its view or round part.
_EVENT = re.compile(r"^(.*)_(?:crosstable|startingrank|pairings|standings|players)$")


def sources(paths: list[Path]) -> list[list[Path]]:
    """Each file alone; saved chess-results pages of one event also together."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
            )
        else:
            files.append(path)
    files = [f for f in files if not _is_other_json(f)]
    out = [[f] for f in files]
    events: dict[str, list[Path]] = defaultdict(list)
    for f in files:
        if f.suffix.lower() in (".html", ".htm"):
            match = _EVENT.match(f.stem)
            if match:
                events[match.group(1)].append(f)
    out += [group for group in events.values() if len(group) > 1]
    return out


def _is_other_json(path: Path) -> bool:
    """Worked cases and field dumps are JSON too, but no tournaments."""
    if path.suffix.lower() != ".json":
        return False
    if path.parent.name == "cases":
        return True
    head = path.read_text(encoding="utf-8", errors="replace")[:2000]
    return '"players"' not in head or '"games"' not in head


def verdict(group: list[Path], date: dt.date, lang: str) -> tuple[str, str, list[str]]:
    """(status, reason, notes) of one source."""
    try:
        tournament = load_tournament([str(p) for p in group])
        assumed = tournament.end_date is None
        if assumed:
            tournament = dataclasses.replace(tournament, end_date=date)
        result = evaluate(tournament)
    except WertungError as exc:
        return "refused", _say(exc, lang), []
    notes = [_text(n, lang) for n in result.notes]
    words, reasons = [], []
    if not result.dwz_rated:
        words.append("no DWZ")
        reasons += [_text(w, lang) for w in result.dwz_warnings]
    words.append("complete" if result.complete else "incomplete")
    reasons += [_text(r, lang) for r in result.incomplete]
    if assumed:
        words.append(f"end date not given ({date.isoformat()} assumed; the CLI asks for --date)")
    status = ", ".join(words)
    return status, "; ".join(reasons), notes


def _say(exc: WertungError, lang: str) -> str:
    return render(exc, lang) if lang == "de" else exc.message


def _text(text: str, lang: str) -> str:
    return render(text, lang) if lang == "de" else text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--date", type=dt.date.fromisoformat, default=dt.date(2026, 9, 1))
    parser.add_argument("--lang", choices=("en", "de"), default="en")
    parser.add_argument("--notes", action="store_true", help="list each source's notes")
    parser.add_argument("--together", action="store_true", help="the files are one source")
    args = parser.parse_args(argv)
    print("| source | verdict | reason |")
    print("|---|---|---|")
    for group in [args.paths] if args.together else sources(args.paths):
        status, reason, notes = verdict(group, args.date, args.lang)
        names = " + ".join(p.name for p in group)
        print(f"| {names} | {status} | {reason.replace('|', '/')} |")
        if args.notes:
            for note in notes:
                print(f"|  | note | {note.replace('|', '/')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

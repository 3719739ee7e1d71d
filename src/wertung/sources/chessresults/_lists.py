"""Player lists: starting rank, ranking, not-paired list and the starting-rank crosstable."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from selectolax.lexbor import LexborNode

from wertung.kernel.errors import place_of
from wertung.kernel.results import HALF, ONE, ZERO, ByeKind
from wertung.sources.chessresults._data import CROSSTABLE, Cell, ParsedPage, PlayerRow
from wertung.sources.chessresults._errors import NotATournamentPage, TeamEventNotSupported
from wertung.sources.chessresults._labels import (
    TEAM_LABELS,
    TIE_BREAK_HEADER,
    column_map,
    label_key,
    unknown_labels,
)
from wertung.sources.chessresults._text import (
    display_name,
    node_text,
    parse_points,
    to_int,
    to_rating,
)

Rows = list[tuple[LexborNode, list[LexborNode]]]
Header = tuple[int, list[str], dict[str, int]]
_RATING_MEANINGS = ("rating", "fide_rating", "national_rating")


def rating_columns(columns: dict[str, int]) -> frozenset[str]:
    """The rating columns of a header by meaning (``rating`` is a lone ``Rtg``)."""
    return frozenset(m for m in _RATING_MEANINGS if m in columns)


SWISS_ROUND_HEADER = re.compile(r"(\d{1,3})\s*\.\s*\w{1,6}\.?|\w{1,6}\.?\s*(\d{1,3})")
RR_HEADER = re.compile(r"\d{1,3}")
_SWISS_CELL = re.compile(
    r"(?P<opp>\d{1,4})\s*(?P<colour>[wbsnWBSNбчБЧ])?\s*(?P<result>1/2|0,5|[10½=+\-–−])?"
)
_BYE_CELL = re.compile(r"[-–−]\s*(?P<result>1/2|0,5|[10½+])")
_WHITE = frozenset("wWбБ")


def rows_of(table: LexborNode) -> Rows:
    """The rows of a table with their cells."""
    return [(row, row.css("td, th")) for row in table.css("tr")]


def find_header(rows: Rows, where: str, kind: str, language: str | None) -> Header:
    """The header row of a list (the first with 'No.' and 'Name' columns)."""
    for index, (_, cells) in enumerate(rows[:5]):
        labels = [node_text(c) for c in cells]
        columns = column_map(labels)
        if "name" in columns and "start" in columns:
            return index, labels, columns
        if any(label_key(x) in TEAM_LABELS for x in labels) and "name" not in columns:
            raise TeamEventNotSupported(
                f"{where}: the {kind} lists teams; this is a team event, whose games are read "
                "from the board pairings of all rounds (art=3) and the player list (art=16)",
                code="list.team_event",
                params={"kind": kind, "context": place_of(where)},
                field="page",
            )
    found = [node_text(c) for c in rows[0][1]] if rows else []
    reason, data = unknown_labels(language, kind, found)
    raise NotATournamentPage(
        f"{where}: {reason} (no 'No.' and 'Name' columns)",
        code="labels.no_columns",
        params={"reason": data, "context": place_of(where)},
        field="page",
    )


def parse_list(
    rows: Rows, where: str, kind: str, language: str | None = None
) -> tuple[list[PlayerRow], Header]:
    """Players of a starting rank, ranking, not-paired list or crosstable (the common columns)."""
    head, labels, columns = find_header(rows, where, kind, language)
    start = columns["start"]
    name_col = columns["name"]
    title_col = name_col - 1 if name_col > 0 and not label_key(labels[name_col - 1]) else None
    players: list[PlayerRow] = []
    seen: set[int] = set()
    for row_node, cells in rows[head + 1 :]:
        if len(cells) <= max(start, name_col):
            continue
        number = to_int(node_text(cells[start]))
        if number is None:
            continue
        if number in seen:
            raise NotATournamentPage(
                f"{where}: start number {number} appears twice in the {kind}",
                code="list.start_twice",
                params={"number": str(number), "kind": kind, "context": place_of(where)},
                field="page",
                player=str(number),
            )
        seen.add(number)

        def get(meaning: str, cells: list[LexborNode] = cells) -> str:
            index = columns.get(meaning)
            return node_text(cells[index]) if index is not None and index < len(cells) else ""

        points_text = get("points")
        try:
            points = parse_points(points_text) if "points" in columns else None
        except ValueError:
            raise NotATournamentPage(
                f"{where}: player {number}: points {points_text!r} cannot be read",
                code="list.points",
                params={
                    "number": str(number),
                    "text": repr(points_text),
                    "context": place_of(where),
                },
                field="Pts.",
                player=str(number),
            ) from None
        title = node_text(cells[title_col]) if title_col is not None else ""
        fide_id = get("fide_id")
        national_id = get("national_id")
        players.append(
            PlayerRow(
                number=number,
                name=display_name(get("name")),
                title=title or None,
                fide_id=fide_id if fide_id.isdigit() and fide_id != "0" else None,
                national_id=national_id if national_id and national_id != "0" else None,
                federation=get("federation") or _row_federation(row_node) or None,
                rating=to_rating(get("rating")),
                fide_rating=to_rating(get("fide_rating")),
                national_rating=to_rating(get("national_rating")),
                club=get("club") or None,
                sex=get("sex") or None,
                type=get("type") or None,
                points=points,
                fide_k=to_int(get("k")),
            )
        )
    return players, (head, labels, columns)


def _row_federation(row: LexborNode) -> str:
    classes = (row.attributes.get("class") or "").split()
    codes = [c for c in classes[1:] if re.fullmatch(r"[A-Z]{3}", c)]
    return codes[0] if codes else ""


def points_from_tie_break(
    rows: Rows,
    head: int,
    labels: list[str],
    start: int,
    players: list[PlayerRow],
    tie_break: int | None,
    rounds: int | None,
) -> tuple[list[PlayerRow], str | None, str | None]:
    """Totals from the tie-break column the legend names as points (when there is no 'Pts.').

    Returns the players (with points), the column's label and a note. A column
    whose values are not all points of at most ``rounds`` is not points.
    """
    if tie_break is None:
        return players, None, "the page has no 'Pts.' column, so the totals could not be checked"
    index = next(
        (
            i
            for i, label in enumerate(labels)
            if (m := TIE_BREAK_HEADER.fullmatch(label_key(label))) and int(m.group(1)) == tie_break
        ),
        None,
    )
    if index is None:
        return players, None, "the page has no 'Pts.' column, so the totals could not be checked"
    label = labels[index]
    values: dict[int, Fraction] = {}
    for _, cells in rows[head + 1 :]:
        number = to_int(node_text(cells[start])) if len(cells) > max(start, index) else None
        if number is None:
            continue
        try:
            value = parse_points(node_text(cells[index]))
        except ValueError:
            value = None
        if value is None or value.denominator not in (1, 2) or (rounds and value > rounds):
            return (
                players,
                None,
                f"the page has no 'Pts.' column and its column {label!r} does not hold points "
                "(a value is not a score of the rounds played), so the totals could not be checked",
            )
        values[number] = value
    with_points = [replace(p, points=values.get(p.number)) for p in players]
    return with_points, label, f"the points were read from the column {label!r} (no 'Pts.' column)"


def parse_crosstable(
    base: ParsedPage,
    rows: Rows,
    where: str,
    *,
    tie_break: int | None = None,
) -> ParsedPage:
    """A starting-rank crosstable (Swiss: cells per round; round robin: per opponent)."""
    language = base.language_name
    players, (head, labels, columns) = parse_list(rows, where, CROSSTABLE, language)
    first = max(columns["name"], columns.get("federation", -1), columns.get("rating", -1)) + 1
    swiss: list[tuple[int, int]] = []  # (column, round)
    opponents: list[tuple[int, int]] = []  # (column, opponent start number)
    for index in range(first, len(labels)):
        label = labels[index]
        match = SWISS_ROUND_HEADER.fullmatch(label)
        if "points" in columns and index >= columns["points"]:
            break
        if RR_HEADER.fullmatch(label) and not swiss:
            opponents.append((index, int(label)))
        elif match and not opponents and not TIE_BREAK_HEADER.fullmatch(label_key(label)):
            swiss.append((index, int(match.group(1) or match.group(2))))
        elif swiss or opponents:
            break
    if not (swiss or opponents):
        reason, data = unknown_labels(language, "crosstable", labels)
        raise NotATournamentPage(
            f"{where}: {reason} (no round columns found)",
            code="labels.no_round_columns",
            params={"reason": data, "context": place_of(where)},
            field="page",
        )
    notes: list[str] = []
    points_column: str | None = labels[columns["points"]] if "points" in columns else None
    rounds = max((r for _, r in swiss), default=None) if swiss else None
    if points_column is None:
        players, points_column, note = points_from_tie_break(
            rows,
            head,
            labels,
            columns["start"],
            players,
            tie_break,
            rounds if swiss else len(opponents) - 1,
        )
        if note:
            notes.append(note)
    by_number = {p.number for p in players}
    cells: dict[int, tuple[Cell, ...]] = {}
    for _, row_cells in rows[head + 1 :]:
        start = columns["start"]
        number = to_int(node_text(row_cells[start])) if len(row_cells) > start else None
        if number is None or number not in by_number:
            continue
        entries: list[Cell] = []
        if swiss:
            for index, round_no in swiss:
                text = node_text(row_cells[index]) if index < len(row_cells) else ""
                entries.append(_swiss_cell(text, round_no, number, where))
        else:
            for index, opponent in opponents:
                text = node_text(row_cells[index]) if index < len(row_cells) else ""
                cell = _rr_cell(text, opponent, number, where)
                if cell is not None:
                    entries.append(cell)
        cells[number] = tuple(entries)
    return replace(
        base,
        players=tuple(players),
        rating_columns=rating_columns(columns),
        cells=cells,
        round_robin=not swiss,
        rounds=rounds,
        points_column=points_column,
        notes=(*base.notes, *notes),
    )


def _result_points(symbol: str) -> tuple[Fraction, bool]:
    """Points and forfeit flag of a result symbol."""
    if symbol == "1":
        return ONE, False
    if symbol == "0":
        return ZERO, False
    if symbol in ("½", "1/2", "0,5", "="):
        return HALF, False
    if symbol == "+":
        return ONE, True
    return ZERO, True  # "-" and dash variants


def _swiss_cell(text: str, round_no: int, number: int, where: str) -> Cell:
    text = text.replace(" ", "")
    if text in ("", "*"):
        return Cell(round_no, None, None, None)
    bye = _BYE_CELL.fullmatch(text)
    if bye:
        symbol = bye["result"]
        points, _ = _result_points(symbol)
        if symbol == "+":
            kind = ByeKind.FORFEIT_WIN
        elif points == ONE:
            kind = ByeKind.PAIRING
        elif points == HALF:
            kind = ByeKind.HALF
        else:
            kind = ByeKind.ZERO
        return Cell(round_no, None, None, points, bye=kind)
    match = _SWISS_CELL.fullmatch(text)
    if match is None or int(match["opp"]) == 0:
        raise NotATournamentPage(
            f"{where}: player {number}, round {round_no}: cannot read the crosstable cell "
            f"{text!r} (expected e.g. 105b½, 12w-, -1)",
            code="list.cell_round",
            params={
                "number": str(number),
                "round": round_no,
                "text": repr(text),
                "context": place_of(where),
            },
            field="crosstable",
            player=str(number),
            round=round_no,
        )
    colour = match["colour"]
    side = None if colour is None else ("w" if colour in _WHITE else "b")
    if match["result"] is None:
        return Cell(round_no, int(match["opp"]), side, None)
    points, forfeit = _result_points(match["result"])
    return Cell(round_no, int(match["opp"]), side, points, forfeit=forfeit)


def _rr_cell(text: str, opponent: int, number: int, where: str) -> Cell | None:
    text = text.replace(" ", "")
    if opponent == number:
        return None
    if text in ("", "*"):
        return Cell(None, opponent, None, None)
    if text in ("1", "0", "½", "1/2", "0,5", "=", "+", "-", "–", "−"):
        points, forfeit = _result_points(text)
        return Cell(None, opponent, None, points, forfeit=forfeit)
    raise NotATournamentPage(
        f"{where}: player {number} against {opponent}: cannot read the crosstable cell {text!r}",
        code="list.cell",
        params={
            "number": str(number),
            "opponent": str(opponent),
            "text": repr(text),
            "context": place_of(where),
        },
        field="crosstable",
        player=str(number),
    )

"""The views of a team event: board pairings (art=3), team pairings (art=2), players (art=16).

Board pairings (``art=3``; without ``rd`` every round): per round a heading row
("Round 1 on 2026/08/11 at 08:30", "1. Runde am ..."), then per match a header
row (``Bo.``, the first team's number and name, ``Rtg``, ``-``, the second
team's number and name, ``Rtg``, the match score ``2½ : 1½``) and its board rows
(``1.1``, ``1.2`` …: title, name, rating for each side, the result under the
match score, read with the first team's player first). Each name cell holds the
colour mark (``div.FarbewT`` white, ``div.FarbesT`` black) and, on events that
still show them, a link to the player card (``art=9&snr=N``). An empty board has
no name ("not present").

Team pairings (``art=2`` of a team event): ``No. | SNo | Team | MP | Res. | : |
Res. | MP | Team | SNo`` per match. Players (``art=16``): the starting-rank
columns plus ``Team`` and ``Bo.`` (the line-up board).

Columns are found by the labels of the header rows; the board rows' columns
stand under their match header's (title under the team number, name under the
team name, rating under ``Rtg``, result under the match score), as on every
saved page seen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TypeVar
from urllib.parse import parse_qsl, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from wertung.kernel.errors import place_of
from wertung.kernel.results import parse_game_result
from wertung.sources.chessresults._data import (
    BOARD_PAIRINGS,
    TEAM_ART_KINDS,
    TEAM_OTHER,
    TEAM_PAIRINGS,
    TEAM_PLAYERS,
    BoardSide,
    ParsedPage,
    TeamBoard,
    TeamMatch,
    TeamSide,
)
from wertung.sources.chessresults._errors import NotATournamentPage
from wertung.sources.chessresults._labels import (
    MATCH_POINTS,
    NOT_PRESENT,
    TEAM_LABELS,
    is_label,
    label_key,
    unknown_labels,
)
from wertung.sources.chessresults._lists import parse_list, rows_of
from wertung.sources.chessresults._text import (
    clean,
    dates_in,
    display_name,
    node_text,
    parse_points,
    to_int,
    to_rating,
)

__all__ = ["parse_team_page"]

_ROUND_HEADING = re.compile(r"\D{0,20}?(\d{1,3})\b")
_BOARD = re.compile(r"(\d{1,3})\s*\.\s*(\d{1,3})")
_SCORE = re.compile(r"(.{0,8}?)\s*:\s*(.{0,8})")
_MAX_BOARDS = 5000

Cells = list[LexborNode]

_T = TypeVar("_T")


def _children(node: LexborNode, tags: tuple[str, ...]) -> list[LexborNode]:
    found = []
    child = node.child
    while child is not None:
        if child.tag in tags:
            found.append(child)
        child = child.next
    return found


def direct_rows(table: LexborNode) -> list[Cells]:
    """The cells of a table's own rows (cells of tables nested in a cell are not rows)."""
    rows: list[Cells] = []
    for part in [table, *_children(table, ("tbody", "thead", "tfoot"))]:
        for row in _children(part, ("tr",)):
            rows.append(_children(row, ("td", "th")))
    return rows


def _card_link(cell: LexborNode, number: int | None) -> int | None:
    for link in cell.css("a[href]"):
        href = (link.attributes.get("href") or "").lower()
        if number is not None and f"tnr{number}.aspx" not in href.replace(" ", ""):
            continue
        query = {k.lower(): v for k, v in parse_qsl(urlsplit(href).query)}
        if query.get("art") == "9":
            return to_int(query.get("snr", ""))
    return None


def _colour(cell: LexborNode) -> bool | None:
    for div in cell.css("div[class]"):
        classes = (div.attributes.get("class") or "").split()
        if any(c.startswith("Farbew") for c in classes):
            return True
        if any(c.startswith("Farbes") for c in classes):
            return False
    return None


def _name(cell: LexborNode) -> str:
    inner = cell.css_first("td.CR")
    return display_name(node_text(inner if inner is not None else cell))


def parse_team_page(
    base: ParsedPage,
    tree: LexborHTMLParser,
    query: dict[str, str],
    where: str,
) -> ParsedPage:
    """A page of a team event: the views wertung reads, or a page kept for its details."""
    tables = tree.css("table.CRs1")
    kind = TEAM_ART_KINDS.get(base.art) if base.art is not None else None
    if tables and kind is None:
        kind = _guess(tables[0])
    if kind is None or not tables:
        return replace(base, kind=TEAM_OTHER)
    if kind == BOARD_PAIRINGS:
        return _board_pairings(base, tables[0], query, where)
    if kind == TEAM_PAIRINGS:
        return _team_pairings(base, tables[0], query, where)
    return _players(base, tables[0], where)


def _guess(table: LexborNode) -> str | None:
    rows = direct_rows(table)
    for cells in rows[:40]:
        texts = [node_text(c) for c in cells]
        if texts and _BOARD.fullmatch(texts[0]):
            return BOARD_PAIRINGS
        teams = sum(label_key(t) in TEAM_LABELS for t in texts)
        if teams >= 2 and any(is_label(t, "result") for t in texts):
            return TEAM_PAIRINGS
        if teams == 1 and any(is_label(t, "name") for t in texts):
            return TEAM_PLAYERS
    return None


def _round_of(query: dict[str, str]) -> int | None:
    return to_int(query.get("rd", "")) or None


# -- board pairings ------------------------------------------------------------------------


class _MatchHeader:
    """Where a match header's columns stand, and the match it names."""

    def __init__(self, texts: list[str], round_no: int, where: str) -> None:
        separator = next((i for i in range(2, len(texts)) if texts[i] in ("-", "–", ":")), None)
        if separator is None or len(texts) < separator + 3:
            raise NotATournamentPage(
                f"{where}: round {round_no}: the match header {texts[:12]} has no '-' between "
                "the teams; the chess-results layout may have changed",
                code="teams.no_dash",
                params={"round": round_no, "texts": str(texts[:12]), "context": place_of(where)},
                field="board pairings",
                round=round_no,
            )

        def side(span: range) -> tuple[int | None, int | None, int | None]:
            number = next((i for i in span if to_int(texts[i]) is not None), None)
            after = range(number + 1 if number is not None else span.start, span.stop)
            name = next((i for i in after if texts[i] and not is_label(texts[i], "rating")), None)
            rating = next((i for i in span if is_label(texts[i], "rating")), None)
            return number, name, rating

        self.first_no, self.first_name, self.first_rating = side(range(1, separator))
        self.second_no, self.second_name, self.second_rating = side(
            range(separator + 1, len(texts) - 1)
        )
        if self.first_name is None or self.second_name is None:
            raise NotATournamentPage(
                f"{where}: round {round_no}: cannot tell the two teams in the match header "
                f"{texts[:12]}",
                code="teams.two_teams",
                params={"round": round_no, "texts": str(texts[:12]), "context": place_of(where)},
                field="board pairings",
                round=round_no,
            )
        self.result = len(texts) - 1
        first_points, second_points = _score(texts[self.result])
        self.width = len(texts)
        self.match = TeamMatch(
            round_no,
            TeamSide(_at(texts, self.first_no, to_int), texts[self.first_name]),
            TeamSide(_at(texts, self.second_no, to_int), texts[self.second_name]),
            first_points,
            second_points,
        )


def _at(texts: list[str], index: int | None, read: Callable[[str], _T]) -> _T | None:
    return read(texts[index]) if index is not None and index < len(texts) else None


def _score(text: str) -> tuple[Fraction | None, Fraction | None]:
    match = _SCORE.fullmatch(clean(text))
    if not match:
        return None, None
    try:
        return parse_points(match.group(1)), parse_points(match.group(2))
    except ValueError:
        return None, None


def _board_pairings(
    base: ParsedPage, table: LexborNode, query: dict[str, str], where: str
) -> ParsedPage:
    current = _round_of(query)
    dates = {}
    header: _MatchHeader | None = None
    matches: list[TeamMatch] = []
    boards: list[TeamBoard] = []
    for cells in direct_rows(table):
        texts = [node_text(c) for c in cells]
        if not texts:
            continue
        if len(cells) == 1:  # "Round 1 on 2026/08/11 at 08:30"
            found = dates_in(texts[0])
            heading = _ROUND_HEADING.match(texts[0])
            if heading and found:
                current = int(heading.group(1))
                dates[current] = found[0]
            continue
        if is_label(texts[0], "board"):
            if current is None:
                raise NotATournamentPage(
                    f"{where}: the board pairings name no round (no heading 'Round N on "
                    "DATE' and no rd= in the page's address)",
                    code="teams.no_round",
                    params={"context": place_of(where)},
                    field="board pairings",
                )
            header = _MatchHeader(texts, current, where)
            matches.append(header.match)
            continue
        position = _BOARD.fullmatch(texts[0])
        if position is None or header is None or current is None:
            continue
        if len(boards) >= _MAX_BOARDS:
            raise NotATournamentPage(
                f"{where}: more than {_MAX_BOARDS} board rows; refused",
                code="teams.too_many_boards",
                params={"most": _MAX_BOARDS, "context": place_of(where)},
                field="board pairings",
            )
        in_round = sum(m.round == current for m in matches)
        if int(position.group(1)) != in_round:
            raise NotATournamentPage(
                f"{where}: round {current}: board {texts[0]} stands under match {in_round} "
                "of the round; the chess-results layout may have changed",
                code="teams.board_under",
                params={
                    "round": current,
                    "board": str(texts[0]),
                    "match": str(in_round),
                    "context": place_of(where),
                },
                field="board pairings",
                round=current,
            )
        boards.append(_board_row(header, cells, texts, current, position, base.number, where))
    if header is None:
        reason, data = unknown_labels(base.language_name, "board pairings", [])
        raise NotATournamentPage(
            f"{where}: the board pairings have no match header ('Bo.' and the two teams); {reason}",
            code="teams.no_match_header",
            params={"reason": data, "context": place_of(where)},
            field="page",
        )
    matches = [replace(m, match=i) for i, m in _numbered(matches)]
    return replace(
        base,
        kind=BOARD_PAIRINGS,
        team_matches=tuple(matches),
        team_boards=tuple(boards),
        round_dates=dates,
    )


def _numbered(matches: list[TeamMatch]) -> list[tuple[int, TeamMatch]]:
    counter: dict[int, int] = {}
    out = []
    for match in matches:
        counter[match.round] = counter.get(match.round, 0) + 1
        out.append((counter[match.round], match))
    return out


def _side(
    cells: Cells, texts: list[str], title: int | None, name: int | None, rating: int | None,
    number: int | None,
) -> BoardSide | None:  # fmt: skip
    if name is None or name >= len(cells):
        return None
    text = _name(cells[name])
    if not text or label_key(text) in NOT_PRESENT:
        return None
    title_text = texts[title] if title is not None and title < len(texts) else ""
    return BoardSide(
        name=text,
        title=title_text or None,
        rating=to_rating(texts[rating]) if rating is not None and rating < len(texts) else None,
        link=_card_link(cells[name], number),
        white=_colour(cells[name]),
    )


def _board_row(
    header: _MatchHeader,
    cells: Cells,
    texts: list[str],
    round_no: int,
    position: re.Match[str],
    number: int | None,
    where: str,
) -> TeamBoard:
    board = int(position.group(2))
    first = _side(cells, texts, header.first_no, header.first_name, header.first_rating, number)
    second = _side(cells, texts, header.second_no, header.second_name, header.second_rating, number)
    result_text = texts[header.result] if header.result < len(texts) else ""
    result = None
    if result_text.strip() not in ("", "-") and label_key(result_text) not in NOT_PRESENT:
        try:
            result = parse_game_result(result_text)
        except ValueError:
            raise NotATournamentPage(
                f"{where}: round {round_no}, board {texts[0]}: cannot read the result "
                f"{result_text!r}",
                code="teams.result",
                params={
                    "round": round_no,
                    "board": str(texts[0]),
                    "text": repr(result_text),
                    "context": place_of(where),
                },
                field="board pairings",
                round=round_no,
            ) from None
    return TeamBoard(round_no, int(position.group(1)), board, first, second, result, result_text)


# -- team pairings -------------------------------------------------------------------------


def _team_pairings(
    base: ParsedPage, table: LexborNode, query: dict[str, str], where: str
) -> ParsedPage:
    current = _round_of(query)
    dates = {}
    columns: dict[str, list[int]] | None = None
    matches: list[TeamMatch] = []
    for cells in direct_rows(table):
        texts = [node_text(c) for c in cells]
        if len(cells) == 1:
            found = dates_in(texts[0])
            heading = _ROUND_HEADING.match(texts[0])
            if heading and found:
                current = int(heading.group(1))
                dates[current] = found[0]
            continue
        teams = [i for i, t in enumerate(texts) if label_key(t) in TEAM_LABELS]
        if len(teams) == 2:
            columns = {
                "team": teams,
                "result": [i for i, t in enumerate(texts) if is_label(t, "result")],
                "start": [i for i, t in enumerate(texts) if is_label(t, "start")],
                "mp": [i for i, t in enumerate(texts) if label_key(t) in MATCH_POINTS],
            }
            continue
        if columns is None or current is None or not texts or to_int(texts[0]) is None:
            continue
        left, right = columns["team"]
        results = columns["result"]
        numbers = [i for i in columns["start"] if i != 0]
        first_no = next((i for i in numbers if i < left), None)
        second_no = next((i for i in reversed(numbers) if i > right), None)

        def points(index: int, texts: list[str] = texts) -> Fraction | None:
            try:
                return parse_points(texts[index]) if index < len(texts) else None
            except ValueError:
                return None

        matches.append(
            TeamMatch(
                current,
                TeamSide(_at(texts, first_no, to_int), _at(texts, left, str) or ""),
                TeamSide(_at(texts, second_no, to_int), _at(texts, right, str) or ""),
                points(results[0]) if len(results) == 2 else None,
                points(results[1]) if len(results) == 2 else None,
                match=to_int(texts[0]),
            )
        )
    if columns is None:
        reason, data = unknown_labels(base.language_name, "team pairings", [])
        raise NotATournamentPage(
            f"{where}: the team pairings have no header with two 'Team' columns; {reason}",
            code="teams.no_team_columns",
            params={"reason": data, "context": place_of(where)},
            field="page",
        )
    return replace(base, kind=TEAM_PAIRINGS, team_matches=tuple(matches), round_dates=dates)


# -- players -------------------------------------------------------------------------------


def _players(base: ParsedPage, table: LexborNode, where: str) -> ParsedPage:
    rows = rows_of(table)
    players, (head, labels, columns) = parse_list(rows, where, "player list", base.language_name)
    team = next((i for i, t in enumerate(labels) if label_key(t) in TEAM_LABELS), None)
    if team is None:
        reason, data = unknown_labels(base.language_name, "player list", labels)
        raise NotATournamentPage(
            f"{where}: the player list of a team event has no 'Team' column; {reason}",
            code="teams.no_team_column",
            params={"reason": data, "context": place_of(where)},
            field="page",
        )
    board = columns.get("board")
    start, name = columns["start"], columns["name"]
    extra: dict[int, tuple[str, int | None, int | None]] = {}
    for _, cells in rows[head + 1 :]:
        number = to_int(node_text(cells[start])) if len(cells) > max(start, team) else None
        if number is None:
            continue
        extra[number] = (
            node_text(cells[team]),
            to_int(node_text(cells[board])) if board is not None and board < len(cells) else None,
            _card_link(cells[name], base.number) if name < len(cells) else None,
        )
    players = [
        replace(p, team=extra[p.number][0] or None, board=extra[p.number][1],
                link=extra[p.number][2])
        for p in players if p.number in extra
    ]  # fmt: skip
    return replace(base, kind=TEAM_PLAYERS, players=tuple(players))

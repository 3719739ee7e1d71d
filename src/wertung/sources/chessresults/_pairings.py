"""The pairings view (art=2): one round's boards, with or without start-number columns.

Columns are found by their labels: ``Bo.``, the two ``No.`` columns (missing on
some pages: then players are known only by name and rating), the names
(``White``/``Black``, or the unlabelled-meaning column either side of
``Result``), ``Rtg``, ``Pts.`` (points before the round) and ``Result``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import parse_qsl, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from wertung.kernel.errors import place_of
from wertung.kernel.results import parse_game_result
from wertung.sources.chessresults._byes import KNOWN_LANGUAGES, is_no_opponent
from wertung.sources.chessresults._data import Pairing, ParsedPage, Side
from wertung.sources.chessresults._errors import NotATournamentPage
from wertung.sources.chessresults._labels import (
    column_map,
    is_label,
    label_key,
    unknown_labels,
)
from wertung.sources.chessresults._lists import Rows, rating_columns
from wertung.sources.chessresults._text import (
    dates_in,
    display_name,
    node_text,
    parse_points,
    safe_points,
    to_int,
    to_rating,
)

_ROUND_HEADING = re.compile(r"\D*?(\d{1,3})\b")
_KNOWN = ("start", "rating", "points", "result", "board", "type", "federation", "fide_rating",
          "national_rating", "k", "club", "sex", "fide_id", "national_id", "rank")  # fmt: skip


class _Columns:
    """Where the white and black sides stand in a pairings header."""

    def __init__(self, texts: list[str], where: str, language: str | None) -> None:
        keys = [label_key(t) for t in texts]
        columns = column_map(texts)
        result = columns.get("result")
        if result is None:
            reason, data = unknown_labels(language, "pairings", texts)
            raise NotATournamentPage(
                f"{where}: {reason}", code=str(data["code"]),
                # message() (the kernel's) types the params it holds as object; they are a dict
                params={**data["params"], "context": place_of(where)},  # type: ignore[dict-item]
                field="page",
            )  # fmt: skip
        self.result = result
        self.board = columns.get("board")
        starts = [i for i, t in enumerate(texts) if is_label(t, "start")]
        self.white_no = next((i for i in starts if i < result), None)
        self.black_no = next((i for i in reversed(starts) if i > result), None)

        def known(i: int) -> bool:
            return any(is_label(texts[i], m) for m in _KNOWN)

        def first(meaning: str, before: bool) -> int | None:
            span = range(0, result) if before else range(result + 1, len(texts))
            return next((i for i in span if is_label(texts[i], meaning)), None)

        self.white_name = first("white", True)
        if self.white_name is None:
            self.white_name = next(
                (i for i in range(result) if keys[i] and not known(i) and i != self.board), None
            )
        self.black_name = first("black", False)
        if self.black_name is None:
            self.black_name = next(
                (i for i in range(result + 1, len(texts)) if keys[i] and not known(i)), None
            )
        if self.white_name is None or self.black_name is None:
            reason, data = unknown_labels(language, "pairings", texts)
            raise NotATournamentPage(
                f"{where}: {reason} (cannot tell the name columns)",
                code="labels.no_name_columns",
                params={"reason": data, "context": place_of(where)},
                field="page",
            )
        self.white_rating = first("rating", True)
        self.black_rating = first("rating", False)
        self.white_points = first("points", True)
        self.black_points = first("points", False)
        self.numbered = self.white_no is not None and self.black_no is not None
        self.ratings = rating_columns(columns)
        if (self.white_no is None) != (self.black_no is None):
            raise NotATournamentPage(
                f"{where}: the pairings header {texts} has a 'No.' column for one side only",
                code="pairings.one_side_no",
                params={"labels": str(texts), "context": place_of(where)},
                field="page",
            )


def parse_pairings(
    base: ParsedPage, tree: LexborHTMLParser, rows: Rows, query: dict[str, str], where: str
) -> ParsedPage:
    """The boards of a pairings page (every round it shows)."""
    current: int | None = int(query["rd"]) if query.get("rd", "").isdigit() else None
    dates = {}
    for h3 in tree.css("h3"):  # "Round 2 on 2026/08/10 at 17:40" above a single round
        text = node_text(h3)
        match = _ROUND_HEADING.match(text)
        found = dates_in(text) if match else []
        if match and found:
            dates[int(match.group(1))] = found[0]
            if current is None:
                current = int(match.group(1))
    columns: _Columns | None = None
    pairings: list[Pairing] = []
    for _, cells in rows:
        texts = [node_text(c) for c in cells]
        if len(cells) == 1:  # "Round 1 on 2026/08/08 at 08:30"
            match = _ROUND_HEADING.match(texts[0])
            if match:
                current = int(match.group(1))
                found = dates_in(texts[0])
                if found:
                    dates[current] = found[0]
            continue
        if any(is_label(t, "result") for t in texts):
            columns = _Columns(texts, where, base.language_name)
            continue
        if columns is None or current is None:
            continue
        pairing = _row(columns, texts, cells, current, where, base)
        if pairing is not None:
            pairings.append(pairing)
    if columns is None:
        reason, data = unknown_labels(base.language_name, "pairings", [])
        raise NotATournamentPage(
            f"{where}: the pairings have no header with a 'Result' column; {reason}",
            code="pairings.no_result_column",
            params={"reason": data, "context": place_of(where)},
            field="page",
        )
    return replace(
        base, pairings=tuple(pairings), round_dates=dates, rating_columns=columns.ratings
    )


def _cell(texts: list[str], index: int | None) -> str:
    return texts[index] if index is not None and index < len(texts) else ""


def _linked_number(cells: list[LexborNode], index: int | None, number: int | None) -> int | None:
    """The start number in a name's link to the player card (``...art=9&snr=2``)."""
    if index is None or index >= len(cells) or number is None:
        return None
    for link in cells[index].css("a[href]"):
        href = link.attributes.get("href") or ""
        if f"tnr{number}.aspx" not in href.lower():
            continue
        query = {k.lower(): v for k, v in parse_qsl(urlsplit(href).query)}
        if query.get("art") == "9":
            return to_int(query.get("snr", ""))
    return None


def _unknown_word(
    where: str, current: int, white: str, text: str, language: str | None
) -> NotATournamentPage:
    """A row without opponent whose word the table of ``_byes`` does not hold."""
    params: dict[str, object] = {"round": current, "white": white, "text": repr(text)}
    if language and language not in KNOWN_LANGUAGES:
        other = "English" if language == "German" else "English or German"
        code = "pairings.word_language"
        params.update(language=language, other=other)
        english = (
            f"{where}: round {current}: the pairings are saved in {language}, and its word "
            f"{text!r} for {white}'s missing opponent is not known to wertung; save the page "
            f"in {other}, or paste the link"
        )
    else:
        code = "pairings.word_unknown"
        english = (
            f"{where}: round {current}: {white} has no opponent, written {text!r}, a word "
            "wertung does not know for a player without opponent; the chess-results layout "
            "may have changed"
        )
    params["context"] = place_of(where)
    return NotATournamentPage(
        english, code=code, params=params, field="pairings", round=current, player=white
    )


def _row(
    columns: _Columns,
    texts: list[str],
    cells: list[LexborNode],
    current: int,
    where: str,
    page: ParsedPage,
) -> Pairing | None:
    number = page.number
    white_name = display_name(_cell(texts, columns.white_name))
    if columns.numbered:
        white_no = to_int(_cell(texts, columns.white_no))
    else:
        white_no = _linked_number(cells, columns.white_name, number)
    if columns.numbered and white_no is None:
        return None
    if not columns.numbered and not white_name:
        return None
    board = to_int(_cell(texts, columns.board))
    white = Side(
        white_no,
        white_name,
        to_rating(_cell(texts, columns.white_rating)),
        safe_points(_cell(texts, columns.white_points)),
    )
    black_text = _cell(texts, columns.black_name)
    if columns.numbered:
        black_no = to_int(_cell(texts, columns.black_no))
    else:
        black_no = _linked_number(cells, columns.black_name, number)
    result_text = _cell(texts, columns.result)
    language = page.language_name
    # points instead of a game result and no opponent's number: a row without opponent
    # whose word is not known (a name on a page without 'No.' columns has a game result)
    if (
        black_no is None
        and black_text
        and not is_no_opponent(black_text, language)
        and safe_points(result_text) is not None
    ):
        raise _unknown_word(where, current, white_name or str(white_no), black_text, language)
    if black_no is None and (not black_text or is_no_opponent(black_text, language)):
        try:
            points = parse_points(result_text)
        except ValueError:
            raise NotATournamentPage(
                f"{where}: round {current}: {white_name or white_no} ({black_text or 'no opponent'})"
                f": cannot read the points {result_text!r}",
                code="pairings.points",
                params={
                    "round": current,
                    "white": str(white_name or white_no),
                    "black": str(black_text or "no opponent"),
                    "text": repr(result_text),
                    "context": place_of(where),
                },
                field="pairings",
                round=current,
                player=str(white_no or white_name),
            ) from None
        return Pairing(current, white, None, None, points, board)
    if columns.numbered and black_no is None:
        raise NotATournamentPage(
            f"{where}: round {current}, board with player {white_no}: cannot read the "
            f"opponent {black_text!r}",
            code="pairings.opponent",
            params={
                "round": current,
                "number": str(white_no),
                "text": repr(black_text),
                "context": place_of(where),
            },
            field="pairings",
            round=current,
            player=str(white_no),
        )
    black = Side(
        black_no,
        display_name(black_text),
        to_rating(_cell(texts, columns.black_rating)),
        safe_points(_cell(texts, columns.black_points)),
    )
    if not result_text.strip():
        return Pairing(current, white, black, None, None, board)
    try:
        result = parse_game_result(result_text)
    except ValueError:
        raise NotATournamentPage(
            f"{where}: round {current}: {white.name or white.number} against "
            f"{black.name or black.number}: cannot read the result {result_text!r}",
            code="pairings.result",
            params={
                "round": current,
                "white": str(white.name or white.number),
                "black": str(black.name or black.number),
                "text": repr(result_text),
                "context": place_of(where),
            },
            field="pairings",
            round=current,
            player=str(white.number or white.name),
        ) from None
    return Pairing(current, white, black, result, None, board)

"""Reading chess-results.com pages (HTML) with selectolax.

Each view is a ``table.CRs1``; columns are found by their header labels (in
English, German, Portuguese, Spanish or Russian), never by position. One page
gives a :class:`ParsedPage`; :func:`build_tournament` joins the pages of one
tournament (starting rank for ratings, crosstable or pairings for results,
player cards for birth years, round dates for the end date) into a
:class:`~wertung.core.model.Tournament`, checking every player's points
against the page's own ``Pts.`` column.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from urllib.parse import parse_qsl, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from ...core.errors import FormatError, SourceError
from ...core.model import Bye, Game, Player, Tournament
from ...core.results import HALF, ONE, ZERO, ByeKind, GameResult, parse_game_result
from ._links import canonical_link

# -- errors ---------------------------------------------------------------------------------


class NotATournamentPage(FormatError):
    """The page is not a chess-results tournament view (or its layout has changed)."""


class TournamentNotStarted(FormatError):
    """The tournament has no results yet."""


class TeamEventNotSupported(FormatError):
    """The tournament is a team event; only individual tournaments are imported."""


class PointsMismatch(FormatError):
    """Points computed from the games differ from the page's own ``Pts.`` total."""


class BlockedPage(SourceError):
    """chess-results.com answered with a page refusing service instead of the view."""


# -- page kinds and labels ------------------------------------------------------------------

STARTING_RANK = "starting rank"
RANKING = "ranking"
PAIRINGS = "pairings"
CROSSTABLE = "crosstable"
PLAYER_CARD = "player card"
ROUND_DATES = "round dates"

_ART_KINDS = {
    0: STARTING_RANK,
    1: RANKING,
    2: PAIRINGS,
    5: CROSSTABLE,
    9: PLAYER_CARD,
    14: ROUND_DATES,
}
_TEAM_ARTS = {16, 32}  # team players, team starting rank (art=3: team pairings, see parse_page)


def _labels(*spellings: str) -> frozenset[str]:
    return frozenset(_label_key(s) for s in spellings)


def _label_key(text: str) -> str:
    return re.sub(r"[\s.:]+", "", text).casefold()


# Header labels by column meaning, in the page languages seen (lan=1 is forced when fetching;
# saved pages may come in any language).
_COLUMN_LABELS: dict[str, frozenset[str]] = {
    "start": _labels(
        "No.", "SNo", "Snr", "Nr.", "Nº", "Nº.Inic.", "Ном.", "Ном", "Nr", "Nº.Ini.", "№"
    ),
    "rank": _labels("Rk.", "Rg.", "Cl.", "Pos.", "Место", "Pl.", "Lp."),
    "name": _labels("Name", "Nome", "Nombre", "Nom", "Имя", "Spieler", "Player"),
    "fide_id": _labels("FideID", "FIDE-ID", "Fide ID", "код FIDE", "Código FIDE", "ID FIDE"),
    "national_id": _labels("ID", "Ident-Number", "ID Nac.", "Ид"),
    "federation": _labels("FED", "Land", "ФЕД.", "ФЕД", "Fed."),
    "rating": _labels("Rtg", "Elo", "Рейт.", "Рейт", "Rating"),
    "fide_rating": _labels("RtgI", "EloI", "ЭлоИ", "Рейт.м", "RtgInt", "IRtg", "Elo int."),
    "national_rating": _labels("RtgN", "EloN", "Рейт.н", "NRtg", "DWZ", "Elo nac.", "RtgNat"),
    "club": _labels(
        "Club/City", "Clube/Cidade", "Club/Ciudad", "Клуб/Город", "Verein/Ort", "Club/Ville"
    ),
    "sex": _labels("sex", "sexo", "пол", "Geschl.", "sexe"),
    "type": _labels("Type", "Typ", "Tipo", "Тип"),
    "points": _labels("Pts.", "Pkt.", "Pts", "Очки", "Pt.", "Ptos.", "Pontos"),
    "k": _labels("K"),
    "result": _labels("Result", "Resultado", "Ergebnis", "Результат", "Résultat", "Res."),
    "board": _labels("Bo.", "Br.", "Mesa", "Tab.", "Дос.", "Bo"),
    "birth_year": _labels("Year of birth", "Geburtsjahr", "Ano de nascimento", "Год рождения"),
    "date": _labels("Date", "Datum", "Data", "Fecha", "Дата"),
    "rounds": _labels(
        "Number of rounds", "Anzahl der Runden", "Número de rondas", "Количество туров"
    ),
    "location": _labels("Location", "Ort", "Local", "Lugar", "Место проведения"),
    "federation_detail": _labels("Federation", "Verband", "Federação", "Federación", "Федерация"),
}
_TEAM_LABELS = _labels("Team", "Mannschaft", "Equipa", "Equipo", "Команда")

_SWISS_ROUND_HEADER = re.compile(r"(\d{1,3})\s*\.\s*\w{1,6}\.?|\w{1,6}\.?\s*(\d{1,3})")
_RR_HEADER = re.compile(r"\d{1,3}")
_SWISS_CELL = re.compile(
    r"(?P<opp>\d{1,4})\s*(?P<colour>[wbsnWBSNбчБЧ])?\s*(?P<result>1/2|0,5|[10½=+\-–−])?"
)
_BYE_CELL = re.compile(r"[-–−]\s*(?P<result>1/2|0,5|[10½+])")
_DATE_PATTERNS = (
    (re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), (1, 2, 3)),
    (re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})"), (3, 2, 1)),
    (re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})"), (3, 2, 1)),
)
_WHITE = frozenset("wWбБ")
_BLOCK_HINTS = (
    "too many requests",
    "access denied",
    "captcha",
    "you have been blocked",
    "your ip",
    "zu viele anfragen",
    "temporarily unavailable",
)
_NO_OPPONENT = _labels("bye", "not paired", "spielfrei", "nicht ausgelost", "livre", "bye (1)")


# -- parsed data ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player as a list view shows him (starting rank, ranking, crosstable)."""

    number: int
    name: str = ""
    title: str | None = None
    fide_id: str | None = None
    national_id: str | None = None
    federation: str | None = None
    rating: int | None = None
    fide_rating: int | None = None
    national_rating: int | None = None
    club: str | None = None
    sex: str | None = None
    type: str | None = None
    points: Fraction | None = None
    fide_k: int | None = None
    birth_year: int | None = None


@dataclass(frozen=True, slots=True)
class Cell:
    """One player's entry for one round (crosstable) or against one opponent (round robin)."""

    round: int | None
    opponent: int | None
    colour: str | None  # "w", "b" or None
    points: Fraction | None  # None: no result yet
    forfeit: bool = False
    bye: ByeKind | None = None


@dataclass(frozen=True, slots=True)
class Pairing:
    """One row of a pairings view."""

    round: int
    white: int
    black: int | None  # None: a bye / not paired
    result: GameResult | None  # None for a bye
    bye_points: Fraction | None = None


@dataclass(frozen=True, slots=True)
class ParsedPage:
    """What one chess-results page holds."""

    kind: str
    number: int | None = None
    art: int | None = None
    language: int | None = None
    name: str = ""
    details: dict[str, str] = field(default_factory=dict)
    players: tuple[PlayerRow, ...] = ()
    cells: dict[int, tuple[Cell, ...]] = field(default_factory=dict)
    round_robin: bool = False
    rounds: int | None = None
    pairings: tuple[Pairing, ...] = ()
    round_dates: dict[int, dt.date] = field(default_factory=dict)
    team_event: bool = False


# -- small readers --------------------------------------------------------------------------


def _clean(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


def _text(node: LexborNode) -> str:
    return _clean(node.text(deep=True, separator=" ", strip=True))


def parse_points(text: str) -> Fraction | None:
    """``6``, ``3,5``, ``6½``, ``½``, ``0.5`` as an exact number; None for an empty cell."""
    text = _clean(text).replace(" ", "")
    if not text:
        return None
    half = text.endswith("½")
    if half:
        text = text[:-1]
    if not text:
        return HALF
    text = text.replace(",", ".")
    if not re.fullmatch(r"\d{1,4}(?:\.\d{1,2})?", text):
        raise ValueError(text)
    value = Fraction(text)
    return value + HALF if half else value


def _int(text: str) -> int | None:
    text = _clean(text).replace(" ", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _rating(text: str) -> int | None:
    value = _int(text)
    return value if value and 0 < value <= 3500 else None


def _date(text: str) -> list[dt.date]:
    found: list[tuple[int, dt.date]] = []
    for pattern, (y, m, d) in _DATE_PATTERNS:
        for match in pattern.finditer(text):
            try:
                found.append((match.start(), dt.date(int(match[y]), int(match[m]), int(match[d]))))
            except ValueError:
                continue
    return [date for _, date in sorted(found, key=lambda item: item[0])]


def _page_params(
    tree: LexborHTMLParser,
) -> tuple[int | None, int | None, int | None, dict[str, str]]:
    """(tournament number, art, lan, query) from the page's own form action."""
    for form in tree.css("form"):
        action = form.attributes.get("action") or ""
        match = re.search(r"tnr(\d{1,9})\.aspx", action, re.IGNORECASE)
        if match:
            query = {k.lower(): v for k, v in parse_qsl(urlsplit(action).query)}
            art = int(query["art"]) if query.get("art", "").isdigit() else 0
            lan = int(query["lan"]) if query.get("lan", "").isdigit() else None
            return int(match.group(1)), art, lan, query
    return None, None, None, {}


def _column_map(labels: Sequence[str]) -> dict[str, int]:
    """Column meaning → index (first occurrence), from a header row's labels."""
    columns: dict[str, int] = {}
    for index, label in enumerate(labels):
        key = _label_key(label)
        if not key:
            continue
        for meaning, spellings in _COLUMN_LABELS.items():
            if key in spellings and meaning not in columns:
                columns[meaning] = index
                break
    return columns


def _rows(table: LexborNode) -> list[tuple[LexborNode, list[LexborNode]]]:
    return [(row, row.css("td, th")) for row in table.css("tr")]


def _is_team_page(tree: LexborHTMLParser, number: int | None) -> bool:
    if number is None:
        return False
    selector = ", ".join(f'a[href*="art={art}"]' for art in sorted(_TEAM_ARTS))
    for link in tree.css(selector):
        href = link.attributes.get("href") or ""
        if f"tnr{number}.aspx" not in href.lower():
            continue
        query = {k.lower(): v for k, v in parse_qsl(urlsplit(href).query)}
        if query.get("art", "").isdigit() and int(query["art"]) in _TEAM_ARTS:
            return True
    return False


def _details(tree: LexborHTMLParser) -> dict[str, str]:
    """The tournament details (label → value) shown with ``turdet=YES``."""
    details: dict[str, str] = {}
    wanted = {"date", "rounds", "location", "federation_detail"}
    for row in tree.css("div.defaultDialog table tr"):
        cells = row.css("td")
        if len(cells) != 2:
            continue
        key = _label_key(_text(cells[0]))
        for meaning in wanted:
            if key in _COLUMN_LABELS[meaning] and meaning not in details:
                details[meaning] = _text(cells[1])
    return details


# -- the page parser ------------------------------------------------------------------------


def parse_page(html: str | bytes, *, where: str = "page") -> ParsedPage:
    """Read one chess-results page.

    Raises :class:`NotATournamentPage` for anything that is not a known view
    (including a changed layout), :class:`BlockedPage` for a refusal page and
    :class:`TeamEventNotSupported` for team events.
    """
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    tree = LexborHTMLParser(html)
    number, art, language, query = _page_params(tree)
    headings = [_text(h) for h in tree.css("h2")]
    name = headings[0] if headings else ""
    tables = tree.css("table.CRs1")
    if not tables:
        body = tree.body
        lowered = (_text(body) if body is not None else "").casefold()
        if any(hint in lowered for hint in _BLOCK_HINTS):
            raise BlockedPage(
                f"{where}: chess-results.com answered with a page refusing service "
                "instead of the tournament; wait a while and try again",
                field="page",
            )
        raise NotATournamentPage(
            f"{where}: not a chess-results tournament view (no results table found)", field="page"
        )
    if art == 4:
        raise NotATournamentPage(
            f"{where}: this is the crosstable keyed by rank (art=4), whose cells name ranks, "
            "not start numbers; save the starting-rank crosstable (art=5) instead",
            field="page",
        )
    team = _is_team_page(tree, number)
    details = _details(tree)
    kind = _ART_KINDS.get(art) if art is not None else None
    if art is not None and (art in _TEAM_ARTS or art == 3):
        team = True
    table = tables[0]
    rows = _rows(table)
    if kind is None:
        kind = _guess_kind(rows)
    base = ParsedPage(
        kind=kind or "",
        number=number,
        art=art,
        language=language,
        name=name,
        details=details,
        team_event=team,
    )
    if team:
        raise TeamEventNotSupported(
            f"{where}: tournament {number or ''} is a team event; only individual tournaments "
            "can be imported (team events are not supported)",
            field="page",
        )
    if kind == PLAYER_CARD:
        return replace(base, players=(_parse_card(tables, query, where),))
    if kind == ROUND_DATES:
        return replace(base, round_dates=_parse_round_dates(rows))
    if kind == PAIRINGS:
        return _parse_pairings(base, tree, rows, query, where)
    if kind == CROSSTABLE:
        return _parse_crosstable(base, rows, where)
    if kind in (STARTING_RANK, RANKING):
        players, _ = _parse_list(rows, where, kind)
        return replace(base, players=tuple(players))
    raise NotATournamentPage(
        f"{where}: a chess-results page, but not a view wertung reads "
        f"(art={art}); save the starting rank and the starting-rank crosstable",
        field="page",
    )


def _guess_kind(rows: list[tuple[LexborNode, list[LexborNode]]]) -> str | None:
    """The view of a page without a form action, from its header labels."""
    for _, cells in rows[:3]:
        labels = [_text(c) for c in cells]
        columns = _column_map(labels)
        if "result" in columns and "board" in columns:
            return PAIRINGS
        if "name" in columns and "points" in columns:
            before = labels[columns["name"] : columns["points"]]
            if any(_SWISS_ROUND_HEADER.fullmatch(x) or _RR_HEADER.fullmatch(x) for x in before):
                return CROSSTABLE
            return RANKING
        if "name" in columns:
            return STARTING_RANK
    if rows and len(rows[0][1]) == 2:
        return PLAYER_CARD
    return None


def _header(
    rows: list[tuple[LexborNode, list[LexborNode]]], where: str, kind: str
) -> tuple[int, list[str], dict[str, int]]:
    for index, (_, cells) in enumerate(rows[:5]):
        labels = [_text(c) for c in cells]
        columns = _column_map(labels)
        if "name" in columns and "start" in columns:
            return index, labels, columns
        if any(_label_key(x) in _TEAM_LABELS for x in labels) and "name" not in columns:
            raise TeamEventNotSupported(
                f"{where}: the {kind} lists teams; team events are not supported", field="page"
            )
    found = [_text(c) for c in rows[0][1]] if rows else []
    raise NotATournamentPage(
        f"{where}: the {kind} has no header with 'No.' and 'Name' columns "
        f"(found {found}); the chess-results layout may have changed",
        field="page",
    )


def _parse_list(
    rows: list[tuple[LexborNode, list[LexborNode]]], where: str, kind: str
) -> tuple[list[PlayerRow], tuple[int, list[str], dict[str, int]]]:
    """Players of a starting rank, ranking or crosstable (the common columns)."""
    head, labels, columns = _header(rows, where, kind)
    start = columns["start"]
    name_col = columns["name"]
    title_col = name_col - 1 if name_col > 0 and not _label_key(labels[name_col - 1]) else None
    players: list[PlayerRow] = []
    seen: set[int] = set()
    for row_node, cells in rows[head + 1 :]:
        if len(cells) <= max(start, name_col):
            continue
        number = _int(_text(cells[start]))
        if number is None:
            continue
        if number in seen:
            raise NotATournamentPage(
                f"{where}: start number {number} appears twice in the {kind}",
                field="page",
                player=str(number),
            )
        seen.add(number)

        def get(meaning: str, cells: list[LexborNode] = cells) -> str:
            index = columns.get(meaning)
            return _text(cells[index]) if index is not None and index < len(cells) else ""

        federation = get("federation") or _row_federation(row_node)
        points_text = get("points")
        try:
            points = parse_points(points_text) if "points" in columns else None
        except ValueError:
            raise NotATournamentPage(
                f"{where}: player {number}: points {points_text!r} cannot be read",
                field="Pts.",
                player=str(number),
            ) from None
        title = _text(cells[title_col]) if title_col is not None else ""
        fide_id = get("fide_id")
        national_id = get("national_id")
        players.append(
            PlayerRow(
                number=number,
                name=get("name"),
                title=title or None,
                fide_id=fide_id if fide_id.isdigit() and fide_id != "0" else None,
                national_id=national_id if national_id and national_id != "0" else None,
                federation=federation or None,
                rating=_rating(get("rating")),
                fide_rating=_rating(get("fide_rating")),
                national_rating=_rating(get("national_rating")),
                club=get("club") or None,
                sex=get("sex") or None,
                type=get("type") or None,
                points=points,
                fide_k=_int(get("k")),
            )
        )
    return players, (head, labels, columns)


def _row_federation(row: LexborNode) -> str:
    classes = (row.attributes.get("class") or "").split()
    codes = [c for c in classes[1:] if re.fullmatch(r"[A-Z]{3}", c)]
    return codes[0] if codes else ""


def _parse_crosstable(
    base: ParsedPage, rows: list[tuple[LexborNode, list[LexborNode]]], where: str
) -> ParsedPage:
    players, (head, labels, columns) = _parse_list(rows, where, CROSSTABLE)
    if "points" not in columns:
        raise NotATournamentPage(
            f"{where}: the crosstable has no 'Pts.' column (found {labels}); "
            "the chess-results layout may have changed",
            field="page",
        )
    first = max(columns["name"], columns.get("federation", -1), columns.get("rating", -1)) + 1
    last = columns["points"]
    swiss: list[tuple[int, int]] = []  # (column, round)
    opponents: list[tuple[int, int]] = []  # (column, opponent start number)
    for index in range(first, last):
        label = labels[index]
        match = _SWISS_ROUND_HEADER.fullmatch(label)
        if _RR_HEADER.fullmatch(label):
            opponents.append((index, int(label)))
        elif match:
            swiss.append((index, int(match.group(1) or match.group(2))))
    if (swiss and opponents) or not (swiss or opponents):
        raise NotATournamentPage(
            f"{where}: cannot tell the round columns of the crosstable ({labels[first:last]}); "
            "the chess-results layout may have changed",
            field="page",
        )
    by_number = {p.number: p for p in players}
    cells: dict[int, tuple[Cell, ...]] = {}
    for _, row_cells in rows[head + 1 :]:
        number = _int(_text(row_cells[columns["start"]])) if row_cells else None
        if number is None or number not in by_number:
            continue
        entries: list[Cell] = []
        if swiss:
            for index, round_no in swiss:
                text = _text(row_cells[index]) if index < len(row_cells) else ""
                entries.append(_swiss_cell(text, round_no, number, where))
        else:
            for index, opponent in opponents:
                text = _text(row_cells[index]) if index < len(row_cells) else ""
                cell = _rr_cell(text, opponent, number, where)
                if cell is not None:
                    entries.append(cell)
        cells[number] = tuple(entries)
    rounds = max((r for _, r in swiss), default=None)
    return replace(base, players=tuple(players), cells=cells, round_robin=not swiss, rounds=rounds)


def _result_points(symbol: str) -> tuple[Fraction, bool]:
    """Points and forfeit flag of a result symbol."""
    if symbol in ("1",):
        return ONE, False
    if symbol in ("0",):
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
        field="crosstable",
        player=str(number),
    )


def _parse_pairings(
    base: ParsedPage,
    tree: LexborHTMLParser,
    rows: list[tuple[LexborNode, list[LexborNode]]],
    query: dict[str, str],
    where: str,
) -> ParsedPage:
    current: int | None = int(query["rd"]) if query.get("rd", "").isdigit() else None
    if current is None:
        for h3 in tree.css("h3"):
            match = re.match(r"\D*?(\d{1,3})\b", _text(h3))
            if match and _date(_text(h3)):
                current = int(match.group(1))
    dates: dict[int, dt.date] = {}
    columns: dict[str, int] | None = None
    white_no = black_no = result_col = black_name = None
    pairings: list[Pairing] = []
    for _, cells in rows:
        texts = [_text(c) for c in cells]
        if len(cells) == 1:  # "Round 1 on 2026/08/08 at 08:30"
            match = re.match(r"\D*?(\d{1,3})\b", texts[0])
            if match:
                current = int(match.group(1))
                found = _date(texts[0])
                if found:
                    dates[current] = found[0]
            continue
        keys = [_label_key(t) for t in texts]
        if any(k in _COLUMN_LABELS["result"] for k in keys):
            columns = _column_map(texts)
            result_col = columns.get("result")
            starts = [i for i, k in enumerate(keys) if k in _COLUMN_LABELS["start"]]
            names = [i for i, k in enumerate(keys) if k and i not in starts]
            if result_col is None or len(starts) < 2:
                raise NotATournamentPage(
                    f"{where}: the pairings header {texts} lacks the two 'No.' columns; "
                    "the chess-results layout may have changed",
                    field="page",
                )
            white_no, black_no = starts[0], starts[-1]
            after = [i for i in names if result_col < i < black_no]
            black_name = after[-1] if after else result_col + 1
            for i in range(result_col + 1, black_no):
                if not keys[i] and i + 1 < len(keys) and keys[i + 1]:
                    black_name = i + 1
                    break
            continue
        if columns is None or result_col is None or white_no is None or black_no is None:
            continue
        if len(cells) <= black_no:
            continue
        white = _int(texts[white_no])
        if white is None or current is None:
            continue
        black = _int(texts[black_no])
        result_text = texts[result_col]
        if black is None:
            opponent = texts[black_name] if black_name is not None else ""
            points = _safe_points(result_text)
            if _label_key(opponent) in _NO_OPPONENT or points is not None:
                pairings.append(Pairing(current, white, None, None, points or ZERO))
                continue
            raise NotATournamentPage(
                f"{where}: round {current}, board with player {white}: cannot read the "
                f"opponent {texts[black_no]!r}",
                field="pairings",
                round=current,
                player=str(white),
            )
        try:
            result = parse_game_result(result_text)
        except ValueError:
            raise NotATournamentPage(
                f"{where}: round {current}: players {white} and {black}: cannot read the "
                f"result {result_text!r}",
                field="pairings",
                round=current,
                player=str(white),
            ) from None
        pairings.append(Pairing(current, white, black, result))
    if columns is None:
        raise NotATournamentPage(
            f"{where}: the pairings have no header with a 'Result' column; "
            "the chess-results layout may have changed",
            field="page",
        )
    return replace(base, pairings=tuple(pairings), round_dates=dates)


def _safe_points(text: str) -> Fraction | None:
    try:
        return parse_points(text)
    except ValueError:
        return None


def _parse_card(tables: list[LexborNode], query: dict[str, str], where: str) -> PlayerRow:
    values: dict[str, str] = {}
    for table in tables:
        for row in table.css("tr"):
            cells = row.css("td")
            if len(cells) == 2:
                values.setdefault(_label_key(_text(cells[0])), _text(cells[1]))
    birth = next((values[k] for k in _COLUMN_LABELS["birth_year"] if k in values), "")
    start_key = _label_key("Starting rank")
    number = _int(values.get(start_key, "")) or _int(query.get("snr", ""))
    if number is None:
        raise NotATournamentPage(f"{where}: the player card names no starting rank", field="page")
    year = _int(birth)
    return PlayerRow(
        number=number,
        name=values.get(_label_key("Name"), ""),
        birth_year=year if year and 1880 <= year <= 2100 else None,
        fide_rating=_rating(values.get(_label_key("Rating international"), "")),
        national_rating=_rating(values.get(_label_key("Rating national"), "")),
    )


def _parse_round_dates(rows: list[tuple[LexborNode, list[LexborNode]]]) -> dict[int, dt.date]:
    dates: dict[int, dt.date] = {}
    for _, cells in rows:
        texts = [_text(c) for c in cells]
        if not texts:
            continue
        match = re.match(r"\D{0,12}?(\d{1,3})\b", texts[0])
        found = _date(" ".join(texts[1:]) if len(texts) > 1 else texts[0])
        if match and found:
            dates.setdefault(int(match.group(1)), found[0])
    return dates


# -- joining pages into a tournament --------------------------------------------------------


def _same(a: str, b: str) -> bool:
    def key(s: str) -> str:
        return " ".join(s.replace(",", " ").casefold().split())

    return not a or not b or key(a) == key(b) or sorted(key(a).split()) == sorted(key(b).split())


def _german(pages: Sequence[ParsedPage], players: Iterable[PlayerRow]) -> bool:
    for page in pages:
        federation = page.details.get("federation_detail", "")
        if re.search(r"\(\s*GER\s*\)", federation) or "Germany" in federation:
            return True
    feds = Counter(p.federation for p in players if p.federation)
    return (
        bool(feds) and feds.most_common(1)[0][0] == "GER" and feds["GER"] * 2 > sum(feds.values())
    )


def build_tournament(
    pages: Sequence[ParsedPage],
    *,
    source: str | None = None,
    check_points: bool = True,
    where: str = "chess-results",
) -> Tournament:
    """Join the parsed pages of one tournament into a :class:`Tournament`.

    Needs a crosstable or pairings (the results); takes names and ratings from
    the starting rank (or ranking), birth years from player cards and the end
    date from the round dates (or the details). Raises :class:`PointsMismatch`
    if a player's points from the crosstable differ from the page's ``Pts.``.
    """
    numbers = {p.number for p in pages if p.number is not None}
    if len(numbers) > 1:
        raise FormatError(
            f"{where}: the pages belong to different tournaments ({sorted(numbers)}); "
            "give the pages of one tournament",
            field="page",
        )
    number = next(iter(numbers), None)
    crosstables = [p for p in pages if p.kind == CROSSTABLE]
    pairing_pages = [p for p in pages if p.kind == PAIRINGS]
    if not crosstables and not pairing_pages:
        kinds = ", ".join(sorted({p.kind for p in pages})) or "none"
        raise TournamentNotStarted(
            f"{where}: none of the pages has results (found: {kinds}); give the "
            "starting-rank crosstable (art=5) or the pairings",
            field="page",
        )
    lists = [p for p in pages if p.kind == STARTING_RANK] + [p for p in pages if p.kind == RANKING]
    rows: dict[int, PlayerRow] = {}
    for page in [*crosstables, *reversed(lists)]:  # later pages win: starting rank last
        for row in page.players:
            old = rows.get(row.number)
            if old is not None and not _same(old.name, row.name):
                raise FormatError(
                    f"{where}: player {row.number} is {old.name!r} on one page and "
                    f"{row.name!r} on another; are the pages from the same tournament?",
                    field="page",
                    player=str(row.number),
                )
            rows[row.number] = _merge(old, row)
    for page in pages:
        if page.kind == PLAYER_CARD:
            for card in page.players:
                old = rows.get(card.number)
                if old is not None:
                    rows[card.number] = replace(old, birth_year=card.birth_year)
    if not rows and pairing_pages:
        raise FormatError(
            f"{where}: pairings alone do not list the players; add the starting rank",
            field="page",
        )
    all_rows = list(rows.values())
    german = _german(pages, all_rows)
    games: list[Game] = []
    byes: list[Bye] = []
    notes: list[str] = []
    rounds: int | None = None
    if crosstables:
        table = crosstables[0]
        rounds = table.rounds
        if table.round_robin:
            games, byes, rounds, rr_notes = _round_robin_games(table, pairing_pages, where)
            notes.extend(rr_notes)
        else:
            games, byes, pending = _swiss_games(table, where)
            if pending:
                notes.append(
                    "results still missing in round(s) " + ", ".join(map(str, sorted(pending)))
                )
        if not games:
            raise TournamentNotStarted(
                f"{where}: tournament {number or ''} has not started: the crosstable has no results yet",
                field="page",
            )
        if check_points:
            _check_points(table, games, byes, where)
    else:
        games, byes = _pairing_games(pairing_pages, rows, where)
        rounds = max((g.round for g in games), default=None)
        notes.append(
            "results from the pairings of round(s) "
            + ", ".join(str(r) for r in sorted({g.round for g in games} | {b.round for b in byes}))
        )
    players = tuple(_player(row, german) for row in sorted(rows.values(), key=lambda r: r.number))
    if german:
        notes.append("German event: the national rating (RtgN) is taken as the DWZ")
    start, end = _dates(pages)
    details_rounds = next((_int(p.details["rounds"]) for p in pages if "rounds" in p.details), None)
    name = next((p.name for p in pages if p.name), "")
    location = next((p.details["location"] for p in pages if p.details.get("location")), None)
    tournament = Tournament(
        name=name,
        end_date=end,
        start_date=start,
        players=players,
        games=tuple(games),
        byes=tuple(byes),
        rounds=details_rounds or rounds,
        place=location,
        source=source or (canonical_link(number) if number else None),
        notes=tuple(notes),
    )
    try:
        return tournament.validate()
    except ValueError as exc:
        raise FormatError(f"{where}: the pages do not form a consistent tournament: {exc}") from exc


def _merge(old: PlayerRow | None, new: PlayerRow) -> PlayerRow:
    if old is None:
        return new
    values = {}
    for name in PlayerRow.__slots__:
        value = getattr(new, name)
        values[name] = value if value not in (None, "") else getattr(old, name)
    return PlayerRow(**values)


def _player(row: PlayerRow, german: bool) -> Player:
    fide = row.fide_rating if row.fide_rating is not None else row.rating
    if row.fide_rating is None and row.national_rating is not None and row.rating is not None:
        fide = row.rating
    return Player(
        id=str(row.number),
        name=row.name,
        dwz=row.national_rating if german else None,
        birth_year=row.birth_year,
        fide_rating=fide,
        fide_id=row.fide_id,
        federation=row.federation,
        title=row.title,
        club=row.club,
        sex=row.sex,
        national_rating=row.national_rating,
        fide_k=row.fide_k,
        points=row.points,
    )


def _dates(pages: Sequence[ParsedPage]) -> tuple[dt.date | None, dt.date | None]:
    round_dates = [d for p in pages for d in p.round_dates.values()]
    detail_dates = [d for p in pages for d in _date(p.details.get("date", ""))]
    start = min(detail_dates, default=None) or min(round_dates, default=None)
    end = max(round_dates, default=None) or max(detail_dates, default=None)
    return start, end


_OUTCOMES: dict[tuple[Fraction, bool, Fraction, bool], GameResult] = {
    (ONE, False, ZERO, False): GameResult.WHITE_WINS,
    (ZERO, False, ONE, False): GameResult.BLACK_WINS,
    (HALF, False, HALF, False): GameResult.DRAW,
    (ZERO, False, ZERO, False): GameResult.BOTH_LOSE,
    (ONE, True, ZERO, True): GameResult.WHITE_WINS_FORFEIT,
    (ZERO, True, ONE, True): GameResult.BLACK_WINS_FORFEIT,
    (ZERO, True, ZERO, True): GameResult.DOUBLE_FORFEIT,
}


def _outcome(white: Cell, black: Cell) -> GameResult | None:
    assert white.points is not None and black.points is not None
    return _OUTCOMES.get((white.points, white.forfeit, black.points, black.forfeit))


def _swiss_games(table: ParsedPage, where: str) -> tuple[list[Game], list[Bye], set[int]]:
    games: list[Game] = []
    byes: list[Bye] = []
    pending: set[int] = set()
    index = {(cell.round, number): cell for number, cells in table.cells.items() for cell in cells}
    for number, cells in sorted(table.cells.items()):
        for cell in cells:
            assert cell.round is not None
            if cell.bye is not None:
                byes.append(Bye(cell.round, str(number), cell.points or ZERO, cell.bye))
                continue
            if cell.opponent is None:
                continue
            other = index.get((cell.round, cell.opponent))
            if other is None or other.opponent != number:
                raise FormatError(
                    f"{where}: round {cell.round}: player {number} is paired with "
                    f"{cell.opponent}, whose crosstable row does not show that game",
                    field="crosstable",
                    round=cell.round,
                    player=str(number),
                )
            if cell.points is None or other.points is None:
                pending.add(cell.round)
                continue
            if cell.colour == "w" or other.colour == "b":
                white_no, white, black_no, black = number, cell, cell.opponent, other
            elif cell.colour == "b" or other.colour == "w":
                continue  # taken from the white player's row
            elif number < cell.opponent:
                white_no, white, black_no, black = number, cell, cell.opponent, other
            else:
                continue
            result = _outcome(white, black)
            if result is None:
                raise FormatError(
                    f"{where}: round {cell.round}: players {white_no} and {black_no} show "
                    "results that do not fit together in the crosstable",
                    field="crosstable",
                    round=cell.round,
                    player=str(white_no),
                )
            games.append(Game(cell.round, str(white_no), str(black_no), result))
    return games, byes, pending


def _round_robin_games(
    table: ParsedPage, pairing_pages: Sequence[ParsedPage], where: str
) -> tuple[list[Game], list[Bye], int | None, list[str]]:
    """Games of a round-robin crosstable; rounds and colours from the pairings if given."""
    results: dict[frozenset[int], dict[int, Cell]] = {}
    for number, cells in table.cells.items():
        for cell in cells:
            assert cell.opponent is not None
            results.setdefault(frozenset((number, cell.opponent)), {})[number] = cell
    scheduled: dict[frozenset[int], tuple[int, int, int]] = {}
    byes: list[Bye] = []
    for page in pairing_pages:
        for pairing in page.pairings:
            if pairing.black is None:
                byes.append(
                    Bye(
                        pairing.round,
                        str(pairing.white),
                        pairing.bye_points or ZERO,
                        _bye_kind(pairing.bye_points),
                    )
                )
            else:
                key = frozenset((pairing.white, pairing.black))
                scheduled[key] = (pairing.round, pairing.white, pairing.black)
    played = [
        k for k, sides in results.items() if all(c.points is not None for c in sides.values())
    ]
    if any(key not in scheduled for key in played):
        scheduled, byes = {}, []  # pairings incomplete: use none of them rather than a mix
    games: list[Game] = []
    notes: list[str] = []
    unscheduled: list[frozenset[int]] = []
    for key, sides in sorted(results.items(), key=lambda item: sorted(item[0])):
        a, b = sorted(key)
        if a not in sides or b not in sides:
            raise FormatError(
                f"{where}: players {a} and {b}: the round-robin crosstable shows the game in "
                "one row only",
                field="crosstable",
                player=str(a),
            )
        if sides[a].points is None or sides[b].points is None:
            continue
        if key in scheduled:
            round_no, white, black = scheduled[key]
        else:
            unscheduled.append(key)
            continue
        result = _outcome(sides[white], sides[black])
        if result is None:
            raise FormatError(
                f"{where}: players {white} and {black}: their results do not fit together in "
                "the round-robin crosstable",
                field="crosstable",
                player=str(white),
            )
        games.append(Game(round_no, str(white), str(black), result))
    if unscheduled:
        # No pairings: give each game a round of a circle schedule (the real rounds and colours
        # are not on the crosstable; they do not matter for ratings).
        schedule = _circle_schedule(sorted(table.cells))
        for key in unscheduled:
            a, b = sorted(key)
            round_no = schedule[key]
            result = _outcome(results[key][a], results[key][b])
            if result is None:
                raise FormatError(
                    f"{where}: players {a} and {b}: their results do not fit together in "
                    "the round-robin crosstable",
                    field="crosstable",
                    player=str(a),
                )
            games.append(Game(round_no, str(a), str(b), result))
        notes.append(
            "round robin without pairings: round numbers and colours are not on the "
            "crosstable; games are numbered by a circle schedule"
        )
    rounds = max((g.round for g in games), default=None)
    return games, byes, rounds, notes


def _circle_schedule(numbers: list[int]) -> dict[frozenset[int], int]:
    players: list[int | None] = list(numbers)
    if len(players) % 2:
        players.append(None)
    schedule: dict[frozenset[int], int] = {}
    count = len(players)
    for round_no in range(1, count):
        for i in range(count // 2):
            a, b = players[i], players[count - 1 - i]
            if a is not None and b is not None:
                schedule[frozenset((a, b))] = round_no
        players = [players[0], players[-1], *players[1:-1]]
    return schedule


def _bye_kind(points: Fraction | None) -> ByeKind:
    if points == ONE:
        return ByeKind.PAIRING
    if points == HALF:
        return ByeKind.HALF
    return ByeKind.ZERO


def _pairing_games(
    pages: Sequence[ParsedPage], rows: dict[int, PlayerRow], where: str
) -> tuple[list[Game], list[Bye]]:
    games: list[Game] = []
    byes: list[Bye] = []
    seen: set[tuple[int, int]] = set()
    for page in pages:
        for pairing in page.pairings:
            for number in (pairing.white, pairing.black):
                if number is not None and number not in rows:
                    raise FormatError(
                        f"{where}: round {pairing.round}: player {number} is not in the "
                        "starting rank",
                        field="pairings",
                        round=pairing.round,
                        player=str(number),
                    )
            key = (pairing.round, pairing.white)
            if key in seen:
                continue
            seen.add(key)
            if pairing.black is None:
                byes.append(
                    Bye(
                        pairing.round,
                        str(pairing.white),
                        pairing.bye_points or ZERO,
                        _bye_kind(pairing.bye_points),
                    )
                )
            elif pairing.result is not None:
                seen.add((pairing.round, pairing.black))
                games.append(
                    Game(pairing.round, str(pairing.white), str(pairing.black), pairing.result)
                )
    return games, byes


def _check_points(table: ParsedPage, games: list[Game], byes: list[Bye], where: str) -> None:
    totals: dict[str, Fraction] = {str(n): ZERO for n in table.cells}
    for game in games:
        if game.result is GameResult.NOT_PLAYED:
            continue
        totals[game.white] += game.result.white.points
        totals[game.black] += game.result.black.points
    for bye in byes:
        totals[bye.player] = totals.get(bye.player, ZERO) + bye.points
    wrong = [
        (row.number, totals.get(str(row.number), ZERO), row.points)
        for row in table.players
        if row.points is not None and totals.get(str(row.number), ZERO) != row.points
    ]
    if wrong:
        shown = "; ".join(
            f"player {n}: games give {_fmt(got)}, the page says {_fmt(page)}"
            for n, got, page in wrong[:5]
        )
        more = f" (and {len(wrong) - 5} more)" if len(wrong) > 5 else ""
        raise PointsMismatch(
            f"{where}: points do not add up: {shown}{more}; the crosstable may use a special "
            "scoring or the page was read wrongly, so it is not evaluated",
            field="Pts.",
            player=str(wrong[0][0]),
        )


def _fmt(value: Fraction | None) -> str:
    if value is None:
        return "?"
    whole, half = divmod(value, 1)
    return f"{whole}{'½' if half else ''}" if half in (0, HALF) else str(float(value))

"""Reading one chess-results page (HTML, with selectolax): which view it is, and its content."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from urllib.parse import parse_qsl, urlsplit

from selectolax.lexbor import LexborHTMLParser, LexborNode

from wertung.kernel.errors import place_of
from wertung.sources.chessresults._data import (
    ART_KINDS,
    CROSSTABLE,
    NOT_PAIRED,
    PAIRINGS,
    PLAYER_CARD,
    RANKING,
    ROUND_DATES,
    STARTING_RANK,
    TEAM_ARTS,
    ParsedPage,
    PlayerRow,
)
from wertung.sources.chessresults._errors import (
    BlockedPage,
    NotATournamentPage,
    TeamEventNotSupported,
)
from wertung.sources.chessresults._labels import (
    COLUMN_LABELS,
    FIDE_EVENT_ID,
    FINAL_RANKING,
    RATING_CALCULATION,
    TEAM_LABELS,
    TIME_CONTROL_PREFIXES,
    column_map,
    label_key,
    language_name,
    points_tie_break,
)
from wertung.sources.chessresults._lists import (
    RR_HEADER,
    SWISS_ROUND_HEADER,
    Rows,
    parse_crosstable,
    parse_list,
    rating_columns,
    rows_of,
)
from wertung.sources.chessresults._pairings import parse_pairings
from wertung.sources.chessresults._teams import parse_team_page
from wertung.sources.chessresults._text import dates_in, node_text, to_int, to_rating

_BLOCK_HINTS = (
    "too many requests",
    "access denied",
    "captcha",
    "you have been blocked",
    "your ip",
    "zu viele anfragen",
    "temporarily unavailable",
)
_NAV_ENTRY = re.compile(r"^\D{0,12}?(\d{1,3})(?:\s*/\s*(\d{1,3}))?\s*$")


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


def _links(tree: LexborHTMLParser, number: int | None) -> list[tuple[dict[str, str], str]]:
    """(query, text) of the page's links to views of its own tournament."""
    if number is None:
        return []
    found = []
    for link in tree.css("a[href]"):
        href = link.attributes.get("href") or ""
        if f"tnr{number}.aspx" not in href.lower().replace(" ", ""):
            continue
        query = {k.lower(): v for k, v in parse_qsl(urlsplit(href).query)}
        found.append((query, node_text(link)))
    return found


def _is_team_page(links: list[tuple[dict[str, str], str]]) -> bool:
    return any(q.get("art", "").isdigit() and int(q["art"]) in (16, 32) for q, _ in links)


def _navigation(
    tree: LexborHTMLParser, links: list[tuple[dict[str, str], str]], number: int | None
) -> tuple[int | None, int | None]:
    """(last paired round, number of rounds) from the navigation's pairings row.

    The row lists the rounds paired ("Rd.1, Rd.2, …, Rd.7/9": the last one with the number
    of rounds, when Swiss-Manager was given it); the round of the page itself is no link but
    the current page's mark (``<i><b>Rd.2/7</b></i>``). A team event lists its board
    pairings (art=3) the same way.
    """
    if number is None:
        return None, None
    own = f"tnr{number}.aspx"
    for cell in tree.css("td"):
        if len(cell.css("td")) != 1:  # the innermost cell of the row only
            continue
        hrefs = [(a.attributes.get("href") or "").lower().replace(" ", "") for a in cell.css("a")]
        if not any(own in h and re.search(r"[?&]art=[23](?:&|$)", h) for h in hrefs):
            continue
        last = total = None
        for entry in [*cell.css("a"), *cell.css("b")]:
            match = _NAV_ENTRY.search(node_text(entry))
            if match:
                last = max(last or 0, int(match.group(1)))
                if match.group(2):
                    total = int(match.group(2))
        if last is not None:
            return last, total
    return None, None


def _final_rounds(tree: LexborHTMLParser, links: list[tuple[dict[str, str], str]]) -> int | None:
    """The number of rounds of a finished event, from the final ranking's heading or menu
    link ("Final Ranking after 9 Rounds")."""
    texts = [text for query, text in links if query.get("art") in ("1", "4")]
    texts += [node_text(h) for h in tree.css("h2")]
    for text in texts:
        for pattern in FINAL_RANKING:
            match = pattern.search(text)
            if match:
                return int(match.group(1))
    return None


def _cut(links: list[tuple[dict[str, str], str]], query: dict[str, str]) -> bool:
    """Whether the list was cut (a "Show complete list" link with ``zeilen=99999``)."""
    if query.get("zeilen") == "99999":
        return False
    return any(q.get("zeilen") == "99999" and "prt" not in q for q, _ in links)


def _details(tree: LexborHTMLParser) -> dict[str, str]:
    """The tournament details (label → value) shown with ``turdet=YES``."""
    details: dict[str, str] = {}
    wanted = ("date", "rounds", "location", "federation_detail", "tournament_type")
    for row in tree.css("div.defaultDialog table tr"):
        cells = row.css("td")
        if len(cells) != 2:
            continue
        label = node_text(cells[0])
        key = label_key(label)
        if key.startswith(TIME_CONTROL_PREFIXES) and "time_control" not in details:
            inner = re.search(r"\(([^)]{1,30})\)", label)
            value = node_text(cells[1])
            details["time_control"] = f"{inner.group(1)}: {value}" if inner else value
            continue
        if key in RATING_CALCULATION and "rating_calculation" not in details:
            details["rating_calculation"] = node_text(cells[1])
        if key in FIDE_EVENT_ID and "fide_event_id" not in details:
            details["fide_event_id"] = node_text(cells[1])
        for meaning in wanted:
            if key in COLUMN_LABELS[meaning] and meaning not in details:
                details[meaning] = node_text(cells[1])
    return details


def _refuse_empty(tree: LexborHTMLParser, where: str) -> None:
    body = tree.body
    lowered = (node_text(body) if body is not None else "").casefold()
    if any(hint in lowered for hint in _BLOCK_HINTS):
        raise BlockedPage(
            f"{where}: chess-results.com answered with a page refusing service "
            "instead of the tournament; wait a while and try again",
            code="page.blocked",
            params={"context": place_of(where)},
            field="page",
        )
    raise NotATournamentPage(
        f"{where}: not a chess-results tournament view (no results table found)",
        code="page.not_view",
        params={"context": place_of(where)},
        field="page",
    )


def parse_page(html: str | bytes, *, where: str = "page") -> ParsedPage:
    """Read one chess-results page.

    Raises :class:`NotATournamentPage` for anything that is not a known view
    (naming the page's language when its labels are not known) and
    :class:`BlockedPage` for a refusal page. A page of a team event is read by
    :mod:`._teams` (board pairings, team pairings, players; any other view of a
    team event is kept for its details as a ``team event page``). A pairings
    page of a round not paired yet (no table) is read as such (``unpaired_round``).
    """
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    tree = LexborHTMLParser(html)
    number, art, lan, query = _page_params(tree)
    root = tree.css_first("html")
    language = language_name(lan, root.attributes.get("lang") if root is not None else None)
    headings = [node_text(h) for h in tree.css("h2")]
    links = _links(tree, number)
    last_round, total_rounds = _navigation(tree, links, number)
    base = ParsedPage(
        kind=ART_KINDS.get(art, "") if art is not None else "",
        number=number,
        art=art,
        language=lan,
        language_name=language,
        name=headings[0] if headings else "",
        details=_details(tree),
        team_event=_is_team_page(links) or (art is not None and art in TEAM_ARTS),
        last_round=last_round,
        total_rounds=total_rounds,
        final_rounds=_final_rounds(tree, links),
        cut_rows=_cut(links, query),
    )
    tables = tree.css("table.CRs1")
    if base.team_event and art not in (9, 14):
        return parse_team_page(base, tree, query, where)
    if not tables:
        if art == 2 and number is not None:  # a round not paired yet: the heading, no table
            rd = to_int(query.get("rd", ""))
            return replace(base, kind=PAIRINGS, unpaired_round=rd or (last_round or 0) + 1)
        _refuse_empty(tree, where)
    rows = rows_of(tables[0])
    if art == 4:
        if _lists_teams(rows):
            raise TeamEventNotSupported(
                f"{where}: tournament {number or ''} is a team event (its crosstable lists "
                "teams); save the board pairings of all rounds (art=3) and the player list "
                "(art=16) instead",
                code="page.team_event",
                params={"number": str(number or ""), "context": place_of(where)},
                field="page",
            )
        raise NotATournamentPage(
            f"{where}: this is the crosstable keyed by rank (art=4), whose cells name ranks, "
            "not start numbers; save the starting-rank crosstable (art=5) instead",
            code="page.rank_crosstable",
            params={"context": place_of(where)},
            field="page",
        )
    kind = base.kind or _guess_kind(rows)
    base = replace(base, kind=kind or "")
    if kind == PLAYER_CARD:
        return replace(base, players=(_parse_card(tables, query, where),))
    if kind == ROUND_DATES:
        return replace(base, round_dates=_parse_round_dates(rows))
    if kind == PAIRINGS:
        return parse_pairings(base, tree, rows, query, where)
    if kind == CROSSTABLE:
        body = tree.body
        legend = points_tie_break(body.text(separator="\n") if body is not None else "")
        return parse_crosstable(base, rows, where, tie_break=legend)
    if kind in (STARTING_RANK, RANKING, NOT_PAIRED):
        players, (_, _, columns) = parse_list(rows, where, kind, language)
        return replace(base, players=tuple(players), rating_columns=rating_columns(columns))
    raise NotATournamentPage(
        f"{where}: a chess-results page, but not a view wertung reads "
        f"(art={art}); save the starting rank and the starting-rank crosstable",
        code="page.unread_view",
        params={"art": str(art), "context": place_of(where)},
        field="page",
    )


def _lists_teams(rows: Rows) -> bool:
    return any(label_key(node_text(c)) in TEAM_LABELS for _, cells in rows[:3] for c in cells)


def _guess_kind(rows: Rows) -> str | None:
    """The view of a page without a form action, from its header labels."""
    for _, cells in rows[:3]:
        labels = [node_text(c) for c in cells]
        columns = column_map(labels)
        if "result" in columns and "board" in columns:
            return PAIRINGS
        if "name" in columns and "points" in columns:
            before = labels[columns["name"] : columns["points"]]
            if any(SWISS_ROUND_HEADER.fullmatch(x) or RR_HEADER.fullmatch(x) for x in before):
                return CROSSTABLE
            return RANKING
        if "name" in columns:
            return STARTING_RANK
    if rows and len(rows[0][1]) == 2:
        return PLAYER_CARD
    return None


def _parse_card(tables: list[LexborNode], query: dict[str, str], where: str) -> PlayerRow:
    values: dict[str, str] = {}
    for table in tables:
        for row in table.css("tr"):
            cells = row.css("td")
            if len(cells) == 2:
                values.setdefault(label_key(node_text(cells[0])), node_text(cells[1]))
    birth = next((values[k] for k in COLUMN_LABELS["birth_year"] if k in values), "")
    number = to_int(values.get(label_key("Starting rank"), "")) or to_int(query.get("snr", ""))
    if number is None:
        raise NotATournamentPage(
            f"{where}: the player card names no starting rank",
            code="page.card_no_rank",
            params={"context": place_of(where)},
            field="page",
        )
    year = to_int(birth)
    return PlayerRow(
        number=number,
        name=values.get(label_key("Name"), ""),
        birth_year=year if year and 1880 <= year <= 2100 else None,
        fide_rating=to_rating(values.get(label_key("Rating international"), "")),
        national_rating=to_rating(values.get(label_key("Rating national"), "")),
    )


def _parse_round_dates(rows: Rows) -> dict[int, dt.date]:
    dates: dict[int, dt.date] = {}
    for _, cells in rows:
        texts = [node_text(c) for c in cells]
        if not texts:
            continue
        match = re.match(r"\D{0,12}?(\d{1,3})\b", texts[0])
        found = dates_in(" ".join(texts[1:]) if len(texts) > 1 else texts[0])
        if match and found:
            dates.setdefault(int(match.group(1)), found[0])
    return dates

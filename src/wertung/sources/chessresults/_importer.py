"""Importing a whole tournament: from a link (network) or from saved pages."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wertung.kernel.errors import FormatError, Place, inner
from wertung.sources.chessresults._assemble import build_tournament
from wertung.sources.chessresults._cache import CachedPage
from wertung.sources.chessresults._client import Client, Page, View
from wertung.sources.chessresults._data import BOARD_PAIRINGS, CROSSTABLE, PAIRINGS, ParsedPage
from wertung.sources.chessresults._errors import NotATournamentPage
from wertung.sources.chessresults._links import canonical_link, tournament_number
from wertung.sources.chessresults._page import parse_page
from wertung.sources.chessresults._text import dates_in
from wertung.sources.chessresults._where import (
    SAVED_PAGES,
    page_place,
    tournament_place,
    view_place,
)
from wertung.tournament._model import Tournament

Progress = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class CachePolicy:
    """How old a cached page may be.

    A tournament counts as ended the day after its end date (the last round
    date, or the end of the details' date range). Pages of an ended tournament
    are reused for ``finished`` seconds (default 3 days), pages of a running or
    undated one for ``live`` seconds (default 5 minutes). ``today`` is
    injectable for tests.
    """

    finished: float = 3 * 24 * 3600.0
    live: float = 5 * 60.0
    today: Callable[[], dt.date] = field(default=dt.date.today)

    def ended(self, end_date: dt.date | None) -> bool:
        """Whether a tournament with this end date has ended."""
        return end_date is not None and end_date < self.today()

    def max_age(self, end_date: dt.date | None) -> float:
        """The accepted age of a page of a tournament with this end date."""
        return self.finished if self.ended(end_date) else self.live

    def max_age_of(self, page: CachedPage) -> float:
        """The accepted age of a cached page that may name its own dates."""
        try:
            parsed = parse_page(page.body)
        except Exception:  # a cached page we cannot read is simply refetched
            return 0.0
        return self.max_age(_end_date([parsed]))


def _end_date(pages: Iterable[ParsedPage]) -> dt.date | None:
    dates = [d for p in pages for d in p.round_dates.values()]
    dates += [d for p in pages for d in dates_in(p.details.get("date", ""))]
    return max(dates, default=None)


def import_tournament(
    link_or_number: str | int,
    *,
    client: Client | None = None,
    birth_years: bool = False,
    progress: Progress | None = None,
    policy: CachePolicy | None = None,
    check_points: bool = False,
) -> Tournament:
    """Import a chess-results.com tournament from a pasted link or its number.

    Reads the starting rank with details (ratings, dates), the round dates and
    the starting-rank crosstable (results); for a round robin also the pairings
    (rounds and colours); with ``birth_years=True`` every player's card (one
    request per player, paced). A team event (told by the first page) is read
    from its player list (art=16) and the board pairings of all rounds (art=3)
    instead: 4 requests, a :class:`Tournament` with ``teams``. ``progress``
    receives one line per step.

    Whatever keeps the games from being fully accounted for (points that do not
    add up, missing rounds or ratings) is recorded in ``Tournament.incomplete``
    (``check_points=True``: points that do not add up raise
    :class:`PointsMismatch`); a running event gets ``played_rounds``. When the round
    after the last complete one is paired (the navigation's "Rd.N/M" or the crosstable's
    cells say so), its pairings (art=2&rd=N) are read too: one more request, giving
    ``Tournament.upcoming`` with board numbers and any result the crosstable lacks.

    Raises :class:`~wertung.SourceError` (bad link, network, refusal) or
    :class:`~wertung.FormatError` (a page that cannot be read, a tournament
    without results).
    """
    number = tournament_number(link_or_number)
    policy = policy or CachePolicy()
    own = client is None
    client = client or Client()
    say = progress or (lambda message: None)
    try:
        pages: list[ParsedPage] = []

        def get(
            view: View, what: str, max_age: float | Callable[[CachedPage], float], **params: object
        ) -> ParsedPage:
            page: Page = client.fetch(number, view, max_age=max_age, **params)
            say(f"tournament {number}: {what}" + (" (cached)" if page.from_cache else ""))
            return parse_page(page.text, where=view_place(number, what, page.url))

        start = get(View.STARTING_RANK, "starting rank", policy.max_age_of, turdet="YES")
        pages.append(start)
        try:
            pages.append(get(View.ROUND_DATES, "round dates", policy.max_age_of))
        except NotATournamentPage:
            say(f"tournament {number}: round dates not readable; using the details' dates")
        max_age = policy.max_age(_end_date(pages))
        if start.team_event:
            say(f"tournament {number}: a team event; reading the player list and every board")
            pages.append(get(View.TEAM_PLAYERS, "player list (team event)", max_age))
            boards = get(View.BOARD_PAIRINGS, "board pairings (all rounds)", max_age)
            if boards.kind != BOARD_PAIRINGS:
                raise FormatError(
                    f"tournament {number}: the board pairings view came back as a "
                    f"{boards.kind or 'unknown'} page",
                    code="importer.boards_kind",
                    params={"number": str(number), "kind": str(boards.kind or "unknown")},
                    field="page",
                )
            pages.append(boards)
            return _built(pages, number, check_points, say)
        crosstable = get(View.CROSSTABLE, "crosstable", max_age)
        if crosstable.kind != CROSSTABLE:
            raise FormatError(
                f"tournament {number}: the crosstable view came back as a {crosstable.kind} page",
                code="importer.view_kind",
                params={"number": str(number), "kind": str(crosstable.kind)},
                field="page",
            )
        pages.append(crosstable)
        if crosstable.round_robin:
            pages.append(get(View.PAIRINGS, "pairings (round robin)", max_age))
        if birth_years:
            count = len(crosstable.players)
            for index, row in enumerate(crosstable.players, start=1):
                pages.append(
                    get(View.PLAYER_CARD, f"player card {index}/{count}", max_age, snr=row.number)
                )
        tournament = build_tournament(
            pages, source=canonical_link(number), check_points=check_points,
            where=tournament_place(number),
        )  # fmt: skip
        next_round = _next_round_paired(tournament, pages)
        if next_round is not None and not crosstable.round_robin:
            try:
                pairings = get(View.PAIRINGS, f"pairings of round {next_round}", max_age,
                               rd=next_round)  # fmt: skip
            except NotATournamentPage as exc:
                say(f"tournament {number}: the pairings of round {next_round} are not "
                    f"readable ({exc.message}); the crosstable's pairings are used")  # fmt: skip
            else:
                if pairings.kind == PAIRINGS:
                    pages.append(pairings)
                    return _built(pages, number, check_points, say)
        return _reported(tournament, number, say)
    finally:
        if own:
            client.close()


def _next_round_paired(tournament: Tournament, pages: list[ParsedPage]) -> int | None:
    """The round after the last complete one, when it is paired (the navigation's "Rd.N/M"
    or the crosstable's cells say so) and not over yet; None for a finished event."""
    played = tournament.played_rounds
    if played is None or (tournament.rounds is not None and played >= tournament.rounds):
        return None
    wanted = played + 1
    last = max((p.last_round for p in pages if p.last_round), default=0)
    shown = any(g.round == wanted for g in (*tournament.upcoming, *tournament.games))
    return wanted if last >= wanted or shown else None


def _built(pages: list[ParsedPage], number: int, check_points: bool, say: Progress) -> Tournament:
    tournament = build_tournament(
        pages, source=canonical_link(number), check_points=check_points,
        where=tournament_place(number),
    )  # fmt: skip
    return _reported(tournament, number, say)


def _reported(tournament: Tournament, number: int, say: Progress) -> Tournament:
    teams = f"{len(tournament.teams)} teams, " if tournament.teams else ""
    upcoming = f", {len(tournament.upcoming)} pairings to play" if tournament.upcoming else ""
    say(
        f"tournament {number}: {teams}{len(tournament.players)} players, "
        f"{len(tournament.games)} games{upcoming}"
    )
    return tournament


def parse_saved_pages(
    paths_or_texts: Iterable[str | bytes | os.PathLike[str]] | str | bytes | os.PathLike[str],
    *,
    check_points: bool = False,
) -> Tournament:
    """A tournament from chess-results pages saved from a browser.

    Give the starting-rank crosstable (or the pairings) and, for the ratings,
    the starting rank; player cards and the round dates may be added. For a
    team event give the board pairings of all rounds (art=3) and the player
    list (art=16). Each item
    is a path or the page's HTML text; each page is identified by its content,
    so the order does not matter. Pairings without start numbers are matched
    to the crosstable or starting rank by name and rating. What is missing is
    recorded in ``Tournament.incomplete`` (see :func:`import_tournament`).
    """
    if isinstance(paths_or_texts, (str, bytes, os.PathLike)):
        paths_or_texts = [paths_or_texts]
    pages: list[ParsedPage] = []
    for position, item in enumerate(paths_or_texts, start=1):
        html, where = _read(item, position)
        pages.append(parse_page(html, where=where))
    if not pages:
        raise FormatError(
            "no pages given; save the starting-rank crosstable",
            code="importer.no_pages",
            field="page",
        )
    return build_tournament(pages, check_points=check_points, where=SAVED_PAGES)


def _read(item: str | bytes | os.PathLike[str], position: int) -> tuple[str | bytes, str | Place]:
    if isinstance(item, bytes):
        return item, page_place(position)
    if isinstance(item, str) and ("<" in item or "\n" in item or len(item) > 4096):
        return item, page_place(position)
    if not isinstance(item, (str, os.PathLike)):
        raise FormatError(
            f"page {position}: {type(item).__name__} is not a path or HTML text",
            code="importer.not_page",
            params={"number": position, "kind": str(type(item).__name__)},
        )
    path = Path(item)
    try:
        return path.read_bytes(), str(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise FormatError(
            f"{path}: cannot read the file ({getattr(exc, 'strerror', None) or exc})",
            code="file.cannot_read_file",
            params={"path": str(path), "reason": inner(getattr(exc, "strerror", None) or exc)},
            field="page",
        ) from exc

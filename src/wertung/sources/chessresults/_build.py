"""Joining the parsed pages of one tournament into a :class:`~wertung.tournament._model.Tournament`.

Never a silent partial: whatever keeps the games from being fully accounted
for (rounds whose pairings were not given, totals that the games do not give,
a list cut short, no ratings at all) goes into ``Tournament.incomplete``; a
running event gets ``played_rounds`` and a note "after round N of M".
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from wertung.kernel.errors import FormatError, inner, message, place_of
from wertung.kernel.results import GameResult
from wertung.kernel.time_control import classify
from wertung.sources.chessresults._build_results import _SHOWN, _Builder, _plural
from wertung.sources.chessresults._data import (
    CROSSTABLE,
    NOT_PAIRED,
    PAIRINGS,
    RANKING,
    ROUND_DATES,
    STARTING_RANK,
    ParsedPage,
    PlayerRow,
)
from wertung.sources.chessresults._errors import TournamentNotStarted
from wertung.sources.chessresults._games import Results
from wertung.sources.chessresults._join import (
    Matcher,
    merge,
    numbered_pairings,
    player_rows,
    rows_from_pairings,
)
from wertung.sources.chessresults._links import canonical_link
from wertung.sources.chessresults._rating_reading import RatingReading, rating_reading
from wertung.sources.chessresults._rounds import event_rounds, in_progress, missing_later
from wertung.sources.chessresults._rounds import ranges as _ranges
from wertung.sources.chessresults._text import dates_in, to_int
from wertung.tournament._model import Game, Player, Tournament


def build_individual(
    pages: Sequence[ParsedPage],
    number: int | None,
    *,
    source: str | None = None,
    check_points: bool = False,
    where: str = "chess-results",
) -> Tournament:
    """Join the pages of one individual event (:func:`._assemble.build_tournament`
    has checked that they are of one tournament and not of a team event)."""
    label = f"tournament {number}" if number else "the tournament"
    builder = _Builder(pages, where, check_points)
    crosstables = [p for p in pages if p.kind == CROSSTABLE]
    pairing_pages = [p for p in pages if p.kind == PAIRINGS and p.pairings]
    unpaired = {p.unpaired_round for p in pages if p.kind == PAIRINGS and p.unpaired_round}
    if not crosstables and not pairing_pages:
        _no_results(pages, where, label, unpaired)
    rows = player_rows(pages, where)
    if not any(p.kind in (CROSSTABLE, STARTING_RANK, RANKING) for p in pages) and numbered_pairings(
        pairing_pages
    ):
        from_pairings = rows_from_pairings(pairing_pages)
        rows = {n: merge(from_pairings.get(n), rows[n]) if n in rows else row
                for n, row in {**from_pairings, **rows}.items()}  # fmt: skip
        builder.notes.append(
            "players taken from the pairings (no starting rank given): no FIDE ids or clubs"
        )
    if not rows:
        raise FormatError(
            f"{where}: the pairings name the players only by name and rating (no 'No.' "
            "columns); add the starting rank (art=0) or the starting-rank crosstable "
            "(art=5) so that they can be matched",
            code="build.names_only",
            params={"context": place_of(where)},
            field="page",
        )
    matcher = Matcher(rows, where)
    boards = [matcher.board(pr) for page in pairing_pages for pr in page.pairings]
    listed_only = {b.round for b in boards} - {b.round for b in boards if b.black is not None}
    if listed_only:
        # a round whose page shows only the players not paired: the round is not paired yet
        boards = [b for b in boards if b.round not in listed_only]
        unpaired |= listed_only
    if crosstables:
        table = crosstables[0]
        results = builder.from_crosstable(table, boards, rows)
        builder.notes.extend(table.notes)
    else:
        results = builder.from_pairings(boards, rows)
    if not any(g.result is not GameResult.NOT_PLAYED for g in results.games):
        _not_started(results, pages, where, label, unpaired)
    highest = max([*results.done, *(r for r, n in results.open.items() if n)], default=0)
    known = event_rounds(pages, highest, len(rows))
    total = known.total
    played = builder.progress(results, total, unpaired)  # drops rounds that list byes only
    kept = {g.round for g in results.games} | {b.round for b in results.byes}
    seen = kept | {r for r, n in results.open.items() if n}
    for reason in [*in_progress(results), *missing_later(known, seen, unpaired, not crosstables)]:
        builder.missing_later(reason)
    if played is None and builder.later and kept:  # as it is, it would look finished
        played = max(kept)
    _ratings(builder, pages, rows)
    page_totals = _page_totals(pages, crosstables, builder)
    german = _german(pages, rows.values())
    reading = rating_reading(pages, rows.values(), german=german)
    players = tuple(
        _player(row, reading, german, page_totals)
        for row in sorted(rows.values(), key=lambda r: r.number)
    )
    if reading.note:
        builder.notes.append(reading.note)
    elif german and any(r.national_rating for r in rows.values()):
        builder.notes.append("German event: the national rating (RtgN) is taken as the DWZ")
    start, end = _dates(pages)
    if end is not None and not any(
        p.kind == ROUND_DATES or dates_in(p.details.get("date", "")) for p in pages
    ):
        builder.notes.append(
            f"end date {end.isoformat()} from the round headings of the pairings (no tournament "
            "dates given: add the starting rank with details or the round dates)"
        )
    rounds = total or (
        None  # the pages do not say, and later rounds may be missing
        if builder.later
        else max([*(g.round for g in results.games), *(b.round for b in results.byes), 0]) or None
    )
    time_control = next(
        (p.details["time_control"] for p in pages if p.details.get("time_control")), None
    )
    kind = classify(time_control)
    tournament = Tournament(
        name=next((p.name for p in pages if p.name), ""),
        end_date=end,
        start_date=start,
        players=players,
        games=tuple(results.games),
        byes=tuple(results.byes),
        rounds=rounds,
        place=next((p.details["location"] for p in pages if p.details.get("location")), None),
        source=source or (canonical_link(number) if number else None),
        notes=tuple(dict.fromkeys(builder.notes)),
        time_control=kind.kind if kind else None,
        time_control_text=time_control,
        played_rounds=played,
        incomplete=tuple(dict.fromkeys(builder.incomplete)),
        upcoming=tuple(sorted(results.upcoming, key=_board_order)),
        incomplete_later=tuple(dict.fromkeys(builder.later)),
        points_checked=bool(page_totals),  # the totals given were checked (check_totals, ranking)
        round_dates=_round_dates(pages),
    )
    try:
        tournament.validate()
    except ValueError as exc:
        raise FormatError(
            f"{where}: the pages do not form a consistent tournament: {exc}",
            code="build.inconsistent",
            params={"detail": inner(exc), "context": place_of(where)},
        ) from exc
    check_upcoming(tournament, where)
    return tournament


def _board_order(game: Game) -> tuple[int, int, int, str]:
    board = game.board if game.board is not None else 1 << 20
    return game.round, board, to_int(game.white) or 0, game.white


def check_upcoming(tournament: Tournament, where: str) -> None:
    """Each player at most once per round among the games, byes and upcoming pairings."""
    seen = {(g.round, pid) for g in tournament.games for pid in (g.white, g.black)}
    seen |= {(b.round, b.player) for b in tournament.byes}
    for game in tournament.upcoming:
        for pid in (game.white, game.black):
            if (game.round, pid) in seen:
                raise FormatError(
                    f"{where}: round {game.round}: player {pid} is paired twice (a pairing "
                    f"{game.white}–{game.black} without result and another entry); are the "
                    "pages from the same tournament?",
                    code="build.paired_twice",
                    params={
                        "round": game.round,
                        "id": str(pid),
                        "white": str(game.white),
                        "black": str(game.black),
                        "context": place_of(where),
                    },
                    field="pairings",
                    round=game.round,
                    player=pid,
                )
            seen.add((game.round, pid))


def _no_results(pages: Sequence[ParsedPage], where: str, label: str, unpaired: set[int]) -> None:
    if unpaired:
        first = min(unpaired)
        if first == 1:
            dates = next((p.details["date"] for p in pages if p.details.get("date")), "")
            when = f" (it is scheduled for {dates})" if dates else ""
            raise TournamentNotStarted(
                f"{where}: {label} has not started: round 1 is not paired yet{when}",
                code="build.not_paired_round1_when" if dates else "build.not_paired_round1",
                params={
                    "label": label,
                    "context": place_of(where),
                    **({"dates": dates} if dates else {}),
                },
                field="page",
            )
        raise TournamentNotStarted(
            f"{where}: the pages hold no results: round {_ranges(unpaired)} is not paired yet; "
            "give the starting-rank crosstable (art=5) or the pairings of the rounds played",
            code="build.round_unpaired",
            params={"rounds": str(_ranges(unpaired)), "context": place_of(where)},
            field="page",
        )
    kinds = ", ".join(sorted({p.kind for p in pages if p.kind})) or "none"
    hint = (
        "; the not-paired list (art=40) shows only the players without a game"
        if any(p.kind == NOT_PAIRED for p in pages)
        else ""
    )
    raise TournamentNotStarted(
        f"{where}: none of the pages has results (found: {kinds}){hint}; give the "
        "starting-rank crosstable (art=5) or the pairings",
        code="build.none_results",
        params={
            "kinds": str(kinds),
            "hint": message("build.not_paired_hint") if hint else "",
            "context": place_of(where),
        },
        field="page",
    )


def _not_started(
    results: Results, pages: Sequence[ParsedPage], where: str, label: str, unpaired: set[int]
) -> None:
    paired = sorted(set(results.open))
    if paired and paired[0] == 1:
        raise TournamentNotStarted(
            f"{where}: {label} has not started: round 1 is paired but no result is in yet",
            code="build.round1_no_results",
            params={"label": label, "context": place_of(where)},
            field="page",
        )
    if paired:
        raise TournamentNotStarted(
            f"{where}: the pages hold no results yet: round {paired[0]} is paired but none of "
            "its results is in; give the starting-rank crosstable (art=5) or the pairings of "
            "the rounds played",
            code="build.no_results_yet",
            params={"round": paired[0], "context": place_of(where)},
            field="page",
        )
    if unpaired or not any(p.kind == CROSSTABLE for p in pages):
        _no_results(pages, where, label, unpaired)
    raise TournamentNotStarted(
        f"{where}: {label} has not started: the crosstable has no results yet",
        code="build.not_started",
        params={"label": label, "context": place_of(where)},
        field="page",
    )


def _ratings(builder: _Builder, pages: Sequence[ParsedPage], rows: dict[int, PlayerRow]) -> None:
    if rows and not any(r.rating or r.fide_rating or r.national_rating for r in rows.values()):
        hint = (
            "add the starting rank (art=0)"
            if not any(p.kind == STARTING_RANK for p in pages)
            else "the starting rank shows every player unrated"
        )
        builder.incomplete.append(f"no ratings: the pages give no player's rating; {hint}")
    lists = [p for p in pages if p.kind == STARTING_RANK]
    if lists:
        listed = {r.number for p in lists for r in p.players}
        absent = sorted(set(rows) - listed)
        if absent:
            cut = any(p.cut_rows for p in lists)
            why = " (the page was cut; save it after 'Show complete list')" if cut else ""
            builder.incomplete.append(
                f"the starting rank lists {len(listed)} of {len(rows)} players{why}: no rating "
                f"data for {_plural(len(absent), 'player')} ({', '.join(map(str, absent[:_SHOWN]))}"
                f"{', …' if len(absent) > _SHOWN else ''})"
            )


def _page_totals(
    pages: Sequence[ParsedPage], crosstables: list[ParsedPage], builder: _Builder
) -> dict[int, Fraction | None]:
    """The page's own totals, where they cover exactly the games in the tournament."""
    if crosstables:
        if not builder.totals_valid:
            return {}
        return {r.number: r.points for r in crosstables[0].players}
    rankings = [p for p in pages if p.kind == RANKING]
    if not rankings or builder.rounds_missing:
        return {}
    return {r.number: r.points for r in rankings[0].players}


def _player(
    row: PlayerRow, reading: RatingReading, german: bool, page_totals: dict[int, Fraction | None]
) -> Player:
    dwz, fide, national = reading.ratings(row, german=german)
    return Player(
        id=str(row.number),
        name=row.name,
        dwz=dwz,
        birth_year=row.birth_year,
        fide_rating=fide,
        fide_id=row.fide_id,
        federation=row.federation,
        title=row.title,
        club=row.club,
        sex=row.sex,
        national_rating=national,
        fide_k=row.fide_k,
        points=page_totals.get(row.number),
    )


def _german(pages: Sequence[ParsedPage], players: Iterable[PlayerRow]) -> bool:
    for page in pages:
        federation = page.details.get("federation_detail", "")
        if re.search(r"\(\s*GER\s*\)", federation) or "Germany" in federation:
            return True
    feds = Counter(p.federation for p in players if p.federation)
    return (
        bool(feds) and feds.most_common(1)[0][0] == "GER" and feds["GER"] * 2 > sum(feds.values())
    )


def _round_dates(pages: Sequence[ParsedPage]) -> tuple[dt.date | None, ...]:
    """Each round's date: the round-dates view (art=14) first, then the headings of the
    pairings pages ("Round 3 on 2026/08/03"); None for a round neither dates."""
    table: dict[int, dt.date] = {}
    for listed in (True, False):
        for page in pages:
            if (page.kind == ROUND_DATES) is listed:
                for number, day in sorted(page.round_dates.items()):
                    if 1 <= number <= MAX_ROUND_DATES:
                        table.setdefault(number, day)
    return tuple(table.get(r) for r in range(1, max(table, default=0) + 1))


#: The highest round a round date is kept for (a page naming round 10,000 is no tournament's).
MAX_ROUND_DATES = 999


def _dates(pages: Sequence[ParsedPage]) -> tuple[dt.date | None, dt.date | None]:
    """(start, end): the round-dates view wins; a pairings page's heading dates only the
    rounds it shows, so the details' range comes before it."""
    listed = [d for p in pages if p.kind == ROUND_DATES for d in p.round_dates.values()]
    headings = [d for p in pages if p.kind != ROUND_DATES for d in p.round_dates.values()]
    detail_dates = [d for p in pages for d in dates_in(p.details.get("date", ""))]
    start = (
        min(detail_dates, default=None) or min(listed, default=None) or min(headings, default=None)
    )
    end = (
        max(listed, default=None) or max(detail_dates, default=None) or max(headings, default=None)
    )
    return start, end

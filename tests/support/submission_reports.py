"""A clean DSB report (a four-player round robin nothing is wrong with) and a DSB list
lookup that confirms its players, for the pre-submission check's tests."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace

from wertung.formats.dsb_report import Report, ReportGame, ReportPlayer
from wertung.submission import ListMatch, ListMembership

UUID = "0b7e2c1e-4b7a-5d2f-9a57-3f1f7c0d9a11"
DAY = dt.date(2026, 9, 1)
#: Today for the clean report: five days after its last round.
TODAY = dt.date(2026, 9, 20)


def player(
    number: int, surname: str, forename: str, year: int | None, **more: object
) -> ReportPlayer:
    values: dict[str, object] = {
        "dsb_id": f"NU100000{number}", "zps": "Z0101", "member_number": number, "club": "SK Ilmenau",
    }  # fmt: skip
    values.update(more)
    return ReportPlayer(number, surname, forename, year, **values)  # type: ignore[arg-type]


PLAYERS = (
    player(1, "Muster", "Max", 1990),
    player(2, "Weiß", "Anna", 2001),
    player(3, "Bäumer", "Jürgen", 1968),
    player(4, "Schulz", "Eva", 1975),
)
#: Round 1 on 1 September, round 2 on the 8th, round 3 on the 15th.
GAMES = (
    ReportGame(1, 1, 4, "1", "0", DAY),
    ReportGame(1, 2, 3, "0.5", "0.5", DAY),
    ReportGame(2, 4, 3, "0", "1", DAY + dt.timedelta(days=7)),
    ReportGame(2, 1, 2, "0.5", "0.5", DAY + dt.timedelta(days=7)),
    ReportGame(3, 2, 4, "1", "0", DAY + dt.timedelta(days=14)),
    ReportGame(3, 3, 1, "0", "1", DAY + dt.timedelta(days=14)),
)

CLEAN = Report(
    tournament_uuid=UUID,
    label="Vereinsmeisterschaft 2026",
    tournament_type="SR",
    time_control="90 min + 30 s",
    rounds=3,
    start_date=DAY,
    end_date=DAY + dt.timedelta(days=14),
    location="Ilmenau",
    players=PLAYERS,
    games=GAMES,
)


def with_player(report: Report, which: int, /, **changes: object) -> Report:
    """``report`` with the player of number ``which`` changed."""
    players = tuple(replace(p, **changes) if p.number == which else p for p in report.players)  # type: ignore[arg-type]
    return replace(report, players=players)


def with_game(report: Report, index: int, **changes: object) -> Report:
    """``report`` with its ``index``-th game changed."""
    games = list(report.games)
    games[index] = replace(games[index], **changes)  # type: ignore[arg-type]
    return replace(report, games=tuple(games))


def confirming(players: Sequence[ReportPlayer]) -> list[ListMatch]:
    """The list knows each player exactly as the report gives him (by his PKZ)."""
    out = []
    for p in players:
        given = bool(p.dsb_id) or (bool(p.zps) and p.member_number is not None)
        membership = (
            ListMembership(p.zps, str(p.member_number), p.club) if isinstance(p.zps, str) else None
        )
        out.append(
            ListMatch("pkz" if p.dsb_id else "name+birth_year", exact=True, name=p.name,
                      pkz=p.dsb_id, birth_year=p.birth_year if isinstance(p.birth_year, int) else None,
                      membership=membership, given_id_found=True if given else None)
        )  # fmt: skip
    return out


def lookup_of(**answers: ListMatch | None):  # type: ignore[no-untyped-def]
    """A lookup confirming every player but those named ``p<number>=answer``."""

    def lookup(players: Sequence[ReportPlayer]) -> list[ListMatch | None]:
        base = confirming(players)
        return [answers.get(f"p{p.number}", base[i]) if f"p{p.number}" in answers else base[i]
                for i, p in enumerate(players)]  # fmt: skip

    return lookup

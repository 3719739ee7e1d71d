"""Writing a tournament as a TRF (TRF16 columns, the TRF-2026 records 142, 222 and national).

Used through :func:`wertung.formats.trf.dumps` and :func:`wertung.formats.trf.write`.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from wertung.formats._crosstable import HALF, computed_points
from wertung.formats._trf_dates import trf_dates
from wertung.formats._trf_time import encoded
from wertung.kernel.errors import FormatError, inner
from wertung.kernel.results import BYE_POINTS, GameResult
from wertung.tournament._model import Bye, Tournament

__all__ = ["dumps", "write"]

_DIGITS = re.compile(r"[0-9]+")


def _start_numbers(tournament: Tournament) -> dict[str, int]:
    ids = [p.id for p in tournament.players]
    if all(_DIGITS.fullmatch(i) and 1 <= int(i) <= 9999 for i in ids) and len(
        {int(i) for i in ids}
    ) == len(ids):
        return {i: int(i) for i in ids}
    if len(ids) > 9999:
        raise FormatError(
            "TRF holds at most 9999 players", code="trf.too_many_players", field="players"
        )
    return {i: n for n, i in enumerate(ids, start=1)}


def _code_for_bye(bye: Bye) -> str:
    if bye.kind is not None and BYE_POINTS[bye.kind] == bye.points:
        return bye.kind.value
    return {Fraction(1): "F", HALF: "H", Fraction(0): "Z"}.get(bye.points, "Z")


_WRITE_CODES: dict[GameResult, tuple[str, str]] = {
    GameResult.WHITE_WINS: ("1", "0"),
    GameResult.BLACK_WINS: ("0", "1"),
    GameResult.DRAW: ("=", "="),
    GameResult.BOTH_LOSE: ("0", "0"),
    GameResult.WHITE_WINS_FORFEIT: ("+", "-"),
    GameResult.BLACK_WINS_FORFEIT: ("-", "+"),
    GameResult.DOUBLE_FORFEIT: ("-", "-"),
    GameResult.NOT_PLAYED: (" ", " "),
}


def _clean(text: str) -> str:
    """Text for one fixed-column field: no line breaks, tabs or other control characters."""
    return "".join(" " if ord(c) < 32 or 0x7F <= ord(c) < 0xA0 else c for c in text).strip()


def _date(value: dt.date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def _round_dates_line(tournament: Tournament) -> str | None:
    """Record ``132``: each round's date in its round's columns (92-99, 102-109, ...).

    Written ``YY/MM/DD`` as TRF16 and TRF-2026 say, when that reads back as the same days
    next to the ``042``/``052`` written (two-digit years are 1970-2069, and a reader picks
    the reading that agrees with the other dates); otherwise ``YYYYMMDD``, which has one
    reading only. A round date outside the start and end written is left out (a reader
    would refuse the file: no reading of it agrees), as is a line without any date.

    >>> t = Tournament(start_date=dt.date(2022, 11, 11), end_date=dt.date(2022, 11, 13),
    ...     round_dates=(dt.date(2022, 11, 11), None, dt.date(2022, 11, 13)))
    >>> _round_dates_line(t)[88:]
    '   22/11/11            22/11/13'
    """
    start, end = tournament.start_date, tournament.end_date
    days = [
        day if day is not None and (start is None or start <= day) and (end is None or day <= end)
        else None
        for day in tournament.round_dates
    ]  # fmt: skip
    while days and days[-1] is None:
        days.pop()
    if not days:
        return None
    tokens = [f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}" if d else "" for d in days]
    if not _reads_back(tokens, days, start, end):
        tokens = [f"{d.year:04d}{d.month:02d}{d.day:02d}" if d else "" for d in days]
    return ("132" + " " * 88 + "  ".join(f"{t:<8}" for t in tokens)).rstrip()


def _reads_back(
    tokens: list[str], days: list[dt.date | None], start: dt.date | None, end: dt.date | None
) -> bool:
    """Whether a reader takes ``tokens`` (next to ``042``/``052`` of ``start``/``end``) for
    ``days``."""
    heads = [(1, _date(day)) if day else None for day in (start, end)]
    given = [t for t in tokens if t]
    try:
        read = trf_dates(heads[0], heads[1], [(3, given)])
    except FormatError:
        return False
    return list(read.per_line[0]) == [day for day in days if day is not None]


def dumps(tournament: Tournament, *, national_federation: str = "GER") -> str:
    """The tournament as TRF text (TRF16 columns; ``142`` rounds and national records of TRF-2026).

    Players whose ids are not distinct numbers 1-9999 are numbered in their
    order. The rank column ranks by points (the stated ``points``, else those of
    the games and byes), ties by starting number. ``national_rating`` is written
    as a National Rating Support record of ``national_federation``. Names are
    cut to the 33 columns TRF has. The round dates are record ``132``
    (:func:`_round_dates_line`); a game's own date has no place in a TRF.
    """
    if not re.fullmatch(r"[A-Z]{3}", national_federation) or national_federation.startswith("XX"):
        raise FormatError(
            f"national federation {national_federation!r} is not a 3-letter code",
            code="trf.federation_code",
            params={"value": repr(national_federation)},
            field="federation",
        )
    numbers = _start_numbers(tournament)
    computed = computed_points(tournament)
    points = {
        p.id: p.points if p.points is not None else computed[p.id] for p in tournament.players
    }
    order = sorted(tournament.players, key=lambda p: (-points[p.id], numbers[p.id]))
    rank = {p.id: n for n, p in enumerate(order, start=1)}
    slots: dict[str, dict[int, tuple[int, str, str]]] = defaultdict(dict)
    for game in tournament.games:
        cw, cb = _WRITE_CODES[game.result]
        slots[game.white][game.round] = (numbers[game.black], "w", cw)
        slots[game.black][game.round] = (numbers[game.white], "b", cb)
    for bye in tournament.byes:
        slots[bye.player][bye.round] = (0, "-", _code_for_bye(bye))
    rounds = tournament.round_count()

    out = [f"012 {_clean(tournament.name)}".rstrip()]
    if tournament.place:
        out.append(f"022 {_clean(tournament.place)}")
    if tournament.start_date:
        out.append(f"042 {_date(tournament.start_date)}")
    if tournament.end_date:
        out.append(f"052 {_date(tournament.end_date)}")
    out.append(f"062 {len(tournament.players)}")
    out.append(f"072 {sum(1 for p in tournament.players if p.fide_rating)}")
    control = _clean(tournament.time_control_given or tournament.time_control_text or "") or (
        tournament.time_control or ""
    )
    if control:
        out.append(f"{'222' if encoded(control) else '122'} {control}")
    round_dates = _round_dates_line(tournament)
    if round_dates:
        out.append(round_dates)
    if tournament.rounds:
        out.append(f"142 {tournament.rounds}")
    for p in sorted(tournament.players, key=lambda p: numbers[p.id]):
        num = numbers[p.id]
        sex = (_clean(p.sex or "") or " ")[:1]
        title = _clean(p.title or "")[:3]
        fed = _clean(p.federation or "")[:3]
        fide_id = _clean(p.fide_id or "")[:11]
        birth = f"{p.birth_year:04d}" if p.birth_year else ""
        line = (
            f"001 {num:>4} {sex}{title:>3} {_clean(p.name)[:33]:<33} "
            f"{p.fide_rating or '':>4} {fed:<3} {fide_id:>11} "
            f"{birth:<10} {float(points[p.id]):>4.1f} {rank[p.id]:>4}"
        )
        for rnd in range(1, rounds + 1):
            slot = slots[p.id].get(rnd)
            if slot is None:
                line += " " * 10
            else:
                opp, colour, code = slot
                line += (
                    f"  {opp:04d} {colour} {code}" if opp == 0 else f"  {opp:>4} {colour} {code}"
                )
        out.append(line.rstrip())
    for p in sorted(tournament.players, key=lambda p: numbers[p.id]):
        if p.national_rating is not None:
            out.append(
                f"{national_federation} {numbers[p.id]:>4} {'':4} {'':33} {p.national_rating:>4}"
            )
    return "\n".join(out) + "\n"


def write(tournament: Tournament, path: str | os.PathLike[str], **options: str) -> None:
    """Write the tournament as a TRF file (UTF-8); ``options`` as for :func:`dumps`."""
    text = dumps(tournament, **options)
    try:
        Path(path).write_text(text, encoding="utf-8", newline="\r\n")
    except OSError as exc:
        raise FormatError(
            f"cannot write {str(path)!r}: {exc.strerror or exc}",
            code="file.cannot_write",
            params={"path": repr(str(path)), "reason": inner(exc.strerror or exc)},
            field="file",
        ) from None

"""The games: what the schema's own rules say, and what its checks miss.

The schema's key/keyref checks (duplicate start numbers, games naming unknown players)
match nothing (their XPaths lack the namespace prefix), and ``1:1``, a round above
``rounds``, the same pairing twice in a round robin, a player twice in one round and a
game dated outside the event all pass it (SPEC §10). Each is checked here.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict

from wertung.submission._context import Context, as_date, as_int, shown

__all__ = ["check_games"]

#: A score in half points (``+``/``-``: a forfeit, no points played; not in the sum).
_HALF = {"1": 2, "0.5": 1, "0": 0, "+": 0, "-": 0}


def check_games(ctx: Context) -> None:
    """Every game on its own, then the rounds (a player twice) and the pairings.

    One pass over the games with plain ints (a 2,000-player open's 9,000 games in a few
    milliseconds: the export runs this before it writes).
    """
    numbers = set(ctx.names)
    rounds = ctx.rounds if ctx.rounds is not None and ctx.rounds >= 1 else None
    computers = ctx.computers
    kind = ctx.report.tournament_type
    round_robin = isinstance(kind, str) and kind[:2] in ("SR", "TR")
    start, end = ctx.start, ctx.end
    seen: set[int] = set()  # round · 10⁶ + player: each player's rounds
    again: Counter[tuple[int, int]] = Counter()  # (round, player) → games beyond the first
    meetings: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    dated = 0
    for g in ctx.games:
        given: object = g.round
        white, black = g.white, g.black
        w = white if type(white) is int and white in numbers else None
        b = black if type(black) is int and black in numbers else None
        side = w if w is not None else b
        r = given if type(given) is int and 1 <= given <= 999 else None
        if r is None:
            ctx.error("check.game.round_range", {"value": shown(given)}, player=side,
                      round=as_int(given))  # fmt: skip
        elif rounds is not None and r > rounds:
            ctx.error(
                "check.game.round_above", {"round": r, "rounds": rounds}, player=side, round=r
            )
        for value, known in ((white, w), (black, b)):
            if value is not None and known is None:
                ctx.error("check.game.unknown_player", {"value": shown(value)}, round=r)
        if white is None and black is None:
            ctx.error("check.game.no_player", round=r)
        if w is not None and w == b:
            ctx.error("check.game.self", player=w, round=r)
            b = None
        pw: object = g.point_white
        pb: object = g.point_black
        half = _HALF.get(pw) if type(pw) is str else None
        other = _HALF.get(pb) if type(pb) is str else None
        if half is None or other is None:
            for score, points in ((pw, half), (pb, other)):
                if points is None:
                    ctx.error(
                        "check.game.point_invalid", {"value": shown(score)}, player=side, round=r
                    )
        elif half + other > 2:
            total = (half + other) / 2
            ctx.error("check.game.points_sum",
                      {"result": f"{pw}:{pb}", "total": int(total) if total.is_integer() else total},
                      player=side, round=r)  # fmt: skip
        if computers and (w in computers or b in computers) and (pw, pb) != ("-", "-"):
            ctx.error("check.computer.points", {"result": _result(pw, pb)},
                      player=w if w in computers else b, round=r)  # fmt: skip
        day = g.date
        if day is not None:
            dated += 1
            if not (
                type(day) is dt.date
                and (start is None or start <= day)
                and (end is None or day <= end)
            ):
                _date(ctx, day, side, r)
        if r is not None:
            for s in (w, b):
                if s is not None:
                    key = r * 1_000_000 + s
                    if key in seen:
                        again[(r, s)] += 1
                    else:
                        seen.add(key)
            if round_robin and w is not None and b is not None:
                meetings[(w, b) if w < b else (b, w)].append((r, w))
    for (r, s), extra in again.items():
        ctx.error("check.game.twice_in_round", {"n": extra + 1, "round": r}, player=s, round=r)
    _round_robin(ctx, meetings, len(numbers))
    _first_and_last(ctx, dated)


def _result(white: object, black: object) -> str:
    return f"{white if isinstance(white, str) else shown(white)}:{black if isinstance(black, str) else shown(black)}"


def _date(ctx: Context, value: object, side: int | None, r: int | None) -> None:
    day = as_date(value)
    if day is None:
        ctx.error("check.field.invalid", {"element": shown("date"), "value": shown(value)},
                  player=side, round=r)  # fmt: skip
        return
    if ctx.end is not None and day > ctx.end:
        ctx.add("error", "check.game.date_outside", {"date": day.isoformat(), "end": ctx.end.isoformat()},
                player=side, round=r, variant="check.game.date_outside.after")  # fmt: skip
    elif ctx.start is not None and day < ctx.start:
        ctx.add("error", "check.game.date_outside", {"date": day.isoformat(), "start": ctx.start.isoformat()},
                player=side, round=r, variant="check.game.date_outside.before")  # fmt: skip


def _first_and_last(ctx: Context, dated: int) -> None:
    """With every game dated: the start and end dates are the first and last game's."""
    if not ctx.games or dated < len(ctx.games) or ctx.start is None or ctx.end is None:
        return
    days = [d for d in (as_date(g.date) for g in ctx.games) if d is not None]
    if len(days) < len(ctx.games) or any(not ctx.start <= d <= ctx.end for d in days):
        return  # a date outside is an error already
    first, last = min(days), max(days)
    if first != ctx.start:
        ctx.warning(
            "check.dates.first_game", {"start": ctx.start.isoformat(), "first": first.isoformat()}
        )
    if last != ctx.end:
        ctx.warning("check.dates.last_game", {"end": ctx.end.isoformat(), "last": last.isoformat()})


def _round_robin(
    ctx: Context, meetings: dict[tuple[int, int], list[tuple[int, int]]], n: int
) -> None:
    """A round robin: each pair meets once per cycle (a double round robin: twice).

    Single players (``SR``): a cycle has n − 1 rounds (n even) or n (a bye each round), so
    the rounds say how many cycles there are; more meetings are an error. Team round
    robins (``TR``): two players meet once per match of their teams, and a league may
    play its teams twice: a repeated pairing is worth a look there, no more.
    """
    kind = ctx.report.tournament_type
    if not isinstance(kind, str) or kind[:2] not in ("SR", "TR"):
        return
    per_cycle = max(1, n - 1 if n % 2 == 0 else n)
    cycles = max(1, (ctx.rounds or 0) // per_cycle) if kind.startswith("SR") else 1
    for (low, high), met in sorted(meetings.items()):
        rounds = sorted({r for r, _white in met})
        if len(rounds) <= cycles:
            continue
        extra = rounds[cycles]
        white = next(w for r, w in met if r == extra)
        other = high if white == low else low
        params = {
            "other": other,
            "name": ctx.names.get(other, ""),
            "n": len(rounds),
            "cycles": cycles,
        }
        ctx.add("error" if kind.startswith("SR") else "warning", "check.game.pairing_repeated",
                params, player=white, round=extra)  # fmt: skip

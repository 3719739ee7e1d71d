"""The games: what the schema's own rules say, and what its checks miss.

The schema's key/keyref checks (duplicate start numbers, games naming unknown players)
match nothing (their XPaths lack the namespace prefix), and ``1:1``, a round above
``rounds``, the same pairing twice in a round robin, a player twice in one round and a
game dated outside the event all pass it (SPEC §10). Each is checked here.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from wertung.submission._context import Context, as_date, as_int, shown
from wertung.submission._fields import points_known

__all__ = ["check_games"]

_VALUE = {"1": Fraction(1), "0.5": Fraction(1, 2), "0": Fraction(0)}


def _score(total: Fraction) -> float | int:
    return int(total) if total.denominator == 1 else float(total)


def check_games(ctx: Context) -> None:
    """Every game on its own, then the rounds (a player twice) and the pairings."""
    numbers = set(ctx.names)
    in_round: Counter[tuple[int, int]] = Counter()
    meetings: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    dated = 0
    for g in ctx.games:
        r = as_int(g.round)
        white, black = g.white, g.black
        side = next((as_int(v) for v in (white, black) if as_int(v) in numbers), None)
        where = {"player": side, "round": r}
        if r is None or not 1 <= r <= 999:
            ctx.error("check.game.round_range", {"value": shown(g.round)}, **where)
            r = None
        elif ctx.rounds is not None and 1 <= ctx.rounds < r:
            ctx.error("check.game.round_above", {"round": r, "rounds": ctx.rounds}, **where)
        sides = []
        for value in (white, black):
            if value is None:
                continue
            number = as_int(value)
            if number is None or number not in numbers:
                ctx.error("check.game.unknown_player", {"value": shown(value)}, round=r)
                continue
            sides.append(number)
        if white is None and black is None:
            ctx.error("check.game.no_player", round=r)
        if len(sides) == 2 and sides[0] == sides[1]:
            ctx.error("check.game.self", player=sides[0], round=r)
            sides = sides[:1]
        _points(ctx, g.point_white, g.point_black, side, r)
        if any(s in ctx.computers for s in sides) and (g.point_white, g.point_black) != ("-", "-"):
            computer = next(s for s in sides if s in ctx.computers)
            ctx.error("check.computer.points", {"result": _result(g.point_white, g.point_black)},
                      player=computer, round=r)  # fmt: skip
        if g.date is not None:
            dated += 1
            _date(ctx, g.date, side, r)
        if r is not None:
            for s in sides:
                in_round[(r, s)] += 1
            if len(sides) == 2:
                pair = (min(sides), max(sides))
                meetings[pair].append((r, sides[0]))
    for (r, s), n in in_round.items():
        if n > 1:
            ctx.error("check.game.twice_in_round", {"n": n, "round": r}, player=s, round=r)
    _round_robin(ctx, meetings, len(numbers))
    _first_and_last(ctx, dated)


def _result(white: object, black: object) -> str:
    return f"{white if isinstance(white, str) else shown(white)}:{black if isinstance(black, str) else shown(black)}"


def _points(ctx: Context, white: object, black: object, side: int | None, r: int | None) -> None:
    bad = [v for v in (white, black) if not points_known(v)]
    for value in bad:
        ctx.error("check.game.point_invalid", {"value": shown(value)}, player=side, round=r)
    if bad:
        return
    total = _VALUE.get(white, Fraction(0)) + _VALUE.get(black, Fraction(0))  # type: ignore[call-overload]
    if total > 1:
        ctx.error("check.game.points_sum", {"result": _result(white, black), "total": _score(total)},
                  player=side, round=r)  # fmt: skip


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

"""Renderings of tournaments: results, a player, a league's team view, a running event, a
season (no computation here; the calculators' renderings, which a player's view reuses, are
in :mod:`.render`). Rich draws them in a terminal, plain text goes to a pipe (:mod:`._output`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from wertung.cli._lang import german, is_german, numbers, say, tr, verbatim
from wertung.cli._output import Printer, new_table
from wertung.cli._text import safe
from wertung.cli.render import elo, first_dwz, forecast, num


def _status(status: Any) -> str:
    """A player's status: the engine's word in English, the catalogue's in German."""
    if not is_german():
        return str(status)
    return german(f"status.{status}", default=str(status))


def _player_cells(p: Any) -> dict[str, str]:
    """One player's evaluation as display strings for the terminal table."""
    f = numbers()
    ke = p.development_factor if p.development_factor is not None else p.development_coefficient
    unknown = getattr(p, "index_range", None)
    after = f.num(p.dwz_after)
    if unknown is not None and unknown.lowest != unknown.highest:
        after = f"{after}? ({unknown.lowest}–{unknown.highest})"
    return {
        "id": safe(p.id), "name": safe(p.name), "status": _status(p.status),
        "dwz_before": f.num(p.dwz_before or p.foreign_rating), "index_before": f.num(p.index_before),
        "dwz_after": after, "index_after": f.num(p.index_after),
        "change": f.signed(p.change), "points": f.num(p.points), "score": f.num(p.score),
        "expected_score": f.num(p.expected_score), "counted_games": str(p.counted_games),
        "K/E": f.short(ke) if ke is not None else "–", "performance": f.num(p.performance),
        "elo_before": f.num(p.elo_before), "elo_after": f.num(p.elo_after),
    }  # fmt: skip


def _screen() -> tuple[tuple[str, str], ...]:
    """The terminal table: (header, cell of :func:`_player_cells`)."""
    return (
        (say("cli.col.number", "No."), "id"), (say("tournament.name", "name"), "name"),
        (say("tournament.status", "status"), "status"), ("DWZ", "dwz_before"),
        (say("cli.col.new", "new"), "dwz_after"), ("±", "change"),
        (say("cli.col.points", "Pts"), "points"), ("W", "score"), ("We", "expected_score"),
        ("n", "counted_games"), ("K/E", "K/E"), ("Rp", "performance"), ("Elo", "elo_before"),
        (say("cli.col.new_elo", "new Elo"), "elo_after"),
    )  # fmt: skip


#: The columns a narrow console leaves out, first to last, the two Elo columns together
#: (number, name, DWZ, new DWZ and the change always stay).
_LEAVE_OUT = (("elo_before", "elo_after"), ("counted_games",), ("score",), ("status",),
              ("performance",), ("K/E",), ("expected_score",), ("points",))  # fmt: skip
#: The name column may wrap down to this width.
_NAME_WIDTH = 14


def _fitting(
    screen: tuple[tuple[str, str], ...],
    rows: list[dict[str, str]],
    width: int,
    *,
    plain: bool = False,
) -> tuple[tuple[tuple[str, str], ...], list[str]]:
    """The columns of ``screen`` that fit a console ``width`` wide (each column as wide as
    its widest cell, the name as wrapped to at most :data:`_NAME_WIDTH`; ``plain``: as
    written to a pipe, unwrapped, two spaces apart), leaving out :data:`_LEAVE_OUT` in that
    order; and the headers of those left out."""

    names = [column for _header, column in screen]
    table = [[cells[column] for column in names] for cells in rows]
    wrap = {names.index("name"): _NAME_WIDTH} if "name" in names else {}
    headers = [header for header, _column in screen]
    widths = dict(zip(names, _column_widths(headers, table, wrap, plain=plain), strict=True))
    kept = list(screen)
    left_out: list[str] = []
    for group in _LEAVE_OUT:
        if _edge(plain) + sum(widths[c] for _h, c in kept) <= width:
            break
        left_out += [header for header, column in kept if column in group]
        kept = [(header, column) for header, column in kept if column not in group]
    return tuple(kept), left_out


def _column_widths(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    wrap: dict[int, int],
    *,
    plain: bool = False,
) -> list[int]:
    """Each column's width in a drawn table: its widest cell or header, with the padding and
    one rule; a column ``i`` in ``wrap`` wrapped to at most ``wrap[i]``. ``plain``: as
    written to a pipe, with the two spaces to the next column and never wrapped."""
    out = []
    for i, header in enumerate(headers):
        widest = max([len(header), *(len(row[i]) for row in rows)])
        out.append(2 + widest if plain else 3 + min(widest, wrap.get(i, widest)))
    return out


def _edge(plain: bool) -> int:
    """What a table adds to its columns' widths: rich's last rule, or (to a pipe) minus the
    two spaces after the last column."""
    return -2 if plain else 1


def _is_plain(console: Any) -> bool:
    """Whether ``console`` writes plain text (a pipe; see :mod:`._output`)."""
    is_plain = getattr(console, "is_plain", None)
    return bool(is_plain()) if is_plain is not None else False


def _console_width(console: Any) -> int:
    """The width the console draws at: rich's ``Console.width`` in a terminal; to a pipe
    no limit."""
    width = getattr(console, "width", 80)
    return sys.maxsize if width is None else int(width)


def result_state(console: Printer, result: Any, extra: Any = ()) -> None:
    """Completeness, round, time control, the import's notes and the warnings (above the table)."""
    if not getattr(result, "complete", True):
        head = say("cli.incomplete", "incomplete:")
        console.print(
            f"[bold red]{head}[/] {say('cli.not_accounted', 'the games are not fully accounted for:')}"
        )
        for reason in result.incomplete:
            console.print(f"  – {safe(tr(reason))}", highlight=False)
    if getattr(result, "played_rounds", None) is not None:
        if result.rounds:
            after = say("running.after_round", "after round {n} of {m}", n=result.played_rounds,
                        m=result.rounds)  # fmt: skip
        else:
            after = say("running.after_round_open", "after round {n}", n=result.played_rounds)
        console.print(f"[yellow]{after}[/] {say('cli.event_running', '(event running)')}")
    note = say("cli.note", "note:")
    for item in [*getattr(result, "notes", ()), *extra]:
        console.print(f"[cyan]{note}[/] {safe(tr(item))}", highlight=False)
    check = getattr(result, "time_control_check", None)
    if check is not None and check.rated:  # not rated, not checked: the warnings say so
        given = f" {say('cli.tc_given', '(given with --time-control)')}" if check.given else ""
        console.print(f"[cyan]{note}[/] {safe(tr(check.reason))}{given}", highlight=False)
    warning = say("cli.warning", "warning:")
    for item in result.warnings:
        console.print(f"[yellow]{warning}[/] {safe(tr(item))}", highlight=False)


def tournament(console: Printer, result: Any, matches: Any = None, notes: Any = ()) -> None:
    """Render a whole-tournament evaluation: state and notes first, then the table."""
    f = numbers()
    regulations = result.regulations or say("cli.no_dwz_evaluation", "no DWZ evaluation")
    head = say(
        "cli.tournament_head", "end date {date}, {regs}, {n} players, unofficial evaluation",
        date=f.date(result.end_date), regs=regulations, n=len(result.players),
    )  # fmt: skip
    console.print(f"[bold]{safe(result.name)}[/] — {head}", highlight=False)
    if result.method == "swiss-chess" and "method" in result.rules:  # not the rating office's
        console.print(f"[cyan]{say('cli.note', 'note:')}[/] {safe(tr(result.rules['method']))}",
                      highlight=False)  # fmt: skip
    result_state(console, result, notes)
    if any(getattr(p, "index_range", None) is not None for p in result.players):
        unknown = say(
            "cli.index_unknown_table",
            "index unknown: the new DWZ uses the first K0 column (WO 2026) or E ≤ 5 (WO 2014); "
            "the range in brackets is what the index allows (load the DSB list: --dsb-list)",
        )
        console.print(f"[yellow]?[/] {unknown}", highlight=False)
    rows = [_player_cells(p) for p in result.players]
    screen, left_out = _fitting(_screen(), rows, _console_width(console), plain=_is_plain(console))
    table = new_table()
    for header, column in screen:
        table.add_column(
            header,
            justify="left" if column in ("name", "status") else "right",
            no_wrap=column != "name",
        )
    for cells in rows:
        table.add_row(*(cells[column] for _header, column in screen))
    console.print(table)
    if left_out:
        console.print(
            say(
                "cli.columns_left_out",
                "left out for the console's width: {columns} (a wider console shows them; "
                "--csv has every column)",
                columns=", ".join(left_out),
            ),
            highlight=False,
        )
    if matches:
        found = sum(1 for m in matches if getattr(m, "entry", None) is not None)
        console.print(
            say(
                "cli.dsb_matched",
                "DSB list: {found} of {n} players matched.",
                found=found,
                n=len(matches),
            )
        )


def tournament_player(console: Printer, result: Any, player: Any) -> None:
    """One player's working within a tournament."""
    console.print(
        f"[bold]{safe(player.name)}[/] ({safe(player.id)}) — {_status(player.status)}",
        highlight=False,
    )
    if player.note:
        console.print(
            f"[cyan]{say('cli.note', 'note:')}[/] {safe(tr(player.note))}", highlight=False
        )
    if player.dwz is not None:
        if hasattr(player.dwz, "development_factor"):
            forecast(console, player.dwz, getattr(player, "index_range", None))
        else:
            first_dwz(console, player.dwz)
    if player.elo is not None and hasattr(player.elo, "k"):
        elo(console, player.elo)


def _ambiguous(item: Any) -> str:
    names = "; ".join(f"{c['name']} ({c['birth_year'] or '?'})" for c in item["candidates"])
    if is_german():
        text = german("history.ambiguous", name=item["name"], tournament=item["tournament"],
                      candidates=names)  # fmt: skip
        return f"[yellow]{safe(text)}[/]"
    return (
        f"[yellow]ambiguous:[/] {safe(item['name'])} in {safe(item['tournament'])}: "
        f"{safe(names)}; {item['decision']}"
    )


def history(console: Printer, result: Any) -> None:
    """Render a chained history: one table per player."""
    f = numbers()
    for item in result.ambiguous:
        console.print(_ambiguous(item), highlight=False)
    headers = (
        (say("history.col_tournament", "tournament"), True), (say("history.col_end", "end date"), False),
        ("WO", False), ("DWZ", False), (say("cli.col.new", "new"), False), ("±", False),
        ("Rp", False), (say("history.col_status", "status"), False),
    )  # fmt: skip
    for p in result.players:
        table = new_table(
            title=f"{safe(p.name)}" + (f" ({p.birth_year})" if p.birth_year else ""),
            title_justify="left",
        )
        for header, left in headers:
            table.add_column(header, justify="left" if left else "right")
        for row in p.rows:
            before = f"{f.num(row.dwz_before)}-{f.num(row.index_before)}" if row.dwz_before else "–"
            after = f"{f.num(row.dwz_after)}-{f.num(row.index_after)}" if row.dwz_after else "–"
            name, regulations, status = safe(row.tournament), row.regulations, row.status
            if is_german():
                upgraded = getattr(row, "upgrade", False)
                name = german("history.upgrade") if upgraded else name
                regulations = german("history.upgrade_regs") if upgraded else regulations
                status = german("history.key_upgrade") if upgraded else _status(status)
            mark = say("history.conditional", "conditional")
            table.add_row(
                name, f.date(row.end_date) if row.end_date else "–", regulations, before, after,
                f.signed(row.change), f.num(row.performance),
                status + (f" ({mark})" if row.conditional else ""),
            )  # fmt: skip
        console.print(table)


def league(console: Printer, view: Any) -> None:
    """Render a team event or league season: standings, then each team's players and games."""
    f = numbers()
    head = say(
        "cli.league_head", "end date {date}, {n} teams, unofficial evaluation",
        date=f.date(view.end_date), n=len(view.teams),
    )  # fmt: skip
    console.print(f"[bold]{safe(view.name)}[/] — {head}", highlight=False)
    standings = new_table(title=say("teams.standings", "Standings"), title_justify="left")
    team = say("teams.team", "team")
    headers = (
        "#", team, say("teams.matches", "matches"), "+", "=", "−",
        say("teams.match_points_long", "match points"),
        say("teams.board_points_long", "board points"),
    )  # fmt: skip
    for header in headers:
        standings.add_column(header, justify="left" if header == team else "right")
    for row in view.standings:
        standings.add_row(
            str(row.rank), safe(row.name), str(row.matches), str(row.won), str(row.drawn),
            str(row.lost), str(row.match_points), f.num(row.board_points),
        )  # fmt: skip
    console.print(standings)
    name = say("tournament.name", "name")
    columns = (
        say("teams.board", "board"), name, say("teams.games", "games"),
        say("cli.col.points", "Pts"), "W", "n", "DWZ", say("cli.col.new", "new"), "Elo",
        say("cli.col.new_elo", "new Elo"),
    )  # fmt: skip
    for team_view in view.teams:
        if is_german():
            totals = german("teams.totals", mp=team_view.match_points,
                            bp=f.num(team_view.board_points))  # fmt: skip
        else:
            totals = (
                f"{team_view.match_points} match points, {num(team_view.board_points)} board points"
            )
        table = new_table(title=f"{safe(team_view.name)}: {totals}", title_justify="left")
        for header in columns:
            table.add_column(header, justify="left" if header == name else "right")
        for p in team_view.players:
            games = " ".join(f"{g.round}:{g.result}" + ("" if g.counted else "*") for g in p.games)
            table.add_row(
                f.num(p.lineup), safe(p.name), games, f.num(p.points), f.num(p.score),
                str(p.counted_games), f.num(p.dwz_before), f.num(p.dwz_after), f.num(p.elo_before),
                f.num(p.elo_after),
            )  # fmt: skip
        console.print(table)
    console.print(
        say("cli.not_counted_board", "* not counted (forfeit or empty board)"), highlight=False
    )


def _effect(effect: Any) -> str:
    if effect.dwz_after is None:
        return "–"
    f = numbers()
    return f"{effect.dwz_after} ({f.signed(effect.difference)})"


def _change(effect: Any) -> str:
    """An effect's change alone (a narrow console's form of :func:`_effect`)."""
    if effect.dwz_after is None:
        return "–"
    return numbers().signed(effect.difference)


def running(console: Printer, forecast: Any) -> None:
    """A running event: the forecast after round N, then the next round's games and effects."""
    f = numbers()
    if forecast.rounds:
        after = say("running.after_round", "after round {n} of {m}", n=forecast.after_round,
                    m=forecast.rounds)  # fmt: skip
    else:
        after = say("running.after_round_open", "after round {n}", n=forecast.after_round)
    official = say("cli.unofficial_forecast", "(unofficial forecast)")
    console.print(f"[bold]{safe(forecast.name)}[/] — {after} {official}", highlight=False)
    note = say("cli.note", "note:")
    for line in [*forecast.left_out, *forecast.notes]:
        console.print(f"[cyan]{note}[/] {safe(verbatim(line))}", highlight=False)
    tournament(console, forecast.evaluation)
    if not forecast.pairings:
        return
    white, black = say("running.white", "white"), say("running.black", "black")
    board = say("running.board", "Bo.")
    headers = (board, white, "DWZ", "+", "=", "−", black, "DWZ", "+", "=", "−")
    rows = []
    for game in forecast.pairings:
        w, b = game.white, game.black
        rows.append((
            f.num(game.board), safe(w.name), f.num(w.dwz_now), w.win, w.draw, w.loss,
            safe(b.name), f.num(b.dwz_now), b.win, b.draw, b.loss,
        ))  # fmt: skip
    full = [[cell if isinstance(cell, str) else _effect(cell) for cell in row] for row in rows]
    # The new DWZ with its change where that fits the console (the names wrapped to at most
    # 12), else the change alone.
    plain = _is_plain(console)
    drawn = _edge(plain) + sum(_column_widths(headers, full, {1: 12, 6: 12}, plain=plain))
    compact = drawn > _console_width(console)
    if compact:
        cells = [[cell if isinstance(cell, str) else _change(cell) for cell in row] for row in rows]
        title = say(
            "cli.next_round_changes",
            "Round {n}: change of DWZ after a win / draw / loss (for the console's width without "
            "the new DWZ)",
            n=forecast.next_round,
        )
    else:
        cells = full
        title = say(
            "cli.next_round", "Round {n}: new DWZ after a win / draw / loss (change from now)",
            n=forecast.next_round,
        )  # fmt: skip
    table = new_table(title=title, title_justify="left")
    for header in headers:
        left = header in (white, black)
        table.add_column(header, justify="left" if left else "right", no_wrap=not left)
    for row in cells:
        table.add_row(*row)
    console.print(table)

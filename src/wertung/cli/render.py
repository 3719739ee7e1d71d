"""Rich renderings of the derivations for the terminal (no computation here)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.table import Table

from ._lang import tr, word
from ._text import safe


def num(value: Any, places: int = 3) -> str:
    """A number for display: whole numbers plain, others with ``places`` decimals."""
    if value is None:
        return "–"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(int(value))
        if value.denominator == 2:
            whole = int(value)
            return f"{whole}½" if whole else "½"
        return f"{float(value):.{places}f}"
    if isinstance(value, float):
        return f"{value:.{places}f}"
    return str(value)


def signed(value: int | None) -> str:
    return "–" if value is None else f"{value:+d}"


def _games_table(lines: Any, *, own: str = "R0") -> Table:
    table = Table(title=word("Games"), title_justify="left")
    for header in ("#", "opponent", "result", f"D = {own} − Rj", "P(D)", "counted"):
        table.add_column(word(header), justify="right")
    for number, line in enumerate(lines, start=1):
        label = "carry-over" if getattr(line, "carry_over", False) else str(line.round or number)
        table.add_row(
            label,
            num(line.opponent_rating),
            line.result.symbol,
            num(line.difference, 1) if line.difference is not None else "–",
            num(line.win_expectancy, 4) if line.win_expectancy is not None else "–",
            "yes" if line.counted else f"no ({safe(line.reason)})",
        )
    return table


def index_unknown(console: Console, unknown: Any) -> None:
    """Say that the index is unknown and which new DWZ it allows."""
    console.print(
        "[yellow]index unknown:[/] the rules then use the first K0 column (WO 2026) or E ≤ 5 "
        f"(WO 2014); depending on the index the new DWZ is {unknown.lowest}–{unknown.highest}. "
        "Give it as RATING-INDEX (e.g. 1500-5) or look it up: wertung dsb-list show NAME",
        highlight=False,
    )


def forecast(console: Console, r: Any, unknown: Any = None) -> None:
    """Render a :class:`~wertung.core.forecast.Forecast` (``unknown``: the index range)."""
    console.print(
        f"[bold]New DWZ {r.new_rating}[/] ({signed(r.change)}), index {num(r.new_index)} "
        f"— {r.regulations}, end date {r.end_date}, unofficial forecast",
        highlight=False,
    )
    if unknown is not None:
        index_unknown(console, unknown)
    console.print(_games_table(r.games))
    steps = Table(title=word("Working"), title_justify="left", show_header=False)
    steps.add_column("quantity")
    steps.add_column("value", justify="right")
    steps.add_column("rule")
    steps.add_row("W (score)", num(r.score), f"{r.counted_games} counted games")
    steps.add_row("We (expected score)", num(r.expected_score), "Σ P(D)")
    if r.development_factor is not None:
        steps.add_row("K0 (base value)", str(r.base_value), r.rules["base_value"])
        steps.add_row("b (brake factor)", num(r.brake_factor, 4), r.rules["brake_factor"])
        steps.add_row("a (success bonus)", num(r.success_bonus, 4), r.rules["success_bonus"])
        k_text = f"{float(r.development_factor):.1f}"
        steps.add_row("K (development factor)", k_text, r.rules["development_factor"])
        formula = (
            f"{r.rating} + {k_text}·({num(r.score)} − {r.expected_score:.3f}) "
            f"= {r.new_rating_unrounded:.2f} → {r.new_rating}"
        )
    else:
        steps.add_row("J (age coefficient)", str(r.age_coefficient), r.rules["age_coefficient"])
        steps.add_row("E0 (base value)", num(r.base_coefficient, 3), r.rules["base_coefficient"])
        steps.add_row("fB", num(r.acceleration_factor, 4), r.rules["acceleration_factor"])
        steps.add_row("SBr", num(r.braking_surcharge, 3), r.rules["braking_surcharge"])
        steps.add_row("E (development coefficient)", str(r.development_coefficient),
                      r.rules["development_coefficient"])  # fmt: skip
        formula = (
            f"{r.rating} + 800·({num(r.score)} − {r.expected_score:.3f})/"
            f"({r.development_coefficient} + {r.counted_games}) "
            f"= {r.new_rating_unrounded:.2f} → {r.new_rating}"
        )
    if r.override:
        steps.add_row("override", "yes", "K/E given by the user")
    steps.add_row("Rn (new DWZ)", str(r.new_rating), formula)
    if r.floor_applied:
        steps.add_row("floor", "1100", "smallest DWZ (WO 2026)")
    steps.add_row("performance", num(r.performance), r.rules["performance"])
    steps.add_row("opponent average", num(r.opponent_average, 1), "Rc")
    console.print(steps)


def first_dwz(console: Console, r: Any) -> None:
    """Render a :class:`~wertung.core.first_dwz.FirstDwz`."""
    mark = " (conditional: unaffiliated player)" if r.conditional else ""
    if r.rating is None:
        console.print(
            f"[bold]No first DWZ yet[/]{mark}: {safe(r.reason_text)}. {r.regulations}.",
            highlight=False,
        )
        if r.carry_over_out:
            console.print(
                f"{len(r.carry_over_out)} carry-over games kept until {r.carry_over_expires}."
            )
    else:
        console.print(
            f"[bold]First DWZ {r.rating}[/]{mark} (stage {r.stage}, index 1) — {r.regulations}, "
            "unofficial forecast",
            highlight=False,
        )
    console.print(_games_table(r.games, own="Ri"))
    if r.rating is None:
        return
    steps = Table(title=word("Working"), title_justify="left", show_header=False)
    steps.add_column("quantity")
    steps.add_column("value", justify="right")
    steps.add_column("rule")
    steps.add_row("W (score)", num(r.score), f"{r.counted_games} counted games")
    steps.add_row("Rc (opponent average)", num(r.opponent_average, 1), "")
    if r.fictitious_draw:
        steps.add_row("fictitious draw", "½ against Rc", r.rules["fictitious_draw"])
    steps.add_row("start Rc + D(W/n)", num(r.start_value, 1), r.rules["iterated"])
    for step in r.iteration[1:]:
        steps.add_row(f"  step {step.step}", num(step.value, 2),
                      f"We = {step.expected_score:.4f} (W = {step.score:g})")  # fmt: skip
    steps.add_row("Ri (iterated)", num(r.iterated, 2), "")
    steps.add_row("R1 (corrected)", str(r.rating),
                  f"{r.correction.formula} = {r.correction.corrected:.2f}")  # fmt: skip
    steps.add_row("performance", num(r.performance), "")
    console.print(steps)


def elo(console: Console, r: Any) -> None:
    """Render a FIDE rating change."""
    console.print(
        f"[bold]New rating {r.new_rating}[/] ({signed(r.rounded_change)}) — change "
        f"{float(r.change):+.1f}, expected {float(r.expected_score):.2f}, score "
        f"{num(r.score)}, K {r.k.k} ({r.k.reason}) — {r.regulations}",
        highlight=False,
    )
    table = Table(title=word("Games"), title_justify="left")
    for header in ("#", "opponent", "result", "D", "D (400 rule)", "PD", "counted"):
        table.add_column(word(header), justify="right")
    for number, g in enumerate(r.games, start=1):
        table.add_row(
            str(number),
            num(g.opponent_rating),
            g.result.symbol if hasattr(g.result, "symbol") else str(g.result),
            num(g.difference),
            num(g.capped_difference),
            num(g.expected_score, 2),
            "yes" if g.counted else f"no ({safe(g.excluded)})",
        )
    console.print(table)
    console.print(
        f"change = K·(W − We) = {r.k.k}·({num(r.score)} − {float(r.expected_score):.2f}) "
        f"= {float(r.change):+.1f} → {signed(r.rounded_change)}",
        highlight=False,
    )
    if r.outcomes:
        outcome = "  ".join(
            f"{key}: {value['rounded_change']:+d} → {value['new_rating']}"
            for key, value in r.outcomes.items()
        )
        console.print(f"single game: {outcome}", highlight=False)
    if r.performance is not None:
        console.print(
            f"performance (FIDE, Ra + dp): {r.performance}; linear approximation "
            f"Ra + 400·(wins − losses)/n: {num(r.performance_linear)}",
            highlight=False,
        )


def initial_elo(console: Console, r: Any) -> None:
    """Render a first FIDE rating."""
    if r.rating is None:
        console.print(f"[bold]No FIDE rating yet[/]: {safe(r.reason)}", highlight=False)
        return
    note = "" if r.published else " (below 1400: not published)"
    console.print(
        f"[bold]First FIDE rating {r.rating}[/]{note}: Ra {float(r.opponent_average):.1f} "
        f"(with two hypothetical 1800 opponents) + dp({float(r.p):.2f}) {r.dp}",
        highlight=False,
    )


def _half(points: Any) -> str:
    whole, half = divmod(points * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return text + ("½" if half else "")


def needed(console: Console, need: Any, what: str) -> None:
    """Render the planner's answer and its table score → new rating."""
    games = need.remaining
    goal = f"a {what}" if need.target is None else f"{what} {need.target}"
    if need.points is None:
        console.print(
            f"[bold]Out of reach:[/] even {_half(games)} from {games} games does not give {goal}.",
            highlight=False,
        )
    elif need.reached_already:
        console.print(
            f"[bold]Reached already:[/] {goal} even with 0 from {games} games "
            f"(new {what} {need.new_rating}).",
            highlight=False,
        )
    else:
        console.print(
            f"[bold]You need {_half(need.points)} from {games} games[/] for {goal} "
            f"(new {what} {need.new_rating}).",
            highlight=False,
        )
    table = Table(title=word("Score in the remaining games → new rating"), title_justify="left")
    for header in ("score", f"new {what}", "±"):
        table.add_column(word(header), justify="right")
    for row in need.table:
        mark = " ◀" if need.points is not None and row.points == need.points else ""
        table.add_row(_half(row.points), num(row.new_rating) + mark, signed(row.change))
    console.print(table)


def upgrade(console: Console, r: Any) -> None:
    """Render the 2026 upgrade."""
    index = f"-{r.new_index}" if r.new_index is not None else ""
    console.print(
        f"[bold]{r.rating} → {r.new_rating}{index}[/] ({signed(r.change)}): {r.formula}, "
        f"on {r.date}",
        highlight=False,
    )


def _player_cells(p: Any) -> dict[str, str]:
    """One player's evaluation as display strings for the terminal table."""
    ke = p.development_factor if p.development_factor is not None else p.development_coefficient
    unknown = getattr(p, "index_range", None)
    after = num(p.dwz_after)
    if unknown is not None and unknown.lowest != unknown.highest:
        after = f"{after}? ({unknown.lowest}–{unknown.highest})"
    return {
        "id": safe(p.id), "name": safe(p.name), "status": p.status,
        "dwz_before": num(p.dwz_before or p.foreign_rating), "index_before": num(p.index_before),
        "dwz_after": after, "index_after": num(p.index_after),
        "change": signed(p.change), "points": num(p.points), "score": num(p.score),
        "expected_score": num(p.expected_score), "counted_games": str(p.counted_games),
        "K/E": f"{float(ke):g}" if ke is not None else "–", "performance": num(p.performance),
        "elo_before": num(p.elo_before), "elo_after": num(p.elo_after),
    }  # fmt: skip


#: The terminal table: (header, cell of :func:`_player_cells`).
_SCREEN = (
    ("No.", "id"), ("name", "name"), ("status", "status"), ("DWZ", "dwz_before"),
    ("new", "dwz_after"), ("±", "change"), ("Pts", "points"), ("W", "score"),
    ("We", "expected_score"), ("n", "counted_games"), ("K/E", "K/E"), ("Rp", "performance"),
    ("Elo", "elo_before"), ("new Elo", "elo_after"),
)  # fmt: skip


def result_state(console: Console, result: Any, extra: Any = ()) -> None:
    """Completeness, round, time control, the import's notes and the warnings (above the table)."""
    if not getattr(result, "complete", True):
        console.print(
            f"[bold red]{word('incomplete:')}[/] {word('the games are not fully accounted for:')}"
        )
        for reason in result.incomplete:
            console.print(f"  – {safe(tr(reason))}", highlight=False)
    if getattr(result, "played_rounds", None) is not None:
        of = f" {word('of')} {result.rounds}" if result.rounds else ""
        console.print(
            f"[yellow]{word('after round')} {result.played_rounds}{of}[/] {word('(event running)')}"
        )
    for note in [*getattr(result, "notes", ()), *extra]:
        console.print(f"[cyan]{word('note:')}[/] {safe(tr(note))}", highlight=False)
    for warning in result.warnings:
        console.print(f"[yellow]{word('warning:')}[/] {safe(tr(warning))}", highlight=False)


def tournament(console: Console, result: Any, matches: Any = None, notes: Any = ()) -> None:
    """Render a whole-tournament evaluation: state and notes first, then the table."""
    regulations = result.regulations or word("no DWZ evaluation")
    console.print(
        f"[bold]{safe(result.name)}[/] — {word('end date')} {result.end_date}, {regulations}, "
        f"{len(result.players)} {word('players')}, {word('unofficial evaluation')}",
        highlight=False,
    )
    result_state(console, result, notes)
    if any(getattr(p, "index_range", None) is not None for p in result.players):
        unknown = word(
            "index unknown: the new DWZ uses the first K0 column (WO 2026) or E ≤ 5 (WO 2014); "
            "the range in brackets is what the index allows (load the DSB list: --dsb-list)"
        )
        console.print(
            f"[yellow]?[/] {unknown}",
            highlight=False,
        )
    table = Table()
    for header, column in _SCREEN:
        table.add_column(
            word(header),
            justify="left" if column in ("name", "status") else "right",
            no_wrap=column != "name",
        )
    for p in result.players:
        cells = _player_cells(p)
        table.add_row(*(cells[column] for _header, column in _SCREEN))
    console.print(table)
    if matches:
        found = sum(1 for m in matches if getattr(m, "entry", None) is not None)
        console.print(
            f"{word('DSB list')}: {found} {word('of')} {len(matches)} {word('players matched.')}"
        )


def tournament_player(console: Console, result: Any, player: Any) -> None:
    """One player's working within a tournament."""
    console.print(
        f"[bold]{safe(player.name)}[/] ({safe(player.id)}) — {player.status}", highlight=False
    )
    if player.note:
        console.print(f"[cyan]{word('note:')}[/] {safe(tr(player.note))}", highlight=False)
    if player.dwz is not None:
        if hasattr(player.dwz, "development_factor"):
            forecast(console, player.dwz, getattr(player, "index_range", None))
        else:
            first_dwz(console, player.dwz)
    if player.elo is not None and hasattr(player.elo, "k"):
        elo(console, player.elo)


def history(console: Console, result: Any) -> None:
    """Render a chained history: one table per player."""
    for item in result.ambiguous:
        names = "; ".join(
            f"{c['name']} ({c['birth_year'] or '?'})" for c in item["candidates"]
        )
        console.print(
            f"[yellow]ambiguous:[/] {safe(item['name'])} in {safe(item['tournament'])}: "
            f"{safe(names)}; {item['decision']}",
            highlight=False,
        )
    for p in result.players:
        table = Table(
            title=f"{safe(p.name)}" + (f" ({p.birth_year})" if p.birth_year else ""),
            title_justify="left",
        )
        for header in ("tournament", "end date", "WO", "DWZ", "new", "±", "Rp", "status"):
            table.add_column(header, justify="left" if header == "tournament" else "right")
        for row in p.rows:
            before = f"{num(row.dwz_before)}-{num(row.index_before)}" if row.dwz_before else "–"
            after = f"{num(row.dwz_after)}-{num(row.index_after)}" if row.dwz_after else "–"
            table.add_row(
                safe(row.tournament), str(row.end_date or "–"), row.regulations, before, after,
                signed(row.change), num(row.performance),
                row.status + (" (conditional)" if row.conditional else ""),
            )  # fmt: skip
        console.print(table)


def league(console: Console, view: Any) -> None:
    """Render a team event or league season: standings, then each team's players and games."""
    console.print(
        f"[bold]{safe(view.name)}[/] — end date {view.end_date}, {len(view.teams)} teams, "
        "unofficial evaluation",
        highlight=False,
    )
    standings = Table(title=word("Standings"), title_justify="left")
    for header in ("#", "team", "matches", "+", "=", "−", "match points", "board points"):
        standings.add_column(header, justify="left" if header == "team" else "right")
    for row in view.standings:
        standings.add_row(
            str(row.rank), safe(row.name), str(row.matches), str(row.won), str(row.drawn),
            str(row.lost), str(row.match_points), num(row.board_points),
        )  # fmt: skip
    console.print(standings)
    for team in view.teams:
        table = Table(
            title=f"{safe(team.name)}: {team.match_points} match points, "
            f"{num(team.board_points)} board points",
            title_justify="left",
        )
        for header in ("board", "name", "games", "Pts", "W", "n", "DWZ", "new", "Elo", "new Elo"):
            table.add_column(header, justify="left" if header == "name" else "right")
        for p in team.players:
            games = " ".join(
                f"{g.round}:{g.result}" + ("" if g.counted else "*") for g in p.games
            )
            table.add_row(
                num(p.lineup), safe(p.name), games, num(p.points), num(p.score),
                str(p.counted_games), num(p.dwz_before), num(p.dwz_after), num(p.elo_before),
                num(p.elo_after),
            )  # fmt: skip
        console.print(table)
    console.print(word("* not counted (forfeit or empty board)"), highlight=False)


def _effect(effect: Any) -> str:
    if effect.dwz_after is None:
        return "–"
    return f"{effect.dwz_after} ({signed(effect.difference)})"


def running(console: Console, forecast: Any) -> None:
    """A running event: the forecast after round N, then the next round's games and effects."""
    rounds = f" of {forecast.rounds}" if forecast.rounds else ""
    console.print(
        f"[bold]{safe(forecast.name)}[/] — after round {forecast.after_round}{rounds} "
        "(unofficial forecast)",
        highlight=False,
    )
    for line in [*forecast.left_out, *forecast.notes]:
        console.print(f"[cyan]note:[/] {safe(line)}", highlight=False)
    tournament(console, forecast.evaluation)
    if not forecast.pairings:
        return
    table = Table(
        title=f"Round {forecast.next_round}: new DWZ after a win / draw / loss (change from now)",
        title_justify="left",
    )
    for header in ("Bo.", "white", "DWZ", "+", "=", "−", "black", "DWZ", "+", "=", "−"):
        table.add_column(header, justify="left" if header in ("white", "black") else "right")
    for game in forecast.pairings:
        w, b = game.white, game.black
        table.add_row(
            num(game.board), safe(w.name), num(w.dwz_now), _effect(w.win), _effect(w.draw),
            _effect(w.loss), safe(b.name), num(b.dwz_now), _effect(b.win), _effect(b.draw),
            _effect(b.loss),
        )  # fmt: skip
    console.print(table)

"""Renderings of the derivations for the terminal (no computation here).

Rich draws the tables and the texts in a terminal, plain text goes to a pipe
(``console`` is :class:`._output.Console`, or a rich console; the tables are
:class:`._output.Table`).

Every word goes through :func:`~wertung.cli._lang.say` (English at the call site, German
from the catalogue), every engine text (rule, note, reason) through the catalogue in
German, every figure through :func:`~wertung.cli._lang.numbers` (decimal comma and
German dates in German).
"""

from __future__ import annotations

from typing import Any

from wertung.catalogue.formatting import English
from wertung.cli._lang import current, german, is_german, numbers, say, tr, verbatim
from wertung.cli._output import Printer, Table, new_table
from wertung.cli._text import safe

_ENGLISH = English()


def num(value: Any, places: int = 3) -> str:
    """A number for display: whole numbers plain, others with ``places`` decimals.

    >>> num(1547), num(0.36183, 4), num(None)
    ('1547', '0.3618', '–')
    """
    return _ENGLISH.num(value, places)


def signed(value: int | None) -> str:
    return _ENGLISH.signed(value)


def _reason(code: Any) -> str:
    """Why a game does not count: the engine's code in English, the catalogue's word in German."""
    if not is_german():
        return safe(code)
    return safe(german(f"reason.{code}", default=str(code)))


def _counted(counted: bool, reason: Any) -> str:
    if counted:
        return say("working.yes", "yes")
    return say("cli.not_counted", "no ({reason})", reason=_reason(reason))


def _games_table(lines: Any, *, own: str = "R0") -> Table:
    f = numbers()
    table = new_table(title=say("teams.games", "Games"), title_justify="left")
    headers = (
        "#", say("games.opponent", "opponent"), say("games.result", "result"),
        f"D = {own} − Rj", "P(D)", say("working.counted", "counted"),
    )  # fmt: skip
    for header in headers:
        table.add_column(header, justify="right")
    for number, line in enumerate(lines, start=1):
        carried = getattr(line, "carry_over", False)
        label = say("working.carry_over", "carry-over") if carried else str(line.round or number)
        table.add_row(
            label,
            f.num(line.opponent_rating),
            line.result.symbol,
            f.num(line.difference, 1) if line.difference is not None else "–",
            f.num(line.win_expectancy, 4) if line.win_expectancy is not None else "–",
            _counted(line.counted, line.reason),
        )
    return table


def index_unknown(console: Printer, unknown: Any) -> None:
    """Say that the index is unknown and which new DWZ it allows."""
    head = say("cli.index_unknown", "index unknown:")
    text = say(
        "cli.index_unknown_text",
        "the rules then use the first K0 column (WO 2026) or E ≤ 5 (WO 2014); depending on the "
        "index the new DWZ is {low}–{high}. Give it as RATING-INDEX (e.g. 1500-5) or look it "
        "up: wertung dsb-list show NAME",
        low=unknown.lowest, high=unknown.highest,
    )  # fmt: skip
    console.print(f"[yellow]{head}[/] {text}", highlight=False)


def _working(rows: list[tuple[str, str, str]]) -> Table:
    """The working: one row per quantity (label, value, rule)."""
    steps = new_table(
        title=say("working.title", "Working"), title_justify="left", show_header=False
    )
    steps.add_column("quantity")
    steps.add_column("value", justify="right")
    steps.add_column("rule")
    for row in rows:
        steps.add_row(*row)
    return steps


def _score_rule(count: int) -> str:
    """The rule text of W: the number of counted games."""
    if is_german():
        return german("working.w", count=count, n=count)
    return f"{count} counted game" if count == 1 else f"{count} counted games"


def forecast(console: Printer, r: Any, unknown: Any = None) -> None:
    """Render a :class:`~wertung.dwz._forecast.Forecast` (``unknown``: the index range)."""
    f = numbers()
    head = f"{say('result.new_dwz', 'New DWZ')} {r.new_rating}"
    tail = say(
        "cli.forecast_tail",
        "({change}), index {index} — {regs}, end date {date}, unofficial forecast",
        change=f.signed(r.change), index=f.num(r.new_index), regs=r.regulations,
        date=f.date(r.end_date),
    )  # fmt: skip
    console.print(f"[bold]{head}[/] {tail}", highlight=False)
    if unknown is not None:
        index_unknown(console, unknown)
    console.print(_games_table(r.games))
    rules = {key: verbatim(text) for key, text in r.rules.items()}
    expected = f.fixed(r.expected_score, 3)
    rows = [
        (say("cli.label.score", "W (score)"), f.num(r.score), _score_rule(r.counted_games)),
        (say("cli.label.expected", "We (expected score)"), f.num(r.expected_score), "Σ P(D)"),
    ]
    if r.development_factor is not None:
        k_text = f.fixed(r.development_factor, 1)
        rows += [
            (say("cli.label.base_value", "K0 (base value)"), str(r.base_value), rules["base_value"]),
            (say("cli.label.brake", "b (brake factor)"), f.num(r.brake_factor, 4),
             rules["brake_factor"]),
            (say("cli.label.bonus", "a (success bonus)"), f.num(r.success_bonus, 4),
             rules["success_bonus"]),
            (say("cli.label.k", "K (development factor)"), k_text, rules["development_factor"]),
        ]  # fmt: skip
        formula = (
            f"{r.rating} + {k_text}·({f.num(r.score)} − {expected}) "
            f"= {f.fixed(r.new_rating_unrounded, 2)} → {r.new_rating}"
        )
    else:
        rows += [
            (say("cli.label.j", "J (age coefficient)"), str(r.age_coefficient),
             rules["age_coefficient"]),
            (say("cli.label.e0", "E0 (base value)"), f.num(r.base_coefficient, 3),
             rules["base_coefficient"]),
            ("fB", f.num(r.acceleration_factor, 4), rules["acceleration_factor"]),
            ("SBr", f.num(r.braking_surcharge, 3), rules["braking_surcharge"]),
            (say("cli.label.e", "E (development coefficient)"), str(r.development_coefficient),
             rules["development_coefficient"]),
        ]  # fmt: skip
        formula = (
            f"{r.rating} + 800·({f.num(r.score)} − {expected})/"
            f"({r.development_coefficient} + {r.counted_games}) "
            f"= {f.fixed(r.new_rating_unrounded, 2)} → {r.new_rating}"
        )
    if r.override:
        rows.append((say("cli.label.override", "override"), say("working.yes", "yes"),
                     say("cli.override_rule", "K/E given by the user")))  # fmt: skip
    rows.append((say("cli.label.new_dwz", "Rn (new DWZ)"), str(r.new_rating), formula))
    if r.floor_applied:
        rows.append((say("cli.label.floor", "floor"), "1100",
                     say("cli.floor_rule", "smallest DWZ (WO 2026)")))  # fmt: skip
    rows.append((say("cli.label.performance", "performance"), f.num(r.performance),
                 rules["performance"]))  # fmt: skip
    rows.append((say("working.rc", "opponent average"), f.num(r.opponent_average, 1), "Rc"))
    console.print(_working(rows))


def _first_reason(r: Any) -> str:
    """Why there is no first DWZ yet: the engine's text, or the catalogue's German by code."""
    if not is_german():
        return safe(r.reason_text)
    from wertung.dwz.regulations import WO_2014, WO_2026

    regs = WO_2014 if r.regulations == WO_2014.name else WO_2026
    text = german(
        f"reason.first.{r.reason}", default="", n=r.counted_games, min=regs.first_dwz_min_games
    )
    return safe(text.rstrip(".") if text else tr(r.reason_text))


def first_dwz(console: Printer, r: Any) -> None:
    """Render a :class:`~wertung.dwz._first_dwz.FirstDwz`."""
    f = numbers()
    mark = ""
    if r.conditional:
        mark = " (" + say("cli.conditional", "conditional: unaffiliated player") + ")"
    if r.rating is None:
        head = say("result.no_first_dwz", "No first DWZ yet")
        console.print(
            f"[bold]{head}[/]{mark}: {_first_reason(r)}. {r.regulations}.", highlight=False
        )
        if r.carry_over_out:
            count = len(r.carry_over_out)
            expires = f.date(r.carry_over_expires)
            if is_german():
                console.print(german("working.carry_over_out", count=count, n=count, date=expires))
            else:
                console.print(f"{count} carry-over games kept until {expires}.")
    else:
        head = f"{say('result.first_dwz', 'First DWZ')} {r.rating}"
        tail = say(
            "cli.first_tail", "(stage {stage}, index 1) — {regs}, unofficial forecast",
            stage=r.stage, regs=r.regulations,
        )  # fmt: skip
        console.print(f"[bold]{head}[/]{mark} {tail}", highlight=False)
    console.print(_games_table(r.games, own="Ri"))
    if r.rating is None:
        return
    rules = {key: verbatim(text) for key, text in r.rules.items()}
    rows = [
        (say("cli.label.score", "W (score)"), f.num(r.score), _score_rule(r.counted_games)),
        (say("cli.label.rc", "Rc (opponent average)"), f.num(r.opponent_average, 1), ""),
    ]
    if r.fictitious_draw:
        rows.append((say("cli.label.fictitious", "fictitious draw"),
                     say("cli.against_rc", "½ against Rc"), rules["fictitious_draw"]))  # fmt: skip
    rows.append((say("cli.label.start", "start Rc + D(W/n)"), f.num(r.start_value, 1),
                 rules["iterated"]))  # fmt: skip
    for step in r.iteration[1:]:
        rows.append((
            "  " + say("cli.label.step", "step {n}", n=step.step), f.num(step.value, 2),
            f"We = {f.fixed(step.expected_score, 4)} (W = {f.short(step.score)})",
        ))  # fmt: skip
    rows.append((say("cli.label.iterated", "Ri (iterated)"), f.num(r.iterated, 2), ""))
    rows.append((say("cli.label.corrected", "R1 (corrected)"), str(r.rating),
                 f"{f.formula(r.correction.formula)} = {f.fixed(r.correction.corrected, 2)}"))  # fmt: skip
    rows.append((say("cli.label.performance", "performance"), f.num(r.performance), ""))
    console.print(_working(rows))


#: The FIDE K-factor's reasons (the engine's codes) in English; the German is the catalogue's
#: ``k.<code>`` (an English run loads no catalogue data; the tests check both Englishes agree).
K_REASONS = {
    "override": "given by you",
    "fewer_than_30_games": "fewer than 30 rated games",
    "junior_below_2300": "junior (until the year of the 18th birthday) below 2300",
    "peak_2400": "has reached 2400 before",
    "standard": "standard value",
    "k_times_n_cap_700": "lowered so that K·n ≤ 700",
}
#: Why there is no first FIDE rating yet (``elo.initial_reason.<code>``), as :data:`K_REASONS`.
INITIAL_REASONS = {
    "fewer_than_5_rated_games": "That needs at least 5 games against FIDE-rated opponents; counted: {n}.",
    "zero_score": "A zero score in the first event is disregarded.",
}


def _k_reason(reason: Any) -> str:
    """The K-factor's reason as words (an unknown code as it is)."""
    code = str(reason)
    if not is_german():
        return K_REASONS.get(code, code)
    return german(f"k.{code}", default=K_REASONS.get(code, code))


def elo(console: Printer, r: Any) -> None:
    """Render a FIDE rating change."""
    f = numbers()
    expected = f.fixed(r.expected_score, 2)
    head = f"{say('result.new_elo', 'New rating')} {r.new_rating}"
    tail = say(
        "cli.elo_tail",
        "({rounded}) — change {change}, expected {expected}, score {score}, K {k} ({reason}) "
        "— {regs}",
        rounded=f.signed(r.rounded_change), change=f.signed_fixed(r.change, 1),
        expected=expected, score=f.num(r.score), k=r.k.k, reason=_k_reason(r.k.reason),
        regs=r.regulations,
    )  # fmt: skip
    console.print(f"[bold]{head}[/] {tail}", highlight=False)
    table = new_table(title=say("teams.games", "Games"), title_justify="left")
    headers = (
        "#", say("games.opponent", "opponent"), say("games.result", "result"), "D",
        say("cli.elo_rule", "D (400 rule)"), "PD", say("working.counted", "counted"),
    )  # fmt: skip
    for header in headers:
        table.add_column(header, justify="right")
    for number, g in enumerate(r.games, start=1):
        table.add_row(
            str(number),
            f.num(g.opponent_rating),
            g.result.symbol if hasattr(g.result, "symbol") else str(g.result),
            f.num(g.difference),
            f.num(g.capped_difference),
            f.num(g.expected_score, 2),
            _counted(g.counted, g.excluded),
        )
    console.print(table)
    change = say("elo.change", "change")
    console.print(
        f"{change} = K·(W − We) = {r.k.k}·({f.num(r.score)} − {expected}) "
        f"= {f.signed_fixed(r.change, 1)} → {f.signed(r.rounded_change)}",
        highlight=False,
    )
    if r.outcomes:
        outcome = "  ".join(
            f"{_outcome(key)}: {f.signed(value['rounded_change'])} → {value['new_rating']}"
            for key, value in r.outcomes.items()
        )
        label = german("elo.single_game") if is_german() else "single game:"
        console.print(f"{label} {outcome}", highlight=False)
    if r.performance is not None:
        text = say(
            "cli.elo_performance",
            "performance (FIDE, Ra + dp): {performance}; linear approximation "
            "Ra + 400·(wins − losses)/n: {linear}",
            performance=r.performance, linear=f.num(r.performance_linear),
        )  # fmt: skip
        console.print(text, highlight=False)


def _outcome(key: str) -> str:
    """``win`` / ``draw`` / ``loss`` (German: Sieg, Remis, Niederlage)."""
    return german(f"elo.outcome.{key}", default=key) if is_german() else key


def initial_elo(console: Printer, r: Any) -> None:
    """Render a first FIDE rating."""
    f = numbers()
    if r.rating is None:
        head = say("elo.initial_none", "No FIDE rating yet")
        code = str(r.reason)
        english = INITIAL_REASONS.get(code)
        if is_german():
            text = german(f"elo.initial_reason.{code}", default=code, n=r.counted_games)
        else:
            text = code if english is None else english.format(n=r.counted_games)
        reason = safe(text.rstrip("."))
        console.print(f"[bold]{head}[/]: {reason}", highlight=False)
        return
    note = ""
    if not r.published:
        note = " (" + say("cli.elo_unpublished", "below 1400: not published") + ")"
    head = f"{say('elo.initial', 'First FIDE rating')} {r.rating}"
    tail = say(
        "cli.elo_initial_tail", "Ra {average} (with two hypothetical 1800 opponents) + dp({p}) {dp}",
        average=f.fixed(r.opponent_average, 1), p=f.fixed(r.p, 2), dp=f.whole(r.dp),
    )  # fmt: skip
    console.print(f"[bold]{head}[/]{note}: {tail}", highlight=False)


def _half(points: Any) -> str:
    whole, half = divmod(points * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return text + ("½" if half else "")


#: The planner's ``what`` (as the commands name it) → the catalogue's word.
_WHAT = {"DWZ": "plan.what.dwz", "first DWZ": "plan.what.first", "rating": "plan.what.elo"}


def needed(console: Printer, need: Any, what: str) -> None:
    """Render the planner's answer and its table score → new rating."""
    needed_answer(console, need, what)
    needed_table(console, need, what)


def needed_answer(console: Printer, need: Any, what: str) -> None:
    """The planner's answer in one line: what the remaining games must bring."""
    if is_german():
        return _needed_german(console, need, what)
    games = need.remaining
    of_games = f"{games} game" if games == 1 else f"{games} games"
    goal = f"a {what}" if need.target is None else f"{what} {need.target}"
    if need.points is None:
        console.print(
            f"[bold]Out of reach:[/] even {_half(games)} from {of_games} does not give {goal}.",
            highlight=False,
        )
    elif need.reached_already:
        console.print(
            f"[bold]Reached already:[/] {goal} even with 0 from {of_games} "
            f"(new {what} {need.new_rating}).",
            highlight=False,
        )
    else:
        console.print(
            f"[bold]You need {_half(need.points)} from {of_games}[/] for {goal} "
            f"(new {what} {need.new_rating}).",
            highlight=False,
        )


def after_played(console: Printer, count: int) -> None:
    """The label above the result of the games played so far, under the planner's answer."""
    from wertung.catalogue import front_text  # as _lang's lookups: only when a plan is shown

    label = front_text("plan.after_played", current(), count=count, n=count)
    console.print(f"{label}:", highlight=False)


def needed_table(console: Printer, need: Any, what: str) -> None:
    """The planner's table: each score in the remaining games → the new rating."""
    f = numbers()
    if is_german():
        word = german(_WHAT.get(what, "plan.what.dwz"))
        games = german("plan.game", count=need.remaining, n=need.remaining)
        caption = german("plan.table_caption", games=games, what=word)
        headers = (german("plan.col_points"), german("plan.col_new"), "±")
    else:
        caption = "Score in the remaining games → new rating"
        headers = ("score", f"new {what}", "±")
    table = new_table(title=caption, title_justify="left")
    for header in headers:
        table.add_column(header, justify="right")
    for row in need.table:
        mark = " ◀" if need.points is not None and row.points == need.points else ""
        table.add_row(_half(row.points), f.num(row.new_rating) + mark, f.signed(row.change))
    console.print(table)


def _needed_german(console: Printer, need: Any, what: str) -> None:
    """The planner's answer in the web's German sentences (``plan.*``)."""
    f = numbers()
    word = german(_WHAT.get(what, "plan.what.dwz"))
    n = need.remaining
    goal = "first" if need.target is None else "target"
    if need.points is None:
        kind = "out"
    elif need.reached_already:
        kind = "reached"
    else:
        kind = "need"
    games = german("plan.game", count=n, n=n)
    answer = german(
        f"plan.{kind}.{goal}",
        games=games,
        target=f"{word} {need.target}",
        points=_half(need.points) if need.points is not None else "",
        all=_half(n),
    )
    then = ""
    if need.points is not None:
        then = " " + german("plan.then", what=word, rating=f.num(need.new_rating))
    console.print(f"[bold]{answer}[/]{then}", highlight=False)


def upgrade(console: Printer, r: Any) -> None:
    """Render the 2026 upgrade."""
    f = numbers()
    index = f"-{r.new_index}" if r.new_index is not None else ""
    tail = say(
        "cli.upgrade_tail", "{formula}, on {date}",
        formula=f.formula(verbatim(r.formula)), date=f.date(r.date),
    )  # fmt: skip
    console.print(
        f"[bold]{r.rating} → {r.new_rating}{index}[/] ({f.signed(r.change)}): {tail}",
        highlight=False,
    )

"""The calculators: ``wertung dwz``, ``wertung elo`` and ``wertung upgrade``."""

# No ``from __future__ import annotations``: typer then reads the annotations as they are
# instead of evaluating their text on every start (see ``wertung.cli``).

from typing import Annotated, Any

import typer

from wertung.cli import render
from wertung.cli._common import (
    app,
    console,
    digits,
    dwz_and_index,
    fail,
    finite,
    pair,
    print_json,
    run,
)
from wertung.cli._typer_words import Command


@app.command(cls=Command)
def dwz(
    own: Annotated[
        str, typer.Argument(help="Own DWZ as RATING-INDEX (e.g. 1500-5), or - without DWZ.")
    ],
    games: Annotated[
        list[str] | None,
        typer.Argument(help="Games as OPPONENT:RESULT, e.g. 1650:½ 1400:1 1550:0 1700:+"),
    ] = None,
    age: Annotated[int | None, typer.Option(help="Age (else from --born).")] = None,
    born: Annotated[int | None, typer.Option(help="Year of birth.")] = None,
    date: Annotated[
        str | None, typer.Option(help="Tournament end date YYYY-MM-DD (default: today).")
    ] = None,
    carry: Annotated[
        list[str] | None, typer.Option(help="Carry-over game OPP:RES (repeatable).")
    ] = None,
    k: Annotated[float | None, typer.Option("--k", help="Development factor K override.")] = None,
    e: Annotated[
        int | None, typer.Option("--e", help="Development coefficient E override (WO 2014).")
    ] = None,
    unaffiliated: Annotated[
        bool, typer.Option(help="Not a DSB member: a first DWZ is conditional.")
    ] = False,
    method: Annotated[str, typer.Option(help="exact (default), table or swiss-chess.")] = "exact",
    remaining: Annotated[
        list[str] | None,
        typer.Option(
            help="Opponents still to play, OPP[,OPP…] (repeatable): with --target, the score "
            "you need in them."
        ),
    ] = None,
    target: Annotated[
        str | None, typer.Option(help="Target DWZ (or first DWZ) for --remaining.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """New DWZ after a tournament, or a first DWZ (own rating '-'), with the working.

    With --remaining (the opponents still to play) and --target: the score needed in the remaining games, and the table score → new DWZ.
    """
    from wertung import dwz as dwz_api

    pairs = [pair(g, "game") for g in games or []]
    carried = [pair(c, "carry-over game") for c in carry or []]
    still = _remaining(remaining)
    goal = _rating_option(target, "--target")
    if still and goal is None and own.strip() not in ("-", "none", ""):
        fail("--remaining needs --target (the DWZ to reach)")
    _some_games(pairs, carried, still, goal)
    if own.strip() in ("-", "none", ""):
        result = run(
            lambda: dwz_api.first_dwz(
                pairs,
                carry_over=carried,
                age=age,
                birth_year=born,
                end_date=date,
                member=not unaffiliated,
                method=method,
            )
        )
        need = None
        if still or goal is not None:
            need = run(
                lambda: dwz_api.needed_first(
                    pairs,
                    still,
                    goal,
                    carry_over=carried,
                    age=age,
                    birth_year=born,
                    end_date=date,
                    member=not unaffiliated,
                    method=method,
                )
            )
        if as_json:
            data = result.to_dict()
            if need is not None:
                data["need"] = _need_json(need, still)
            return print_json(data)
        if need is not None:  # the answer first, then what the games played gave
            render.needed_answer(console, need, "first DWZ")
            render.after_played(console, len(pairs) + len(carried))
        render.first_dwz(console, result)
        if need is not None:
            render.needed_table(console, need, "first DWZ")
        return
    if carried:
        fail("--carry is only for players without DWZ (own rating '-')")
    rating, index = dwz_and_index(
        own, "own DWZ must be RATING-INDEX (e.g. 1500-5), RATING, or - without DWZ"
    )
    finite(k, "--k")
    result = run(
        lambda: dwz_api.forecast(
            rating,
            index,
            pairs,
            age=age,
            birth_year=born,
            end_date=date,
            development_factor=k,
            development_coefficient=e,
            method=method,
        )
    )
    unknown = None
    if index is None and k is None and e is None:
        unknown = run(
            lambda: dwz_api.index_range(
                rating, pairs, age=age, birth_year=born, end_date=date, method=method
            )
        )
    need = None
    if still and goal is not None:  # --remaining without --target failed above
        need = run(
            lambda: dwz_api.needed(
                rating,
                index,
                pairs,
                still,
                goal,
                age=age,
                birth_year=born,
                end_date=date,
                development_factor=k,
                development_coefficient=e,
                method=method,
            )
        )
    if as_json:
        data = result.to_dict()
        if unknown is not None:
            data["index_range"] = unknown.to_dict()
        if need is not None:
            data["need"] = _need_json(need, still)
        return print_json(data)
    if need is not None:  # the answer first, then what the games played gave
        render.needed_answer(console, need, "DWZ")
        render.after_played(console, len(pairs))
    render.forecast(console, result, unknown)
    if need is not None:
        render.needed_table(console, need, "DWZ")


def _some_games(pairs: list[Any], carried: list[Any], still: list[int], goal: int | None) -> None:
    """Refuse a calculation with nothing to calculate, and ``--target`` without its games."""
    if goal is not None and not still:
        fail("--target needs --remaining (the opponents still to play, e.g. --remaining 1650,1700)")
    if not pairs and not carried and not still:
        fail("no games given: write each game as OPPONENT:RESULT, e.g. 1650:½ 1400:1 1550:0")


def _remaining(values: list[str] | None) -> list[int]:
    """``--remaining 1650,1700 --remaining 1600`` → the opponents' ratings."""
    out = []
    for value in values or []:
        for part in value.split(","):
            if not part.strip():
                continue
            rating_text, dash, index_text = part.strip().partition("-")
            rating = digits(rating_text)
            if rating is None or (dash and digits(index_text, longest=4) is None):
                fail(f"--remaining {value!r}: {part.strip()!r} is not a rating (e.g. 1650)")
            out.append(rating)
    return out


def _rating_option(value: str | None, option: str) -> int | None:
    if value is None:
        return None
    rating = digits(value)
    if rating is None:
        fail(f"{option} {value!r} is not a rating (a whole number, e.g. 2000)")
    return rating


def _need_json(need: Any, still: list[int]) -> dict[str, Any]:
    data = need.to_dict()
    return {
        "target": data["target"],
        "remaining": still,
        "points": data["points"],
        "new_rating": data["new_rating"],
        "reached_already": data["reached_already"],
        "table": data["table"],
    }


@app.command(cls=Command)
def elo(
    rating: Annotated[int, typer.Argument(help="Own FIDE rating (0 without one).")],
    games: Annotated[
        list[str] | None, typer.Argument(help="Games as OPPONENT:RESULT, e.g. 2200:½")
    ] = None,
    games_played: Annotated[
        int | None, typer.Option("--games", help="FIDE-rated games played so far.")
    ] = None,
    born: Annotated[int | None, typer.Option(help="Year of birth.")] = None,
    peak: Annotated[int | None, typer.Option(help="Highest published rating ever.")] = None,
    k: Annotated[int | None, typer.Option("--k", help="K-factor override.")] = None,
    date: Annotated[str | None, typer.Option(help="Date of the games (default today).")] = None,
    remaining: Annotated[
        list[str] | None,
        typer.Option(help="Opponents still to play, OPP[,OPP…]: with --target, the score needed."),
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target rating for --remaining.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """FIDE rating change (or first FIDE rating with RATING 0), with the working."""
    from wertung import fide

    pairs = [pair(g, "game") for g in games or []]
    still = _remaining(remaining)
    goal = _rating_option(target, "--target")
    if still and goal is None:
        fail("--remaining needs --target (the rating to reach)")
    _some_games(pairs, [], still, goal)
    if rating == 0:
        result = run(lambda: fide.initial_rating(pairs, date=date))
        return print_json(result.to_dict()) if as_json else render.initial_elo(console, result)
    result = run(
        lambda: fide.rating_change(
            rating,
            pairs,
            k=k,
            games_played=games_played,
            birth_year=born,
            peak_rating=peak,
            date=date,
        )
    )
    need = None
    if still and goal is not None:  # --remaining without --target failed above
        need = run(
            lambda: fide.needed(
                rating,
                pairs,
                still,
                goal,
                k=k,
                games_played=games_played,
                birth_year=born,
                peak_rating=peak,
                date=date,
            )
        )
    if as_json:
        data = result.to_dict()
        if need is not None:
            data["need"] = _need_json(need, still)
        return print_json(data)
    if need is not None:  # the answer first, then what the games played gave
        render.needed_answer(console, need, "rating")
        render.after_played(console, len(pairs))
    render.elo(console, result)
    if need is not None:
        render.needed_table(console, need, "rating")


@app.command(cls=Command)
def upgrade(
    own: Annotated[str, typer.Argument(help="DWZ before 2026-06-08 as RATING or RATING-INDEX.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """The one-time DWZ upgrade of 2026-06-08."""
    from wertung import dwz as dwz_api

    rating, index = dwz_and_index(own, "DWZ must be RATING or RATING-INDEX, e.g. 1600 or 1600-12")
    result = run(lambda: dwz_api.upgrade(rating, index))
    if as_json:
        return print_json(result.to_dict())
    render.upgrade(console, result)

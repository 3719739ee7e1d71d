"""The planner on the calculator pages: "what do I need?" in the games still to play.

A game row whose result is :data:`STILL` ("noch zu spielen" / "still to play") has
an opponent but no result yet; together with the target field it asks the engine
(:func:`wertung.dwz.needed`, :func:`wertung.dwz.needed_first`,
:func:`wertung.fide.needed`) for the smallest score in those games that reaches the
target. Without a target the DWZ and Elo pages ask what keeps the current rating,
the first-DWZ page what gives a first DWZ at all. Nothing is computed here: this
module converts the rows to engine arguments and the answer to one sentence.

>>> from wertung.web.pages.forms import Row
>>> [n for n, _ in still_rows([Row("1500", "1"), Row("1600", "?"), Row("", "")])]
[2]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from wertung.kernel.errors import WertungError
from wertung.kernel.needed import Needed
from wertung.web.i18n import Translator

__all__ = ["STILL", "Plan", "answer", "headline", "plan_for", "still_rows"]

#: The result value of a game still to play.
STILL = "?"

Goal = Literal["target", "keep", "first"]


@dataclass
class Plan:
    """The planner's input as read and the engine's answer.

    ``goal``: ``target`` (the user's target), ``keep`` (no target: the current rating)
    or ``first`` (no target on the first-DWZ page: a first DWZ at all).
    """

    kind: Literal["dwz", "first", "elo"]
    goal: Goal
    target: int | None
    opponents: list[int | None] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)
    needed: Needed | None = None

    @property
    def games(self) -> int:
        return len(self.opponents)


def still_rows(rows: Sequence[Any]) -> list[tuple[int, Any]]:
    """The form rows (1-based number, row) marked as still to play."""
    return [(n, row) for n, row in enumerate(rows, start=1) if row.res.strip() == STILL]


def plan_for(
    kind: Literal["dwz", "first", "elo"],
    state: Any,
    t: Translator,
    read_rating: Callable[[str, str], int | None],
    call: Callable[[list[int | None], int | None], Needed],
    current: int | None = None,
) -> Plan | None:
    """Read the still-to-play rows and the target, ask the engine, place its errors.

    ``read_rating(text, field_name)`` reads an opponent's rating (errors go to the
    state); ``call(opponents, target)`` asks the engine; ``current`` is the rating
    before (the target when none is given on the DWZ and Elo pages).
    """
    marked = still_rows(state.rows)
    target_text = state.value("target")
    target = _target(target_text, state, t)
    if not marked:
        if target_text:
            state.errors["target"] = t("plan.mark_games")
            state.missing.add("target")
        return None
    opponents: list[int | None] = []
    for number, row in marked:
        name = f"opp-{number}"
        if not row.opp.strip():
            state.errors[name] = t("error.opponent_missing")
            state.missing.add(name)
        opponents.append(read_rating(row.opp, name))
    goal: Goal = "target"
    if target is None and not target_text:
        goal = "first" if kind == "first" else "keep"
        target = None if kind == "first" else current
    plan = Plan(kind, goal, target, opponents, [n for n, _ in marked])
    if state.errors or (goal == "keep" and target is None):
        return plan
    try:
        plan.needed = call(opponents, target)
    except WertungError as error:
        _place(error, state, t, plan)
    return plan


def _target(text: str, state: Any, t: Translator) -> int | None:
    if not text:
        return None
    cleaned = text.replace(".", "").replace(" ", "")
    if cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= 4:
        return int(cleaned)
    state.errors["target"] = t("error.whole_number")
    return None


def _place(error: WertungError, state: Any, t: Translator, plan: Plan) -> None:
    """The engine's error at the row or field it names (else above the form)."""
    from wertung.web.field_errors import error_text

    game = error.where.get("game")
    if error.field == "remaining" and isinstance(game, int) and 0 < game <= len(plan.rows):
        name = f"opp-{plan.rows[game - 1]}"
    elif error.field == "target":
        name = "target"
    else:
        name = "form"
    state.errors.setdefault(name, error_text(error, t))


def _values(plan: Plan, t: Translator) -> dict[str, Any]:
    need = plan.needed
    assert need is not None
    n = plan.games
    what = {"dwz": t("plan.what.dwz"), "first": t("plan.what.first"), "elo": t("plan.what.elo")}
    return {
        "n": n,
        "games": t.n("plan.game", n, n=n),
        "target": plan.target,
        "what": what[plan.kind],
        "points": t.score(need.points) if need.points is not None else "",
        "all": t.score(n),
        "rating": need.new_rating,
    }


def headline(plan: Plan, t: Translator) -> str:
    """The answer as the page's headline (when points are needed).

    >>> from wertung.kernel.needed import plan as engine_plan
    >>> from wertung.web.i18n import translator
    >>> need = engine_plan(lambda s: 1500 + int(40 * s), remaining=2, target=1560, current=1500)
    >>> headline(Plan("dwz", "target", 1560, [1600, 1600], [6, 7], need), translator("de"))
    '1½ aus 2 Partien für 1560'
    >>> headline(Plan("dwz", "target", 1560, [1600, 1600], [6, 7], need), translator("en"))
    '1½ from 2 games for 1560'
    """
    return t(f"plan.headline.{plan.goal}", **_values(plan, t))


def answer(plan: Plan, t: Translator) -> tuple[str, str]:
    """The planner's answer as one sentence, and its state (``need``, ``reached``, ``out``).

    >>> from wertung.kernel.needed import plan as engine_plan
    >>> from wertung.web.i18n import translator
    >>> need = engine_plan(lambda s: 1500 + int(40 * s), remaining=2, target=1560, current=1500)
    >>> answer(Plan("dwz", "target", 1560, [1600, 1600], [6, 7], need), translator("de"))
    ('need', 'Du brauchst 1½ aus 2 Partien für 1560.')
    >>> answer(Plan("dwz", "target", 1560, [1600, 1600], [6, 7], need), translator("en"))
    ('need', 'You need 1½ from 2 games for 1560.')
    """
    need = plan.needed
    assert need is not None
    values = _values(plan, t)
    goal = plan.goal
    if need.points is None:
        ratings = [row.new_rating for row in need.table if row.new_rating is not None]
        best = max(ratings, default=None)
        key = f"plan.out.{goal}"
        text = t(key, **values)
        if best is not None and goal != "first":
            text += " " + t("plan.out.best", best=best, **values)
        return "out", text
    if need.reached_already:
        return "reached", t(f"plan.reached.{goal}", **values)
    return "need", t(f"plan.need.{goal}", **values)

"""Fuzzing the CLI grammar and the JSON tournament reader: only wertung's own errors come out.

The CLI must answer every argument list with a result (exit 0) or one clear line (exit 2,
or typer's usage error, exit 2) and never a traceback; the JSON reader must raise only
:class:`~wertung.kernel.errors.WertungError` subclasses for anything that is not a tournament.
"""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wertung.cli import app
from wertung.formats import tournament_json
from wertung.kernel.errors import WertungError

EXAMPLE = Path(__file__).parents[2] / "examples" / "ilmenau-open-2024.json"
runner = CliRunner()

weird = st.sampled_from(
    ["", "-", "--", "[/]", "[link=http://x]a[/link]", "\x1b[2J", "²", "١٦٠٠", "\ud800", "1e999",
     "nan", "inf", "-0", "0", "3500", "3501", "9" * 30, "½", "=", "+", "1/2", "0.5", ":", "::",
     "1500-", "-5", "1500-5-3", "2026-02-30", "2026-06-08", "1.9.2026"]
)  # fmt: skip
rating = st.one_of(st.integers(-10, 4000).map(str), weird)
result = st.one_of(st.sampled_from(["1", "½", "0", "0.5", "=", "+", "-", "1/2"]), weird)
game = st.one_of(st.tuples(rating, result).map(":".join), weird)
option = st.one_of(
    st.tuples(
        st.sampled_from(
            [
                "--age",
                "--born",
                "--date",
                "--k",
                "--e",
                "--method",
                "--target",
                "--remaining",
                "--carry",
                "--games",
                "--peak",
            ]
        ),
        st.one_of(rating, weird),
    ).map(list),
    st.sampled_from([["--json"], ["--unaffiliated"], []]),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["dwz", "elo", "upgrade"]),
    st.one_of(rating, weird, st.tuples(rating, rating).map("-".join)),
    st.lists(game, max_size=6),
    st.lists(option, max_size=4),
)
def test_cli_grammar_gives_a_result_or_one_clean_error(command, own, games, options):
    args = [command, own, *games, *[part for o in options for part in o]]
    outcome = runner.invoke(app, args)
    assert outcome.exit_code in (0, 2), (args, outcome.output)
    if outcome.exception is not None:
        assert isinstance(outcome.exception, SystemExit), (args, repr(outcome.exception))
    assert "Traceback" not in outcome.output
    assert "\x1b" not in outcome.output


BASE = json.loads(EXAMPLE.read_text(encoding="utf-8"))
junk = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(), st.text(max_size=12)
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_json_reader_raises_only_its_own_errors(data):
    doc = copy.deepcopy(BASE)
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.sampled_from(["top", "player", "game", "bye"]))
        value = data.draw(junk)
        if where == "top":
            key = data.draw(
                st.sampled_from([*doc, "rounds", "teams", "incomplete", "time_control"])
            )
            doc[key] = value
        elif where == "player" and doc.get("players") and isinstance(doc["players"], list):
            target = doc["players"][data.draw(st.integers(0, len(doc["players"]) - 1))]
            if isinstance(target, dict):
                target[data.draw(st.sampled_from(["id", "dwz", "index", "birth_year", "fide_rating",
                                                   "member", "points", "carry_over", "pkz"]))] = value  # fmt: skip
        elif where == "game" and doc.get("games") and isinstance(doc["games"], list):
            target = doc["games"][data.draw(st.integers(0, len(doc["games"]) - 1))]
            if isinstance(target, dict):
                target[
                    data.draw(st.sampled_from(["round", "white", "black", "result", "board"]))
                ] = value
        elif where == "bye":
            doc["byes"] = [{"round": value, "player": "1"}]
    try:
        tournament = tournament_json.from_dict(doc)
    except WertungError:
        return
    from wertung import evaluate

    with contextlib.suppress(WertungError):
        evaluate(tournament)

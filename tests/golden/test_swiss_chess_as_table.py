"""On the golden inputs, ``method="swiss-chess"`` is the table method plus its named differences.

Every recorded forecast and tournament evaluated with Swiss-Chess's method is evaluated
once more with the table method (no exceptional players, as Swiss-Chess) and checked
field by field by ``tests/support/swiss_chess_differences.py``: the same where no
difference of :data:`wertung.kernel.swiss_chess.DIFFERENCES` applies, what the
difference gives where one does. (The recorded outcomes themselves are compared by
``test_golden.py``.)
"""

from __future__ import annotations

from typing import Any

from golden_cases import encode, inputs, run
from swiss_chess_differences import check_evaluation, check_forecast


def _both(call: str, args: Any, kwargs: dict[str, Any], table: dict[str, Any]) -> tuple[Any, Any]:
    data = encode(args)  # read once: a generator of games is given to both calls
    return run(call, data, encode(kwargs)), run(call, data, encode(table))


def test_swiss_chess_forecasts_are_the_table_method_plus_the_differences() -> None:
    checked = 0
    for number, (args, kwargs) in enumerate(inputs("dwz_forecast", "dwz.forecast")):
        if kwargs.get("method") != "swiss-chess":
            continue
        new, table = _both("dwz.forecast", args, kwargs, {**kwargs, "method": "table"})
        if "$error" in new or "$error" in table:
            assert new == table, number
        else:
            check_forecast(new, table, f"forecast {number}")
            checked += 1
    assert checked > 500


def test_swiss_chess_evaluations_are_the_table_method_plus_the_differences() -> None:
    checked = 0
    for name in ("tournaments", "swiss_opens"):
        for number, (args, options) in enumerate(inputs(name, "evaluate")):
            if options.get("method") != "swiss-chess":
                continue
            table = {"exceptional_players": False, **options, "method": "table"}
            new, old = _both("evaluate", args, options, table)
            if "$error" in new or "$error" in old:
                assert new == old, (name, number)
            else:
                check_evaluation(new, old, f"{name} {number}")
                checked += 1
    assert checked > 100

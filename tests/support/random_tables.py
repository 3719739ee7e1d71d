"""Random tables and cells for the tests that compare :mod:`wertung.cli._plain` with rich
(``tests/cli/test_cli_plain.py``: plain text; ``tests/cli/test_cli_terminal.py``: styled)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from wertung.cli._plain import Table


def random_cell(rng: random.Random, words: Sequence[str]) -> str:
    """One to six of ``words``, one word most often."""
    return " ".join(rng.choice(words) for _ in range(rng.choice([1, 1, 1, 2, 3, 6])))


def random_table(
    rng: random.Random,
    words: Sequence[str],
    *,
    titles: Sequence[str],
    headers: Sequence[str],
    justify: Sequence[str | None],
    no_wrap: float,
    rows: int,
) -> Table:
    """A table with a title (80 %, one of ``titles`` or a cell), sometimes no header, one to
    seven columns (a header of ``headers`` or a cell; a ``justify``; ``no_wrap`` the share of
    columns that set it, most of them True) and one to ``rows`` rows of cells."""
    options: dict[str, object] = {}
    if rng.random() < 0.8:
        options["title"] = rng.choice([*titles, random_cell(rng, words)])
        options["title_justify"] = "left"
    if rng.random() < 0.3:
        options["show_header"] = False
    table = Table(**options)  # type: ignore[arg-type]
    columns = rng.randint(1, 7)
    for _ in range(columns):
        header = rng.choice([*headers, random_cell(rng, words)])
        side = rng.choice(justify)
        column: dict[str, object] = {} if side is None else {"justify": side}
        if rng.random() < no_wrap:  # as the tournament table's figures: never wrapped
            column["no_wrap"] = rng.random() < 0.8
        table.add_column(header, **column)  # type: ignore[arg-type]
    for _ in range(rng.randint(1, rows)):
        table.add_row(*(random_cell(rng, words) for _ in range(columns)))
    return table

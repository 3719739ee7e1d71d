"""The command line's consoles and tables: rich's own, imported when first used.

Everything the commands print goes through rich (``Console(emoji=False)``: ``:smile:`` in a
name stays text). Only the import waits: ``rich.console`` and ``rich.table`` cost about
35 ms of start-up (``benchmarks/bench_cli.py``: the floor row against the baseline), which
a command that prints no table or styled text (``--json``, a rejected argument that typer
reports) does without.

>>> table = new_table(title="Games", title_justify="left")
>>> table.add_column("#", justify="right"); table.add_column("result")
>>> table.add_row("1", "½")
>>> console = Console()
>>> console._width = 80
>>> console.print(table)  # doctest: +NORMALIZE_WHITESPACE
Games
┏━━━┳━━━━━━━━┓
┃ # ┃ result ┃
┡━━━╇━━━━━━━━┩
│ 1 │ ½      │
└───┴────────┘
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console as RichConsole
    from rich.table import Table

__all__ = ["Console", "Printer", "new_table"]


class Printer(Protocol):
    """What the renderers print on: a :class:`Console` or a rich console (only ``print``)."""

    def print(self, *objects: Any, **options: Any) -> None: ...


class Console:
    """A rich ``Console(emoji=False)`` made on first use; every attribute is the rich console's.

    Its width is rich's ``Console._width``: ``COLUMNS`` when this console was made (at the
    command line's start), else None (rich then asks the terminal on every print).
    """

    def __init__(self, *, stderr: bool = False) -> None:
        self.stderr = stderr
        columns = os.environ.get("COLUMNS")
        self._width = int(columns) if columns is not None and columns.isdigit() else None
        self._rich: RichConsole | None = None

    def rich(self) -> RichConsole:
        """The rich console (made on first use)."""
        if self._rich is None:
            # rich.console: ~25 ms of start-up (bench_cli.py) that --json does not need
            from rich.console import Console as RichConsole

            self._rich = RichConsole(stderr=self.stderr, emoji=False)
        self._rich._width = self._width
        return self._rich

    def print(self, *objects: Any, **options: Any) -> None:
        """``rich.console.Console.print``."""
        self.rich().print(*objects, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rich(), name)


def new_table(title: str | None = None, **options: Any) -> Table:
    """A ``rich.table.Table`` (``rich.table`` imported when the first table is drawn)."""
    # rich.table: ~9 ms of start-up (bench_cli.py) that --json does not need
    from rich.table import Table

    return Table(title=title, **options)

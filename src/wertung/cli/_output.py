"""The calculators' console: prints like rich's ``Console(emoji=False)``, by itself where
it can (:mod:`._plain` draws the bytes), through rich otherwise.

:class:`Output` finds what rich's console would find -- whether the file is a terminal
(``TTY_COMPATIBLE``, ``FORCE_COLOR``, ``isatty``), the width (``COLUMNS``, the terminal's
size, 80 on a dumb one), whether it styles and colours (``NO_COLOR``) -- and writes the
lines :mod:`._plain` draws; anything it cannot be sure of goes to rich, imported then.
"""

from __future__ import annotations

import builtins
import os
import sys
from typing import Any

from wertung.cli._plain import NotPlain, Table, draw_table, draw_text, render

__all__ = ["Output"]


#: Whether the installed rich reads TTY_COMPATIBLE and takes an empty NO_COLOR or
#: FORCE_COLOR as unset (rich 14 and later); asked only when one of them is there.
_RICH_14: list[bool] = []


def _rich_14() -> bool:
    if not _RICH_14:
        from importlib.metadata import PackageNotFoundError, version

        try:
            _RICH_14.append(int(version("rich").split(".")[0]) >= 14)
        except (PackageNotFoundError, ValueError):
            _RICH_14.append(False)
    return _RICH_14[0]


def _is_terminal(file: Any) -> bool | None:
    """rich's ``Console.is_terminal`` for ``file``; None where rich's answer is not known."""
    environ = os.environ
    compatible = environ.get("TTY_COMPATIBLE")
    force = environ.get("FORCE_COLOR")
    if (compatible is not None or force == "" or environ.get("NO_COLOR") == "") and not _rich_14():
        return None
    if compatible == "0":
        return False
    if compatible == "1":
        return True
    if force is not None:
        return force != ""
    isatty = getattr(file, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:  # a closed file
        return False
    except (AttributeError, OSError):
        return None


class Output:
    """Prints like a rich ``Console(emoji=False)``; by itself (without importing rich) where
    it writes the same bytes."""

    def __init__(self, *, stderr: bool = False) -> None:
        self.stderr = stderr
        columns = os.environ.get("COLUMNS")
        #: As rich's ``Console._width``: COLUMNS when the console was made, else None.
        self._width = int(columns) if columns is not None and columns.isdigit() else None
        self._rich: Any = None

    @property
    def file(self) -> Any:
        return sys.stderr if self.stderr else sys.stdout

    def rich(self) -> Any:
        """The rich console behind this one (made on first use)."""
        if self._rich is None:
            from rich.console import Console

            # ":smile:" in a name stays text (and rich._emoji_codes unloaded)
            self._rich = Console(stderr=self.stderr, emoji=False)
        self._rich._width = self._width
        return self._rich

    def mode(self) -> tuple[int, bool | None] | None:
        """(width, colour) as rich's console finds them: colour None where rich prints plain
        text (a file, a pipe, a dumb terminal), True where it styles it, False where it
        styles it without colours (NO_COLOR); None where this console leaves it to rich."""
        file = self.file
        if sys.platform == "win32" or file is None or hasattr(builtins, "get_ipython"):
            return None
        if hasattr(file, "rich_proxied_file"):
            return None
        if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
            return None
        terminal = _is_terminal(file)
        if terminal is None:
            return None
        if not (getattr(file, "encoding", "utf-8") or "utf-8").lower().startswith("utf"):
            return None  # rich draws the tables in ASCII
        environ = os.environ
        if terminal and environ.get("TERM", "").lower() in ("dumb", "unknown"):
            # no colour system; and rich's size is 80 unless both width and height are known
            lines = environ.get("LINES")
            if self._width is not None and lines is not None and lines.isdigit():
                return self._width, None
            return 80, None
        if self._width is not None:
            width = self._width
        else:
            width = None
            for descriptor in (0, 1, 2):
                try:
                    width = os.get_terminal_size(descriptor)[0]
                except (AttributeError, ValueError, OSError):
                    continue
                break
            columns = environ.get("COLUMNS")
            if columns is not None and columns.isdigit():
                width = int(columns)
            width = width or 80
        if not terminal:
            return width, None
        # Outside Windows rich picks the standard, 256 or truecolor system (COLORTERM,
        # TERM): wertung's colours are standard ones, written alike in all three.
        return width, environ.get("NO_COLOR", "") == ""

    def width(self) -> int | None:
        """The console's width as rich finds it; None where this console leaves it to rich."""
        mode = self.mode()
        return None if mode is None else mode[0]

    def print(self, *objects: Any, **options: Any) -> None:
        """As ``rich.console.Console.print``."""
        text = self._plain(objects, options)
        if text is None:
            self.rich().print(*objects, **options)
            return
        file = self.file
        file.write(text)
        file.flush()

    def _plain(self, objects: tuple[Any, ...], options: dict[str, Any]) -> str | None:
        """What rich would write for ``print(*objects, **options)``; None: leave it to rich."""
        if len(objects) != 1 or set(options) - {"highlight", "soft_wrap"}:
            return None
        soft_wrap = options.get("soft_wrap")
        if soft_wrap not in (None, False, True):
            return None
        mode = self.mode()
        if mode is None or mode[0] < 10:
            return None
        width, colour = mode
        (item,) = objects
        try:
            if isinstance(item, Table) and not soft_wrap:
                lines = draw_table(item, width)
            elif isinstance(item, str) and "\n" not in item:
                if colour is not None and options.get("highlight") is not False:
                    return None  # rich's highlighter would style numbers and more
                lines = draw_text(item, width, bool(soft_wrap))
            else:
                return None
        except NotPlain:
            return None
        return render(lines, colour)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rich(), name)

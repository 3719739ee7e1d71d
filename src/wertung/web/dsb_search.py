"""The player search against the loaded DSB list (DWZ and first-DWZ pages, API).

>>> import tempfile
>>> from pathlib import Path
>>> run(Path(tempfile.mkdtemp()), {"q": "Müller"}).missing
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wertung.kernel.errors import InvalidInput

__all__ = ["MAX_QUERY", "MIN_QUERY", "Search", "check_query", "run"]

MIN_QUERY = 2
MAX_QUERY = 80
LIMIT = 20


@dataclass(frozen=True)
class Search:
    """What was searched, the rows found, and whether a list is loaded at all."""

    query: str
    players: tuple[Any, ...] = ()
    list_info: Any = None
    missing: bool = False
    error: str | None = None


def check_query(text: str) -> str:
    """The search text, stripped; refuses empty, too short or too long text."""
    text = (text or "").strip()
    if len(text) < MIN_QUERY:
        raise InvalidInput(
            f"the search needs at least {MIN_QUERY} characters (a name or a FIDE id)",
            code="web.search_short",
            params={"least": MIN_QUERY},
            field="q",
        )
    if len(text) > MAX_QUERY:
        raise InvalidInput(
            f"the search is longer than {MAX_QUERY} characters",
            code="web.search_long",
            params={"most": MAX_QUERY},
            field="q",
        )
    return text


def run(store_dir: Path, query: Mapping[str, Any], *, limit: int = LIMIT) -> Search:
    """Search the list in ``store_dir`` for ``query["q"]`` (never raises for bad text)."""
    from wertung.sources import dsb_list
    from wertung.sources.store import Store

    text = str(query.get("q") or "")[: MAX_QUERY + 1]
    store = Store(store_dir)
    info = dsb_list.list_info(store=store)
    if info is None:
        return Search(query=text.strip(), missing=True)
    try:
        text = check_query(text)
    except InvalidInput as error:
        return Search(query=text.strip(), list_info=info, error=error.message)
    players = tuple(dsb_list.search(text, store=store, limit=limit))
    return Search(query=text, players=players, list_info=info)

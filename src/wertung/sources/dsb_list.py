"""The DSB rating list (``LV-0-csv.zip``): load it into the store, match tournament players.

This module is the front door; the work is done by

- :mod:`~wertung.sources.dsb_csv`: reading ``LV-0-csv.zip``, ``spieler.csv`` and
  ``vereine.csv`` (all known export layouts; size limits against zip bombs),
- :mod:`~wertung.sources.dsb_names`: the spelling-independent keys of names and clubs,
- :mod:`~wertung.sources.dsb_match`: :func:`enrich`, which fills a tournament's
  players from the list and says how each one was matched (:class:`Match`),
- :mod:`~wertung.sources.dsb_download`: fetching the daily list from the DSB
  and swapping it in safely (``wertung dsb-list update``, the web's daily refresh).

:func:`load_list` reads a file and replaces the list in the :class:`~wertung.sources.store.Store`
atomically: the old list stays readable until the new one is complete.
"""

from __future__ import annotations

import datetime as dt
import os
from contextlib import ExitStack
from importlib import resources
from pathlib import Path

from wertung.formats._zipguard import ZipLimits
from wertung.sources.dsb_csv import DSB_LIMITS, DsbList, read_list
from wertung.sources.dsb_match import (
    ASSUMPTIONS,
    OVERRIDE_FIELDS,
    PASSIVE_COUNTS_AS_MEMBER,
    PROVENANCE_FIELDS,
    Enrichment,
    ListNotLoaded,
    Match,
    MatchMethod,
    Provenance,
    describe_row,
    enrich,
)
from wertung.sources.dsb_names import club_key, clubs_match, name_key, name_tokens
from wertung.sources.store import DsbPlayer, ListInfo, Store

__all__ = [
    "ASSUMPTIONS",
    "DSB_LIMITS",
    "OVERRIDE_FIELDS",
    "PASSIVE_COUNTS_AS_MEMBER",
    "PROVENANCE_FIELDS",
    "DsbList",
    "Enrichment",
    "ListNotLoaded",
    "Match",
    "MatchMethod",
    "Provenance",
    "ZipLimits",
    "club_key",
    "clubs_match",
    "describe_row",
    "enrich",
    "list_info",
    "load_list",
    "load_sample",
    "name_key",
    "read_list",
    "sample_path",
    "search",
]


def load_list(
    path: str | os.PathLike[str],
    *,
    store: Store | None = None,
    clubs: str | os.PathLike[str] | None = None,
    list_date: dt.date | None = None,
    limits: ZipLimits = DSB_LIMITS,
) -> ListInfo:
    """Read a DSB list (see :func:`read_list`) and make it the store's list, atomically.

    The file is read completely before the store is touched: a broken or
    oversized file leaves the previous list in place.

    >>> import tempfile
    >>> info = load_list(sample_path(), store=Store(tempfile.mkdtemp()))
    >>> info.format, info.players > 20
    ('wertungsportal', True)
    """
    parsed = read_list(path, clubs=clubs, list_date=list_date, limits=limits)
    return (store or Store()).replace_dsb_list(parsed.players, parsed.clubs, parsed.info)


def sample_path() -> Path:
    """The small synthetic list shipped with wertung (invented people; for demos and tests)."""
    return Path(str(resources.files("wertung").joinpath("data/LV-0-csv-sample.zip")))


def load_sample(*, store: Store | None = None) -> ListInfo:
    """Load the synthetic sample list (:func:`sample_path`) into the store."""
    with ExitStack() as stack:
        path = stack.enter_context(
            resources.as_file(resources.files("wertung").joinpath("data/LV-0-csv-sample.zip"))
        )
        return load_list(path, store=store, list_date=None)


def list_info(*, store: Store | None = None) -> ListInfo | None:
    """What DSB list the store holds, or None."""
    return (store or Store()).list_info()


def search(text: str, *, store: Store | None = None, limit: int = 20) -> list[DsbPlayer]:
    """Rows of the loaded list whose name contains every word of ``text`` (or with this FIDE id).

    Spelling rules as for :func:`name_key`: ``"mueller hans"`` finds ``Müller,Hans``.
    """
    store = store or Store()
    text = text.strip()
    if text.isdigit():
        return store.players_by_fide_id([str(int(text))]).get(str(int(text)), [])[:limit]
    return store.search_players(name_tokens(text), limit=limit)

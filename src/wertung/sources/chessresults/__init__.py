"""chess-results.com importer.

>>> from wertung.sources.chessresults import tournament_number
>>> tournament_number("https://s1.chess-results.com/tnr1342553.aspx?lan=1&art=5")
1342553

Public API:

* :func:`import_tournament` — a :class:`~wertung.Tournament` from a link or number
  (fetches 3 pages, 4 for a round robin or a running event whose next round is paired
  (its pairings: ``Tournament.upcoming``), plus one per player with ``birth_years``;
  a team event: 4 pages, the player list and the board pairings of all rounds,
  giving ``teams``, ``Player.team`` and ``Game.board``).
* :func:`parse_saved_pages` — the same from pages saved from a browser.
* :func:`tournament_number`, :func:`view_url`, :func:`canonical_link` — links.
* :class:`Client` (polite fetching: pacing, retries, size cap, host allow-list),
  :class:`PageCache` (SQLite cache) and :class:`CachePolicy` (how long pages are reused).
* :func:`parse_page`, :func:`build_tournament` — the HTML parser, page by page
  (:func:`build_team_tournament` for the pages of a team event).
"""

from __future__ import annotations

from wertung.sources.chessresults._assemble import build_tournament
from wertung.sources.chessresults._cache import CACHE_ENV, CachedPage, PageCache, default_cache_dir
from wertung.sources.chessresults._client import (
    PROCESS_PACER,
    Client,
    Pacer,
    Page,
    View,
    user_agent,
)
from wertung.sources.chessresults._data import ParsedPage
from wertung.sources.chessresults._errors import (
    BlockedPage,
    NotATournamentPage,
    PointsMismatch,
    TeamEventNotSupported,
    TournamentNotStarted,
)
from wertung.sources.chessresults._importer import CachePolicy, import_tournament, parse_saved_pages
from wertung.sources.chessresults._links import (
    canonical_link,
    is_chess_results_host,
    tournament_number,
    view_url,
)
from wertung.sources.chessresults._page import parse_page
from wertung.sources.chessresults._team_build import build_team_tournament
from wertung.sources.chessresults._text import parse_points

__all__ = [
    "CACHE_ENV",
    "PROCESS_PACER",
    "BlockedPage",
    "CachePolicy",
    "CachedPage",
    "Client",
    "NotATournamentPage",
    "Pacer",
    "Page",
    "PageCache",
    "ParsedPage",
    "PointsMismatch",
    "TeamEventNotSupported",
    "TournamentNotStarted",
    "View",
    "build_team_tournament",
    "build_tournament",
    "canonical_link",
    "default_cache_dir",
    "import_tournament",
    "is_chess_results_host",
    "parse_page",
    "parse_points",
    "parse_saved_pages",
    "tournament_number",
    "user_agent",
    "view_url",
]

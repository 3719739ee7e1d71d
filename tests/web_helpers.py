"""Shared fixtures of the web tests: an app on a temporary store, a test client, the seed."""

from __future__ import annotations

import warnings
from pathlib import Path
from urllib.parse import urlencode

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from wertung.web import Settings, create_app

SEED = [(1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"), (1350, "1"), (1520, "½")]
SEED_QUERY = urlencode(
    [("rating", 1500), ("index", 5), ("end_date", "2026-09-01")]
    + [pair for o, r in SEED for pair in (("opp", o), ("res", r))]
)
ROOT = Path(__file__).resolve().parent


def client(tmp_path: Path, **settings: object) -> TestClient:
    app = create_app(Settings(data_dir=tmp_path, **settings))
    return TestClient(app, raise_server_exceptions=False, follow_redirects=False)


def games_query(games: list[tuple[object, str]], **fields: object) -> str:
    return urlencode(
        [(k, v) for k, v in fields.items()]
        + [pair for o, r in games for pair in (("opp", o), ("res", r))]
    )

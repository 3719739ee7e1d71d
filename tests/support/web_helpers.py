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
ROOT = Path(__file__).resolve().parents[1]


def client(tmp_path: Path, **settings: object) -> TestClient:
    app = create_app(Settings(data_dir=tmp_path, **settings))
    return TestClient(app, raise_server_exceptions=False, follow_redirects=False)


def games_query(games: list[tuple[object, str]], **fields: object) -> str:
    return urlencode(
        [(k, v) for k, v in fields.items()]
        + [pair for o, r in games for pair in (("opp", o), ("res", r))]
    )


DSB_DATA = ROOT / "data" / "dsb"
ILMENAU_EXAMPLE = ROOT.parent / "examples" / "ilmenau-open-2024.json"


def ilmenau_list():
    """The Ilmenau DSB list builder (``tests/data/dsb/ilmenau_list.py``) as a module."""
    import importlib.util
    import sys

    if "ilmenau_list" not in sys.modules:
        spec = importlib.util.spec_from_file_location("ilmenau_list", DSB_DATA / "ilmenau_list.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        sys.modules["ilmenau_list"] = module
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    return sys.modules["ilmenau_list"]


def load_ilmenau_list(store_dir: Path) -> object:
    """Load the Ilmenau DSB list into the store in ``store_dir``; its ListInfo."""
    from wertung.sources.store import Store

    return ilmenau_list().load(Store(store_dir))

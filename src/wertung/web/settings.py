"""Settings of the web app: embedded defaults, overridden by ``WERTUNG_*`` environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Settings"]


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a whole number") from None


def _default_data_dir() -> Path:
    from ..store import default_data_dir

    return default_data_dir()


@dataclass(frozen=True)
class Settings:
    """Everything the web app can be told.

    ``root_path``: the path prefix under which a reverse proxy serves the app
    (``WERTUNG_ROOT_PATH``, e.g. ``/wertung``). ``max_upload``: the largest
    request body accepted, in bytes (``WERTUNG_MAX_UPLOAD``). ``fetch_limit`` and
    ``fetch_window``: chess-results imports allowed per client within
    ``fetch_window`` seconds (counted in the SQLite store, so shared by all workers).
    ``trust_proxy``: take the client address from ``X-Forwarded-For``
    (``WERTUNG_TRUST_PROXY=1``; only behind a proxy that sets it).
    ``chessresults_client``: a factory for the importer's client (test hook).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    root_path: str = ""
    max_upload: int = 2 * 1024 * 1024
    data_dir: Path | None = None
    fetch_limit: int = 5
    fetch_window: int = 600
    trust_proxy: bool = False
    default_language: str = "de"
    chessresults_client: object | None = field(default=None, compare=False)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Defaults, then ``WERTUNG_*`` variables, then ``overrides``."""
        env = os.environ
        values: dict[str, object] = {
            "host": env.get("WERTUNG_HOST", "").strip() or cls.host,
            "port": _int("WERTUNG_PORT", cls.port),
            "workers": _int("WERTUNG_WORKERS", cls.workers),
            "root_path": env.get("WERTUNG_ROOT_PATH", "").strip().rstrip("/"),
            "max_upload": _int("WERTUNG_MAX_UPLOAD", cls.max_upload),
            "fetch_limit": _int("WERTUNG_FETCH_LIMIT", cls.fetch_limit),
            "fetch_window": _int("WERTUNG_FETCH_WINDOW", cls.fetch_window),
            "trust_proxy": env.get("WERTUNG_TRUST_PROXY", "").strip().lower()
            in ("1", "true", "yes"),
        }
        data_dir = env.get("WERTUNG_DATA_DIR", "").strip()
        if data_dir:
            values["data_dir"] = Path(data_dir).expanduser()
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]

    def store_dir(self) -> Path:
        """Where the web app keeps its SQLite file (shared results, rate limits)."""
        return self.data_dir if self.data_dir is not None else _default_data_dir()

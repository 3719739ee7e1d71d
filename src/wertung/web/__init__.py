"""The web front end: server-rendered pages (German and English) and the JSON API.

>>> from wertung.web import create_app
>>> app = create_app()            # doctest: +SKIP
>>> # or: wertung serve  (see :func:`serve`)
"""

from __future__ import annotations

from wertung.web.app import create_app
from wertung.web.settings import Settings

__all__ = ["Settings", "create_app", "serve"]


def serve(
    host: str | None = None,
    port: int | None = None,
    workers: int | None = None,
    *,
    settings: Settings | None = None,
) -> None:
    """Run the web app with uvicorn (``WERTUNG_HOST``/``WERTUNG_PORT``/``WERTUNG_WORKERS``).

    With more than one worker uvicorn starts them from the import string
    ``wertung.web.asgi:app``, each reading the settings from the environment.
    Every connection gets ``TCP_NODELAY`` and uvicorn's own proxy-header rewriting
    is off (see :mod:`wertung.web.server`).
    """
    from wertung.web.server import run

    base = settings or Settings.from_env()
    run(base, host or base.host, port or base.port, workers or base.workers)

"""The web front end: server-rendered pages (German and English) and the JSON API.

>>> from wertung.web import create_app
>>> app = create_app()            # doctest: +SKIP
>>> # or: wertung serve  (see :func:`serve`)
"""

from __future__ import annotations

from .app import create_app
from .settings import Settings

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
    """
    import os

    import uvicorn

    base = settings or Settings.from_env()
    host = host or base.host
    port = port or base.port
    workers = workers or base.workers
    if workers > 1:
        os.environ.setdefault("WERTUNG_ROOT_PATH", base.root_path)
        uvicorn.run(
            "wertung.web.asgi:app",
            host=host,
            port=port,
            workers=workers,
            proxy_headers=base.trust_proxy,
            log_level="info",
        )
        return
    uvicorn.run(
        create_app(base),
        host=host,
        port=port,
        proxy_headers=base.trust_proxy,
        log_level="info",
    )

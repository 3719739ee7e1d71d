"""ASGI entry point for process managers: ``uvicorn wertung.web.asgi:app --workers 4``."""

from __future__ import annotations

from . import create_app

app = create_app()

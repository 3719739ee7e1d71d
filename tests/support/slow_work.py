"""A deliberately slow stand-in for bounded work (importable by the worker process)."""

from __future__ import annotations

import threading
from typing import Any


def never_done(*_args: Any) -> None:
    """Waits for ever (the bounded run's deadline has to stop it)."""
    threading.Event().wait()

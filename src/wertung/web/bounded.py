"""Work on uploads in a separate process with a deadline and a memory limit.

Parsing and evaluating an uploaded tournament is CPU and memory work the
request's thread cannot interrupt. :func:`run_bounded` runs ``func(*args)`` in a
child process (forked from a prepared ``forkserver``), with its address space
limited by ``resource.setrlimit(RLIMIT_AS)``; the child is killed when the
deadline passes, when ``cancelled()`` says so (for instance when the client went
away: :func:`client_gone`), or when it runs out of memory. The result or the
engine's error (a :class:`~wertung.kernel.errors.WertungError`, with its field and
place) comes back to the caller; anything else becomes :class:`WorkFailed`.

``func`` and its arguments and result must be picklable (module-level functions,
the engine's dataclasses).

>>> import operator
>>> run_bounded(operator.add, 2, 3, timeout=30)
5
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from wertung.kernel.errors import WertungError

__all__ = [
    "WorkCancelled",
    "WorkFailed",
    "WorkOutOfMemory",
    "WorkTimeout",
    "client_gone",
    "run_bounded",
]

log = logging.getLogger("wertung.web")
T = TypeVar("T")
PRELOAD = ["wertung.web.tournaments", "wertung.web.history", "wertung.web.bounded"]
_context_lock = threading.Lock()
_context: Any = None


class WorkFailed(WertungError):
    """The work stopped without a result (the worker process failed)."""


class WorkTimeout(WorkFailed):
    """The work did not finish within its deadline."""


class WorkOutOfMemory(WorkFailed):
    """The work needed more memory than allowed."""


class WorkCancelled(WorkFailed):
    """The work was stopped because nobody waits for it any more."""


def _get_context() -> Any:
    global _context
    with _context_lock:
        if _context is None:
            methods = multiprocessing.get_all_start_methods()
            _context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            if "forkserver" in methods:
                _context.set_forkserver_preload(PRELOAD)
        return _context


def _child(
    conn: Any, func: Callable[..., Any], args: tuple[Any, ...], memory_mb: int | None
) -> None:
    try:
        if memory_mb:
            import resource

            limit = memory_mb * 1024 * 1024
            _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        try:
            outcome: tuple[str, Any] = ("ok", func(*args))
        except MemoryError:
            outcome = ("memory", None)
        except WertungError as error:
            outcome = (
                "error",
                (type(error), error.message, error.field, error.where, error.code, error.params),
            )
        except Exception as error:  # reported to the caller as WorkFailed
            outcome = ("crash", f"{type(error).__name__}: {error}")
        try:
            conn.send(outcome)
        except MemoryError:
            conn.send(("memory", None))
        except Exception as error:  # an unpicklable result
            conn.send(("crash", f"result not transferable: {type(error).__name__}"))
    finally:
        conn.close()


def _rebuild(
    payload: tuple[type[WertungError], str, str | None, dict[str, Any], str, dict[str, object]],
) -> WertungError:
    cls, message, field, where, code, params = payload
    try:
        return cls(message, code=code, params=params, field=field, **where)
    except Exception:
        return WorkFailed(message, code=code, params=params, field=field)


def run_bounded(
    func: Callable[..., T],
    *args: Any,
    timeout: float,
    memory_mb: int | None = None,
    cancelled: Callable[[], bool] | None = None,
    field: str | None = "file",
    poll: float = 0.1,
) -> T:
    """``func(*args)`` in a child process, stopped after ``timeout`` s or when ``cancelled()``.

    Raises the engine's error from the child as it was, :class:`WorkTimeout`,
    :class:`WorkOutOfMemory`, :class:`WorkCancelled` or :class:`WorkFailed` (each naming
    ``field``).
    """
    context = _get_context()
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, func, args, memory_mb), daemon=True)
    deadline = time.monotonic() + timeout
    process.start()
    sender.close()
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise WorkTimeout(
                    f"the work took longer than {timeout:g} s and was stopped",
                    code="web.work_timeout",
                    params={"timeout": int(timeout) if float(timeout).is_integer() else timeout},
                    field=field,
                )
            if receiver.poll(min(poll, remaining)):
                try:
                    status, payload = receiver.recv()
                except EOFError:
                    status, payload = "died", None
                break
            if cancelled is not None and cancelled():
                raise WorkCancelled("the request was cancelled", code="web.cancelled", field=field)
            if not process.is_alive() and not receiver.poll(0):
                status, payload = "died", None
                break
    finally:
        if process.is_alive():
            process.kill()
        process.join(5)
        receiver.close()
    if status == "ok":
        return payload
    if status == "error":
        raise _rebuild(payload)
    if status == "memory" or (status == "died" and memory_mb):
        limit = f" ({memory_mb} MiB)" if memory_mb else ""
        raise WorkOutOfMemory(
            f"the work needed more memory than this server allows{limit}",
            code="web.work_memory",
            params={"limit": str(limit)},
            field=field,
        )
    log.error("bounded work failed: %s", payload)
    raise WorkFailed("the work failed unexpectedly", code="web.work_failed", field=field)


def client_gone(request: Any) -> Callable[[], bool]:
    """For a sync route: a ``cancelled`` callable that is true once the client disconnected."""
    import anyio.from_thread

    def gone() -> bool:
        try:
            return bool(anyio.from_thread.run(request.is_disconnected))
        except Exception:  # not in a worker thread of the event loop: cannot tell
            return False

    return gone

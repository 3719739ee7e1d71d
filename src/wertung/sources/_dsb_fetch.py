"""The HTTP side of the DSB list download: allowed addresses, redirects, the capped body.

:func:`fetch` sends one conditional GET to the DSB (``https`` on
:data:`DSB_HOSTS` only), follows redirects only within those hosts, refuses a
``Content-Length`` over the cap before reading and stops a body without one at
the cap, and writes the body to a file. Every failure is a :class:`SourceError`
that says what went wrong, where, and that the loaded list was kept.

>>> check_url("https://schachbund.de/x.zip"), size_text(2_500_000), size_text(2029)
('https://schachbund.de/x.zip', '2.4 MB', '2,029 bytes')
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx

from wertung.kernel.errors import SourceError, inner, message

__all__ = [
    "DSB_HOSTS",
    "MAX_REDIRECTS",
    "Fetched",
    "check_url",
    "fetch",
    "not_a_zip",
    "size_text",
    "user_agent",
]

DSB_HOSTS = frozenset({"www.schachbund.de", "schachbund.de"})
"""The hosts the list is downloaded from (and the only redirect targets)."""

MAX_REDIRECTS = 5
PROJECT_URL = "https://pypi.org/project/wertung/"
_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
_REDIRECTS = frozenset({301, 302, 303, 307, 308})


def user_agent() -> str:
    """``wertung/<version> (+<project url>)``, sent with every request."""
    from wertung._version import __version__

    return f"wertung/{__version__} (+{PROJECT_URL})"


def check_url(url: str, *, allow_insecure: bool = False) -> str:
    """``url`` if the list may be downloaded from it, else :class:`SourceError`.

    Allowed: ``https`` on :data:`DSB_HOSTS`. With ``allow_insecure`` (tests
    only) also ``http``/``https`` on ``localhost``, ``127.0.0.1`` and ``::1``.
    """
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").casefold()
        _ = parts.port  # a malformed port raises here
    except ValueError:
        raise SourceError(
            f"{url!r} is not a web address",
            code="dsb.not_address",
            params={"url": repr(url)},
            field="url",
        ) from None
    if allow_insecure and host in _LOCAL_HOSTS and parts.scheme in ("http", "https"):
        return url.strip()
    if host not in DSB_HOSTS:
        raise SourceError(
            f"the DSB list is downloaded only from {' or '.join(sorted(DSB_HOSTS))}, "
            f"not from {url}",
            code="dsb.host",
            params={"hosts": " or ".join(sorted(DSB_HOSTS)), "url": str(url)},
            field="url",
        )
    if parts.scheme != "https":
        raise SourceError(
            f"the DSB list can only be downloaded over https, not from {url}",
            code="dsb.https",
            params={"url": str(url)},
            field="url",
        )
    return url.strip()


def _check_redirect(origin: str, target: str, allow_insecure: bool) -> str:
    """The redirect target if it stays on the list's host(s), else :class:`SourceError`."""
    source_host = (urlsplit(origin).hostname or "").casefold()
    parts = urlsplit(target)
    host = (parts.hostname or "").casefold()
    same_site = host in DSB_HOSTS if source_host in DSB_HOSTS else host == source_host
    if not same_site or parts.scheme not in ("http", "https"):
        raise SourceError(
            f"the DSB list at {origin} redirects to {target}, another site; "
            "refused (the list is only taken from the DSB's own server)",
            code="dsb.redirect_other",
            params={"origin": str(origin), "target": str(target)},
            field="url",
        )
    if parts.scheme != "https" and not allow_insecure:
        raise SourceError(
            f"the DSB list at {origin} redirects to {target}, which is not https; refused",
            code="dsb.redirect_http",
            params={"origin": str(origin), "target": str(target)},
            field="url",
        )
    return target


# --------------------------------------------------------------------------------------------
# the download


@dataclass(frozen=True, slots=True)
class Fetched:
    path: Path | None  # None: not modified
    size: int
    etag: str | None
    last_modified: str | None
    final_url: str


def size_text(size: int) -> str:
    return f"{size / (1024 * 1024):,.1f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


def _fetch(
    client: httpx.Client,
    url: str,
    headers: Mapping[str, str],
    target: Path,
    *,
    max_bytes: int,
    allow_insecure: bool,
    deadline: float,
) -> Fetched:
    current = url
    for _ in range(MAX_REDIRECTS + 1):
        with client.stream("GET", current, headers=dict(headers)) as response:
            status = response.status_code
            if status in _REDIRECTS:
                location = response.headers.get("location", "")
                if not location:
                    raise SourceError(
                        f"the DSB list at {current}: a redirect ({status}) without a target",
                        code="dsb.redirect_no_target",
                        params={"url": str(current), "status": str(status)},
                        field="url",
                    )
                current = _check_redirect(url, urljoin(current, location), allow_insecure)
                continue
            if status == 304:
                return Fetched(
                    None,
                    0,
                    response.headers.get("etag"),
                    response.headers.get("last-modified"),
                    current,
                )
            if status != 200:
                raise SourceError(
                    f"the DSB list at {current}: the server answered {status} "
                    f"{response.reason_phrase}; the loaded list was kept, try again later",
                    code="dsb.status",
                    params={
                        "url": str(current),
                        "status": str(status),
                        "reason": str(response.reason_phrase),
                    },
                    field="url",
                )
            declared = response.headers.get("content-length")
            expected: int | None = None
            if declared is not None and declared.strip().isdigit():
                expected = int(declared)
                if expected > max_bytes:
                    raise SourceError(
                        f"the DSB list at {current} is {size_text(expected)}, more than the "
                        f"{size_text(max_bytes)} accepted; refused, the loaded list was kept",
                        code="dsb.too_large_declared",
                        params={
                            "url": str(current),
                            "size": str(size_text(expected)),
                            "limit": str(size_text(max_bytes)),
                        },
                        field="url",
                    )
            encoding = response.headers.get("content-encoding", "").strip().casefold()
            if encoding not in ("", "identity"):  # asked for identity: a gzip bomb is no list
                raise SourceError(
                    f"the DSB list at {current} came {encoding}-encoded although wertung "
                    "asked for it unencoded; refused, the loaded list was kept",
                    code="dsb.encoded",
                    params={"url": str(current), "encoding": str(encoding)},
                    field="url",
                )
            size = 0
            with target.open("wb") as out:
                for chunk in response.iter_bytes():  # as they arrive (the deadline sees each)
                    size += len(chunk)
                    if size > max_bytes:
                        raise SourceError(
                            f"the DSB list at {current} is more than the {size_text(max_bytes)} "
                            "accepted; the download was stopped, the loaded list was kept",
                            code="dsb.too_large",
                            params={"url": str(current), "limit": str(size_text(max_bytes))},
                            field="url",
                        )
                    out.write(chunk)
                    if time.monotonic() > deadline:
                        raise SourceError(
                            f"the download of the DSB list from {current} took too long "
                            f"({size_text(size)} so far); it was stopped, the loaded list was "
                            "kept, try again later",
                            code="dsb.too_slow",
                            params={"url": str(current), "size": str(size_text(size))},
                            field="url",
                        )
            if expected is not None and size != expected:
                raise SourceError(
                    f"the download of the DSB list from {current} broke off after "
                    f"{size:,} of {expected:,} bytes; the loaded list was kept, try again later",
                    code="dsb.short",
                    params={"url": str(current), "size": size, "expected": expected},
                    field="url",
                )
            return Fetched(
                target,
                size,
                response.headers.get("etag"),
                response.headers.get("last-modified"),
                current,
            )
    raise SourceError(
        f"the DSB list at {url}: more than {MAX_REDIRECTS} redirects; refused",
        code="dsb.redirects",
        params={"url": str(url), "most": MAX_REDIRECTS},
        field="url",
    )


def not_a_zip(path: Path) -> tuple[str, dict[str, object]]:
    """What the server sent instead of the zip archive: the English text and its message."""
    head = path.read_bytes()[:64] if path.stat().st_size else b""
    if not head:
        return "the server sent an empty file", message("dsb.sent_empty")
    if head.lstrip().startswith((b"<", b"<!")):
        return "the server sent a web page, not the zip archive", message("dsb.sent_page")
    start = repr(head[:16])
    return (
        f"the server sent something that is not a zip archive (it starts with {start})",
        message("dsb.sent_other", start=start),
    )


def fetch(
    url: str,
    headers: Mapping[str, str],
    target: Path,
    *,
    transport: httpx.BaseTransport | None,
    timeout: float,
    max_bytes: int,
    allow_insecure: bool,
    max_seconds: float = 600.0,
) -> Fetched:
    """GET ``url`` (checked with :func:`check_url` first) into ``target``; a 304 writes nothing.

    ``timeout``: seconds for connecting and for each read; ``max_seconds``: for
    the whole download (a server that trickles bytes is stopped).
    """
    check_url(url, allow_insecure=allow_insecure)
    deadline = time.monotonic() + max_seconds
    try:
        with httpx.Client(
            transport=transport,
            timeout=httpx.Timeout(timeout),
            follow_redirects=False,
            trust_env=transport is None,
        ) as client:
            return _fetch(
                client,
                url,
                headers,
                target,
                max_bytes=max_bytes,
                allow_insecure=allow_insecure,
                deadline=deadline,
            )
    except httpx.TimeoutException:
        raise SourceError(
            f"the DSB list at {url}: no answer within {timeout:g} s; "
            "the loaded list was kept, try again later",
            code="dsb.timeout",
            params={"url": url, "timeout": _shown_number(timeout)},
            field="url",
        ) from None
    except httpx.RemoteProtocolError as exc:
        raise SourceError(
            f"the download of the DSB list from {url} broke off ({exc}); "
            "the loaded list was kept, try again later",
            code="dsb.broke_off",
            params={"url": str(url), "detail": inner(exc)},
            field="url",
        ) from None
    except httpx.HTTPError as exc:
        raise SourceError(
            f"the DSB list at {url} could not be downloaded ({type(exc).__name__}: {exc}); "
            "the loaded list was kept, check the network and try again later",
            code="dsb.failed",
            params={"url": str(url), "kind": str(type(exc).__name__), "detail": inner(exc)},
            field="url",
        ) from None


def _shown_number(value: float) -> int | float:
    """``value`` as ``{value:g}`` writes it: a whole number without ``.0``."""
    return int(value) if float(value).is_integer() else float(f"{value:g}")

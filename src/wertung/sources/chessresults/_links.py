"""Reading pasted chess-results.com links and building the URLs we fetch.

Only the tournament number is taken from what the user pastes; every URL the
importer requests is rebuilt here from that number, on the canonical host,
with ``lan=1`` (English labels) and ``zeilen=99999`` (no 150-row cut-off).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit

from wertung.kernel.errors import SourceError

CANONICAL_HOST = "chess-results.com"
CANONICAL_ORIGIN = f"https://{CANONICAL_HOST}"

_HOST_RE = re.compile(r"(?:(?:www|archive|s\d{1,2})\.)?chess-results\.com\.?", re.ASCII)
_PATH_RE = re.compile(r"/tnr(\d{1,9})(?:\.aspx)?/?", re.ASCII | re.IGNORECASE)
_NUMBER_RE = re.compile(r"(?:tnr)?(\d{1,9})", re.ASCII | re.IGNORECASE)
_FORBIDDEN_CHARS = re.compile(r"[\x00-\x20\x7f\\]")

ACCEPTED_LINKS = (
    "a chess-results.com link containing tnrNNNNNN (for example "
    "https://chess-results.com/tnr1342553.aspx?lan=1&art=5) or just the tournament number"
)


def is_chess_results_host(host: str | None) -> bool:
    """Whether ``host`` is chess-results.com or one of its mirrors (www., archive., s1., ...).

    >>> is_chess_results_host("S2.Chess-Results.com"), is_chess_results_host("chess-results.com.evil.org")
    (True, False)
    """
    return bool(host and _HOST_RE.fullmatch(host.lower()))


def tournament_number(link: str | int) -> int:
    """The tournament number in a pasted link (or the number itself).

    Accepts any spelling of the chess-results hosts, any case, any query or
    fragment. Anything else is refused with a :class:`SourceError`.

    >>> tournament_number("https://s2.chess-results.com/TNR1342553.aspx?lan=1&SNode=S0#x")
    1342553
    >>> tournament_number(" 1342553 ")
    1342553
    """
    if isinstance(link, bool):
        raise _refuse(link, "is not a link or a tournament number", "link.not_link")
    if isinstance(link, int):
        if link > 0:
            return link
        raise _refuse(
            link, "is not a tournament number (a whole number above 0)", "link.not_number"
        )
    if not isinstance(link, str):
        raise _refuse(link, "is not a link or a tournament number", "link.not_link")
    text = link.strip()
    if not text:
        raise _refuse(link, "is empty", "link.empty")
    bare = _NUMBER_RE.fullmatch(text)
    if bare:
        return _positive(bare.group(1), link)
    if _FORBIDDEN_CHARS.search(text):
        raise _refuse(link, "contains spaces, control characters or backslashes", "link.bad_chars")
    candidate = text if "://" in text else f"https://{text}"
    try:
        parts = urlsplit(candidate)
        port = parts.port
    except ValueError as exc:
        raise _refuse(
            link, f"is not a valid link ({exc})", "link.invalid", detail=str(exc)
        ) from None
    if parts.scheme.lower() not in ("http", "https"):
        raise _refuse(
            link,
            f"uses the scheme {parts.scheme!r}; only http(s) links are accepted",
            "link.scheme",
            scheme=repr(parts.scheme),
        )
    if "@" in parts.netloc:
        raise _refuse(
            link, "contains a user name (user@host); that is not a chess-results link", "link.user"
        )
    if port not in (None, 80, 443):
        raise _refuse(
            link,
            f"names port {port}; chess-results.com uses the standard ports",
            "link.port",
            port=str(port),
        )
    if not is_chess_results_host(parts.hostname):
        host = parts.hostname or "no host"
        raise _refuse(link, f"points to {host}, not to chess-results.com", "link.host", host=host)
    path = _PATH_RE.fullmatch(parts.path)
    if path:
        return _positive(path.group(1), link)
    for key, value in parse_qsl(parts.query):
        if key.lower() == "tnr" and value.isascii() and value.isdigit() and len(value) <= 9:
            return _positive(value, link)
    raise _refuse(link, "names no tournament (no tnrNNNNNN in the path)", "link.no_tournament")


def view_url(
    number: int, art: int | str = 0, *, origin: str = CANONICAL_ORIGIN, **params: object
) -> str:
    """The URL of one view (``art``) of tournament ``number``, always with ``lan=1&zeilen=99999``.

    >>> view_url(1342553, 5)
    'https://chess-results.com/tnr1342553.aspx?lan=1&zeilen=99999&art=5'
    """
    query: dict[str, str] = {"lan": "1", "zeilen": "99999", "art": str(art)}
    query.update({key: str(value) for key, value in params.items() if value is not None})
    return f"{origin.rstrip('/')}/tnr{int(number)}.aspx?{urlencode(query)}"


def canonical_link(number: int) -> str:
    """The link recorded as a tournament's ``source``."""
    return f"{CANONICAL_ORIGIN}/tnr{int(number)}.aspx?lan=1"


def _positive(digits: str, link: object) -> int:
    number = int(digits)
    if number <= 0:
        raise _refuse(
            link, "is not a tournament number (a whole number above 0)", "link.not_number"
        )
    return number


def _refuse(link: object, why: str, code: str, **params: str) -> SourceError:
    """The error for a refused link: ``code`` (``why``: its English words)."""
    shown = (
        repr(link) if not isinstance(link, str) or len(link) <= 120 else repr(link[:117] + "...")
    )
    return SourceError(
        f"{shown} {why}; expected {ACCEPTED_LINKS}",
        code=code,
        params={"link": shown, **params},
        field="link",
    )

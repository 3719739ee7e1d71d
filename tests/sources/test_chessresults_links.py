"""chess-results links: what is accepted, what is refused, how URLs are rebuilt."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wertung import SourceError
from wertung.sources.chessresults import (
    canonical_link,
    is_chess_results_host,
    tournament_number,
    view_url,
)


@pytest.mark.parametrize(
    "link",
    [
        "https://chess-results.com/tnr1342553.aspx?lan=1&art=5",
        "http://chess-results.com/tnr1342553.aspx",
        "https://www.chess-results.com/tnr1342553.aspx?lan=1",
        "https://s1.chess-results.com/tnr1342553.aspx?lan=1&art=0&turdet=YES&SNode=S0",
        "https://s2.chess-results.com/tnr1342553.aspx?lan=1&zeilen=99999&art=5",
        "https://s3.chess-results.com/tnr1342553.aspx#top",
        "https://s12.chess-results.com/tnr1342553.aspx",
        "https://archive.chess-results.com/tnr1342553.aspx?lan=1",
        "HTTPS://S2.CHESS-RESULTS.COM/TNR1342553.ASPX?LAN=1",
        "chess-results.com/tnr1342553.aspx?lan=1&SNode=S0",
        "s2.chess-results.com/Tnr1342553.aspx",
        "https://chess-results.com:443/tnr1342553.aspx",
        "https://chess-results.com./tnr1342553.aspx",
        "https://chess-results.com/CalendarLink.aspx?lan=1&tnr=1342553",
        "  https://chess-results.com/tnr1342553.aspx?lan=1  ",
        "1342553",
        " 1342553\n",
        "tnr1342553",
        1342553,
    ],
)
def test_accepted_links(link: str | int) -> None:
    assert tournament_number(link) == 1342553


@pytest.mark.parametrize(
    "link",
    [
        "https://chess-results.com.evil.org/tnr1342553.aspx",
        "https://evil.org/?x=chess-results.com/tnr1342553.aspx",
        "https://evil.org/tnr1342553.aspx",
        "https://chess-results.com@evil.org/tnr1342553.aspx",
        "https://user:pw@chess-results.com/tnr1342553.aspx",
        "https://evil.org\\@chess-results.com/tnr1342553.aspx",
        "https://notchess-results.com/tnr1342553.aspx",
        "https://chess-results.co/tnr1342553.aspx",
        "https://xchess-results.com/tnr1342553.aspx",
        "https://evil.chess-results.com/tnr1342553.aspx",
        "https://chess-results.com:8080/tnr1342553.aspx",
        "ftp://chess-results.com/tnr1342553.aspx",
        "javascript:alert(1)//chess-results.com/tnr1.aspx",
        "https://chess-results.com/",
        "https://chess-results.com/Default.aspx?lan=1",
        "https://chess-results.com/tnr.aspx",
        "https://chess-results.com/tnr0.aspx",
        "https://chess-results.com/tnr1342553.aspx/../../evil",
        "https://chess-rеsults.com/tnr1342553.aspx",  # Cyrillic "е"
        "https://chess-results.com\n.evil.org/tnr1.aspx",
        "",
        "   ",
        "0",
        "-5",
        "12.5",
        "tnr",
        "1234567890123",
        0,
        -1,
        True,
        None,
        3.0,
    ],
)
def test_refused_links(link: object) -> None:
    with pytest.raises(SourceError) as info:
        tournament_number(link)  # type: ignore[arg-type]
    assert "chess-results" in info.value.message
    assert info.value.field == "link"


def test_refusal_names_the_foreign_host() -> None:
    with pytest.raises(SourceError, match=r"evil\.org"):
        tournament_number("https://chess-results.com.evil.org/tnr1.aspx")


def test_urls_are_rebuilt_on_the_canonical_host() -> None:
    url = view_url(1342553, 9, snr=12)
    parts = urlsplit(url)
    assert parts.scheme == "https" and parts.netloc == "chess-results.com"
    assert parts.path == "/tnr1342553.aspx"
    assert parse_qs(parts.query) == {
        "lan": ["1"],
        "zeilen": ["99999"],
        "art": ["9"],
        "snr": ["12"],
    }
    assert canonical_link(1342553) == "https://chess-results.com/tnr1342553.aspx?lan=1"


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("chess-results.com", True),
        ("www.chess-results.com", True),
        ("s1.chess-results.com", True),
        ("S3.Chess-Results.COM", True),
        ("archive.chess-results.com", True),
        ("chess-results.com.evil.org", False),
        ("evil.org", False),
        ("a.b.chess-results.com", False),
        ("", False),
        (None, False),
    ],
)
def test_host_allow_list(host: str | None, allowed: bool) -> None:
    assert is_chess_results_host(host) is allowed


@given(st.text(max_size=200))
def test_fuzz_any_text_gives_a_number_or_source_error(text: str) -> None:
    try:
        number = tournament_number(text)
    except SourceError:
        return
    assert isinstance(number, int) and number > 0


_HOSTS = st.sampled_from(
    [
        "chess-results.com",
        "www.chess-results.com",
        "s2.chess-results.com",
        "evil.org",
        "chess-results.com.evil.org",
    ]
)


@given(
    scheme=st.sampled_from(["http://", "https://", "", "HTTPS://"]),
    host=_HOSTS,
    number=st.integers(min_value=1, max_value=999_999_999),
    query=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789=&%._-", max_size=40),
    upper=st.booleans(),
)
def test_fuzz_links_accepted_exactly_on_chess_results_hosts(
    scheme: str, host: str, number: int, query: str, upper: bool
) -> None:
    link = f"{scheme}{host}/tnr{number}.aspx?{query}"
    if upper:
        link = link.upper()
    if host.endswith("evil.org"):
        with pytest.raises(SourceError):
            tournament_number(link)
    else:
        assert tournament_number(link) == number

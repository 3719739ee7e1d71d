"""Every bad input answered beside its own field, all at once (issue 22 item 2).

The form checks each field's range with the kernel's checks (:mod:`wertung.kernel.checks`)
before the engine runs, so three bad fields give three messages; a DWZ of 0, an index of 0
and an opponent of 0 are refused; a rating below the FIDE floor says what the rules then do.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from web_helpers import client


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _errors(html: str) -> dict[str, str]:
    found = re.findall(
        r'id="err-([\w-]+)" class="field-error" role="alert"(?: hx-swap-oob="true")?>([^<]+)<', html
    )
    return dict(found)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_bad_field_has_its_own_message_at_once(web, lang: str) -> None:
    url = f"/{lang}/elo?rating=5000&birth_year=1800&opp=99999&res=1&opp=1500&res=1"
    for html in (web.get(url).text, web.get(url.replace("/elo?", "/elo/result?")).text):
        errors = _errors(html)
        assert set(errors) == {"rating", "birth_year", "opp-1"}, errors
        assert "5000" in errors["rating"] and "1800" in errors["birth_year"]
        assert "99999" in errors["opp-1"]
        assert 'data-testid="new-rating"' not in html


@pytest.mark.parametrize("page", ["elo", "dwz"])
def test_an_opponent_out_of_range_is_marked_at_its_row(web, page: str) -> None:
    html = web.get(f"/en/{page}?rating=1800&opp=1500&res=1&opp=5000&res=1").text
    errors = _errors(html)
    assert set(errors) == {"opp-2"} and "5000" in errors["opp-2"]
    assert "Please check the marked fields." in html  # and the marked field is there


def test_the_engine_error_of_an_elo_opponent_goes_to_its_row() -> None:
    from wertung.kernel.errors import InvalidRating
    from wertung.web.i18n import translator
    from wertung.web.pages.forms import FormState, _place_error

    state = FormState()
    error = InvalidRating(
        "opponent rating 5000 is out of range; ratings are 0 to 3500",
        code="rating.out_of_range",
        params={"label": "opponent rating", "value": 5000, "low": 0, "high": 3500},
        field="opponent_rating",
        game=2,
    )
    _place_error(error, state, translator("en"), [1, 3])
    assert list(state.errors) == ["opp-3"]


@pytest.mark.parametrize(
    ("lang", "zero", "index"),
    [("de", "0 ist keine Wertungszahl", "Einen Index 0 gibt es nicht"),
     ("en", "0 is not a rating", "There is no index 0")],
)  # fmt: skip
def test_a_dwz_of_0_and_an_index_of_0_are_refused(web, lang: str, zero: str, index: str) -> None:
    html = web.get(f"/{lang}/dwz?rating=0&index=0&opp=0&res=1&opp=1500&res=1").text
    errors = _errors(html)
    assert set(errors) == {"rating", "index", "opp-1"}
    assert errors["rating"].startswith(zero) and errors["index"].startswith(index)
    assert errors["opp-1"].startswith(zero) and "–" in errors["opp-1"]  # how to say "unrated"
    assert (
        "1100"
        not in re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S).split('id="summary"')[1][
            :400
        ]
    )
    assert _errors(web.get(f"/{lang}/dwz?rating=1500-0&opp=1500&res=1").text).keys() == {"index"}
    assert _errors(web.get(f"/{lang}/upgrade?rating=0").text).keys() == {"rating"}


def test_an_unrated_opponent_is_still_typed_as_a_dash(web) -> None:
    html = web.get("/en/dwz?rating=1500&index=5&opp=–&res=1&opp=1500&res=1").text
    assert not _errors(html) and 'data-testid="new-rating"' in html


def test_first_dwz_refuses_opponents_and_carry_over_opponents_of_0(web) -> None:
    url = "/en/first-dwz?opp=0&res=1&opp=1500&res=1&c_opp=0&c_res=1&c_date=2026-01-01"
    errors = _errors(web.get(url).text)
    assert set(errors) == {"opp-1", "c_opp-1"}


def test_a_bad_result_a_bad_date_and_a_bad_year_together(web) -> None:
    url = "/en/dwz?rating=1500&birth_year=99&end_date=soon&opp=1500&res=x&opp=1500&res=1"
    errors = _errors(web.get(url).text)
    assert set(errors) == {"birth_year", "end_date", "res-1"}


# -- a chess-results link while chess-results.com cannot be reached ---------------------------


def _refusing_client():
    """The real chess-results client over a local transport that refuses every connection."""
    import httpx

    from wertung.sources.chessresults import Client

    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    return Client(transport=httpx.MockTransport(refuse), cache=False, min_interval=0, max_retries=0)


@pytest.mark.parametrize(
    ("lang", "text", "upload"),
    [("de", "chess-results.com ist gerade nicht erreichbar", "als Datei hoch"),
     ("en", "chess-results.com cannot be reached right now", "upload them below")],
)  # fmt: skip
def test_an_unreachable_chess_results_is_said_and_not_counted(
    tmp_path: Path, lang: str, text: str, upload: str
) -> None:
    web = client(tmp_path, chessresults_client=_refusing_client, fetch_limit=1)
    for _ in range(3):  # a limit of 1: a counted attempt would make the second a 429
        response = web.post(f"/{lang}/tournament", data={"link": "1342553"})
        assert response.status_code == 422
        error = _errors(response.text)["link"]
        assert error.startswith(text) and upload in error
        assert "ConnectError" not in response.text and "art=0" not in response.text
    api = web.post("/api/v1/tournament/link", json={"link": "1342553"})
    assert api.status_code == 502 and "cannot be reached" in api.json()["detail"]


def test_the_import_job_says_so_too_and_does_not_count(tmp_path: Path) -> None:
    import time

    web = client(tmp_path, chessresults_client=_refusing_client, fetch_limit=1)
    for _ in range(2):
        started = web.post("/en/tournament/start", data={"link": "1342553"})
        job = re.search(r"/tournament/jobs/(\w+)", started.text)
        assert job, started.text
        for _ in range(200):  # the job thread fails at once (no network, no retries)
            status = web.get(f"/en/tournament/jobs/{job.group(1)}").text
            if "cannot be reached" in status:
                break
            time.sleep(0.05)
        assert "chess-results.com cannot be reached right now" in status


def test_other_source_errors_still_count(tmp_path: Path) -> None:
    class Broken:
        def fetch(self, *args: object, **kwargs: object) -> None:
            from wertung import SourceError

            raise SourceError("the page has no crosstable")

    web = client(tmp_path, chessresults_client=lambda: Broken(), fetch_limit=1)
    assert web.post("/en/tournament", data={"link": "1342553"}).status_code == 422
    assert web.post("/en/tournament", data={"link": "1342553"}).status_code == 429

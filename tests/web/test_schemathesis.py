"""Property-based API test: schemathesis generates requests from the OpenAPI document.

Every operation of ``/api/openapi.json`` is called with generated valid and
invalid input (8 examples each, so that it runs in CI; more with
``WERTUNG_SCHEMATHESIS_EXAMPLES=100``), and every answer is checked against the
document with all of schemathesis' checks: no 5xx, documented status codes,
content types, headers and schemas, invalid input refused, valid input accepted.

Where a rule of the engine cannot be written in JSON Schema (one field compared
with another, ids that must exist), the acceptance check is narrowed, never
dropped: a valid request may then be refused only with one of the catalogue codes
``REFUSALS`` names for its operation, each with the reason no schema can say it.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from pathlib import Path

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from wertung.web import Settings, create_app  # noqa: E402


class Offline:
    """The importer's client in this test: never reaches chess-results.com ("no such page")."""

    def fetch(self, *args: object, **kwargs: object) -> None:
        from wertung import SourceError

        raise SourceError(
            "chess-results.com has no such page (404)", code="client.404", field="link"
        )

    def close(self) -> None:
        pass


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    APP = create_app(
        Settings(
            data_dir=Path(tempfile.mkdtemp(prefix="wertung-st-")),
            fetch_limit=1000,
            chessresults_client=Offline,
        )
    )

schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)

from schemathesis.checks import positive_data_acceptance  # noqa: E402

BIRTH_YEAR = (
    "a birth year after the year of the date (of today when none is given): JSON Schema "
    "cannot compare one field with another, nor with the day of the request"
)
PLAYER_IDS = (
    "games, byes and upcoming pairings name players by id: no schema can say that the id "
    "exists, or that a round pairs a player once"
)
#: The server's limits on players, rounds and games are in the document (check_size's bounds).
_TOURNAMENT_DOC = APP.openapi()["components"]["schemas"]["Tournament"]
assert _TOURNAMENT_DOC["properties"]["players"]["maxItems"] == 5000
STORED = "a stored tournament's key or a player's name must exist: no schema knows the store"
TOURNAMENT = {
    "tournament.unknown_player_in_round": PLAYER_IDS,
    "tournament.paired_twice": PLAYER_IDS,
    "tournament.unknown_player_bye": PLAYER_IDS,
    "tournament.paired_and_bye": PLAYER_IDS,
    "tournament.two_byes": PLAYER_IDS,
    "tournament.upcoming_unknown": PLAYER_IDS,
    "tournament.upcoming_twice": PLAYER_IDS,
    "tournament.self_paired": PLAYER_IDS,
    "tournament.duplicate_id": PLAYER_IDS,
    "birth_year.after_date": BIRTH_YEAR,  # a player born after the tournament's end
    "tournament.start_after_end": "a start date after the end date: JSON Schema cannot "
    "compare two fields",
}
#: The evaluation's options (method, exceptional, printed): one query parameter tied to
#: another's value, or to the body's dates.
PRINTED = {
    "swiss_chess.printed_method": "a printing date only with method=swiss-chess: no schema can "
    "tie one query parameter to the value of another",
    "swiss_chess.printed_before": "a printing date before the tournament's start: no schema can "
    "compare a query parameter with the body (or the fetched tournament)",
    "birth_year.after_date": BIRTH_YEAR,  # a player born after the printing date's year
}
TOURNAMENT = {**TOURNAMENT, **PRINTED}
HISTORY = {
    **TOURNAMENT,
    "web.no_stored": STORED,
    "season.no_single_player": STORED,
    "season.several_players": STORED,
    "web.history_most": "at most 12 tournaments and keys together: JSON Schema bounds each list, "
    "not their sum (only as 13 alternatives of two maxItems, which the document spares its "
    "readers; only a request with keys can go over it)",
}
TIME_CONTROL = (
    "a time control must give figures (90+30, 40/90+30, 30+30): no pattern can say which "
    "texts the reader understands"
)
#: Operation → catalogue code → why a schema-valid request may still be refused with it.
REFUSALS: dict[str, dict[str, str]] = {
    "POST /api/v1/dwz/forecast": {"birth_year.after_date": BIRTH_YEAR},
    "POST /api/v1/dwz/first": {"birth_year.after_date": BIRTH_YEAR},
    "POST /api/v1/elo/rating-change": {"birth_year.after_date": BIRTH_YEAR},
    "POST /api/v1/dwz/needed": {"birth_year.after_date": BIRTH_YEAR},
    "POST /api/v1/dwz/first/needed": {"birth_year.after_date": BIRTH_YEAR},
    "POST /api/v1/elo/needed": {"birth_year.after_date": BIRTH_YEAR},
    "POST /api/v1/tournament/evaluate": {**TOURNAMENT, "tc.given_unreadable": TIME_CONTROL},
    "POST /api/v1/tournament/link": {
        "client.404": "no test reaches chess-results.com: the test's client answers every link "
        "the route takes with 'no such page'",
        "tc.given_unreadable": TIME_CONTROL,
        **PRINTED,
    },
    "POST /api/v1/history": HISTORY,
}
#: Operations whose valid input cannot be accepted in this test at all (the check is off).
OUTSIDE = {
    "POST /api/v1/tournament/file": "a binary file: no schema can say which bytes are a TRF file",
}
#: The statuses schemathesis counts as accepting valid input.
ACCEPTING = (401, 403, 404, 409, 429)


def _refused(response: object) -> bool:
    status = response.status_code  # type: ignore[attr-defined]
    return 400 <= status < 500 and status not in ACCEPTING


@schema.parametrize()
@settings(
    max_examples=int(os.environ.get("WERTUNG_SCHEMATHESIS_EXAMPLES", "8")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_conforms_to_its_document(case) -> None:
    label = f"{case.operation.method.upper()} {case.operation.path}"
    narrowed = label in REFUSALS or label in OUTSIDE
    response = case.call_and_validate(
        excluded_checks=[positive_data_acceptance] if narrowed else None
    )
    meta = case.meta
    if label not in REFUSALS or meta is None or not meta.generation.mode.is_positive:
        return
    if _refused(response):
        code = response.json().get("code")
        assert code in REFUSALS[label], (
            f"valid data refused with {response.status_code} {code}: {response.text[:600]}\n"
            f"{case.as_curl_command()}"
        )


def test_every_refusal_reason_is_a_catalogue_code() -> None:
    from wertung.catalogue import BY_CODE

    codes = {code for reasons in REFUSALS.values() for code in reasons}
    assert codes <= set(BY_CODE), codes - set(BY_CODE)

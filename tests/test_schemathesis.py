"""Property-based API test: schemathesis generates requests from the OpenAPI document.

Every operation of ``/api/openapi.json`` is called with generated valid and
invalid input (8 examples each, so that it runs in CI; more with
``WERTUNG_SCHEMATHESIS_EXAMPLES=200``), and
every answer is checked against the document with all of schemathesis' checks:
no 5xx, documented status codes, content types, headers and schemas, invalid
input refused, valid input accepted.
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
    """The importer's client in this test: never reaches chess-results.com (a link error)."""

    def fetch(self, *args: object, **kwargs: object) -> None:
        from wertung import SourceError

        raise SourceError("offline in tests", field="link")

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

from schemathesis.checks import negative_data_rejection, positive_data_acceptance  # noqa: E402

# Known gaps between the document and the routes. Only the named check is skipped for
# the named operation; every other check runs. Each reason says why it cannot close here.
BIRTH_YEAR = (
    "a birth year after the date (today when none is given) is refused: JSON Schema cannot "
    "compare one field with another or with the day of the request"
)
COUNT = (
    "a count of remaining games needs opponent= (one field required by the type of "
    "another), and a birth year after the date is refused (see BIRTH_YEAR)"
)
TOURNAMENT = (
    "a schema-valid tournament can still be refused: games and byes name players by id "
    "(no schema can say the id exists), and the evaluation's own rules (a round's pairings "
    "once each, an end date before the first game, ...) are beyond the schema"
)
LENIENT_READER = (
    "the JSON tournament reader checks every value it uses (types, ranges, unknown keys, null for "
    "lists, empty dates) but is still more lenient than the schema in places (null for a count "
    "the schema types as integer, a negative games count); to close by validating the document "
    "against the schema in the reader"
)
KNOWN_GAPS: dict[str, dict[object, str]] = {
    "POST /api/v1/dwz/forecast": {positive_data_acceptance: BIRTH_YEAR},
    "POST /api/v1/dwz/first": {positive_data_acceptance: BIRTH_YEAR},
    "POST /api/v1/elo/rating-change": {positive_data_acceptance: BIRTH_YEAR},
    "POST /api/v1/dwz/needed": {positive_data_acceptance: COUNT},
    "POST /api/v1/dwz/first/needed": {positive_data_acceptance: COUNT},
    "POST /api/v1/elo/needed": {positive_data_acceptance: COUNT},
    "POST /api/v1/history": {
        positive_data_acceptance: TOURNAMENT,
        negative_data_rejection: LENIENT_READER,
    },
    "POST /api/v1/tournament/evaluate": {
        positive_data_acceptance: TOURNAMENT,
        negative_data_rejection: LENIENT_READER,
    },
    "POST /api/v1/tournament/file": {
        positive_data_acceptance: "a binary file: no schema can say which bytes are a TRF file"
    },
    "POST /api/v1/tournament/link": {
        positive_data_acceptance: "no test reaches chess-results.com: the test's client is "
        "offline, so every schema-valid link ends in a link error"
    },
}


@schema.parametrize()
@settings(
    max_examples=int(os.environ.get("WERTUNG_SCHEMATHESIS_EXAMPLES", "8")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api_conforms_to_its_document(case) -> None:
    label = f"{case.operation.method.upper()} {case.operation.path}"
    excluded = list(KNOWN_GAPS.get(label, {}))
    case.call_and_validate(excluded_checks=excluded or None)

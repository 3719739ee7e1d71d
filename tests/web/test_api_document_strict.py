"""The API document says what the routes take: its patterns and conditions against the engine.

schemathesis (``tests/web/test_schemathesis.py``) samples the whole document; these tests pin
the parts written by hand: the link pattern against the importer's own link reader, the
count of remaining games that needs ``opponent``, and the tournament bodies' ``end_date``.
"""

from __future__ import annotations

import re
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung.sources.chessresults import tournament_number
from wertung.web import Settings, create_app
from wertung.web.api.fields import LINK_PATTERN

jsonschema_rs = pytest.importorskip("jsonschema_rs")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    APP = create_app(Settings(data_dir=Path(tempfile.mkdtemp(prefix="wertung-doc-"))))
DOCUMENT = APP.openapi()
SCHEMAS = DOCUMENT["components"]["schemas"]


def _validator(name: str) -> object:
    """A validator for one component, with the document's other components to refer to."""
    schema = {**SCHEMAS[name], "components": {"schemas": SCHEMAS}}
    return jsonschema_rs.validator_for(schema, validate_formats=True)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.from_regex(LINK_PATTERN, fullmatch=True))
def test_every_link_the_document_allows_is_one_the_importer_reads(link: str) -> None:
    assert tournament_number(link) > 0


@pytest.mark.parametrize(
    "link",
    ["0.chess-results.com/tnr1.aspx", "chess-results.com/de/tnr1.aspx", "tnr0", "1 2", "x1"],
)
def test_links_the_importer_refuses_are_outside_the_pattern(link: str) -> None:
    assert re.search(LINK_PATTERN, link) is None


@pytest.mark.parametrize("name", ["DwzNeededRequest", "FirstNeededRequest"])
def test_a_dwz_count_of_remaining_games_needs_the_opponent(name: str) -> None:
    validator = _validator(name)
    body = {"games": [], "remaining": 3, "target": 1500, "rating": 1500}
    assert not validator.is_valid(body)
    assert not validator.is_valid({**body, "opponent": None})
    assert validator.is_valid({**body, "opponent": 1500})
    assert validator.is_valid({**body, "remaining": 0})
    assert validator.is_valid({**body, "remaining": [1500, 1600]})
    assert not validator.is_valid({**body, "remaining": [1500, None]})


def test_elo_remaining_games_may_be_against_unrated_opponents() -> None:
    validator = _validator("EloNeededRequest")
    body = {"rating": 1800, "games": [], "target": 1820}
    assert validator.is_valid({**body, "remaining": 2})
    assert validator.is_valid({**body, "remaining": [1900, None]})
    assert not validator.is_valid({**body, "rating": 0, "remaining": 2})


def test_an_evaluated_tournament_needs_its_end_date_when_it_is_dwz_rated() -> None:
    validator = _validator("Tournament")
    players = {"players": [{"id": 1}]}
    assert not validator.is_valid(players)
    assert validator.is_valid({**players, "end_date": "2026-09-01"})
    assert validator.is_valid({**players, "rated_for_dwz": False})
    assert validator.is_valid({**players, "time_control": "blitz"})
    assert not validator.is_valid({**players, "rated_for_dwz": True})


def test_a_history_names_a_tournament_and_each_has_its_end_date() -> None:
    validator = _validator("HistoryRequest")
    tournament = {"players": [{"id": 1}], "time_control": "rapid"}
    assert not validator.is_valid({})
    assert not validator.is_valid({"tournaments": [], "keys": []})
    assert not validator.is_valid({"keys": [" "]})
    assert validator.is_valid({"keys": ["abc"]})
    assert not validator.is_valid({"tournaments": [tournament]})
    assert validator.is_valid({"tournaments": [{**tournament, "end_date": "2026-01-10"}]})


def test_the_servers_limits_in_the_document_are_those_check_size_applies() -> None:
    from types import SimpleNamespace as NS

    from wertung.web.api.openapi_tournament import add_tournament_schema
    from wertung.web.limits import TournamentTooLarge, check_size

    limits = NS(max_players=3, max_rounds=2, max_games=2)
    schemas = add_tournament_schema({}, limits)["components"]["schemas"]
    tournament = {**schemas["Tournament"], "components": {"schemas": schemas}}
    validator = jsonschema_rs.validator_for(tournament)

    def game(round_no: int) -> dict[str, object]:
        return {"round": round_no, "white": 1, "black": 2, "result": "1-0"}

    players = [{"id": n} for n in (1, 2, 3)]
    cases = [
        {"players": players, "games": [game(1), game(2)], "rounds": 2},
        {"players": [*players, {"id": 4}]},
        {"players": players, "games": [game(1), game(3)]},
        {"players": players, "rounds": 3},
        {"players": players, "games": [game(1), game(2), game(2)]},
    ]
    verdicts = []
    for case in cases:
        body = {"end_date": "2026-09-01", **case}
        games = [NS(round=g["round"]) for g in body.get("games", [])]
        try:
            check_size(NS(players=body["players"], games=games, rounds=body.get("rounds")), limits)
            fits = True
        except TournamentTooLarge:
            fits = False
        assert validator.is_valid(body) == fits, case
        verdicts.append(fits)
    assert verdicts == [True, False, False, False, False]

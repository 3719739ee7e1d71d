"""cli/_common.describe: an error in the chosen language from its code, params and where,
with where it is in front unless the message begins with it (the English text is not read)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wertung.cli._common import describe
from wertung.cli._lang import set_current
from wertung.kernel.errors import InvalidResult, InvalidTournament


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    set_current(None)


def _paired_twice(text: str) -> InvalidTournament:
    return InvalidTournament(
        text,
        code="tournament.paired_twice",
        params={"round": 2, "id": "'a'", "w1": "'a'", "b1": "'b'", "w2": "'a'", "b2": "'c'"},
        round=2,
        player="a",
    )


def test_a_message_that_names_its_place_stands_alone(lang: None) -> None:
    # the English text given to the raise is not what decides (nor what is shown in German)
    error = _paired_twice("whatever the raise wrote")
    set_current("en")
    assert describe(error) == "round 2: player 'a' is paired twice (the games 'a'-'b' and 'a'-'c')"
    set_current("de")
    assert (
        describe(error)
        == "Runde 2: Spieler 'a' ist zweimal gepaart (die Partien 'a'-'b' und 'a'-'c')"
    )


def test_where_goes_in_front_in_the_chosen_language(lang: None) -> None:
    error = InvalidResult(
        "unknown game result 'x'; accepted: …",
        code="result.unknown_game",
        params={"value": "'x'"},
        round=3,
        game=7,
        bye=1,
    )
    set_current("en")
    assert describe(error).startswith("round 3, game 7, bye 1: ")
    set_current("de")
    assert describe(error).startswith(
        "Runde 3, Partie 7, Freilos 1: Unbekanntes Partieergebnis 'x'"
    )

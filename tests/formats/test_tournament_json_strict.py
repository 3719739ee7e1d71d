"""The JSON tournament reader and its schema agree: what the schema refuses, the reader refuses.

Checked three ways: the reader's own lists (results, bye kinds, ...) are the schema's; a
table of near misses (a rating as text, ``null`` where the schema has none, a negative
games count, a German date, ...) is refused by both, each with a catalogue message that
names the field in German and English; and random changes to a full document are read
exactly when the schema accepts them (up to the rules no schema can say: ids that exist).
The validator is ``jsonschema_rs`` (ECMA-262 patterns, as the schema's ``pattern`` means
them and as schemathesis checks the API), with formats checked.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wertung import WertungError, catalogue
from wertung.fide._change import K_OVERRIDE_MAX, K_OVERRIDE_MIN
from wertung.formats import _tournament_json_values as values
from wertung.formats import tournament_json as tj

jsonschema_rs = pytest.importorskip("jsonschema_rs")

SCHEMA = tj.schema()
VALIDATOR = jsonschema_rs.validator_for(SCHEMA, validate_formats=True)
DEFS = SCHEMA["$defs"]

#: Refusals of schema-valid documents: rules about the ids no schema can state.
CROSS_FIELD = {
    "tournament.unknown_player_in_round",
    "tournament.paired_twice",
    "tournament.unknown_player_bye",
    "tournament.paired_and_bye",
    "tournament.two_byes",
    "tournament.self_paired",
    "tournament.duplicate_id",
}

FULL: dict[str, Any] = {
    "$schema": "https://github.com/wertung/wertung/schemas/tournament.schema.json",
    "format": "wertung-tournament/1",
    "name": "Vereinsturnier",
    "end_date": "2026-09-01",
    "start_date": "2026-08-01",
    "rounds": 3,
    "place": "Beispielheim",
    "source": "hand",
    "rated_for_dwz": True,
    "rated_for_fide": True,
    "notes": ["a note"],
    "time_control": "standard",
    "time_control_text": "90 min",
    "time_control_periods": [{"minutes": 40, "moves": 40, "increment": 30}, {"minutes": 30}],
    "time_control_given": "90+30",
    "age_class": "U12",
    "age_class_given": "open",
    "played_rounds": 2,
    "incomplete": [],
    "teams": [{"id": "A", "name": "Team A", "players": ["1", "2"]}],
    "players": [
        {
            "id": "1", "name": "Muster, Max", "dwz": 1500, "index": 5, "birth_year": 1980,
            "fide_rating": 1600, "fide_id": "12345", "member": True, "federation": "GER",
            "title": "FM", "club": "SK", "sex": "m", "national_rating": 1500, "fide_k": 20,
            "fide_games": 40, "fide_peak": 1650, "points": 1, "pkz": "1", "zps": "Z0101",
            "member_number": "7", "birth_date": "1980-05-01", "team": "A",
        },
        {
            "id": 2, "name": "Neu, Nina", "birth_year": 2012, "points": "½",
            "carry_over": [
                {"opponent_rating": 1400, "result": "1", "end_date": "2025-11-02",
                 "tournament": "Herbst"},
            ],
        },
        {"id": "3", "name": "Drei", "dwz": None, "member": None},
    ],
    "games": [
        {"round": 1, "white": "1", "black": 2, "result": "1-0", "board": 1},
        {"round": 2, "white": "3", "black": "2", "result": "½-½", "date": "2026-08-09"},
    ],
    "round_dates": ["2026-08-01", None, "2026-08-20"],
    "byes": [{"round": 1, "player": "3", "points": 1, "kind": "U"}],
    "upcoming": [{"round": 3, "white": "1", "black": "3", "board": None}],
}  # fmt: skip


def _read(doc: Any) -> tuple[Any, WertungError | None]:
    try:
        return tj.from_dict(doc), None
    except WertungError as error:
        return None, error


def test_the_full_document_is_valid_and_read() -> None:
    assert VALIDATOR.is_valid(FULL)
    tournament, error = _read(FULL)
    assert error is None, error
    assert tournament.players[1].points == Fraction(1, 2)
    assert VALIDATOR.is_valid(tj.to_dict(tournament))


def test_the_reader_lists_what_the_schema_lists() -> None:
    assert list(tj.GAME_RESULTS) == DEFS["game"]["properties"]["result"]["enum"]
    assert list(tj.SCORE_SYMBOLS) == DEFS["score"]["oneOf"][1]["enum"]
    assert DEFS["score"]["oneOf"][0]["enum"] == [0, 0.5, 1]
    assert DEFS["bye"]["properties"]["points"]["enum"] == [0, 0.5, 1]
    assert list(tj.BYE_KINDS) == DEFS["bye"]["properties"]["kind"]["enum"]
    assert list(tj.TIME_CONTROLS) == SCHEMA["properties"]["time_control"]["enum"]
    assert SCHEMA["properties"]["format"]["const"] == tj.FORMAT
    assert DEFS["player_ref"]["pattern"] == tj.NOT_BLANK
    fide_k = DEFS["player"]["properties"]["fide_k"]
    assert (fide_k["minimum"], fide_k["maximum"]) == (K_OVERRIDE_MIN, K_OVERRIDE_MAX)
    points = DEFS["player"]["properties"]["points"]["anyOf"][1]["pattern"]
    assert points == f"^({values._POINTS_TEXT.pattern.replace('(?:', '(')})$"
    assert set(SCHEMA["properties"]) == tj._TOURNAMENT_FIELDS
    assert set(DEFS["player"]["properties"]) == tj._PLAYER_FIELDS


def test_blank_is_the_same_for_the_schema_and_the_reader() -> None:
    """An id is blank for the schema (an ECMA pattern) exactly when the reader finds it blank."""
    blank = jsonschema_rs.validator_for({"type": "string", "pattern": tj.NOT_BLANK})
    every = (chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    differ = [hex(ord(c)) for c in every if blank.is_valid(c) != bool(c.strip(tj.SPACE))]
    assert differ == []
    assert all(c in tj.SPACE for c in map(chr, range(0x110000)) if c.isspace())


def _set(doc: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    """``doc`` with the value at ``path`` (``players.0.dwz``) replaced (``...`` deletes)."""
    out = copy.deepcopy(doc)
    *parents, last = path.split(".")
    node: Any = out
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    key: Any = int(last) if isinstance(node, list) else last
    if value is ...:
        del node[key]
    else:
        node[key] = value
    return out


#: (path, value, the field the error names, its catalogue code)
NEAR_MISSES = [
    ("played_rounds", None, "played_rounds", "json.not_whole"),
    ("played_rounds", -1, "played_rounds", "json.rounds_count"),
    ("rounds", 0, "rounds", "json.rounds_total"),
    ("rounds", "3", "rounds", "json.not_whole"),
    ("rounds", 2.5, "rounds", "json.not_whole"),
    ("players.0.fide_games", -1, "fide_games", "json.fide_games"),
    ("players.0.fide_k", 0, "fide_k", "json.fide_k"),
    ("players.0.fide_k", 101, "fide_k", "json.fide_k"),
    ("players.0.dwz", "1500", "dwz", "rating.not_a_rating"),
    ("players.0.dwz", 1500.5, "dwz", "rating.not_whole"),
    ("players.0.index", "5", "index", "index.not_an_index"),
    ("players.0.birth_year", "1980", "birth_year", "birth_year.invalid"),
    ("players.0.fide_id", True, "fide_id", "json.not_whole"),
    ("players.0.fide_id", 1.5, "fide_id", "json.not_whole"),
    ("players.0.name", None, "name", "json.not_text"),
    ("players.0.club", 7, "club", "json.not_text"),
    ("players.0.points", -1, "points", "json.not_points"),
    ("players.0.points", 1.25, "points", "json.not_points"),
    ("players.0.points", "3.3", "points", "json.not_points"),
    ("players.0.points", True, "points", "json.not_points"),
    ("players.0.birth_date", "1.5.1980", "birth_date", "json.not_date"),
    ("players.0.birth_date", "", "birth_date", "json.empty_date"),
    ("players.0.id", True, "players.id", "json.not_player_id"),
    ("players.0.id", " ", "players.id", "json.player_no_id"),
    ("players.0.id", "\x1c", "players.id", "json.player_no_id"),
    ("players.1.carry_over.0.result", "w", "carry_over.result", "result.unknown_symbol"),
    ("players.1.carry_over.0.result", 2, "carry_over.result", "result.not_a_result"),
    ("players.1.carry_over.0.opponent_rating", None, "carry_over.opponent_rating",
     "rating.missing"),
    ("players.1.carry_over.0.end_date", "02.11.2025", "carry_over.end_date", "json.not_date"),
    ("players.1.carry_over.0.tournament", 5, "carry_over.tournament", "json.not_text"),
    ("name", None, "name", "json.not_text"),
    ("place", 5, "place", "json.not_text"),
    ("$schema", 1, "$schema", "json.not_text"),
    ("format", "wertung-tournament/2", "format", "json.format_unknown"),
    ("end_date", None, "end_date", "json.not_date"),
    ("end_date", "20260901", "end_date", "json.not_date"),
    ("end_date", "2026-02-30", "end_date", "json.not_date"),
    ("end_date", "0000-01-01", "end_date", "json.not_date"),
    ("start_date", "1.8.2026", "start_date", "json.not_date"),
    ("rated_for_dwz", None, "rated_for_dwz", "json.not_bool"),
    ("rated_for_fide", 0, "rated_for_fide", "json.not_bool"),
    ("time_control", None, "time_control", "json.time_control_unknown"),
    ("time_control", "", "time_control", "json.time_control_unknown"),
    ("notes", None, "notes", "json.not_a_list"),
    ("time_control_periods", [], "time_control_periods", "json.tc_periods"),
    ("time_control_periods", None, "time_control_periods", "json.tc_periods"),
    ("time_control_periods.0", {"moves": 40}, "time_control_periods", "json.tc_period"),
    ("time_control_periods.0.x", 1, "time_control_periods", "json.tc_period"),
    ("time_control_periods.0.minutes", 0, "time_control_periods", "json.tc_minutes"),
    ("time_control_periods.0.minutes", "90", "time_control_periods", "json.tc_minutes"),
    ("time_control_periods.0.minutes", True, "time_control_periods", "json.tc_minutes"),
    ("time_control_periods.0.moves", 40.5, "time_control_periods", "json.tc_moves"),
    ("time_control_periods.0.moves", None, "time_control_periods", "json.tc_moves"),
    ("time_control_periods.1.increment", -1, "time_control_periods", "json.tc_increment"),
    ("time_control_given", 90, "time_control_given", "json.not_text"),
    ("age_class", "u12", "age_class", "tc.age_class_unknown"),
    ("age_class_given", "U30", "age_class_given", "tc.age_class_unknown"),
    ("games.0.result", "1:0", "games.result", "result.unknown_game"),
    ("games.0.round", "1", "games.round", "json.not_whole"),
    ("games.0.white", "", "games.white", "json.game_no_side"),
    ("games.0.white", False, "games.white", "json.not_player_id"),
    ("games.0.board", 0, "games.board", "json.board"),
    ("games.1.date", "2026-02-30", "games.date", "json.not_date"),
    ("games.1.date", "9.8.2026", "games.date", "json.not_date"),
    ("round_dates", None, "round_dates", "json.not_a_list"),
    ("round_dates", "2026-08-01", "round_dates", "json.not_a_list"),
    ("round_dates.0", "1.8.2026", "round_dates", "json.not_date"),
    ("round_dates.1", 5, "round_dates", "json.not_date"),
    ("byes.0.points", 2, "byes.points", "json.bye_points"),
    ("byes.0.points", None, "byes.points", "json.bye_points"),
    ("byes.0.points", "1", "byes.points", "json.bye_points"),
    ("byes.0.kind", None, "byes.kind", "json.bye_kind_unknown"),
    ("byes.0.player", " ", "byes", "json.bye_needs"),
    ("upcoming.0.white", " ", "upcoming", "json.upcoming_needs"),
    ("upcoming.0.board", "1", "upcoming.board", "json.not_whole"),
    ("teams.0.name", None, "teams.name", "json.not_text"),
    ("teams.0.players", None, "teams", "json.team_players_list"),
    ("teams.0.players", [1], "teams.players", "json.not_texts"),
    ("teams.0.id", "", "teams", "json.team_needs_id"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "value", "field", "code"), NEAR_MISSES)
def test_a_near_miss_is_refused_by_both_naming_the_field(path, value, field, code) -> None:
    doc = _set(FULL, path, value)
    assert not VALIDATOR.is_valid(doc), f"the schema accepts {path}={value!r}"
    _tournament, error = _read(doc)
    assert error is not None, f"the reader accepts {path}={value!r}"
    assert (error.field, error.code) == (field, code), error.message
    texts = catalogue.texts(error)
    assert texts["de"] != texts["en"] and all(texts.values()), texts


#: Values near the schema's edges, for any field.
EDGES = st.sampled_from([
    None, True, False, 0, 1, -1, 0.5, 1.0, 2.5, 3.0, 100, 101, 1879, 1880, 2100, 2101, 3500, 3501,
    10**20, "", " ", "\x1c", "\ufeff", "1", "1500", "½", "3½", "3,5", "3.50", "3.3", "x",
    "2026-09-01", "2026-02-30", "1.9.2026", "0000-01-01", "0001-01-01", "1-0", "1:0", "w", "=",
    "U", "blitz", "wertung-tournament/1", [], [1], ["a"], {}, {"x": 1}, "U12", "open", 600,
    600.5, 120, 121, 300, 300.5, {"minutes": 1}, [{"minutes": 60}],
])  # fmt: skip
VALUES = st.one_of(
    EDGES,
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
)
PATHS = sorted(
    {
        *(k for k in FULL),
        *(f"players.{n}.{k}" for n in range(3) for k in DEFS["player"]["properties"]),
        *(f"players.1.carry_over.0.{k}" for k in ("opponent_rating", "result", "end_date", "x")),
        *(
            f"games.{n}.{k}"
            for n in range(2)
            for k in ("round", "white", "black", "result", "board", "date")
        ),
        *(f"round_dates.{n}" for n in range(3)),
        *(f"byes.0.{k}" for k in ("round", "player", "points", "kind", "x")),
        *(f"upcoming.0.{k}" for k in ("round", "white", "black", "board")),
        *(f"teams.0.{k}" for k in ("id", "name", "players", "x")),
        *(
            f"time_control_periods.{n}.{k}"
            for n in range(2)
            for k in ("minutes", "moves", "increment", "x")
        ),
        "unknown",
    }
)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.sampled_from(PATHS), st.one_of(VALUES, st.just(...))), max_size=3))
def test_the_reader_reads_exactly_what_the_schema_accepts(changes) -> None:
    doc = FULL
    for path, value in changes:
        try:
            doc = _set(doc, path, value)
        except (KeyError, IndexError, TypeError):  # a parent was replaced or deleted
            continue
    valid = VALIDATOR.is_valid(doc)
    _tournament, error = _read(doc)
    if valid:
        assert error is None or error.code in CROSS_FIELD, (changes, error and error.message)
    else:
        assert error is not None, f"schema refuses, reader reads: {changes}"
        assert error.code != catalogue.UNTRANSLATED and error.field, error.message


def test_the_reader_still_takes_what_it_took_from_json() -> None:
    """Whole numbers written 3.0 (JSON Schema's integers), ids as numbers, text points."""
    doc = _set(_set(FULL, "rounds", 3.0), "players.0.dwz", 1500.0)
    doc = _set(_set(doc, "games.0.white", 1.0), "players.2.points", "0,5")
    tournament, error = _read(doc)
    assert error is None, error
    assert (tournament.rounds, tournament.players[0].dwz, tournament.games[0].white) == (
        3,
        1500,
        "1",
    )
    assert tournament.players[2].points == Fraction(1, 2)


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN"])
@pytest.mark.parametrize("key", ["dwz", "index", "birth_year", "fide_k", "points", "id"])
def test_python_json_s_non_finite_numbers_are_no_numbers(key: str, number: str) -> None:
    """``json.loads`` reads ``Infinity`` and ``NaN``, JSON has neither: refused naming the field."""
    text = f'{{"players": [{{"id": 1, "{key}": {number}}}]}}'
    with pytest.raises(WertungError) as refused:
        tj.loads(text)
    assert refused.value.field in (key, f"players.{key}")
    assert refused.value.code != catalogue.UNTRANSLATED

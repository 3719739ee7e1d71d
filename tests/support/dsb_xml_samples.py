"""The DSB XML 2.5 tests' shared parts: the schema (as published and with working
key/keyref), the real sample files every export is validated with, and the comparisons
of a tournament with its read-back copy."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
XSD = DATA / "dsb-xml" / "DSB_DWZ_Tounament_2_5_1.xsd"
NAMESPACE = "http://www.schachbund.de/XMLSchema"

_CR = "chess-results/"
#: Every real sample (a list of files: the saved chess-results pages of one event).
SAMPLES: dict[str, list[str]] = {
    "ilmenau-open-2024.json": [str(ROOT / "examples" / "ilmenau-open-2024.json")],
    **{p.name: [str(p)] for p in sorted((DATA / "swt").glob("*.SWT"))},
    **{p.name: [str(p)] for p in sorted((DATA / "swiss-manager").glob("*.TU?X"))},
    **{p.name: [str(p)] for p in sorted((DATA / "trf").iterdir()) if p.suffix in (".trf", ".tab")},
    **{p.name: [str(p)] for p in sorted((DATA / "xlsx").glob("*.xlsx"))},
    "chess-results arad2026 (crosstable + starting rank)": [
        str(DATA / _CR / "mjl_arad2026_a_crosstable.html"),
        str(DATA / _CR / "mjl_arad2026_a_startingrank.html"),
    ],
    "chess-results ussa2026 round robin (crosstable + starting rank)": [
        str(DATA / _CR / "mjl_ussa2026_roundrobin_crosstable.html"),
        str(DATA / _CR / "mjl_ussa2026_roundrobin_startingrank.html"),
    ],
    "chess-results british2026 (crosstable)": [
        str(DATA / _CR / "mjl_british2026_champ_crosstable.html")
    ],
    "chess-results bas ended (standings + pairings)": [
        str(DATA / _CR / "bas_ended_standings.html"),
        str(DATA / _CR / "bas_ended_pairings.html"),
    ],
}


@cache
def schema(prefixed: bool = False) -> Any:
    """The published schema, or (``prefixed``) a copy whose key/keyref XPaths carry the
    namespace prefix, so its duplicate-number and unknown-player checks match."""
    from lxml import etree

    text = XSD.read_text(encoding="utf-8-sig")
    if prefixed:
        text = text.replace(
            'xmlns="http://www.schachbund.de/XMLSchema"',
            'xmlns="http://www.schachbund.de/XMLSchema" xmlns:d="http://www.schachbund.de/XMLSchema"',
            1,
        )
        for plain, with_prefix in (
            ('xpath="players/player"', 'xpath="d:players/d:player"'),
            ('xpath="tournamentPlayerNumber"', 'xpath="d:tournamentPlayerNumber"'),
            ('xpath="games/game"', 'xpath="d:games/d:game"'),
            ('xpath="tournamentPlayerNumberWhite"', 'xpath="d:tournamentPlayerNumberWhite"'),
            ('xpath="tournamentPlayerNumberBlack"', 'xpath="d:tournamentPlayerNumberBlack"'),
        ):
            assert plain in text
            text = text.replace(plain, with_prefix)
    return etree.XMLSchema(etree.fromstring(text.encode("utf-8")))


def schema_errors(data: bytes, *, prefixed: bool = False) -> list[str]:
    """The schema's complaints about a document (empty: valid)."""
    from lxml import etree

    checker = schema(prefixed)
    document = etree.fromstring(data)
    if checker.validate(document):
        return []
    return [f"line {e.line}: {e.message}" for e in checker.error_log]


def load(name: str) -> Any:
    from wertung.importers import load_tournament

    files = SAMPLES[name]
    return load_tournament(files if len(files) > 1 else files[0])


def filled_options(tournament: Any) -> tuple[Any, dict[str, Any]]:
    """What a user adds for a source that lacks it (``--date``, ``--location``,
    ``--start-date``, ``--time-control``) and a stand-in DSB list that knows a birth year
    (1970) for every player the source gives none: the tournament and the options."""
    end = tournament.end_date or tournament.start_date or dt.date(2026, 6, 1)
    tournament = dataclasses.replace(tournament, end_date=end)
    options: dict[str, Any] = {
        "dsb_list": lambda p: SimpleNamespace(birth_year=1970) if p.birth_year is None else None,
    }
    if not tournament.place:
        options["location"] = "Ilmenau"
    if tournament.start_date is None:
        options["start_date"] = end
    if not (tournament.time_control_text or tournament.time_control_given):
        options["time_control"] = "90 min + 30 s/Zug"
    return tournament, options


# ------------------------------------------------------------------ comparisons


def name_parts(name: str) -> tuple[str, str]:
    from wertung.formats.dsb_map import split_name

    return split_name(name)


def _digits(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and int(value) > 0 else None


def player_view(p: Any) -> tuple:
    """What the file carries of a player, as the comparison sees it."""
    zps = p.zps if p.zps and len(p.zps) == 5 and p.zps.isalnum() and p.zps.isascii() else None
    return (
        name_parts(p.name), p.birth_year, p.pkz, zps, _digits(p.member_number), (p.club or "").strip() or None,
        _digits(p.fide_id), p.fide_rating or None, {"f": "w"}.get(p.sex, p.sex) if p.sex else None,
    )  # fmt: skip


def games_view(t: Any) -> Counter:
    """Games (round, white, black by position, result) and byes (round, player, points)."""
    from wertung.kernel.results import GameResult

    position = {p.id: k for k, p in enumerate(t.players, start=1)}
    games = Counter(
        ("game", g.round, position[g.white], position[g.black], g.result.value)
        for g in t.games
        if g.result is not GameResult.NOT_PLAYED
    )
    games.update(("bye", b.round, position[b.player], min(b.points, 1)) for b in t.byes)
    return games


def with_ratings_of(back: Any, original: Any) -> Any:
    """The read-back tournament with what DSB XML does not carry (ratings, membership,
    the event's settings) taken from the original, player by player in order."""
    carried = ("dwz", "index", "member", "federation", "title", "national_rating", "fide_k",
               "fide_games", "fide_peak", "carry_over", "fide_rating")  # fmt: skip
    players = tuple(
        dataclasses.replace(b, **{f: getattr(o, f) for f in carried})
        for b, o in zip(back.players, original.players, strict=True)
    )
    settings = ("rated_for_dwz", "rated_for_fide", "time_control", "time_control_text",
                "time_control_periods", "time_control_given", "age_class", "age_class_given",
                "end_date")  # fmt: skip
    return dataclasses.replace(back, players=players, **{f: getattr(original, f) for f in settings})


def evaluation_view(result: Any) -> list[tuple]:
    keys = ("status", "dwz_before", "dwz_after", "index_after", "change", "points",
            "counted_games", "expected_score", "performance", "elo_after", "elo_change")  # fmt: skip
    return [tuple(row.get(k) for k in keys) for row in result.to_dict()["players"]]

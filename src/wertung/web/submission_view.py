"""The result page's "submit to the rating office" part, and the API's check and file.

A stored tournament, with the URL's corrections (:class:`~wertung.web.enrich.Corrections`:
end date, time control, birth years, ...) and the values only the report needs
(:class:`Entered`: ``location``, ``start_date``, ``pkz.<id>``), becomes the report the
CLI's ``--dsb-xml`` writes (:func:`wertung.formats.dsb_map.report_from_tournament`);
:func:`wertung.submission.check` lists its problems, and :func:`xml_file` writes the
file (gated: errors refuse it unless forced, and then the file's notes name them).

Every value travels in the query, as the corrections do, so the share link reproduces
the same check and the same file::

    /de/tournament/<key>?time_control=90%2B30&birth_year.7=1988&location=Ilmenau&pkz.3=10012345

>>> e = Entered.from_query({"location": " Ilmenau ", "start_date": "2024-11-01", "pkz.3": "ab12"}, {"3"})
>>> e.pairs()
[('location', 'Ilmenau'), ('start_date', '2024-11-01'), ('pkz.3', 'AB12')]
>>> input_of("check.birth_year.missing"), input_of("check.location.missing"), input_of("check.game.self")
('birth_year', 'location', None)
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from wertung.kernel.errors import InvalidInput
from wertung.tournament._model import parse_date

__all__ = [
    "NAMES",
    "CheckOut",
    "CheckProblemOut",
    "Entered",
    "SubmissionView",
    "check_dict",
    "check_text",
    "input_of",
    "report_of",
    "view_of",
    "xml_file",
]

#: The query parameters only the report takes (besides ``pkz.<id>``).
NAMES = ("location", "start_date")
LOCATION_LENGTH = 100
_PKZ = re.compile(r"[A-Z0-9-]{1,20}")

#: A problem's code (prefix) → the input that mends it (``birth_year``/``pkz`` per player).
_INPUTS = (
    ("check.birth_year.", "birth_year"),
    ("check.birth_date.", "birth_year"),
    ("check.member.no_ids", "pkz"),
    ("check.member.not_in_list", "pkz"),
    ("check.location.", "location"),
    ("check.start_date.", "start_date"),
    ("check.dates.first_game", "start_date"),
    ("check.time_control.missing", "time_control"),
    ("check.time_control.not_rated", "time_control"),
    ("check.time_control.unchecked", "time_control"),
    ("check.not_checked.time_control", "time_control"),
    ("check.end_date.", "end_date"),
    ("check.dates.last_game", "end_date"),
)


class CheckProblemOut(BaseModel):
    """One problem of the check (``Problem.to_dict``)."""

    model_config = ConfigDict(extra="allow")

    severity: Literal["error", "warning"]
    code: str
    player: int | None
    name: str | None = None
    round: int | None
    text: str


class CheckOut(BaseModel):
    """The check's answer, as ``wertung check --json``."""

    model_config = ConfigDict(extra="allow")

    problems: list[CheckProblemOut]
    complete: bool
    not_checked: list[str] = []
    exit_code: int


#: The check's error for each of the source's own incomplete reasons: the page lists those
#: reasons above the results, so this part says once that the source is incomplete.
SOURCE_INCOMPLETE = "check.source.incomplete"


def input_of(code: str) -> str | None:
    """The input beside a problem of ``code`` (None: nothing to enter here)."""
    for prefix, name in _INPUTS:
        if code == prefix or code.startswith(prefix):
            return name
    return None


@dataclass(frozen=True)
class Entered:
    """What the user entered for the report: the venue, the first day, PKZ by player id."""

    location: str | None = None
    start_date: dt.date | None = None
    pkz: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_query(cls, query: Mapping[str, Any], ids: Iterable[str]) -> Entered:
        """Read ``location``, ``start_date`` and ``pkz.<id>`` (empty: nothing entered); a
        wrong value is an :class:`InvalidInput` naming the parameter."""
        known = set(ids)
        location = " ".join(str(query.get("location") or "").split())[:LOCATION_LENGTH] or None
        text = str(query.get("start_date") or "").strip()[:40]
        start = parse_date(text, field="start_date") if text else None
        pkz: dict[str, str] = {}
        for name in query:
            kind, dot, pid = str(name).partition(".")
            if kind != "pkz" or not dot:
                continue
            value = str(query[name]).strip().upper()[:40]
            if not value:
                continue
            if pid not in known:
                raise InvalidInput(
                    f"{name}: no player with id {pid!r}", code="web.no_player",
                    params={"name": name, "id": repr(pid)}, field=name, player=pid,
                )  # fmt: skip
            if not _PKZ.fullmatch(value):
                raise InvalidInput(
                    f"{name}: {value!r} is not a DSB person id (PKZ)", code="web.not_pkz",
                    params={"name": name, "value": repr(value)}, field=name, player=pid,
                )  # fmt: skip
            pkz[pid] = value
        return cls(location, start, pkz)

    def pairs(self) -> list[tuple[str, str]]:
        """The entered values as (name, value) query pairs (players in id order)."""
        pairs: list[tuple[str, str]] = []
        if self.location:
            pairs.append(("location", self.location))
        if self.start_date is not None:
            pairs.append(("start_date", self.start_date.isoformat()))
        for pid in sorted(self.pkz, key=lambda p: (int(p), "") if p.isdigit() else (1 << 30, p)):
            pairs.append((f"pkz.{pid}", self.pkz[pid]))
        return pairs


def report_of(tournament: Any, entered: Entered) -> Any:
    """The report of ``tournament`` (corrections applied) with the entered values."""
    from wertung.formats import dsb_map

    if entered.pkz:
        players = [
            dataclasses.replace(p, pkz=entered.pkz[p.id]) if p.id in entered.pkz else p
            for p in tournament.players
        ]
        tournament = tournament.with_players(players)
    return dsb_map.report_from_tournament(
        tournament, location=entered.location, start_date=entered.start_date
    )


def _lookup(store_dir: Any, list_missing: bool) -> Any:
    """The DSB list as the check asks it (None: no list loaded, or none readable)."""
    if list_missing or store_dir is None:
        return None
    from wertung.sources.dsb_lookup import store_lookup
    from wertung.sources.store import Store, StoreError

    found = store_lookup(Store(store_dir))

    def lookup(players: Any) -> Any:
        try:
            return found(players)
        except StoreError:  # no list after all: the check says it was not consulted
            return [None for _ in players]

    return lookup


@dataclass(frozen=True)
class SubmissionView:
    """The check of one stored tournament with the URL's values: the report, the result,
    each problem's player id (for its input), what was entered."""

    report: Any
    result: Any
    entered: Entered
    player_ids: tuple[str, ...]

    def player_id(self, problem: Any) -> str | None:
        """The tournament's player id of a problem's start number (None: none)."""
        n = problem.player
        if isinstance(n, int) and 1 <= n <= len(self.player_ids):
            return self.player_ids[n - 1]
        return None

    def input_of(self, problem: Any) -> str | None:
        """The input that mends ``problem`` (a per-player one only with its player)."""
        name = input_of(problem.code)
        if name in ("birth_year", "pkz") and self.player_id(problem) is None:
            return None
        return name

    def rows(self) -> list[tuple[Any, str | None, str | None]]:
        """Each problem (errors first) with its input's kind and query name (each input
        once: a second problem it mends shows none)."""
        out: list[tuple[Any, str | None, str | None]] = []
        seen: set[str] = set()
        incomplete = False
        for problem in self.result.problems:
            if problem.code == SOURCE_INCOMPLETE:  # the reasons stand above the results: once
                if incomplete:
                    continue
                incomplete = True
            kind = self.input_of(problem)
            name = None
            if kind is not None:
                pid = self.player_id(problem)
                name = f"{kind}.{pid}" if kind in ("birth_year", "pkz") else kind
                if name in seen:
                    kind = name = None
                else:
                    seen.add(name)
            out.append((problem, kind, name))
        return out

    def shown(self) -> set[str]:
        """The query names the part's form has an input for."""
        return {name for _p, _k, name in self.rows() if name is not None}


def view_of(
    tournament: Any,
    entered: Entered,
    *,
    store_dir: Any = None,
    list_missing: bool = True,
    today: dt.date | None = None,
) -> SubmissionView:
    """The check of ``tournament`` (the corrected one) with ``entered``."""
    from wertung import submission

    report = report_of(tournament, entered)
    result = submission.check(
        report, tournament=tournament, dsb_list=_lookup(store_dir, list_missing), today=today
    )
    return SubmissionView(report, result, entered, tuple(p.id for p in tournament.players))


def check_text(item: Any, lang: str) -> str:
    """A problem (or a check's message) as the page says it: the ``web.`` variant when the
    catalogue has one (the page's form first, then the command line's option with its
    command), else the check's own text.

    >>> from wertung.catalogue import Message
    >>> check_text(Message("check.location.missing"), "en")
    'the location is missing; enter it in the form, for a league its region (on the command line: wertung check --location)'
    >>> check_text(Message("check.game.self"), "de")
    'Der Spieler ist gegen sich selbst gepaart; bitte die Paarung korrigieren'
    """
    from wertung.catalogue import BY_CODE, Message, render

    msg = getattr(item, "message", item)
    language = "de" if lang == "de" else "en"
    if isinstance(msg, Message) and f"web.{msg.code}" in BY_CODE:
        msg = Message(f"web.{msg.code}", msg.params, msg.context)
    return render(msg, language)


def check_dict(view: SubmissionView, lang: str) -> dict[str, Any]:
    """The API's answer: as ``wertung check --json`` (``problems``, ``complete``, ...)."""
    data = view.result.to_dict("de" if lang == "de" else "en")
    data["exit_code"] = view.result.exit_code
    return data


def xml_file(view: SubmissionView, *, force: bool = False) -> bytes:
    """The DSB XML 2.5 file; :class:`~wertung.submission.SubmissionRefused` with errors
    unless ``force`` (then the file's notes begin with the errors)."""
    from wertung.formats import dsb_xml
    from wertung.submission import gate

    report, _result = gate(view.report, force=force, result=view.result)
    return dsb_xml.write(report)

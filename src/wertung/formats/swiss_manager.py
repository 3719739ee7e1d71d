"""Swiss-Manager tournament files: read (``.TUNX`` Swiss, ``.TURX`` round robin,
``.TUMX`` team Swiss, ``.TUTX`` team round robin).

The layout is in :mod:`._swiss_manager_layout`, the team part in
:mod:`._swiss_manager_team`; :func:`read` turns a file into a
:class:`~wertung.tournament._model.Tournament`::

    >>> from pathlib import Path
    >>> t = read(Path(__file__).parents[3] / "tests/data/swiss-manager/fxj_round_robin_6players.TURX")
    >>> t.name, len(t.players), t.rounds, len(t.games), t.start_date
    ('Torneio Aniversário JTC 2025', 6, 5, 15, datetime.date(2025, 6, 24))
    >>> p = t.players[0]
    >>> p.name, p.national_rating, p.birth_year, p.birth_date
    ('Marcio, Roberto Oliveira Lima', 1816, 1964, None)

How the file maps to the model (decisions documented here once):

* The file is read through its directory (the section offsets at its end,
  :mod:`._swiss_manager_sections`); every section must start with its marker and
  every count must use up its section exactly, else the file is refused as damaged
  or of another layout. The tournament type in the configuration and the directory
  must agree (team sections in team files only). A section after the known ones is
  skipped and named in the notes; the real ``.TUMX``'s club pairs (``c5``) are
  listed there.
* The header's texts keep their line breaks (the remarks are several lines); the
  name and the place are one line (a line break there reads as a space). Names of
  players and teams take no line break (refused as damage, like any other control
  character).
* Player ids are the file positions (1, 2, ...; the numbers the games refer to).
  The name is "Last, First". ``fide_rating`` and ``fide_id`` as stored (0: none);
  ``national_rating`` the national rating, which is also the ``dwz`` when the
  tournament's federation is GER (otherwise it is some other national system).
  ``index`` stays None (no DWZ index in the file). The birth date is
  ``YYYYMMDD`` with ``0000`` for an unknown month and day (then only the year).
  The national id (player string 5) is not taken as a DSB person id: what it
  holds in a German file is not known here.
* Result codes 1/2/3 are games over the board, 4/5 forfeit wins, 6 a double
  forfeit, 10 a double zero (no points, not a game over the board: kept as a
  double forfeit and named in the notes). Code 0 means the result is not yet in:
  not a game, and ``played_rounds`` says up to which round all results are in.
* A game without an opponent is a bye: opponent ``ffff`` ("bye") with 1 point a
  pairing-allocated bye, ``fffe`` ("not paired") with 1 point a full-point bye;
  ½ a half-point bye, 0 a zero-point bye.
* Team files are a league season in the model: ``teams`` lists the teams (ids
  ``1``, ``2``, ... in file order) with their players in line-up order (roster
  board), ``Player.team`` the player's team, every board pairing is a
  :class:`~wertung.tournament._model.Game` with its ``board``. A board with one player
  missing (player 0) is a bye for the other player with the points the result
  code gives him (a forfeit win: 1): it counts for his team, never for a rating.
  Team match results are derived from the boards (:mod:`wertung.tournament._league`), not
  read; a team bye and a team not paired are named in the notes.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from typing import BinaryIO

from wertung.formats import _swiss_manager_layout as L
from wertung.formats import _swiss_manager_sections as S
from wertung.formats import _swiss_manager_team as T
from wertung.formats._binary import (
    Binary,
    Section,
    Utf16Strings,
    field_of,
    game_record,
    record,
    round_schedule,
    yyyymmdd,
)
from wertung.formats._source import read_bytes
from wertung.formats._swiss_manager_games import _Games, _individual, _team
from wertung.kernel.errors import (
    FormatError,
    Place,
    WertungError,
    message,
    place_of,
    places,
    within,
)
from wertung.kernel.time_control import classify
from wertung.tournament._model import RATING_MAX, Player, Team, Tournament

__all__ = ["looks_like", "parse", "read"]

#: The largest file :func:`read` reads (32 MiB); a larger one is refused before it is read.
#: Far above any real tournament: the 93-player team file of the tests has 40 KB, a
#: 2,000-player open of 15 rounds is under 2 MiB.
MAX_BYTES = 32 * 1024 * 1024


def looks_like(data: bytes) -> bool:
    """Whether ``data`` starts and ends like a Swiss-Manager file (markers and directory).

    >>> looks_like(b"\\x93\\xff\\x89\\x44")
    False
    """
    return S.looks_like(bytes(data))


def _team_message(kind: int, directory: S.Directory) -> tuple[str, str, dict[str, object]]:
    """The English text, code and params of a file whose directory and kind disagree."""
    ext, what = L.KINDS[kind]
    offset = format(directory.offset, "#x")
    if kind in L.TEAM_KINDS:
        text = (
            f"a Swiss-Manager team file (.{ext}, {what}) of a layout wertung does not know: "
            f"the directory at offset {offset} lists no team sections"
        )
        if ext in ("TUMX", "TUTX"):
            return text, f"swm.team_layout_{ext.lower()}", {"offset": offset}
        return text, "swm.team_layout_kind", {"ext": ext, "what": what, "offset": offset}
    text = (
        f"a Swiss-Manager file of a layout wertung does not know: the directory at offset "
        f"{offset} lists team sections, but the configuration says an individual "
        f"tournament (.{ext})"
    )
    return text, "swm.individual_with_teams", {"offset": offset, "ext": ext}


# --------------------------------------------------------------------------- records


def _rating(value: int, what: str, where: Place, data: Binary) -> int | None:
    """``value`` (0: none), or a :class:`FormatError` about ``what`` of record ``where``."""
    if value > RATING_MAX:
        raise data.error(
            f"{where}: {what} {value} is out of range (0 to {RATING_MAX})",
            code="trf.out_of_range",
            params={
                "what": what,
                "value": str(value),
                "high": RATING_MAX,
                "context": place_of(where),
            },
        )
    return value or None


@dataclass(frozen=True, slots=True)
class _Record:
    player: Player
    team: int  # team files: the team record number (0: none)
    board: int  # team files: the roster board (0: none)


def _players(
    data: Binary, section: Section, count: int, german: bool, teams: int | None
) -> list[_Record]:
    """The player records; ``teams``: the number of teams in a team file (None: individual)."""
    smallest = 2 * L.PLAYER_STRINGS + L.PLAYER_NUMBERS
    if count * smallest > section.end - section.start - 4:
        raise data.error(
            f"the configuration says {count} players; the players section "
            f"({section.end - section.start} bytes) cannot hold them",
            code="swm.players_section",
            params={"count": count, "size": section.end - section.start},
        )
    reader = Utf16Strings(data, section.start + 4, section.end)
    records = []
    for k in range(count):
        where = record("player", k + 1, reader.offset)
        texts = reader.many(L.PLAYER_STRINGS, where)
        base = reader.skip(L.PLAYER_NUMBERS, where)

        def number(name: str, base: int = base, where: Place = where) -> int:
            offset, size = L.PLAYER_NUMBERS_AT[name]
            read = data.u16 if size == 2 else data.u32
            return read(base + offset, field_of(where, name.replace("_", " ")))

        last, first = (texts[L.PLAYER[n]].strip() for n in ("last_name", "first_name"))
        if not (last or first):
            raise data.error(
                f"{where}: the name is empty",
                code="binary.name_empty",
                params={"context": place_of(where)},
            )
        national = _rating(number("national_rating"), "national rating", where, data)
        year, birth = yyyymmdd(number("birth_date"))
        fide_id = number("fide_id")
        team = number("team") if teams is not None else 0
        if teams is not None and team > teams:
            raise data.error(
                f"{where}: team record {team} is not in the file ({teams} teams)",
                code="swm.player_team",
                params={"team": str(team), "count": teams, "context": place_of(where)},
            )
        player = Player(
            id=str(k + 1),
            name=f"{last}, {first}" if last and first else last or first,
            fide_rating=_rating(number("fide_rating"), "FIDE rating", where, data),
            fide_id=str(fide_id) if fide_id else None,
            national_rating=national,
            dwz=national if german else None,
            birth_year=year,
            birth_date=birth,
            title=texts[L.PLAYER["title"]].strip() or None,
            club=texts[L.PLAYER["club"]].strip() or None,
            federation=texts[L.PLAYER["federation"]].strip() or None,
            team=str(team) if team else None,
        )
        board = number("roster_board") if teams is not None else 0
        records.append(_Record(player, team, board))
    if reader.offset != section.end:
        raise data.error(
            f"the players section ends at {section.end:#x}, but {count} players end at "
            f"{reader.offset:#x}: a layout wertung does not read",
            code="swm.players_end",
            params={
                "end": format(section.end, "#x"),
                "count": count,
                "offset": format(reader.offset, "#x"),
            },
        )
    return records


@dataclass(slots=True)
class _Round:
    date: dt.date | None
    games: int
    matches: int
    start_time: str


def _schedule(data: Binary, section: Section, rounds: int, team_file: bool) -> list[_Round]:
    smallest = 2 * L.ROUND_STRINGS + L.ROUND_NUMBERS
    if rounds * smallest > section.end - section.start - 4:
        raise data.error(
            f"the configuration says {rounds} rounds; the schedule cannot hold them",
            code="swm.schedule_rounds",
            params={"rounds": rounds},
        )
    reader = Utf16Strings(data, section.start + 4, section.end)
    out = []
    for r in range(rounds):
        where = round_schedule(r + 1)
        texts = reader.many(L.ROUND_STRINGS, where)
        base = reader.skip(L.ROUND_NUMBERS, where)
        stored = data.u32(base + L.ROUND["date"][0], f"{where}: date")
        _, date = yyyymmdd(stored)
        if stored and date is None:
            raise data.error(
                f"{where}: the date {stored} is not a date (YYYYMMDD, 0 for none)",
                code="swm.round_date",
                params={"value": stored, "context": place_of(where)},
                round=r + 1,
            )
        games = data.u16(base + L.ROUND["games"][0], field_of(where, "games"))
        matches = data.u16(base + L.ROUND["matches"][0], field_of(where, "team pairings"))
        if matches and not team_file:
            raise data.error(
                f"{where}: {matches} team pairings in a file without teams: "
                "a layout wertung does not read",
                code="swm.pairings_without_teams",
                params={"count": matches, "context": place_of(where)},
            )
        out.append(_Round(date, games, matches, texts[0]))
    if reader.offset != section.end:
        raise data.error(
            f"the schedule ends at {section.end:#x}, but {rounds} rounds end at "
            f"{reader.offset:#x}: a layout wertung does not read",
            code="swm.schedule_end",
            params={
                "end": format(section.end, "#x"),
                "rounds": rounds,
                "offset": format(reader.offset, "#x"),
            },
        )
    return out


def _slots(
    data: Binary, section: Section, rounds: list[_Round], players: int, team_file: bool
) -> dict[int, list[T.Slot]]:
    """The board pairing records round by round, every player number checked."""
    total = sum(r.games for r in rounds)
    if section.start + 4 + total * L.GAME_LENGTH != section.end:
        held = (section.end - section.start - 4) / L.GAME_LENGTH
        raise data.error(
            f"the schedule lists {total} games; the games section holds {held:g}: "
            "a layout wertung does not read",
            code="swm.schedule_games",
            params={"total": total, "held": int(held) if held.is_integer() else float(f"{held:g}")},
        )
    out: dict[int, list[T.Slot]] = {}
    offset = section.start + 4
    for rnd, info in enumerate(rounds, start=1):
        found = out.setdefault(rnd, [])
        for _ in range(info.games):
            white = data.u16(offset, "white player")
            black = data.u16(offset + 2, "black player")
            code = data.u8(offset + 4, "result code")
            where = game_record(rnd, offset)
            for number in (white, black):
                if number in L.NO_OPPONENT and team_file:
                    raise data.error(
                        f"{where}: player {number:#x} (a bye mark) in a board pairing of a "
                        "team event: a layout wertung does not read",
                        code="swm.bye_mark_on_board",
                        params={"mark": format(number, "#x"), "context": place_of(where)},
                        round=rnd,
                    )
                if number > players and number not in L.NO_OPPONENT:
                    raise data.error(
                        f"{where}: player {number} is not in the file",
                        code="binary.player_missing",
                        params={"id": str(number), "context": place_of(where)},
                        round=rnd,
                    )
            found.append(T.Slot(rnd, white, black, code, offset))
            offset += L.GAME_LENGTH
    return out


# --------------------------------------------------------------------------- tournament


def _played_rounds(rounds: list[_Round], games: _Games) -> tuple[int | None, str | None]:
    if not games.pending and len(games.paired) == len(rounds):
        return None, None
    played = 0
    for r in range(1, len(rounds) + 1):
        if r in games.pending or r not in games.paired:
            break
        played = r
    of = f" of {len(rounds)}"
    note = f"after round {played}{of}" if played else f"no round complete yet{of}"
    if games.pending:
        note += "; results not yet in: round " + ", ".join(map(str, sorted(games.pending)))
    return played, note


@dataclass(slots=True)
class _Teams:
    teams: tuple[Team, ...]
    board: dict[int, int]
    notes: list[str]
    sections: list[str]  # what the extra sections hold (team files)


def _team_part(
    binary: Binary,
    directory: S.Directory,
    kind: int,
    settings: dict[str, int],
    records: list[_Record],
    rounds: list[_Round],
    slots: dict[int, list[T.Slot]],
) -> _Teams:
    """Teams, line-ups and the board of every board pairing (team files)."""
    team_records = T.teams(binary, directory.sections["teams"], settings["teams"])
    found = T.pairings(
        binary, directory.sections["matches"], [r.matches for r in rounds], teams=len(team_records)
    )
    per_match = settings["boards"]
    if kind == T.FIXED_BLOCKS and not per_match and any(r.games for r in rounds):
        raise binary.error(
            "the configuration says 0 boards per match (offset 53): a layout wertung does not read",
            code="swm.no_boards",
        )
    team_of = {k: r.team for k, r in enumerate(records, start=1)}
    names = {t.number: t.name for t in team_records}
    boards = T.boards(kind, slots, found, team_of, names, per_match, binary)
    members = [(k, r.team, r.board) for k, r in enumerate(records, start=1)]
    clubs = [(r.team, r.player.club) for r in records]
    sections = [
        T.club_pairs(binary, extra, names, clubs)
        for extra in directory.extras
        if extra.tag == L.EXTRA_TAGS["club_pairs"]
    ]
    return _Teams(T.line_ups(team_records, members), boards.board, boards.notes, sections)


def _extra_notes(directory: S.Directory, team_file: bool) -> list[str]:
    """The extra sections no reader takes (named and skipped), in directory order."""
    return [
        f"section {extra.number} ({extra.size} bytes, marker {S.marker(extra.tag)}) not known; "
        "skipped"
        for extra in directory.extras
        if not (team_file and extra.tag == L.EXTRA_TAGS["club_pairs"])
    ]


def _one_line(text: str) -> str:
    """A text shown on one line (a name, a place): its line breaks as spaces.

    >>> _one_line("Open\\r\\nBerlin"), _one_line("Open  Berlin")
    ('Open Berlin', 'Open  Berlin')
    """
    return " ".join(text.split()) if "\n" in text or "\r" in text else text


def _header(binary: Binary, directory: S.Directory) -> tuple[list[str], int]:
    """The header's texts and the offset of the configuration after them.

    The header's texts are the tournament's free texts (its remarks, ``L.REMARKS``, are
    several lines): their line breaks are kept; the texts read as one-line values
    (``L.TEXT``) have them as spaces.
    """
    header = Utf16Strings(binary, L.HEADER_FIXED, directory.sections["schedule"].start)
    texts = header.many(L.HEADER_STRINGS, "tournament header", lines=True)
    for index in L.TEXT.values():
        texts[index] = _one_line(texts[index])
    return texts, header.offset


def parse(data: bytes, *, source: str | None = None) -> Tournament:
    """Read a Swiss-Manager file from its bytes (see :func:`read`)."""
    binary = Binary(bytes(data), "Swiss-Manager")
    directory = S.read(binary)
    sections = directory.sections
    texts, config = _header(binary, directory)
    if binary.raw(config, 4, "configuration") != bytes([L.TAGS["configuration"]]) + L.MARKER:
        raise binary.error(
            f"no configuration section at {config:#x} after the header texts",
            code="swm.no_config",
            params={"offset": format(config, "#x")},
        )

    def setting(name: str) -> int:
        offset, size = L.CONFIG[name]
        if config + offset + size > sections["schedule"].start:
            raise binary.error(
                f"the configuration section is too short for the {name}",
                code="swm.config_short",
                params={"name": name},
            )
        read = binary.u16 if size == 2 else binary.u32
        return read(config + offset, name)

    kind = setting("kind")
    if kind not in L.KINDS:
        raise binary.error(
            f"tournament type {kind} (configuration offset 15) is unknown",
            code="swm.tournament_type",
            params={"kind": kind},
        )
    team_file = kind in L.TEAM_KINDS
    if team_file != directory.team:
        text, code, params = _team_message(kind, directory)
        raise binary.error(text, code=code, params=params)
    settings = {name: setting(name) for name in ("teams", "boards")} if team_file else {}
    federation = texts[L.TEXT["federation"]].strip() or None
    records = _players(
        binary,
        sections["players"],
        setting("players"),
        federation == "GER",
        settings["teams"] if team_file else None,
    )
    rounds = _schedule(binary, sections["schedule"], setting("rounds"), team_file)
    slots = _slots(binary, sections["games"], rounds, len(records), team_file)
    teams = (
        _team_part(binary, directory, kind, settings, records, rounds, slots)
        if team_file
        else _Teams((), {}, [], [])
    )
    games = _team(slots, teams.board) if team_file else _individual(slots)
    played_rounds, progress = _played_rounds(rounds, games)
    notes = [*teams.sections, *_extra_notes(directory, team_file), *games.notes, *teams.notes,
             *([progress] if progress else [])]  # fmt: skip
    tc_text = texts[L.TEXT["time_control"]].strip() or None
    control = classify(tc_text)  # the evaluation reads it again and names a text not understood
    round_dates = tuple(r.date for r in rounds)
    while round_dates and round_dates[-1] is None:
        round_dates = round_dates[:-1]
    dates = [d for d in round_dates if d]
    _, start = yyyymmdd(setting("start_date"))
    _, end = yyyymmdd(setting("end_date"))
    tournament = Tournament(
        name=texts[L.TEXT["name"]].strip(),
        start_date=start or (min(dates) if dates else None),
        end_date=end or (max(dates) if dates else None),
        rounds=len(rounds) or None,
        place=texts[L.TEXT["place"]].strip() or None,
        source=source,
        players=tuple(r.player for r in records),
        games=tuple(games.games),
        byes=tuple(games.byes),
        notes=tuple(notes),
        incomplete=tuple(games.incomplete),
        time_control=control.kind if control else None,
        time_control_text=tc_text,
        played_rounds=played_rounds,
        teams=teams.teams,
        round_dates=round_dates,
    )
    try:
        return tournament.validate()
    except WertungError as exc:
        raise FormatError(
            f"Swiss-Manager: {exc}",
            code=exc.code,
            params=within(places(message("place.swiss_manager")), exc.params),
            field="swiss-manager",
            **exc.where,
        ) from None


def read(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO) -> Tournament:
    """Read a Swiss-Manager file (a path, its bytes or a binary file object).

    ``.TUNX``/``.TURX`` (individual) and ``.TUMX``/``.TUTX`` (team) files; the type
    comes from the file's configuration, not from its name. Raises
    :class:`~wertung.kernel.errors.FormatError` naming the offset or record when the
    file is not one, damaged, or of a layout wertung does not know, and a file larger
    than :data:`MAX_BYTES` before reading it.
    """
    data, name = read_bytes(source, max_bytes=MAX_BYTES)
    return parse(data, source=name)

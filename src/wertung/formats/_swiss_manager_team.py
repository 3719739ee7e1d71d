"""Swiss-Manager team files (``.TUMX`` team Swiss, ``.TUTX`` team round robin): the team part.

:mod:`.swiss_manager` reads what every Swiss-Manager file has (header, schedule,
players, board pairings); this module reads the two sections only team files
have — the teams and the team pairings, and the club pairs section (``c5``) of the
real ``.TUMX`` — and finds, for every board pairing, its team pairing and its board:

* ``.TUMX``: through the players' teams (the team record number in the player
  record); a board slot with one player missing belongs to that player's team
  pairing. Boards are numbered in file order within the team pairing.
* ``.TUTX``: by position: each team pairing of a round owns a fixed block of
  *boards per match* slots, in order; board = position in the block. The
  players' own teams are checked against their block's teams.

A board pairing that fits no team pairing keeps no board number and gets a note;
damaged references (a team number that is no team, a team in two pairings of one
round, counts that do not use up their section) are a
:class:`~wertung.kernel.errors.FormatError` naming the record. The ``.TUMX`` part is
checked against a real file, the ``.TUTX``'s fixed blocks come from the public notes
only (see :mod:`._swiss_manager_layout`).

>>> from wertung.formats._binary import Binary, Section
>>> data = Binary(b"\\xc3\\xff\\x89\\x44" + bytes([2, 0, 1, 0, 0, 0, 0, 0]) + bytes(7), "demo")
>>> [(p.first, p.second) for p in pairings(data, Section(0, 19), [1], teams=2)[1]]
[(2, 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from wertung.formats import _swiss_manager_layout as L
from wertung.formats._binary import Binary, Section, Utf16Strings, game_record, record
from wertung.formats._swiss_manager_sections import Extra, marker
from wertung.kernel.errors import message, place_of, places
from wertung.tournament._model import Team

__all__ = ["FIXED_BLOCKS", "Boards", "Pairing", "Slot", "TeamRecord", "boards", "club_pairs",
           "line_ups", "pairings", "teams"]  # fmt: skip

#: The tournament type whose board pairings come in fixed blocks (.TUTX, team round robin).
FIXED_BLOCKS = 2


@dataclass(frozen=True, slots=True)
class TeamRecord:
    """A team record: its number (file position from 1), name and where it is."""

    number: int
    name: str
    offset: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """A team pairing of one round; ``second`` is None for a bye or a team not paired."""

    round: int
    first: int
    second: int | None
    special: str | None  # "bye", "not paired"
    stored: tuple[Fraction, Fraction]  # the board points stored (special entries)
    offset: int


@dataclass(frozen=True, slots=True)
class Slot:
    """A board pairing record as stored: player numbers (0 for an empty place), result code."""

    round: int
    white: int
    black: int
    code: int
    offset: int


def teams(data: Binary, section: Section, count: int) -> list[TeamRecord]:
    """The team records (5 strings and 96 bytes each), which must fill their section."""
    smallest = 2 * L.TEAM_STRINGS + L.TEAM_NUMBERS
    if count * smallest > section.end - section.start - 4:
        raise data.error(
            f"the configuration says {count} teams; the teams section "
            f"({section.end - section.start} bytes) cannot hold them",
            code="swm.teams_section",
            params={"count": count, "size": section.end - section.start},
        )
    reader = Utf16Strings(data, section.start + 4, section.end)
    out = []
    for k in range(count):
        offset = reader.offset
        where = record("team", k + 1, offset)
        texts = reader.many(L.TEAM_STRINGS, where)
        reader.skip(L.TEAM_NUMBERS, where)
        name = texts[L.TEAM["name"]].strip() or texts[L.TEAM["display_name"]].strip()
        if not name:
            raise data.error(
                f"{where}: the name is empty",
                code="binary.name_empty",
                params={"context": place_of(where)},
            )
        out.append(TeamRecord(k + 1, name, offset))
    if reader.offset != section.end:
        raise data.error(
            f"the teams section ends at {section.end:#x}, but {count} teams end at "
            f"{reader.offset:#x}: a layout wertung does not read",
            code="swm.teams_end",
            params={
                "end": format(section.end, "#x"),
                "count": count,
                "offset": format(reader.offset, "#x"),
            },
        )
    return out


def pairings(
    data: Binary, section: Section, per_round: Sequence[int], *, teams: int
) -> dict[int, list[Pairing]]:
    """The team pairings, round by round (``per_round``: the schedule's counts)."""
    total = sum(per_round)
    held = (section.end - section.start - 4) / L.MATCH_LENGTH
    if held != total:
        raise data.error(
            f"the schedule lists {total} team pairings; the team pairings section holds "
            f"{held:g}: a layout wertung does not read",
            code="swm.schedule_pairings",
            params={"total": total, "held": int(held) if float(held).is_integer() else held},
        )
    out: dict[int, list[Pairing]] = {}
    offset = section.start + 4
    for rnd, count in enumerate(per_round, start=1):
        seen: dict[int, int] = {}
        found = out.setdefault(rnd, [])
        for _ in range(count):
            first = data.u16(offset + L.MATCH["first"][0], "first team")
            second = data.u16(offset + L.MATCH["second"][0], "second team")
            special = L.NO_OPPONENT.get(second)
            for number in (first,) if special else (first, second):
                if not 1 <= number <= teams:
                    raise data.error(
                        f"round {rnd}, team pairing record at offset {offset:#x}: team {number} "
                        f"is not in the file ({teams} teams)",
                        code="swm.pairing_team",
                        params={
                            "round": rnd,
                            "offset": format(offset, "#x"),
                            "team": str(number),
                            "count": teams,
                        },
                        round=rnd,
                    )
                if number in seen:
                    raise data.error(
                        f"round {rnd}, team pairing record at offset {offset:#x}: team {number} "
                        f"is also in the team pairing at offset {seen[number]:#x}",
                        code="swm.pairing_twice",
                        params={
                            "round": rnd,
                            "offset": format(offset, "#x"),
                            "team": str(number),
                            "other": format(seen[number], "#x"),
                        },
                        round=rnd,
                    )
                seen[number] = offset
            stored = (
                Fraction(data.u16(offset + L.MATCH["first_points2"][0], "first team's points"), 2),
                Fraction(
                    data.u16(offset + L.MATCH["second_points2"][0], "second team's points"), 2
                ),
            )
            found.append(Pairing(rnd, first, None if special else second, special, stored, offset))
            offset += L.MATCH_LENGTH
    return out


@dataclass(slots=True)
class Boards:
    """What :func:`boards` found: the board of each slot (by its offset) and notes."""

    board: dict[int, int]
    notes: list[str]


def _points(value: Fraction) -> str:
    """Board points as written: ``2``, ``1½``, ``½``.

    >>> _points(Fraction(3, 2)), _points(Fraction(2)), _points(Fraction(1, 2))
    ('1½', '2', '½')
    """
    whole, half = divmod(value, 1)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def _pair_name(pairing: Pairing, names: Mapping[int, str]) -> str:
    second = names.get(pairing.second, "") if pairing.second is not None else ""
    return f"{names.get(pairing.first, '')} – {second}"


def boards(
    kind: int,
    slots: Mapping[int, Sequence[Slot]],
    found: Mapping[int, Sequence[Pairing]],
    team_of: Mapping[int, int],
    names: Mapping[int, str],
    per_match: int,
    data: Binary,
) -> Boards:
    """The board of every board slot with a player, by its team pairing.

    ``kind``: the configuration's tournament type (:data:`FIXED_BLOCKS`: fixed blocks); ``team_of``:
    player number → team number (0: none); ``per_match``: the configured boards per
    match. Raises a :class:`~wertung.kernel.errors.FormatError` when a team round
    robin's slots do not form one block per team pairing.
    """
    out = Boards({}, [])
    for rnd, pairs in sorted(found.items()):
        round_slots = slots.get(rnd, ())
        if kind == FIXED_BLOCKS:
            owners = _fixed_blocks(rnd, round_slots, pairs, per_match, data)
        else:
            owners = _by_team(round_slots, pairs, team_of)
        placed: dict[int, int] = {}  # team pairing (offset) -> boards given to its players
        for slot in round_slots:
            if not (slot.white or slot.black):
                continue
            where = game_record(rnd, slot.offset)
            owner = owners.get(slot.offset)
            if owner is None:
                _homeless(where, slot, team_of, out.notes)
                continue
            if _misfit(where, slot, owner[0], team_of, out.notes):
                continue
            pairing, board = owner
            out.board[slot.offset] = board
            placed[pairing.offset] = placed.get(pairing.offset, 0) + 1
        paired = any(s.white or s.black for s in round_slots)
        for pairing in pairs:
            out.notes += _pairing_notes(pairing, names, placed.get(pairing.offset, 0), paired)
            if kind != FIXED_BLOCKS and per_match and placed.get(pairing.offset, 0) > per_match:
                out.notes.append(
                    f"round {rnd}: {_pair_name(pairing, names)} has "
                    f"{placed[pairing.offset]} boards; the configuration says {per_match}"
                )
    return out


def _pairing_notes(
    pairing: Pairing, names: Mapping[int, str], placed: int, paired: bool
) -> list[str]:
    rnd, team = pairing.round, names.get(pairing.first, str(pairing.first))
    if pairing.special == "bye":
        return [
            f"round {rnd}: {team} has a team bye ({_points(pairing.stored[0])} board points "
            "stored; not in the team matches)"
        ]
    if pairing.special is not None:
        return [f"round {rnd}: {team} is not paired this round"]
    if paired and not placed:
        return [f"round {rnd}: {_pair_name(pairing, names)} has no board pairings"]
    return []


def _fixed_blocks(
    rnd: int, slots: Sequence[Slot], pairs: Sequence[Pairing], per_match: int, data: Binary
) -> dict[int, tuple[Pairing, int]]:
    if len(slots) != len(pairs) * per_match:
        raise data.error(
            f"round {rnd} of the schedule: {len(slots)} board pairings are not one block of "
            f"{per_match} boards for each of its {len(pairs)} team pairings: "
            "a layout wertung does not read",
            code="swm.blocks",
            params={
                "count": len(slots),
                "boards": per_match,
                "pairings": len(pairs),
                "context": places(message("place.round_schedule", n=rnd)),
            },
            round=rnd,
        )
    return {slot.offset: (pairs[k // per_match], k % per_match + 1) for k, slot in enumerate(slots)}


def _by_team(
    slots: Sequence[Slot], pairs: Sequence[Pairing], team_of: Mapping[int, int]
) -> dict[int, tuple[Pairing, int]]:
    """Team Swiss: a slot belongs to the pairing of its first player with a team;
    boards count up in file order within each pairing (one-sided slots included)."""
    of_team = {t: p for p in pairs for t in (p.first, p.second) if t is not None}
    owners: dict[int, tuple[Pairing, int]] = {}
    count: dict[int, int] = {}
    for slot in slots:
        known = [team_of.get(n, 0) for n in (slot.white, slot.black) if n and team_of.get(n, 0)]
        pairing = of_team.get(known[0]) if known else None
        if pairing is not None:
            count[pairing.offset] = count.get(pairing.offset, 0) + 1
            owners[slot.offset] = (pairing, count[pairing.offset])
    return owners


def _homeless(where: str, slot: Slot, team_of: Mapping[int, int], notes: list[str]) -> None:
    """Note why a slot has no team pairing."""
    for number in (slot.white, slot.black):
        if number and team_of.get(number, 0):
            notes.append(
                f"{where}: player {number} (team {team_of[number]}) is in no team pairing "
                "of the round; no board number"
            )
            return
    notes.append(f"{where}: player {slot.white or slot.black} has no team; no board number")


def _misfit(
    where: str, slot: Slot, pairing: Pairing, team_of: Mapping[int, int], notes: list[str]
) -> bool:
    """Whether a slot's players do not fit its team pairing (then noted)."""
    if pairing.second is None:
        notes.append(
            f"{where}: team {pairing.first} has no opponent team this round; no board number"
        )
        return True
    for number in (slot.white, slot.black):
        if number and team_of.get(number, 0) not in (pairing.first, pairing.second):
            notes.append(
                f"{where}: player {number} (team {team_of.get(number, 0)}) is not of the teams "
                f"{pairing.first} and {pairing.second}; no board number"
            )
            return True
    if slot.white and slot.black and team_of.get(slot.white) == team_of.get(slot.black):
        notes.append(
            f"{where}: the players {slot.white} and {slot.black} are of the same team; "
            "no board number"
        )
        return True
    return False


#: At most this many pairs are named in the note on the club pairs section (then a count).
_NAMED_PAIRS = 8


def club_pairs(
    data: Binary,
    extra: Extra,
    names: Mapping[int, str],
    clubs: Sequence[tuple[int, str | None]],
) -> str:
    """The note on a club pairs section (``c5``): its pairs of teams, or why it is skipped.

    ``names``: team number → name; ``clubs``: (team number, club) of every player. The
    pairs are called teams of one club only where their players' clubs say so (the
    club most of each team's players have is the same). Nothing of the section
    counts for the evaluation.

    >>> demo = Binary(bytes(4) + b"\\xc5\\xff\\x89\\x44" + bytes([1, 0, 2, 0]), "demo")
    >>> club_pairs(demo, Extra(6, 0xC5, Section(4, 12)), {1: "SK-1", 2: "SK-2"},
    ...            [(1, "SK"), (2, "SK")])
    'section 6 (8 bytes, marker c5 ff 89 44): 1 pair of teams, each of one club (SK-1 / SK-2); not needed for the evaluation'
    """
    head = f"section {extra.number} ({extra.size} bytes, marker {marker(extra.tag)})"
    start, end = extra.section.start + 4, extra.section.end
    pairs: list[tuple[int, int]] = []
    seen: set[frozenset[int]] = set()
    if (end - start) % L.CLUB_PAIR_LENGTH == 0:
        for offset in range(start, end, L.CLUB_PAIR_LENGTH):
            pair = (data.u16(offset, "club pair"), data.u16(offset + 2, "club pair"))
            both = frozenset(pair)
            if not all(t in names for t in pair) or len(both) < 2 or both in seen:
                pairs = []  # a team not in the file, a team with itself, a pair twice
                break
            seen.add(both)
            pairs.append(pair)
    if not pairs:
        return f"{head} not in the known form (pairs of teams); skipped"
    named = ", ".join(f"{names[a]} / {names[b]}" for a, b in pairs[:_NAMED_PAIRS])
    if len(pairs) > _NAMED_PAIRS:
        named += f", … ({len(pairs)} in all)"
    of_team: dict[int, Counter[str]] = {}
    for team, club in clubs:
        if team and club:
            of_team.setdefault(team, Counter())[club] += 1
    main = {team: count.most_common(1)[0][0] for team, count in of_team.items()}
    count = len(pairs)
    if all(main.get(a) is not None and main.get(a) == main.get(b) for a, b in pairs):
        return (
            f"{head}: {count} {'pair' if count == 1 else 'pairs'} of teams, each of one club "
            f"({named}); not needed for the evaluation"
        )
    return (
        f"{head}: {count} {'pair' if count == 1 else 'pairs'} of teams ({named}), meaning not "
        "known; not needed for the evaluation"
    )


def line_ups(
    records: Sequence[TeamRecord], members: Sequence[tuple[int, int, int]]
) -> tuple[Team, ...]:
    """The teams with their players in line-up order.

    ``members``: (player number, team number, roster board) for every player;
    roster board 0 (none) comes after the others, ties in file order.

    >>> line_ups([TeamRecord(1, "A", 0)], [(1, 1, 2), (2, 1, 1), (3, 0, 0), (4, 1, 0)])
    (Team(id='1', name='A', players=('2', '1', '4')),)
    """
    of_team: dict[int, list[tuple[int, int]]] = {}
    for number, team, board in members:
        of_team.setdefault(team, []).append((board or 10**6, number))
    return tuple(
        Team(str(r.number), r.name, tuple(str(n) for _, n in sorted(of_team.get(r.number, ()))))
        for r in records
    )

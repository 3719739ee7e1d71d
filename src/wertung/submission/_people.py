"""The players as people: listed twice, birth years, chess programs, DSB membership.

What the rating officers send back most often (issue 20): wrong or missing birth data,
missing club codes, a person entered twice, a computer not marked as one. With the DSB
list's answers (:mod:`._lookup`) the birth year and the membership are compared with it.
"""

from __future__ import annotations

import re
from collections import defaultdict

from wertung.formats.dsb_report import ReportPlayer
from wertung.kernel.names import name_key
from wertung.submission._context import Context, as_int, is_computer, name_of, text_of
from wertung.submission._lookup import ListMatch

__all__ = ["check_people", "looks_like_a_program"]

#: Words that name a chess program or engine, never a person.
_PROGRAM_WORDS = frozenset({
    "computer", "schachcomputer", "engine", "schachprogramm", "stockfish", "komodo", "rybka",
    "houdini", "leela", "lc0", "shredder", "hiarcs", "alphazero", "dragon", "torch",
})  # fmt: skip
#: Programs whose name is also a person's (Fritz, Junior): only with a version number.
_PROGRAM_NAMES = frozenset({"fritz", "junior", "genius", "chessmaster", "mephisto", "novag"})
#: A source's federation codes for Germany (a player of another federation is no DSB
#: member by his club alone).
_GERMAN = frozenset({"", "GER", "DEU", "D", "FRG"})


_PROGRAM = re.compile(
    r"(?<![^\W_])(?:" + "|".join(sorted(_PROGRAM_WORDS)) + r")(?![^\W_])", re.IGNORECASE
)
_NAMED = re.compile(
    r"(?<![^\W_])(?:" + "|".join(sorted(_PROGRAM_NAMES)) + r")(?![^\W_])", re.IGNORECASE
)
_VERSION = re.compile(r"(?<![^\W_])\d")


def looks_like_a_program(name: str) -> bool:
    """Whether ``name`` names a chess program rather than a person.

    >>> looks_like_a_program("Stockfish 16"), looks_like_a_program("Fritz 19"), looks_like_a_program("Müller, Fritz")
    (True, True, False)
    >>> looks_like_a_program("Computer_X"), looks_like_a_program("Engineer, Tom")
    (True, False)
    """
    if _PROGRAM.search(name):
        return True
    return _NAMED.search(name) is not None and _VERSION.search(name) is not None


def check_people(ctx: Context) -> None:
    """Listed twice, birth year missing or against the list, programs, memberships."""
    _listed_twice(ctx)
    for index, p in enumerate(ctx.players):
        match = ctx.match(index)
        if is_computer(p):
            continue
        if looks_like_a_program(name_of(p)):
            ctx.warning("check.computer.unmarked", player=p)
            continue
        _birth_year(ctx, p, match)
        _membership(ctx, p, match)


def _listed_twice(ctx: Context) -> None:
    """The same start number twice (error), the same PKZ or FIDE id twice (error), the same
    name with the same or an unknown birth year (warning: probably one person)."""
    first: dict[object, ReportPlayer] = {}
    for p in ctx.players:
        number = as_int(p.number)
        if number is None:
            continue
        if number in first:
            ctx.error("check.player.number_duplicate",
                      {"number": number, "other": name_of(first[number])}, player=p)  # fmt: skip
        else:
            first[number] = p
    same: dict[tuple[str, object], ReportPlayer] = {}
    by_name: dict[str, list[ReportPlayer]] = defaultdict(list)
    for p in ctx.players:
        if is_computer(p) or as_int(p.number) is None:
            continue
        told = False
        for what, value in (("PKZ", p.dsb_id), ("FIDE-ID", p.fide_id)):
            if value is None or (isinstance(value, str) and not value.strip()):
                continue
            key = (what, str(value).strip().upper())
            other = same.setdefault(key, p)
            if other is not p and not told and other.number != p.number:
                ctx.error("check.player.listed_twice",
                          {"other": other.number, "what": what, "value": key[1]},
                          player=p, variant="check.player.listed_twice.id")  # fmt: skip
                told = True
        name = name_key(f"{text_of(p.surname)} {text_of(p.forename)}")
        if not name:
            continue
        if not told:
            for other in by_name[name]:
                if other.number == p.number or _different_people(other, p):
                    continue
                year = as_int(p.birth_year)
                if year is not None and year == as_int(other.birth_year):
                    ctx.warning("check.player.listed_twice", {"other": other.number, "year": year},
                                player=p, variant="check.player.listed_twice.name_year")  # fmt: skip
                else:
                    ctx.warning("check.player.listed_twice", {"other": other.number},
                                player=p, variant="check.player.listed_twice.name")  # fmt: skip
                break
        by_name[name].append(p)


def _different_people(a: ReportPlayer, b: ReportPlayer) -> bool:
    """Namesakes the file itself tells apart (birth years, PKZ, FIDE ids that differ)."""
    for x, y in ((a.birth_year, b.birth_year), (a.dsb_id, b.dsb_id), (a.fide_id, b.fide_id)):
        if x is not None and y is not None and x != y:
            return True
    return False


def _birth_year(ctx: Context, p: ReportPlayer, match: ListMatch | None) -> None:
    listed = match.birth_year if match is not None and match.exact else None
    year = p.birth_year
    if year is None:
        if listed is not None:
            ctx.add("error", "check.birth_year.missing", {"year": listed}, player=p,
                    variant="check.birth_year.missing.listed")  # fmt: skip
        else:
            ctx.error("check.birth_year.missing", player=p)
    elif listed is not None and as_int(year) is not None and year != listed:
        ctx.error("check.birth_year.list", {"year": year, "listed": listed}, player=p)


def _member_number(value: object) -> str:
    text = str(value).strip() if value is not None else ""
    return (text.lstrip("0") or "0") if text.isdigit() else text.casefold()


def _is_member(ctx: Context, p: ReportPlayer, match: ListMatch | None) -> bool:
    """A DSB member: so the source says, the list shows an active membership, or the file
    names a club for a player the source does not call unaffiliated or foreign."""
    source = ctx.source_player(p)
    said = getattr(source, "member", None) if source is not None else None
    if said is True:
        return True
    if match is not None and match.exact:
        return match.active_member
    federation = getattr(source, "federation", None) if source is not None else None
    if said is False or (isinstance(federation, str) and federation.strip().upper() not in _GERMAN):
        return False
    return bool(text_of(p.zps).strip() or text_of(p.club).strip())


def _membership(ctx: Context, p: ReportPlayer, match: ListMatch | None) -> None:
    """Members need their PKZ or ZPS + member number; the ids given must be in the list."""
    pkz = text_of(p.dsb_id).strip()
    zps = text_of(p.zps).strip()
    has_member = p.member_number is not None
    if not pkz and not (zps and has_member) and _is_member(ctx, p, match):
        ctx.warning("check.member.no_ids", player=p)
    if match is None:
        return
    if match.given_id_found is False:
        if pkz:
            ctx.add("warning", "check.member.not_in_list", {"pkz": pkz}, player=p,
                    variant="check.member.not_in_list.pkz")  # fmt: skip
        elif zps and has_member:
            ctx.add("warning", "check.member.not_in_list", {"zps": zps, "number": p.member_number},
                    player=p, variant="check.member.not_in_list.membership")  # fmt: skip
        return
    if not match.exact or not zps:
        return
    memberships = match.memberships or ((match.membership,) if match.membership else ())
    if not memberships:
        return
    zpss = {m.zps.upper() for m in memberships}
    if zps.upper() not in zpss:
        listed = ", ".join(sorted(zpss))
        ctx.add("warning", "check.member.not_in_list", {"zps": zps, "listed": listed}, player=p,
                variant="check.member.not_in_list.other_club")  # fmt: skip
    elif has_member and not any(
        m.zps.upper() == zps.upper()
        and _member_number(m.member_number) == _member_number(p.member_number)
        for m in memberships
    ):
        ctx.add("warning", "check.member.not_in_list", {"zps": zps, "number": p.member_number},
                player=p, variant="check.member.not_in_list.membership")  # fmt: skip

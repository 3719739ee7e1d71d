"""Reading a DSB XML 2.5 file (``DSB_DWZ_TournamentReport``) into a :class:`Report`.

The file a rating officer receives: wertung's own and the other writers'. The reader is
strict about what it cannot read (not XML, another root, an element the schema does not
have, a number or date that is none, a game without a side or its points) and names
the line and element of each; it is lenient about what the pre-submission check is for
(a required element missing, the elements out of order, a game naming an unknown player,
``1:1``): those come into the :class:`Report` as they are (None where missing), so the
check can list them all. The elements are read by local name, in the schema's namespace
(with a prefix or as the default namespace) or in none.

Security: no DTD is loaded, no entity is resolved, nothing is fetched from the network;
a file above :data:`MAX_BYTES` is refused before it is parsed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar

from wertung.formats.dsb_report import (
    NAMESPACE,
    POINTS,
    TOURNAMENT_TYPES,
    Point,
    Report,
    ReportGame,
    ReportHeader,
    ReportPlayer,
)
from wertung.kernel.errors import FormatError, message, places, within

__all__ = ["MAX_BYTES", "ROOT", "parse"]

#: The largest file read (a 2,000-player open with 10 rounds is about 3 MB).
MAX_BYTES = 64 * 1024 * 1024
ROOT = "DSB_DWZ_TournamentReport"

_T = TypeVar("_T")

_TOURNAMENT = ("tournamentUUID", "label", "tournamentType", "timecontrol", "rounds",
               "startDate", "endDate", "location", "url", "notes", "ageClass")  # fmt: skip
_HEADER = ("creationDate", "sender", "system", "fileUUID")
_PLAYER = ("tournamentPlayerNumber", "dsbId", "surname", "forename", "dobYear", "dobDate",
           "vkz", "numberClubMember", "club", "fideId", "fideRating", "sex")  # fmt: skip
_GAME = ("round", "date", "tournamentPlayerNumberWhite", "noneWhitePlayer",
         "tournamentPlayerNumberBlack", "noneBlackPlayer", "pointWhite", "pointBlack")  # fmt: skip
_REPORT = ("header", "tournament", "players", "games")

_DATE = re.compile(r"(-?\d{4,})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?")
_YEAR = re.compile(r"(-?\d{4,})(?:Z|[+-]\d{2}:\d{2})?")
_INTEGER = re.compile(r"[+-]?\d+")


def parse(data: bytes) -> Report:
    """The report in a DSB XML file's bytes; :class:`FormatError` naming line and element."""
    if not isinstance(data, (bytes, bytearray)):
        raise FormatError(
            "read() takes the file's bytes or a path", code="dsbxml.read_takes", field="file"
        )
    if len(data) > MAX_BYTES:
        raise FormatError(
            f"the file has {len(data):,} bytes or more; the limit is {MAX_BYTES:,}",
            code="file.too_large",
            params={"size": len(data), "limit": MAX_BYTES},
            field="file",
        )
    root = _root(bytes(data))
    children = _children(root, _REPORT)
    for name in ("tournament", "players", "games"):
        if name not in children:
            raise _error(
                f"the file has no <{name}> element",
                root,
                code="dsbxml.no_section",
                params={"element": name},
            )
    notes: list[str] = []
    header = _header(children["header"][0], notes) if "header" in children else None
    tournament = _fields(children["tournament"][0], _TOURNAMENT)
    players = tuple(_player(el) for el in _only(children["players"][0], "player"))
    games = tuple(_game(el) for el in _only(children["games"][0], "game"))
    uuid_el = tournament.get("tournamentUUID")
    if uuid_el is None:
        raise _error(
            "the tournament has no <tournamentUUID>",
            children["tournament"][0],
            code="dsbxml.tournament_lacks",
            params={"element": "tournamentUUID"},
        )
    type_el = tournament.get("tournamentType")
    if type_el is None:
        raise _error(
            "the tournament has no <tournamentType>",
            children["tournament"][0],
            code="dsbxml.tournament_lacks",
            params={"element": "tournamentType"},
        )
    kind = _text(type_el)
    if kind not in TOURNAMENT_TYPES:
        raise _error(
            f"{kind!r} is not a tournament type ({', '.join(TOURNAMENT_TYPES)})",
            type_el,
            code="dsbxml.bad_type",
            params={"text": repr(kind), "types": ", ".join(TOURNAMENT_TYPES)},
        )
    rounds_el = tournament.get("rounds")
    rounds = _value(rounds_el, _integer) if rounds_el is not None else None
    if rounds is None:
        rounds = max((g.round for g in games), default=1)
    return Report(
        tournament_uuid=_uuid(uuid_el),
        label=_optional(tournament, "label", _string),
        tournament_type=kind,
        time_control=_optional(tournament, "timecontrol", _string),
        rounds=rounds,
        start_date=_optional(tournament, "startDate", _date),
        end_date=_optional(tournament, "endDate", _date),
        location=_optional(tournament, "location", _string),
        players=players,
        games=games,
        url=_optional(tournament, "url", _string),
        notes=_optional(tournament, "notes", _string),
        age_class=_optional(tournament, "ageClass", _string),
        header=header,
        made_notes=tuple(notes),
    )


def _root(data: bytes) -> Any:
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
        remove_comments=True, remove_pis=True,
    )  # fmt: skip
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line, column = _position(exc)
        if not data.strip():
            raise FormatError("the file is empty", code="file.empty", field="file") from None
        raise FormatError(
            f"line {line}, column {column}: the file is not well-formed XML", code="dsbxml.not_xml", params={"context": places(message("place.line", n=line), message("place.column", c=str(column)))},
            field="file", line=line, column=column,
        ) from None  # fmt: skip
    except (ValueError, etree.LxmlError):
        raise FormatError(
            "the file is not well-formed XML", code="dsbxml.not_xml", field="file"
        ) from None
    namespace, name = _split(root.tag)
    if name == "dewis":
        raise _error(
            "this is an older DeWIS XML file (root <dewis>); wertung reads DSB XML 2.5 "
            "(root <DSB_DWZ_TournamentReport>)",
            root,
            code="dsbxml.dewis",
            params={"root": ROOT},
        )
    if name != ROOT:
        raise _error(
            f"the root element is <{name}>, not <{ROOT}>: this is not a DSB XML file",
            root,
            code="dsbxml.root",
            params={"name": name, "root": ROOT},
        )
    if namespace not in (None, NAMESPACE):
        raise _error(
            f"the root element is in the namespace {namespace!r}, not {NAMESPACE!r}",
            root,
            code="dsbxml.root_namespace",
            params={"namespace": repr(namespace), "expected": repr(NAMESPACE)},
        )
    return root


def _position(exc: Any) -> tuple[int, int]:
    try:
        line, column = exc.position
        return int(line or 1), int(column or 0) + 1
    except (TypeError, ValueError):
        return 1, 1


def _split(tag: object) -> tuple[str | None, str]:
    if not isinstance(tag, str):
        return None, ""
    if tag.startswith("{"):
        namespace, _, name = tag[1:].partition("}")
        return namespace, name
    return None, tag


def _line(el: Any) -> int | None:
    line = getattr(el, "sourceline", None)
    return int(line) if isinstance(line, int) else None


def _error(
    text: str, el: Any, *, code: str, params: Mapping[str, object] | None = None
) -> FormatError:
    """A :class:`FormatError` about element ``el`` (``text``: the English message)."""
    line = _line(el)
    name = _split(el.tag)[1]
    element = message("place.element", name=name)
    if line is None:
        return FormatError(
            f"element <{name}>: {text}", code=code, params=within(places(element), params or {}),
            field="file", element=name,
        )  # fmt: skip
    return FormatError(
        f"line {line}, element <{name}>: {text}",
        code=code, params=within(places(message("place.line", n=line), element), params or {}),
        field="file", line=line, element=name,
    )  # fmt: skip


def _elements(parent: Any) -> list[Any]:
    """The child elements (text and comments between them are no elements)."""
    out = []
    for child in parent:
        if not isinstance(child.tag, str):
            continue
        namespace, _ = _split(child.tag)
        if namespace not in (None, NAMESPACE):
            raise _error(
                f"the element is in the namespace {namespace!r}, not {NAMESPACE!r}",
                child,
                code="dsbxml.namespace",
                params={"namespace": repr(namespace), "expected": repr(NAMESPACE)},
            )
        out.append(child)
    return out


def _children(parent: Any, allowed: tuple[str, ...]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    where = _split(parent.tag)[1]
    for child in _elements(parent):
        name = _split(child.tag)[1]
        if name not in allowed:
            raise _error(
                f"<{where}> has no element <{name}> in DSB XML 2.5",
                child,
                code="dsbxml.unknown_element",
                params={"parent": where, "element": name},
            )
        out.setdefault(name, []).append(child)
    return out


def _fields(parent: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The child elements by name, each at most once."""
    out: dict[str, Any] = {}
    for name, found in _children(parent, allowed).items():
        if len(found) > 1:
            raise _error(
                f"<{name}> is given twice (first in line {_line(found[0])})",
                found[1],
                code="dsbxml.twice",
                params={"element": name, "first": str(_line(found[0]))},
            )
        out[name] = found[0]
    return out


def _only(parent: Any, name: str) -> list[Any]:
    return _children(parent, (name,)).get(name, [])


def _text(el: Any) -> str:
    if len(_elements(el)):
        raise _error(
            "the element holds other elements where a value belongs", el, code="dsbxml.nested"
        )
    return (el.text or "").strip()


def _value(el: Any, read: Callable[[str], _T | None]) -> _T:
    text = _text(el)
    value = read(text)
    if value is not None:
        return value
    if read is _integer:
        raise _error(
            f"{text!r} is not a whole number",
            el,
            code="dsbxml.not_integer",
            params={"text": repr(text)},
        )
    if read is _positive:
        raise _error(
            f"{text!r} is not a whole number of 1 or more",
            el,
            code="dsbxml.not_positive",
            params={"text": repr(text)},
        )
    if read is _date:
        raise _error(
            f"{text!r} is not a date (YYYY-MM-DD)",
            el,
            code="dsbxml.not_date",
            params={"text": repr(text)},
        )
    if read is _year:
        raise _error(
            f"{text!r} is not a year (YYYY)",
            el,
            code="dsbxml.not_year",
            params={"text": repr(text)},
        )
    if read is _point:
        raise _error(
            f"{text!r} is not a point value (1, 0.5, 0, + or -)",
            el,
            code="dsbxml.not_point",
            params={"text": repr(text)},
        )
    if read is _true:
        raise _error(
            f"{text!r} is not true (the element stands for no player on that side)",
            el,
            code="dsbxml.not_true",
            params={"text": repr(text)},
        )
    if read is _sex:
        raise _error(
            f"{text!r} is not a sex (m or w)",
            el,
            code="dsbxml.not_sex",
            params={"text": repr(text)},
        )
    if read is _uuid_text:
        raise _error(
            f"{text!r} is not a UUID (32 hexadecimal digits in groups of 8-4-4-4-12)",
            el,
            code="dsbxml.uuid",
            params={"text": repr(text)},
        )
    raise _error("the element is empty", el, code="dsbxml.empty_element")


def _optional(fields: dict[str, Any], name: str, read: Callable[[str], _T | None]) -> _T | None:
    el = fields.get(name)
    if el is None:
        return None
    if read is _string:  # an empty text element: as good as none (the check names it)
        # read is _string, so _T is str; mypy does not narrow a type variable by identity
        return _text(el) or None  # type: ignore[return-value]
    return _value(el, read)


def _string(text: str) -> str | None:
    return text or None


def _integer(text: str) -> int | None:
    return int(text) if _INTEGER.fullmatch(text) and len(text) <= 20 else None


def _positive(text: str) -> int | None:
    value = _integer(text)
    return value if value is not None and value >= 1 else None


def _date(text: str) -> dt.date | None:
    found = _DATE.fullmatch(text)
    if not found:
        return None
    try:
        return dt.date(int(found.group(1)), int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None


def _year(text: str) -> int | None:
    found = _YEAR.fullmatch(text)
    if not found or not 1 <= int(found.group(1)) <= 9999:
        return None
    return int(found.group(1))


def _point(text: str) -> Point | None:
    return text if text in POINTS else None


def _true(text: str) -> bool | None:
    return True if text in ("true", "1") else None


def _sex(text: str) -> Literal["m", "w"] | None:
    if text == "m":
        return "m"
    return "w" if text == "w" else None


def _uuid_text(text: str) -> str | None:
    from wertung.formats.dsb_map import _UUID

    return text.lower() if _UUID.fullmatch(text) else None


def _datetime(text: str) -> dt.datetime | None:
    try:
        value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return value


def _uuid(el: Any) -> str:
    return _value(el, _uuid_text)


def _header(el: Any, notes: list[str]) -> ReportHeader | None:
    fields = _fields(el, _HEADER)
    missing = [name for name in _HEADER if name not in fields]
    if missing:
        notes.append(f"line {_line(el)}: the header lacks <{missing[0]}>; the header is not read")
        return None
    created_text = _text(fields["creationDate"])
    created = _datetime(created_text)
    if created is None:
        # CLM writes d.m.Y: the file is still read (the header says nothing about the games)
        notes.append(
            f"line {_line(fields['creationDate'])}: the creationDate {created_text!r} is not "
            "a date and time (YYYY-MM-DDThh:mm:ss); the header is not read"
        )
        return None
    return ReportHeader(
        creation_date=created,
        sender=_text(fields["sender"]),
        system=_text(fields["system"]),
        file_uuid=_uuid(fields["fileUUID"]),
    )


def _player(el: Any) -> ReportPlayer:
    fields = _fields(el, _PLAYER)
    number_el = fields.get("tournamentPlayerNumber")
    if number_el is None:
        raise _error("the player has no <tournamentPlayerNumber>", el, code="dsbxml.player_number")
    number = _value(number_el, _positive)
    surname = _optional(fields, "surname", _string) or ""
    forename = _optional(fields, "forename", _string) or ""
    member = _optional(fields, "numberClubMember", _positive)
    return ReportPlayer(
        number=number,
        surname=surname,
        forename=forename,
        birth_year=_optional(fields, "dobYear", _year),
        dsb_id=_optional(fields, "dsbId", _string),
        birth_date=_optional(fields, "dobDate", _date),
        zps=_optional(fields, "vkz", _string),
        member_number=member,
        club=_optional(fields, "club", _string),
        fide_id=_optional(fields, "fideId", _positive),
        fide_rating=_optional(fields, "fideRating", _positive),
        sex=_optional(fields, "sex", _sex),
        line=_line(el),
    )


def _game(el: Any) -> ReportGame:
    fields = _fields(el, _GAME)
    round_el = fields.get("round")
    if round_el is None:
        raise _error(
            "the game has no <round>", el, code="dsbxml.game_lacks", params={"element": "round"}
        )
    sides: list[int | None] = []
    for colour, none_name in (("White", "noneWhitePlayer"), ("Black", "noneBlackPlayer")):
        number_el, none_el = fields.get(f"tournamentPlayerNumber{colour}"), fields.get(none_name)
        if number_el is not None and none_el is not None:
            raise _error(
                f"the game has both <tournamentPlayerNumber{colour}> and <{none_name}>",
                el,
                code="dsbxml.game_both",
                params={"a": f"tournamentPlayerNumber{colour}", "b": str(none_name)},
            )
        if number_el is None and none_el is None:
            raise _error(
                f"the game has neither <tournamentPlayerNumber{colour}> nor <{none_name}>",
                el,
                code="dsbxml.game_neither",
                params={"a": f"tournamentPlayerNumber{colour}", "b": str(none_name)},
            )
        if number_el is not None:
            sides.append(_value(number_el, _positive))
        else:
            _value(none_el, _true)
            sides.append(None)
    if sides == [None, None]:
        raise _error("the game has no player on either side", el, code="dsbxml.game_nobody")
    points: list[Point] = []
    for name in ("pointWhite", "pointBlack"):
        point_el = fields.get(name)
        if point_el is None:
            raise _error(
                f"the game has no <{name}>", el, code="dsbxml.game_lacks", params={"element": name}
            )
        points.append(_value(point_el, _point))
    return ReportGame(
        round=_value(round_el, _positive),
        white=sides[0],
        black=sides[1],
        point_white=points[0],
        point_black=points[1],
        date=_optional(fields, "date", _date),
        line=_line(el),
    )

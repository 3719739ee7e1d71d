"""The older DeWIS XML file (root ``<dewis>``): read as a tournament source.

Before DSB XML 2.5 (SPEC §10) league databases sent the DSB's rating system DeWIS this
XML; rating officers still receive it. No schema is published with it; its elements, as
the writer that produces it describes them (facts, no code, taken from it):

* ``tournamentSection``: ``tournament`` (``label``, ``type`` -- ``SR SW SC TR TW TC`` as in
  DSB XML 2.5 --, ``rounds``, ``endDate``, ``notes``) and ``appointments`` (one
  ``appointment`` per round: ``round``, ``matchday`` the date, ``matchtime``);
* ``playerSection``: ``players`` (``player``: ``noPlayer`` the number games name,
  ``id`` the DSB person id (PKZ), ``surname``, ``forename``, ``dob`` the birth year or
  date, ``vkz`` the club code (ZPS), ``club``, ``noMember`` the member number, ``idFide``,
  ``rating`` the DWZ) and ``games`` (``game``: ``round``, ``noWhite``, ``noBlack`` -- empty
  for a bye --, ``result`` ``1:0 0:1 ½:½ 0:0 +:- -:+ -:- ½:0 0:½ 0:- -:0`` or empty for
  a game not played);
* ``teamSection`` (team events): ``teams`` (``team``: ``lot`` the team's number,
  ``teamName``, ``lineup`` with the players' ``noPlayer``) and ``encounter`` (the matches;
  derived from the board games, not read).

Dates are ``YYYY-MM-DD``; ``0``, ``0000`` and ``0000-00-00`` mean none. The reader is
strict about what it cannot read (not XML, another root, a number or date that is none,
a result it does not know) and names line and element; lenient about what the rating
officer's check is for: an element it does not know is named in ``notes`` and not read,
a game no rule evaluates (``½:0``, ``0:-``), one naming a number no player has or a
player paired twice in a round is left out and named in ``incomplete``.

Security: no DTD is loaded, no entity is resolved, nothing is fetched from the network;
a file above :data:`MAX_BYTES` is refused before it is parsed.

>>> t = parse('''<?xml version="1.0" encoding="UTF-8"?><dewis><tournamentSection>
... <tournament><label>Open &amp; Co</label><type>SW</type><rounds>1</rounds>
... <endDate>2026-09-01</endDate></tournament></tournamentSection><playerSection><players>
... <player><noPlayer>1</noPlayer><surname>Muster</surname><forename>Max</forename>
... <dob>1990</dob><rating>1720</rating></player>
... <player><noPlayer>2</noPlayer><surname>Weiß</surname><forename>Anna</forename>
... <dob>2001-05-04</dob></player></players><games><game><round>1</round>
... <noWhite>2</noWhite><noBlack>1</noBlack><result>½:½</result></game></games>
... </playerSection></dewis>'''.encode())
>>> t.name, [(p.name, p.dwz, p.birth_year) for p in t.players], t.games[0].result.value
('Open & Co', [('Muster, Max', 1720, 1990), ('Weiß, Anna', None, 2001)], '½-½')
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, BinaryIO, TypeVar

from wertung.formats._dsb_xml_read import _error, _line  # one element error for both XML readers
from wertung.formats._source import read_bytes
from wertung.kernel.errors import FormatError, message, places
from wertung.kernel.results import GameResult
from wertung.tournament._model import Bye, Game, Player, Team, Tournament

__all__ = ["MAX_BYTES", "ROOT", "looks_like", "parse", "read"]

MAX_BYTES = 64 * 1024 * 1024
ROOT = "dewis"

_T = TypeVar("_T")

_ROOT_START = re.compile(
    rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*|<\?.*?\?>\s*)*"
    rb"<(?:[A-Za-z_][\w.-]*:)?dewis[\s>/]",
    re.DOTALL,
)
#: What each element holds (the elements wertung reads; others are named in the notes).
_CHILDREN: dict[str, tuple[str, ...]] = {
    "dewis": ("tournamentSection", "playerSection", "teamSection"),
    "tournamentSection": ("tournament", "appointments"),
    "tournament": ("label", "type", "rounds", "endDate", "startDate", "notes"),
    "appointments": ("appointment",),
    "appointment": ("round", "matchday", "matchtime"),
    "playerSection": ("players", "games"),
    "players": ("player",),
    "player": ("noPlayer", "id", "surname", "forename", "dob", "vkz", "club", "noMember",
               "idFide", "rating"),
    "games": ("game",),
    "game": ("round", "noWhite", "noBlack", "result"),
    "teamSection": ("teams", "encounter"),
    "teams": ("team",),
    "team": ("lot", "teamName", "lineup"),
    "lineup": ("noPlayer",),
    "encounter": ("play",),
    "play": ("round", "noHomeTeam", "noGuestTeam", "pointsHome", "pointsGuest"),
}  # fmt: skip
_HALF = ("½", "0.5", "0,5", "1/2", "=", "R")
_POINT = {"1": "1", "0": "0", "+": "+", "-": "-", **dict.fromkeys(_HALF, "½")}
_GAME: dict[tuple[str, str], GameResult] = {
    ("1", "0"): GameResult.WHITE_WINS,
    ("0", "1"): GameResult.BLACK_WINS,
    ("½", "½"): GameResult.DRAW,
    ("0", "0"): GameResult.BOTH_LOSE,
    ("+", "-"): GameResult.WHITE_WINS_FORFEIT,
    ("-", "+"): GameResult.BLACK_WINS_FORFEIT,
    ("-", "-"): GameResult.DOUBLE_FORFEIT,
}
_BYE = {"1": Fraction(1), "+": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "-": Fraction(0)}
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+)?")
_NONE = ("", "0", "0000", "0000-00-00", "00.00.0000")


def looks_like(head: bytes) -> bool:
    """Whether a file's first bytes are a DeWIS XML document (root ``<dewis>``).

    >>> looks_like(b'<?xml version="1.0" encoding="UTF-8"?><dewis xmlns:xsi="x">')
    True
    >>> looks_like(b'<?xml version="1.0"?><DSB_DWZ_TournamentReport>')
    False
    """
    return _ROOT_START.match(head[:8192]) is not None


def read(source: str | os.PathLike[str] | bytes | bytearray | BinaryIO) -> Tournament:
    """The tournament in a DeWIS XML file (a path, its bytes or a binary file object)."""
    data, name = read_bytes(source, max_bytes=MAX_BYTES)
    return parse(data, source=name)


def parse(data: bytes, *, source: str | None = None) -> Tournament:
    """The tournament in a DeWIS XML file's bytes; :class:`FormatError` naming line and element."""
    if not isinstance(data, (bytes, bytearray)):
        raise FormatError(
            "read() takes the file's bytes or a path", code="dsbxml.read_takes", field="file"
        )
    data, _name = read_bytes(data, max_bytes=MAX_BYTES)  # the one byte cap (formats/_source)
    root = _root(bytes(data))
    notes = ["read as an older DeWIS XML file (root <dewis>, superseded by DSB XML 2.5)"]
    reader = _Reader(notes)
    sections = reader.children(root)
    if "playerSection" not in sections:
        raise _error(
            "the file has no <playerSection> element",
            root,
            code="dsbxml.no_section",
            params={"element": "playerSection"},
        )
    tournament_section = (
        reader.children(sections["tournamentSection"][0]) if "tournamentSection" in sections else {}
    )
    player_section = reader.children(sections["playerSection"][0])
    if "players" not in player_section:
        raise _error(
            "the file has no <players> element",
            sections["playerSection"][0],
            code="dsbxml.no_section",
            params={"element": "players"},
        )
    fields = (
        reader.fields(tournament_section["tournament"][0])
        if "tournament" in tournament_section
        else {}
    )
    players = [
        reader.player(el) for el in reader.children(player_section["players"][0]).get("player", [])
    ]
    seen: dict[str, Any] = {}
    for player, el in players:
        if player.id in seen:
            first = seen[player.id]
            raise _error(f"the start number {player.id} is given twice (players "
                         f"{_in_message(first[0].name)} and {_in_message(player.name)})", el, code="dsbxml.number_twice", params={"n": player.id, "a": str(_in_message(first[0].name)), "b": str(_in_message(player.name))})  # fmt: skip
        seen[player.id] = (player, el)
    ids = {p.id for p, _ in players}
    incomplete: list[str] = []
    games: list[Game] = []
    byes: list[Bye] = []
    taken: dict[tuple[int, str], int | None] = {}
    game_els = (
        reader.children(player_section["games"][0]).get("game", [])
        if "games" in player_section
        else []
    )
    for el in game_els:
        reader.game(el, ids, taken, games, byes, incomplete)
    dates = _appointments(reader, tournament_section)
    teams, player_teams = _teams(reader, sections)
    rounds_el = fields.get("rounds")
    rounds = reader.value(rounds_el, _positive) if rounds_el is not None else None
    end = _optional_date(reader, fields, "endDate") or (max(dates.values()) if dates else None)
    start = _optional_date(reader, fields, "startDate") or (min(dates.values()) if dates else None)
    played = max([g.round for g in games] + [b.round for b in byes] + [0])
    model_players = tuple(
        sorted(
            (
                p if p.id not in player_teams else _with_team(p, player_teams[p.id])
                for p, _ in players
            ),
            key=lambda p: int(p.id),
        )
    )
    tournament = Tournament(
        name=reader.text(fields["label"]) if "label" in fields else "",
        end_date=end,
        start_date=start,
        players=model_players,
        games=tuple(games),
        byes=tuple(byes),
        rounds=max(rounds or 0, played) or None,
        source=source,
        notes=tuple(notes),
        incomplete=tuple(incomplete),
        teams=teams,
    )
    return tournament.validate()


def _in_message(name: str) -> str:
    """A name as a message shows it (never empty; no ``": "``, which ends a message's place)."""
    return name.replace(": ", ":") or "–"


def _with_team(player: Player, team: str) -> Player:
    from dataclasses import replace

    return replace(player, team=team)


def _root(data: bytes) -> Any:
    from lxml import etree

    if not data.strip():
        raise FormatError("the file is empty", code="file.empty", field="file")
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
        remove_comments=True, remove_pis=True,
    )  # fmt: skip
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        try:
            line, column = exc.position
            line, column = int(line or 1), int(column or 0) + 1
        except (TypeError, ValueError):
            line, column = 1, 1
        raise FormatError(
            f"line {line}, column {column}: the file is not well-formed XML", code="dsbxml.not_xml", params={"context": places(message("place.line", n=line), message("place.column", c=str(column)))},
            field="file", line=line, column=column,
        ) from None  # fmt: skip
    except (ValueError, etree.LxmlError):
        raise FormatError(
            "the file is not well-formed XML", code="dsbxml.not_xml", field="file"
        ) from None
    name = _name(root)
    if name != ROOT:
        raise _error(
            f"the root element is <{name}>, not <dewis>: this is not a DeWIS XML file",
            root,
            code="dewis.root",
            params={"name": name},
        )
    return root


def _name(el: Any) -> str:
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.rpartition("}")[2] if tag.startswith("{") else tag


def _positive(text: str) -> int | None:
    return (
        int(text)
        if text.isdigit() and text.isascii() and len(text) <= 9 and int(text) >= 1
        else None
    )


def _rating(text: str) -> int | None:
    return int(text) if text.isdigit() and text.isascii() and int(text) <= 3500 else None


def _date(text: str) -> dt.date | None:
    found = _DATE.fullmatch(text)
    if not found:
        return None
    try:
        return dt.date(int(found.group(1)), int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None


class _Reader:
    """Reads elements by local name; names each element it does not know once in ``notes``."""

    def __init__(self, notes: list[str]) -> None:
        self.notes = notes
        self.unknown: set[tuple[str, str]] = set()

    def children(self, parent: Any) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        where = _name(parent)
        allowed = _CHILDREN.get(where, ())
        for child in parent:
            name = _name(child)
            if not name:
                continue
            if name not in allowed:
                if (where, name) not in self.unknown:
                    self.unknown.add((where, name))
                    self.notes.append(
                        f"line {_line(child)}: <{where}> has an element <{name}> wertung does "
                        "not know; it is not read"
                    )
                continue
            out.setdefault(name, []).append(child)
        return out

    def fields(self, parent: Any) -> dict[str, Any]:
        """The value elements of ``parent`` by name (the first of each)."""
        return {name: found[0] for name, found in self.children(parent).items()}

    def text(self, el: Any) -> str:
        if any(_name(child) for child in el):
            raise _error(
                "the element holds other elements where a value belongs", el, code="dsbxml.nested"
            )
        return " ".join((el.text or "").split())

    def value(self, el: Any, read: Callable[[str], _T | None]) -> _T:
        """A value that must be there and be right (:class:`FormatError` otherwise)."""
        text = self.text(el)
        value = read(text)
        if value is not None:
            return value
        if read is _rating:
            raise _error(
                f"{text!r} is not a whole number from 0 to 3500",
                el,
                code="dewis.not_rating",
                params={"text": repr(text)},
            )
        if read is _date:
            raise _error(
                f"{text!r} is not a date (YYYY-MM-DD)",
                el,
                code="dsbxml.not_date",
                params={"text": repr(text)},
            )
        raise _error(
            f"{text!r} is not a whole number of 1 or more",
            el,
            code="dsbxml.not_positive",
            params={"text": repr(text)},
        )

    def optional(
        self, fields: dict[str, Any], name: str, read: Callable[[str], _T | None]
    ) -> _T | None:
        """A value that may be absent or none (``0``, ``0000``, empty)."""
        el = fields.get(name)
        if el is None or self.text(el) in _NONE:
            return None
        return self.value(el, read)

    def player(self, el: Any) -> tuple[Player, Any]:
        fields = self.fields(el)
        if "noPlayer" not in fields:
            raise _error("the player has no <noPlayer>", el, code="dewis.player_lacks")
        number = self.value(fields["noPlayer"], _positive)
        surname = self.text(fields["surname"]) if "surname" in fields else ""
        forename = self.text(fields["forename"]) if "forename" in fields else ""
        name = f"{surname}, {forename}" if surname and forename else surname or forename
        year, born = self.dob(fields.get("dob"))
        fide_id = self.optional(fields, "idFide", _positive)
        member = self.optional(fields, "noMember", _positive)
        zps = self.text(fields["vkz"]) if "vkz" in fields else ""
        pkz = self.text(fields["id"]) if "id" in fields else ""
        club = self.text(fields["club"]) if "club" in fields else ""
        player = Player(
            id=str(number),
            name=name,
            dwz=self.optional(fields, "rating", _rating) or None,
            birth_year=year,
            birth_date=born,
            fide_id=str(fide_id) if fide_id is not None else None,
            club=club or None,
            pkz=pkz if pkz not in _NONE else None,
            zps=zps if zps not in _NONE else None,
            member_number=str(member) if member is not None else None,
            member=True if zps not in _NONE else None,
        )
        return player, el

    def dob(self, el: Any) -> tuple[int | None, dt.date | None]:
        if el is None:
            return None, None
        text = self.text(el)
        if text in _NONE:
            return None, None
        if len(text) == 4 and text.isdigit() and text.isascii():
            return int(text), None
        day = _date(text)
        if day is None:
            raise _error(
                f"{text!r} is not a year (YYYY) or a date (YYYY-MM-DD)",
                el,
                code="dewis.not_dob",
                params={"text": repr(text)},
            )
        return day.year, day

    def game(
        self, el: Any, ids: set[str], taken: dict[tuple[int, str], int | None],
        games: list[Game], byes: list[Bye], incomplete: list[str],
    ) -> None:  # fmt: skip
        fields = self.fields(el)
        if "round" not in fields:
            raise _error(
                "the game has no <round>", el, code="dsbxml.game_lacks", params={"element": "round"}
            )
        round_no = self.value(fields["round"], _positive)
        white = self.optional(fields, "noWhite", _positive)
        black = self.optional(fields, "noBlack", _positive)
        if white is None:
            if black is None:
                raise _error("the game has no white player", el, code="dewis.no_white")
            white, black = black, None  # a bye written on the black side
        text = self.text(fields["result"]) if "result" in fields else ""
        points = self.result(text, fields.get("result", el))
        line = _line(el)
        for number in (white, black):
            if number is not None and str(number) not in ids:
                incomplete.append(
                    f"line {line}, round {round_no}: the game {white}-{black or ''} names start "
                    f"number {number}, which no player has; it is left out"
                )
                return
        for number in (white, black):
            if number is not None and (round_no, str(number)) in taken:
                incomplete.append(
                    f"line {line}: player {number} is paired twice in round {round_no} (first in "
                    f"line {taken[round_no, str(number)]}); this pairing is left out"
                )
                return
        if black is None:
            if points is not None and points[0] in _BYE:
                taken[round_no, str(white)] = line
                byes.append(Bye(round_no, str(white), _BYE[points[0]]))
            return
        if points is None:
            self.notes.append(
                f"line {line}, round {round_no}: the game {white}-{black} has no result (not "
                "played); it is left out"
            )
            return
        result = _GAME.get(points)
        if result is None:
            incomplete.append(
                f"line {line}, round {round_no}: the game {white}-{black} has the result "
                f"{points[0]}:{points[1]}, which wertung cannot evaluate; it is left out"
            )
            return
        taken[round_no, str(white)] = taken[round_no, str(black)] = line
        games.append(Game(round_no, str(white), str(black), result))

    def result(self, text: str, el: Any) -> tuple[str, str] | None:
        """The two sides' points (``1``, ``0``, ``½``, ``+``, ``-``); None for no result."""
        if not text:
            return None
        for separator in (":", "-", "/"):
            left, found, right = text.replace(" ", "").partition(separator)
            if found and left in _POINT and right in _POINT:
                return _POINT[left], _POINT[right]
        if text in ("+", "-", "1", "0", "½"):  # a bye's points written alone
            return _POINT[text], _POINT[text]
        raise _error(
            f"{text!r} is not a result (1:0, 0:1, ½:½, 0:0, +:-, -:+, -:-, ½:0, 0:½, 0:-, -:0 or "
            "empty)",
            el,
            code="dewis.not_result",
            params={"text": repr(text)},
        )


def _optional_date(reader: _Reader, fields: dict[str, Any], name: str) -> dt.date | None:
    return reader.optional(fields, name, _date)


def _appointments(reader: _Reader, section: dict[str, list[Any]]) -> dict[int, dt.date]:
    """The day of each round (``appointments``), where given."""
    out: dict[int, dt.date] = {}
    for holder in section.get("appointments", []):
        for el in reader.children(holder).get("appointment", []):
            fields = reader.fields(el)
            day = reader.optional(fields, "matchday", _date)
            if day is None or "round" not in fields:
                continue
            out.setdefault(reader.value(fields["round"], _positive), day)
    return out


def _teams(
    reader: _Reader, sections: dict[str, list[Any]]
) -> tuple[tuple[Team, ...], dict[str, str]]:
    """The teams and each lined-up player's team (team events)."""
    if "teamSection" not in sections:
        return (), {}
    teams: list[Team] = []
    of_player: dict[str, str] = {}
    section = reader.children(sections["teamSection"][0])
    for holder in section.get("teams", []):
        for el in reader.children(holder).get("team", []):
            fields = reader.fields(el)
            if "lot" not in fields:
                raise _error("the team has no <lot>", el, code="dewis.team_lacks")
            lot = str(reader.value(fields["lot"], _positive))
            members: list[str] = []
            for lineup in reader.children(el).get("lineup", []):
                for number_el in reader.children(lineup).get("noPlayer", []):
                    text = reader.text(number_el)
                    if text in _NONE:
                        continue
                    pid = str(reader.value(number_el, _positive))
                    members.append(pid)
                    of_player.setdefault(pid, lot)
            name = reader.text(fields["teamName"]) if "teamName" in fields else ""
            teams.append(Team(lot, name, tuple(members)))
    return tuple(teams), of_player

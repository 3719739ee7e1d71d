"""The DSB rating list (``LV-0-csv.zip``): load it into the store, match tournament players.

The DSB publishes its whole list daily as ``LV-0-csv.zip`` with ``spieler.csv``
(one row per club membership), ``vereine.csv`` (clubs) and ``verbaende.csv``
(associations), comma-separated, windows-1252, CRLF. The current export of the
Wertungsportal has the header::

    ID,ZPS,Mitgliedsnummer,Status,"Name,Vorname",Geschlecht,Spielberechtigung,Geburtsjahr,
    "Letzte Auswertung",DWZ,Index,FIDE-Elozahl,FIDE-Titel,FIDE-ID,FIDE-Land,Vorname,Nachname
    [,FIDE-Frauentitel,FIDE-Elozahl-Schnellschach,FIDE-Elozahl-Blitz]

with ``Status`` ``A`` (active) or ``P`` (passive). The older DeWIS exports
(``ZPS,Mgl-Nr,Status,Spielername,...,FIDE-Elo,...``, every field quoted, status
empty for active members, and the ``ID,VKZ,Mgl-Nr,...`` variant) are read as well:
columns are found by their header names, not by position.

:func:`load_list` reads a file and replaces the list in the :class:`~wertung.store.Store`
atomically; :func:`enrich` fills a tournament's players from it and says for every
player how the match was made (:class:`Match`).

Passive members (``Status`` ``P``) count as DSB members (``member=True``): a passive
membership is still a membership of a DSB club, the DSB keeps their DWZ and
publishes their evaluations; they are not *Vereinslose*. Set ``passive_member=False``
in :func:`enrich` to leave ``member`` unset for them instead. The :class:`Match`
always says when the membership found is a passive one.
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import os
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..core.errors import FormatError, InvalidInput
from ..core.model import Player, Tournament, check_birth_year, check_index, check_rating
from ..store import DsbClub, DsbPlayer, ListInfo, Store, StoreError

__all__ = [
    "OVERRIDE_FIELDS",
    "PASSIVE_COUNTS_AS_MEMBER",
    "DsbList",
    "Enrichment",
    "ListNotLoaded",
    "Match",
    "MatchMethod",
    "club_key",
    "clubs_match",
    "describe_row",
    "enrich",
    "list_info",
    "load_list",
    "load_sample",
    "name_key",
    "read_list",
    "sample_path",
    "search",
]

OVERRIDE_FIELDS = ("dwz", "index", "birth_year", "member")
"""The player fields :func:`enrich` accepts in ``overrides``."""

PASSIVE_COUNTS_AS_MEMBER = True
"""Default of ``enrich(passive_member=...)``: a passive DSB membership makes ``member=True``."""


class ListNotLoaded(StoreError):
    """No DSB list has been loaded into the store yet."""


# --------------------------------------------------------------------------------------------
# names


_FOLD = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th"})
_ACADEMIC = frozenset(
    {"dr", "prof", "dipl", "ing", "med", "rer", "nat", "phil", "jur", "mag", "habil", "hc"}
)
_ACADEMIC_BARE = frozenset({"dr", "prof"})  # also recognised without a dot
_CHESS_TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "NM"})
_SPLIT = re.compile(r"[\s,;/\-–]+")
_NON_ALNUM = re.compile(r"[^0-9a-z]+")
_VOWEL_E = re.compile(r"([aou])e+")


def _fold(text: str) -> str:
    """Lower case ASCII without diacritics; ä/ae, ö/oe, ü/ue all become a, o, u."""
    text = text.casefold().translate(_FOLD)  # casefold: ß -> ss
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    # "ae" -> "a" and so on, to a fixed point: "äe", "aee" and "ae" all become "a"
    return _VOWEL_E.sub(r"\1", text)


@lru_cache(maxsize=1 << 16)
def _word_token(word: str) -> str:
    """The matching form of one word of a name ("" for an academic title)."""
    bare = word.casefold().replace(".", "")
    if bare in _ACADEMIC_BARE or (word.endswith(".") and bare in _ACADEMIC):
        return ""
    return _NON_ALNUM.sub("", _fold(word))


def _tokens(name: str) -> list[str]:
    words = [w for w in _SPLIT.split(name.strip()) if w]
    if words and words[0].rstrip(".") in _CHESS_TITLES:
        words = words[1:]
    return [token for token in map(_word_token, words) if token]


def name_key(name: str) -> str:
    """The key two spellings of one name share (used for matching only).

    Order ("Name,Vorname", "Name, Vorname", "Vorname Name"), case, umlauts
    written as ``ä`` or ``ae`` (or plain ``a``), hyphens and academic titles do
    not matter:

    >>> name_key("Müller,Hans-Peter")
    'hans muller peter'
    >>> name_key("Dr. Hans Peter Mueller") == name_key("MÜLLER, Hans-Peter") == name_key("Muller, Hans Peter")
    True
    >>> name_key("Weiß, Jörg") == name_key("Joerg Weiss")
    True
    """
    return " ".join(sorted(_tokens(name)))


_CLUB_NOISE = frozenset(
    {
        "sc", "sk", "sv", "sg", "sf", "sfr", "ssv", "tsv", "tus", "tv", "spvgg", "sportverein",
        "schachclub", "schachklub", "schachverein", "schachgemeinschaft", "schachfreunde",
        "schachabteilung", "schachabt", "sabt", "abt", "schach", "club", "klub", "verein",
        "ev", "e", "v", "der", "des", "von", "und", "im", "am", "in",
    }
)  # fmt: skip


def club_key(name: str) -> frozenset[str]:
    """The significant words of a club name (for comparing club spellings).

    >>> sorted(club_key("Schachklub Zehlendorf 1903 e.V."))
    ['1903', 'zehlendorf']
    """
    words = {w for w in _NON_ALNUM.split(_fold(name)) if w}
    significant = words - _CLUB_NOISE
    return frozenset(significant or words)


def clubs_match(given: str | None, entry: DsbPlayer) -> bool:
    """Whether the club a tournament gives (a name or a ZPS code) is this row's club.

    >>> row = DsbPlayer(zps="C0327", name="X,Y", club="SK Zehlendorf 1903 e.V.")
    >>> clubs_match("Schachklub Zehlendorf", row), clubs_match("c0327", row), clubs_match("SC Kreuzberg", row)
    (True, True, False)
    """
    if not given or not given.strip():
        return False
    if given.strip().casefold() == entry.zps.casefold():
        return True
    if not entry.club:
        return False
    a, b = club_key(given), club_key(entry.club)
    return bool(a and b) and (a <= b or b <= a)


# --------------------------------------------------------------------------------------------
# reading the files

_PLAYER_COLUMNS: dict[str, tuple[str, ...]] = {
    "pkz": ("id",),
    "zps": ("zps", "vkz"),
    "member_no": ("mitgliedsnummer", "mglnr"),
    "status": ("status",),
    "name": ("namevorname", "spielername"),
    "sex": ("geschlecht",),
    "eligibility": ("spielberechtigung",),
    "birth_year": ("geburtsjahr",),
    "last_evaluation": ("letzteauswertung",),
    "dwz": ("dwz",),
    "index": ("index",),
    "fide_rating": ("fideelozahl", "fideelo"),
    "fide_title": ("fidetitel",),
    "fide_id": ("fideid",),
    "fide_country": ("fideland",),
    "fide_women_title": ("fidefrauentitel",),
}
_REQUIRED_PLAYER = ("zps", "status", "name", "birth_year", "dwz", "index")
_CLUB_COLUMNS: dict[str, tuple[str, ...]] = {
    "zps": ("zpsnummer", "zps", "vkz"),
    "name": ("vereinsname", "vereinname"),
    "region": ("landesverband", "lv"),
    "parent": ("uebergeordneterverband", "verband", "uebergeordnet"),
}


def _norm_header(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.strip().lstrip("\ufeff").casefold())


def _columns(header: Sequence[str], wanted: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    normalised = [_norm_header(h) for h in header]
    found: dict[str, int] = {}
    for name, aliases in wanted.items():
        for alias in aliases:
            if alias in normalised:
                found[name] = normalised.index(alias)
                break
    return found


def _decode(data: bytes, what: str) -> str:
    """UTF-8 when the bytes are UTF-8 (with or without BOM), otherwise windows-1252."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FormatError(
            f"{what} line {line}: byte 0x{data[exc.start]:02X} is not windows-1252 text",
            field=what,
            line=line,
        ) from None


def _rows(text: str, what: str) -> Iterable[tuple[int, list[str]]]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        for row in reader:
            yield reader.line_num, row
    except csv.Error as exc:
        raise FormatError(
            f"{what} line {reader.line_num}: broken CSV ({exc})", field=what, line=reader.line_num
        ) from None


def _number(
    text: str, column: str, what: str, line: int, *, low: int = 0, high: int = 3500
) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise FormatError(
            f"{what} line {line}: {column} {text!r} is not a number", field=column, line=line
        )
    value = int(text)
    if value > high or value < low:
        raise FormatError(
            f"{what} line {line}: {column} {value} is out of range ({low}–{high})",
            field=column,
            line=line,
        )
    return value


def _parse_players(text: str, what: str = "spieler.csv") -> tuple[list[DsbPlayer], str]:
    rows = iter(_rows(text, what))
    try:
        _, header = next(rows)
    except StopIteration:
        raise FormatError(f"{what} is empty", field=what, line=1) from None
    cols = _columns(header, _PLAYER_COLUMNS)
    missing = [c for c in _REQUIRED_PLAYER if c not in cols]
    if missing:
        hint = ""
        if _columns(header, _CLUB_COLUMNS).keys() >= {"zps", "name"}:
            hint = " (this looks like vereine.csv, the club list)"
        names = {
            "name": "Name,Vorname",
            "birth_year": "Geburtsjahr",
            "zps": "ZPS",
            "dwz": "DWZ",
            "status": "Status",
            "index": "Index",
        }
        raise FormatError(
            f"{what} line 1: not a DSB player list{hint}; missing column(s) "
            + ", ".join(names[c] for c in missing)
            + f"; the header is {','.join(header)[:200]!r}",
            field=what,
            line=1,
        )
    if "mitgliedsnummer" in {_norm_header(h) for h in header}:
        fmt = "wertungsportal"
    elif "vkz" in {_norm_header(h) for h in header}:
        fmt = "dewis-v2"
    else:
        fmt = "dewis"
    width = len(header)
    c_zps, c_status, c_name = cols["zps"], cols["status"], cols["name"]
    c_birth, c_dwz, c_index = cols["birth_year"], cols["dwz"], cols["index"]
    optional_at = [
        cols.get(k, width)
        for k in (
            "pkz", "member_no", "sex", "eligibility", "last_evaluation", "fide_rating",
            "fide_title", "fide_id", "fide_country", "fide_women_title",
        )
    ]  # fmt: skip
    c_fide_rating = cols.get("fide_rating")
    players: list[DsbPlayer] = []
    append = players.append
    for line, row in rows:
        if len(row) != width:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue  # blank line
            raise FormatError(
                f"{what} line {line}: {len(row)} fields, the header has {width}",
                field=what,
                line=line,
            )

        row.append("")  # the value of an absent optional column
        (pkz, member_no, sex, eligibility, last_evaluation, _, fide_title, fide_id, country,
         women_title) = (row[i].strip() or None for i in optional_at)  # fmt: skip
        name = row[c_name].strip()
        if not name:
            raise FormatError(f"{what} line {line}: the name is empty", field="name", line=line)
        zps = row[c_zps].strip()
        if not zps:
            raise FormatError(f"{what} line {line}: the ZPS is empty", field="ZPS", line=line)
        status = row[c_status].strip().upper() or "A"
        birth = _number(row[c_birth], "Geburtsjahr", what, line, high=2100) or None
        if birth is not None and birth < 1880:
            raise FormatError(
                f"{what} line {line}: Geburtsjahr {birth} is not a year of birth",
                field="Geburtsjahr",
                line=line,
            )
        dwz = _number(row[c_dwz], "DWZ", what, line) or None
        index = _number(row[c_index], "Index", what, line, high=9999) if dwz else None
        fide_rating = None
        if c_fide_rating is not None:
            fide_rating = _number(row[c_fide_rating], "FIDE-Elo", what, line) or None
        if fide_id is not None:
            if not fide_id.isdigit():
                raise FormatError(
                    f"{what} line {line}: FIDE-ID {fide_id!r} is not a number",
                    field="FIDE-ID",
                    line=line,
                )
            fide_id = str(int(fide_id)) if int(fide_id) else None
        append(
            DsbPlayer(
                zps=zps,
                name=name,
                status=status,
                pkz=pkz,
                member_no=member_no,
                sex=sex,
                eligibility=eligibility,
                birth_year=birth,
                last_evaluation=last_evaluation,
                dwz=dwz,
                index=index,
                fide_rating=fide_rating,
                fide_title=fide_title or women_title,
                fide_id=fide_id,
                fide_country=country,
                key=name_key(name),
            )
        )
    return players, fmt


def _parse_clubs(text: str, what: str = "vereine.csv") -> list[DsbClub]:
    rows = iter(_rows(text, what))
    try:
        _, header = next(rows)
    except StopIteration:
        raise FormatError(f"{what} is empty", field=what, line=1) from None
    cols = _columns(header, _CLUB_COLUMNS)
    if "zps" not in cols or "name" not in cols:
        raise FormatError(
            f"{what} line 1: not a DSB club list (needs ZPS-Nummer and Vereinsname); "
            f"the header is {','.join(header)[:200]!r}",
            field=what,
            line=1,
        )
    clubs = []
    width = len(header)
    for line, row in rows:
        if not row or (len(row) == 1 and not row[0].strip()):
            continue
        if len(row) != width:
            raise FormatError(
                f"{what} line {line}: {len(row)} fields, the header has {width}",
                field=what,
                line=line,
            )
        zps, name = row[cols["zps"]].strip(), row[cols["name"]].strip()
        if not zps:
            raise FormatError(f"{what} line {line}: the ZPS is empty", field="ZPS", line=line)
        region = row[cols["region"]].strip() or None if "region" in cols else None
        parent = row[cols["parent"]].strip() or None if "parent" in cols else None
        clubs.append(DsbClub(zps=zps, name=name or zps, region=region, parent=parent))
    return clubs


@dataclass(frozen=True, slots=True)
class DsbList:
    """A DSB list read from files, not yet stored."""

    players: tuple[DsbPlayer, ...]
    clubs: tuple[DsbClub, ...]
    info: ListInfo


_DATE_IN_NAME = re.compile(r"(?<!\d)(20\d\d)(\d\d)(\d\d)(?!\d)")


def _date_from_name(name: str) -> dt.date | None:
    match = _DATE_IN_NAME.search(name)
    if not match:
        return None
    try:
        return dt.date(*(int(g) for g in match.groups()))
    except ValueError:
        return None


def read_list(
    path: str | os.PathLike[str],
    *,
    clubs: str | os.PathLike[str] | None = None,
    list_date: dt.date | None = None,
) -> DsbList:
    """Read ``LV-0-csv.zip``, a directory with ``spieler.csv``, or ``spieler.csv`` itself.

    ``clubs`` names a ``vereine.csv``; without it one next to ``spieler.csv`` (or
    in the zip) is used when present. The list date is ``list_date``, else a
    ``YYYYMMDD`` in the file name, else the time stamp of ``spieler.csv``.
    Raises :class:`FormatError` naming the file and line of the first problem.
    """
    source = Path(path)
    club_text: str | None = None
    club_what = "vereine.csv"
    if not source.exists():
        raise FormatError(f"{source}: no such file", field="path")
    if source.is_dir():
        source = source / "spieler.csv"
        if not source.exists():
            raise FormatError(f"{path}: the directory has no spieler.csv", field="path")
    if zipfile.is_zipfile(source):
        try:
            with zipfile.ZipFile(source) as archive:
                members = {Path(n).name.casefold(): n for n in archive.namelist()}
                if "spieler.csv" not in members:
                    raise FormatError(
                        f"{source.name}: the archive has no spieler.csv "
                        f"(it has {', '.join(sorted(members)) or 'nothing'})",
                        field="path",
                    )
                member = archive.getinfo(members["spieler.csv"])
                player_what = f"{source.name}: spieler.csv"
                player_text = _decode(archive.read(member), player_what)
                if clubs is None and "vereine.csv" in members:
                    club_what = f"{source.name}: vereine.csv"
                    club_text = _decode(archive.read(members["vereine.csv"]), club_what)
                stamp = dt.date(*member.date_time[:3])
        except (zipfile.BadZipFile, OSError, EOFError) as exc:
            raise FormatError(f"{source.name}: not a readable zip archive ({exc})") from None
    else:
        try:
            data = source.read_bytes()
        except OSError as exc:
            raise FormatError(f"{source}: cannot read ({exc.strerror})", field="path") from None
        if data[:2] == b"PK":
            raise FormatError(f"{source.name}: a damaged zip archive", field="path")
        player_what = source.name
        player_text = _decode(data, player_what)
        stamp = dt.date.fromtimestamp(source.stat().st_mtime)
        sibling = source.with_name("vereine.csv")
        if clubs is None and sibling.exists() and sibling != source:
            clubs = sibling
    if clubs is not None:
        club_path = Path(clubs)
        club_what = club_path.name
        try:
            club_text = _decode(club_path.read_bytes(), club_what)
        except OSError as exc:
            raise FormatError(f"{club_path}: cannot read ({exc.strerror})", field="clubs") from None
    players, fmt = _parse_players(player_text, player_what)
    club_rows = _parse_clubs(club_text, club_what) if club_text is not None else []
    club_count = len(club_rows) if club_rows else len({p.zps for p in players})
    evaluations = [p.last_evaluation for p in players if p.last_evaluation]
    info = ListInfo(
        list_date=list_date or _date_from_name(Path(path).name) or stamp,
        loaded_at=dt.datetime.now().astimezone().replace(microsecond=0),
        source=Path(path).name,
        format=fmt,
        memberships=len(players),
        players=len({p.person for p in players}),
        clubs=club_count,
        newest_evaluation=max(evaluations) if evaluations else None,
    )
    return DsbList(players=tuple(players), clubs=tuple(club_rows), info=info)


def load_list(
    path: str | os.PathLike[str],
    *,
    store: Store | None = None,
    clubs: str | os.PathLike[str] | None = None,
    list_date: dt.date | None = None,
) -> ListInfo:
    """Read a DSB list (see :func:`read_list`) and make it the store's list, atomically.

    The file is read completely before the store is touched: a broken file leaves
    the previous list in place.

    >>> import tempfile
    >>> info = load_list(sample_path(), store=Store(tempfile.mkdtemp()))
    >>> info.format, info.players > 20
    ('wertungsportal', True)
    """
    parsed = read_list(path, clubs=clubs, list_date=list_date)
    return (store or Store()).replace_dsb_list(parsed.players, parsed.clubs, parsed.info)


def sample_path() -> Path:
    """The small synthetic list shipped with wertung (invented people; for demos and tests)."""
    return Path(str(resources.files("wertung").joinpath("data/LV-0-csv-sample.zip")))


def load_sample(*, store: Store | None = None) -> ListInfo:
    """Load the synthetic sample list (:func:`sample_path`) into the store."""
    with ExitStack() as stack:
        path = stack.enter_context(
            resources.as_file(resources.files("wertung").joinpath("data/LV-0-csv-sample.zip"))
        )
        return load_list(path, store=store, list_date=None)


def list_info(*, store: Store | None = None) -> ListInfo | None:
    """What DSB list the store holds, or None."""
    return (store or Store()).list_info()


def search(text: str, *, store: Store | None = None, limit: int = 20) -> list[DsbPlayer]:
    """Rows of the loaded list whose name contains every word of ``text`` (or with this FIDE id).

    Spelling rules as for :func:`name_key`: ``"mueller hans"`` finds ``Müller,Hans``.
    """
    store = store or Store()
    text = text.strip()
    if text.isdigit():
        return store.players_by_fide_id([str(int(text))]).get(str(int(text)), [])[:limit]
    return store.search_players(_tokens(text), limit=limit)


# --------------------------------------------------------------------------------------------
# matching


class MatchMethod(StrEnum):
    """How a tournament player was (or was not) found in the list."""

    FIDE_ID = "fide_id"
    NAME_BIRTH_YEAR = "name+birth_year"
    NAME_CLUB = "name+club"
    NAME = "name"  # only with enrich(accept_name_only=True)
    UNCONFIRMED = "unconfirmed"  # one player of that name, nothing to confirm it
    AMBIGUOUS = "ambiguous"
    NOT_FOUND = "not_found"

    @property
    def matched(self) -> bool:
        """Whether list values were used."""
        return self in (self.FIDE_ID, self.NAME_BIRTH_YEAR, self.NAME_CLUB, self.NAME)


@dataclass(frozen=True, slots=True)
class Match:
    """How one player was matched and what changed.

    ``entry``: the list row used (the person's active membership, preferring the
    club the tournament names). ``candidates``: the rows considered when the match
    is ambiguous or unconfirmed (one per person). ``filled``: fields taken from the
    list. ``overridden``: fields set from ``overrides``. ``conflicts``: values the
    tournament gives that differ from the list (kept, never overwritten).
    """

    player_id: str
    name: str
    method: MatchMethod
    entry: DsbPlayer | None = None
    candidates: tuple[DsbPlayer, ...] = ()
    filled: tuple[str, ...] = ()
    overridden: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    note: str = ""

    @property
    def matched(self) -> bool:
        """Whether the player was found in the list."""
        return self.method.matched

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready data."""
        return {
            "player": self.player_id,
            "name": self.name,
            "method": self.method.value,
            "matched": self.matched,
            "entry": self.entry.to_dict() if self.entry else None,
            "candidates": [c.to_dict() for c in self.candidates],
            "filled": list(self.filled),
            "overridden": list(self.overridden),
            "conflicts": list(self.conflicts),
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Enrichment:
    """The enriched tournament, one :class:`Match` per player, and which list was used."""

    tournament: Tournament
    matches: tuple[Match, ...]
    list_info: ListInfo | None = None
    counts: dict[str, int] = field(default_factory=dict)

    def match(self, player_id: str) -> Match:
        """The match of the player with this id."""
        for match in self.matches:
            if match.player_id == player_id:
                return match
        raise KeyError(player_id)

    def to_dict(self) -> dict[str, Any]:
        """Matches and list information as JSON-ready data (the tournament is not included)."""
        return {
            "list": self.list_info.to_dict() if self.list_info else None,
            "counts": dict(self.counts),
            "matches": [m.to_dict() for m in self.matches],
        }


def _persons(rows: Iterable[DsbPlayer]) -> list[list[DsbPlayer]]:
    groups: dict[str, list[DsbPlayer]] = {}
    for row in rows:
        groups.setdefault(row.person, []).append(row)
    return list(groups.values())


def _best_row(rows: Sequence[DsbPlayer], club: str | None) -> DsbPlayer:
    """The membership to use: the one in the named club, else an active one, else the first."""
    for row in rows:
        if clubs_match(club, row):
            return row
    for row in rows:
        if row.active:
            return row
    return rows[0]


def describe_row(row: DsbPlayer) -> str:
    """One line about a list row.

    >>> describe_row(DsbPlayer(zps="Z0101", name="Bäumer,Jürgen", dwz=1843, index=87, birth_year=1968))
    'Bäumer,Jürgen, 1843-87, born 1968, Z0101'
    """
    parts = [row.name, row.rating]
    if row.birth_year:
        parts.append(f"born {row.birth_year}")
    parts.append(row.club or row.zps)
    if not row.active:
        parts.append("passive")
    return ", ".join(parts)


def _check_overrides(
    tournament: Tournament, overrides: Mapping[str, Mapping[str, object]] | None
) -> dict[str, dict[str, object]]:
    if not overrides:
        return {}
    ids = {p.id for p in tournament.players}
    checked: dict[str, dict[str, object]] = {}
    for player_id, values in overrides.items():
        if player_id not in ids:
            raise InvalidInput(
                f"overrides: no player with id {player_id!r}", field="overrides", player=player_id
            )
        if not isinstance(values, Mapping):
            raise InvalidInput(
                f"overrides for player {player_id!r} must map fields to values",
                field="overrides",
                player=player_id,
            )
        out: dict[str, object] = {}
        for key, value in values.items():
            where = {"player": player_id}
            if key == "dwz":
                out[key] = check_rating(value, field="dwz", **where)
            elif key == "index":
                out[key] = check_index(value, **where)
            elif key == "birth_year":
                out[key] = check_birth_year(value, **where)
            elif key == "member":
                if value is not None and not isinstance(value, bool):
                    raise InvalidInput(
                        f"member {value!r} must be true, false or null",
                        field="member",
                        **where,
                    )
                out[key] = value
            else:
                raise InvalidInput(
                    f"overrides: {key!r} cannot be overridden (only {', '.join(OVERRIDE_FIELDS)})",
                    field=f"overrides.{key}",
                    **where,
                )
        checked[player_id] = out
    return checked


def _find(
    player: Player,
    by_fide: Mapping[str, list[DsbPlayer]],
    by_key: Mapping[str, list[DsbPlayer]],
    accept_name_only: bool,
) -> tuple[MatchMethod, list[DsbPlayer] | None, list[list[DsbPlayer]], str]:
    """(method, rows of the person found, candidate persons, note)."""
    fide_id = _clean_fide_id(player.fide_id)
    if fide_id and by_fide.get(fide_id):
        persons = _persons(by_fide[fide_id])
        if len(persons) == 1:
            return MatchMethod.FIDE_ID, persons[0], [], f"FIDE id {fide_id}"
        return (
            MatchMethod.AMBIGUOUS,
            None,
            persons,
            f"{len(persons)} different players in the list have FIDE id {fide_id}",
        )
    persons = _persons(by_key.get(name_key(player.name), []))
    if not persons:
        return MatchMethod.NOT_FOUND, None, [], "no player of this name in the list"
    pool = persons
    if player.birth_year is not None:
        same = [ps for ps in persons if ps[0].birth_year == player.birth_year]
        if len(same) == 1:
            return (
                MatchMethod.NAME_BIRTH_YEAR,
                same[0],
                [],
                f"name and birth year {player.birth_year}",
            )
        if len(same) > 1:
            by_club = [ps for ps in same if any(clubs_match(player.club, r) for r in ps)]
            if len(by_club) == 1:
                return (
                    MatchMethod.NAME_BIRTH_YEAR,
                    by_club[0],
                    [],
                    f"name and birth year {player.birth_year}; the club decided between "
                    f"{len(same)} players",
                )
            return (
                MatchMethod.AMBIGUOUS,
                None,
                same,
                f"{len(same)} players of this name born in {player.birth_year}",
            )
        pool = [ps for ps in persons if ps[0].birth_year is None]
        if not pool:
            years = ", ".join(sorted({str(ps[0].birth_year) for ps in persons}))
            return (
                MatchMethod.NOT_FOUND,
                None,
                persons,
                f"players of this name in the list were born in {years}, not {player.birth_year}",
            )
    if player.club:
        by_club = [ps for ps in pool if any(clubs_match(player.club, r) for r in ps)]
        if len(by_club) == 1:
            return MatchMethod.NAME_CLUB, by_club[0], [], f"name and club {player.club!r}"
        if len(by_club) > 1:
            return (
                MatchMethod.AMBIGUOUS,
                None,
                by_club,
                f"{len(by_club)} players of this name in club {player.club!r}",
            )
    if len(pool) == 1:
        if accept_name_only:
            return MatchMethod.NAME, pool[0], [], "name only (accepted without confirmation)"
        return (
            MatchMethod.UNCONFIRMED,
            None,
            pool,
            "one player of this name in the list, but no birth year or club confirms it",
        )
    return (
        MatchMethod.AMBIGUOUS,
        None,
        pool,
        f"{len(pool)} players of this name; give the birth year or club",
    )


def _clean_fide_id(value: object) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if not text.isdigit() or int(text) == 0:
        return None
    return str(int(text))


def _fill(
    player: Player, rows: Sequence[DsbPlayer], passive_member: bool
) -> tuple[dict[str, object], DsbPlayer, list[str]]:
    """Values to set on ``player`` from the list, the row used, and conflicts."""
    entry = _best_row(rows, player.club)
    updates: dict[str, object] = {}
    conflicts: list[str] = []
    if player.dwz is None:
        if entry.dwz is not None:
            updates["dwz"] = entry.dwz
            if player.index is None and entry.index is not None:
                updates["index"] = entry.index
    elif entry.dwz != player.dwz:
        conflicts.append(
            f"DWZ {player.dwz} given, the list has {entry.rating}: kept {player.dwz}"
            + (", index not taken" if player.index is None and entry.index is not None else "")
        )
    elif player.index is None and entry.index is not None:
        updates["index"] = entry.index
    elif player.index is not None and entry.index is not None and player.index != entry.index:
        conflicts.append(f"index {player.index} given, the list has {entry.index}: kept")
    if player.birth_year is None:
        if entry.birth_year is not None:
            updates["birth_year"] = entry.birth_year
    elif entry.birth_year is not None and entry.birth_year != player.birth_year:
        conflicts.append(
            f"birth year {player.birth_year} given, the list has {entry.birth_year}: kept"
        )
    active = any(r.active for r in rows)
    is_member = active or passive_member
    if player.member is None:
        if is_member:
            updates["member"] = True
    elif player.member is False and active:
        conflicts.append("marked as not a DSB member, but the list has an active membership: kept")
    if player.club is None:
        updates["club"] = entry.club or entry.zps
    if player.fide_id is None and entry.fide_id is not None:
        updates["fide_id"] = entry.fide_id
    if player.fide_rating is None and entry.fide_rating is not None:
        updates["fide_rating"] = entry.fide_rating
    return updates, entry, conflicts


def enrich(
    tournament: Tournament,
    *,
    store: Store | None = None,
    overrides: Mapping[str, Mapping[str, object]] | None = None,
    accept_name_only: bool = False,
    passive_member: bool = PASSIVE_COUNTS_AS_MEMBER,
) -> Enrichment:
    """Fill the players' DWZ, index, birth year, membership, club and FIDE data from the list.

    Matching, per player: by FIDE id; else by name and birth year; else by name and
    club (a name or a ZPS code); else no match. Several candidates are reported
    (``ambiguous``), never guessed; a single namesake without a birth year or club
    to confirm him is ``unconfirmed`` unless ``accept_name_only``. Values the
    tournament already has are never overwritten (a differing list value becomes
    a ``conflict``); ``overrides`` (player id → ``dwz``/``index``/``birth_year``/
    ``member``) always win. Raises :class:`ListNotLoaded` when the store has no list.

    >>> import tempfile
    >>> from wertung import Player, Tournament
    >>> store = Store(tempfile.mkdtemp()); _ = load_sample(store=store)
    >>> t = Tournament(players=(Player(id="1", name="Jürgen Bäumer", birth_year=1968),))
    >>> result = enrich(t, store=store)
    >>> result.matches[0].method.value, result.tournament.players[0].dwz
    ('name+birth_year', 1843)
    """
    store = store or Store()
    info = store.list_info()
    if info is None:
        raise ListNotLoaded(
            f"no DSB list is loaded (store {store.path}); load one with "
            "`wertung dsb-list load LV-0-csv.zip`",
            field="store",
        )
    checked = _check_overrides(tournament, overrides)
    by_fide = store.players_by_fide_id(
        f for f in (_clean_fide_id(p.fide_id) for p in tournament.players) if f
    )
    by_key = store.players_by_key(name_key(p.name) for p in tournament.players)
    players: list[Player] = []
    matches: list[Match] = []
    counts: dict[str, int] = {}
    for player in tournament.players:
        method, rows, candidates, note = _find(player, by_fide, by_key, accept_name_only)
        updates: dict[str, object] = {}
        conflicts: list[str] = []
        entry = None
        if rows is not None:
            updates, entry, conflicts = _fill(player, rows, passive_member)
            if not any(r.active for r in rows):
                note += "; passive membership" + ("" if passive_member else " (member not set)")
        filled = list(updates)
        overridden: list[str] = []
        for key, value in checked.get(player.id, {}).items():
            updates[key] = value
            overridden.append(key)
            if key in filled:
                filled.remove(key)
        if (
            entry is not None
            and "dwz" in overridden
            and "index" not in overridden
            and "index" in filled
            and updates["dwz"] != entry.dwz
        ):
            filled.remove("index")
            updates["index"] = player.index
            conflicts.append("the list's index was not used because the DWZ was overridden")
        if overridden:
            note += ("; " if note else "") + "overridden by the user: " + ", ".join(overridden)
        players.append(replace(player, **updates) if updates else player)  # type: ignore[arg-type]
        matches.append(
            Match(
                player_id=player.id,
                name=player.name,
                method=method,
                entry=entry,
                candidates=tuple(_best_row(ps, player.club) for ps in candidates),
                filled=tuple(filled),
                overridden=tuple(overridden),
                conflicts=tuple(conflicts),
                note=note,
            )
        )
        counts[method.value] = counts.get(method.value, 0) + 1
    return Enrichment(
        tournament=tournament.with_players(players),
        matches=tuple(matches),
        list_info=info,
        counts=counts,
    )

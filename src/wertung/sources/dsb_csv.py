"""Reading the DSB list's files: ``LV-0-csv.zip``, ``spieler.csv``, ``vereine.csv``.

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

Archives and files are checked against :data:`DSB_LIMITS` (the project's one zip
guard, :mod:`wertung.formats._zipguard`) before anything is decompressed or read;
a refusal for a limit says so and adds that this is not a DSB list.
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import os
import re
import zipfile
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from wertung.formats._zipguard import (
    LIMIT_CODES,
    KiB,
    MiB,
    ZipLimits,
    check_size,
    check_zip,
    read_member,
)
from wertung.kernel.errors import FormatError, inner, message, place_of, places
from wertung.sources.dsb_names import name_key
from wertung.sources.store import DsbClub, DsbPlayer, ListInfo

__all__ = ["DSB_LIMITS", "DsbList", "ZipLimits", "read_list"]

#: What the DSB's ``LV-0-csv.zip`` may be, with room to spare: three CSV files,
#: ``spieler.csv`` the biggest (tens of MB unpacked); CSV text compresses 5 to 10
#: times. A lower limit: ``dataclasses.replace(DSB_LIMITS, max_member_size=...)``.
DSB_LIMITS = ZipLimits(
    max_archive_size=32 * MiB,
    max_members=16,
    max_member_size=64 * MiB,
    max_total_size=96 * MiB,
    max_ratio=100,
    ratio_from=64 * KiB,
)

NOT_A_LIST = "this is not a DSB list (or the limit needs raising)"


def _not_a_list(exc: FormatError) -> FormatError:
    """The guard's refusal for a limit with the DSB list's hint; any other error as it is."""
    if exc.code not in LIMIT_CODES:
        return exc
    return FormatError(
        f"{exc.message}; {NOT_A_LIST}",
        code="dsb.not_a_list",
        params={"reason": inner(exc)},
        field=exc.field,
    )


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


def _at_line(what: str, line: int) -> dict[str, object]:
    """The place ``spieler.csv line 3`` (``LV-0-csv.zip: spieler.csv line 3`` in an archive)."""
    archive, _, name = what.rpartition(": ")
    at_line = places(message("place.file_line", file=name, n=line))
    return places(place_of(archive), at_line, sep=": ") if archive else at_line


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
            code="dsbcsv.byte",
            params={"byte": format(data[exc.start], "02X"), "context": _at_line(what, line)},
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
            f"{what} line {reader.line_num}: broken CSV ({exc})",
            code="dsbcsv.broken",
            params={"detail": inner(exc), "context": _at_line(what, reader.line_num)},
            field=what,
            line=reader.line_num,
        ) from None


def _number(
    text: str, column: str, what: str, line: int, *, low: int = 0, high: int = 3500
) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise FormatError(
            f"{what} line {line}: {column} {text!r} is not a number",
            code="value.not_number",
            params={"what": str(column), "text": repr(text), "context": _at_line(what, line)},
            field=column,
            line=line,
        )
    value = int(text)
    if value > high or value < low:
        raise FormatError(
            f"{what} line {line}: {column} {value} is out of range ({low}–{high})",
            code="dsbcsv.range",
            params={
                "column": str(column),
                "value": str(value),
                "low": str(low),
                "high": str(high),
                "context": _at_line(what, line),
            },
            field=column,
            line=line,
        )
    return value


def _parse_players(text: str, what: str = "spieler.csv") -> tuple[list[DsbPlayer], str]:
    rows = iter(_rows(text, what))
    try:
        _, header = next(rows)
    except StopIteration:
        raise FormatError(
            f"{what} is empty", code="dsbcsv.empty", params={"what": what}, field=what, line=1
        ) from None
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
        columns = ", ".join(names[c] for c in missing)
        shown = repr(",".join(header)[:200])
        raise FormatError(
            f"{what} line 1: not a DSB player list{hint}; missing column(s) {columns}; "
            f"the header is {shown}",
            code="dsbcsv.not_player_list",
            params={
                "hint": hint,
                "columns": columns,
                "header": shown,
                "context": _at_line(what, 1),
            },
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
                code="dsbcsv.fields",
                params={"count": len(row), "width": width, "context": _at_line(what, line)},
                field=what,
                line=line,
            )

        row.append("")  # the value of an absent optional column
        (pkz, member_no, sex, eligibility, last_evaluation, _, fide_title, fide_id, country,
         women_title) = (row[i].strip() or None for i in optional_at)  # fmt: skip
        name = row[c_name].strip()
        if not name:
            raise FormatError(
                f"{what} line {line}: the name is empty",
                code="binary.name_empty",
                params={"context": _at_line(what, line)},
                field="name",
                line=line,
            )
        zps = row[c_zps].strip()
        if not zps:
            raise FormatError(
                f"{what} line {line}: the ZPS is empty",
                code="dsbcsv.zps_empty",
                params={"context": _at_line(what, line)},
                field="ZPS",
                line=line,
            )
        status = row[c_status].strip().upper() or "A"
        birth = _number(row[c_birth], "Geburtsjahr", what, line, high=2100) or None
        if birth is not None and birth < 1880:
            raise FormatError(
                f"{what} line {line}: Geburtsjahr {birth} is not a year of birth",
                code="dsbcsv.birth",
                params={"value": str(birth), "context": _at_line(what, line)},
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
                    code="dsbcsv.fide_id",
                    params={"value": repr(fide_id), "context": _at_line(what, line)},
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
        raise FormatError(
            f"{what} is empty", code="dsbcsv.empty", params={"what": what}, field=what, line=1
        ) from None
    cols = _columns(header, _CLUB_COLUMNS)
    if "zps" not in cols or "name" not in cols:
        raise FormatError(
            f"{what} line 1: not a DSB club list (needs ZPS-Nummer and Vereinsname); "
            f"the header is {','.join(header)[:200]!r}",
            code="dsbcsv.not_club_list",
            params={"header": repr(",".join(header)[:200]), "context": _at_line(what, 1)},
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
                code="dsbcsv.fields",
                params={"count": len(row), "width": width, "context": _at_line(what, line)},
                field=what,
                line=line,
            )
        zps, name = row[cols["zps"]].strip(), row[cols["name"]].strip()
        if not zps:
            raise FormatError(
                f"{what} line {line}: the ZPS is empty",
                code="dsbcsv.zps_empty",
                params={"context": _at_line(what, line)},
                field="ZPS",
                line=line,
            )
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


def _read_file(path: Path, what: str, field: str, limits: ZipLimits) -> bytes:
    try:
        size = path.stat().st_size
        try:
            check_size(size, limits.member_limit(path.name), what=what, field=field)
        except FormatError as exc:
            raise _not_a_list(exc) from None
        return path.read_bytes()
    except OSError as exc:
        raise FormatError(
            f"{path}: cannot read ({exc.strerror})",
            code="dsbcsv.cannot_read",
            params={"reason": inner(exc.strerror), "context": place_of(path)},
            field=field,
        ) from None


def _stamp(member: zipfile.ZipInfo, archive: Path) -> dt.date:
    """The member's date, or the archive file's when the member's is no date (a damaged field)."""
    try:
        return dt.date(*member.date_time[:3])
    except ValueError:
        return dt.date.fromtimestamp(archive.stat().st_mtime)


def _unpack(archive: zipfile.ZipFile, info: zipfile.ZipInfo, what: str, limits: ZipLimits) -> bytes:
    """One member, read in chunks and stopped at its limit (whatever the archive declares)."""
    try:
        return read_member(
            archive, info, limits.member_limit(info.filename), what=what, field="path"
        )
    except FormatError as exc:
        raise _not_a_list(exc) from None


def read_list(
    path: str | os.PathLike[str],
    *,
    clubs: str | os.PathLike[str] | None = None,
    list_date: dt.date | None = None,
    limits: ZipLimits = DSB_LIMITS,
) -> DsbList:
    """Read ``LV-0-csv.zip``, a directory with ``spieler.csv``, or ``spieler.csv`` itself.

    ``clubs`` names a ``vereine.csv``; without it one next to ``spieler.csv`` (or
    in the zip) is used when present. The list date is ``list_date``, else a
    ``YYYYMMDD`` in the file name, else the time stamp of ``spieler.csv``.
    An archive or file beyond ``limits`` (:data:`DSB_LIMITS`) is refused before it is
    decompressed or read. Raises :class:`FormatError` naming the file and line of the first problem.

    >>> from wertung.sources.dsb_list import sample_path
    >>> parsed = read_list(sample_path())
    >>> parsed.info.format, len(parsed.players), parsed.clubs[0].zps
    ('wertungsportal', 38, 'Z0101')
    """
    source = Path(path)
    club_text: str | None = None
    club_what = "vereine.csv"
    if not source.exists():
        raise FormatError(
            f"{source}: no such file",
            code="dsbcsv.no_file",
            params={"context": place_of(source)},
            field="path",
        )
    if source.is_dir():
        source = source / "spieler.csv"
        if not source.exists():
            raise FormatError(
                f"{path}: the directory has no spieler.csv",
                code="dsbcsv.no_spieler_dir",
                params={"context": place_of(path)},
                field="path",
            )
    if zipfile.is_zipfile(source):
        wanted = ("spieler.csv",) if clubs is not None else ("spieler.csv", "vereine.csv")
        try:
            archive = check_zip(source, limits, what=source.name, wanted=wanted, field="path")
        except FormatError as exc:
            raise _not_a_list(exc) from None
        try:
            with archive:
                members = {Path(n).name.casefold(): n for n in archive.namelist()}
                if "spieler.csv" not in members:
                    raise FormatError(
                        f"{source.name}: the archive has no spieler.csv "
                        f"(it has {', '.join(sorted(members)[:10]) or 'nothing'})",
                        code="dsbcsv.no_spieler_zip",
                        params={
                            "members": str(", ".join(sorted(members)[:10]) or "nothing"),
                            "context": place_of(source.name),
                        },
                        field="path",
                    )
                member = archive.getinfo(members["spieler.csv"])
                player_what = f"{source.name}: spieler.csv"
                player_text = _decode(_unpack(archive, member, source.name, limits), player_what)
                if clubs is None and "vereine.csv" in members:
                    club_what = f"{source.name}: vereine.csv"
                    club_member = archive.getinfo(members["vereine.csv"])
                    club_text = _decode(
                        _unpack(archive, club_member, source.name, limits), club_what
                    )
                stamp = _stamp(member, source)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError) as exc:
            raise FormatError(
                f"{source.name}: not a readable zip archive ({exc})",
                code="dsbcsv.unreadable_zip",
                params={"detail": inner(exc), "context": place_of(source.name)},
                field="path",
            ) from None
    else:
        data = _read_file(source, source.name, "path", limits)
        if data[:2] == b"PK":
            raise FormatError(
                f"{source.name}: a damaged zip archive",
                code="dsbcsv.damaged_zip",
                params={"context": place_of(source.name)},
                field="path",
            )
        player_what = source.name
        player_text = _decode(data, player_what)
        stamp = dt.date.fromtimestamp(source.stat().st_mtime)
        sibling = source.with_name("vereine.csv")
        if clubs is None and sibling.exists() and sibling != source:
            clubs = sibling
    if clubs is not None:
        club_path = Path(clubs)
        club_what = club_path.name
        club_text = _decode(_read_file(club_path, club_what, "clubs", limits), club_what)
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

"""The records the store holds: DSB list rows and clubs, what list is loaded, the refresh state.

Plain frozen dataclasses without I/O; :mod:`wertung.sources.store` reads and writes them
(and re-exports them, so ``from wertung.sources.store import DsbPlayer`` keeps working).

>>> DsbPlayer(zps="Z0101", name="Bäumer,Jürgen", dwz=1843, index=87).rating
'1843-87'
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["DsbClub", "DsbPlayer", "ListInfo", "RefreshState"]


@dataclass(frozen=True, slots=True)
class DsbClub:
    """A club (Verein) of the DSB list: ZPS code, name and its regional associations."""

    zps: str
    name: str
    region: str | None = None  # Landesverband
    parent: str | None = None  # übergeordneter Verband


@dataclass(frozen=True, slots=True)
class DsbPlayer:
    """One row of ``spieler.csv``: one membership of one person in one club.

    A person in two clubs has two rows (same ``pkz``, different ``zps``).
    ``status`` is ``"A"`` (active) or ``"P"`` (passive). ``key`` is the
    normalised name used for matching (see :func:`wertung.sources.dsb_list.name_key`).
    ``club`` is the club's name, filled in when the row is read back from the store.
    """

    zps: str
    name: str
    status: str = "A"
    pkz: str | None = None  # the DSB's person id ("ID", e.g. NU4005017); missing in old exports
    member_no: str | None = None
    sex: str | None = None
    eligibility: str | None = None  # Spielberechtigung
    birth_year: int | None = None
    last_evaluation: str | None = None  # YYYYWW
    dwz: int | None = None
    index: int | None = None
    fide_rating: int | None = None
    fide_title: str | None = None
    fide_id: str | None = None
    fide_country: str | None = None
    key: str = field(default="", compare=False, repr=False)
    club: str | None = None

    @property
    def active(self) -> bool:
        """True for an active membership."""
        return self.status == "A"

    @property
    def person(self) -> str:
        """An identifier of the person behind this row (memberships share it)."""
        if self.pkz:
            return self.pkz
        if self.fide_id:
            return f"fide:{self.fide_id}"
        return f"{self.key}|{self.birth_year}|{self.dwz}|{self.index}"

    @property
    def rating(self) -> str:
        """The DWZ as the DSB writes it: ``"1650-20"``, or ``"–"`` without DWZ."""
        if self.dwz is None:
            return "–"
        return f"{self.dwz}-{self.index}" if self.index is not None else str(self.dwz)

    def to_dict(self) -> dict[str, object]:
        """The row as JSON-ready data."""
        return {
            "id": self.pkz,
            "zps": self.zps,
            "club": self.club,
            "member_no": self.member_no,
            "status": self.status,
            "name": self.name,
            "sex": self.sex,
            "eligibility": self.eligibility,
            "birth_year": self.birth_year,
            "last_evaluation": self.last_evaluation,
            "dwz": self.dwz,
            "index": self.index,
            "fide_rating": self.fide_rating,
            "fide_title": self.fide_title,
            "fide_id": self.fide_id,
            "fide_country": self.fide_country,
        }


@dataclass(frozen=True, slots=True)
class ListInfo:
    """What DSB list is loaded: its date, when and from where it was loaded, how big it is."""

    list_date: dt.date | None
    loaded_at: dt.datetime
    source: str
    format: str
    memberships: int
    players: int
    clubs: int
    newest_evaluation: str | None = None
    store: Path | None = None
    url: str | None = None  # where it was downloaded from (None: loaded from a file)
    etag: str | None = None  # the server's ETag and Last-Modified, for a conditional GET
    last_modified: str | None = None
    checked_at: dt.datetime | None = None  # when the server last confirmed it is current

    def to_dict(self) -> dict[str, object]:
        """The information as JSON-ready data."""
        return {
            "list_date": self.list_date.isoformat() if self.list_date else None,
            "loaded_at": self.loaded_at.isoformat(timespec="seconds"),
            "source": self.source,
            "format": self.format,
            "memberships": self.memberships,
            "players": self.players,
            "clubs": self.clubs,
            "newest_evaluation": self.newest_evaluation,
            "store": str(self.store) if self.store else None,
            "url": self.url,
            "etag": self.etag,
            "last_modified": self.last_modified,
            "checked_at": self.checked_at.isoformat(timespec="seconds")
            if self.checked_at
            else None,
        }


@dataclass(frozen=True, slots=True)
class RefreshState:
    """The last attempt to refresh the list from the DSB, and who is refreshing it now.

    ``attempted_at``: when the last attempt ended; ``error``: its error message
    (None when it succeeded); ``claimed_until``: a process that is downloading
    holds the claim until then (see :meth:`Store.claim_dsb_refresh`).
    """

    attempted_at: dt.datetime | None = None
    error: str | None = None
    claimed_until: dt.datetime | None = None

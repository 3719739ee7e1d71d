"""Builders of the files a rating officer receives besides DSB XML 2.5: the ELOBASE/DeWIS
text file ``.swi`` and the older DeWIS XML.

No real file of either kind is public (neither is in ``../shared/data``), so every
fixture here is **built from the layout description, not a real file**:

* ``.swi``: the column key and field widths, the six-character round blocks, the
  ``###`` footer and CP850/CRLF as the DeWIS import's maintainer describes them (the
  e-mail quoted in a league database's SWI exporter, with a 12-player example) and as
  ChessLeagueManager's ``admin/models/auswertung.php`` (format 1, "DSB Format") and a
  Hamburg club's DWZ-report writer write them (facts only; see
  ``src/wertung/formats/swi.py``);
* DeWIS XML: the element names and result texts ChessLeagueManager's
  ``admin/models/auswertung.php`` (format 2, "DEWIS XML Format") and its
  ``#__clm_ergebnis`` table (``xml_w``/``xml_s``) write.

The players and games are made up.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from xml.sax.saxutils import escape

from wertung.kernel.results import GameResult
from wertung.tournament._model import Tournament

__all__ = [
    "KEY",
    "SwiPlayer",
    "dewis_from_tournament",
    "sample_dewis",
    "sample_swi",
    "swi_bytes",
    "swi_from_tournament",
    "swi_line",
]

#: The column key as Swiss-Chess writes it (line 4).
KEY = (" ttt. rrr " + "n" * 32 + " " + "v" * 32 + " lll " + "f" * 10 + " " + "p" * 10 + " "
       + "g" * 8 + " eeee dddd  zzzzz mmmm")  # fmt: skip
#: Where the round blocks begin (one column after the member number).
ROUNDS_AT = 133


@dataclass
class SwiPlayer:
    """One player line: the fields of the key, and his round blocks (``"1W  5"``: result,
    colour, opponent; ``""`` a round he was not in)."""

    number: int
    name: str
    club: str = ""
    nation: str = ""
    fide_id: str = ""
    pkz: str = ""
    birth: str = ""
    elo: str = ""
    dwz: str = ""
    zps: str = ""
    member: str = ""
    rank: int | None = None
    blocks: list[str] = field(default_factory=list)


def _put(line: list[str], start: int, end: int, text: str, *, right: bool) -> None:
    text = text[: end - start]
    text = text.rjust(end - start) if right else text.ljust(end - start)
    line[start:end] = list(text)


def swi_line(p: SwiPlayer) -> str:
    """The player's line, every field where the key puts it."""
    line = [" "] * ROUNDS_AT
    _put(line, 0, 4, str(p.number), right=True)
    line[4] = "."
    _put(line, 5, 9, str(p.rank if p.rank is not None else p.number), right=True)
    _put(line, 10, 42, p.name, right=False)
    _put(line, 43, 75, p.club, right=False)
    _put(line, 76, 79, p.nation, right=False)
    _put(line, 80, 90, p.fide_id, right=True)
    _put(line, 91, 101, p.pkz, right=True)
    _put(line, 102, 110, p.birth, right=True)
    _put(line, 111, 115, p.elo, right=True)
    _put(line, 116, 120, p.dwz, right=True)
    _put(line, 122, 127, p.zps, right=False)
    _put(line, 128, 132, p.member, right=True)
    text = "".join(line)
    for block in p.blocks:
        if not block:
            text += " " * 6
        else:
            result, colour, opponent = block[0], block[1], block[2:].strip()
            text += f" {result}{colour}{opponent:>3}"
    return text.rstrip()


def swi_bytes(
    players: Sequence[SwiPlayer],
    *,
    name: str = "Testturnier",
    kind_line: str | None = "auto",
    rounds: int | None = None,
    place: str = "Ilmenau",
    start: str = "06.09.2026",
    end: str = "08.09.2026",
    moves: Sequence[str] = ("40 Züge in 90 Min.", "30 Min. Rest", ""),
    encoding: str = "cp850",
    newline: str = "\r\n",
    footer: bool = True,
) -> bytes:
    """A ``.swi`` file of ``players``: header, key, player lines and footer."""
    count = max((len(p.blocks) for p in players), default=0)
    lines = [name, ""]
    if kind_line == "auto":
        lines.append(f"ES {len(players):>3} {rounds or count:>2}  1 #860#")
    elif kind_line is not None:
        lines.append(kind_line)
    lines.append(KEY + "  ")
    lines.extend(swi_line(p) for p in players)
    if footer:
        lines.append("###")
        lines.append(f"{'Name:':<12}{name}")
        lines.append(f"{'Ort:':<12}{place}")
        lines.append(f"{'FIDE-Land:':<12}GER")
        lines.append(f"{'Datum(S):':<12}{start:<21}{'Datum(E):':<12}{end}")
        lines.append(
            "".join(f"{f'Züge({k}):':<12}{m:<21}" for k, m in enumerate(moves, 1)).rstrip()
        )
        lines.append("Hauptschiedsrichter:Erika Beispiel")
        lines.append("Anwender:        Schachverein Beispielstadt")
    return (newline.join(lines) + newline).encode(encoding)


def sample_swi(**options: object) -> bytes:
    """A six-player Swiss of five rounds with every kind of entry the layout has: wins,
    draws, a loss on both sides (``0``/``0``), forfeits (``+:``/``-:``), a double forfeit
    (``-:``/``-:``), a full-point bye (``+`` against 0), a round a player was not in, an
    umlaut in a name and a club, birth dates of 4 and 8 digits, Elo, DWZ, FIDE id, PKZ, ZPS
    and member number."""
    players = [
        SwiPlayer(
            1,
            "Müller, Jörg",
            "SV Ilmenau",
            "GER",
            "4600010",
            "10001234",
            "1961",
            "2105",
            "2080",
            "C0327",
            "12",
            blocks=["1W  4", "RB  2", "1W  3", "0B  5", "+:  6"],
        ),
        SwiPlayer(
            2,
            "Weiß, Anna",
            "SV Ilmenau",
            "GER",
            "",
            "10005678",
            "04052001",
            "",
            "1850",
            "C0327",
            "135",
            blocks=["0B  5", "RW  1", "0B  6", "1W  4", "RB  3"],
        ),
        SwiPlayer(
            3,
            "Schröder, Paul",
            "SK Erfurt",
            "GER",
            "",
            "",
            "1990",
            "",
            "1760",
            "C0512",
            "7",
            blocks=["1W  6", "0B  4", "0B  1", "-:  6", "RW  2"],
        ),
        SwiPlayer(
            4,
            "Nagy, Ákos",
            "",
            "HUN",
            "720123",
            "",
            "1985",
            "1990",
            "",
            "",
            "",
            blocks=["0B  1", "1W  3", "0W  5", "0B  2", "-:  5"],
        ),
        SwiPlayer(
            5,
            "Öztürk, Elif",
            "SK Erfurt",
            "GER",
            "",
            "",
            "2010",
            "",
            "1420",
            "C0512",
            "31",
            blocks=["1W  2", "+:  0", "1B  4", "1W  1", "-:  4"],
        ),
        SwiPlayer(
            6,
            "Klein, Ben",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            blocks=["0B  3", "", "0W  2", "+:  3", "-:  1"],
        ),
    ]
    # round 5: 4 and 5 both lost by forfeit (a double forfeit)
    return swi_bytes(players, name="Herbstopen Ilmenau 2026", **options)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- from a model


_WHITE_LETTERS: dict[GameResult, tuple[str, str, str, str]] = {
    # result → (white's letter, white's colour, black's letter, black's colour)
    GameResult.WHITE_WINS: ("1", "W", "0", "B"),
    GameResult.BLACK_WINS: ("0", "W", "1", "B"),
    GameResult.DRAW: ("R", "W", "R", "B"),
    GameResult.BOTH_LOSE: ("0", "W", "0", "B"),
    GameResult.WHITE_WINS_FORFEIT: ("+", ":", "-", ":"),
    GameResult.BLACK_WINS_FORFEIT: ("-", ":", "+", ":"),
    GameResult.DOUBLE_FORFEIT: ("-", ":", "-", ":"),
}
_BYE_LETTER = {Fraction(1): "+", Fraction(1, 2): "R", Fraction(0): "-"}


def _german(day: dt.date | None) -> str:
    return "" if day is None else f"{day.day:02d}.{day.month:02d}.{day.year}"


def swi_from_tournament(t: Tournament, *, encoding: str = "cp850") -> bytes:
    """``t`` as a ``.swi`` file (player ids must be the numbers 1..999)."""
    rounds = t.rounds or max([g.round for g in t.games] + [b.round for b in t.byes] + [1])
    blocks: dict[str, list[str]] = {p.id: [""] * rounds for p in t.players}
    for g in t.games:
        wl, wc, bl, bc = _WHITE_LETTERS[g.result]
        blocks[g.white][g.round - 1] = f"{wl}{wc}{int(g.black):>3}"
        blocks[g.black][g.round - 1] = f"{bl}{bc}{int(g.white):>3}"
    for b in t.byes:
        blocks[b.player][b.round - 1] = f"{_BYE_LETTER[b.points]}:  0"
    players = []
    for p in t.players:
        birth = ""
        if p.birth_date is not None:
            birth = f"{p.birth_date.day:02d}{p.birth_date.month:02d}{p.birth_date.year}"
        elif p.birth_year is not None:
            birth = str(p.birth_year)
        players.append(SwiPlayer(
            int(p.id), p.name, p.club or "", p.federation or "", p.fide_id or "", p.pkz or "",
            birth, str(p.fide_rating or ""), str(p.dwz or ""), p.zps or "", p.member_number or "",
            blocks=blocks[p.id],
        ))  # fmt: skip
    return swi_bytes(players, name=t.name, rounds=rounds, place=t.place or "",
                     start=_german(t.start_date), end=_german(t.end_date),
                     moves=(t.time_control_text or "", "", ""), encoding=encoding)  # fmt: skip


_DEWIS_RESULT = {
    GameResult.WHITE_WINS: "1:0", GameResult.BLACK_WINS: "0:1", GameResult.DRAW: "½:½",
    GameResult.BOTH_LOSE: "0:0", GameResult.WHITE_WINS_FORFEIT: "+:-",
    GameResult.BLACK_WINS_FORFEIT: "-:+", GameResult.DOUBLE_FORFEIT: "-:-",
}  # fmt: skip
_DEWIS_BYE = {Fraction(1): "+:-", Fraction(1, 2): "½:0", Fraction(0): "-:-"}


def _element(name: str, value: object) -> str:
    return f"<{name}>{escape('' if value is None else str(value))}</{name}>"


def dewis_from_tournament(
    t: Tournament,
    *,
    kind: str = "SW",
    appointments: dict[int, dt.date] | None = None,
    extra_player: str = "",
    games_extra: Iterable[str] = (),
    pretty: bool = True,
) -> bytes:
    """``t`` as a DeWIS XML file in the layout ChessLeagueManager writes (player ids must be
    numbers; byes as a game without ``noBlack``)."""
    nl = "\n" if pretty else ""
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<dewis xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
             'xmlns:dwz="https://dwz.svw.info/services/files/xml/tournamentImport.xsd">',
             "<tournamentSection>", "<tournament>", _element("label", t.name), _element("type", kind),
             _element("rounds", t.rounds or ""),
             _element("endDate", t.end_date.isoformat() if t.end_date else "0000-00-00"),
             _element("notes", "built from the layout description, not a real file"),
             "</tournament>", "<appointments>"]  # fmt: skip
    for round_no, day in sorted((appointments or {}).items()):
        parts.append(f"<appointment>{_element('round', round_no)}{_element('matchday', day.isoformat())}"
                     f"{_element('matchtime', '19:00:00')}</appointment>")  # fmt: skip
    parts += ["</appointments>", "</tournamentSection>", "<playerSection>", "<players>"]
    for p in t.players:
        surname, _, forename = p.name.partition(",")
        dob = p.birth_date.isoformat() if p.birth_date else (p.birth_year or "0000")
        parts.append(
            "<player>"
            + _element("noPlayer", p.id)
            + _element("id", p.pkz or "")
            + _element("surname", surname.strip())
            + _element("forename", forename.strip())
            + _element("dob", dob)
            + _element("vkz", p.zps or "")
            + _element("club", p.club or "")
            + _element("noMember", p.member_number or "")
            + _element("idFide", p.fide_id or "")
            + _element("rating", p.dwz or "")
            + extra_player
            + "</player>"
        )
    parts += ["</players>", "<games>"]
    for g in t.games:
        parts.append("<game>" + _element("round", g.round) + _element("noWhite", g.white)
                     + _element("noBlack", g.black) + _element("result", _DEWIS_RESULT[g.result])
                     + "</game>")  # fmt: skip
    for b in t.byes:
        parts.append("<game>" + _element("round", b.round) + _element("noWhite", b.player)
                     + "<noBlack></noBlack>" + _element("result", _DEWIS_BYE[b.points]) + "</game>")  # fmt: skip
    parts += list(games_extra)
    parts += ["</games>", "</playerSection>"]
    if t.teams:
        parts += ["<teamSection>", "<teams>"]
        for team in t.teams:
            parts.append("<team>" + _element("lot", team.id) + _element("teamName", team.name) + "<lineup>"
                         + "".join(_element("noPlayer", pid) for pid in team.players)
                         + "</lineup></team>")  # fmt: skip
        parts += ["</teams>", "<encounter></encounter>", "</teamSection>"]
    parts.append("</dewis>")
    return nl.join(parts).encode("utf-8")


def sample_dewis() -> bytes:
    """The six players and five rounds of :func:`sample_swi` as a DeWIS XML file."""
    from wertung.formats import swi

    t = swi.parse(sample_swi())
    days = {r: dt.date(2026, 9, 5 + r) for r in range(1, 6)}
    return dewis_from_tournament(t, appointments=days)

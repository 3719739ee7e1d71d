"""One TRF line at a time: the ``001`` player line (its columns and every round's ten),
the ``162`` scoring record, the header counts; the bounds on a TRF's numbers and the
error that names its line.

Used by :func:`wertung.formats.trf.loads`, which joins the lines into a tournament.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Unpack

from wertung.formats._crosstable import RESULT_CODES, Entry, Slot
from wertung.kernel.errors import FormatError, Where, message, places, within
from wertung.tournament._model import RATING_MAX, Player

_TITLES = {
    "g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM",
    "wc": "WCM",
}  # fmt: skip

_DIGITS = re.compile(r"[0-9]+")

#: Bounds on the numbers of a TRF (a number outside is an error naming its line).
MAX_ROUNDS = 999
MAX_PLAYERS = 9999
MAX_SCORE = 100


def _count(value: str, line: int, code: str) -> None:
    """Header counts are never used, but an absurd one is bad input."""
    if _DIGITS.fullmatch(value) and (len(value) > 4 or int(value) > MAX_PLAYERS):
        raise _error(
            f"player count {value[:20]!r} ({code}) is out of range (0 to {MAX_PLAYERS})",
            line,
            code="trf.players_range",
            params={"value": repr(value[:20]), "code": str(code), "high": MAX_PLAYERS},
        )


_POINTS = re.compile(r"([0-9]{1,4})(?:[.,]([0-9]))?")


def _error(
    text: str,
    line: int,
    /,
    *,
    code: str,
    params: Mapping[str, object] | None = None,
    **where: Unpack[Where],
) -> FormatError:
    """A :class:`FormatError` about TRF line ``line`` (``text``: the English message)."""
    at: Where = {"line": line, **where}  # the line first, as the JSON has always shown it
    return FormatError(
        f"line {line}: {text}",
        code=code,
        params=within(places(message("place.line", n=line)), params or {}),
        field="trf",
        **at,
    )


def _birth_year(text: str, line: int, player: str) -> int | None:
    stripped = text.strip()
    if not stripped.strip("./- "):
        return None
    groups = _DIGITS.findall(stripped)
    if not groups or re.search(r"[^0-9./\- ]", stripped):
        raise _error(
            f"player {player}: birth date {stripped!r} is not a date",
            line,
            code="trf.birth_not_date",
            params={
                "text": repr(stripped),
                "context": places(message("place.player", p=str(player))),
            },
            player=player,
        )
    year_text = groups[0] if len(groups[0]) == 4 else groups[-1]
    if len(year_text) == 8:
        year_text = year_text[:4]
    if len(year_text) != 4:
        raise _error(
            f"player {player}: birth date {stripped!r} has no year",
            line,
            code="trf.birth_no_year",
            params={
                "text": repr(stripped),
                "context": places(message("place.player", p=str(player))),
            },
            player=player,
        )
    year = int(year_text)
    if year == 0:
        return None
    if not 1880 <= year <= 2100:
        raise _error(
            f"player {player}: year of birth {year} is not plausible",
            line,
            code="trf.birth_implausible",
            params={"year": str(year), "context": places(message("place.player", p=str(player)))},
            player=player,
        )
    return year


def _points(text: str, line: int, player: str) -> Fraction | None:
    stripped = text.strip()
    if not stripped:
        return None
    match = _POINTS.fullmatch(stripped)
    if not match:
        raise _error(
            f"player {player}: points {stripped!r} are not a number",
            line,
            code="xlsx.points_not_number",
            params={
                "value": repr(stripped),
                "context": places(message("place.player", p=str(player))),
            },
            player=player,
        )
    return Fraction(int(match.group(1))) + Fraction(int(match.group(2) or 0), 10)


def _rating(text: str, line: int, player: str, what: str = "rating") -> int | None:
    stripped = text.strip()
    if not stripped:
        return None
    if not _DIGITS.fullmatch(stripped):
        raise _error(
            f"player {player}: {what} {stripped!r} is not a number",
            line,
            code="value.not_number",
            params={
                "what": what,
                "text": repr(stripped),
                "context": places(message("place.player", p=str(player))),
            },
            player=player,
        )
    value = int(stripped)
    if value > RATING_MAX:
        raise _error(
            f"player {player}: {what} {value} is out of range (0 to {RATING_MAX})",
            line,
            code="trf.out_of_range",
            params={
                "what": what,
                "value": str(value),
                "high": RATING_MAX,
                "context": places(message("place.player", p=str(player))),
            },
            player=player,
        )
    return value or None


def _number(text: str, line: int, what: str) -> int:
    stripped = text.strip()
    if not _DIGITS.fullmatch(stripped) or not 1 <= int(stripped) <= 9999:
        raise _error(
            f"{what} {stripped!r} is not a starting number (1 to 9999)",
            line,
            code="trf.not_start_number",
            params={"what": what, "text": repr(stripped)},
        )
    return int(stripped)


@dataclass(slots=True)
class _PlayerLine:
    entry: Entry
    player: Player


def _player_line(text: str, line: int, notes: list[str]) -> _PlayerLine:
    number = _number(text[4:8], line, "starting number")
    pid = str(number)
    sex = text[9:10].strip().lower() or None
    title_raw = text[10:13].strip()
    title = _TITLES.get(title_raw.lower(), title_raw.upper()) or None
    name = text[14:47].strip()
    rating = _rating(text[48:52], line, pid)
    federation = text[53:56].strip() or None
    fide_text = text[57:68].strip()
    fide_id = None
    if fide_text:
        if _DIGITS.fullmatch(fide_text):
            fide_id = fide_text if int(fide_text) else None
        else:
            notes.append(f"line {line}: player {pid}: id {fide_text!r} is not a FIDE id; ignored")
    birth_year = _birth_year(text[69:79], line, pid)
    points = _points(text[80:84], line, pid)
    entry = Entry(number, line, name)
    if len(text) > 91 + 10 * MAX_ROUNDS:
        raise _error(
            f"player {pid}: the line has more than {MAX_ROUNDS} rounds "
            f"({len(text):,} characters)",
            line, code="trf.too_many_rounds", params={"high": MAX_ROUNDS, "length": len(text), "context": places(message("place.player", p=str(pid)))}, player=pid,
        )  # fmt: skip
    for k, start in enumerate(range(91, len(text), 10)):
        block = text[start : start + 10]
        rnd = k + 1
        if not block.strip():
            continue
        opp_text, colour, code = (
            block[0:4].strip(),
            block[5:6].lower() or " ",
            block[7:8].upper() or " ",
        )
        if block[4:5].strip() or block[6:7].strip() or block[8:].strip():
            raise _error(
                f"player {pid}, round {rnd}: {block.strip()!r} is not in the TRF columns "
                "(opponent 92-95, colour 97, result 99, then every 10 columns)",
                line, code="trf.columns", params={"block": repr(block.strip()), "context": places(message("place.player", p=f"{pid}, round {rnd}"))}, player=pid, round=rnd,
            )  # fmt: skip
        if opp_text and not _DIGITS.fullmatch(opp_text):
            raise _error(
                f"player {pid}, round {rnd}: opponent {opp_text!r} is not a starting number",
                line, code="trf.opponent", params={"text": repr(opp_text), "context": places(message("place.player", p=f"{pid}, round {rnd}"))}, player=pid, round=rnd,
            )  # fmt: skip
        if colour not in "wb- ":
            raise _error(
                f"player {pid}, round {rnd}: colour {colour!r} is not w, b or -",
                line, code="trf.colour", params={"colour": repr(colour), "context": places(message("place.player", p=f"{pid}, round {rnd}"))}, player=pid, round=rnd,
            )  # fmt: skip
        if code not in RESULT_CODES:
            raise _error(
                f"player {pid}, round {rnd}: result {code!r} is not a TRF result code "
                "(1 0 = + - W D L H F U Z)",
                line, code="trf.result_code", params={"code": repr(code), "context": places(message("place.player", p=f"{pid}, round {rnd}"))}, player=pid, round=rnd,
            )  # fmt: skip
        colour = "-" if colour == " " else colour
        entry.slots[rnd] = Slot(rnd, int(opp_text or 0), colour, code)
    player = Player(
        id=pid,
        name=name,
        birth_year=birth_year,
        fide_rating=rating,
        fide_id=fide_id,
        federation=federation,
        title=title,
        sex=sex,
        points=points,
    )
    return _PlayerLine(entry, player)


def _scoring(text: str, line: int, notes: list[str]) -> dict[str, Fraction]:
    scoring: dict[str, Fraction] = {}
    for code, value in re.findall(r"([WDLAPX])\s*([0-9]+(?:[.,][0-9]+)?)", text[4:]):
        if not re.fullmatch(r"[0-9]{1,3}(?:[.,][0-9]{1,2})?", value):
            raise _error(
                f"scoring record 162: {code} {value[:20]!r} is not a number of points "
                f"(0 to {MAX_SCORE})",
                line,
                code="trf.scoring_not_points",
                params={
                    "code": str(code),
                    "value": repr(value[:20]),
                    "high": MAX_SCORE,
                    "context": places(message("place.scoring")),
                },
            )
        scoring[code] = Fraction(value.replace(",", "."))
        if scoring[code] > MAX_SCORE:
            raise _error(
                f"scoring record 162: {code} {value!r} is more than {MAX_SCORE} points",
                line,
                code="trf.scoring_too_high",
                params={
                    "code": str(code),
                    "value": repr(value),
                    "high": MAX_SCORE,
                    "context": places(message("place.scoring")),
                },
            )
    if not scoring:
        notes.append(f"line {line}: scoring record 162 not understood; default scoring used")
    return scoring

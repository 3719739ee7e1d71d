"""A source's own points totals against its games and byes: the one check every importer calls.

A file states each player's total (TRF column 81-84, the ``Pts.`` of an Excel export, the
board points of a Swiss-Chess file, a chess-results crosstable's points). :func:`settle`
compares it with what the games and byes give:

* equal: nothing to say;
* the total is higher by at most one point per round in which the source records **no
  game, no opponent and no result** (a TRF cell ``0000 -`` with a blank result, a round with
  no entry at all): the difference is taken as **byes** in those rounds (:func:`bye_split`),
  each named in the notes; no rated game is missing, so the import stays complete;
* anything else (a lower total, or a higher one no such round explains) is a difference the
  source does not account for: a reason in ``Tournament.incomplete`` naming the player and
  the line or row where the source has one (``strict``: a :class:`FormatError`).

Each difference is reported once: the settled tournament says it was checked
(``Tournament.points_checked``), and the evaluation's own check
(:mod:`wertung.tournament._stated_points`) then only speaks for a tournament built by hand.

>>> from wertung.tournament._model import Game, Player, Tournament
>>> from wertung.kernel.results import GameResult
>>> t = Tournament(rounds=2, players=(Player("1", "A", points=Fraction(3, 2)), Player("2", "B")),
...                games=(Game(1, "1", "2", GameResult.WHITE_WINS),))
>>> settled = settle(t)
>>> [(b.round, b.player, str(b.points), b.kind.name) for b in settled.byes]
[(2, '1', '1/2', 'HALF')]
>>> settled.notes
('player 1 (A): 0.5 point for round 2 taken as a bye; the file records no game in that round',)
>>> settled.complete
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from wertung.kernel.errors import FormatError, message
from wertung.kernel.results import ByeKind, GameResult
from wertung.tournament._model import Bye, Tournament

__all__ = [
    "DEFAULT_SCORING",
    "MAX_REASONS",
    "PointsMismatch",
    "bye_split",
    "computed_points",
    "open_rounds",
    "points_mismatches",
    "settle",
]

HALF = Fraction(1, 2)
#: How many players whose points differ ``incomplete`` names before it only counts them.
MAX_REASONS = 10

# TRF-2026 record 162: W win (also forfeit win, full-point bye), D draw (also
# half-point bye), L loss, A absence (zero-point bye, forfeit loss), P
# pairing-allocated bye, X unknown result.
DEFAULT_SCORING: Mapping[str, Fraction] = {
    "W": Fraction(1), "D": HALF, "L": Fraction(0), "A": Fraction(0), "P": Fraction(1),
    "X": HALF,
}  # fmt: skip

_BYE_CLASS = {
    ByeKind.PAIRING: "P", ByeKind.FULL: "W", ByeKind.FORFEIT_WIN: "W",
    ByeKind.HALF: "D", ByeKind.ZERO: "A",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class PointsMismatch:
    """A player whose stated points differ from what his games and byes give.

    ``line``: where the source has the player (a TRF line, an Excel row: ``unit``).
    """

    player: str
    name: str
    stated: Fraction
    computed: Fraction
    line: int | None = None
    unit: str = "line"

    def __str__(self) -> str:
        where = f", {self.unit} {self.line}" if self.line else ""
        return (
            f"points of player {self.player} ({self.name}{where}): the file says "
            f"{_fmt_points(self.stated)}, the games and byes give {_fmt_points(self.computed)}"
        )

    def data(self) -> dict[str, object]:
        """The message as catalogue data (``mismatch.points_of``, ``…_line``, ``…_row``)."""
        params: dict[str, object] = {
            "id": self.player,
            "name": self.name,
            "stated": _points_value(self.stated),
            "computed": _points_value(self.computed),
        }
        if not self.line:
            return message("mismatch.points_of", **params)
        return message(f"mismatch.points_of_{self.unit}", **params, line=self.line)


def _points_value(value: Fraction) -> float | str:
    return float(value) if (value * 2).denominator == 1 else str(value)


def _fmt_points(value: Fraction) -> str:
    return f"{float(value):.1f}" if (value * 2).denominator == 1 else str(value)


def _game_class(result: GameResult, white: bool) -> str:
    score = result.white if white else result.black
    if result is GameResult.NOT_PLAYED:
        return ""
    if score.forfeit:
        return "W" if score.points == 1 else "A"
    return {Fraction(1): "W", HALF: "D", Fraction(0): "L"}[score.points]


def _scores(scoring: Mapping[str, Fraction] | None) -> tuple[dict[str, Fraction], bool]:
    scores = dict(DEFAULT_SCORING)
    if scoring:
        scores.update(scoring)
    custom = scoring is not None and any(scores[k] != DEFAULT_SCORING[k] for k in scores)
    return scores, custom


def computed_points(
    tournament: Tournament, scoring: Mapping[str, Fraction] | None = None
) -> dict[str, Fraction]:
    """Every player's points from his games and byes (games not yet played give 0).

    ``scoring`` follows TRF-2026 record 162 (keys ``W D L A P``); byes score
    their own ``points`` unless a non-default scoring is given.
    """
    scores, custom = _scores(scoring)
    totals: dict[str, Fraction] = {p.id: Fraction(0) for p in tournament.players}
    for game in tournament.games:
        for pid, is_white in ((game.white, True), (game.black, False)):
            cls = _game_class(game.result, is_white)
            if cls and pid in totals:
                totals[pid] += scores[cls]
    for bye in tournament.byes:
        if bye.player not in totals:
            continue
        if custom and bye.kind is not None:
            totals[bye.player] += scores[_BYE_CLASS[bye.kind]]
        else:
            totals[bye.player] += bye.points
    return totals


def points_mismatches(
    tournament: Tournament,
    scoring: Mapping[str, Fraction] | None = None,
    lines: Mapping[str, int] | None = None,
    unit: str = "line",
) -> list[PointsMismatch]:
    """Players whose ``points`` (the source's own total) differ from their games and byes.

    >>> from wertung.tournament._model import Player
    >>> t = Tournament(players=(Player("1", "A", points=Fraction(1)),))
    >>> [str(m) for m in points_mismatches(t)]
    ['points of player 1 (A): the file says 1.0, the games and byes give 0.0']
    """
    totals = computed_points(tournament, scoring)
    return [
        PointsMismatch(p.id, p.name, p.points, totals[p.id], (lines or {}).get(p.id), unit)
        for p in tournament.players
        if p.points is not None and p.points != totals[p.id]
    ]


# --------------------------------------------------------------------------- the bye rule


def bye_split(
    difference: Fraction, rounds: Sequence[int], half: Fraction = HALF, full: Fraction = Fraction(1)
) -> tuple[tuple[int, ByeKind], ...] | None:
    """The byes that make up ``difference`` in ``rounds`` (rounds without a game), or None.

    At most one bye per round, each a half-point (``half``) or a full-point bye (``full``,
    the points the scoring gives them). Of the ways to make up the difference the one with
    the most half-point byes is taken, the full-point byes in the earliest rounds: ½ over one
    round is a half-point bye, 1 over one round a full-point bye, 1 over two rounds a
    half-point bye in each. That is how the Irish Chess Union's own reader of these files
    repairs such totals (half-point byes first, then raised to full ones), and a requested
    bye in an open is a half-point bye far more often than a full point next to a zero.
    None: the difference is negative, or more than the rounds can hold, or not made of
    such byes; nothing is invented then.

    >>> bye_split(Fraction(1, 2), [1])
    ((1, <ByeKind.HALF: 'H'>),)
    >>> bye_split(Fraction(1), [4, 5])
    ((4, <ByeKind.HALF: 'H'>), (5, <ByeKind.HALF: 'H'>))
    >>> bye_split(Fraction(3, 2), [4, 5])
    ((4, <ByeKind.FULL: 'F'>), (5, <ByeKind.HALF: 'H'>))
    >>> bye_split(Fraction(3, 2), [4]) is None, bye_split(Fraction(-1, 2), [4]) is None
    (True, True)
    """
    if difference == 0:
        return ()
    if difference < 0 or not rounds:
        return None
    ordered = sorted(rounds)
    count = len(ordered)
    best: tuple[int, int] | None = None  # (half-point byes, full-point byes)
    for fulls in range(count + 1):
        rest = difference - fulls * full
        if rest < 0:
            break
        if rest == 0:
            halves = 0
        elif half > 0 and (rest / half).denominator == 1:
            halves = int(rest / half)
        else:
            continue
        if fulls + halves <= count and (best is None or halves > best[0]):
            best = (halves, fulls)
    if best is None:
        return None
    halves, fulls = best
    kinds = [ByeKind.FULL] * fulls + [ByeKind.HALF] * halves
    return tuple(zip(ordered, kinds, strict=False))


def open_rounds(tournament: Tournament, last_round: int | None = None) -> dict[str, list[int]]:
    """Per player, the rounds 1 to ``last_round`` in which he has neither a game nor a bye
    (no entry at all). Default: the last round whose results are all in (``played_rounds``)
    or else the last round of the tournament."""
    last = last_round
    if last is None:
        last = (
            tournament.played_rounds
            if tournament.played_rounds is not None
            else (tournament.round_count())
        )
    taken: dict[str, set[int]] = {p.id: set() for p in tournament.players}
    for game in tournament.games:
        for pid in (game.white, game.black):
            if pid in taken:
                taken[pid].add(game.round)
    for bye in tournament.byes:
        if bye.player in taken:
            taken[bye.player].add(bye.round)
    return {
        pid: [r for r in range(1, last + 1) if r not in rounds] for pid, rounds in taken.items()
    }


def settle(
    tournament: Tournament,
    *,
    gameless: Mapping[str, Iterable[int]] | None = None,
    scoring: Mapping[str, Fraction] | None = None,
    lines: Mapping[str, int] | None = None,
    unit: str = "line",
    strict: bool = False,
) -> Tournament:
    """``tournament`` with its stated totals checked: differences a gameless round explains
    taken as byes (notes), the others reasons in ``incomplete`` (see the module text).

    ``gameless``: per player, the rounds in which the source records no game, no opponent
    and no result (default: :func:`open_rounds`, the rounds with no entry at all; a reader
    whose blank cell became a zero-point bye names that round too: the zero is replaced).
    An empty mapping lets no round explain a difference (team events: a player not lined up
    scores nothing). ``lines``/``unit``: where the source has each player (``line``, ``row``).
    ``strict``: a difference that stays raises :class:`FormatError`. Under a scoring that
    gives an absence points (TRF ``162`` with ``A`` above 0) no round explains a difference.
    """
    rounds = open_rounds(tournament) if gameless is None else gameless
    scores, _custom = _scores(scoring)
    half, full = scores["D"], scores["W"]
    if scores["A"] != 0:
        rounds = {}
    totals = computed_points(tournament, scoring)
    byes = list(tournament.byes)
    notes: list[str] = []
    mismatches: list[PointsMismatch] = []
    for p in tournament.players:
        stated, computed = p.points, totals[p.id]
        if stated is None or stated == computed:
            continue
        line = (lines or {}).get(p.id)
        split = bye_split(stated - computed, list(rounds.get(p.id, ())), half, full)
        if not split:
            mismatches.append(PointsMismatch(p.id, p.name, stated, computed, line, unit))
            continue
        where = f", {unit} {line}" if line else ""
        for rnd, kind in split:
            points = Fraction(1) if kind is ByeKind.FULL else HALF
            byes = [b for b in byes if not (b.round == rnd and b.player == p.id)]
            byes.append(Bye(rnd, p.id, points, kind))
            notes.append(
                f"player {p.id} ({p.name}{where}): {_fmt_points(points)} point for round {rnd} "
                "taken as a bye; the file records no game in that round"
            )
    if mismatches and strict:
        first = mismatches[0]
        raise FormatError(
            f"{first} ({len(mismatches)} player(s) differ)", code="mismatch.differ", params={"first": first.data(), "count": len(mismatches)},
            field="points", line=first.line, player=first.player,
        )  # fmt: skip
    reasons = [str(m) for m in mismatches[:MAX_REASONS]]
    if len(mismatches) > MAX_REASONS:
        reasons.append(f"... and {len(mismatches) - MAX_REASONS} more players whose points differ")
    if not notes and not reasons:
        return replace(tournament, points_checked=True)
    byes.sort(key=lambda b: (b.round, _order(b.player)))
    return replace(
        tournament,
        byes=tuple(byes),
        notes=(*tournament.notes, *notes),
        incomplete=(*tournament.incomplete, *reasons),
        points_checked=True,
    )


def _order(pid: str) -> tuple[int, int | str]:
    """Numbers in numeric order, other ids after them as text."""
    return (0, int(pid)) if pid.isascii() and pid.isdigit() else (1, pid)

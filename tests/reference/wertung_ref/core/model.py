"""The tournament: players, pairings, byes and carry-over games.

This is the one data model every importer produces and :func:`wertung.evaluate`
consumes. It is plain data; :meth:`Tournament.validate` checks it and raises a
:class:`~wertung.kernel.errors.WertungError` naming the offending item.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from .errors import InvalidDate, InvalidIndex, InvalidRating, InvalidTournament
from .results import ByeKind, GameResult, Score, parse_score

RATING_MIN = 0
RATING_MAX = 3500


def check_rating(
    value: object, *, field: str, allow_none: bool = True, **where: object
) -> int | None:
    """Check that ``value`` is a whole rating within 0–3500 and return it as ``int``."""
    label = field.rsplit(".", 1)[-1].replace("_", " ")
    if value is None:
        if allow_none:
            return None
        raise InvalidRating(f"{label} is missing", field=field, **where)
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value.strip())
        else:
            raise InvalidRating(
                f"{label} {value!r} is not a rating (a whole number from 0 to 3500)",
                field=field,
                **where,
            )
    if int(value) != value:
        raise InvalidRating(
            f"{label} {value!r} is not a whole number (ratings are 0 to 3500)", field=field, **where
        )
    if not RATING_MIN <= value <= RATING_MAX:
        raise InvalidRating(
            f"{label} {int(value)} is out of range; ratings are {RATING_MIN} to {RATING_MAX}",
            field=field,
            **where,
        )
    return int(value)


def check_index(value: object, *, field: str = "index", **where: object) -> int | None:
    """Check a DWZ index (number of evaluations so far): a whole number ≥ 0, or None."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidIndex(
            f"{field} {value!r} is not a DWZ index (a whole number, 0 or more)",
            field=field,
            **where,
        )
    if value < 0:
        raise InvalidIndex(
            f"{field} {value} is negative; the DWZ index is 0 or more", field=field, **where
        )
    return value


def check_birth_year(value: object, *, field: str = "birth_year", **where: object) -> int | None:
    """Check a year of birth (1880–2100) or None."""
    if value is None:
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1880 <= value <= 2100:
        raise InvalidDate(f"{field} {value!r} is not a year of birth", field=field, **where)
    return value


def parse_date(value: object, *, field: str = "end_date", **where: object) -> dt.date | None:
    """Read an ISO date (``2026-09-01``) or a German one (``1.9.2026``)."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        text = value.strip()
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
        for fmt in ("%d.%m.%Y", "%Y/%m/%d", "%d/%m/%Y"):
            try:
                return dt.datetime.strptime(text, fmt).date()
            except ValueError:
                continue
    raise InvalidDate(
        f"{field} {value!r} is not a date; use YYYY-MM-DD (or DD.MM.YYYY)", field=field, **where
    )


@dataclass(frozen=True, slots=True)
class CarryOverGame:
    """A counted game of a player without DWZ from an earlier tournament (Restpartie).

    Carry-over games count towards a first DWZ for two years after the end date
    of the tournament they were played in (WO 3.4.2, 4.1.1).
    """

    opponent_rating: int
    result: Score
    end_date: dt.date | None = None
    tournament: str | None = None

    def expires(self, years: int = 2) -> dt.date | None:
        """The last day on which this game may still be used."""
        if self.end_date is None:
            return None
        try:
            return self.end_date.replace(year=self.end_date.year + years)
        except ValueError:  # 29 February
            return self.end_date.replace(year=self.end_date.year + years, day=28)


@dataclass(frozen=True, slots=True)
class Player:
    """A tournament participant.

    ``dwz``/``index``: the DWZ before the tournament and its index (None: no DWZ).
    ``fide_rating``: the FIDE Elo (None or 0: unrated). ``member``: DSB member
    (False marks an unaffiliated player, *Vereinsloser*; None means unknown and
    is treated as a member). ``fide_k``, ``fide_games`` and ``fide_peak`` feed
    the FIDE K-factor.
    """

    id: str
    name: str = ""
    dwz: int | None = None
    index: int | None = None
    birth_year: int | None = None
    fide_rating: int | None = None
    fide_id: str | None = None
    member: bool | None = None
    federation: str | None = None
    title: str | None = None
    club: str | None = None
    sex: str | None = None
    national_rating: int | None = None
    fide_k: int | None = None
    fide_games: int | None = None
    fide_peak: int | None = None
    points: Fraction | None = None  # the source's own total, for checks
    carry_over: tuple[CarryOverGame, ...] = ()

    @property
    def foreign_rating(self) -> int | None:
        """The rating used instead of a DWZ for a player without one (Fremdwertung)."""
        if self.dwz is None and self.fide_rating:
            return self.fide_rating
        return None


@dataclass(frozen=True, slots=True)
class Game:
    """A pairing in one round."""

    round: int
    white: str
    black: str
    result: GameResult


@dataclass(frozen=True, slots=True)
class Bye:
    """A round in which a player had no opponent (never counts for a rating)."""

    round: int
    player: str
    points: Fraction
    kind: ByeKind | None = None


@dataclass(frozen=True, slots=True)
class Tournament:
    """A whole tournament as the rating office sees it.

    ``time_control``: ``"standard"``, ``"rapid"`` or ``"blitz"`` when the source
    says (``time_control_text`` is its own wording); only standard games are
    DWZ-rated (SPEC §4). ``played_rounds``: for an event still running, the last
    round whose results are all in (the games after it are not in the tournament).
    ``incomplete``: why the games cannot be fully accounted for (points that differ
    from the source's totals, a missing view, no ratings at all); empty when the
    import is complete. ``notes``: everything else the importer wants the user to know.
    """

    name: str = ""
    end_date: dt.date | None = None
    players: tuple[Player, ...] = ()
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    start_date: dt.date | None = None
    rounds: int | None = None
    place: str | None = None
    source: str | None = None
    rated_for_dwz: bool = True
    rated_for_fide: bool = True
    notes: tuple[str, ...] = field(default=())
    time_control: str | None = None
    time_control_text: str | None = None
    played_rounds: int | None = None
    incomplete: tuple[str, ...] = field(default=())

    @property
    def complete(self) -> bool:
        """Whether the source accounted for every game (``incomplete`` says what is missing)."""
        return not self.incomplete

    def player(self, player_id: str) -> Player:
        """The player with this id."""
        for player in self.players:
            if player.id == player_id:
                return player
        raise InvalidTournament(
            f"no player with id {player_id!r}", field="players", player=player_id
        )

    def with_players(self, players: Iterable[Player]) -> Tournament:
        """A copy with the players replaced (used by the rating-list enrichment)."""
        return replace(self, players=tuple(players))

    def round_count(self) -> int:
        """The number of rounds (given, or the highest round with a pairing)."""
        rounds = [g.round for g in self.games] + [b.round for b in self.byes]
        return max([self.rounds or 0, *rounds])

    def validate(self) -> Tournament:
        """Check the tournament and return it; raise a clear error naming the first problem."""
        ids: set[str] = set()
        for number, player in enumerate(self.players, start=1):
            where = {"player": player.id or f"#{number}"}
            if not player.id:
                raise InvalidTournament(f"player #{number} has no id", field="players.id")
            if player.id in ids:
                raise InvalidTournament(
                    f"duplicate player id {player.id!r}", field="players.id", **where
                )
            ids.add(player.id)
            check_rating(player.dwz, field="dwz", **where)
            check_index(player.index, **where)
            check_birth_year(player.birth_year, **where)
            check_rating(player.fide_rating, field="fide_rating", **where)
            check_rating(player.national_rating, field="national_rating", **where)
            for number_c, game in enumerate(player.carry_over, start=1):
                check_rating(
                    game.opponent_rating,
                    field="carry_over.opponent_rating",
                    carry_over=number_c,
                    **where,
                )
                parse_score(game.result, field="carry_over.result", carry_over=number_c, **where)
        seen: dict[tuple[int, str], tuple[str, str] | None] = {}

        def occupy(round_no: int, player_id: str, game: tuple[str, str] | None) -> None:
            # ``game``: (white, black) of the pairing, None for a bye. Every wording is a
            # catalogue entry of its own (no English phrase inside a German message).
            where = {"field": "games", "round": round_no, "player": player_id}
            if player_id not in ids:
                if game is None:
                    raise InvalidTournament(
                        f"round {round_no}: a bye refers to unknown player {player_id!r}", **where
                    )
                raise InvalidTournament(
                    f"round {round_no}: the game {game[0]!r}-{game[1]!r} refers to unknown "
                    f"player {player_id!r}",
                    **where,
                )
            key = (round_no, player_id)
            if key in seen:
                first = seen[key]
                if first is None:  # byes come after the games: a second bye
                    raise InvalidTournament(
                        f"round {round_no}: player {player_id!r} is paired twice (two byes)",
                        **where,
                    )
                if game is None:
                    raise InvalidTournament(
                        f"round {round_no}: player {player_id!r} is paired twice (the game "
                        f"{first[0]!r}-{first[1]!r} and a bye)",
                        **where,
                    )
                raise InvalidTournament(
                    f"round {round_no}: player {player_id!r} is paired twice (the games "
                    f"{first[0]!r}-{first[1]!r} and {game[0]!r}-{game[1]!r})",
                    **where,
                )
            seen[key] = game

        for game in self.games:
            if not isinstance(game.round, int) or game.round < 1:
                raise InvalidTournament(
                    f"round {game.round!r} is not a round number (1 or more)", field="games.round"
                )
            if game.white == game.black:
                raise InvalidTournament(
                    f"round {game.round}: player {game.white!r} is paired against himself",
                    field="games",
                    round=game.round,
                    player=game.white,
                )
            occupy(game.round, game.white, (game.white, game.black))
            occupy(game.round, game.black, (game.white, game.black))
        for bye in self.byes:
            occupy(bye.round, bye.player, None)
        return self

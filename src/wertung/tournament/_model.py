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

# A carry-over game belongs to the first-DWZ rules; the model holds them for its players.
from wertung.dwz._carry_over import CarryOverGame as CarryOverGame

# The input checks live in .checks (the calculators import them without the model);
# every name is re-exported here, so the existing imports keep working.
from wertung.kernel.checks import (
    RATING_MAX as RATING_MAX,
)
from wertung.kernel.checks import (
    RATING_MIN as RATING_MIN,
)
from wertung.kernel.checks import (
    _shown as _shown,
)
from wertung.kernel.checks import (
    _whole_number as _whole_number,
)
from wertung.kernel.checks import (
    check_birth_year as check_birth_year,
)
from wertung.kernel.checks import (
    check_index as check_index,
)
from wertung.kernel.checks import (
    check_rating as check_rating,
)
from wertung.kernel.checks import (
    parse_date as parse_date,
)
from wertung.kernel.errors import InvalidTournament, Where
from wertung.kernel.results import ByeKind, GameResult, Score, parse_score
from wertung.kernel.time_control import Period


@dataclass(frozen=True, slots=True)
class Player:
    """A tournament participant.

    ``dwz``/``index``: the DWZ before the tournament and its index (None: no DWZ).
    ``fide_rating``: the FIDE Elo (None or 0: unrated). ``member``: DSB member
    (False marks an unaffiliated player, *Vereinsloser*; None means unknown and
    is treated as a member). ``fide_k``, ``fide_games`` and ``fide_peak`` feed
    the FIDE K-factor. ``pkz`` (DSB person id), ``zps`` (club code) and
    ``member_number`` identify a DSB member exactly (Swiss-Chess and Swiss-Manager
    files carry them); ``team``: the id of the player's team in a team event.
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
    pkz: str | None = None
    zps: str | None = None
    member_number: str | None = None
    birth_date: dt.date | None = None
    team: str | None = None

    @property
    def foreign_rating(self) -> int | None:
        """The rating used instead of a DWZ for a player without one (Fremdwertung)."""
        if self.dwz is None and self.fide_rating:
            return self.fide_rating
        return None


@dataclass(frozen=True, slots=True)
class Game:
    """A pairing in one round.

    ``date``: the day this game was actually played, when the source says so for the game
    itself (a DSB XML file dates every game) and it differs from its round's date
    (:attr:`Tournament.round_dates`); None: the round's date, if any, is the game's.
    """

    round: int
    white: str
    black: str
    result: GameResult
    board: int | None = None
    date: dt.date | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    """A round in which a player had no opponent (never counts for a rating)."""

    round: int
    player: str
    points: Fraction
    kind: ByeKind | None = None


@dataclass(frozen=True, slots=True)
class Team:
    """A team of a team event (league division or team tournament)."""

    id: str
    name: str = ""
    players: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tournament:
    """A whole tournament as the rating office sees it.

    ``time_control``: FIDE's kind of game, ``"standard"``, ``"rapid"`` or ``"blitz"``
    (it decides the FIDE rules), when the source says; ``time_control_text`` is the
    source's own wording, ``time_control_periods`` its figures when the source gives
    them structured (TRF-2026 record 222, the JSON format; otherwise they are read from
    the text). ``age_class``: the event's age class when the source states it (``U12``;
    ``open``). ``time_control_given`` and ``age_class_given``: the user's corrections
    (``--time-control 90+30``, ``--age-class U12``), which come first. Whether the games
    are DWZ-rated follows from these by SPEC §4
    (:func:`wertung.dwz._time_control_rule.check_tournament`). ``played_rounds``: for an event still running, the last
    round whose results are all in (the games after it are not in the tournament).
    ``incomplete``: why the games cannot be fully accounted for (points that differ
    from the source's totals, a missing view, no ratings at all); empty when the
    import is complete. ``incomplete_later``: those of the ``incomplete`` reasons that
    concern only the rounds after ``played_rounds`` (a round whose results are partly in,
    rounds of a running event not given): a running forecast after ``played_rounds`` does
    not need them. ``points_checked``: the import compared every player's ``points`` (the
    source's own total) with his games and byes and named each difference in
    ``incomplete`` (with the line or row of the source); the evaluation then does not
    check them again (:mod:`wertung.tournament._stated_points`), so each is listed once.
    ``notes``: everything else the importer wants the user to know.
    ``upcoming``: pairings published for rounds not yet played (result ``*``); they
    never count, they let a running event show each game's possible effect.
    ``round_dates``: the day of each round as the source gives it, round 1 first (None: the
    source gives none for that round; shorter than the rounds when the later ones have
    none); a game's own ``date`` comes first (:meth:`game_date`). A date outside
    ``start_date``..``end_date`` is kept as the source has it: the pre-submission check
    names it, the model does not refuse it. The dates never enter an evaluation.
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
    teams: tuple[Team, ...] = field(default=())
    upcoming: tuple[Game, ...] = field(default=())
    time_control_periods: tuple[Period, ...] = field(default=())
    time_control_given: str | None = None
    age_class: str | None = None
    age_class_given: str | None = None
    incomplete_later: tuple[str, ...] = field(default=())
    points_checked: bool = False
    round_dates: tuple[dt.date | None, ...] = field(default=())

    @property
    def complete(self) -> bool:
        """Whether the source accounted for every game (``incomplete`` says what is missing)."""
        return not self.incomplete

    @property
    def complete_until_played(self) -> bool:
        """Whether every game up to ``played_rounds`` is accounted for (what a running forecast
        needs): every ``incomplete`` reason concerns only later rounds (``incomplete_later``)."""
        later = set(self.incomplete_later)
        return all(reason in later for reason in self.incomplete)

    def round_date(self, round_no: int) -> dt.date | None:
        """The day of round ``round_no`` (None when the source gives none).

        >>> t = Tournament(round_dates=(dt.date(2026, 9, 5), None, dt.date(2026, 9, 7)))
        >>> t.round_date(1), t.round_date(2), t.round_date(4)
        (datetime.date(2026, 9, 5), None, None)
        """
        if 1 <= round_no <= len(self.round_dates):
            return self.round_dates[round_no - 1]
        return None

    def game_date(self, game: Game) -> dt.date | None:
        """The day ``game`` was played: its own date, else its round's (None: not known)."""
        return game.date if game.date is not None else self.round_date(game.round)

    def player(self, player_id: str) -> Player:
        """The player with this id."""
        for player in self.players:
            if player.id == player_id:
                return player
        raise InvalidTournament(
            f"no player with id {player_id!r}",
            code="tournament.no_player",
            params={"id": repr(player_id)},
            field="players",
            player=player_id,
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
        try:
            if _plainly_valid(self):
                return self
        except Exception:  # anything unusual: the full checks below decide and name it
            pass
        _check_dates(self.start_date, self.end_date)
        _check_round_dates(self)
        ids: set[str] = set()
        for number, player in enumerate(self.players, start=1):
            shown_id = player.id or f"#{number}"
            where: Where = {"player": shown_id}
            if not player.id:
                raise InvalidTournament(
                    f"player #{number} has no id",
                    code="tournament.player_no_id",
                    params={"number": number},
                    field="players.id",
                )
            if player.id in ids:
                raise InvalidTournament(
                    f"duplicate player id {player.id!r}",
                    code="tournament.duplicate_id",
                    params={"id": repr(player.id)},
                    field="players.id",
                    **where,
                )
            ids.add(player.id)
            check_rating(player.dwz, field="dwz", player=shown_id)
            check_index(player.index, player=shown_id)
            check_birth_year(player.birth_year, player=shown_id)
            check_rating(player.fide_rating, field="fide_rating", player=shown_id)
            check_rating(player.national_rating, field="national_rating", player=shown_id)
            for number_c, carried in enumerate(player.carry_over, start=1):
                check_rating(
                    carried.opponent_rating,
                    field="carry_over.opponent_rating",
                    carry_over=number_c,
                    player=shown_id,
                )
                parse_score(
                    carried.result, field="carry_over.result", carry_over=number_c, player=shown_id
                )
        seen: dict[tuple[int, str], tuple[str, str] | None] = {}

        def occupy(round_no: int, player_id: str, game: tuple[str, str] | None) -> None:
            # ``game``: (white, black) of the pairing, None for a bye. Every wording is a
            # catalogue entry of its own (no English phrase inside a German message).
            where: Where = {"round": round_no, "player": player_id}
            if player_id not in ids:
                if game is None:
                    raise InvalidTournament(
                        f"round {round_no}: a bye refers to unknown player {player_id!r}",
                        code="tournament.unknown_player_bye",
                        params={"round": round_no, "id": repr(player_id)},
                        field="games",
                        **where,
                    )
                raise InvalidTournament(
                    f"round {round_no}: the game {game[0]!r}-{game[1]!r} refers to unknown "
                    f"player {player_id!r}",
                    code="tournament.unknown_player_in_round",
                    params={
                        "round": round_no,
                        "white": repr(game[0]),
                        "black": repr(game[1]),
                        "id": repr(player_id),
                    },
                    field="games",
                    **where,
                )
            key = (round_no, player_id)
            if key in seen:
                first = seen[key]
                if first is None:  # byes come after the games: a second bye
                    raise InvalidTournament(
                        f"round {round_no}: player {player_id!r} is paired twice (two byes)",
                        code="tournament.two_byes",
                        params={"round": round_no, "id": repr(player_id)},
                        field="games",
                        **where,
                    )
                if game is None:
                    raise InvalidTournament(
                        f"round {round_no}: player {player_id!r} is paired twice (the game "
                        f"{first[0]!r}-{first[1]!r} and a bye)",
                        code="tournament.paired_and_bye",
                        params={
                            "round": round_no,
                            "id": repr(player_id),
                            "white": repr(first[0]),
                            "black": repr(first[1]),
                        },
                        field="games",
                        **where,
                    )
                raise InvalidTournament(
                    f"round {round_no}: player {player_id!r} is paired twice (the games "
                    f"{first[0]!r}-{first[1]!r} and {game[0]!r}-{game[1]!r})",
                    code="tournament.paired_twice",
                    params={
                        "round": round_no,
                        "id": repr(player_id),
                        "w1": repr(first[0]),
                        "b1": repr(first[1]),
                        "w2": repr(game[0]),
                        "b2": repr(game[1]),
                    },
                    field="games",
                    **where,
                )
            seen[key] = game

        for game in self.games:
            if not isinstance(game.round, int) or game.round < 1:
                raise InvalidTournament(
                    f"round {game.round!r} is not a round number (1 or more)",
                    code="tournament.bad_round",
                    params={"round": repr(game.round)},
                    field="games.round",
                )
            if game.white == game.black:
                raise InvalidTournament(
                    f"round {game.round}: player {game.white!r} is paired against himself",
                    code="tournament.self_paired",
                    params={"round": game.round, "id": repr(game.white)},
                    field="games",
                    round=game.round,
                    player=game.white,
                )
            occupy(game.round, game.white, (game.white, game.black))
            occupy(game.round, game.black, (game.white, game.black))
        for bye in self.byes:
            occupy(bye.round, bye.player, None)
        return self


def _plainly_valid(tournament: Tournament) -> bool:
    """True only if :meth:`Tournament.validate` finds nothing (checked in one quick pass).

    False does not mean invalid: the full checks then run and name the first problem.
    """
    start, end = tournament.start_date, tournament.end_date
    if start is not None and end is not None and not start <= end:
        return False
    round_dates = tournament.round_dates
    if round_dates and (round_dates.__class__ is not tuple or not all(map(_is_day, round_dates))):
        return False
    return (
        _players_plainly_valid(tournament.players)
        and _games_plainly_valid(tournament)
        and _game_dates_plainly_valid(tournament.games)
    )


def _is_day(value: object) -> bool:
    """None or a calendar day (a ``datetime`` is a point in time, not a day)."""
    return value is None or (isinstance(value, dt.date) and not isinstance(value, dt.datetime))


def _game_dates_plainly_valid(games: tuple[Game, ...]) -> bool:
    """Every game's own date is None or a day (a plain loop: a generator in all() is slower)."""
    for game in games:  # noqa: SIM110
        if game.date is not None and not _is_day(game.date):
            return False
    return True


def _check_round_dates(tournament: Tournament) -> None:
    """The round dates and the games' own dates are days (or None); whether they lie
    between the start and the end is the pre-submission check's business, not the model's.

    >>> _check_round_dates(Tournament(round_dates=(dt.date(2026, 9, 5), "2026-09-06")))
    Traceback (most recent call last):
    wertung.kernel.errors.InvalidTournament: round 2: the round date '2026-09-06' is not a date
    """
    if not isinstance(tournament.round_dates, tuple):
        raise InvalidTournament(
            "the round dates must be a tuple of dates (round 1 first)",
            code="tournament.round_dates_not_tuple",
            field="round_dates",
        )
    for number, value in enumerate(tournament.round_dates, start=1):
        if not _is_day(value):
            raise InvalidTournament(
                f"round {number}: the round date {value!r} is not a date", code="tournament.round_date_not_date", params={"round": number, "value": repr(value)},
                field="round_dates", round=number,
            )  # fmt: skip
    for game in tournament.games:
        if not _is_day(game.date):
            raise InvalidTournament(
                f"round {game.round}: the date {game.date!r} of the game {game.white!r}-"
                f"{game.black!r} is not a date", code="tournament.game_date_not_date", params={"round": game.round, "value": repr(game.date), "white": repr(game.white), "black": repr(game.black)},
                field="games.date", round=game.round, player=game.white,
            )  # fmt: skip


def _check_dates(start: dt.date | None, end: dt.date | None) -> None:
    """A tournament cannot start after it ends (a date misread, or one of them wrong).

    >>> _check_dates(dt.date(2013, 9, 10), dt.date(2013, 3, 11))
    Traceback (most recent call last):
    wertung.kernel.errors.InvalidTournament: the start date 2013-09-10 comes after the end date 2013-03-11
    """
    if start is None or end is None:
        return
    if not isinstance(start, dt.date) or not isinstance(end, dt.date):
        return  # not dates at all: the readers and the evaluation name that
    if start > end:
        raise InvalidTournament(
            f"the start date {start.isoformat()} comes after the end date {end.isoformat()}",
            code="tournament.start_after_end",
            params={"start": start.isoformat(), "end": end.isoformat()},
            field="start_date",
        )


def _players_plainly_valid(players: tuple[Player, ...]) -> bool:
    """The players' part of :func:`_plainly_valid`: ids present and distinct, every number
    a plain ``int`` (or None) within its range, carry-over games well-formed."""
    seen: set[str] = set()
    add = seen.add
    for p in players:
        pid = p.id
        if not pid or pid in seen:
            return False
        add(pid)
        value = p.dwz
        if value is not None and (value.__class__ is not int or not 0 <= value <= 3500):
            return False
        value = p.index
        if value is not None and (value.__class__ is not int or value < 0):
            return False
        value = p.birth_year
        if value is not None and (value.__class__ is not int or not 1880 <= value <= 2100):
            return False
        value = p.fide_rating
        if value is not None and (value.__class__ is not int or not 0 <= value <= 3500):
            return False
        value = p.national_rating
        if value is not None and (value.__class__ is not int or not 0 <= value <= 3500):
            return False
        if p.carry_over:
            for game in p.carry_over:
                rating = game.opponent_rating
                if rating.__class__ is not int or not RATING_MIN <= rating <= RATING_MAX:
                    return False
                if not isinstance(game.result, Score):
                    return False
    return True


def _games_plainly_valid(tournament: Tournament) -> bool:
    """The games' part of :func:`_plainly_valid`: rounds are plain ``int`` ≥ 1, nobody
    plays himself, every player is known and in each round at most once."""
    last_round = dict.fromkeys([p.id for p in tournament.players], 0)
    games = tournament.games
    last = -1
    for game in games:
        round_no = game.round
        if round_no is not last:
            if round_no.__class__ is not int or round_no < 1:
                return False
            if round_no < last:  # not in round order: each (round, player) checked as a pair
                return _each_round_once(tournament, last_round)
            last = round_no
        white, black = game.white, game.black
        if white == black:
            return False
        # Each player's latest round so far (a KeyError: an unknown player).
        if last_round[white] == round_no or last_round[black] == round_no:
            return False
        last_round[white] = last_round[black] = round_no
    byes = tournament.byes
    if not byes:
        return True
    with_bye = {bye.player for bye in byes}
    if not with_bye.issubset(last_round):
        return False
    taken = set()
    for game in games:
        if game.white in with_bye:
            taken.add((game.round, game.white))
        if game.black in with_bye:
            taken.add((game.round, game.black))
    for bye in byes:
        key = (bye.round, bye.player)
        if key in taken:
            return False
        taken.add(key)
    return True


def _each_round_once(tournament: Tournament, known: dict[str, int]) -> bool:
    """Every player known and in each round at most once (games in any order)."""
    occupied: set[tuple[int, str]] = set()
    add = occupied.add
    for game in tournament.games:
        round_no = game.round
        if round_no.__class__ is not int or round_no < 1 or game.white == game.black:
            return False
        add((round_no, game.white))
        add((round_no, game.black))
    for bye in tournament.byes:
        add((bye.round, bye.player))
    if len(occupied) != 2 * len(tournament.games) + len(tournament.byes):
        return False
    return all(player in known for _round, player in occupied)

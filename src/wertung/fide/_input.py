"""FIDE Elo inputs: the checks of ratings, K, numbers of games and game lists.

Every public FIDE function reads its arguments through these helpers, so that bad
input always gets the same clear error (a :mod:`wertung.kernel.errors` subclass).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, NewType

from wertung.kernel.checks import check_rating, parse_date
from wertung.kernel.errors import InvalidInput, InvalidRating, WertungError, message, places, within
from wertung.kernel.results import _SCORE_SYMBOLS, DRAW, LOSS, WIN, Score, parse_score

#: A FIDE rating (0–3500; 0 means unrated where an opponent is concerned).
Rating = NewType("Rating", int)
#: A development coefficient K (8.3.3).
KFactor = NewType("KFactor", int)

#: A user-given K must be a whole number in this range (FIDE has used 10–40).
K_OVERRIDE_MIN = 1
K_OVERRIDE_MAX = 100


class InvalidKFactor(InvalidInput):
    """A user-given K is not a whole number from 1 to 100."""


class InvalidGamesCount(InvalidInput):
    """A number of games (``games_played``) is negative or not a whole number."""


# --------------------------------------------------------------------------- helpers


def _plain(value: Any) -> Any:
    """JSON-ready value: whole fractions become ints, others floats; dates ISO strings."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _check_k(value: object) -> KFactor:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidKFactor(
            f"K {value!r} is not a whole number; give K from {K_OVERRIDE_MIN} to "
            f"{K_OVERRIDE_MAX} (FIDE uses 40, 20 or 10)",
            code="k.not_whole",
            params={"value": repr(value), "low": K_OVERRIDE_MIN, "high": K_OVERRIDE_MAX},
            field="k",
        )
    if not K_OVERRIDE_MIN <= value <= K_OVERRIDE_MAX:
        raise InvalidKFactor(
            f"K {value} is out of range; give K from {K_OVERRIDE_MIN} to {K_OVERRIDE_MAX} "
            "(FIDE uses 40, 20 or 10; older periods 30, 25 and 15)",
            code="k.out_of_range",
            params={"value": str(value), "low": K_OVERRIDE_MIN, "high": K_OVERRIDE_MAX},
            field="k",
        )
    return KFactor(value)


def _check_games_played(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidGamesCount(
            f"games_played {value!r} is not a number of games (a whole number, 0 or more)",
            code="games_played.invalid",
            params={"value": repr(value)},
            field="games_played",
        )
    if value < 0:
        raise InvalidGamesCount(
            f"games_played {value} is negative; the number of rated games is 0 or more",
            code="games_played.negative",
            params={"value": value},
            field="games_played",
        )
    return value


def _check_own_rating(value: object) -> Rating:
    rating = check_rating(value, field="rating", allow_none=False)
    assert rating is not None
    if rating == 0:
        raise InvalidRating(
            "rating 0 means unrated; an unrated player gets an initial rating instead",
            code="rating.zero_unrated",
            field="rating",
        )
    return Rating(rating)


def _date(value: object) -> dt.date:
    # The date picks the regulations and the junior K; it defaults to today.
    return parse_date(value, field="date") or dt.date.today()


#: The usual results, read without the general checks (the same scores parse_score gives).
#: (Copied key by key: a dict[str, Score] is no dict[object, Score] to mypy.)
_FAST_SCORES: dict[object, Score] = {symbol: score for symbol, score in _SCORE_SYMBOLS.items()}
_FAST_SCORES.update({1: WIN, 0: LOSS, 0.5: DRAW})  # 1 also 1.0, 0 also 0.0
_FAST_TYPES = frozenset((str, int, float))
_PAIR_TYPES = frozenset((tuple, list))


def _read_games(games: object) -> list[tuple[int, int | None, Score]]:
    """(number, opponent rating or None for unrated, score) for each game, numbered from 1."""
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InvalidInput(
            "games must be a list of (opponent_rating, result) pairs",
            code="games.not_a_list",
            field="games",
        )
    read: list[tuple[int, int | None, Score]] = []
    fast = _FAST_SCORES
    fast_types = _FAST_TYPES
    for number, item in enumerate(games, start=1):
        # The common case (a pair of a whole rating in range and a usual result) directly;
        # anything else through the general checks, with their errors.
        if item.__class__ in _PAIR_TYPES and len(item) == 2:
            opponent, result = item
            if opponent.__class__ is int and 0 <= opponent <= 3500:
                score = fast.get(result) if result.__class__ in fast_types else None
                if score is not None:
                    read.append((number, opponent or None, score))
                    continue
        read.append(_read_game(number, item))
    return read


def _read_game(number: int, item: object) -> tuple[int, int | None, Score]:
    if isinstance(item, Mapping):
        opponent, result = item.get("opponent_rating"), item.get("result")
    elif isinstance(item, (tuple, list)) and len(item) == 2:
        opponent, result = item
    else:
        raise InvalidInput(
            f"game {number}: {item!r} is not an (opponent_rating, result) pair",
            code="game.not_a_pair",
            params={"number": number, "item": repr(item)},
            field="games",
            game=number,
        )
    try:
        rating = check_rating(opponent, field="opponent_rating", game=number)
        score = parse_score(result, field="result", game=number)
    except WertungError as error:
        # Name the game in the sentence too, so that a front end can print it as is.
        raise type(error)(
            f"game {number}: {error.message}",
            code=error.code,
            params=within(places(message("place.game", n=number)), error.params),
            field=error.field,
            **error.where,
        ) from None
    return number, rating or None, score

"""The web's season history of large opens before and after its bounds (issue 22).

Generates ``--tournaments`` Swiss opens of ``--players`` players and ``--rounds`` rounds
(the attack: 12 of 2,000), their people drawn from one pool (so most play several), stores
them as the web does (records without the DSB list) and measures in one run:

* **before**: the old route's direct path, kept here as it was -- every record parsed,
  :func:`wertung.history`, the whole ``to_dict()`` (every player's working in every
  tournament) and the JSON of it, all in the request's process;
* **after**: :func:`wertung.web.history.work`, the worker process's job (the answer with
  summaries, rows for the 100 players in the most tournaments), in this process;
* **after, bounded**: the same through :func:`wertung.web.history.answer` as a request
  makes it (the games counted, then the worker process), with the games limit raised so
  that the attack's size is computed at all (by default it is refused before any work).

Prints CPU seconds (the process's and, for the bounded run, the wall time, which includes
the worker process) and answer bytes, each as a ratio to *before*; and the default limit's
size (``WERTUNG_HISTORY_MAX_GAMES`` games) timed the same way.

Run: ``.venv/bin/python benchmarks/bench_web_history.py`` (``--tournaments 3`` for a
shorter run).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from swiss import swiss_open

import wertung
from wertung.web import enrich, history
from wertung.web.bounded import run_bounded
from wertung.web.settings import Settings


def season(count: int, players: int, rounds: int, *, seed: int = 22) -> list[history.Stored]:
    """``count`` stored opens over a season, their people from one pool."""
    rng = random.Random(seed)
    pool = [(f"PKZ{n:07d}", f"Spieler{n}, Vorname", rng.randint(1950, 2014))
            for n in range(int(players * 1.5))]  # fmt: skip
    out = []
    for number in range(count):
        day = dt.date(2025, 9, 1) + dt.timedelta(days=25 * number)
        t = swiss_open(players, rounds, players // 40, seed=number, end_date=day)
        people = rng.sample(pool, players)
        renamed = tuple(
            dataclasses.replace(p, name=name, pkz=pkz, birth_year=born)
            for p, (pkz, name, born) in zip(t.players, people, strict=True)
        )
        t = dataclasses.replace(t, name=f"Open {number + 1:02d}", players=renamed)
        out.append(history.Stored(f"k{number:02d}", enrich.import_record(t, None, use_list=False)))
    return out


def before(stored: list[history.Stored]) -> bytes:
    """The old route: everything in the request's process, the whole evaluation as JSON."""
    loaded = [(item.key, enrich.prepare(item.record).tournament) for item in stored]
    result = wertung.history([t for _k, t in loaded])
    data = result.to_dict()
    ordered = sorted(loaded, key=lambda item: (item[1].end_date, item[1].name))
    answer = {
        "players": [
            {"name": p["name"], "key": p["key"], "birth_year": p["birth_year"],
             "matched_by": p["matched_by"], "history": p["rows"]}
            for p in data["players"]
        ],
        "ambiguous": data["ambiguous"],
        "keys": [key for key, _t in ordered],
        "tournaments": data["tournaments"],
        "rules": data["rules"],
    }  # fmt: skip
    return json.dumps(answer, ensure_ascii=False, default=str).encode()


def after(stored: list[history.Stored]) -> bytes:
    return history.work(history.Job(tuple(stored))).body


def bounded(stored: list[history.Stored], max_games: int) -> bytes:
    """:func:`history.answer` as a request calls it (no rate limit, no client to lose)."""
    settings = Settings(history_max_games=max_games, work_timeout=600)
    request = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(settings=settings)))
    history.allow = lambda *_args: True  # type: ignore[assignment]
    history.client_gone = lambda _request: lambda: False  # type: ignore[assignment]
    return history.answer(request, stored).body


def timed(label: str, run, *args):  # type: ignore[no-untyped-def]
    cpu, wall = time.process_time(), time.perf_counter()
    body = run(*args)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return label, cpu, wall, len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=12)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    print(f"generating {args.tournaments} opens of {args.players:,} players ...", flush=True)
    stored = season(args.tournaments, args.players, args.rounds)
    games = history.games_of(stored)
    print(f"{games:,} games together")
    wertung.history([enrich.prepare(stored[0].record).tournament])  # imports, first use
    run_bounded(abs, -1, timeout=60)  # the worker processes' server started, not timed
    rows = [
        timed("before (old direct path)", before, stored),
        timed("after: history.work", after, stored),
        timed("after: bounded, as a request", bounded, stored, games),
    ]
    _label, base_cpu, base_wall, base_bytes = rows[0]
    for label, cpu, wall, size in rows:
        print(
            f"  {label:30s} cpu {cpu:7.2f} s ({cpu / base_cpu:5.3f}×)  wall {wall:7.2f} s "
            f"({wall / base_wall:5.3f}×)  answer {size / 1e6:8.2f} MB ({size / base_bytes:6.4f}×)"
        )
    limit = Settings().history_max_games
    per = max(1, games // args.tournaments)
    count = max(1, min(args.tournaments, limit // per))
    label, cpu, wall, size = timed("default limit", bounded, stored[:count], limit)
    print(
        f"  the default limit's size ({count} opens, {history.games_of(stored[:count]):,} of "
        f"{limit:,} games), bounded: wall {wall:.2f} s ({wall / base_wall:.3f}× before of "
        f"all {args.tournaments}), answer {size / 1e6:.2f} MB"
    )


if __name__ == "__main__":
    main()

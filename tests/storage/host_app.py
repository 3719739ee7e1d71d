"""One "host" of the several-hosts tests: the web app on a port, its store a PostgreSQL database.

``python host_app.py DATABASE_URL PORT CHESS_RESULTS_ORIGIN DATA_DIR`` serves the app as
``wertung serve`` does (uvicorn, one worker), with the chess-results client pointed at the
test's local stand-in for chess-results.com (a short pacing interval, no retries) and a
short heartbeat, so a killed host's jobs are seen stalled within a second.
"""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn

from wertung.sources.chessresults import Client
from wertung.web import Settings, create_app

INTERVAL = 0.05  # the chess-results pacing of the test: seconds between two requests


def main() -> None:
    url, port, origin, data = sys.argv[1:5]

    def chess_results() -> Client:
        return Client(base_url=origin, cache=False, min_interval=INTERVAL, max_retries=0)

    settings = Settings(
        data_dir=Path(data),
        database_url=url,
        chessresults_client=chess_results,
        fetch_limit=1000,
        job_stale=1.0,
    )
    uvicorn.run(create_app(settings), host="127.0.0.1", port=int(port), log_level="warning")


if __name__ == "__main__":
    main()

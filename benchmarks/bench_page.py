"""The tournament page's render time, as a ratio to the evaluation it shows (issue 21, item 4).

Run: ``.venv/bin/python benchmarks/bench_page.py`` (``--runs 20`` for more).

Uploads the Ilmenau Open (``examples/ilmenau-open-2024.json``, 59 players) once in each
language to an app on a temporary store (a test client, no network), then renders its
result page and one player's page again and again. The baseline, measured in the same
process, is the evaluation the page shows: ``wertung.evaluate`` of the same tournament
and every player's ``to_dict()`` (the working the page needs). Times are CPU times
(``time.process_time``); the ratio, not the time, compares across machines. The page's
words and figures (``wertung.catalogue.words``, ``wertung.catalogue.formatting``, the
cached Babel numbers) are most of what it costs beyond the evaluation.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ilmenau-open-2024.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    import wertung
    from wertung.formats import tournament_json
    from wertung.web import Settings, create_app

    content = EXAMPLE.read_bytes()
    tournament = tournament_json.loads(content)
    with tempfile.TemporaryDirectory() as tmp:
        client = TestClient(create_app(Settings(data_dir=Path(tmp))), follow_redirects=False)
        pages = []
        for lang in ("de", "en"):
            answer = client.post(f"/{lang}/tournament", files={"file": ("t.json", content)})
            assert answer.status_code == 303, answer.text
            pages += [answer.headers["location"], answer.headers["location"] + "/player/1"]
        for page in pages:  # warm: the stored evaluation, the templates, the number cache
            assert client.get(page).status_code == 200
        base: list[float] = []
        rendered: list[float] = []
        for _ in range(args.runs):
            start = time.process_time()
            result = wertung.evaluate(tournament)
            for player in result.players:
                player.to_dict()
            base.append(time.process_time() - start)
            start = time.process_time()
            for page in pages:
                client.get(page)
            rendered.append((time.process_time() - start) / len(pages))
    b, r = statistics.median(base), statistics.median(rendered)
    print(
        f"evaluation {b * 1000:.1f} ms, one page (tournament or player, de/en) {r * 1000:.1f} ms "
        f"= {r / b:.2f}x the evaluation"
    )


if __name__ == "__main__":
    main()

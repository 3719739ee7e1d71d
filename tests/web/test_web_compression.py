"""Responses are gzip-compressed for clients that accept it (pages, JSON, CSV).

A results page grows by about 2 KiB per player (a 2,000-player open: about 4.5 MB of
HTML); compressed it is about twenty times smaller. Small answers stay as they are.
"""

from __future__ import annotations

import json
from pathlib import Path

from web_helpers import ILMENAU_EXAMPLE, client

SEED = {"rating": 1500, "index": 5, "end_date": "2026-09-01", "games": [
    {"opponent_rating": o, "result": r} for o, r in
    ((1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"), (1350, "1"), (1520, "½"))]}  # fmt: skip


def _upload(web) -> str:
    answer = web.post(
        "/de/tournament",
        files={"file": ("t.json", Path(ILMENAU_EXAMPLE).read_bytes(), "application/json")},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text[:500]
    return answer.headers["location"]


def test_a_results_page_comes_compressed_and_unchanged(tmp_path: Path) -> None:
    web = client(tmp_path)
    page = _upload(web)
    plain = web.get(page, headers={"Accept-Encoding": "identity"})
    packed = web.get(page, headers={"Accept-Encoding": "gzip"})
    assert plain.headers.get("content-encoding") is None
    assert (
        packed.headers["content-encoding"] == "gzip" and "Accept-Encoding" in packed.headers["vary"]
    )
    assert packed.text == plain.text  # decoded by the client: the same page
    # content-length: the bytes sent (compressed); the client decoded them
    assert int(packed.headers["content-length"]) * 3 < len(plain.content)


def test_json_is_compressed_and_small_answers_are_not(tmp_path: Path) -> None:
    web = client(tmp_path)
    forecast = web.post("/api/v1/dwz/forecast", json=SEED, headers={"Accept-Encoding": "gzip"})
    assert forecast.headers["content-encoding"] == "gzip"
    assert json.loads(forecast.text)["new_rating"] == 1547
    health = web.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in health.headers  # under 1 KiB


def test_head_tells_the_encoding_without_a_body(tmp_path: Path) -> None:
    web = client(tmp_path)
    page = _upload(web)
    head = web.head(page, headers={"Accept-Encoding": "gzip"})
    assert head.status_code == 200 and head.headers["content-encoding"] == "gzip"
    assert head.content == b""

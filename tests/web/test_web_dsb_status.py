"""The DSB list on the web by default (issue 22, item 5): while it is loading or could not be
fetched, the tournament page and the list search say so once, in the page's language."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from web_helpers import ILMENAU_EXAMPLE, client

from wertung.sources.store import Store
from wertung.web.pages import dsb_status
from wertung.web.settings import Settings


def _note(html: str, testid: str) -> tuple[str | None, str]:
    match = re.search(rf'data-testid="{testid}"(?: data-list="(\w+)")?>(.*?)</p>', html, re.S)
    assert match, html[:2000]
    return match.group(1), " ".join(match.group(2).split())


def _tournament_page(web, lang: str) -> str:
    response = web.post(
        f"/{lang}/tournament",
        files={"file": ("t.json", ILMENAU_EXAMPLE.read_bytes(), "application/json")},
    )
    assert response.status_code == 303, response.text
    return web.get(response.headers["location"]).text


@pytest.fixture(autouse=True)
def _fresh_status(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dsb_status, "_FRESH", 0.0)  # every request reads the store


def test_serve_has_the_list_unless_told_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WERTUNG_DSB_LIST", raising=False)
    assert Settings.from_env().dsb_list == "auto"
    for value in ("off", "OFF", "0", "no", "false", "none"):
        monkeypatch.setenv("WERTUNG_DSB_LIST", value)
        assert Settings.from_env().dsb_list == "off"
    assert Settings().dsb_list == ""  # made in code (tests, embedding): off


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de", "wird gerade geladen"), ("en", "is being loaded")],
)
def test_loading_is_said_on_both_pages(tmp_path: Path, lang: str, words: str) -> None:
    web = client(tmp_path, dsb_list="auto")
    kind, text = _note(_tournament_page(web, lang), "list-missing")
    assert kind == "loading" and words in text and "dsb-list load" not in text
    kind, text = _note(web.get(f"/{lang}/dwz?q=Philipp").text, "search-missing")
    assert kind == "loading" and words in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [("de", "konnte nicht geladen werden"), ("en", "could not be loaded")],
)
def test_a_failed_download_is_said_and_the_evaluation_carries_on(
    tmp_path: Path, lang: str, words: str
) -> None:
    Store(tmp_path).finish_dsb_refresh(dt.datetime.now(dt.UTC), "connection refused")
    web = client(tmp_path, dsb_list="auto")
    html = _tournament_page(web, lang)
    kind, text = _note(html, "list-missing")
    assert kind == "failed" and words in text and "connection refused" in text
    assert html.count('data-testid="list-missing"') == 1
    assert 'data-player="1"' in html  # the results are there
    kind, text = _note(web.get(f"/{lang}/first-dwz?q=Philipp").text, "search-missing")
    assert kind == "failed" and words in text


def test_off_keeps_the_command_to_load_one(tmp_path: Path) -> None:
    web = client(tmp_path, dsb_list="off")
    kind, text = _note(_tournament_page(web, "en"), "list-missing")
    assert kind is None and "wertung dsb-list load" in text


def test_a_loaded_list_needs_no_note(tmp_path: Path) -> None:
    from web_helpers import load_ilmenau_list

    load_ilmenau_list(tmp_path)
    web = client(tmp_path, dsb_list="auto")
    html = _tournament_page(web, "de")
    assert 'data-testid="list-missing"' not in html and 'data-testid="list-used"' in html
    assert dsb_status.status(Settings(data_dir=tmp_path, dsb_list="auto")).kind == "loaded"

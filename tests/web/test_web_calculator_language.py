"""The calculator pages: every word in the page's language, input kept in the URL, seed content."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from web_helpers import SEED_QUERY, client, games_query

#: Words that are English only (looked for in German pages) and German only (in English pages).
ENGLISH = {"the", "is", "not", "must", "points", "player", "games", "game", "file", "rating",
           "opponent", "result", "unknown", "please", "enter", "counted", "out", "range", "bye",
           "forfeit", "unrated", "expected", "and", "of"}  # fmt: skip
GERMAN = {"der", "die", "das", "ist", "nicht", "muss", "punkte", "spieler", "partien", "partie",
          "datei", "wertung", "gegner", "ergebnis", "bitte", "gewertet", "und", "ohne",
          "kampflos", "spielfrei", "wertungszahl", "liegt"}  # fmt: skip

#: (page, query) for every kind of error the calculator forms can produce.
ERRORS = [
    ("dwz", "rating=15a&opp=1500&res=1"),
    ("dwz", "rating=9999&opp=1500&res=1"),
    ("dwz", "rating=1500&index=-1&opp=1500&res=1"),
    ("dwz", "rating=1500-5&index=7&opp=1500&res=1"),
    ("dwz", "rating=1500&opp=9999&res=1"),
    ("dwz", "rating=1500&opp=1500&res=x"),
    ("dwz", "rating=1500&opp=1500&res="),
    ("dwz", "rating=1500&opp=&res=1"),
    ("dwz", "rating=1500"),
    ("dwz", "opp=1500&res=1"),
    ("dwz", "rating=1500&end_date=2026-13-01&opp=1500&res=1"),
    ("dwz", "rating=1500&birth_year=3000&opp=1500&res=1"),
    ("dwz", "rating=1500&k=inf&opp=1500&res=1"),
    ("dwz", "rating=1500&k=nan&opp=1500&res=1"),
    ("dwz", "rating=1500&e=2&opp=1500&res=1&end_date=2020-01-01"),
    ("first-dwz", "opp=1500&res=1&birth_year=abc"),
    ("first-dwz", "opp=1500&res=1&c_opp=9999&c_res=1&c_date=2026-01-01"),
    ("first-dwz", "opp=1500&res=1&c_opp=1500&c_res=1&c_date=soon"),
    ("first-dwz", "opp=1500&res=1&end_date=2026-09-01"),
    ("elo", "rating=1500&games_played=-3&opp=1500&res=1"),
    ("elo", "rating=1500&k=7&opp=1500&res=1"),
    ("elo", "rating=1500&peak_rating=99999&opp=1500&res=1"),
    ("elo", "rating=1500&date=2026-02-30&opp=1500&res=1"),
    ("elo", "rating=1500&opp=1500&res=1"),
    ("elo", "opp=1600&res=1"),
    ("upgrade", "rating=abc"),
    ("upgrade", "rating=9999&index=3"),
    ("upgrade", "rating=1500&index=-2"),
]


@pytest.fixture
def web(tmp_path: Path):
    return client(tmp_path)


def _visible_words(html: str) -> set[str]:
    """The words a reader sees: no tags, scripts, attributes, code or the language names."""
    html = re.sub(r"<(script|style|code|template|datalist)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<nav id="lang-nav".*?</nav>', " ", html, flags=re.S)
    html = re.sub(r'<a class="rule"[^>]*>.*?</a>', " ", html, flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    return {word.lower() for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", text)}


def _working(html: str) -> str:
    """The parts that change with the input: summary, form errors and the working."""
    start = html.find('<div id="summary"')
    end = html.find('<section class="explain"')
    return html[start : end if end > 0 else len(html)]


@pytest.mark.parametrize(("page", "query"), ERRORS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_errors_and_working_are_in_the_page_language(web, lang: str, page: str, query: str) -> None:
    for url in (f"/{lang}/{page}?{query}", f"/{lang}/{page}/result?{query}"):
        response = web.get(url)
        assert response.status_code == 200, url
        words = _visible_words(_working(response.text) if "/result" not in url else response.text)
        foreign = (ENGLISH if lang == "de" else GERMAN) & words
        assert not foreign, (url, sorted(foreign))


def test_every_form_error_is_shown(web) -> None:
    # the stop-list test above is only worth something if the errors are really on the page
    html = web.get("/de/elo?rating=1500&games_played=-3&opp=1500&res=1").text
    assert re.search(r'id="err-games_played"[^>]*>[^<]*negativ', html)
    assert re.search(r'id="err-games"[^>]*></span>', html)  # not in the games list
    assert "Bitte eine Zahl eingeben." in web.get("/de/dwz?rating=1500&k=inf&opp=1500&res=1").text
    assert "Wertungszahl des Gegners 9999" in web.get("/de/dwz?rating=1500&opp=9999&res=1").text


def test_live_update_keeps_the_input_in_the_url_and_the_language_switch(web) -> None:
    response = web.get("/de/dwz/result?rating=1500&index=&opp=1650&res=%C2%BD&opp=&res=&action=")
    assert response.headers["HX-Replace-Url"] == "/de/dwz?rating=1500&opp=1650&res=%C2%BD"
    # The switch is not sent again (out of band): app.js gives its link this URL's query in
    # place, so a click on it is never lost to a swap (the browser tests follow it).
    assert 'id="lang-nav"' not in response.text
    page = web.get("/de/dwz?rating=1500&opp=1650&res=%C2%BD").text
    assert 'href="/en/dwz?rating=1500&amp;opp=1650&amp;res=%C2%BD"' in page


@pytest.mark.parametrize("page", ["dwz", "first-dwz", "elo", "upgrade"])
def test_live_update_only_targets_what_the_page_has(web, page: str) -> None:
    full = web.get(f"/en/{page}?rating=1500&opp=1500&res=1").text
    live = web.get(f"/en/{page}/result?rating=1500&opp=1500&res=1").text
    ids = set(re.findall(r'id="([^"]+)"', full))
    targets = re.findall(r'<[^>]+id="([^"]+)"[^>]*hx-swap-oob', live)
    assert targets and not [target for target in targets if target not in ids]


def test_an_incomplete_row_is_shown_while_typing(web) -> None:
    assert "Ergebnis fehlt." in web.get("/de/dwz/result?rating=1500&opp=1650&res=").text


def test_unrated_opponent_is_a_choice_not_a_zero(web) -> None:
    html = web.get("/de/dwz?rating=1500-5&opp=ohne+Wertung&res=1&opp=1500&res=0").text
    assert '<option value="ohne Wertung">' in html
    assert "ohne Wertung" in html and "Gegner ohne Wertung" in html
    assert "W = 0</strong> — erzielte Punkte in 1 gewerteten Partie" in html
    english = web.get("/en/elo?rating=1500&opp=unrated&res=1&opp=1500&res=0").text
    assert "unrated opponent" in english and "Please" not in english


def test_first_fide_rating_without_an_own_rating(web) -> None:
    games = [(1900, "1"), (2000, "½"), (1800, "0"), (1850, "1"), (1950, "0")]
    html = web.get(f"/en/elo?{games_query(games)}").text
    assert re.search(r'data-testid="new-rating">1871<', html) and "First FIDE rating" in html
    few = web.get("/de/elo?opp=1600&res=1").text
    assert "Noch keine FIDE-Wertung" in few and "gewertet: 1" in few


def test_no_performance_for_a_single_game(web) -> None:
    assert "Performance (FIDE)" not in web.get("/en/elo?rating=1500&opp=1600&res=1").text
    two = web.get("/en/elo?rating=1500&opp=1600&res=1&opp=1500&res=1").text
    assert "Performance (FIDE)" in two


def test_dwz_worked_example_is_computed_and_in_the_language(web) -> None:
    de = _visible_words_text(web.get("/de/dwz").text)
    assert "W = 4,5" in de and "We = 3,43" in de and "K0 = 40" in de and "b = 1" in de
    assert "a = 4" in de and "K = 40 + 4 = 44" in de and "≈ 1547" in de and "+47" in de
    assert "1 1650 −150 0,30 0,5" in de and "7 1520 −20 0,47 0,5" in de
    en = _visible_words_text(web.get("/en/dwz").text)
    assert "W = 4.5" in en and "We = 3.43" in en and "≈ 1547" in en
    html = web.get("/de/dwz").text
    assert 'href="/de/tournament"' in html and 'href="/de/upgrade"' in html
    link = re.search(r'href="(/de/dwz\?rating=1500-5[^"]+)"', html).group(1)
    assert re.search(r'data-testid="new-rating">1547<', web.get(unescape(link)).text)


def test_dwz_worked_example_follows_the_engine(web, monkeypatch: pytest.MonkeyPatch) -> None:
    from wertung.dwz import _forecast as forecast

    original = forecast.make_forecast

    def shifted(*args: object, **kwargs: object) -> object:
        result = original(*args, **kwargs)
        object.__setattr__(result, "new_rating", 1234)
        return result

    import wertung.dwz

    monkeypatch.setattr(wertung.dwz, "make_forecast", shifted)
    assert "≈ 1234" in _visible_words_text(web.get("/de/dwz").text)


def test_elo_steps_and_the_gap_point(web) -> None:
    for lang, heading in (("de", "So rechnest du deine neue Elo aus"),
                          ("en", "How to work out your new rating")):  # fmt: skip
        html = web.get(f"/{lang}/elo").text
        assert heading in html
        steps = re.search(r'<ol class="howto".*?</ol>', html, re.S).group(0)
        assert steps.count("<li>") == 4
        gap = _visible_words_text(re.search(r'data-testid="gap-only">.*?</p>', html, re.S).group(0))
        assert gap.count("76 %") == 3 and "2600" in gap and "1200" in gap


def test_first_dwz_source_line_and_marks(web) -> None:
    de = web.get("/de/first-dwz").text
    assert "Quelle: DSB-Wertungsordnung, gültig ab 08.06.2026." in de
    assert "„Fremdwertung“" in de
    assert "Source: DSB rating regulations, valid from" in web.get("/en/first-dwz").text


def test_first_dwz_formula_has_a_decimal_comma_in_german(web) -> None:
    games = [(1500, "1"), (1600, "0"), (1400, "1"), (1550, "½"), (1450, "1")]
    query = games_query(games, end_date="2026-09-01")
    assert "Ri + 0,08·(2000 − Ri)" in web.get(f"/de/first-dwz?{query}").text
    assert "Ri + 0.08·(2000 − Ri)" in web.get(f"/en/first-dwz?{query}").text


def test_the_seed_query_still_gives_1547(web) -> None:
    assert re.search(r'data-testid="new-rating">1547<', web.get(f"/de/dwz?{SEED_QUERY}").text)


def _visible_words_text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))

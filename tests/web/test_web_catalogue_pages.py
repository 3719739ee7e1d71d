"""Every note the catalogue has, rendered on a real tournament page, in the page's language.

One tournament is uploaded whose notes are the English rendering of every catalogue
entry (sample parameters, singular and plural); the German result page must show them
without English words, the English page without German ones (the stop-lists of
``tests/catalogue/test_catalogue.py``).
"""

from __future__ import annotations

import html
import json
import re

from test_catalogue import ENGLISH, GERMAN, _params, _words
from web_helpers import ILMENAU_EXAMPLE, client

from wertung.catalogue import ENTRIES, Message, render


def _notes() -> list[str]:
    notes = []
    for entry in ENTRIES:
        for count in (1, 2):
            text = render(Message(entry.code, _params(entry, count)), "en")
            if "; " not in text:  # a note with '; ' is split into parts on the page
                notes.append(text)
    return notes


def _page_words(page: str) -> set[str]:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return _words(html.unescape(body))


#: Notes the page says once in its status line instead (issue 22: one status line per fact).
SAID_ONCE_ELSEWHERE = frozenset(
    {"note.cr.after_round", "note.cr.after_round_of", "note.cr.round_in_progress"}
)


def test_every_catalogue_note_on_a_tournament_page_in_both_languages(tmp_path):
    data = json.loads(ILMENAU_EXAMPLE.read_text(encoding="utf-8"))
    data["notes"] = _notes()
    with client(tmp_path) as web:
        answer = web.post("/api/v1/tournament/evaluate?dsb_list=false", json=data)
        assert answer.status_code == 200, answer.text
        key = answer.json()["key"]
        german = web.get(f"/de/tournament/{key}")
        english = web.get(f"/en/tournament/{key}")
    assert german.status_code == 200 and english.status_code == 200
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", german.text)).split())
    for entry in ENTRIES:  # every note reached the page, as its German rendering
        if entry.code in SAID_ONCE_ELSEWHERE:
            continue
        text = " ".join(render(Message(entry.code, _params(entry, 1)), "de").split())
        if "; " not in text:
            assert text in page, entry.code
    leaked_en = _page_words(german.text) & ENGLISH
    leaked_de = _page_words(english.text) & GERMAN
    assert not leaked_en, f"English words on the German page: {sorted(leaked_en)}"
    assert not leaked_de, f"German words on the English page: {sorted(leaked_de)}"

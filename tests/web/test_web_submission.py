"""The result page's "submit to the rating office" part and its API routes (issue 20 item 4).

One tournament (Ilmenau with one birth year taken out) is stored; the check lists what the
report lacks (time control, start date, location, the birth year), the file is refused
with 422 until the values are given in the query (or ``force=true``), and the entered
values end up in the file, which the DSB's schema accepts.
"""

from __future__ import annotations

import html
import json
import re
from urllib.parse import parse_qsl, urlsplit

import pytest
from dsb_xml_samples import NAMESPACE, schema_errors
from english_words import leaks
from web_helpers import ILMENAU_EXAMPLE, client

PROBLEM = "application/problem+json"
#: What the Ilmenau example lacks for the report, given as the page would put it in its URL.
FILLED = {
    "time_control": "90+30",
    "location": "Ilmenau",
    "start_date": "2024-11-01",
}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory):
    data = json.loads(ILMENAU_EXAMPLE.read_text(encoding="utf-8"))
    missing = data["players"][3]
    missing.pop("birth_year")
    with client(tmp_path_factory.mktemp("submission")) as web:
        answer = web.post("/api/v1/tournament/evaluate?dsb_list=false", json=data)
        assert answer.status_code == 200, answer.text
        yield web, answer.json()["key"], str(missing["id"])


def _query(pid: str, **more: str) -> dict[str, str]:
    return {**FILLED, f"birth_year.{pid}": "1988", **more}


def test_the_check_answers_as_the_command_line_json(stored) -> None:
    web, key, _pid = stored
    answer = web.get(f"/api/v1/tournament/{key}/check")
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) >= {"problems", "complete"} and isinstance(body["complete"], bool)
    for problem in body["problems"]:
        assert set(problem) >= {"severity", "code", "player", "round", "text"}
        assert problem["severity"] in ("error", "warning")
        assert problem["player"] is None or isinstance(problem["player"], int)
    codes = [p["code"] for p in body["problems"]]
    assert {"check.time_control.missing", "check.start_date.missing", "check.location.missing",
            "check.birth_year.missing"} <= set(codes)  # fmt: skip
    severities = [p["severity"] for p in body["problems"]]
    assert severities == sorted(severities)  # errors first
    birth = next(p for p in body["problems"] if p["code"] == "check.birth_year.missing")
    assert birth["player"] == 4 and birth["name"]
    assert body["exit_code"] == 2


def test_the_check_speaks_the_asked_language(stored) -> None:
    web, key, _pid = stored
    german = web.get(f"/api/v1/tournament/{key}/check?lang=de").json()
    english = web.get(f"/api/v1/tournament/{key}/check?lang=en").json()
    assert [p["code"] for p in german["problems"]] == [p["code"] for p in english["problems"]]
    texts = {p["code"]: p["text"] for p in german["problems"]}
    assert "Bedenkzeit" in texts["check.time_control.missing"]
    assert (
        "time control"
        in {p["code"]: p["text"] for p in english["problems"]}["check.time_control.missing"]
    )
    for text in texts.values():
        assert not leaks(text), text


def test_the_filled_values_leave_no_error(stored) -> None:
    web, key, pid = stored
    body = web.get(f"/api/v1/tournament/{key}/check", params=_query(pid)).json()
    assert [p for p in body["problems"] if p["severity"] == "error"] == []


def test_the_file_is_refused_with_errors(stored) -> None:
    web, key, _pid = stored
    answer = web.get(f"/api/v1/tournament/{key}/dsb-xml?lang=de")
    assert answer.status_code == 422
    assert answer.headers["content-type"] == PROBLEM
    body = answer.json()
    assert body["code"] == "submission.refused"
    assert body["problems"] and {p["severity"] for p in body["problems"]} == {"error"}
    assert "Bedenkzeit" in body["problems"][0]["text"]


def test_the_file_with_the_values_is_valid_and_carries_them(stored) -> None:
    from lxml import etree

    web, key, pid = stored
    answer = web.get(
        f"/api/v1/tournament/{key}/dsb-xml", params=_query(pid, **{"pkz.7": "10012345"})
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/xml")
    assert answer.headers["content-disposition"] == f'attachment; filename="wertung-{key}.dsb.xml"'
    assert schema_errors(answer.content) == []
    assert schema_errors(answer.content, prefixed=True) == []
    root = etree.fromstring(answer.content)
    ns = {"d": NAMESPACE}
    assert root.findtext("d:tournament/d:location", namespaces=ns) == "Ilmenau"
    assert root.findtext("d:tournament/d:startDate", namespaces=ns) == "2024-11-01"
    assert "90" in root.findtext("d:tournament/d:timecontrol", namespaces=ns)
    players = {p.findtext("d:tournamentPlayerNumber", namespaces=ns): p
               for p in root.iterfind("d:players/d:player", namespaces=ns)}  # fmt: skip
    assert players["4"].findtext("d:dobYear", namespaces=ns) == "1988"
    assert players["7"].findtext("d:dsbId", namespaces=ns) == "10012345"


def test_a_forced_file_names_its_errors_in_the_notes(stored) -> None:
    from lxml import etree

    web, key, _pid = stored
    answer = web.get(f"/api/v1/tournament/{key}/dsb-xml?force=true")
    assert answer.status_code == 200
    notes = etree.fromstring(answer.content).findtext(
        f"{{{NAMESPACE}}}tournament/{{{NAMESPACE}}}notes"
    )
    assert notes and "check.birth_year.missing" in notes and "check.location.missing" in notes


def test_a_wrong_value_names_its_parameter(stored) -> None:
    web, key, _pid = stored
    for query, name in (({"pkz.7": "no such!"}, "pkz.7"), ({"pkz.999": "1"}, "pkz.999"),
                        ({"start_date": "31.02.2024"}, "start_date")):  # fmt: skip
        answer = web.get(f"/api/v1/tournament/{key}/check", params=query)
        assert answer.status_code == 422, query
        assert answer.headers["content-type"] == PROBLEM and answer.json()["field"] == name


def test_an_unknown_key_is_not_found(stored) -> None:
    web, _key, _pid = stored
    for route in ("check", "dsb-xml"):
        answer = web.get(f"/api/v1/tournament/nosuchkey/{route}")
        assert answer.status_code == 404 and answer.headers["content-type"] == PROBLEM


def test_both_routes_are_documented(stored) -> None:
    web, _key, _pid = stored
    paths = web.get("/api/openapi.json").json()["paths"]
    check = paths["/api/v1/tournament/{key}/check"]["get"]
    xml = paths["/api/v1/tournament/{key}/dsb-xml"]["get"]
    assert "application/xml" in xml["responses"]["200"]["content"]
    assert {"404", "422"} <= set(xml["responses"]) and "404" in check["responses"]
    assert {p["name"] for p in xml["parameters"]} >= {"key", "force", "lang"}
    assert "location" in check["description"] and "pkz.<id>" in xml["description"]


# -- the page --------------------------------------------------------------------------------


def _section(page: str) -> str:
    start = page.index(">", page.index('id="submit"')) + 1
    return page[start : page.index("</section>", start)]


def _text(part: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", part)).split())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_page_lists_the_problems_with_their_inputs(stored, lang) -> None:
    web, key, pid = stored
    page = web.get(f"/{lang}/tournament/{key}")
    assert page.status_code == 200
    part = _section(page.text)
    title = "An die Wertungsstelle senden" if lang == "de" else "Submit to the rating office"
    assert title in part
    for name in ("time_control", "start_date", "location", f"birth_year.{pid}"):
        assert f'name="{name}"' in part, name
    assert 'data-testid="submit-download"' not in part  # errors: only "download anyway"
    assert f"/api/v1/tournament/{key}/dsb-xml?force=true" in part
    assert part.index('data-severity="error"') < part.index('data-severity="warning"')


def test_the_german_part_has_no_english_word(stored) -> None:
    web, key, pid = stored
    for query in ({}, _query(pid)):
        part = _text(_section(web.get(f"/de/tournament/{key}", params=query).text))
        assert "Wertungsstelle" in part
        assert not leaks(part, frozenset({"Demchenko", "Yaroslav"})), part


def test_the_english_part_has_no_german_word(stored) -> None:
    web, key, _pid = stored
    part = _text(_section(web.get(f"/en/tournament/{key}").text))
    for word in ("Fehler", "Hinweis", "Spielort", "Geburtsjahr", "Bedenkzeit", "herunterladen"):
        assert word not in part, word


def test_the_form_puts_the_values_into_the_share_link(stored) -> None:
    web, key, pid = stored
    page = web.get(f"/de/tournament/{key}?method=table").text
    hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', _section(page))
    assert ("method", "table") in hidden  # the URL's other values travel along
    form = {**dict(hidden), **_query(pid), "pkz.7": ""}
    answer = web.post(f"/de/tournament/{key}/submission", data=form)
    assert answer.status_code == 303
    target = urlsplit(answer.headers["location"])
    pairs = dict(parse_qsl(target.query))
    assert pairs == {**_query(pid), "method": "table"}
    shown = web.get(f"{target.path}?{target.query}").text
    part = _section(shown)
    assert 'data-testid="submit-download"' in part and "force=true" not in part
    share = re.search(r'id="share-url" readonly value="([^"]+)"', shown)
    assert share and "location=Ilmenau" in html.unescape(share.group(1))


def test_the_form_refuses_a_wrong_value_in_place(stored) -> None:
    web, key, pid = stored
    answer = web.post(f"/de/tournament/{key}/submission", data={f"birth_year.{pid}": "19x8"})
    assert answer.status_code == 422
    part = _section(answer.text)
    assert 'aria-invalid="true"' in part and "19x8" in part


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_page_names_the_command_with_every_option_it_mentions(stored, lang: str) -> None:
    """The form first, then the command line's option with its command (issue 22): no bare
    ``--time-control`` a web user cannot place."""
    from wertung.catalogue import BY_CODE

    web, key, _pid = stored
    page = html.unescape(web.get(f"/{lang}/tournament/{key}").text)
    part = page[page.index('data-testid="submission"') :]
    part = part[: part.index("</section>")]
    texts = [re.sub(r"<[^>]+>", "", t) for t in re.findall(
        r'<p class="(?:submit-text|hint)"[^>]*>(.*?)</p>', part, re.S)]  # fmt: skip
    said = [t for t in texts if "--" in t]
    assert len(said) >= 5  # time control, start date, location, birth year, the DSB list
    form = "im Formular" if lang == "de" else "in the form"
    for text in said:
        for option in re.findall(r"(\S+ \S+) (--[a-z-]+)", text):
            assert option[0] == "wertung check", text
        assert re.search(r"wertung (check|dsb-list load)", text), text
    assert sum(form in t for t in said) >= 4
    # the API answers as ``wertung check --json`` (the command line's texts)
    body = web.get(f"/api/v1/tournament/{key}/check?lang={lang}").json()
    assert {p["code"] for p in body["problems"]} >= {"check.time_control.missing"}
    assert all(not c.startswith("web.") for c in (p["code"] for p in body["problems"]))
    assert all(f"web.{c}" in BY_CODE for c in (
        "check.time_control.missing", "check.start_date.missing", "check.location.missing",
        "check.birth_year.missing", "check.not_checked.dsb_list"))  # fmt: skip

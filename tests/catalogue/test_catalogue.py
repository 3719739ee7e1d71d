"""The message catalogue: every entry in both languages, numbers, plurals, fields, matching."""

from __future__ import annotations

import re

import pytest

from wertung import catalogue
from wertung.catalogue import (
    ENTRIES,
    PLACES,
    UNTRANSLATED,
    Entry,
    Message,
    message_for,
    render,
)
from wertung.kernel.errors import FormatError, InvalidDate, InvalidRating, WertungError

#: Common English words that never occur in a German sentence.
ENGLISH = set(
    [
        "the",
        "is",
        "are",
        "not",
        "must",
        "points",
        "point",
        "player",
        "players",
        "games",
        "game",
        "file",
        "files",
        "and",
        "of",
        "no",
        "has",
        "have",
        "with",
        "be",
        "to",
        "from",
        "yet",
        "only",
        "cannot",
        "give",
        "round",
        "rounds",
        "line",
        "page",
        "result",
        "results",
        "was",
        "were",
        "which",
        "that",
        "this",
        "these",
        "than",
        "more",
        "at",
        "most",
        "least",
        "or",
        "number",
        "numbers",
        "missing",
        "unknown",
        "given",
        "read",
        "found",
        "there",
        "their",
        "his",
        "her",
        "its",
        "into",
        "without",
        "been",
        "does",
        "did",
        "should",
        "would",
        "could",
        "please",
    ]
)
#: Common German words that never occur in an English sentence.
GERMAN = set(
    [
        "der",
        "die",
        "das",
        "ist",
        "nicht",
        "und",
        "keine",
        "kein",
        "Spieler",
        "Partie",
        "Partien",
        "Datei",
        "Runde",
        "Runden",
        "bitte",
        "mit",
        "für",
        "oder",
        "eine",
        "einen",
        "sind",
        "wird",
        "werden",
        "noch",
        "nur",
        "aus",
        "auf",
        "von",
        "zu",
        "zum",
        "zur",
        "Zeile",
        "Punkte",
        "Ergebnis",
    ]
)


def _sample(kind: str, name: str) -> object:
    if kind == "int":
        return 7
    if kind == "count":
        return 16_777_216
    if kind == "num":
        return 0.08
    if kind == "score":
        return 2.5
    if kind == "size":
        return "1.5 MiB"
    if kind == "field":
        return "birth_year"
    if kind == "term":
        return "crosstable"
    if kind == "list":
        return "Xy, Zw"
    if kind == "msg":
        return message_for("the file is empty")
    if kind == "where":
        return catalogue._MATCHER.place("line 7")
    if kind == "path":
        return "x.csv"
    if kind == "exc":
        return "BadZipFile"
    if kind == "q":
        return "'Xy'"
    return "Xy"


def _params(entry: Entry, count: int | None = None) -> dict[str, object]:
    params = {name: _sample(kind, name) for name, kind in entry.kinds.items()}
    if count is not None:
        params = {
            k: (count if entry.kinds[k] in ("int", "count") else v) for k, v in params.items()
        }
    return params


def _words(text: str) -> set[str]:
    """The words of a rendered text, without quoted or code-like tokens and sample values."""
    text = re.sub(r"„[^“]*“|'[^']*'|\"[^\"]*\"|`[^`]*`", " ", text)
    text = re.sub(r"\S*[=_\[\]/.@]\S*|\S*\(\)|chess-results", " ", text)  # art=5, read(), links
    text = re.sub(r"--[a-z][a-z-]*", " ", text)  # command-line options (--player) are not words
    return set(re.findall(r"[A-Za-zÄÖÜäöüß]+", text))


ALL = [*ENTRIES, *PLACES]


@pytest.mark.parametrize("entry", ALL, ids=lambda e: e.code)
def test_german_rendering_has_no_english_words(entry: Entry) -> None:
    for count in (1, 2):
        text = render(Message(entry.code, _params(entry, count)), "de")
        leaked = _words(text) & ENGLISH
        assert not leaked, f"{entry.code}: {text!r} has English words {sorted(leaked)}"


@pytest.mark.parametrize("entry", ALL, ids=lambda e: e.code)
def test_english_rendering_has_no_german_words(entry: Entry) -> None:
    for count in (1, 2):
        text = render(Message(entry.code, _params(entry, count)), "en")
        leaked = _words(text) & GERMAN
        assert not leaked, f"{entry.code}: {text!r} has German words {sorted(leaked)}"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.code)
def test_every_entry_recognises_its_own_english_rendering(entry: Entry) -> None:
    for count in (1, 2):
        text = render(Message(entry.code, _params(entry, count)), "en")
        found = message_for(text)
        assert found.code == entry.code, f"{text!r} is read as {found.code}"
        assert render(found, "de") == render(Message(entry.code, _params(entry, count)), "de")


@pytest.mark.parametrize("entry", ALL, ids=lambda e: e.code)
def test_both_templates_use_the_same_parameters(entry: Entry) -> None:
    def names(template: str) -> set[str]:
        return {m.group(1) for m in re.finditer(r"\{([a-z_0-9]+)", template)}

    assert names(entry.de) == names(entry.en), entry.code


def test_codes_are_stable_dotted_and_unique() -> None:
    codes = [e.code for e in ALL]
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", c) for c in codes)
    assert len(ENTRIES) > 400


# -- numbers, plurals and field names ------------------------------------------------------


def test_decimal_comma_in_german_point_in_english() -> None:
    text = "development factor 0.08 must be above 0 (and at most 200)"
    assert (
        render(text, "de")
        == "Der Entwicklungsfaktor 0,08 muss größer als 0 sein (und höchstens 200)"
    )
    assert render(text, "en") == text
    assert "0,0 muss" in render("development factor 0.0 must be above 0 (and at most 200)", "de")


def test_half_points_as_half_sign() -> None:
    text = "player 3 (Anna): the games give 2.5 points, the source says 3"
    assert (
        render(text, "de") == "Spieler 3 (Anna): die Partien ergeben 2½ Punkte, die Quelle nennt 3"
    )
    assert render(text, "en") == "player 3 (Anna): the games give 2½ points, the source says 3"
    one = render("player 3 (Anna): the games give 1 points, the source says 0.5", "en")
    assert one == "player 3 (Anna): the games give 1 point, the source says ½"


def test_plural_forms_follow_the_language() -> None:
    one = message_for(
        "1 players have a DWZ without index; the rules then use the first K0 column "
        "(WO 2026) or E ≤ 5 (WO 2014): load the DSB rating list or give the index"
    )
    assert one.code == "warning.no_index"
    assert render(one, "de").startswith("1 Spieler hat eine DWZ ohne Index")
    assert render(one, "en").startswith("1 player has a DWZ without index")
    many = Message("warning.no_index", {"count": 57})
    assert render(many, "de").startswith("57 Spieler haben")
    assert render(many, "en").startswith("57 players have")
    games = Message("remaining.too_many", {"count": 1, "most": 30})
    assert render(games, "de") == "1 noch zu spielende Partie: höchstens 30"
    assert render(Message("remaining.too_many", {"count": 2, "most": 30}), "de").startswith(
        "2 noch zu spielende Partien"
    )
    assert render(Message("running.games", {"count": 1}), "en") == "1 game"


def test_field_names_in_the_language() -> None:
    assert (
        render("birth_year 3000 is not a year of birth", "de")
        == "Geburtsjahr 3000 ist kein Geburtsjahr"
    )
    assert render("rating 9999 is out of range; ratings are 0 to 3500", "de") == (
        "Wertungszahl 9999 liegt außerhalb des Bereichs; Wertungszahlen gehen von 0 bis 3500"
    )
    assert render("opponent rating 4000 is out of range; ratings are 0 to 3500", "de").startswith(
        "Wertungszahl des Gegners 4000"
    )


def test_sizes_in_the_language() -> None:
    text = "the workbook's xl/a.xml would unpack to 1.5 GiB; the limit is 200 MiB"
    assert (
        render(text, "de")
        == "die Arbeitsmappe: xl/a.xml würde entpackt 1,5 GiB groß; die Grenze liegt bei 200 MiB"
    )


def test_user_text_is_kept_verbatim() -> None:
    text = "unknown result symbol 'the 2'; accepted: 1, ½ (also 0.5, 1/2, =), 0, + (won by forfeit), - (lost by forfeit)"
    message = message_for(text)
    assert message.code == "result.unknown_symbol" and message.params == {"value": "'the 2'"}
    assert render(text, "de").startswith("Unbekanntes Ergebniszeichen 'the 2'; zulässig")


# -- places, nesting, the fallback ---------------------------------------------------------


def test_places_in_front_are_rendered_too() -> None:
    text = "SWT: round 3, player 5 (pairing record at offset 0x1a): the name is empty"
    message = message_for(text)
    assert message.code == "binary.name_empty" and message.translated
    assert (
        render(text, "de")
        == "SWT: Runde 3, Spieler 5 (Paarungsdatensatz bei Offset 0x1a): Der Name ist leer"
    )
    assert render(text, "en") == text
    nested = "not an Excel file (.xlsx): File is not a zip file"
    assert render(nested, "de") == "Keine Excel-Datei (.xlsx): keine ZIP-Datei"
    assert message_for(nested).to_dict() == {
        "code": "xlsx.not_excel",
        "params": {"detail": {"code": "zip.bad_file", "params": {}}},
    }


def test_unknown_text_falls_back_to_english_with_code_untranslated() -> None:
    message = message_for("the moon is made of cheese")
    assert message.code == UNTRANSLATED and not message.translated
    assert message.untranslated() == ["the moon is made of cheese"]
    assert render("the moon is made of cheese", "de") == "the moon is made of cheese"
    partial = message_for("not an Excel file (.xlsx): the moon is made of cheese")
    assert partial.code == "xlsx.not_excel" and not partial.translated


# -- errors ----------------------------------------------------------------------------


def test_errors_carry_the_code_and_params_of_their_raise() -> None:
    error = InvalidRating(
        "rating 9999 is out of range; ratings are 0 to 3500",
        code="rating.out_of_range",
        params={"label": "rating", "value": 9999, "low": 0, "high": 3500},
        field="rating",
    )
    assert error.code == "rating.out_of_range"
    assert error.params == {"label": "rating", "value": 9999, "low": 0, "high": 3500}
    data = error.to_dict()
    assert data["code"] == "rating.out_of_range" and data["params"]["value"] == 9999
    assert data["field"] == "rating" and data["message"] == error.message
    assert render(error, "de").startswith("Wertungszahl 9999")


def test_the_code_is_required_and_the_text_is_never_read() -> None:
    with pytest.raises(TypeError):
        FormatError("the file is empty")  # type: ignore[call-arg]
    # the text says one thing, the code another: the code is what the error is
    error = InvalidDate(
        "the year is wrong", code="birth_year.invalid", params={"label": "born", "value": "'x'"}
    )
    assert error.code == "birth_year.invalid" and str(error) == "the year is wrong"
    assert render(error, "de") == "Geburtsjahr 'x' ist kein Geburtsjahr"
    assert render(error, "en") == "born 'x' is not a year of birth"
    empty = WertungError("the file is empty", code="file.empty")
    assert empty.to_dict()["code"] == "file.empty" and empty.params == {}


def test_language_from_the_environment() -> None:
    assert catalogue.lang_from_env({"LANG": "de_DE.UTF-8"}) == "de"
    assert catalogue.lang_from_env({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE"}) == "en"
    assert catalogue.lang_from_env({"LC_ALL": "de_AT"}) == "de"
    assert catalogue.lang_from_env({}) == "en"
    assert catalogue.lang_from_env({"LANG": "C.UTF-8"}) == "en"

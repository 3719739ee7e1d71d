"""chess-results edge cases users found on real pages (issue 19, item 5).

* the no-opponent words of every language wertung reads (a Russian pairings page was
  refused on ``без пары``), checked against the real pages and against pages derived
  from them in each language and script (:mod:`chessresults_derived`);
* a single-round pairings page of a longer event is a partial source naming the rounds
  missing; a round whose results are only partly in is incomplete -- both only after
  the last complete round, so that ``--running`` still forecasts;
* a lone ``Rtg`` column is FIDE Elo only where the pages say the event is FIDE-rated.

Expectations are read from the pages by regular expressions, not by the parser.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from chessresults_derived import FROME, JEDDAH, in_language, with_details
from chessresults_midround import MIDROUND, crosstable_during
from typer.testing import CliRunner

from wertung import evaluate
from wertung.catalogue import message_for, render
from wertung.cli import app
from wertung.cli._lang import set_current
from wertung.formats import tournament_json
from wertung.sources.chessresults import NotATournamentPage, parse_page, parse_saved_pages
from wertung.sources.chessresults._byes import (
    KNOWN_LANGUAGES,
    NO_OPPONENT_WORDS,
    NOT_PAIRED,
    UNTRANSLATED,
    is_no_opponent,
    words_of,
)
from wertung.sources.chessresults._labels import COLUMN_LABELS, LANGUAGES, label_key
from wertung.sources.chessresults._rating_reading import RatingReading, rating_reading
from wertung.tournament._running import running_forecast

DATA = Path(__file__).parents[1] / "data" / "chess-results"
BRITISH = DATA / "mjl_british2026_champ_crosstable.html"
_ROW = re.compile(r"<tr[^>]*>.*?</tr>", re.S)
_CELL = re.compile(r"<t[dh][^>]*>.*?</t[dh]>", re.S)
runner = CliRunner()


def _text(cell: str) -> str:
    return re.sub(r"<[^>]+>", "", cell).replace("&frac12;", "½").replace("&nbsp;", " ").strip()


def _points(text: str) -> Fraction:
    half = text.endswith("½")
    return Fraction(text.rstrip("½") or "0") + (Fraction(1, 2) if half else 0)


def no_opponent_rows(path: Path) -> list[tuple[str, str, Fraction]]:
    """(white's No. or name, the word, the points) of the pairings rows without opponent."""
    html = path.read_text(encoding="utf-8")
    out = []
    header = None
    for row in _ROW.findall(html[html.index('class="CRs1"') :]):
        texts = [_text(c) for c in _CELL.findall(row)]
        if "Result" in texts:
            header = texts
            continue
        if header is None or len(texts) < len(header) - 1:
            continue
        result = header.index("Result")
        black = texts[result + 3] if len(texts) > result + 3 else ""
        if black and not texts[-1].isdigit() and re.fullmatch(r"[\d½]+", texts[result] or "x"):
            who = texts[header.index("No.")] if "No." in header else texts[result - 3]
            out.append((who, black, _points(texts[result])))
    return out


# -- the words, their table and their sources ---------------------------------------------


def test_every_language_whose_labels_are_known_has_its_not_paired_word() -> None:
    # the languages of the column labels (lan= codes of the pages wertung reads in full)
    labelled = {"English", "German", "Spanish", "Portuguese", "Russian"}
    assert labelled == KNOWN_LANGUAGES
    assert labelled <= set(LANGUAGES.values())
    for language in labelled:
        meanings = {w.meaning for w in NO_OPPONENT_WORDS if w.language == language}
        assert NOT_PAIRED in meanings, language
        assert "bye" in words_of(language)  # untranslated, or the language's own
    assert all(w.source for w in (*NO_OPPONENT_WORDS, *UNTRANSLATED))


def test_a_word_counts_on_pages_of_its_language_only() -> None:
    assert is_no_opponent("без пары", "Russian") and is_no_opponent("Без  пары", "Russian")
    assert not is_no_opponent("без пары", "English") and not is_no_opponent("spielfrei", "Spanish")
    assert is_no_opponent("bye", "Portuguese") and is_no_opponent("não emparceirado", None)
    assert not is_no_opponent("Mcshane, Luke J", None)
    # a page of a language the table does not know may use any known word
    assert is_no_opponent("not paired", "French")


def test_the_english_words_are_the_words_of_the_real_pages() -> None:
    pages = [FROME, *JEDDAH, DATA / "bas_ended_pairings.html",
             *sorted(DATA.glob("mjl_british2026_champ_r*.html"))]  # fmt: skip
    seen = {word for page in pages for _, word, _ in no_opponent_rows(page)}
    assert seen == {"bye", "not paired"} == set(words_of("English"))
    # the same words label the link to the not-paired view (art=40) on those pages
    links = re.findall(r'art=40">([^<]*)</a>', JEDDAH[0].read_text(encoding="utf-8"))
    assert links == ["not paired"]


def test_the_russian_word_is_the_real_russian_pages_not_paired_link() -> None:
    html = (DATA / "gwk_chess-results-russian.html").read_text(encoding="utf-8")
    (link,) = re.findall(r'art=40">([^<]*)</a>', html)
    word = re.sub(r"&#(\d+);", lambda m: chr(int(m.group(1))), link)
    assert word == "без пары" and words_of("Russian") == ("без пары", "bye")
    assert parse_page(html).language_name == "Russian"


@pytest.mark.parametrize("language", ["German", "Spanish", "Portuguese", "Russian"])
def test_a_pairings_page_in_each_language_gives_the_english_pages_byes(language: str) -> None:
    # derived: the real Frome round 1 (a 'bye' and six 'not paired' rows) in that language
    english = parse_saved_pages(FROME)
    html = in_language(FROME.read_text(encoding="utf-8"), language)
    page = parse_page(html)
    assert page.language_name == language
    words = {w.text for w in NO_OPPONENT_WORDS if w.language == language}
    assert words and all(f">{w}<" in html for w in words)  # the table's words are on the page
    tournament = parse_saved_pages(html)
    assert tournament.byes == english.byes and tournament.games == english.games
    expected = {(no, points) for no, _, points in no_opponent_rows(FROME)}
    assert {(b.player, b.points) for b in tournament.byes} == expected
    assert len(expected) == 7


def test_a_russian_page_of_a_round_in_progress_is_read() -> None:
    # the case: derived Russian Jeddah rounds 1 ('bye', 'без пары') and 2 (live)
    pages = [in_language(p.read_text(encoding="utf-8"), "Russian") for p in JEDDAH]
    assert "без пары" in pages[0]
    tournament = parse_saved_pages(pages)
    english = parse_saved_pages(JEDDAH)
    assert tournament.games == english.games and tournament.byes == english.byes
    assert tournament.upcoming == english.upcoming and tournament.played_rounds == 1
    assert tournament.incomplete == ("round 2 is in progress: 9 of its 16 results are in",)
    forecast = running_forecast(tournament)
    assert forecast.after_round == 1 and forecast.evaluation.complete


def test_an_unknown_word_of_a_known_language_is_named() -> None:
    html = FROME.read_text(encoding="utf-8").replace(">not paired<", ">absent<", 1)
    with pytest.raises(
        NotATournamentPage, match=r"Savage, Simon has no opponent, written 'absent'"
    ):
        parse_saved_pages(html)


def test_an_unknown_word_of_an_unknown_language_names_the_language() -> None:
    # derived: the Frome page as if saved in French (lan=20), with French words
    html = in_language(
        FROME.read_text(encoding="utf-8"), "French", {"not paired": "non apparié", "bye": "exempt"}
    )
    with pytest.raises(NotATournamentPage, match=r"saved in French, and its word 'exempt'") as info:
        parse_saved_pages(html)
    assert "Französisch" in render(info.value.message, "de")


# -- rounds after the last complete one ------------------------------------------------------


def test_a_first_round_page_of_a_longer_event_names_the_rounds_missing() -> None:
    # real: Jeddah's round 1 page, whose navigation shows round 2 paired ("Rd.2/7")
    assert "Rd.2/7" in JEDDAH[0].read_text(encoding="utf-8")
    tournament = parse_saved_pages(JEDDAH[0])
    assert tournament.incomplete == ("only round 1 of 7: round 2 missing",)
    assert tournament.incomplete_later == tournament.incomplete
    assert tournament.played_rounds == 1 and tournament.rounds == 7
    assert running_forecast(tournament).evaluation.complete


def test_a_first_round_page_of_a_five_round_event() -> None:
    # derived: Frome round 1 with the details of the event (5 rounds, as its crosstable shows
    # 1.Rd-5.Rd) and no navigation (the event ended more than five days before it was saved)
    html = with_details(FROME.read_text(encoding="utf-8"), {"Number of rounds": "5"})
    tournament = parse_saved_pages(html)
    (reason,) = tournament.incomplete
    assert reason == "only round 1 of 5: rounds 2–5 missing"
    assert render(reason, "de") == "nur Runde 1 von 5: Runden 2–5 fehlen"
    assert tournament.complete_until_played and tournament.rounds == 5
    assert not evaluate(tournament).complete


def test_pairings_that_do_not_say_the_rounds_may_miss_later_ones() -> None:
    tournament = parse_saved_pages(FROME)  # real: no details, no navigation
    (reason,) = tournament.incomplete
    assert "the pages do not say how many rounds the event has" in reason
    assert message_for(reason).code == "incomplete.cr.rounds_unknown"
    assert tournament.rounds is None and tournament.complete_until_played


def test_the_pairings_of_every_round_with_the_final_ranking_are_complete() -> None:
    # real: the USSA round robin's pairings page, whose menu says "Final Ranking after 9 Rounds"
    tournament = parse_saved_pages(DATA / "mjl_ussa2026_roundrobin_pairings.html")
    assert tournament.complete and tournament.rounds == 9


def midround_counts(html: str, round_no: int) -> tuple[int, int]:
    """(results in, entries) of a round on the derived crosstable, by its cells."""
    rows = _ROW.findall(html[html.index('class="CRs1"') :])
    labels = [_text(c) for c in _CELL.findall(rows[0])]
    column = labels.index(f"{round_no}.Rd")
    done = total = 0
    pairs_open: set[frozenset[str]] = set()
    for row in rows[1:]:
        texts = [_text(c).replace(" ", "") for c in _CELL.findall(row)]
        if len(texts) <= column or not texts[0].isdigit():
            continue
        cell = texts[column]
        if re.fullmatch(r"\d+[wb]", cell):
            pairs_open.add(frozenset((texts[0], cell[:-1])))
        elif re.fullmatch(r"\d+[wb][10½+\-]", cell):
            done += 1  # each game twice: once per player
        elif re.fullmatch(r"-[10½+]", cell):
            done += 2  # a bye counts once (doubled here, halved below)
    done //= 2
    total = done + len(pairs_open)
    return done, total


def test_a_crosstable_saved_during_the_last_round_is_incomplete() -> None:
    html = crosstable_during(6)
    done, total = midround_counts(html, 6)
    tournament = parse_saved_pages(html)
    reason = f"round 6 is in progress: {done} of its {total} results are in"
    assert (done, total) == (50, 56) and tournament.incomplete == (reason,)
    assert render(reason, "de") == "Runde 6 läuft noch: 50 von 56 Ergebnissen liegen vor"
    result = evaluate(tournament)
    assert not result.complete and result.incomplete == (reason,)
    forecast = running_forecast(tournament)
    assert forecast.after_round == 5 and forecast.evaluation.complete
    assert forecast.evaluation.incomplete == ()


def test_the_real_midround_pairings_are_incomplete_with_the_crosstable() -> None:
    tournament = parse_saved_pages([crosstable_during(6), MIDROUND[6]])
    assert tournament.incomplete == ("round 6 is in progress: 50 of its 56 results are in",)
    # the British crosstable as saved (round 7 over, round 8 not paired: "Rd.7/9") is whole
    assert parse_saved_pages(BRITISH).complete


def test_incomplete_later_survives_the_json_format() -> None:
    tournament = parse_saved_pages(crosstable_during(6))
    again = tournament_json.loads(tournament_json.dumps(tournament))
    assert again.incomplete_later == tournament.incomplete_later == tournament.incomplete
    assert running_forecast(again).evaluation.complete


def _cli(*args: str) -> tuple[int, str]:
    try:
        result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    finally:
        set_current(None)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("lang", "reason", "hint"),
    [
        (
            "en",
            "round 6 is in progress: 50 of its 56 results are in",
            "--running gives the forecast",
        ),
        (
            "de",
            "Runde 6 läuft noch: 50 von 56 Ergebnissen liegen vor",
            "--running gibt die Prognose",
        ),
    ],
)
def test_the_cli_refuses_the_round_in_progress_unless_running(
    tmp_path: Path, lang: str, reason: str, hint: str
) -> None:
    page = tmp_path / "crosstable.html"
    page.write_text(crosstable_during(6), encoding="utf-8")
    code, out = _cli("--lang", lang, "tournament", str(page))
    assert code == 2 and reason in out and hint in out
    code, out = _cli("--lang", lang, "tournament", str(page), "--partial", "--json")
    data = json.loads(out)
    assert (
        code == 0
        and data["complete"] is False
        and data["incomplete"] == ["round 6 is in progress: 50 of its 56 results are in"]
    )  # the JSON stays English in both languages
    code, out = _cli("--lang", lang, "tournament", str(page), "--running")
    assert code == 0, out
    assert ("after round 5 of 9" if lang == "en" else "nach Runde 5 von 9") in out


def test_the_cli_refuses_missing_earlier_rounds_even_with_running() -> None:
    code, out = _cli("tournament", str(DATA / "mjl_british2026_champ_r5.html"), "--running")
    assert code == 2 and "rounds 1–4 missing" in out and "--running gives" not in out


# -- the lone Rtg ---------------------------------------------------------------------------


def page_ratings(path: Path) -> dict[str, int]:
    """No. → Rtg of the white and black sides of a numbered pairings page."""
    html = path.read_text(encoding="utf-8")
    rows = _ROW.findall(html[html.index('class="CRs1"') :])
    header = [_text(c) for c in _CELL.findall(rows[0])]
    white_no, black_no = header.index("No."), len(header) - 1 - header[::-1].index("No.")
    white_rtg, black_rtg = header.index("Rtg"), len(header) - 1 - header[::-1].index("Rtg")
    out = {}
    for row in rows[1:]:
        texts = [_text(c) for c in _CELL.findall(row)]
        for no, rtg in ((white_no, white_rtg), (black_no, black_rtg)):
            if len(texts) > max(no, rtg) and texts[no].isdigit() and texts[rtg].isdigit():
                out[texts[no]] = int(texts[rtg])
    return out


def test_an_english_grading_is_a_national_rating_with_a_note() -> None:
    tournament = parse_saved_pages(FROME)
    ratings = {pid: r for pid, r in page_ratings(FROME).items() if r}
    assert {p.id: p.national_rating for p in tournament.players if p.national_rating} == ratings
    assert all(p.fide_rating is None and p.dwz is None for p in tournament.players)
    below = sum(1 for r in ratings.values() if r < 1400)
    (note,) = [n for n in tournament.notes if "'Rtg'" in n]
    assert f"{below} of its {len(ratings)} ratings are below 1400" in note
    assert (below, len(ratings)) == (22, 27)
    assert message_for(note).code == "note.cr.rtg_national_low"


def test_a_fide_rated_events_rtg_is_fide_elo() -> None:
    # real: the British crosstable, whose details say "Rating calculation: Rating national,
    # Rating international" and give a FIDE-Event-ID
    html = BRITISH.read_text(encoding="utf-8")
    assert "Rating national, Rating international" in html and "FIDE-Event-ID" in html
    tournament = parse_saved_pages(BRITISH)
    mcshane = tournament.player("1")
    assert mcshane.fide_rating == 2597 and mcshane.national_rating is None
    (note,) = [n for n in tournament.notes if "'Rtg'" in n]
    assert note.endswith("(its rating calculation includes the international rating)")
    # the same event's pairings page alone does not say it: a national rating
    alone = parse_saved_pages(DATA / "mjl_british2026_champ_r5.html")
    assert all(p.fide_rating is None for p in alone.players)


@pytest.mark.parametrize(
    ("details", "code", "fide"),
    [
        ({"Rating calculation": "Rating national, Rating international"}, "note.cr.rtg_fide", True),
        ({"FIDE-Event-ID": "485896"}, "note.cr.rtg_fide_event", True),
        ({"Rating calculation": "Rating national"}, "note.cr.rtg_national_said", False),
        ({"Federation": "Germany ( GER )"}, "note.cr.rtg_dwz", False),
    ],
)
def test_what_the_details_say_decides(details: dict[str, str], code: str, fide: bool) -> None:
    # derived: Frome round 1 with a tournament-details block
    tournament = parse_saved_pages(with_details(FROME.read_text(encoding="utf-8"), details))
    zhang = tournament.player("1")
    assert (zhang.fide_rating == 1474) is fide
    assert zhang.national_rating == (None if fide else 1474)
    assert zhang.dwz == (1474 if code == "note.cr.rtg_dwz" else None)
    (note,) = [n for n in tournament.notes if "'Rtg'" in n]
    assert message_for(note).code == code
    assert "Rtg" in render(note, "de") and render(note, "de") != note


def test_explicit_rating_columns_need_no_reading() -> None:
    # real: Arad's starting rank has RtgI and RtgN
    tournament = parse_saved_pages([DATA / "mjl_arad2026_a_crosstable.html",
                                    DATA / "mjl_arad2026_a_startingrank.html"])  # fmt: skip
    assert not any("'Rtg'" in n for n in tournament.notes)
    assert rating_reading([], [], german=False) == RatingReading("explicit", None)


def test_every_rating_note_has_a_german_text() -> None:
    for code in ("rtg_fide", "rtg_fide_event", "rtg_dwz", "rtg_national_said", "rtg_national",
                 "rtg_national_low"):  # fmt: skip
        entry = next(e for e in _entries() if e.code == f"note.cr.{code}")
        assert entry.de and entry.de != entry.en


def _entries():
    from wertung.catalogue.data_teams import TEAMS

    return TEAMS


def test_the_labels_of_the_known_languages_include_their_pairings_columns() -> None:
    # the derived pages use these labels: they must be the ones wertung knows
    for label in ("Дос.", "Ном.", "Рейт.", "Очки", "Результат", "Mesa", "Resultado", "Ergebnis"):
        assert any(label_key(label) in keys for keys in COLUMN_LABELS.values()), label


def test_the_committed_derived_jeddah_page_is_what_the_helper_makes() -> None:
    from chessresults_derived import DERIVED_JEDDAH_R1, jeddah_r1_fide

    assert DERIVED_JEDDAH_R1.read_text(encoding="utf-8") == jeddah_r1_fide()
    assert parse_saved_pages(DERIVED_JEDDAH_R1).player("1").fide_rating == 2409


def test_a_round_robins_number_of_rounds_too_small_is_not_its_round_count() -> None:
    # real: the Warsaw round robin's details say "Number of rounds 1" (its starting rank, not
    # among our files, lists 6 players): for a round robin that is not the number of rounds
    warsaw = (DATA / "mjl_warsaw2026_notstarted_r1.html").read_text(encoding="utf-8")
    assert 'Number of rounds</td><td class="CR">1<' in warsaw and "Round robin" in warsaw
    # derived: Frome round 1 (31 players) with such details: the rounds stay unknown
    details = {"Number of rounds": "1", "Tournament type": "Round robin"}
    tournament = parse_saved_pages(with_details(FROME.read_text(encoding="utf-8"), details))
    (reason,) = tournament.incomplete
    assert "do not say how many rounds" in reason and tournament.rounds is None
    # a Swiss whose details say 1 round is a one-round event
    details = {"Number of rounds": "1", "Tournament type": "Swiss-System"}
    assert parse_saved_pages(with_details(FROME.read_text(encoding="utf-8"), details)).complete

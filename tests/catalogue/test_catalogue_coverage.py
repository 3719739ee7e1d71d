"""Every message template of ``src/wertung`` has a catalogue entry (found from the source by AST)."""

from __future__ import annotations

import pytest
from _message_sources import Site, sites

from wertung.catalogue import UNTRANSLATED, message_for


def _pass_through(site: Site) -> bool:
    """``f"{where}: {reason}"``: a place in front of a message built elsewhere (covered there)."""
    literals = "".join(p for p in site.pieces if isinstance(p, str))
    return not site.dynamic and literals.strip(":; ,") in ("", "SWT", "Swiss-Manager")


SITES = [s for s in sites() if not s.dynamic and not _pass_through(s)]
#: Sites whose message is built elsewhere (a variable, a helper's result, a slice):
#: each names where its texts are covered.
DYNAMIC_COVERED = {
    "exc": "an error: rendered from its code and params (covered at its raise site)",
    "str(exc)": "a FormatError re-raised with its message (covered at its raise site)",
    "reason": "reasons built by _mismatch_reason / _differences (cr.points_mismatch, cr.player_points)",
    "reading.note": "the notes of chessresults._rating_reading (note.cr.rtg_*; each rendered in German by "
    "tests/sources/test_chessresults_edges.py)",
    "note": "notes built by points_from_tie_break and the running-round note (list.*, note.cr.*)",
    "error.message": "an InvalidInput re-raised with its message",
    "t('error.too_large')": "the web pages' words by key (catalogue/data_pages.py)",
    "english": "the unknown-word messages of the pairings (pairings.word_language, pairings.word_unknown)",
    "message": "an error rebuilt from a worker process's result (covered at its raise site)",
    "text": "a Swiss-Manager file whose kind and directory disagree (swm.team_layout_*, "
    "swm.individual_with_teams)",
}


def _id(site: Site) -> str:
    return f"{site.path}:{site.line}"


def test_pass_through_sites_are_few() -> None:
    # Seven: the importers' and chess-results' places in front of a message, and the web's
    # "file: what kind of file" (web/tournaments._other; the page renders it by file_kind).
    assert 0 < sum(_pass_through(s) for s in sites()) <= 7


def test_the_extraction_finds_the_sites() -> None:
    assert len(SITES) > 400  # raises, notes, warnings, incomplete reasons and CLI failures
    kinds = {s.kind.split()[0] for s in SITES}
    assert {"raise", "return", "notes.append", "incomplete.append", "fail"} <= kinds


@pytest.mark.parametrize("site", SITES, ids=_id)
def test_every_message_has_an_entry(site: Site) -> None:
    found = [message_for(text) for text in site.samples()]
    assert any(m.code != UNTRANSLATED for m in found), f"no catalogue entry for {site.template()!r}"


def test_every_dynamic_site_is_accounted_for() -> None:
    dynamic = [s for s in sites() if s.dynamic]
    unknown = [
        f"{s.path}:{s.line}: {s.pieces[0]}"
        for s in dynamic
        if str(s.pieces[0]) not in DYNAMIC_COVERED and not _composed_covered(s)
    ]
    assert not unknown, "\n".join(unknown)


def _composed_covered(site: Site) -> bool:
    """A message built from pieces (``a + b``, ``f'...'[:300]``): the literal start must match."""
    text = str(site.pieces[0])
    return any(
        literal in text
        for literal in (
            "is not a readable zip archive",
            "is damaged (",
            "no crosstable found",
            "player(s) differ",
            "the evaluation is not of this tournament",
            "starts from the result of the earlier division",
            "no single player",
            "have no header with a 'Result' column",
            "have no match header",
            "have no header with two 'Team' columns",
            "has no 'Team' column",
            "not a DSB player list",
            "no player ",
            "_team_message",
        )
    )

"""The words by key (the catalogue's one table) and the number formats of both languages."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from wertung.catalogue.words import WORDS as MESSAGES
from wertung.web.i18n import translator

WEB = Path(__file__).resolve().parents[2] / "src" / "wertung" / "web"


def test_every_static_key_in_templates_and_code_is_in_the_catalog() -> None:
    used: set[str] = set()
    for path in [*WEB.glob("templates/**/*.html"), *WEB.glob("*.py")]:
        used |= set(re.findall(r"""\bt\(\s*['"]([a-z0-9_.-]+)['"]""", path.read_text("utf-8")))
    missing = sorted(key for key in used if key not in MESSAGES and not key.endswith((".", "_")))
    assert not missing
    assert len(used) > 100


def test_dynamic_keys_cover_the_engine_vocabulary() -> None:
    from wertung.dwz._first_dwz import REASONS
    from wertung.tournament._evaluation import STATUSES

    for status in STATUSES:
        assert f"status.{status}" in MESSAGES
    for reason in REASONS:
        assert f"reason.first.{reason}" in MESSAGES
    for reason in ("override", "fewer_than_30_games", "junior_below_2300", "peak_2400",
                   "standard", "k_times_n_cap_700"):  # fmt: skip
        assert f"k.{reason}" in MESSAGES
    for rule in ("junior", "a1", "a2", "none", "below_expectation"):
        assert f"bonus.{rule}" in MESSAGES
    for row in ("youth", "adult", "master"):
        assert f"k0.row.{row}" in MESSAGES


def test_every_message_has_two_non_empty_texts_with_the_same_placeholders() -> None:
    for key, (de, en) in MESSAGES.items():
        assert de.strip() and en.strip(), key
        assert set(re.findall(r"{(\w+)}", de)) == set(re.findall(r"{(\w+)}", en)), key


@pytest.mark.parametrize(
    ("lang", "value", "digits", "text"),
    [("de", 3.42983, 4, "3,4298"), ("en", 3.42983, 4, "3.4298"), ("de", 1547.09, 2, "1547,09"),
     ("de", -2.5, 1, "−2,5"), ("en", Fraction(44), 1, "44.0")],
)  # fmt: skip
def test_numbers(lang: str, value: object, digits: int, text: str) -> None:
    assert translator(lang).num(value, digits) == text


def test_scores_use_the_half_sign_and_changes_their_sign() -> None:
    t = translator("de")
    assert [t.score(x) for x in (Fraction(9, 2), Fraction(1, 2), 3, 0)] == ["4½", "½", "3", "0"]
    assert [t.signed(x) for x in (47, -3, 0)] == ["+47", "−3", "±0"]
    assert translator("en").signed(Fraction(26, 5), 1) == "+5.2"


def test_dates() -> None:
    assert translator("de").date("2026-09-01") == "01.09.2026"
    assert translator("en").date("2026-09-01") == "1 Sept 2026"


def test_unknown_key_shows_the_engine_value_readably() -> None:
    assert translator("en")("reason.some_new_reason") == "some new reason"


def test_dynamic_keys_of_the_dsb_list_and_corrections() -> None:
    from wertung.sources.dsb_match import MatchMethod
    from wertung.web.enrich import PROVENANCE

    for kind in PROVENANCE:
        assert f"prov.{kind}" in MESSAGES and f"prov.{kind}.mark" in MESSAGES
    marks = {
        lang: [translator(lang)(f"prov.{k}.mark") for k in PROVENANCE] for lang in ("de", "en")
    }
    assert all(len(set(m)) == len(PROVENANCE) for m in marks.values())  # one letter per kind
    for method in ("ambiguous", "unconfirmed"):
        assert MatchMethod(method) and f"list.method.{method}" in MESSAGES
    for kind in ("rapid", "blitz", "other"):
        assert f"state.no_dwz_{kind}" in MESSAGES
    for value in ("yes", "no", "unknown"):
        assert f"member.{value}" in MESSAGES
    assert translator("de")("range.text", low=1534, high=1568) == "1534–1568 je nach Index"
    assert translator("en")("range.text", low=1534, high=1568) == "1534–1568 depending on the index"

"""Properties of the correction query and the DWZ-index input: only our own errors come out."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from wertung.kernel.errors import WertungError
from wertung.web.enrich import Corrections
from wertung.web.rating_text import split_rating

IDS = ["1", "2", "x y"]
NAMES = st.sampled_from(
    ["end_date", "index.1", "birth_year.2", "member.x y", "index.9", "member.1", "other", "q"]
)


@given(st.dictionaries(NAMES, st.text(max_size=30), max_size=6))
@example({"index.1": "²"})
@example({"birth_year.2": "١٩٩٠"})
@example({"end_date": "2024-13-01"})
def test_corrections_parse_or_refuse_with_our_errors(query: dict[str, str]) -> None:
    try:
        corrections = Corrections.from_query(query, IDS)
    except WertungError as error:
        assert error.field in query  # the error names the parameter
        return
    again = Corrections.from_query(dict(corrections.pairs()), IDS)
    assert again == corrections and again.query() == corrections.query()


@given(st.text(max_size=20))
@example("²-5")
@example("1500-²")
def test_split_rating_never_raises(text: str) -> None:
    rating, index = split_rating(text)
    if index is not None:
        assert int(rating) >= 0 and int(index) >= 0
    else:
        assert rating == text


@given(st.integers(0, 3500), st.integers(0, 999))
def test_split_rating_reads_dwz_index(rating: int, index: int) -> None:
    assert split_rating(f"{rating}-{index}") == (str(rating), str(index))


def test_unicode_digits_in_form_fields_are_an_inline_error(tmp_path) -> None:
    from web_helpers import client

    html = client(tmp_path).get("/en/dwz?rating=%C2%B2&opp=1500&res=1").text
    assert 'id="err-rating" class="field-error" role="alert">Please enter a whole number.' in html

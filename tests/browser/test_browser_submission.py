"""The "submit to the rating office" part in a real browser: a tournament with a missing
birth year (and no time control, start date, venue) uploaded, the values filled in place,
checked again, the DSB XML downloaded and validated; German and English, 1280 and 360 px."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from dsb_xml_samples import schema_errors
from web_helpers import ILMENAU_EXAMPLE

from .conftest import SCREENSHOTS, screenshot

pytestmark = pytest.mark.browser

WORDS = {
    "de": ("An die Wertungsstelle senden", "Erneut prüfen", "DSB-XML herunterladen", "Fehler: 0"),
    "en": ("Submit to the rating office", "Check again", "Download DSB XML", "Errors: 0"),
}


def _source(tmp_path: Path) -> tuple[Path, str]:
    data = json.loads(ILMENAU_EXAMPLE.read_text(encoding="utf-8"))
    missing = data["players"][3]
    missing.pop("birth_year")
    path = tmp_path / "ilmenau-no-birth-year.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path, str(missing["id"])


def _part_shots(page, name: str) -> None:
    """The part alone at 1280 and 360 px (the full page is long); no sideways scrolling."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900 if width > 400 else 740})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # the part's box in page coordinates, then a page screenshot clipped to it (an element
        # screenshot waits for the element to be "stable", which a long part just reflowed by
        # the resize may not be within its timeout on a busy machine)
        box = page.eval_on_selector(
            "[data-testid=submission]",
            "e => { const r = e.getBoundingClientRect();"
            " return {x: r.left + window.scrollX, y: r.top + window.scrollY,"
            " width: r.width, height: r.height}; }",
        )
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True, clip=box)
    page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", ["de", "en"])
def test_fill_a_missing_birth_year_check_again_and_download(page, base_url, tmp_path, lang) -> None:
    title, again, download, clean = WORDS[lang]
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    source, pid = _source(tmp_path)
    page.goto(f"{base_url}/{lang}/tournament")
    page.set_input_files("#f-file", str(source))
    page.click("button.primary")
    page.wait_for_url(re.compile(rf"/{lang}/tournament/[0-9a-f]+$"), timeout=60000)
    part = page.locator("[data-testid=submission]")
    assert part.locator("h2").inner_text() == title
    assert part.locator("[data-testid=submit-download]").count() == 0
    assert part.locator("[data-testid=submit-download-anyway]").is_visible()
    problems = part.locator("li.submit-problem")
    assert problems.first.get_attribute("data-severity") == "error"
    birth = part.locator(f"input[name='birth_year.{pid}']")
    assert birth.is_visible()
    screenshot(page, f"submission-errors-{lang}")
    _part_shots(page, f"submission-part-errors-{lang}")

    birth.fill("1988")
    part.locator("input[name=time_control]").fill("90+30")
    part.locator("input[name=start_date]").fill("2024-11-01")
    part.locator("input[name=location]").fill("Ilmenau")
    assert part.locator("[data-testid=submit-recheck]").inner_text() == again
    part.locator("[data-testid=submit-recheck]").click()
    page.wait_for_url(re.compile(rf"birth_year\.{pid}=1988"))
    part = page.locator("[data-testid=submission]")
    assert clean in part.locator("[data-testid=submit-counts]").inner_text()
    assert "location=Ilmenau" in page.locator("#share-url").input_value()
    screenshot(page, f"submission-clean-{lang}")
    _part_shots(page, f"submission-part-clean-{lang}")
    assert part.locator("[data-testid=submit-download]").inner_text() == download
    with page.expect_download() as info:
        part.locator("[data-testid=submit-download]").click()
    data = Path(info.value.path()).read_bytes()
    assert schema_errors(data) == []
    assert b"<dobYear>1988</dobYear>" in data and b"<location>Ilmenau</location>" in data
    assert errors == []

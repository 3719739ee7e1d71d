"""CHANGELOG.md follows Keep a Changelog 1.1.0, and its newest version is the package's (issue 21)."""

from __future__ import annotations

import re
import tomllib
from datetime import date
from pathlib import Path

import wertung

ROOT = Path(__file__).resolve().parents[2]
SUBSECTIONS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
RELEASE = re.compile(r"## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})")

Section = tuple[str, list[tuple[str, list[str]]]]  # "## …" heading, its ("### …", lines) parts


def _sections() -> tuple[list[str], list[Section]]:
    """The lines before the first ``##`` heading, and each ``##`` section with its ``###`` parts."""
    head: list[str] = []
    sections: list[Section] = []
    for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            sections.append((line, []))
        elif line.startswith("### "):
            assert sections, f"{line!r} before the first version"
            sections[-1][1].append((line, []))
        elif sections and sections[-1][1]:
            sections[-1][1][-1][1].append(line)
        elif sections:
            assert not line.strip(), f"{line!r} in {sections[-1][0]!r} outside a ### subsection"
        else:
            head.append(line)
    return head, sections


def _released() -> list[tuple[tuple[int, int, int], date]]:
    released = []
    for heading, _ in _sections()[1][1:]:
        match = RELEASE.fullmatch(heading)
        assert match, f"{heading!r} is not '## [X.Y.Z] - YYYY-MM-DD'"
        version = (int(match[1]), int(match[2]), int(match[3]))
        released.append((version, date.fromisoformat(match[4])))
    return released


def test_the_header_names_the_format() -> None:
    head, _ = _sections()
    assert head[0] == "# Changelog"
    text = " ".join(head)
    assert "Keep a Changelog" in text and "keepachangelog.com/en/1.1.0" in text
    assert "Semantic Versioning" in text
    assert not any(line.startswith("#") for line in head[1:])


def test_unreleased_comes_first_then_versions_newest_first() -> None:
    _, sections = _sections()
    assert sections[0][0] == "## [Unreleased]"
    released = _released()
    assert released, "no released version"
    versions = [version for version, _ in released]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    dates = [day for _, day in released]
    assert dates == sorted(dates, reverse=True)


def test_only_the_six_subsections_once_each_in_order_and_never_empty() -> None:
    for heading, parts in _sections()[1]:
        names = [part.removeprefix("### ") for part, _ in parts]
        assert set(names) <= set(SUBSECTIONS), (heading, names)
        assert names == sorted(set(names), key=SUBSECTIONS.index), f"{heading}: {names}"
        for part, lines in parts:
            assert any(line.startswith("- ") for line in lines), f"{heading} {part} has no entry"
        if heading != "## [Unreleased]":
            assert parts, f"{heading} has no entries"
    deeper = [line for _, parts in _sections()[1] for _, lines in parts for line in lines]
    assert not any(line.startswith("#") for line in deeper), "a heading below ###"


def test_the_newest_version_is_the_package_version() -> None:
    (major, minor, patch), _ = _released()[0]
    newest = f"{major}.{minor}.{patch}"
    assert wertung.__version__ == newest
    with (ROOT / "pyproject.toml").open("rb") as file:
        assert tomllib.load(file)["project"]["version"] == newest

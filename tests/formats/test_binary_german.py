"""Damaged Swiss-Chess and Swiss-Manager files: every error in German is German throughout.

What a read was of (``the name``, ``fide rating``, ``player record 3 …: birth date (offset
…)``, ``section 6``) travels as catalogue data (``formats/_binary.py``), not as English text
inside the German message. The files are the real samples, cut short at many lengths and
with bytes changed at seeded random places.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from support.english_words import leaks
from wertung.catalogue import render
from wertung.formats import swiss_manager, swt
from wertung.formats._binary import Binary, field_of, numbered, record
from wertung.kernel.errors import WertungError

DATA = Path(__file__).parents[1] / "data"
FILES = [
    *sorted((DATA / "swt").glob("*.SWT")),
    *sorted((DATA / "swiss-manager").glob("*.TU?X")),
]


def _damaged(data: bytes, seed: int) -> list[bytes]:
    rnd = random.Random(seed)
    out = [data[:n] for n in range(0, len(data), max(1, len(data) // 150))]
    for _ in range(250):
        changed = bytearray(data)
        for _ in range(rnd.randint(1, 6)):
            changed[rnd.randrange(len(changed))] = rnd.randrange(256)
        out.append(bytes(changed))
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_damaged_files_say_it_in_german(path: Path) -> None:
    parse = swt.parse if path.suffix.upper() == ".SWT" else swiss_manager.parse
    seen: dict[str, str] = {}
    for data in _damaged(path.read_bytes(), seed=len(path.name)):
        try:
            parse(data)
        except WertungError as error:
            german = render(error, "de")
            seen.setdefault(str(error.code), german)
            assert not leaks(german), (german, leaks(german))
            assert render(error, "en") == error.message  # English as it was
    assert len(seen) >= 3  # the corpus reaches several errors


def test_what_a_read_was_of_in_both_languages() -> None:
    data = Binary(b"\x00" * 8, "SWT")
    where = record("player", 3, 0x1A63)
    cases = [
        (field_of(where, "birth date"), "Spielerdatensatz 3 bei Offset 0x1a63: Geburtsdatum"),
        (numbered("place.period", "time control period 2", 2), "Bedenkzeitperiode 2"),
        ("tournament header", "Turnierkopf"),
    ]
    for what, german in cases:
        with pytest.raises(WertungError) as caught:
            data.u16(20, what)
        assert render(caught.value, "de") == (
            f"SWT: {german} bei Offset 0x14 liegt hinter dem Dateiende (8 Bytes)"
        )
        assert render(caught.value, "en") == (
            f"SWT: {what} at offset 0x14 lies beyond the end of the file (8 bytes)"
        )

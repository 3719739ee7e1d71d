"""An engine error as the page shows it beside the field it names, in the page's language."""

from __future__ import annotations

from wertung.catalogue import UNTRANSLATED, render_place
from wertung.catalogue import render as render_message
from wertung.kernel.errors import (
    InvalidDate,
    InvalidIndex,
    InvalidRating,
    InvalidResult,
    WertungError,
)
from wertung.web.i18n import Translator

__all__ = ["error_text"]


def error_text(error: WertungError, t: Translator) -> str:
    """The engine's message in the page's language (:mod:`wertung.catalogue`).

    Bad values of the common kinds stand alone, capitalised (the message names the
    field and the value); the page's own short label goes in front of one the catalogue
    does not know (English only).
    """
    if error.where.get("unreachable"):  # web.import_service.ChessResultsUnreachable
        return t("import.unreachable")
    kind_of_file = error.where.get("file_kind")
    if kind_of_file is not None and t.lang != "en":
        label = render_place(error)  # the file's name, as the message has it
        what = t(f"upload.kind.{kind_of_file}")
        return f"{label}: {what}" if label and label != "the file" else what[:1].upper() + what[1:]
    text = render_message(error, t.lang)
    for kind, key in (
        (InvalidRating, "error.rating"),
        (InvalidIndex, "error.index"),
        (InvalidResult, "error.result"),
        (InvalidDate, "error.date"),
    ):
        if isinstance(error, kind):
            if error.code != UNTRANSLATED:
                # The catalogue's message names the field and the value: it stands alone,
                # as a sentence (it starts with the field's name, never with typed text).
                return text[:1].upper() + text[1:]
            return t(key) + f" ({text})"
    return text

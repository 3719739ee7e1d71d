"""Places: what a message stands in front of (``line 12: …``, ``tournament 5, crosstable: …``)."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["PLACES", "WHERE_PLACES"]

PLACES: tuple[E, ...] = (
    E("place.line", "line {n:int}", "Zeile {n}"),
    E("place.lines", "lines {a:int} and {b:int}", "Zeilen {a} und {b}"),
    E("place.file_line", "{file:path} line {n:int}", "{file} Zeile {n}"),
    E("place.row", "row {n:int}", "Zeile {n}"),
    E("place.rows", "rows {a:int} and {b:int}", "Zeilen {a} und {b}"),
    E("place.column", "column {c}", "Spalte {c}"),
    E("place.sheet", "sheet {title:q}", "Blatt {title}"),
    E("place.round", "round {n:int}", "Runde {n}"),
    E("place.round_schedule", "round {n:int} of the schedule", "Runde {n} des Rundenplans"),
    E("place.board", "board {n}", "Brett {n}"),
    E("place.match", "match {n}", "Mannschaftskampf {n}"),
    E("place.board_with", "board with player {p}", "Brett mit Spieler {p}"),
    E("place.game", "game {n:int}", "Partie {n}"),
    E("place.carry_game", "carry-over game {n:int}", "übertragene Partie {n}"),
    E("place.player", "player {p}", "Spieler {p}"),
    E("place.player_against", "player {p} against {o}", "Spieler {p} gegen {o}"),
    E("place.players", "players {a} and {b}", "Spieler {a} und {b}"),
    E("place.player_hash", "player #{n}", "Spieler Nr. {n}"),
    E(
        "place.pairing_record",
        "player {p} (pairing record at offset {offset})",
        "Spieler {p} (Paarungsdatensatz bei Offset {offset})",
    ),
    E(
        "place.player_record",
        "player record {n:int} at offset {offset}",
        "Spielerdatensatz {n} bei Offset {offset}",
    ),
    E(
        "place.team_record",
        "team record {n:int} at offset {offset}",
        "Mannschaftsdatensatz {n} bei Offset {offset}",
    ),
    E("place.game_record", "game record at offset {offset}", "Partiedatensatz bei Offset {offset}"),
    # what a binary file's read was of (formats/_binary.py): a field, where it lies
    E("place.field", "{name:term}", "{name}"),
    E("place.offset", "(offset {offset})", "(Offset {offset})"),
    E("place.at_offset", "at offset {offset}", "bei Offset {offset}"),
    E("place.text", "text {n:int}", "Text {n}"),
    E("place.period", "time control period {n:int}", "Bedenkzeitperiode {n}"),
    E("place.section", "section {n:int}", "Abschnitt {n}"),
    E("place.tournament", "tournament {n}", "Turnier {n}"),
    E("place.view", "{view:term} ({detail})", "{view} ({detail})"),
    E("place.view_art", "view art={art}", "Ansicht art={art}"),
    E(
        "place.view_card",
        "player card {i}/{count} ({detail})",
        "Spielerkarte {i}/{count} ({detail})",
    ),
    E(
        "place.view_round_pairings",
        "pairings of round {n:int} ({detail})",
        "Paarungen der Runde {n} ({detail})",
    ),
    E("place.page", "page {n:int}", "Seite {n}"),
    E("place.saved_pages", "saved pages", "gespeicherte Seiten"),
    E("place.ids", "ids for player {p}", "Kennungen für Spieler {p}"),
    E("place.ids_list", "ids", "Kennungen"),
    E("place.overrides", "overrides", "Korrekturen"),
    E("place.scoring", "scoring record 162", "Punktwertung (Satz 162)"),
    E("place.path", "{path:path}", "{path}"),
    E("place.exception", "{kind:exc}", "{kind}"),
    E("place.swt", "SWT", "SWT"),
    E("place.swiss_manager", "Swiss-Manager", "Swiss-Manager"),
    E("place.trf", "TRF", "TRF"),
    E("place.dsb_list", "DSB list", "DSB-Liste"),
    E("place.dash_option", "--{option}", "--{option}"),
)

#: Where an error is (its ``where`` keys), as the command line writes it in front of a
#: message that does not name it (``cli/_common.describe``): ``player 3, round 2: …``.
#: Made from the error's data only, never recognised in a text (not in the matcher).
WHERE_PLACES: tuple[E, ...] = (
    E("place.where.player", "player {value}", "Spieler {value}"),
    E("place.where.round", "round {value}", "Runde {value}"),
    E("place.where.game", "game {value}", "Partie {value}"),
    E("place.where.line", "line {value}", "Zeile {value}"),
    E("place.where.column", "column {value}", "Spalte {value}"),
    E("place.where.carry_over", "carry_over {value}", "übertragene Partie {value}"),
    E("place.where.key", "key {value}", "Schlüssel {value}"),
    E("place.where.file_kind", "file_kind {value}", "Dateiart {value}"),
    E("place.where.element", "element {value}", "Element {value}"),
    E("place.where.bye", "bye {value}", "Freilos {value}"),
    E("place.where.tournament", "tournament {value}", "Turnier {value}"),
    E("place.where.other", "{key} {value}", "{key} {value}"),  # a key not listed above
)

"""The words of the results CSV (:mod:`wertung.formats.results_csv`): columns, values, closing rows.

Each entry is ``key → (German, English)`` like :data:`wertung.catalogue.data_terms.TERMS`.
The English side is what the English CSV has always written -- the engine's names, so a
script that reads it keeps working; the German side is what a German spreadsheet user
reads. Keys: ``csv.column.<column>``, ``csv.row.<row>`` (the rows after the players),
``csv.source.<kind>`` (where a value came from), ``csv.yes`` / ``csv.no``; a player's
status is the tables' ``status.<status>`` word in German.

>>> CSV["csv.column.dwz_after"]
('DWZ neu', 'dwz_after')
"""

from __future__ import annotations

__all__ = ["CSV"]

CSV: dict[str, tuple[str, str]] = {
    # the columns (formats/results_csv.py COLUMNS, then the web's extra columns)
    "csv.column.id": ("Kennung", "id"),
    "csv.column.name": ("Name", "name"),
    "csv.column.status": ("Status", "status"),
    "csv.column.dwz_before": ("DWZ alt", "dwz_before"),
    "csv.column.index_before": ("Index alt", "index_before"),
    "csv.column.dwz_after": ("DWZ neu", "dwz_after"),
    "csv.column.index_after": ("Index neu", "index_after"),
    "csv.column.change": ("Änderung", "change"),
    "csv.column.dwz_after_lowest": ("DWZ neu (niedrigste)", "dwz_after_lowest"),
    "csv.column.dwz_after_highest": ("DWZ neu (höchste)", "dwz_after_highest"),
    "csv.column.points": ("Punkte", "points"),
    "csv.column.score": ("Punkte gewertet", "score"),
    "csv.column.counted_games": ("Partien gewertet", "counted_games"),
    "csv.column.expected_score": ("Punkterwartung", "expected_score"),
    "csv.column.development_factor": ("Entwicklungsfaktor", "development_factor"),
    "csv.column.development_coefficient": ("Entwicklungskoeffizient", "development_coefficient"),
    "csv.column.performance": ("Leistung", "performance"),
    "csv.column.elo_before": ("Elo alt", "elo_before"),
    "csv.column.elo_after": ("Elo neu", "elo_after"),
    "csv.column.elo_change": ("Elo-Änderung", "elo_change"),
    "csv.column.birth_year": ("Geburtsjahr", "birth_year"),
    # the history's columns (results_csv.HISTORY_COLUMNS) beside the ones above
    "csv.column.tournament": ("Turnier", "tournament"),
    "csv.column.end_date": ("Enddatum", "end_date"),
    "csv.column.regulations": ("Wertungsordnung", "regulations"),
    "csv.column.upgrade": ("Anhebung", "upgrade"),
    "csv.column.member": ("DSB-Mitglied", "member"),
    "csv.column.dwz_source": ("Herkunft DWZ", "dwz_source"),
    "csv.column.index_source": ("Herkunft Index", "index_source"),
    "csv.column.birth_year_source": ("Herkunft Geburtsjahr", "birth_year_source"),
    "csv.column.member_source": ("Herkunft Mitgliedschaft", "member_source"),
    # yes and no (a cell's true/false, whether the result is complete)
    "csv.yes": ("ja", "yes"),
    "csv.no": ("nein", "no"),
    # where a value came from (web/enrich.py PROVENANCE)
    "csv.source.source": ("Quelle", "source"),
    "csv.source.list": ("DSB-Liste", "list"),
    "csv.source.user": ("korrigiert", "user"),
    "csv.source.assumed": ("angenommen", "assumed"),
    # the rows after the players
    "csv.row.complete": ("vollständig", "complete"),
    "csv.row.after_round": ("nach Runde", "after_round"),
    "csv.row.incomplete": ("unvollständig", "incomplete"),
    "csv.row.note": ("Hinweis", "note"),
    "csv.row.warning": ("Warnung", "warning"),
    "csv.row.tournament": ("Turnier", "tournament"),
    "csv.row.dsb_list": ("DSB-Liste", "dsb_list"),
    "csv.row.corrections": ("Korrekturen", "corrections"),
    "csv.list_of": ("Liste vom {date}", "list of {date}"),
}

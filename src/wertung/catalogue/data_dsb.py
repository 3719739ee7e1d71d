"""The DSB rating list: reading, downloading, matching, the store."""

from __future__ import annotations

from wertung.catalogue._entry import Entry as E

__all__ = ["DSB"]

_KEPT_EN = "the loaded list was kept"
_KEPT_DE = "die geladene Liste bleibt erhalten"
_LATER_EN = "try again later"
_LATER_DE = "bitte später erneut versuchen"
_NOT_EN = "this is not a DSB list"
_NOT_DE = "das ist keine DSB-Liste"

DSB: tuple[E, ...] = (
    # download (sources/_dsb_fetch.py, dsb_download.py)
    E(
        "dsb.redirects",
        "the DSB list at {url}: more than {most:int} redirects; refused",
        "Die DSB-Liste unter {url}: mehr als {most} Weiterleitungen; abgelehnt",
    ),
    E(
        "dsb.host",
        "the DSB list is downloaded only from {hosts:list}, not from {url}",
        "Die DSB-Liste wird nur von {hosts} geladen, nicht von {url}",
    ),
    E(
        "dsb.https",
        "the DSB list can only be downloaded over https, not from {url}",
        "Die DSB-Liste kann nur über https geladen werden, nicht von {url}",
    ),
    E(
        "dsb.redirect_other",
        "the DSB list at {origin} redirects to {target}, another site; refused (the list is only taken from the DSB's own server)",
        "Die DSB-Liste unter {origin} leitet auf {target} weiter, eine andere Seite; abgelehnt (die Liste wird nur "
        "vom Server des DSB übernommen)",
    ),
    E(
        "dsb.redirect_http",
        "the DSB list at {origin} redirects to {target}, which is not https; refused",
        "Die DSB-Liste unter {origin} leitet auf {target} weiter, das kein https ist; abgelehnt",
    ),
    E("dsb.not_address", "{url} is not a web address", "{url} ist keine Webadresse"),
    E(
        "dsb.timeout",
        "the DSB list at {url}: no answer within {timeout:num} s; " + _KEPT_EN + ", " + _LATER_EN,
        "Die DSB-Liste unter {url}: keine Antwort innerhalb von {timeout} s; "
        + _KEPT_DE
        + ", "
        + _LATER_DE,
    ),
    E(
        "dsb.broke_off",
        "the download of the DSB list from {url} broke off ({detail:msg}); "
        + _KEPT_EN
        + ", "
        + _LATER_EN,
        "Das Laden der DSB-Liste von {url} brach ab ({detail}); " + _KEPT_DE + ", " + _LATER_DE,
    ),
    E(
        "dsb.failed",
        "the DSB list at {url} could not be downloaded ({kind}: {detail:msg}); "
        + _KEPT_EN
        + ", check the network and try again later",
        "Die DSB-Liste unter {url} konnte nicht geladen werden ({kind}: {detail}); "
        + _KEPT_DE
        + ", bitte das Netzwerk prüfen und später erneut versuchen",
    ),
    E(
        "dsb.status",
        "the DSB list at {url}: the server answered {status} {reason}; "
        + _KEPT_EN
        + ", "
        + _LATER_EN,
        "Die DSB-Liste unter {url}: der Server antwortete {status} {reason}; "
        + _KEPT_DE
        + ", "
        + _LATER_DE,
    ),
    E(
        "dsb.encoded",
        "the DSB list at {url} came {encoding}-encoded although wertung asked for it unencoded; refused, "
        + _KEPT_EN,
        "Die DSB-Liste unter {url} kam {encoding}-kodiert, obwohl wertung sie unkodiert angefordert hat; abgelehnt, "
        + _KEPT_DE,
    ),
    E(
        "dsb.short",
        "the download of the DSB list from {url} broke off after {size:count} of {expected:count} bytes; "
        + _KEPT_EN
        + ", "
        + _LATER_EN,
        "Das Laden der DSB-Liste von {url} brach nach {size} von {expected} Bytes ab; "
        + _KEPT_DE
        + ", "
        + _LATER_DE,
    ),
    E(
        "dsb.redirect_no_target",
        "the DSB list at {url}: a redirect ({status}) without a target",
        "Die DSB-Liste unter {url}: eine Weiterleitung ({status}) ohne Ziel",
    ),
    E(
        "dsb.too_large_declared",
        "the DSB list at {url} is {size:size}, more than the {limit:size} accepted; refused, "
        + _KEPT_EN,
        "Die DSB-Liste unter {url} ist {size} groß, mehr als die zulässigen {limit}; abgelehnt, "
        + _KEPT_DE,
    ),
    E(
        "dsb.too_large",
        "the DSB list at {url} is more than the {limit:size} accepted; the download was stopped, "
        + _KEPT_EN,
        "Die DSB-Liste unter {url} ist größer als die zulässigen {limit}; das Laden wurde abgebrochen, "
        + _KEPT_DE,
    ),
    E(
        "dsb.too_slow",
        "the download of the DSB list from {url} took too long ({size:size} so far); it was stopped, "
        + _KEPT_EN
        + ", "
        + _LATER_EN,
        "Das Laden der DSB-Liste von {url} dauerte zu lange ({size} bisher); es wurde abgebrochen, "
        + _KEPT_DE
        + ", "
        + _LATER_DE,
    ),
    E(
        "dsb.too_few",
        "the DSB list downloaded from {url} has only {count:num} players, fewer than the {least:num} "
        "expected of the whole list; " + _KEPT_EN,
        "Die von {url} geladene DSB-Liste hat nur {count} Spieler, weniger als die {least}, die die ganze Liste "
        "haben sollte; " + _KEPT_DE,
    ),
    E(
        "dsb.304",
        "the DSB list at {url}: the server answered 304 (not modified) to a request that was not "
        "conditional; run the update again later",
        "Die DSB-Liste unter {url}: der Server antwortete 304 (nicht geändert) auf eine nicht bedingte Anfrage; "
        "bitte die Aktualisierung später erneut starten",
    ),
    E("dsb.not_zip", "not a readable zip archive", "Kein lesbares ZIP-Archiv"),
    E("dsb.sent_empty", "the server sent an empty file", "der Server schickte eine leere Datei"),
    E(
        "dsb.sent_page",
        "the server sent a web page, not the zip archive",
        "der Server schickte eine Webseite statt des ZIP-Archivs",
    ),
    E(
        "dsb.sent_other",
        "the server sent something that is not a zip archive (it starts with {start})",
        "der Server schickte etwas, das kein ZIP-Archiv ist (es beginnt mit {start})",
    ),
    E(
        "dsb.unusable",
        "the DSB list downloaded from {url} is not usable ({reason:msg}); " + _KEPT_EN,
        "Die von {url} geladene DSB-Liste ist nicht brauchbar ({reason}); " + _KEPT_DE,
    ),
    # status lines of an update or refresh (sources/dsb_download.py: UpdateResult.message)
    E(
        "dsb.current",
        "the loaded DSB list is current (the server answered 304 Not Modified)",
        "Die geladene DSB-Liste ist aktuell (der Server antwortete 304 Not Modified)",
    ),
    E(
        "dsb.downloaded",
        "downloaded {size:size} and loaded {players:num} players",
        "{size} heruntergeladen und {players} Spieler geladen",
    ),
    E(
        "dsb.confirmed",
        "the DSB list was confirmed current at {day:date} {time}",
        "Die DSB-Liste wurde am {day} {time} als aktuell bestätigt",
    ),
    E(
        "dsb.retry_later",
        "the last refresh failed at {day:date} {time} ({error:msg}); the next try after {next_day:date} {next_time}",
        "Die letzte Aktualisierung schlug am {day} {time} fehl ({error}); der nächste Versuch nach dem "
        "{next_day} {next_time}",
    ),
    E(
        "dsb.busy",
        "another process is refreshing the DSB list",
        "Ein anderer Prozess aktualisiert gerade die DSB-Liste",
    ),
    E(
        "dsb.refresh_bug",
        "the DSB list refresh failed unexpectedly ({detail:msg})",
        "Die Aktualisierung der DSB-Liste schlug unerwartet fehl ({detail})",
    ),
    # the zip guard's refusals (formats/_zipguard.py: zip.*) with the DSB reader's hint (sources/dsb_csv.py)
    E(
        "dsb.not_a_list",
        "{reason:msg}; " + _NOT_EN + " (or the limit needs raising)",
        "{reason}; " + _NOT_DE + " (oder die Grenze muss angehoben werden)",
    ),
    # the CSV files (sources/dsb_csv.py)
    E(
        "dsbcsv.range",
        "{column} {value} is out of range ({low}–{high})",
        "{column} {value} liegt außerhalb des Bereichs ({low}–{high})",
    ),
    E(
        "dsbcsv.not_player_list",
        "not a DSB player list{hint}; missing column(s) {columns:list}; the header is {header:q}",
        "Keine DSB-Spielerliste{hint}; fehlende Spalten {columns}; der Tabellenkopf ist {header}",
    ),
    E(
        "dsbcsv.not_club_list",
        "not a DSB club list (needs ZPS-Nummer and Vereinsname); the header is {header}",
        "Keine DSB-Vereinsliste (braucht ZPS-Nummer und Vereinsname); der Tabellenkopf ist {header}",
    ),
    E("dsbcsv.no_file", "no such file", "Diese Datei gibt es nicht"),
    E(
        "dsbcsv.byte",
        "byte 0x{byte} is not windows-1252 text",
        "Byte 0x{byte} ist kein windows-1252-Text",
    ),
    E("dsbcsv.broken", "broken CSV ({detail:msg})", "Fehlerhaftes CSV ({detail})"),
    E("dsbcsv.empty", "{what:term} is empty", "{what} ist leer"),
    E(
        "dsbcsv.fields",
        "{count:int} fields, the header has {width:int}",
        "{count} {count|Feld|Felder}, der Tabellenkopf hat {width}",
    ),
    E("dsbcsv.zps_empty", "the ZPS is empty", "Die ZPS ist leer"),
    E(
        "dsbcsv.birth",
        "Geburtsjahr {value:q} is not a year of birth",
        "Geburtsjahr {value} ist kein Geburtsjahr",
    ),
    E("dsbcsv.cannot_read", "cannot read ({reason:msg})", "nicht lesbar ({reason})"),
    E(
        "dsbcsv.no_spieler_dir",
        "the directory has no spieler.csv",
        "Das Verzeichnis hat keine spieler.csv",
    ),
    E("dsbcsv.damaged_zip", "a damaged zip archive", "ein beschädigtes ZIP-Archiv"),
    E("dsbcsv.fide_id", "FIDE-ID {value:q} is not a number", "FIDE-ID {value} ist keine Zahl"),
    E(
        "dsbcsv.unreadable_zip",
        "not a readable zip archive ({detail:msg})",
        "kein lesbares ZIP-Archiv ({detail})",
    ),
    E(
        "dsbcsv.no_spieler_zip",
        "the archive has no spieler.csv (it has {members:list})",
        "Das Archiv hat keine spieler.csv (es enthält {members})",
    ),
    # matching, ids and the store (dsb_ids.py, dsb_match.py, sources/store.py, cli/dsb_list.py)
    E(
        "dsb.ids_value",
        "{value:q} is neither a DSB person id (PKZ) nor a (ZPS, member number) pair",
        "{value} ist weder eine DSB-Personenkennziffer (PKZ) noch ein Paar (ZPS, Mitgliedsnummer)",
    ),
    E(
        "dsb.not_loaded_load",
        "no DSB list is loaded (store {path}); load one with `wertung dsb-list load LV-0-csv.zip`",
        "Keine DSB-Liste geladen (Speicher {path}); bitte eine laden mit `wertung dsb-list load LV-0-csv.zip`",
    ),
    E(
        "dsb.not_loaded_again",
        "no DSB list is loaded (store {path}); run the update again",
        "Keine DSB-Liste geladen (Speicher {path}); bitte die Aktualisierung erneut starten",
    ),
    E(
        "dsb.not_loaded_file",
        "no DSB list is loaded (store {path}); run `wertung dsb-list load FILE`",
        "Keine DSB-Liste geladen (Speicher {path}); bitte `wertung dsb-list load DATEI` ausführen",
    ),
    E("dsb.give_name", "give a name to search for", "Bitte einen Namen zum Suchen angeben"),
    E(
        "dsb.bad_date",
        "--date {date:q} is not a date (YYYY-MM-DD)",
        "--date {date} ist kein Datum (JJJJ-MM-TT)",
    ),
    E(
        "dsb.overrides_map",
        "overrides for player {id:q} must map fields to values",
        "Die Korrekturen für Spieler {id} müssen Feldern Werte zuordnen",
    ),
    E(
        "dsb.overrides_key",
        "{key:q} cannot be overridden (only {fields:list})",
        "{key} kann nicht korrigiert werden (nur {fields})",
    ),
    E(
        "dsb.member_value",
        "member {value:q} must be true, false or null",
        "member {value} muss true, false oder null sein",
    ),
    E(
        "store.schema",
        "the store {path} has schema version {version}, newer than this wertung understands ({known}); update "
        "wertung or use another WERTUNG_DATA_DIR",
        "Der Speicher {path} hat die Schemaversion {version}, neuer als diese wertung-Version versteht ({known}); "
        "bitte wertung aktualisieren oder ein anderes WERTUNG_DATA_DIR verwenden",
    ),
    E(
        "store.cannot_open",
        "cannot open the store {path}: {detail:msg}",
        "Der Speicher {path} lässt sich nicht öffnen: {detail}",
    ),
    E(
        "store.unusable",
        "the store {path} is not a usable wertung database ({detail:msg}); move it away or set WERTUNG_DATA_DIR",
        "Der Speicher {path} ist keine brauchbare wertung-Datenbank ({detail}); bitte verschieben oder "
        "WERTUNG_DATA_DIR setzen",
    ),
)

"""``method="swiss-chess"`` reproduces Swiss-Chess's printouts (issue 19, item 6).

The printouts of the Ilmenau Open 2024 and 2025 (``tests/data/swiss-chess/``, read by
``tests/support/swiss_chess_printouts.py``) are run through the command line as a user would,
and every new DWZ and Elo is compared with the printed one. Every player whose new DWZ
is not the printed one is listed below with the cause: a change of the list is a change
of what the method reproduces.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from swiss_chess_printouts import EVENTS, dwz_printout, elo_printout, path, tournament
from typer.testing import CliRunner

import wertung
from wertung import Game, GameResult, Player, Tournament, dwz, fide
from wertung.cli import app
from wertung.formats import tournament_json
from wertung.kernel import swiss_chess
from wertung.kernel.errors import InvalidDate, InvalidInput

runner = CliRunner()

#: Every 2024 player whose new DWZ differs from the printout, with the cause.
RESIDUALS_2024 = {
    # E: the printout shows E 5 = 5·index for index 1; the index is not printed, the
    # tournament file gives 99 (the formula's E is 6).
    "46": "E capped by the index (E 5 printed, 6 by the formula)",
    "50": "E capped by the index (E 5 printed, 6 by the formula)",
    # E one lower than the formula's 19 (18.78 = E0·fB); not a multiple of 5, so not the
    # index: unexplained. With the printed E the change is reproduced.
    "15": "E 18 printed, 19 by the formula (unexplained)",
    # The change is a whole number exactly (printed E and We): Swiss-Chess's floating point
    # lands just below it and truncates to one less in magnitude, ours (We the float sum
    # of the table's P in game order, the rest exact) not -- or the other way round.
    "22": "whole-number change +22: printed +21",
    "23": "whole-number change +8: printed +7",
    "27": "whole-number change −12: printed −11",
    "28": "whole-number change +12: printed +11",
    "29": "whole-number change +13: printed +12",
    "44": "whole-number change +72: printed +72, ours +71",
    "45": "whole-number change +69: printed +68",
    "47": "whole-number change +18: printed +17",
    "57": "whole-number change −2: printed −1",
    # Just above a whole number with the printed E and We, printed one lower: Swiss-Chess's
    # internal |W − We| is 0.005–0.04 smaller than the printed one; not reproducible.
    "31": "change +10.15 printed +9",
    "34": "change −39.11 printed −38",
    "52": "change +13.12 printed +12",
}
#: The same for 2025.
RESIDUALS_2025 = {
    "17": "whole-number change −32: printed −31",
    "54": "whole-number change +71: printed +70",
    "58": "whole-number change +76: printed +76, ours +75",
    "20": "change +9.04 printed +8",
    "21": "change −1.10 printed 0",
    "44": "change −31.06 printed −30",
    "51": "change +22.08 printed +21",
}
RESIDUALS = {2024: RESIDUALS_2024, 2025: RESIDUALS_2025}


def _cli(year: int, *options: str) -> dict:
    """The printout's tournament through ``wertung tournament --json`` with ``options``."""
    result = runner.invoke(app, ["tournament", str(path(year)), "--json", *options])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _swiss_chess(year: int) -> dict:
    return _cli(year, "--method", "swiss-chess", "--printed", EVENTS[year]["printed"])


def test_the_tournament_files_are_built_from_the_printouts() -> None:
    """The committed files are what ``tests/support/swiss_chess_printouts.py`` builds today."""
    for year in EVENTS:
        assert json.loads(path(year).read_text(encoding="utf-8")) == tournament(year), year


@pytest.mark.parametrize("year", [2024, 2025])
def test_the_printouts_w_n_we_and_opponents_average_are_reproduced(year: int) -> None:
    """The games as the builder reads them give the printed W, n, We (two-decimal table) and
    Niv for every player: the input is the printout's."""
    data = _swiss_chess(year)
    for p in data["players"]:
        row = dwz_printout(year)[int(p["id"])]
        assert p["score"] == row["W"] and p["counted_games"] == row["n"], p["id"]
        if p["dwz_before"] is not None:
            assert p["expected_score"] == pytest.approx(row["We"], abs=1e-9), p["id"]
            assert math.floor(p["dwz"]["opponent_average"] + 0.5) == row["Niv"], p["id"]


@pytest.mark.parametrize("year", [2024, 2025])
def test_new_dwz_of_the_printout_through_the_cli(year: int) -> None:
    """``--method swiss-chess --printed DATE``: the printed new DWZ, every residual named."""
    data = _swiss_chess(year)
    printed = dwz_printout(year)
    differ = {}
    for p in data["players"]:
        row = printed[int(p["id"])]
        if p["dwz_after"] != (row["Rn"] or None):
            differ[p["id"]] = (p["dwz_after"], row["Rn"])
    assert set(differ) == set(RESIDUALS[year]), differ
    exact = len(data["players"]) - len(differ)
    close = sum(1 for ours, theirs in differ.values() if abs(ours - theirs) <= 1)
    if year == 2024:
        assert exact >= 44 and exact + close >= 57  # the bar (before: 33 and 43)
    else:
        assert exact >= 52 and exact + close == 59
    # Only the index-capped E of 2024 is more than 1 away.
    assert {pid for pid, (a, b) in differ.items() if abs(a - b) > 1} == (
        {"46", "50"} if year == 2024 else set()
    )


@pytest.mark.parametrize("year", [2024, 2025])
def test_e_and_j_of_the_printout(year: int) -> None:
    """E and the age coefficient J as printed, the 2024 exceptions named above."""
    data = _swiss_chess(year)
    unexplained = {"15", "46", "50", "51"} if year == 2024 else set()  # 51: E 7 vs 6, Rn same
    for p in data["players"]:
        row = dwz_printout(year)[int(p["id"])]
        if p["dwz_before"] is None:
            continue
        assert p["dwz"]["age_coefficient"] == row["J"], p["id"]
        if p["id"] not in unexplained:
            assert p["development_coefficient"] == row["E"], p["id"]


def test_the_ages_of_2024_come_from_the_printing_year() -> None:
    """Printed in January 2025: every printed J is the age group of 2025 − birth year; the
    end date's year misses the players who moved up a group at New Year."""
    printed = dwz_printout(2024)
    at_print = _swiss_chess(2024)
    at_end = _cli(2024, "--method", "swiss-chess")
    j = {p["id"]: p["dwz"]["age_coefficient"] for p in at_print["players"] if p["dwz_before"]}
    j_end = {p["id"]: p["dwz"]["age_coefficient"] for p in at_end["players"] if p["dwz_before"]}
    assert all(j[pid] == printed[int(pid)]["J"] for pid in j)
    moved = {pid for pid in j if j_end[pid] != j[pid]}
    # Born 1999 (25 → 26: J 10 → 15) and 2004 (20 → 21: J 5 → 10).
    assert moved == {"1", "2", "24", "26", "38", "55"}
    born = {p["id"]: p["birth_year"] for p in tournament(2024)["players"]}
    assert {born[pid] for pid in moved} == {1999, 2004}


def test_the_braking_surcharge_as_swiss_chess_rounds_it() -> None:
    """The four braked players of both years: E = round(E0·fB) + round(e^((1300 − R0)/150)),
    as printed; the rules' single rounding gives one less for three of them."""
    braked = {(2024, "55"): 19, (2024, "57"): 37, (2025, "52"): 19, (2025, "57"): 11}
    for (year, pid), printed_e in braked.items():
        data = _swiss_chess(year)
        p = next(p for p in data["players"] if p["id"] == pid)
        assert p["dwz"]["braking_surcharge"] > 0
        assert p["development_coefficient"] == printed_e == dwz_printout(year)[int(pid)]["E"]
        rules_e = round(p["dwz"]["development_coefficient_unrounded"])
        assert rules_e == printed_e - (0 if pid == "57" and year == 2024 else 1)
        assert "Swiss-Chess with SBr > 0" in p["dwz"]["rules"]["development_coefficient"]


@pytest.mark.parametrize("year", [2024, 2025])
def test_new_elo_of_the_printout(year: int) -> None:
    """Every rated player's new Elo as printed: a positive change half up, a negative one
    truncated (the regulations' rounding misses the negative ones ending in .5 or more)."""
    data = _swiss_chess(year)
    printed = elo_printout(year)
    rated = [p for p in data["players"] if p["elo_before"]]
    assert len(rated) == (48 if year == 2024 else 52)
    rules_miss = 0
    for p in rated:
        row = printed[int(p["id"])]
        assert p["elo_after"] == row["Rn"], p["id"]
        assert p["elo"]["change"] == pytest.approx(row["change"], abs=1e-9), p["id"]
        rules_miss += row["Ro"] + round_half_away(row["change"]) != row["Rn"]
    assert rules_miss > 0  # e.g. Skopp 2024: −44.60, printed −44
    exact = _cli(year, "--exceptional", "off")
    for p in exact["players"]:
        if p["elo_before"]:  # the exact method keeps FIDE's rounding
            assert p["elo"]["rounded_change"] == round_half_away(p["elo"]["change"]), p["id"]


def round_half_away(value: float) -> int:
    whole = math.floor(abs(value) + 0.5 + 1e-9)
    return whole if value >= 0 else -whole


# -- the exceptional-player switch ---------------------------------------------------------


def test_exceptional_switch_on_the_cli() -> None:
    """``--exceptional on|off``: the exact method applies the rule by default (Ilmenau 2024:
    Demchenko and Eisenbach), ``off`` drops it; Swiss-Chess drops it unless ``on``."""
    exact = _cli(2024)
    off = _cli(2024, "--exceptional", "off")
    sc = _cli(2024, "--method", "swiss-chess")
    sc_on = _cli(2024, "--method", "swiss-chess", "--exceptional", "on")
    assert exact["exceptional_players"] == ["4", "53"] == sc_on["exceptional_players"]
    assert off["exceptional_players"] == [] == sc["exceptional_players"]
    # Demchenko's opponents count him with his performance only where the rule applies.
    demchenko_opponents = {"1", "5", "9", "12", "15", "21", "33"}
    changed = {
        p["id"] for p, q in zip(exact["players"], off["players"], strict=True)
        if p["dwz_after"] != q["dwz_after"]
    }  # fmt: skip
    assert demchenko_opponents <= changed
    assert "no exceptional players" in sc["rules"]["exceptional"]
    assert sc_on["rules"]["exceptional"] == exact["rules"]["exceptional"]


def test_exceptional_switch_on_history() -> None:
    source = str(path(2024))
    on = runner.invoke(app, ["history", source, "--json", "--player", "Philipp, Mathias"])
    off = runner.invoke(
        app, ["history", source, "--json", "--player", "Philipp, Mathias", "--exceptional", "off"]
    )
    assert on.exit_code == 0 and off.exit_code == 0, on.output + off.output
    rows_on = json.loads(on.stdout)["players"][0]["history"]
    rows_off = json.loads(off.stdout)["players"][0]["history"]
    assert rows_on[-1]["dwz_after"] != rows_off[-1]["dwz_after"]  # he played Demchenko
    wrong = runner.invoke(app, ["history", source, "--exceptional", "yes"])
    assert wrong.exit_code == 2 and "--exceptional 'yes': use on or off" in wrong.output


def test_bad_options_are_named_in_both_languages() -> None:
    source = str(path(2024))
    cases = [
        (["--exceptional", "maybe"], "--exceptional 'maybe': use on or off",
         "--exceptional 'maybe': bitte on oder off angeben"),
        (["--printed", "2025-01-07"], "--printed needs --method swiss-chess",
         "--printed verlangt --method swiss-chess"),
        (["--method", "swiss-chess", "--printed", "2024-10-01"],
         "printed 2024-10-01 is before the tournament (it started 2024-10-31)",
         "Druckdatum 01.10.2024 liegt vor dem Turnier (Beginn 31.10.2024)"),
        (["--method", "swiss-chess", "--printed", "someday"], "printed 'someday' is not a date",
         "ist kein Datum"),
        (["--running", "--exceptional", "off"], "do not apply to --running",
         "gelten nicht mit --running"),
    ]  # fmt: skip
    for options, english, german in cases:
        result = runner.invoke(app, ["tournament", source, *options])
        assert result.exit_code == 2 and english in result.output, result.output
        result = runner.invoke(app, ["--lang", "de", "tournament", source, *options])
        assert result.exit_code == 2 and german in result.output, result.output
        assert "Traceback" not in result.output


def _help(*args: str) -> str:
    """``wertung ARGS --help`` as a user sees it (its own process: main() picks the language)."""
    code = "import sys; from wertung.cli import main; sys.argv[0] = 'wertung'; main()"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPROFILE", "FORCE_"))}
    env.update(COLUMNS="250", LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", NO_COLOR="1")
    done = subprocess.run([sys.executable, "-c", code, *args, "--help"], capture_output=True,
                          text=True, env=env, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return " ".join(done.stdout.replace("│", " ").split())


def test_help_names_the_options_in_english_and_german() -> None:
    english = _help("tournament")
    german = _help("--lang", "de", "tournament")
    assert "--exceptional" in english and "--printed" in english
    assert "Exceptional-player rule (WO 2014 3.6): on or off" in english
    assert "the date Swiss-Chess printed its evaluation" in english
    assert "Ausnahmespieler-Regel (WO 2014 3.6): on oder off" in german
    assert "das Datum, an dem Swiss-Chess die Auswertung gedruckt hat" in german
    history = _help("--lang", "de", "history")
    assert "--exceptional" in history and "Ausnahmespieler-Regel" in history


# -- the printing date ------------------------------------------------------------------------


def _ages_tournament() -> Tournament:
    """Ended 2024-11-03: players aged 20, 25 and 40 by the end date's year, each with DWZ."""
    players = (
        Player("a", "Twenty", dwz=1700, index=20, birth_year=2004),
        Player("b", "Twenty-five", dwz=1700, index=20, birth_year=1999),
        Player("c", "Forty", dwz=1700, index=20, birth_year=1984),
        Player("d", "Opponent", dwz=1650, index=20, birth_year=1970),
    )
    games = (
        Game(1, "a", "d", GameResult.WHITE_WINS), Game(1, "b", "c", GameResult.DRAW),
        Game(2, "d", "b", GameResult.BLACK_WINS), Game(2, "c", "a", GameResult.DRAW),
        Game(3, "a", "b", GameResult.DRAW), Game(3, "c", "d", GameResult.WHITE_WINS),
    )  # fmt: skip
    return Tournament(name="ages", start_date=dt.date(2024, 11, 1),
                      end_date=dt.date(2024, 11, 3), players=players, games=games)  # fmt: skip


def test_printed_moves_exactly_the_players_crossing_an_age_limit() -> None:
    """Printed in the next January: the players aged 20 and 25 by the end date's year move
    to the next group (J 5 → 10, 10 → 15; the 20-year-old loses fB too), nobody else; a
    printout in December of the same year changes nothing."""
    t = _ages_tournament()
    at_end = wertung.evaluate(t, method="swiss-chess")
    same_year = wertung.evaluate(t, method="swiss-chess", printed=dt.date(2024, 12, 31))
    next_year = wertung.evaluate(t, method="swiss-chess", printed="2025-01-07")
    j = {p.id: p.dwz.age_coefficient for p in at_end.players}
    j_next = {p.id: p.dwz.age_coefficient for p in next_year.players}
    assert j == {"a": 5, "b": 10, "c": 15, "d": 15}
    assert j_next == {"a": 10, "b": 15, "c": 15, "d": 15}
    assert {p.id: p.dwz.age for p in next_year.players} == {"a": 21, "b": 26, "c": 41, "d": 55}
    for p, q, r in zip(at_end.players, same_year.players, next_year.players, strict=True):
        assert p.dwz_after == q.dwz_after and p.development_coefficient == q.development_coefficient
        moved = p.id in ("a", "b")
        assert (p.development_coefficient != r.development_coefficient) == moved, p.id
    assert (
        next_year.rules["age"]
        == "age = 2025 − year of birth (the printing date's year, Swiss-Chess)"
    )
    assert "age" not in at_end.rules
    # The exact method: the regulations' age (end date's year); a printing date is refused.
    with pytest.raises(InvalidInput, match="only to method swiss-chess"):
        wertung.evaluate(t, printed="2025-01-07")


def test_printed_through_the_cli(tmp_path) -> None:
    source = tmp_path / "ages.json"
    source.write_text(tournament_json.dumps(_ages_tournament()), encoding="utf-8")
    plain = runner.invoke(app, ["tournament", str(source), "--method", "swiss-chess", "--json"])
    later = runner.invoke(app, ["tournament", str(source), "--method", "swiss-chess", "--json",
                                "--printed", "7.1.2025"])  # fmt: skip
    assert plain.exit_code == 0 and later.exit_code == 0, plain.output + later.output
    before = {p["id"]: p["development_coefficient"] for p in json.loads(plain.stdout)["players"]}
    after = {p["id"]: p["development_coefficient"] for p in json.loads(later.stdout)["players"]}
    assert {pid for pid in before if before[pid] != after[pid]} == {"a", "b"}


def test_printed_is_checked() -> None:
    t = _ages_tournament()
    with pytest.raises(InvalidDate, match="is before the tournament"):
        wertung.evaluate(t, method="swiss-chess", printed="2024-10-31")
    with pytest.raises(InvalidDate, match="is not a date"):
        wertung.evaluate(t, method="swiss-chess", printed="soon")
    young = t.with_players((*t.players[:3], Player("d", "Opponent", dwz=1650, birth_year=2026)))
    with pytest.raises(InvalidDate, match="year of birth 2026 is after") as error:
        wertung.evaluate(young, method="swiss-chess", printed="2025-01-07")
    assert error.value.where == {"player": "d"}


# -- the calculators and the library -------------------------------------------------------


def test_a_forecast_uses_the_age_as_given() -> None:
    """The calculator's age is the age (no year added: the printing date is a tournament's)."""
    games = [(1700, 1), (1650, "½"), (1750, 0)]
    for age, j in ((20, 5), (21, 10), (25, 10), (26, 15)):
        f = dwz.forecast(1700, 20, games, age=age, end_date="2024-11-03", method="swiss-chess")
        assert f.age_coefficient == j
        table = dwz.forecast(1700, 20, games, age=age, end_date="2024-11-03", method="table")
        assert f.development_coefficient == table.development_coefficient
        assert f.new_rating == 1700 + math.trunc(
            800 * (Fraction(3, 2) - Fraction(f.expected_score)) / (f.development_coefficient + 3)
        )


def test_a_forecast_with_the_braking_surcharge() -> None:
    """Winger 2024 (R0 834, J 15, no points): E 37 either way; R0 1274 (Pantleon): 19 vs 18."""
    games = [(1700, 0), (1500, 0)]
    sc = dwz.forecast(1274, 20, games, age=40, end_date="2024-11-03", method="swiss-chess")
    table = dwz.forecast(1274, 20, games, age=40, end_date="2024-11-03", method="table")
    assert (sc.development_coefficient, table.development_coefficient) == (19, 18)
    assert sc.braking_surcharge == table.braking_surcharge > 0
    assert "round(SBr + 1)" in sc.rules["development_coefficient"]
    assert "truncated towards zero" in sc.rules["new_rating"]


def test_fide_rating_change_rounded_as_swiss_chess() -> None:
    """Skopp 2024: 1701, four games, K 20, −44.60: −44 (FIDE: −45); +28.60 → +29 as FIDE."""
    games = [(2019, 0), (0, 0), (0, 0), (1602, 0), (0, 1), (1548, 0), (1497, 0)]
    rules = fide.rating_change(1701, games, k=20, date="2024-11-03")
    sc = fide.rating_change(1701, games, k=20, date="2024-11-03", swiss_chess=True)
    assert float(rules.change) == float(sc.change) == -44.6
    assert (rules.rounded_change, sc.rounded_change) == (-45, -44)
    assert sc.new_rating == 1657
    assert sc.notes[-1].startswith("rounded as Swiss-Chess does")
    assert sc.to_dict()["rules"]["rounded_change"].startswith("rounded as Swiss-Chess does")
    assert not any("Swiss-Chess" in n for n in rules.notes)
    one = fide.rating_change(1701, [(1640, 0)], k=20, date="2024-11-03", swiss_chess=True)
    assert one.outcomes["loss"]["change"] == Fraction(-116, 10)  # PD .58: −11.60 truncated
    assert one.outcomes["loss"]["rounded_change"] == -11
    assert [swiss_chess.fide_rounded(h) for h in (2860, 50, 49, -50, -4460, -4499)] == [
        29, 1, 0, 0, -44, -44,
    ]  # fmt: skip


def test_the_evidence_figures_of_the_differences() -> None:
    """The figures :data:`DIFFERENCES` quotes, recomputed from the printouts."""
    truncated = rated = 0
    fits = {}
    for year in EVENTS:
        printed = dwz_printout(year)
        for row in printed.values():
            if row["E"] is None:
                continue
            rated += 1
            change = (
                800 * (Fraction(str(row["W"])) - Fraction(str(row["We"]))) / (row["E"] + row["n"])
            )
            truncated += math.trunc(change) == row["Diff"]
        t = tournament_json.loads(path(year).read_text(encoding="utf-8"))
        for rule in (False, True):
            e = wertung.evaluate(t, method="swiss-chess", exceptional_players=rule,
                                 printed=EVENTS[year]["printed"])  # fmt: skip
            fits[year, rule] = sum(
                abs(p.expected_score - printed[int(p.id)]["We"]) < 1e-9
                for p in e.players if p.dwz_before is not None
            )  # fmt: skip
            if rule:
                assert len(e.exceptional_players) == (2 if year == 2024 else 3)
    assert (truncated, rated) == (96, 115)
    assert fits == {(2024, False): 57, (2024, True): 43, (2025, False): 58, (2025, True): 40}
    text = {d.code: d.evidence for d in swiss_chess.DIFFERENCES}
    assert (
        "96 of 115" in text["change_truncated"]
        and "43 of 57 and 40 of 58" in text["exceptional_players"]
    )


def test_the_cli_table_says_it_is_swiss_chess_s_evaluation() -> None:
    args = ["tournament", str(path(2024)), "--method", "swiss-chess"]
    english = " ".join(runner.invoke(app, args).output.split())
    german = " ".join(runner.invoke(app, ["--lang", "de", *args]).output.split())
    assert "note: Swiss-Chess's unofficial evaluation, not the rating office's" in english
    assert "Inoffizielle Auswertung wie Swiss-Chess, nicht die amtliche des DSB" in german
    plain = runner.invoke(app, ["tournament", str(path(2024))]).output
    assert "Swiss-Chess" not in plain


def test_the_differences_are_named_once_with_their_evidence() -> None:
    codes = [d.code for d in swiss_chess.DIFFERENCES]
    assert len(codes) == len(set(codes)) == 6
    for d in swiss_chess.DIFFERENCES:
        assert d.swiss_chess and d.regulations and "Ilmenau" in d.evidence, d.code


def test_the_exact_method_never_sees_a_difference() -> None:
    """The default is the regulations': exceptional players (WO 2014 from 2016-08-01), the
    end date's ages, E and Rn rounded half up, FIDE's rounding."""
    t = tournament_json.loads(path(2024).read_text(encoding="utf-8"))
    exact = wertung.evaluate(t)
    assert exact.method == "exact" and exact.exceptional_players == ("4", "53")
    assert "method" not in exact.rules and "age" not in exact.rules
    pantleon = exact.player("55")
    assert pantleon.development_coefficient == round(pantleon.dwz.development_coefficient_unrounded)
    skopp = exact.player("38")
    assert skopp.elo.rounded_change == round_half_away(float(skopp.elo.change))

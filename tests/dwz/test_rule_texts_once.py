"""The DWZ rule texts are written once (issue 21 item 2): the English template in
``kernel.rule_text.TEMPLATES``, the German in the catalogue; the texts carry their code.

A rule text renders by its code and values exactly as its English alone, recognised by
the catalogue's template, renders (German and English), with the regulations' own
constants and with others.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

from wertung import dwz
from wertung.catalogue import BY_CODE, _message_of, message_for, render
from wertung.dwz._first_dwz import _first_dwz_rules
from wertung.dwz._forecast_rules import (
    _rules_2014,
    _rules_2014_swiss_chess,
    _rules_2026,
    _rules_2026_swiss_chess,
    base_value_rule,
)
from wertung.dwz.regulations import WO_2014, WO_2026
from wertung.kernel.rule_text import TEMPLATES, RuleText


def _changed(regs, **changes):
    own = getattr(regs, "replace", None)
    return own(**changes) if own is not None else dataclasses.replace(regs, **changes)


def _texts() -> list[str]:
    other_2026 = _changed(WO_2026, k_max=90, floor=1000, brake_below=1700, bonus_below=1500)
    other_2014 = _changed(WO_2014, e_max=35, braking_below=1250)
    texts: list[str] = []
    for regs in (WO_2026, other_2026):
        texts += [*_rules_2026(regs).values(), *_rules_2026_swiss_chess(regs).values(),
                  *_first_dwz_rules(regs).values()]  # fmt: skip
    for regs in (WO_2014, other_2014):
        texts += [*_rules_2014(regs).values(), *_rules_2014_swiss_chess(regs).values(),
                  *_first_dwz_rules(regs).values()]  # fmt: skip
    texts += [base_value_rule(row, column) for row in ("youth", "adult", "master")
              for column in (1, 5, 11)]  # fmt: skip
    texts.append(dwz.upgrade(2200).formula)
    return texts


def test_every_template_is_the_catalogue_entrys_english() -> None:
    for code, english in TEMPLATES.items():
        assert BY_CODE[code].en == english, code


def test_a_rule_text_renders_by_its_code_as_its_english_would() -> None:
    texts = _texts()
    coded = [text for text in texts if isinstance(text, RuleText)]
    assert len(coded) >= len(texts) - 4  # all but the plain formula "E0 = (R0/1000)^4 + J"
    assert {text.code for text in coded} == set(TEMPLATES)
    for text in coded:
        by_code, by_text = _message_of(text), message_for(str(text))
        assert (by_code.code, dict(by_code.params)) == (by_text.code, dict(by_text.params)), text
        assert render(text, "en") == str(text) == render(str(text), "en")
        assert render(text, "de") == render(str(text), "de") != str(text)


def test_a_rule_text_is_a_plain_string_to_the_json_and_survives_a_copy() -> None:
    forecast = dwz.forecast(1500, 5, [(1600, 1), (1400, 0)], age=40, end_date="2026-09-01")
    rules = forecast.to_dict()["rules"]
    assert all(isinstance(text, str) for text in rules.values())
    text = forecast.rules["development_factor"]
    assert isinstance(text, RuleText) and text == "K = K0·b + a, one decimal half up, at most 80"
    for again in (copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert again == text and (again.code, again.values) == (text.code, text.values)

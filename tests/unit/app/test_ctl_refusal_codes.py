"""The controller's refusals carry the act rules' code beside the English words the journal records: a screen
words a refusal by its code (domain/act_rules.py ``Refusal``)."""

from __future__ import annotations

import pytest

from dealer_station.app.controller import ActRefused
from dealer_station.domain.act_rules import Refusal
from tests.support.table import DEALER, DEALER_PIN, Table


def _refused(call) -> ActRefused:
    with pytest.raises(ActRefused) as refused:
        call()
    return refused.value


def test_a_dealers_act_refused_by_the_table_carries_its_code_and_words(tmp_path):
    t = Table(tmp_path)
    err = _refused(lambda: t.ctl.dealer("open_betting"))
    assert (err.code, err.why) == (Refusal.NOT_IN_STATE, "not allowed in state no_shoe")
    assert _refused(lambda: t.ctl.dealer("dance")).code is Refusal.UNKNOWN_ACT
    assert _refused(lambda: t.ctl.dealer("sign_in")).code is Refusal.STAFF_BY_SIGN_IN


def test_a_dealer_change_refused_carries_its_code(tmp_path):
    t = Table(tmp_path)
    if t.ctl.signed_in:
        t.ctl.sign_out()
    assert _refused(t.ctl.sign_out).code is Refusal.NOBODY_SIGNED_IN
    t.ctl.sign_in(DEALER, DEALER_PIN)
    err = _refused(lambda: t.ctl.sign_in(DEALER, DEALER_PIN))
    assert (err.code, err.why) == (Refusal.ALREADY_SIGNED_IN, f"dealer {DEALER} is already signed in")
    t.start_shoe()
    t.open_round()
    assert _refused(t.ctl.sign_out).code is Refusal.ROUND_OPEN
    t.ctl.dealer("call_supervisor")
    assert _refused(t.ctl.sign_out).code is Refusal.PAUSED


def test_a_supervisor_act_refused_carries_the_rules_code(tmp_path):
    t = Table(tmp_path)
    err = _refused(lambda: t.sup("resume"))
    assert err.code is Refusal.NOT_PAUSED and err.why.startswith("the table is not paused")
    assert _refused(lambda: t.sup("resume", note=" ")).code is Refusal.BAD_TEXT
    t.start_shoe()
    t.ctl.dealer("call_supervisor")
    assert _refused(lambda: t.sup("void_round")).code is Refusal.NO_ROUND_OPEN
    t.sup("resume")
    assert t.state == "ready"

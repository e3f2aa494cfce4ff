"""The act rules of domain/act_rules.py, as a table: who may do each act (role, PIN, reason), and for the dealer's
and the supervisor's acts in each kind of table, the refusal's code and words; the table machine refuses exactly
what the rules refuse, with the same words (it refuses by them), and takes what they allow."""

from __future__ import annotations

import copy

import pytest

from dealer_station.domain.act_rules import ACT_RULES, ActRule, Refusal, dealer_refusal, supervisor_refusal
from dealer_station.domain.acts import DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS
from dealer_station.domain.facts import FactKind
from dealer_station.domain.inputs import DealerInput, FrameInput, LinkInput, SupervisorInput
from dealer_station.domain.states import TableState
from dealer_station.domain.table import NO_DEALER, TableMachine

DEALER_ROLE = ActRule("dealer")
SUPERVISOR_ROLE = ActRule("supervisor", pin=True, reason=True)


@pytest.mark.parametrize(("act", "rule"), [
    ("new_shoe", DEALER_ROLE), ("change_shoe", DEALER_ROLE), ("shuffled", DEALER_ROLE),
    ("open_betting", DEALER_ROLE), ("close_betting", DEALER_ROLE), ("confirm_result", DEALER_ROLE),
    ("call_supervisor", DEALER_ROLE),
    ("sign_in", ActRule("dealer", pin=True)), ("sign_out", DEALER_ROLE),
    ("resume", SUPERVISOR_ROLE), ("enter_card", SUPERVISOR_ROLE), ("move_card", SUPERVISOR_ROLE),
    ("void_round", SUPERVISOR_ROLE), ("end_shoe", SUPERVISOR_ROLE),
])
def test_who_may_do_each_act(act, rule):
    assert ACT_RULES[act] == rule


def test_every_act_has_its_rule():
    assert set(ACT_RULES) == set(DEALER_ACTS) | set(STAFF_ACTS) | set(SUPERVISOR_ACTS)


def _act(name: str, **args) -> DealerInput:
    return DealerInput(name, args, ts="t")


def _card(token: str) -> FrameInput:
    return FrameInput("card", token.encode().hex(), token=token, ts="t")


def _table(*inputs) -> TableMachine:
    m = TableMachine()
    for inp in inputs:
        m.step(inp)
    return m


_SHOE = (_act("new_shoe"), _act("shuffled"), _card("2S"), _card("3S"), _card("4S"))   # ready for round 1
_SIGNED = (_act("sign_in", user="ana"),)

TABLES = {
    "no shoe": (),
    "no shoe, ana signed in": _SIGNED,
    "shuffle": _SHOE[:1],
    "ready, nobody ever signed in": _SHOE,
    "ready, ana signed in": _SIGNED + _SHOE,
    "ready, ana signed out": _SIGNED + _SHOE + (_act("sign_out"),),
    "betting open, ana": _SIGNED + _SHOE + (_act("open_betting"),),
    "betting closed, ana": _SIGNED + _SHOE + (_act("open_betting"), _act("close_betting")),
    "paused, ana": _SIGNED + _SHOE + (_act("open_betting"), _act("call_supervisor")),
}

CASES = [
    # (table, act, args, code or None, the words or their start)
    ("no shoe", "dance", {}, Refusal.UNKNOWN_ACT, "unknown act; allowed: new_shoe, change_shoe"),
    ("no shoe", "open_betting", {}, Refusal.NOT_IN_STATE, "not allowed in state no_shoe"),
    ("no shoe", "new_shoe", {}, None, ""),
    ("shuffle", "new_shoe", {}, Refusal.NOT_IN_STATE, "not allowed in state shuffle"),
    ("shuffle", "shuffled", {}, None, ""),
    ("ready, nobody ever signed in", "open_betting", {}, None, ""),
    ("ready, ana signed in", "open_betting", {}, None, ""),
    ("ready, ana signed out", "open_betting", {}, Refusal.NO_DEALER, NO_DEALER),
    ("ready, ana signed in", "close_betting", {}, Refusal.NOT_IN_STATE, "not allowed in state ready"),
    ("betting open, ana", "close_betting", {}, None, ""),
    ("betting closed, ana", "confirm_result", {}, Refusal.NOT_IN_STATE, "not allowed in state betting_closed"),
    ("betting closed, ana", "call_supervisor", {}, None, ""),
    ("no shoe", "call_supervisor", {}, Refusal.NOT_IN_STATE, "not allowed in state no_shoe"),
    ("paused, ana", "call_supervisor", {}, Refusal.NOT_IN_STATE, "not allowed in state paused"),
    # who is at the table
    ("no shoe", "sign_out", {}, Refusal.NOBODY_SIGNED_IN, "no dealer is signed in"),
    ("no shoe", "sign_in", {"user": " "}, Refusal.NO_DEALER_ID, "no dealer id"),
    ("no shoe", "sign_in", {"user": "ana"}, None, ""),
    ("no shoe, ana signed in", "sign_in", {"user": "ana"}, Refusal.ALREADY_SIGNED_IN,
     "dealer ana is already signed in"),
    ("no shoe, ana signed in", "sign_in", {"user": "bo"}, None, ""),
    ("ready, ana signed in", "sign_out", {}, None, ""),
    ("betting open, ana", "sign_in", {"user": "bo"}, None, ""),   # the next dealer takes over before a card
    ("betting open, ana", "sign_out", {}, Refusal.ROUND_OPEN, "round 1 is open: the dealer changes between"),
    ("betting closed, ana", "sign_in", {"user": "bo"}, Refusal.ROUND_OPEN, "round 1 is open"),
    ("paused, ana", "sign_out", {}, Refusal.PAUSED, "the table is paused: the supervisor resolves the incident"),
    ("paused, ana", "sign_in", {"user": "bo"}, Refusal.PAUSED, "the table is paused"),
]


@pytest.mark.parametrize(("table", "act", "args", "code", "words"), CASES)
def test_the_dealers_acts_in_each_table(table, act, args, code, words):
    m = _table(*TABLES[table])
    refused = dealer_refusal(m, act, args)
    assert (refused.code if refused is not None else None) is code
    if refused is not None:
        assert refused.why.startswith(words)
    # the machine refuses by the same rules: exactly these, with these words, and changes nothing then
    trial = copy.deepcopy(m)
    state = trial.state
    outputs = trial.step(_act(act, **args))
    refusals = [data["why"] for kind, data in outputs if kind == FactKind.ACT_REFUSED]
    assert refusals == ([refused.why] if refused is not None else [])
    if refused is not None:
        assert trial.state is state and len(outputs) == 1


def test_the_cases_cover_every_code_of_the_dealers_acts():
    dealer_codes = {Refusal.UNKNOWN_ACT, Refusal.NOT_IN_STATE, Refusal.SHOE_CHANGE_FIRST, Refusal.NO_DEALER,
                    Refusal.PAUSED, Refusal.ROUND_OPEN, Refusal.NOBODY_SIGNED_IN, Refusal.NO_DEALER_ID,
                    Refusal.ALREADY_SIGNED_IN}
    assert dealer_codes - {case[3] for case in CASES} == {Refusal.SHOE_CHANGE_FIRST}   # the next test's


def test_a_new_shoe_right_after_the_shoe_ended_asks_for_the_shoe_change():
    m = TableMachine()
    m.restore_before_shoe(1, True, ended=True)
    assert m.state is TableState.SHOE_END
    refused = dealer_refusal(m, "new_shoe", {})
    assert refused is not None and refused.code is Refusal.SHOE_CHANGE_FIRST
    assert [d["why"] for k, d in m.step(_act("new_shoe")) if k == FactKind.ACT_REFUSED] == [refused.why]
    assert dealer_refusal(m, "change_shoe", {}) is None


def _sup(name: str, **args) -> SupervisorInput:
    return SupervisorInput(name, "sup", "r", "n", args, ts="t")


_DEAL = _SIGNED + _SHOE + (_act("open_betting"), _act("close_betting"))
SUP_TABLES = {
    "ready": _SIGNED + _SHOE,
    "paused mid-deal": _DEAL + (_card("4S"), _card("5S"), _act("call_supervisor")),
    "paused mid-deal, 9H held": _DEAL + (_card("4S"), _card("5S"), _act("call_supervisor"), _card("9H")),
    "paused, shoe lost": _DEAL + (_card("4S"), LinkInput("lost", "unplugged", ts="t")),
    "paused between rounds": _SIGNED + _SHOE + (_act("call_supervisor"),),
    "paused at the result": _DEAL + tuple(_card(t) for t in ("9S", "2D", "KH", "3C")) + (_act("call_supervisor"),),
}

SUP_CASES = [
    ("ready", "resume", {}, Refusal.NOT_PAUSED, "the table is not paused (state ready)"),
    ("paused mid-deal", "dance", {}, Refusal.UNKNOWN_ACT, "unknown act; allowed: resume, enter_card"),
    ("paused mid-deal", "resume", {}, None, ""),
    ("paused mid-deal", "void_round", {}, None, ""),
    ("paused mid-deal", "end_shoe", {}, None, ""),
    ("paused mid-deal", "enter_card", {"token": "7C"}, None, ""),
    ("paused mid-deal", "enter_card", {"token": "ZZ"}, Refusal.BAD_CARD, ""),
    ("paused mid-deal", "move_card", {"from_position": "player1", "to_position": "nowhere"}, Refusal.BAD_POSITIONS,
     "positions must be player1..banker3"),
    ("paused mid-deal", "move_card", {"from_position": "player1", "to_position": "banker2"}, Refusal.NOT_DEALT,
     "both positions must be dealt cards of this round, and differ"),
    ("paused mid-deal", "move_card", {"from_position": "player1", "to_position": "banker1"}, None, ""),
    ("paused mid-deal, 9H held", "resume", {}, Refusal.HELD_CARDS, "the shoe read 9H while paused (held): enter it"),
    ("paused mid-deal, 9H held", "resume", {"discard_held": True}, None, ""),
    ("paused mid-deal, 9H held", "enter_card", {"token": "7C"}, Refusal.HELD_CARDS, "the shoe read 9H while paused"),
    ("paused mid-deal, 9H held", "enter_card", {"token": "9H"}, None, ""),
    ("paused, shoe lost", "resume", {}, Refusal.SHOE_DISCONNECTED, "the shoe is still disconnected"),
    ("paused between rounds", "void_round", {}, Refusal.NO_ROUND_OPEN, "no round is open (paused from ready)"),
    ("paused between rounds", "enter_card", {"token": "7C"}, Refusal.NO_CARD_EXPECTED, "no card is expected"),
    ("paused between rounds", "resume", {}, None, ""),
    ("paused at the result", "enter_card", {"token": "7C"}, Refusal.NO_CARD_EXPECTED,
     "no card is expected (paused from result)"),
    ("paused at the result", "move_card", {"from_position": "player2", "to_position": "banker2"},
     Refusal.MORE_CARDS_AFTER_MOVE, "after the move the round would need more cards"),
]


@pytest.mark.parametrize(("table", "act", "args", "code", "words"), SUP_CASES)
def test_the_supervisors_acts_in_each_table(table, act, args, code, words):
    m = _table(*SUP_TABLES[table])
    refused = supervisor_refusal(m, act, args)
    assert (refused.code if refused is not None else None) is code
    if refused is not None:
        assert refused.why.startswith(words)
    trial = copy.deepcopy(m)
    state = trial.state
    outputs = trial.step(_sup(act, **args))
    refusals = [data["why"] for kind, data in outputs if kind == FactKind.ACT_REFUSED]
    assert refusals == ([refused.why] if refused is not None else [])
    if refused is not None:
        assert trial.state is state and len(outputs) == 1
    else:
        assert any(kind in (FactKind.ROUND_RESUMED, FactKind.CARD_MOVED) for kind, _ in outputs)

"""The supervisor-act rules of domain/act_rules.py: what preview says is what the table does.

For paused tables of every kind (a dealer's call mid-deal, a held card, a pause in the burn, a paused
result, a disconnected shoe, a table not paused) and every act with a spread of arguments, the preview
of the controller must agree with the table's state machine, acted on a copy: refused exactly when the
machine refuses, with the machine's words. The controller's own refusal goes by the preview.
"""

from __future__ import annotations

import copy
from itertools import product

import pytest

from dealer_station.app.controller import ActRefused
from dealer_station.domain.act_rules import Effect, Refusal, preview
from dealer_station.domain.inputs import SupervisorInput
from dealer_station.domain.outcome import Position
from drivers.frames import Connected, ConnectionLost
from tests.support.table import Table

POSITIONS = [p.value for p in Position]
ARGS = (
    [{}, {"discard_held": True}]
    + [{"token": t} for t in ("7C", "AH", "ZZ", "")]
    + [{"token": "7C", "discard_held": True}]
    + [{"from_position": a, "to_position": b} for a, b in product(POSITIONS + ["nowhere"], POSITIONS[:4])]
)
ACTS = ("resume", "enter_card", "move_card", "void_round", "end_shoe", "dance")


def _mid_deal(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.card("4S", "5S")
    t.ctl.dealer("call_supervisor", note="check the layout")


def _held_card(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.card("4S", "5S")
    t.no_read(3)
    t.card("AH")  # read while paused: held


def _disconnected_between_rounds(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.card("4S", "5S", "5H", "4H")  # player 9: natural, the round is out
    t.ctl.dealer("confirm_result")
    t.ctl.shoe_event(ConnectionLost("unplugged"))  # between rounds, shoe gone


def _at_result(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.card("4S", "5S", "AH", "2H")  # player 5, banker 7: player draws
    t.card("3C")  # player 8: banker 7 stands
    t.ctl.dealer("call_supervisor", note="check the result")


def _not_paused(t: Table) -> None:
    t.start_shoe()
    t.open_round()


def _in_the_burn(t: Table) -> None:
    t.ctl.shoe_event(Connected("test"))
    t.ctl.dealer("new_shoe")
    t.ctl.dealer("shuffled")
    t.card("3S", "9D")  # the burn card says 3: two more to burn
    t.ctl.dealer("call_supervisor", note="a burned card fell face up")


SITUATIONS = {"in_burn": _in_the_burn, "mid_deal": _mid_deal, "held_card": _held_card,
              "disconnected": _disconnected_between_rounds, "at_result": _at_result, "not_paused": _not_paused}


def _machine_verdict(t: Table, act: str, args: dict) -> str | None:
    machine = copy.deepcopy(t.ctl.machine)
    outputs = machine.step(SupervisorInput(act, "sam", "fix", "n", args, ts="2026-11-30T04:00:00Z"))
    refused = [data["why"] for kind, data in outputs if kind == "act_refused"]
    assert not any(kind == "error" for kind, _ in outputs), outputs
    return refused[0] if refused else None


@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_the_preview_refuses_exactly_what_the_table_refuses(tmp_path, situation):
    t = Table(tmp_path)
    SITUATIONS[situation](t)
    for act, args in product(ACTS, ARGS):
        verdict = t.ctl.preview_supervisor(act, **args)
        why = _machine_verdict(t, act, args)
        assert verdict.allowed == (why is None), (situation, act, args, verdict, why)
        assert (verdict.effect is None) == (verdict.refusal is not None)
        if why is not None and verdict.refusal is not Refusal.BEYOND_INVENTORY:
            assert verdict.why == why, (situation, act, args)


def test_the_controller_refuses_by_the_preview_and_journals_the_refusal(tmp_path):
    table = Table(tmp_path)
    _held_card(table)
    verdict = table.ctl.preview_supervisor("resume")
    assert verdict.refusal is Refusal.HELD_CARDS and verdict.held == ("AH",)
    with pytest.raises(ActRefused) as err:
        table.sup("resume")
    assert err.value.why == verdict.why
    notes = [r.body for r in table.journal.rows(kinds=("note",)) if r.body.get("kind") == "act_refused"]
    assert notes[-1]["act"] == "resume" and notes[-1]["why"] == verdict.why and notes[-1]["user"] == "sam"
    assert table.facts[-1].kind == "act_refused" and table.facts[-1].data["why"] == verdict.why
    assert table.ctl.snapshot().state == "paused"


def test_effects_name_what_happens(tmp_path):
    table = Table(tmp_path)
    _mid_deal(table)
    view = table.ctl.snapshot()
    assert preview(view, "resume").effect is Effect.RESUME_ROUND
    placed = preview(view, "enter_card", token="10h")
    assert (placed.effect, placed.card, placed.position) == (Effect.PLACE_CARD, "TH", "player2")
    swap = table.ctl.preview_supervisor("move_card", from_position="player1", to_position="banker1")
    assert (swap.effect, swap.from_position, swap.to_position) == (Effect.SWAP_CARDS, "player1", "banker1")
    void = preview(view, "void_round")
    assert void.effect is Effect.VOID_ROUND and void.voids_round and (void.shoe, void.round) == (1, 1)
    assert preview(view, "end_shoe").voids_round


def test_a_pause_in_the_burn_resumes_the_burn(tmp_path):
    table = Table(tmp_path)
    _in_the_burn(table)
    assert table.ctl.preview_supervisor("resume").effect is Effect.RESUME_BURN
    assert table.ctl.preview_supervisor("void_round").refusal is Refusal.NO_ROUND_OPEN


def test_a_card_beyond_the_inventory_is_refused_by_the_controller_only(tmp_path):
    table = Table(tmp_path)
    _mid_deal(table)
    remaining = table.ctl.machine.remaining
    spades = next(card for card in remaining if card.token == "4S")
    assert preview(table.ctl.snapshot(), "enter_card", token="4S",
                   remaining={**remaining, spades: 0}).refusal is Refusal.BEYOND_INVENTORY
    assert preview(table.ctl.snapshot(), "enter_card", token="4S").allowed  # the screen has no inventory


def test_while_the_journal_fails_only_resume():
    class View:
        state = "paused"
        incident = type("Incident", (), {"type": "journal_failure", "state_before": "dealing"})()
        held_inputs = ("card AH",)

    assert preview(View(), "void_round").refusal is Refusal.JOURNAL_FAILED
    resume = preview(View(), "resume")
    assert resume.effect is Effect.RESUME_JOURNAL and resume.held_inputs == ("card AH",)

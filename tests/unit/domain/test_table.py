"""TableMachine.step directly, without the controller or a journal: one input in, the outputs out, the
state after (docs/rules.md §1, §2, §5; docs/controller.md "States and transitions")."""

from __future__ import annotations

import json

import pytest
from transitions import MachineError

from dealer_station.domain import table_frames
from dealer_station.domain.acts import FrameKind
from dealer_station.domain.facts import FactKind, RoundStatus, ShoeEndReason
from dealer_station.domain.incidents import IncidentType, PauseReason
from dealer_station.domain.inputs import DealerInput, FrameInput, JournalFailed, SupervisorInput, TableInput
from dealer_station.domain.outcome import Position
from dealer_station.domain.roads import RoundMark
from dealer_station.domain.states import TableState
from dealer_station.domain.table import TableMachine, TableSettings
from dealer_station.journal.codec import decode_input, encode_outputs


def card(token: str) -> FrameInput:
    return FrameInput(FrameKind.CARD, token.encode().hex(), token=token, ts="t")


def no_read() -> FrameInput:
    return FrameInput(FrameKind.NO_READ, "00", reason="no_read", ts="t")


def cut() -> FrameInput:
    return FrameInput(FrameKind.CUT, "ff", ts="t")


def act(name: str, **args) -> DealerInput:
    return DealerInput(name, args, ts="t")


def sup(name: str, **args) -> SupervisorInput:
    return SupervisorInput(name, "sup", "r", "n", args, ts="t")


def kinds(outputs) -> list[str]:
    return [kind for kind, _ in outputs]


def run(machine: TableMachine, *inputs: TableInput) -> list:
    out = []
    for inp in inputs:
        out = machine.step(inp)
    return out


def ready(settings: TableSettings | None = None) -> TableMachine:
    """A machine whose shoe is burned (indicator 2S, burned 3S 4S), waiting to open round 1."""
    m = TableMachine(settings)
    run(m, act("new_shoe"), act("shuffled"), card("2S"), card("3S"), card("4S"))
    assert m.state is TableState.READY
    return m


def dealing(settings: TableSettings | None = None) -> TableMachine:
    m = ready(settings)
    run(m, act("open_betting"), act("close_betting"))
    assert m.state is TableState.BETTING_CLOSED
    return m


def test_new_shoe_outputs_and_state():
    m = TableMachine()
    out = m.step(act("new_shoe"))
    assert out == [("state_changed", {"state": "shuffle"}), ("shoe_started", {"shoe": 1, "decks": 8})]
    assert m.state is TableState.SHUFFLE and m.cards_left == 416


@pytest.mark.parametrize(("indicator", "settings", "count", "remaining"), [
    ("7H", TableSettings(), 7, 7),
    ("7H", TableSettings(indicator_counts=True), 7, 6),
    ("KH", TableSettings(), 10, 10),
    ("AH", TableSettings(), 1, 1),
    ("AH", TableSettings(ace_burns=11), 11, 11),
])
def test_the_burn_indicator_sets_the_burn(indicator, settings, count, remaining):
    m = TableMachine(settings)
    out = run(m, act("new_shoe"), card(indicator))  # a card in shuffle is the indicator
    assert ("burn_indicator", {"card": indicator, "burn_count": count, "manual": False,
                               "burn_remaining": remaining}) in out
    assert m.state is TableState.BURNING and m.burn_remaining == remaining and m.prompt().startswith("BURN")


def test_indicator_counted_with_one_to_burn_is_ready_at_once():
    m = TableMachine(TableSettings(indicator_counts=True))
    out = run(m, act("new_shoe"), act("shuffled"), card("AS"))
    assert kinds(out)[-2:] == ["state_changed", "burn_done"] and m.state is TableState.READY


def test_a_round_from_open_to_confirm():
    m = dealing()
    outs = [m.step(card(t)) for t in ("9S", "2D", "KH", "3C")]  # player 9 natural
    assert [o[-1][0] for o in outs] == ["card_accepted", "card_accepted", "card_accepted", "round_dealt"]
    assert m.state is TableState.RESULT and m.who_draws() == "NATURAL: PLAYER 9, BANKER 5: NO MORE CARDS"
    out = m.step(act("confirm_result"))
    (record,) = [d for k, d in out if k == "round_completed"]
    assert (record["winner"], record["player_total"], record["banker_total"]) == ("player", 9, 5)
    assert m.state is TableState.READY and m.history == ["P"]
    assert m.marks == [RoundMark("P", player_natural=True)]  # the roads' pairs and naturals of the round


@pytest.mark.parametrize(("before", "frame", "incident"), [
    ("betting_open", card("5H"), IncidentType.CARD_WHILE_BETTING),
    ("betting_open", no_read(), IncidentType.CARD_WHILE_BETTING),
    ("ready", card("5H"), IncidentType.PROCEDURE_VIOLATION),
    ("result", card("5H"), IncidentType.CARD_AFTER_ROUND),
])
def test_a_card_out_of_place_pauses(before, frame, incident):
    m = ready()
    if before in ("betting_open", "result"):
        m.step(act("open_betting"))
    if before == "result":
        run(m, act("close_betting"), card("9S"), card("2D"), card("KH"), card("3C"))
    assert m.state == before
    out = m.step(frame)
    assert m.state is TableState.PAUSED and m.state_before == before
    assert m.incident is not None and m.incident.type is incident
    assert ("state_changed", {"state": "paused"}) in out


def test_misreads_ask_for_a_rescan_then_pause_at_the_limit():
    m = dealing(TableSettings(max_misreads=2))
    out = m.step(no_read())
    assert out[-1][0] == "rescan_requested" and m.rescan is Position.PLAYER1 and m.prompt() == "RESCAN PLAYER CARD 1"
    m.step(no_read())
    assert m.state is TableState.PAUSED and m.incident.type is IncidentType.MISREAD_LIMIT


def test_a_ninth_copy_is_a_foreign_card():
    m = dealing()
    five = next(c for c in m.remaining if c.token == "5H")
    m.remaining[five] = 0  # all 8 copies are out
    out = m.step(card("5H"))
    assert m.remaining[five] == 0 and "round_paused" in kinds(out)
    assert m.incident is not None and m.incident.type is IncidentType.FOREIGN_CARD


@pytest.mark.parametrize(("setting", "state_after", "last"), [("one_more", TableState.READY, 2),
                                                             ("none", TableState.SHOE_END, 1)])
def test_cut_card_between_rounds(setting, state_after, last):
    m = dealing(TableSettings(cut_between_rounds=setting))
    run(m, card("9S"), card("2D"), card("KH"), card("3C"), act("confirm_result"))
    m.step(cut())
    assert m.state is state_after and m.last_round_number == last


def test_cut_card_in_a_round_makes_it_the_last():
    m = dealing()
    run(m, card("9S"), cut(), card("2D"), card("KH"), card("3C"))
    out = m.step(act("confirm_result"))
    assert m.state is TableState.SHOE_END and ("state_changed", {"state": "shoe_end"}) in out
    assert [d["reason"] for k, d in out if k == "shoe_ended"] == ["cut_card"]


def test_after_the_shoe_ended_a_new_shoe_needs_the_shoe_change_and_its_confirm():
    m = dealing()
    run(m, card("9S"), cut(), card("2D"), card("KH"), card("3C"), act("confirm_result"))
    assert m.state is TableState.SHOE_END and m.prompt().startswith("SHOE ENDED")
    for _ in range(3):  # the dealer's next key again and again (a pedal that bounces): no shoe starts
        out = m.step(act("new_shoe"))
        assert kinds(out) == ["act_refused"] and "the shoe change comes first" in out[0][1]["why"]
    assert m.state is TableState.SHOE_END and m.shoe_number == 1
    assert m.step(act("change_shoe")) == [("state_changed", {"state": "shoe_change"})]
    assert kinds(m.step(act("change_shoe"))) == ["act_refused"]  # begun once; the confirm is another act
    assert m.state is TableState.SHOE_CHANGE and m.shoe_number == 1 and m.prompt().startswith("SHOE CHANGE")
    assert kinds(m.step(card("5H"))) == ["procedure_violation"]  # no shoe is open yet: told, nothing pauses
    out = m.step(act("new_shoe"))
    assert out == [("state_changed", {"state": "shuffle"}), ("shoe_started", {"shoe": 2, "decks": 8})]
    assert m.state is TableState.SHUFFLE and m.cards_left == 416


def test_supervisor_acts_need_a_pause_and_resume_goes_back():
    m = dealing()
    out = m.step(sup("resume"))
    assert kinds(out) == ["act_refused"] and "not paused" in out[0][1]["why"]
    m.step(act("call_supervisor", note="help"))
    assert m.state is TableState.PAUSED
    out = m.step(sup("resume"))
    assert m.state is TableState.BETTING_CLOSED and "round_resumed" in kinds(out)


def test_enter_card_places_a_manual_card():
    m = dealing()
    m.step(act("call_supervisor"))
    out = m.step(sup("enter_card", token="QD"))
    assert ("card_accepted", {"round": 1, "position": "player1", "card": "QD", "manual": True}) in out
    assert m.state is TableState.DEALING and m.manual_positions == [Position.PLAYER1]


def test_void_round_from_a_pause():
    m = dealing()
    run(m, card("9S"), act("call_supervisor"))
    out = m.step(sup("void_round"))
    assert [d["status"] for k, d in out if k == "round_voided"] == ["voided"] and m.state is TableState.READY


@pytest.mark.parametrize(("inp", "kind"), [
    ({"kind": "weather", "ts": "t"}, "ignored"),
    ({"kind": "frame", "frame": "telepathy", "ts": "t"}, "ignored"),
    ({"kind": "frame", "frame": "garbage", "raw": "00", "ts": "t"}, "garbage"),
    ({"kind": "stop", "why": "SIGTERM", "ts": "t"}, "stopped"),
    ({"kind": "dealer", "act": "dance", "args": {}, "ts": "t"}, "act_refused"),
])
def test_inputs_that_change_nothing_are_told(inp, kind):
    m = ready()
    out = m.step(decode_input(inp))  # as the journal holds it
    assert kinds(out) == [kind] and m.state is TableState.READY
    assert m.closed is (inp["kind"] == "stop")


def test_a_step_that_raises_changes_nothing_and_pauses(monkeypatch):
    m = dealing()
    before = (m.state, m.cards_left, m.round_number)

    def boom(table, card, manual):
        raise RuntimeError("boom")

    monkeypatch.setattr(table_frames, "place", boom)
    out = m.step(card("9S"))
    assert kinds(out)[0] == "error" and m.incident.type is IncidentType.UNEXPECTED_ERROR
    assert m.state_before == before[0] and (m.cards_left, m.round_number) == before[1:]


def test_a_move_off_the_table_is_refused_by_transitions():
    m = ready()
    with pytest.raises(MachineError):
        m._move("first_card")
    assert m.state is TableState.READY


def test_the_state_is_a_table_state_and_outputs_are_plain_strings():
    m = ready()
    out = m.step(act("open_betting"))
    assert isinstance(m.state, TableState)
    assert all(type(d["state"]) is str for k, d in out if k == "state_changed")


def test_every_output_kind_is_a_fact_kind_and_written_as_its_plain_name():
    m = dealing()
    outs = [*m.step(card("9S")), *m.step(no_read()), *m.step(act("dance")), *m.step(sup("resume"))]
    assert outs and all(type(kind) is FactKind for kind, _ in outs)
    assert json.loads(json.dumps(encode_outputs(outs)))[0] == ["state_changed", {"state": "dealing"}]  # as journaled


def test_statuses_and_reason_codes_are_their_enums_values_as_plain_strings():
    m = dealing()
    run(m, card("9S"), card("2D"), card("KH"), card("3C"))
    (record,) = [d for k, d in m.step(act("confirm_result")) if k == "round_completed"]
    assert record["status"] == RoundStatus.COMPLETED and type(record["status"]) is str
    paused = [d for k, d in m.step(act("call_supervisor")) if k == "round_paused"]
    assert paused[0]["reason"] == PauseReason.DEALER_CALL and type(paused[0]["reason"]) is str
    (ended,) = [d for k, d in m.step(sup("end_shoe")) if k == "shoe_ended"]
    assert ended["reason"] == ShoeEndReason.SUPERVISOR and type(ended["reason"]) is str

_TS = "2026-11-30T10:00:00.000000Z"

@pytest.mark.parametrize(("incident", "told"), [
    ({"reason": "disk_full"}, {"reason": "disk_full", "type": "journal_failure"}),       # an older station's
    (None, {"type": "journal_failure"}),
    ({"reason": "disk_full", "misreads": 2}, {"reason": "disk_full", "misreads": 2, "type": "journal_failure"}),
])
def test_a_journal_failures_incident_is_told_as_recorded_whatever_its_keys(incident, told):
    """A journal failure's incident comes from the input row: one of other keys than today's is told (and so
    journaled and re-decided at recovery) exactly as recorded, never turned into an error for its shape."""
    outs = TableMachine().step(JournalFailed(incident, ts=_TS))
    assert [(kind, dict(data)) for kind, data in outs] == [("round_paused", told)]


def test_a_journal_failures_full_incident_is_told_as_its_class():
    from dealer_station.domain.fact_data import RoundPaused

    incident = {"type": "journal_failure", "reason": "disk_full", "state_before": "dealing", "position": None,
                "evidence": "disk full", "ts": _TS, "detail": "the journal could not be written: disk full"}
    [(kind, data)] = TableMachine().step(JournalFailed(incident, ts=_TS))
    assert kind == "round_paused" and type(data) is RoundPaused and data == incident

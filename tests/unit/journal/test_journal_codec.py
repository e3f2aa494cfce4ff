"""The journal's edge (dealer_station.journal.codec): every table input and every decision to its journal JSON and
back, byte for byte, and a journal written by an older station decoded and written again to the same row hashes
(docs/design.md "Data flow", "Durability and recovery")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.domain.acts import DealerAct, FrameKind, LinkEvent, StaffAct, SupervisorAct
from dealer_station.domain.facts import Decision, FactKind, Output
from dealer_station.domain.inputs import (
    DealerInput,
    FrameInput,
    JournalFailed,
    JournalResumed,
    LinkInput,
    PublisherRefusal,
    StopInput,
    SupervisorInput,
    TimerInput,
    UnknownInput,
)
from dealer_station.journal.codec import (
    decode_decision,
    decode_input,
    encode_decision,
    encode_input,
    input_fields,
)
from dealer_station.journal.rows import canonical, row_hash

TS = "2026-11-30T10:00:00.000000Z"
FIXTURE = Path(__file__).resolve().parents[3] / "hw_fixtures" / "sessions" / "journal-void.journal.jsonl"

# every input kind: the typed input, and its journal body exactly as the station has always written it
CASES = [
    (FrameInput(FrameKind.CARD, "4153", token="AS", ts=TS),
     {"kind": "frame", "frame": "card", "token": "AS", "raw": "4153", "ts": TS}),
    (FrameInput(FrameKind.NO_READ, "00", reason="no_read", ts=TS),
     {"kind": "frame", "frame": "no_read", "reason": "no_read", "raw": "00", "ts": TS}),
    (FrameInput(FrameKind.CUT, "ff", ts=TS), {"kind": "frame", "frame": "cut", "raw": "ff", "ts": TS}),
    (FrameInput(FrameKind.GARBAGE, "0102", ts=TS), {"kind": "frame", "frame": "garbage", "raw": "0102", "ts": TS}),
    (FrameInput("unknown", "", extra=(("repr", "Thing()"),), ts=TS),
     {"kind": "frame", "frame": "unknown", "raw": "", "repr": "Thing()", "ts": TS}),
    (LinkInput(LinkEvent.CONNECTED, "pty /dev/pts/3", ts=TS),
     {"kind": "link", "event": "connected", "detail": "pty /dev/pts/3", "ts": TS}),
    (LinkInput(LinkEvent.LOST, "unplugged", ts=TS), {"kind": "link", "event": "lost", "detail": "unplugged", "ts": TS}),
    (LinkInput(LinkEvent.CLOSED, "", ts=TS), {"kind": "link", "event": "closed", "detail": "", "ts": TS}),
    (DealerInput(DealerAct.NEW_SHOE, {}, ts=TS), {"kind": "dealer", "act": "new_shoe", "args": {}, "ts": TS}),
    (DealerInput(DealerAct.CALL_SUPERVISOR, {"note": "help"}, ts=TS),
     {"kind": "dealer", "act": "call_supervisor", "args": {"note": "help"}, "ts": TS}),
    (DealerInput(StaffAct.SIGN_IN, {"user": "ana", "how": "pin"}, ts=TS),
     {"kind": "dealer", "act": "sign_in", "args": {"user": "ana", "how": "pin"}, "ts": TS}),
    (DealerInput("dance", {}, ts=TS), {"kind": "dealer", "act": "dance", "args": {}, "ts": TS}),
    (TimerInput(DealerAct.CLOSE_BETTING, ts=TS), {"kind": "timer", "act": "close_betting", "ts": TS}),
    (PublisherRefusal("event_refused", 17, "hash differs", ts=TS),
     {"kind": "publisher", "act": "event_refused", "event_id": 17, "problem": "hash differs", "ts": TS}),
    (SupervisorInput(SupervisorAct.ENTER_CARD, "sam", "fix", "n", {"token": "QD", "discard_held": True}, ts=TS),
     {"kind": "supervisor", "act": "enter_card", "user": "sam", "reason": "fix", "note": "n",
      "args": {"token": "QD", "discard_held": True}, "ts": TS}),
    (StopInput("SIGTERM", ts=TS), {"kind": "stop", "why": "SIGTERM", "ts": TS}),
    (JournalFailed({"type": "journal_failure", "reason": "disk_full"}, ts=TS),
     {"kind": "journal", "event": "failed", "incident": {"type": "journal_failure", "reason": "disk_full"}, "ts": TS}),
    (JournalResumed("resume", "sam", "fixed", "disk swapped", ts=TS),
     {"kind": "journal", "event": "resumed", "act": "resume", "user": "sam", "reason": "fixed",
      "note": "disk swapped", "ts": TS}),
    (UnknownInput({"kind": "weather", "ts": TS}), {"kind": "weather", "ts": TS}),
    (UnknownInput({"kind": "journal", "event": "paused", "ts": TS}), {"kind": "journal", "event": "paused", "ts": TS}),
]


def _name(inp: object, body: dict) -> str:
    return f"{type(inp).__name__}-{body.get('frame') or body.get('event') or body.get('act') or body['kind']}"


@pytest.mark.parametrize(("inp", "body"), CASES, ids=[_name(i, b) for i, b in CASES])
def test_every_input_kind_round_trips(inp, body):
    assert canonical(encode_input(inp)) == canonical(body)
    back = decode_input(json.loads(json.dumps(body)))  # as the journal reads it back
    assert back == inp and type(back) is type(inp)
    assert canonical(encode_input(back)) == canonical(body)
    assert input_fields(inp) == {k: v for k, v in body.items() if k != "ts"}


def test_decoded_acts_and_frames_are_the_enum_members_and_encoded_as_plain_strings():
    assert decode_input({"kind": "frame", "frame": "card", "token": "AS", "raw": ""}).frame is FrameKind.CARD
    assert decode_input({"kind": "dealer", "act": "sign_out", "args": {}}).act is StaffAct.SIGN_OUT
    assert decode_input({"kind": "supervisor", "act": "resume"}).act is SupervisorAct.RESUME
    assert all(type(v) is str for v in encode_input(FrameInput(FrameKind.CUT, "ff")).values())


@pytest.mark.parametrize("body", [
    {"kind": "dealer", "act": "new_shoe", "args": None, "ts": TS},          # a key recorded as null
    {"kind": "frame", "token": "AS", "ts": TS},                             # no frame at all
    {"kind": "stop", "ts": TS, "why": "x", "pid": 12},                      # a key of no input's
    {"kind": "supervisor", "act": "resume", "args": [1, 2], "ts": TS},      # args not an object
    {"ts": TS},                                                             # no kind
])
def test_an_odd_body_is_written_back_as_it_was(body):
    assert canonical(encode_input(decode_input(body))) == canonical(body)


def test_an_old_journal_decodes_and_encodes_to_the_same_bytes_and_hashes():
    rows = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines() if line.strip()]
    inputs = [row for row in rows if row["kind"] == "input"]
    assert len(inputs) > 20 and {row["body"]["kind"] for row in inputs} >= {"frame", "dealer", "link", "supervisor"}
    for row in inputs:
        text = canonical(encode_input(decode_input(row["body"])))
        assert text == canonical(row["body"]), row["seq"]
        assert row_hash(row["seq"], row["ts"], row["kind"], row["mark"], text, row["prev_hash"]) == row["hash"]


def test_an_old_journals_decisions_decode_and_encode_to_the_same_bytes_and_hashes():
    rows = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines() if line.strip()]
    decisions = [row for row in rows if row["kind"] == "decision"]
    kinds = {kind for row in decisions for kind, _ in row["body"]["outputs"]}
    assert len(decisions) > 20 and kinds >= {"shoe_started", "card_accepted", "round_paused", "round_voided"}
    for row in decisions:
        decision = decode_decision(row["body"])
        assert all(type(kind) is FactKind for kind, _ in decision.outputs), row["seq"]   # every kind is known
        # the journal adds the digests of the row's outbox events ("events") to the body it is given
        text = canonical({**encode_decision(decision), "events": row["body"]["events"]})
        assert text == canonical(row["body"]), row["seq"]
        assert row_hash(row["seq"], row["ts"], row["kind"], row["mark"], text, row["prev_hash"]) == row["hash"]


def test_a_decision_is_written_as_the_station_writes_it():
    staff = {"dealer": "dana", "how": "pin"}
    decision = Decision(7, 1, 2, "betting_open", True, (Output(FactKind.BETTING_OPENED, {"round": 2}),), staff)
    body = encode_decision(decision)
    assert list(body) == ["input", "shoe", "round", "state", "connected", "outputs", "staff"]
    assert body["outputs"] == [["betting_opened", {"round": 2}]] and type(body["outputs"][0][0]) is str
    assert "staff" not in encode_decision(Decision(7, 1, 2, "betting_open", True, ()))
    assert decode_decision(json.loads(json.dumps(body))) == decision


def test_an_odd_decision_reads_as_what_it_records():
    """A damaged or foreign decision row never raises on a field: a field of another type reads as not recorded,
    an output that is no [kind, object] pair is left out, a kind the station does not know stays text."""
    body = {"input": "3", "shoe": "one", "round": True, "state": 5, "connected": "yes", "staff": ["x"],
            "outputs": [["round_completed", {"shoe": 1}], "junk", [1, 2, 3], ["new_kind", {}], [7, {"a": 1}],
                        ["card_accepted", "not an object"]]}
    decision = decode_decision(body)
    assert (decision.input, decision.shoe, decision.round, decision.state, decision.connected, decision.staff) == \
        (None, None, None, None, None, None)
    assert decision.outputs == (("round_completed", {"shoe": 1}), ("new_kind", {}), ("7", {"a": 1}))
    assert type(decision.outputs[0].kind) is FactKind and type(decision.outputs[1].kind) is str
    assert decode_decision({}).outputs == ()


@pytest.mark.parametrize("outputs", [None, 3, "card_accepted", {"card_accepted": {}}])
def test_a_decision_whose_outputs_are_no_list_reads_as_none(outputs):
    assert decode_decision({"input": 1, "shoe": 2, "outputs": outputs}) == Decision(1, 2, None, None, None, ())


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=3), max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["input", "shoe", "round", "state", "connected", "outputs", "staff", "x"]),
                       _json | st.lists(st.tuples(st.text(max_size=12), _json).map(list), max_size=3), max_size=7))
def test_any_decision_body_decodes_without_raising(body):
    decision = decode_decision(body)
    assert all(isinstance(kind, str) and isinstance(data, dict) for kind, data in decision.outputs)
    assert all(value is None or type(value) is int for value in (decision.input, decision.shoe, decision.round))


_objects = st.dictionaries(st.text(max_size=6), _json, max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({
    "input": st.integers(1, 10**9), "shoe": st.integers(0, 999), "round": st.integers(0, 999),
    "state": st.sampled_from(["no_shoe", "dealing", "paused"]), "connected": st.booleans(),
    "outputs": st.lists(st.tuples(st.sampled_from([str(k) for k in FactKind]), _objects).map(list), max_size=4),
}, optional={"staff": st.fixed_dictionaries({"dealer": st.none() | st.text(max_size=6),
                                              "how": st.none() | st.sampled_from(["pin", "badge"])})}))
def test_every_decision_the_station_writes_reads_back_to_the_same_body(body):
    body = json.loads(json.dumps(body))   # as the journal reads it
    assert encode_decision(decode_decision(body)) == body

"""The shipped event schemas: well-formed, one per event type, and they accept real payloads and reject bad ones."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dealer_station import outbox
from dealer_station.domain.cards import parse_cards
from dealer_station.domain.outcome import deal_round
from dealer_station.schemas import (
    SUPPORTED_KEYWORDS,
    SchemaError,
    event_schema_names,
    load_schema,
    subschemas,
    validate,
    validate_event,
)

TS = "2026-11-30T04:05:06.123456Z"


@pytest.mark.parametrize("name", event_schema_names())
def test_schema_files_are_draft_2020_12_and_use_supported_keywords(name):
    schema = load_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith(f"/events/{name}.json")
    for path, sub in subschemas(schema):
        assert set(sub) <= SUPPORTED_KEYWORDS, (path, set(sub) - SUPPORTED_KEYWORDS)
        ref = sub.get("$ref")
        if ref:   # every reference points at something
            file_part, _, pointer = ref.partition("#")
            target = load_schema(file_part) if file_part else schema
            for token in filter(None, pointer.split("/")):
                target = target[token]


def test_every_event_type_has_a_schema():
    assert set(outbox.EVENT_TYPES) <= set(event_schema_names())


def _round_result_data():
    outcome, _ = deal_round(parse_cards(["AS", "9H", "3D", "JC", "5S", "2H"]))
    return {"shoe": 3, "round": 12, "round_number": 12, "status": "completed",
            "player": [str(c) for c in outcome.player], "banker": [str(c) for c in outcome.banker],
            "available_bets": ["player", "banker", "tie"], "last_round": False, "manual": [], **outcome.flags()}


LIMITS = {"difference": "10000", "bets": {"player": {"min": "10.00", "max": "5000.00"},
                                          "tie": {"min": "1", "max": None}}}
EXAMPLES = {
    "table_status": ({"status": "open", "state": "betting_open"}, None),
    "shoe_started": ({"shoe_number": 3, "decks": 8}, None),
    "shoe_ended": ({"shoe": 3, "shoe_number": 3, "rounds": 71, "reason": "cut_card", "burn_indicator": "7H",
                    "burned": ["2S"] * 7, "cut_card_round": 71, "cards_left": 14}, None),
    "round_opened": ({"round_number": 12, "bets_offered": ["player", "banker", "tie", "lucky_six"], "limits": LIMITS,
                      "mode": "no-commission", "paytable": "no-commission", "last_round": False,
                      "betting_window_ms": 15000}, "R"),
    "betting_closed": ({"round_number": 12, "by": "dealer"}, "R"),
    "card_dealt": ({"round_number": 12, "position": "banker3", "card": "TD", "manual": False}, "R"),
    "card_misread": ({"round_number": 12, "position": "player2", "reason": "no_read", "misreads_in_a_row": 2,
                      "paused": False, "evidence": "15"}, "R"),
    "card_burned": ({"shoe_number": 3, "position": "burn_indicator", "card": "7H", "manual": False}, None),
    "card_held": ({"round_number": 12, "card": "8S", "evidence": "3853 (8S)"}, "R"),
    "incident_noted": ({"round_number": 12, "incident": {"type": "foreign_card", "reason": "beyond_inventory",
                                                         "evidence": "3943 (9C)"}}, "R"),
    "round_result": (_round_result_data(), "R"),
    "round_voided": ({"shoe": 3, "round": 12, "round_number": 12, "status": "voided", "player": ["AS"], "banker": [],
                      "player_total": None, "banker_total": None, "winner": None, "reason": "shoe broke",
                      "note": "replaced", "user": "sam", "manual": [], "last_round": False,
                      "available_bets": ["player"]}, "R"),
    "round_paused": ({"round_number": 12, "incident": {
        "type": "misread_limit", "reason": "no_read", "state_before": "dealing", "position": "player2",
        "evidence": "15", "ts": TS, "detail": "3 misreads in a row at player2"}}, "R"),
    "round_resumed": ({"round_number": 12, "incident_type": "misread_limit", "act": "resume", "user": "sam",
                       "reason": "rescanned", "note": "card was bent"}, "R"),
    "player_edge": ({"shoe": 3, "round": 40, "bet": "player_pair", "ev": "0.031000", "house_edge": "-0.031000",
                     "cards_left": 40}, "R"),
    "signing_key": ({"key_id": "71eed9b9505fa0d5", "previous_key_id": "2d460ebb28a70432",
                     "public_key": "-----BEGIN PUBLIC KEY-----\n"
                                   "MCowBQYDK2VwAyEAgV8HYYu7XD80reGHby4wpgfYikQ2MkOeDEHE6TDpFCo=\n"
                                   "-----END PUBLIC KEY-----\n"}, None),
    "alert": ({"kind": "frame_without_shoe", "reason": "card_without_shoe", "card": "QH", "evidence": "5148 (QH)",
               "state": "shoe_end", "after_shoe": "T1-S0003"}, None),
}


def _stored(kind, data, with_round):
    conn = sqlite3.connect(":memory:")
    outbox.ensure_schema(conn)
    ev = outbox.append(conn, kind, table_id="T1", ts=TS, data=data, shoe_id="T1-S0003",
                       round_id="T1-S0003-R012" if with_round else None)
    return json.loads(ev.payload)


def test_examples_cover_every_type():
    assert set(EXAMPLES) == set(outbox.EVENT_TYPES)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_stored_events_validate(kind):
    data, with_round = EXAMPLES[kind]
    envelope = _stored(kind, data, with_round)
    assert validate_event(envelope) == []
    assert validate_event(json.dumps(envelope)) == []


BAD = [
    ("card_dealt", {"round_number": 1, "position": "player4", "card": "AS", "manual": False}, "position"),
    ("card_dealt", {"round_number": 1, "position": "player1", "card": "1S", "manual": False}, "card"),
    ("card_dealt", {"round_number": 1, "position": "player1", "manual": False}, "missing 'card'"),
    ("card_misread", {"round_number": 1, "position": "player1", "reason": "smudge", "misreads_in_a_row": 1,
                      "paused": False, "evidence": "15"}, "$.data.reason"),
    ("card_misread", {"round_number": 1, "position": "player1", "reason": "no_read", "misreads_in_a_row": 0,
                      "paused": False, "evidence": "15"}, "$.data.misreads_in_a_row"),
    ("card_misread", {"round_number": 1, "position": None, "reason": "no_read", "misreads_in_a_row": 1,
                      "paused": False, "evidence": "15"}, "$.data.position"),
    ("card_misread", {"round_number": 1, "position": "player1", "reason": "no_read", "misreads_in_a_row": None,
                      "paused": True, "evidence": "15"}, "$.data.position"),
    ("card_misread", {"round_number": 1, "position": "player1", "reason": "no_read", "misreads_in_a_row": 1,
                      "evidence": "15"}, "missing 'paused'"),
    ("card_burned", {"shoe_number": 3, "position": "player1", "card": "7H", "manual": False}, "$.data.position"),
    ("card_burned", {"shoe_number": 3, "position": "burn", "card": "7H"}, "missing 'manual'"),
    ("card_held", {"round_number": 1, "card": "1S", "evidence": "3153 (1S)"}, "$.data.card"),
    ("card_held", {"round_number": 1, "card": "8S"}, "missing 'evidence'"),
    ("incident_noted", {"round_number": 1, "incident": {"type": "coffee_break", "reason": "x", "evidence": ""}},
     "incident.type"),
    ("round_result", {**_round_result_data(), "winner": "dealer"}, "winner"),
    ("round_result", {**_round_result_data(), "player_total": 10}, "more than 9"),
    ("round_result", {**_round_result_data(), "lucky_six": True}, "lucky_six"),
    ("round_result", {**_round_result_data(), "player_pair": 1}, "boolean"),
    ("round_result", {**_round_result_data(), "status": "voided"}, "status"),
    ("round_result", {**_round_result_data(), "player": ["AS"]}, "fewer than 2"),
    ("round_opened", {"round_number": 1, "bets_offered": ["player"],
                      "limits": {"bets": {"player": {"min": 10.5, "max": "9"}}}}, "min"),
    ("round_opened", {"round_number": 0, "bets_offered": ["player"], "limits": {"bets": {}}}, "less than 1"),
    ("round_opened", {"round_number": 1, "bets_offered": ["roulette"], "limits": {"bets": {}}}, "bets_offered"),
    ("round_voided", {"round_number": 1, "status": "voided", "reason": ""}, "shorter"),
    ("round_paused", {"round_number": 1, "incident": {"type": "coffee_break", "reason": "x"}}, "incident.type"),
    ("table_status", {"status": "open"}, "missing 'state'"),
    ("player_edge", {"bet": "player_pair", "ev": 0.03}, "$.data.ev"),
    ("alert", {"kind": "frame_without_shoe", "reason": "card_without_shoe", "card": "1H", "state": "no_shoe"},
     "$.data.card"),
    ("alert", {"kind": "frame_without_shoe", "reason": "card_without_shoe", "card": None, "state": "dealing"},
     "$.data.state"),
    ("alert", {"kind": "coffee", "reason": "x", "card": None, "state": "no_shoe"}, "$.data.kind"),
]


@pytest.mark.parametrize(("kind", "data", "needle"), BAD)
def test_bad_payloads_are_rejected_with_a_reason(kind, data, needle):
    errors = validate_event(_stored(kind, data, True))
    assert errors and any(needle in e for e in errors), errors


def test_bad_envelopes_are_rejected():
    good = _stored("betting_closed", {"round_number": 1, "by": "dealer"}, True)
    assert validate_event({**good, "event_id": 0})
    assert validate_event({**good, "event_id": True})
    assert validate_event({**good, "ts": "2026-11-30 04:05:06"})
    assert validate_event({**good, "extra": 1})
    assert validate_event({**good, "type": "nope"}) == ["$.type: unknown event type 'nope'"] or \
        validate_event({**good, "type": "nope"})
    assert validate_event({**good, "round_id": None})       # a round event names its round
    assert validate_event("{not json")[0].startswith("$: not JSON")
    assert validate_event([1, 2]) == ["$: an event is a JSON object"]
    missing = dict(good)
    del missing["shoe_id"]
    assert any("missing 'shoe_id'" in e for e in validate_event(missing))


def test_the_anchor_members_go_together():
    good = _stored("betting_closed", {"round_number": 1, "by": "dealer"}, True)
    anchor = {"journal_seq": 4, "journal_hash": "ab" * 32}
    assert "journal_seq" not in good and validate_event(good) == []
    assert validate_event({**good, **anchor}) == []
    assert validate_event({**good, "journal_seq": 4}) == ["$: missing 'journal_hash'"]
    assert validate_event({**good, "journal_hash": "ab" * 32}) == ["$: missing 'journal_seq'"]
    assert validate_event({**good, **anchor, "journal_seq": 0})


def test_station_status_schema():
    body = {"schema_version": 1, "status": "offline", "reason": "connection_lost", "table_id": "T1", "ts": TS,
            "station": {"client_id": "dealer-station-T1", "host": "h", "pid": 4, "version": "0.1.0"}}
    assert validate(body, "station_status") == []
    assert validate({**body, "status": "away"}, "station_status")


def test_validator_keywords():
    assert validate(3, {"type": "integer", "minimum": 1}) == []
    assert validate(3.0, {"type": "integer"}) == []
    assert validate(True, {"type": "integer"})
    assert validate(1, {"const": True}) and validate(True, {"const": 1})
    assert validate([1, 1], {"uniqueItems": True})
    assert validate("x", {"anyOf": [{"type": "integer"}, {"type": "string"}]}) == []
    assert validate(1, {"oneOf": [{"type": "integer"}, {"type": "number"}]})
    assert validate(1, {"not": {"type": "integer"}})
    assert validate({"a": 1}, {"if": {"required": ["a"]}, "then": {"required": ["b"]}})
    assert validate({}, False) and validate({}, True) == []
    with pytest.raises(SchemaError, match="not supported"):
        validate("x", {"type": "string", "contentEncoding": "base64"})


def test_agrees_with_jsonschema_when_installed():
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed")
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (load_schema(n)["$id"], Resource.from_contents(load_schema(n))) for n in event_schema_names())
    for kind, (data, with_round) in EXAMPLES.items():
        env = _stored(kind, data, with_round)
        jsonschema.Draft202012Validator(load_schema(kind), registry=registry).validate(env)
    for kind, data, _ in BAD:
        env = _stored(kind, data, True)
        assert not jsonschema.Draft202012Validator(load_schema(kind), registry=registry).is_valid(env)


def _controller_samples():
    path = Path(__file__).parent / "data" / "controller_events.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_events_recorded_from_the_controller_validate():
    samples = _controller_samples()
    assert {e["type"] for e in samples} == set(outbox.EVENT_TYPES)
    for envelope in samples:
        assert validate_event(envelope) == [], envelope


def test_every_event_of_a_simulated_shoe_validates(tmp_path):
    pytest.importorskip("dealer_station.app.controller",
                        reason="the controller is not on this branch; recorded samples are checked instead")
    from tests.support.mqtt import run_station

    db = tmp_path / "sim.db"
    result = run_station("simulate", "--shoes", "1", "--seed", "11", "--journal", str(db), timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    conn = sqlite3.connect(db)
    events = outbox.read_events(conn)
    assert len(events) > 300
    bad = [(e.event_id, validate_event(e.payload)) for e in events if validate_event(e.payload)]
    assert bad == []
    ids = [e.event_id for e in events]
    assert ids == list(range(1, len(ids) + 1))


def test_a_type_this_version_does_not_know_is_still_a_valid_envelope():
    """A consumer ignores a type it does not know (docs/events.md "Event types"): the envelope lets it through,
    while each known type is checked by its own file, which the envelope's description names."""
    good = _stored("betting_closed", {"round_number": 1, "by": "dealer"}, True)
    later = {**good, "type": "card_shuffled_by_machine", "data": {"anything": [1, 2]}}
    assert validate(later, "envelope") == []
    assert validate_event(later) == ["$.type: unknown event type 'card_shuffled_by_machine'"]
    assert validate({**good, "type": "Not A Type"}, "envelope")
    described = load_schema("envelope")["properties"]["type"]["description"]
    assert all(kind in described for kind in outbox.EVENT_TYPES)

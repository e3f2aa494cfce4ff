"""The pit view's pure model: statuses, state, pauses oldest first, wait marking, bead plate, edges, order."""

from __future__ import annotations

import json
import time

import pytest

from dealer_station.pit.model import PitModel
from dealer_station.pit.words import incident_words, parse_ts, waited_words
from dealer_station.platform.tracker import BadMessage, read_message

T0 = parse_ts("2026-12-01T07:00:00.000000Z")
assert T0 is not None


def ts(seconds: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(T0 + seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def event(table: str, event_id: int, kind: str, data: dict | None = None, *, shoe: int | None = 1,
          at: float = 0.0, round_number: int | None = None) -> tuple[str, bytes]:
    """A message as the broker delivers it: the topic and the envelope's JSON bytes."""
    sid = f"{table}-S{shoe:04d}" if shoe else None
    rid = f"{sid}-R{round_number:03d}" if sid and round_number else None
    env = {"schema_version": 1, "event_id": event_id, "type": kind, "table_id": table, "shoe_id": sid,
           "round_id": rid, "ts": ts(at), "data": data or {}}
    return f"baccarat/tables/{table}/events", json.dumps(env).encode()


def status(table: str, state: str, **extra) -> tuple[str, bytes]:
    return f"baccarat/tables/{table}/status", json.dumps({"schema_version": 1, "status": state, "table_id": table,
                                                          "ts": ts(0), **extra}).encode()


def result(table: str, event_id: int, round_number: int, winner: str, shoe: int = 1, **flags) -> tuple[str, bytes]:
    return event(table, event_id, "round_result", {"round_number": round_number, "status": "completed",
                                                   "winner": winner, **flags}, shoe=shoe, round_number=round_number)


def paused(table: str, event_id: int, kind: str, at: float, round_number: int = 3, **incident) -> tuple[str, bytes]:
    return event(table, event_id, "round_paused",
                 {"round_number": round_number, "incident": {"type": kind, "reason": incident.pop("reason", kind),
                                                             "ts": ts(at), **incident}},
                 at=at, round_number=round_number)


def feed(model: PitModel, *messages: tuple[str, bytes], received: float = T0, retained: bool = False) -> list[bool]:
    out = []
    for topic, payload in messages:
        read = read_message(topic, payload)
        assert read is not None
        out.append(model.apply(read, received, retained=retained))
    return out


@pytest.mark.parametrize(("messages", "online", "station", "detail"), [
    ([status("T1", "online", last_event_id=4)], True, "ONLINE", ""),
    ([status("T1", "offline", reason="connection_lost")], False, "OFFLINE", "connection lost (last will)"),
    ([status("T1", "offline", reason="stopped")], False, "OFFLINE", "station stopped"),
    ([status("T1", "online"), status("T1", "offline", reason="connection_lost")], False, "OFFLINE",
     "connection lost (last will)"),
    ([status("T1", "offline", reason="connection_lost"), status("T1", "online")], True, "ONLINE", ""),
    ([("baccarat/tables/T1/status", b"")], None, "NO STATUS (cleared)", ""),
    ([event("T1", 1, "table_status", {"status": "open", "state": "ready"})], None, "NO STATUS YET", ""),
])
def test_online_and_offline_come_from_the_retained_status(messages, online, station, detail):
    model = PitModel()
    feed(model, *messages)
    row = model.row("T1", T0)
    assert (row.online, row.station, row.station_detail.split("; ")[0]) == (online, station, detail)


def test_an_offline_table_says_since_when_and_what_it_shows_is_the_last_known():
    model = PitModel(local=time.gmtime)
    feed(model, status("T1", "online", ts=ts(0)),
         event("T1", 7, "round_opened", {"round_number": 12}, round_number=12, at=50),
         event("T1", 8, "table_status", {"status": "open", "state": "betting_closed"}, at=60),
         paused("T1", 9, "card_while_betting", at=70, round_number=12))
    live = model.row("T1", T0 + 100)
    assert (live.stale, live.offline_since, live.state) == (False, None, "PAUSED: supervisor needed")
    assert live.last_heard == T0 + 70 and not live.pause.stale
    # a clean stop: the station's own status says when
    feed(model, status("T1", "offline", reason="stopped", ts=ts(300)), received=T0 + 301)
    row = model.row("T1", T0 + 425)
    assert (row.online, row.stale, row.offline_since) == (False, True, T0 + 300)
    assert row.station_detail == "station stopped; offline since 07:05:00 (2 min 05 s)"
    assert row.state == "Last known: PAUSED: supervisor needed"
    assert (row.shoe, row.round) == ("Last known: Shoe 1", "Round 12")
    assert row.pause.stale and model.pauses(T0 + 425)[0].stale
    # back online: current again
    feed(model, status("T1", "online", ts=ts(500)))
    row = model.row("T1", T0 + 501)
    assert not row.stale and row.state == "PAUSED: supervisor needed" and not row.pause.stale


def test_a_last_will_is_offline_since_it_arrived_or_when_retained_since_a_time_not_known():
    seen_live, retained = PitModel(local=time.gmtime), PitModel(local=time.gmtime)
    will = status("T1", "offline", reason="connection_lost", ts=ts(0))    # its ts: when the station connected
    for model in (seen_live, retained):
        feed(model, status("T1", "online", ts=ts(0)), event("T1", 3, "table_status",
                                                            {"status": "open", "state": "dealing"}, at=40))
    feed(seen_live, will, received=T0 + 200)
    feed(retained, will, received=T0 + 200, retained=True)
    row = seen_live.row("T1", T0 + 260)
    assert row.offline_since == T0 + 200 and row.state == "Last known: Dealing"
    assert row.station_detail == "connection lost (last will); offline since 07:03:20 (1 min 00 s)"
    row = retained.row("T1", T0 + 260)
    assert (row.offline_since, row.last_heard) == (None, T0 + 40) and row.stale
    assert row.station_detail == ("connection lost (last will); offline since: not known; last heard from at "
                                  "07:00:40 (3 min 40 s ago)")
    # a day later the date is said too
    assert "last heard from at 2026-12-01 07:00:40" in retained.row("T1", T0 + 86_400 + 5).station_detail


def test_named_tables_are_shown_before_anything_arrives_and_others_are_ignored():
    model = PitModel(["T2", "T1"])
    assert [r.table_id for r in model.rows(T0)] == ["T1", "T2"]
    assert [r.station for r in model.rows(T0)] == ["NO STATUS YET", "NO STATUS YET"]
    assert feed(model, status("T9", "online"), event("T9", 1, "shoe_started")) == [False, False]
    assert model.table_ids() == ["T1", "T2"] and not model.has_status("T1")
    feed(model, status("T1", "online"))
    assert model.has_status("T1") and not model.has_status("T2")


@pytest.mark.parametrize(("events", "state", "shoe", "round_text"), [
    ([], "No events yet", "No shoe yet", "No round yet"),
    ([event("T1", 1, "shoe_started", {"shoe_number": 3, "decks": 8}, shoe=3),
      event("T1", 2, "table_status", {"status": "shuffling", "state": "shuffle"}, shoe=3)],
     "Shuffling", "Shoe 3", "No round yet"),
    ([event("T1", 1, "round_opened", {"round_number": 12}, shoe=2, round_number=12),
      event("T1", 2, "table_status", {"status": "open", "state": "betting_open"}, shoe=2)],
     "Betting open", "Shoe 2", "Round 12"),
    ([event("T1", 1, "shoe_ended", {"shoe_number": 2, "reason": "cut_card"}, shoe=2),
      event("T1", 2, "table_status", {"status": "shoe_change", "state": "shoe_end"}, shoe=None)],
     "Shoe finished: shoe change", "Shoe 2 (ended)", "No round yet"),
    ([result("T1", 1, 8, "banker"), event("T1", 2, "table_status", {"status": "open", "state": "ready"})],
     "Ready for the next round", "Shoe 1", "Round 8 complete"),
    ([event("T1", 4, "card_dealt", {"round_number": 2, "position": "player1", "card": "AS"}, round_number=2)],
     "Dealing", "Shoe 1", "Round 2"),  # a card dealt says the state, without a table_status
    ([event("T1", 4, "shoe_started", {"shoe_number": 1, "decks": 8})], "State not known yet", "Shoe 1", "No round yet"),
    ([event("T1", 1, "table_status", {"status": "closed", "state": "no_shoe"}, shoe=None)],
     "Closed: no shoe", "No shoe yet", "No round yet"),
    # out of order: the older state arrives last and does not turn the picture back
    ([event("T1", 5, "table_status", {"status": "open", "state": "dealing"}),
      event("T1", 3, "table_status", {"status": "open", "state": "betting_open"}),
      event("T1", 4, "betting_closed", {"round_number": 7}, round_number=7),
      event("T1", 2, "round_opened", {"round_number": 6}, round_number=6)],
     "Dealing", "Shoe 1", "Round 7"),
])
def test_state_shoe_and_round_in_plain_words(events, state, shoe, round_text):
    model = PitModel()
    feed(model, status("T1", "online"), *events)
    row = model.row("T1", T0)
    assert (row.state, row.shoe, row.round) == (state, shoe, round_text)


def test_results_make_the_current_shoes_bead_plate_in_round_order_whatever_the_arrival_order():
    model = PitModel()
    feed(model, result("T1", 10, 2, "player", player_pair=True), result("T1", 8, 1, "banker"),
         result("T1", 12, 3, "tie"), result("T1", 8, 1, "banker"))        # the last one a duplicate
    beads = model.row("T1", T0).beads
    assert [b.winner for b in beads] == ["B", "P", "T"]
    assert beads[1].player_pair and not beads[0].player_pair
    assert model.duplicates("T1") == 1
    # a new shoe starts an empty bead plate; a late result of the old shoe stays in the old shoe
    feed(model, event("T1", 20, "shoe_started", {"shoe_number": 2}, shoe=2), result("T1", 14, 4, "banker"))
    assert model.row("T1", T0).beads == () and model.row("T1", T0).shoe == "Shoe 2"
    feed(model, result("T1", 25, 1, "P", shoe=2))
    assert [b.winner for b in model.row("T1", T0).beads] == ["P"]


def test_an_unreadable_winner_is_counted_never_a_crash():
    model = PitModel()
    assert feed(model, result("T1", 1, 1, "dragon")) == [True]
    assert model.row("T1", T0).beads == () and model.bad_messages == 1


def test_pauses_are_listed_oldest_first_with_their_incident_in_plain_words():
    model = PitModel()
    feed(model,
         paused("T2", 7, "card_while_betting", at=30),
         paused("T1", 4, "misread_limit", at=10, position="banker2", reason="no_read", state_before="dealing"),
         paused("T3", 9, "shoe_disconnected", at=20, reason="connection_lost"))
    pauses = model.pauses(T0 + 100)
    assert [p.table_id for p in pauses] == ["T1", "T3", "T2"]              # the longest waiting on top
    assert [p.waited for p in pauses] == [90, 80, 70]
    first = pauses[0]
    assert first.incident == "Card could not be read (misread limit)" and first.incident_type == "misread_limit"
    assert first.detail == "at Banker card 2; while: Dealing; reason: No read" and first.round_number == 3
    assert pauses[1].detail == "reason: Connection lost"
    assert pauses[2].detail == ""         # a reason that only repeats the incident type is left out
    assert model.row("T1", T0 + 100).state == "PAUSED: supervisor needed"
    assert model.row("T1", T0 + 100).pause == first


@pytest.mark.parametrize(("closer", "closes"), [
    (event("T1", 6, "round_resumed", {"act": "resume", "incident_type": "misread_limit"}), True),
    (event("T1", 6, "table_status", {"status": "open", "state": "dealing"}), True),
    (event("T1", 6, "table_status", {"status": "paused", "state": "paused"}), False),   # the pause's own status
    (event("T1", 6, "shoe_started", {"shoe_number": 2}, shoe=2), True),
    (event("T1", 6, "round_opened", {"round_number": 4}, round_number=4), True),
    (event("T1", 6, "card_dealt", {"round_number": 3, "position": "player1", "card": "AS"}), False),
    # an old event arriving late (a replay for another consumer) never closes a newer pause
    (event("T1", 3, "round_resumed", {"act": "resume"}), False),
    (event("T1", 3, "table_status", {"status": "open", "state": "dealing"}), False),
])
def test_what_closes_a_pause(closer, closes):
    model = PitModel()
    feed(model, paused("T1", 5, "misread_limit", at=0), closer)
    assert (model.pauses(T0 + 5) == []) is closes
    assert (model.row("T1", T0 + 5).pause is None) is closes


def open_pause(event_id: int, kind: str, at: float, round_number: int = 3) -> dict:
    """The status's ``open_pause``: the round_paused event still open as of its ``last_event_id``."""
    return {"event_id": event_id, "ts": ts(at), "shoe_id": "T1-S0001", "round_id": f"T1-S0001-R{round_number:03d}",
            "round_number": round_number, "incident": {"type": kind, "reason": kind, "ts": ts(at)}}


def test_a_pause_open_when_the_pit_starts_comes_from_the_retained_status():
    model = PitModel()
    feed(model, status("T1", "online", last_event_id=9, open_pause=open_pause(9, "foreign_card", at=20)),
         retained=True)
    row = model.row("T1", T0 + 80)
    assert row.pause is not None and row.pause.incident == "Card from another deck" and row.pause.waited == 60
    assert (row.state, row.shoe, row.round) == ("PAUSED: supervisor needed", "Shoe 1", "Round 3")
    assert [p.table_id for p in model.pauses(T0 + 80)] == ["T1"]
    # the event itself arriving later (a replay for another consumer) is the same pause, once
    assert feed(model, paused("T1", 9, "foreign_card", at=20)) == [False]
    # the resume closes it like any pause; a later status with no pause open closes it too
    feed(model, event("T1", 10, "round_resumed", {"act": "resume"}))
    assert model.row("T1", T0 + 80).pause is None
    other = PitModel()
    feed(other, status("T1", "online", last_event_id=9, open_pause=open_pause(9, "foreign_card", at=20)),
         status("T1", "online", last_event_id=11, open_pause=None))
    assert other.row("T1", T0 + 80).pause is None


@pytest.mark.parametrize(("later", "open_after"), [
    # a status that lags the events (published up to 5 s after them) never closes a newer pause
    (status("T1", "online", last_event_id=4, open_pause=None), True),
    (status("T1", "online", last_event_id=6, open_pause=None), False),
    # an old will (its last_event_id as of the connection) carries an older pause: the newer one stays
    (status("T1", "offline", reason="connection_lost", last_event_id=3, open_pause=open_pause(2, "misread_limit", 0)),
     True),
    # a status from before the station read its outbox says nothing of pauses
    (status("T1", "online", open_pause=None), True),
    (status("T1", "online", last_event_id=9, open_pause={"event_id": 12, "incident": {}}), True),  # past its id
    (status("T1", "online", last_event_id=9, open_pause="yes"), True),
])
def test_the_status_pause_is_ordered_against_the_events_by_event_id(later, open_after):
    model = PitModel()
    feed(model, paused("T1", 5, "misread_limit", at=0), later)
    assert (model.row("T1", T0 + 5).pause is not None) is open_after
    assert model.row("T1", T0 + 5).pause is None or model.row("T1", T0 + 5).pause.event_id == 5


def test_a_resume_that_arrives_before_its_pause_leaves_no_pause_open():
    model = PitModel()
    feed(model, event("T1", 6, "round_resumed", {"act": "resume"}), paused("T1", 5, "misread_limit", at=0))
    assert model.pauses(T0 + 5) == []


def test_a_second_pause_after_a_resume_is_open_again():
    model = PitModel()
    feed(model, paused("T1", 5, "misread_limit", at=0), event("T1", 6, "round_resumed", {"act": "resume"}),
         paused("T1", 8, "foreign_card", at=50))
    (p,) = model.pauses(T0 + 60)
    assert p.incident == "Card from another deck" and p.waited == 10 and p.event_id == 8


@pytest.mark.parametrize(("alert", "steps"), [
    (60, [(0, False), (59, False), (60, False), (60.5, True), (3600, True)]),
    (5, [(4.9, False), (5.1, True)]),
])
def test_a_pause_is_marked_overdue_after_the_wait_alert_with_a_stepped_clock(alert, steps):
    model = PitModel(wait_alert_seconds=alert)
    feed(model, paused("T1", 5, "card_after_round", at=100))
    for seconds, marked in steps:
        now = T0 + 100 + seconds
        (p,) = model.pauses(now)
        assert p.overdue is marked, (seconds, p)
        assert p.waited == pytest.approx(seconds, abs=1e-3) and model.row("T1", now).pause.overdue is marked


def test_the_wait_is_never_negative_when_the_station_clock_is_ahead_and_falls_back_to_receipt_time():
    model = PitModel(wait_alert_seconds=10)
    feed(model, paused("T1", 5, "misread_limit", at=500))                  # the station's clock 500 s ahead
    assert model.pauses(T0)[0].waited == 0 and not model.pauses(T0)[0].overdue
    topic, payload = event("T2", 3, "round_paused", {"round_number": 1, "incident": {"type": "foreign_card"}})
    body = json.loads(payload)
    body["ts"] = "not a time"
    feed(model, (topic, json.dumps(body).encode()), received=T0 + 1000)
    (p,) = [p for p in model.pauses(T0 + 1030) if p.table_id == "T2"]
    assert p.since == T0 + 1000 and p.waited == 30 and p.overdue


def test_edge_alerts_of_the_last_round_are_shown_and_go_with_the_next_round():
    model = PitModel()
    edge = {"shoe": 1, "round": 40, "bet": "banker_pair", "ev": "0.0312", "house_edge": "-0.0312", "cards_left": 52}
    feed(model, result("T1", 10, 40, "banker"), event("T1", 11, "player_edge", edge, round_number=40),
         event("T1", 12, "player_edge", {**edge, "bet": "lucky_six", "ev": "0.011"}, round_number=40))
    row = model.row("T1", T0)
    assert [(e.bet, e.ev, e.round, e.cards_left) for e in row.edges] == [("banker_pair", "0.0312", 40, 52),
                                                                         ("lucky_six", "0.011", 40, 52)]
    assert row.edges[0].text == "Banker pair: players' edge 0.0312 per unit after round 40, 52 cards left"
    assert [e.table_id for e in model.edges()] == ["T1", "T1"]
    feed(model, result("T1", 15, 41, "player"))                              # round 41: no edge any more
    assert model.row("T1", T0).edges == () and model.edges() == []


def test_a_stray_frame_alert_is_shown_in_words():
    model = PitModel()
    feed(model, event("T1", 3, "alert", {"kind": "frame_without_shoe", "reason": "card_without_shoe", "card": "KH"},
                      shoe=None))
    assert model.row("T1", T0).alert == "Card shoe read a card with no shoe open (KH)"


def test_duplicates_are_dropped_and_change_nothing():
    model = PitModel()
    msgs = [event("T1", 1, "shoe_started", {"shoe_number": 1}), result("T1", 2, 1, "B"), result("T1", 3, 2, "P")]
    assert feed(model, *msgs, *msgs) == [True, True, True, False, False, False]
    assert model.duplicates("T1") == 3 and [b.winner for b in model.row("T1", T0).beads] == ["B", "P"]
    assert model.row("T1", T0).last_event_id == 3


def test_bad_messages_are_refused_by_the_shared_reader_and_counted():
    model = PitModel()
    for payload in (b"{", b"[1]", b'{"event_id": 0}', b'{"event_id": true}', b"\xff"):
        with pytest.raises(BadMessage):
            read_message("baccarat/tables/T1/events", payload)
        model.bad("T1")
    assert model.bad_messages == 5
    assert read_message("baccarat/other/T1/events", b"{}") is None
    assert read_message("baccarat/tables/T1/replay", b"{}") is None


@pytest.mark.parametrize(("seconds", "text"), [(0, "0 s"), (42.9, "42 s"), (65, "1 min 05 s"),
                                                (3599, "59 min 59 s"), (3725, "1 h 02 min"), (-5, "0 s")])
def test_waited_words(seconds, text):
    assert waited_words(seconds) == text


def test_every_incident_type_of_the_event_docs_has_plain_words():
    for kind in ("misread_limit", "card_while_betting", "card_after_round", "foreign_card", "cut_card_in_burn",
                 "shoe_disconnected", "journal_failure", "unexpected_error", "procedure_violation", "event_mismatch"):
        assert "_" not in incident_words(kind)
    assert incident_words("new_kind") == "New kind"


def test_the_wait_alert_must_be_positive():
    with pytest.raises(ValueError, match="more than 0"):
        PitModel(wait_alert_seconds=0)


def test_the_model_and_the_feed_import_no_qt():
    import subprocess
    import sys

    code = ("import sys, dealer_station.pit.model, dealer_station.pit.feed; "
            "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_ids_remembered_are_bounded_and_older_ones_count_as_duplicates(monkeypatch):
    import dealer_station.pit.model as pit_model

    monkeypatch.setattr(pit_model, "SEEN_MAX", 10)
    model = PitModel()
    feed(model, *[event("T1", i, "card_dealt", {"round_number": 1}) for i in range(1, 12)])
    table = model._tables["T1"]
    assert len(table.seen) <= 10 and table.floor == 5
    assert feed(model, event("T1", 3, "round_resumed", {"act": "resume"})) == [False]   # too old: dropped
    assert feed(model, event("T1", 12, "card_dealt", {"round_number": 1})) == [True]


def test_the_feed_reads_with_the_shared_reader_and_hands_on_bad_messages():
    from types import SimpleNamespace

    from dealer_station.pit.feed import Delivery, PitFeed, Unreadable
    from dealer_station.publish import parse_broker_url

    got: list = []
    feed = PitFeed(parse_broker_url("mqtt://127.0.0.1:1"), got.append, ["T1"], clock=lambda: T0 + 5)
    topic, payload = event("T1", 4, "shoe_started", {"shoe_number": 1})
    for t, p in [(topic, payload), ("baccarat/tables/T1/events", b"{oops"), ("baccarat/tables/T2/events", payload),
                 ("baccarat/tables/T1/status", b'{"status": "online"}'), ("elsewhere", b"")]:
        feed._on_message(None, None, SimpleNamespace(topic=t, payload=p))
    assert [type(g) for g in got] == [Delivery, Unreadable, Delivery]
    assert got[0].message.body["event_id"] == 4 and got[0].received == T0 + 5
    assert got[1].table_id == "T1" and "not JSON" in got[1].reason
    assert got[2].message.kind == "status" and got[2].message.body == {"status": "online"}


@pytest.mark.parametrize("envelope", [
    {"event_id": 1},
    {"event_id": 2, "type": "round_paused", "data": []},
    {"event_id": 3, "type": "round_paused", "data": {"incident": "misread", "round_number": True}},
    {"event_id": 4, "type": "round_result", "shoe_id": 7, "data": {"round_number": "1", "winner": "B"}},
    {"event_id": 5, "type": "round_result", "shoe_id": "T1-S0001", "data": {"round_number": 1}},
    {"event_id": 6, "type": "player_edge", "shoe_id": "T1-S0001", "data": {"round": None, "cards_left": "x"}},
    {"event_id": 7, "type": "table_status", "data": {"status": None, "state": 5}},
    {"event_id": 8, "type": "shoe_started", "shoe_id": "T1-Sxyz", "data": {"shoe_number": "one"}},
    {"event_id": 9, "type": "alert", "data": {"reason": None}},
    {"event_id": 10, "type": "round_paused", "ts": 12, "data": {"incident": {"ts": [], "type": None,
                                                                            "position": 3}}},
])
def test_strange_envelopes_never_crash_the_model(envelope):
    model = PitModel()
    feed(model, ("baccarat/tables/T1/events", json.dumps(envelope).encode()))
    row = model.row("T1", T0)
    model.pauses(T0)
    model.edges()
    assert row.table_id == "T1" and row.last_event_id == envelope["event_id"]


@pytest.mark.parametrize("body", [
    {"status": "online", "last_event_id": 9, "open_pause": {"event_id": 3, "incident": "x", "shoe_id": 5, "ts": []}},
    {"status": "online", "last_event_id": True, "open_pause": {"event_id": 1}},
    {"status": "offline", "reason": ["x"], "ts": 5, "last_event_id": 2, "open_pause": {"event_id": True}},
    {"status": None, "ts": "2026-13-45T00:00:00Z"},
    {"status": "offline", "reason": "connection_lost", "ts": None},
])
def test_strange_statuses_never_crash_the_model(body):
    model = PitModel()
    for retained in (True, False):
        feed(model, ("baccarat/tables/T1/status", json.dumps({"table_id": "T1", **body}).encode()), retained=retained)
        row = model.row("T1", T0)
        model.pauses(T0)
        assert row.table_id == "T1" and row.station


def test_a_misread_while_paused_keeps_the_pause_open_and_the_round():
    model = PitModel(["T1"])
    feed(model, status("T1", "online"), paused("T1", 1, "procedure_violation", 5.0, reason="dealer_call"),
         event("T1", 2, "card_misread", {"round_number": 3, "position": None, "reason": "no_read",
                                         "misreads_in_a_row": None, "paused": True, "evidence": "15"},
               at=6.0, round_number=3))
    row = model.row("T1", T0 + 10)
    assert row.round == "Round 3" and row.pause is not None and row.last_event_id == 2
    assert row.state == "PAUSED: supervisor needed"
    assert len(model.pauses(T0 + 10)) == 1 and model.bad_messages == 0


def test_a_rounds_events_move_the_state_the_status_stays_open_through():
    """A station publishes a table_status only when the status changes (open from the burn's end to the shoe's):
    the round's events say where the table is, and an older one never turns it back."""
    model = PitModel()
    feed(model, status("T1", "online"), event("T1", 1, "table_status", {"status": "open", "state": "ready"}))
    steps = [(event("T1", 2, "round_opened", {"round_number": 5}, round_number=5), "Betting open", "Round 5"),
             (event("T1", 3, "betting_closed", {"round_number": 5}, round_number=5), "Betting closed", "Round 5"),
             (event("T1", 4, "card_dealt", {"round_number": 5, "position": "player1", "card": "AS"}, round_number=5),
              "Dealing", "Round 5"),
             (result("T1", 7, 5, "banker"), "Ready for the next round", "Round 5 complete"),
             (event("T1", 3, "betting_closed", {"round_number": 5}, round_number=5), "Ready for the next round",
              "Round 5 complete"),  # a duplicate, late
             (event("T1", 6, "card_dealt", {"round_number": 5, "position": "banker1", "card": "KS"}, round_number=5),
              "Ready for the next round", "Round 5 complete")]  # an older one, not seen before, late
    for message, state, round_text in steps:
        feed(model, message)
        row = model.row("T1", T0)
        assert (row.state, row.round) == (state, round_text)


def test_the_shoes_last_round_is_said_from_its_opening():
    """The cut card came out: round_opened says last_round, and the pit says so until the next shoe."""
    model = PitModel()
    feed(model, status("T1", "online"), event("T1", 1, "round_opened", {"round_number": 33, "last_round": False},
                                              round_number=33))
    assert model.row("T1", T0).round == "Round 33"
    feed(model, event("T1", 2, "round_opened", {"round_number": 34, "last_round": True}, round_number=34))
    row = model.row("T1", T0)
    assert (row.state, row.round) == ("Betting open", "Round 34, the shoe's last")
    feed(model, result("T1", 4, 34, "banker"), event("T1", 5, "shoe_ended", {"shoe_number": 1, "reason": "cut_card"}),
         event("T1", 6, "table_status", {"status": "shoe_change", "state": "shoe_end"}))
    row = model.row("T1", T0)
    assert (row.state, row.shoe, row.round) == ("Shoe finished: shoe change", "Shoe 1 (ended)",
                                                "Round 34 complete, the shoe's last")
    feed(model, event("T1", 7, "shoe_started", {"shoe_number": 2, "decks": 8}, shoe=2),
         event("T1", 8, "table_status", {"status": "shuffling", "state": "shuffle"}, shoe=2))
    row = model.row("T1", T0)
    assert (row.state, row.shoe, row.round) == ("Shuffling", "Shoe 2", "No round yet")

"""The station answers replay requests: stored events again, in order, original ids; errors; bounds."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from dealer_station import outbox
from dealer_station.publish import Publisher, parse_broker_url
from dealer_station.publish.replay_requests import BadRequest, parse_request
from dealer_station.schemas import validate
from tests.support.mqtt import append_cards, fast, make_journal, wait_until

pytestmark = pytest.mark.broker


class Platform:
    """A raw subscriber to one table's events, status and replay errors, in arrival order."""

    def __init__(self, port: int, table_id: str = "T1") -> None:
        self.messages: list[tuple[str, bytes]] = []
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.table = table_id
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
        self.client.on_connect = lambda c, *a: c.subscribe([(f"baccarat/tables/{table_id}/{k}", 1)
                                                            for k in ("events", "status", "replay/error")])
        self.client.on_subscribe = lambda *a: self.ready.set()
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port, 30)
        self.client.loop_start()
        assert self.ready.wait(10)

    def _on_message(self, client, userdata, msg):
        with self.lock:
            self.messages.append((msg.topic, bytes(msg.payload)))

    def ask(self, body: dict | bytes) -> None:
        payload = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.client.publish(f"baccarat/tables/{self.table}/replay", payload, qos=1).wait_for_publish(5)

    def of(self, kind: str) -> list[bytes]:
        with self.lock:
            return [p for t, p in self.messages if t.endswith("/" + kind)]

    def ids(self) -> list[int]:
        return [json.loads(p)["event_id"] for p in self.of("events")]

    def errors(self) -> list[dict]:
        return [json.loads(p) for p in self.of("replay/error")]

    def wait_for(self, predicate, timeout: float = 20.0) -> bool:
        return wait_until(predicate, timeout)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def platform(broker):
    made = []

    def make(table_id="T1"):
        p = Platform(broker.port, table_id)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


@pytest.fixture
def published(broker, tmp_path):
    """A journal of 30 events already published to the broker by a running station."""
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 30)
    pub = Publisher(fast(broker.url, window=10, replay_batch=4), db, "T1").start()
    assert pub.drain(10) == 0
    yield db, conn, pub
    pub.stop()
    conn.close()


def test_a_replay_is_the_stored_events_again_in_order_with_their_ids(published, platform):
    db, conn, pub = published
    p = platform()
    p.ask({"from": 5, "to": 12, "request_id": "r1"})
    assert p.wait_for(lambda: len(p.of("events")) >= 8)
    stored = {e.event_id: e.payload.encode() for e in outbox.read_events(conn)}
    assert p.ids() == list(range(5, 13))                       # in order, original ids, batches of 4
    assert p.of("events") == [stored[i] for i in range(5, 13)]  # byte for byte what the outbox holds
    p.ask({"from": 28})                                        # no "to": up to the last stored
    assert p.wait_for(lambda: len(p.of("events")) >= 11)
    time.sleep(0.3)
    assert p.ids() == list(range(5, 13)) + [28, 29, 30] and p.errors() == []
    assert pub.replay.stats().resent == 11 and pub.replay.stats().requests == 2


def test_a_request_past_the_stored_range_is_answered_with_an_error(published, platform):
    db, conn, pub = published
    p = platform()
    p.ask({"from": 31, "to": 40, "request_id": "late"})
    assert p.wait_for(lambda: p.errors())
    err = p.errors()[0]
    assert {k: err[k] for k in ("table_id", "request_id", "from", "to", "error", "first_available",
                                "last_available")} == \
        {"table_id": "T1", "request_id": "late", "from": 31, "to": 40, "error": "not_available",
         "first_available": 1, "last_available": 30}
    assert "past the last stored event (30)" in err["message"]
    assert validate(err, "replay_error") == []
    assert p.of("events") == []
    # events 1-10 pruned at the station: the part still kept is sent, the rest is answered
    with conn:
        conn.execute("DELETE FROM outbox WHERE event_id <= 10")
    p.ask({"from": 8, "to": 13, "request_id": "early"})
    assert p.wait_for(lambda: len(p.errors()) == 2 and len(p.of("events")) >= 3)
    err = p.errors()[1]
    assert (err["error"], err["request_id"], err["first_available"], err["last_available"]) == \
        ("not_retained", "early", 11, 30)
    assert "8-10 are no longer kept" in err["message"]
    time.sleep(0.2)
    assert p.ids() == [11, 12, 13]


@pytest.mark.parametrize("payload, why", [
    (b"{not json", "not JSON"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"from": 0}', "'from'"),
    (b'{"from": "3"}', "'from'"),
    (b'{"from": true}', "'from'"),
    (b'{"from": 5, "to": 4}', "'to'"),
    (b'{"from": 5, "to": 6.5}', "'to'"),
    (b'{"from": 1, "request_id": [1]}', "request_id"),
    (b'{"from": 1, "pad": "' + b"x" * 2000 + b'"}', "longer than"),
])
def test_bad_requests_are_refused_with_the_reason(payload, why):
    with pytest.raises(BadRequest, match=why):
        parse_request(payload)


def test_good_requests_parse():
    assert validate({"from": 3, "to": None, "request_id": "r"}, "replay_request") == []
    assert validate({"from": 0}, "replay_request") != []
    assert parse_request(b'{"from": 3}') == parse_request(b'{"from": 3, "to": null}')
    r = parse_request(b'{"from": 3, "to": 3, "request_id": 17}')
    assert (r.first, r.last, r.request_id) == (3, 3, "17")


def test_a_bad_request_on_the_wire_gets_an_error_and_the_station_goes_on(published, platform):
    db, conn, pub = published
    p = platform()
    p.ask(b"\xff\xfe garbage")
    p.ask({"from": 9, "to": 2, "request_id": "backwards"})
    assert p.wait_for(lambda: len(p.errors()) == 2)
    assert [e["error"] for e in p.errors()] == ["bad_request", "bad_request"]
    assert all(validate(e, "replay_error") == [] for e in p.errors())
    assert p.errors()[1]["request_id"] == "backwards" and p.errors()[1]["from"] == 9
    more = append_cards(conn, "T1", 3, start_round=50)
    assert pub.drain(10) == 0 and p.wait_for(lambda: p.ids() == more)


def test_a_long_replay_goes_in_batches_and_live_events_are_not_starved(broker, platform, tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 3000, one_transaction=True)
    pub = Publisher(fast(broker.url, window=20, replay_batch=50), db, "T1").start()
    try:
        assert pub.drain(30) == 0
        p = platform()
        p.ask({"from": 1, "to": 3000, "request_id": "all"})
        assert p.wait_for(lambda: len(p.of("events")) >= 100)
        live = append_cards(conn, "T1", 5, start_round=900)      # while the replay is on its way
        assert p.wait_for(lambda: set(live) <= set(p.ids()) and len(p.ids()) >= 3005, 60)
    finally:
        pub.stop()
    got = p.ids()
    replayed = [i for i in got if i <= 3000]
    assert replayed == list(range(1, 3001))                        # in order, each once
    # the live events came before the replay ended: between batches, not after 3000 replayed ones
    assert got.index(live[-1]) < got.index(3000), (got.index(live[-1]), got.index(3000))


def test_a_flood_of_requests_is_bounded_and_live_events_still_flow(broker, platform, tmp_path):
    from structlog.testing import capture_logs

    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 200, one_transaction=True)
    pub = Publisher(fast(broker.url, replay_batch=100, replay_queue=3), db, "T1").start()
    try:
        assert pub.drain(20) == 0
        p = platform()
        flooder = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
        flooder.connect("127.0.0.1", broker.port, 30)
        flooder.loop_start()
        with capture_logs() as logs:
            infos = [flooder.publish("baccarat/tables/T1/replay", json.dumps({"from": 1, "request_id": f"f{k}"}),
                                     qos=1) for k in range(200)]
            for info in infos:
                info.wait_for_publish(10)
            live = append_cards(conn, "T1", 5, start_round=100)
            backlog = pub.replay.stats().queued > 0 or pub.replay._active is not None
            assert pub.drain(60) == 0
            assert p.wait_for(lambda: set(live) <= set(p.ids()), 60)
            assert p.wait_for(lambda: pub.replay.stats().queued == 0 and not pub.replay._active, 120)
        flooder.disconnect()
        flooder.loop_stop()
    finally:
        pub.stop()
    stats = pub.replay.stats()
    assert stats.requests == 200 and stats.dropped >= 150          # at most 3 waiting (+1 served) at a time
    assert stats.resent >= (200 - stats.dropped) * 200             # each served request: 1..200 (or more)
    full = [e for e in p.errors() if e["error"] == "queue_full"]
    assert full and len(full) <= stats.dropped and "ask again later" in full[0]["message"]
    assert validate(full[0], "replay_error") == []
    said = [e for e in logs if e["event"] == "replay requests refused"]
    assert said and all(e["log_level"] == "warning" for e in said)
    assert said[0]["by_reason"] == {"queue_full": 1}                 # the first at once, then a line per 10 s
    assert sum(e["refused"] for e in said) <= stats.dropped and len(said) < stats.dropped / 10
    # the live events went out between the replays' batches, not behind the whole flood: with replays still
    # waiting when they were written, replayed events (ids up to 200) arrived after the last of them
    ids = p.ids()
    last_live = max(ids.index(event_id) for event_id in live)
    if backlog:
        assert any(event_id <= 200 for event_id in ids[last_live + 1:]), "the live events waited for the flood"


def test_the_status_carries_the_last_acknowledged_event_id(broker, platform, tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 12)
    pub = Publisher(fast(broker.url), db, "T1").start()
    assert pub.drain(10) == 0
    pub.stop()
    p = platform()          # subscribes after the stop: the retained status says how far the table got
    assert p.wait_for(lambda: p.of("status"))
    body = json.loads(p.of("status")[-1])
    assert (body["status"], body["reason"], body["last_event_id"]) == ("offline", "stopped", 12)
    assert validate(body, "station_status") == []
    append_cards(conn, "T1", 3, start_round=20)
    pub = Publisher(fast(broker.url), db, "T1").start()
    try:
        assert pub.drain(10) == 0
        # on connection the station says 12, then the refreshed online status says where it is now
        assert p.wait_for(lambda: any(json.loads(s).get("last_event_id") == 15 for s in p.of("status")), 15)
    finally:
        pub.stop()
    assert json.loads(p.of("status")[-1])["last_event_id"] == 15


def test_replay_settings_are_bounded_and_read_from_the_broker_section():
    import argparse

    from dealer_station.cli.broker_options import broker_options
    from dealer_station.publish import BrokerConfigError, broker_config_from

    for bad in ({"replay_batch": 0}, {"replay_batch": 10001}, {"replay_queue": 0}, {"replay_queue": 1001}):
        with pytest.raises(BrokerConfigError, match=next(iter(bad))):
            parse_broker_url("mqtt://h", **bad)
    with pytest.raises(BrokerConfigError, match="replay_batch = '5' should be a int"):
        broker_config_from(None, {"host": "h", "replay_batch": "5"})
    section = {"host": "h", "replay_batch": 40, "replay_queue": 3}
    cfg = broker_config_from(None, section)
    assert (cfg.replay_batch, cfg.replay_queue) == (40, 3)
    other = broker_options(argparse.Namespace(broker="mqtt://other"))
    cfg = broker_config_from(other, section)   # --broker keeps tuning
    assert (cfg.host, cfg.replay_batch, cfg.replay_queue) == ("other", 40, 3)
    assert (parse_broker_url("mqtt://h").replay_batch, parse_broker_url("mqtt://h").replay_queue) == (500, 16)


def test_an_event_edited_after_it_was_published_is_not_replayed(broker, platform, tmp_path):
    """Asking for events again re-sends what the chain proves, never an outbox row edited since."""
    from tests.broker.test_publish_outbox_chain import edit_card, station_journal

    db = station_journal(tmp_path)
    calls = []
    pub = Publisher(fast(broker.url, window=10, replay_batch=4), db, "T1",
                    on_refused=lambda *a: calls.append(a)).start()
    try:
        assert pub.drain(10) == 0 and calls == []
        with sqlite3.connect(db) as conn:
            bad, _, _ = edit_card(conn)
        p = platform()
        p.ask({"from": 1, "to": 27, "request_id": "r1"})
        assert p.wait_for(lambda: bool(calls), timeout=20)
        time.sleep(0.5)
    finally:
        pub.stop()
    assert calls[0][0] == bad and p.ids() == list(range(1, bad))   # the batch stops before the edited event

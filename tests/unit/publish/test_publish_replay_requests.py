"""The station's replay side without a broker: a fake client records what it publishes, a fake clock tells the
time, a scratch journal is the outbox (tests/broker/test_publish_replay.py has the same against Mosquitto)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import paho.mqtt.client as mqtt
import pytest
from structlog.testing import capture_logs

from dealer_station.journal.outbox_reader import OutboxReader
from dealer_station.publish.replay_requests import RefusalLog, ReplayRequests
from tests.support.mqtt import append_cards, make_journal

TOPIC = "baccarat/tables/T1/replay"


class Clock:
    """Seconds that move only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Client:
    """What a paho client's ``publish`` needs to be for the replay side: it records, and gives message ids."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []

    def publish(self, topic: str, payload: str, qos: int = 0):
        self.sent.append((topic, payload))
        return SimpleNamespace(rc=mqtt.MQTT_ERR_SUCCESS, mid=len(self.sent))

    def events(self) -> list[int]:
        return [json.loads(p)["event_id"] for t, p in self.sent if t.endswith("/events")]

    def errors(self) -> list[dict]:
        return [json.loads(p) for t, p in self.sent if t.endswith("/replay/error")]


def ask(replay: ReplayRequests, body: dict | bytes) -> None:
    payload = body if isinstance(body, bytes) else json.dumps(body).encode()
    replay.on_message(None, None, SimpleNamespace(topic=TOPIC, payload=payload))


@pytest.fixture
def outbox(tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 1000, one_transaction=True)
    conn.close()
    with OutboxReader(db) as reader:
        yield reader


def warnings(logs: list[dict]) -> list[dict]:
    return [e for e in logs if e["log_level"] == "warning"]


# ------------------------------------------------------------------ refused requests: one line per interval
BAD = [b"\xff not json", b"[1, 2]", b'{"from": 0}', b'{"from": 9, "to": 2}', b'{"from": 1, "request_id": [1]}',
       b'{"from": 1, "pad": "' + b"x" * 2000 + b'"}']
REASONS = ["not_json", "not_an_object", "bad_from", "bad_to", "bad_request_id", "too_long"]


def test_a_flood_of_bad_requests_is_one_warning_line_per_interval_with_counts_by_reason(outbox):
    clock = Clock()
    replay = ReplayRequests("T1", max_requests=2, warn_every=10.0, clock=clock)
    client = Client()
    good = range(3, 20_000, 7)           # good requests among the bad: 3 are taken (no broker acknowledges the
    with capture_logs() as logs:         # first one's batch here), the rest find the queue full
        for k in range(20_000):          # 20,000 requests over 20 s of the fake clock
            clock.now = k / 1000
            ask(replay, {"from": 1, "to": 5, "request_id": f"q{k}"} if k in good else BAD[k % 6])
            if k % 100 == 0:
                replay.step(outbox, client)   # the publisher's loop: it says a line when one is due
        clock.now = 19.9995
        replay.step(outbox, client)           # within 10 s of the last line: nothing yet
        said_before = len(warnings(logs))
        clock.now = 20.0
        replay.step(outbox, client)
    lines = warnings(logs)
    assert [e["event"] for e in lines] == ["replay requests refused"] * 3 and said_before == 2
    assert [e["refused"] for e in lines] == [1, 10_000 - 3, 9_999]   # the first at once; 3 were taken, not refused
    assert [e["seconds"] for e in lines] == [0.0, 9.999, 9.999]
    assert all(e["table_id"] == "T1" for e in lines)
    by_reason: dict[str, int] = {}
    for e in lines:
        for reason, n in e["by_reason"].items():
            by_reason[reason] = by_reason.get(reason, 0) + n
    assert by_reason == {**{r: sum(1 for k in range(20_000) if k not in good and k % 6 == i)
                            for i, r in enumerate(REASONS)}, "queue_full": len(good) - 3}
    assert lines[-1]["last"] == "request is not a JSON object"   # the last one's message: k = 19,999
    assert client.events() == [1, 2, 3, 4, 5] and client.errors()       # served and answered all the same


def test_the_refusal_log_says_what_is_left_on_stop_and_refuses_a_bad_interval():
    clock = Clock()
    refusals = RefusalLog("T1", every=10.0, clock=clock)
    with capture_logs() as logs:
        refusals.note("not_json", "request is not JSON: x")
        clock.now = 1.0
        refusals.note("bad_from", "'from' must be an event id")
        refusals.note("bad_from", "'from' must be an event id (2)")
        refusals.say()
        assert len(logs) == 1
        refusals.say(now=True)
        refusals.say(now=True)                 # nothing counted since: no line
    assert [(e["refused"], e["by_reason"], e["last"]) for e in logs] == [
        (1, {"not_json": 1}, "request is not JSON: x"), (2, {"bad_from": 2}, "'from' must be an event id (2)")]
    for every in (0, -1, float("nan")):
        with pytest.raises(ValueError, match="above 0"):
            RefusalLog("T1", every=every)


def test_a_dropped_request_is_named_in_the_line():
    clock = Clock()
    replay = ReplayRequests("T1", max_requests=1, clock=clock)
    with capture_logs() as logs:
        ask(replay, {"from": 4, "request_id": "a"})
        ask(replay, {"from": 7, "to": 9, "request_id": "b"})
    assert [(e["by_reason"], e["last"]) for e in warnings(logs)] == [
        ({"queue_full": 1}, "request 'b' for 7-9 dropped: 1 requests are waiting")]

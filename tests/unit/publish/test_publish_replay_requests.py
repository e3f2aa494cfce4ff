"""The station's replay side without a broker: a fake client records what it publishes, a fake clock tells the
time, a scratch journal is the outbox (tests/broker/test_publish_replay.py has the same against Mosquitto)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import paho.mqtt.client as mqtt
import pytest
from structlog.testing import capture_logs

from dealer_station.journal.outbox_reader import OutboxReader
from dealer_station.publish.replay_requests import RefusalLog, ReplayRequests, asker_of, uncovered
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


# ------------------------------------------------------------------ one asker, one answer
def serve(replay: ReplayRequests, outbox: OutboxReader, client: Client, *, steps: int = 200, between=None) -> None:
    """The publisher's loop: a step, then the broker acknowledges what was sent (``between(i)`` runs in between)."""
    for i in range(steps):
        replay.step(outbox, client)
        for mid in range(1, len(client.sent) + 1):
            replay.on_publish(mid)
        if between is not None:
            between(i)


def test_an_asker_asking_again_for_what_is_being_sent_gets_it_once(outbox):
    replay, client = ReplayRequests("T1", batch=50), Client()
    ask(replay, {"from": 100, "to": 762, "request_id": "follow-7f3a-1"})     # 663 ids, 14 batches
    asked = iter(range(2, 14))

    def again(i: int) -> None:   # as a consumer whose gap made no progress for a while: its gap once more
        if (k := next(asked, None)) is not None:
            got = client.events()
            ask(replay, {"from": (got[-1] + 1) if got else 100, "to": 762, "request_id": f"follow-7f3a-{k}"})

    serve(replay, outbox, client, between=again)
    assert client.events() == list(range(100, 763))          # each id once
    stats = replay.stats()
    assert (stats.requests, stats.joined, stats.resent, stats.queued) == (13, 12, 663, 0)
    assert client.errors() == []


def test_an_overlapping_request_of_the_same_asker_is_cut_to_what_is_not_asked_yet(outbox):
    replay, client = ReplayRequests("T1", batch=50), Client()
    ask(replay, {"from": 100, "to": 400, "request_id": "p-1"})
    replay.step(outbox, client)                                               # being sent: 100..149 in flight
    ask(replay, {"from": 100, "to": 400, "request_id": "p-2"})                # a duplicate
    ask(replay, {"from": 350, "to": 500, "request_id": "p-3"})                # overlaps: 401..500 are new
    ask(replay, {"from": 50, "to": 120, "request_id": "p-4"})                 # overlaps: 50..99 are new
    ask(replay, {"from": 450, "to": 480, "request_id": "p-5"})                # inside the waiting 401..500
    assert replay.stats().queued == 2 and replay.stats().joined == 2
    serve(replay, outbox, client)
    assert client.events() == list(range(100, 401)) + list(range(401, 501)) + list(range(50, 100))
    assert replay.stats().resent == 451


def test_other_askers_and_anonymous_requests_are_each_served(outbox):
    replay, client = ReplayRequests("T1", batch=50), Client()
    ask(replay, {"from": 1, "to": 60, "request_id": "a-1"})
    replay.step(outbox, client)
    ask(replay, {"from": 1, "to": 60, "request_id": "b-1"})                   # another asker
    ask(replay, {"from": 1, "to": 60})                                        # nobody's: not coalesced
    ask(replay, {"from": 1, "to": 60})
    serve(replay, outbox, client)
    assert client.events() == list(range(1, 61)) * 4 and replay.stats().joined == 0


def test_once_the_earlier_request_is_sent_the_same_asker_is_served_again(outbox):
    replay, client = ReplayRequests("T1", batch=50), Client()
    ask(replay, {"from": 1, "to": 60, "request_id": "a-1"})
    serve(replay, outbox, client)
    ask(replay, {"from": 1, "to": 60, "request_id": "a-2"})                   # it may have missed them
    serve(replay, outbox, client)
    assert client.events() == list(range(1, 61)) * 2


def test_a_request_to_the_last_stored_event_covers_what_follows_it(outbox):
    replay, client = ReplayRequests("T1", batch=50), Client()
    ask(replay, {"from": 900, "request_id": "a-1"})                           # no "to": up to 1000
    replay.step(outbox, client)
    ask(replay, {"from": 950, "request_id": "a-2"})
    ask(replay, {"from": 990, "to": 2000, "request_id": "a-3"})
    ask(replay, {"from": 800, "to": 905, "request_id": "a-4"})                # 800..899 are new
    serve(replay, outbox, client)
    assert client.events() == list(range(900, 1001)) + list(range(800, 900))
    assert replay.stats().joined == 2 and client.errors() == []


@pytest.mark.parametrize(("request_id", "asker"), [
    ("follow-7f3a-12", "follow-7f3a"), ("platform-1-7", "platform-1"), ("c1-7", "c1"), ("c1", "c1"),
    ("17", "17"), ("-5", "-5"), ("a-", "a-"), ("a-x1", "a-x1"), ("a-\u0661", "a-\u0661"), (None, None),
])
def test_the_asker_is_the_request_id_without_its_counter(request_id, asker):
    assert asker_of(request_id) == asker


@pytest.mark.parametrize(("first", "last", "covered", "left"), [
    (1, 10, [], [(1, 10)]),
    (1, 10, [(1, 10)], []),
    (3, 5, [(1, 10)], []),
    (1, 10, [(4, 6)], [(1, 3), (7, 10)]),
    (1, 10, [(8, None)], [(1, 7)]),
    (1, None, [(4, 6)], [(1, 3), (7, None)]),
    (5, None, [(1, None)], []),
    (1, 10, [(11, 20), (0, 0)], [(1, 10)]),
    (1, 10, [(2, 3), (5, 6), (9, 12)], [(1, 1), (4, 4), (7, 8)]),
])
def test_uncovered_ranges(first, last, covered, left):
    assert uncovered(first, last, covered) == left

"""The consumer's pure core: any arrival order with duplicates ends with 1..N exactly once, in order."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.platform.tracker import (
    ANCHOR_BROKEN,
    ANCHOR_OK,
    ANCHOR_START,
    ANCHOR_UNANCHORED,
    Anchor,
    Ask,
    BadMessage,
    TableTracker,
    Tracker,
    anchor_of,
    check_anchor,
    parse_event,
    parse_topic,
)


def h(seq: int, salt: str = "") -> str:
    return hashlib.sha256(f"row{seq}{salt}".encode()).hexdigest()


def env(event_id: int, table: str = "T1", seq: int | None = None, digest: str | None = None) -> dict:
    """An envelope; with ``seq`` it carries an anchor (two events per decision, as a station makes them)."""
    e = {"schema_version": 1, "event_id": event_id, "type": "card_dealt", "table_id": table, "shoe_id": None,
         "round_id": None, "ts": "2026-12-01T00:00:00.000000Z", "data": {}}
    if seq is not None:
        e["journal_seq"] = seq
        e["journal_hash"] = digest or h(seq)
    return e


def feed(tracker: Tracker, envelopes, table="T1", now=0.0):
    out = []
    for e in envelopes:
        out += tracker.offer(table, e, json.dumps(e), now)
    return out


# ------------------------------------------------------------------ table tests
@pytest.mark.parametrize("arrivals, written, gaps, dups", [
    ([1, 2, 3], [1, 2, 3], [], 0),
    ([1, 1, 2, 2, 1, 3], [1, 2, 3], [], 3),
    ([2, 3], [], [(1, 1)], 0),
    ([1, 4, 6], [1], [(2, 3), (5, 5)], 0),
    ([1, 4, 6, 2, 3], [1, 2, 3, 4], [(5, 5)], 0),
    ([3, 2, 1], [1, 2, 3], [], 0),
    ([5, 5, 4, 4, 3, 2, 1, 5], [1, 2, 3, 4, 5], [], 3),
])
def test_arrival_orders(arrivals, written, gaps, dups):
    t = Tracker()
    out = feed(t, [env(i) for i in arrivals])
    assert [a.event_id for a in out] == written
    assert t.table("T1").gaps() == gaps
    assert t.table("T1").duplicates == dups


def test_the_status_shows_a_gap_at_the_end_and_going_on_from_the_ledger():
    t = Tracker({"T1": (10, None)})
    assert feed(t, [env(3), env(10)]) == []             # already in the ledger: duplicates
    t.status("T1", {"status": "online", "last_event_id": 14})
    assert t.gaps() == {"T1": [(11, 14)]}
    t.status("T1", {"status": "online", "last_event_id": 12})   # an older status never shrinks what exists
    assert t.gaps() == {"T1": [(11, 14)]}
    t.status("T1", {"status": "online", "last_event_id": "junk"})
    assert [a.event_id for a in feed(t, [env(i) for i in (14, 12, 13, 11)])] == [11, 12, 13, 14]
    assert t.gaps() == {}


def test_ids_are_per_table():
    t = Tracker()
    feed(t, [env(1, "A"), env(2, "A")], "A")
    out = feed(t, [env(1, "B")], "B")
    assert [(a.table_id, a.event_id) for a in out] == [("B", 1)]
    assert t.tables["A"].last_id == 2 and t.tables["B"].last_id == 1


# ------------------------------------------------------------------ properties
@st.composite
def shuffled_with_duplicates(draw, max_n=60):
    n = draw(st.integers(1, max_n))
    extra = draw(st.lists(st.integers(1, n), max_size=2 * n))
    order = draw(st.permutations(list(range(1, n + 1)) + extra))
    return n, order


@settings(max_examples=300, deadline=None)
@given(shuffled_with_duplicates(), st.data())
def test_any_permutation_with_duplicates_ends_with_1_to_n_exactly_once(case, data):
    n, order = case
    t = Tracker()
    written = []
    status_at = data.draw(st.integers(0, len(order)))
    for k, event_id in enumerate(order):
        if k == status_at:
            t.status("T1", {"status": "online", "last_event_id": data.draw(st.integers(0, n))})
        written += [a.event_id for a in t.offer("T1", env(event_id), "{}")]
        # at every moment: what is written is a prefix 1..k, and the gaps are exactly what is missing
        table = t.table("T1")
        assert written == list(range(1, len(written) + 1))
        seen = set(order[:k + 1])
        top = max(max(seen), table.known_last)
        missing = [i for i in range(1, top + 1) if i not in seen]
        assert [i for a, b in table.gaps() for i in range(a, b + 1)] == missing
    assert written == list(range(1, n + 1))
    assert t.gaps() == {} and t.table("T1").held == {}
    assert t.table("T1").duplicates == len(order) - n


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 40), st.integers(1, 5), st.randoms(use_true_random=False))
def test_held_events_are_bounded_and_asked_for_again(n, max_held, rnd):
    # a lossy link: each round delivers a random subset in random order; the tracker asks for its gaps
    t = Tracker(max_held=max_held)
    t.status("T1", {"status": "online", "last_event_id": n})
    written, now = [], 0.0
    for _ in range(200):
        asks = t.due_asks(now)
        wanted = sorted({i for a in asks for i in range(a.first, a.last + 1)})
        batch = [i for i in wanted if rnd.random() < 0.5]
        rnd.shuffle(batch)
        for event_id in batch:
            written += [a.event_id for a in t.offer("T1", env(event_id), "{}", now)]
            assert len(t.table("T1").held) <= max_held
        now += 5.0
        if not t.gaps():
            break
    assert written == list(range(1, n + 1))


# ------------------------------------------------------------------ asking for replays
def test_asks_are_made_at_once_then_again_only_when_stuck():
    t = Tracker(retry=2.0, max_asks=2)
    feed(t, [env(1), env(3), env(5), env(7)], now=0.0)
    assert t.due_asks(0.0) == [Ask("T1", 2, 2), Ask("T1", 4, 4)]      # the lowest gaps first, 2 at most
    assert t.due_asks(1.0) == []                                      # not before the retry
    assert t.due_asks(2.5) == [Ask("T1", 2, 2), Ask("T1", 4, 4)]      # no progress: asked again
    feed(t, [env(2)], now=3.0)                                        # progress ...
    assert t.due_asks(4.6) == []                                      # ... so not yet
    assert t.due_asks(5.1) == [Ask("T1", 4, 4), Ask("T1", 6, 6)]
    t.status("T1", {"status": "online"})                              # the station is back: ask at once
    assert t.due_asks(5.2) == [Ask("T1", 4, 4), Ask("T1", 6, 6)]
    feed(t, [env(4), env(6)], now=6.0)
    assert t.due_asks(100.0) == [] and t.gaps() == {}


def test_a_new_gap_after_a_quiet_time_is_asked_at_once_and_reconnects_nudge():
    t = Tracker(retry=10.0)
    feed(t, [env(1), env(2)])
    assert t.due_asks(0.0) == []
    feed(t, [env(4)], now=1.0)
    assert t.due_asks(1.0) == [Ask("T1", 3, 3)]
    t.nudge_all()
    assert t.due_asks(1.1) == [Ask("T1", 3, 3)]
    assert json.loads(Ask("T1", 3, 9).payload("r-1")) == {"from": 3, "to": 9, "request_id": "r-1"}


def test_ids_the_station_no_longer_keeps_are_given_up_and_the_rest_written():
    t = TableTracker("T1")
    for i in (12, 13, 15):
        t.offer(env(i), "{}")
    lost, ready = t.skip_to(11)
    assert lost == (1, 10) and ready == []
    assert t.gaps() == [(11, 11), (14, 14)]
    lost, ready = t.skip_to(12)
    assert lost == (11, 11) and [a.event_id for a in ready] == [12, 13] and ready[0].check == ANCHOR_UNANCHORED
    assert t.skip_to(5) == (None, [])
    t.lower_known_last(15)
    t.note_last(40)
    t.lower_known_last(20)
    assert t.gaps() == [(14, 14), (16, 20)]


# ------------------------------------------------------------------ anchors
@pytest.mark.parametrize("previous, current, check", [
    (None, None, ANCHOR_UNANCHORED),
    (Anchor(3, h(3)), None, ANCHOR_UNANCHORED),
    (None, Anchor(3, h(3)), ANCHOR_START),
    (Anchor(3, h(3)), Anchor(3, h(3)), ANCHOR_OK),           # two events of one decision
    (Anchor(3, h(3)), Anchor(4, h(4)), ANCHOR_OK),
    (Anchor(3, h(3)), Anchor(9, h(9)), ANCHOR_OK),           # decisions without events in between
    (Anchor(3, h(3)), Anchor(2, h(2)), ANCHOR_BROKEN),       # goes back
    (Anchor(3, h(3)), Anchor(3, h(3, "x")), ANCHOR_BROKEN),  # one decision, two hashes
    (Anchor(3, h(3)), "malformed", ANCHOR_BROKEN),
])
def test_anchor_checks(previous, current, check):
    assert check_anchor(previous, current)[0] == check


@pytest.mark.parametrize("fields, expected", [
    ({}, None),
    ({"journal_seq": 4, "journal_hash": h(4)}, Anchor(4, h(4))),
    ({"journal_seq": "4", "journal_hash": h(4)}, str),
    ({"journal_seq": True, "journal_hash": h(4)}, str),
    ({"journal_seq": 4}, str),
    ({"journal_seq": 4, "journal_hash": h(4).upper()}, str),
    ({"journal_seq": 4, "journal_hash": h(4)[:63]}, str),
    ({"journal_seq": -1, "journal_hash": h(4)}, str),
])
def test_anchor_fields(fields, expected):
    got = anchor_of({"event_id": 1, **fields})
    assert isinstance(got, str) if expected is str else got == expected


def test_anchors_along_a_stream_are_checked_in_id_order_not_arrival_order():
    # decisions 10, 10, 11, 13, 13: arriving shuffled, checked in id order, all fine
    seqs = {1: 10, 2: 10, 3: 11, 4: 13, 5: 13}
    t = Tracker()
    out = feed(t, [env(i, seq=seqs[i]) for i in (3, 1, 5, 2, 4)])
    assert [(a.event_id, a.check) for a in out] == [(1, ANCHOR_START), (2, ANCHOR_OK), (3, ANCHOR_OK),
                                                    (4, ANCHOR_OK), (5, ANCHOR_OK)]
    # an older station's event in between: unanchored, and the next one is checked against the last anchor
    out = feed(t, [env(6), env(7, seq=12)])
    assert [(a.check, a.detail) for a in out] == [(ANCHOR_UNANCHORED, ""), (ANCHOR_BROKEN, "journal_seq 12 after 13")]
    out = feed(t, [env(8, seq=12, digest=h(12, "forged"))])
    assert out[0].check == ANCHOR_BROKEN and "two hashes" in out[0].detail
    assert t.table("T1").last_anchor == Anchor(12, h(12, "forged"))


def test_going_on_from_the_ledger_checks_against_its_last_anchor():
    t = Tracker({"T1": (2, Anchor(10, h(10)))})
    out = feed(t, [env(3, seq=9)])
    assert out[0].check == ANCHOR_BROKEN


# ------------------------------------------------------------------ reading messages
@pytest.mark.parametrize("payload", [b"{broken", b"[1]", b'{"event_id": 0}', b'{"event_id": "3"}', b"\xff",
                                     b'{"event_id": true}', b'{"type": "card_dealt"}'])
def test_unreadable_events_are_bad_messages(payload):
    with pytest.raises(BadMessage):
        parse_event(payload)


def test_topics():
    assert parse_topic("baccarat/tables/T1/events") == ("T1", "events")
    assert parse_topic("baccarat/tables/T-2/replay/error") == ("T-2", "replay/error")
    assert parse_topic("baccarat/tables/T1/replay") is None
    assert parse_topic("baccarat/tables//events") is None
    assert parse_topic("other/T1/events") is None


def test_a_long_gap_is_asked_for_in_pieces_the_next_as_soon_as_one_came():
    t = Tracker(retry=10.0, max_span=500)
    t.status("T1", {"status": "online", "last_event_id": 1200})
    assert t.due_asks(0.0) == [Ask("T1", 1, 500)]
    feed(t, [env(i) for i in range(1, 500)], now=0.5)
    assert t.due_asks(0.6) == []                       # the piece is not all here yet, and progress is made
    feed(t, [env(500)], now=0.7)
    assert t.due_asks(0.7) == [Ask("T1", 501, 1000)]   # at once, without waiting for the retry
    feed(t, [env(i) for i in range(501, 1001)], now=1.0)
    assert t.due_asks(1.0) == [Ask("T1", 1001, 1200)]
    # several short gaps share one piece's span
    t = Tracker(max_span=5, max_asks=4)
    feed(t, [env(i) for i in (1, 4, 7, 12)])
    assert t.due_asks(0.0) == [Ask("T1", 2, 3), Ask("T1", 5, 6), Ask("T1", 8, 8)]

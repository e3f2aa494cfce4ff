"""The publisher against a real Mosquitto: order, marking after PUBACK, retained status, last will, outages."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from dealer_station import outbox
from dealer_station.publish import Publisher, parse_broker_url, pending_count
from dealer_station.schemas import validate
from tests.support.mqtt import append_cards, dedup, fast, make_journal, wait_until

pytestmark = pytest.mark.broker


def test_publishes_in_order_and_marks_after_ack(broker, subscriber_factory, tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    ids = append_cards(conn, "T1", 250)
    sub = subscriber_factory(broker.port)
    pub = Publisher(fast(broker.url, window=20), db, "T1").start()
    try:
        assert pub.drain(20) == 0
        assert sub.wait_for(lambda: len(sub.ids("T1")) >= 250)
        assert sub.ids("T1") == ids           # no re-send on a healthy connection, in order
        more = append_cards(conn, "T1", 10, start_round=100)
        assert pub.drain(20) == 0
        assert sub.wait_for(lambda: len(sub.ids("T1")) >= 260)
        assert sub.ids("T1") == ids + more
    finally:
        pub.stop()
    rows = outbox.read_events(conn)
    assert all(r.published_utc for r in rows)
    assert sub.events[0]["_topic"] == "baccarat/tables/T1/events"
    stats = pub.stats()
    assert stats.published == 260 and stats.last_published_id == 260 and stats.connects == 1
    # the retained status went online, then offline on stop
    assert sub.wait_for(lambda: sub.status and sub.status[-1][1]["status"] == "offline")   # it may arrive after stop
    statuses = [(body["status"], body.get("reason")) for topic, body, _ in sub.status]
    assert statuses[-1] == ("offline", "stopped") and ("online", None) in statuses
    # a platform that subscribes later gets the last status, retained, and no old events
    late = subscriber_factory(broker.port)
    assert late.wait_for(lambda: late.status)
    topic, body, retained = late.status[0]
    assert (topic, body["status"], body["reason"], retained) == \
        ("baccarat/tables/T1/status", "offline", "stopped", True)
    assert body["station"]["client_id"] == "dealer-station-T1" and validate(body, "station_status") == []
    assert late.events == []


def test_no_broker_keeps_events_and_drain_reports_them(tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 5)
    from tests.support.mqtt import free_port

    pub = Publisher(fast(f"mqtt://127.0.0.1:{free_port()}"), db, "T1").start()
    try:
        assert pub.drain(0.5) == 5
        # it returned by its timeout: the outbox is not empty, the thread still runs and nothing was refused
        assert pub.running and pub.refused is None
        assert not pub.connected
        assert pub.stats().failed_attempts >= 1 and "connect" in pub.stats().last_error
    finally:
        pub.stop()
    assert pending_count(db) == 5
    assert [e.published_utc for e in outbox.read_events(conn)] == [None] * 5


def test_waits_for_the_journal_to_appear(broker, subscriber_factory, tmp_path):
    db = tmp_path / "later.db"
    sub = subscriber_factory(broker.port)
    pub = Publisher(fast(broker.url), db, "T9").start()
    try:
        time.sleep(0.3)
        assert not db.exists()                     # never creates the journal itself
        conn = make_journal(db)
        ids = append_cards(conn, "T9", 3)
        assert pub.drain(10) == 0
        assert sub.wait_for(lambda: sub.ids("T9") == ids)
    finally:
        pub.stop()


def test_broker_restart_mid_stream_loses_nothing(broker_factory, subscriber_factory, tmp_path):
    # The platform keeps a persistent session (clean_session False) on a broker with persistence, so
    # what the broker had acknowledged before its restart still reaches it; what the broker had not
    # acknowledged, the station sends again.
    broker = broker_factory(persistence=True)
    db = tmp_path / "journal.db"
    make_journal(db).close()
    sub = subscriber_factory(broker.port, client_id="platform-1", clean_session=False)
    pub = Publisher(fast(broker.url, window=10), db, "T1").start()
    ids: list[int] = []
    done = threading.Event()

    def shoe():   # a card every 2 ms, through the outage
        c = make_journal(db)
        for k in range(400):
            ids.extend(append_cards(c, "T1", 1, start_round=1 + k // 4))
            time.sleep(0.002)
        c.close()
        done.set()

    producer = threading.Thread(target=shoe)
    producer.start()
    try:
        assert sub.wait_for(lambda: len(sub.ids()) >= 80)
        broker.stop()
        stopped_at = len(ids)
        assert wait_until(lambda: len(ids) > stopped_at, 30)   # the shoe went on while the broker was down
        assert pending_count(db) > 0
        broker.start()
        producer.join(30)
        assert done.is_set()
        assert pub.drain(30) == 0
        assert sub.wait_for(lambda: set(sub.ids()) >= set(ids), 30), sorted(set(ids) - set(sub.ids()))[:20]
    finally:
        pub.stop()
        producer.join(5)
    assert len(ids) == 400
    got = sub.ids()
    assert dedup(got) == ids                      # every event, once after de-duplication, in order
    assert pub.stats().connects >= 2
    assert stopped_at < 400


def test_nothing_is_marked_before_the_broker_acknowledges(broker, subscriber_factory, tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 1)
    pub = Publisher(fast(broker.url, window=50), db, "T1").start()
    try:
        assert pub.drain(10) == 0 and pub.connected
        broker.proc.send_signal(signal.SIGSTOP)        # the broker hangs: it reads nothing, acknowledges nothing
        try:
            append_cards(conn, "T1", 30)
            assert wait_until(lambda: pub.stats().sent == 31, 60)   # sent into the socket ...
            time.sleep(0.3)
            assert pending_count(db) == 30              # ... but not one marked without its PUBACK
        finally:
            broker.proc.send_signal(signal.SIGCONT)
        assert pub.drain(10) == 0
    finally:
        pub.stop()


def test_a_journal_error_while_marking_is_retried(broker, subscriber_factory, tmp_path, monkeypatch):
    from dealer_station.journal.outbox_reader import OutboxError, OutboxReader

    real = OutboxReader.mark_published
    failures = []

    def flaky(reader, ids, ts):
        if len(failures) < 3:
            failures.append(list(ids))
            raise OutboxError("database is locked")
        return real(reader, ids, ts)

    monkeypatch.setattr(OutboxReader, "mark_published", flaky)
    db = tmp_path / "journal.db"
    ids = append_cards(make_journal(db), "T1", 40)
    sub = subscriber_factory(broker.port)
    pub = Publisher(fast(broker.url, window=5), db, "T1").start()
    try:
        assert pub.drain(15) == 0
        assert sub.wait_for(lambda: len(sub.ids()) >= 40)
    finally:
        pub.stop()
    assert len(failures) == 3 and "journal: database is locked" in (pub.stats().last_error or "")
    assert dedup(sub.ids()) == ids


def test_an_unexpected_error_drops_the_connection_not_the_thread(broker, subscriber_factory, tmp_path, monkeypatch):
    db = tmp_path / "journal.db"
    ids = append_cards(make_journal(db), "T1", 20)
    sub = subscriber_factory(broker.port)
    pub = Publisher(fast(broker.url, window=5), db, "T1")
    real = pub._check_table
    calls = []

    def boom(event_id, payload):
        calls.append(event_id)
        if len(calls) == 7:
            raise RuntimeError("surprise")
        return real(event_id, payload)

    monkeypatch.setattr(pub, "_check_table", boom)
    pub.start()
    try:
        assert pub.drain(15) == 0
        assert pub.running and pub.stats().connects == 2
        assert sub.wait_for(lambda: set(sub.ids()) >= set(ids))
    finally:
        pub.stop()
    assert dedup(sub.ids()) == ids


def test_backoff_is_bounded_and_publishing_starts_when_the_broker_comes(broker_factory, tmp_path):
    broker = broker_factory(start=False)
    db = tmp_path / "journal.db"
    ids = append_cards(make_journal(db), "T1", 10)
    cfg = parse_broker_url(broker.url, backoff_min=0.1, backoff_max=0.4, connect_timeout=2.0)
    from structlog.testing import capture_logs

    pub = Publisher(cfg, db, "T1")
    try:
        with capture_logs() as logs:
            pub.start()
            # no giving up: it keeps trying; no busy loop: before each new attempt it waits 0.1, 0.2, 0.4, 0.4,
            # ... seconds (x0.8-1.0 jitter), doubling up to backoff_max and no further
            assert wait_until(lambda: pub.stats().failed_attempts >= 5, 60)
        delays = [e["in_seconds"] for e in logs if e["event"] == "broker reconnect scheduled"][:5]
        assert len(delays) == 5
        for k, delay in enumerate(delays):
            bound = min(0.1 * 2 ** k, 0.4)
            assert 0.8 * bound - 0.01 <= delay <= bound + 0.01, delays
        assert pub.running and pending_count(db) == 10
        broker.start()
        assert pub.drain(10) == 0
        assert pub.stats().connects == 1
    finally:
        pub.stop()
    assert [e.event_id for e in outbox.read_events(make_journal(db)) if e.published_utc] == ids


def test_one_publisher_per_outbox(tmp_path):
    from dealer_station.publish import OutboxBusyError
    from tests.support.mqtt import free_port, run_station

    db = tmp_path / "journal.db"
    append_cards(make_journal(db), "T1", 3)
    url = f"mqtt://127.0.0.1:{free_port()}"
    first = Publisher(fast(url), db, "T1").start()
    try:
        with pytest.raises(OutboxBusyError, match="another publisher"):
            Publisher(fast(url), db, "T1").start()
        result = run_station("events", "publish", "--broker", url, "--journal", str(db), "--drain-timeout", "0")
        assert result.returncode == 2 and "another publisher" in result.stderr
    finally:
        first.stop()
    again = Publisher(fast(url), db, "T1").start()   # the lock goes with the publisher
    again.stop()


def test_a_second_publisher_waits_for_the_lock_when_the_journal_comes_later(tmp_path):
    from tests.support.mqtt import free_port

    later = tmp_path / "later"
    url = f"mqtt://127.0.0.1:{free_port()}"
    a = Publisher(fast(url), later / "journal.db", "T1").start()
    b = Publisher(fast(url), later / "journal.db", "T1").start()   # no directory yet: checked by the threads
    try:
        later.mkdir()
        append_cards(make_journal(later / "journal.db"), "T1", 1)
        assert wait_until(lambda: "outbox busy" in {a.stats().last_error, b.stats().last_error}, 60)
    finally:
        a.stop()
        b.stop()


def test_odd_rows_are_published_as_stored_never_dropped(broker, subscriber_factory, tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 1)
    with conn:   # a row written by hand, and one of another table id: both still go out, in order
        conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (2, 'card_dealt', '{broken')")
    outbox.append(conn, "betting_closed", table_id="T7", ts="2026-11-30T04:00:00Z", data={"round_number": 1})
    conn.commit()
    got = []
    sub = subscriber_factory(broker.port)
    sub.client.on_message = lambda c, u, m: got.append(m.payload) if m.topic.endswith("/events") else None
    pub = Publisher(fast(broker.url), db, "T1").start()
    try:
        assert pub.drain(10) == 0
        assert sub.wait_for(lambda: len(got) == 3)
    finally:
        pub.stop()
    assert got[1] == b"{broken" and b'"table_id":"T7"' in got[2]


def test_two_stations_with_one_client_id_back_off_instead_of_spinning(broker, tmp_path):
    """The broker drops the older connection whenever the other station connects with the same id: every
    reconnect of either waits its back-off first, and the back-off doubles up to its bound instead of staying at
    its least (each connection fails at once). What is asserted is what the publishers did, not how fast."""
    from structlog.testing import capture_logs

    pubs = []
    with capture_logs() as logs:
        for name in ("a", "b"):
            db = tmp_path / f"{name}.db"
            append_cards(make_journal(db), "T1", 3)
            pubs.append(Publisher(parse_broker_url(broker.url, client_id="same-id", backoff_min=0.05,
                                                  backoff_max=0.4), db, "T1").start())
        try:
            def waits() -> list[float]:
                return [e["in_seconds"] for e in list(logs) if e["event"] == "broker reconnect scheduled"]

            # three doublings from 0.05 s reach the bound of 0.4 s (jitter x0.8-1.0): a wait that long came
            assert wait_until(lambda: any(w >= 0.8 * 0.4 - 0.01 for w in waits()), 120), waits()
        finally:
            for p in pubs:
                p.stop()
    connects = [p.stats().connects for p in pubs]
    assert all(c >= 1 for c in connects), connects
    # every connection after a publisher's first came after a back-off wait: none reconnects straight away
    assert sum(connects) - len(pubs) <= len(waits()), (connects, waits())


def test_a_lock_file_that_cannot_be_made_is_reported_once_and_retried(tmp_path):
    from structlog.testing import capture_logs

    from tests.support.mqtt import free_port

    db = tmp_path / "journal.db"
    append_cards(make_journal(db), "T1", 1)
    blocker = tmp_path / "journal.db.publisher.lock"
    blocker.mkdir()   # the lock file cannot be opened: a folder has its name
    with capture_logs() as logs:
        pub = Publisher(fast(f"mqtt://127.0.0.1:{free_port()}"), db, "T1").start()   # never raises for it
        try:
            assert wait_until(lambda: (pub.stats().last_error or "").startswith("lock:"), 60)
            time.sleep(0.6)   # three more attempts
            assert pub.running and pending_count(db) == 1
        finally:
            pub.stop()
    said = [e for e in logs if e["event"] == "publisher cannot lock the outbox"]
    assert len(said) == 1
    blocker.rmdir()


def test_an_emptied_outbox_is_counted_when_drain_returns(broker, tmp_path, monkeypatch):
    """The outbox is marked, then the marked events counted: ``drain`` returns 0 only once they are counted, so
    the stats a caller reads right after it say every event was published (a slow count is made slower here)."""
    from dealer_station.journal.outbox_reader import OutboxReader

    mark = OutboxReader.mark_published

    def marked_then_slow(self, event_ids, ts):
        mark(self, event_ids, ts)
        time.sleep(0.2)   # the outbox already says published; the count is still to come

    monkeypatch.setattr(OutboxReader, "mark_published", marked_then_slow)
    db = tmp_path / "journal.db"
    append_cards(make_journal(db), "T1", 20)
    pub = Publisher(fast(broker.url, window=5), db, "T1").start()
    try:
        assert pub.drain(60) == 0
        stats = pub.stats()
        assert (stats.published, stats.last_published_id, pending_count(db)) == (20, 20, 0)
    finally:
        pub.stop()
